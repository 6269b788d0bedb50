//! Changes to the accounting database, as `sacctmgr add|modify|delete`
//! makes them: accounts and user associations added, shares set, and
//! associations removed with everything below them. Each change rebuilds
//! the association tree from its flat list, so the tree's own checks
//! hold after it or the change is refused and nothing moves. Pure.

use super::{Accounts, User};
use crate::sim::fair_share::{AccountTree, AssocId, AssocSpec, FairShareError, ROOT};

/// The first uid given to a user sacctmgr adds without a login.
const FIRST_NEW_UID: u32 = 1001;

impl Accounts {
    /// Adds account `name` under `parent` with `shares`.
    pub fn add_account(
        &mut self,
        name: &str,
        parent: &str,
        shares: u32,
    ) -> Result<(), FairShareError> {
        let mut specs = self.tree.to_specs();
        specs.push(AssocSpec::account(parent, name, shares));
        self.rebuild(&specs)
    }

    /// Adds `user`'s association with `account`. A user new to the
    /// database charges `account` by default; one without a login gets
    /// the next free uid and a home under `/home`.
    pub fn add_user_assoc(
        &mut self,
        user: &str,
        account: &str,
        shares: u32,
    ) -> Result<(), FairShareError> {
        let mut specs = self.tree.to_specs();
        specs.push(AssocSpec::user(account, user, shares, 0.0));
        self.rebuild(&specs)?;
        let only = self.assocs_of(user).len() == 1;
        if let Some(u) = self.users.iter_mut().find(|u| u.name == user) {
            if u.default_account.is_empty() || only {
                u.default_account = account.to_owned();
            }
        } else {
            let uid = self
                .users
                .iter()
                .map(|u| u.uid.saturating_add(1))
                .max()
                .unwrap_or(FIRST_NEW_UID)
                .max(FIRST_NEW_UID);
            self.users.push(User {
                name: user.to_owned(),
                uid,
                home: format!("/home/{user}"),
                default_account: account.to_owned(),
            });
        }
        Ok(())
    }

    /// Sets the raw shares of one association.
    pub fn set_shares(&mut self, id: &AssocId, shares: u32) -> Result<(), FairShareError> {
        let mut specs = self.tree.to_specs();
        for spec in &mut specs {
            if spec_id(spec) == *id {
                spec.shares = shares;
            }
        }
        self.rebuild(&specs)
    }

    /// Removes associations and every association below them. A user
    /// whose default association goes charges no account by default
    /// until one is set, as in Slurm's database.
    pub fn remove(&mut self, ids: &[AssocId]) -> Result<(), FairShareError> {
        let gone = self.below(ids);
        let specs: Vec<AssocSpec> = self
            .tree
            .to_specs()
            .into_iter()
            .filter(|s| !gone.contains(&spec_id(s)))
            .collect();
        self.rebuild(&specs)?;
        let tree = &self.tree;
        self.tres_usage.retain(|id, _| tree.find(id).is_some());
        for u in &mut self.users {
            let id = AssocId {
                account: u.default_account.clone(),
                user: Some(u.name.clone()),
            };
            if tree.find(&id).is_none() {
                u.default_account.clear();
            }
        }
        Ok(())
    }

    /// `ids` and every association below them, in tree order.
    pub fn below(&self, ids: &[AssocId]) -> Vec<AssocId> {
        let nodes = self.tree.nodes();
        let mut out = Vec::new();
        for &i in self.tree.top_down() {
            let mut at = Some(i);
            while let Some(j) = at {
                if ids.contains(&nodes[j].id) {
                    out.push(nodes[i].id.clone());
                    break;
                }
                at = nodes[j].parent;
            }
        }
        out
    }

    /// The accounts `user` has an association with, in tree order.
    pub fn assocs_of(&self, user: &str) -> Vec<String> {
        self.tree
            .nodes()
            .iter()
            .filter(|n| n.id.user.as_deref() == Some(user))
            .map(|n| n.id.account.clone())
            .collect()
    }

    /// Replaces the tree with one built from `specs`, or leaves it.
    fn rebuild(&mut self, specs: &[AssocSpec]) -> Result<(), FairShareError> {
        self.tree = AccountTree::from_specs(specs)?;
        Ok(())
    }
}

/// The association a flat-list line describes.
fn spec_id(spec: &AssocSpec) -> AssocId {
    if spec.is_user {
        AssocId {
            account: spec.parent.clone(),
            user: Some(spec.name.clone()),
        }
    } else {
        AssocId {
            account: if spec.parent.is_empty() {
                ROOT.to_owned()
            } else {
                spec.name.clone()
            },
            user: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn account(name: &str) -> AssocId {
        AssocId {
            account: name.to_owned(),
            user: None,
        }
    }

    #[test]
    fn accounts_and_users_are_added_and_removed_with_their_subtrees() {
        let mut a = Accounts::reference().unwrap_or_else(|e| panic!("{e}"));
        a.add_account("team-c", "team-a", 2)
            .unwrap_or_else(|e| panic!("{e}"));
        a.add_user_assoc("carol", "team-c", 1)
            .unwrap_or_else(|e| panic!("{e}"));
        let carol = a.user("carol").cloned();
        assert_eq!(
            carol.map(|u| (u.uid, u.default_account)),
            Some((1003, "team-c".to_owned()))
        );
        assert!(a.account_within("team-c", "team-a"));
        assert_eq!(
            a.add_account("team-c", "root", 1),
            Err(FairShareError::DuplicateAssociation {
                assoc: "account team-c".to_owned()
            })
        );
        a.remove(&[account("team-a")])
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(!a.has_account("team-c"));
        assert!(!a.has_assoc("team-c", "carol"));
        assert_eq!(
            a.user("alice").map(|u| u.default_account.as_str()),
            Some("")
        );
        a.set_shares(&account("team-b"), 7)
            .unwrap_or_else(|e| panic!("{e}"));
        let i = a.tree.find(&account("team-b")).unwrap_or(0);
        assert_eq!(a.tree.nodes()[i].shares, 7);
    }
}
