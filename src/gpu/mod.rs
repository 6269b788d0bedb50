//! The GPU path of the all-reduce widget, through wgpu: WebGPU in the
//! browser, Vulkan natively (Mesa's lavapipe in `cargo test`). Web side of
//! the crate: the pure model it runs and is checked against lives in
//! [`crate::sim::allreduce`].
//!
//! The pieces, one module each:
//! 1. `context`: device acquisition, apart from any kernel
//!    ([`GpuContext::new`], or [`GpuUnavailable`] saying why not).
//! 2. `limits`: the buffer-size check made before anything is allocated
//!    ([`check_rank_buffer`]).
//! 3. `element` and `readback`: the element types ([`GpuElement`]: `f32`,
//!    `i32`) and reading buffers back through a mapped staging buffer.
//! 4. [`ring_allreduce`]: a ring schedule run on the GPU step by step, its
//!    check against the CPU reference and the timed sweep of the widget's
//!    measured run.
//!
//! Every fallible operation after acquisition returns [`GpuError`]; nothing
//! here panics on a lost device or a failed map.

mod context;
mod element;
mod limits;
mod readback;
pub mod ring_allreduce;

pub use context::{AdapterSummary, GpuContext, GpuUnavailable};
pub use element::GpuElement;
pub use limits::{BufferLimits, LimitKind, RankBufferSize, check_rank_buffer};

use crate::sim::allreduce::AllReduceError;

/// Everything that can go wrong once a [`GpuContext`] exists. `Display` is
/// English for logs and tests; the widget maps each variant to a locale key.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GpuError {
    /// The schedule or the buffers given do not fit together (the same
    /// checks as the CPU reference).
    #[error(transparent)]
    Schedule(#[from] AllReduceError),
    /// A rank buffer, or the window of it one dispatch binds, would exceed
    /// a limit of this device; checked before anything is allocated.
    #[error("{limit}: {requested_bytes} bytes asked for, at most {limit_bytes} allowed")]
    BufferTooLarge {
        /// Which limit.
        limit: LimitKind,
        /// The limit's value in bytes.
        limit_bytes: u64,
        /// The size asked for, in bytes.
        requested_bytes: u64,
    },
    /// The device could not allocate the buffers.
    #[error("the GPU ran out of memory: {0}")]
    OutOfMemory(String),
    /// The device rejected the work (a validation or internal error).
    #[error("the GPU rejected the work: {0}")]
    Device(String),
    /// The device was lost (driver reset, tab in the background too long,
    /// GPU removed); a new [`GpuContext`] is needed.
    #[error("the GPU device was lost: {0}")]
    DeviceLost(String),
    /// Mapping a buffer to read it back failed.
    #[error("reading a GPU buffer back failed: {0}")]
    Map(String),
}
