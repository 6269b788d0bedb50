//! A job from the options of `sbatch` and `srun` (and `#SBATCH` lines),
//! checked as the command and then slurmctld check it: bad values with the
//! command's message (`Invalid --time specification`), then the
//! controller's refusals (`Invalid partition name specified`, `Requested
//! node configuration is not available`, `Node count specification
//! invalid` under `EnforcePartLimits=ALL`, ...).
//!
//! The shape placed on nodes: `-N` nodes (or as few as the tasks and GPUs
//! need), `-n` tasks (default one per node) spread evenly, `-c` CPUs per
//! task, memory per node from `--mem`, `--mem-per-cpu` or `DefMemPerCPU`
//! (the whole node when none is set), GPUs per node from
//! `--gpus-per-node`/`--gres` or `--gpus` spread over the nodes.

use super::accounts::User;
use crate::sim::slurm::conf::EnforcePartLimits;
use crate::sim::slurm::hostlist::Hostlist;
use crate::sim::slurm::time_spec::TimeLimit;

use super::export::UserEnv;
use super::job_options::{
    JobExtras, WarnSignal, parse_mail_type, unknown_cpu_bind, valid_gpu_bind,
};
use super::resources::Res;
use super::state::{
    ArrayPart, DepKind, DepTerm, Dependency, Gpus, Hold, Job, JobState, Mem, Reason, Request,
    SchedBy, Shape, Sharing, Suspension,
};
use super::{Cluster, clock, task_dist};
use crate::sim::slurm::c_num::{atoi, strtol};

/// The job options of `sbatch` and `srun`, as given.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct JobOptions {
    pub(crate) request: Request,
    pub(crate) time: Option<TimeLimit>,
    pub(crate) partition: Option<String>,
    pub(crate) name: Option<String>,
    pub(crate) account: Option<String>,
    pub(crate) qos: Option<String>,
    pub(crate) array: Option<String>,
    pub(crate) dependency: Option<String>,
    pub(crate) hold: bool,
    pub(crate) output: Option<String>,
    pub(crate) error: Option<String>,
    pub(crate) chdir: Option<String>,
    pub(crate) requeue: Option<bool>,
    pub(crate) nice: Option<i64>,
    /// `--priority`: a number above 0 (`TOP` is the highest one).
    pub(crate) priority: Option<u32>,
    /// `--wckey`, as given.
    pub(crate) wckey: Option<String>,
    /// What the job keeps only to show it.
    pub(crate) extras: JobExtras,
    /// `--begin`, as given (read against the controller's clock).
    pub(crate) begin: Option<String>,
    /// `--reservation`, as given.
    pub(crate) reservation: Option<String>,
    /// Which of `--mem`, `--mem-per-cpu` and `--mem-per-gpu` were given
    /// (bits in that order), which Slurm takes only one of.
    pub(crate) mem_options: u8,
}

/// A value the command refuses itself: its message (without the
/// `sbatch: error: ` prefix) and exit status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct OptError {
    pub(crate) message: String,
    pub(crate) exit: i32,
}

fn opt_error(message: String, exit: i32) -> OptError {
    OptError { message, exit }
}

impl JobOptions {
    /// Applies one option by its key; keys that are not job options are
    /// ignored (the command handles them).
    pub(crate) fn apply(&mut self, key: &str, value: Option<&str>) -> Result<(), OptError> {
        if let Some(bit) = ["mem", "mem-per-cpu", "mem-per-gpu"]
            .iter()
            .position(|k| *k == key)
        {
            self.mem_options |= 1 << bit;
        }
        match key {
            "gpus" => self.extras.gpus = value.map(str::to_owned),
            "gpus-per-node" => self.extras.gpus_per_node = value.map(str::to_owned),
            _ => {}
        }
        if !self.request.apply(key, value)? {
            self.apply_job(key, value.unwrap_or(""))?;
        }
        Ok(())
    }

    /// Applies one option that is not about resources: names, places,
    /// times and what the job does when it ends.
    fn apply_job(&mut self, key: &str, v: &str) -> Result<(), OptError> {
        match key {
            "time" => {
                self.time =
                    Some(TimeLimit::parse_time_option(v).map_err(|_| invalid_spec("time"))?);
            }
            "partition" => self.partition = Some(v.to_owned()),
            "job-name" => self.name = Some(v.to_owned()),
            "account" => self.account = Some(v.to_owned()),
            "qos" => self.qos = Some(v.to_owned()),
            "array" => self.array = Some(v.to_owned()),
            "dependency" => self.dependency = Some(v.to_owned()),
            "hold" => self.hold = true,
            "output" => self.output = Some(v.to_owned()),
            "error" => self.error = Some(v.to_owned()),
            "chdir" => self.chdir = Some(v.to_owned()),
            "wckey" => self.wckey = Some(v.to_owned()),
            "reservation" => self.reservation = Some(v.to_owned()),
            "requeue" => self.requeue = Some(true),
            "no-requeue" => self.requeue = Some(false),
            "comment" => self.extras.comment = Some(v.to_owned()),
            "distribution" => {
                let (dist, shown) = task_dist::parse(v).ok_or_else(|| invalid_spec(key))?;
                self.extras.distribution = Some(shown);
                self.extras.plane_size = match dist {
                    task_dist::TaskDist::Plane(size) => Some(size),
                    _ => None,
                };
            }
            "begin" => {
                if clock::parse_time(0, v, false).is_none() {
                    return Err(invalid_spec(key));
                }
                self.begin = Some(v.to_owned());
            }
            "mail-user" => self.extras.mail_user = Some(v.to_owned()),
            "mail-type" => {
                self.extras.mail_type |= parse_mail_type(v).ok_or_else(|| invalid_spec(key))?;
            }
            "open-mode" => {
                self.extras.append = match v.chars().next().map(|c| c.to_ascii_lowercase()) {
                    Some('a') => true,
                    Some('t') => false,
                    _ => return Err(invalid_spec(key)),
                };
            }
            "nice" => {
                let nice = if v.is_empty() { 100 } else { atoi(v) };
                if nice.abs() > NICE_RANGE {
                    return Err(opt_error(
                        format!("Invalid --nice value, out of range (+/- {NICE_RANGE})"),
                        255,
                    ));
                }
                self.nice = Some(nice);
            }
            "priority" => self.priority = read_priority(v)?,
            "signal" => {
                self.extras.warn = Some(WarnSignal::parse(v).ok_or_else(|| invalid_spec(key))?)
            }
            _ => check_launch_option(key, v)?,
        }
        Ok(())
    }
}

/// The largest nice either way (`NICE_OFFSET - 3`).
pub(crate) const NICE_RANGE: i64 = 2_147_483_645;

/// `--priority=N|TOP`, as `arg_set_priority` reads it; 0 asks for
/// nothing (`None`), and `TOP` is `NO_VAL - 1`.
fn read_priority(v: &str) -> Result<Option<u32>, OptError> {
    const NO_VAL: i64 = 0xffff_fffe;
    let n = if v.eq_ignore_ascii_case("top") {
        NO_VAL - 1
    } else {
        strtol(v, 10).0
    };
    if n < 0 {
        return Err(opt_error("Priority must be >= 0".to_owned(), 255));
    }
    if n >= NO_VAL {
        return Err(opt_error(format!("Priority must be < {NO_VAL}"), 255));
    }
    Ok(u32::try_from(n).ok().filter(|n| *n > 0))
}

/// `Invalid --KEY specification`, exit 255: slurm_opt.c's refusal of a
/// value it cannot read.
fn invalid_spec(key: &str) -> OptError {
    opt_error(format!("Invalid --{key} specification"), 255)
}

/// Checks the options a job keeps only for its steps' launch (bindings,
/// kill-on-bad-exit); others are the command's own.
fn check_launch_option(key: &str, v: &str) -> Result<(), OptError> {
    match key {
        "gpu-bind" if !valid_gpu_bind(v) => Err(opt_error(
            format!("Invalid --gpu-bind argument: gpu:{v}"),
            255,
        )),
        "cpu-bind" | "cpu_bind" => match unknown_cpu_bind(v) {
            Some(word) => Err(opt_error(
                format!("unrecognized --cpu-bind argument \"{word}\""),
                1,
            )),
            None => Ok(()),
        },
        "kill-on-bad-exit" if !v.is_empty() && v.parse::<i32>().is_err() => Err(opt_error(
            format!("Invalid numeric value \"{v}\" for --kill-on-bad-exit."),
            1,
        )),
        _ => Ok(()),
    }
}

impl Request {
    /// Applies one resource option; `false` if `key` is none.
    fn apply(&mut self, key: &str, value: Option<&str>) -> Result<bool, OptError> {
        let v = value.unwrap_or("");
        let int = |what: &str| -> Result<u32, OptError> {
            v.parse::<u32>()
                .ok()
                .filter(|n| *n > 0)
                .ok_or_else(|| opt_error(format!("Invalid numeric value \"{v}\" for {what}."), 1))
        };
        let mem = || mbytes(v).ok_or_else(|| invalid_spec(key));
        let gpus = || gpu_count(v).ok_or_else(|| invalid_spec(key));
        match key {
            "nodes" => self.nodes = Some(node_count(v)?),
            "ntasks" => self.ntasks = Some(int("--ntasks")?),
            "cpus-per-task" => self.cpus_per_task = Some(int("--cpus-per-task")?),
            "ntasks-per-node" | "tasks-per-node" => {
                self.ntasks_per_node = Some(int("--ntasks-per-node")?);
            }
            "mem" => self.mem = Some(Mem::PerNode(mem()?)),
            "mem-per-cpu" => self.mem = Some(Mem::PerCpu(mem()?)),
            "mem-per-gpu" => self.mem = Some(Mem::PerGpu(mem()?)),
            "gpus" => self.gpus = Some(Gpus::Total(gpus()?)),
            "gpus-per-node" => self.gpus = Some(Gpus::PerNode(gpus()?)),
            "gpus-per-task" => self.gpus = Some(Gpus::PerTask(gpus()?)),
            "cpus-per-gpu" => self.cpus_per_gpu = Some(int("--cpus-per-gpu")?),
            "gres" => {
                let n = gres_gpus(v)
                    .ok_or_else(|| opt_error(format!("Invalid GRES specification ({v})"), 255))?;
                self.gpus = Some(Gpus::PerNode(n));
            }
            "exclusive" => {
                self.sharing = Some(Sharing::parse(value).ok_or_else(|| invalid_spec(key))?);
            }
            "nodelist" => self.nodelist = host_names(v, "--nodelist")?,
            "constraint" => self.constraint = Some(v.to_owned()),
            "exclude" => self.exclude = host_names(v, "--exclude")?,
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// `-N min-max`'s nodes, when the job may take more than its least:
    /// slurmctld then looks for `max` (`get_node_cnts`'s `req_nodes`) and
    /// settles for no fewer than `min` (or the nodes `-w` names). sbatch
    /// lowers `max` to `-n`, a task a node at most. `None` for one count,
    /// and under `--gpus` (a total this model shares evenly over the
    /// nodes it counted at submission).
    pub(crate) fn node_range(&self) -> Option<(u32, u32)> {
        let (min, max) = self.nodes?;
        let min = min.max(u32::try_from(self.nodelist.len()).unwrap_or(u32::MAX));
        let max = self.ntasks.map_or(max, |n| max.min(n));
        (max > min && !matches!(self.gpus, Some(Gpus::Total(_)))).then_some((min, max))
    }
}

/// The nodes and tasks `r` asks for: `-N` (or as many as `-w` names),
/// else as many nodes as its tasks' CPUs and its GPUs need of the largest
/// node; `-n`, else the tasks per node on each, else one per node.
fn node_and_task_counts(r: &Request, max_cpus: u32, max_gpus: u32) -> (u32, u32) {
    let explicit = r.nodes.map(|(min, _)| min);
    let mut k = explicit
        .unwrap_or(1)
        .max(u32::try_from(r.nodelist.len()).unwrap_or(1));
    let tasks = match (r.ntasks, r.ntasks_per_node) {
        (Some(n), _) => n,
        (None, Some(per)) => per.saturating_mul(k),
        (None, None) => k,
    };
    if explicit.is_none() {
        let cpt = r.cpus_per_task.unwrap_or(1);
        k = k.max(tasks.saturating_mul(cpt).div_ceil(max_cpus));
        match r.gpus {
            Some(Gpus::Total(g)) if max_gpus > 0 => k = k.max(g.div_ceil(max_gpus)),
            // As many tasks on a node as its GPUs serve.
            Some(Gpus::PerTask(g)) if g > 0 && max_gpus >= g => {
                k = k.max(tasks.div_ceil(max_gpus / g));
            }
            _ => {}
        }
    }
    (k, tasks)
}

/// The most a node of a partition has of each resource, and its GPUs
/// in all.
struct Maxima {
    cpus: u32,
    gpus: u32,
    mem: u64,
    all_gpus: u32,
}

impl Maxima {
    fn of<'n>(nodes: impl Iterator<Item = &'n super::state::Node>) -> Self {
        let mut most = Self {
            cpus: 1,
            gpus: 0,
            mem: 0,
            all_gpus: 0,
        };
        for n in nodes {
            most.cpus = most.cpus.max(n.cpus);
            most.gpus = most.gpus.max(n.gpus);
            most.mem = most.mem.max(n.real_memory_mb);
            most.all_gpus = most.all_gpus.saturating_add(n.gpus);
        }
        most
    }
}

/// A request's share of each node, and what it is made of.
struct Share {
    shape: Shape,
    /// GPUs per node asked.
    gpus: u32,
    /// CPUs per node its GPUs bring (`--cpus-per-gpu`).
    gpu_cpus: u32,
    /// CPUs per node its tasks need.
    task_cpus: u32,
}

/// Why no node of the partition could hold `share` of request `r`, if
/// none could: `_set_err_msg` names what no node's configuration holds,
/// the CPUs per node asked (`-c`, `--ntasks-per-node`), then the memory
/// per node or per CPU (memory per GPU is the GPU plugin's to refuse).
fn unfit(r: &Request, share: &Share, most: &Maxima) -> Option<SubmitError> {
    let said = |detail: &str| SubmitError {
        details: vec![detail.to_owned()],
        message: NOT_AVAILABLE.to_owned(),
        recorded: Recorded::Nothing,
    };
    let cpt = share.shape.cpus_per_task;
    let pn_min_cpus = cpt.saturating_mul(r.ntasks_per_node.unwrap_or(1));
    let k = share.shape.nodes;
    let total_gpus = match r.gpus {
        Some(Gpus::Total(g)) => g,
        Some(Gpus::PerTask(g)) => g.saturating_mul(share.shape.tasks),
        _ => share.gpus.saturating_mul(k),
    };
    if pn_min_cpus > most.cpus {
        Some(said("CPU count per node can not be satisfied"))
    } else if share.shape.per_node.mem_mb > most.mem {
        Some(match r.mem {
            Some(Mem::PerGpu(_)) => refuse(NOT_AVAILABLE),
            _ => said("Memory specification can not be satisfied"),
        })
    } else if share.gpus > most.gpus
        || total_gpus > most.all_gpus
        || share.gpu_cpus > most.cpus
        || (r.nodes.is_some() && share.task_cpus > most.cpus)
    {
        Some(refuse(NOT_AVAILABLE))
    } else {
        None
    }
}

/// When a job starting at `start` reaches its time limit (`None` for no
/// limit).
fn ends_after(start: i64, limit: TimeLimit) -> Option<i64> {
    Some(start.saturating_add(i64::try_from(limit.seconds()?).ok()?))
}

/// `-N N` or `-N min-max`.
pub(crate) fn node_count(v: &str) -> Result<(u32, u32), OptError> {
    let bad = || opt_error(format!("\"{v}\" is not a valid node count"), 255);
    let parse = |s: &str| s.parse::<u32>().ok().filter(|n| *n > 0);
    match v.split_once('-') {
        Some((a, b)) => {
            let (a, b) = (parse(a).ok_or_else(bad)?, parse(b).ok_or_else(bad)?);
            if a > b {
                return Err(opt_error(
                    format!("invalid number of nodes (-N {a}-{b})"),
                    1,
                ));
            }
            Ok((a, b))
        }
        // `verify_node_count` lets 0 through: slurmctld refuses it.
        None if v == "0" => Ok((0, 0)),
        None => parse(v).map(|n| (n, n)).ok_or_else(bad),
    }
}

/// `--gpus` values: `N` or `type:N`.
pub(crate) fn gpu_count(v: &str) -> Option<u32> {
    v.rsplit(':').next().and_then(|n| n.parse().ok())
}

/// The GPUs per node of a `--gres` value: `gpu` (one), `gpu:2`,
/// `gpu:h100:2`; `None` for anything else.
pub(crate) fn gres_gpus(v: &str) -> Option<u32> {
    let rest = v.strip_prefix("gpu")?;
    if rest.is_empty() {
        Some(1)
    } else {
        rest.strip_prefix(':').and_then(gpu_count)
    }
}

/// A hostlist option's names.
fn host_names(v: &str, what: &str) -> Result<Vec<String>, OptError> {
    Hostlist::parse(v)
        .map(|h| h.names().to_vec())
        .map_err(|_| opt_error(format!("'{v}' invalid entry for {what}"), 1))
}

/// `str_to_mbytes`: a size in megabytes with an optional `K`, `M`, `G` or
/// `T`.
pub(crate) fn mbytes(v: &str) -> Option<u64> {
    let digits: String = v.chars().take_while(char::is_ascii_digit).collect();
    let n: u64 = digits.parse().ok()?;
    let unit = &v[digits.len()..];
    match unit.to_ascii_uppercase().as_str() {
        "" | "M" | "MB" => Some(n),
        "K" | "KB" => Some(n.div_ceil(1024)),
        "G" | "GB" => n.checked_mul(1024),
        "T" | "TB" => n.checked_mul(1024 * 1024),
        _ => None,
    }
}

/// A submission the controller refuses: lines it explains first (printed
/// as `sbatch: error: ...`), the error itself, and what it kept of it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SubmitError {
    pub(crate) details: Vec<String>,
    pub(crate) message: String,
    pub(crate) recorded: Recorded,
}

/// What slurmctld keeps of a request it refused once `_job_create` had
/// made its record ([`Cluster::admit`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) enum Recorded {
    /// Nothing: refused before it had an id.
    #[default]
    Nothing,
    /// Its id, spent (`Job dependency problem`, `Invalid feature
    /// specification`).
    Id,
    /// The record, ended at once as FAILED (`BadConstraints`): a request
    /// no node could hold.
    Failed(Box<Job>),
}

fn refuse(message: &str) -> SubmitError {
    SubmitError {
        details: Vec::new(),
        message: message.to_owned(),
        recorded: Recorded::Nothing,
    }
}

impl SubmitError {
    /// This refusal, made after the job got its id.
    fn after_id(self) -> Self {
        Self {
            recorded: Recorded::Id,
            ..self
        }
    }
}

/// What a command submits.
pub(crate) struct JobSpec<'a> {
    pub(crate) user: &'a str,
    pub(crate) opts: &'a JobOptions,
    pub(crate) script: Option<String>,
    pub(crate) command: Option<String>,
    /// The batch script's arguments.
    pub(crate) script_args: Vec<String>,
    pub(crate) default_name: String,
    pub(crate) cwd: &'a str,
    pub(crate) batch: bool,
    /// What its batch script starts with.
    pub(crate) env: UserEnv,
}

const NOT_AVAILABLE: &str = "Requested node configuration is not available";

/// A request that passed slurmctld's checks: what the job becomes.
struct Admitted {
    user: User,
    part_index: usize,
    account: String,
    qos: String,
    time_limit: TimeLimit,
    shape: Shape,
    /// The array's task ids and its `%` limit.
    array: Option<(Vec<u32>, Option<u32>)>,
    dependency: Option<Dependency>,
    /// Its wckey, as the database keeps it.
    wckey: Option<String>,
    /// An operator's `--priority` (a hold wins over it).
    direct_priority: Option<u32>,
}

impl Cluster {
    /// Checks a submission and builds its job record (with the next id,
    /// not yet taken).
    pub(crate) fn build_job(&self, spec: &JobSpec<'_>) -> Result<Job, SubmitError> {
        let opts = spec.opts;
        // `validate_job_create_req`: only operators raise a job above
        // others; a user's `--priority` is dropped.
        let operator = self.is_operator(spec.user);
        if !operator && opts.nice.is_some_and(|n| n < 0) {
            return Err(refuse("Invalid --nice value"));
        }
        let user = self
            .user(spec.user)
            .ok_or_else(|| refuse("Invalid user id"))?;
        // `_job_create`: the nodes named are found before the partition.
        let required = self.node_indices(&opts.request.nodelist)?;
        let part_index = self.choose_partition(opts)?;
        let account = opts
            .account
            .clone()
            .unwrap_or_else(|| user.default_account.clone());
        if !self.accounts.has_assoc(&account, &user.name) {
            return Err(refuse(
                "Invalid account or account/partition combination specified",
            ));
        }
        let mut qos = opts
            .qos
            .clone()
            .unwrap_or_else(|| self.accounts.default_qos().to_owned());
        if self.accounts.qos(&qos).is_none() {
            // `_valid_job_qos`: unchecked, an unknown name leaves the job
            // without a QOS, as Debian's 22.05.8 ran it.
            if self.config.enforces_qos() {
                return Err(refuse("Invalid qos specification"));
            }
            qos.clear();
        }
        let time_limit = self.check_partition_limits(part_index, opts, &required)?;
        // This model keeps no reservations, so only an empty name (none)
        // passes `validate_job_resv`.
        if opts.reservation.as_ref().is_some_and(|r| !r.is_empty()) {
            return Err(refuse("Requested reservation is invalid"));
        }
        // slurmctld checks the nodes once it has made the job's record:
        // their refusals keep it ([`Cluster::admit`]).
        let checked = self.shape(part_index, &opts.request).and_then(|shape| {
            match self.check_constraint(part_index, &opts.request, &shape) {
                Ok(()) => Ok(shape),
                Err(e) => Err((e, shape)),
            }
        });
        let (shape, refused) = match checked {
            Ok(shape) => (shape, None),
            Err((e, _)) if e.recorded != Recorded::Nothing => return Err(e),
            Err((e, asked)) => (asked, Some(e)),
        };
        let mut admitted = Admitted {
            user: user.clone(),
            part_index,
            account,
            qos,
            time_limit,
            shape,
            array: None,
            dependency: None,
            wckey: None,
            direct_priority: None,
        };
        if let Some(e) = refused {
            let job = Box::new(self.pending_job(spec, admitted));
            return Err(SubmitError {
                recorded: Recorded::Failed(job),
                ..e
            });
        }
        if let Some(spec) = &opts.array {
            let tasks =
                array_tasks(spec).ok_or_else(|| refuse("Invalid job array specification"))?;
            admitted.array = Some(tasks);
        }
        if let Some(text) = &opts.dependency {
            admitted.dependency = self.dependency(text)?;
        }
        admitted.wckey = self.wckey(opts.wckey.as_deref())?;
        admitted.direct_priority = opts.priority.filter(|_| operator && !opts.hold);
        Ok(self.pending_job(spec, admitted))
    }

    /// [`Cluster::build_job`], keeping what slurmctld keeps of a refusal
    /// made once `_job_create` had made the job's record: its id is spent,
    /// and a request no node could hold stays a FAILED job, in `squeue -t
    /// all` until MinJobAge and in the accounting for good (60_sacct's
    /// jobs 20-23 are 03_sbatch_impossible_gpus16's four refusals).
    pub(crate) fn admit(&mut self, spec: &JobSpec<'_>) -> Result<Job, SubmitError> {
        self.build_job(spec).map_err(|mut e| {
            match std::mem::take(&mut e.recorded) {
                Recorded::Nothing => {}
                Recorded::Id => self.spend_job_id(),
                Recorded::Failed(job) => self.keep_failed(*job),
            }
            e
        })
    }

    /// Takes the next job id for a record slurmctld made and dropped.
    pub(crate) fn spend_job_id(&mut self) {
        self.next_job_id = self.next_job_id.saturating_add(1);
    }

    /// Ends a refused job's record at once: FAILED for `BadConstraints`,
    /// with the raw status 1 (`ExitCode=0:1`) and its priority as computed.
    fn keep_failed(&mut self, mut job: Job) {
        let (id, now) = (job.id, self.now);
        job.state = JobState::Failed;
        job.reason = Reason::BadConstraints;
        job.exit = (0, 1);
        job.accrue_time = None;
        job.start_time = Some(now);
        job.end_time = Some(now);
        self.next_job_id = self.next_job_id.max(id.saturating_add(1));
        self.jobs.insert(id, job);
        self.set_priority(id);
    }

    /// Moves a pending job to the partition `name` (`scontrol update
    /// Partition=`), checked against it as a submission would be; the
    /// refusal's message otherwise.
    pub(crate) fn move_to_partition(&mut self, id: u32, name: &str) -> Result<(), String> {
        let Some(job) = self.jobs.get(&id) else {
            return Err("Invalid job id specified".to_owned());
        };
        let part = self
            .partition_index(name)
            .ok_or_else(|| "Invalid partition name specified".to_owned())?;
        let opts = JobOptions {
            request: job.request.clone(),
            time: Some(job.time_limit),
            ..JobOptions::default()
        };
        let checked = self
            .node_indices(&opts.request.nodelist)
            .and_then(|required| self.check_partition_limits(part, &opts, &required))
            .and_then(|_| self.shape(part, &opts.request).map_err(|(e, _)| e))
            .and_then(|shape| {
                self.check_constraint(part, &opts.request, &shape)?;
                Ok(shape)
            });
        let shape = checked.map_err(|e| e.message)?;
        let name = self.partitions[part].name.clone();
        self.rebase_job(id, |job| {
            job.partition = name;
            job.partition_index = part;
            job.shape = shape;
        });
        Ok(())
    }

    /// Charges a pending job to `account` (`scontrol update Account=`;
    /// empty: the user's default), if its user has an association there.
    pub(crate) fn change_account(&mut self, id: u32, account: &str) -> Result<(), String> {
        let Some(job) = self.jobs.get(&id) else {
            return Err("Invalid job id specified".to_owned());
        };
        let account = match account {
            "" => self
                .user(&job.user)
                .map_or_else(String::new, |u| u.default_account.clone()),
            name => name.to_owned(),
        };
        if !self.accounts.has_assoc(&account, &job.user) {
            return Err("Invalid account or account/partition combination specified".to_owned());
        }
        self.rebase_job(id, |job| job.account = account);
        Ok(())
    }

    /// The QOS `name` names (empty: the default), if there is one.
    pub(crate) fn qos_named(&self, name: &str) -> Result<String, String> {
        let name = match name {
            "" => self.accounts.default_qos(),
            name => name,
        };
        self.accounts
            .qos(name)
            .map(|q| q.name.clone())
            .ok_or_else(|| "Invalid qos specification".to_owned())
    }

    /// Changes what a pending job's priority factors rest on (partition,
    /// association, QOS): they are worked out anew at the next
    /// calculation, and the queue is put back in order.
    pub(crate) fn rebase_job(&mut self, id: u32, change: impl FnOnce(&mut Job)) {
        if let Some(job) = self.jobs.get_mut(&id) {
            change(job);
            job.fixed_factors = None;
            job.assoc = None;
        }
        self.queue.reorder();
        self.queue.changed();
    }

    /// Refuses a `-C` naming a feature no node has (or a form this model
    /// does not read), or one too few of the partition's nodes have.
    fn check_constraint(
        &self,
        part: usize,
        request: &Request,
        shape: &Shape,
    ) -> Result<(), SubmitError> {
        let Some(text) = &request.constraint else {
            return Ok(());
        };
        let constraint = (self.constraint(text))
            .ok_or_else(|| refuse("Invalid feature specification").after_id())?;
        let fit = self.partitions[part]
            .nodes
            .iter()
            .filter(|&&n| constraint.admits(&self.nodes[n].features))
            .count();
        if u32::try_from(fit).unwrap_or(u32::MAX) < shape.nodes {
            return Err(refuse(NOT_AVAILABLE));
        }
        Ok(())
    }

    /// The wckey of a job that gives `given`: lowered for the database
    /// (`_validate_job_desc`), and with wckeys tracked, `*` when it names
    /// none, its user having no default wckey; where they are enforced,
    /// no name is valid, as this model keeps no wckeys
    /// (`_copy_job_desc_to_job_record`, job_mgr.c).
    fn wckey(&self, given: Option<&str>) -> Result<Option<String>, SubmitError> {
        let given = given.map(str::to_ascii_lowercase);
        if !self.config.tracks_wckeys() {
            return Ok(given);
        }
        if self.config.enforces_wckeys() {
            return Err(refuse("Invalid wckey specification"));
        }
        Ok(Some(given.unwrap_or_else(|| "*".to_owned())))
    }

    /// The partition a job asks for, or the default one (the last marked
    /// `Default=YES`).
    fn choose_partition(&self, opts: &JobOptions) -> Result<usize, SubmitError> {
        match &opts.partition {
            Some(name) => self.partition_index(name).ok_or_else(|| SubmitError {
                details: vec![format!("invalid partition specified: {name}")],
                message: "Invalid partition name specified".to_owned(),
                recorded: Recorded::Nothing,
            }),
            None => self
                .partitions
                .iter()
                .rposition(|p| p.default)
                .ok_or_else(|| refuse("No partition specified or system default partition")),
        }
    }

    /// The job's time limit, checked against the partition's limits in
    /// `_part_access_check`'s order (nodes, node list, time) as
    /// `EnforcePartLimits` asks, and its excluded nodes against the nodes.
    /// `required`: the indexes of the nodes it names (`-w`), which count
    /// as nodes asked.
    fn check_partition_limits(
        &self,
        part_index: usize,
        opts: &JobOptions,
        required: &[usize],
    ) -> Result<TimeLimit, SubmitError> {
        let part = &self.partitions[part_index];
        let enforce = self.config.enforce_part_limits != EnforcePartLimits::No;
        if opts.request.nodes == Some((0, 0)) {
            return Err(refuse("Node count specification invalid"));
        }
        let min_nodes = opts.request.nodes.map_or(0, |(min, _)| min);
        let min_nodes = min_nodes.max(u32::try_from(required.len()).unwrap_or(u32::MAX));
        let part_nodes = u32::try_from(part.nodes.len()).unwrap_or(u32::MAX);
        let node_cap = part.max_nodes.unwrap_or(u32::MAX).min(part_nodes);
        if enforce && min_nodes > node_cap {
            return Err(refuse("Node count specification invalid"));
        }
        if required.iter().any(|n| !part.nodes.contains(n)) {
            return Err(refuse(if enforce {
                "Requested nodes not in this partition"
            } else {
                NOT_AVAILABLE
            }));
        }
        let time_limit = opts.time.unwrap_or_else(|| part.default_limit());
        if enforce && time_limit > part.max_time {
            return Err(refuse(
                "Requested time limit is invalid (missing or exceeds some limit)",
            ));
        }
        self.node_indices(&opts.request.exclude)?;
        // `_job_create`: required and excluded nodes must not overlap.
        if required
            .iter()
            .any(|n| opts.request.exclude.contains(&self.nodes[*n].name))
        {
            return Err(refuse("Invalid node name specified"));
        }
        Ok(time_limit)
    }

    /// The indexes of the nodes named, or Slurm's refusal of a name no
    /// node has.
    fn node_indices(&self, names: &[String]) -> Result<Vec<usize>, SubmitError> {
        names
            .iter()
            .map(|n| {
                self.node_index(n)
                    .ok_or_else(|| refuse("Invalid node name specified"))
            })
            .collect()
    }

    /// The pending job of an admitted request, with the next job id.
    fn pending_job(&self, spec: &JobSpec<'_>, admitted: Admitted) -> Job {
        let opts = spec.opts;
        let Admitted { user, array, .. } = &admitted;
        let part = &self.partitions[admitted.part_index];
        let id = self.next_job_id;
        let now = self.now;
        // `--begin` in the future: eligible then, and expected to start
        // then (`pack_job`'s start time for a job not yet eligible).
        let begin = (opts.begin.as_deref())
            .and_then(|text| clock::parse_time(now, text, false))
            .filter(|&t| t > now);
        let waits = opts.hold || admitted.dependency.is_some();
        let eligible = begin.unwrap_or(now);
        let (work_dir, stdout, stderr) = job_files(spec, array.is_some());
        Job {
            id,
            array: (array.as_ref()).map(|(tasks, max)| ArrayPart::holding(id, tasks.clone(), *max)),
            name: opts.name.as_ref().unwrap_or(&spec.default_name).clone(),
            user: user.name.clone(),
            uid: user.uid,
            gid: user.uid,
            account: admitted.account,
            wckey: admitted.wckey,
            partition: part.name.clone(),
            partition_index: admitted.part_index,
            qos: admitted.qos,
            request: opts.request.clone(),
            shape: admitted.shape,
            time_limit: admitted.time_limit,
            state: JobState::Pending,
            reason: Reason::None,
            reason_desc: None,
            priority: admitted.direct_priority.unwrap_or(0),
            priority_set: admitted.direct_priority.is_some(),
            priority_calc: None,
            fixed_factors: None,
            assoc: None,
            hold: opts.hold.then_some(Hold::User),
            dependency: admitted.dependency,
            dependency_failed: false,
            nice: opts.nice.unwrap_or(0),
            requeue: opts.requeue.unwrap_or(true),
            batch: spec.batch,
            restarts: 0,
            submit_time: now,
            eligible_time: (!waits).then_some(eligible),
            accrue_time: (!waits).then_some(eligible),
            begin_time: begin,
            start_time: begin,
            end_time: begin.and_then(|b| ends_after(b, admitted.time_limit)),
            natural_end: None,
            sched_nodes: Vec::new(),
            last_sched_eval: now,
            sched_by: SchedBy::Main,
            backfill_last: false,
            nodes: Vec::new(),
            gpus: Vec::new(),
            held: Vec::new(),
            exit: (0, 0),
            script: spec.script.clone(),
            command: spec.command.clone(),
            script_args: spec.script_args.clone(),
            work_dir,
            stderr,
            stdout,
            alloc_sid: u32::try_from(20_000 + (u64::from(id) * 7919) % 10_000).unwrap_or(20_000),
            steps: Vec::new(),
            output: Vec::new(),
            output_flushed: 0,
            history: Vec::new(),
            charged_until: now,
            cancelled_by: None,
            env: spec.env.clone(),
            extras: opts.extras.clone(),
            suspension: Suspension::default(),
            special_exit: false,
        }
    }

    /// Takes the job into the queue: its id, its priority, a scheduling
    /// pass at the next advance.
    pub(crate) fn enqueue(&mut self, job: Job) -> u32 {
        let id = job.id;
        self.next_job_id = self.next_job_id.max(id + 1);
        if job.dependency.is_some() {
            self.dependents.insert(id);
        }
        if let Some(begin) = job.begin_time {
            self.runs.add_begin(id, begin);
        }
        // Held, waiting on others or over a partition limit: said at once.
        let reason = self.blocked_job(&job).map(|(r, _)| r);
        self.jobs.insert(id, job);
        if let Some(reason) = reason
            && let Some(job) = self.jobs.get_mut(&id)
        {
            job.reason = reason;
        }
        self.set_priority(id);
        self.settle_dependencies();
        self.queue.insert(&self.jobs, id);
        self.queue.note_reason(&self.jobs, id);
        self.queue.changed();
        id
    }

    /// The shape of a request in a partition, refused when no node of the
    /// partition could ever hold its share; the refusal comes with the
    /// request's shape as given (its own node count), which the record
    /// slurmctld keeps of it shows.
    fn shape(&self, part: usize, r: &Request) -> Result<Shape, (SubmitError, Shape)> {
        let most = Maxima::of(self.partitions[part].nodes.iter().map(|&i| &self.nodes[i]));
        let (k, tasks) = node_and_task_counts(r, most.cpus, most.gpus);
        let share = self.share(r, k, tasks, &most);
        let Some(refusal) = unfit(r, &share, &most) else {
            return Ok(share.shape);
        };
        let given = r
            .nodes
            .map_or(1, |(min, _)| min)
            .max(u32::try_from(r.nodelist.len()).unwrap_or(1));
        let given_tasks = r.ntasks.unwrap_or(given);
        Err((refusal, self.share(r, given, given_tasks, &most).shape))
    }

    /// What each of `k` nodes gives a request of `tasks` tasks.
    fn share(&self, r: &Request, k: u32, tasks: u32, most: &Maxima) -> Share {
        let cpt = r.cpus_per_task.unwrap_or(1);
        let per_node_tasks = match r.ntasks_per_node {
            Some(per) => per,
            None => tasks.div_ceil(k.max(1)),
        };
        // `--exclusive` holds every CPU and GPU of its nodes, and the
        // memory it asks (per CPU: of every CPU).
        let whole = r.sharing == Some(Sharing::Exclusive);
        let gpus = match r.gpus {
            Some(Gpus::PerNode(g)) => g,
            Some(Gpus::Total(g)) => g.div_ceil(k.max(1)),
            Some(Gpus::PerTask(g)) => g.saturating_mul(per_node_tasks),
            None => 0,
        };
        // `--cpus-per-gpu`: each of its GPUs brings that many CPUs.
        let gpu_cpus = gpus.saturating_mul(r.cpus_per_gpu.unwrap_or(0));
        let task_cpus = per_node_tasks.saturating_mul(cpt).max(gpu_cpus).max(1);
        let cpus = if whole {
            most.cpus.max(task_cpus)
        } else {
            task_cpus
        };
        let mem_per_cpu = match r.mem {
            Some(Mem::PerCpu(m)) => Some(m),
            None => self.config.def_mem_per_cpu_mb,
            _ => None,
        };
        let mem = match r.mem {
            Some(Mem::PerNode(0)) => most.mem,
            Some(Mem::PerNode(m)) => m,
            // cons_tres gives each node this much per GPU it holds there.
            Some(Mem::PerGpu(m)) => m.saturating_mul(u64::from(gpus)),
            _ => mem_per_cpu.map_or(most.mem, |m| m.saturating_mul(u64::from(cpus))),
        };
        // Each node holds at least a task's CPUs (all `--ntasks-per-node`
        // of them) and its GPUs' (`pn_min_cpus`); the tasks' CPUs in all
        // may leave the last nodes that least.
        let least_cpus = if whole {
            cpus
        } else {
            cpt.saturating_mul(r.ntasks_per_node.unwrap_or(1))
                .max(gpu_cpus)
                .max(1)
        };
        let all_cpus = tasks.saturating_mul(cpt).max(least_cpus.saturating_mul(k));
        Share {
            shape: Shape {
                nodes: k,
                tasks,
                cpus_per_task: cpt,
                per_node: Res::new(cpus, mem, if whole { most.gpus } else { gpus }),
                cpus: all_cpus.min(cpus.saturating_mul(k)),
                least_cpus,
                mem_per_cpu: mem_per_cpu.unwrap_or(0),
            },
            gpus,
            gpu_cpus,
            task_cpus,
        }
    }

    /// Reads `--dependency` (`afterok:30[:31][,afterany:32]`, `singleton`,
    /// or job ids alone, which mean `afterany`; `?` is read like `,`).
    /// A job id no job has is taken for a job long gone: slurmctld keeps no
    /// record to wait on, and the term is met (Debian's 22.05.8 ran a job
    /// submitted with `afterok:99999`). `None` when no term is left.
    /// Errors: `Job dependency problem`, as slurmctld says for bad syntax.
    pub(crate) fn dependency(&self, text: &str) -> Result<Option<Dependency>, SubmitError> {
        let problem = || refuse("Job dependency problem").after_id();
        let mut terms = Vec::new();
        for part in text.split([',', '?']) {
            if part.eq_ignore_ascii_case("singleton") {
                terms.push(DepTerm {
                    kind: DepKind::Singleton,
                    job: 0,
                });
                continue;
            }
            // The old form, ids alone (`_parse_dependency_jobid_old`).
            let (kind, ids) = match part.split_once(':') {
                _ if part.starts_with(|c: char| c.is_ascii_digit()) => (DepKind::AfterAny, part),
                Some(("after", ids)) => (DepKind::After, ids),
                Some(("afterany", ids)) => (DepKind::AfterAny, ids),
                Some(("afterok", ids)) => (DepKind::AfterOk, ids),
                Some(("afternotok", ids)) => (DepKind::AfterNotOk, ids),
                _ => return Err(problem()),
            };
            for id in ids.split(':') {
                // `after:ID+minutes` delays are accepted and ignored.
                let id: u32 = id
                    .split('+')
                    .next()
                    .unwrap_or("")
                    .parse()
                    .map_err(|_| problem())?;
                let known = self.jobs.contains_key(&id)
                    || self
                        .jobs
                        .values()
                        .any(|j| j.array.as_ref().is_some_and(|a| a.array_job_id == id));
                if known {
                    terms.push(DepTerm { kind, job: id });
                }
            }
        }
        Ok((!terms.is_empty()).then_some(Dependency { terms }))
    }
}

/// The job's working directory, stdout and stderr as the request gives
/// them: `--chdir` (relative to the submit directory), `-o` or
/// `slurm-%j.out` (`slurm-%A_%a.out` for an array), `-e` or stdout's.
fn job_files(spec: &JobSpec<'_>, array: bool) -> (String, String, String) {
    let opts = spec.opts;
    let default_out = if array {
        "slurm-%A_%a.out"
    } else {
        "slurm-%j.out"
    };
    let stdout = opts
        .output
        .clone()
        .unwrap_or_else(|| default_out.to_owned());
    let work_dir = match &opts.chdir {
        Some(d) if d.starts_with('/') => d.clone(),
        Some(d) => format!("{}/{d}", spec.cwd.trim_end_matches('/')),
        None => spec.cwd.to_owned(),
    };
    let stderr = opts.error.clone().unwrap_or_else(|| stdout.clone());
    (work_dir, stdout, stderr)
}

/// `--array`: `0-3`, `1,3,5`, `0-9:2`, with an optional `%N`. At most
/// 1001 tasks (MaxArraySize), ids below 1001.
pub(crate) fn array_tasks(spec: &str) -> Option<(Vec<u32>, Option<u32>)> {
    let (list, max) = match spec.split_once('%') {
        // slurmctld reads the limit with `atoi`: what follows its digits
        // is ignored, and one of 0 or less (or none) is no limit.
        Some((l, m)) => (l, u32::try_from(atoi(m)).ok().filter(|m| *m > 0)),
        None => (spec, None),
    };
    let mut tasks = Vec::new();
    for part in list.split(',') {
        let (range, step) = match part.split_once(':') {
            Some((r, s)) => (r, s.parse::<u32>().ok().filter(|s| *s > 0)?),
            None => (part, 1),
        };
        let (a, b) = match range.split_once('-') {
            Some((a, b)) => (a.parse::<u32>().ok()?, b.parse::<u32>().ok()?),
            None => {
                let n = range.parse::<u32>().ok()?;
                (n, n)
            }
        };
        if a > b || b > 1000 {
            return None;
        }
        tasks.extend((a..=b).step_by(usize::try_from(step).ok()?));
    }
    crate::sort::sort_dedup(&mut tasks);
    (!tasks.is_empty()).then_some((tasks, max))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_arrays() {
        assert_eq!(mbytes("600G"), Some(614_400));
        assert_eq!(mbytes("4000"), Some(4000));
        assert_eq!(mbytes("1x"), None);
        assert_eq!(array_tasks("0-3%2"), Some((vec![0, 1, 2, 3], Some(2))));
        // As Debian's 22.05.8 took them.
        assert_eq!(array_tasks("0-3%2x"), Some((vec![0, 1, 2, 3], Some(2))));
        for unlimited in ["0-3%x", "0-3%0", "0-3%-1", "0-3%"] {
            assert_eq!(array_tasks(unlimited), Some((vec![0, 1, 2, 3], None)));
        }
        assert_eq!(array_tasks("1,5-9:2"), Some((vec![1, 5, 7, 9], None)));
        assert_eq!(array_tasks("3-1"), None);
        assert_eq!(node_count("2-4"), Ok((2, 4)));
        assert!(node_count("x").is_err());
    }
}
