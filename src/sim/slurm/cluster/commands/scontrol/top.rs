//! `scontrol top JOB[,JOB...]`: puts jobs first among their owner's
//! pending jobs of the same account, partition and QOS, as `job_set_top`
//! and `_set_top` (job_mgr.c) do. The top jobs take the highest of those
//! priorities through their nice value and the others give it up through
//! theirs, so the order outlives the next priority calculation. Only an
//! operator may, unless slurm.conf's `SchedulerParameters` has
//! `enable_user_top`.

use super::super::super::Cluster;
use super::super::super::output::CommandOutput;
use super::super::super::state::JobState;

const INVALID: &str = "Invalid job id specified";

/// `scontrol top TEXT` (the list without its `JobId=`): slurmctld's
/// refusal as `<error> for job <TEXT>`.
pub(super) fn top(c: &mut Cluster, text: &str, user: &str, out: &mut CommandOutput) {
    if let Err(e) = set_top(c, text, user) {
        out.err_line(&format!("{e} for job {text}"));
        out.exit = 1;
    }
}

/// Whether slurm.conf lets users reorder their own jobs.
fn users_may(c: &Cluster) -> bool {
    c.config.other.iter().any(|(k, v)| {
        k.eq_ignore_ascii_case("SchedulerParameters")
            && v.to_ascii_lowercase().contains("enable_user_top")
    })
}

/// The record `token` names: `N` or `N_*` (the job, or the array's own
/// record), or `N_T` (that task's record, or the pending one holding it).
fn record_of(c: &Cluster, token: &str) -> Option<u32> {
    let end = token
        .find(|ch: char| !ch.is_ascii_digit())
        .unwrap_or(token.len());
    let id: u32 = token[..end].parse().ok().filter(|&id| id > 0)?;
    match &token[end..] {
        "" | "_*" => c.job(id).filter(|j| c.visible(j)).map(|j| j.id),
        rest => {
            let task: u32 = rest.strip_prefix('_')?.parse().ok()?;
            c.jobs
                .values()
                .filter(|j| c.visible(j))
                .find(|j| {
                    j.array.as_ref().is_some_and(|a| {
                        a.array_job_id == id && (a.task == Some(task) || a.pending.contains(&task))
                    })
                })
                .map(|j| j.id)
        }
    }
}

/// `job_set_top` and `_set_top` for `user`.
fn set_top(c: &mut Cluster, text: &str, user: &str) -> Result<(), &'static str> {
    if !c.is_operator(user) && !users_may(c) {
        return Err("Access/permission denied");
    }
    let listed = text
        .split(',')
        .filter(|t| !t.is_empty())
        .map(|t| record_of(c, t).ok_or(INVALID))
        .collect::<Result<Vec<u32>, _>>()?;
    if listed.is_empty() {
        return Err(INVALID);
    }
    let mut tops: Vec<u32> = Vec::new();
    let mut skipped = None;
    for id in listed {
        let Some(job) = c.job(id) else { continue };
        if job.user != user && !c.is_operator(user) {
            return Err("Access/permission denied");
        }
        if job.state != JobState::Pending {
            skipped = Some("Job is no longer pending execution");
        } else if job.hold.is_some() {
            skipped = Some("Job is in held state, pending scheduler release");
        } else if !tops.contains(&id) {
            tops.push(id);
        }
    }
    let Some(&first) = tops.first() else {
        return skipped.map_or(Ok(()), Err);
    };
    reorder(c, &tops, first);
    Ok(())
}

/// Gives the `tops`, in order, the highest priorities among them and
/// their owner's other pending jobs like `first`; the others give up what
/// the tops gained, shared out, each staying below the last top.
fn reorder(c: &mut Cluster, tops: &[u32], first: u32) {
    let Some(like) = c.job(first).cloned() else {
        return;
    };
    let others: Vec<u32> = c
        .jobs
        .values()
        .filter(|j| {
            !tops.contains(&j.id)
                && j.state == JobState::Pending
                && j.hold.is_none()
                && j.priority > 1
                && (&j.user, &j.account, j.partition_index, &j.qos)
                    == (&like.user, &like.account, like.partition_index, &like.qos)
        })
        .map(|j| j.id)
        .collect();
    let priority = |c: &Cluster, id: u32| c.job(id).map_or(0, |j| i64::from(j.priority));
    let mut prios: Vec<i64> = tops
        .iter()
        .chain(&others)
        .map(|&id| priority(c, id))
        .collect();
    crate::sort::by_key(&mut prios, |&p| std::cmp::Reverse(p));
    let mut total = 0i64;
    let mut last: Option<i64> = None;
    for (&id, mut next) in tops.iter().zip(prios) {
        if let Some(l) = last.filter(|&l| l == next && l > 2) {
            next = l - 1;
        }
        last = Some(next);
        let delta = next - priority(c, id);
        total += delta;
        set(c, id, next, -delta);
    }
    let last = last.unwrap_or(0);
    let mut left = i64::try_from(others.len()).unwrap_or(1);
    for id in others {
        let mut next = priority(c, id) - total / left.max(1);
        if next >= last {
            next = last - 1;
        }
        let delta = priority(c, id) - next;
        set(c, id, next, delta);
        total -= delta;
        left -= 1;
    }
    c.queue.reorder();
}

/// Sets a job's priority, and moves its nice by `nice_by` so the next
/// priority calculation keeps it.
fn set(c: &mut Cluster, id: u32, priority: i64, nice_by: i64) {
    c.update_job(id, |j| {
        j.priority = u32::try_from(priority.max(1)).unwrap_or(u32::MAX);
        j.nice += nice_by;
    });
}
