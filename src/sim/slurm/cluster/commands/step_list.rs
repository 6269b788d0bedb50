//! The items of a `-j` list (sacct, sstat), read as Slurm 22.05's
//! `slurm_addto_step_list` and `slurm_parse_step_str` read them
//! (`src/common/slurm_protocol_defs.c`): `ID[_TASK|+OFFSET][.STEP]`,
//! with their fatal refusals.

use super::super::output::CommandOutput;
use super::super::state::StepId;
use crate::sim::slurm::c_num;

/// A step named after the dot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum StepKind {
    Batch,
    Extern,
    Interactive,
    Numbered(u32),
}

impl StepKind {
    /// Whether a step of this model is the one named (it has no extern
    /// or interactive steps).
    pub(super) fn is(self, id: StepId) -> bool {
        match (id, self) {
            (StepId::Batch, Self::Batch) => true,
            (StepId::Numbered(n), Self::Numbered(m)) => n == m,
            _ => false,
        }
    }
}

/// One item of a `-j` list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Selected {
    /// The digits before any `_`, `+` or `.` (C's `atoi`).
    pub(super) job: u32,
    /// `_TASK`: one task of an array.
    pub(super) task: Option<u32>,
    /// `+OFFSET`: one component of a heterogeneous job.
    pub(super) het_offset: Option<u32>,
    /// `.STEP`; `None` names the whole job.
    pub(super) step: Option<StepKind>,
}

/// Reads one item of `prog`'s `-j` list, or its fatal refusal: an item
/// not starting with a digit, a step that is not `batch`, `extern`,
/// `interactive` or a number, or a task or offset not starting with a
/// digit. Slurm has cut the item at the dot (and at `_` or `+`) when it
/// names it, so the refusal shows only the part before.
pub(super) fn parse(prog: &str, name: &str) -> Result<Selected, CommandOutput> {
    let bad = |what: &str, shown: &str| {
        CommandOutput::failure(
            &format!("{prog}: fatal: Bad {what} specified: {shown}\n"),
            1,
        )
    };
    if !starts_with_digit(name) {
        return Err(bad("job/step", name));
    }
    let (job, step_text) = match name.split_once('.') {
        Some((job, step)) => (job, Some(step)),
        None => (name, None),
    };
    let step = match step_text {
        None => None,
        Some("batch") => Some(StepKind::Batch),
        Some("extern") => Some(StepKind::Extern),
        Some("interactive") => Some(StepKind::Interactive),
        Some(s) if starts_with_digit(s) => Some(StepKind::Numbered(atoi(s))),
        Some(_) => return Err(bad("step", job)),
    };
    let mut item = Selected {
        job: atoi(job),
        task: None,
        het_offset: None,
        step,
    };
    // A `+` after the step is its het component, and then the job's `+`
    // is not looked for.
    let step_plus = step_text.is_some_and(|s| s.contains('+'));
    if let Some((id, task)) = job.split_once('_') {
        if !starts_with_digit(task) {
            return Err(bad("job array element", id));
        }
        item.task = Some(atoi(task));
    } else if let Some((id, offset)) = job.split_once('+').filter(|_| !step_plus) {
        if !starts_with_digit(offset) {
            return Err(bad("hetjob offset", id));
        }
        item.het_offset = Some(atoi(offset));
    }
    Ok(item)
}

fn starts_with_digit(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_digit())
}

/// C's `atoi` as an id: 0 for none, or past `u32`.
pub(super) fn atoi(text: &str) -> u32 {
    u32::try_from(c_num::atoi(text)).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(name: &str) -> String {
        match parse("sacct", name) {
            Err(out) => out.text(super::super::super::output::Stream::Stderr),
            Ok(item) => panic!("{name} read as {item:?}"),
        }
    }

    #[test]
    fn items_read_as_slurm_parse_step_str_reads_them() {
        let item = |job, task, het_offset, step| Selected {
            job,
            task,
            het_offset,
            step,
        };
        for (name, want) in [
            ("7", item(7, None, None, None)),
            ("7.0", item(7, None, None, Some(StepKind::Numbered(0)))),
            ("7.batch", item(7, None, None, Some(StepKind::Batch))),
            ("7.extern", item(7, None, None, Some(StepKind::Extern))),
            ("38_1.batch", item(38, Some(1), None, Some(StepKind::Batch))),
            ("7+1", item(7, None, Some(1), None)),
            ("7+1.0+2", item(7, None, None, Some(StepKind::Numbered(0)))),
            ("7abc.3x", item(7, None, None, Some(StepKind::Numbered(3)))),
        ] {
            assert_eq!(parse("sacct", name).ok(), Some(want), "{name}");
        }
    }

    #[test]
    fn bad_items_are_fatal_naming_the_part_before_the_cut() {
        for (name, said) in [
            ("x", "job/step specified: x"),
            (".0", "job/step specified: .0"),
            ("1.x", "step specified: 1"),
            ("1.", "step specified: 1"),
            ("1_2.x", "step specified: 1_2"),
            ("38_x", "job array element specified: 38"),
            ("7+y", "hetjob offset specified: 7"),
        ] {
            assert_eq!(refusal(name), format!("sacct: fatal: Bad {said}\n"));
        }
    }
}
