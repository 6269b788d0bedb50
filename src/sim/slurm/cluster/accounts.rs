//! Who may run jobs and what they are charged: the users (uid, home,
//! default account), the QOS table, and the association tree of the
//! fair-share model with its usage. Usage is charged in billing-seconds,
//! which with Slurm's default billing weights are CPU-seconds (what the
//! reference cluster's `sshare` RawUsage counts), and decays with
//! `PriorityDecayHalfLife` at every priority calculation.

mod edit;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::sorted::SortedMap;

use crate::sim::fair_share::{
    AccountTree, Algorithm, AssocId, AssocSpec, FairShareError, UserAssoc, decay, fair_share,
};

/// Fair-share factors by account, then user: looked up without building
/// a key.
pub type FairShares = BTreeMap<String, BTreeMap<String, f64>>;

/// A login on the cluster.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct User {
    /// The login name.
    pub name: String,
    /// Its uid (and gid: one group per user).
    pub uid: u32,
    /// Its home directory.
    pub home: String,
    /// The account jobs charge without `-A`.
    pub default_account: String,
}

/// A quality of service.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Qos {
    /// Its name.
    pub name: String,
    /// Its priority; the QOS factor is this over the largest.
    pub priority: u32,
}

/// What jobs used, by TRES, in TRES-seconds (memory in megabyte-seconds),
/// decaying as RawUsage does: `usage_tres_raw`, which `sshare` shows as
/// GrpTRESRaw in minutes. Billing is the CPUs (no `TRESBillingWeights`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct TresSeconds {
    /// `cpu` (and `billing`).
    pub cpu: f64,
    /// `mem`.
    pub mem: f64,
    /// `node`.
    pub node: f64,
    /// `gres/gpu`.
    pub gpu: f64,
}

impl TresSeconds {
    pub(crate) fn add(&mut self, other: &TresSeconds) {
        self.cpu += other.cpu;
        self.mem += other.mem;
        self.node += other.node;
        self.gpu += other.gpu;
    }

    /// The TRES string of these seconds in whole minutes, in the
    /// cluster's TRES order.
    pub fn minutes(&self) -> String {
        let m = |secs: f64| (secs / 60.0) as u64;
        format!(
            "cpu={},mem={},energy=0,node={},billing={},fs/disk=0,vmem=0,pages=0,gres/gpu={}",
            m(self.cpu),
            m(self.mem),
            m(self.node),
            m(self.cpu),
            m(self.gpu)
        )
    }
}

/// Users, QOS and the association tree with usage.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Accounts {
    /// The users.
    pub users: Vec<User>,
    /// The QOS; the first is the default.
    pub qos: Vec<Qos>,
    /// Accounts and user associations with shares and raw usage.
    pub tree: AccountTree,
    /// Each user association's usage by TRES (its CPU part is the tree's
    /// raw usage).
    #[serde(default)]
    pub tres_usage: SortedMap<AssocId, TresSeconds>,
}

impl Accounts {
    /// The reference cluster: accounts `team-a` (3 shares) and `team-b`
    /// (1), users `alice` (team-a), `bob` (team-b) and `root` (in `root`
    /// and `team-a`, charging team-a by default, as in the transcripts),
    /// QOS `normal` (priority 100) and `high` (1000): the transcripts'
    /// sprio shows QOS factors 0.1 and 1.0.
    pub fn reference() -> Result<Self, FairShareError> {
        let tree = AccountTree::from_specs(&[
            AssocSpec::user("root", "root", 1, 0.0),
            AssocSpec::account("root", "team-a", 3),
            AssocSpec::user("team-a", "root", 1, 0.0),
            AssocSpec::user("team-a", "alice", 1, 0.0),
            AssocSpec::account("root", "team-b", 1),
            AssocSpec::user("team-b", "bob", 1, 0.0),
        ])?;
        let user = |name: &str, uid: u32, home: &str, account: &str| User {
            name: name.to_owned(),
            uid,
            home: home.to_owned(),
            default_account: account.to_owned(),
        };
        Ok(Self {
            users: vec![
                user("root", 0, "/root", "team-a"),
                user("alice", 1001, "/home/alice", "team-a"),
                user("bob", 1002, "/home/bob", "team-b"),
            ],
            qos: vec![
                Qos {
                    name: "normal".to_owned(),
                    priority: 100,
                },
                Qos {
                    name: "high".to_owned(),
                    priority: 1000,
                },
            ],
            tree,
            tres_usage: SortedMap::new(),
        })
    }

    /// The user called `name`.
    pub fn user(&self, name: &str) -> Option<&User> {
        self.users.iter().find(|u| u.name == name)
    }

    /// Whether `user` may charge `account`.
    pub fn has_assoc(&self, account: &str, user: &str) -> bool {
        self.tree.find(&assoc(account, user)).is_some()
    }

    /// Whether an account exists.
    pub fn has_account(&self, account: &str) -> bool {
        self.tree
            .find(&AssocId {
                account: account.to_owned(),
                user: None,
            })
            .is_some()
    }

    /// Whether `account` is `ancestor` or below it.
    pub fn account_within(&self, account: &str, ancestor: &str) -> bool {
        let nodes = self.tree.nodes();
        let mut at = self.tree.find(&AssocId {
            account: account.to_owned(),
            user: None,
        });
        while let Some(i) = at {
            if nodes[i].id.account == ancestor {
                return true;
            }
            at = nodes[i].parent;
        }
        false
    }

    /// The QOS called `name`.
    pub fn qos(&self, name: &str) -> Option<&Qos> {
        self.qos.iter().find(|q| q.name == name)
    }

    /// The default QOS's name.
    pub fn default_qos(&self) -> &str {
        self.qos.first().map_or("normal", |q| q.name.as_str())
    }

    /// The largest QOS priority.
    pub fn max_qos_priority(&self) -> u32 {
        self.qos.iter().map(|q| q.priority).max().unwrap_or(0)
    }

    /// Adds usage (billing-seconds) to associations, by index in the tree
    /// (as [`Self::user_assoc`] gives them). Charges the tree refuses (an
    /// association without shares) are dropped.
    pub fn charge(&mut self, usage: &[TresSeconds]) {
        for (i, used) in usage.iter().enumerate() {
            if used.cpu > 0.0
                && let Some(node) = self.tree.nodes().get(i)
            {
                let now = node.own_usage;
                // A refused charge leaves the previous usage in place.
                if self.tree.set_own_usage(i, now + used.cpu).is_err() {
                    continue;
                }
                let Some(node) = self.tree.nodes().get(i) else {
                    continue;
                };
                // The key is cloned once, when the association is first charged.
                match self.tres_usage.get_mut(&node.id) {
                    Some(total) => total.add(used),
                    None => {
                        self.tres_usage.insert(node.id.clone(), *used);
                    }
                }
            }
        }
    }

    /// The usage by TRES of an association: a user's own, or an
    /// account's with everything below it.
    pub fn tres_used(&self, account: &str, user: Option<&str>) -> TresSeconds {
        let mut sum = TresSeconds::default();
        for (id, used) in self.tres_usage.iter() {
            let within = match user {
                Some(u) => id.account == account && id.user.as_deref() == Some(u),
                None => self.account_within(&id.account, account),
            };
            if within {
                sum.add(used);
            }
        }
        sum
    }

    /// The index in the tree of `user`'s association with `account`.
    pub fn user_assoc(&self, account: &str, user: &str) -> Option<usize> {
        self.tree.find(&assoc(account, user))
    }

    /// The Fair Tree factor of every association by index in the tree (0
    /// for accounts, and for all when the tree cannot be ranked).
    pub fn fair_share_by_assoc(&self) -> Vec<f64> {
        let mut out = vec![0.0; self.tree.nodes().len()];
        for (UserAssoc { account, user }, detail) in
            fair_share(&self.tree, Algorithm::FairTree).unwrap_or_default()
        {
            if let (Some(i), Some(f)) = (self.user_assoc(&account, &user), detail.factor) {
                out[i] = f;
            }
        }
        out
    }

    /// Decays every association's usage over `elapsed_s` seconds.
    pub fn decay(&mut self, elapsed_s: f64, half_life_s: f64) {
        for i in 0..self.tree.nodes().len() {
            let own = self.tree.nodes()[i].own_usage;
            if own > 0.0 {
                let _ = self
                    .tree
                    .set_own_usage(i, decay(own, elapsed_s, half_life_s));
            }
        }
        for used in self.tres_usage.values_mut() {
            for part in [&mut used.cpu, &mut used.mem, &mut used.node, &mut used.gpu] {
                *part = decay(*part, elapsed_s, half_life_s);
            }
        }
    }

    /// The Fair Tree factor of every user association, by account then
    /// user (empty when the tree cannot be ranked).
    pub fn fair_share_factors(&self) -> FairShares {
        let mut out = FairShares::new();
        for (UserAssoc { account, user }, detail) in
            fair_share(&self.tree, Algorithm::FairTree).unwrap_or_default()
        {
            if let Some(f) = detail.factor {
                out.entry(account).or_default().insert(user, f);
            }
        }
        out
    }
}

fn assoc(account: &str, user: &str) -> AssocId {
    AssocId {
        account: account.to_owned(),
        user: Some(user.to_owned()),
    }
}
