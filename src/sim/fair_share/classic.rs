//! The classic fair-share factor
//! (<https://slurm.schedmd.com/classic_fair_share.html>, `PriorityFlags=NO_FAIR_TREE`),
//! following `priority_multifactor.c` where the page is silent.

use super::factor::{FactorDetail, NodeDetails, cluster_fraction, initial_details, sibling_share};
use super::tree::AccountTree;

/// Every node's numbers, top-down:
/// - S = parent's S * shares / siblings' shares (root: 1; 0 when the level
///   has no shares);
/// - U = raw usage / root's raw usage (0 when root has none, capped at 1);
/// - U_E = U for the accounts and users just under root; otherwise
///   U + (U_E_parent - U) * shares / siblings' shares, or U_E_parent when
///   the level has no shares (`_set_usage_efctv`);
/// - F = 2^(-U_E / S / d), or 0 when S = 0 (`priority_p_calc_fs_factor`).
pub(super) fn compute(tree: &AccountTree, dampening_factor: u32) -> NodeDetails {
    let nodes = tree.nodes();
    let d = f64::from(dampening_factor.max(1));
    let (mut out, root_usage) = initial_details(tree, 1.0);
    for &i in tree.top_down() {
        let Some((parent, share)) = sibling_share(tree, i) else {
            continue;
        };
        let norm_shares = out[parent].norm_shares * share;
        let norm_usage = cluster_fraction(nodes[i].raw_usage, root_usage);
        let parent_ue = out[parent].effective_usage;
        let effective_usage = if parent == 0 {
            norm_usage
        } else if tree.level_shares(parent) == 0 {
            parent_ue
        } else {
            norm_usage + (parent_ue - norm_usage) * share
        };
        out[i] = FactorDetail {
            norm_shares,
            norm_usage,
            effective_usage,
            level_fs: None,
            factor: Some(classic_factor(effective_usage, norm_shares, d)),
        };
    }
    out
}

/// F = 2^(-(U_E / S) / d); 0 when S is not positive.
pub fn classic_factor(effective_usage: f64, norm_shares: f64, dampening: f64) -> f64 {
    if norm_shares <= 0.0 || !norm_shares.is_finite() {
        return 0.0;
    }
    let f = (-(effective_usage / norm_shares) / dampening).exp2();
    if f.is_finite() {
        f.clamp(0.0, 1.0)
    } else {
        0.0
    }
}
