//! Undo and redo: steps, coalesced typing, the bound.

use super::super::{Column, Orphans, Scalar, preset};
use super::*;
use crate::quantity::DecimalMark;

fn two_teams() -> CalculatorInput {
    preset("two-teams", DecimalMark::Point).unwrap_or_else(|| panic!("preset"))
}

#[test]
fn typing_in_one_field_is_one_step() {
    let start = two_teams();
    let mut input = start.clone();
    let mut h = History::default();
    assert!(!h.can_undo() && !h.can_redo());
    let name = Field::Assoc(2, Column::Name);
    for text in ["team-", "team-a", "team-a2"] {
        h.apply(&mut input, Step::Typing(name), |i| {
            i.set_text(name, text.into())
        });
    }
    let typed = input.clone();
    assert!(h.undo(&mut input));
    assert_eq!(input, start);
    assert!(!h.undo(&mut input), "nothing more to undo");
    assert!(h.redo(&mut input));
    assert_eq!(input, typed);
    assert!(!h.redo(&mut input));
}

#[test]
fn other_fields_and_actions_are_steps_of_their_own() {
    let mut input = two_teams();
    let mut h = History::default();
    let shares = Field::Assoc(0, Column::Shares);
    let age = Field::Scalar(Scalar::JobAge);
    h.apply(&mut input, Step::Typing(shares), |i| {
        i.set_text(shares, "5".into())
    });
    h.apply(&mut input, Step::Typing(age), |i| {
        i.set_text(age, "3".into())
    });
    let before_remove = input.clone();
    h.apply(&mut input, Step::Action, |i| i.remove(0, Orphans::MoveUp));
    // Typing in the same field again after an action is a new step.
    h.apply(&mut input, Step::Typing(age), |i| {
        i.set_text(age, "4".into())
    });
    h.apply(&mut input, Step::Typing(age), |i| {
        i.set_text(age, "4".into())
    });
    assert!(h.undo(&mut input));
    assert!(h.undo(&mut input));
    assert_eq!(input, before_remove);
    assert!(h.undo(&mut input));
    assert_eq!(input.scalar(Scalar::JobAge), "2");
    assert_eq!(input.text(shares), Some("5"));
    // A new edit after an undo drops what was undone.
    h.apply(&mut input, Step::Action, |i| i.qos_cap = true);
    assert!(!h.can_redo());
    // An edit that changes nothing is no step.
    let mut quiet = History::default();
    quiet.apply(&mut input, Step::Action, |_| {});
    assert!(!quiet.can_undo());
}

#[test]
fn the_history_is_bounded() {
    let mut input = two_teams();
    let mut h = History::default();
    for n in 0..HISTORY_LIMIT + 20 {
        h.apply(&mut input, Step::Action, |i| {
            i.set_text(Field::Scalar(Scalar::JobAge), n.to_string());
        });
    }
    let mut undone = 0;
    while h.undo(&mut input) {
        undone += 1;
    }
    assert_eq!(undone, HISTORY_LIMIT);
    assert_eq!(input.scalar(Scalar::JobAge), "19");
}
