//! `sreport user TopUsage`: the users who used the most CPU time in the
//! window, one row per user and account (one per user with `Group`).

use super::super::super::Cluster;
use super::super::super::output::CommandOutput;
use super::{
    Conditions, For, Style, failed, names, print_table, print_title, proper_name, time_text,
    usage_by_assoc, usage_width,
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
        let out = failed(out, &format!("Not valid report {report}"));
        return failed(out, "Valid user reports are, \"Top\"");
    }
    top_usage(c, words, style, out)
}

/// One row: the user, its accounts (joined by `, `), CPU-seconds.
struct UserUsage {
    user: String,
    accounts: Vec<String>,
    used: i64,
}

/// `user TopUsage [TopCount=] [Group] [Accounts=] [Users=] [Start=]
/// [End=]`: the users with usage, most first (then by name), at most
/// TopCount rows.
fn top_usage(c: &Cluster, words: &[String], style: Style, mut out: CommandOutput) -> CommandOutput {
    let cond = Conditions::read(c, words, For::TopUsage, &mut out);
    let (start, end) = cond.window(c);
    let mut users = user_usage(c, &cond, start, end);
    crate::sort::by(&mut users, |a, b| {
        b.used.cmp(&a.used).then_with(|| a.user.cmp(&b.user))
    });
    let limit = cond.top.map_or(usize::MAX, |n| {
        usize::try_from(n.max(1)).unwrap_or(usize::MAX)
    });
    users.truncate(limit);
    if style.header {
        let top = cond.top.unwrap_or(u32::MAX);
        let title = format!("Top {top} Users");
        let secs = format!(" ({} secs)", end - start);
        print_title(&mut out, style, &title, (start, end), &secs);
    }
    let width = usage_width(users.first().map_or(0, |u| u.used));
    let columns = [
        ("Cluster", 9),
        ("Login", 9),
        ("Proper Name", 15),
        ("Account", 15),
        ("Used", width),
        ("Energy", usage_width(0)),
    ];
    let rows: Vec<Vec<Option<String>>> = users
        .iter()
        .map(|u| {
            vec![
                Some(c.config.cluster_name.clone()),
                Some(u.user.clone()),
                Some(proper_name(&u.user)),
                Some(u.accounts.join(", ")),
                Some(time_text(u.used, style)),
                Some(time_text(0, style)),
            ]
        })
        .collect();
    print_table(&mut out, style, &columns, &rows);
    out
}

/// The user associations the conditions select that have usage in the
/// window: one record each, or one per user with `Group`.
fn user_usage(c: &Cluster, cond: &Conditions, start: i64, end: i64) -> Vec<UserUsage> {
    let mut users: Vec<UserUsage> = Vec::new();
    if !cond.covers(c) {
        return users;
    }
    for ((account, user), used) in usage_by_assoc(c, start, end) {
        let wanted = (cond.users.is_empty() || cond.users.contains(&user))
            && (cond.accounts.is_empty() || cond.accounts.contains(&account));
        if !wanted {
            continue;
        }
        match users.iter_mut().find(|u| cond.group && u.user == user) {
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
    users
}
