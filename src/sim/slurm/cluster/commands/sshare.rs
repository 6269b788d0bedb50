//! `sshare`: shares, usage and Fair Tree factors from the fair-share
//! model's rows ([`share_rows`]), in `print_fields` cells: every account,
//! and the users asked for (the caller by default, all with `-a`); `-l`
//! adds NormUsage, LevelFS, GrpTRESMins and TRESRunMins, `-m` the
//! partition, `-o` any of the columns of `-e`. RawUsage counts decayed
//! CPU-seconds.

use super::super::super::getopt::{HasArg, Opt, Parsed, opt};
use super::super::fields::{Parsable, print_fields_header, print_fields_row};
use super::super::output::CommandOutput;
use super::super::{Caller, Cluster};
use super::{VERSION, help, parse};
use crate::sim::fair_share::{Algorithm, ShareRow, share_rows};
use crate::sim::slurm::c_num::atoi;

pub(super) const OPTIONS: &[Opt] = &[
    opt("all", Some('a'), &["all"], HasArg::No),
    opt("accounts", Some('A'), &["accounts"], HasArg::Required),
    opt("helpformat", Some('e'), &["helpformat"], HasArg::No),
    opt("help", None, &["help"], HasArg::No),
    opt("long", Some('l'), &["long"], HasArg::No),
    opt("partition", Some('m'), &["partition"], HasArg::No),
    opt("noheader", Some('n'), &["noheader"], HasArg::No),
    opt("noheader", Some('h'), &[], HasArg::No),
    opt("format", Some('o'), &["format"], HasArg::Required),
    // In sshare's option string without a case of their own.
    opt("q", Some('q'), &[], HasArg::No),
    opt("t", Some('t'), &[], HasArg::Required),
    opt("parsable", Some('p'), &["parsable"], HasArg::No),
    opt("parsable2", Some('P'), &["parsable2"], HasArg::No),
    opt("Users", Some('U'), &["Users"], HasArg::No),
    opt("users", Some('u'), &["users"], HasArg::Required),
    opt("usage", None, &["usage"], HasArg::No),
    opt("verbose", Some('v'), &["verbose"], HasArg::No),
    opt("version", Some('V'), &["version"], HasArg::No),
];

/// The columns sshare knows (`fields` of `process.c`), in its lookup
/// order: name and width (negative: left-aligned).
const FIELDS: [(&str, i32); 15] = [
    ("Account", -20),
    ("Cluster", 10),
    ("EffectvUsage", 13),
    ("FairShare", 10),
    ("GrpTRESMins", 30),
    ("GrpTRESRaw", 30),
    ("ID", 6),
    ("LevelFS", 10),
    ("NormShares", 11),
    ("NormUsage", 11),
    ("Partition", 12),
    ("RawShares", 10),
    ("RawUsage", 11),
    ("TRESRunMins", 30),
    ("User", 10),
];

/// What an sshare command line asks for.
struct Query {
    /// The columns, as indexes into [`FIELDS`] with their widths.
    columns: Vec<(usize, i32)>,
    parsable: Parsable,
    /// `-u` (the caller without it); `None` for `-a`.
    users: Option<Vec<String>>,
    /// `-A`.
    accounts: Option<Vec<String>>,
    /// `-U`: user rows only.
    users_only: bool,
    header: bool,
}

pub(super) fn run(c: &Cluster, argv: &[String], caller: &Caller<'_>) -> CommandOutput {
    let p = match parse("sshare", argv, OPTIONS, 1) {
        Ok(p) => p,
        Err(out) => return out,
    };
    if p.has("help") {
        return help::text(help::SSHARE);
    }
    if p.has("usage") {
        return help::text(help::SSHARE_USAGE);
    }
    if p.has("version") {
        return help::text(VERSION);
    }
    if let Some(letter) = ["q", "t"].into_iter().find(|k| p.has(k)) {
        return CommandOutput::failure(&format!("getopt error, returned {letter}\n"), 1);
    }
    if p.has("helpformat") {
        return help::text(&help_format());
    }
    let mut out = CommandOutput::default();
    let Some(query) = read_query(&p, caller.user, &mut out) else {
        out.exit = 1;
        return out;
    };
    let rows = share_rows(
        &c.accounts.tree,
        Algorithm::FairTree,
        c.config.priority.dampening_factor,
    )
    .unwrap_or_default();
    if query.header {
        let names: Vec<(&str, i32)> = query
            .columns
            .iter()
            .map(|&(i, width)| (FIELDS[i].0, width))
            .collect();
        for line in print_fields_header(&names, query.parsable) {
            out.out_line(&line);
        }
    }
    let returned: Vec<&ShareRow> = rows.iter().filter(|row| query.returns(row)).collect();
    for (row, depth) in returned.iter().zip(tree_depths(&returned)) {
        if query.users_only && row.user.is_none() {
            continue;
        }
        let row = ShareRow {
            depth,
            ..(*row).clone()
        };
        let cells: Vec<(Option<String>, i32)> = query
            .columns
            .iter()
            .map(|&(i, width)| (cell(c, &row, FIELDS[i].0), width))
            .collect();
        out.out_line(&print_fields_row(&cells, query.parsable));
    }
    out
}

/// How far each row is indented, as `slurmdb_tree_name_get` does it: one
/// space more than its parent account's row when that row is among those
/// slurmctld returned, none when it is not (`-A team-a` prints team-a at
/// the margin). `rows` are in the tree's order, each with its depth in the
/// whole tree.
fn tree_depths(rows: &[&ShareRow]) -> Vec<usize> {
    // The account rows on the path to the current row: (depth in the
    // whole tree, indentation printed).
    let mut path: Vec<(usize, usize)> = Vec::new();
    let mut depths = Vec::with_capacity(rows.len());
    for row in rows {
        while path.last().is_some_and(|&(d, _)| d >= row.depth) {
            path.pop();
        }
        let depth = match path.last() {
            Some(&(d, shown)) if d + 1 == row.depth => shown + 1,
            _ => 0,
        };
        if row.user.is_none() {
            path.push((row.depth, depth));
        }
        depths.push(depth);
    }
    depths
}

/// Reads the command line into a [`Query`]; with `-v`, names the users
/// and accounts asked for on `out` first, as sshare does before it reads
/// the columns. A column sshare does not know is refused on `out`: `None`.
fn read_query(p: &Parsed, me: &str, out: &mut CommandOutput) -> Option<Query> {
    let parsable = Parsable::read(p);
    // `-u -1` asks for every user, as `-a` does.
    let all = p.has("all") || p.value("users") == Some("-1");
    let users = (!all).then(|| {
        p.value("users").map_or_else(
            || vec![me.to_owned()],
            |v| v.split(',').map(str::to_owned).collect(),
        )
    });
    let accounts: Option<Vec<String>> = p
        .value("accounts")
        .map(|v| v.split(',').map(str::to_owned).collect());
    if p.has("verbose") {
        requested(out, "Users", users.as_deref());
        requested(out, "Accounts", accounts.as_deref());
    }
    let columns = match read_columns(p) {
        Ok(columns) => columns,
        Err(name) => {
            out.err_line(&format!(
                "sshare: error: Invalid field requested: \"{name}\""
            ));
            return None;
        }
    };
    Some(Query {
        columns,
        parsable,
        users,
        accounts,
        users_only: p.has("Users"),
        header: !p.has("noheader"),
    })
}

/// The columns of `-o` (every one given, joined) or the Fair Tree
/// defaults (`-l` longer, `-m` with the partition): each item a
/// case-blind prefix of a name in [`FIELDS`] (the first that fits), with
/// `%N` for a width; repeats dropped as `slurm_addto_char_list` drops
/// them. The error is the name it does not know.
fn read_columns(p: &Parsed) -> Result<Vec<(usize, i32)>, String> {
    let given: Vec<&str> = p
        .opts
        .iter()
        .filter(|(k, _)| *k == "format")
        .filter_map(|(_, v)| v.as_deref())
        .collect();
    let spec = if given.is_empty() {
        let partition = if p.has("partition") { "P," } else { "" };
        let long = p.has("long");
        format!(
            "A,User,{partition}RawShares,NormShares,RawUsage,{}Eff,Fairshare{}",
            if long { "NormUsage," } else { "" },
            if long {
                ",LevelFS,GrpTRESMins,TRESRunMins"
            } else {
                ""
            },
        )
    } else {
        given.join(",")
    };
    let mut items: Vec<&str> = Vec::new();
    for item in spec.split(',').filter(|i| !i.is_empty()) {
        if !items.iter().any(|i| i.eq_ignore_ascii_case(item)) {
            items.push(item);
        }
    }
    items
        .into_iter()
        .map(|item| {
            let (name, width) = match item.split_once('%') {
                Some((name, w)) => (name, atoi(w)),
                None => (item, 0),
            };
            let index = FIELDS
                .iter()
                .position(|(field, _)| {
                    field
                        .get(..name.len())
                        .is_some_and(|f| f.eq_ignore_ascii_case(name))
                })
                .ok_or_else(|| name.to_owned())?;
            let width = match i32::try_from(width) {
                Ok(w) if w != 0 => w,
                _ => FIELDS[index].1,
            };
            Ok((index, width))
        })
        .collect()
}

/// `-e`: the column names, four to a line, each in 17 characters.
fn help_format() -> String {
    super::name_grid(FIELDS.iter().map(|(name, _)| *name), 17)
}

/// `-v`: the users or accounts asked for, on standard error.
fn requested(out: &mut CommandOutput, what: &str, names: Option<&[String]>) {
    out.err_line(&format!("{what} requested:"));
    for name in names.unwrap_or(&["all".to_owned()]) {
        out.err_line(&format!("\t: {name}"));
    }
}

impl Query {
    /// Whether slurmctld returns a row of the association tree
    /// (`assoc_mgr_get_shares`): user rows of the users asked for, and
    /// only rows of the accounts asked for, root's too (names compared
    /// without case). `-U` leaves account rows out only when printing.
    fn returns(&self, row: &ShareRow) -> bool {
        let user_ok = match &row.user {
            Some(user) => self.users.as_ref().is_none_or(|u| u.contains(user)),
            None => true,
        };
        let account_ok = self
            .accounts
            .as_ref()
            .is_none_or(|a| a.iter().any(|name| name.eq_ignore_ascii_case(&row.account)));
        user_ok && account_ok
    }
}

/// One row's cell in the column `name` (`None`: blank).
fn cell(c: &Cluster, row: &ShareRow, name: &str) -> Option<String> {
    let six = |v: f64| format!("{v:.6}");
    let d = &row.detail;
    match name {
        "Account" => Some(format!("{}{}", " ".repeat(row.depth), row.account)),
        "Cluster" => Some(c.config.cluster_name.clone()),
        "EffectvUsage" => Some(six(d.effective_usage)),
        "FairShare" => row.user.as_ref().and(d.factor).map(six),
        "LevelFS" => d.level_fs.map(six),
        "NormShares" => Some(six(d.norm_shares)),
        // The decay pass normalizes every association's usage but
        // root's, whose stays unset (NO_VAL) and prints blank.
        "NormUsage" if row.depth == 0 && row.user.is_none() => None,
        "NormUsage" => Some(six(d.norm_usage)),
        "RawShares" => row.raw_shares.map(|s| s.to_string()),
        "RawUsage" => Some((row.raw_usage as u64).to_string()),
        "TRESRunMins" => Some(run_mins(c, &row.account, row.user.as_deref())),
        "GrpTRESRaw" => Some(
            c.accounts
                .tres_used(&row.account, row.user.as_deref())
                .minutes(),
        ),
        "User" => row.user.clone(),
        // No TRES limits, no partition associations; the model gives
        // associations no ids (as sacctmgr's ID column shows).
        _ => None,
    }
}

/// TRESRunMins: what the association's running jobs still hold, in
/// TRES-minutes until their time limits.
fn run_mins(c: &Cluster, account: &str, user: Option<&str>) -> String {
    let (mut cpu, mut mem, mut node, mut gpu) = (0u64, 0u64, 0u64, 0u64);
    for job in c.jobs.values().filter(|j| j.is_running()) {
        let mine = match user {
            Some(u) => job.account == account && job.user == u,
            None => c.accounts.account_within(&job.account, account),
        };
        if !mine {
            continue;
        }
        let left = job
            .end_time
            .map_or(0, |e| u64::try_from((e - c.now) / 60).unwrap_or(0));
        let total = job.held_total();
        cpu += u64::from(total.cpus) * left;
        mem += total.mem_mb * left;
        node += u64::from(job.shape.nodes) * left;
        gpu += u64::from(total.gpus) * left;
    }
    format!(
        "cpu={cpu},mem={mem},energy=0,node={node},billing={cpu},fs/disk=0,vmem=0,pages=0,gres/gpu={gpu}"
    )
}
