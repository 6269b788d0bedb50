//! Undo and redo for the calculator (pure): a bounded stack of whole
//! [`CalculatorInput`] snapshots. Typing in one field is one step, however
//! many keystrokes it takes; any other edit, or typing in another field,
//! starts a new step (egui's `Undoer` keeps whole states the same way).

use super::{CalculatorInput, Field};

/// The most steps [`History`] keeps; the oldest go first.
pub const HISTORY_LIMIT: usize = 100;

/// What kind of edit a step is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// A keystroke in this text field: joins the step before it if that
    /// was typing in the same field.
    Typing(Field),
    /// Anything else (a choice, an added or removed row, a preset).
    Action,
}

/// The states before each step, and those undone.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct History {
    past: Vec<CalculatorInput>,
    future: Vec<CalculatorInput>,
    /// The field being typed in, while its keystrokes make one step.
    typing: Option<Field>,
}

impl History {
    /// Applies `edit` to `input` as one `step` (or the continuation of the
    /// typing step before it). An edit that changes nothing leaves the
    /// history alone.
    pub fn apply(
        &mut self,
        input: &mut CalculatorInput,
        step: Step,
        edit: impl FnOnce(&mut CalculatorInput),
    ) {
        let before = input.clone();
        edit(input);
        if *input == before {
            return;
        }
        let typing = match step {
            Step::Typing(field) => Some(field),
            Step::Action => None,
        };
        if typing.is_none() || typing != self.typing {
            self.past.push(before);
            if self.past.len() > HISTORY_LIMIT {
                self.past.remove(0);
            }
        }
        self.typing = typing;
        self.future.clear();
    }

    /// Whether there is a step to undo.
    pub fn can_undo(&self) -> bool {
        !self.past.is_empty()
    }

    /// Whether there is an undone step to redo.
    pub fn can_redo(&self) -> bool {
        !self.future.is_empty()
    }

    /// Puts `input` back as it was before the last step; `false` if there
    /// was none.
    pub fn undo(&mut self, input: &mut CalculatorInput) -> bool {
        Self::swap(&mut self.past, &mut self.future, input, &mut self.typing)
    }

    /// Does the last undone step again; `false` if there was none.
    pub fn redo(&mut self, input: &mut CalculatorInput) -> bool {
        Self::swap(&mut self.future, &mut self.past, input, &mut self.typing)
    }

    /// Moves `input` onto `to` and the top of `from` into `input`.
    fn swap(
        from: &mut Vec<CalculatorInput>,
        to: &mut Vec<CalculatorInput>,
        input: &mut CalculatorInput,
        typing: &mut Option<Field>,
    ) -> bool {
        let Some(state) = from.pop() else {
            return false;
        };
        to.push(std::mem::replace(input, state));
        // Typing after an undo or redo is a step of its own.
        *typing = None;
        true
    }
}

#[cfg(test)]
mod tests;
