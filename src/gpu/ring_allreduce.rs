//! A ring all-reduce [`Schedule`] run on the GPU, step by step, for `f32`
//! and `i32`. Web side; natively the same WGSL runs on Vulkan.
//!
//! Every simulated rank has its own storage buffer, and a dispatch binds
//! only the window of the two buffers that holds its chunk: the device's
//! buffer limit bounds one rank's S bytes, its binding limit one chunk
//! (S/n), as on real GPUs where each rank owns its memory. Step by step:
//! 1. [`GpuRing::new`] checks the buffers against the schedule, lays out
//!    one dispatch per non-empty transfer (`plan`), checking the sizes
//!    against the device limits, then allocates the rank buffers, uploads
//!    the initial data and compiles the kernel (`kernel`).
//! 2. [`GpuRing::run_steps`] records the next steps in one compute pass
//!    (WebGPU has no binding arrays, so one dispatch per transfer): per
//!    transfer, `receiver[chunk] += sender[chunk]` in the reduce-scatter
//!    phase, `receiver[chunk] = sender[chunk]` in the all-gather phase,
//!    chunk ranges from the schedule (so lengths not divisible by n work).
//!    Within a step no rank receives the chunk it sends, so the transfers
//!    of a step read the values from before it, as the CPU reference does.
//! 3. [`GpuRing::read`] copies every rank buffer back.
//!
//! [`run_until`] does all three; [`check`] compares it with the CPU
//! reference ([`crate::sim::allreduce::run_until`]); [`timed_sweep`] times
//! whole all-reduces for the widget's measured run.

mod compare;
mod kernel;
mod plan;
mod sweep;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;

use std::marker::PhantomData;
use std::ops::Range;

pub use compare::{GpuCheck, Mismatch, check, first_mismatch};
pub use sweep::{SweepPoint, timed_sweep};

use self::kernel::RingKernel;
use self::plan::Plan;
use super::element::{GpuElement, to_buffer_bytes};
use super::readback::read_elements;
use super::{GpuContext, GpuError};
use crate::sim::allreduce::{AllReduceError, Schedule, check_buffers};

/// One all-reduce staged on the GPU: a buffer per rank, the compiled
/// kernel, the dispatch plan and how many steps have run.
#[derive(Debug)]
pub struct GpuRing<T: GpuElement> {
    ctx: GpuContext,
    schedule: Schedule,
    kernel: RingKernel,
    plan: Plan,
    ranks: Vec<wgpu::Buffer>,
    bind_groups: Vec<wgpu::BindGroup>,
    steps_done: usize,
    element: PhantomData<T>,
}

impl<T: GpuElement> GpuRing<T> {
    /// Stages `schedule` (ring or tree) with `initial` (one buffer per
    /// rank, each `schedule.len()` long) and no step run. Errors before
    /// allocating if the buffers do not fit the schedule or a rank buffer
    /// exceeds the device's limits.
    pub async fn new(
        ctx: &GpuContext,
        schedule: &Schedule,
        initial: &[Vec<T>],
    ) -> Result<Self, GpuError> {
        check_buffers(schedule, initial)?;
        let ring = Self::zeroed(ctx, schedule).await?;
        ring.ctx
            .scoped(|_, queue| {
                for (buffer, values) in ring.ranks.iter().zip(initial) {
                    queue.write_buffer(buffer, 0, &to_buffer_bytes(values));
                }
            })
            .await?;
        Ok(ring)
    }

    /// Stages `schedule` over zeroed buffers (WebGPU zero-fills new
    /// buffers): what the timed sweep needs, with no upload.
    async fn zeroed(ctx: &GpuContext, schedule: &Schedule) -> Result<Self, GpuError> {
        let plan = Plan::new(schedule, &ctx.device().limits())?;
        ctx.scoped(|device, queue| {
            let kernel = RingKernel::new(device, T::WGSL_TYPE);
            let ranks: Vec<wgpu::Buffer> = (0..schedule.ranks())
                .map(|_| {
                    device.create_buffer(&wgpu::BufferDescriptor {
                        label: Some("rank buffer"),
                        size: plan.size.buffer_bytes,
                        usage: wgpu::BufferUsages::STORAGE
                            | wgpu::BufferUsages::COPY_SRC
                            | wgpu::BufferUsages::COPY_DST,
                        mapped_at_creation: false,
                    })
                })
                .collect();
            let transfers = device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("transfer uniforms"),
                size: (plan.uniforms.len() as u64).max(kernel::TRANSFER_BYTES),
                usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            });
            queue.write_buffer(&transfers, 0, &plan.uniforms);
            let bind_groups = plan
                .pairs
                .iter()
                .map(|&(from, to)| {
                    let buffers = [&ranks[from], &ranks[to], &transfers];
                    kernel.bind_group(device, buffers, plan.size.window_bytes)
                })
                .collect();
            Self {
                ctx: ctx.clone(),
                schedule: schedule.clone(),
                kernel,
                plan,
                ranks,
                bind_groups,
                steps_done: 0,
                element: PhantomData,
            }
        })
        .await
    }

    /// The schedule this ring runs.
    pub fn schedule(&self) -> &Schedule {
        &self.schedule
    }

    /// Steps run so far, 0..=`schedule().step_count()`.
    pub fn steps_done(&self) -> usize {
        self.steps_done
    }

    /// Runs the next `count` steps. Errors if that goes past the schedule's
    /// last step; to step back, stage the initial data again (as the CPU
    /// reference's `run_until` replays from the start).
    pub async fn run_steps(&mut self, count: usize) -> Result<(), GpuError> {
        let end = self.steps_done + count;
        if end > self.schedule.step_count() {
            return Err(AllReduceError::StepOutOfRange {
                requested: end,
                steps: self.schedule.step_count(),
            }
            .into());
        }
        self.submit(self.steps_done..end).await?;
        self.steps_done = end;
        Ok(())
    }

    /// Every rank's buffer as it is now, rank 0 first.
    pub async fn read(&self) -> Result<Vec<Vec<T>>, GpuError> {
        read_elements(&self.ctx, &self.ranks, self.schedule.len()).await
    }

    /// Records `steps` in one compute pass and submits it; does not wait.
    async fn submit(&self, steps: Range<usize>) -> Result<(), GpuError> {
        self.ctx
            .scoped(|device, queue| {
                let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
                    label: Some("all-reduce steps"),
                });
                {
                    let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                        label: Some("all-reduce steps"),
                        timestamp_writes: None,
                    });
                    for step in self.plan.steps.get(steps).unwrap_or_default() {
                        pass.set_pipeline(self.kernel.pipeline(step.combine));
                        for dispatch in &step.dispatches {
                            pass.set_bind_group(
                                0,
                                &self.bind_groups[dispatch.pair],
                                &dispatch.offsets,
                            );
                            pass.dispatch_workgroups(dispatch.workgroups, 1, 1);
                        }
                    }
                }
                queue.submit([encoder.finish()]);
            })
            .await
    }
}

/// The GPU's buffers after the first `steps` steps of `schedule` from
/// `initial`: the GPU twin of [`crate::sim::allreduce::run_until`], with
/// the same errors for mismatched buffers or too many steps.
pub async fn run_until<T: GpuElement>(
    ctx: &GpuContext,
    schedule: &Schedule,
    initial: &[Vec<T>],
    steps: usize,
) -> Result<Vec<Vec<T>>, GpuError> {
    let mut ring = GpuRing::new(ctx, schedule, initial).await?;
    ring.run_steps(steps).await?;
    ring.read().await
}
