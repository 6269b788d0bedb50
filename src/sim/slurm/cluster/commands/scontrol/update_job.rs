//! `scontrol update JobId=N KEY=VALUE...`: the fields a user changes on a
//! job of theirs (an operator on any job), read as update_job.c reads
//! them and applied in the order, and with the refusals, of `_update_job`
//! (job_mgr.c). slurmctld's refusal prints as `<error> for job N`; the
//! changes made before it stay.

use super::super::super::output::CommandOutput;
use super::super::super::state::{Hold, JobState};
use super::super::super::submit::NICE_RANGE;
use super::super::super::{Caller, Cluster, clock};
use super::{is, job_list};
use crate::sim::slurm::c_num::atoi;
use crate::sim::slurm::hostlist::Hostlist;
use crate::sim::slurm::time_spec::TimeLimit;

/// One change asked for, as scontrol sends it.
enum Change {
    /// `ArrayTaskThrottle=N`: most tasks running at once (0: no limit).
    Throttle(u32),
    Partition(String),
    /// `Account=` (empty: the user's default).
    Account(String),
    /// `QOS=` (empty: the default).
    Qos(String),
    /// `ExcNodeList=`: the nodes it must not run on (empty: none).
    Exclude(String),
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
    /// `Requeue=0|1`.
    Requeue(bool),
    /// `Priority=N`: 0 holds, `INFINITE` releases or goes back to the
    /// calculated priority.
    Priority(u32),
}

impl Change {
    /// Its place in `_update_job`, which applies and checks in this order.
    fn rank(&self) -> u8 {
        match self {
            Change::Throttle(_) => 0,
            Change::Partition(_) => 1,
            Change::Account(_) => 2,
            Change::Qos(_) => 3,
            Change::Exclude(_) => 4,
            Change::Comment(_) => 5,
            Change::TimeLimit(..) => 6,
            Change::Requeue(_) => 7,
            Change::Priority(_) => 8,
            Change::Nice(_) => 9,
            Change::Name(_) => 10,
            Change::Dependency(_) => 11,
            Change::Begin(_) => 12,
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
        let nice = atoi(v);
        if nice.abs() > NICE_RANGE {
            return Err(format!(
                "scontrol: error: Nice value out of range (+/- {NICE_RANGE}). Value ignored"
            ));
        }
        Change::Nice(nice)
    } else if is(key, "Partition", 2) {
        Change::Partition(v.to_owned())
    } else if is(key, "Account", 1) {
        Change::Account(v.to_owned())
    } else if is(key, "QOS", 2) {
        Change::Qos(v.to_owned())
    } else if is(key, "Name", 2) || is(key, "JobName", 4) {
        Change::Name(v.to_owned())
    } else if is(key, "Dependency", 1) {
        Change::Dependency(v.to_owned())
    } else if is(key, "ArrayTaskThrottle", 10) {
        let throttle = u32::try_from(atoi(v))
            .map_err(|_| "scontrol: error: Invalid ArrayTaskThrottle value".to_owned())?;
        Change::Throttle(throttle)
    } else if is(key, "ExcNodeList", 3) {
        Change::Exclude(v.to_owned())
    } else if is(key, "Priority", 2) {
        let priority = v
            .parse::<u32>()
            .map_err(|_| format!("scontrol: error: Invalid Priority value: {v}"))?;
        Change::Priority(priority)
    } else if is(key, "Requeue", 4) {
        let flag = v
            .parse::<u16>()
            .map_err(|_| format!("scontrol: error: Invalid Requeue value: {v}"))?;
        Change::Requeue(flag > 0)
    } else if is(key, "EligibleTime", 2) || is(key, "StartTime", 2) {
        return Ok(clock::parse_time(now, v, false).map(|t| Change::Begin(t.max(now))));
    } else {
        return Err(format!(
            "Update of this parameter is not supported: {key}={v}\nRequest aborted"
        ));
    };
    Ok(Some(change))
}

/// Runs the update of the pairs after `update`: of each job in the list
/// of `JobId=` or, without one, of the jobs a `Name=` names.
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
        let read = read_change(c.now(), key, value).and_then(|change| match change {
            Some(Change::TimeLimit(by, sign @ Some(_))) => {
                let current = current_limit(c, id_text.as_deref())?;
                Ok(Some(Change::TimeLimit(
                    relative_limit(current, by, sign)?,
                    None,
                )))
            }
            other => Ok(other),
        });
        match read {
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
    crate::sort::by_key(&mut changes, Change::rank);
    let Some(id_text) = id_text.or_else(|| ids_by_name(c, &changes, out)) else {
        out.exit = 1;
        return;
    };
    let Some(refs) = job_list::read(&id_text) else {
        out.err_line(&format!("Invalid job id specified for job {id_text}"));
        out.exit = 1;
        return;
    };
    let mut op = |c: &mut Cluster, id: u32| {
        let applied = apply(c, id, &changes, caller.user);
        // slurmctld works the priority out again after any update,
        // done or not.
        c.reprioritize_job(id);
        applied
    };
    for r in &refs {
        let answer = job_list::apply(c, r, true, &mut op);
        job_list::say(r, &answer, out);
    }
}

/// Without `JobId=`, the jobs of the `Name=` asked for (any user's), as
/// `_job_name2id` finds them; `None` once it has said there are none.
fn ids_by_name(c: &Cluster, changes: &[Change], out: &mut CommandOutput) -> Option<String> {
    let Some(name) = changes.iter().find_map(|ch| match ch {
        Change::Name(name) => Some(name),
        _ => None,
    }) else {
        out.err_line("scontrol: error: No job ID specified");
        return None;
    };
    let ids: Vec<String> = c
        .jobs
        .values()
        .filter(|j| c.visible(j) && j.name == *name)
        .map(
            |j| match j.array.as_ref().and_then(|a| a.task.map(|t| (a, t))) {
                Some((a, t)) => format!("{}_{t}", a.array_job_id),
                None => j.id.to_string(),
            },
        )
        .collect();
    if ids.is_empty() {
        let any = c.jobs.values().any(|j| c.visible(j));
        out.err_line(&if any {
            format!("scontrol: error: No jobs with name '{name}'")
        } else {
            format!("scontrol: error: JobName {name} not found")
        });
        return None;
    }
    Some(ids.join(","))
}

/// Applies the changes in order, as slurmctld does for `user`: an
/// array's throttle first, even on a finished array; then a finished
/// job and another user's are refused; then the first refusal stops it.
fn apply(c: &mut Cluster, id: u32, changes: &[Change], user: &str) -> Result<(), String> {
    let operator = c.is_operator(user);
    for change in changes {
        if let Change::Throttle(n) = change {
            c.update_job(id, |j| {
                if let Some(a) = j.array.as_mut().filter(|a| a.task.is_none()) {
                    a.max_running = (*n > 0).then_some(*n);
                }
            });
        }
    }
    let Some(job) = c.job(id) else {
        return Err("Invalid job id specified".to_owned());
    };
    if job.state.is_finished() {
        return Err(FINISHED.to_owned());
    }
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
    let pending = job.state == JobState::Pending;
    match change {
        Change::Throttle(_) => {}
        Change::Partition(_) | Change::Account(_) | Change::Qos(_) | Change::Exclude(_) => {
            change_placement(c, id, change, pending)?;
        }
        Change::Requeue(on) => c.update_job(id, |j| j.requeue = *on),
        Change::Comment(text) => c.update_job(id, |j| j.extras.comment = Some(text.clone())),
        Change::TimeLimit(limit, _) => {
            let limit = *limit;
            if limit != job.time_limit {
                if !operator && limit > job.time_limit {
                    return Err("Access/permission denied".to_owned());
                }
                c.set_time_limit(id, limit);
            }
        }
        Change::Priority(p) => change_priority(c, id, *p, operator)?,
        // A priority an operator set stays; slurmctld drops the nice.
        Change::Nice(_) if job.priority_set && job.priority != 0 => {}
        Change::Nice(nice) => {
            if *nice != job.nice {
                if !operator && *nice < 0 {
                    return Err("Access/permission denied".to_owned());
                }
                c.update_job(id, |j| j.nice = *nice);
            }
        }
        Change::Name(name) => {
            c.update_job(id, |j| j.name = name.clone());
            // A singleton may wait on the old name or the new one.
            c.settle_dependencies();
        }
        Change::Dependency(_) if !pending => return Err(NOT_PENDING.to_owned()),
        Change::Dependency(text) => {
            let dependency = if text.is_empty() {
                None
            } else {
                let dep = c
                    .dependency(text)
                    .map_err(|_| "Job dependency problem".to_owned())?;
                if dep
                    .iter()
                    .flat_map(|d| &d.terms)
                    .any(|t| c.waits_on(t.job, id))
                {
                    return Err("Circular job dependency".to_owned());
                }
                dep
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

/// A change of what the job's scheduling rests on (its partition,
/// account, QOS, excluded nodes), which only a pending job may make; the
/// same value again is no change, but `_update_job` refuses any account
/// past pending, even the job's own.
fn change_placement(
    c: &mut Cluster,
    id: u32,
    change: &Change,
    pending: bool,
) -> Result<(), String> {
    let Some(job) = c.job(id) else {
        return Err("Invalid job id specified".to_owned());
    };
    let changed = match change {
        Change::Partition(name) => *name != job.partition,
        Change::Account(_) => true,
        Change::Qos(name) => c.qos_named(name)? != job.qos,
        Change::Exclude(list) => *list != job.request.exclude.join(","),
        _ => false,
    };
    if !changed {
        return Ok(());
    }
    if !pending {
        return Err(NOT_PENDING.to_owned());
    }
    match change {
        Change::Partition(name) => c.move_to_partition(id, name)?,
        Change::Account(name) => c.change_account(id, name)?,
        Change::Qos(name) => {
            let qos = c.qos_named(name)?;
            c.rebase_job(id, |j| j.qos = qos);
        }
        Change::Exclude(list) => {
            let names = exclude_names(c, list).ok_or("Invalid node name specified")?;
            c.update_job(id, |j| j.request.exclude = names);
            c.node_changed();
        }
        _ => {}
    }
    Ok(())
}

/// `Priority=p`, as `_update_job` takes it: an operator sets any priority
/// (kept until a hold or release), 0 holds, `INFINITE` releases a held
/// job or goes back to the calculated priority. A user may only lower
/// their job's, and that lasts until the priority is worked out again
/// at the end of the update, so it changes nothing but the answer.
fn change_priority(c: &mut Cluster, id: u32, p: u32, operator: bool) -> Result<(), String> {
    const INFINITE: u32 = u32::MAX;
    let Some(job) = c.job(id) else {
        return Err("Invalid job id specified".to_owned());
    };
    let (current, hold) = (job.priority, job.hold);
    if current == p {
        // An operator's `Priority=0` on a held job makes the hold theirs.
        if p == 0 && operator && hold.is_some() {
            c.set_hold(id, Some(Hold::Admin));
        }
    } else if current == 0 && hold.is_some() {
        let may_release = operator || hold == Some(Hold::User);
        match p {
            INFINITE if may_release => c.set_hold(id, None),
            INFINITE => return Err("Access/permission denied".to_owned()),
            _ => return Err("Job is in held state, pending scheduler release".to_owned()),
        }
    } else if operator || current > p {
        if p == 0 {
            c.set_hold(id, Some(if operator { Hold::Admin } else { Hold::User }));
            return Ok(());
        }
        // The caller works the priority out again (`set_job_prio`).
        c.update_job(id, |j| {
            j.nice = 0;
            j.priority_set = operator && p != INFINITE;
            if j.priority_set {
                j.priority = p;
            }
        });
        if !operator {
            return Err(
                "Changes to job priority are not persistent, change nice instead".to_owned(),
            );
        }
    } else if p != INFINITE {
        return Err("Access/permission denied".to_owned());
    }
    Ok(())
}

/// The node names of `list` (empty: none), if each is a node of `c`.
fn exclude_names(c: &Cluster, list: &str) -> Option<Vec<String>> {
    if list.is_empty() {
        return Some(Vec::new());
    }
    let names = Hostlist::parse(list).ok()?.names().to_vec();
    names
        .iter()
        .all(|n| c.nodes.iter().any(|node| node.name == *n))
        .then_some(names)
}
const NOT_PENDING: &str = "Job is no longer pending execution";

/// The limit a `TimeLimit=+N` or `-N` changes, as scontrol's
/// `_get_job_time` loads it before it sends anything: of one job, or one
/// task of an array, named by a `JobId=` given before it.
fn current_limit(c: &Cluster, id_text: Option<&str>) -> Result<TimeLimit, String> {
    let text =
        id_text.ok_or("scontrol: error: JobId must precede TimeLimit increment or decrement")?;
    let invalid = || format!("scontrol: error: Invalid job ID {text}");
    let (id, task) = match text.split_once('_') {
        Some((id, task)) => (id, Some(task.parse::<u32>().map_err(|_| invalid())?)),
        None => (text, None),
    };
    let id: u32 = id.parse().map_err(|_| invalid())?;
    let records: Vec<_> = c
        .jobs
        .values()
        .filter(|j| c.visible(j))
        .filter(|j| j.id == id || j.array.as_ref().is_some_and(|a| a.array_job_id == id))
        .collect();
    if records.is_empty() {
        return Err(format!(
            "scontrol: error: Could not load state information for job {text}: Invalid job id specified"
        ));
    }
    if records.len() > 1 && task.is_none() {
        return Err(
            "scontrol: error: TimeLimit increment/decrement not supported for job arrays"
                .to_owned(),
        );
    }
    let found = records.iter().find(|j| match (&j.array, task) {
        (None, _) => j.id == id,
        (Some(a), None) => a.array_job_id == id,
        (Some(a), Some(t)) => a.task == Some(t) || a.pending.contains(&t),
    });
    // No record of that task: scontrol stops without a word.
    found.map(|j| j.time_limit).ok_or_else(String::new)
}

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
