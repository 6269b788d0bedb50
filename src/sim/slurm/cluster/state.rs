//! The cluster's plain-data state: nodes with their flags and reasons,
//! partitions, and jobs with their requests, times, allocations and
//! accounting records. Only data and the names Slurm prints for it; the
//! behaviour lives in the scheduler and lifecycle modules.

use serde::{Deserialize, Serialize};

use super::export::UserEnv;
use super::job_options::JobExtras;
use super::resources::Res;
use crate::sim::slurm::conf::PartitionState;
use crate::sim::slurm::time_spec::TimeLimit;

/// Why a node is drained or down, who said so and when
/// (`scontrol update ... Reason=`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NodeReason {
    /// The text.
    pub text: String,
    /// The user who set it.
    pub user: String,
    /// When, seconds since the epoch.
    pub time: i64,
}

/// One node: its configuration, what is allocated on it, and its flags.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Node {
    /// `NodeName`.
    pub name: String,
    /// `NodeHostName`.
    pub hostname: String,
    /// `NodeAddr`.
    pub addr: String,
    /// slurmd's port.
    pub port: u32,
    /// `CPUs`.
    pub cpus: u32,
    /// `Boards`.
    pub boards: u32,
    /// Sockets in all.
    pub sockets: u32,
    /// `CoresPerSocket`.
    pub cores_per_socket: u32,
    /// `ThreadsPerCore`.
    pub threads_per_core: u32,
    /// `RealMemory`, megabytes.
    pub real_memory_mb: u64,
    /// GPUs (`Gres=gpu:N`).
    pub gpus: u32,
    /// The `Gres` as configured, e.g. `gpu:8`.
    pub gres: String,
    /// `Weight`.
    pub weight: u32,
    /// `Features`.
    pub features: Vec<String>,
    /// The partitions it belongs to, in configuration order.
    pub partitions: Vec<String>,
    /// What running jobs hold.
    pub alloc: Res,
    /// DOWN: takes no jobs, its jobs failed.
    pub down: bool,
    /// DRAIN: takes no new jobs (`drng` while jobs still run, `drain` after).
    pub drain: bool,
    /// NOT_RESPONDING (`*`): slurmd has not answered yet.
    pub not_responding: bool,
    /// When a not-responding node answers again.
    pub responds_at: Option<i64>,
    /// The reason for DRAIN or DOWN.
    pub reason: Option<NodeReason>,
    /// When the node booted.
    pub boot_time: i64,
    /// When its slurmd started.
    pub slurmd_start_time: i64,
    /// When it last became idle.
    pub last_busy: i64,
    /// The load average with no jobs, hundredths (`CPULoad`).
    pub base_load_centi: u32,
    /// Free memory with no jobs, megabytes (`FreeMem`).
    pub base_free_mem_mb: u64,
    /// The kernel line of `scontrol show node` (`OS=`).
    pub os: String,
}

/// The base state of a node as the Slurm clients derive it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum NodeBase {
    /// No job.
    Idle,
    /// Some CPUs allocated.
    Mixed,
    /// Every CPU allocated.
    Allocated,
    /// Down.
    Down,
}

impl Node {
    /// What is free for new jobs, ignoring flags.
    pub fn free(&self) -> Res {
        self.total() - self.alloc
    }

    /// The node's whole capacity.
    pub fn total(&self) -> Res {
        Res::new(self.cpus, self.real_memory_mb, self.gpus)
    }

    /// Whether new jobs may start on it.
    pub fn usable(&self) -> bool {
        !self.down && !self.drain && !self.not_responding
    }

    /// IDLE, MIXED (some CPUs, or only GPUs or memory, in use), ALLOCATED
    /// (all CPUs) or DOWN.
    pub fn base(&self) -> NodeBase {
        if self.down {
            NodeBase::Down
        } else if self.alloc.cpus == 0 {
            // No cores in use: idle, though a suspended job may still
            // hold memory and GPUs here (`_suspend_job_nodes`).
            NodeBase::Idle
        } else if self.alloc.cpus >= self.cpus {
            NodeBase::Allocated
        } else {
            NodeBase::Mixed
        }
    }

    fn busy(&self) -> bool {
        matches!(self.base(), NodeBase::Mixed | NodeBase::Allocated)
    }

    fn star(&self) -> &'static str {
        if self.not_responding { "*" } else { "" }
    }

    /// `node_state_string`: `IDLE`, `MIXED`, `DRAINING`, `DRAINED`,
    /// `DOWN*`, ... (`sinfo -l` prints it in lower case).
    pub fn state_long(&self) -> String {
        let word = if self.drain {
            if self.busy() { "DRAINING" } else { "DRAINED" }
        } else {
            match self.base() {
                NodeBase::Idle => "IDLE",
                NodeBase::Mixed => "MIXED",
                NodeBase::Allocated => "ALLOCATED",
                NodeBase::Down => "DOWN",
            }
        };
        format!("{word}{}", self.star())
    }

    /// `node_state_string_compact`: `IDLE`, `MIX`, `ALLOC`, `DRNG`,
    /// `DRAIN`, `DOWN`, with `*` when not responding.
    pub fn state_compact(&self) -> String {
        let word = if self.drain {
            if self.busy() { "DRNG" } else { "DRAIN" }
        } else {
            match self.base() {
                NodeBase::Idle => "IDLE",
                NodeBase::Mixed => "MIX",
                NodeBase::Allocated => "ALLOC",
                NodeBase::Down => "DOWN",
            }
        };
        format!("{word}{}", self.star())
    }

    /// `scontrol`'s `State=`: the base and its flags, `MIXED+DRAIN`,
    /// `DOWN+NOT_RESPONDING`.
    pub fn state_complete(&self) -> String {
        let mut s = match self.base() {
            NodeBase::Idle => "IDLE",
            NodeBase::Mixed => "MIXED",
            NodeBase::Allocated => "ALLOCATED",
            NodeBase::Down => "DOWN",
        }
        .to_owned();
        if self.drain {
            s.push_str("+DRAIN");
        }
        if self.not_responding {
            s.push_str("+NOT_RESPONDING");
        }
        s
    }

    /// Slurm's numeric node state (base plus flag bits), by which `sinfo`
    /// sorts its lines (`-t`, descending).
    pub fn state_code(&self) -> u32 {
        let base = match self.base() {
            NodeBase::Down => 1,
            NodeBase::Idle => 2,
            NodeBase::Allocated => 3,
            NodeBase::Mixed => 5,
        };
        base | if self.drain { 0x200 } else { 0 } | if self.not_responding { 0x800 } else { 0 }
    }

    /// `CPULoad`, hundredths: the idle load plus one per allocated CPU.
    pub fn cpu_load_centi(&self) -> u32 {
        self.base_load_centi
            .saturating_add(self.alloc.cpus.saturating_mul(100))
    }

    /// `FreeMem`, megabytes: the idle value less what jobs hold.
    pub fn free_mem_mb(&self) -> u64 {
        self.base_free_mem_mb.saturating_sub(self.alloc.mem_mb)
    }
}

/// A partition at run time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Partition {
    /// `PartitionName`.
    pub name: String,
    /// Indices into the node table.
    pub nodes: Vec<usize>,
    /// `Default=YES`.
    pub default: bool,
    /// `MaxTime`.
    pub max_time: TimeLimit,
    /// `DefaultTime` (`None`: MaxTime applies).
    pub default_time: Option<TimeLimit>,
    /// `MaxNodes` (`None`: unlimited).
    pub max_nodes: Option<u32>,
    /// `State`.
    pub state: PartitionState,
    /// `PriorityTier`.
    pub priority_tier: u16,
    /// `PriorityJobFactor`.
    pub priority_job_factor: u16,
}

impl Partition {
    /// The time limit a job gets without `--time`.
    pub fn default_limit(&self) -> TimeLimit {
        self.default_time.unwrap_or(self.max_time)
    }
}

/// The priority factors of a job that do not change while it waits: its
/// size, partition, QOS and TRES factors (the TRES in the order of
/// `PriorityWeightTRES`), worked out once at submission.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FixedFactors {
    /// The job size factor.
    pub job_size: f64,
    /// The partition factor.
    pub partition: f64,
    /// The QOS factor.
    pub qos: f64,
    /// The TRES factors.
    pub tres: Vec<f64>,
}

/// The inputs of a job's last priority calculation that change with time.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PriorityCalc {
    /// When, seconds since the epoch (the age counts up to here).
    pub at: i64,
    /// The fair-share factor of the job's association then.
    pub fair_share: f64,
}

/// A job's state (`JobState=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum JobState {
    /// Waiting.
    Pending,
    /// Running.
    Running,
    /// Stopped by `scontrol suspend`, holding its memory and GPUs.
    Suspended,
    /// Ended with exit code 0.
    Completed,
    /// Ended with a non-zero exit code.
    Failed,
    /// Killed at its time limit.
    Timeout,
    /// Cancelled (`scancel`).
    Cancelled,
    /// Killed because a node failed.
    NodeFail,
}

impl JobState {
    /// `job_state_string`: `PENDING`, `RUNNING`, ...
    pub fn name(self) -> &'static str {
        match self {
            Self::Pending => "PENDING",
            Self::Running => "RUNNING",
            Self::Suspended => "SUSPENDED",
            Self::Completed => "COMPLETED",
            Self::Failed => "FAILED",
            Self::Timeout => "TIMEOUT",
            Self::Cancelled => "CANCELLED",
            Self::NodeFail => "NODE_FAIL",
        }
    }

    /// `job_state_string_compact`: `PD`, `R`, `S`, `CD`, `F`, `TO`, `CA`, `NF`.
    pub fn compact(self) -> &'static str {
        match self {
            Self::Pending => "PD",
            Self::Running => "R",
            Self::Suspended => "S",
            Self::Completed => "CD",
            Self::Failed => "F",
            Self::Timeout => "TO",
            Self::Cancelled => "CA",
            Self::NodeFail => "NF",
        }
    }

    /// Whether the job has ended.
    pub fn is_finished(self) -> bool {
        !matches!(self, Self::Pending | Self::Running | Self::Suspended)
    }

    /// Whether the job has its nodes: running, or suspended on them.
    pub fn has_nodes(self) -> bool {
        matches!(self, Self::Running | Self::Suspended)
    }
}

/// Why a job waits (`Reason=`), as `job_reason_string` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reason {
    /// `None`: not yet evaluated, or running.
    None,
    /// Waits behind higher-priority jobs.
    Priority,
    /// The highest-priority job waiting for resources.
    Resources,
    /// Waits for other jobs (`--dependency`).
    Dependency,
    /// Its dependency can never be satisfied.
    DependencyNeverSatisfied,
    /// Held by its user (`sbatch -H`, `scontrol uhold`).
    JobHeldUser,
    /// Held by an administrator (`scontrol hold`).
    JobHeldAdmin,
    /// Not before its begin time (after a requeue).
    BeginTime,
    /// A requested node is not available.
    ReqNodeNotAvail,
    /// More nodes than the partition allows.
    PartitionNodeLimit,
    /// A longer time limit than the partition allows.
    PartitionTimeLimit,
    /// The array's `%N` limit of running tasks is reached.
    JobArrayTaskLimit,
    /// Ended with a non-zero exit code.
    NonZeroExitCode,
    /// slurmstepd could not start it (`FAIL_LAUNCH`): its output files
    /// could not be opened.
    JobLaunchFailure,
    /// Reached its time limit.
    TimeLimit,
    /// A node of the job failed.
    NodeDown,
    /// No node could hold it: refused after slurmctld made its record.
    BadConstraints,
}

impl Reason {
    /// `job_reason_string`.
    pub fn name(self) -> &'static str {
        match self {
            Self::None => "None",
            Self::Priority => "Priority",
            Self::Resources => "Resources",
            Self::Dependency => "Dependency",
            Self::DependencyNeverSatisfied => "DependencyNeverSatisfied",
            Self::JobHeldUser => "JobHeldUser",
            Self::JobHeldAdmin => "JobHeldAdmin",
            Self::BeginTime => "BeginTime",
            Self::ReqNodeNotAvail => "ReqNodeNotAvail",
            Self::PartitionNodeLimit => "PartitionNodeLimit",
            Self::PartitionTimeLimit => "PartitionTimeLimit",
            Self::JobArrayTaskLimit => "JobArrayTaskLimit",
            Self::NonZeroExitCode => "NonZeroExitCode",
            Self::JobLaunchFailure => "JobLaunchFailure",
            Self::TimeLimit => "TimeLimit",
            Self::NodeDown => "NodeDown",
            Self::BadConstraints => "BadConstraints",
        }
    }
}

/// Who holds a job.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Hold {
    /// Its user (`-H`, `scontrol uhold`): the user may release it.
    User,
    /// An administrator (`scontrol hold` by root): only root releases it.
    Admin,
}

/// Memory requested.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mem {
    /// `--mem`: per node.
    PerNode(u64),
    /// `--mem-per-cpu`.
    PerCpu(u64),
    /// `--mem-per-gpu`: each node's share is this times its GPUs.
    PerGpu(u64),
}

impl Mem {
    /// slurmctld's `pn_min_memory` for a request (MB, and whether per
    /// CPU): what `--mem` or `--mem-per-cpu` asked, else `DefMemPerCPU`,
    /// else 0 per node; `--mem-per-gpu` leaves it to the default
    /// (`_job_create`, job_mgr.c).
    pub fn min_memory(request: Option<Mem>, def_per_cpu: Option<u64>) -> (u64, bool) {
        match request {
            Some(Mem::PerNode(m)) => (m, false),
            Some(Mem::PerCpu(m)) => (m, true),
            _ => def_per_cpu.map_or((0, false), |m| (m, true)),
        }
    }
}

/// GPUs requested.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Gpus {
    /// `--gpus-per-node`, `--gres=gpu:N`.
    PerNode(u32),
    /// `--gpus`: for the whole job.
    Total(u32),
    /// `--gpus-per-task`: for each task.
    PerTask(u32),
}

/// What a job asked for, as given.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Request {
    /// `-N min[-max]`.
    pub nodes: Option<(u32, u32)>,
    /// `-n`.
    pub ntasks: Option<u32>,
    /// `-c` (default 1).
    pub cpus_per_task: Option<u32>,
    /// `--ntasks-per-node`.
    pub ntasks_per_node: Option<u32>,
    /// `--mem`, `--mem-per-cpu`, `--mem-per-gpu`.
    pub mem: Option<Mem>,
    /// `--gpus`, `--gpus-per-node`, `--gres`.
    pub gpus: Option<Gpus>,
    /// `-w`: nodes that must be in the allocation.
    pub nodelist: Vec<String>,
    /// `-x`: nodes that must not be.
    pub exclude: Vec<String>,
    /// `--exclusive[=user|mcs|oversubscribe]`.
    #[serde(default)]
    pub sharing: Option<Sharing>,
    /// `-C`: the node features it needs, as given.
    #[serde(default)]
    pub constraint: Option<String>,
    /// `--cpus-per-gpu`.
    #[serde(default)]
    pub cpus_per_gpu: Option<u32>,
}

/// Whom a job shares its nodes with, as `--exclusive` says
/// (`arg_set_exclusive` in src/common/slurm_opt.c).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Sharing {
    /// `--exclusive`: nobody; the job holds every CPU and GPU of its nodes.
    Exclusive,
    /// `--exclusive=user`: only its user's jobs.
    User,
    /// `--exclusive=mcs`: only jobs of its MCS label.
    Mcs,
    /// `--exclusive=oversubscribe`: anyone, even past the CPUs.
    Oversubscribe,
}

impl Sharing {
    /// `--exclusive`'s argument: `None` (or `exclusive`), `user`, `mcs` or
    /// `oversubscribe`, in any case.
    pub fn parse(arg: Option<&str>) -> Option<Sharing> {
        match arg.map(str::to_ascii_lowercase).as_deref() {
            None | Some("exclusive") => Some(Sharing::Exclusive),
            Some("user") => Some(Sharing::User),
            Some("mcs") => Some(Sharing::Mcs),
            Some("oversubscribe") => Some(Sharing::Oversubscribe),
            Some(_) => None,
        }
    }

    /// `OverSubscribe=` in `scontrol show job` (`job_share_string`) for a
    /// job that asked `sharing`; `OK` when it asked nothing.
    pub fn shown(sharing: Option<Sharing>) -> &'static str {
        match sharing {
            Some(Sharing::Exclusive) => "NO",
            Some(Sharing::Oversubscribe) => "YES",
            Some(Sharing::User) => "USER",
            Some(Sharing::Mcs) => "MCS",
            None => "OK",
        }
    }
}

/// The shape the scheduler places: a node count and what each node gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Shape {
    /// Nodes.
    pub nodes: u32,
    /// Tasks in all.
    pub tasks: u32,
    /// CPUs per task.
    pub cpus_per_task: u32,
    /// The most any node gives the job: what the scheduler looks for on
    /// each node.
    pub per_node: Res,
    /// CPUs in all (`min_cpus`); 0 in progress saved before jobs kept it,
    /// read as `per_node`'s on every node.
    #[serde(default)]
    pub cpus: u32,
    /// The fewest CPUs any node gives (`pn_min_cpus`).
    #[serde(default)]
    pub least_cpus: u32,
    /// Memory per CPU (`--mem-per-cpu`, `DefMemPerCPU`): each node's
    /// follows its CPUs; 0 when memory is asked per node or per GPU.
    #[serde(default)]
    pub mem_per_cpu: u64,
}

impl Shape {
    /// The job's total, as asked.
    pub fn total(&self) -> Res {
        let even = self.per_node.times(self.nodes);
        if self.cpus == 0 {
            return even;
        }
        Res::new(self.cpus, self.mem_for(self.cpus, even.mem_mb), even.gpus)
    }

    /// The memory `cpus` CPUs of it hold (`per_node` when not per CPU).
    fn mem_for(&self, cpus: u32, per_node: u64) -> u64 {
        match self.mem_per_cpu {
            0 => per_node,
            m => m.saturating_mul(u64::from(cpus)),
        }
    }

    /// The shape of a job of `-N min-max` started on `nodes` nodes: the
    /// tasks `-n` did not count are one a node (`--ntasks-per-node` a
    /// node), and its CPUs follow its tasks.
    pub fn spread(self, nodes: u32, r: &Request) -> Self {
        let tasks = match (r.ntasks, r.ntasks_per_node) {
            (Some(n), _) => n,
            (None, Some(per)) => per.saturating_mul(nodes),
            (None, None) => nodes,
        };
        let least = match self.least_cpus {
            0 => self.per_node.cpus,
            n => n,
        };
        let cpus = (tasks.saturating_mul(self.cpus_per_task))
            .max(least.saturating_mul(nodes))
            .min(self.per_node.cpus.saturating_mul(nodes));
        Self {
            nodes,
            tasks,
            cpus,
            ..self
        }
    }

    /// What it holds on each of the nodes whose free resources are
    /// `free`, in order, as cons_tres hands CPUs out (`_cpus_to_use`,
    /// then whole tasks by `dist_tasks`): each node as many as it has
    /// while leaving the nodes after it their least, so `-N2 -n4` holds
    /// 3 CPUs and 1.
    pub fn lay_out(&self, free: &[Res]) -> Vec<Res> {
        let least = match self.least_cpus {
            0 => self.per_node.cpus,
            n => n,
        };
        let step = self.cpus_per_task.max(1);
        let mut rem = self.total().cpus;
        let mut after = u32::try_from(free.len()).unwrap_or(u32::MAX);
        free.iter()
            .map(|f| {
                after = after.saturating_sub(1);
                let room = match self.mem_per_cpu {
                    0 => f.cpus,
                    m => f.cpus.min(u32::try_from(f.mem_mb / m).unwrap_or(u32::MAX)),
                };
                let want = rem.saturating_sub(after.saturating_mul(least)).min(room);
                let cpus = (want / step * step).max(least);
                rem = rem.saturating_sub(cpus);
                Res::new(
                    cpus,
                    self.mem_for(cpus, self.per_node.mem_mb),
                    self.per_node.gpus,
                )
            })
            .collect()
    }
}

/// A job's dependency on other jobs (`afterok:30`), all of which must hold.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dependency {
    /// The conditions.
    pub terms: Vec<DepTerm>,
}

/// One `type:id` condition, or `singleton`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DepTerm {
    /// `after`, `afterany`, `afterok`, `afternotok` or `singleton`.
    pub kind: DepKind,
    /// The job (0 for `singleton`, as slurmctld keeps it).
    pub job: u32,
}

/// When a dependency is met.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DepKind {
    /// Once the job has started.
    After,
    /// Once the job has ended, however.
    AfterAny,
    /// Once the job has completed with exit code 0.
    AfterOk,
    /// Once the job has ended otherwise.
    AfterNotOk,
    /// Once no earlier job of the same user and name is pending, and none
    /// runs.
    Singleton,
}

impl DepKind {
    /// The spelling of `--dependency`.
    pub fn name(self) -> &'static str {
        match self {
            Self::After => "after",
            Self::AfterAny => "afterany",
            Self::AfterOk => "afterok",
            Self::AfterNotOk => "afternotok",
            Self::Singleton => "singleton",
        }
    }
}

/// A job array's part of a job record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArrayPart {
    /// The array's job id (`38` of `38_2`).
    pub array_job_id: u32,
    /// This record's task, once split off to run; `None` for the record
    /// holding the pending tasks.
    pub task: Option<u32>,
    /// The pending tasks (the record that holds them).
    pub pending: Vec<u32>,
    /// `%N`: most tasks running at once.
    pub max_running: Option<u32>,
}

impl ArrayPart {
    /// The part of the record that holds an array's pending tasks.
    pub fn holding(array_job_id: u32, pending: Vec<u32>, max_running: Option<u32>) -> Self {
        ArrayPart {
            array_job_id,
            task: None,
            pending,
            max_running,
        }
    }
}

/// Which scheduler started or last looked at a job.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SchedBy {
    /// The main scheduler.
    Main,
    /// The backfill scheduler.
    Backfill,
}

/// One simulated step of a job's script: what it prints and how long it
/// takes, computed when the job starts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepRecord {
    /// `batch`, or the step number of an `srun` line.
    pub id: StepId,
    /// The command's name (`hostname`).
    pub name: String,
    /// CPUs it held.
    pub cpus: u32,
    /// Seconds after the job's start.
    pub start_offset: u64,
    /// Seconds after the job's start (`None`: runs until the job ends).
    pub end_offset: Option<u64>,
    /// Its exit code.
    pub exit: i32,
    /// The signal number sacct shows after the colon (`0:53`), 0 if none.
    #[serde(default)]
    pub signal: i32,
    /// Its nodes, indices into the cluster's; empty in progress saved
    /// before steps kept their own (read as the job's, [`Self::nodes_of`]).
    #[serde(default)]
    pub nodes: Vec<usize>,
    /// Its tasks; 0 in progress saved before steps kept their own (read
    /// as the job's, [`Self::tasks_of`]).
    #[serde(default)]
    pub tasks: u32,
    /// Its own time limit (`srun -t`); `UNLIMITED` when its line gives
    /// none (step_mgr.c's `step_create`), the job's limit ending it then.
    #[serde(default = "no_time_limit")]
    pub time_limit: TimeLimit,
    /// The GPUs it holds over all its nodes; `None` in progress saved
    /// before steps kept their own (read as the job's on its nodes).
    #[serde(default)]
    pub gpus: Option<u32>,
    /// Its tasks compute while they run rather than wait
    /// ([`super::runner::ProgramOutput::computes`]); for `.batch`, the
    /// script ran such a program itself. Saved before: waiting.
    #[serde(default)]
    pub computes: bool,
}

/// SIGTERM, as [`StepRecord::signal`] holds it: what `scancel`, a time
/// limit or a killed `srun` sends the tasks.
pub(crate) const SIGTERM: i32 = 15;

/// The time limit of a step saved before steps kept one: none.
fn no_time_limit() -> TimeLimit {
    TimeLimit::Unlimited
}

impl StepRecord {
    /// The batch script's step of `job`, ended `end` seconds after the
    /// start (`None`: still running) with `exit` and `signal`.
    pub(crate) fn batch(job: &Job, end: Option<u64>, exit: i32, signal: i32) -> Self {
        Self {
            id: StepId::Batch,
            name: "batch".to_owned(),
            cpus: job.held_on(0).cpus,
            start_offset: 0,
            end_offset: end,
            exit,
            signal,
            nodes: job.nodes.iter().take(1).copied().collect(),
            tasks: 1,
            time_limit: TimeLimit::Unlimited,
            gpus: Some(job.shape.per_node.gpus),
            computes: false,
        }
    }

    /// What it holds in a run on `job_nodes` of a job holding `held` on
    /// them, as `step_set_alloc_tres` (step_mgr.c) counts it: its CPUs,
    /// the job's memory on each of its nodes (a step that asks for none
    /// gets it all, `SSF_MEM_ZERO`; `.batch` the batch host's) and its
    /// GPUs (the job's on its nodes when saved without them).
    pub fn allocated(&self, job_nodes: &[usize], held: &[Res]) -> Res {
        let job_share = (self.nodes_of(job_nodes).iter())
            .filter_map(|n| job_nodes.iter().position(|j| j == n))
            .filter_map(|i| held.get(i).copied())
            .fold(Res::default(), |sum, r| sum + r);
        Res::new(
            self.cpus,
            job_share.mem_mb,
            self.gpus.unwrap_or(job_share.gpus),
        )
    }

    /// Its nodes within a run on `job_nodes`: `.batch` runs on the first,
    /// a step on those it kept (all of them if it kept none).
    pub fn nodes_of<'a>(&'a self, job_nodes: &'a [usize]) -> &'a [usize] {
        match self.id {
            StepId::Batch => &job_nodes[..job_nodes.len().min(1)],
            StepId::Numbered(_) if self.nodes.is_empty() => job_nodes,
            StepId::Numbered(_) => &self.nodes,
        }
    }

    /// Its tasks within a job of `job_tasks`: `.batch` is one task.
    pub fn tasks_of(&self, job_tasks: u32) -> u32 {
        match self.id {
            StepId::Batch => 1,
            StepId::Numbered(_) if self.tasks == 0 => job_tasks,
            StepId::Numbered(_) => self.tasks,
        }
    }
}

/// A step's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum StepId {
    /// The batch script.
    Batch,
    /// An `srun` step.
    Numbered(u32),
}

/// The end of one run of a job, kept for `sacct` (a requeued job keeps
/// the run before the requeue as `REQUEUED`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunRecord {
    /// `State` of the job line (`REQUEUED`, `NODE_FAIL`, ...).
    pub state: String,
    /// When it started.
    pub start: i64,
    /// When it ended.
    pub end: i64,
    /// CPUs allocated.
    pub cpus: u32,
    /// Its nodes.
    pub nodes: Vec<usize>,
    /// The steps that had started, with their end state.
    pub steps: Vec<(StepRecord, String, String)>,
    /// The job line's exit code, `0:0`.
    pub exit: String,
}

/// One line of the script's output, due some seconds after the start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutputLine {
    /// Seconds after the start.
    pub offset: u64,
    /// The text, with its newline.
    pub text: String,
    /// Whether it went to the job's stderr file.
    pub stderr: bool,
}

/// A job (or the pending tasks of a job array).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Job {
    /// `JobId`.
    pub id: u32,
    /// The array part, for array jobs.
    pub array: Option<ArrayPart>,
    /// `JobName`.
    pub name: String,
    /// The user.
    pub user: String,
    /// The user's uid.
    pub uid: u32,
    /// The user's gid.
    pub gid: u32,
    /// The account charged.
    pub account: String,
    /// `--wckey`, in lower case. Without `TrackWCKey` slurmctld keeps it
    /// unchecked and only sacct shows it (`scontrol` prints `WCKey=`
    /// only with `TrackWCKey`).
    #[serde(default)]
    pub wckey: Option<String>,
    /// The partition.
    pub partition: String,
    /// The partition's index in [`crate::sim::slurm::cluster::Cluster::partitions`].
    pub partition_index: usize,
    /// The QOS.
    pub qos: String,
    /// What was asked for.
    pub request: Request,
    /// What the scheduler places.
    pub shape: Shape,
    /// The time limit.
    pub time_limit: TimeLimit,
    /// The state.
    pub state: JobState,
    /// Why it waits.
    pub reason: Reason,
    /// A longer text replacing the reason (`state_desc`), e.g.
    /// `ReqNodeNotAvail, UnavailableNodes:node-3`.
    pub reason_desc: Option<String>,
    /// The priority (0 while held).
    pub priority: u32,
    /// An operator set the priority (`--priority`, `scontrol update
    /// Priority=`): slurmctld's `direct_set_prio`. No calculation changes
    /// it, and `sprio` shows it without factors, until a hold or release.
    #[serde(default)]
    pub priority_set: bool,
    /// When the priority was last calculated and with which fair-share
    /// factor: `sprio` shows the factors of that calculation.
    pub priority_calc: Option<PriorityCalc>,
    /// The factors that do not change while it waits.
    pub fixed_factors: Option<FixedFactors>,
    /// Its user association: (generation of the accounts, index in their
    /// tree), remembered so that it is looked up once per generation.
    pub assoc: Option<(u64, usize)>,
    /// A hold.
    pub hold: Option<Hold>,
    /// The unmet dependency.
    pub dependency: Option<Dependency>,
    /// Whether the dependency can no longer be met.
    pub dependency_failed: bool,
    /// `--nice`.
    pub nice: i64,
    /// `Requeue=1`: requeued when a node fails.
    pub requeue: bool,
    /// A batch job (`sbatch`), not an `srun` allocation.
    pub batch: bool,
    /// `Restarts`.
    pub restarts: u32,
    /// `SubmitTime`.
    pub submit_time: i64,
    /// `EligibleTime` (`None`: Unknown).
    pub eligible_time: Option<i64>,
    /// `AccrueTime`: age counts from here.
    pub accrue_time: Option<i64>,
    /// Not before this time (`BeginTime` after a requeue).
    pub begin_time: Option<i64>,
    /// `StartTime`: actual, or the backfill scheduler's estimate.
    pub start_time: Option<i64>,
    /// `EndTime`: actual, or expected.
    pub end_time: Option<i64>,
    /// When it will end by itself (its script's run time), if running.
    pub natural_end: Option<i64>,
    /// The backfill scheduler's planned nodes (`SchedNodeList`).
    pub sched_nodes: Vec<usize>,
    /// `LastSchedEval`.
    pub last_sched_eval: i64,
    /// `Scheduler=`.
    pub sched_by: SchedBy,
    /// Last looked at by backfill (`Scheduler=Backfill:*`).
    pub backfill_last: bool,
    /// Allocated nodes (indices), while running or after.
    pub nodes: Vec<usize>,
    /// Per allocated node, the GPUs it holds there (bit `i`: GPU `i`).
    #[serde(default)]
    pub gpus: Vec<u64>,
    /// Per allocated node, what it holds there ([`Shape::lay_out`]); empty
    /// in progress saved before jobs kept it ([`Self::held_on`]).
    #[serde(default)]
    pub held: Vec<Res>,
    /// `ExitCode=` status and signal.
    pub exit: (i32, i32),
    /// The script (batch jobs).
    pub script: Option<String>,
    /// `Command=`: the script's path, `None` for `--wrap`.
    pub command: Option<String>,
    /// The words after the script on sbatch's command line: the
    /// script's `$1`...
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub script_args: Vec<String>,
    /// `WorkDir=`.
    pub work_dir: String,
    /// `StdOut=` pattern as given (`%j` expanded when shown).
    pub stdout: String,
    /// `StdErr=` pattern.
    pub stderr: String,
    /// `AllocNode:Sid` session id.
    pub alloc_sid: u32,
    /// Steps of the current run.
    pub steps: Vec<StepRecord>,
    /// Output of the current run, by offset.
    pub output: Vec<OutputLine>,
    /// How many output lines were already handed to the caller.
    pub output_flushed: usize,
    /// Earlier runs (requeued, node failures), oldest first.
    pub history: Vec<RunRecord>,
    /// Up to when its usage was charged to its association.
    pub charged_until: i64,
    /// The uid that cancelled it (`CANCELLED by 0`).
    pub cancelled_by: Option<u32>,
    /// The environment its batch script starts with, captured at
    /// submission.
    #[serde(default)]
    pub(crate) env: UserEnv,
    /// `--comment`, `--mail-type` and the like: shown, not scheduled.
    #[serde(default)]
    pub extras: JobExtras,
    /// Its suspensions (`scontrol suspend`) in this run.
    #[serde(default)]
    pub suspension: Suspension,
    /// Requeued with `State=SpecialExit`: held, shown as `SPECIAL_EXIT`
    /// until released.
    #[serde(default)]
    pub special_exit: bool,
}

impl Job {
    /// What it holds on its `i`th node: its shape's share when it kept no
    /// layout.
    pub fn held_on(&self, i: usize) -> Res {
        self.held.get(i).copied().unwrap_or(self.shape.per_node)
    }

    /// What it holds in all once started, what it asks until then.
    pub fn held_total(&self) -> Res {
        if self.held.is_empty() {
            return self.shape.total();
        }
        self.held.iter().fold(Res::default(), |sum, &r| sum + r)
    }

    /// What it holds on each of its nodes, in order.
    pub fn holdings(&self) -> Vec<Res> {
        (0..self.nodes.len()).map(|i| self.held_on(i)).collect()
    }

    /// The CPUs it holds on each of its nodes.
    pub fn cpus_on(&self) -> Vec<u32> {
        self.holdings().iter().map(|r| r.cpus).collect()
    }

    /// `38_2`, `38_[2-3%2]` or `35`: the id `squeue` prints.
    pub fn display_id(&self) -> String {
        match &self.array {
            Some(a) => match a.task {
                Some(t) => format!("{}_{t}", a.array_job_id),
                None => format!(
                    "{}_[{}]",
                    a.array_job_id,
                    task_ranges(&a.pending, a.max_running)
                ),
            },
            None => self.id.to_string(),
        }
    }

    /// `job_state_string`, which names the special exit flag over the
    /// base state.
    pub fn state_name(&self) -> &'static str {
        if self.special_exit {
            "SPECIAL_EXIT"
        } else {
            self.state.name()
        }
    }

    /// `job_state_string_compact`, likewise.
    pub fn state_compact(&self) -> &'static str {
        if self.special_exit {
            "SE"
        } else {
            self.state.compact()
        }
    }

    /// Seconds it has run by `now` (or its end), time suspended left
    /// out, as squeue's TIME and scontrol's `RunTime` count them. Its
    /// script's output and steps keep to this clock.
    pub fn run_time(&self, now: i64) -> i64 {
        let Some(start) = self.start_time.filter(|_| self.state != JobState::Pending) else {
            return 0;
        };
        if let Some(p) = self.suspension.current() {
            return p.ran;
        }
        let end = if self.state == JobState::Running {
            now
        } else {
            self.end_time.unwrap_or(now)
        };
        (end - start - self.suspension.total(end)).max(0)
    }

    /// Whether the job holds nodes now.
    pub fn is_running(&self) -> bool {
        self.state == JobState::Running
    }

    /// The text `squeue` shows in `(...)` and `scontrol` as `Reason=`.
    pub fn reason_text(&self) -> String {
        self.reason_desc
            .clone()
            .unwrap_or_else(|| self.reason.name().to_owned())
    }
}

/// One stop of a job's run by `scontrol suspend`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pause {
    /// The seconds it had run when stopped (`pre_sus_time`).
    pub ran: i64,
    /// When it was stopped.
    pub from: i64,
    /// When `scontrol resume` let it go on; `None` while suspended.
    pub to: Option<i64>,
}

/// The stops of a job's current run, oldest first.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Suspension {
    /// Each stop.
    pub pauses: Vec<Pause>,
}

impl Suspension {
    /// Seconds suspended before `end`.
    pub fn total(&self, end: i64) -> i64 {
        self.pauses
            .iter()
            .map(|p| (p.to.unwrap_or(end).min(end) - p.from.min(end)).max(0))
            .sum()
    }

    /// `SuspendTime`: when it was last suspended or resumed.
    pub fn last_change(&self) -> Option<i64> {
        self.pauses.last().map(|p| p.to.unwrap_or(p.from))
    }

    /// `SecsPreSuspend`: the seconds it had run when last suspended.
    pub fn ran_before(&self) -> i64 {
        self.pauses.last().map_or(0, |p| p.ran)
    }

    /// The time at which a run that began at `start` reached `ran`
    /// seconds of run time: later by every stop before that point.
    pub fn wall_time(&self, start: i64, ran: i64) -> i64 {
        let stopped: i64 = self
            .pauses
            .iter()
            .filter(|p| p.ran < ran)
            .map(|p| p.to.map_or(0, |to| (to - p.from).max(0)))
            .sum();
        start + ran + stopped
    }

    /// Seconds suspended while the run was between `from` and `to`
    /// seconds of run time (`to`: `None` for no end), by `now`: a
    /// step's share.
    pub fn between(&self, from: i64, to: Option<i64>, now: i64) -> i64 {
        self.pauses
            .iter()
            .filter(|p| p.ran >= from && to.is_none_or(|t| p.ran < t))
            .map(|p| (p.to.unwrap_or(now) - p.from).max(0))
            .sum()
    }

    /// The stop under way, if the job is suspended.
    pub fn current(&self) -> Option<&Pause> {
        self.pauses.last().filter(|p| p.to.is_none())
    }
}

/// Task ids in Slurm's bitmap form, `0-3`, `1,3,5-7`, with `%N`.
pub(crate) fn task_ranges(tasks: &[u32], max_running: Option<u32>) -> String {
    let mut sorted = tasks.to_vec();
    crate::sort::sort_dedup(&mut sorted);
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let start = sorted[i];
        let mut end = start;
        while i + 1 < sorted.len() && sorted[i + 1] == end + 1 {
            i += 1;
            end = sorted[i];
        }
        parts.push(if start == end {
            start.to_string()
        } else {
            format!("{start}-{end}")
        });
        i += 1;
    }
    let mut s = parts.join(",");
    if let Some(m) = max_running {
        s.push_str(&format!("%{m}"));
    }
    s
}
