//! The measured run: `all_reduce_perf -b 8 -e <max> -f 2` over the reader's
//! ranks, simulated on one device. On the GPU the figures measure that
//! GPU's memory system, not a network; on the CPU the table comes with a
//! plain memory copy of the same bytes, timed in the same run, to compare.

use std::hint::black_box;

use leptos::prelude::*;

use super::device::Device;
use crate::gpu::{GpuElement, GpuError, ring_allreduce};
use crate::sim::allreduce::explorer::{
    DType, initial_buffers, perf_table, sweep_sizes, versus_copy,
};
use crate::sim::allreduce::{Element, apply_step, ring_schedule};

/// Bytes of all ranks' buffers together the CPU run allows (twice that
/// is held while it runs: the inputs and the working copy).
pub(super) const CPU_MAX_TOTAL_BYTES: u64 = 512 << 20;
/// Timed all-reduces per size (after one warm-up).
const ITERS: u32 = 5;

/// A finished measured run.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Measured {
    /// The nccl-tests lines.
    pub(super) lines: Vec<String>,
    /// The adapter, when it ran on a GPU.
    pub(super) gpu: Option<crate::gpu::AdapterSummary>,
    /// CPU only: bytes moved by all ranks per second at the largest size,
    /// and a plain copy's bytes per second over the same bytes.
    pub(super) versus_copy: Option<(f64, f64)>,
}

/// Why a measured run stopped.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum MeasureError {
    /// More than [`CPU_MAX_TOTAL_BYTES`] over all ranks on the CPU.
    CpuTooLarge,
    /// The GPU refused or failed.
    Gpu(GpuError),
}

fn now_ms() -> f64 {
    window().performance().map_or(0.0, |p| p.now())
}

/// Lets the page breathe between sizes.
async fn yield_to_browser() {
    let (tx, rx) = futures_channel::oneshot::channel::<()>();
    set_timeout(
        move || {
            let _ = tx.send(());
        },
        std::time::Duration::ZERO,
    );
    let _ = rx.await;
}

fn median(mut times: Vec<f64>) -> f64 {
    crate::sort::by(&mut times, f64::total_cmp);
    times.get(times.len() / 2).copied().unwrap_or(0.0)
}

/// Median milliseconds of a whole ring all-reduce on the CPU, and of a
/// plain copy of every rank's buffer.
fn time_cpu<T: Element>(ranks: usize, len: usize, from: fn(i32) -> T) -> (f64, f64) {
    let Ok(schedule) = ring_schedule(ranks, len) else {
        return (0.0, 0.0);
    };
    let initial = initial_buffers(ranks, len, from);
    let mut reduce = Vec::new();
    let mut copy = Vec::new();
    for iteration in 0..=ITERS {
        let start = now_ms();
        let mut buffers = black_box(initial.clone());
        let copied = now_ms();
        for step in 0..schedule.step_count() {
            let _ = apply_step(&schedule, step, &mut buffers);
        }
        black_box(&buffers);
        let done = now_ms();
        if iteration > 0 {
            copy.push(copied - start);
            reduce.push(done - copied);
        }
    }
    (median(reduce), median(copy))
}

/// Runs the sweep on `device`.
pub(super) async fn run(
    device: &Device,
    ranks: usize,
    dtype: DType,
    max_bytes: u64,
) -> Result<Measured, MeasureError> {
    let sizes = sweep_sizes(8, max_bytes);
    if let Device::Gpu(ctx) = device {
        async fn sweep<T: GpuElement>(
            ctx: &crate::gpu::GpuContext,
            ranks: usize,
            sizes: &[u64],
        ) -> Result<Vec<(u64, f64)>, GpuError> {
            let points =
                ring_allreduce::timed_sweep::<T>(ctx, ranks, sizes, 1, ITERS as usize, now_ms)
                    .await?;
            Ok(points
                .iter()
                .filter_map(|p| Some((p.size_bytes, p.median_ms()? * 1e3)))
                .collect())
        }
        let rows = match dtype {
            DType::F32 => sweep::<f32>(ctx, ranks, &sizes).await,
            DType::I32 => sweep::<i32>(ctx, ranks, &sizes).await,
        }
        .map_err(MeasureError::Gpu)?;
        return Ok(Measured {
            lines: perf_table(ranks, dtype, ITERS, &rows)
                .lines()
                .unwrap_or_default(),
            gpu: Some(ctx.adapter().clone()),
            versus_copy: None,
        });
    }
    if ranks as u64 * max_bytes > CPU_MAX_TOTAL_BYTES {
        return Err(MeasureError::CpuTooLarge);
    }
    let mut rows = Vec::with_capacity(sizes.len());
    let (mut reduce_ms, mut copy_ms) = (0.0, 0.0);
    for &size in &sizes {
        let len = usize::try_from(size / 4).unwrap_or(usize::MAX).max(1);
        (reduce_ms, copy_ms) = match dtype {
            DType::F32 => time_cpu(ranks, len, |v| v as f32),
            DType::I32 => time_cpu(ranks, len, |v| v),
        };
        // Faster than the clock's resolution: count one microsecond.
        rows.push((size, (reduce_ms * 1e3).max(1.0)));
        yield_to_browser().await;
    }
    let biggest = rows.last().map_or(0, |r| r.0) as f64;
    let versus_copy = versus_copy(ranks, biggest, reduce_ms * 1e-3, copy_ms * 1e-3);
    Ok(Measured {
        lines: perf_table(ranks, dtype, ITERS, &rows)
            .lines()
            .unwrap_or_default(),
        gpu: None,
        versus_copy,
    })
}
