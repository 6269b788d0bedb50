//! The dispatch plan of a schedule, built once per ring: for every step,
//! one dispatch per non-empty transfer, with the (sender, receiver) pair
//! whose bind group it uses, its dynamic offsets and its workgroup count.
//! Pure arithmetic over the schedule and the device limits.
//!
//! A dispatch binds a window of the two rank buffers, not the whole
//! buffers: the window starts at the chunk's first byte rounded down to the
//! storage offset alignment and is as long as the longest chunk plus that
//! rounding. So the binding limit bounds one chunk (S/n for the ring), and
//! the buffer limit the whole rank buffer S.

use std::collections::BTreeMap;
use std::ops::Range;

use super::kernel::{TRANSFER_BYTES, WORKGROUP_SIZE};
use crate::gpu::element::ELEMENT_BYTES;
use crate::gpu::{BufferLimits, GpuError, RankBufferSize, check_rank_buffer};
use crate::sim::allreduce::{Combine, Schedule, Transfer};

/// One dispatch: one transfer of one step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Dispatch {
    /// Index into [`Plan::pairs`]: whose buffers it binds.
    pub(super) pair: usize,
    /// Dynamic offsets in binding order: the sender's window, the
    /// receiver's window (the same range) and the transfer's uniform.
    pub(super) offsets: [u32; 3],
    /// Workgroups to dispatch.
    pub(super) workgroups: u32,
}

/// The dispatches of one step, all with the same pipeline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct StepPlan {
    /// Add (reduce phases) or copy (gather phases).
    pub(super) combine: Combine,
    /// One per non-empty transfer; chunks are empty when len < n.
    pub(super) dispatches: Vec<Dispatch>,
}

/// Everything the GPU needs to run a schedule's steps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Plan {
    /// The bytes of each rank buffer and of every window, within the
    /// device's limits.
    pub(super) size: RankBufferSize,
    /// The distinct (sender, receiver) rank pairs, one bind group each
    /// (n for a ring).
    pub(super) pairs: Vec<(usize, usize)>,
    /// The `Transfer { start, len }` uniforms (start relative to the
    /// window), little-endian `u32`s, one every aligned stride.
    pub(super) uniforms: Vec<u8>,
    /// One entry per schedule step.
    pub(super) steps: Vec<StepPlan>,
}

impl Plan {
    /// The plan of `schedule` on a device with `limits`, or the limit a rank
    /// buffer or window would exceed (checked first, so every offset and
    /// index below fits in `u32`).
    pub(super) fn new(schedule: &Schedule, limits: &wgpu::Limits) -> Result<Self, GpuError> {
        let storage_alignment =
            u64::from(limits.min_storage_buffer_offset_alignment).max(ELEMENT_BYTES);
        let window_start =
            |chunk: &Range<usize>| bytes(chunk.start) / storage_alignment * storage_alignment;
        let transfers = || {
            schedule
                .steps()
                .flat_map(|step| &step.transfers)
                .filter(|t| !t.chunk.is_empty())
        };
        let window_bytes = transfers()
            .map(|t| bytes(t.chunk.end) - window_start(&t.chunk))
            .max()
            .unwrap_or(ELEMENT_BYTES);
        let buffer_bytes = transfers()
            .map(|t| window_start(&t.chunk) + window_bytes)
            .fold(bytes(schedule.len()), u64::max);
        let size = RankBufferSize {
            buffer_bytes,
            window_bytes,
        };
        check_rank_buffer(&BufferLimits::from(limits), size)?;

        let uniform_stride = TRANSFER_BYTES
            .next_multiple_of(u64::from(limits.min_uniform_buffer_offset_alignment).max(1));
        let mut pair_index = BTreeMap::new();
        let mut pairs = Vec::new();
        let mut uniforms = Vec::new();
        let mut steps = Vec::with_capacity(schedule.step_count());
        for step in schedule.steps() {
            let mut dispatches = Vec::new();
            for transfer in step.transfers.iter().filter(|t| !t.chunk.is_empty()) {
                let pair = *pair_index
                    .entry((transfer.from, transfer.to))
                    .or_insert_with(|| {
                        pairs.push((transfer.from, transfer.to));
                        pairs.len() - 1
                    });
                let window = window_start(&transfer.chunk);
                dispatches.push(Dispatch {
                    pair,
                    // Checked: windows lie in a buffer of at most 4 GiB - 1;
                    // the table holds at most 126 x 64 strides of <= 256 B.
                    offsets: [window as u32, window as u32, uniforms.len() as u32],
                    workgroups: workgroups(transfer.chunk.len(), limits),
                });
                uniforms.extend(transfer_uniform(transfer, window, uniform_stride));
            }
            steps.push(StepPlan {
                combine: step.phase.combine(),
                dispatches,
            });
        }
        Ok(Self {
            size,
            pairs,
            uniforms,
            steps,
        })
    }
}

/// Bytes of `elements` elements.
fn bytes(elements: usize) -> u64 {
    elements as u64 * ELEMENT_BYTES
}

/// `struct Transfer { start, len }` for `transfer` in a window starting at
/// byte `window`, padded to `stride` bytes.
fn transfer_uniform(transfer: &Transfer, window: u64, stride: u64) -> Vec<u8> {
    let start = (bytes(transfer.chunk.start) - window) / ELEMENT_BYTES;
    let fields = [start as u32, transfer.chunk.len() as u32].map(u32::to_le_bytes);
    let mut uniform = vec![0; stride as usize];
    for (slot, field) in uniform.chunks_exact_mut(4).zip(fields) {
        slot.copy_from_slice(&field);
    }
    uniform
}

/// Workgroups for a chunk of `len` elements: one invocation per element,
/// capped at the per-dimension limit (the kernel strides over the rest).
fn workgroups(len: usize, limits: &wgpu::Limits) -> u32 {
    let needed = len.div_ceil(WORKGROUP_SIZE as usize);
    u32::try_from(needed)
        .unwrap_or(u32::MAX)
        .min(limits.max_compute_workgroups_per_dimension)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gpu::LimitKind;
    use crate::sim::allreduce::{ring_schedule, tree_schedule};

    fn limits(alignment: u32) -> wgpu::Limits {
        wgpu::Limits {
            min_storage_buffer_offset_alignment: alignment,
            min_uniform_buffer_offset_alignment: alignment,
            ..wgpu::Limits::default()
        }
    }

    fn decode(uniforms: &[u8], offset: u32) -> [u32; 2] {
        let at = offset as usize;
        [0, 4].map(|i| {
            let mut word = [0; 4];
            word.copy_from_slice(&uniforms[at + i..at + i + 4]);
            u32::from_le_bytes(word)
        })
    }

    #[test]
    fn every_transfer_gets_a_window_holding_its_chunk() {
        // 1000 elements over 3 ranks: chunks 0..334, 334..667, 667..1000.
        let schedule = ring_schedule(3, 1000).expect("a valid ring");
        let plan = Plan::new(&schedule, &limits(256)).expect("within limits");
        assert_eq!(plan.pairs, vec![(0, 1), (1, 2), (2, 0)]);
        assert_eq!(plan.steps.len(), 4);
        for (step, planned) in schedule.steps().zip(&plan.steps) {
            assert_eq!(planned.combine, step.phase.combine());
            for (transfer, dispatch) in step.transfers.iter().zip(&planned.dispatches) {
                assert_eq!(plan.pairs[dispatch.pair], (transfer.from, transfer.to));
                let [window, same, uniform] = dispatch.offsets;
                assert_eq!((window % 256, window, uniform % 256), (0, same, 0));
                let [start, len] = decode(&plan.uniforms, uniform);
                let first = (window / 4 + start) as usize;
                assert_eq!(first..first + len as usize, transfer.chunk);
                assert!(u64::from(4 * (start + len)) <= plan.size.window_bytes);
                assert!(u64::from(window) + plan.size.window_bytes <= plan.size.buffer_bytes);
            }
        }
        // The longest window: chunk 2 (333 elements) starts 667 x 4 - 2560 =
        // 108 bytes past its aligned start; it ends with the buffer.
        assert_eq!(plan.size.window_bytes, 108 + 333 * 4);
        assert_eq!(plan.size.buffer_bytes, 4000);
    }

    #[test]
    fn empty_chunks_get_no_dispatch() {
        // 2 elements over 4 ranks: chunks 0 and 1 hold one element each.
        let plan = Plan::new(&ring_schedule(4, 2).expect("a valid ring"), &limits(32))
            .expect("within limits");
        assert!(plan.steps.iter().all(|s| s.dispatches.len() == 2));
        assert_eq!(plan.uniforms.len(), 6 * 2 * 32);
    }

    #[test]
    fn the_binding_limit_bounds_a_chunk_and_the_buffer_limit_the_buffer() {
        let mib = 1 << 20;
        let device = wgpu::Limits {
            max_storage_buffer_binding_size: 128 * mib,
            max_buffer_size: 2048 * mib,
            ..limits(16)
        };
        // 256 MiB per rank over 8 ranks: 32 MiB chunks fit a 128 MiB binding.
        let elements = (256 * mib / 4) as usize;
        let plan = Plan::new(&ring_schedule(8, elements).expect("a valid ring"), &device)
            .expect("within limits");
        assert_eq!(plan.size.window_bytes, 32 * mib);
        // A tree sends whole buffers: its window is the whole 256 MiB.
        let tree = Plan::new(&tree_schedule(8, elements).expect("a valid tree"), &device);
        assert!(matches!(
            tree,
            Err(GpuError::BufferTooLarge {
                limit: LimitKind::StorageBinding,
                ..
            })
        ));
    }

    #[test]
    fn workgroups_cover_the_chunk_up_to_the_cap() {
        let device = wgpu::Limits::default();
        assert_eq!(workgroups(1, &device), 1);
        assert_eq!(workgroups(256, &device), 1);
        assert_eq!(workgroups(257, &device), 2);
        assert_eq!(workgroups(256 * 70_000, &device), 65535);
    }
}
