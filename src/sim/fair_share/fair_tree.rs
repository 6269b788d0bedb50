//! The Fair Tree fair-share factor (<https://slurm.schedmd.com/fair_tree.html>),
//! Slurm's default since 19.05.
//!
//! Level fair-share LF = S / U with S = shares / siblings' shares and
//! U = raw usage / the parent's raw usage; LF = 0 when S = 0 and infinity
//! when S > 0 and U = 0. Starting at root with rank = N (the number of user
//! associations): sort the children by LF, descending, users before accounts
//! on equal LF; visit them in that order; a user gets rank / N and the rank
//! drops by one; an account is descended into. The first user found gets
//! N / N = 1.0.
//!
//! Ties follow the page's three rules, as `_calc_tree_fs` implements them
//! with a "rank, no ties" counter: (1) sibling users with equal LF share a
//! rank (the rank counter still drops, so the next distinct user skips the
//! tied places, as in competition ranking); (2) sibling accounts with equal
//! LF have their children lists merged and sorted together before descending;
//! (3) a user with the same LF as a sibling account shares its rank with the
//! account's highest-ranked user (the account's first child starts tied).
//!
//! Rule 2 is applied as documented. Note that Slurm's C code
//! (`_count_tied_accounts` in `fair_tree.c`, unchanged through 23.x) stops
//! counting at the first following *account*, so in practice it never merges
//! tied accounts; the results differ only when two sibling accounts have
//! exactly equal LF and their users do not tie among themselves. Sibling
//! order among exact ties is otherwise arbitrary in Slurm (`qsort`); here it
//! is by name, so results are deterministic.

use std::cmp::Ordering;

use super::factor::{FactorDetail, NodeDetails, cluster_fraction, initial_details, sibling_share};
use super::tree::AccountTree;

/// Every node's numbers; users get their factor from the ranking walk.
pub(super) fn compute(tree: &AccountTree) -> NodeDetails {
    let nodes = tree.nodes();
    let (mut out, root_usage) = initial_details(tree, 0.0);
    for &i in tree.top_down() {
        let Some((parent, norm_shares)) = sibling_share(tree, i) else {
            continue;
        };
        let parent_usage = nodes[parent].raw_usage;
        let effective_usage = if parent_usage > 0.0 {
            nodes[i].raw_usage / parent_usage
        } else {
            0.0
        };
        let level_fs = if norm_shares == 0.0 {
            0.0
        } else {
            norm_shares / effective_usage
        };
        out[i] = FactorDetail {
            norm_shares,
            norm_usage: cluster_fraction(nodes[i].raw_usage, root_usage),
            effective_usage,
            level_fs: Some(level_fs),
            factor: None,
        };
    }
    rank_users(tree, &mut out);
    out
}

/// One level of the walk: siblings sorted by LF, the next one to visit, the
/// LF of the previous one, and whether the level starts tied (rule 3).
struct Frame {
    siblings: Vec<usize>,
    next: usize,
    previous_lf: Option<f64>,
    starts_tied: bool,
}

/// The depth-first ranking walk, with an explicit stack so that a deep tree
/// cannot overflow the call stack.
fn rank_users(tree: &AccountTree, out: &mut [FactorDetail]) {
    let nodes = tree.nodes();
    let level_fs: Vec<f64> = out.iter().map(|d| d.level_fs.unwrap_or(0.0)).collect();
    let lf = |i: usize| level_fs.get(i).copied().unwrap_or(0.0);
    let users = tree.user_count().max(1) as f64;
    let mut rank = tree.user_count() as u64;
    // "Rank, no ties": what the rank would be without ties.
    let mut rank_no_ties = rank;
    let root_children = nodes
        .first()
        .map(|n| n.children.clone())
        .unwrap_or_default();
    let mut stack = vec![Frame {
        siblings: sorted(tree, root_children, &lf),
        next: 0,
        previous_lf: None,
        starts_tied: false,
    }];
    while let Some(frame) = stack.last_mut() {
        let Some(&node) = frame.siblings.get(frame.next) else {
            stack.pop();
            continue;
        };
        let this_lf = lf(node);
        let tied = (frame.next == 0 && frame.starts_tied) || frame.previous_lf == Some(this_lf);
        frame.previous_lf = Some(this_lf);
        frame.next += 1;
        if nodes[node].is_user() {
            if !tied {
                rank = rank_no_ties;
            }
            out[node].factor = Some(rank as f64 / users);
            rank_no_ties = rank_no_ties.saturating_sub(1);
        } else {
            // Rule 2: following sibling accounts with the same LF are merged.
            let mut children = nodes[node].children.clone();
            while let Some(&other) = frame.siblings.get(frame.next) {
                if nodes[other].is_user() || lf(other) != this_lf {
                    break;
                }
                children.extend(nodes[other].children.iter().copied());
                frame.next += 1;
            }
            let siblings = sorted(tree, children, &lf);
            stack.push(Frame {
                siblings,
                next: 0,
                previous_lf: None,
                starts_tied: tied,
            });
        }
    }
}

/// LF descending, users before accounts on equal LF (`_cmp_level_fs`), then
/// by name for a deterministic order.
fn sorted(tree: &AccountTree, mut siblings: Vec<usize>, lf: &impl Fn(usize) -> f64) -> Vec<usize> {
    let nodes = tree.nodes();
    crate::sort::by(&mut siblings, |&a, &b| {
        lf(b)
            .total_cmp(&lf(a))
            .then_with(|| match (nodes[a].is_user(), nodes[b].is_user()) {
                (true, false) => Ordering::Less,
                (false, true) => Ordering::Greater,
                _ => Ordering::Equal,
            })
            .then_with(|| nodes[a].id.cmp(&nodes[b].id))
    });
    siblings
}
