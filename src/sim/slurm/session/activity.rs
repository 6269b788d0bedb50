//! What happened on the compute nodes, kept for what follows: which nodes
//! the learner looked at with `nvidia-smi` or `dmesg`, which node sets ran
//! `all_reduce_perf`, and every training run with the checkpoints it
//! saved, so that a later run resumes from the newest one. The labs' goals
//! are read from here and from the cluster, never from the typed text.

use crate::sorted::SortedSet;

use serde::{Deserialize, Serialize};

use crate::sim::slurm::cluster::{Cluster, JobState};

/// One launch of the training program.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TrainingRecord {
    /// The job.
    pub job_id: u32,
    /// When it launched, seconds since the Unix epoch.
    pub start: i64,
    /// Its nodes.
    pub hosts: Vec<String>,
    /// Where it keeps checkpoints.
    pub ckpt_dir: String,
    /// The checkpoint step it resumed from (`None`: from scratch).
    pub resumed_from: Option<u64>,
    /// Mean wall time per step, seconds.
    pub seconds_per_step: f64,
    /// Checkpoints it planned to save: (time, step).
    pub checkpoints: Vec<(i64, u64)>,
    /// When it stopped; `None` while it may still run.
    pub ended: Option<i64>,
}

/// The record of the nodes' activity.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Activity {
    /// Hosts where `nvidia-smi` or `dmesg` ran.
    pub inspected: SortedSet<String>,
    /// Node sets (sorted names) that ran `all_reduce_perf`, each once.
    pub perf_runs: Vec<Vec<String>>,
    /// Training launches, oldest first.
    pub trainings: Vec<TrainingRecord>,
}

impl Activity {
    /// Notes that `all_reduce_perf` ran over `hosts` (sorted names).
    pub fn perf_ran(&mut self, hosts: Vec<String>) {
        if !self.perf_runs.contains(&hosts) {
            self.perf_runs.push(hosts);
        }
    }

    /// The newest checkpoint in `dir` saved by `now` by a run that had not
    /// stopped before saving it.
    pub fn latest_checkpoint(&self, dir: &str, now: i64) -> Option<u64> {
        self.trainings
            .iter()
            .filter(|r| r.ckpt_dir == dir)
            .flat_map(|r| {
                let until = r.ended.unwrap_or(i64::MAX).min(now);
                r.checkpoints
                    .iter()
                    .filter(move |&&(at, _)| at <= until)
                    .map(|&(_, step)| step)
            })
            .max()
    }

    /// Marks the training runs whose job has stopped (ended, cancelled,
    /// requeued) with the time it did, so that checkpoints they planned
    /// for later never count.
    pub fn settle(&mut self, cluster: &Cluster) {
        for run in self.trainings.iter_mut().filter(|r| r.ended.is_none()) {
            let Some(job) = cluster.job(run.job_id) else {
                run.ended = Some(cluster.now());
                continue;
            };
            // The job's current run launched it, or an earlier one did.
            if job.start_time.is_some_and(|s| s <= run.start) {
                if job.state != JobState::Running {
                    run.ended = Some(job.end_time.unwrap_or(cluster.now()));
                }
                continue;
            }
            run.ended = Some(
                job.history
                    .iter()
                    .find(|h| h.start <= run.start && run.start <= h.end)
                    .map_or(cluster.now(), |h| h.end),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checkpoints_count_only_until_their_run_stopped() {
        let run = |start, ended, checkpoints: &[(i64, u64)]| TrainingRecord {
            job_id: 1,
            start,
            hosts: Vec::new(),
            ckpt_dir: "/ckpt".to_owned(),
            resumed_from: None,
            seconds_per_step: 0.85,
            checkpoints: checkpoints.to_vec(),
            ended,
        };
        let a = Activity {
            trainings: vec![
                run(0, Some(1000), &[(400, 500), (800, 1000), (1200, 1500)]),
                run(2000, None, &[(2400, 2000)]),
            ],
            ..Activity::default()
        };
        assert_eq!(a.latest_checkpoint("/ckpt", 100), None);
        assert_eq!(a.latest_checkpoint("/ckpt", 1900), Some(1000));
        assert_eq!(a.latest_checkpoint("/ckpt", 2400), Some(2000));
        assert_eq!(a.latest_checkpoint("/other", 2400), None);
    }
}
