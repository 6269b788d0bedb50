//! Step schedules: who sends which element range to whom, step by step, for
//! the ring and the binomial tree. Pure data, no buffers.

use std::ops::Range;

use serde::{Deserialize, Serialize};

use super::AllReduceError;

/// Fewest ranks an all-reduce here takes: with one rank there is nothing to
/// exchange.
pub const MIN_RANKS: usize = 2;

/// Most ranks the widget and the schedules take (eight 8-GPU nodes).
pub const MAX_RANKS: usize = 64;

/// Which all-reduce algorithm a schedule or a cost belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Algorithm {
    /// Ring: reduce-scatter then all-gather, 2(n-1) steps of S/n bytes
    /// (Patarasuk & Yuan, JPDC 69(2), 2009).
    Ring,
    /// Binomial tree: reduce to rank 0 then broadcast, 2 ceil(log2 n) steps
    /// of S bytes (Thakur, Rabenseifner & Gropp, IJHPCA 19(1), 2005).
    Tree,
}

/// The phase a step belongs to; it decides what a receiver does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Ring, first n-1 steps: the receiver adds the chunk into its own.
    ReduceScatter,
    /// Ring, last n-1 steps: the receiver overwrites its chunk.
    AllGather,
    /// Tree, first ceil(log2 n) steps: the parent adds its child's buffer.
    Reduce,
    /// Tree, last ceil(log2 n) steps: the child overwrites its buffer.
    Broadcast,
}

/// What a receiver does with the elements it gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Combine {
    /// `mine[i] = mine[i] + received[i]` (wrapping for integers).
    Add,
    /// `mine[i] = received[i]`.
    Copy,
}

impl Phase {
    /// Add in the reducing phases (reduce-scatter, reduce), copy in the
    /// distributing ones (all-gather, broadcast).
    pub fn combine(self) -> Combine {
        match self {
            Phase::ReduceScatter | Phase::Reduce => Combine::Add,
            Phase::AllGather | Phase::Broadcast => Combine::Copy,
        }
    }
}

/// One message of one step: rank `from` sends the elements `chunk` of its
/// buffer to rank `to`, which combines them per its step's [`Phase`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Transfer {
    /// Sending rank.
    pub from: usize,
    /// Receiving rank (`from + 1 mod n` in a ring).
    pub to: usize,
    /// Index of the chunk sent (ring: 0..n; tree: always 0, the whole buffer).
    pub chunk_index: usize,
    /// The element range sent, the same range on sender and receiver.
    pub chunk: Range<usize>,
}

/// One step: transfers that all happen at once, each reading the sender's
/// buffer as it was before the step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// Position in the schedule, from 0.
    pub index: usize,
    /// The phase, which decides add or copy.
    pub phase: Phase,
    /// The messages of this step (ring: one per rank; tree: one per active
    /// pair).
    pub transfers: Vec<Transfer>,
}

/// A whole all-reduce schedule for `ranks` ranks over buffers of `len`
/// elements, built by [`ring_schedule`] or [`tree_schedule`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Schedule {
    algorithm: Algorithm,
    ranks: usize,
    len: usize,
    chunks: Vec<Range<usize>>,
    steps: Vec<Step>,
}

/// The ring's schedule type (a [`Schedule`] built by [`ring_schedule`]).
pub type RingSchedule = Schedule;

/// The tree's schedule type (a [`Schedule`] built by [`tree_schedule`]).
pub type TreeSchedule = Schedule;

impl Schedule {
    /// The algorithm this schedule implements.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// Number of ranks n.
    pub fn ranks(&self) -> usize {
        self.ranks
    }

    /// Elements in every rank's buffer.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Always false: schedules need at least one element.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The element range of every chunk (ring: n chunks from
    /// [`chunk_ranges`]; tree: one chunk, the whole buffer).
    pub fn chunks(&self) -> &[Range<usize>] {
        &self.chunks
    }

    /// Number of steps: 2(n-1) for the ring, 2 ceil(log2 n) for the tree.
    pub fn step_count(&self) -> usize {
        self.steps.len()
    }

    /// The steps in order.
    pub fn steps(&self) -> std::slice::Iter<'_, Step> {
        self.steps.iter()
    }

    /// Step `index`, if there is one.
    pub fn step(&self, index: usize) -> Option<&Step> {
        self.steps.get(index)
    }
}

fn check(ranks: usize, len: usize) -> Result<(), AllReduceError> {
    if !(MIN_RANKS..=MAX_RANKS).contains(&ranks) {
        return Err(AllReduceError::Ranks(ranks));
    }
    if len == 0 {
        return Err(AllReduceError::EmptyBuffer);
    }
    Ok(())
}

/// Splits `len` elements into `parts` contiguous chunks whose sizes differ
/// by at most one: chunk c has floor(len/parts) + (1 if c < len mod parts)
/// elements and starts at c floor(len/parts) + min(c, len mod parts). When
/// `len < parts` the last chunks are empty. `parts == 0` gives no chunks.
pub fn chunk_ranges(len: usize, parts: usize) -> Vec<Range<usize>> {
    if parts == 0 {
        return Vec::new();
    }
    let base = len / parts;
    let extra = len % parts;
    (0..parts)
        .map(|c| {
            let start = c * base + c.min(extra);
            let size = base + usize::from(c < extra);
            start..start + size
        })
        .collect()
}

/// The ring all-reduce schedule for `ranks` ranks (2..=64) over `len`
/// elements split into n chunks by [`chunk_ranges`].
///
/// Reduce-scatter, step s in 0..n-1: rank r sends chunk (r - s) mod n to
/// rank r+1 mod n, which adds it. After it rank r holds the full sum of
/// chunk (r+1) mod n. All-gather, step n-1+s for s in 0..n-1: rank r sends
/// chunk (r + 1 - s) mod n to rank r+1, which copies it. 2(n-1) steps, each
/// moving S/n bytes over every link (Patarasuk & Yuan, JPDC 69(2), 2009;
/// NCCL's ring).
pub fn ring_schedule(ranks: usize, len: usize) -> Result<RingSchedule, AllReduceError> {
    check(ranks, len)?;
    let n = ranks;
    let chunks = chunk_ranges(len, n);
    let mut steps = Vec::with_capacity(2 * (n - 1));
    for index in 0..2 * (n - 1) {
        let (phase, offset) = if index < n - 1 {
            // (r - s) mod n, written as (r + n - s) to stay unsigned.
            (Phase::ReduceScatter, n - index)
        } else {
            // (r + 1 - s) mod n with s = index - (n - 1).
            (Phase::AllGather, n + 1 - (index - (n - 1)))
        };
        let transfers = (0..n)
            .map(|r| {
                let chunk_index = (r + offset) % n;
                Transfer {
                    from: r,
                    to: (r + 1) % n,
                    chunk_index,
                    chunk: chunks.get(chunk_index).cloned().unwrap_or(0..0),
                }
            })
            .collect();
        steps.push(Step {
            index,
            phase,
            transfers,
        });
    }
    Ok(Schedule {
        algorithm: Algorithm::Ring,
        ranks,
        len,
        chunks,
        steps,
    })
}

/// ceil(log2 n) for n >= 1: the depth of a binomial tree over n ranks.
pub(super) fn tree_depth(ranks: usize) -> usize {
    let mut depth = 0;
    while (1usize << depth) < ranks {
        depth += 1;
    }
    depth
}

/// The edges (child, parent) of binomial-tree level k: every rank r < n with
/// r mod 2^(k+1) = 2^k sends to r - 2^k.
pub(super) fn tree_level(ranks: usize, level: usize) -> impl Iterator<Item = (usize, usize)> {
    let mask = 1usize << level;
    (0..ranks)
        .filter(move |r| r % (2 * mask) == mask)
        .map(move |r| (r, r - mask))
}

/// The binomial-tree all-reduce schedule for `ranks` ranks (2..=64) over
/// `len` elements: whole buffers, no chunks.
///
/// Reduce, level k = 0..L-1 with L = ceil(log2 n): every rank r with
/// r mod 2^(k+1) = 2^k sends its buffer to r - 2^k, which adds it; rank 0
/// then holds the sum. Broadcast, levels L-1 down to 0: the same pairs in
/// reverse, the child copies. 2 ceil(log2 n) steps of S bytes (Thakur,
/// Rabenseifner & Gropp, IJHPCA 19(1), 2005).
pub fn tree_schedule(ranks: usize, len: usize) -> Result<TreeSchedule, AllReduceError> {
    check(ranks, len)?;
    let depth = tree_depth(ranks);
    let whole = 0..len;
    let levels = (0..depth)
        .map(|k| (Phase::Reduce, k))
        .chain((0..depth).rev().map(|k| (Phase::Broadcast, k)));
    let steps = levels
        .enumerate()
        .map(|(index, (phase, level))| Step {
            index,
            phase,
            transfers: tree_level(ranks, level)
                .map(|(child, parent)| {
                    let (from, to) = if phase == Phase::Reduce {
                        (child, parent)
                    } else {
                        (parent, child)
                    };
                    Transfer {
                        from,
                        to,
                        chunk_index: 0,
                        chunk: whole.clone(),
                    }
                })
                .collect(),
        })
        .collect();
    Ok(Schedule {
        algorithm: Algorithm::Tree,
        ranks,
        len,
        chunks: vec![whole],
        steps,
    })
}
