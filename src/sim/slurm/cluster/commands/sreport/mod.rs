//! `sreport`: CPU time reports over a window (by default yesterday), from
//! the same job records `sacct` reads, in Slurm 22.05's layout
//! (`src/sreport/`): a header block between rules, then `print_fields`
//! cells. As slurmdbd's hourly rollup does, the usage reports count only
//! whole hours before now. Reports: `cluster Utilization`, `AccountUtilizationByUser`,
//! `UserUtilizationByAccount`, `UserUtilizationByWckey`,
//! `WCKeyUtilizationByUser` and `user TopUsage`, each with `Format=` and
//! every `-t` unit, percentages included; the job size reports
//! (`job.rs`, from the job records, not the rollup) and `reservation
//! Utilization` (`reservation.rs`).

mod char_list;
mod cluster;
mod job;
mod reservation;
mod table;
mod user;
mod wckey;

use super::super::super::getopt::{self, HasArg, Opt, opt};
use super::super::clock;
use super::super::fields::Parsable;
use super::super::output::CommandOutput;
use super::super::state::Job;
use super::super::{Caller, Cluster};
use super::{command_lines, help, keyword, no_input, parse, read_on, sacct};
use table::{Column, Row};

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

/// Whether and how a `-t` unit shows a percentage of the total.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Percent {
    /// A time alone.
    No,
    /// `Percent`: the percentage alone.
    Only,
    /// `SecPer`, `MinPer`, `HourPer`: the time, then the percentage.
    With,
}

/// A `-t` unit: the word and the letters it needs, its name in the
/// header, seconds per unit and its percentage.
#[derive(Clone, Copy)]
struct Unit {
    word: &'static str,
    min: usize,
    name: &'static str,
    seconds: i64,
    percent: Percent,
}

/// The `-t` units in the order `_set_time_format` (`sreport.c`) tries them.
const UNITS: [Unit; 7] = [
    unit("SecPer", 6, "Seconds/Percentage of Total", 1, Percent::With),
    unit(
        "MinPer",
        6,
        "Minutes/Percentage of Total",
        60,
        Percent::With,
    ),
    unit(
        "HourPer",
        6,
        "Hours/Percentage of Total",
        HOUR,
        Percent::With,
    ),
    unit("Seconds", 1, "Seconds", 1, Percent::No),
    unit("Minutes", 1, "Minutes", 60, Percent::No),
    unit("Hours", 1, "Hours", HOUR, Percent::No),
    unit("Percent", 1, "Percentage of Total", 60, Percent::Only),
];

/// A [`Unit`].
const fn unit(
    word: &'static str,
    min: usize,
    name: &'static str,
    seconds: i64,
    percent: Percent,
) -> Unit {
    Unit {
        word,
        min,
        name,
        seconds,
        percent,
    }
}

/// How a report prints: the `-t` unit, `-p`/`-P`, whether `-n` was
/// not given, and what sreport's own commands set (`sort`, `quiet`).
#[derive(Clone, Copy)]
struct Style {
    unit: Unit,
    parsable: Parsable,
    header: bool,
    /// `sort name`: users by login, not by the time they used
    /// (`sort_user_dec`).
    by_name: bool,
    /// `-Q`/`quiet` 1, `-v`/`verbose` -1, else 0 (`quiet_flag`).
    quiet: i8,
}

impl Style {
    /// The style of sreport's options; a bad `-t` is said (without a
    /// newline) and left at minutes.
    fn read(p: &getopt::Parsed, out: &mut CommandOutput) -> Self {
        let mut style = Self {
            unit: UNITS[4],
            parsable: Parsable::read(p),
            header: !p.has("noheader"),
            by_name: false,
            quiet: if p.has("quiet") {
                1
            } else {
                -i8::from(p.has("verbose"))
            },
        };
        if let Some(t) = p.value("time") {
            style.set_unit(t, out);
        }
        style
    }

    /// `time UNIT` (`_set_time_format`).
    fn set_unit(&mut self, word: &str, out: &mut CommandOutput) {
        match UNITS.iter().find(|u| keyword(word, u.word, u.min)) {
            Some(u) => self.unit = *u,
            None => out.err(&format!("unknown time format {word}")),
        }
    }

    /// The commands that make this style's settings again, one a line,
    /// printing nothing: what an sreport reading the terminal is given
    /// before each line, as it runs anew for each.
    fn settings(&self) -> String {
        let parsable = match self.parsable {
            Parsable::No => "nonparsable",
            Parsable::Ending => "parsable",
            Parsable::NoEnding => "parsable2",
        };
        let sort = if self.by_name { "name" } else { "time" };
        let mut lines = format!("time {}\nsort {sort}\n{parsable}\n", self.unit.word);
        match self.quiet {
            1 => lines.push_str("quiet\n"),
            -1 => lines.push_str("verbose\n"),
            _ => {}
        }
        lines
    }
}

pub(super) fn run(
    c: &mut Cluster,
    argv: &[String],
    stdin: &str,
    _caller: &mut Caller<'_>,
) -> CommandOutput {
    let p = match parse("sreport", argv, OPTIONS, 1) {
        Ok(p) => p,
        Err(out) => return out,
    };
    if let Some(out) = help::requested(&p, help::SREPORT, help::SREPORT) {
        return out;
    }
    let mut out = CommandOutput::default();
    let mut style = Style::read(&p, &mut out);
    if p.operands.is_empty() {
        return session(c, stdin, style, out);
    }
    command(c, &p.operands, &mut style, out).0
}

/// sreport with no command reads them, one a line, from its input
/// (`_get_command`), the settings they make kept for the next ones,
/// until `exit` or `quit`. A blank line or a `#` comment is no command
/// (status 1, `no input` when verbose); `!!` repeats the line before. At
/// the end of its input it would read on from a terminal, given its
/// settings first ([`read_on`]).
fn session(c: &Cluster, stdin: &str, mut style: Style, mut out: CommandOutput) -> CommandOutput {
    let verbose = style.quiet < 0;
    for words in command_lines(stdin, true) {
        if words.is_empty() {
            no_input(style.quiet < 0, &mut out);
            continue;
        }
        let (done, quits) = command(c, &words, &mut style, out);
        out = done;
        if quits {
            return out;
        }
    }
    read_on(&mut out, verbose, &style.settings());
    out
}

/// One command of sreport's (`_process_command`): a report, or a setting
/// it keeps for the commands after it (`time UNIT`, `sort name`,
/// `parsable`, `quiet`, ...); and whether it was `exit` or `quit`.
fn command(
    c: &Cluster,
    words: &[String],
    style: &mut Style,
    out: CommandOutput,
) -> (CommandOutput, bool) {
    let first = words[0].as_str();
    let reports: [(&str, usize, Report); 5] = [
        ("cluster", 2, cluster::run),
        ("job", 1, job::run),
        ("reservation", 2, reservation::run),
        ("resv", 2, reservation::run),
        ("user", 1, user::run),
    ];
    if let Some((_, _, report)) = reports.iter().find(|(w, n, _)| keyword(first, w, *n)) {
        let out = match words.get(1) {
            Some(name) => report(c, name, &words[2..], *style, out),
            // Not said under `quiet`.
            None if style.quiet == 1 => CommandOutput { exit: 1, ..out },
            None => failed(out, &format!("too few arguments for keyword:{first}")),
        };
        return (out, false);
    }
    setting(words, style, out)
}

/// A setting kept for the commands after it, or `exit`/`quit` (and then
/// true), or the refusal of an unknown word.
fn setting(words: &[String], style: &mut Style, out: CommandOutput) -> (CommandOutput, bool) {
    let first = words[0].as_str();
    // (word, letters needed, whether it takes a value).
    let settings = [
        ("help", 2, false),
        ("quiet", 4, false),
        ("exit", 1, false),
        ("\\q", 2, false),
        ("quit", 4, false),
        ("local", 3, false),
        ("nonparsable", 4, false),
        ("parsable", 8, false),
        ("parsable2", 9, false),
        ("sort", 1, true),
        ("time", 1, true),
        ("verbose", 4, false),
        ("version", 4, false),
    ];
    let Some(&(word, _, takes_value)) = settings.iter().find(|(w, n, _)| keyword(first, w, *n))
    else {
        return (failed(out, &format!("invalid keyword: {first}")), false);
    };
    let mut out = out;
    let value = words.get(1).map(String::as_str);
    if takes_value && value.is_none() {
        return (
            failed(out, &format!("too few arguments for keyword:{first}")),
            false,
        );
    }
    if !takes_value && words.len() > 1 {
        let line = if matches!(word, "verbose" | "version") {
            format!("too many arguments for {first} keyword")
        } else {
            format!("too many arguments for keyword:{first}")
        };
        out = failed(out, &line);
    }
    match (word, value) {
        ("help", _) => out.out(help::SREPORT),
        ("version", _) => {
            out.out(super::VERSION);
            if style.quiet < 0 {
                out.out(API_VERSION);
            }
        }
        ("quiet", _) => style.quiet = 1,
        ("verbose", _) => style.quiet = -1,
        ("nonparsable", _) => style.parsable = Parsable::No,
        ("parsable", _) => style.parsable = Parsable::Ending,
        ("parsable2", _) => style.parsable = Parsable::NoEnding,
        ("time", Some(unit)) => style.set_unit(unit, &mut out),
        // `_set_sort`: `Time` must be whole (`MAX(len, 6)` of a shorter word).
        ("sort", Some(by)) if by.eq_ignore_ascii_case("time") => style.by_name = false,
        ("sort", Some(by)) if keyword(by, "Name", 1) => style.by_name = true,
        ("sort", Some(by)) => out.err(&format!("unknown timesort format {by}")),
        _ => {}
    }
    (out, matches!(word, "exit" | "\\q" | "quit"))
}

/// What `version` adds when verbose: `slurm_api_version()` of 22.05
/// (API 38.0.0) and its parts.
const API_VERSION: &str = "slurm_api_version: 2490368, 38.0.0\n";

/// A report of one kind (`cluster`, `job`, ...): named `report`, with its
/// conditions `words`.
type Report = fn(&Cluster, &str, &[String], Style, CommandOutput) -> CommandOutput;

/// sreport's answer to a report it does not know: `Not valid report X`,
/// then `Valid {valid}`.
fn not_valid(out: CommandOutput, report: &str, valid: &str) -> CommandOutput {
    let out = failed(out, &format!("Not valid report {report}"));
    failed(out, &format!("Valid {valid}"))
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

/// The conditions of the reports.
#[derive(Default)]
struct Conditions {
    start: Option<i64>,
    end: Option<i64>,
    users: Vec<String>,
    accounts: Vec<String>,
    /// `WCKeys=` (the wckey reports).
    wckeys: Vec<String>,
    /// `Clusters=`: none for this cluster.
    clusters: Vec<String>,
    /// `Format=`, as `slurm_addto_char_list` keeps it.
    format: Vec<String>,
    /// `Tree` (the association reports).
    tree: bool,
    /// `Group` (TopUsage).
    group: bool,
    /// `TopCount=` (TopUsage); `None` for no limit (a negative count).
    top: Option<u32>,
}

/// Which reader takes the conditions: they accept different words.
#[derive(Clone, Copy, PartialEq, Eq)]
enum For {
    /// `_set_cluster_cond`: cluster Utilization.
    Utilization,
    /// `_set_assoc_cond`: AccountUtilizationByUser, UserUtilizationByAccount.
    Assoc,
    /// `_set_cond` of `user_reports.c`: TopUsage.
    TopUsage,
    /// `_set_wckey_cond`: UserUtilizationByWckey, WCKeyUtilizationByUser.
    Wckey,
}

impl Conditions {
    /// Reads `words` as 22.05's `_set_cluster_cond`, `_set_assoc_cond`,
    /// `_set_wckey_cond` and `_set_cond` do: a word without `=` is a
    /// cluster (Utilization), a wckey (wckey reports) or a user (or the
    /// report's flag); an unknown condition is reported, sets exit 1, and
    /// the report still runs.
    fn read(c: &Cluster, words: &[String], report: For, out: &mut CommandOutput) -> Self {
        let mut cond = Self {
            top: Some(10),
            ..Self::default()
        };
        for word in words {
            let known = if report == For::Wckey {
                cond.read_wckey(c, word)
            } else {
                cond.read_one(c, word, report, out)
            };
            if known {
                continue;
            }
            // `_set_wckey_cond` alone leaves out the second line.
            let hint = if report == For::Wckey {
                ""
            } else {
                "\nUse keyword set to modify value"
            };
            out.err_line(&format!(" Unknown condition: {word}{hint}"));
            out.exit = 1;
        }
        cond
    }

    /// One condition of the other readers; false when it is unknown.
    fn read_one(&mut self, c: &Cluster, word: &str, report: For, out: &mut CommandOutput) -> bool {
        let Some((key, value)) = word.split_once('=') else {
            match report {
                For::Assoc if keyword(word, "Tree", 4) => self.tree = true,
                For::TopUsage if keyword(word, "group", 1) => self.group = true,
                _ if keyword(word, "all_clusters", 1) => {}
                For::Utilization => char_list::add(&mut self.clusters, word),
                _ => char_list::add(&mut self.users, word),
            }
            return true;
        };
        let by_assoc = report != For::Utilization;
        if by_assoc && keyword(key, "Users", 1) {
            char_list::add(&mut self.users, value);
        } else if by_assoc && (keyword(key, "Accounts", 2) || keyword(key, "Acct", 4)) {
            char_list::add(&mut self.accounts, value);
        } else if keyword(key, "Clusters", 1) {
            char_list::add(&mut self.clusters, value);
        } else if report == For::TopUsage && keyword(key, "TopCount", 1) {
            self.read_top(value, out);
        } else {
            return self.read_common(c, key, value);
        }
        true
    }

    /// One condition of `_set_wckey_cond`; false when it is unknown.
    fn read_wckey(&mut self, c: &Cluster, word: &str) -> bool {
        let Some((key, value)) = word.split_once('=') else {
            if !keyword(word, "all_clusters", 1) && !keyword(word, "withdeleted", 5) {
                char_list::add(&mut self.wckeys, word);
            }
            return true;
        };
        if keyword(key, "WCKeys", 3) {
            char_list::add(&mut self.wckeys, value);
        } else if keyword(key, "Clusters", 3) {
            char_list::add(&mut self.clusters, value);
        } else if keyword(key, "User", 1) {
            char_list::add(&mut self.users, value);
        } else {
            return self.read_common(c, key, value);
        }
        true
    }

    /// `End=`, `Format=` and `Start=`, which every reader takes; false for
    /// another key.
    fn read_common(&mut self, c: &Cluster, key: &str, value: &str) -> bool {
        if keyword(key, "End", 1) {
            self.end = Some(time_or_now(c, value).min(c.now));
        } else if keyword(key, "Format", 1) {
            char_list::add(&mut self.format, value);
        } else if keyword(key, "Start", 1) {
            self.start = Some(time_or_now(c, value));
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

/// A report's fixed parts.
struct Spec {
    /// The title before the window; `{top}` stands for TopCount.
    title: &'static str,
    /// Utilization's layout: no ` (N secs)` after the window, and the
    /// header block printed before `Format=` is read, as
    /// `_get_cluster_list` does.
    utilization: bool,
    /// The `Format=` when none is given.
    default: &'static str,
    /// The field names the report accepts.
    names: &'static [(&'static str, usize, Column)],
}

/// Prints a report: its `Format=` errors and header block in sreport's
/// order, then the table with the columns of `sizes` sized to their
/// largest CPU-seconds.
fn print_report(
    out: &mut CommandOutput,
    (style, spec): (Style, &Spec),
    (c, cond): (&Cluster, &Conditions),
    window: (i64, i64),
    rows: &[Row],
    sizes: &[(Column, i64)],
) {
    if spec.utilization {
        print_title(out, (style, spec), cond, window);
    }
    let mut fields = table::fields(
        &cond.format,
        spec.default,
        spec.names,
        (style, cond.tree),
        out,
    );
    if !spec.utilization {
        print_title(out, (style, spec), cond, window);
    }
    table::size_usage(&mut fields, style, sizes);
    table::print(out, (style, &c.config.cluster_name), &fields, rows);
}

/// What makes a usage report's rows (behind `dyn`, so that the runner is
/// compiled once, not once per report).
type MakeRows<'a> = dyn Fn(&Conditions, (i64, i64), i64) -> (Vec<Row>, Option<i64>) + 'a;

/// Runs a report of usage rows, its conditions read as `report` says:
/// `rows` makes the rows from the conditions, the window and the reported
/// time, and gives the usage the Used column is sized by (the first
/// row's, as `sreport_set_usage_column_width` peeks at it).
fn usage_report(
    c: &Cluster,
    words: &[String],
    (style, report, spec): (Style, For, &Spec),
    mut out: CommandOutput,
    rows: &MakeRows<'_>,
) -> CommandOutput {
    let cond = Conditions::read(c, words, report, &mut out);
    let window = cond.window(c);
    let (rows, first) = rows(&cond, window, reported(c, window));
    let sizes = [
        (Column::Used, used_size(c, &cond, window, first)),
        (Column::Energy, 0),
    ];
    print_report(&mut out, (style, spec), (c, &cond), window, &rows, &sizes);
    out
}

/// The header block, unless `-n`: a rule, `title start - end` (and the
/// window's seconds), the unit, a rule.
fn print_title(
    out: &mut CommandOutput,
    (style, spec): (Style, &Spec),
    cond: &Conditions,
    window: (i64, i64),
) {
    if !style.header {
        return;
    }
    let rule = "-".repeat(80);
    out.out_line(&rule);
    let secs = if spec.utilization {
        String::new()
    } else {
        format!(" ({} secs)", window.1 - window.0)
    };
    let top = cond.top.unwrap_or(u32::MAX).to_string();
    out.out_line(&format!(
        "{} {} - {}{secs}",
        spec.title.replace("{top}", &top),
        clock::iso(window.0),
        clock::iso(window.1 - 1)
    ));
    let cpu = if style.unit.percent == Percent::Only {
        ""
    } else {
        "CPU "
    };
    out.out_line(&format!("Usage reported in {cpu}{}", style.unit.name));
    out.out_line(&rule);
}

/// The CPU-seconds this cluster reported in the window (its CPUs over the
/// whole hours before now): what usage is a percentage of.
fn reported(c: &Cluster, (start, end): (i64, i64)) -> i64 {
    let cpus: i64 = c.nodes.iter().map(|n| i64::from(n.cpus)).sum();
    cpus * (rolled_up(c, end) - start).max(0)
}

/// Whether the report has this cluster: `Clusters=` covers it and it has
/// accounting records in the window (a rolled-up hour).
fn in_report(c: &Cluster, cond: &Conditions, window: (i64, i64)) -> bool {
    cond.covers(c) && reported(c, window) > 0
}

/// The CPU-seconds the Used column is sized by
/// (`sreport_set_usage_column_width`): the first row's, or, with no row,
/// the cluster's reported time when the cluster is in the report.
fn used_size(c: &Cluster, cond: &Conditions, window: (i64, i64), first: Option<i64>) -> i64 {
    match first {
        Some(used) => used,
        None if in_report(c, cond, window) => reported(c, window),
        None => 0,
    }
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

/// A user's association with an account, as jobs are charged to it;
/// ordered by account, then user.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Association {
    account: String,
    user: String,
}

/// CPU-seconds used per association, in association order (a cluster
/// has a few dozen at most: a sorted list).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct UsageByAssoc(Vec<(Association, i64)>);

impl UsageByAssoc {
    /// Where the association of `account` and `user` is, or would be.
    fn find(&self, account: &str, user: &str) -> Result<usize, usize> {
        self.0
            .binary_search_by(|(a, _)| (a.account.as_str(), a.user.as_str()).cmp(&(account, user)))
    }

    /// Charges `used` to the association of `account` and `user`.
    fn charge(&mut self, account: &str, user: &str, used: i64) {
        match self.find(account, user) {
            Ok(i) => self.0[i].1 += used,
            Err(i) => {
                let key = Association {
                    account: account.to_owned(),
                    user: user.to_owned(),
                };
                self.0.insert(i, (key, used));
            }
        }
    }

    /// What the association of `account` and `user` used (0: nothing).
    fn of(&self, account: &str, user: &str) -> i64 {
        self.find(account, user).map_or(0, |i| self.0[i].1)
    }

    /// What all of them used.
    fn total(&self) -> i64 {
        self.0.iter().map(|(_, used)| used).sum()
    }
}

impl IntoIterator for UsageByAssoc {
    type Item = (Association, i64);
    type IntoIter = std::vec::IntoIter<(Association, i64)>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

/// CPU-seconds allocated to jobs between `start` and `end` (whole hours
/// before now), by association.
fn usage_by_assoc(c: &Cluster, start: i64, end: i64) -> UsageByAssoc {
    let mut usage = UsageByAssoc::default();
    for (job, cpus, secs) in runs_in(c, start, rolled_up(c, end)) {
        usage.charge(&job.account, &job.user, i64::from(cpus) * secs);
    }
    usage
}

/// Every run of every job (a requeued job's earlier runs, then the
/// current one) that held CPUs between `start` and `end`: the job, its
/// CPUs and the seconds it held them in the window, the time it spent
/// suspended left out (as_mysql_rollup.c takes the suspend table's time
/// off the CPU TRES, and `_cluster_get_jobs` off a job's elapsed time).
fn runs_in(c: &Cluster, start: i64, end: i64) -> Vec<(&Job, u32, i64)> {
    let overlap = |from: i64, to: i64| (to.min(end) - from.max(start)).max(0);
    let mut runs = Vec::new();
    for job in c.jobs.values() {
        for run in &job.history {
            runs.push((job, run.cpus, overlap(run.start, run.end)));
        }
        if let Some(from) = job
            .start_time
            .filter(|_| job.state != super::JobState::Pending)
        {
            let to = job
                .end_time
                .filter(|_| job.state.is_finished())
                .unwrap_or(c.now);
            let paused: i64 = job
                .suspension
                .pauses
                .iter()
                .map(|p| overlap(p.from.max(from), p.to.unwrap_or(to).min(to)))
                .sum();
            runs.push((job, job.held_total().cpus, overlap(from, to) - paused));
        }
    }
    runs.retain(|&(_, _, secs)| secs > 0);
    runs
}
