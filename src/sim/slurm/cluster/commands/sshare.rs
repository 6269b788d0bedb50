//! `sshare`: shares, usage and Fair Tree factors from the fair-share
//! model's rows ([`share_rows`]), in `print_fields` cells: every account,
//! and the users asked for (the caller by default, all with `-a`); `-l`
//! adds NormUsage, LevelFS, GrpTRESMins and TRESRunMins. RawUsage counts
//! decayed CPU-seconds.

use super::super::super::getopt::{HasArg, Opt, Parsed, opt};
use super::super::fields::{Parsable, print_fields_header, print_fields_row};
use super::super::output::CommandOutput;
use super::super::{Caller, Cluster};
use super::{VERSION, help, parse};
use crate::sim::fair_share::{Algorithm, ShareRow, share_rows};

pub(super) const OPTIONS: &[Opt] = &[
    opt("all", Some('a'), &["all"], HasArg::No),
    opt("accounts", Some('A'), &["accounts"], HasArg::Required),
    opt("help", Some('h'), &["help"], HasArg::No),
    opt("long", Some('l'), &["long"], HasArg::No),
    opt("noheader", Some('n'), &["noheader"], HasArg::No),
    opt("parsable", Some('p'), &["parsable"], HasArg::No),
    opt("parsable2", Some('P'), &["parsable2"], HasArg::No),
    opt("Users", Some('U'), &["Users"], HasArg::No),
    opt("users", Some('u'), &["users"], HasArg::Required),
    opt("usage", None, &["usage"], HasArg::No),
    opt("verbose", Some('v'), &["verbose"], HasArg::No),
    opt("version", Some('V'), &["version"], HasArg::No),
];

/// What an sshare command line asks for.
struct Query {
    /// `-l`: the usage, level and TRES columns too.
    long: bool,
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
    let query = read_query(&p, caller.user);
    let rows = share_rows(
        &c.accounts.tree,
        Algorithm::FairTree,
        c.config.priority.dampening_factor,
    )
    .unwrap_or_default();
    let mut out = CommandOutput::default();
    if query.header {
        for line in print_fields_header(&columns(query.long), query.parsable) {
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
        out.out_line(&print_fields_row(
            &cells(c, &row, query.long),
            query.parsable,
        ));
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

/// Reads the command line into a [`Query`].
fn read_query(p: &Parsed, me: &str) -> Query {
    let parsable = Parsable::read(p);
    let users = (!p.has("all")).then(|| {
        p.value("users").map_or_else(
            || vec![me.to_owned()],
            |v| v.split(',').map(str::to_owned).collect(),
        )
    });
    Query {
        long: p.has("long"),
        parsable,
        users,
        accounts: p
            .value("accounts")
            .map(|v| v.split(',').map(str::to_owned).collect()),
        users_only: p.has("Users"),
        header: !p.has("noheader"),
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

/// The columns (name, width) of the default or `-l` layout.
fn columns(long: bool) -> Vec<(&'static str, i32)> {
    let mut columns = vec![
        ("Account", -20),
        ("User", 10),
        ("RawShares", 10),
        ("NormShares", 11),
        ("RawUsage", 11),
    ];
    if long {
        columns.push(("NormUsage", 11));
    }
    columns.push(("EffectvUsage", 13));
    columns.push(("FairShare", 10));
    if long {
        columns.extend([("LevelFS", 10), ("GrpTRESMins", 30), ("TRESRunMins", 30)]);
    }
    columns
}

/// One row's cells under [`columns`].
fn cells(c: &Cluster, row: &ShareRow, long: bool) -> Vec<(Option<String>, i32)> {
    let six = |v: f64| format!("{v:.6}");
    let indent = " ".repeat(row.depth);
    let d = &row.detail;
    let mut cells: Vec<(Option<String>, i32)> = vec![
        (Some(format!("{indent}{}", row.account)), -20),
        (row.user.clone(), 10),
        (row.raw_shares.map(|s| s.to_string()), 10),
        (Some(six(d.norm_shares)), 11),
        (Some((row.raw_usage as u64).to_string()), 11),
    ];
    if long {
        cells.push((Some(six(d.norm_usage)), 11));
    }
    cells.push((Some(six(d.effective_usage)), 13));
    cells.push((row.user.as_ref().and(d.factor).map(six), 10));
    if long {
        cells.push((d.level_fs.map(six), 10));
        cells.push((None, 30));
        cells.push((Some(run_mins(c, &row.account, row.user.as_deref())), 30));
    }
    cells
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
        let total = job.shape.total();
        cpu += u64::from(total.cpus) * left;
        mem += total.mem_mb * left;
        node += u64::from(job.shape.nodes) * left;
        gpu += u64::from(total.gpus) * left;
    }
    format!(
        "cpu={cpu},mem={mem},energy=0,node={node},billing={cpu},fs/disk=0,vmem=0,pages=0,gres/gpu={gpu}"
    )
}
