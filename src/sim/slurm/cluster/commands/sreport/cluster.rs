//! `sreport cluster ...`: `Utilization` (the cluster's allocated, idle
//! and reported CPU time; down and planned-down time are not recorded by
//! this model and show 0) and `AccountUtilizationByUser` (the usage of
//! each association, in the account hierarchy).

use super::super::super::Cluster;
use super::super::super::output::CommandOutput;
use super::{
    Conditions, For, Style, failed, names, print_table, print_title, proper_name, rolled_up,
    time_text, usage_by_assoc, usage_width,
};
use crate::sim::fair_share::{Algorithm, share_rows};

/// Runs the cluster report `report` with its conditions `words`.
pub(super) fn run(
    c: &Cluster,
    report: &str,
    words: &[String],
    style: Style,
    out: CommandOutput,
) -> CommandOutput {
    if names(report, "AccountUtilizationByUser", 1) {
        return account_by_user(c, words, style, out);
    }
    let other = [
        ("UserUtilizationByAccount", 18),
        ("UA", 2),
        ("UserUtilizationByWckey", 18),
        ("UW", 2),
        ("WCKeyUtilizationByUser", 1),
    ];
    if other.iter().any(|(full, n)| names(report, full, *n)) {
        return failed(
            out,
            &format!("sreport: cluster {report} is not simulated yet"),
        );
    }
    if !names(report, "Utilization", 2) {
        let out = failed(out, &format!("Not valid report {report}"));
        return failed(
            out,
            "Valid cluster reports are, \"AccountUtilizationByUser\", \
\"UserUtilizationByAccount\", \"UserUtilizationByWckey\", \"Utilization\", and \
\"WCKeyUtilizationByUser\"",
        );
    }
    utilization(c, words, style, out)
}

/// `cluster Utilization [Clusters=] [Start=] [End=]`.
fn utilization(
    c: &Cluster,
    words: &[String],
    style: Style,
    mut out: CommandOutput,
) -> CommandOutput {
    let cond = Conditions::read(c, words, For::Utilization, &mut out);
    let (start, end) = cond.window(c);
    if style.header {
        print_title(&mut out, style, "Cluster Utilization", (start, end), "");
    }
    let allocated: i64 = usage_by_assoc(c, start, end).values().sum();
    let cpus: i64 = c.nodes.iter().map(|n| i64::from(n.cpus)).sum();
    let reported = cpus * (rolled_up(c, end) - start).max(0);
    let time = |seconds: i64| Some(time_text(seconds, style));
    let columns = [
        ("Cluster", 9),
        ("Allocated", 12),
        ("Down", 10),
        ("PLND Down", 10),
        ("Idle", 12),
        ("Planned", 9),
        ("Reported", 12),
    ];
    let row = vec![
        Some(c.config.cluster_name.clone()),
        time(allocated),
        time(0),
        time(0),
        time(reported - allocated),
        time(0),
        time(reported),
    ];
    let rows = if cond.covers(c) {
        vec![row]
    } else {
        Vec::new()
    };
    print_table(&mut out, style, &columns, &rows);
    out
}

/// One association of the report: account, user, parent account (for
/// an account), CPU-seconds.
struct AssocUsage {
    account: String,
    user: Option<String>,
    parent: Option<String>,
    used: i64,
}

/// `cluster AccountUtilizationByUser [Accounts=] [Users=] [Start=] [End=]
/// [Tree]`: every association with usage in the window, root first, in
/// the hierarchy's order (users before sub-accounts, by name); an
/// account's usage is its whole subtree's.
fn account_by_user(
    c: &Cluster,
    words: &[String],
    style: Style,
    mut out: CommandOutput,
) -> CommandOutput {
    let cond = Conditions::read(c, words, For::AccountsByUser, &mut out);
    let (start, end) = cond.window(c);
    let assocs = assoc_usage(c, &cond, start, end);
    if style.header {
        let secs = format!(" ({} secs)", end - start);
        print_title(
            &mut out,
            style,
            "Cluster/Account/User Utilization",
            (start, end),
            &secs,
        );
    }
    let width = usage_width(assocs.first().map_or(0, |a| a.used));
    let account_width = if cond.tree { -20 } else { 15 };
    let columns = [
        ("Cluster", 9),
        ("Account", account_width),
        ("Login", 9),
        ("Proper Name", 15),
        ("Used", width),
        ("Energy", usage_width(0)),
    ];
    let mut spaces: Vec<(String, String)> = Vec::new();
    let rows: Vec<Vec<Option<String>>> = assocs
        .iter()
        .map(|a| {
            let account = if cond.tree {
                tree_name(&mut spaces, a)
            } else {
                a.account.clone()
            };
            vec![
                Some(c.config.cluster_name.clone()),
                Some(account),
                a.user.clone(),
                Some(a.user.as_deref().map(proper_name).unwrap_or_default()),
                Some(time_text(a.used, style)),
                Some(time_text(0, style)),
            ]
        })
        .collect();
    print_table(&mut out, style, &columns, &rows);
    out
}

/// The Account cell in a tree (`slurmdb_tree_name_get`): one space deeper
/// than the printed row of its parent account (for a user, its account),
/// none when that was not printed. `spaces` keeps each printed account's.
fn tree_name(spaces: &mut Vec<(String, String)>, a: &AssocUsage) -> String {
    let parent = if a.user.is_some() {
        Some(&a.account)
    } else {
        a.parent.as_ref()
    };
    let indent = parent
        .and_then(|p| spaces.iter().find(|(name, _)| name == p))
        .map_or(String::new(), |(_, s)| format!(" {s}"));
    if a.user.is_none() {
        spaces.push((a.account.clone(), indent.clone()));
    }
    format!("{indent}{}", a.account)
}

/// The associations the conditions select, with usage in the window, in
/// hierarchical order. `Accounts=` takes those accounts with their
/// subtrees; `Users=` only those users' associations.
fn assoc_usage(c: &Cluster, cond: &Conditions, start: i64, end: i64) -> Vec<AssocUsage> {
    if !cond.covers(c) {
        return Vec::new();
    }
    let usage = usage_by_assoc(c, start, end);
    let rows = share_rows(
        &c.accounts.tree,
        Algorithm::FairTree,
        c.config.priority.dampening_factor,
    )
    .unwrap_or_default();
    let mut parents: Vec<String> = Vec::new();
    let mut picked: Vec<(usize, AssocUsage)> = Vec::new();
    // The depth below which the current rows are in a chosen account.
    let mut chosen_depth: Option<usize> = None;
    for r in rows {
        let mut parent = None;
        if r.user.is_none() {
            parents.truncate(r.depth);
            parent = parents.last().cloned();
            parents.push(r.account.clone());
        }
        if chosen_depth.is_some_and(|d| r.depth <= d) {
            chosen_depth = None;
        }
        if chosen_depth.is_none() && r.user.is_none() && cond.accounts.contains(&r.account) {
            chosen_depth = Some(r.depth);
        }
        let in_accounts = cond.accounts.is_empty() || chosen_depth.is_some();
        let in_users = if cond.users.is_empty() {
            true
        } else {
            r.user.as_ref().is_some_and(|u| cond.users.contains(u))
        };
        if in_accounts && in_users {
            let assoc = AssocUsage {
                account: r.account,
                user: r.user,
                parent,
                used: 0,
            };
            picked.push((r.depth, assoc));
        }
    }
    charge(&mut picked, &usage);
    picked
        .into_iter()
        .map(|(_, a)| a)
        .filter(|a| a.used > 0)
        .collect()
}

/// Charges each user row its usage and each account row its subtree's:
/// the user rows after it until the next row at its depth or above.
fn charge(
    picked: &mut [(usize, AssocUsage)],
    usage: &std::collections::BTreeMap<(String, String), i64>,
) {
    let own = |a: &AssocUsage| {
        a.user
            .as_ref()
            .and_then(|u| usage.get(&(a.account.clone(), u.clone())))
            .copied()
            .unwrap_or(0)
    };
    for i in (0..picked.len()).rev() {
        let depth = picked[i].0;
        let used = if picked[i].1.user.is_some() {
            own(&picked[i].1)
        } else {
            picked[i + 1..]
                .iter()
                .take_while(|(d, _)| *d > depth)
                .filter(|(_, a)| a.user.is_some())
                .map(|(_, a)| a.used)
                .sum()
        };
        picked[i].1.used = used;
    }
}
