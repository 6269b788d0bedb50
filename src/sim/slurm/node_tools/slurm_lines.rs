//! The lines slurmstepd and srun write into a job's output when a job or
//! step ends badly, as Slurm 22.05.8 words them
//! (`src/slurmd/slurmstepd/req.c`, `src/srun/`; shared/reference/
//! node-tools.md section 6). Times are `%FT%T`. Pure.

use serde::{Deserialize, Serialize};

use super::clock::Civil;

/// Whose end a slurmstepd banner announces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum StepTarget {
    /// The batch script: `JOB 1234`.
    Job(u32),
    /// An srun step: `STEP 1234.0`.
    Step {
        /// The job id.
        job: u32,
        /// The step id.
        step: u32,
    },
}

/// Why slurmstepd ended a job or step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum StepEnd {
    /// `scancel`: `CANCELLED AT <time>`.
    Cancelled,
    /// The time limit was reached.
    TimeLimit,
    /// A higher-priority job preempted it.
    Preemption,
    /// A node of the job failed.
    NodeFailure,
    /// The job was requeued.
    Requeue,
    /// The step failed (no time is printed).
    Failed,
}

/// How srun saw some tasks end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TaskEnd {
    /// Exited with this non-zero code.
    Exited(i32),
    /// Killed by this signal, perhaps dumping core.
    Signaled {
        /// The signal number.
        signal: i32,
        /// Whether a core file was written.
        core_dumped: bool,
    },
}

/// `slurmstepd: error: *** JOB 1234 ON node-3 CANCELLED AT
/// 2026-11-30T03:12:45 DUE TO TIME LIMIT ***` and its kin; `stepd` is the
/// name slurmstepd logs under (`ClusterConfig::stepd_name`).
pub fn stepd_banner(stepd: &str, target: StepTarget, node: &str, at: i64, end: StepEnd) -> String {
    let who = match target {
        StepTarget::Job(job) => format!("JOB {job}"),
        StepTarget::Step { job, step } => format!("STEP {job}.{step}"),
    };
    let reason = match end {
        StepEnd::Cancelled => "",
        StepEnd::TimeLimit => " DUE TO TIME LIMIT",
        StepEnd::Preemption => " DUE TO PREEMPTION",
        StepEnd::NodeFailure => " DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS",
        StepEnd::Requeue => " DUE TO JOB REQUEUE",
        StepEnd::Failed => {
            return format!(
                "{stepd}: error: *** {who} ON {node} FAILED (non-zero exit code or other failure mode) ***"
            );
        }
    };
    format!(
        "{stepd}: error: *** {who} ON {node} CANCELLED AT {}{reason} ***",
        Civil::new(at).iso()
    )
}

/// `slurmstepd: error: execve(): train.py: No such file or directory`: a
/// task's program that is not there.
pub fn stepd_execve_failed(stepd: &str, program: &str) -> String {
    format!("{stepd}: error: execve(): {program}: No such file or directory")
}

/// `srun: Job step aborted: Waiting up to 32 seconds for job step to
/// finish.` (`wait_s` is KillWait + 2; Slurm's default KillWait of 30
/// gives 32).
pub fn srun_step_aborted(wait_s: u32) -> String {
    format!("srun: Job step aborted: Waiting up to {wait_s} seconds for job step to finish.")
}

/// `srun: error: Node failure on node-3`.
pub fn srun_node_failure(node: &str) -> String {
    format!("srun: error: Node failure on {node}")
}

/// `srun: error: node-3: task 0: Exited with exit code 1`, or for several
/// tasks `srun: error: node-3: tasks 0-7: Killed` (task ids as ranges).
pub fn srun_tasks_ended(node: &str, tasks: &[u32], end: TaskEnd) -> String {
    let mut ids = tasks.to_vec();
    crate::sort::sort_dedup(&mut ids);
    let noun = if ids.len() == 1 { "task" } else { "tasks" };
    let how = match end {
        TaskEnd::Exited(code) => format!("Exited with exit code {code}"),
        TaskEnd::Signaled {
            signal,
            core_dumped,
        } => {
            let core = if core_dumped { " (core dumped)" } else { "" };
            format!("{}{core}", strsignal(signal))
        }
    };
    format!("srun: error: {node}: {noun} {}: {how}", ranges(&ids))
}

/// glibc's `strsignal` for the signals a job meets.
fn strsignal(signal: i32) -> String {
    match signal {
        1 => "Hangup".to_owned(),
        2 => "Interrupt".to_owned(),
        6 => "Aborted".to_owned(),
        7 => "Bus error".to_owned(),
        9 => "Killed".to_owned(),
        11 => "Segmentation fault".to_owned(),
        15 => "Terminated".to_owned(),
        other => format!("Unknown signal {other}"),
    }
}

/// Sorted ids as `0-3,5`.
fn ranges(ids: &[u32]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while let Some(&start) = ids.get(i) {
        let mut end = start;
        while ids
            .get(i + 1)
            .is_some_and(|&next| Some(next) == end.checked_add(1))
        {
            end += 1;
            i += 1;
        }
        parts.push(if end == start {
            start.to_string()
        } else {
            format!("{start}-{end}")
        });
        i += 1;
    }
    parts.join(",")
}
