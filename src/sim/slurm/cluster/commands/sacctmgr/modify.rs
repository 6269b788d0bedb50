//! `sacctmgr modify account|user [where] CONDITIONS set FairShare=N`, as
//! `sacctmgr_modify_account` and `sacctmgr_modify_user` print it: the
//! associations changed, then the commit question. Only the shares are
//! kept by this model; other settings sacctmgr knows are refused as
//! not simulated.

use super::super::super::Cluster;
use super::super::super::accounts::Accounts;
use super::super::super::output::CommandOutput;
use super::super::keyword;
use super::change::{
    Request, Shares, SharesError, account_assoc, not_simulated, pair, read_shares, unkept,
};
use super::select::{Kind, Selection};

/// `modify account|user ...`.
pub(super) fn run(
    c: &mut Cluster,
    kind: Kind,
    words: &[String],
    mut r: Request<'_>,
) -> CommandOutput {
    let mut sel = Selection::default();
    let mut shares = None;
    let mut setting = false;
    for word in words {
        let (key, value) = pair(word);
        if value.is_none() && keyword(key, "Where", 5) {
            setting = false;
        } else if value.is_none() && keyword(key, "Set", 3) {
            setting = true;
        } else if setting {
            match set_word(kind, word) {
                Ok(Some(s)) => shares = Some(s),
                Ok(None) => {
                    r.out.err(&set_error(kind, word));
                    r.out.exit = 1;
                }
                Err(out) => return out,
            }
        } else {
            if let Err(done) = sel.take(c, kind, word, &mut r.out) {
                return done;
            }
        }
    }
    if r.out.exit != 0 {
        return r.out;
    }
    let Some(shares) = shares else {
        return r.fail(" You didn't give me anything to set\n");
    };
    if !sel.by_name && !sel.by_assoc {
        let question =
            "You didn't set any conditions with 'WHERE'.\nAre you sure you want to continue?";
        if !r.answers.confirm(&mut r.out, question) {
            r.out.out_line("Aborted");
            return r.out;
        }
    }
    apply(c, kind, &sel, shares, r)
}

/// Sets the shares of the selected associations and lists them.
fn apply(
    c: &mut Cluster,
    kind: Kind,
    sel: &Selection,
    shares: Shares,
    r: Request<'_>,
) -> CommandOutput {
    if !r.operator {
        return r.fail(" Error with request: Access/permission denied\n");
    }
    let mut r = r;
    let chosen = sel.assocs(&c.accounts, kind);
    if chosen.is_empty() {
        r.out.out_line(" Nothing modified");
        return r.failed();
    }
    let cluster = c.config.cluster_name.clone();
    let mut changed = c.accounts.clone();
    let mut lines = String::new();
    for id in &chosen {
        if let Err(e) = changed.set_shares(id, shares.raw()) {
            return r.refused(&e);
        }
        lines.push_str(&match &id.user {
            Some(user) => format!("  C = {cluster:<10} A = {:<20} U = {user:<9}\n", id.account),
            None => match parent_of(&c.accounts, &id.account) {
                Some(parent) => format!("  C = {cluster:<10} A = {} of {parent}\n", id.account),
                None => format!("  C = {cluster:<10} A = {}\n", id.account),
            },
        });
    }
    let what = match kind {
        Kind::Account => "account",
        Kind::User => "user",
    };
    r.out
        .out(&format!(" Modified {what} associations...\n{lines}"));
    r.commit(c, changed)
}

/// The parent account of `account`, if it has one.
fn parent_of(accounts: &Accounts, account: &str) -> Option<String> {
    let nodes = accounts.tree.nodes();
    let i = accounts.tree.find(&account_assoc(account))?;
    nodes[i].parent.map(|p| nodes[p].id.account.clone())
}

/// Reads one word after `set`: the shares, `None` for a word sacctmgr
/// refuses (its message from [`set_error`]), or the output for a setting
/// this model does not keep.
fn set_word(kind: Kind, word: &str) -> Result<Option<Shares>, CommandOutput> {
    let (key, value) = pair(word);
    let Some(value) = value else {
        return Ok(None);
    };
    let renames = kind == Kind::Account
        && (keyword(key, "Accounts", 1)
            || keyword(key, "Names", 1)
            || keyword(key, "Acct", 4)
            || keyword(key, "Clusters", 1));
    if keyword(key, "FairShare", 1) || keyword(key, "Shares", 1) {
        match read_shares(value) {
            Ok(s) => Ok(Some(s)),
            Err(SharesError::Parent) => Err(not_simulated("FairShare=parent")),
            Err(SharesError::Invalid(_)) => Ok(None),
        }
    } else if renames {
        Ok(None)
    } else if unkept(key) {
        Err(not_simulated(&format!("setting {key}")))
    } else {
        Ok(None)
    }
}

/// What sacctmgr prints for a word after `set` it refuses.
fn set_error(kind: Kind, word: &str) -> String {
    let (key, value) = pair(word);
    match value {
        None if kind == Kind::User => {
            format!(" Bad format on {word}: End your option with an '=' sign\n")
        }
        Some(v) if keyword(key, "FairShare", 1) || keyword(key, "Shares", 1) => {
            let line = match read_shares(v) {
                Err(SharesError::Invalid(line)) => line,
                _ => String::new(),
            };
            format!("{line} Unknown option: {word}\n Use keyword 'where' to modify condition\n")
        }
        Some(_) if kind == Kind::Account && keyword(key, "Clusters", 1) => {
            " Can't modify the cluster of an account\n".to_owned()
        }
        _ if kind == Kind::Account
            && (value.is_none()
                || keyword(key, "Accounts", 1)
                || keyword(key, "Names", 1)
                || keyword(key, "Acct", 4)) =>
        {
            " Can't modify the name of an account\n".to_owned()
        }
        _ => format!(" Unknown option: {word}\n Use keyword 'where' to modify condition\n"),
    }
}
