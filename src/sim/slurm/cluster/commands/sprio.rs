//! `sprio`: the priority factors of pending jobs from their last
//! calculation, printed by the fair-share model's formatter
//! ([`sprio_lines`]); `-l` long, `-w` the configured weights, filters
//! `-j -p -u`. Held jobs, jobs waiting on a dependency or a begin time
//! are left out, as slurmctld leaves them out.

use super::super::super::getopt::{HasArg, Opt, Parsed, opt};
use super::super::fields::cell;
use super::super::output::CommandOutput;
use super::super::state::{Job, JobState};
use super::super::{Caller, Cluster};
use super::{VERSION, help, parse};
use crate::sim::fair_share::{Contribution, PriorityBreakdown, SprioJob, sprio_lines};

pub(super) const OPTIONS: &[Opt] = &[
    opt("noheader", Some('h'), &["noheader"], HasArg::No),
    opt("help", None, &["help"], HasArg::No),
    opt("jobs", Some('j'), &["jobs"], HasArg::Optional),
    opt("long", Some('l'), &["long"], HasArg::No),
    opt("partition", Some('p'), &["partition"], HasArg::Required),
    opt("user", Some('u'), &["user", "users"], HasArg::Required),
    opt("usage", None, &["usage"], HasArg::No),
    opt("verbose", Some('v'), &["verbose"], HasArg::No),
    opt("version", Some('V'), &["version"], HasArg::No),
    opt("weights", Some('w'), &["weights"], HasArg::No),
];

/// A breakdown whose every factor is 1: what the weights row shows.
fn weights_row(c: &Cluster) -> PriorityBreakdown {
    let w = &c.config.priority.weights;
    let full = |weight: u32| Contribution {
        factor: 1.0,
        weight,
        weighted: f64::from(weight),
    };
    PriorityBreakdown {
        site: 1,
        age: full(w.age),
        assoc: full(w.assoc),
        fair_share: full(w.fair_share),
        job_size: full(w.job_size),
        partition: full(w.partition),
        qos: full(w.qos),
        tres: w
            .tres
            .iter()
            .map(|(n, weight)| (n.clone(), full(*weight)))
            .collect(),
        nice: 0,
        sum: 0.0,
        total: 0,
    }
}

/// The filters of a sprio command line.
struct Query {
    /// `-j`.
    jobs: Option<Vec<String>>,
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
    let long = p.has("long");
    let weights = weights_row(c);
    // The header follows the configured weights even with no job.
    let header_job = SprioJob {
        job_id: 0,
        partition: "",
        user: "",
        priority: &weights,
    };
    let mut header_lines = sprio_lines(std::slice::from_ref(&header_job), long).into_iter();
    let mut out = CommandOutput::default();
    let header = header_lines.next().unwrap_or_default();
    if !p.has("noheader") {
        out.out_line(&header);
    }
    if p.has("weights") {
        let line = header_lines.next().unwrap_or_default();
        out.out_line(&weights_line(c, &line, long));
        return out;
    }
    let query = match read_query(&p) {
        Ok(q) => q,
        Err(refusal) => return refusal,
    };
    let shown = select(c, &query);
    if query.jobs.is_some() && shown.is_empty() {
        out.out_line("Unable to find jobs matching user/id(s) specified");
        return out;
    }
    for (job, b) in &shown {
        let row = SprioJob {
            job_id: job.id,
            partition: &job.partition,
            user: &job.user,
            priority: b,
        };
        if let Some(line) = sprio_lines(&[header_job.clone(), row], long)
            .into_iter()
            .nth(2)
        {
            out.out_line(&line);
        }
    }
    out
}

/// Reads the filters: `-j LIST` (or `-j` then the list as the first
/// operand), `-p`, `-u`.
fn read_query(p: &Parsed) -> Result<Query, CommandOutput> {
    let list = |v: Option<&str>| v.map(|v| v.split(',').map(str::to_owned).collect::<Vec<_>>());
    let mut operands = p.operands.iter();
    let jobs = match p.value("jobs") {
        Some(v) => Some(v),
        None if p.has("jobs") => operands.next().map(String::as_str),
        None => None,
    };
    if let Some(extra) = operands.next() {
        return Err(super::error_out(
            "sprio",
            &format!("Unrecognized option: {extra}"),
            1,
        ));
    }
    Ok(Query {
        jobs: list(jobs),
        partitions: list(p.value("partition")),
        users: list(p.value("user")),
    })
}

/// The pending jobs sprio shows (eligible, not held, no dependency left),
/// with their priority factors. sprio leaves out TRES that add nothing (a
/// job without GPUs shows an empty TRES cell).
fn select<'a>(c: &'a Cluster, q: &Query) -> Vec<(&'a Job, PriorityBreakdown)> {
    c.jobs
        .values()
        .filter(|j| j.state == JobState::Pending && j.hold.is_none() && j.dependency.is_none())
        .filter(|j| j.begin_time.is_none_or(|b| b <= c.now))
        .filter(|j| {
            q.jobs
                .as_ref()
                .is_none_or(|l| l.iter().any(|i| *i == j.id.to_string()))
        })
        .filter(|j| {
            q.partitions
                .as_ref()
                .is_none_or(|l| l.contains(&j.partition))
        })
        .filter(|j| q.users.as_ref().is_none_or(|l| l.contains(&j.user)))
        .filter_map(|j| {
            let mut b = c.priority_breakdown(j)?;
            b.tres.retain(|(_, t)| t.weighted != 0.0);
            Some((j, b))
        })
        .collect()
}

/// The weights row: `Weights` in the JOBID cell, blank partition and
/// priority (and user and nice with `-l`), the TRES weights as
/// configured.
fn weights_line(c: &Cluster, line: &str, long: bool) -> String {
    let w = &c.config.priority.weights;
    // The columns sprio prints: the long ones, or the weighted factors.
    let widths: Vec<usize> = if long {
        vec![15, 9, 8, 10, 10, 10, 10, 10, 10, 10, 10, 11, 20]
    } else {
        let factors = [w.age, w.assoc, w.fair_share, w.job_size, w.partition, w.qos];
        let mut v = vec![15, 9, 10, 10];
        v.extend(factors.iter().filter(|f| **f > 0).map(|_| 10));
        if w.tres.iter().any(|(_, t)| *t > 0) {
            v.push(20);
        }
        v
    };
    let mut cells: Vec<String> = Vec::new();
    let mut rest = line;
    for width in &widths {
        let (head, tail) = rest.split_at(rest.len().min(*width));
        cells.push(head.to_owned());
        rest = tail.strip_prefix(' ').unwrap_or(tail);
    }
    // slurm.conf's `PriorityWeightTRES` as written; the configuration
    // keeps it parsed, with the type in lower case (`GRES/gpu=1000` is
    // written so by convention, and as the reference has it).
    let tres_weights = w
        .tres
        .iter()
        .map(|(name, weight)| match name.split_once('/') {
            Some((kind, rest)) => format!("{}/{rest}={weight}", kind.to_ascii_uppercase()),
            None => format!("{}={weight}", name.to_ascii_uppercase()),
        })
        .collect::<Vec<_>>()
        .join(",");
    // Partition, user, priority and nice (with -l); partition and priority.
    let blank: &[usize] = if long { &[1, 2, 3, 11] } else { &[1, 2] };
    let last = cells.len().saturating_sub(1);
    for (i, text) in cells.iter_mut().enumerate() {
        let width = widths[i];
        if i == 0 {
            *text = cell("Weights", width, true);
        } else if blank.contains(&i) {
            *text = " ".repeat(width);
        } else if i == last && !w.tres.is_empty() {
            *text = cell(&tres_weights, width, true);
        }
    }
    cells.join(" ")
}
