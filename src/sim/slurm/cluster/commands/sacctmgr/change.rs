//! What `sacctmgr add`, `modify` and `delete` share: the request's
//! context (who asks, the answers to questions, the output so far), the
//! words of a command line (`key=value`, comma lists, `FairShare`
//! values as `get_uint` in `src/sacctmgr/common.c` reads them) and
//! putting a changed database in place, which recomputes the pending
//! jobs' priorities so `sprio` and `sshare` show the change at once.

use super::super::super::Cluster;
use super::super::super::accounts::Accounts;
use super::super::super::output::CommandOutput;
use super::commit::Answers;
use crate::sim::fair_share::{AssocId, FairShareError};

/// One add, modify or delete request.
pub(super) struct Request<'a> {
    /// The caller may change the database (root or an operator).
    pub(super) operator: bool,
    /// The caller's login and uid.
    pub(super) user: &'a str,
    pub(super) uid: u32,
    /// Answers to sacctmgr's questions.
    pub(super) answers: Answers<'a>,
    /// What has been printed so far.
    pub(super) out: CommandOutput,
}

impl Request<'_> {
    /// Ends the request with `text` on stderr and exit status 1.
    pub(super) fn fail(mut self, text: &str) -> CommandOutput {
        self.out.err(text);
        self.out.exit = 1;
        self.out
    }

    /// Ends the request with exit status 1 and what it printed.
    pub(super) fn failed(mut self) -> CommandOutput {
        self.out.exit = 1;
        self.out
    }

    /// Asks to commit `changed`; puts it in place if yes.
    pub(super) fn commit(mut self, c: &mut Cluster, changed: Accounts) -> CommandOutput {
        if self.answers.commit(&mut self.out) {
            *c.accounts_mut() = changed;
            c.reprioritize();
        }
        self.out
    }

    /// Refuses a change the fair-share tree cannot hold (which Slurm
    /// would accept, e.g. usage left without shares).
    pub(super) fn refused(self, e: &FairShareError) -> CommandOutput {
        self.fail(&format!("sacctmgr: this change is not simulated: {e}\n"))
    }
}

/// A word as `key` and its value (`key=value`, `key+=value`), or the
/// bare word and `None`.
pub(super) fn pair(word: &str) -> (&str, Option<&str>) {
    match word.split_once('=') {
        Some((key, value)) => (key.trim_end_matches(['+', '-']), Some(value)),
        None => (word, None),
    }
}

/// A comma-separated list without its quotes and empty items.
pub(super) fn list(value: &str) -> Vec<String> {
    value
        .split(',')
        .map(|s| s.trim_matches(['"', '\'']))
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

/// A `FairShare=` value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Shares {
    /// A number of shares.
    Set(u32),
    /// A negative number: back to the default of 1, printed `NONE`.
    Clear,
}

impl Shares {
    /// The raw shares stored.
    pub(super) fn raw(self) -> u32 {
        match self {
            Self::Set(n) => n,
            Self::Clear => 1,
        }
    }

    /// The `  Fairshare     = N` line of a change's settings.
    pub(super) fn line(self) -> String {
        match self {
            Self::Set(n) => format!("  Fairshare     = {n}"),
            Self::Clear => "  Fairshare     = NONE".to_owned(),
        }
    }
}

/// Why a `FairShare=` value was not taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum SharesError {
    /// Not a number: the line sacctmgr prints.
    Invalid(String),
    /// `parent`: this model has no shares taken from the parent.
    Parent,
}

impl SharesError {
    /// The output for a refused value: sacctmgr's line, then `then`.
    pub(super) fn output(&self, then: &str) -> CommandOutput {
        match self {
            Self::Invalid(line) => CommandOutput::failure(&format!("{line}{then}"), 1),
            Self::Parent => not_simulated("FairShare=parent"),
        }
    }
}

/// Reads a `FairShare=` value as `strtol` does: leading digits, any
/// sign; text with no number before it is an error.
pub(super) fn read_shares(value: &str) -> Result<Shares, SharesError> {
    let text = value.trim_matches(['"', '\'']);
    if text.len() >= 6 && text.is_char_boundary(6) && text[..6].eq_ignore_ascii_case("parent") {
        return Err(SharesError::Parent);
    }
    let body = text.trim_start();
    let (negative, digits) = match body.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, body.strip_prefix('+').unwrap_or(body)),
    };
    let end = digits
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(digits.len());
    let number: u64 = digits[..end].bytes().fold(0, |n, d| {
        n.saturating_mul(10).saturating_add(u64::from(d - b'0'))
    });
    if number == 0 && (end < digits.len() || end == 0 && !text.is_empty()) {
        return Err(SharesError::Invalid(format!(
            "sacctmgr: error: Invalid value for FairShare ({text})\n"
        )));
    }
    Ok(if negative && number > 0 {
        Shares::Clear
    } else {
        // strtol's long is cast to uint32_t: the low 32 bits.
        Shares::Set((number & u64::from(u32::MAX)) as u32)
    })
}

/// A user association.
pub(super) fn user_assoc(account: &str, user: &str) -> AssocId {
    AssocId {
        account: account.to_owned(),
        user: Some(user.to_owned()),
    }
}

/// An account's own association.
pub(super) fn account_assoc(account: &str) -> AssocId {
    AssocId {
        account: account.to_owned(),
        user: None,
    }
}

/// slurmdbd's refusal to remove associations that pending or running
/// jobs charge: the jobs, one line each, on stderr.
pub(super) fn jobs_active(c: &Cluster, gone: &[AssocId]) -> Option<String> {
    let cluster = &c.config.cluster_name;
    let mut lines = String::new();
    for job in c.jobs().values() {
        let active = !job.state.is_finished();
        if active && gone.contains(&user_assoc(&job.account, &job.user)) {
            lines.push_str(&format!(
                "  JobID = {:<10} C = {cluster:<10} A = {:<10} U = {:<9}\n",
                job.id, job.account, job.user
            ));
        }
    }
    (!lines.is_empty()).then(|| {
        format!(" Error with request: Job(s) active, cancel job(s) before remove\n{lines}")
    })
}

/// slurmdbd's check before removing user associations
/// (`_check_is_def_acct_before_remove`): the removed ones sorted by
/// user, non-default first; once a non-default one has been seen, each
/// default one after it (of any user: 22.05 never resets the flag) is
/// refused. Returns those, as slurmdbd lists them.
pub(super) fn default_refusals(c: &Cluster, removed: &[AssocId]) -> Vec<String> {
    let mut rows: Vec<(&str, bool, &str)> = removed
        .iter()
        .filter_map(|id| {
            let user = id.user.as_deref()?;
            let is_def = c.accounts.user(user).map(|u| u.default_account.as_str())
                == Some(id.account.as_str());
            Some((user, is_def, id.account.as_str()))
        })
        .collect();
    crate::sort::by(&mut rows, |a, b| (a.0, a.1).cmp(&(b.0, b.1)));
    let mut other = false;
    let mut out = Vec::new();
    for (user, is_def, account) in rows {
        if !is_def {
            other = true;
        } else if other {
            out.push(format!(
                "C = {:<15} A = {account:<10} U = {user:<9}",
                c.config.cluster_name
            ));
        }
    }
    out
}

/// Every account association and user association, in the database's
/// order (the tree's, as `sacctmgr show assoc` lists them).
pub(super) fn all_assocs(accounts: &Accounts) -> Vec<AssocId> {
    let nodes = accounts.tree.nodes();
    let mut out = Vec::new();
    let mut stack = vec![0];
    while let Some(i) = stack.pop() {
        out.push(nodes[i].id.clone());
        stack.extend(nodes[i].children.iter().rev());
    }
    out
}

/// Keys sacctmgr knows for an association that this model does not keep
/// (limits, QOS, partitions ...): a change naming one is not simulated.
pub(super) fn unkept(key: &str) -> bool {
    let k = key.to_ascii_lowercase();
    [
        "grp",
        "max",
        "min",
        "qos",
        "defaultqos",
        "priority",
        "partition",
        "description",
        "organization",
        "adminlevel",
        "defaultwckey",
        "wckey",
        "parent",
        "cluster",
        "rawusage",
        "comment",
        "newname",
        "defaultaccount",
    ]
    .iter()
    .any(|p| k.starts_with(p))
}

/// The answer for a part of sacctmgr this model does not change.
pub(super) fn not_simulated(what: &str) -> CommandOutput {
    CommandOutput::failure(&format!("sacctmgr: {what} is not simulated yet\n"), 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fairshare_values_are_read_as_strtol_reads_them() {
        assert_eq!(read_shares("50"), Ok(Shares::Set(50)));
        assert_eq!(read_shares("12abc"), Ok(Shares::Set(12)));
        assert_eq!(read_shares("-1"), Ok(Shares::Clear));
        assert_eq!(read_shares("0"), Ok(Shares::Set(0)));
        assert_eq!(
            read_shares("abc"),
            Err(SharesError::Invalid(
                "sacctmgr: error: Invalid value for FairShare (abc)\n".to_owned()
            ))
        );
        assert_eq!(read_shares("parent"), Err(SharesError::Parent));
    }
}
