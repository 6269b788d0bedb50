//! The conditions of `sacctmgr modify|delete account|user` (each
//! entity's `_set_cond` in `src/sacctmgr/*_functions.c`) and the
//! associations they select.

use super::super::super::Cluster;
use super::super::super::accounts::Accounts;
use super::super::super::output::CommandOutput;
use super::super::keyword;
use super::change::{all_assocs, list, not_simulated, pair, unkept};
use crate::sim::fair_share::AssocId;

/// Accounts or users.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Account,
    User,
}

/// What the conditions name.
#[derive(Debug, Default)]
pub(super) struct Selection {
    /// Account or user names.
    pub(super) names: Vec<String>,
    /// `account=` of users.
    pub(super) accounts: Vec<String>,
    /// A name was given (sacctmgr's `SA_SET_USER`).
    pub(super) by_name: bool,
    /// An association condition was given (`SA_SET_ASSOC`).
    pub(super) by_assoc: bool,
}

/// Why a condition word was not taken.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum CondError {
    /// sacctmgr does not know it.
    Unknown,
    /// sacctmgr knows it; this model does not keep it.
    Unkept(String),
}

impl Selection {
    /// Reads a condition word into the selection, or adds sacctmgr's
    /// line for it to `out` (exit 1); a condition this model does not
    /// keep ends the command with its own output.
    pub(super) fn take(
        &mut self,
        c: &Cluster,
        kind: Kind,
        word: &str,
        out: &mut CommandOutput,
    ) -> Result<(), CommandOutput> {
        match self.read(c, kind, word) {
            Ok(()) => {}
            Err(CondError::Unkept(key)) => {
                return Err(not_simulated(&format!("selecting by {key}")));
            }
            Err(CondError::Unknown) => {
                out.err(&format!(
                    " Unknown condition: {word}\n Use keyword 'set' to modify value\n"
                ));
                out.exit = 1;
            }
        }
        Ok(())
    }

    /// Reads one condition word of `kind`.
    fn read(&mut self, c: &Cluster, kind: Kind, word: &str) -> Result<(), CondError> {
        let (key, value) = pair(word);
        let Some(value) = value else {
            if !keyword(key, "where", 5) {
                self.names.extend(list(key));
                self.by_name = true;
            }
            return Ok(());
        };
        let name_keys: &[(&str, usize)] = match kind {
            Kind::Account => &[("Names", 1), ("Accounts", 1), ("Acct", 4)],
            Kind::User => &[("Names", 1), ("Users", 1)],
        };
        if name_keys.iter().any(|&(full, min)| keyword(key, full, min)) {
            self.names.extend(list(value));
            self.by_name = true;
        } else if kind == Kind::User && (keyword(key, "Accounts", 2) || keyword(key, "Acct", 4)) {
            self.accounts.extend(list(value));
            self.by_assoc = true;
        } else if keyword(key, "Clusters", 1)
            && list(value).iter().all(|v| *v == c.config.cluster_name)
        {
            self.by_assoc = true;
        } else if unkept(key) {
            return Err(CondError::Unkept(key.to_owned()));
        } else {
            return Err(CondError::Unknown);
        }
        Ok(())
    }

    /// The selected associations, in the database's order: accounts'
    /// own associations, or users' associations.
    pub(super) fn assocs(&self, accounts: &Accounts, kind: Kind) -> Vec<AssocId> {
        let named = |n: &str| self.names.is_empty() || self.names.iter().any(|x| x == n);
        all_assocs(accounts)
            .into_iter()
            .filter(|id| match (kind, &id.user) {
                (Kind::Account, None) => named(&id.account),
                (Kind::User, Some(user)) => {
                    named(user) && (self.accounts.is_empty() || self.accounts.contains(&id.account))
                }
                _ => false,
            })
            .collect()
    }
}
