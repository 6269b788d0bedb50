//! What the lab sees in the cluster's state, said at once: the training
//! job running on (or failed again on) the node at fault, back in the
//! queue while that node is still in service, a healthy node drained
//! instead, and why the training waits, as `squeue` gives it. Read from
//! the state only, like the goals, so it is right whatever the commands.

use super::Lab;
use crate::sim::slurm::cluster::{Job, JobState, Reason};
use crate::sim::slurm::session::Session;

/// One thing the state shows, with what its message names. The node at
/// fault is never named: finding it is the learner's work.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Finding {
    /// More than one copy of the training waits or runs: they would
    /// overwrite each other's checkpoints.
    Duplicates {
        /// The copies, in order.
        jobs: Vec<u32>,
    },
    /// The restarted training ran on the node at fault and failed again;
    /// nothing waits or runs in its place.
    FailedAgain {
        /// The job.
        job: u32,
    },
    /// The training runs on the node at fault: it will fail (or crawl)
    /// again.
    OnCulprit {
        /// The job.
        job: u32,
    },
    /// The training waits while the node at fault is in service and not
    /// excluded: the scheduler may place it there again.
    Unguarded {
        /// The job.
        job: u32,
    },
    /// A healthy node is drained.
    HealthyDrained {
        /// The node.
        node: String,
        /// Whether the node at fault is still in service.
        culprit_in_service: bool,
    },
    /// The training waits for nodes that a healthy node's drain took.
    Starved {
        /// The job.
        job: u32,
        /// The drained healthy node.
        node: String,
    },
    /// The training waits out the requeue delay (`BeginTime`).
    Delayed {
        /// The job.
        job: u32,
    },
    /// The training waits for another reason.
    Waiting {
        /// The job.
        job: u32,
        /// The reason `squeue` shows.
        reason: String,
    },
}

impl Finding {
    /// Whether something went wrong, rather than a wait that ends itself.
    pub fn is_problem(&self) -> bool {
        !matches!(self, Finding::Delayed { .. } | Finding::Waiting { .. })
    }

    /// A stable name (`data-finding` in the page).
    pub fn key(&self) -> &'static str {
        match self {
            Finding::Duplicates { .. } => "duplicates",
            Finding::FailedAgain { .. } => "failed-again",
            Finding::OnCulprit { .. } => "on-culprit",
            Finding::Unguarded { .. } => "unguarded",
            Finding::HealthyDrained { .. } => "healthy-drained",
            Finding::Starved { .. } => "starved",
            Finding::Delayed { .. } => "delayed",
            Finding::Waiting { .. } => "waiting",
        }
    }
}

impl Lab {
    /// What the state shows now, the most urgent first: copies of the
    /// training, at most one finding per training job, then each healthy
    /// node drained.
    pub fn diagnose(&self, s: &Session) -> Vec<Finding> {
        let c = &s.cluster;
        let culprit = c.nodes().iter().position(|n| n.name == self.culprit);
        let culprit_out = culprit
            .and_then(|i| c.nodes().get(i))
            .is_some_and(|n| n.drain);
        let healthy_drained: Vec<&str> = c
            .nodes()
            .iter()
            .filter(|n| n.drain && n.name != self.culprit)
            .map(|n| n.name.as_str())
            .collect();
        let on_culprit = |j: &Job| culprit.is_some_and(|i| j.nodes.contains(&i));
        let restarts: Vec<&Job> = c.jobs().values().filter(|j| self.is_restart(j)).collect();
        let mut found: Vec<Finding> = restarts
            .iter()
            .filter_map(|j| {
                let job = j.id;
                match j.state {
                    JobState::Running if on_culprit(j) => Some(Finding::OnCulprit { job }),
                    JobState::Pending
                        if !culprit_out && !j.request.exclude.contains(&self.culprit) =>
                    {
                        Some(Finding::Unguarded { job })
                    }
                    JobState::Pending => Some(match (j.reason, healthy_drained.first()) {
                        (Reason::BeginTime, _) => Finding::Delayed { job },
                        (Reason::Resources | Reason::Priority, Some(node)) => Finding::Starved {
                            job,
                            node: (*node).to_owned(),
                        },
                        _ => Finding::Waiting {
                            job,
                            reason: j.reason_text(),
                        },
                    }),
                    _ => None,
                }
            })
            .collect();
        let idle = restarts.iter().all(|j| j.state.is_finished());
        let failed = restarts
            .iter()
            .filter(|j| {
                matches!(
                    j.state,
                    JobState::Failed | JobState::Timeout | JobState::NodeFail
                ) && on_culprit(j)
                    && j.start_time.is_some_and(|t| t >= self.opened)
            })
            .max_by_key(|j| j.end_time);
        if let (true, Some(j)) = (idle, failed) {
            found.insert(0, Finding::FailedAgain { job: j.id });
        }
        found.extend(
            healthy_drained
                .into_iter()
                .map(|node| Finding::HealthyDrained {
                    node: node.to_owned(),
                    culprit_in_service: !culprit_out,
                }),
        );
        let active = self.active_trainings(s);
        if active.len() > 1 {
            found.insert(0, Finding::Duplicates { jobs: active });
        }
        crate::sort::by_key(&mut found, |f| !f.is_problem());
        found
    }
}
