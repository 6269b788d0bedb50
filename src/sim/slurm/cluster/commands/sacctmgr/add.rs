//! `sacctmgr add account|user`, printing what Slurm 22.05's
//! `sacctmgr_add_account` and `sacctmgr_add_user` print
//! (`src/sacctmgr/account_functions.c`, `user_functions.c`): the new
//! accounts or users, their associations and non-default settings, then
//! the commit question. New associations get 1 share unless
//! `FairShare=` says otherwise, as slurmdbd gives them.

use super::super::super::Cluster;
use super::super::super::accounts::Accounts;
use super::super::super::output::CommandOutput;
use super::super::keyword;
use super::change::{Request, Shares, list, not_simulated, pair, read_shares, unkept};

/// What `add account` asks for.
#[derive(Default)]
struct NewAccounts {
    names: Vec<String>,
    parent: Option<String>,
    shares: Option<Shares>,
    /// A setting was given (sacctmgr's `limit_set`): a second
    /// ` Settings` block follows the associations.
    settings: bool,
}

/// `add account NAME[,NAME...] [parent=P] [fairshare=N]`.
pub(super) fn account(c: &mut Cluster, words: &[String], mut r: Request<'_>) -> CommandOutput {
    let want = match read_new_accounts(words, &mut r.out) {
        Ok(want) => want,
        Err(out) => return out,
    };
    if r.out.exit != 0 {
        return r.out;
    }
    if want.names.is_empty() {
        return r.fail(" Need name of account to add.\n");
    }
    let parent = want.parent.clone().unwrap_or_else(|| "root".to_owned());
    let cluster = c.config.cluster_name.clone();
    let mut changed = c.accounts.clone();
    let mut names = String::new();
    let mut assocs = String::new();
    for name in &want.names {
        if changed.has_account(name) {
            continue;
        }
        if !changed.has_account(&parent) {
            r.out.err(&format!(
                " Parent account '{parent}' doesn't exist on cluster {cluster}\n        \
Contact your admin to add this account.\n"
            ));
            r.out.exit = 1;
            continue;
        }
        let shares = want.shares.map_or(1, Shares::raw);
        if let Err(e) = changed.add_account(name, &parent, shares) {
            return r.refused(&e);
        }
        names.push_str(&format!("  {name}\n"));
        assocs.push_str(&format!("  A = {:<10.10} C = {cluster:<10.10}\n", name));
    }
    print_new_accounts(&want, (&names, &assocs), r, c, changed)
}

/// Reads the words of `add account`; a word it does not know is an error
/// line in `out`, a wrong share or an unkept setting the whole answer.
fn read_new_accounts(
    words: &[String],
    out: &mut CommandOutput,
) -> Result<NewAccounts, CommandOutput> {
    let mut want = NewAccounts::default();
    for word in words {
        let (key, value) = pair(word);
        if value.is_none() && (keyword(key, "Where", 5) || keyword(key, "Set", 3)) {
            continue;
        }
        let value = value.unwrap_or(key);
        if word == key
            || keyword(key, "Accounts", 1)
            || keyword(key, "Names", 1)
            || keyword(key, "Acct", 4)
        {
            want.names.extend(list(value));
        } else if keyword(key, "FairShare", 1) || keyword(key, "Shares", 1) {
            want.shares = Some(read_shares(value).map_err(|e| e.output(&unknown(word)))?);
            want.settings = true;
        } else if keyword(key, "Parent", 2) {
            want.parent = Some(value.trim_matches(['"', '\'']).to_owned());
            want.settings = true;
        } else if unkept(key) {
            return Err(not_simulated(&format!("setting {key}")));
        } else {
            out.err(&unknown(word));
            out.exit = 1;
        }
    }
    Ok(want)
}

/// The listing of the new accounts (`names`) and associations
/// (`assocs`), the access check and the commit of `add account`.
fn print_new_accounts(
    want: &NewAccounts,
    (names, assocs): (&str, &str),
    mut r: Request<'_>,
    c: &mut Cluster,
    changed: Accounts,
) -> CommandOutput {
    if names.is_empty() && r.out.exit == 0 {
        r.out.out_line(" Nothing new added.");
        return r.failed();
    } else if assocs.is_empty() {
        return r.fail(" No associations created.\n");
    }
    r.out.out(&format!(
        " Adding Account(s)\n{names} Settings\n  Description     = Account Name\n  \
Organization    = Parent/Account Name\n Associations\n{assocs}"
    ));
    if want.settings {
        r.out.out_line(" Settings");
        if let Some(s) = want.shares {
            r.out.out_line(&s.line());
        }
    }
    if !r.operator {
        return r.fail(" Problem adding accounts: Access/permission denied\n");
    }
    r.commit(c, changed)
}

/// sacctmgr's line for a word it does not know in `add` or `set`.
fn unknown(word: &str) -> String {
    format!(" Unknown option: {word}\n Use keyword 'where' to modify condition\n")
}

/// What `add user` asks for.
#[derive(Default)]
struct NewUsers {
    names: Vec<String>,
    accounts: Vec<String>,
    default_account: Option<String>,
    shares: Option<Shares>,
    /// Whether the last association word was a setting or condition
    /// (sacctmgr's `limit_set`, overwritten by each): a
    /// ` Non Default Settings` block follows.
    settings: bool,
}

/// `add user NAME[,NAME...] account=A[,A...] [defaultaccount=A]
/// [fairshare=N]`.
pub(super) fn user(c: &mut Cluster, words: &[String], mut r: Request<'_>) -> CommandOutput {
    let want = match read_new_users(words, &r) {
        Ok(want) => want,
        Err(out) => return out,
    };
    if want.names.is_empty() {
        return r.fail(" Need name of user to add.\n");
    }
    if want.accounts.is_empty() {
        return r.fail(" Need name of account to add user to.\n");
    }
    let cluster = c.config.cluster_name.clone();
    let mut changed = c.accounts.clone();
    let (mut users, mut assocs) = (String::new(), String::new());
    let mut first = true;
    for (n, name) in want.names.iter().enumerate() {
        if changed.assocs_of(name).is_empty() {
            if let Some(default) = want.default_account.as_deref().filter(|_| first) {
                if !changed.has_account(default) {
                    r.out.err(&missing_account(default));
                    r.out.exit = 1;
                    continue;
                }
                first = false;
            }
            let question =
                format!("There is no uid for user '{name}'\nAre you sure you want to continue?");
            if c.user(name).is_none() && !r.answers.confirm(&mut r.out, &question) {
                return r.failed();
            }
            users.push_str(&format!("  {name}\n"));
        }
        for account in &want.accounts {
            if !changed.has_account(account) {
                if n == 0 {
                    r.out.err(&missing_account(account));
                    r.out.exit = 1;
                }
                continue;
            }
            if changed.has_assoc(account, name) {
                continue;
            }
            let shares = want.shares.map_or(1, Shares::raw);
            if let Err(e) = changed.add_user_assoc(name, account, shares) {
                return r.refused(&e);
            }
            assocs.push_str(&format!(
                "  U = {name:<9.9} A = {account:<10.10} C = {cluster:<10.10}\n"
            ));
        }
        if let Some(default) = &want.default_account
            && changed.has_assoc(default, name)
            && let Some(u) = changed.users.iter_mut().find(|u| &u.name == name)
        {
            u.default_account.clone_from(default);
        }
    }
    print_new_users(&want, &users, &assocs, r, c, changed)
}

/// The listing, the access check and the commit of `add user`.
fn print_new_users(
    want: &NewUsers,
    users: &str,
    assocs: &str,
    mut r: Request<'_>,
    c: &mut Cluster,
    changed: Accounts,
) -> CommandOutput {
    if users.is_empty() && assocs.is_empty() {
        r.out.out_line(" Nothing new added.");
        return r.failed();
    } else if assocs.is_empty() {
        return r.fail(" No associations or wckeys created.\n");
    }
    if !users.is_empty() {
        r.out.out(&format!(" Adding User(s)\n{users}"));
        if let Some(default) = &want.default_account {
            r.out
                .out(&format!(" Settings =\n  Default Account = {default}\n"));
        }
    }
    r.out.out(&format!(" Associations =\n{assocs}"));
    if want.settings {
        r.out.out_line(" Non Default Settings");
        if let Some(s) = want.shares {
            r.out.out_line(&s.line());
        }
    }
    if !r.operator {
        let what = if users.is_empty() {
            "user associations"
        } else {
            "users"
        };
        return r.fail(&format!(
            " Problem adding {what}: Access/permission denied\n"
        ));
    }
    r.commit(c, changed)
}

/// Reads the words of `add user`, or the output for a mistake.
fn read_new_users(words: &[String], r: &Request<'_>) -> Result<NewUsers, CommandOutput> {
    let mut want = NewUsers::default();
    let mut errors = CommandOutput::default();
    for word in words {
        let (key, value) = pair(word);
        let Some(value) = value else {
            want.names.extend(list(key));
            continue;
        };
        if keyword(key, "Names", 1) || keyword(key, "Users", 1) {
            want.names.extend(list(value));
        } else if keyword(key, "DefaultAccount", 8) {
            if !r.operator {
                errors.err(&format!(
                    " Your user/uid ({0}/{1}) is not AdminLevel >= Operator, you cannot set \
DefaultAccount.\n",
                    r.user, r.uid
                ));
                errors.exit = 1;
                continue;
            }
            let default = value.trim_matches(['"', '\'']).to_owned();
            want.accounts.extend(list(&default));
            want.default_account = Some(default);
        } else if keyword(key, "FairShare", 1) || keyword(key, "Shares", 1) {
            match read_shares(value) {
                Ok(s) => want.shares = Some(s),
                Err(e) => return Err(e.output(&format!(" Unknown option: {word}\n"))),
            }
            want.settings = true;
        } else if keyword(key, "Accounts", 2) || keyword(key, "Acct", 4) {
            want.accounts.extend(list(value));
            want.settings = true;
        } else if unkept(key) {
            return Err(not_simulated(&format!("setting {key}")));
        } else {
            errors.err(&format!(" Unknown option: {word}\n"));
            errors.exit = 1;
        }
    }
    if errors.exit != 0 {
        return Err(errors);
    }
    Ok(want)
}

/// sacctmgr's line for an account that does not exist.
fn missing_account(account: &str) -> String {
    format!(
        " This account '{account}' doesn't exist.\n        Contact your admin to add this account.\n"
    )
}
