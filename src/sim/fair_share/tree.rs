//! The association tree: accounts and users with raw shares and raw usage,
//! built from a flat list like `sacctmgr show associations` and validated.

use crate::sorted::{SortedMap, SortedSet};

use serde::{Deserialize, Serialize};

use super::FairShareError;

/// The name of the top account, which Slurm always creates.
pub const ROOT: &str = "root";

/// One line of the flat list the tree is built from: an account or a user
/// association (Slurm: `sacctmgr add account NAME parent=PARENT fairshare=SHARES`
/// and `sacctmgr add user NAME account=PARENT fairshare=SHARES`).
///
/// The `root` account exists without a line. A line for account `root` with
/// an empty `parent` is allowed once: its `usage` is charged to root itself
/// (usage left behind by deleted associations, or idle time when usage is
/// given as a fraction of the machine as in the classic page's example), and
/// its `shares` are ignored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AssocSpec {
    /// The parent account (for a user: the account it charges).
    pub parent: String,
    /// The account or user name.
    pub name: String,
    /// A user association (a leaf) rather than an account.
    pub is_user: bool,
    /// Raw shares (`FairShare=` in sacctmgr).
    pub shares: u32,
    /// Raw usage charged to this association itself, e.g. decayed
    /// GPU-seconds. An account's raw usage (as `sshare` prints it) is this
    /// plus the raw usage of all its children, as Slurm charges every job to
    /// the user and to every ancestor up to root.
    pub usage: f64,
}

impl AssocSpec {
    /// An account line with no usage of its own.
    pub fn account(parent: &str, name: &str, shares: u32) -> Self {
        Self {
            parent: parent.to_owned(),
            name: name.to_owned(),
            is_user: false,
            shares,
            usage: 0.0,
        }
    }

    /// A user line: `name` charging `account`.
    pub fn user(account: &str, name: &str, shares: u32, usage: f64) -> Self {
        Self {
            parent: account.to_owned(),
            name: name.to_owned(),
            is_user: true,
            shares,
            usage,
        }
    }
}

/// Identifies an association: an account, or a user in an account (the same
/// user may appear in several accounts, like `root` on the reference cluster).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct AssocId {
    /// The account (for a user: the account it charges).
    pub account: String,
    /// The user, or `None` for the account itself.
    pub user: Option<String>,
}

impl std::fmt::Display for AssocId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.user {
            Some(user) => write!(f, "user {user} in account {}", self.account),
            None => write!(f, "account {}", self.account),
        }
    }
}

/// One node of an [`AccountTree`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Association {
    /// Which association this is.
    pub id: AssocId,
    /// Raw shares (0 for root, which has none).
    pub shares: u32,
    /// Usage charged to this node itself.
    pub own_usage: f64,
    /// Own usage plus every descendant's: Slurm's `usage_raw`.
    pub raw_usage: f64,
    /// Index of the parent node; `None` for root.
    pub parent: Option<usize>,
    /// Indices of the children, in the order they were listed.
    pub children: Vec<usize>,
}

impl Association {
    /// A user association (a leaf).
    pub fn is_user(&self) -> bool {
        self.id.user.is_some()
    }
}

/// A validated association tree. Node 0 is the `root` account.
///
/// Serialized as its flat list ([`Self::to_specs`]) and validated again when
/// deserialized, so a stored tree cannot bypass [`Self::from_specs`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "Vec<AssocSpec>", into = "Vec<AssocSpec>")]
pub struct AccountTree {
    nodes: Vec<Association>,
    /// Top-down (breadth-first) order of the node indices, root first.
    order: Vec<usize>,
}

impl AccountTree {
    /// Builds and validates a tree from a flat list, in any order.
    ///
    /// Errors, each naming the association: an empty name, a duplicate
    /// account or user-in-account ([`FairShareError::DuplicateAssociation`]),
    /// a parent that is not an account, accounts whose parents form a cycle,
    /// usage that is negative or not finite (or sums that overflow), a level
    /// whose children have zero shares in total while one has usage, an
    /// association with usage but no shares, and a tree without users.
    ///
    /// Slurm itself accepts the last three and gives such users a factor of
    /// 0; here they are refused so that a typing slip shows as an error.
    pub fn from_specs(specs: &[AssocSpec]) -> Result<Self, FairShareError> {
        let root_id = AssocId {
            account: ROOT.to_owned(),
            user: None,
        };
        let mut nodes = vec![Association {
            id: root_id,
            shares: 0,
            own_usage: 0.0,
            raw_usage: 0.0,
            parent: None,
            children: Vec::new(),
        }];
        let mut accounts: SortedMap<&str, usize> = SortedMap::new();
        accounts.insert(ROOT, 0);
        let mut users: SortedSet<(&str, &str)> = SortedSet::new();
        let mut root_line_seen = false;
        // Node index of each spec (None for the `root` line), parents resolved later.
        let mut spec_nodes: Vec<Option<usize>> = Vec::with_capacity(specs.len());

        for spec in specs {
            if spec.name.is_empty() {
                return Err(FairShareError::EmptyName {
                    parent: spec.parent.clone(),
                });
            }
            let id = if spec.is_user {
                AssocId {
                    account: spec.parent.clone(),
                    user: Some(spec.name.clone()),
                }
            } else {
                AssocId {
                    account: spec.name.clone(),
                    user: None,
                }
            };
            if !spec.usage.is_finite() || spec.usage < 0.0 {
                return Err(FairShareError::InvalidUsage {
                    assoc: id.to_string(),
                    usage: spec.usage,
                });
            }
            if !spec.is_user && spec.name == ROOT {
                if root_line_seen || !spec.parent.is_empty() {
                    return Err(FairShareError::DuplicateAssociation {
                        assoc: id.to_string(),
                    });
                }
                root_line_seen = true;
                nodes[0].own_usage = spec.usage;
                spec_nodes.push(None);
                continue;
            }
            let index = nodes.len();
            if spec.is_user {
                if !users.insert((spec.parent.as_str(), spec.name.as_str())) {
                    return Err(FairShareError::DuplicateAssociation {
                        assoc: id.to_string(),
                    });
                }
            } else if accounts.insert(spec.name.as_str(), index).is_some() {
                return Err(FairShareError::DuplicateAssociation {
                    assoc: id.to_string(),
                });
            }
            nodes.push(Association {
                id,
                shares: spec.shares,
                own_usage: spec.usage,
                raw_usage: 0.0,
                parent: None,
                children: Vec::new(),
            });
            spec_nodes.push(Some(index));
        }

        for (spec, node) in specs.iter().zip(&spec_nodes) {
            let Some(index) = *node else { continue };
            let Some(&parent) = accounts.get(spec.parent.as_str()) else {
                return Err(FairShareError::UnknownParent {
                    assoc: nodes[index].id.to_string(),
                    parent: spec.parent.clone(),
                });
            };
            nodes[index].parent = Some(parent);
            nodes[parent].children.push(index);
        }

        // Breadth-first from root; an account never reached sits on a cycle.
        let mut order = Vec::with_capacity(nodes.len());
        order.push(0);
        let mut next = 0;
        while next < order.len() {
            let at = order[next];
            order.extend(nodes[at].children.iter().copied());
            next += 1;
        }
        if order.len() != nodes.len() {
            let mut reached = vec![false; nodes.len()];
            for &i in &order {
                reached[i] = true;
            }
            if let Some(lost) = reached.iter().position(|r| !r) {
                return Err(FairShareError::Cycle {
                    assoc: nodes[lost].id.to_string(),
                });
            }
        }

        let mut tree = Self { nodes, order };
        tree.sum_usage()?;
        tree.check_shares()?;
        if tree.user_count() == 0 {
            return Err(FairShareError::EmptyTree);
        }
        Ok(tree)
    }

    /// Recomputes every `raw_usage` bottom-up from the own usages.
    fn sum_usage(&mut self) -> Result<(), FairShareError> {
        for node in &mut self.nodes {
            node.raw_usage = node.own_usage;
        }
        for &i in self.order.iter().rev() {
            let usage = self.nodes[i].raw_usage;
            if !usage.is_finite() {
                return Err(FairShareError::InvalidUsage {
                    assoc: self.nodes[i].id.to_string(),
                    usage,
                });
            }
            if let Some(parent) = self.nodes[i].parent {
                self.nodes[parent].raw_usage += usage;
            }
        }
        Ok(())
    }

    /// Refuses usage that no shares stand behind (see [`Self::from_specs`]).
    fn check_shares(&self) -> Result<(), FairShareError> {
        for &i in &self.order {
            let node = &self.nodes[i];
            let level = self.level_shares(i);
            for &child in &node.children {
                let c = &self.nodes[child];
                if c.raw_usage > 0.0 && c.shares == 0 {
                    return Err(if level == 0 {
                        FairShareError::ZeroLevelShares {
                            parent: node.id.to_string(),
                            child: c.id.to_string(),
                        }
                    } else {
                        FairShareError::UsageWithoutShares {
                            assoc: c.id.to_string(),
                        }
                    });
                }
            }
        }
        Ok(())
    }

    /// The flat list this tree can be rebuilt from: a `root` line when root
    /// has usage of its own, then every other node in index order.
    pub fn to_specs(&self) -> Vec<AssocSpec> {
        let mut specs = Vec::with_capacity(self.nodes.len());
        if let Some(root) = self.nodes.first()
            && root.own_usage > 0.0
        {
            specs.push(AssocSpec {
                parent: String::new(),
                name: ROOT.to_owned(),
                is_user: false,
                shares: 0,
                usage: root.own_usage,
            });
        }
        for node in self.nodes.iter().skip(1) {
            let parent = node
                .parent
                .and_then(|p| self.nodes.get(p))
                .map_or_else(String::new, |p| p.id.account.clone());
            specs.push(AssocSpec {
                name: node
                    .id
                    .user
                    .clone()
                    .unwrap_or_else(|| node.id.account.clone()),
                parent,
                is_user: node.is_user(),
                shares: node.shares,
                usage: node.own_usage,
            });
        }
        specs
    }

    /// All nodes; index 0 is root.
    pub fn nodes(&self) -> &[Association] {
        &self.nodes
    }

    /// Node indices top-down (breadth-first), root first: every parent
    /// comes before its children.
    pub fn top_down(&self) -> &[usize] {
        &self.order
    }

    /// Number of user associations (Fair Tree's `g_user_assoc_count`).
    pub fn user_count(&self) -> usize {
        self.nodes.iter().filter(|n| n.is_user()).count()
    }

    /// Sum of the raw shares of a node's children (Slurm's `level_shares`
    /// of each child).
    pub fn level_shares(&self, index: usize) -> u64 {
        self.nodes
            .get(index)
            .map(|n| {
                n.children
                    .iter()
                    .map(|&c| u64::from(self.nodes[c].shares))
                    .sum()
            })
            .unwrap_or(0)
    }

    /// The index of an association, if it exists.
    pub fn find(&self, id: &AssocId) -> Option<usize> {
        self.nodes.iter().position(|n| &n.id == id)
    }

    /// Replaces the usage charged to one node itself and re-sums the tree,
    /// re-checking it as [`Self::from_specs`] does. On error the tree keeps
    /// its previous usage.
    pub fn set_own_usage(&mut self, index: usize, usage: f64) -> Result<(), FairShareError> {
        let Some(node) = self.nodes.get(index) else {
            return Err(FairShareError::InvalidUsage {
                assoc: format!("node #{index}"),
                usage,
            });
        };
        if !usage.is_finite() || usage < 0.0 {
            return Err(FairShareError::InvalidUsage {
                assoc: node.id.to_string(),
                usage,
            });
        }
        let previous = node.own_usage;
        self.nodes[index].own_usage = usage;
        let checked = self.sum_usage().and_then(|()| self.check_shares());
        if checked.is_err() {
            self.nodes[index].own_usage = previous;
            // The previous usage passed these checks before.
            self.sum_usage()?;
        }
        checked
    }
}

impl TryFrom<Vec<AssocSpec>> for AccountTree {
    type Error = FairShareError;

    fn try_from(specs: Vec<AssocSpec>) -> Result<Self, Self::Error> {
        Self::from_specs(&specs)
    }
}

impl From<AccountTree> for Vec<AssocSpec> {
    fn from(tree: AccountTree) -> Self {
        tree.to_specs()
    }
}
