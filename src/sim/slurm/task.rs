//! Tasks in the shell, for self-check exercises: a small job on the
//! chapter's cluster ("drain node-3 with a reason", "submit a job that gets
//! 2 nodes × 8 GPUs for 30 minutes", "free the debug partition"), each
//! checked from the simulated state as the labs' goals are, so that any
//! correct form of the commands counts. A task's progress is the log of
//! what the learner did, replayed on the same seed. Pure.

use std::sync::Arc;

use super::cluster::JobState;
use super::session::{Event, Session, SessionError, USER};
use super::shell::{HelpText, WriteMode, home_of};
use super::time_spec::TimeLimit;

/// The seed every task's cluster starts from: a task is the same for
/// every reader.
pub const SEED: u64 = 2205;

/// The names of the tasks, as content writes them (`task = "drain"`).
pub const NAMES: [&str; 3] = ["drain", "submit", "free-partition"];

/// What a task asks of the learner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Task {
    /// Drain `node`, with a reason.
    Drain {
        /// The node.
        node: String,
    },
    /// Submit a job that gets `nodes` nodes with `gpus_per_node` GPUs
    /// each, for `minutes`.
    Submit {
        /// Nodes.
        nodes: u32,
        /// GPUs on each node.
        gpus_per_node: u32,
        /// The time limit, minutes.
        minutes: u32,
    },
    /// One of the learner's own jobs, forgotten, holds `partition`, and
    /// another of theirs waits behind it: find the first and cancel it, so
    /// the second starts.
    FreePartition {
        /// The partition.
        partition: String,
    },
}

/// A task set up on its cluster: what its check needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenTask {
    /// The task.
    pub task: Task,
    /// When the learner took over.
    pub opened: i64,
    /// The forgotten job holding the partition, and the one waiting
    /// ([`Task::FreePartition`]).
    pub jobs: Option<(u32, u32)>,
}

/// The script of the learner's waiting job in [`Task::FreePartition`].
const SMOKE_TEST: &str = "\
import torch

# Keep one GPU busy until the time limit: does the node hold up?
x = torch.randn(8192, 8192, device=\"cuda\")
while True:
    x = torch.tanh(x @ x)
";

impl Task {
    /// The task's cluster as the learner finds it.
    pub fn open(&self) -> Result<(OpenTask, Session), SessionError> {
        let mut s = Session::chapter(SEED)?;
        let mut jobs = None;
        if let Task::FreePartition { partition } = self {
            let sbatch = |s: &mut Session, args: &[&str]| {
                let argv: Vec<String> = std::iter::once("sbatch")
                    .chain(args.iter().copied())
                    .map(str::to_owned)
                    .collect();
                let id = s.cluster.next_job_id();
                s.exec_as(USER, &argv, "");
                id
            };
            let holder = sbatch(
                &mut s,
                &[
                    "-p",
                    partition,
                    "-J",
                    "notebook",
                    "--gpus-per-node=8",
                    "-t",
                    "60",
                    "--wrap",
                    "sleep 3600",
                ],
            );
            s.advance(40 * 60);
            // The test it runs sits in the learner's home, as it would.
            let (path, now) = (
                format!("{}/smoke_test.py", home_of(USER)),
                s.terminal.shell.now(),
            );
            let _ = s
                .terminal
                .shell
                .fs_mut()
                .write(&path, SMOKE_TEST, WriteMode::Truncate, now);
            let waiting = sbatch(
                &mut s,
                &[
                    "-p",
                    partition,
                    "-J",
                    "smoke-test",
                    "--gpus-per-node=1",
                    "-t",
                    "10",
                    "--wrap",
                    "srun python smoke_test.py",
                ],
            );
            s.advance(60);
            jobs = Some((holder, waiting));
        }
        let opened = s.cluster.now();
        Ok((
            OpenTask {
                task: self.clone(),
                opened,
                jobs,
            },
            s,
        ))
    }

    /// Why the chapter's cluster cannot hold this task, if it cannot (a
    /// content mistake, said by the content check).
    pub fn impossible(&self) -> Option<String> {
        let s = match Session::chapter(SEED) {
            Ok(s) => s,
            Err(e) => return Some(e.to_string()),
        };
        let c = &s.cluster;
        let names = |names: Vec<&str>| names.join(", ");
        match self {
            Task::Drain { node } => (!c.nodes().iter().any(|n| n.name == *node)).then(|| {
                format!(
                    "it has no node `{node}` (its nodes: {})",
                    names(c.nodes().iter().map(|n| n.name.as_str()).collect())
                )
            }),
            Task::Submit {
                nodes,
                gpus_per_node,
                minutes,
            } => {
                let count = c.nodes().len() as u32;
                let gpus = c.nodes().iter().map(|n| n.gpus).max().unwrap_or(0);
                if !(1..=count).contains(nodes) {
                    Some(format!("`nodes` is 1 to {count}, not {nodes}"))
                } else if !(1..=gpus).contains(gpus_per_node) {
                    Some(format!(
                        "`gpus-per-node` is 1 to {gpus}, not {gpus_per_node}"
                    ))
                } else if *minutes == 0 {
                    Some("`minutes` is at least 1".to_owned())
                } else {
                    None
                }
            }
            Task::FreePartition { partition } => {
                (!c.partitions().iter().any(|p| p.name == *partition)).then(|| {
                    format!(
                        "it has no partition `{partition}` (its partitions: {})",
                        names(c.partitions().iter().map(|p| p.name.as_str()).collect())
                    )
                })
            }
        }
    }

    /// The task's cluster with `log` replayed on it, `help` in the page's
    /// language.
    pub fn replay(
        &self,
        log: &[Event],
        help: Arc<HelpText>,
    ) -> Result<(OpenTask, Session), SessionError> {
        let (task, mut s) = self.open()?;
        s.set_help(help);
        for event in log {
            s.apply(event);
        }
        Ok((task, s))
    }
}

impl OpenTask {
    /// Whether the cluster shows the task done.
    pub fn done(&self, s: &Session) -> bool {
        let c = &s.cluster;
        match &self.task {
            Task::Drain { node } => c
                .nodes()
                .iter()
                .any(|n| n.name == *node && n.drain && n.reason.is_some()),
            Task::Submit {
                nodes,
                gpus_per_node,
                minutes,
            } => c.jobs().values().any(|j| {
                j.user == USER
                    && j.submit_time >= self.opened
                    && j.state != JobState::Cancelled
                    && j.shape.nodes == *nodes
                    && j.shape.per_node.gpus == *gpus_per_node
                    && j.time_limit == TimeLimit::Minutes(*minutes)
            }),
            Task::FreePartition { .. } => self.jobs.is_some_and(|(holder, waiting)| {
                let state = |id| c.job(id).map(|j| j.state);
                state(holder) == Some(JobState::Cancelled)
                    && matches!(
                        state(waiting),
                        Some(JobState::Running | JobState::Completed)
                    )
            }),
        }
    }
}

#[cfg(test)]
mod tests;
