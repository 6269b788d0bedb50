//! The GPU path against the CPU reference on this machine's adapter
//! (lavapipe with `WGPU_BACKEND=vulkan` here and in CI). Where there is no
//! adapter every test prints why and passes: a missing GPU is not a bug.

use std::cell::Cell;

use pollster::block_on;

use super::*;
use crate::gpu::LimitKind;
use crate::sim::allreduce::{self, PerfType, direct_sum, ring_schedule, tree_schedule};

fn context() -> Option<GpuContext> {
    match block_on(GpuContext::new()) {
        Ok(ctx) => Some(ctx),
        Err(e) => {
            eprintln!(
                "skipping a GPU test: {e} (install mesa-vulkan-drivers and set WGPU_BACKEND=vulkan)"
            );
            None
        }
    }
}

/// Values with many mantissa bits, so a different order of additions would
/// round differently; every nonzero partial sum stays far from subnormal.
fn floats(ranks: usize, len: usize) -> Vec<Vec<f32>> {
    (0..ranks)
        .map(|r| {
            (0..len)
                .map(|i| ((r * 7919 + i * 104_729) % 2003) as f32 * 0.0137 - 13.0)
                .collect()
        })
        .collect()
}

/// Values near the ends of `i32`, so the sums wrap.
fn ints(ranks: usize, len: usize) -> Vec<Vec<i32>> {
    (0..ranks)
        .map(|r| {
            (0..len)
                .map(|i| {
                    (r as i32)
                        .wrapping_mul(0x3fff_ffff)
                        .wrapping_add((i as i32).wrapping_mul(7_777_777))
                })
                .collect()
        })
        .collect()
}

/// Lengths smaller than, equal to, just around and not divisible by n.
fn lengths(ranks: usize) -> Vec<usize> {
    let mut lengths = vec![1, ranks - 1, ranks, ranks + 1, 3 * ranks + 2, 1001 + ranks];
    lengths.sort_unstable();
    lengths.dedup();
    lengths
}

fn assert_matches<T: GpuElement>(
    ctx: &GpuContext,
    schedule: &Schedule,
    initial: &[Vec<T>],
    steps: usize,
) {
    let outcome = block_on(check(ctx, schedule, initial, steps)).expect("the GPU run");
    assert!(
        outcome.matches(),
        "{:?} n={} len={} after {steps} steps: {:?}",
        schedule.algorithm(),
        schedule.ranks(),
        schedule.len(),
        outcome.mismatch
    );
}

#[test]
fn the_ring_matches_the_cpu_reference_for_every_rank_count_length_and_step() {
    let Some(ctx) = context() else { return };
    for ranks in [2, 3, 4, 8, 64] {
        for len in lengths(ranks) {
            let schedule = ring_schedule(ranks, len).expect("a valid ring");
            let last = schedule.step_count();
            let mut stops = vec![0, 1, ranks - 1, last - 1, last];
            stops.dedup();
            for steps in stops {
                assert_matches(&ctx, &schedule, &floats(ranks, len), steps);
                assert_matches(&ctx, &schedule, &ints(ranks, len), steps);
            }
        }
    }
}

#[test]
fn exact_f32_equality_is_a_real_test() {
    // The ring adds in another order than rank order, and the GPU matches
    // the ring bit for bit, not the direct sum.
    let Some(ctx) = context() else { return };
    let initial = floats(8, 1000);
    let schedule = ring_schedule(8, 1000).expect("a valid ring");
    let gpu =
        block_on(run_until(&ctx, &schedule, &initial, schedule.step_count())).expect("the GPU run");
    assert_ne!(gpu[0], direct_sum(&initial));
    assert!(gpu.iter().all(|rank| *rank == gpu[0]));
}

#[test]
fn the_tree_schedule_runs_through_the_same_kernel() {
    let Some(ctx) = context() else { return };
    for ranks in [3, 8] {
        let schedule = tree_schedule(ranks, 37).expect("a valid tree");
        for steps in 0..=schedule.step_count() {
            assert_matches(&ctx, &schedule, &floats(ranks, 37), steps);
        }
    }
}

#[test]
fn a_ring_steps_forward_one_step_at_a_time() {
    let Some(ctx) = context() else { return };
    let initial = ints(4, 10);
    let schedule = ring_schedule(4, 10).expect("a valid ring");
    let mut ring = block_on(GpuRing::new(&ctx, &schedule, &initial)).expect("staged");
    for step in 1..=schedule.step_count() {
        block_on(ring.run_steps(1)).expect("one step");
        assert_eq!(ring.steps_done(), step);
        assert_eq!(
            block_on(ring.read()).expect("read back"),
            allreduce::run_until(&schedule, &initial, step).expect("the CPU reference")
        );
    }
    assert_eq!(
        block_on(ring.run_steps(1)),
        Err(GpuError::Schedule(AllReduceError::StepOutOfRange {
            requested: 7,
            steps: 6
        }))
    );
}

#[test]
fn buffers_that_do_not_fit_the_schedule_are_rejected() {
    let Some(ctx) = context() else { return };
    let schedule = ring_schedule(4, 10).expect("a valid ring");
    let result = block_on(GpuRing::new(&ctx, &schedule, &floats(3, 10)));
    assert!(matches!(
        result,
        Err(GpuError::Schedule(AllReduceError::BufferCount {
            expected: 4,
            found: 3
        }))
    ));
}

/// The limit `timed_sweep` reports for `size_bytes` per rank over 2 ranks,
/// found before anything is allocated.
fn refused_limit(ctx: &GpuContext, size_bytes: u64) -> Option<(LimitKind, u64)> {
    match block_on(timed_sweep::<f32>(ctx, 2, &[size_bytes], 0, 1, || 0.0)) {
        Err(GpuError::BufferTooLarge {
            limit,
            limit_bytes,
            requested_bytes,
        }) => {
            assert!(requested_bytes > limit_bytes);
            Some((limit, limit_bytes))
        }
        _ => None,
    }
}

#[test]
fn sizes_over_the_device_limits_are_refused_with_the_limit() {
    let Some(ctx) = context() else { return };
    let limits = ctx.limits();
    eprintln!("adapter {:?}, {limits:?}", ctx.adapter());
    let past_buffer = limits.max_buffer_size / 4 * 4 + 4;
    assert_eq!(
        refused_limit(&ctx, past_buffer),
        Some((LimitKind::BufferSize, limits.max_buffer_size))
    );
    // Two ranks: each dispatch binds half a rank buffer.
    let binding = limits.max_storage_buffer_binding_size;
    if 2 * binding + 8 <= limits.max_buffer_size {
        assert_eq!(
            refused_limit(&ctx, 2 * binding + 8),
            Some((LimitKind::StorageBinding, binding))
        );
    }
}

#[test]
fn the_sweep_times_every_size_with_the_callers_clock() {
    let Some(ctx) = context() else { return };
    let ticks = Cell::new(0.0);
    let clock = || {
        ticks.set(ticks.get() + 1.5);
        ticks.get()
    };
    let points =
        block_on(timed_sweep::<i32>(&ctx, 4, &[1024, 4098], 1, 3, clock)).expect("the sweep");
    assert_eq!(
        points,
        vec![
            SweepPoint {
                size_bytes: 1024,
                dtype: PerfType::Int32,
                times_ms: vec![1.5; 3]
            },
            SweepPoint {
                size_bytes: 4096,
                dtype: PerfType::Int32,
                times_ms: vec![1.5; 3]
            },
        ]
    );
}
