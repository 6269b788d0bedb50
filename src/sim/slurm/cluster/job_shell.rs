//! The bash a job runs in: its batch script on the first node of the
//! allocation, and the `bash`/`sh` steps of `srun` (and those of the
//! shell's own programs, `srun printenv PATH`) on each task's node. It is
//! the login prompt's own interpreter ([`Shell`]) over the shared home,
//! with the environment `--export` passed on ([`UserEnv`]) and Slurm's
//! over it; `srun` starts a step of the job, the
//! Slurm commands answer as at the prompt, and programs run through the
//! [`ProgramRunner`]; `python` and the like stand for the user's own work
//! (a training run), which runs until the time limit.
//!
//! Simulated time runs inside the shell: `sleep` and each program move
//! its clock, so every line of output is stamped with when it was
//! written, and the shell stops at the job's time limit.

use super::commands::{COMMANDS, StepRequest, step_request};
use super::cpu_binding::TaskShare;
use super::deferred::changes_jobs;
use super::export::{UserEnv, step_env, stepd_finds};
use super::job_options::WarnSignal;
use super::lifecycle::{gpu_list, visible_devices};
use super::mpi::Mpi;
use super::output::CommandOutput;
use super::runner::{self, Launch, ProgramOutput, ProgramRunner, TaskDist, USER_PROGRAMS};
use super::state::{OutputLine, SIGTERM, StepRecord};
use super::step_layout::StepPlace;
use super::step_share::{StepHolds, StepWant, waiting_lines};
use super::{Caller, Cluster, LOGIN_HOST, Stream as ClusterStream};
use crate::sim::slurm::hostlist::Hostlist;
use crate::sim::slurm::node_tools::{
    CpuView, LOGIN_CPUS, address, groups, id, is_user_tool, noise, nproc, stepd_execve_failed,
};
use crate::sim::slurm::shell::{
    self, Call, Change, CommandInfo, CommandSet, Fs, Origin, Shell, Stream,
};

/// What a job's shell needs to know of the job, copied out of the
/// cluster so that the commands it runs may change the cluster.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct JobFacts {
    pub(crate) id: u32,
    pub(crate) user: String,
    /// The user's uid (`$UID` in its shells).
    pub(crate) uid: u32,
    pub(crate) work_dir: String,
    /// The allocated nodes, in order.
    pub(crate) nodes: Vec<String>,
    /// The same nodes, indices into the cluster's.
    pub(crate) node_ids: Vec<usize>,
    pub(crate) tasks: u32,
    pub(crate) gpus_per_node: u32,
    /// Per node, the GPUs the job holds there (bit `i`: GPU `i`).
    pub(crate) gpus: Vec<u64>,
    /// Whether cgroups hide the GPUs it does not hold (`ConstrainDevices`).
    pub(crate) constrained: bool,
    /// Per node, the CPUs it holds there.
    pub(crate) cpus_on: Vec<u32>,
    /// When it started, seconds since the epoch.
    pub(crate) start: u64,
    /// Its time limit, as a time (`u64::MAX`: none).
    pub(crate) deadline: u64,
    /// Slurm's variables for every process of the job.
    pub(crate) env: Vec<(String, String)>,
    /// `SLURM_WORKING_CLUSTER`, where its processes find the controller.
    pub(crate) working_cluster: String,
    /// Made by srun for its own step (not by sbatch or salloc).
    pub(crate) own_allocation: bool,
    /// What its batch script starts with, under Slurm's variables.
    pub(crate) batch_env: UserEnv,
    /// The signal it asked for before its time limit, and when it comes.
    pub(crate) warn: Option<(u64, WarnSignal)>,
}

impl JobFacts {
    /// What slurmstepd adds for the process it starts on `node` with
    /// process id `pid`, the batch script included (`setup_env`,
    /// src/common/env.c): who runs it, the job's share of the node, the
    /// global ids of the step's tasks there (`gtids`), and where the
    /// controller is.
    fn stepd_env(&self, node: &str, pid: u32, gtids: String) -> Vec<(&'static str, String)> {
        let mut env = vec![
            ("SLURM_JOB_USER", self.user.clone()),
            ("SLURM_JOB_UID", self.uid.to_string()),
            // Each user has a group of their own, of the same number.
            ("SLURM_JOB_GID", self.uid.to_string()),
            ("SLURM_CPUS_ON_NODE", self.cpus_at(node).to_string()),
            ("SLURM_GTIDS", gtids),
            ("SLURM_TASK_PID", pid.to_string()),
            // srun's and sbatch's own nice value.
            ("SLURM_PRIO_PROCESS", "0".to_owned()),
            // No topology plugin: every node is a leaf of its own.
            ("SLURM_TOPOLOGY_ADDR", node.to_owned()),
            ("SLURM_TOPOLOGY_ADDR_PATTERN", "node".to_owned()),
            ("SLURM_WORKING_CLUSTER", self.working_cluster.clone()),
        ];
        if self.gpus_per_node > 0 {
            env.push(("SLURM_GPUS_ON_NODE", self.gpus_per_node.to_string()));
        }
        env
    }
}

/// The process id of task `task` of job `job`'s step `step` (`None`: the
/// batch script), as `$$` and `SLURM_TASK_PID` give it: drawn, the same
/// for the same task.
fn task_pid(job: u32, step: Option<u32>, task: usize) -> u32 {
    let step = step.map_or(u64::MAX, u64::from);
    let pid = noise::between(&[u64::from(job), step, task as u64], 10_000, 99_999);
    u32::try_from(pid).unwrap_or(u32::MAX)
}

/// What a job's script did: its output over time, its steps, its exit
/// status, and how long it ran (`None`: until its time limit).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct ScriptRun {
    pub(crate) output: Vec<OutputLine>,
    pub(crate) steps: Vec<StepRecord>,
    pub(crate) exit: i32,
    /// The signal that ended it (its exit is then 0).
    pub(crate) signal: i32,
    pub(crate) runtime: Option<u64>,
    /// The directories and files the script made or changed.
    pub(crate) files: Vec<Change>,
    /// It ran a program of the user's itself, outside any step.
    pub(crate) computes: bool,
}

/// Runs a batch script, with its arguments, on the job's first node.
pub(crate) fn run_batch(
    cluster: &mut Cluster,
    programs: &mut dyn ProgramRunner,
    job: &JobFacts,
    (script, args): (&str, Vec<String>),
) -> ScriptRun {
    let host = job.nodes.first().map_or("localhost", String::as_str);
    let pid = task_pid(job.id, None, 0);
    let mut batch_env = job.stepd_env(host, pid, "0".to_owned());
    batch_env.extend([
        ("SLURMD_NODENAME", host.to_owned()),
        ("SLURM_NODEID", "0".to_owned()),
        ("SLURM_PROCID", "0".to_owned()),
        ("SLURM_LOCALID", "0".to_owned()),
    ]);
    let vars = job.env.iter().map(|(k, v)| (k.as_str(), v.as_str()));
    let vars = vars.chain(batch_env.iter().map(|(k, v)| (*k, v.as_str())));
    let start = (host, job.start, &job.batch_env);
    let Some(mut shell) = job_shell(programs.files(), job, start, vars, &job.work_dir) else {
        return ScriptRun::default();
    };
    shell.set_pid(pid);
    let cpus = cluster.batch_cpus(job).unwrap_or(LOGIN_CPUS);
    // slurmstepd runs the script from the node's spool directory, and
    // bash names it so in its messages.
    let spool = cluster
        .config
        .setting("SlurmdSpoolDir")
        .unwrap_or("/var/spool/slurmd")
        .replace("%n", host)
        .replace("%h", host);
    let path = format!("{spool}/job{:05}/slurm_script", job.id);
    // slurmstepd runs the script by that path, with sbatch's arguments,
    // and signals it at the time limit.
    shell.set_positional(&path, args);
    shell.set_time_limit(job.deadline, u64::from(cluster.config.kill_wait_s));
    // `--signal=B:`: to the script's shell alone (a number past Linux's
    // last signal fails to send).
    let batch_signal = job
        .warn
        .filter(|(_, warn)| warn.batch)
        .and_then(|(at, warn)| {
            let signal = u8::try_from(warn.signal).ok()?;
            (signal <= 64).then_some((at, signal))
        });
    if let Some((at, signal)) = batch_signal {
        shell.set_warning(at, signal);
    }
    let script = (script, Origin::file(&path));
    run_shell(&mut shell, (cluster, programs), job, script, cpus)
}

/// `salloc COMMAND`: the command line runs in a shell on the login node
/// `host`, in the directory `cwd`, with the caller's environment `env`
/// and the allocation's, so that its `srun` starts steps of the job.
pub(crate) fn run_in_allocation(
    cluster: &mut Cluster,
    programs: &mut dyn ProgramRunner,
    job: &JobFacts,
    argv: &[String],
    (host, cwd, env): (&str, &str, &UserEnv),
) -> ScriptRun {
    let vars = job.env.iter().map(|(k, v)| (k.as_str(), v.as_str()));
    let Some(mut shell) = job_shell(programs.files(), job, (host, job.start, env), vars, cwd)
    else {
        return ScriptRun::default();
    };
    let program = argv.first().map_or("", String::as_str);
    if !shell.finds_program(program, &mut JobCommands::new(cluster, programs, job)) {
        // salloc's child says so and exits with salloc's error status.
        let text = format!("salloc: error: _fork_command: Unable to find command \"{program}\"\n");
        return ScriptRun {
            output: vec![OutputLine {
                offset: 0,
                text,
                stderr: true,
            }],
            exit: 1,
            runtime: Some(0),
            ..ScriptRun::default()
        };
    }
    let script = script_of(argv);
    run_shell(
        &mut shell,
        (cluster, programs),
        job,
        (&script, exec_origin()),
        LOGIN_CPUS,
    )
}

/// Runs `script` in a job's `shell`: what it printed when, its steps, its
/// status, how long it ran, and what it wrote. Its processes run on
/// `cpus`.
fn run_shell(
    shell: &mut Shell,
    (cluster, programs): (&mut Cluster, &mut dyn ProgramRunner),
    job: &JobFacts,
    script: (&str, Origin),
    cpus: CpuView,
) -> ScriptRun {
    let before = shell.fs().clone();
    let mut commands = JobCommands::new(cluster, programs, job);
    commands.cpus = cpus;
    let outcome = shell.run_script(script, &mut commands);
    let mut output = commands.timed;
    for chunk in &outcome.output {
        let offset = chunk.at.saturating_sub(job.start);
        push_lines(
            &mut output,
            offset,
            &chunk.text,
            chunk.stream == Stream::Stderr,
        );
    }
    crate::sort::by_key(&mut output, |line| line.offset);
    // Killed at the time limit, it ran until the limit.
    let runtime = (!shell.past_deadline() && !shell.terminated())
        .then(|| shell.now().saturating_sub(job.start));
    if let Some(end) = runtime {
        // Background children still running die with the script.
        output.retain(|line| line.offset <= end);
    }
    // Killed at the limit, it has no status of its own while it runs;
    // killed by another signal, its status is that signal.
    let signal = runtime.and(shell.killed_by()).map_or(0, i32::from);
    ScriptRun {
        output,
        steps: commands.steps,
        exit: if runtime.is_some() && signal == 0 {
            outcome.status
        } else {
            0
        },
        signal,
        runtime,
        files: shell.fs().changes_since(&before),
        computes: commands.computes,
    }
}

/// `srun bash ...` typed at the login prompt: the step's tasks each run
/// the command line in a shell of their own with the environment `env`,
/// as in a batch script; lines printed over time come back in `timed`.
pub(crate) fn run_bash_step(
    cluster: &mut Cluster,
    programs: &mut dyn ProgramRunner,
    job: &JobFacts,
    launch: &Launch<'_>,
    (cwd, env): (&str, &UserEnv),
) -> ProgramOutput {
    let mut files = programs
        .files()
        .cloned()
        .unwrap_or_else(|| Fs::new(&job.user, job.start));
    let mut commands = JobCommands::new(cluster, programs, job);
    let mut out = commands.bash_tasks((launch, LOGIN_HOST), &mut files, env, cwd);
    out.timed = std::mem::take(&mut commands.timed);
    out
}

/// A shell of the job's user on `host` at `now`, over the shared files,
/// with the environment `env` and Slurm's `vars` over it, in the
/// directory `dir`, killed at the job's time limit.
fn job_shell<'v>(
    files: Option<&Fs>,
    job: &JobFacts,
    (host, now, env): (&str, u64, &UserEnv),
    vars: impl Iterator<Item = (&'v str, &'v str)>,
    dir: &str,
) -> Option<Shell> {
    let mut shell = match files {
        Some(fs) => Shell::with_files(&job.user, host, now, fs.clone()),
        None => Shell::new(&job.user, host, now),
    }
    .ok()?;
    shell.set_uid(job.uid);
    env.apply(&mut shell);
    for (name, value) in vars {
        // A name the shell cannot hold is one no process could read.
        let _ = shell.set_var(name, value, true);
    }
    // bash sets `HOSTNAME` itself, whatever it inherits.
    let _ = shell.set_var("HOSTNAME", host, false);
    shell.enter_dir(dir);
    shell.set_deadline(job.deadline);
    Some(shell)
}

/// Adds each line of `text` as output due at `offset`.
pub(crate) fn push_lines(output: &mut Vec<OutputLine>, offset: u64, text: &str, stderr: bool) {
    for line in text.split_inclusive('\n') {
        output.push(OutputLine {
            offset,
            text: line.to_owned(),
            stderr,
        });
    }
}

/// The commands of a job's shell.
struct JobCommands<'a> {
    cluster: &'a mut Cluster,
    programs: &'a mut dyn ProgramRunner,
    job: &'a JobFacts,
    /// The steps started so far.
    steps: Vec<StepRecord>,
    /// Lines programs print over time, offset from the job's start.
    timed: Vec<OutputLine>,
    /// What the steps started so far hold of the job, and when.
    holds: StepHolds,
    /// The CPUs the shell's processes may run on (what `nproc` counts).
    cpus: CpuView,
    /// The shell ran a program that computes, outside any step.
    computes: bool,
}

impl<'a> JobCommands<'a> {
    fn new(
        cluster: &'a mut Cluster,
        programs: &'a mut dyn ProgramRunner,
        job: &'a JobFacts,
    ) -> JobCommands<'a> {
        JobCommands {
            cluster,
            programs,
            job,
            steps: Vec::new(),
            timed: Vec::new(),
            holds: StepHolds::default(),
            cpus: LOGIN_CPUS,
            computes: false,
        }
    }

    /// A Slurm command, as at the prompt.
    fn slurm(&mut self, call: &mut Call<'_>) -> i32 {
        let fs = &*call.fs;
        let cwd = call.cwd.to_owned();
        let files = |path: &str| fs.read_at(&cwd, path);
        let mut caller = Caller {
            user: call.user,
            cwd: &cwd,
            host: call.host,
            files: &files,
            env: Some(call.env),
            programs: &mut *self.programs,
        };
        let ahead = i64::try_from(call.now).unwrap_or(i64::MAX);
        let output = if ahead > self.cluster.now() && changes_jobs(call.argv) {
            let run = (self.job.id, signed(self.job.start));
            self.cluster.defer(ahead, run, call.argv, &caller)
        } else {
            self.cluster.exec_as(call.argv, call.stdin, &mut caller)
        };
        write_output(call, &output)
    }

    /// A program on this shell's node, outside any step.
    fn program(&mut self, call: &mut Call<'_>) -> i32 {
        let nodes = [call.host.to_owned()];
        let held = self.job.nodes.iter().position(|n| n == call.host);
        let gpus = [held
            .and_then(|i| self.job.gpus.get(i))
            .copied()
            .unwrap_or(0)];
        // Called by its path, the program of that directory.
        let by_path: Vec<String>;
        let argv = match call.path {
            Some(path) => {
                by_path = std::iter::once(path.to_owned())
                    .chain(call.args().iter().cloned())
                    .collect();
                &by_path[..]
            }
            None => call.argv,
        };
        let launch = Launch {
            job_id: self.job.id,
            step: None,
            argv,
            nodes: &nodes,
            tasks: 1,
            room: &[],
            gpus_per_node: self.job.gpus_per_node,
            gpus: &gpus,
            constrained: self.job.constrained,
            user: call.user,
            work_dir: call.cwd,
            now: signed(call.now),
            dist: TaskDist::Block,
            dist_named: None,
            mpi: Mpi::None,
            cpus_per_task: None,
        };
        let path = call.env.get("PATH").map_or("", String::as_str);
        let files = self.shared_files(call);
        let ran = self
            .programs
            .run(&launch)
            .or_else(|| runner::user_work(&launch, path, files));
        match ran {
            Some(out) => {
                self.computes |= out.computes;
                self.took(call, &out)
            }
            // A node tool on the login node.
            None => call.not_found(),
        }
    }

    /// `srun` inside the job: a step over the nodes it asks for of the
    /// job's, once what it needs is free of the steps running beside it
    /// ([`StepHolds`]).
    fn step(&mut self, call: &mut Call<'_>) -> i32 {
        let request = match step_request(call.args(), call.env) {
            Ok(request) => request,
            Err(out) => return write_output(call, &out),
        };
        let want = StepWant {
            ask: &request.ask,
            gpus_per_node: request.gpus_per_node,
            overlap: request.overlap,
        };
        let start = match self.holds.start(self.job, want, call.now) {
            Ok(start) => start,
            // srun exits before the controller makes a step.
            Err(lines) => {
                call.out.stderr(&lines);
                return 1;
            }
        };
        call.out.stderr(&start.warning);
        for (t, line) in waiting_lines(self.job.id, call.now, &start) {
            push_lines(
                &mut self.timed,
                t.saturating_sub(self.job.start),
                &line,
                true,
            );
        }
        let Some(started) = start.at else {
            // It waits until the job ends.
            return self.run_forever(call);
        };
        call.now = started;
        let place = &start.place;
        let no = u32::try_from(self.steps.len()).unwrap_or(u32::MAX);
        let launch = Launch {
            job_id: self.job.id,
            step: Some(no),
            argv: &request.argv,
            nodes: &place.names,
            tasks: place.tasks,
            room: &place.room,
            gpus_per_node: request.gpus_per_node.unwrap_or(self.job.gpus_per_node),
            gpus: &place.gpus,
            constrained: self.job.constrained,
            user: call.user,
            work_dir: call.cwd,
            now: signed(started),
            dist: request.dist,
            dist_named: request.dist_named.as_deref(),
            mpi: request.mpi,
            cpus_per_task: place.cpus_per_task,
        };
        let (exit, duration, computes) = self.run_step(call, &request, &launch);
        // A `timeout` around srun kills it at its limit, and srun takes
        // the step's tasks with it (SIGTERM).
        let cut = (call.until)
            .filter(|&until| duration.is_none_or(|d| started.saturating_add(d) > until));
        let duration = cut.map_or(duration, |until| Some(until.saturating_sub(started)));
        let offset = started.saturating_sub(self.job.start);
        let end = duration.map(|d| offset.saturating_add(d));
        let mut record = place.record(no, &request.argv[0], (offset, end), exit);
        record.time_limit = request.time_limit;
        record.computes = computes;
        if cut.is_some() {
            (record.exit, record.signal) = (0, SIGTERM);
        }
        self.steps.push(record);
        self.holds
            .hold(&start, duration.map(|d| started.saturating_add(d)));
        exit
    }

    /// Runs a step's program on its nodes: the node's programs, the
    /// shell's, or slurmstepd's `execve` failure; its exit status, how
    /// long it ran (`None`: until the job ends) and whether it computed.
    fn run_step(
        &mut self,
        call: &mut Call<'_>,
        request: &StepRequest,
        launch: &Launch<'_>,
    ) -> (i32, Option<u64>, bool) {
        let env = step_env(request.export.as_deref(), call.env);
        let found = stepd_finds(&request.argv[0], Some(&env));
        let path = env.get("PATH").map_or("", String::as_str);
        let files = self.shared_files(call);
        let result = match found.then(|| {
            self.programs
                .run(launch)
                .or_else(|| runner::builtin(launch))
                .or_else(|| runner::user_work(launch, path, files))
        }) {
            Some(Some(out)) => Some(out),
            Some(None) if in_shell(&request.argv[0]) => {
                let launched = (launch, call.host);
                Some(self.bash_tasks(launched, call.fs, &UserEnv::exact(&env), call.cwd))
            }
            _ => None,
        };
        match result {
            Some(mut out) => {
                if request.label {
                    out.stdout = labelled(&out.stdout, launch.task_nodes().len());
                }
                let exit = self.took(call, &out);
                if exit != 0 {
                    call.out.stderr(&launch.exit_lines(exit, &out.ended_early));
                }
                (exit, out.duration_s, out.computes)
            }
            None => {
                let program = &request.argv[0];
                for node in launch.task_nodes() {
                    let stepd = self.cluster.config.stepd_name(node);
                    call.out
                        .stderr(&(stepd_execve_failed(&stepd, program) + "\n"));
                }
                call.out.stderr(&launch.exit_lines(2, &[]));
                (2, Some(0), false)
            }
        }
    }

    /// A `bash`, `sh` or shell tool step: the command line runs in a shell of its own
    /// on each task's node, with the environment `env`, the job's
    /// variables and the task's (`SLURM_PROCID`), in the caller's
    /// directory `cwd`; the step lasts as long as its slowest task.
    fn bash_tasks(
        &mut self,
        (launch, srun_host): (&Launch<'_>, &str),
        files: &mut Fs,
        env: &UserEnv,
        cwd: &str,
    ) -> ProgramOutput {
        let mut result = ProgramOutput {
            duration_s: Some(0),
            ..ProgramOutput::default()
        };
        let task_nodes: Vec<String> = launch.task_nodes().into_iter().map(str::to_owned).collect();
        let script = script_of(launch.argv);
        let started = u64::try_from(launch.now).unwrap_or(0);
        // The tasks run on their own CPUs; the shell that started the
        // step keeps its own, and what they run is the step's work.
        let outer = self.cpus;
        let outer_computes = std::mem::take(&mut self.computes);
        let srun = Srun {
            host: srun_host,
            interactive: false,
        };
        for (task, node) in task_nodes.iter().enumerate() {
            let job = self.job;
            let (pid, task_vars) = task_vars(job, launch, &task_nodes, task, &srun);
            let vars = job.env.iter().map(|(k, v)| (k.as_str(), v.as_str()));
            let vars = vars.chain(task_vars.iter().map(|(k, v)| (*k, v.as_str())));
            let start = (node.as_str(), started, env);
            let Some(mut shell) = job_shell(Some(files), job, start, vars, cwd) else {
                continue;
            };
            shell.set_pid(pid);
            let here = task_nodes.iter().filter(|n| *n == node).count();
            let here = u32::try_from(here).unwrap_or(1);
            let share = TaskShare::new(job.cpus_at(node), here, launch.cpus_per_task);
            self.cpus = self.cluster.task_cpus(node, share).unwrap_or(LOGIN_CPUS);
            let outcome = shell.run_script((&script, exec_origin()), self);
            // The nodes share the home: what a task wrote, the others see.
            files.apply(&shell.fs().changes_since(files), shell.now());
            result.stdout.push_str(&outcome.text(Stream::Stdout));
            result.stderr.push_str(&outcome.text(Stream::Stderr));
            result.exit = result.exit.max(outcome.status);
            // A task that ran the user's own work runs until the job ends.
            let took = (shell.now() != u64::MAX).then(|| shell.now().saturating_sub(started));
            result.duration_s = result.duration_s.zip(took).map(|(d, t)| d.max(t));
        }
        self.cpus = outer;
        result.computes = std::mem::replace(&mut self.computes, outer_computes);
        result
    }

    /// Writes what a program printed and moves the clock past its run;
    /// a `timeout` that kills it first cuts its later lines.
    fn took(&mut self, call: &mut Call<'_>, out: &ProgramOutput) -> i32 {
        call.out.stdout(&out.stdout);
        call.out.stderr(&out.stderr);
        let offset = call.now.saturating_sub(self.job.start);
        let written = |line: &&OutputLine| {
            call.until
                .is_none_or(|until| call.now.saturating_add(line.offset) < until)
        };
        self.timed
            .extend(out.timed.iter().filter(written).map(|line| OutputLine {
                offset: offset.saturating_add(line.offset),
                ..line.clone()
            }));
        match out.duration_s {
            Some(d) => call.now = call.now.saturating_add(d),
            None => {
                self.run_forever(call);
            }
        }
        out.exit
    }

    /// The files a program of the job finds, as its shell sees them now,
    /// where the caller shares its own (a terminal's home); `None` where
    /// the model holds no files of the user's.
    fn shared_files<'c>(&self, call: &'c Call<'_>) -> Option<&'c Fs> {
        self.programs.files().map(|_| &*call.fs)
    }

    /// The user's own program: it runs until the time limit.
    fn run_forever(&mut self, call: &mut Call<'_>) -> i32 {
        call.now = u64::MAX;
        0
    }
}

impl CommandSet for JobCommands<'_> {
    fn commands(&self) -> Vec<CommandInfo> {
        COMMANDS
            .iter()
            .map(|c| CommandInfo {
                name: c.name.to_owned(),
                summary: c.summary.to_owned(),
                options: Vec::new(),
            })
            .collect()
    }

    /// The Slurm commands, the node's programs, and the user's own
    /// programs: what the shell does not run itself.
    fn has(&self, name: &str) -> bool {
        let name = base_name(name);
        !shell::is_shell_command(name)
            && (COMMANDS.iter().any(|c| c.name == name)
                || is_user_tool(name)
                || name == "nproc"
                || self.programs.provides(name)
                || USER_PROGRAMS.contains(&name))
    }

    fn run(&mut self, call: &mut Call<'_>) -> i32 {
        let name = base_name(call.name()).to_owned();
        if name == "srun" {
            self.step(call)
        } else if name == "nproc" || is_user_tool(&name) {
            let users = &self.cluster.accounts.users;
            let out = match name.as_str() {
                "id" => id(call.args(), call.user, users),
                "groups" => groups(call.args(), call.user, users),
                _ => nproc(call.args(), call.env, self.cpus),
            };
            call.out.stdout(&out.stdout);
            call.out.stderr(&out.stderr);
            out.exit
        } else if COMMANDS.iter().any(|c| c.name == name) {
            self.slurm(call)
        } else {
            self.program(call)
        }
    }
}

/// Where task 0 of step `step` at `place` runs (the step's first node),
/// its process id and its environment: the job's variables and the
/// task's, the step's counts among them, as the shell of `srun --pty bash`
/// typed at the login prompt has them.
pub(crate) fn pty_env(
    job: &JobFacts,
    step: u32,
    place: &StepPlace,
) -> (String, u32, Vec<(String, String)>) {
    // srun's other tasks run with their output thrown away (`--pty`),
    // the shell is the first.
    let launch = Launch {
        job_id: job.id,
        step: Some(step),
        argv: &[],
        nodes: &place.names,
        tasks: place.tasks,
        room: &place.room,
        gpus_per_node: job.gpus_per_node,
        gpus: &place.gpus,
        constrained: job.constrained,
        user: &job.user,
        work_dir: &job.work_dir,
        now: 0,
        dist: TaskDist::Block,
        dist_named: None,
        mpi: Mpi::None,
        cpus_per_task: place.cpus_per_task,
    };
    let task_nodes: Vec<String> = launch.task_nodes().into_iter().map(str::to_owned).collect();
    let srun = Srun {
        host: LOGIN_HOST,
        interactive: true,
    };
    let (pid, task) = task_vars(job, &launch, &task_nodes, 0, &srun);
    let mut env = job.env.clone();
    env.extend(task.into_iter().map(|(k, v)| (k.to_owned(), v)));
    let host = task_nodes.into_iter().next().unwrap_or_default();
    (host, pid, env)
}

/// The srun that launched a step, as the step's tasks learn of it.
struct Srun<'a> {
    /// The host it runs on.
    host: &'a str,
    /// `--pty`: it names no layout of the tasks.
    interactive: bool,
}

/// Everything task `task` of a step gets over the job's variables,
/// slurmstepd's, srun's and its own, and its process id.
fn task_vars(
    job: &JobFacts,
    launch: &Launch<'_>,
    task_nodes: &[String],
    task: usize,
    srun: &Srun<'_>,
) -> (u32, Vec<(&'static str, String)>) {
    let node = &task_nodes[task];
    let here: Vec<usize> = (0..task_nodes.len())
        .filter(|&i| task_nodes[i] == *node)
        .collect();
    let local = here.iter().take_while(|&&i| i < task).count();
    let gtids = here.iter().map(usize::to_string).collect::<Vec<_>>();
    let pid = task_pid(job.id, launch.step, task);
    let mut vars = job.stepd_env(node, pid, gtids.join(","));
    vars.extend(srun_env(job, launch, task_nodes.len(), srun));
    vars.extend(task_env(launch, task_nodes, task, local));
    (pid, vars)
}

/// What srun passes to the tasks of the step it launched: where it
/// listens for them, its umask, and, in an allocation made before it
/// (salloc's, a batch job's), the layout it asked for and the job's CPUs
/// as it read them. A layout named with `-m` is passed on as named;
/// without one it is cyclic when the `tasks` fit one per node, else
/// block (`_create_job_step_create_request` in src/srun/libsrun/launch.c).
fn srun_env(
    job: &JobFacts,
    launch: &Launch<'_>,
    tasks: usize,
    srun: &Srun<'_>,
) -> Vec<(&'static str, String)> {
    let addr = address(srun.host);
    let step = u64::from(launch.step.unwrap_or(0));
    // A port of Linux's ephemeral range, the same for the same step.
    let port = noise::between(&[u64::from(job.id), step], 32_768, 60_999).to_string();
    let mut env = vec![
        ("SLURM_LAUNCH_NODE_IPADDR", addr.clone()),
        ("SLURM_SRUN_COMM_HOST", addr),
        ("SLURM_SRUN_COMM_PORT", port.clone()),
        ("SLURM_STEP_LAUNCHER_PORT", port),
        ("SLURM_UMASK", "0022".to_owned()),
    ];
    if job.own_allocation {
        return env;
    }
    let dist = match launch.dist_named {
        Some(named) => Some(named),
        None if srun.interactive => None,
        None if tasks > launch.nodes.len() => Some("block"),
        None => Some("cyclic"),
    };
    if let Some(dist) = dist {
        env.push(("SLURM_DISTRIBUTION", dist.to_owned()));
        if let TaskDist::Plane(size) = launch.dist {
            env.push(("SLURM_DIST_PLANESIZE", size.to_string()));
        }
    }
    let cpus = job.env.iter().find(|(k, _)| k == "SLURM_JOB_CPUS_PER_NODE");
    env.extend(cpus.map(|(_, v)| ("SLURM_JOB_CPUS_PER_NODE_PACK_GROUP_0", v.clone())));
    env
}

/// The variables one task of a step adds to the job's: its rank, its
/// node and the GPUs it sees there; under `--exact`, its node's CPUs
/// are the step's there (slurmd's `_check_job_credential` counts the
/// step's cores into `SLURM_CPUS_ON_NODE`).
fn task_env(
    launch: &Launch<'_>,
    task_nodes: &[String],
    task: usize,
    local: usize,
) -> Vec<(&'static str, String)> {
    let node = &task_nodes[task];
    let node_id = launch.nodes.iter().position(|n| n == node).unwrap_or(0);
    let mask = launch.gpus.get(node_id).copied().unwrap_or(0);
    let per_node = tasks_per_node(launch.nodes, task_nodes);
    let mut env = vec![
        ("SLURM_PROCID", task.to_string()),
        ("SLURM_LOCALID", local.to_string()),
        ("SLURM_NODEID", node_id.to_string()),
        ("SLURMD_NODENAME", node.clone()),
        ("SLURM_STEP_ID", launch.step.unwrap_or(0).to_string()),
        ("SLURM_STEPID", launch.step.unwrap_or(0).to_string()),
        ("SLURM_STEP_NUM_TASKS", task_nodes.len().to_string()),
        ("SLURM_STEP_NUM_NODES", launch.nodes.len().to_string()),
        ("SLURM_STEP_NODELIST", step_nodelist(launch.nodes)),
        ("SLURM_STEP_TASKS_PER_NODE", per_node.clone()),
        ("SLURM_TASKS_PER_NODE", per_node),
        // `env_array_for_step` sets the step's counts over the job's.
        ("SLURM_NNODES", launch.nodes.len().to_string()),
        ("SLURM_NTASKS", task_nodes.len().to_string()),
        ("SLURM_NPROCS", task_nodes.len().to_string()),
    ];
    if let Some(each) = launch.cpus_per_task {
        let here = task_nodes.iter().filter(|n| *n == node).count();
        let cpus = u32::try_from(here).unwrap_or(u32::MAX).saturating_mul(each);
        env.push(("SLURM_CPUS_ON_NODE", cpus.to_string()));
    }
    if mask != 0 {
        // gres/gpu's step environment: the GPUs by their node's numbering,
        // and as the step's processes see them.
        let visible = visible_devices(mask, launch.constrained);
        env.push(("SLURM_STEP_GPUS", gpu_list(mask)));
        env.push(("GPU_DEVICE_ORDINAL", visible.clone()));
        env.push(("CUDA_VISIBLE_DEVICES", visible));
    }
    env
}

/// The step's nodes as a host list, `node-[1-2]`.
fn step_nodelist(nodes: &[String]) -> String {
    Hostlist::from_names(nodes.iter().cloned()).to_string()
}

/// The tasks on each node of the step, in node order, a run of equal
/// counts written once with its length (`2(x3),1`), as Slurm's
/// `uint16_array_to_str` writes them.
fn tasks_per_node(nodes: &[String], task_nodes: &[String]) -> String {
    super::job_env::compressed(
        nodes
            .iter()
            .map(|node| task_nodes.iter().filter(|n| *n == node).count()),
    )
}

/// The command line that runs `argv` as a program started directly
/// (a step's task, salloc's command): the words quoted back.
fn script_of(argv: &[String]) -> String {
    argv.iter().map(|w| quoted(w)).collect::<Vec<_>>().join(" ")
}

/// The origin of a [`script_of`] line: no script, a program `exec`ed.
fn exec_origin() -> Origin {
    Origin::command_string("bash")
}

/// `word` in single quotes, as bash would read it back.
fn quoted(word: &str) -> String {
    format!("'{}'", word.replace('\'', r"'\''"))
}

/// Each line after its task number, as `srun -l` prints it (all on task
/// 0 when the lines are not one per task).
pub(crate) fn labelled(text: &str, tasks: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let per_task = lines.len() == tasks;
    lines
        .iter()
        .enumerate()
        .map(|(i, line)| format!("{}: {line}\n", if per_task { i } else { 0 }))
        .collect()
}

/// Whether a step runs a program in a shell of its own on each task's
/// node: a shell (`bash`, `sh`) or one of the shell's programs
/// (`printenv PATH`).
pub(crate) fn in_shell(program: &str) -> bool {
    let name = base_name(program);
    is_bash(program) || shell::is_tool(name) || name == "nproc" || is_user_tool(name)
}

/// Whether a program is a shell (`bash`, `sh`).
pub(crate) fn is_bash(program: &str) -> bool {
    matches!(base_name(program), "bash" | "sh")
}

fn base_name(program: &str) -> &str {
    program.rsplit('/').next().unwrap_or(program)
}

/// Copies a Slurm command's output to the call's streams; its status.
pub fn write_output(call: &mut Call<'_>, output: &CommandOutput) -> i32 {
    call.reads_terminal.clone_from(&output.reading);
    for (stream, text) in &output.chunks {
        match stream {
            ClusterStream::Stdout => call.out.stdout(text),
            ClusterStream::Stderr => call.out.stderr(text),
        }
    }
    output.exit
}

/// The shell's clock as the cluster's.
fn signed(t: u64) -> i64 {
    i64::try_from(t).unwrap_or(i64::MAX)
}
