//! Slurm commands a job's script runs later than the cluster's clock.
//!
//! A batch script runs whole when its job starts, its own clock moving
//! with its `sleep`s and steps ([`super::job_shell`]). A command that
//! changes jobs, typed at minute 55 of the script, must change them at
//! minute 55, not at the start: the checkpoint idiom
//!
//! ```text
//! #SBATCH --signal=B:USR1@300
//! trap 'scontrol requeue $SLURM_JOB_ID; exit 0' USR1
//! ```
//!
//! would otherwise requeue the job the moment it starts, again at every
//! start. So such a command answers the script with what it would say
//! now (run on a copy of the cluster) and acts on the cluster when the
//! clock reaches it, if the run that asked is still going then.

use serde::{Deserialize, Serialize};

use super::runner::{NoPrograms, ProgramRunner};
use super::state::JobState;
use super::{Caller, Cluster};

/// The `scontrol` subcommands that change jobs.
const SCONTROL_CHANGES: [&str; 9] = [
    "hold",
    "release",
    "requeue",
    "requeuehold",
    "resume",
    "suspend",
    "top",
    "uhold",
    "update",
];

/// Whether `argv` changes jobs: `scancel`, or an `scontrol` subcommand
/// that does.
pub(crate) fn changes_jobs(argv: &[String]) -> bool {
    match argv.first().map(String::as_str) {
        Some("scancel") => true,
        Some("scontrol") => argv[1..]
            .iter()
            .find(|a| !a.starts_with('-'))
            .is_some_and(|sub| SCONTROL_CHANGES.contains(&sub.to_ascii_lowercase().as_str())),
        _ => false,
    }
}

/// A command a job's script ran ahead of the cluster's clock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Deferred {
    /// When the script ran it.
    at: i64,
    /// The job whose script ran it, and when that run started.
    job: u32,
    start: i64,
    user: String,
    cwd: String,
    argv: Vec<String>,
}

impl Cluster {
    /// Runs `argv` for the script of job `job` (its run started at
    /// `start`) as it would answer now, and has it act at `at`.
    pub(crate) fn defer(
        &mut self,
        at: i64,
        (job, start): (u32, i64),
        argv: &[String],
        caller: &Caller<'_>,
    ) -> super::output::CommandOutput {
        let mut programs = NoPrograms;
        let mut preview = Caller {
            user: caller.user,
            cwd: caller.cwd,
            host: caller.host,
            files: caller.files,
            env: caller.env,
            programs: &mut programs,
        };
        let output = self.clone().exec_as(argv, "", &mut preview);
        let deferred = Deferred {
            at,
            job,
            start,
            user: caller.user.to_owned(),
            cwd: caller.cwd.to_owned(),
            argv: argv.to_vec(),
        };
        let place = self.deferred.partition_point(|d| d.at <= at);
        self.deferred.insert(place, deferred);
        output
    }

    /// When the first deferred command acts.
    pub(crate) fn next_deferred(&self) -> Option<i64> {
        self.deferred.first().map(|d| d.at)
    }

    /// Runs the deferred commands due by now whose job's run is still
    /// going, earliest first.
    pub(crate) fn run_deferred(&mut self, programs: &mut dyn ProgramRunner) {
        let due = self.deferred.partition_point(|d| d.at <= self.now);
        for d in self.deferred.drain(..due).collect::<Vec<_>>() {
            let running = self
                .jobs
                .get(&d.job)
                .is_some_and(|j| j.state == JobState::Running && j.start_time == Some(d.start));
            if !running {
                continue;
            }
            let files = |_: &str| None;
            let mut caller = Caller {
                user: &d.user,
                cwd: &d.cwd,
                host: "",
                files: &files,
                env: None,
                programs: &mut *programs,
            };
            self.exec_as(&d.argv, "", &mut caller);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::changes_jobs;

    #[test]
    fn commands_that_change_jobs_are_told_apart() {
        let argv = |line: &str| line.split(' ').map(str::to_owned).collect::<Vec<_>>();
        for changes in [
            "scancel 5",
            "scontrol requeue 5",
            "scontrol -v Update JobId=5 TimeLimit=10",
            "scontrol hold 5",
        ] {
            assert!(changes_jobs(&argv(changes)), "{changes}");
        }
        for reads in ["scontrol show job 5", "squeue", "sbatch job.sh", "scontrol"] {
            assert!(!changes_jobs(&argv(reads)), "{reads}");
        }
    }
}
