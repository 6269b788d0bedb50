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
    let (levels, flag) = match lower.split_once(',') {
        Some((levels, flag)) => (levels, Some(flag)),
        None => (lower.as_str(), None),
    };
    if flag.is_some_and(|f| f != "pack" && f != "nopack") {
        return None;
    }
    if let Some(size) = levels.strip_prefix("plane=") {
        let size = size.parse::<u32>().ok().filter(|&n| n > 0)?;
        return Some((TaskDist::Plane(size), "plane".to_owned()));
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
    Some((node, shown))
}

impl TaskDist {
    /// The node (an index into `nodes` nodes) of each of `tasks` tasks,
    /// in task order.
    pub(crate) fn layout(self, tasks: usize, nodes: usize) -> Vec<usize> {
        let nodes = nodes.max(1);
        match self {
            TaskDist::Block => super::job_env::spread(tasks, nodes)
                .into_iter()
                .enumerate()
                .flat_map(|(node, count)| std::iter::repeat_n(node, count))
                .collect(),
            TaskDist::Cyclic => (0..tasks).map(|t| t % nodes).collect(),
            TaskDist::Plane(size) => {
                let size = usize::try_from(size).unwrap_or(1).max(1);
                (0..tasks).map(|t| (t / size) % nodes).collect()
            }
        }
    }
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
            Some((TaskDist::Cyclic, "cyclic:block".to_owned()))
        );
        assert_eq!(
            read("plane=2"),
            Some((TaskDist::Plane(2), "plane".to_owned()))
        );
        for bad in [
            "round",
            "block:round",
            "plane=0",
            "block,tight",
            "a:b:c:d",
            "",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn tasks_go_to_nodes_in_blocks_turns_or_planes() {
        assert_eq!(TaskDist::Block.layout(5, 2), [0, 0, 0, 1, 1]);
        assert_eq!(TaskDist::Cyclic.layout(5, 2), [0, 1, 0, 1, 0]);
        assert_eq!(TaskDist::Plane(2).layout(6, 2), [0, 0, 1, 1, 0, 0]);
    }
}
