//! `sacctmgr delete account|user [where] CONDITIONS`, as
//! `sacctmgr_delete_account` and `sacctmgr_delete_user` print it, with
//! slurmdbd's refusals: the root account, associations that pending or
//! running jobs charge, and (22.05's check as it stands) a user's
//! default account. An account goes with every association below it;
//! a user left without associations goes from the database too.

use super::super::super::Cluster;
use super::super::super::output::CommandOutput;
use super::change::{Request, default_refusals, jobs_active};
use super::select::{Kind, Selection};

/// `delete account|user ...`.
pub(super) fn run(
    c: &mut Cluster,
    kind: Kind,
    words: &[String],
    mut r: Request<'_>,
) -> CommandOutput {
    let mut sel = Selection::default();
    for word in words {
        if super::super::keyword(word, "Set", 3) {
            continue;
        }
        if let Err(done) = sel.take(c, kind, word, &mut r.out) {
            return done;
        }
    }
    if !sel.by_name && !sel.by_assoc {
        return r.fail(" No conditions given to remove, not executing.\n");
    }
    if r.out.exit != 0 {
        return r.out;
    }
    if kind == Kind::Account && sel.names.iter().any(|n| n.eq_ignore_ascii_case("root")) {
        return r.fail(
            " You are not allowed to remove the root account.\n Use remove cluster instead.\n",
        );
    }
    if !r.operator {
        return r.fail(" Error with request: Access/permission denied\n");
    }
    match kind {
        Kind::Account => accounts(c, &sel, r),
        Kind::User => users(c, &sel, r),
    }
}

/// Removes the named accounts with everything below them.
fn accounts(c: &mut Cluster, sel: &Selection, mut r: Request<'_>) -> CommandOutput {
    let chosen = sel.assocs(&c.accounts, Kind::Account);
    if chosen.is_empty() {
        r.out.out_line(" Nothing deleted");
        return r.failed();
    }
    let direct: Vec<_> = c
        .accounts
        .tree
        .nodes()
        .iter()
        .filter(|n| n.is_user() && chosen.iter().any(|a| a.account == n.id.account))
        .map(|n| n.id.clone())
        .collect();
    let refused = default_refusals(c, &direct);
    if !refused.is_empty() {
        let lines: String = refused.iter().map(|l| format!("  {l}\n")).collect();
        return r.fail(&format!(
            " Error with request: You can not remove the default account of a user\n{lines} \
Please either remove the accounts listed above from list and resubmit,\n or change these \
users' default accounts to remove the account(s).\n Changes Discarded\n"
        ));
    }
    let gone = c.accounts.below(&chosen);
    if let Some(jobs) = jobs_active(c, &gone) {
        return r.fail(&jobs);
    }
    let names: String = chosen
        .iter()
        .map(|a| format!("  {}\n", a.account))
        .collect();
    r.out.out(&format!(" Deleting accounts...\n{names}"));
    let mut changed = c.accounts.clone();
    if let Err(e) = changed.remove(&chosen) {
        return r.refused(&e);
    }
    r.commit(c, changed)
}

/// Removes users, or some of their associations (`account=`).
fn users(c: &mut Cluster, sel: &Selection, mut r: Request<'_>) -> CommandOutput {
    let chosen = sel.assocs(&c.accounts, Kind::User);
    if chosen.is_empty() {
        r.out.out_line(" Nothing deleted");
        return r.failed();
    }
    let whole = !sel.by_assoc;
    if !whole {
        let refused = default_refusals(c, &chosen);
        if !refused.is_empty() {
            let lines: String = refused.iter().map(|l| format!("  {l}\n")).collect();
            return r.fail(&format!(
                " Error with request: You can not remove the default account of a user\n{lines} \
You must change the default account of these users or remove the users completely from the \
affected clusters to allow these changes.\n Changes Discarded\n"
            ));
        }
    }
    if let Some(jobs) = jobs_active(c, &chosen) {
        return r.fail(&jobs);
    }
    let mut changed = c.accounts.clone();
    if let Err(e) = changed.remove(&chosen) {
        return r.refused(&e);
    }
    let mut users: Vec<&str> = chosen.iter().filter_map(|a| a.user.as_deref()).collect();
    crate::sort::sort(&mut users);
    users.dedup();
    if whole {
        let names: String = users.iter().map(|u| format!("  {u}\n")).collect();
        r.out.out(&format!(" Deleting users...\n{names}"));
    } else {
        let cluster = &c.config.cluster_name;
        let lines: String = chosen
            .iter()
            .map(|a| {
                let user = a.user.as_deref().unwrap_or_default();
                format!("  C = {cluster:<10} A = {:<10} U = {user:<9}\n", a.account)
            })
            .collect();
        r.out
            .out(&format!(" Deleting user associations...\n{lines}"));
        let emptied: Vec<&&str> = users
            .iter()
            .filter(|u| changed.assocs_of(u).is_empty())
            .collect();
        if !emptied.is_empty() {
            let names: String = emptied.iter().map(|u| format!("  {u}\n")).collect();
            r.out
                .out(&format!(" Deleting users (No Associations)...\n{names}"));
        }
    }
    r.commit(c, changed)
}
