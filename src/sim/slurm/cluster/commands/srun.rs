//! `srun PROGRAM`: a job of one step. It starts at once when nothing of
//! higher priority waits in its partition and nodes are free, otherwise
//! it waits (`srun: job N queued and waiting for resources`) while the
//! simulated clock moves on; then the program runs through the caller's
//! [`ProgramRunner`](super::super::runner::ProgramRunner) or the cluster's
//! own, its output printed (`-l` labels it by task), and the clock moves to
//! the step's end. A program nobody provides fails as execve would.

use super::super::super::getopt::{self, HasArg, Opt, Order, opt};
use super::super::clock;
use super::super::mpi::{self, Mpi};
use super::super::output::CommandOutput;
use super::super::runner::{self, Launch};
use super::super::state::{JobState, StepId, StepRecord};
use super::super::submit::{JobOptions, JobSpec};
use super::super::{Caller, Cluster};
use super::sbatch::{JOB_OPTIONS, apply_all};
use super::{VERSION, help, usage_error};

pub(super) const OPTIONS: &[Opt] = &getopt::concat::<29, 2, 31>(
    JOB_OPTIONS,
    [
        opt("label", Some('l'), &["label"], HasArg::No),
        opt("mpi", None, &["mpi"], HasArg::Required),
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
    if parsed.has("help") {
        return help::text(help::SRUN);
    }
    if parsed.has("usage") {
        return help::text(help::SRUN_USAGE);
    }
    if parsed.has("version") {
        return help::text(VERSION);
    }
    let mpi = match parsed.value("mpi") {
        None => Mpi::None,
        Some("list") => return help::text(mpi::LIST),
        Some(v) => match Mpi::parse(v) {
            Some(m) => m,
            None => {
                return CommandOutput::failure(
                    &format!(
                        "srun: error: Invalid MPI type '{v}', --mpi=list for acceptable types\n"
                    ),
                    1,
                );
            }
        },
    };
    let Some(program) = parsed.operands.first().cloned() else {
        return CommandOutput::failure("srun: fatal: No command given to execute.\n", 1);
    };
    let mut opts = JobOptions::default();
    if let Err(out) = apply_all("srun", &parsed, &mut opts) {
        return out;
    }
    let name = program.rsplit('/').next().unwrap_or(&program).to_owned();
    let spec = JobSpec {
        user: caller.user,
        opts: &opts,
        script: None,
        command: Some(program.clone()),
        default_name: name.clone(),
        cwd: caller.cwd,
        batch: false,
    };
    let job = match c.build_job(&spec) {
        Ok(job) => job,
        Err(e) => {
            let mut out = CommandOutput::default();
            for line in &e.details {
                out.err_line(&format!("srun: error: {line}"));
            }
            out.err_line(&format!(
                "srun: error: Unable to allocate resources: {}",
                e.message
            ));
            out.exit = 1;
            return out;
        }
    };
    let id = c.enqueue(job);
    let mut out = CommandOutput::default();
    // The controller tries the allocation at once.
    c.schedule(None);
    c.run_launched(caller.programs);
    if !c.job(id).is_some_and(|j| j.state == JobState::Running) {
        out.err_line(&format!("srun: job {id} queued and waiting for resources"));
        let give_up = c.now.saturating_add(MAX_WAIT_S);
        while c.job(id).is_some_and(|j| j.state == JobState::Pending) && c.now < give_up {
            let next = c.next_event().min(give_up).max(c.now + 1);
            c.run_until(next, caller.programs);
        }
        if !c.job(id).is_some_and(|j| j.state == JobState::Running) {
            let uid = c.user(caller.user).map_or(0, |u| u.uid);
            c.cancel(id, uid);
            out.err_line(&format!("srun: Job allocation {id} has been revoked."));
            out.exit = 1;
            return out;
        }
        out.err_line(&format!("srun: job {id} has been allocated resources"));
    }
    let Some(job) = c.job(id) else { return out };
    let nodes: Vec<String> = job
        .nodes
        .iter()
        .filter_map(|&n| c.nodes.get(n))
        .map(|n| n.name.clone())
        .collect();
    let (tasks, gpus, cpus) = (
        job.shape.tasks,
        job.shape.per_node.gpus,
        job.shape.total().cpus,
    );
    let launch = Launch {
        job_id: id,
        step: Some(0),
        argv: &parsed.operands,
        nodes: &nodes,
        tasks,
        gpus_per_node: gpus,
        user: caller.user,
        work_dir: caller.cwd,
        now: c.now,
        mpi,
    };
    let task_nodes: Vec<String> = launch
        .task_nodes()
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
    let first = nodes.first().cloned().unwrap_or_default();
    let result = caller
        .programs
        .run(&launch)
        .or_else(|| runner::builtin(&launch));
    let (exit, duration) = match result {
        Some(o) => {
            if parsed.has("label") {
                let lines: Vec<&str> = o.stdout.lines().collect();
                let per_task = lines.len() == task_nodes.len();
                for (i, line) in lines.iter().enumerate() {
                    out.out_line(&format!("{}: {line}", if per_task { i } else { 0 }));
                }
            } else {
                out.out(&o.stdout);
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
            (o.exit, o.duration_s)
        }
        None => {
            for _ in &task_nodes {
                out.err_line(&format!(
                    "slurmstepd: error: execve(): {program}: No such file or directory"
                ));
            }
            (2, Some(0))
        }
    };
    if exit != 0 {
        out.err(&launch.exit_lines(exit));
    }
    let step = StepRecord {
        id: StepId::Numbered(0),
        name,
        cpus,
        start_offset: 0,
        end_offset: duration,
        exit,
    };
    c.set_run(id, vec![step], Vec::new(), exit, duration);
    let end = c.ends_at(id);
    c.run_until(end, caller.programs);
    if c.job(id).is_some_and(|j| j.state == JobState::Timeout) {
        let wait = u32::from(c.config.kill_wait_s) + 2;
        out.err_line(&format!(
            "srun: Job step aborted: Waiting up to {wait} seconds for job step to finish."
        ));
        out.err_line(&format!(
            "slurmstepd: error: *** STEP {id}.0 ON {first} CANCELLED AT {} DUE TO TIME LIMIT ***",
            clock::iso(c.now)
        ));
        out.err_line(&format!("srun: error: {first}: task 0: Terminated"));
        out.exit = 143;
    } else {
        out.exit = exit;
    }
    out
}
