//! The simulated cluster at scale, for a benchmark that runs the same way
//! natively and in the browser: 1,024 nodes with 8 GPUs each and 10,000
//! queued jobs, then the median time of `squeue`, of `sinfo` and of
//! simulating 24 hours of scheduling with backfill. Pure: the clock is a
//! function the caller passes in (`Instant` natively, `performance.now()`
//! on the web).
//!
//! The steps of [`measure`]:
//! 1. [`cluster`]: the configuration, eight teams of four users, and the
//!    job mix submitted through `sbatch`, then one scheduling pass.
//! 2. `squeue` and `sinfo` as `root`, timed [`Runs::listings`] times each.
//! 3. A day of scheduling on a copy of the loaded cluster, timed
//!    [`Runs::days`] times.

use std::fmt;

use crate::sim::fair_share::{AccountTree, AssocSpec};
use crate::sim::slurm::cluster::{Accounts, Cluster, ClusterError, Qos, Rng, Stream, User};
use crate::sim::slurm::conf::ClusterConfig;

/// Compute nodes (`gpu[0001-1024]`).
pub const NODES: usize = 1024;
/// Jobs submitted before measuring.
pub const JOBS: usize = 10_000;
/// Accounts under `root`.
const TEAMS: usize = 8;
/// Users in each account.
const USERS_PER_TEAM: usize = 4;
/// When the benchmark's clock starts: 2026-11-30T00:00:00Z.
const EPOCH: i64 = 1_795_996_800;
/// One simulated day, in seconds.
const DAY_S: u64 = 86_400;

/// Why the benchmark's cluster could not be built.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum BenchError {
    /// The configuration or the accounts were refused.
    #[error(transparent)]
    Cluster(#[from] ClusterError),
    /// `sbatch` refused a job of the mix.
    #[error("{line}: {stderr}")]
    Submit {
        /// The command line.
        line: String,
        /// What `sbatch` printed on standard error.
        stderr: String,
    },
}

/// How many times each figure is measured; the median is reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Runs {
    /// Runs of `squeue` and of `sinfo`.
    pub listings: usize,
    /// Simulated days, each on a fresh copy of the loaded cluster.
    pub days: usize,
}

impl Default for Runs {
    fn default() -> Self {
        Self {
            listings: 11,
            days: 3,
        }
    }
}

/// What [`measure`] found. Times in milliseconds of the caller's clock.
#[derive(Debug, Clone, PartialEq)]
pub struct Figures {
    /// Building the configuration and submitting the jobs.
    pub build_ms: f64,
    /// Jobs running after the first scheduling pass.
    pub running: usize,
    /// Median time of `squeue`.
    pub squeue_ms: f64,
    /// Bytes `squeue` printed.
    pub squeue_bytes: usize,
    /// Lines `squeue` printed, its header included.
    pub squeue_lines: usize,
    /// Median time of `sinfo`.
    pub sinfo_ms: f64,
    /// Bytes `sinfo` printed.
    pub sinfo_bytes: usize,
    /// Median time of 24 simulated hours of scheduling.
    pub day_ms: f64,
    /// Jobs finished at the end of that day.
    pub finished: usize,
}

impl fmt::Display for Figures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "built {NODES} nodes and {JOBS} jobs in {:.0} ms ({} running)",
            self.build_ms, self.running
        )?;
        writeln!(
            f,
            "squeue: median {:.2} ms ({} bytes, {} lines)",
            self.squeue_ms, self.squeue_bytes, self.squeue_lines
        )?;
        writeln!(
            f,
            "sinfo:  median {:.2} ms ({} bytes)",
            self.sinfo_ms, self.sinfo_bytes
        )?;
        write!(
            f,
            "24 h of scheduling with backfill: median {:.2} s ({} of {JOBS} jobs finished)",
            self.day_ms / 1000.0,
            self.finished
        )
    }
}

/// The benchmark's slurm.conf: `gpu[0001-1024]` (64 cores, 512 GB,
/// 8 GPUs each) in partition `gpu`, the first 16 also in `debug`, with
/// backfill and multifactor priority as in the reference cluster.
pub fn config() -> Result<ClusterConfig, ClusterError> {
    let text = format!(
        "ClusterName=bench\n\
         SlurmctldHost=ctl\n\
         SchedulerType=sched/backfill\n\
         SelectType=select/cons_tres\n\
         SelectTypeParameters=CR_Core_Memory\n\
         DefMemPerCPU=4000\n\
         EnforcePartLimits=ALL\n\
         GresTypes=gpu\n\
         PriorityType=priority/multifactor\n\
         PriorityWeightAge=1000\n\
         PriorityWeightFairshare=10000\n\
         PriorityWeightJobSize=1000\n\
         PriorityWeightPartition=1000\n\
         PriorityWeightQOS=1000\n\
         PriorityWeightTRES=GRES/gpu=1000\n\
         NodeName=gpu[0001-{NODES:04}] CPUs=64 Boards=1 SocketsPerBoard=2 CoresPerSocket=32 ThreadsPerCore=1 RealMemory=512000 Gres=gpu:8 State=UNKNOWN\n\
         PartitionName=gpu Nodes=gpu[0001-{NODES:04}] Default=YES MaxTime=2-00:00:00 DefaultTime=04:00:00 State=UP\n\
         PartitionName=debug Nodes=gpu[0001-0016] MaxTime=01:00:00 DefaultTime=00:30:00 State=UP\n"
    );
    Ok(ClusterConfig::parse(&text)?)
}

/// Eight accounts `team-0`..`team-7` with shares 1 to 3, four users each
/// (`user0`..`user31`), and the QOS `normal` and `high`.
pub fn accounts() -> Result<Accounts, ClusterError> {
    let mut specs = Vec::new();
    let mut users = Vec::new();
    for team in 0..TEAMS {
        let account = format!("team-{team}");
        specs.push(AssocSpec::account("root", &account, 1 + team as u32 % 3));
        for u in 0..USERS_PER_TEAM {
            let name = format!("user{}", team * USERS_PER_TEAM + u);
            specs.push(AssocSpec::user(&account, &name, 1, 0.0));
            users.push(User {
                uid: 2000 + users.len() as u32,
                home: format!("/home/{name}"),
                default_account: account.clone(),
                name,
            });
        }
    }
    Ok(Accounts {
        users,
        qos: vec![
            Qos {
                name: "normal".into(),
                priority: 100,
            },
            Qos {
                name: "high".into(),
                priority: 1000,
            },
        ],
        tree: AccountTree::from_specs(&specs)?,
        tres_usage: Default::default(),
    })
}

/// The loaded cluster at 2026-11-30T00:00:00Z: [`JOBS`] jobs of 1 to 32
/// GPUs and 30 minutes to 8 hours from random users (seed 2026), every
/// 50th with QOS `high`, after the first scheduling pass.
pub fn cluster() -> Result<Cluster, BenchError> {
    let mut c = Cluster::new(config()?, accounts()?, EPOCH, 1)?;
    let mut rng = Rng::new(2026);
    for i in 0..JOBS {
        let user = format!("user{}", rng.below((TEAMS * USERS_PER_TEAM) as u64));
        let gpus = [1, 2, 4, 8, 8][rng.below(5) as usize];
        let nodes = if gpus == 8 { 1 + rng.below(4) } else { 1 };
        let limit_min = 30 + rng.below(8 * 60 - 30);
        // Most jobs end before their limit; some run into it.
        let run_s = limit_min * 60 * (20 + rng.below(90)) / 100;
        let mut argv = vec![
            "sbatch".to_owned(),
            "-N".to_owned(),
            nodes.to_string(),
            format!("--gpus-per-node={gpus}"),
            "-t".to_owned(),
            limit_min.to_string(),
        ];
        if i % 50 == 0 {
            argv.push("--qos=high".to_owned());
        }
        argv.push("--wrap".to_owned());
        argv.push(format!("srun hostname; sleep {run_s}"));
        let out = c.exec(&argv, "", &user);
        if out.exit != 0 {
            return Err(BenchError::Submit {
                line: argv.join(" "),
                stderr: out.text(Stream::Stderr),
            });
        }
    }
    c.advance(0);
    Ok(c)
}

/// Builds the loaded [`cluster`] and times `squeue`, `sinfo` and a day of
/// scheduling; `now` is a clock in milliseconds.
pub fn measure(runs: Runs, mut now: impl FnMut() -> f64) -> Result<Figures, BenchError> {
    let start = now();
    let mut c = cluster()?;
    let build_ms = now() - start;
    let running = c.jobs().values().filter(|j| j.is_running()).count();
    let (squeue_ms, squeue) = time_command(&mut c, "squeue", runs.listings, &mut now);
    let (sinfo_ms, sinfo) = time_command(&mut c, "sinfo", runs.listings, &mut now);
    let mut days = Vec::new();
    let mut finished = 0;
    for _ in 0..runs.days.max(1) {
        let mut run = c.clone();
        let start = now();
        run.advance(DAY_S);
        days.push(now() - start);
        finished = run
            .jobs()
            .values()
            .filter(|j| j.state.is_finished())
            .count();
    }
    Ok(Figures {
        build_ms,
        running,
        squeue_ms,
        squeue_bytes: squeue.len(),
        squeue_lines: squeue.lines().count(),
        sinfo_ms,
        sinfo_bytes: sinfo.len(),
        day_ms: median(days),
        finished,
    })
}

/// The median time of `runs` runs of `command` as root, and what it printed.
fn time_command(
    c: &mut Cluster,
    command: &str,
    runs: usize,
    now: &mut impl FnMut() -> f64,
) -> (f64, String) {
    let argv = [command.to_owned()];
    let mut samples = Vec::new();
    let mut text = String::new();
    for _ in 0..runs.max(1) {
        let start = now();
        let out = c.exec(&argv, "", "root");
        samples.push(now() - start);
        text = out.text(Stream::Stdout);
    }
    (median(samples), text)
}

/// The middle of `samples` (the upper middle of an even count; 0 if none).
fn median(mut samples: Vec<f64>) -> f64 {
    crate::sort::by(&mut samples, f64::total_cmp);
    samples.get(samples.len() / 2).copied().unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scenario_builds_and_its_median_is_the_middle() {
        let config = config();
        assert!(config.is_ok(), "{config:?}");
        assert_eq!(config.map(|c| c.node_names().count()).ok(), Some(NODES));
        let accounts = accounts();
        assert_eq!(accounts.map(|a| a.users.len()).ok(), Some(32));
        assert_eq!(median(vec![3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(Vec::new()), 0.0);
    }
}
