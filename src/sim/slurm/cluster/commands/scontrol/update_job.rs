//! `scontrol update JobId=N KEY=VALUE...`: the fields a user changes on a
//! job of theirs (an operator on any job), read as update_job.c reads
//! them and applied in the order, and with the refusals, of `_update_job`
//! (job_mgr.c). slurmctld's refusal prints as `<error> for job N`; the
//! changes made before it stay.

use super::super::super::output::CommandOutput;
use super::super::super::state::JobState;
use super::super::super::{Caller, Cluster, clock};
use super::is;
use crate::sim::slurm::time_spec::TimeLimit;

/// One change asked for, as scontrol sends it.
enum Change {
    Partition(String),
    Comment(String),
    /// The new limit, or a change of the current one (`+30`, `-30`).
    TimeLimit(TimeLimit, Option<char>),
    /// `Nice=N`.
    Nice(i64),
    Name(String),
    /// A dependency in `--dependency`'s syntax (empty: none).
    Dependency(String),
    /// `StartTime=` / `EligibleTime=`, read at the caller's clock.
    Begin(i64),
}

impl Change {
    /// Its place in `_update_job`, which applies and checks in this order.
    fn rank(&self) -> u8 {
        match self {
            Change::Partition(_) => 0,
            Change::Comment(_) => 1,
            Change::TimeLimit(..) => 2,
            Change::Nice(_) => 3,
            Change::Name(_) => 4,
            Change::Dependency(_) => 5,
            Change::Begin(_) => 6,
        }
    }
}

/// scontrol's client-side reading of one `KEY=VALUE`: `Ok(None)` for a
/// pair it reads but sends nothing for (a `StartTime` that is no time),
/// `Err` with its refusal.
fn read_change(now: i64, key: &str, v: &str) -> Result<Option<Change>, String> {
    let change = if is(key, "Comment", 3) {
        Change::Comment(v.to_owned())
    } else if is(key, "TimeLimit", 5) {
        let (sign, text) = match v.chars().next() {
            Some(c @ ('+' | '-')) => (Some(c), &v[1..]),
            _ => (None, v),
        };
        let limit = TimeLimit::parse(text)
            .map_err(|_| "scontrol: error: Invalid TimeLimit value".to_owned())?;
        Change::TimeLimit(limit, sign)
    } else if is(key, "Nice", 2) {
        let nice = leading_int(v);
        if nice.abs() > NICE_RANGE {
            return Err(format!(
                "scontrol: error: Nice value out of range (+/- {NICE_RANGE}). Value ignored"
            ));
        }
        Change::Nice(nice)
    } else if is(key, "Partition", 2) {
        Change::Partition(v.to_owned())
    } else if is(key, "Name", 2) || is(key, "JobName", 4) {
        Change::Name(v.to_owned())
    } else if is(key, "Dependency", 1) {
        Change::Dependency(v.to_owned())
    } else if is(key, "EligibleTime", 2) || is(key, "StartTime", 2) {
        return Ok(clock::parse_time(now, v, false).map(|t| Change::Begin(t.max(now))));
    } else {
        return Err(format!(
            "Update of this parameter is not supported: {key}={v}\nRequest aborted"
        ));
    };
    Ok(Some(change))
}

/// The largest nice either way (`NICE_OFFSET - 3`).
const NICE_RANGE: i64 = 2_147_483_645;

/// The integer `strtoll` reads at the start of `text` (0 for none).
fn leading_int(text: &str) -> i64 {
    let t = text.trim_start();
    let (sign, digits) = match t.strip_prefix('-') {
        Some(rest) => (-1, rest),
        None => (1, t.strip_prefix('+').unwrap_or(t)),
    };
    let end = digits
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(digits.len());
    digits[..end].parse::<i64>().map_or(0, |n| sign * n)
}

/// Runs the update of the pairs after `update`.
pub(super) fn update_job(
    c: &mut Cluster,
    pairs: &[(String, String)],
    caller: &Caller<'_>,
    out: &mut CommandOutput,
) {
    let mut id_text = None;
    let mut changes = Vec::new();
    for (key, value) in pairs {
        if is(key, "JobId", 3) {
            id_text = Some(value.clone());
            continue;
        }
        match read_change(c.now(), key, value) {
            Ok(Some(change)) => changes.push(change),
            Ok(None) => {}
            Err(refusal) => {
                for line in refusal.lines() {
                    out.err_line(line);
                }
                out.exit = 1;
                return;
            }
        }
    }
    if changes.is_empty() {
        out.err_line("No changes specified");
        out.exit = 1;
        return;
    }
    let id_text = id_text.unwrap_or_default();
    let found = id_text
        .parse::<u32>()
        .ok()
        .filter(|id| c.job(*id).is_some_and(|j| c.visible(j)));
    let Some(id) = found else {
        out.err_line(&format!("Invalid job id specified for job {id_text}"));
        out.exit = 1;
        return;
    };
    for change in &mut changes {
        if let Change::TimeLimit(limit, sign @ Some(_)) = change {
            let current = c.job(id).map_or(TimeLimit::Unlimited, |j| j.time_limit);
            match relative_limit(current, *limit, *sign) {
                Ok(total) => *change = Change::TimeLimit(total, None),
                Err(refusal) => {
                    out.err_line(&refusal);
                    out.exit = 1;
                    return;
                }
            }
        }
    }
    changes.sort_by_key(Change::rank);
    let applied = apply(c, id, &changes, caller.user);
    // slurmctld works the priority out again after any update, done or
    // not.
    c.reprioritize_job(id);
    if let Err(e) = applied {
        out.err_line(&format!("{e} for job {id}"));
        out.exit = 1;
    }
}

/// Applies the changes in order, as slurmctld does for `user`: the first
/// refusal stops it.
fn apply(c: &mut Cluster, id: u32, changes: &[Change], user: &str) -> Result<(), String> {
    let operator = c.is_operator(user);
    let Some(job) = c.job(id) else {
        return Err("Invalid job id specified".to_owned());
    };
    if job.user != user && !operator {
        return Err("Invalid user id".to_owned());
    }
    changes
        .iter()
        .try_for_each(|change| apply_one(c, id, change, operator))
}

/// One change, with `_update_job`'s checks for it.
fn apply_one(c: &mut Cluster, id: u32, change: &Change, operator: bool) -> Result<(), String> {
    let Some(job) = c.job(id) else {
        return Err("Invalid job id specified".to_owned());
    };
    let finished = job.state.is_finished();
    let pending = job.state == JobState::Pending;
    match change {
        Change::Partition(name) if *name != job.partition => {
            if !pending {
                return Err(NOT_PENDING.to_owned());
            }
            c.move_to_partition(id, name)?;
        }
        Change::Partition(_) => {}
        Change::Comment(text) => c.update_job(id, |j| j.extras.comment = Some(text.clone())),
        Change::TimeLimit(limit, _) => {
            let limit = *limit;
            if finished {
                return Err(FINISHED.to_owned());
            }
            if limit != job.time_limit {
                if !operator && limit > job.time_limit {
                    return Err("Access/permission denied".to_owned());
                }
                c.set_time_limit(id, limit);
            }
        }
        Change::Nice(nice) => {
            if finished {
                return Err(FINISHED.to_owned());
            }
            if *nice != job.nice {
                if !operator && *nice < 0 {
                    return Err("Access/permission denied".to_owned());
                }
                c.update_job(id, |j| j.nice = *nice);
            }
        }
        Change::Name(name) => {
            if finished {
                return Err(FINISHED.to_owned());
            }
            c.update_job(id, |j| j.name = name.clone());
            // A singleton may wait on the old name or the new one.
            c.settle_dependencies();
        }
        Change::Dependency(text) => {
            if !pending {
                return Err(NOT_PENDING.to_owned());
            }
            let dependency = if text.is_empty() {
                None
            } else {
                let dep = c
                    .dependency(text)
                    .map_err(|_| "Job dependency problem".to_owned())?;
                if dep.terms.iter().any(|t| c.waits_on(t.job, id)) {
                    return Err("Circular job dependency".to_owned());
                }
                Some(dep)
            };
            c.set_dependency(id, dependency);
        }
        Change::Begin(at) => {
            if !pending {
                return Err(NOT_PENDING.to_owned());
            }
            c.set_begin(id, *at);
        }
    }
    Ok(())
}

const FINISHED: &str = "Job has already finished";
const NOT_PENDING: &str = "Job is no longer pending execution";

/// `TimeLimit=+N` / `-N` against the job's `current` limit, as
/// update_job.c's `add_info` works it out before sending; an unlimited
/// job's limit counts as `INFINITE` minutes.
fn relative_limit(
    current: TimeLimit,
    by: TimeLimit,
    sign: Option<char>,
) -> Result<TimeLimit, String> {
    const INFINITE: u32 = u32::MAX;
    let current = current.minutes().unwrap_or(INFINITE);
    let by = by.minutes().unwrap_or(INFINITE);
    let total = match sign {
        Some('+') => current.saturating_add(by),
        Some(_) if by > current => {
            return Err(format!(
                "scontrol: error: TimeLimit decrement larger than current time limit ({by} > {current})"
            ));
        }
        Some(_) => current - by,
        None => by,
    };
    Ok(if total == INFINITE {
        TimeLimit::Unlimited
    } else {
        TimeLimit::Minutes(total)
    })
}
