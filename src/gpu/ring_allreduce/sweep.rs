//! The widget's measured run: whole ring all-reduces timed per message
//! size with a clock the caller passes in (`performance.now()` in the
//! browser, `Instant` natively), so this module reads no clock itself.

use super::GpuRing;
use crate::gpu::element::{ELEMENT_BYTES, GpuElement};
use crate::gpu::{GpuContext, GpuError};
use crate::sim::allreduce::{PerfRow, PerfType, ring_schedule};

/// The timings of one message size.
#[derive(Debug, Clone, PartialEq)]
pub struct SweepPoint {
    /// S, bytes per rank: a whole number of elements.
    pub size_bytes: u64,
    /// The element type.
    pub dtype: PerfType,
    /// The duration of each timed all-reduce, in milliseconds.
    pub times_ms: Vec<f64>,
}

impl SweepPoint {
    /// The median duration in milliseconds; `None` without timings.
    pub fn median_ms(&self) -> Option<f64> {
        let mut sorted = self.times_ms.clone();
        crate::sort::by(&mut sorted, f64::total_cmp);
        let mid = sorted.len() / 2;
        match sorted.len() {
            0 => None,
            n if n % 2 == 1 => Some(sorted[mid]),
            _ => Some((sorted[mid - 1] + sorted[mid]) / 2.0),
        }
    }

    /// An `all_reduce_perf` row (`perf_table`) with the median in
    /// microseconds; the GPU path reduces in place only, so the
    /// out-of-place half repeats the in-place time. `None` without timings.
    pub fn perf_row(&self) -> Option<PerfRow> {
        let us = self.median_ms()? * 1e3;
        Some(PerfRow::new(self.size_bytes, self.dtype, us, us))
    }
}

impl<T: GpuElement> GpuRing<T> {
    /// Submits every step of the schedule and waits for the device.
    async fn run_whole(&self) -> Result<(), GpuError> {
        self.submit(0..self.schedule.step_count()).await?;
        self.ctx.work_done().await
    }
}

/// For every size in `sizes_bytes` (bytes per rank, rounded down to whole
/// elements), runs `warmup` untimed and then `iters` timed ring all-reduces
/// over `ranks` ranks. Each time runs from `now()` (milliseconds) before
/// the submission to `now()` after the device reports the work done.
///
/// The buffers start zeroed and nothing is read back: this measures the
/// kernel's memory traffic, [`super::check`] its correctness. Each size is
/// checked against the device limits before anything is allocated.
pub async fn timed_sweep<T: GpuElement>(
    ctx: &GpuContext,
    ranks: usize,
    sizes_bytes: &[u64],
    warmup: usize,
    iters: usize,
    now: impl Fn() -> f64,
) -> Result<Vec<SweepPoint>, GpuError> {
    let mut points = Vec::with_capacity(sizes_bytes.len());
    for &size in sizes_bytes {
        let len = usize::try_from(size / ELEMENT_BYTES).unwrap_or(usize::MAX);
        let ring = GpuRing::<T>::zeroed(ctx, &ring_schedule(ranks, len)?).await?;
        for _ in 0..warmup {
            ring.run_whole().await?;
        }
        let mut times_ms = Vec::with_capacity(iters);
        for _ in 0..iters {
            let start = now();
            ring.run_whole().await?;
            times_ms.push(now() - start);
        }
        points.push(SweepPoint {
            size_bytes: len as u64 * ELEMENT_BYTES,
            dtype: T::PERF_TYPE,
            times_ms,
        });
    }
    Ok(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(times_ms: Vec<f64>) -> SweepPoint {
        SweepPoint {
            size_bytes: 1 << 20,
            dtype: PerfType::Float,
            times_ms,
        }
    }

    #[test]
    fn the_median_takes_the_middle_or_the_mean_of_the_two_middles() {
        assert_eq!(point(vec![]).median_ms(), None);
        assert_eq!(point(vec![3.0, 1.0, 2.0]).median_ms(), Some(2.0));
        assert_eq!(point(vec![4.0, 1.0, 3.0, 2.0]).median_ms(), Some(2.5));
    }

    #[test]
    fn the_perf_row_shows_the_median_in_microseconds() {
        let row = point(vec![2.0, 1.0, 3.0]).perf_row();
        assert_eq!(
            row,
            Some(PerfRow::new(1 << 20, PerfType::Float, 2000.0, 2000.0))
        );
    }
}
