//! The simulated Slurm cluster: nodes, partitions, accounts and jobs as
//! plain data, a scheduler that does what Slurm 22.05's does, and the
//! commands (`sbatch`, `squeue`, `sinfo`, `scontrol`, ...) as pure
//! functions that print exactly what the real tools print. Pure: the clock
//! and the seed are arguments; nothing blocks; bad input ends in the real
//! tool's message, never a panic.
//!
//! The pieces, one submodule each:
//! 1. `state`, `resources`, `accounts`: the data (nodes, jobs, users,
//!    QOS, the association tree with usage).
//! 2. `submit` and `script`: a job request from options and `#SBATCH`
//!    lines, validated as slurmctld validates it.
//! 3. `priority`: multifactor priorities through the fair-share model,
//!    recalculated every `PriorityCalcPeriod`, usage charged and decayed.
//! 4. `scheduler`: the main scheduler in priority order and the backfill
//!    scheduler (reservations for waiting jobs, lower-priority jobs started
//!    when they delay none), with Slurm's pending reasons, over `queue`
//!    (pending jobs in priority order and the passes due, kept in step by
//!    its own methods).
//! 5. `lifecycle` and `events`: starting, ending, cancelling, requeueing
//!    jobs, node failures, and the event loop of [`Cluster::advance`], over
//!    `run_index` (running jobs by end time and per node, pending ones by
//!    begin time, kept consistent by its own methods).
//! 6. `commands`: the command-line tools over all of it
//!    ([`Cluster::exec`]), registered in one table, with the simulation's
//!    one getopt, `fields` (fixed-width cells) and `clock` (dates).
//!
//! Scheduling happens when time moves: commands that change the queue ask
//! for a scheduling pass, which runs at the next [`Cluster::advance`]
//! (even `advance(0)`), so that jobs submitted in the same second are
//! scheduled together in priority order, as slurmctld batches them.

use crate::sorted::SortedSet;

use serde::{Deserialize, Serialize};

use crate::sim::fair_share::FairShareError;
use crate::sim::slurm::conf::{ClusterConfig, ConfErrors, InitialState, PartitionNodes};
use events::Answers;
use queue::Queue;
use run_index::RunIndex;

mod accounts;
mod clock;
mod commands;
mod constraint;
mod cpu_binding;
mod deferred;
mod events;
mod export;
mod fields;
mod job_env;
mod job_options;
mod job_shell;
mod jobs;
mod lifecycle;
mod long_fields;
mod mpi;
mod output;
mod priority;
mod queue;
mod resources;
mod rng;
mod run_index;
mod runner;
mod scheduler;
mod script;
mod state;
mod stdio;
mod step_layout;
mod step_share;
mod submit;
mod suspend;
mod task_dist;
#[cfg(test)]
mod tests;

pub use accounts::{Accounts, FairShares, Qos, User};
pub use commands::{COMMANDS, CommandInfo};
pub use job_shell::write_output;
pub use jobs::JobTable;
pub use mpi::Mpi;
pub use output::{CommandOutput, FileWrite, Pty, Stream};
pub use resources::Res;
pub use rng::Rng;
pub use runner::{Launch, NoPrograms, ProgramOutput, ProgramRunner};
pub use scheduler::SchedulerParams;
pub use state::{
    ArrayPart, DepKind, DepTerm, Dependency, FixedFactors, Gpus, Hold, Job, JobState, Mem, Node,
    NodeBase, NodeReason, OutputLine, Partition, PriorityCalc, Reason, Request, RunRecord, SchedBy,
    Shape, StepId, StepRecord,
};

/// Why a cluster could not be built.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ClusterError {
    /// The slurm.conf text has errors.
    #[error("slurm.conf: {0}")]
    Config(#[from] ConfErrors),
    /// The association tree is invalid.
    #[error("accounts: {0}")]
    Accounts(#[from] FairShareError),
    /// A partition names a node that no `NodeName` line defines.
    #[error("partition {partition} names unknown node {node}")]
    UnknownNode {
        /// The partition.
        partition: String,
        /// The node.
        node: String,
    },
    /// A user's default account is not one of the tree's accounts.
    #[error("user {user}: default account {account} has no association for them")]
    DefaultAccount {
        /// The user.
        user: String,
        /// The account.
        account: String,
    },
}

/// Who runs a command, where, and with what: the files it may read
/// (`sbatch job.sh`) and the programs its jobs may run.
pub struct Caller<'a> {
    /// The login name.
    pub user: &'a str,
    /// The working directory (new jobs' `WorkDir`).
    pub cwd: &'a str,
    /// The host typed on (the login node, or a node inside a job); empty
    /// without a shell.
    pub host: &'a str,
    /// Reads a file by path (relative paths are relative to `cwd`).
    pub files: &'a dyn Fn(&str) -> Option<String>,
    /// The caller's exported environment (`SLURM_JOB_NODELIST` for
    /// `scontrol show hostnames`, what jobs inherit); `None` when there is
    /// no shell, and jobs start with the login shell's.
    pub env: Option<&'a crate::sorted::SortedMap<String, String>>,
    /// Runs programs for `srun` and job scripts.
    pub programs: &'a mut dyn ProgramRunner,
}

impl Caller<'_> {
    /// The caller's variable `name`.
    fn var(&self, name: &str) -> Option<String> {
        self.env?.get(name).cloned()
    }
}

/// The timers of the event loop: when each periodic pass next runs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Timers {
    /// The next priority calculation.
    pub(crate) next_calc: i64,
    /// The last priority calculation (usage is charged since then).
    pub(crate) last_calc: i64,
    /// The next backfill pass.
    pub(crate) next_backfill: i64,
    /// The next full pass of the main scheduler.
    pub(crate) next_sched: i64,
}

/// The simulated cluster. See the module documentation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Cluster {
    config: ClusterConfig,
    nodes: Vec<Node>,
    partitions: Vec<Partition>,
    accounts: Accounts,
    jobs: JobTable,
    next_job_id: u32,
    now: i64,
    rng: Rng,
    params: SchedulerParams,
    timers: Timers,
    /// Running jobs by end time and per node, pending ones by begin time.
    runs: RunIndex,
    /// Pending jobs in priority order, and the passes due to look at them.
    queue: Queue,
    /// Text jobs wrote, not yet handed to the caller.
    writes: Vec<FileWrite>,
    /// Pending jobs with unmet dependencies.
    dependents: SortedSet<u32>,
    /// Nodes whose slurmd answers again at a time.
    answers: Answers,
    /// Per partition, per node: whether the node belongs to it.
    membership: Vec<Vec<bool>>,
    /// Bumped whenever the accounts may have changed shape.
    assoc_generation: u64,
    /// The Fair Tree factors by association while usage stays the same.
    fair_share_cache: Option<Vec<f64>>,
    /// Users with `AdminLevel=Operator`: like root, they may update nodes
    /// and other users' jobs.
    #[serde(default)]
    operators: SortedSet<String>,
    /// Commands jobs' scripts ran ahead of the clock, earliest first.
    #[serde(default)]
    deferred: Vec<deferred::Deferred>,
}

/// The nodes of a configuration as they boot at `epoch`: their hardware
/// from the `NodeName=` lines, readings drawn from `rng`.
fn build_nodes(config: &ClusterConfig, epoch: i64, rng: &mut Rng) -> Vec<Node> {
    let mut nodes = Vec::new();
    for line in &config.nodes {
        let gpus = u32::try_from(line.gpus()).unwrap_or(u32::MAX);
        let option = |key: &str| {
            line.other
                .iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(key))
                .map(|(_, v)| v.as_str())
        };
        let hostnames = option("NodeHostname")
            .and_then(|h| crate::sim::slurm::hostlist::Hostlist::parse(h).ok());
        // `Port=[17001-17004]` is a range like a hostlist's.
        let ports = option("Port")
            .and_then(|p| crate::sim::slurm::hostlist::Hostlist::parse(&format!("p{p}")).ok());
        for (i, name) in line.names.names().iter().enumerate() {
            let hostname = hostnames
                .as_ref()
                .and_then(|h| h.names().get(i))
                .cloned()
                .unwrap_or_else(|| name.clone());
            let port = ports
                .as_ref()
                .and_then(|p| p.names().get(i).or_else(|| p.names().first()))
                .and_then(|p| p.trim_start_matches('p').parse().ok())
                .unwrap_or(6818);
            let boot = epoch - 300 - i64::try_from(rng.below(600)).unwrap_or(0);
            nodes.push(Node {
                name: name.clone(),
                hostname,
                addr: option("NodeAddr").unwrap_or(name).to_owned(),
                port,
                cpus: u32::from(line.cpus),
                boards: u32::from(line.boards),
                sockets: u32::from(line.sockets),
                cores_per_socket: u32::from(line.cores_per_socket),
                threads_per_core: u32::from(line.threads_per_core),
                real_memory_mb: line.real_memory_mb,
                gpus,
                gres: line
                    .gres
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(","),
                weight: line.weight,
                features: line.features.clone(),
                partitions: Vec::new(),
                alloc: Res::default(),
                down: matches!(
                    line.state,
                    InitialState::Down | InitialState::Fail | InitialState::Future
                ),
                drain: matches!(line.state, InitialState::Drain | InitialState::Fail),
                not_responding: false,
                responds_at: None,
                reason: None,
                boot_time: boot,
                slurmd_start_time: epoch,
                last_busy: epoch,
                base_load_centi: u32::try_from(rng.below(200)).unwrap_or(0),
                base_free_mem_mb: free_mem(line.real_memory_mb, rng),
                os: "Linux 6.1.0-18-amd64 #1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1 (2024-02-01) "
                    .to_owned(),
            });
        }
    }
    nodes
}

/// The partitions of a configuration over `nodes`, each node told which
/// partitions it is in; an unknown node in a partition is an error.
fn build_partitions(
    config: &ClusterConfig,
    mut nodes: Vec<Node>,
) -> Result<(Vec<Node>, Vec<Partition>), ClusterError> {
    let mut partitions = Vec::new();
    for p in &config.partitions {
        let names = match &p.nodes {
            PartitionNodes::All => nodes.iter().map(|n| n.name.clone()).collect(),
            PartitionNodes::List(list) => list.names().to_vec(),
        };
        let mut indices = Vec::new();
        for name in names {
            let Some(i) = nodes.iter().position(|n| n.name == name) else {
                return Err(ClusterError::UnknownNode {
                    partition: p.name.clone(),
                    node: name,
                });
            };
            if !indices.contains(&i) {
                indices.push(i);
                nodes[i].partitions.push(p.name.clone());
            }
        }
        // Allocation order: lowest weight, then configuration order.
        crate::sort::by_key(&mut indices, |&i| (nodes[i].weight, i));
        partitions.push(Partition {
            name: p.name.clone(),
            nodes: indices,
            default: p.default,
            max_time: p.max_time,
            default_time: p.default_time,
            max_nodes: p.max_nodes,
            state: p.state,
            priority_tier: p.priority_tier,
            priority_job_factor: p.priority_job_factor,
        });
    }
    Ok((nodes, partitions))
}

/// A node's idle free memory: what an idle Linux node leaves free, at
/// most 20 GiB (the reference cluster's nodes share one small machine).
fn free_mem(real_mb: u64, rng: &mut Rng) -> u64 {
    let cap = real_mb.min(20_480);
    cap - rng.below(cap / 8 + 1).min(cap)
}

/// The first job id: the reference transcripts' jobs are numbered from 1.
pub const FIRST_JOB_ID: u32 = 1;

/// The login node's name: where jobs are submitted from and the prompt's
/// host.
pub const LOGIN_HOST: &str = "login1";

impl Cluster {
    /// A cluster from a configuration and its accounts, at time `epoch`
    /// (seconds since 1970, UTC) with random numbers from `seed`. Nodes
    /// start as their `State=` says (UNKNOWN nodes register at once and
    /// are idle).
    pub fn new(
        config: ClusterConfig,
        accounts: Accounts,
        epoch: i64,
        seed: u64,
    ) -> Result<Self, ClusterError> {
        for user in &accounts.users {
            if !accounts.has_assoc(&user.default_account, &user.name) {
                return Err(ClusterError::DefaultAccount {
                    user: user.name.clone(),
                    account: user.default_account.clone(),
                });
            }
        }
        let mut rng = Rng::new(seed);
        let nodes = build_nodes(&config, epoch, &mut rng);
        let (nodes, partitions) = build_partitions(&config, nodes)?;
        let node_count = nodes.len();
        let membership: Vec<Vec<bool>> = partitions
            .iter()
            .map(|p: &Partition| (0..node_count).map(|n| p.nodes.contains(&n)).collect())
            .collect();
        let params = SchedulerParams::from_config(&config, epoch);
        let timers = Timers {
            next_calc: params.next_calc(epoch, &config),
            last_calc: epoch,
            next_backfill: params.next_tick(epoch, params.bf_interval_s),
            next_sched: params.next_tick(epoch, params.sched_interval_s),
        };
        Ok(Self {
            config,
            nodes,
            partitions,
            accounts,
            jobs: JobTable::new(),
            next_job_id: FIRST_JOB_ID,
            now: epoch,
            rng,
            params,
            timers,
            runs: RunIndex::new(node_count),
            queue: Queue::default(),
            writes: Vec::new(),
            dependents: SortedSet::new(),
            answers: Answers::default(),
            deferred: Vec::new(),
            membership,
            assoc_generation: 0,
            fair_share_cache: None,
            operators: SortedSet::new(),
        })
    }

    /// The reference cluster of the transcripts (`node-[1-4]`, partitions
    /// `gpu` and `debug`, accounts `team-a` and `team-b`).
    pub fn reference(epoch: i64, seed: u64) -> Result<Self, ClusterError> {
        Self::new(
            ClusterConfig::reference()?,
            Accounts::reference()?,
            epoch,
            seed,
        )
    }

    /// Gives `user` `AdminLevel=Operator` (as `sacctmgr modify user ...
    /// set adminlevel=operator` does): on-call staff who drain nodes and
    /// requeue jobs without being root.
    pub fn grant_operator(&mut self, user: &str) {
        self.operators.insert(user.to_owned());
    }

    /// Whether `user` is root or an operator.
    pub fn is_operator(&self, user: &str) -> bool {
        user == "root" || self.operators.contains(user)
    }

    /// The simulated time, seconds since the epoch.
    pub fn now(&self) -> i64 {
        self.now
    }

    /// The configuration.
    pub fn config(&self) -> &ClusterConfig {
        &self.config
    }

    /// The nodes, in configuration order.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// A node by name, to adjust (e.g. its `CPULoad` reading in a lesson).
    pub fn node_mut(&mut self, name: &str) -> Option<&mut Node> {
        self.nodes.iter_mut().find(|n| n.name == name)
    }

    /// The partitions, in configuration order.
    pub fn partitions(&self) -> &[Partition] {
        &self.partitions
    }

    /// Users, QOS and associations.
    pub fn accounts(&self) -> &Accounts {
        &self.accounts
    }

    /// Users, QOS and associations, to adjust (e.g. a lesson's usage).
    pub fn accounts_mut(&mut self) -> &mut Accounts {
        self.queue.reorder();
        self.assoc_generation += 1;
        self.fair_share_cache = None;
        &mut self.accounts
    }

    /// Every job the cluster remembers, by id.
    pub fn jobs(&self) -> &JobTable {
        &self.jobs
    }

    /// One job.
    pub fn job(&self, id: u32) -> Option<&Job> {
        self.jobs.get(&id)
    }

    /// The scheduler's parameters.
    pub fn params(&self) -> &SchedulerParams {
        &self.params
    }

    /// The scheduler's parameters, to adjust; call
    /// [`Self::restart_timers`] after changing an interval or the origin.
    pub fn params_mut(&mut self) -> &mut SchedulerParams {
        &mut self.params
    }

    /// Sets when the periodic passes tick (`origin + k * period`) and
    /// restarts the timers from now: a transcript's controller started at
    /// some moment, which fixes the seconds its passes run at.
    pub fn restart_timers(&mut self, origin: i64) {
        self.params.timer_origin = origin;
        self.restart_decay_timer(origin);
        let now = self.now;
        self.timers.next_backfill = self.params.next_tick(now, self.params.bf_interval_s);
        self.timers.next_sched = self.params.next_tick(now, self.params.sched_interval_s);
    }

    /// Sets when the priority pass ticks (`origin + k *
    /// PriorityCalcPeriod`), apart from the other passes, and restarts its
    /// timer from now.
    pub fn restart_decay_timer(&mut self, origin: i64) {
        self.params.decay_origin = origin;
        self.timers.next_calc = self.params.next_calc(self.now, &self.config);
    }

    /// The id the next job will get.
    pub fn next_job_id(&self) -> u32 {
        self.next_job_id
    }

    /// Sets the id the next job gets (to continue a transcript's
    /// numbering); ids only grow, so a smaller one is ignored.
    pub fn set_next_job_id(&mut self, id: u32) {
        self.next_job_id = self.next_job_id.max(id);
    }

    /// Hands over the text jobs wrote since the last call (output due by
    /// now included), in order.
    pub fn drain_file_writes(&mut self) -> Vec<FileWrite> {
        self.flush_running_output();
        std::mem::take(&mut self.writes)
    }

    /// A user by name.
    fn user(&self, name: &str) -> Option<&User> {
        self.accounts.user(name)
    }

    /// The index of a node by name.
    fn node_index(&self, name: &str) -> Option<usize> {
        self.nodes.iter().position(|n| n.name == name)
    }

    /// The index of a partition by name.
    fn partition_index(&self, name: &str) -> Option<usize> {
        self.partitions.iter().position(|p| p.name == name)
    }

    /// The compressed list of nodes given by index.
    fn hostlist(&self, nodes: &[usize]) -> String {
        crate::sim::slurm::hostlist::Hostlist::from_names(
            nodes
                .iter()
                .filter_map(|&i| self.nodes.get(i))
                .map(|n| n.name.clone()),
        )
        .to_string()
    }
}
