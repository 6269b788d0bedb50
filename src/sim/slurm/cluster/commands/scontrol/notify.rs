//! `notify` and `wait_job`: a message to a job's user, and waiting for
//! a job's nodes (`scontrol_job_notify`, update_job.c;
//! `scontrol_job_ready`, info_job.c; `srun_user_message`, srun_comm.c;
//! `job_node_ready`, job_mgr.c).

use super::super::super::output::CommandOutput;
use super::super::super::state::JobState;
use super::super::super::{Caller, Cluster};

/// `atoi`: leading blanks, a sign, then digits; 0 without any.
fn atoi(text: &str) -> i64 {
    let t = text.trim_start();
    let (sign, digits) = match t.as_bytes().first() {
        Some(b'-') => (-1, &t[1..]),
        Some(b'+') => (1, &t[1..]),
        _ => (1, t),
    };
    let end = digits
        .find(|ch: char| !ch.is_ascii_digit())
        .unwrap_or(digits.len());
    sign * digits[..end].parse::<i64>().unwrap_or(0)
}

/// A job id as scontrol's `atoi` reads it, or scontrol's words (without
/// a newline, as it writes them) for one that is not positive.
fn job_id(text: &str, out: &mut CommandOutput) -> Option<u32> {
    match u32::try_from(atoi(text)) {
        Ok(id) if id > 0 => Some(id),
        _ => {
            out.err(&format!("Invalid job_id {text}"));
            out.exit = 1;
            None
        }
    }
}

/// `notify JOBID MESSAGE...`: the words joined by spaces go to the
/// job's user, through the `srun` or `salloc` waiting on it, or into a
/// running batch job's error file.
pub(super) fn notify(
    c: &mut Cluster,
    args: &[String],
    caller: &Caller<'_>,
    out: &mut CommandOutput,
) {
    let Some(id) = job_id(&args[0], out) else {
        out.err_line("job notify failure: No error");
        return;
    };
    let message = args[1..].join(" ");
    let super_user = caller.user == "root" || caller.user == c.config.slurm_user();
    let refusal = match c.job(id).filter(|j| c.visible(j)) {
        None => Some("Invalid job id specified"),
        Some(j) if j.user != caller.user && !super_user => Some("Invalid user id"),
        Some(j) if j.state.is_finished() => Some("Job/step already completing or completed"),
        Some(j) if !j.batch => {
            let tool = j.extras.launcher.as_deref().unwrap_or("srun");
            out.err_line(&format!("{tool}: {message}"));
            None
        }
        Some(j) if j.state == JobState::Running => {
            c.notify_batch(id, &message);
            None
        }
        Some(_) => Some("Requested operation is presently disabled"),
    };
    if let Some(why) = refusal {
        out.err_line(&format!("job notify failure: {why}"));
        out.exit = 1;
    }
}

/// `wait_job JOBID`: whether the job's nodes are ready. Without power
/// saving they are as soon as it runs, so a running job is ready at
/// once and any other is told about without waiting.
pub(super) fn wait_job(c: &Cluster, arg: &str, out: &mut CommandOutput) {
    let Some(id) = job_id(arg, out) else {
        return;
    };
    let line = match c.job(id).filter(|j| c.visible(j)) {
        Some(j) if j.state == JobState::Running => {
            out.err_line(&format!("scontrol: Nodes are ready for job {id}"));
            return;
        }
        Some(_) => format!("scontrol: Job {id} no longer running"),
        None => format!("scontrol: Problem running job {id}"),
    };
    out.err_line(&line);
    out.exit = 1;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn job_ids_are_read_as_atoi_reads_them() {
        assert_eq!(atoi(" 42abc"), 42);
        assert_eq!(atoi("+7"), 7);
        assert_eq!(atoi("-3"), -3);
        assert_eq!(atoi("abc"), 0);
        assert_eq!(atoi(""), 0);
        let mut out = CommandOutput::default();
        assert_eq!(job_id("12_3", &mut out), Some(12));
        assert_eq!(job_id("x", &mut out), None);
        assert_eq!(
            out.text(crate::sim::slurm::cluster::output::Stream::Stderr),
            "Invalid job_id x"
        );
        assert_eq!(out.exit, 1);
    }
}
