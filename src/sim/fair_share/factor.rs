//! The fair-share factor of every association, by either algorithm, and the
//! rows `sshare` prints.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::tree::{AccountTree, ROOT};
use super::{FairShareError, classic, fair_tree};

/// `FairShareDampeningFactor`'s default (slurm.conf(5)).
pub const DEFAULT_DAMPENING_FACTOR: u32 = 1;

/// Which fair-share algorithm `priority/multifactor` uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Algorithm {
    /// `PriorityFlags=NO_FAIR_TREE`: F = 2^(-U_E / S / d)
    /// (<https://slurm.schedmd.com/classic_fair_share.html>).
    Classic,
    /// The default since Slurm 19.05: users ranked by a depth-first walk of
    /// the tree sorted by level fair-share LF = S / U
    /// (<https://slurm.schedmd.com/fair_tree.html>).
    #[default]
    FairTree,
}

/// A user association: the key of [`fair_share`]'s map.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct UserAssoc {
    /// The account the user charges.
    pub account: String,
    /// The user name.
    pub user: String,
}

impl UserAssoc {
    /// A user in an account.
    pub fn new(account: &str, user: &str) -> Self {
        Self {
            account: account.to_owned(),
            user: user.to_owned(),
        }
    }
}

/// One association's numbers, as `sshare -l` names them.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct FactorDetail {
    /// `NormShares`. Classic: the product of shares/siblings' shares up the
    /// tree, S = (S_user / S_siblings) * (S_account / S_sibling-accounts) * ...
    /// Fair Tree: shares / siblings' shares at this level only (what
    /// `sshare` prints under Fair Tree, e.g. 0.5 for one of two equal users).
    pub norm_shares: f64,
    /// `NormUsage`: raw usage / root's raw usage (capped at 1). Fair Tree
    /// computes but does not use it.
    pub norm_usage: f64,
    /// `EffectvUsage`. Classic: U_E = U_child + (U_E_parent - U_child) *
    /// S_child / S_all_siblings, with U_E = U for the accounts just under
    /// root. Fair Tree: raw usage / the parent's raw usage (0 when the
    /// parent has none).
    pub effective_usage: f64,
    /// `LevelFS` (Fair Tree only): S / U at this level, infinite when the
    /// association has shares but no usage, 0 when it has no shares.
    pub level_fs: Option<f64>,
    /// `FairShare`: the factor in [0, 1] that multiplies
    /// `PriorityWeightFairshare`. Classic: 2^(-U_E / S / d), 0 when S = 0.
    /// Fair Tree: rank / number of user associations (users only).
    pub factor: Option<f64>,
}

/// One line of `sshare -a -l`, in the order `sshare` prints them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShareRow {
    /// Depth below root (root is 0); `sshare` indents the account by it.
    pub depth: usize,
    /// `Account`.
    pub account: String,
    /// `User`, empty for an account line.
    pub user: Option<String>,
    /// `RawShares`, `None` for root (printed blank).
    pub raw_shares: Option<u32>,
    /// `RawUsage`. `sshare` prints it truncated to an integer
    /// (`(uint64_t)usage_raw`), while the ratios use the full value.
    pub raw_usage: f64,
    /// The association's numbers. For root `sshare` prints NormShares
    /// 0.000000 and EffectvUsage 1.000000, which this row holds.
    pub detail: FactorDetail,
}

/// Per-node results of one algorithm, indexed like [`AccountTree::nodes`].
pub(super) type NodeDetails = Vec<FactorDetail>;

/// The starting rows both algorithms fill in top-down: every node as the
/// root (`root_norm_shares`, effective usage 1, normalized usage 1 when the
/// cluster has any), and the cluster's total usage.
pub(super) fn initial_details(tree: &AccountTree, root_norm_shares: f64) -> (NodeDetails, f64) {
    let root_usage = tree.nodes().first().map_or(0.0, |n| n.raw_usage);
    let root = FactorDetail {
        norm_shares: root_norm_shares,
        norm_usage: if root_usage > 0.0 { 1.0 } else { 0.0 },
        effective_usage: 1.0,
        level_fs: None,
        factor: None,
    };
    (vec![root; tree.nodes().len()], root_usage)
}

/// Node `i`'s parent and its shares among its siblings,
/// `S_self / S_self+siblings` (0 when the siblings share nothing); `None`
/// for the root.
pub(super) fn sibling_share(tree: &AccountTree, i: usize) -> Option<(usize, f64)> {
    let parent = tree.nodes()[i].parent?;
    let level = tree.level_shares(parent);
    let share = if level == 0 {
        0.0
    } else {
        f64::from(tree.nodes()[i].shares) / level as f64
    };
    Some((parent, share))
}

/// Usage as a fraction of the whole cluster's (0 when nothing was used).
pub(super) fn cluster_fraction(raw_usage: f64, root_usage: f64) -> f64 {
    if root_usage > 0.0 {
        (raw_usage / root_usage).min(1.0)
    } else {
        0.0
    }
}

/// Every association's numbers, indexed like the tree's nodes.
pub(super) fn node_details(
    tree: &AccountTree,
    algorithm: Algorithm,
    dampening_factor: u32,
) -> Result<NodeDetails, FairShareError> {
    if dampening_factor == 0 {
        return Err(FairShareError::InvalidDampening {
            value: dampening_factor,
        });
    }
    Ok(match algorithm {
        Algorithm::Classic => classic::compute(tree, dampening_factor),
        Algorithm::FairTree => fair_tree::compute(tree),
    })
}

/// The fair-share factor of every user association, with
/// `FairShareDampeningFactor=1`. See [`fair_share_with`].
pub fn fair_share(
    tree: &AccountTree,
    algorithm: Algorithm,
) -> Result<BTreeMap<UserAssoc, FactorDetail>, FairShareError> {
    fair_share_with(tree, algorithm, DEFAULT_DAMPENING_FACTOR)
}

/// The fair-share factor of every user association.
///
/// Classic (<https://slurm.schedmd.com/classic_fair_share.html>):
/// F = 2^(-U_E / S / d) with the effective usage U_E and normalized shares S
/// of [`FactorDetail`] and d = `FairShareDampeningFactor` (the
/// dampening applies to classic only, as in Slurm).
///
/// Fair Tree (<https://slurm.schedmd.com/fair_tree.html>): siblings sorted
/// by LF = S / U, descending, walked depth first; the k-th user found gets
/// (N - k + 1) / N for N user associations, so the first gets 1.0. Ties
/// follow the page's three rules (see the `fair_tree` module).
///
/// Errors: `dampening_factor` 0.
pub fn fair_share_with(
    tree: &AccountTree,
    algorithm: Algorithm,
    dampening_factor: u32,
) -> Result<BTreeMap<UserAssoc, FactorDetail>, FairShareError> {
    let details = node_details(tree, algorithm, dampening_factor)?;
    // Inserted one by one: collecting would bring a sort of its own into
    // the wasm.
    let mut out = BTreeMap::new();
    for (node, detail) in tree.nodes().iter().zip(details) {
        if let Some(user) = node.id.user.as_deref() {
            out.insert(UserAssoc::new(&node.id.account, user), detail);
        }
    }
    Ok(out)
}

/// The rows of `sshare -a -l`: root, then depth first; under each account its
/// users first, then its sub-accounts, each group sorted by name (Slurm's
/// hierarchical sort in `slurmdb_sort_hierarchical_assoc_list`).
///
/// Under Fair Tree only users have a `FairShare` (accounts print blank, as
/// in the reference transcript); under classic every association has one.
pub fn share_rows(
    tree: &AccountTree,
    algorithm: Algorithm,
    dampening_factor: u32,
) -> Result<Vec<ShareRow>, FairShareError> {
    let details = node_details(tree, algorithm, dampening_factor)?;
    let nodes = tree.nodes();
    let mut rows = Vec::with_capacity(nodes.len());
    // Depth-first with an explicit stack, so deep trees cannot overflow it.
    let mut stack = vec![(0usize, 0usize)];
    while let Some((index, depth)) = stack.pop() {
        let node = &nodes[index];
        let mut detail = details[index];
        if index == 0 {
            detail.norm_shares = 0.0;
            detail.effective_usage = 1.0;
            detail.level_fs = None;
            detail.factor = None;
        }
        rows.push(ShareRow {
            depth,
            account: node.id.account.clone(),
            user: node.id.user.clone(),
            raw_shares: (index != 0).then_some(node.shares),
            raw_usage: node.raw_usage,
            detail,
        });
        let mut children = node.children.clone();
        crate::sort::by(&mut children, |&a, &b| {
            let (a, b) = (&nodes[a], &nodes[b]);
            b.is_user().cmp(&a.is_user()).then_with(|| a.id.cmp(&b.id))
        });
        // Pushed in reverse so that the first child is visited first.
        stack.extend(children.into_iter().rev().map(|c| (c, depth + 1)));
    }
    debug_assert_eq!(rows.first().map(|r| r.account.as_str()), Some(ROOT));
    Ok(rows)
}
