//! `sreport`: CPU time reports over a window (by default yesterday), from
//! the same job records `sacct` reads, in Slurm 22.05's layout
//! (`src/sreport/`): a header block between rules, then `print_fields`
//! cells. As slurmdbd's hourly rollup does, only whole hours before now
//! count. Reports: `cluster Utilization`, `cluster
//! AccountUtilizationByUser` and `user TopUsage`.

mod cluster;
mod user;

use std::collections::BTreeMap;

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

/// How a report prints: the `-t` unit, `-p`/`-P`, and whether `-n` was
/// not given.
#[derive(Clone, Copy)]
struct Style {
    unit: (&'static str, usize, i64),
    parsable: Parsable,
    header: bool,
}

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
    let style = Style {
        unit,
        parsable: Parsable::read(&p),
        header: !p.has("noheader"),
    };
    let words = &p.operands;
    let Some(first) = words.first() else {
        return out;
    };
    let is_cluster = keyword(first, "cluster", 2);
    if !is_cluster && !keyword(first, "user", 1) {
        return failed(out, &format!("invalid keyword: {first}"));
    }
    let Some(report) = words.get(1) else {
        return failed(out, &format!("too few arguments for keyword:{first}"));
    };
    if is_cluster {
        cluster::run(c, report, &words[2..], style, out)
    } else {
        user::run(c, report, &words[2..], style, out)
    }
}

/// `out` with `line` on stderr and exit 1.
fn failed(mut out: CommandOutput, line: &str) -> CommandOutput {
    out.err_line(line);
    out.exit = 1;
    out
}

/// Whether `report` names `full` as sreport matches report names: its
/// first `n` letters, case-blind, equal (`xstrncasecmp(word, full, n)`).
fn names(report: &str, full: &str, n: usize) -> bool {
    report
        .get(..n)
        .zip(full.get(..n))
        .is_some_and(|(a, b)| a.eq_ignore_ascii_case(b))
}

/// The conditions of the association and user reports.
#[derive(Default)]
struct Conditions {
    start: Option<i64>,
    end: Option<i64>,
    users: Vec<String>,
    accounts: Vec<String>,
    /// `Clusters=`: none for this cluster.
    clusters: Vec<String>,
    /// `Tree` (AccountUtilizationByUser).
    tree: bool,
    /// `Group` (TopUsage).
    group: bool,
    /// `TopCount=` (TopUsage); `None` for no limit (a negative count).
    top: Option<u32>,
}

/// Which report reads the conditions: they accept different flags.
#[derive(Clone, Copy, PartialEq, Eq)]
enum For {
    Utilization,
    AccountsByUser,
    TopUsage,
}

impl Conditions {
    /// Reads `words` as 22.05's `_set_cluster_cond`, `_set_assoc_cond` and
    /// `_set_cond` do: a word without `=` is a cluster (Utilization) or a
    /// user (or the report's flag); an unknown condition is reported, sets
    /// exit 1, and the report still runs.
    fn read(c: &Cluster, words: &[String], report: For, out: &mut CommandOutput) -> Self {
        let mut cond = Self {
            top: Some(10),
            ..Self::default()
        };
        for word in words {
            if !cond.read_one(c, word, report, out) {
                out.err_line(&format!(
                    " Unknown condition: {word}\nUse keyword set to modify value"
                ));
                out.exit = 1;
            }
        }
        cond
    }

    /// One condition; false when it is unknown.
    fn read_one(&mut self, c: &Cluster, word: &str, report: For, out: &mut CommandOutput) -> bool {
        let Some((key, value)) = word.split_once('=') else {
            match report {
                For::AccountsByUser if keyword(word, "Tree", 4) => self.tree = true,
                For::TopUsage if keyword(word, "group", 1) => self.group = true,
                _ if keyword(word, "all_clusters", 1) => {}
                For::Utilization => add_names(&mut self.clusters, word),
                _ => add_names(&mut self.users, word),
            }
            return true;
        };
        let by_assoc = report != For::Utilization;
        if by_assoc && keyword(key, "Users", 1) {
            add_names(&mut self.users, value);
        } else if by_assoc && (keyword(key, "Accounts", 2) || keyword(key, "Acct", 4)) {
            add_names(&mut self.accounts, value);
        } else if keyword(key, "Clusters", 1) {
            add_names(&mut self.clusters, value);
        } else if keyword(key, "End", 1) {
            self.end = Some(time_or_now(c, value).min(c.now));
        } else if keyword(key, "Start", 1) {
            self.start = Some(time_or_now(c, value));
        } else if report == For::TopUsage && keyword(key, "TopCount", 1) {
            self.read_top(value, out);
        } else {
            return false;
        }
        true
    }

    /// `TopCount=`: a number (negative: no limit), as `get_uint` reads it.
    fn read_top(&mut self, value: &str, out: &mut CommandOutput) {
        let digits = value.trim_start_matches(['-', '+']);
        let end = digits
            .find(|ch: char| !ch.is_ascii_digit())
            .unwrap_or(digits.len());
        let number: i64 = digits[..end].parse().unwrap_or(0);
        if number == 0 && end < digits.len() {
            out.err_line(&format!(
                "sreport: error: Invalid value for TopCount ({value})"
            ));
            out.exit = 1;
        } else if value.starts_with('-') && number != 0 {
            self.top = None;
        } else {
            self.top = Some(u32::try_from(number).unwrap_or(u32::MAX));
        }
    }

    /// Whether `Clusters=` leaves this cluster in the report.
    fn covers(&self, c: &Cluster) -> bool {
        self.clusters.is_empty() || self.clusters.contains(&c.config.cluster_name)
    }

    /// The window, rounded to hours: by default yesterday, at least an
    /// hour long.
    fn window(&self, c: &Cluster) -> (i64, i64) {
        window(c, self.start, self.end)
    }
}

/// Adds the comma-separated names of `list` to `names`, once each.
fn add_names(names: &mut Vec<String>, list: &str) {
    for name in list.split(',').filter(|n| !n.is_empty()) {
        if !names.iter().any(|n| n == name) {
            names.push(name.to_owned());
        }
    }
}

/// A time as `parse_time` reads it; what it cannot read counts as now.
fn time_or_now(c: &Cluster, text: &str) -> i64 {
    sacct::parse_time(c, text).unwrap_or(c.now)
}

/// The window between `start` and `end`, rounded to hours: by default
/// yesterday, at least an hour long.
fn window(c: &Cluster, start: Option<i64>, end: Option<i64>) -> (i64, i64) {
    let today = clock::midnight(c.now);
    let start = start.map_or(today - 86_400, nearest_hour);
    let end = end.map_or(today, nearest_hour).max(start + HOUR);
    (start, end)
}

/// A time rounded to an hour as `slurmdb_report_set_start_end_time`
/// rounds the window: 30 seconds round the minute up, then 30 minutes
/// the hour, so from `HH:29:30` on it is the next hour.
fn nearest_hour(t: i64) -> i64 {
    (t + HOUR / 2 + 30).div_euclid(HOUR) * HOUR
}

/// The header block: a rule, `title start - end` and the `extra` text
/// after it, the unit, a rule.
fn print_title(
    out: &mut CommandOutput,
    style: Style,
    title: &str,
    window: (i64, i64),
    extra: &str,
) {
    let rule = "-".repeat(80);
    out.out_line(&rule);
    out.out_line(&format!(
        "{title} {} - {}{extra}",
        clock::iso(window.0),
        clock::iso(window.1 - 1)
    ));
    out.out_line(&format!("Usage reported in CPU {}", style.unit.0));
    out.out_line(&rule);
}

/// The column names, when the header is wanted, then one line per row.
fn print_table(
    out: &mut CommandOutput,
    style: Style,
    columns: &[(&str, i32)],
    rows: &[Vec<Option<String>>],
) {
    if style.header {
        for line in print_fields_header(columns, style.parsable) {
            out.out_line(&line);
        }
    }
    for row in rows {
        let cells: Vec<(Option<String>, i32)> = row
            .iter()
            .cloned()
            .zip(columns.iter().map(|(_, w)| *w))
            .collect();
        out.out_line(&print_fields_row(&cells, style.parsable));
    }
}

/// CPU-seconds in the `-t` unit, as `slurmdb_report_print_time` prints
/// them: whole seconds, or minutes and hours rounded to the nearest.
fn time_text(seconds: i64, style: Style) -> String {
    if style.unit.2 == 1 {
        return seconds.to_string();
    }
    #[allow(clippy::cast_precision_loss)]
    let value = seconds as f64 / style.unit.2 as f64;
    format!("{value:.0}")
}

/// The width of the Used and Energy columns for a largest usage of
/// `seconds` (`sreport_set_usage_col_width`): 8, and one more for each
/// digit past eight.
fn usage_width(seconds: i64) -> i32 {
    let mut width = 8;
    let mut order: i64 = 100_000_000;
    while seconds >= order && width < 25 {
        width += 1;
        order = order.saturating_mul(10);
    }
    width
}

/// A user's full name as `getpwnam` gives its gecos: the model's passwd
/// names only root's (`root`); the others have none.
fn proper_name(user: &str) -> String {
    if user == "root" {
        "root".to_owned()
    } else {
        String::new()
    }
}

/// The end of the rolled-up time: the last whole hour before now.
fn rolled_up(c: &Cluster, end: i64) -> i64 {
    end.min(c.now.div_euclid(HOUR) * HOUR)
}

/// CPU-seconds allocated to jobs between `start` and `end` (whole hours
/// before now), by (account, user).
fn usage_by_assoc(c: &Cluster, start: i64, end: i64) -> BTreeMap<(String, String), i64> {
    let end = rolled_up(c, end);
    let overlap = |from: i64, to: i64| (to.min(end) - from.max(start)).max(0);
    let mut usage = BTreeMap::new();
    for job in c.jobs.values() {
        let mut used: i64 = job
            .history
            .iter()
            .map(|run| i64::from(run.cpus) * overlap(run.start, run.end))
            .sum();
        if let Some(from) = job
            .start_time
            .filter(|_| job.state != super::JobState::Pending)
        {
            let to = job
                .end_time
                .filter(|_| job.state.is_finished())
                .unwrap_or(c.now);
            used += i64::from(job.shape.total().cpus) * overlap(from, to);
        }
        if used > 0 {
            *usage
                .entry((job.account.clone(), job.user.clone()))
                .or_insert(0) += used;
        }
    }
    usage
}
