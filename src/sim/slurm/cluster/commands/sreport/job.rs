//! `sreport job SizesByAccount|SizesByWckey|SizesByAccountAndWcKey`: the
//! CPU time of the jobs in the window by job size, for each account or
//! wckey (`job_reports.c`, grouped by `_process_grouped_report` in
//! `job_report_functions.c`). A job counts its runs' elapsed time in the
//! window (each run of a requeued job apart), times its CPUs.
//!
//! Without `FlatView` the accounts are the associations', in hierarchical
//! order, and a job falls in the first whose subtree holds its
//! association: by default that is `root`, for every job; `Accounts=`
//! picks the accounts, `AcctAsParent` their children (root's, by default).
//! `FlatView` groups the jobs by the account each names. With
//! `TrackWCKey` every job charges the wckey `*`, as in the cluster
//! reports; without it there are no wckeys.

use super::super::super::Cluster;
use super::super::super::fields::{print_fields_header, print_fields_row};
use super::super::super::output::CommandOutput;
use super::super::super::state::Job;
use super::table::time_cell;
use super::{
    Conditions, Percent, Style, char_list, clock, failed, keyword, not_valid, runs_in, time_or_now,
    window,
};
use crate::sim::fair_share::AssocId;
use crate::sim::slurm::c_num::atoi;

/// How the report groups jobs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Grouped {
    Account,
    Wckey,
    AccountAndWckey,
}

/// The conditions `_set_cond` (`job_reports.c`) reads.
#[derive(Default)]
struct JobConditions {
    /// `Start=`, `End=`, `Users=`, `Accounts=`, `Wckeys=`, `Clusters=`,
    /// `Format=`.
    base: Conditions,
    partitions: Vec<String>,
    /// `Jobs=`: the ids followed by a comma, as the C loop reads them.
    jobs: Vec<u32>,
    gids: Vec<String>,
    /// `grouping=`: the sizes, as given (`50%20` sets a width too).
    grouping: Vec<String>,
    /// `grouping=individual`: one column per CPU count seen.
    individual: bool,
    acct_as_parent: bool,
    print_job_count: bool,
    flat_view: bool,
}

/// One column of sizes: the CPU counts it holds.
struct Size {
    min: u32,
    max: u32,
}

/// One row: an account (or wckey), its jobs and CPU-seconds, in total and
/// per size column.
struct Group {
    name: String,
    /// The account whose subtree's jobs fall here (`None`: by name).
    subtree: Option<usize>,
    jobs: u32,
    secs: i64,
    sizes: Vec<(u32, i64)>,
}

/// Runs the job report `report` with its conditions `words`.
pub(super) fn run(
    c: &Cluster,
    report: &str,
    words: &[String],
    style: Style,
    out: CommandOutput,
) -> CommandOutput {
    let grouped = if keyword(report, "SizesByAccount", 1) {
        Grouped::Account
    } else if keyword(report, "SizesByWcKey", 8) {
        Grouped::Wckey
    } else if keyword(report, "SizesByAccountAndWcKey", 15) {
        Grouped::AccountAndWckey
    } else {
        let valid =
            "job reports are, \"SizesByAccount, SizesByAccountAndWcKey, and  SizesByWckey\"";
        return not_valid(out, report, valid);
    };
    let mut out = out;
    let Some(mut cond) = read(c, words, &mut out) else {
        return out;
    };
    if !cond.individual && cond.grouping.is_empty() {
        char_list::add(&mut cond.grouping, "50,250,500,1000");
    }
    sizes_report(c, grouped, &mut cond, style, out)
}

/// Reads the conditions; `None` (with the error printed) for one this
/// model does not keep.
fn read(c: &Cluster, words: &[String], out: &mut CommandOutput) -> Option<JobConditions> {
    let mut cond = JobConditions::default();
    for word in words {
        let Some((key, value)) = word.split_once('=') else {
            if keyword(word, "AcctAsParent", 2) {
                cond.acct_as_parent = true;
            } else if keyword(word, "PrintJobCount", 2) {
                cond.print_job_count = true;
            } else if keyword(word, "FlatView", 2) {
                cond.flat_view = true;
            } else if !keyword(word, "all_clusters", 1) {
                char_list::add(&mut cond.base.clusters, word);
            }
            continue;
        };
        let base = &mut cond.base;
        let list = if keyword(key, "Clusters", 1) {
            &mut base.clusters
        } else if keyword(key, "Accounts", 2) || keyword(key, "Acct", 4) {
            &mut base.accounts
        } else if keyword(key, "Associations", 2) || keyword(key, "Nodes", 1) {
            out.err_line(&format!(
                "sreport: selecting jobs by {key}= is not simulated yet"
            ));
            out.exit = 1;
            return None;
        } else if keyword(key, "End", 1) {
            base.end = Some(time_or_now(c, value).min(c.now));
            continue;
        } else if keyword(key, "Format", 2) {
            &mut base.format
        } else if keyword(key, "Gid", 2) {
            &mut cond.gids
        } else if keyword(key, "grouping", 2) {
            if value.get(..1).is_some_and(|v| v.eq_ignore_ascii_case("i")) {
                cond.individual = true;
                continue;
            }
            &mut cond.grouping
        } else if keyword(key, "Jobs", 1) {
            // Only the ids a comma follows, up to an empty one.
            let items: Vec<&str> = value.split(',').collect();
            for item in &items[..items.len() - 1] {
                let id = item.trim_start();
                if id.is_empty() {
                    break;
                }
                cond.jobs.push(atoi(id) as u32);
            }
            continue;
        } else if keyword(key, "Partitions", 2) {
            &mut cond.partitions
        } else if keyword(key, "Start", 1) {
            base.start = Some(time_or_now(c, value));
            continue;
        } else if keyword(key, "Users", 1) {
            read_users(c, value, &mut base.users, out);
            continue;
        } else if keyword(key, "Wckeys", 2) {
            &mut base.wckeys
        } else {
            out.err_line(&format!(
                " Unknown condition: {word}\nUse keyword set to modify value"
            ));
            out.exit = 1;
            continue;
        };
        char_list::add(list, value);
    }
    Some(cond)
}

/// `Users=`: names or uids, kept as names; one that is neither empties the
/// list (every user then) with sreport's error, as
/// `slurm_addto_id_char_list` does.
fn read_users(c: &Cluster, value: &str, users: &mut Vec<String>, out: &mut CommandOutput) {
    let mut names = Vec::new();
    char_list::add(&mut names, value);
    for name in names {
        let user = c
            .accounts
            .users
            .iter()
            .find(|u| u.name == name || u.uid.to_string() == name);
        match user {
            Some(u) if !users.contains(&u.name) => users.push(u.name.clone()),
            Some(_) => {}
            None => {
                out.err_line(&format!("sreport: error: Invalid user id: {name}"));
                out.exit = 1;
                users.clear();
                return;
            }
        }
    }
}

/// Groups the jobs, then prints the `Format=` errors, the header block and
/// the table (`_run_report`).
fn sizes_report(
    c: &Cluster,
    grouped: Grouped,
    cond: &mut JobConditions,
    style: Style,
    mut out: CommandOutput,
) -> CommandOutput {
    let (start, end) = window(c, cond.base.start, cond.base.end);
    let runs = job_runs(c, cond, (start, end));
    // `grouping=individual` alone: a column for each CPU count seen,
    // smallest first (the library's test is the empty list, the
    // headers' the word).
    let individual = cond.grouping.is_empty();
    if individual {
        let mut counts: Vec<u32> = runs.iter().map(|r| r.1).collect();
        crate::sort::sort_dedup(&mut counts);
        cond.grouping = counts.iter().map(u32::to_string).collect();
    }
    let sizes = size_columns(&cond.grouping, individual);
    let groups = group(c, grouped, cond, &sizes, &runs);
    let default = match grouped {
        Grouped::Account => "Cl,a",
        Grouped::Wckey => "Cl,wc",
        Grouped::AccountAndWckey => "Cl,a%-20",
    };
    if cond.base.format.is_empty() {
        char_list::add(&mut cond.base.format, default);
    }
    let fields = format_fields(&cond.base.format, &mut out);
    if cond.grouping.is_empty() {
        return failed(out, " We need a grouping list to set up the print.");
    }
    let mut columns: Vec<(String, i32)> = fields
        .iter()
        .map(|&(name, len, _)| (name.to_owned(), len))
        .collect();
    columns.extend(size_headers(cond, style.unit.percent == Percent::With));
    columns.push(("% of cluster".to_owned(), 12));
    if style.header {
        let object = if grouped == Grouped::Wckey {
            "by Wckey "
        } else {
            ""
        };
        let rule = "-".repeat(80);
        out.out_line(&rule);
        out.out_line(&format!(
            "Job Sizes {object}{} - {} ({} secs)",
            clock::iso(start),
            clock::iso(end - 1),
            end - start
        ));
        if cond.print_job_count {
            out.out_line("Units are in number of jobs ran");
        } else {
            out.out_line(&format!("Time reported in {}", style.unit.name));
        }
        out.out_line(&rule);
        let names: Vec<(&str, i32)> = columns.iter().map(|(n, l)| (n.as_str(), *l)).collect();
        for line in print_fields_header(&names, style.parsable) {
            out.out_line(&line);
        }
    }
    let widths: Vec<i32> = columns[fields.len()..].iter().map(|c| c.1).collect();
    let cluster = groups
        .iter()
        .fold((0, 0), |(j, s), g| (j + g.jobs, s + g.secs));
    for g in &groups {
        let mut cells: Vec<(Option<String>, i32)> = fields
            .iter()
            .map(|&(_, len, value)| (value.text(c, &g.name), len))
            .collect();
        cells.extend(size_cells(g, cluster, cond.print_job_count, style, &widths));
        out.out_line(&print_fields_row(&cells, style.parsable));
    }
    out
}

/// The size columns' headers and widths (`CPUs`; `TRES` would come with
/// `--tres`, which this model does not take).
fn size_headers(cond: &JobConditions, per: bool) -> Vec<(String, i32)> {
    let mut columns = Vec::new();
    let mut last = 0u32;
    for item in &cond.grouping {
        let size = atoi(item) as u32;
        let name = if cond.individual {
            format!("{size} CPUs")
        } else {
            format!("{last}-{} CPUs", size.wrapping_sub(1))
        };
        columns.push((name, width(item, per)));
        last = size;
    }
    if last != 0 && !cond.individual {
        let item = cond.grouping.last().map_or("", String::as_str);
        columns.push((format!(">= {last} CPUs"), width(item, per)));
    }
    columns
}

/// A row's size cells, `widths` wide, and its share of the cluster's
/// `(jobs, seconds)`: times (a share of the row's) or, with
/// `PrintJobCount`, jobs.
fn size_cells(
    g: &Group,
    cluster: (u32, i64),
    count: bool,
    style: Style,
    widths: &[i32],
) -> Vec<(Option<String>, i32)> {
    let mut cells: Vec<(Option<String>, i32)> = g
        .sizes
        .iter()
        .zip(widths)
        .map(|(&(jobs, secs), &len)| {
            let text = if count {
                jobs.to_string()
            } else {
                time_cell(secs, g.secs, style, len)
            };
            (Some(text), len)
        })
        .collect();
    let share = if count {
        (i64::from(g.jobs), i64::from(cluster.0))
    } else {
        (g.secs, cluster.1)
    };
    let percent = Style {
        unit: super::UNITS[6],
        ..style
    };
    cells.push((Some(time_cell(share.0, share.1, percent, 12)), 12));
    cells
}

/// A size column's width: 13 (20 in a `-t ...Per` unit), or the `%N`
/// after the size.
fn width(item: &str, per: bool) -> i32 {
    match item.split_once('%').map(|(_, n)| atoi(n)) {
        Some(n) if n != 0 => i32::try_from(n).unwrap_or(0),
        _ if per => 20,
        _ => 13,
    }
}

/// The size columns of `grouping` (`_check_create_grouping`): from each
/// size to the next one's less one, the last one open-ended; one count
/// each when `individual`.
fn size_columns(grouping: &[String], individual: bool) -> Vec<Size> {
    let mut sizes = Vec::new();
    let mut last = 0u32;
    for item in grouping {
        let size = atoi(item) as u32;
        if individual {
            sizes.push(Size {
                min: size,
                max: size,
            });
        } else {
            sizes.push(Size {
                min: last,
                max: size.wrapping_sub(1),
            });
        }
        last = size;
    }
    if last != 0 && !individual {
        sizes.push(Size {
            min: last,
            max: u32::MAX,
        });
    }
    sizes
}

/// What a `Format=` field of a job report prints in a row.
#[derive(Clone, Copy)]
enum Cell {
    Cluster,
    /// Account or Wckey: the group's name.
    Group,
    /// Duration: 0 minutes.
    Duration,
    /// JobCount, NodeCount, TresCount: 0.
    Zero,
    /// User: blank.
    Blank,
}

impl Cell {
    fn text(self, c: &Cluster, group: &str) -> Option<String> {
        match self {
            Self::Cluster => Some(c.config.cluster_name.clone()),
            Self::Group => Some(group.to_owned()),
            Self::Duration => Some("00:00:00".to_owned()),
            Self::Zero => Some("0".to_owned()),
            Self::Blank => None,
        }
    }
}

/// The `Format=` fields a job report knows (`_setup_print_fields_list`),
/// in the order it tries them: (name, letters needed, header, width, cell).
const FIELDS: [(&str, usize, &str, i32, Cell); 11] = [
    ("Account", 1, "Account", 9, Cell::Group),
    ("Acct", 4, "Account", 9, Cell::Group),
    ("Cluster", 2, "Cluster", 9, Cell::Cluster),
    ("Duration", 1, "Duration", 12, Cell::Duration),
    ("JobCount", 2, "Job Count", 9, Cell::Zero),
    ("NodeCount", 2, "Node Count", 9, Cell::Zero),
    ("TresCount", 5, "TRES Count", 10, Cell::Zero),
    ("CpuCount", 2, "TRES Count", 10, Cell::Zero),
    ("count", 2, "TRES Count", 10, Cell::Zero),
    ("User", 1, "User", 9, Cell::Blank),
    ("Wckey", 1, "Wckey", 9, Cell::Group),
];

/// The fields of `format`, each (header, width, cell); an unknown one is
/// reported and left out.
fn format_fields(format: &[String], out: &mut CommandOutput) -> Vec<(&'static str, i32, Cell)> {
    let mut fields = Vec::new();
    for object in format {
        let (word, width) = match object.split_once('%') {
            Some((word, rest)) => (word, i32::try_from(atoi(rest)).unwrap_or(0)),
            None => (object.as_str(), 0),
        };
        let known = FIELDS
            .iter()
            .find(|f| keyword(word, f.0, f.1))
            .map(|&(_, _, name, len, cell)| (name, len, cell));
        match known {
            Some((name, len, cell)) => {
                fields.push((name, if width == 0 { len } else { width }, cell))
            }
            None => {
                out.err_line(&format!(" Unknown field '{word}'"));
                out.exit = 1;
            }
        }
    }
    fields
}

/// The job records the query returns: each run that held CPUs in the
/// window, with its CPUs and seconds there, of the jobs the conditions
/// select (by account only in a flat view; otherwise accounts pick rows).
fn job_runs<'a>(
    c: &'a Cluster,
    cond: &JobConditions,
    window: (i64, i64),
) -> Vec<(&'a Job, u32, i64)> {
    if !cond.base.covers(c) {
        return Vec::new();
    }
    let among = |list: &[String], value: &str| list.is_empty() || list.iter().any(|v| v == value);
    let mut runs = runs_in(c, window.0, window.1.min(c.now));
    runs.retain(|(job, _, _)| {
        among(&cond.base.users, &job.user)
            && among(&cond.partitions, &job.partition)
            && (!cond.flat_view || among(&cond.base.accounts, &job.account))
            && among(&cond.gids, &job.gid.to_string())
            && (cond.jobs.is_empty() || cond.jobs.contains(&job.id))
            && among(&cond.base.wckeys, wckey(c, job))
    });
    runs
}

/// The wckey a job's record holds: `*` with `TrackWCKey`, else its
/// `--wckey` (or none).
fn wckey<'a>(c: &Cluster, job: &'a Job) -> &'a str {
    if c.config.tracks_wckeys() {
        "*"
    } else {
        job.wckey.as_deref().unwrap_or("")
    }
}

/// The rows: one per account (or wckey, or both) that has jobs, by name.
fn group(
    c: &Cluster,
    grouped: Grouped,
    cond: &JobConditions,
    sizes: &[Size],
    runs: &[(&Job, u32, i64)],
) -> Vec<Group> {
    let new = |name: String, subtree: Option<usize>| Group {
        name,
        subtree,
        jobs: 0,
        secs: 0,
        sizes: sizes.iter().map(|_| (0, 0)).collect(),
    };
    let mut groups: Vec<Group> = Vec::new();
    if !cond.flat_view {
        for (name, subtree) in objects(c, grouped, cond) {
            if !groups.iter().any(|g| g.name == name) {
                groups.push(new(name, subtree));
            }
        }
    }
    let tree = &c.accounts.tree;
    for &(job, cpus, secs) in runs {
        let key = match grouped {
            Grouped::Account => job.account.clone(),
            Grouped::Wckey => wckey(c, job).to_owned(),
            Grouped::AccountAndWckey => format!("{}:{}", job.account, wckey(c, job)),
        };
        let account = tree.find(&AssocId {
            account: job.account.clone(),
            user: None,
        });
        // An association's row also needs the job's wckey after its `:`:
        // every job's is `*`, the one wckey there is.
        let found = groups.iter().position(|g| match (g.subtree, account) {
            (Some(top), Some(own)) => within(c, own, top),
            _ => g.name == key,
        });
        let at = match found {
            Some(at) => at,
            None if cond.flat_view => {
                groups.push(new(key, None));
                groups.len() - 1
            }
            None => continue,
        };
        let g = &mut groups[at];
        for (size, cell) in sizes.iter().zip(g.sizes.iter_mut()) {
            if (size.min..=size.max).contains(&cpus) {
                cell.0 += 1;
                cell.1 += i64::from(cpus) * secs;
                g.jobs += 1;
                g.secs += i64::from(cpus) * secs;
            }
        }
    }
    groups.retain(|g| g.jobs > 0);
    crate::sort::by(&mut groups, |a, b| a.name.cmp(&b.name));
    groups
}

/// Whether the account at `own` is the account at `top` or below it.
fn within(c: &Cluster, own: usize, top: usize) -> bool {
    let nodes = c.accounts.tree.nodes();
    let mut at = Some(own);
    while let Some(i) = at {
        if i == top {
            return true;
        }
        at = nodes.get(i).and_then(|n| n.parent);
    }
    false
}

/// The associations (or wckeys) that make the rows, in hierarchical
/// order: (name, the account whose subtree they hold). The one wckey is
/// `*`, with `TrackWCKey`.
fn objects(c: &Cluster, grouped: Grouped, cond: &JobConditions) -> Vec<(String, Option<usize>)> {
    let wckeys = &cond.base.wckeys;
    let star = c.config.tracks_wckeys() && (wckeys.is_empty() || wckeys.iter().any(|w| w == "*"));
    let suffix = match grouped {
        Grouped::Wckey if star => return vec![("*".to_owned(), None)],
        Grouped::Account => "",
        Grouped::AccountAndWckey if star => ":*",
        _ => return Vec::new(),
    };
    let tree = &c.accounts.tree;
    let nodes = tree.nodes();
    let parents: Vec<&str> = match (&cond.base.accounts, cond.acct_as_parent) {
        (list, true) if list.is_empty() => vec!["root"],
        (list, _) => list.iter().map(String::as_str).collect(),
    };
    let mut accounts = Vec::new();
    for &i in tree.top_down() {
        let node = &nodes[i];
        let wanted = if cond.acct_as_parent {
            node.parent
                .is_some_and(|p| parents.contains(&nodes[p].id.account.as_str()))
        } else {
            parents.is_empty() || parents.contains(&node.id.account.as_str())
        };
        if wanted && !node.is_user() {
            accounts.push((format!("{}{suffix}", node.id.account), Some(i)));
        }
    }
    accounts
}
