//! The CPU reference: executes a [`Schedule`] over real buffers, the ground
//! truth for the widget's animation and for the GPU kernel.

use std::ops::Range;

use super::AllReduceError;
use super::schedule::{Combine, Schedule, Step, ring_schedule};

/// An element the reference can reduce: a zero and an addition.
///
/// `f32` adds in IEEE arithmetic (so the result depends on the order of
/// additions and matches [`direct_sum`] only within rounding); `i32` adds
/// with wrapping (two's complement, as NCCL's `ncclInt32` sum on the GPU),
/// so every order gives exactly the same result.
pub trait Element: Copy + PartialEq + std::fmt::Debug {
    /// The additive identity.
    fn zero() -> Self;
    /// `self + other` (wrapping for integers).
    fn add(self, other: Self) -> Self;
}

impl Element for f32 {
    fn zero() -> Self {
        0.0
    }
    fn add(self, other: Self) -> Self {
        self + other
    }
}

impl Element for i32 {
    fn zero() -> Self {
        0
    }
    fn add(self, other: Self) -> Self {
        self.wrapping_add(other)
    }
}

/// Checks that `buffers` has one buffer per rank of `schedule`, each of the
/// schedule's length: what every function here checks first, and what the
/// GPU path checks before allocating.
pub fn check_buffers<T>(schedule: &Schedule, buffers: &[Vec<T>]) -> Result<(), AllReduceError> {
    if buffers.len() != schedule.ranks() {
        return Err(AllReduceError::BufferCount {
            expected: schedule.ranks(),
            found: buffers.len(),
        });
    }
    for (rank, buffer) in buffers.iter().enumerate() {
        if buffer.len() != schedule.len() {
            return Err(AllReduceError::BufferLength {
                rank,
                expected: schedule.len(),
                found: buffer.len(),
            });
        }
    }
    Ok(())
}

fn apply_unchecked<T: Element>(step: &Step, buffers: &mut [Vec<T>]) {
    // All transfers of a step happen at once: each reads its sender's
    // buffer as it was before the step. When no transfer writes where
    // another reads (true of the ring's and the tree's steps), delivering
    // in place is the same and saves a copy of every message.
    let overlaps = |a: &Range<usize>, b: &Range<usize>| a.start < b.end && b.start < a.end;
    let conflict = step.transfers.iter().any(|w| {
        step.transfers
            .iter()
            .any(|r| r.from == w.to && overlaps(&r.chunk, &w.chunk))
    });
    let combine = step.phase.combine();
    if !conflict {
        for t in &step.transfers {
            if let Some((source, target)) = pair_mut(buffers, t.from, t.to)
                && let (Some(source), Some(target)) =
                    (source.get(t.chunk.clone()), target.get_mut(t.chunk.clone()))
            {
                deliver(combine, target, source);
            }
        }
        return;
    }
    let messages: Vec<(usize, Range<usize>, Vec<T>)> = step
        .transfers
        .iter()
        .map(|t| {
            let data = buffers
                .get(t.from)
                .and_then(|b| b.get(t.chunk.clone()))
                .map(<[T]>::to_vec)
                .unwrap_or_default();
            (t.to, t.chunk.clone(), data)
        })
        .collect();
    for (to, range, data) in messages {
        if let Some(target) = buffers.get_mut(to).and_then(|b| b.get_mut(range)) {
            deliver(combine, target, &data);
        }
    }
}

/// `target (+)= source`, element by element.
fn deliver<T: Element>(combine: Combine, target: &mut [T], source: &[T]) {
    match combine {
        Combine::Add => {
            for (mine, received) in target.iter_mut().zip(source) {
                *mine = mine.add(*received);
            }
        }
        Combine::Copy => {
            let n = target.len().min(source.len());
            target[..n].copy_from_slice(&source[..n]);
        }
    }
}

/// Buffer `from` to read and buffer `to` to write, when they differ and exist.
fn pair_mut<T>(buffers: &mut [Vec<T>], from: usize, to: usize) -> Option<(&[T], &mut [T])> {
    if from == to || from.max(to) >= buffers.len() {
        return None;
    }
    if from < to {
        let (left, right) = buffers.split_at_mut(to);
        Some((&left[from], &mut right[0]))
    } else {
        let (left, right) = buffers.split_at_mut(from);
        Some((&right[0], &mut left[to]))
    }
}

/// Applies one step of `schedule` to `buffers` (one per rank): for every
/// transfer, `buffers[to][chunk] (+)= buffers[from][chunk]` with the values
/// from before the step; `+=` in reduce phases, `=` in copy phases.
/// Errors if `step` is not in the schedule or the buffers do not match it.
pub fn apply_step<T: Element>(
    schedule: &Schedule,
    step: usize,
    buffers: &mut [Vec<T>],
) -> Result<(), AllReduceError> {
    check_buffers(schedule, buffers)?;
    let Some(step) = schedule.step(step) else {
        return Err(AllReduceError::StepOutOfRange {
            requested: step + 1,
            steps: schedule.step_count(),
        });
    };
    apply_unchecked(step, buffers);
    Ok(())
}

/// The state after the first `steps` steps of `schedule`, starting from
/// `initial` (one buffer per rank). `steps = 0` returns `initial`;
/// `steps = step_count()` returns the finished all-reduce. The widget's
/// "step back" calls this with k - 1: replaying is cheaper than storing.
pub fn run_until<T: Element>(
    schedule: &Schedule,
    initial: &[Vec<T>],
    steps: usize,
) -> Result<Vec<Vec<T>>, AllReduceError> {
    check_buffers(schedule, initial)?;
    if steps > schedule.step_count() {
        return Err(AllReduceError::StepOutOfRange {
            requested: steps,
            steps: schedule.step_count(),
        });
    }
    let mut buffers = initial.to_vec();
    for step in schedule.steps().take(steps) {
        apply_unchecked(step, &mut buffers);
    }
    Ok(buffers)
}

/// Runs the whole `schedule` over `initial`; afterwards every rank holds
/// the element-wise sum over ranks, sum_r initial\[r\]\[i\].
pub fn run_schedule<T: Element>(
    schedule: &Schedule,
    initial: &[Vec<T>],
) -> Result<Vec<Vec<T>>, AllReduceError> {
    run_until(schedule, initial, schedule.step_count())
}

/// Ring all-reduce of `initial` (one equally long buffer per rank, 2..=64
/// ranks): builds [`ring_schedule`] for it and runs every step.
pub fn run_ring<T: Element>(initial: &[Vec<T>]) -> Result<Vec<Vec<T>>, AllReduceError> {
    let len = initial.first().map_or(0, Vec::len);
    let schedule = ring_schedule(initial.len(), len)?;
    run_schedule(&schedule, initial)
}

/// The direct element-wise sum, out\[i\] = sum over ranks r of
/// buffers\[r\]\[i\], added in rank order: what every rank must hold after
/// an all-reduce. Buffers shorter than the first are read as zeros beyond
/// their end.
pub fn direct_sum<T: Element>(buffers: &[Vec<T>]) -> Vec<T> {
    let len = buffers.first().map_or(0, Vec::len);
    (0..len)
        .map(|i| {
            buffers.iter().fold(T::zero(), |acc, b| {
                acc.add(b.get(i).copied().unwrap_or_else(T::zero))
            })
        })
        .collect()
}
