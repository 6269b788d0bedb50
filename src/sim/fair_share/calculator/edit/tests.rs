//! Issue 16's tree edits: a rename through a clash, removing an account
//! with children, adding under a chosen parent.

use super::super::{CalcError, Field, calculate, preset};
use super::*;
use crate::quantity::DecimalMark;

fn two_teams() -> CalculatorInput {
    preset("two-teams", DecimalMark::Point).unwrap_or_else(|| panic!("preset"))
}

fn parent_of(i: &CalculatorInput, name: &str) -> String {
    let a = i.assocs.iter().find(|a| a.name == name);
    a.map(|a| i.parent_name(&a.parent).to_owned())
        .unwrap_or_else(|| panic!("no row {name}"))
}

fn errors(i: &CalculatorInput) -> Vec<(Field, CalcError)> {
    calculate(i, DecimalMark::Point).map_or_else(|e| e.into_iter().collect(), |_| Vec::new())
}

#[test]
fn renaming_through_a_clash_moves_no_one() {
    let mut i = two_teams();
    let name = Field::Assoc(2, Column::Name);
    // Typed as a reader types: delete "b", then "a", then "2".
    i.set_text(name, "team-".into());
    i.set_text(name, "team-a".into());
    let clash = errors(&i);
    assert!(clash.contains(&(name, CalcError::Duplicate)), "{clash:?}");
    assert!(clash.contains(&(Field::Assoc(0, Column::Name), CalcError::Duplicate)));
    assert_eq!(parent_of(&i, "alice"), "team-a");
    assert_eq!(i.assocs[1].parent, Parent::Account(i.assocs[0].id));
    assert_eq!(i.assocs[3].parent, Parent::Account(i.assocs[2].id));
    i.set_text(name, "team-a2".into());
    assert_eq!(errors(&i), []);
    assert_eq!(parent_of(&i, "alice"), "team-a");
    assert_eq!(parent_of(&i, "bob"), "team-a2");
    assert_eq!(i.job_assoc(), Some(UserAssoc::new("team-a2", "bob")));
    let c = calculate(&i, DecimalMark::Point).unwrap_or_else(|e| panic!("{e:?}"));
    let under = |user: &str| {
        c.rows
            .iter()
            .find(|r| r.user.as_deref() == Some(user))
            .map(|r| r.account.clone())
    };
    assert_eq!(under("alice").as_deref(), Some("team-a"));
    assert_eq!(under("bob").as_deref(), Some("team-a2"));
}

#[test]
fn a_user_twice_in_one_account_is_a_clash_on_both() {
    let mut i = two_teams();
    let row = i.add(true, Parent::Account(i.assocs[0].id));
    assert_eq!(row, 2, "right after team-a's rows");
    i.set_text(Field::Assoc(row, Column::Name), "alice".into());
    let e = errors(&i);
    assert!(e.contains(&(Field::Assoc(1, Column::Name), CalcError::Duplicate)));
    assert!(e.contains(&(Field::Assoc(2, Column::Name), CalcError::Duplicate)));
    // The same name in another account is another association.
    i.set_parent(row, Parent::Account(i.assocs[3].id));
    assert_eq!(errors(&i), []);
}

#[test]
fn a_new_user_goes_under_the_parent_chosen() {
    let mut i = two_teams();
    let team_b = i.assocs[2].id;
    let row = i.add(true, Parent::Account(team_b));
    assert_eq!(row, 4, "after bob");
    assert_eq!(parent_of(&i, "user-1"), "team-b");
    let row = i.add(false, Parent::Account(team_b));
    assert_eq!((row, parent_of(&i, "team-1")), (5, "team-b".to_owned()));
    let row = i.add(false, Parent::Root);
    assert_eq!((row, parent_of(&i, "team-2")), (6, "root".to_owned()));
    let ids: Vec<RowId> = i.assocs.iter().map(|a| a.id).collect();
    let mut unique = ids.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), ids.len(), "every row has its own identity");
}

#[test]
fn removing_an_account_moves_its_children_up_or_removes_them() {
    let mut i = two_teams();
    let team_a = i.assocs[0].id;
    let sub = i.add(false, Parent::Account(team_a));
    i.set_text(Field::Assoc(sub, Column::Name), "sub".into());
    let carl = i.add(true, Parent::Account(i.assocs[sub].id));
    i.set_text(Field::Assoc(carl, Column::Name), "carl".into());

    let mut up = i.clone();
    up.remove(sub, Orphans::MoveUp);
    assert_eq!(parent_of(&up, "carl"), "team-a");
    up.remove(0, Orphans::MoveUp);
    assert_eq!(parent_of(&up, "alice"), "root");
    assert_eq!(parent_of(&up, "carl"), "root");

    let mut gone = i.clone();
    gone.remove(0, Orphans::Remove);
    let names: Vec<&str> = gone.assocs.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["team-b", "bob"]);
    // No row is left pointing at an account that is gone.
    assert!(
        gone.assocs
            .iter()
            .all(|a| !matches!(a.parent, Parent::Account(p) if gone.row_of(p).is_none()))
    );

    // Removing the job's user leaves the job without one, which is said.
    let mut j = two_teams();
    j.remove(2, Orphans::Remove);
    assert_eq!(j.job, None);
    assert!(errors(&j).contains(&(Field::JobAssoc, CalcError::NoSuchUser)));
    j.remove(99, Orphans::Remove);
    assert_eq!(j.assocs.len(), 2);
}

#[test]
fn an_account_cannot_choose_itself_or_a_descendant_as_parent() {
    let mut i = two_teams();
    let team_a = i.assocs[0].id;
    let sub = i.add(false, Parent::Account(team_a));
    let choices = i.parent_choices(0);
    assert_eq!(choices, [Parent::Root, Parent::Account(i.assocs[3].id)]);
    assert_eq!(i.parent_choices(sub).len(), 3, "root, team-a, team-b");
    assert_eq!(i.parent_choices(99), []);
}

#[test]
fn names_link_to_identities_on_load() {
    let named = |is_user: bool, name: &str, parent: &str| NamedAssoc {
        is_user,
        name: name.into(),
        parent: parent.into(),
        ..NamedAssoc::default()
    };
    let rows = link(vec![
        named(true, "alice", "team-a"),
        named(false, "team-a", "root"),
        named(true, "x", "nowhere"),
        named(false, "loop", "loop"),
    ]);
    assert_eq!(rows[0].parent, Parent::Account(RowId(1)));
    assert_eq!(rows[1].parent, Parent::Root);
    assert_eq!(rows[2].parent, Parent::Missing("nowhere".into()));
    // An account is never its own parent, even when an address says so.
    assert_eq!(rows[3].parent, Parent::Missing("loop".into()));
}
