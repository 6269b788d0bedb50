//! `scancel`: cancels jobs by id (`38` takes every task of an array,
//! `38_2` one task) or by filter (`-u`, `--me`, `-p`, `-n`, `-A`, `-t`).
//! Jobs that are unknown or already done are passed over in silence, as
//! scancel does; another user's job is refused.

use super::super::super::getopt::{HasArg, Opt, opt};
use super::super::output::CommandOutput;
use super::super::state::JobState;
use super::super::{Caller, Cluster};
use super::{VERSION, error_out, help, parse};

pub(super) const OPTIONS: &[Opt] = &[
    opt("account", Some('A'), &["account"], HasArg::Required),
    opt("batch", Some('b'), &["batch"], HasArg::No),
    opt("full", Some('f'), &["full"], HasArg::No),
    opt("help", None, &["help"], HasArg::No),
    opt("me", None, &["me"], HasArg::No),
    opt("name", Some('n'), &["name", "jobname"], HasArg::Required),
    opt("partition", Some('p'), &["partition"], HasArg::Required),
    opt("quiet", Some('Q'), &["quiet"], HasArg::No),
    opt("qos", Some('q'), &["qos"], HasArg::Required),
    opt("signal", Some('s'), &["signal"], HasArg::Required),
    opt("state", Some('t'), &["state"], HasArg::Required),
    opt("user", Some('u'), &["user"], HasArg::Required),
    opt("usage", None, &["usage"], HasArg::No),
    opt("verbose", Some('v'), &["verbose"], HasArg::No),
    opt("version", Some('V'), &["version"], HasArg::No),
    opt("nodelist", Some('w'), &["nodelist"], HasArg::Required),
];

pub(super) fn run(
    c: &mut Cluster,
    argv: &[String],
    _stdin: &str,
    caller: &mut Caller<'_>,
) -> CommandOutput {
    let p = match parse("scancel", argv, OPTIONS, 1) {
        Ok(p) => p,
        Err(out) => return out,
    };
    if p.has("help") {
        return help::text(help::SCANCEL);
    }
    if p.has("usage") {
        return help::text(help::SCANCEL_USAGE);
    }
    if p.has("version") {
        return help::text(VERSION);
    }
    let mut ids: Vec<(u32, Option<u32>)> = Vec::new();
    for arg in &p.operands {
        let parsed = match arg.split_once('_') {
            Some((a, b)) => a.parse::<u32>().ok().zip(b.parse::<u32>().ok().map(Some)),
            None => arg.parse::<u32>().ok().map(|id| (id, None)),
        };
        match parsed {
            Some(id) if id.0 > 0 => ids.push(id),
            _ => return error_out("scancel", &format!("Invalid job id {arg}"), 1),
        }
    }
    let user = match (p.value("user"), p.has("me")) {
        (_, true) => Some(caller.user.to_owned()),
        (Some(u), false) => match c.user(u) {
            Some(known) => Some(known.name.clone()),
            None => return error_out("scancel", &format!("Invalid user name: {u}"), 1),
        },
        (None, false) => None,
    };
    let filters = ["account", "name", "partition", "qos", "state", "nodelist"];
    let filtered = user.is_some() || filters.iter().any(|f| p.has(f));
    if ids.is_empty() && !filtered {
        return error_out("scancel", "No job identification provided", 1);
    }
    let state = match p.value("state") {
        Some(s) => match s.to_ascii_uppercase().as_str() {
            "PENDING" | "PD" => Some(JobState::Pending),
            "RUNNING" | "R" => Some(JobState::Running),
            other => {
                return error_out(
                    "scancel",
                    &format!("Invalid job state specified: {other}"),
                    1,
                );
            }
        },
        None => None,
    };
    let root = c.is_operator(caller.user);
    let matches = |j: &super::super::state::Job| {
        user.as_ref().is_none_or(|u| j.user == *u)
            && p.value("account").is_none_or(|a| j.account == a)
            && p.value("name").is_none_or(|n| j.name == n)
            && p.value("partition").is_none_or(|part| j.partition == part)
            && p.value("qos").is_none_or(|q| j.qos == q)
            && state.is_none_or(|s| j.state == s)
    };
    // (record id, task to take out of a pending array record)
    let mut targets: Vec<(u32, Option<u32>)> = Vec::new();
    if ids.is_empty() {
        targets.extend(
            c.jobs
                .values()
                .filter(|j| !j.state.is_finished() && matches(j) && (root || j.user == caller.user))
                .map(|j| (j.id, None)),
        );
    } else {
        for (id, task) in &ids {
            for j in c
                .jobs
                .values()
                .filter(|j| !j.state.is_finished() && matches(j))
            {
                let array = j.array.as_ref();
                let hit = match task {
                    None => j.id == *id || array.is_some_and(|a| a.array_job_id == *id),
                    Some(t) => array.is_some_and(|a| {
                        a.array_job_id == *id && (a.task == Some(*t) || a.pending.contains(t))
                    }),
                };
                if hit {
                    let pending_task =
                        task.filter(|t| array.is_some_and(|a| a.pending.contains(t)));
                    targets.push((j.id, pending_task));
                }
            }
        }
    }
    let mut out = CommandOutput::default();
    for (id, task) in targets {
        let Some(job) = c.job(id) else { continue };
        if !root && job.user != caller.user {
            let shown = task.map_or_else(|| job.display_id(), |t| format!("{}_{t}", job.id));
            out.err_line(&format!(
                "scancel: error: Kill job error on job id {shown}: Access/permission denied"
            ));
            out.exit = 1;
            continue;
        }
        let uid = c.user(caller.user).map_or(0, |u| u.uid);
        match task {
            Some(t) => c.cancel_pending_task(id, t, uid),
            None => c.cancel(id, uid),
        }
    }
    out
}
