//! Ring and tree all-reduce: the model behind the all-reduce widget and the
//! mock `all_reduce_perf` of the "Slow Lane" lab. Pure: std, serde and
//! thiserror, no clocks, no randomness, no web code.
//!
//! The steps, one submodule each:
//! 1. `schedule`: which rank sends which element range to whom at every
//!    step, for the ring (reduce-scatter then all-gather, 2(n-1) steps;
//!    Patarasuk & Yuan, JPDC 69(2), 2009) and for a binomial tree (reduce
//!    to rank 0 then broadcast, 2 ceil(log2 n) steps; Thakur, Rabenseifner
//!    & Gropp, IJHPCA 19(1), 2005) ([`ring_schedule`], [`tree_schedule`]).
//! 2. `reference`: a CPU reference that executes a schedule over real
//!    `f32` or `i32` buffers, one step at a time or up to step k, and the
//!    direct element-wise sum it must match ([`apply_step`], [`run_until`],
//!    [`run_ring`], [`direct_sum`]).
//! 3. `cost`: the alpha-beta(-gamma) cost of both algorithms, with one link
//!    slowed to a fraction of the others, algbw and busbw (NVIDIA/nccl-tests
//!    `doc/PERFORMANCE.md`) and the message size where tree and ring cross
//!    ([`ring_time`], [`tree_time`], [`bus_bandwidth`], [`crossover`]).
//! 4. `perf_table`: the lines nccl-tests `all_reduce_perf` prints for given
//!    timings, column for column (nccl-tests v2.13-v2.15 `src/common.cu`)
//!    ([`PerfTable::lines`]).
//!
//! Every fallible function returns [`AllReduceError`]; nothing here panics.

mod cost;
pub mod explorer;
mod perf_table;
mod reference;
mod schedule;
#[cfg(test)]
mod tests;

pub use cost::{
    Crossover, LinkModel, algorithm_bandwidth, bus_bandwidth, crossover, ring_time, tree_time,
};
pub use perf_table::{DeviceLine, PerfParams, PerfRow, PerfTable, PerfType, format_g};
pub use reference::{
    Element, apply_step, check_buffers, direct_sum, run_ring, run_schedule, run_until,
};
pub use schedule::{
    Algorithm, Combine, MAX_RANKS, MIN_RANKS, Phase, RingSchedule, Schedule, Step, Transfer,
    TreeSchedule, chunk_ranges, ring_schedule, tree_schedule,
};

/// Everything that can go wrong in this module: an input outside the
/// domain of the schedules, the CPU reference or the cost model.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AllReduceError {
    /// The rank count is outside `MIN_RANKS..=MAX_RANKS` (2..=64).
    #[error("ranks must be between 2 and 64, got {0}")]
    Ranks(usize),
    /// The buffer has no elements: there is nothing to reduce.
    #[error("the buffer length must be at least 1")]
    EmptyBuffer,
    /// The slowed link `index` (rank `index` -> rank `index + 1`) does not
    /// exist in a ring of `ranks` ranks.
    #[error("slow link {index} does not exist in a ring of {ranks} ranks (links 0..{ranks})")]
    SlowLinkIndex {
        /// The link index given.
        index: usize,
        /// The rank count, which is also the number of ring links.
        ranks: usize,
    },
    /// The slow link's fraction of the normal bandwidth is not in (0, 1].
    #[error("the slow link's bandwidth fraction must be in (0, 1], got {0}")]
    SlowLinkFraction(f64),
    /// A parameter is NaN or infinite.
    #[error("{name} must be a finite number, got {value}")]
    NonFinite {
        /// The parameter's name.
        name: &'static str,
        /// Its value.
        value: f64,
    },
    /// A finite parameter is outside its domain.
    #[error("{name} must be {expected}, got {value}")]
    OutOfDomain {
        /// The parameter's name.
        name: &'static str,
        /// Its value.
        value: f64,
        /// The domain in words, e.g. "greater than zero".
        expected: &'static str,
    },
    /// The CPU reference got a different number of buffers than the
    /// schedule has ranks.
    #[error("the schedule has {expected} ranks but {found} buffers were given")]
    BufferCount {
        /// Ranks in the schedule.
        expected: usize,
        /// Buffers given.
        found: usize,
    },
    /// One rank's buffer does not have the schedule's length.
    #[error("rank {rank}'s buffer has {found} elements, the schedule expects {expected}")]
    BufferLength {
        /// The rank whose buffer is wrong.
        rank: usize,
        /// The schedule's buffer length.
        expected: usize,
        /// The buffer's length.
        found: usize,
    },
    /// `run_until` was asked for more steps than the schedule has.
    #[error("step {requested} is past the schedule's {steps} steps")]
    StepOutOfRange {
        /// Steps requested.
        requested: usize,
        /// Steps in the schedule.
        steps: usize,
    },
}
