//! `salloc [OPTIONS] COMMAND`: an allocation held while a command runs on
//! the login node, in a shell whose `SLURM_JOB_ID` makes each `srun` a
//! step of the job (`salloc -N2 srun hostname`), then given back:
//! `salloc: Granted job allocation N` ... `salloc: Relinquishing job
//! allocation N`. Without a command the caller's shell holds the
//! allocation (with its `SLURM_*` variables) until `exit`, which
//! relinquishes it ([`Cluster::relinquish`]).

use super::super::export::UserEnv;
use super::super::job_shell;
use super::super::output::{CommandOutput, FileWrite};
use super::super::runner::ProgramRunner;
use super::super::state::JobState;
use super::super::{Caller, Cluster, LOGIN_HOST};
use super::sbatch::JOB_OPTIONS;
use super::srun::{allocate, wait_for_allocation};
use super::{help, usage_error};
use crate::sim::slurm::getopt::{self, Opt, Order};

pub(super) const OPTIONS: &[Opt] = &JOB_OPTIONS;

pub(super) fn run(
    c: &mut Cluster,
    argv: &[String],
    _stdin: &str,
    caller: &mut Caller<'_>,
) -> CommandOutput {
    let parsed = match getopt::parse(argv, OPTIONS, Order::StopAtOperand) {
        Ok(p) => p,
        Err(e) => return usage_error("salloc", &e, 1),
    };
    if let Some(answer) = help::requested(&parsed, help::SALLOC, help::SALLOC_USAGE) {
        return answer;
    }
    let program = parsed.operands.first();
    let (id, warning) = match allocate(c, "salloc", &parsed, program, caller) {
        Ok(allocated) => allocated,
        Err(out) => return out,
    };
    let mut out = CommandOutput::default();
    out.err(&warning);
    if !wait_for_allocation(c, "salloc", id, caller, &mut out) {
        return out;
    }
    out.err_line(&format!("salloc: Granted job allocation {id}"));
    if program.is_none() {
        // The caller's shell holds it until `exit`.
        out.hold = Some(id);
        return out;
    }
    let Some(facts) = c.job_facts(id) else {
        return out;
    };
    let host = caller
        .var("HOSTNAME")
        .unwrap_or_else(|| LOGIN_HOST.to_owned());
    // Its command runs here, with all of the caller's environment.
    let env = caller.env.map_or_else(UserEnv::default, UserEnv::exact);
    let run = job_shell::run_in_allocation(
        c,
        caller.programs,
        &facts,
        &parsed.operands,
        (&host, caller.cwd, &env),
    );
    for line in &run.output {
        if line.stderr {
            out.err(&line.text);
        } else {
            out.out(&line.text);
        }
    }
    c.writes.extend(run.files.into_iter().map(FileWrite::from));
    c.set_run(id, run.steps, Vec::new(), (run.exit, 0), run.runtime);
    let end = c.ends_at(id);
    c.run_until(end, caller.programs);
    if c.job(id).is_some_and(|j| j.state == JobState::Timeout) {
        out.err_line(&format!(
            "salloc: Job {id} has exceeded its time limit and its allocation has been revoked."
        ));
    } else {
        out.err_line(&format!("salloc: Relinquishing job allocation {id}"));
    }
    out.exit = run.exit;
    out
}

impl Cluster {
    /// Ends an interactive allocation now, as `exit` from salloc's shell
    /// does; the line salloc prints, or `None` if it already ended (its
    /// time limit, `scancel`).
    pub fn relinquish(&mut self, id: u32, programs: &mut dyn ProgramRunner) -> Option<String> {
        self.close_allocation(id, 0, programs)
            .then(|| format!("salloc: Relinquishing job allocation {id}\n"))
    }

    /// Ends the running job `id` now with `status`; whether it ran.
    pub(super) fn close_allocation(
        &mut self,
        id: u32,
        status: i32,
        programs: &mut dyn ProgramRunner,
    ) -> bool {
        let Some(job) = self.job(id).filter(|j| j.state == JobState::Running) else {
            return false;
        };
        let runtime = u64::try_from(job.run_time(self.now)).unwrap_or(0);
        let steps = job.steps.clone();
        self.set_run(id, steps, Vec::new(), (status, 0), Some(runtime));
        let now = self.now;
        self.run_until(now, programs);
        true
    }
}
