//! Editing the account tree (pure). Each row has an identity apart from
//! its name ([`RowId`]) and refers to its parent by that identity, so a
//! rename never moves anything: typing "team-a2" over "team-b" may pass
//! through a name that clashes with another account, which is an error on
//! that name while every row keeps its parent. The address and the presets
//! name parents; [`link`] turns names into identities once, on load.

use serde::{Deserialize, Serialize};

use super::{AssocInput, CalculatorInput, Column, Field, MAX_ASSOCS};
use crate::sim::fair_share::UserAssoc;
use crate::sim::fair_share::tree::ROOT;

/// A row's identity: stable while the reader renames, moves and edits it,
/// unique within one [`CalculatorInput`].
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct RowId(pub u32);

/// Where an association hangs.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Parent {
    /// Directly under `root`.
    #[default]
    Root,
    /// Under the account with this identity.
    Account(RowId),
    /// A parent named (in an address) that is no account of the tree; kept
    /// as typed so that its error shows.
    Missing(String),
}

/// An association as written with names, in an address or a preset.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NamedAssoc {
    /// A user rather than an account.
    pub is_user: bool,
    /// The account or user name.
    pub name: String,
    /// The parent account's name (`root` for the top).
    pub parent: String,
    /// Raw shares as typed.
    pub shares: String,
    /// Usage in GPU-hours as typed.
    pub usage: String,
}

/// What becomes of an account's children when it is removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Orphans {
    /// They move up to the removed account's parent.
    MoveUp,
    /// They are removed with it, and their own children too.
    Remove,
}

/// Rows numbered `0..` in order, each parent resolved by name: `root`, the
/// first account so called (not the row itself), or else
/// [`Parent::Missing`].
pub fn link(rows: Vec<NamedAssoc>) -> Vec<AssocInput> {
    let ids: Vec<RowId> = (0..rows.len())
        .map(|i| RowId(u32::try_from(i).unwrap_or(u32::MAX)))
        .collect();
    let parents: Vec<Parent> = rows
        .iter()
        .enumerate()
        .map(|(row, r)| {
            let name = r.parent.trim();
            if name == ROOT {
                return Parent::Root;
            }
            rows.iter()
                .zip(&ids)
                .enumerate()
                .find(|(other, (a, _))| *other != row && !a.is_user && a.name.trim() == name)
                .map_or_else(
                    || Parent::Missing(r.parent.clone()),
                    |(_, (_, id))| Parent::Account(*id),
                )
        })
        .collect();
    rows.into_iter()
        .zip(ids)
        .zip(parents)
        .map(|((r, id), parent)| AssocInput {
            id,
            is_user: r.is_user,
            name: r.name,
            parent,
            shares: r.shares,
            usage: r.usage,
        })
        .collect()
}

impl AssocInput {
    /// The text of a column that holds text (the parent is an identity).
    fn text_mut(&mut self, column: Column) -> Option<&mut String> {
        match column {
            Column::Name => Some(&mut self.name),
            Column::Shares => Some(&mut self.shares),
            Column::Usage => Some(&mut self.usage),
            Column::Parent => None,
        }
    }
}

impl CalculatorInput {
    /// The row of the association `id`.
    pub fn row_of(&self, id: RowId) -> Option<usize> {
        self.assocs.iter().position(|a| a.id == id)
    }

    /// The name of `parent` as the reader sees it.
    pub fn parent_name<'a>(&'a self, parent: &'a Parent) -> &'a str {
        match parent {
            Parent::Root => ROOT,
            Parent::Account(id) => self
                .row_of(*id)
                .and_then(|row| self.assocs.get(row))
                .map_or("", |a| a.name.as_str()),
            Parent::Missing(name) => name,
        }
    }

    /// The job's user and account by name, if the job is a user of the tree.
    pub fn job_assoc(&self) -> Option<UserAssoc> {
        let a = self.assocs.get(self.row_of(self.job?)?)?;
        a.is_user
            .then(|| UserAssoc::new(self.parent_name(&a.parent).trim(), a.name.trim()))
    }

    /// The first user row called `assoc.user` under an account called
    /// `assoc.account`.
    pub fn find_user(&self, assoc: &UserAssoc) -> Option<RowId> {
        self.assocs
            .iter()
            .find(|a| {
                a.is_user
                    && a.name.trim() == assoc.user
                    && self.parent_name(&a.parent).trim() == assoc.account
            })
            .map(|a| a.id)
    }

    /// Every user with its row's identity, in the reader's order.
    pub fn users(&self) -> Vec<(RowId, UserAssoc)> {
        self.assocs
            .iter()
            .filter(|a| a.is_user)
            .map(|a| {
                let parent = self.parent_name(&a.parent);
                (a.id, UserAssoc::new(parent, &a.name))
            })
            .collect()
    }

    /// Every account with its name, in the reader's order.
    pub fn accounts(&self) -> Vec<(RowId, String)> {
        self.assocs
            .iter()
            .filter(|a| !a.is_user)
            .map(|a| (a.id, a.name.clone()))
            .collect()
    }

    /// The rows below the account `id` (children first, then theirs),
    /// bounded so that a cycle ends.
    pub fn descendants(&self, id: RowId) -> Vec<RowId> {
        let mut found: Vec<RowId> = Vec::new();
        let mut level = vec![id];
        for _ in 0..=MAX_ASSOCS {
            level = self
                .assocs
                .iter()
                .filter(|a| {
                    matches!(a.parent, Parent::Account(p) if level.contains(&p))
                        && a.id != id
                        && !found.contains(&a.id)
                })
                .map(|a| a.id)
                .collect();
            if level.is_empty() {
                break;
            }
            found.extend(&level);
        }
        found
    }

    /// The parents the row may take: `root` and every account that is
    /// neither the row nor below it (which would make a cycle).
    pub fn parent_choices(&self, row: usize) -> Vec<Parent> {
        let Some(me) = self.assocs.get(row) else {
            return Vec::new();
        };
        let below = self.descendants(me.id);
        std::iter::once(Parent::Root)
            .chain(
                self.assocs
                    .iter()
                    .filter(|a| !a.is_user && a.id != me.id && !below.contains(&a.id))
                    .map(|a| Parent::Account(a.id)),
            )
            .collect()
    }

    /// The text of a cell; a parent cell reads its parent's name.
    pub(super) fn cell(&self, row: usize, column: Column) -> Option<&str> {
        self.assocs.get(row).map(|a| match column {
            Column::Name => a.name.as_str(),
            Column::Parent => self.parent_name(&a.parent),
            Column::Shares => a.shares.as_str(),
            Column::Usage => a.usage.as_str(),
        })
    }

    /// Sets a text field. A name is only a name: renaming moves nothing.
    /// Text for a parent cell is read as a name, as [`link`] reads it.
    pub fn set_text(&mut self, field: Field, text: String) {
        match field {
            Field::Scalar(s) => self.scalars[s.index()] = text,
            Field::Assoc(row, Column::Parent) => {
                let Some(me) = self.assocs.get(row).map(|a| a.id) else {
                    return;
                };
                let name = text.trim();
                let parent = if name == ROOT {
                    Parent::Root
                } else {
                    self.assocs
                        .iter()
                        .find(|a| !a.is_user && a.id != me && a.name.trim() == name)
                        .map_or(Parent::Missing(text.clone()), |a| Parent::Account(a.id))
                };
                self.set_parent(row, parent);
            }
            Field::Assoc(row, column) => {
                if let Some(cell) = self.assocs.get_mut(row).and_then(|a| a.text_mut(column)) {
                    *cell = text;
                }
            }
            Field::JobAssoc | Field::Tree => {}
        }
    }

    /// Moves the row under `parent`.
    pub fn set_parent(&mut self, row: usize, parent: Parent) {
        if let Some(a) = self.assocs.get_mut(row) {
            a.parent = parent;
        }
    }

    /// Adds an association under `parent` with a name not yet used, right
    /// after the parent's last row below it (at the end under `root`), and
    /// returns its row.
    pub fn add(&mut self, is_user: bool, parent: Parent) -> usize {
        let stem = if is_user { "user" } else { "team" };
        let name = (1..)
            .map(|n| format!("{stem}-{n}"))
            .find(|n| !self.assocs.iter().any(|a| &a.name == n))
            .unwrap_or_default();
        let id = RowId(
            self.assocs
                .iter()
                .map(|a| a.id.0.saturating_add(1))
                .max()
                .unwrap_or(0),
        );
        let at = match &parent {
            Parent::Account(p) => {
                let family: Vec<RowId> = std::iter::once(*p).chain(self.descendants(*p)).collect();
                self.assocs
                    .iter()
                    .rposition(|a| family.contains(&a.id))
                    .map_or(self.assocs.len(), |last| last + 1)
            }
            Parent::Root | Parent::Missing(_) => self.assocs.len(),
        };
        self.assocs.insert(
            at,
            AssocInput {
                id,
                is_user,
                name,
                parent,
                shares: "1".to_owned(),
                usage: if is_user {
                    "0".to_owned()
                } else {
                    String::new()
                },
            },
        );
        at
    }

    /// Removes the association at `row`, if it exists; its children move
    /// up or go with it, as `orphans` says. A job whose user goes has no
    /// user any more (an error on the job's field).
    pub fn remove(&mut self, row: usize, orphans: Orphans) {
        let Some(gone) = self.assocs.get(row).cloned() else {
            return;
        };
        let mut removed = vec![gone.id];
        match orphans {
            Orphans::MoveUp => {
                for a in &mut self.assocs {
                    if a.parent == Parent::Account(gone.id) {
                        a.parent = gone.parent.clone();
                    }
                }
            }
            Orphans::Remove => removed.extend(self.descendants(gone.id)),
        }
        self.assocs.retain(|a| !removed.contains(&a.id));
        if self.job.is_some_and(|job| removed.contains(&job)) {
            self.job = None;
        }
    }
}

#[cfg(test)]
mod tests;
