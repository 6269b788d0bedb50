//! `sprio`: the priority factors of pending jobs from their last
//! calculation, in the fair-share model's layout ([`SprioFormat`]): the
//! default or `-l` format, `-n` normalized, `-o` a format of its own,
//! `-w` the configured weights, `-S` the order; filters `-j -p -u`. Held
//! jobs, jobs waiting on a dependency or a begin time are left out, as
//! slurmctld leaves them out.

use super::super::super::getopt::{HasArg, Opt, Parsed, opt};
use super::super::output::CommandOutput;
use super::super::state::{Job, JobState};
use super::super::{Caller, Cluster};
use super::{VERSION, Wanted, help, parse};
use crate::sim::fair_share::{
    BadSortKey, FormatChoice, PriorityBreakdown, SprioFormat, SprioJob, SprioRow, sort_jobs,
};

pub(super) const OPTIONS: &[Opt] = &[
    opt("noheader", Some('h'), &["noheader"], HasArg::No),
    opt("help", None, &["help"], HasArg::No),
    opt("jobs", Some('j'), &["jobs"], HasArg::Optional),
    opt("long", Some('l'), &["long"], HasArg::No),
    opt("norm", Some('n'), &["norm"], HasArg::No),
    opt("format", Some('o'), &["format"], HasArg::Required),
    opt("sort", Some('S'), &["sort"], HasArg::Required),
    opt("partition", Some('p'), &["partition"], HasArg::Required),
    opt("user", Some('u'), &["user", "users"], HasArg::Required),
    opt("usage", None, &["usage"], HasArg::No),
    opt("verbose", Some('v'), &["verbose"], HasArg::No),
    opt("version", Some('V'), &["version"], HasArg::No),
    opt("weights", Some('w'), &["weights"], HasArg::No),
    opt("federation", None, &["federation"], HasArg::No),
    opt("local", None, &["local"], HasArg::No),
    opt("sibling", None, &["sib", "sibling"], HasArg::No),
];

/// The filters of a sprio command line.
struct Query {
    /// `-j`, as job ids (an array task named `ID_TASK` read as its job).
    jobs: Option<Vec<u32>>,
    /// `-j`'s list as typed.
    jobs_text: Option<String>,
    /// `-p`.
    partitions: Option<Vec<String>>,
    /// `-u`.
    users: Option<Vec<String>>,
}

pub(super) fn run(c: &Cluster, argv: &[String], _caller: &Caller<'_>) -> CommandOutput {
    let p = match parse("sprio", argv, OPTIONS, 1) {
        Ok(p) => p,
        Err(out) => return out,
    };
    if p.has("help") {
        return help::text(help::SPRIO);
    }
    if p.has("usage") {
        return help::text(help::SPRIO_USAGE);
    }
    if p.has("version") {
        return help::text(VERSION);
    }
    if p.has("long") && p.has("format") {
        return CommandOutput::failure(
            "sprio: fatal: Options -o(--format) and -l(--long) are mutually exclusive. \
             Please remove one and retry.\n",
            1,
        );
    }
    let mut out = CommandOutput::default();
    let Some(query) = read_query(c, &p, &mut out) else {
        out.exit = 1;
        return out;
    };
    if p.has("verbose") {
        print_options(c, &p, &query, &mut out);
    }
    let format = format_of(c, &p, &mut out);
    if !p.has("noheader") {
        out.out_line(&format.line(SprioRow::Header));
    }
    if p.has("weights") {
        out.out_line(&format.line(SprioRow::Weights(&c.config.priority.weights)));
        return out;
    }
    let shown = select(c, &query);
    if query.jobs.is_some() && shown.is_empty() {
        out.out_line("Unable to find jobs matching user/id(s) specified");
        return out;
    }
    let mut rows: Vec<SprioJob<'_>> = shown
        .iter()
        .map(|(job, b)| SprioJob {
            job_id: job.id,
            partition: &job.partition,
            user: &job.user,
            priority: b,
        })
        .collect();
    // slurmctld answers no list at all when no job matches: nothing to sort.
    if rows.is_empty() {
        return out;
    }
    if let Err(BadSortKey(key)) = sort_jobs(&mut rows, p.value("sort").unwrap_or("i")) {
        out.err_line(&format!("sprio: error: Invalid sort specification: {key}"));
        out.exit = 1;
        return out;
    }
    for row in &rows {
        out.out_line(&format.line(SprioRow::Job(row)));
    }
    out
}

/// `-o`'s format (its unknown letters reported on `out`), or sprio's
/// default for the options.
fn format_of(c: &Cluster, p: &Parsed, out: &mut CommandOutput) -> SprioFormat {
    let Some(spec) = p.value("format") else {
        let choice = FormatChoice {
            long: p.has("long"),
            normalized: p.has("norm"),
            users: p.has("user"),
            sibling: p.has("sibling") && !p.has("local"),
        };
        return SprioFormat::default_for(&c.config.priority.weights, choice);
    };
    let (format, unknown) = SprioFormat::parse(spec);
    for letter in unknown {
        out.err_line(&format!(
            "sprio: error: Invalid job format specification: {letter}"
        ));
    }
    format
}

/// Reads the filters: `-j LIST` (or `-j` then the list as the first
/// operand), `-p`, `-u` (unknown users reported on `out`). A job sprio
/// cannot name (`slurm_xlate_job_id` gives 0) and a word left over are
/// refused on `out`: `None`.
fn read_query(c: &Cluster, p: &Parsed, out: &mut CommandOutput) -> Option<Query> {
    let mut operands = p.operands.iter();
    let jobs = match p.value("jobs") {
        Some(v) => Some(v),
        None if p.has("jobs") => operands.next().map(String::as_str),
        None => None,
    };
    let users = p
        .value("user")
        .map(|list| super::known_users(c, "sprio", list, out));
    let mut ids = Vec::new();
    for word in jobs.iter().flat_map(|list| list.split(',')) {
        let Some(id) = job_id(c, word) else {
            out.err_line(&format!("sprio: error: Invalid job id: {word}"));
            return None;
        };
        ids.push(id);
    }
    if let Some(extra) = operands.next() {
        out.err_line(&format!("sprio: error: Unrecognized option: {extra}"));
        out.out_line(help::SPRIO_USAGE.trim_end());
        return None;
    }
    Some(Query {
        jobs_text: jobs.map(str::to_owned),
        jobs: jobs.map(|_| ids),
        partitions: p
            .value("partition")
            .map(|v| v.split(',').map(str::to_owned).collect()),
        users,
    })
}

/// `-v`: the options as sprio read them (`_print_options`), before any
/// default format is chosen; `-vv` adds the job ids and uids.
fn print_options(c: &Cluster, p: &Parsed, q: &Query, out: &mut CommandOutput) {
    let or_null = |v: Option<&str>| v.unwrap_or("(null)").to_owned();
    let verbose = p.opts.iter().filter(|(k, _)| *k == "verbose").count();
    let rule = "-----------------------------";
    out.out_line(rule);
    for (name, value) in [
        ("format", or_null(p.value("format"))),
        ("job_flag", u8::from(p.has("jobs")).to_string()),
        ("jobs", or_null(q.jobs_text.as_deref())),
        ("partition", or_null(p.value("partition"))),
        ("users", or_null(p.value("user"))),
        ("verbose", verbose.to_string()),
    ] {
        out.out_line(&format!("{name:<10} = {value}"));
    }
    if verbose > 1 {
        for (i, id) in q.jobs.iter().flatten().enumerate() {
            out.out_line(&format!("job_list[{i}] = {id}"));
        }
        let uids = q.users.iter().flatten().filter_map(|u| c.accounts.user(u));
        for (i, user) in uids.enumerate() {
            out.out_line(&format!("user_list[{i}] = {}", user.uid));
        }
    }
    out.out_line(&format!("{rule}\n\n"));
}

/// `slurm_xlate_job_id`: a number, or `ARRAY_TASK` read as the job id of
/// that task's record (a task still pending has none).
fn job_id(c: &Cluster, word: &str) -> Option<u32> {
    let wanted = Wanted::parse(word)?;
    let id = match wanted.task {
        None => Some(wanted.id),
        Some(task) => c
            .jobs
            .values()
            .find(|j| {
                j.array
                    .as_ref()
                    .is_some_and(|a| a.array_job_id == wanted.id && a.task == Some(task))
            })
            .map(|j| j.id),
    };
    id.filter(|id| *id > 0)
}

/// The pending jobs sprio shows (eligible, not held, no dependency left),
/// with their priority factors.
fn select<'a>(c: &'a Cluster, q: &Query) -> Vec<(&'a Job, PriorityBreakdown)> {
    c.jobs
        .values()
        .filter(|j| j.state == JobState::Pending && j.hold.is_none() && j.dependency.is_none())
        .filter(|j| j.begin_time.is_none_or(|b| b <= c.now))
        .filter(|j| q.jobs.as_ref().is_none_or(|l| l.contains(&j.id)))
        .filter(|j| {
            q.partitions
                .as_ref()
                .is_none_or(|l| l.contains(&j.partition))
        })
        .filter(|j| q.users.as_ref().is_none_or(|l| l.contains(&j.user)))
        .filter_map(|j| Some((j, c.priority_breakdown(j)?)))
        .collect()
}
