//! `-m`/`--distribution`: how a step's tasks are numbered over its nodes,
//! read as `verify_dist_type` (proc_args.c) reads it and laid out as
//! `_task_layout_block`, `_task_layout_cyclic` and `_task_layout_plane`
//! (slurm_step_layout.c) lay tasks out on nodes with room for them.
//! Only the node level matters here: the socket and core levels
//! (`block:cyclic`) are checked and kept for `SLURM_DISTRIBUTION`.

use serde::{Deserialize, Serialize};

/// How tasks go to nodes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TaskDist {
    /// Task after task on a node, then the next node (the default).
    #[default]
    Block,
    /// One task per node in turn.
    Cyclic,
    /// This many tasks per node in turn.
    Plane(u32),
}

/// A `--distribution` value: its node level and the form
/// `format_task_dist_states` writes (`SLURM_DISTRIBUTION`); `None` where
/// srun and sbatch say `Invalid --distribution specification`.
pub(crate) fn parse(arg: &str) -> Option<(TaskDist, String)> {
    let lower = arg.to_ascii_lowercase();
    // A plane is its size alone, no flag after it (`_parse_plane_dist`).
    if lower.starts_with("plane") {
        let (_, size) = lower.split_once('=')?;
        let size = size
            .parse::<u32>()
            .ok()
            .filter(|&n| n > 0 && n <= i32::MAX as u32)?;
        return Some((TaskDist::Plane(size), "plane".to_owned()));
    }
    let (levels, flag) = match lower.split_once(',') {
        Some((levels, flag)) => (levels, Some(flag)),
        None => (lower.as_str(), None),
    };
    if flag.is_some_and(|f| f != "pack" && f != "nopack") {
        return None;
    }
    let mut words: Vec<&str> = levels.split(':').collect();
    if words.len() > 3 {
        return None;
    }
    // `*` takes the default: block for nodes, cyclic for sockets, and the
    // socket level's for cores.
    for i in 0..words.len() {
        if words[i] == "*" {
            words[i] = match i {
                0 => "block",
                1 => "cyclic",
                _ => words[1],
            };
        }
    }
    let node = match words[0] {
        "block" | "arbitrary" | "hostfile" => TaskDist::Block,
        "cyclic" => TaskDist::Cyclic,
        _ => return None,
    };
    if !words[1..]
        .iter()
        .all(|w| matches!(*w, "block" | "cyclic" | "fcyclic"))
    {
        return None;
    }
    let shown = if words[0] == "hostfile" {
        "arbitrary".to_owned()
    } else {
        words.join(":")
    };
    // `set_distribution` writes the flag after the layout's name.
    let shown = match flag {
        Some(f) => format!("{shown},{f}"),
        None => shown,
    };
    Some((node, shown))
}

impl TaskDist {
    /// The node (an index into `room`) of each of `tasks` tasks, in task
    /// order, over nodes with room for `room[i]` tasks each (their CPUs
    /// over the CPUs per task). Slurm counts the tasks of each node with
    /// a cyclic pass over the room, then numbers them node after node
    /// (block), one at a time in turns (cyclic) or `size` at a time in
    /// turns (plane).
    pub(crate) fn layout(self, tasks: usize, room: &[u32]) -> Vec<usize> {
        let (size, chunk) = match self {
            TaskDist::Block => (1, usize::MAX),
            TaskDist::Cyclic => (1, 1),
            TaskDist::Plane(size) => {
                let size = usize::try_from(size).unwrap_or(1).max(1);
                (size, size)
            }
        };
        let counts = counts(tasks, room, size);
        let mut given = vec![0; counts.len()];
        let mut order = Vec::with_capacity(tasks);
        while order.len() < tasks && !counts.is_empty() {
            for (node, (g, &count)) in given.iter_mut().zip(&counts).enumerate() {
                let take = chunk.min(count - *g);
                order.extend(std::iter::repeat_n(node, take));
                *g += take;
            }
        }
        order
    }
}

/// How many of `tasks` tasks each node runs, as `_task_layout_block` and
/// `_task_layout_plane` count them: a task to each node with room, then
/// in turns up to `size` more (1 but for plane) to each node with room
/// left; once none has, the rest in turns over every node. On nodes of
/// equal room, block's first `tasks % nodes` nodes get one more.
pub(crate) fn counts(tasks: usize, room: &[u32], size: usize) -> Vec<usize> {
    let mut counts = vec![0; room.len()];
    let mut placed = 0;
    let mut over = room.iter().all(|&r| r == 0);
    for (count, &r) in counts.iter_mut().zip(room) {
        if placed < tasks && (r > 0 || over) {
            *count = 1;
            placed += 1;
        }
    }
    let mut first = true;
    while placed < tasks && !over {
        let mut room_left = false;
        for (count, &r) in counts.iter_mut().zip(room) {
            let r = r as usize;
            let take = (size - usize::from(first))
                .min(r.saturating_sub(*count))
                .min(tasks - placed);
            *count += take;
            placed += take;
            room_left |= *count < r;
        }
        first = false;
        over = !room_left;
    }
    // The rest `size` at a time in turns, from the first node.
    let (rest, turn) = (tasks - placed, size.saturating_mul(counts.len()).max(1));
    for (i, count) in counts.iter_mut().enumerate() {
        *count +=
            rest / turn * size + size.min((rest % turn).saturating_sub(i.saturating_mul(size)));
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_as_verify_dist_type_reads_them() {
        let read = parse;
        assert_eq!(
            read("cyclic"),
            Some((TaskDist::Cyclic, "cyclic".to_owned()))
        );
        assert_eq!(
            read("block:*"),
            Some((TaskDist::Block, "block:cyclic".to_owned()))
        );
        assert_eq!(
            read("CYCLIC:block,Pack"),
            Some((TaskDist::Cyclic, "cyclic:block,pack".to_owned()))
        );
        assert_eq!(
            read("plane=2"),
            Some((TaskDist::Plane(2), "plane".to_owned()))
        );
        for bad in [
            "round",
            "block:round",
            "plane=0",
            "plane=2,pack",
            "plane",
            "block,tight",
            "a:b:c:d",
            "",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn tasks_go_to_nodes_in_blocks_turns_or_planes() {
        let roomy = [64, 64];
        assert_eq!(TaskDist::Block.layout(5, &roomy), [0, 0, 0, 1, 1]);
        assert_eq!(TaskDist::Cyclic.layout(5, &roomy), [0, 1, 0, 1, 0]);
        assert_eq!(TaskDist::Plane(2).layout(6, &roomy), [0, 0, 1, 1, 0, 0]);
        assert_eq!(TaskDist::Plane(2).layout(5, &roomy), [0, 0, 1, 1, 0]);
    }

    #[test]
    fn tasks_fill_the_room_each_node_has_first() {
        // `-N2 -n4` holds 3 CPUs and 1: three tasks go to the first node.
        assert_eq!(TaskDist::Block.layout(4, &[3, 1]), [0, 0, 0, 1]);
        assert_eq!(TaskDist::Cyclic.layout(4, &[3, 1]), [0, 1, 0, 0]);
        assert_eq!(TaskDist::Plane(2).layout(4, &[3, 1]), [0, 0, 1, 0]);
        assert_eq!(counts(7, &[3, 2, 2], 1), [3, 2, 2]);
        assert_eq!(counts(7, &[64, 64, 64], 1), [3, 2, 2]);
        assert_eq!(counts(7, &[5, 1, 1], 1), [5, 1, 1]);
        assert_eq!(counts(2, &[3, 1], 1), [1, 1], "a task per node first");
        // Past the room, every node in turn (`srun -n5` in 2 CPUs, 2).
        assert_eq!(counts(5, &[2, 2], 1), [3, 2]);
        assert_eq!(counts(9, &[2, 2], 2), [5, 4], "two at a time");
        assert_eq!(TaskDist::Cyclic.layout(5, &[2, 2]), [0, 1, 0, 1, 0]);
        assert_eq!(counts(3, &[0, 0], 1), [2, 1], "no room at all");
        assert_eq!(TaskDist::Cyclic.layout(3, &[0, 0]), [0, 1, 0]);
        assert_eq!(TaskDist::Block.layout(3, &[]), Vec::<usize>::new());
    }
}
