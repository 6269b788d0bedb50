//! `sreport cluster utilization`: the CPU time of the cluster in a window
//! (by default yesterday), from the same job records `sacct` reads, in
//! Slurm 22.05's layout (`src/sreport/cluster_reports.c`): a header block
//! between rules, then `print_fields` cells. As slurmdbd's hourly rollup
//! does, only whole hours before now count. Down and planned-down time
//! are not recorded by this model and show 0.

use super::super::super::getopt::{HasArg, Opt, opt};
use super::super::clock;
use super::super::fields::{Parsable, print_fields_header, print_fields_row};
use super::super::output::CommandOutput;
use super::super::{Caller, Cluster};
use super::{help, keyword, parse, sacct};

pub(super) const OPTIONS: &[Opt] = &[
    opt("all_clusters", Some('a'), &["all_clusters"], HasArg::No),
    opt("help", Some('h'), &["help", "usage"], HasArg::No),
    opt("noheader", Some('n'), &["noheader"], HasArg::No),
    opt("parsable", Some('p'), &["parsable"], HasArg::No),
    opt("parsable2", Some('P'), &["parsable2"], HasArg::No),
    opt("quiet", Some('Q'), &["quiet"], HasArg::No),
    opt("time", Some('t'), &[], HasArg::Required),
    opt("verbose", Some('v'), &["verbose"], HasArg::No),
    opt("version", Some('V'), &["version"], HasArg::No),
];

/// An hour in seconds: sreport rounds its window to hours.
const HOUR: i64 = 3600;

/// The `-t` units: (name, shortest prefix, seconds per unit).
const UNITS: [(&str, usize, i64); 3] = [("Seconds", 1, 1), ("Minutes", 1, 60), ("Hours", 1, HOUR)];

pub(super) fn run(c: &Cluster, argv: &[String], _caller: &Caller<'_>) -> CommandOutput {
    let p = match parse("sreport", argv, OPTIONS, 1) {
        Ok(p) => p,
        Err(out) => return out,
    };
    if let Some(out) = help::requested(&p, help::SREPORT, help::SREPORT) {
        return out;
    }
    let mut out = CommandOutput::default();
    let mut unit = UNITS[1];
    if let Some(t) = p.value("time") {
        match UNITS.iter().find(|(name, min, _)| keyword(t, name, *min)) {
            Some(u) => unit = *u,
            None => out.err(&format!("unknown time format {t}")),
        }
    }
    let parsable = Parsable::read(&p);
    let words = &p.operands;
    let Some(first) = words.first() else {
        return out;
    };
    if !keyword(first, "cluster", 2) {
        out.err_line(&format!("invalid keyword: {first}"));
        out.exit = 1;
        return out;
    }
    let Some(report) = words.get(1) else {
        out.err_line(&format!("too few arguments for keyword:{first}"));
        out.exit = 1;
        return out;
    };
    let starts = |full: &str, n: usize| {
        report
            .get(..n)
            .zip(full.get(..n))
            .is_some_and(|(a, b)| a.eq_ignore_ascii_case(b))
    };
    let other = [
        ("AccountUtilizationByUser", 1),
        ("UserUtilizationByAccount", 18),
        ("UA", 2),
        ("UserUtilizationByWckey", 18),
        ("UW", 2),
        ("WCKeyUtilizationByUser", 1),
    ];
    if other.iter().any(|(full, n)| starts(full, *n)) {
        out.err_line(&format!("sreport: cluster {report} is not simulated yet"));
        out.exit = 1;
        return out;
    }
    if !starts("Utilization", 2) {
        out.err_line(&format!("Not valid report {report}"));
        out.err_line(
            "Valid cluster reports are, \"AccountUtilizationByUser\", \
\"UserUtilizationByAccount\", \"UserUtilizationByWckey\", \"Utilization\", and \
\"WCKeyUtilizationByUser\"",
        );
        out.exit = 1;
        return out;
    }
    let (mut start, mut end) = (None, None);
    for word in &words[2..] {
        let time = word
            .split_once('=')
            .and_then(|(key, value)| Some((key, sacct::parse_time(c, value)?)));
        match time {
            Some((key, t)) if keyword(key, "Start", 1) => start = Some(t),
            Some((key, t)) if keyword(key, "End", 1) => end = Some(t),
            _ => {
                out.err_line(&format!(" Unknown condition: {word}"));
                out.exit = 1;
                return out;
            }
        }
    }
    let today = clock::midnight(c.now);
    let start = start.map_or(today - 86_400, nearest_hour);
    let end = end.map_or(today, nearest_hour).max(start + HOUR);
    let usage = utilization(c, start, end);
    if !p.has("noheader") {
        let rule = "-".repeat(80);
        out.out_line(&rule);
        out.out_line(&format!(
            "Cluster Utilization {} - {}",
            clock::iso(start),
            clock::iso(end - 1)
        ));
        out.out_line(&format!("Usage reported in CPU {}", unit.0));
        out.out_line(&rule);
        let columns = [
            ("Cluster", 9),
            ("Allocated", 12),
            ("Down", 10),
            ("PLND Down", 10),
            ("Idle", 12),
            ("Planned", 9),
            ("Reported", 12),
        ];
        for line in print_fields_header(&columns, parsable) {
            out.out_line(&line);
        }
    }
    let (allocated, reported) = usage;
    let cells: Vec<(Option<String>, i32)> = [
        (Some(c.config.cluster_name.clone()), 9),
        (Some((allocated / unit.2).to_string()), 12),
        (Some("0".to_owned()), 10),
        (Some("0".to_owned()), 10),
        (Some(((reported - allocated) / unit.2).to_string()), 12),
        (Some("0".to_owned()), 9),
        (Some((reported / unit.2).to_string()), 12),
    ]
    .into();
    out.out_line(&print_fields_row(&cells, parsable));
    out
}

/// A time rounded to the nearest hour, as sreport rounds its window.
fn nearest_hour(t: i64) -> i64 {
    (t + HOUR / 2).div_euclid(HOUR) * HOUR
}

/// (allocated, reported) CPU-seconds between `start` and `end`, counting
/// only the hours rolled up before now.
fn utilization(c: &Cluster, start: i64, end: i64) -> (i64, i64) {
    let end = end.min(c.now.div_euclid(HOUR) * HOUR);
    let overlap = |from: i64, to: i64| (to.min(end) - from.max(start)).max(0);
    let cpus: i64 = c.nodes.iter().map(|n| i64::from(n.cpus)).sum();
    let mut allocated = 0;
    for job in c.jobs.values() {
        for run in &job.history {
            allocated += i64::from(run.cpus) * overlap(run.start, run.end);
        }
        if let Some(from) = job
            .start_time
            .filter(|_| job.state != super::JobState::Pending)
        {
            let to = job
                .end_time
                .filter(|_| job.state.is_finished())
                .unwrap_or(c.now);
            allocated += i64::from(job.shape.total().cpus) * overlap(from, to);
        }
    }
    (allocated, cpus * overlap(start, end))
}
