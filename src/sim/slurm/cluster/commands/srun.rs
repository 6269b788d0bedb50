//! `srun PROGRAM`: a job of one step. It starts at once when nothing of
//! higher priority waits in its partition and nodes are free, otherwise
//! it waits (`srun: job N queued and waiting for resources`) while the
//! simulated clock moves on; then the program runs through the caller's
//! [`ProgramRunner`](super::super::runner::ProgramRunner) or the cluster's
//! own, its output printed (`-l` labels it by task), and the clock moves to
//! the step's end. A program nobody provides fails as execve would.
//! `srun --pty bash` instead hands the caller a [`Pty`]: its shell becomes
//! the step, on the step's first node, until `exit` ([`Cluster::end_pty`]).

use crate::sorted::SortedMap;

use super::super::super::getopt::{self, HasArg, Opt, Order, Parsed, opt};
use super::super::cpu_binding::TaskShare;
use super::super::export::{self, UserEnv};
use super::super::job_shell::{self, JobFacts};
use super::super::mpi::{self, Mpi};
use super::super::output::{CommandOutput, Pty};
use super::super::runner::{self, Launch, ProgramOutput, ProgramRunner, TaskDist};
use super::super::state::{JobState, StepId, StepRecord};
use super::super::step_layout::{self, StepAsk, StepLayout, StepPlace, too_many_named};
use super::super::submit::{JobOptions, JobSpec, gpu_count, gres_gpus, node_count};
use super::super::task_dist;
use super::super::{Caller, Cluster};
use super::sbatch::{JOB_OPTIONS, after_warning, apply_all, fit_nodes_to_tasks, verify};
use super::{help, job_refused, usage_error};
use crate::sim::slurm::node_tools::{
    StepEnd, StepTarget, TaskEnd, srun_step_aborted, srun_tasks_ended, stepd_banner,
    stepd_execve_failed,
};
use crate::sim::slurm::time_spec::TimeLimit;

pub(super) const OPTIONS: &[Opt] = &getopt::concat::<46, 13, 59>(
    JOB_OPTIONS,
    [
        // Accepted as srun takes them; the simulated tasks have no CPU
        // binding or output buffering to change.
        opt("cpu-bind", None, &["cpu-bind"], HasArg::Required),
        opt("cpu_bind", None, &["cpu_bind"], HasArg::Required),
        opt("exact", None, &["exact"], HasArg::No),
        opt("export", None, &["export"], HasArg::Required),
        opt("jobid", None, &["jobid"], HasArg::Required),
        opt(
            "kill-on-bad-exit",
            Some('K'),
            &["kill-on-bad-exit"],
            HasArg::Optional,
        ),
        opt("label", Some('l'), &["label"], HasArg::No),
        opt("mpi", None, &["mpi"], HasArg::Required),
        opt("open-mode", None, &["open-mode"], HasArg::Required),
        opt("overlap", None, &["overlap"], HasArg::No),
        opt("pty", None, &["pty"], HasArg::No),
        opt(
            "quit-on-interrupt",
            None,
            &["quit-on-interrupt"],
            HasArg::No,
        ),
        opt("unbuffered", Some('u'), &["unbuffered"], HasArg::No),
    ],
);

/// The longest an `srun` waits for its allocation, simulated seconds.
const MAX_WAIT_S: i64 = 7 * 86_400;

pub(super) fn run(
    c: &mut Cluster,
    argv: &[String],
    _stdin: &str,
    caller: &mut Caller<'_>,
) -> CommandOutput {
    let parsed = match getopt::parse(argv, OPTIONS, Order::StopAtOperand) {
        Ok(p) => p,
        Err(e) => return usage_error("srun", &e, 255),
    };
    if let Some(answer) = help::requested(&parsed, help::SRUN, help::SRUN_USAGE) {
        return answer;
    }
    let mpi = match read_mpi(&parsed) {
        Ok(mpi) => mpi,
        Err(out) => return out,
    };
    let Some(program) = parsed.operands.first() else {
        return CommandOutput::failure("srun: fatal: No command given to execute.\n", 1);
    };
    // `--pty bash`: an interactive shell, the step, on the first node
    // (a step whose program slurmstepd cannot find fails as any other).
    let shell = parsed.has("pty")
        && job_shell::is_bash(program)
        && parsed.operands[1..]
            .iter()
            .all(|a| a.starts_with('-') && a != "-c")
        && export::stepd_finds(
            program,
            caller
                .env
                .map(|env| export::step_env(parsed.value("export"), env))
                .as_ref(),
        );
    let held = match existing_allocation(c, &parsed, caller) {
        Ok(held) => held,
        Err(refused) => return refused,
    };
    if let (Some(id), false) = (held, shell) {
        return step_in_allocation(c, id, &parsed, mpi, caller);
    }
    let mut out = CommandOutput::default();
    let id = match held {
        Some(id) => id,
        None => match allocate(c, "srun", &parsed, Some(program), caller) {
            Ok((id, warning)) => {
                out.err(&warning);
                if !wait_for_allocation(c, "srun", id, caller, &mut out) {
                    return out;
                }
                id
            }
            Err(out) => return out,
        },
    };
    if shell {
        out.pty = open_pty(c, id, held.is_none(), &parsed, caller.env, &mut out).map(Box::new);
        return out;
    }
    let Some(facts) = c.job_facts(id) else {
        return out;
    };
    let Some(place) = place_step(&facts, &parsed, false, &mut out) else {
        return out;
    };
    let Some(step) = run_step(c, (&facts, &place, 0), &parsed, mpi, caller, &mut out) else {
        return out;
    };
    finish_step(c, id, &step, caller, &mut out);
    out
}

/// The running job srun runs its step in instead of allocating one:
/// `--jobid`'s, else the environment's `SLURM_JOB_ID` (set in salloc's
/// shell and in a step's), looked up as `existing_allocation` and
/// `job_alloc_info` do. `Ok(None)` when neither names a job; srun's
/// refusal when that job has no allocation or is someone else's.
fn existing_allocation(
    c: &Cluster,
    parsed: &Parsed,
    caller: &Caller<'_>,
) -> Result<Option<u32>, CommandOutput> {
    let Some(text) = parsed
        .value("jobid")
        .map(str::to_owned)
        .or_else(|| caller.var("SLURM_JOB_ID"))
    else {
        return Ok(None);
    };
    // `parse_int("--jobid", .., true)`: all digits, above 0.
    let Some(id) = text.parse::<u32>().ok().filter(|id| *id > 0) else {
        return Err(CommandOutput::failure(
            &format!("srun: error: Invalid numeric value \"{text}\" for --jobid.\n"),
            1,
        ));
    };
    let lookup = match c.job(id).filter(|j| c.visible(j)).map(|j| j.state) {
        None => Err("Invalid job id specified"),
        Some(JobState::Pending) => Err("Job is pending execution"),
        Some(JobState::Running | JobState::Suspended) => Ok(()),
        Some(_) => Err(""),
    };
    let suspended = c.job(id).is_some_and(|j| j.state == JobState::Suspended);
    let refusal = match lookup {
        Ok(())
            if c.job(id).is_some_and(|j| j.user == caller.user) || c.is_operator(caller.user) =>
        {
            if !suspended {
                return Ok(Some(id));
            }
            // `_step_create`: no new step in a suspended job.
            return Err(CommandOutput::failure(
                &format!(
                    "srun: error: Unable to create step for job {id}: Requested operation is presently disabled\n"
                ),
                1,
            ));
        }
        Ok(()) => {
            format!("srun: error: Unable to create step for job {id}: Access/permission denied\n")
        }
        Err(why) => {
            let said = if why.is_empty() {
                format!("srun: error: Slurm job {id} has expired\n")
            } else {
                format!("srun: error: Unable to confirm allocation for job {id}: {why}\n")
            };
            format!(
                "{said}srun: Check SLURM_JOB_ID environment variable. Expired or invalid job {id}\n"
            )
        }
    };
    Err(CommandOutput::failure(&refusal, 1))
}

/// A step of the held job `id`: it runs, is recorded, and the clock moves
/// to its end (or the job's time limit, with srun's lines for it).
fn step_in_allocation(
    c: &mut Cluster,
    id: u32,
    parsed: &Parsed,
    mpi: Mpi,
    caller: &mut Caller<'_>,
) -> CommandOutput {
    let mut out = CommandOutput::default();
    if let Err(refused) = step_limit(parsed) {
        return refused;
    }
    let Some(facts) = c.job_facts(id) else {
        return out;
    };
    let Some(place) = place_step(&facts, parsed, true, &mut out) else {
        return out;
    };
    let no = next_step(c, id);
    let start = c.now;
    let Some(step) = run_step(c, (&facts, &place, no), parsed, mpi, caller, &mut out) else {
        return out;
    };
    let Some(job) = c.jobs.get_mut(&id) else {
        return out;
    };
    let offset = u64::try_from(job.run_time(start)).unwrap_or(0);
    let mut record = step.record.clone();
    record.start_offset = offset;
    record.end_offset = step.record.end_offset.map(|d| offset + d);
    job.steps.push(record);
    let limit = c.ends_at(id);
    let end = step.record.end_offset.map_or(limit, |d| {
        start.saturating_add(i64::try_from(d).unwrap_or(i64::MAX))
    });
    c.run_until(end.min(limit), caller.programs);
    out.exit = step.record.exit;
    if c.job(id).is_some_and(|j| j.state == JobState::Timeout) {
        report_killed(c, id, (&step.first_node, no), &mut out);
    }
    out
}

/// The number the job's next step gets.
fn next_step(c: &Cluster, id: u32) -> u32 {
    c.job(id).map_or(0, |j| {
        let numbered = j
            .steps
            .iter()
            .filter(|s| matches!(s.id, StepId::Numbered(_)));
        u32::try_from(numbered.count()).unwrap_or(u32::MAX)
    })
}

/// Starts the step of `srun --pty bash` in the running job `id` (`own`:
/// srun made the job for it, else the step is cut from it as any other,
/// refusals and warnings going to `out`): recorded as running until the
/// caller's shell, which becomes its first task, ends it
/// ([`Cluster::end_pty`]). Its shell starts with what `--export` passes
/// of the caller's environment `env` (none: no shell called, the job's
/// own) and the step's variables.
fn open_pty(
    c: &mut Cluster,
    id: u32,
    own: bool,
    parsed: &Parsed,
    env: Option<&export::Env>,
    out: &mut CommandOutput,
) -> Option<Pty> {
    let facts = c.job_facts(id)?;
    let place = place_step(&facts, parsed, !own, out)?;
    let step = next_step(c, id);
    let program = parsed.operands.first()?;
    let job = c.jobs.get_mut(&id)?;
    job.start_time?;
    let start = u64::try_from(job.run_time(c.now)).unwrap_or(0);
    let mut record = place.record(step, program, (start, None), 0);
    record.time_limit = step_limit(parsed).unwrap_or(TimeLimit::Unlimited);
    (job.steps).push(record);
    let mask = place.gpus.first().copied().unwrap_or(0);
    let (host, pid, step_vars) = job_shell::pty_env(&facts, step, &place);
    let env = match env {
        Some(caller) => {
            let mut passed = export::step_env(parsed.value("export"), caller);
            passed.extend(step_vars);
            passed.into_iter().collect()
        }
        None => step_vars,
    };
    // The first node's tasks: block distribution gives it the most.
    let nodes = u32::try_from(place.names.len().max(1)).unwrap_or(1);
    let share = TaskShare::new(
        facts.cpus_at(&host),
        place.tasks.div_ceil(nodes),
        place.cpus_per_task,
    );
    let cpus = c.task_cpus(&host, share).map_or(0, |v| v.usable);
    Some(Pty {
        job: id,
        step,
        own,
        host,
        pid,
        env,
        gpus: facts.constrained.then_some(mask),
        cpus,
    })
}

impl Cluster {
    /// Ends the interactive step `pty` as its shell's `exit` with
    /// `status` does (and its job, if srun made it); what srun prints.
    pub fn end_pty(&mut self, pty: &Pty, status: i32, programs: &mut dyn ProgramRunner) -> String {
        let now = self.now;
        let running = self.jobs.get_mut(&pty.job);
        let Some(job) = running.filter(|j| j.state == JobState::Running) else {
            return String::new();
        };
        let elapsed = u64::try_from(job.run_time(now)).unwrap_or(0);
        let step = job.steps.iter_mut();
        if let Some(step) = step.rev().find(|s| s.id == StepId::Numbered(pty.step)) {
            step.end_offset = Some(elapsed);
            step.exit = status;
        }
        if pty.own {
            self.close_allocation(pty.job, status, programs);
        }
        if status == 0 {
            return String::new();
        }
        srun_tasks_ended(&pty.host, &[0], TaskEnd::Exited(status)) + "\n"
    }

    /// What srun prints when the job of the interactive step `pty` ended
    /// under it (its time limit, `scancel`).
    pub fn pty_lost(&self, pty: &Pty) -> String {
        let mut out = CommandOutput::default();
        report_killed(self, pty.job, (&pty.host, pty.step), &mut out);
        out.transcript()
    }
}

/// What an `srun` inside a job's allocation asks for: a step of the job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct StepRequest {
    /// The program and its arguments.
    pub(crate) argv: Vec<String>,
    /// How its tasks start.
    pub(crate) mpi: Mpi,
    /// `-N`, `-n`, `-w`, `-x`: which of the job's nodes and how many tasks.
    pub(crate) ask: StepAsk,
    /// `-l`: each output line after its task number.
    pub(crate) label: bool,
    /// `--gpus-per-node` or `--gres=gpu:N`: fewer GPUs than the job holds.
    pub(crate) gpus_per_node: Option<u32>,
    /// `--export`: which of the caller's variables its tasks get.
    pub(crate) export: Option<String>,
    /// `-t`: the step's own time limit.
    pub(crate) time_limit: TimeLimit,
    /// `--overlap`: it shares the job with the steps beside it.
    pub(crate) overlap: bool,
    /// `-m`, or the job's (`SLURM_DISTRIBUTION`).
    pub(crate) dist: TaskDist,
    /// That layout as srun names it to the tasks (`SLURM_DISTRIBUTION`);
    /// `None` when neither was given.
    pub(crate) dist_named: Option<String>,
}

/// Reads an `srun` line run inside an allocation; the output to print
/// instead (`--help`, a mistake) when it starts no step.
pub(crate) fn step_request(
    argv: &[String],
    env: &SortedMap<String, String>,
) -> Result<StepRequest, CommandOutput> {
    let parsed = match getopt::parse(argv, OPTIONS, Order::StopAtOperand) {
        Ok(p) => p,
        Err(e) => return Err(usage_error("srun", &e, 255)),
    };
    if let Some(answer) = help::requested(&parsed, help::SRUN, help::SRUN_USAGE) {
        return Err(answer);
    }
    let mpi = read_mpi(&parsed)?;
    let time_limit = step_limit(&parsed)?;
    let dist = step_dist(&parsed, Some(env));
    if parsed.operands.is_empty() {
        return Err(CommandOutput::failure(
            "srun: fatal: No command given to execute.\n",
            1,
        ));
    }
    Ok(StepRequest {
        mpi,
        ask: step_ask(&parsed),
        label: parsed.has("label"),
        gpus_per_node: step_gpus(&parsed),
        export: parsed.value("export").map(str::to_owned),
        time_limit,
        overlap: parsed.has("overlap"),
        dist: dist.as_ref().map_or(TaskDist::Block, |(d, _)| *d),
        dist_named: dist.map(|(_, named)| named),
        argv: parsed.operands,
    })
}

/// How a step's tasks are numbered, and the name srun gives it: `-m`,
/// else the `SLURM_DISTRIBUTION` srun finds in its environment (a batch
/// script's `#SBATCH -m`); `None` (block, unnamed) without either.
fn step_dist(
    parsed: &Parsed,
    env: Option<&SortedMap<String, String>>,
) -> Option<(TaskDist, String)> {
    let given = parsed.value("distribution").map(str::to_owned);
    let inherited = || env.and_then(|e| e.get("SLURM_DISTRIBUTION").cloned());
    given
        .or_else(inherited)
        .as_deref()
        .and_then(task_dist::parse)
}

/// The step's own time limit: `-t`, read (and refused) as srun reads
/// its job options, and passed on as the step's (launch.c's
/// `_create_job_step`); `UNLIMITED` without one, as `step_create` keeps
/// a step that names none, whatever its job's limit.
fn step_limit(parsed: &Parsed) -> Result<TimeLimit, CommandOutput> {
    let mut opts = JobOptions::default();
    apply_all("srun", parsed, &mut opts)?;
    verify("srun", &opts, false)?;
    Ok(opts.time.unwrap_or(TimeLimit::Unlimited))
}

/// Whether a step is cut to its tasks' CPUs: `--exact`, or `--exclusive`
/// alone, which implies it for a step (`arg_set_exclusive`).
fn exact(parsed: &Parsed) -> bool {
    parsed.has("exact")
        || parsed.has("exclusive")
            && parsed
                .value("exclusive")
                .is_none_or(|v| v.eq_ignore_ascii_case("exclusive"))
}

/// What a step's line asks of its allocation: `-N` (the least of
/// `MIN-MAX`), `-n`, `-w`, `-x`, and `--exact`'s CPUs per task (`-c`
/// implies `--exact`: launch.c's `_create_job_step`).
fn step_ask(parsed: &Parsed) -> StepAsk {
    let count = |key: &str| {
        let v = parsed.value(key)?;
        let digits: String = v.chars().take_while(char::is_ascii_digit).collect();
        digits.parse::<u32>().ok().filter(|&n| n > 0)
    };
    let named_dist = step_dist(parsed, None).map(|(_, named)| named);
    StepAsk {
        nodes: count("nodes").and_then(|n| usize::try_from(n).ok()),
        most_nodes: (parsed.value("nodes").and_then(|v| node_count(v).ok()))
            .filter(|_| !arbitrary(named_dist.as_deref()))
            .and_then(|(_, most)| usize::try_from(most).ok()),
        tasks: count("ntasks"),
        nodelist: parsed.value("nodelist").map(str::to_owned),
        exclude: parsed.value("exclude").map(str::to_owned),
        cpus_per_task: count("cpus-per-task").or_else(|| exact(parsed).then_some(1)),
    }
}

/// Where the step `parsed` asks for runs in the job `facts`: cut from it
/// as srun cuts a step from an allocation it was started in (`held`),
/// the whole of the job srun made for it otherwise. srun's warning goes
/// to `out`; `None`, with its refusal there and status 1, if it starts
/// no step.
fn place_step(
    facts: &JobFacts,
    parsed: &Parsed,
    held: bool,
    out: &mut CommandOutput,
) -> Option<StepPlace> {
    let gpus = step_gpus(parsed);
    let cut = if held {
        step_layout::cut(facts, &step_ask(parsed), gpus)
    } else {
        let whole = StepLayout::whole(facts.allocation());
        let mut place = facts.place(&whole, gpus);
        // Its tasks go on the job's CPUs `-c` at a time.
        let each = step_ask(parsed).cpus_per_task.unwrap_or(1).max(1);
        place.room = facts.cpus_on.iter().map(|c| c / each).collect();
        Ok((place, String::new()))
    };
    match cut {
        Ok((place, warning)) => {
            out.err(&warning);
            Some(place)
        }
        Err(lines) => {
            out.err(&lines);
            out.exit = 1;
            None
        }
    }
}

/// The GPUs per node a step asks for: `--gpus-per-node` or `--gres`.
fn step_gpus(parsed: &Parsed) -> Option<u32> {
    parsed
        .value("gpus-per-node")
        .and_then(gpu_count)
        .or_else(|| parsed.value("gres").and_then(gres_gpus))
}

/// `--mpi`: the plugin, or `--mpi=list`'s answer or the refusal.
fn read_mpi(parsed: &Parsed) -> Result<Mpi, CommandOutput> {
    match parsed.value("mpi") {
        None => Ok(Mpi::None),
        Some("list") => Err(help::text(mpi::LIST)),
        Some(v) => Mpi::parse(v).ok_or_else(|| {
            CommandOutput::failure(
                &format!("srun: error: Invalid MPI type '{v}', --mpi=list for acceptable types\n"),
                1,
            )
        }),
    }
}

/// Builds the job of `prog`'s command line (`srun` or `salloc`) and queues
/// it, named after its program; its id and the warning said of its
/// options, or the refusal.
pub(super) fn allocate(
    c: &mut Cluster,
    prog: &str,
    parsed: &Parsed,
    program: Option<&String>,
    caller: &Caller<'_>,
) -> Result<(u32, String), CommandOutput> {
    let mut opts = JobOptions::default();
    apply_all(prog, parsed, &mut opts)?;
    verify(prog, &opts, true)?;
    let mut warning = if prog == "srun" {
        trim_nodelist(&mut opts)
    } else {
        String::new()
    };
    warning.push_str(&fit_nodes_to_tasks(prog, &mut opts));
    let spec = JobSpec {
        user: caller.user,
        opts: &opts,
        script: None,
        script_args: Vec::new(),
        command: program.cloned(),
        // srun names a job after its program; salloc always `interactive`.
        default_name: program
            .filter(|_| prog == "srun")
            .map_or("interactive", |p| p.rsplit('/').next().unwrap_or(p))
            .to_owned(),
        cwd: caller.cwd,
        batch: false,
        env: UserEnv::default(),
    };
    let mut job = c.admit(&spec).map_err(|e| {
        let what = if prog == "salloc" {
            "Job submit/allocate failed"
        } else {
            "Unable to allocate resources"
        };
        after_warning(&warning, job_refused(prog, what, &e))
    })?;
    job.extras.launcher = Some(prog.to_owned());
    Ok((c.enqueue(job), warning))
}

/// srun's own `_opt_verify`: a `-w` list of more nodes than `-N`'s
/// most loses names from its end, with an error line said (returned,
/// else empty); not under `-m arbitrary`, whose list lays out tasks.
fn trim_nodelist(opts: &mut JobOptions) -> String {
    let r = &mut opts.request;
    let most = r
        .nodes
        .map(|(_, most)| usize::try_from(most).unwrap_or(usize::MAX));
    match most {
        Some(most)
            if most > 0
                && r.nodelist.len() > most
                && !arbitrary(opts.extras.distribution.as_deref()) =>
        {
            let line = too_many_named(r.nodelist.len(), most);
            r.nodelist.truncate(most);
            line
        }
        _ => String::new(),
    }
}

/// Whether `-m` lays tasks out by the `-w` list (`arbitrary`).
fn arbitrary(dist: Option<&str>) -> bool {
    dist.is_some_and(|d| d.starts_with("arbitrary"))
}

/// Lets the controller try the allocation at once, then waits (moving
/// the clock) while it pends; false, with the job revoked, if it never
/// starts.
pub(super) fn wait_for_allocation(
    c: &mut Cluster,
    prog: &str,
    id: u32,
    caller: &mut Caller<'_>,
    out: &mut CommandOutput,
) -> bool {
    c.schedule(None);
    c.run_launched(caller.programs);
    let running = |c: &Cluster| c.job(id).is_some_and(|j| j.state == JobState::Running);
    if running(c) {
        return true;
    }
    out.err_line(&format!(
        "{prog}: job {id} queued and waiting for resources"
    ));
    let give_up = c.now.saturating_add(MAX_WAIT_S);
    while c.job(id).is_some_and(|j| j.state == JobState::Pending) && c.now < give_up {
        let next = c.next_event().min(give_up).max(c.now + 1);
        c.run_until(next, caller.programs);
    }
    if !running(c) {
        let uid = c.user(caller.user).map_or(0, |u| u.uid);
        c.cancel(id, uid);
        out.err_line(&format!("{prog}: Job allocation {id} has been revoked."));
        out.exit = 1;
        return false;
    }
    out.err_line(&format!("{prog}: job {id} has been allocated resources"));
    true
}

/// What step 0 did, for its record and its ending.
struct Step {
    record: StepRecord,
    /// The step's first node, where its banners come from.
    first_node: String,
}

/// Runs the program as step `no` of the job `facts` at `place` and
/// prints what it printed (`-l`: each line after its task number).
fn run_step(
    c: &mut Cluster,
    (facts, place, no): (&JobFacts, &StepPlace, u32),
    parsed: &Parsed,
    mpi: Mpi,
    caller: &mut Caller<'_>,
    out: &mut CommandOutput,
) -> Option<Step> {
    let program = parsed.operands.first()?;
    let dist = step_dist(parsed, caller.env);
    let launch = Launch {
        job_id: facts.id,
        step: Some(no),
        argv: &parsed.operands,
        nodes: &place.names,
        tasks: place.tasks,
        room: &place.room,
        gpus_per_node: facts.gpus_per_node,
        gpus: &place.gpus,
        constrained: facts.constrained,
        user: caller.user,
        work_dir: caller.cwd,
        now: c.now,
        dist: dist.as_ref().map_or(TaskDist::Block, |(d, _)| *d),
        dist_named: dist.as_ref().map(|(_, named)| named.as_str()),
        mpi,
        cpus_per_task: place.cpus_per_task,
    };
    let mut computes = false;
    let (exit, duration, ended_early) = match launch_program(c, parsed, facts, &launch, caller) {
        Some(o) => {
            computes = o.computes;
            print_output(
                o,
                parsed.has("label").then(|| launch.task_nodes().len()),
                out,
            )
        }
        None => {
            for node in launch.task_nodes() {
                out.err_line(&stepd_execve_failed(&c.config.stepd_name(node), program));
            }
            (2, Some(0), Vec::new())
        }
    };
    if exit != 0 {
        out.err(&launch.exit_lines(exit, &ended_early));
    }
    let mut record = place.record(no, program, (0, duration), exit);
    record.time_limit = step_limit(parsed).unwrap_or(TimeLimit::Unlimited);
    record.computes = computes;
    Some(Step {
        record,
        first_node: place.names.first().cloned().unwrap_or_default(),
    })
}

/// What the step's program printed and how it ended: the caller's
/// runner's, a built-in program's, or (for `bash` and the like) the job
/// shell's; `None` when nobody provides the program.
fn launch_program(
    c: &mut Cluster,
    parsed: &Parsed,
    facts: &JobFacts,
    launch: &Launch<'_>,
    caller: &mut Caller<'_>,
) -> Option<ProgramOutput> {
    let program = parsed.operands.first()?;
    // The caller's variables as --export passes them on.
    let env = caller
        .env
        .map(|env| export::step_env(parsed.value("export"), env));
    if !export::stepd_finds(program, env.as_ref()) {
        return None;
    }
    // A caller without an environment (a lab's back story) runs its
    // programs from the system's directories.
    let path = env
        .as_ref()
        .map_or(Some("/usr/bin"), |env| env.get("PATH").map(String::as_str))
        .unwrap_or_default();
    if let Some(o) = caller
        .programs
        .run(launch)
        .or_else(|| runner::builtin(launch))
    {
        return Some(o);
    }
    if let Some(o) = runner::user_work(launch, path, caller.programs.files()) {
        return Some(o);
    }
    if !job_shell::in_shell(program) {
        return None;
    }
    let env = env.map_or_else(UserEnv::default, |env| UserEnv::exact(&env));
    let start = (caller.cwd, &env);
    Some(job_shell::run_bash_step(
        c,
        caller.programs,
        facts,
        launch,
        start,
    ))
}

/// Prints the program's output (under `-l`, `label_tasks` is the number
/// of tasks and each line goes after its task number), then its timed
/// lines; returns its exit status, duration and the tasks that ended
/// early.
fn print_output(
    o: ProgramOutput,
    label_tasks: Option<usize>,
    out: &mut CommandOutput,
) -> (i32, Option<u64>, Vec<String>) {
    match label_tasks {
        Some(tasks) => out.out(&job_shell::labelled(&o.stdout, tasks)),
        None => out.out(&o.stdout),
    }
    out.err(&o.stderr);
    // srun waits for the step, so its later lines come now.
    for line in &o.timed {
        if line.stderr {
            out.err(&line.text);
        } else {
            out.out(&line.text);
        }
    }
    (o.exit, o.duration_s, o.ended_early)
}

/// Records the step, lets the job run to its end, and sets srun's status
/// (143 with the time limit's banners if the step ran out of time).
fn finish_step(
    c: &mut Cluster,
    id: u32,
    step: &Step,
    caller: &mut Caller<'_>,
    out: &mut CommandOutput,
) {
    let (exit, duration) = (step.record.exit, step.record.end_offset);
    c.set_run(
        id,
        vec![step.record.clone()],
        Vec::new(),
        (exit, 0),
        duration,
    );
    let end = c.ends_at(id);
    c.run_until(end, caller.programs);
    out.exit = exit;
    if c.job(id).is_some_and(|j| j.state == JobState::Timeout) {
        report_killed(c, id, (&step.first_node, 0), out);
    }
}

/// srun's lines for step `no` of job `id`, whose first node is `first`,
/// killed with its job (the time limit, `scancel`), and status 143.
fn report_killed(c: &Cluster, id: u32, (first, no): (&str, u32), out: &mut CommandOutput) {
    let Some(job) = c.job(id) else {
        return;
    };
    let end = match job.state {
        JobState::Timeout => StepEnd::TimeLimit,
        _ => StepEnd::Cancelled,
    };
    let wait = u32::from(c.config.kill_wait_s) + 2;
    let stepd = c.config.stepd_name(first);
    let target = StepTarget::Step { job: id, step: no };
    let at = job.end_time.unwrap_or(c.now);
    out.err_line(&srun_step_aborted(wait));
    out.err_line(&stepd_banner(&stepd, target, first, at, end));
    let terminated = TaskEnd::Signaled {
        signal: 15,
        core_dumped: false,
    };
    out.err_line(&srun_tasks_ended(first, &[0], terminated));
    out.exit = 143;
}
