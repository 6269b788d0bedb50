//! What happens to jobs: array tasks split off to run, jobs start (their
//! script is simulated through the [`ProgramRunner`] to learn its output,
//! steps, run time and exit code), end (COMPLETED, FAILED, TIMEOUT),
//! are cancelled, requeued (back to PENDING with `BeginTime` and
//! `Restarts+1`), or lose a node (NODE_FAIL, and requeued when they allow
//! it). Each end writes what slurmstepd writes to the job's output, frees
//! the nodes, charges usage and settles dependencies.

use super::job_env;
use super::job_shell::{self, JobFacts};
use super::output::FileWrite;
use super::resources::Res;
use super::runner::ProgramRunner;
use super::scheduler::NEVER;
use super::script;
use super::state::{
    DepKind, DepTerm, Dependency, Gpus, Hold, Job, JobState, Mem, OutputLine, Reason, RunRecord,
    SchedBy, StepId, StepRecord, Suspension,
};
use super::stdio::IO_ERROR_SIGNAL;
use super::{Cluster, LOGIN_HOST};
use crate::sim::slurm::conf::CONF_DIR;
use crate::sim::slurm::node_tools::{StepEnd, StepTarget, srun_step_aborted, stepd_banner};
use crate::sim::slurm::time_spec::TimeLimit;

/// How a running job ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ending {
    /// Its script finished.
    Natural,
    /// It reached its time limit.
    Timeout,
    /// `scancel`.
    Cancelled,
    /// One of its nodes went down.
    NodeFail,
    /// `scontrol requeue`.
    Requeue,
}

impl Cluster {
    /// The record to start for `id`: itself, or for the pending tasks of
    /// an array a new record for the lowest task (the last task keeps the
    /// array's own id, as in Slurm).
    pub(crate) fn split_array_task(&mut self, id: u32) -> u32 {
        let lowest = self
            .jobs
            .get(&id)
            .and_then(|j| j.array.as_ref())
            .filter(|a| a.task.is_none())
            .and_then(|a| a.pending.iter().min().copied());
        match lowest {
            Some(task) => self.split_task(id, task),
            None => id,
        }
    }

    /// The record of pending task `task` of the array record `id`, split
    /// off to a record of its own as `job_array_split` does (a new job
    /// id; the last task keeps the array's).
    pub(crate) fn split_task(&mut self, id: u32, task: u32) -> u32 {
        let Some(job) = self.jobs.get_mut(&id) else {
            return id;
        };
        let Some(array) = job.array.as_mut() else {
            return id;
        };
        if array.task.is_some() || !array.pending.contains(&task) {
            return id;
        }
        array.pending.retain(|&t| t != task);
        crate::sort::sort(&mut array.pending);
        if array.pending.is_empty() {
            array.task = Some(task);
            return id;
        }
        let mut copy = job.clone();
        let new_id = self.next_job_id;
        self.next_job_id += 1;
        copy.id = new_id;
        if let Some(a) = copy.array.as_mut() {
            a.task = Some(task);
            a.pending.clear();
        }
        self.jobs.insert(new_id, copy);
        new_id
    }

    /// Starts a pending job on `nodes` now; its script runs at the end of
    /// the scheduling pass ([`Self::run_launched`]).
    pub(crate) fn start_job(&mut self, id: u32, nodes: &[usize], by: SchedBy) {
        let now = self.now;
        let Some(job) = self.jobs.get(&id) else {
            return;
        };
        let shape = match job.request.node_range() {
            Some(_) => {
                (job.shape).spread(u32::try_from(nodes.len()).unwrap_or(u32::MAX), &job.request)
            }
            None => job.shape,
        };
        let gpus = nodes
            .iter()
            .map(|&n| lowest_gpus(!self.gpus_held(n), shape.per_node.gpus))
            .collect();
        let free: Vec<Res> = (nodes.iter())
            .map(|&n| self.nodes.get(n).map_or(shape.per_node, |node| node.free()))
            .collect();
        let held = shape.lay_out(&free);
        let Some(job) = self.jobs.get_mut(&id) else {
            return;
        };
        let limit_end = job
            .time_limit
            .seconds()
            .and_then(|s| i64::try_from(s).ok())
            .map_or(NEVER, |s| now.saturating_add(s));
        job.state = JobState::Running;
        job.reason = Reason::None;
        job.reason_desc = None;
        job.start_time = Some(now);
        job.end_time = (limit_end < NEVER).then_some(limit_end);
        job.eligible_time.get_or_insert(now);
        job.nodes = nodes.to_vec();
        job.shape = shape;
        job.sched_nodes.clear();
        job.sched_by = by;
        job.backfill_last = false;
        job.last_sched_eval = now;
        job.charged_until = now;
        job.steps.clear();
        job.output.clear();
        job.output_flushed = 0;
        job.exit = (0, 0);
        job.gpus = gpus;
        job.suspension = Suspension::default();
        for (&n, &res) in nodes.iter().zip(&held) {
            if let Some(node) = self.nodes.get_mut(n) {
                node.alloc = node.alloc + res;
            }
        }
        self.runs.start(id, nodes, limit_end, &held);
        job.held = held;
        self.queue.remove(&self.jobs, id);
        self.queue.note_reason(&self.jobs, id);
        // Until its script has run, the job may last until its limit.
        self.runs.set_end(id, limit_end);
        self.queue.resources_changed();
    }

    /// The GPUs of node `n` that its running jobs hold (bit `i`: GPU `i`).
    pub(crate) fn gpus_held(&self, n: usize) -> u64 {
        self.runs
            .jobs_on(n)
            .filter_map(|id| self.jobs.get(&id))
            .filter_map(|j| {
                j.nodes
                    .iter()
                    .position(|&m| m == n)
                    .and_then(|i| j.gpus.get(i))
            })
            .fold(0, |held, mask| held | mask)
    }

    /// Runs the scripts of the jobs started since the last call: their
    /// output, steps, run time and exit code, and when they end.
    pub(crate) fn run_launched(&mut self, programs: &mut dyn ProgramRunner) {
        for id in self.runs.take_launched() {
            // `srun` runs its own step (commands/srun.rs).
            if self.jobs.get(&id).is_some_and(|j| j.batch) {
                self.run_script(id, programs);
            }
        }
    }

    /// What the shell of a started job needs to know of it: its nodes,
    /// shape, time limit and the `$SLURM_*` variables its processes see.
    pub(crate) fn job_facts(&self, id: u32) -> Option<JobFacts> {
        let job = self.jobs.get(&id)?;
        let start = job.start_time?;
        let nodes: Vec<String> = job
            .nodes
            .iter()
            .filter_map(|&n| self.nodes.get(n))
            .map(|n| n.name.clone())
            .collect();
        let gpus = job.shape.per_node.gpus;
        let constrained = self.config.constrains_devices();
        let env = self.job_env(id, job);
        Some(JobFacts {
            id,
            user: job.user.clone(),
            uid: job.uid,
            work_dir: job.work_dir.clone(),
            nodes,
            node_ids: job
                .nodes
                .iter()
                .copied()
                .filter(|&n| self.nodes.get(n).is_some())
                .collect(),
            tasks: job.shape.tasks,
            gpus_per_node: gpus,
            gpus: job.gpus.clone(),
            constrained,
            cpus_on: job.cpus_on(),
            start: clock_u64(start),
            deadline: job.end_time.map_or(u64::MAX, clock_u64),
            env: env.into_iter().map(|(k, v)| (k.to_owned(), v)).collect(),
            working_cluster: self.config.working_cluster(),
            own_allocation: job.extras.srun_allocation(),
            batch_env: job.env.clone(),
            warn: job.extras.warn.and_then(|warn| {
                // slurmctld sends it at the first of its time checks,
                // every PERIODIC_TIMEOUT (30 s), that falls within that
                // much of the time asked (send_job_warn_signal): here,
                // checking all along, the earliest. 0 s: never.
                let end = clock_u64(job.end_time?);
                let before = (warn.seconds > 0).then(|| u64::from(warn.seconds) + 30)?;
                Some((end.saturating_sub(before).max(clock_u64(start)), warn))
            }),
        })
    }

    /// The variables of job `id`'s allocation, as the command that made
    /// it sets them (`env_array_for_job` and `env_array_for_batch_job`,
    /// src/common/env.c): salloc's shell and the batch script start with
    /// them, and the job's steps get them. What slurmstepd adds for each
    /// process is [`JobFacts::stepd_env`]'s.
    fn job_env(&self, id: u32, job: &Job) -> Vec<(&'static str, String)> {
        let hostlist = self.hostlist(&job.nodes);
        let mut env = vec![
            ("SLURM_JOB_ID", id.to_string()),
            ("SLURM_JOBID", id.to_string()),
            ("SLURM_JOB_NAME", job.name.clone()),
            ("SLURM_JOB_NODELIST", hostlist.clone()),
            ("SLURM_NODELIST", hostlist),
            ("SLURM_JOB_NUM_NODES", job.nodes.len().to_string()),
            ("SLURM_NNODES", job.nodes.len().to_string()),
            ("SLURM_JOB_PARTITION", job.partition.clone()),
            ("SLURM_SUBMIT_DIR", job.work_dir.clone()),
            ("SLURM_SUBMIT_HOST", LOGIN_HOST.to_owned()),
            ("SLURM_JOB_ACCOUNT", job.account.clone()),
            ("SLURM_JOB_QOS", job.qos.clone()),
            ("SLURM_CLUSTER_NAME", self.config.cluster_name.clone()),
            ("SLURM_CONF", format!("{CONF_DIR}/slurm.conf")),
        ];
        env.extend(job_env::count_vars(job));
        // srun's own allocation gives its tasks none of the request's
        // memory; salloc's gives what was asked (slurmctld sends it only
        // with `JOB_MEM_SET`); a batch script, the default as well.
        let own_allocation = job.extras.srun_allocation();
        let def_mem = self.config.def_mem_per_cpu_mb.filter(|_| job.batch);
        env.extend(job_env::mem_var(job.request.mem, def_mem).filter(|_| !own_allocation));
        if !own_allocation {
            // No node of this cluster has an alias.
            env.push(("SLURM_NODE_ALIASES", "(null)".to_owned()));
        }
        if job.batch && job.restarts > 0 {
            env.push(("SLURM_RESTART_COUNT", job.restarts.to_string()));
        }
        let constrained = self.config.constrains_devices();
        let first = job.gpus.first().copied().unwrap_or(0);
        // The batch script's (`gres_g_job_set_env`); an allocation of
        // srun or salloc gives its steps only theirs (Debian's 22.05.8
        // left SLURM_JOB_GPUS unset in `srun --gpus-per-node=2`).
        if job.shape.per_node.gpus > 0 && job.batch {
            let visible = visible_devices(first, constrained);
            env.push(("SLURM_JOB_GPUS", gpu_list(first)));
            env.push(("GPU_DEVICE_ORDINAL", visible.clone()));
            env.push(("CUDA_VISIBLE_DEVICES", visible));
        }
        if !own_allocation {
            env.extend(Self::option_env(job));
        }
        if let Some(dist) = &job.extras.distribution {
            env.push(("SLURM_DISTRIBUTION", dist.clone()));
        }
        if let Some(size) = job.extras.plane_size {
            env.push(("SLURM_DIST_PLANESIZE", size.to_string()));
        }
        if let Some(a) = &job.array {
            env.push(("SLURM_ARRAY_JOB_ID", a.array_job_id.to_string()));
            env.push((
                "SLURM_ARRAY_TASK_ID",
                a.task.map_or(String::new(), |t| t.to_string()),
            ));
        }
        env
    }

    /// What sbatch and salloc pass on of their GPU options
    /// (`set_env_from_opts`, src/common/env.c); srun does not.
    fn option_env(job: &Job) -> Vec<(&'static str, String)> {
        let mut env = Vec::new();
        if let Some(c) = job.request.cpus_per_gpu {
            env.push(("SLURM_CPUS_PER_GPU", c.to_string()));
        }
        if let Some(Gpus::PerTask(g)) = job.request.gpus {
            env.push(("SLURM_GPUS_PER_TASK", g.to_string()));
        }
        if let Some(Mem::PerGpu(mb)) = job.request.mem {
            env.push(("SLURM_MEM_PER_GPU", mb.to_string()));
        }
        let given = [
            ("SLURM_GPUS", &job.extras.gpus),
            ("SLURM_GPUS_PER_NODE", &job.extras.gpus_per_node),
        ];
        env.extend(given.into_iter().filter_map(|(k, v)| Some((k, v.clone()?))));
        env
    }

    /// Runs one started job's script in its shell: its output, steps, run
    /// time and exit code (a `# sim:` hint may fix the last two).
    fn run_script(&mut self, id: u32, programs: &mut dyn ProgramRunner) {
        let Some(facts) = self.job_facts(id) else {
            return;
        };
        if self.stdio_fails(id, programs.files()) {
            return;
        }
        let (text, args) = self
            .jobs
            .get(&id)
            .map(|j| (j.script.clone().unwrap_or_default(), j.script_args.clone()))
            .unwrap_or_default();
        let hints = script::hints(&text);
        let run = job_shell::run_batch(self, programs, &facts, (&text, args));
        // The script may have cancelled or requeued its own job.
        let Some(job) = self.jobs.get(&id) else {
            return;
        };
        if job.state != JobState::Running || job.start_time.map(clock_u64) != Some(facts.start) {
            return;
        }
        let runtime = hints.runtime_s.or(run.runtime);
        let exit = hints.exit.map_or((run.exit, run.signal), |exit| (exit, 0));
        let mut steps = run.steps;
        let mut batch = StepRecord::batch(job, runtime, exit.0, exit.1);
        batch.computes = run.computes;
        steps.insert(0, batch);
        self.set_run(id, steps, run.output, exit, runtime);
        // What the script wrote lands when the job starts: the model
        // writes files whole, not over the run.
        self.writes
            .extend(run.files.into_iter().map(FileWrite::from));
        let (out_path, err_path) = self.output_paths(id, None);
        // `--open-mode=append` keeps what the files held.
        let truncate = !self.jobs.get(&id).is_some_and(|j| j.extras.append);
        self.writes.push(FileWrite {
            path: out_path.clone(),
            text: String::new(),
            truncate,
            dir: false,
        });
        if err_path != out_path {
            self.writes.push(FileWrite {
                path: err_path,
                text: String::new(),
                truncate,
                dir: false,
            });
        }
        self.flush_output(id);
    }

    /// Sets what a started job's run will be: its steps, output, exit
    /// code and signal, and run time (`None`: until its time limit), and
    /// when it ends.
    pub(crate) fn set_run(
        &mut self,
        id: u32,
        steps: Vec<StepRecord>,
        output: Vec<OutputLine>,
        exit: (i32, i32),
        runtime: Option<u64>,
    ) {
        let Some(job) = self.jobs.get_mut(&id) else {
            return;
        };
        let Some(start) = job.start_time else { return };
        job.steps = steps;
        job.output = output;
        job.exit = exit;
        let natural = runtime.map(|r| {
            let r = i64::try_from(r).unwrap_or(NEVER);
            job.suspension.wall_time(start, r)
        });
        job.natural_end = natural;
        let limit_end = job.end_time.unwrap_or(NEVER);
        let end = natural.map_or(limit_end, |n| n.min(limit_end));
        self.runs.set_end(id, end);
    }

    /// The job's stdout and stderr paths, patterns expanded (`%a` as
    /// `only_task` when one pending task of an array is shown, and as
    /// NO_VAL, 4294967294, for the record of an array's pending tasks).
    pub(crate) fn output_paths(&self, id: u32, only_task: Option<u32>) -> (String, String) {
        let Some(job) = self.jobs.get(&id) else {
            return (String::new(), String::new());
        };
        let expand_path = |pattern: &str| {
            let array_id = job.array.as_ref().map_or(job.id, |a| a.array_job_id);
            let task = (job.array.as_ref())
                .and_then(|a| only_task.or(a.task))
                .map_or_else(|| "4294967294".to_owned(), |t| t.to_string());
            let mut out = String::new();
            let mut chars = pattern.chars();
            while let Some(c) = chars.next() {
                if c != '%' {
                    out.push(c);
                    continue;
                }
                match chars.next() {
                    Some('j') => out.push_str(&job.id.to_string()),
                    Some('A') => out.push_str(&array_id.to_string()),
                    Some('a') => out.push_str(&task),
                    Some('x') => out.push_str(&job.name),
                    Some('u') => out.push_str(&job.user),
                    Some('%') => out.push('%'),
                    Some(other) => {
                        out.push('%');
                        out.push(other);
                    }
                    None => out.push('%'),
                }
            }
            if out.starts_with('/') {
                out
            } else {
                format!("{}/{out}", job.work_dir.trim_end_matches('/'))
            }
        };
        (expand_path(&job.stdout), expand_path(&job.stderr))
    }

    /// Hands over a running job's output due by now.
    pub(crate) fn flush_output(&mut self, id: u32) {
        self.flush_output_within(id, |elapsed| elapsed);
    }

    /// Hands over the output of a running job printed up to `through` its
    /// run time so far (in seconds since it started).
    fn flush_output_within(&mut self, id: u32, through: impl Fn(u64) -> u64) {
        let now = self.now;
        let (out_path, err_path) = self.output_paths(id, None);
        let Some(job) = self.jobs.get_mut(&id) else {
            return;
        };
        if job.start_time.is_none() {
            return;
        }
        let elapsed = through(u64::try_from(job.run_time(now)).unwrap_or(0));
        while let Some(line) = job.output.get(job.output_flushed) {
            if line.offset > elapsed {
                break;
            }
            let path = if line.stderr { &err_path } else { &out_path };
            push_write(&mut self.writes, path, &line.text);
            job.output_flushed += 1;
        }
    }

    /// Hands over the output of every running job due by now.
    pub(crate) fn flush_running_output(&mut self) {
        let running: Vec<u32> = self.runs.running().collect();
        for id in running {
            self.flush_output(id);
        }
    }

    /// Ends a running job now.
    pub(crate) fn end_job(&mut self, id: u32, how: Ending) {
        let now = self.now;
        // At a time limit, what the script prints from then on, between
        // the SIGTERM and the SIGKILL, follows slurmstepd's banner.
        let grace = u64::from(self.config.kill_wait_s);
        match how {
            Ending::Timeout => self.flush_output_within(id, |e| e.saturating_sub(1)),
            _ => self.flush_output(id),
        }
        let Some(job) = self.jobs.get(&id) else {
            return;
        };
        if !job.state.has_nodes() {
            return;
        }
        self.write_end_banners(id, how);
        if how == Ending::Timeout {
            self.flush_output_within(id, |e| e + grace);
        }
        self.charge_job(id, now);
        self.release(id);
        let Some(job) = self.jobs.get_mut(&id) else {
            return;
        };
        // A suspended job's stop ends with it, and its run ended when it
        // stopped (`job_signal` of a suspended job).
        let mut end = now;
        if let Some(pause) = job.suspension.pauses.last_mut()
            && pause.to.is_none()
        {
            pause.to = Some(now);
            end = pause.from;
        }
        let (state, reason) = match how {
            // A status ended by a signal (`WIFSIGNALED`): the launch failed.
            Ending::Natural if job.exit.1 != 0 => (JobState::Failed, Reason::JobLaunchFailure),
            Ending::Natural if job.exit.0 == 0 => (JobState::Completed, Reason::None),
            Ending::Natural => (JobState::Failed, Reason::NonZeroExitCode),
            Ending::Timeout => (JobState::Timeout, Reason::TimeLimit),
            Ending::Cancelled => (JobState::Cancelled, Reason::None),
            Ending::NodeFail | Ending::Requeue => (JobState::NodeFail, Reason::NodeDown),
        };
        if how != Ending::Natural {
            job.exit = (0, 0);
        }
        job.state = state;
        job.reason = reason;
        job.end_time = Some(end);
        self.queue.note_reason(&self.jobs, id);
        let Some(job) = self.jobs.get_mut(&id) else {
            return;
        };
        let requeue = match how {
            Ending::Requeue => Some("REQUEUED"),
            Ending::NodeFail if job.batch && job.requeue => Some("NODE_FAIL"),
            _ => None,
        };
        if let Some(label) = requeue {
            let record = self.run_record(id, label, "0:0");
            self.requeue_pending(id, record);
        }
        self.settle_dependencies();
        self.queue.request_main_pass();
    }

    /// What slurmstepd writes to a batch job's error file when it is
    /// ended before its script finished: the job's banner and one for
    /// each step still running, with srun's notice.
    fn write_end_banners(&mut self, id: u32, how: Ending) {
        let now = self.now;
        let Some(job) = self.jobs.get(&id) else {
            return;
        };
        let host = self.first_host(job);
        let end = match how {
            Ending::Natural => None,
            Ending::Timeout => Some(StepEnd::TimeLimit),
            Ending::Cancelled => Some(StepEnd::Cancelled),
            Ending::NodeFail => Some(StepEnd::NodeFailure),
            Ending::Requeue => Some(StepEnd::Requeue),
        };
        let elapsed = u64::try_from(job.run_time(now)).unwrap_or(0);
        if let Some(end) = end.filter(|_| job.batch) {
            let stepd = self.config.stepd_name(&host);
            let banner = |target| stepd_banner(&stepd, target, &host, now, end) + "\n";
            let mut text = String::new();
            let running: Vec<u32> = job
                .steps
                .iter()
                .filter(|s| {
                    matches!(s.id, StepId::Numbered(_))
                        && s.start_offset <= elapsed
                        && s.end_offset.is_none_or(|e| e > elapsed)
                })
                .filter_map(|s| match s.id {
                    StepId::Numbered(n) => Some(n),
                    StepId::Batch => None,
                })
                .collect();
            let wait = u32::from(self.config.kill_wait_s) + 2;
            if !running.is_empty() {
                text.push_str(&(srun_step_aborted(wait) + "\n"));
            }
            text.push_str(&banner(StepTarget::Job(id)));
            for step in running {
                text.push_str(&banner(StepTarget::Step { job: id, step }));
            }
            let (_, err_path) = self.output_paths(id, None);
            push_write(&mut self.writes, &err_path, &text);
        }
    }

    /// Frees a job's nodes.
    fn release(&mut self, id: u32) {
        let Some(job) = self.jobs.get(&id) else {
            return;
        };
        // A suspended job gave its cores back already.
        let suspended = job.state == JobState::Suspended;
        let mut held = job.holdings();
        if suspended {
            held.iter_mut().for_each(|r| r.cpus = 0);
        }
        let nodes = job.nodes.clone();
        let now = self.now;
        for (&n, &res) in nodes.iter().zip(&held) {
            if let Some(node) = self.nodes.get_mut(n) {
                node.alloc = node.alloc - res;
                if node.alloc.cpus == 0 {
                    node.last_busy = now;
                }
            }
        }
        self.runs.stop(id, &nodes);
        self.queue.resources_changed();
    }

    /// The `sacct` record of the job's current run as it stands.
    fn run_record(&self, id: u32, state: &str, exit: &str) -> RunRecord {
        let Some(job) = self.jobs.get(&id) else {
            return RunRecord {
                state: state.to_owned(),
                start: self.now,
                end: self.now,
                cpus: 0,
                nodes: Vec::new(),
                steps: Vec::new(),
                exit: exit.to_owned(),
            };
        };
        RunRecord {
            state: state.to_owned(),
            start: job.start_time.unwrap_or(self.now),
            end: job.end_time.unwrap_or(self.now),
            cpus: job.held_total().cpus,
            nodes: job.nodes.clone(),
            steps: self.step_rows(id),
            exit: exit.to_owned(),
        }
    }

    /// The steps of a job's current run that have started, each with its
    /// `sacct` State and ExitCode as of now.
    pub(crate) fn step_rows(&self, id: u32) -> Vec<(StepRecord, String, String)> {
        let Some(job) = self.jobs.get(&id) else {
            return Vec::new();
        };
        if job.start_time.is_none() {
            return Vec::new();
        }
        let elapsed = u64::try_from(job.run_time(self.now)).unwrap_or(0);
        let killed = !matches!(
            job.state,
            JobState::Running | JobState::Suspended | JobState::Completed | JobState::Failed
        );
        job.steps
            .iter()
            .filter(|s| s.start_offset <= elapsed)
            .map(|s| {
                let done = s.end_offset.is_some_and(|e| e <= elapsed);
                let (state, exit) = if done && !(killed && s.id == StepId::Batch) {
                    // Tasks a signal killed leave the step CANCELLED
                    // (as_mysql_step_complete: WIFSIGNALED); a launch
                    // that failed is FAILED, its code where a signal is.
                    let state = match (s.exit, s.signal) {
                        (0, 0) => "COMPLETED",
                        (0, IO_ERROR_SIGNAL) => "FAILED",
                        (0, _) => "CANCELLED",
                        _ => "FAILED",
                    };
                    (state, format!("{}:{}", s.exit, s.signal))
                } else if job.state.has_nodes() {
                    (job.state.name(), "0:0".to_owned())
                } else {
                    ("CANCELLED", "0:15".to_owned())
                };
                (s.clone(), state.to_owned(), exit)
            })
            .collect()
    }

    /// Puts an ended (or never started) job back in the queue, held back
    /// for `requeue_delay_s`, with the run before kept for `sacct`.
    fn requeue_pending(&mut self, id: u32, record: RunRecord) {
        let now = self.now;
        let begin = now + self.params.requeue_delay_s;
        let Some(job) = self.jobs.get_mut(&id) else {
            return;
        };
        job.history.push(record);
        job.state = JobState::Pending;
        job.reason = Reason::BeginTime;
        job.reason_desc = None;
        job.restarts += 1;
        job.submit_time = now;
        job.begin_time = Some(begin);
        job.eligible_time = Some(begin);
        job.accrue_time = Some(begin);
        job.start_time = Some(begin);
        job.end_time = job
            .time_limit
            .seconds()
            .and_then(|s| i64::try_from(s).ok())
            .map(|s| begin + s);
        job.natural_end = None;
        job.nodes.clear();
        job.gpus.clear();
        job.held.clear();
        job.steps.clear();
        job.output.clear();
        job.output_flushed = 0;
        job.exit = (0, 0);
        self.runs.add_begin(id, begin);
        self.queue.reorder();
        self.queue.note_reason(&self.jobs, id);
    }

    /// `scontrol requeue`: a running or finished batch job goes back to
    /// the queue. Errors: Slurm's message.
    pub(crate) fn requeue(&mut self, id: u32) -> Result<(), &'static str> {
        let Some(job) = self.jobs.get(&id) else {
            return Err("Invalid job id specified");
        };
        if !job.requeue {
            return Err("Requested operation is presently disabled");
        }
        if !job.batch {
            return Err("Only batch jobs are accepted or processed");
        }
        match job.state {
            JobState::Pending => Err("Job is pending execution"),
            JobState::Running => {
                self.end_job(id, Ending::Requeue);
                Ok(())
            }
            // Its priority stays the 0 of its suspension, which the
            // scheduler reads as an administrator's hold
            // (`_job_runnable_test1`): it waits until released.
            JobState::Suspended => {
                self.end_job(id, Ending::Requeue);
                self.set_hold(id, Some(Hold::Admin));
                Ok(())
            }
            _ => {
                let record = self.run_record(id, job.state.name(), "0:0");
                self.requeue_pending(id, record);
                self.queue.request_main_pass();
                Ok(())
            }
        }
    }

    /// Holds a job `requeue` just put back, as `requeuehold` and
    /// `State=SpecialExit` do: a user's hold whose reason reads `desc`.
    pub(crate) fn hold_requeued(&mut self, id: u32, desc: &str, special_exit: bool) {
        self.set_hold(id, Some(Hold::User));
        if let Some(job) = self.jobs.get_mut(&id) {
            job.reason_desc = Some(desc.to_owned());
            job.special_exit = special_exit;
        }
    }

    /// The name of a job's first node, where its batch script runs.
    fn first_host(&self, job: &Job) -> String {
        job.nodes
            .first()
            .and_then(|&n| self.nodes.get(n))
            .map_or(String::new(), |n| n.name.clone())
    }

    /// `scontrol notify` to a running batch job: slurmstepd logs the
    /// message as an error, into the job's error file after what the
    /// script wrote so far.
    pub(crate) fn notify_batch(&mut self, id: u32, message: &str) {
        self.flush_output(id);
        let Some(job) = self.jobs.get(&id) else {
            return;
        };
        let host = self.first_host(job);
        let line = format!("{}: error: {message}\n", self.config.stepd_name(&host));
        let (_, err_path) = self.output_paths(id, None);
        push_write(&mut self.writes, &err_path, &line);
    }

    /// Cancels a job: a running one ends CANCELLED, a pending one (or an
    /// array's pending tasks) never starts. Finished jobs are left alone.
    pub(crate) fn cancel(&mut self, id: u32, by_uid: u32) {
        let now = self.now;
        let Some(state) = self.jobs.get(&id).map(|j| j.state) else {
            return;
        };
        match state {
            JobState::Running | JobState::Suspended => {
                if let Some(job) = self.jobs.get_mut(&id) {
                    job.cancelled_by = Some(by_uid);
                }
                self.end_job(id, Ending::Cancelled);
            }
            JobState::Pending => {
                let Some(job) = self.jobs.get_mut(&id) else {
                    return;
                };
                job.cancelled_by = Some(by_uid);
                job.state = JobState::Cancelled;
                job.reason = Reason::None;
                job.reason_desc = None;
                job.end_time = Some(now);
                job.start_time = None;
                job.begin_time = None;
                self.runs.remove_begin(id);
                self.dependents.remove(&id);
                self.queue.remove(&self.jobs, id);
                self.queue.note_reason(&self.jobs, id);
                self.queue.resources_changed();
                self.settle_dependencies();
                self.queue.request_main_pass();
            }
            _ => {}
        }
    }

    /// A node goes DOWN: its jobs fail (batch jobs that allow it are
    /// requeued).
    pub(crate) fn fail_node_jobs(&mut self, n: usize) {
        let victims: Vec<u32> = self.runs.holdings(n).iter().map(|h| h.job).collect();
        for id in victims {
            self.end_job(id, Ending::NodeFail);
        }
    }

    /// Re-evaluates the dependencies of pending jobs: met ones are cleared
    /// (the job becomes eligible), impossible ones marked.
    pub(crate) fn settle_dependencies(&mut self) {
        let now = self.now;
        let waiting: Vec<u32> = self.dependents.iter().copied().collect();
        for id in waiting {
            let Some(job) = self.jobs.get(&id) else {
                self.dependents.remove(&id);
                continue;
            };
            let Some(dep) = &job.dependency else {
                self.dependents.remove(&id);
                continue;
            };
            let mut met = true;
            let mut failed = false;
            for term in &dep.terms {
                let (m, f) = self.term_status(job, term);
                met &= m;
                failed |= f;
            }
            if let Some(job) = self.jobs.get_mut(&id) {
                if job.state != JobState::Pending {
                    self.dependents.remove(&id);
                } else if met {
                    job.dependency = None;
                    job.dependency_failed = false;
                    job.eligible_time = Some(now);
                    job.accrue_time = Some(now);
                    job.reason = Reason::None;
                    self.dependents.remove(&id);
                    self.queue.note_reason(&self.jobs, id);
                    self.queue.changed();
                } else if failed && !job.dependency_failed {
                    job.dependency_failed = true;
                    job.reason = Reason::DependencyNeverSatisfied;
                }
            }
        }
    }

    /// Changes a job's record in place (a field `scontrol update` sets
    /// that nothing else depends on).
    pub(crate) fn update_job(&mut self, id: u32, change: impl FnOnce(&mut Job)) {
        if let Some(job) = self.jobs.get_mut(&id) {
            change(job);
        }
    }

    /// A pending job's priority worked out again, and the queue put back
    /// in order.
    pub(crate) fn reprioritize_job(&mut self, id: u32) {
        if self
            .jobs
            .get(&id)
            .is_some_and(|j| j.state == JobState::Pending)
        {
            self.set_priority(id);
            self.queue.reorder();
        }
    }

    /// A pending job's new dependency (`None`: none): it waits again, or
    /// becomes eligible when nothing else holds it.
    pub(crate) fn set_dependency(&mut self, id: u32, dependency: Option<Dependency>) {
        let now = self.now;
        let Some(job) = self.jobs.get_mut(&id) else {
            return;
        };
        job.dependency_failed = false;
        if dependency.is_some() {
            self.dependents.insert(id);
            job.eligible_time = None;
            job.accrue_time = None;
        } else {
            self.dependents.remove(&id);
            if job.dependency.is_some() && job.hold.is_none() {
                job.eligible_time = Some(now);
                job.accrue_time = Some(now);
            }
        }
        job.dependency = dependency;
        self.refresh_reason(id);
        self.settle_dependencies();
    }

    /// Whether job `from` is `target` or waits on it through the
    /// dependencies of the jobs between (`_scan_depend`, job_scheduler.c).
    pub(crate) fn waits_on(&self, from: u32, target: u32) -> bool {
        let mut seen = std::collections::BTreeSet::new();
        let mut next = vec![from];
        while let Some(id) = next.pop() {
            if id == target {
                return true;
            }
            if !seen.insert(id) {
                continue;
            }
            if let Some(dep) = self.jobs.get(&id).and_then(|j| j.dependency.as_ref()) {
                next.extend(dep.terms.iter().map(|t| t.job));
            }
        }
        false
    }

    /// A pending job's new begin time (`StartTime=`): it waits until
    /// then, or not at all for a time that has come.
    pub(crate) fn set_begin(&mut self, id: u32, at: i64) {
        let begin = (at > self.now).then_some(at);
        let Some(job) = self.jobs.get_mut(&id) else {
            return;
        };
        job.begin_time = begin;
        job.start_time = begin;
        if job.eligible_time.is_some() {
            job.eligible_time = Some(at.max(self.now));
        }
        self.runs.remove_begin(id);
        if let Some(at) = begin {
            self.runs.add_begin(id, at);
        }
        self.refresh_reason(id);
    }

    /// A pending job's reason after a change of what holds it.
    fn refresh_reason(&mut self, id: u32) {
        let Some(job) = self.jobs.get(&id) else {
            return;
        };
        let reason = match self.blocked_job(job) {
            Some((reason, _)) => reason,
            None if matches!(
                job.reason,
                Reason::Dependency | Reason::DependencyNeverSatisfied | Reason::BeginTime
            ) =>
            {
                Reason::None
            }
            None => job.reason,
        };
        if let Some(job) = self.jobs.get_mut(&id) {
            job.reason = reason;
        }
        self.queue.note_reason(&self.jobs, id);
        self.queue.changed();
    }

    /// Whether one dependency term of `job` is met, and whether it never
    /// will be.
    pub(crate) fn term_status(&self, job: &Job, term: &DepTerm) -> (bool, bool) {
        if term.kind == DepKind::Singleton {
            // `_find_singleton_job` (job_scheduler.c).
            let blocked = self.jobs.values().any(|other| {
                other.user == job.user
                    && other.name == job.name
                    && (other.state.has_nodes()
                        || (other.state == JobState::Pending && other.id < job.id))
            });
            return (!blocked, false);
        }
        let Some(target) = self.jobs.get(&term.job) else {
            // A job the controller has forgotten has long ended.
            return (true, false);
        };
        let finished = target.state.is_finished();
        let ok = target.state == JobState::Completed;
        match term.kind {
            DepKind::After => (target.state != JobState::Pending, false),
            DepKind::AfterAny => (finished, false),
            DepKind::AfterOk => (ok, finished && !ok),
            DepKind::AfterNotOk => (finished && !ok, ok),
            DepKind::Singleton => (true, false),
        }
    }
}

impl Cluster {
    /// When a running job will end (now if it is not running).
    pub(crate) fn ends_at(&self, id: u32) -> i64 {
        self.runs.end_of(id).unwrap_or(self.now)
    }

    /// Cancels one pending task of an array record (the record itself when
    /// it was the last).
    pub(crate) fn cancel_pending_task(&mut self, id: u32, task: u32, by_uid: u32) {
        let Some(job) = self.jobs.get_mut(&id) else {
            return;
        };
        let Some(array) = job.array.as_mut() else {
            return;
        };
        array.pending.retain(|&t| t != task);
        if array.pending.is_empty() && array.task.is_none() {
            array.task = Some(task);
            self.cancel(id, by_uid);
        }
    }

    /// Holds (`Some`) or releases (`None`) a pending job: a held job has
    /// priority 0; a released one becomes eligible and gets its priority.
    pub(crate) fn set_hold(&mut self, id: u32, hold: Option<Hold>) {
        let now = self.now;
        let Some(job) = self.jobs.get_mut(&id) else {
            return;
        };
        let was_held = job.hold.is_some();
        job.hold = hold;
        // A hold or a release ends a priority an operator set.
        job.priority_set = false;
        match hold {
            Some(h) => {
                job.priority = 0;
                job.reason = match h {
                    Hold::User => Reason::JobHeldUser,
                    Hold::Admin => Reason::JobHeldAdmin,
                };
                // Holding a held job changes its reason, not the text
                // a requeue gave it.
                if !was_held {
                    job.reason_desc = None;
                }
            }
            None => {
                if job.dependency.is_none() && job.eligible_time.is_none() {
                    job.eligible_time = Some(now);
                    job.accrue_time = Some(now);
                }
                if matches!(job.reason, Reason::JobHeldUser | Reason::JobHeldAdmin) {
                    job.reason = Reason::None;
                }
                // `_release_job_rec`: a begin time passed is forgotten,
                // and so are the special exit and its text.
                if job.begin_time.is_some_and(|t| t < now) {
                    job.begin_time = None;
                }
                job.special_exit = false;
                job.reason_desc = None;
                self.set_priority(id);
            }
        }
        self.queue.note_reason(&self.jobs, id);
        self.queue.reorder();
        self.queue.changed();
    }

    /// Something about the nodes changed: schedule again.
    pub(crate) fn node_changed(&mut self) {
        self.queue.changed();
    }

    /// A new time limit; a running job's end moves with it.
    pub(crate) fn set_time_limit(&mut self, id: u32, limit: TimeLimit) {
        let Some(job) = self.jobs.get_mut(&id) else {
            return;
        };
        job.time_limit = limit;
        // A suspended job's end is set again when it resumes.
        if job.state == JobState::Running {
            let start = job.start_time.unwrap_or(self.now) + job.suspension.total(self.now);
            let limit_end = limit
                .seconds()
                .and_then(|s| i64::try_from(s).ok())
                .map_or(NEVER, |s| start.saturating_add(s));
            job.end_time = (limit_end < NEVER).then_some(limit_end);
            let end = job
                .natural_end
                .map_or(limit_end, |n| n.min(limit_end))
                .max(self.now);
            let nodes = job.nodes.clone();
            let held = job.holdings();
            self.runs.set_end(id, end);
            self.runs.relimit(id, &nodes, limit_end, &held);
        }
        self.queue.changed();
    }

    /// `Dependency=` as scontrol and squeue print it, met terms left out
    /// (`_depend_list2str`): `afterok:30(unfulfilled)`,
    /// `afterok:30(failed)`, `singleton(unfulfilled)`; `None` when none.
    pub(crate) fn dependency_text(&self, job: &Job) -> Option<String> {
        let dep = job.dependency.as_ref()?;
        let mut shown = Vec::new();
        for t in &dep.terms {
            let status = match self.term_status(job, t) {
                (_, true) => "failed",
                (true, false) => continue,
                (false, false) => "unfulfilled",
            };
            shown.push(match t.kind {
                DepKind::Singleton => format!("singleton({status})"),
                kind => format!("{}:{}({status})", kind.name(), t.job),
            });
        }
        (!shown.is_empty()).then(|| shown.join(","))
    }
}

/// Appends text for a path, merging with the last write to the same path.
fn push_write(writes: &mut Vec<FileWrite>, path: &str, text: &str) {
    if let Some(last) = writes.last_mut()
        && last.path == path
    {
        last.text.push_str(text);
        return;
    }
    writes.push(FileWrite {
        path: path.to_owned(),
        text: text.to_owned(),
        truncate: false,
        dir: false,
    });
}

/// A cluster time as the shell's clock counts it (never negative).
fn clock_u64(t: i64) -> u64 {
    u64::try_from(t).unwrap_or(0)
}

/// The `count` lowest GPUs of `mask` (fewer if it has fewer): the first
/// free ones, as Slurm's gres selection takes them.
pub(crate) fn lowest_gpus(mask: u64, count: u32) -> u64 {
    let mut left = mask;
    let mut taken = 0;
    for _ in 0..count {
        let low = left & left.wrapping_neg();
        taken |= low;
        left &= !low;
    }
    taken
}

/// The GPUs of `mask` by index: `2,3`.
pub(crate) fn gpu_list(mask: u64) -> String {
    let ids: Vec<String> = (0..64)
        .filter(|b| mask & (1 << b) != 0)
        .map(|b: u32| b.to_string())
        .collect();
    ids.join(",")
}

/// `CUDA_VISIBLE_DEVICES` for the GPUs of `mask`: their indices, or, when
/// cgroups hide the others (`ConstrainDevices`), `0` to `n-1` (the process
/// sees only its own, numbered from 0), as Slurm's gres/gpu plugin sets it.
pub(crate) fn visible_devices(mask: u64, constrained: bool) -> String {
    if constrained {
        let ids: Vec<String> = (0..mask.count_ones()).map(|i| i.to_string()).collect();
        ids.join(",")
    } else {
        gpu_list(mask)
    }
}
