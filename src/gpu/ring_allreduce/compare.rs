//! The GPU result checked against the CPU reference, as plain data the
//! widget can show: the GPU's buffers and the first element where they
//! differ, if any.

use super::run_until;
use crate::gpu::element::GpuElement;
use crate::gpu::{GpuContext, GpuError};
use crate::sim::allreduce::{self, Element, Schedule};

/// The first element where the GPU and the CPU reference disagree.
#[derive(Debug, Clone, PartialEq)]
pub struct Mismatch<T> {
    /// The rank whose buffer differs.
    pub rank: usize,
    /// The element index in that buffer.
    pub index: usize,
    /// The GPU's value.
    pub gpu: T,
    /// The CPU reference's value.
    pub cpu: T,
}

/// The outcome of [`check`]: the GPU's buffers after `steps` steps and
/// their first disagreement with the CPU reference.
#[derive(Debug, Clone, PartialEq)]
pub struct GpuCheck<T> {
    /// Steps run.
    pub steps: usize,
    /// Every rank's buffer as the GPU left it, rank 0 first.
    pub gpu: Vec<Vec<T>>,
    /// `None` when every element equals the CPU reference's.
    pub mismatch: Option<Mismatch<T>>,
}

impl<T> GpuCheck<T> {
    /// Whether the GPU matched the CPU reference exactly.
    pub fn matches(&self) -> bool {
        self.mismatch.is_none()
    }
}

/// Runs the first `steps` steps of `schedule` from `initial` on the GPU and
/// on the CPU reference and compares every element for equality.
///
/// Exact equality is the right test, for `f32` too: both sides run the
/// same schedule, so every element receives the same additions in the same
/// order, and each addition `mine + received` is one correctly rounded
/// IEEE-754 binary32 addition on both (WGSL requires `f32 +` to be
/// correctly rounded; the kernel has nothing a compiler could contract
/// into a fused multiply-add). The one freedom WGSL leaves is flushing
/// subnormals to zero, and NaN and infinity may not be preserved: inputs
/// whose partial sums stay finite and are zero or at least 2^-126 in
/// magnitude, like the widget's, give bit-identical results. `i32` adds
/// wrap on both sides, so every order agrees.
pub async fn check<T: GpuElement>(
    ctx: &GpuContext,
    schedule: &Schedule,
    initial: &[Vec<T>],
    steps: usize,
) -> Result<GpuCheck<T>, GpuError> {
    let cpu = allreduce::run_until(schedule, initial, steps)?;
    let gpu = run_until(ctx, schedule, initial, steps).await?;
    let mismatch = first_mismatch(&gpu, &cpu);
    Ok(GpuCheck {
        steps,
        gpu,
        mismatch,
    })
}

/// The first (rank, index), rank-major, where `gpu` and `cpu` differ;
/// both hold one buffer per rank of the same schedule, so the same shape.
pub fn first_mismatch<T: Element>(gpu: &[Vec<T>], cpu: &[Vec<T>]) -> Option<Mismatch<T>> {
    gpu.iter()
        .zip(cpu)
        .enumerate()
        .find_map(|(rank, (gpu_buffer, cpu_buffer))| {
            gpu_buffer
                .iter()
                .zip(cpu_buffer)
                .enumerate()
                .find(|(_, (g, c))| g != c)
                .map(|(index, (&gpu, &cpu))| Mismatch {
                    rank,
                    index,
                    gpu,
                    cpu,
                })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_buffers_have_no_mismatch() {
        let buffers = vec![vec![1.5_f32, 2.0], vec![3.0, 4.0]];
        assert_eq!(first_mismatch(&buffers, &buffers), None);
    }

    #[test]
    fn the_first_difference_in_rank_order_is_reported() {
        let cpu = vec![vec![1_i32, 2, 3], vec![4, 5, 6], vec![7, 8, 9]];
        let mut gpu = cpu.clone();
        gpu[2][0] = -7;
        gpu[1][2] = 60;
        assert_eq!(
            first_mismatch(&gpu, &cpu),
            Some(Mismatch {
                rank: 1,
                index: 2,
                gpu: 60,
                cpu: 6
            })
        );
    }
}
