//! `sreport user TopUsage`: the users who used the most CPU time in the
//! window, one row per user and account (one per user with `Group`).

use std::cmp::Ordering;

use super::super::super::Cluster;
use super::super::super::output::CommandOutput;
use super::cluster::usage_row;
use super::table::{Row, USER_FIELDS};
use super::{
    Association, Conditions, For, Spec, Style, names, not_valid, usage_by_assoc, usage_report,
};

/// Runs the user report `report` with its conditions `words`.
pub(super) fn run(
    c: &Cluster,
    report: &str,
    words: &[String],
    style: Style,
    out: CommandOutput,
) -> CommandOutput {
    if !names(report, "Top", 1) {
        return not_valid(out, report, "user reports are, \"Top\"");
    }
    top_usage(c, words, style, out)
}

/// One user row: the user, its accounts (joined by `, `), CPU-seconds.
pub(super) struct UserUsage {
    pub(super) user: String,
    pub(super) accounts: Vec<String>,
    pub(super) used: i64,
}

/// `user TopUsage [TopCount=] [Group] [Accounts=] [Users=] [Start=]
/// [End=] [Format=]`: the users with usage, most first (then by name), at
/// most TopCount rows.
const TOP_USAGE: Spec = Spec {
    title: "Top {top} Users",
    utilization: false,
    default: "Cl,L,P,A,U,Energy",
    names: USER_FIELDS,
};

/// Runs [`TOP_USAGE`].
fn top_usage(c: &Cluster, words: &[String], style: Style, out: CommandOutput) -> CommandOutput {
    let how = (style, For::TopUsage, &TOP_USAGE);
    usage_report(c, words, how, out, &|cond, window, total| {
        let mut users = user_usage(c, cond, window, (cond.group, style.by_name));
        let limit = cond.top.map_or(usize::MAX, |n| {
            usize::try_from(n.max(1)).unwrap_or(usize::MAX)
        });
        users.truncate(limit);
        (user_rows(&users, total), users.first().map(|u| u.used))
    })
}

/// The rows of `users`: their accounts, login and usage of `total`.
pub(super) fn user_rows(users: &[UserUsage], total: i64) -> Vec<Row> {
    users
        .iter()
        .map(|u| {
            let names = [u.accounts.join(", "), u.user.clone(), String::new()];
            usage_row(names, u.used, total)
        })
        .collect()
}

/// The user associations the conditions select that have usage in the
/// window: one record each, or one per user with `group`; most used
/// first, then by login, or by login alone after `sort name`
/// (`sort_user_dec`).
pub(super) fn user_usage(
    c: &Cluster,
    cond: &Conditions,
    window: (i64, i64),
    (group, by_name): (bool, bool),
) -> Vec<UserUsage> {
    let mut users: Vec<UserUsage> = Vec::new();
    if !cond.covers(c) {
        return users;
    }
    for (Association { account, user }, used) in usage_by_assoc(c, window.0, window.1) {
        let wanted = (cond.users.is_empty() || cond.users.contains(&user))
            && (cond.accounts.is_empty() || cond.accounts.contains(&account));
        if !wanted {
            continue;
        }
        match users.iter_mut().find(|u| group && u.user == user) {
            Some(u) => {
                u.accounts.push(account);
                u.used += used;
            }
            None => users.push(UserUsage {
                user,
                accounts: vec![account],
                used,
            }),
        }
    }
    crate::sort::by(&mut users, |a, b| {
        let used = if by_name {
            Ordering::Equal
        } else {
            b.used.cmp(&a.used)
        };
        used.then_with(|| a.user.cmp(&b.user))
    });
    users
}
