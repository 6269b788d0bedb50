//! Which nodes share a line, as `src/sinfo/sinfo.c` decides in 22.05:
//! the fields of the format set match flags (`opts.c`, `_parse_format`
//! and `_parse_long_format`), and `_insert_node_ptr` puts each node of
//! each partition on the first line whose partition matches
//! (`_match_part_data`) and whose nodes match (`_match_node_data`), or
//! starts a line.
//!
//! - A partition field (`%P`, `%R`, `Partition`, `PartitionName`) keeps
//!   partitions apart, and then every listed partition has a line even
//!   with no node (`_build_sinfo_data`), unless `-N`. Without one,
//!   partitions that agree on every partition field the format shows
//!   share lines, and a node in two of them is counted once
//!   (`_update_sinfo`).
//! - `-R` matches any partition; `-N` gives every node of every
//!   partition its own line.
//! - Nodes split on state, reason, its time and user, features, GRES,
//!   and the `-O`-only fields but `Port`; sizes (CPUs, memory, sockets,
//!   load, free memory, ...) only with `-e`, and otherwise print as
//!   `min+` or `min-max`. A hostname or address field keeps apart nodes
//!   whose hostname (address) is not yet on the line.

use std::cmp::Ordering;

use super::super::super::Cluster;
use super::super::super::state::{Node, Partition};
use super::{Query, group_value, long_format, node_value};
use crate::sim::slurm::conf::PartitionState;

/// A line of output: the partition that started it (and its index, by
/// which lines sort) and its nodes, each once.
pub(super) struct Group<'a> {
    pub(super) part: Option<&'a Partition>,
    pub(super) part_index: usize,
    pub(super) nodes: Vec<&'a Node>,
}

/// Partition fields that set a match flag: name, availability, groups,
/// job size, default and maximum time, root, oversubscribe, preemption
/// mode, priority tier and job factor, and CPUs per node.
const PART_LETTERS: &str = "PRagsLlrhMpIB";

/// Node fields that always set a match flag (state, reason, its time and
/// user, features, GRES); `n` and `o` are matched apart.
const NODE_LETTERS: &str = "tTEHuUfbG";

/// Node fields compared only with `-e` (CPUs, `CPUS(A/I/O/T)`, sockets,
/// cores, threads, S:C:T, disk, memory, weight, load, free memory,
/// version).
const EXACT_LETTERS: &str = "cCXYZzdmwOev";

impl Query {
    /// Whether the format keeps partitions apart.
    fn by_partition(&self) -> bool {
        self.fields.iter().any(|f| matches!(f.letter, 'P' | 'R'))
    }

    /// `_match_part_data`: whether a node of `part` may join `g`.
    fn same_part(&self, c: &Cluster, g: &Group<'_>, index: usize, part: &Partition) -> bool {
        if self.reasons || g.part_index == index {
            return true;
        }
        let probe = Group {
            part: Some(part),
            part_index: index,
            nodes: Vec::new(),
        };
        self.fields
            .iter()
            .filter(|f| PART_LETTERS.contains(f.letter))
            .all(|f| group_value(c, f.letter, g, 0) == group_value(c, f.letter, &probe, 0))
    }

    /// `_match_node_data`: whether `n` may join the nodes of `g`.
    fn same_node(&self, c: &Cluster, g: &Group<'_>, n: &Node) -> bool {
        let Some(first) = g.nodes.first() else {
            return true;
        };
        if self.per_node {
            return false;
        }
        self.fields.iter().all(|f| match f.letter {
            'n' => g.nodes.iter().any(|m| m.hostname == n.hostname),
            'o' => g.nodes.iter().any(|m| m.addr == n.addr),
            // Both state fields compare `node_state_string`.
            't' | 'T' => first.state_long() == n.state_long(),
            l if self.compared(l) => node_value(c, l, first) == node_value(c, l, n),
            _ => true,
        })
    }

    /// Whether a node field other than state, hostname and address sets
    /// a flag that `_match_node_data` checks.
    fn compared(&self, letter: char) -> bool {
        if letter.is_ascii() {
            NODE_LETTERS.contains(letter) || (self.exact && EXACT_LETTERS.contains(letter))
        } else {
            long_format::compared(letter, self.exact)
        }
    }
}

/// The lines to print, in `_build_sinfo_data`'s order, before sorting.
fn gather<'a>(c: &'a Cluster, q: &Query) -> Vec<Group<'a>> {
    let listed = |part: &Partition| q.partitions.as_ref().is_none_or(|l| l.contains(&part.name));
    let mut groups: Vec<Group<'a>> = Vec::new();
    if q.by_partition() && !q.per_node {
        for (index, part) in c.partitions.iter().enumerate().filter(|(_, p)| listed(p)) {
            groups.push(Group {
                part: Some(part),
                part_index: index,
                nodes: Vec::new(),
            });
        }
    }
    // The lines each node is on (by node index): a node in two partitions
    // that share a line is on it once. Looked up here rather than in the
    // line's nodes, which would cost each node a walk of its whole line.
    let mut on_lines: Vec<Vec<usize>> = vec![Vec::new(); c.nodes.len()];
    for (index, part) in c.partitions.iter().enumerate().filter(|(_, p)| listed(p)) {
        for &i in &part.nodes {
            let (Some(n), Some(lines)) = (c.nodes.get(i), on_lines.get_mut(i)) else {
                continue;
            };
            if !q.keeps(n) {
                continue;
            }
            let line = groups
                .iter()
                .position(|g| q.same_part(c, g, index, part) && q.same_node(c, g, n));
            match line.and_then(|k| Some((k, groups.get_mut(k)?))) {
                Some((k, _)) if lines.contains(&k) => {}
                Some((k, g)) => {
                    g.nodes.push(n);
                    lines.push(k);
                }
                None => {
                    lines.push(groups.len());
                    groups.push(Group {
                        part: Some(part),
                        part_index: index,
                        nodes: vec![n],
                    });
                }
            }
        }
    }
    groups
}

/// The lines to print, sorted as `sort_sinfo_list` sorts them: by `-S`'s
/// keys, or by default by node with `-N` (`N`), else by partition in
/// slurm.conf's order and then the higher state first (`#P,-t`).
pub(super) fn select<'a>(c: &'a Cluster, q: &Query) -> Vec<Group<'a>> {
    let mut groups = gather(c, q);
    let default = if q.per_node { "N" } else { "#P,-t" };
    let spec: Vec<char> = q.sort.as_deref().unwrap_or(default).chars().collect();
    // The last key first, each sort stable: the first key decides, the
    // next break its ties (list_sort of one key at a time).
    for (i, &letter) in spec.iter().enumerate().rev() {
        if matches!(letter, ',' | '#' | '+' | '-') {
            continue;
        }
        let before = i.checked_sub(1).map(|b| spec[b]);
        let reverse = before == Some('-');
        let part_order = before == Some('#');
        crate::sort::by(&mut groups, |a, b| {
            let order = compare(c, letter, part_order, a, b);
            if reverse { order.reverse() } else { order }
        });
    }
    groups
}

/// How `sort.c`'s comparison for `letter` orders two lines; letters it
/// has no comparison for here (load, free memory, features, ...) leave
/// the order as it is, as do the unknown ones sinfo ignores.
fn compare(c: &Cluster, letter: char, part_order: bool, a: &Group<'_>, b: &Group<'_>) -> Ordering {
    let part = |g: &Group<'_>, f: &dyn Fn(&Partition) -> u64| g.part.map_or(0, f);
    let least =
        |g: &Group<'_>, f: &dyn Fn(&Node) -> u64| g.nodes.iter().map(|n| f(n)).min().unwrap_or(0);
    let by_part = |f: &dyn Fn(&Partition) -> u64| part(a, f).cmp(&part(b, f));
    let by_node = |f: &dyn Fn(&Node) -> u64| least(a, f).cmp(&least(b, f));
    let first = |g: &Group<'_>| g.nodes.first().map(|n| c.node_index(&n.name));
    match letter {
        // `state_up`'s bits: submit 1, schedule 2.
        'a' => by_part(&|p| match p.state {
            PartitionState::Up => 3,
            PartitionState::Down => 1,
            PartitionState::Drain => 2,
            PartitionState::Inactive => 0,
        }),
        'c' => by_node(&|n| u64::from(n.cpus)),
        'D' => a.nodes.len().cmp(&b.nodes.len()),
        'E' => line_reason(a).cmp(line_reason(b)),
        'l' => by_part(&|p| p.max_time.minutes().map_or(u64::from(u32::MAX), u64::from)),
        'm' => by_node(&|n| n.real_memory_mb),
        'N' | 'n' => first(a).cmp(&first(b)),
        'p' => by_part(&|p| u64::from(p.priority_tier)),
        'P' | 'R' if part_order => a.part_index.cmp(&b.part_index),
        'P' | 'R' => {
            let (x, y) = (a.part.map(|p| &p.name), b.part.map(|p| &p.name));
            x.cmp(&y)
        }
        's' => by_part(&|p| p.max_nodes.map_or(u64::from(u32::MAX), u64::from)),
        'S' => by_part(&|p| u64::from(p.priority_job_factor)),
        't' | 'T' => line_state(a).cmp(&line_state(b)),
        'w' => by_node(&|n| u64::from(n.weight)),
        _ => Ordering::Equal,
    }
}

/// The reason a line shows (its first node's; none sorts as empty).
fn line_reason<'a>(g: &Group<'a>) -> &'a str {
    g.nodes
        .first()
        .and_then(|n| n.reason.as_ref())
        .map_or("", |r| r.text.as_str())
}

/// The state a line shows: its first node's (the nodes of a line share it).
fn line_state(g: &Group<'_>) -> u32 {
    g.nodes.first().map_or(0, |n| n.state_code())
}
