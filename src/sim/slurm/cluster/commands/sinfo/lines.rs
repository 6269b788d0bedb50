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

use super::super::super::Cluster;
use super::super::super::state::{Node, Partition};
use super::{Query, group_value, long_format, node_value};

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

/// The lines to print, sorted as `sort_sinfo_list` does by default: by
/// node with `-N`, else by partition and then the higher state first.
pub(super) fn select<'a>(c: &'a Cluster, q: &Query) -> Vec<Group<'a>> {
    let mut groups = gather(c, q);
    if q.per_node {
        crate::sort::by_key(&mut groups, |g| {
            g.nodes.first().and_then(|n| c.node_index(&n.name))
        });
    } else {
        crate::sort::by_key(&mut groups, |g| {
            let state = g.nodes.first().map_or(0, |n| n.state_code());
            (g.part_index, std::cmp::Reverse(state))
        });
    }
    groups
}
