//! `scancel`: cancels jobs by id (`38` takes every task of an array,
//! `38_2` one task) or by filter (`-u`, `--me`, `-p`, `-n`, `-A`, `-t`).
//! Jobs that are unknown or already done are passed over in silence, as
//! scancel does (`-v` says what it does and why nothing happened); another
//! user's job is refused.

use super::super::super::getopt::{HasArg, Opt, Parsed, opt};
use super::super::job_options::signal_number;
use super::super::output::CommandOutput;
use super::super::state::{Job, JobState};
use super::super::{Caller, Cluster};
use super::{VERSION, Wanted, error_out, help, parse};
use crate::sim::slurm::hostlist::Hostlist;

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

/// What a scancel command line asks for, read and checked.
struct Query {
    ids: Vec<Wanted>,
    /// `-u` or `--me`.
    user: Option<String>,
    account: Option<String>,
    name: Option<String>,
    partition: Option<String>,
    qos: Option<String>,
    state: Option<JobState>,
    /// `-w`: jobs on any of these nodes (a list that does not parse
    /// matches none, as Slurm's host set test does).
    nodes: Option<Vec<String>>,
}

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
    let signal = match p.value("signal").map(|s| (s, signal_number(s))) {
        // Read as getopt meets it, before anything else is checked.
        Some((text, None)) => {
            return CommandOutput::failure(&format!("Unknown job signal: {text}\n"), 1);
        }
        Some((_, Some(SIGKILL))) | None => None,
        Some((text, Some(n))) => Some((n, text)),
    };
    match read_query(c, &p, caller.user) {
        Ok(query) => {
            let targets = targets(c, &query, caller.user);
            let verbose = p.has("verbose") && !p.has("quiet");
            let mut out = CommandOutput::default();
            let action = action(signal, p.has("batch"), p.has("full"));
            if verbose {
                say_misses(c, &query, &action, &mut out);
            }
            let verbose = verbose.then_some(action.as_str());
            cancel(c, &targets, caller.user, (signal, verbose), &mut out);
            out
        }
        Err(refusal) => refusal,
    }
}

/// `-s KILL`, which is what cancelling sends.
const SIGKILL: u16 = 9;

/// `-v` on ids that name no job still to cancel: what scancel's
/// `_cancel_job_id` says before and after slurmctld's refusal (without
/// `-v` it says nothing, and the exit status stays 0).
fn say_misses(c: &Cluster, q: &Query, action: &str, out: &mut CommandOutput) {
    for w in &q.ids {
        if c.jobs.values().any(|j| q.matches(c, j) && w.hits(j)) {
            continue;
        }
        let shown = w
            .task
            .map_or_else(|| w.id.to_string(), |t| format!("{}_{t}", w.id));
        let why = if c.jobs.values().any(|j| w.hits(j)) {
            "Job/step already completing or completed"
        } else {
            "Invalid job id specified"
        };
        out.err_line(&format!("scancel: {action}{shown}"));
        out.err_line(&format!(
            "scancel: error: Kill job error on job id {shown}: {why}"
        ));
    }
}

/// The job ids of the operands.
fn read_ids(p: &Parsed) -> Result<Vec<Wanted>, CommandOutput> {
    let mut ids = Vec::new();
    for arg in &p.operands {
        let read = read_operand(arg)
            .ok_or_else(|| error_out("scancel", &format!("Invalid job id {arg}"), 1))?;
        ids.extend(read);
    }
    Ok(ids)
}

/// The most tasks one range of `ID_[LIST]` names.
const MAX_RANGE: u32 = 65_536;

/// One operand as `_xlate_job_step_ids` (scancel/opt.c) reads it: ids
/// joined by commas, each `ID`, `ID_TASK`, `ID_*` (the whole array) or,
/// last, `ID_[LIST]` (those tasks: `1_[3-5,8]`); `None` if it is none
/// of these.
fn read_operand(arg: &str) -> Option<Vec<Wanted>> {
    let number = |text: &str| -> Option<(u32, usize)> {
        let end = text
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(text.len());
        Some((text[..end].parse().ok()?, end))
    };
    let mut wanted = Vec::new();
    let mut rest = arg;
    loop {
        let (id, len) = number(rest).filter(|&(id, _)| id > 0)?;
        rest = &rest[len..];
        if let Some(list) = rest.strip_prefix("_[") {
            for range in list.strip_suffix(']')?.split(',') {
                let (first, last) = match range.split_once('-') {
                    Some((a, b)) => (a.parse::<u32>().ok()?, b.parse::<u32>().ok()?),
                    None => (range.parse().ok()?, range.parse().ok()?),
                };
                // hostlist's cap on the names one range expands to.
                if last < first || last - first >= MAX_RANGE {
                    return None;
                }
                wanted.extend((first..=last).map(|task| Wanted::new(id, Some(task))));
            }
            return Some(wanted);
        }
        let task = if let Some(after) = rest.strip_prefix("_*") {
            rest = after;
            None
        } else if let Some(after) = rest.strip_prefix('_') {
            let (task, len) = number(after)?;
            rest = &after[len..];
            Some(task)
        } else {
            None
        };
        wanted.push(Wanted::new(id, task));
        match rest.strip_prefix(',') {
            Some(after) => rest = after,
            None => return rest.is_empty().then_some(wanted),
        }
    }
}

/// Reads the command line into a [`Query`], or the refusal.
fn read_query(c: &Cluster, p: &Parsed, me: &str) -> Result<Query, CommandOutput> {
    let ids = read_ids(p)?;
    let user = match (p.value("user"), p.has("me")) {
        (_, true) => Some(me.to_owned()),
        (Some(u), false) => match c.user(u) {
            Some(known) => Some(known.name.clone()),
            None => return Err(error_out("scancel", &format!("Invalid user name: {u}"), 1)),
        },
        (None, false) => None,
    };
    let filters = ["account", "name", "partition", "qos", "state", "nodelist"];
    if ids.is_empty() && user.is_none() && !filters.iter().any(|f| p.has(f)) {
        return Err(error_out("scancel", "No job identification provided", 1));
    }
    let state = match p.value("state") {
        Some(s) => match s.to_ascii_uppercase().as_str() {
            "PENDING" | "PD" => Some(JobState::Pending),
            "RUNNING" | "R" => Some(JobState::Running),
            "SUSPENDED" | "S" => Some(JobState::Suspended),
            _ => {
                // `_xlate_state_name`: plain lines, no `scancel: error:`.
                return Err(CommandOutput::failure(
                    &format!(
                        "Invalid job state specified: {s}\nValid job states are PENDING, RUNNING, and SUSPENDED\n"
                    ),
                    1,
                ));
            }
        },
        None => None,
    };
    let value = |key: &str| p.value(key).map(str::to_owned);
    Ok(Query {
        ids,
        user,
        account: value("account"),
        name: value("name"),
        partition: value("partition"),
        qos: value("qos"),
        state,
        nodes: p.value("nodelist").map(|list| {
            Hostlist::parse(list)
                .map(|h| h.names().to_vec())
                .unwrap_or_default()
        }),
    })
}

impl Query {
    /// Whether a job that has not ended passes the filters.
    fn matches(&self, c: &Cluster, j: &Job) -> bool {
        let is = |want: &Option<String>, have: &str| want.as_deref().is_none_or(|w| w == have);
        !j.state.is_finished()
            && is(&self.user, &j.user)
            && is(&self.account, &j.account)
            && is(&self.name, &j.name)
            && is(&self.partition, &j.partition)
            && is(&self.qos, &j.qos)
            && self.state.is_none_or(|s| j.state == s)
            && self.nodes.as_ref().is_none_or(|names| {
                j.nodes
                    .iter()
                    .filter_map(|&n| c.nodes.get(n))
                    .any(|n| names.contains(&n.name))
            })
    }
}

/// The jobs to cancel: (record id, task to take out of a pending array
/// record). Without ids, every matching job the caller may cancel.
fn targets(c: &Cluster, q: &Query, me: &str) -> Vec<(u32, Option<u32>)> {
    if q.ids.is_empty() {
        let operator = c.is_operator(me);
        return c
            .jobs
            .values()
            .filter(|j| q.matches(c, j) && (operator || j.user == me))
            .map(|j| (j.id, None))
            .collect();
    }
    let mut targets = Vec::new();
    for w in &q.ids {
        for j in c.jobs.values().filter(|j| q.matches(c, j) && w.hits(j)) {
            let array = j.array.as_ref();
            let pending_task = w
                .task
                .filter(|t| array.is_some_and(|a| a.pending.contains(t)));
            targets.push((j.id, pending_task));
        }
    }
    targets
}

impl Wanted {
    /// Whether `j` is this job: the job itself or, for an array's id, any
    /// of its tasks; for `ID_TASK`, the task's own record or the pending
    /// record that still holds it.
    fn hits(&self, j: &Job) -> bool {
        let array = j.array.as_ref();
        match self.task {
            None => j.id == self.id || array.is_some_and(|a| a.array_job_id == self.id),
            Some(t) => array.is_some_and(|a| {
                a.array_job_id == self.id && (a.task == Some(t) || a.pending.contains(&t))
            }),
        }
    }
}

/// Cancels the targets the caller may cancel (with `-v`, saying so for
/// each, as `_cancel_job_id` does); Slurm's refusal for the others.
/// What `-v` says scancel does to each job, before its id:
/// `Terminating job `, `Signal 10 to batch job `.
fn action(signal: Option<(u16, &str)>, batch: bool, full: bool) -> String {
    let kind = match (full, batch) {
        (true, _) => "full ",
        (false, true) => "batch ",
        (false, false) => "",
    };
    match signal {
        Some((n, _)) => format!("Signal {n} to {kind}job "),
        None => format!("Terminating {kind}job "),
    }
}

/// Cancels the targets, or sends them `signal` (not KILL; its number and
/// how it was given), saying what it does to each under `-v`.
fn cancel(
    c: &mut Cluster,
    targets: &[(u32, Option<u32>)],
    me: &str,
    (signal, verbose): (Option<(u16, &str)>, Option<&str>),
    out: &mut CommandOutput,
) {
    let operator = c.is_operator(me);
    let uid = c.user(me).map_or(0, |u| u.uid);
    for &(id, task) in targets {
        let Some(job) = c.job(id) else { continue };
        let shown = task.map_or_else(|| job.display_id(), |t| format!("{}_{t}", job.id));
        if let Some(action) = verbose {
            out.err_line(&format!("scancel: {action}{shown}"));
        }
        if !operator && job.user != me {
            out.err_line(&format!(
                "scancel: error: Kill job error on job id {shown}: Access/permission denied"
            ));
            out.exit = 1;
            continue;
        }
        if let Some((_, name)) = signal {
            out.exit = 1;
            if job.state == JobState::Pending {
                // job_signal refuses a pending job any signal but KILL
                // (scancel tries ten times, then says so).
                out.err_line(&format!(
                    "scancel: error: Kill job error on job id {shown}: Job can not be altered now, try again later"
                ));
            } else {
                out.err_line(&format!(
                    "scancel: signal {name} to job {shown} is not simulated: a job's script runs ahead when the job starts, so only KILL (cancelling) reaches a running job here. To signal its script before the time limit, submit it with sbatch --signal=B:{name}@SECONDS."
                ));
            }
            continue;
        }
        match task {
            Some(t) => c.cancel_pending_task(id, t, uid),
            None => c.cancel(id, uid),
        }
    }
}
