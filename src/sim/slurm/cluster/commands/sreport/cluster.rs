//! `sreport cluster ...`: `Utilization` (the cluster's allocated, idle
//! and reported CPU time; down, planned-down, planned and overcommitted
//! time are not recorded by this model and show 0),
//! `AccountUtilizationByUser` (the usage of each association, in the
//! account hierarchy) and `UserUtilizationByAccount` (each user
//! association, most used first). The wckey reports are in `wckey.rs`.

use super::super::super::Cluster;
use super::super::super::output::CommandOutput;
use super::table::{CLUSTER_FIELDS, Column, Row, Value};
use super::{
    Conditions, For, Spec, Style, UsageByAssoc, in_report, names, not_valid, print_report,
    proper_name, reported, usage_by_assoc, usage_report, user, wckey,
};
use crate::sim::fair_share::{Algorithm, share_rows};

/// Runs the cluster report `report` with its conditions `words`, matching
/// its name as `_cluster_rep` (`sreport.c`) does.
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
    if names(report, "UserUtilizationByAccount", 18) || names(report, "UA", 2) {
        return user_by_account(c, words, style, out);
    }
    if names(report, "UserUtilizationByWckey", 18) || names(report, "UW", 2) {
        return wckey::user_by_wckey(c, words, style, out);
    }
    if names(report, "Utilization", 2) {
        return utilization(c, words, style, out);
    }
    if names(report, "WCKeyUtilizationByUser", 1) {
        return wckey::wckey_by_user(c, words, style, out);
    }
    not_valid(
        out,
        report,
        "cluster reports are, \"AccountUtilizationByUser\", \
\"UserUtilizationByAccount\", \"UserUtilizationByWckey\", \"Utilization\", and \
\"WCKeyUtilizationByUser\"",
    )
}

/// `cluster Utilization [Clusters=] [Start=] [End=] [Format=]`: one row
/// for the cluster unless it has no time in the window. Each time is a
/// percentage of the reported time, which is one of the CPUs over the
/// whole window; every time column is sized to its largest value, Energy
/// to the allocated time (`cluster_utilization`).
fn utilization(
    c: &Cluster,
    words: &[String],
    style: Style,
    mut out: CommandOutput,
) -> CommandOutput {
    let cond = Conditions::read(c, words, For::Utilization, &mut out);
    let window = cond.window(c);
    let allocated: i64 = usage_by_assoc(c, window.0, window.1).total();
    let total = reported(c, window);
    let cpus: u32 = c.nodes.iter().map(|n| n.cpus).sum();
    let whole = i64::from(cpus) * (window.1 - window.0);
    let time = |secs: i64| Value::Time(secs, total);
    let row: Row = vec![
        (Column::TresCount, Value::Count(cpus)),
        (Column::Allocated, time(allocated)),
        (Column::Down, time(0)),
        (Column::PlannedDown, time(0)),
        (Column::Idle, time(total - allocated)),
        (Column::Planned, time(0)),
        (Column::OverCommitted, time(0)),
        (Column::Reported, Value::Time(total, whole)),
        (Column::Energy, Value::Time(0, 0)),
    ];
    let shown = in_report(c, &cond, window);
    let (rows, allocated, total) = if shown {
        (vec![row], allocated, total)
    } else {
        (Vec::new(), 0, 0)
    };
    let sizes = [
        (Column::Allocated, allocated),
        (Column::Down, 0),
        (Column::Idle, total - allocated),
        (Column::Planned, 0),
        (Column::OverCommitted, 0),
        (Column::PlannedDown, 0),
        (Column::Reported, total),
        (Column::Energy, allocated),
    ];
    let spec = Spec {
        title: "Cluster Utilization",
        utilization: true,
        default: "Cl,al,d,planned,i,res,rep",
        names: CLUSTER_FIELDS,
    };
    print_report(&mut out, (style, &spec), (c, &cond), window, &rows, &sizes);
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
/// [Tree] [Format=]`: every association with usage in the window, root
/// first, in the hierarchy's order (users before sub-accounts, by name);
/// an account's usage is its whole subtree's.
const ACCOUNTS_BY_USER: Spec = Spec {
    title: "Cluster/Account/User Utilization",
    utilization: false,
    default: "Cluster,Ac,Login,Proper,Used,Energy",
    names: CLUSTER_FIELDS,
};

/// Runs [`ACCOUNTS_BY_USER`].
fn account_by_user(
    c: &Cluster,
    words: &[String],
    style: Style,
    out: CommandOutput,
) -> CommandOutput {
    let how = (style, For::Assoc, &ACCOUNTS_BY_USER);
    usage_report(c, words, how, out, &|cond, window, total| {
        let assocs = assoc_usage(c, cond, window.0, window.1);
        let mut spaces: Vec<(String, String)> = Vec::new();
        let rows = assocs
            .iter()
            .map(|a| {
                let account = if cond.tree {
                    tree_name(&mut spaces, a)
                } else {
                    a.account.clone()
                };
                let login = a.user.clone().unwrap_or_default();
                usage_row([account, login, String::new()], a.used, total)
            })
            .collect();
        (rows, assocs.first().map(|a| a.used))
    })
}

/// `cluster UserUtilizationByAccount [Accounts=] [Users=] [Start=] [End=]
/// [Format=]`: each user association with usage in the window (only the
/// accounts named, not their sub-accounts), most used first, then by
/// login (`cluster_user_by_account`, sorted by `sort_user_dec`).
const USERS_BY_ACCOUNT: Spec = Spec {
    title: "Cluster/User/Account Utilization",
    utilization: false,
    default: "Cluster,Login,Proper,Ac,Used,Energy",
    names: CLUSTER_FIELDS,
};

/// Runs [`USERS_BY_ACCOUNT`].
fn user_by_account(
    c: &Cluster,
    words: &[String],
    style: Style,
    out: CommandOutput,
) -> CommandOutput {
    let how = (style, For::Assoc, &USERS_BY_ACCOUNT);
    usage_report(c, words, how, out, &|cond, window, total| {
        let users = user::user_usage(c, cond, window, (false, style.by_name));
        (
            user::user_rows(&users, total),
            users.first().map(|u| u.used),
        )
    })
}

/// A row of the association, user and wckey reports: the
/// `[account, login, wckey]` texts, the login's proper name, usage as a
/// percentage of `total`, and no energy.
pub(super) fn usage_row([account, login, wckey]: [String; 3], used: i64, total: i64) -> Row {
    vec![
        (Column::Account, Value::Text(account)),
        (Column::Proper, Value::Text(proper_name(&login))),
        (Column::Login, Value::Text(login)),
        (Column::WCKey, Value::Text(wckey)),
        (Column::Used, Value::Time(used, total)),
        (Column::Energy, Value::Time(0, 0)),
    ]
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
        // An account's own association has the user '' (`Users=` asks for it).
        let user = r.user.as_deref().unwrap_or("");
        let in_users = cond.users.is_empty() || cond.users.iter().any(|u| u == user);
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
fn charge(picked: &mut [(usize, AssocUsage)], usage: &UsageByAssoc) {
    let own = |a: &AssocUsage| a.user.as_ref().map_or(0, |u| usage.of(&a.account, u));
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
