//! Where the all-reduce runs: the reader's GPU through WebGPU when an
//! adapter and a device are granted, otherwise the CPU reference, with the
//! reason shown. A device lost mid-run falls back to the CPU the same way.

use std::fmt::Debug;

use leptos::prelude::*;

use crate::gpu::{GpuContext, GpuElement, GpuError, GpuUnavailable, ring_allreduce};
use crate::sim::allreduce::Schedule;
use crate::sim::allreduce::explorer::{DType, RingSetup, Stepper, initial_buffers};

/// Where the step view and the measured run execute.
#[derive(Clone)]
pub(super) enum Device {
    /// Still asking the browser for an adapter.
    Probing,
    /// A GPU device.
    Gpu(GpuContext),
    /// The CPU reference, and why (a locale key and a technical detail).
    Cpu(&'static str, String),
}

impl Device {
    /// The fallback for a failed acquisition.
    pub(super) fn from_unavailable(why: &GpuUnavailable) -> Self {
        match why {
            GpuUnavailable::NoWebGpuApi => Self::Cpu("ar-cpu-no-webgpu", String::new()),
            GpuUnavailable::NoAdapter(detail) => Self::Cpu("ar-cpu-no-adapter", detail.clone()),
            GpuUnavailable::DeviceRequest(detail) => {
                Self::Cpu("ar-cpu-device-request", detail.clone())
            }
        }
    }
}

/// Asks for a GPU once, after the widget is drawn (in the browser only:
/// the build's first state stays "probing").
pub(super) fn acquire(device: RwSignal<Device, LocalStorage>) {
    if !cfg!(target_arch = "wasm32") {
        return;
    }
    leptos::task::spawn_local(async move {
        let found = match GpuContext::new().await {
            Ok(ctx) => Device::Gpu(ctx),
            Err(why) => Device::from_unavailable(&why),
        };
        // The widget may be gone by now.
        let _ = device.try_set(found);
    });
}

/// The buffers after some steps, and how they were checked.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct StepRun {
    /// The first ranks' first values, as text.
    pub(super) preview: Vec<Vec<String>>,
    /// Computed on the GPU (and compared with the CPU reference).
    pub(super) on_gpu: bool,
    /// The first disagreement: (rank, index, GPU value, CPU value).
    pub(super) mismatch: Option<(usize, usize, String, String)>,
}

/// Ranks and values per rank the preview keeps.
const PREVIEW: (usize, usize) = (4, 10);

fn preview<T: Debug>(buffers: &[Vec<T>]) -> Vec<Vec<String>> {
    buffers
        .iter()
        .take(PREVIEW.0)
        .map(|b| b.iter().take(PREVIEW.1).map(|v| format!("{v:?}")).collect())
        .collect()
}

/// The CPU reference's buffers at some step, kept so that playing forward
/// applies one step at a time instead of replaying from the start.
#[derive(Debug, Clone, Default)]
pub(super) enum CpuState {
    /// Nothing run yet.
    #[default]
    Empty,
    /// f32 buffers.
    F32(Stepper<f32>),
    /// i32 buffers.
    I32(Stepper<i32>),
}

impl CpuState {
    /// Brings the buffers to `steps` steps of `setup` and previews them.
    pub(super) fn run(&mut self, setup: &RingSetup, steps: usize) -> StepRun {
        let s = &setup.schedule;
        let fresh = match (&*self, setup.dtype) {
            (Self::F32(st), DType::F32) => st.schedule() != s,
            (Self::I32(st), DType::I32) => st.schedule() != s,
            _ => true,
        };
        if fresh {
            let (ranks, len) = (s.ranks(), s.len());
            *self = match setup.dtype {
                DType::F32 => Stepper::new(s.clone(), initial_buffers(ranks, len, |v| v as f32))
                    .map_or(Self::Empty, Self::F32),
                DType::I32 => Stepper::new(s.clone(), initial_buffers(ranks, len, |v| v))
                    .map_or(Self::Empty, Self::I32),
            };
        }
        let preview = match self {
            Self::F32(st) => preview(st.seek(steps)),
            Self::I32(st) => preview(st.seek(steps)),
            Self::Empty => Vec::new(),
        };
        StepRun {
            preview,
            on_gpu: false,
            mismatch: None,
        }
    }
}

/// The GPU's buffers after `steps` steps, compared with the CPU reference.
pub(super) async fn on_gpu(
    ctx: &GpuContext,
    setup: &RingSetup,
    steps: usize,
) -> Result<StepRun, GpuError> {
    async fn run<T: GpuElement>(
        ctx: &GpuContext,
        s: &Schedule,
        steps: usize,
        from: fn(i32) -> T,
    ) -> Result<StepRun, GpuError> {
        let initial = initial_buffers(s.ranks(), s.len(), from);
        let check = ring_allreduce::check(ctx, s, &initial, steps).await?;
        Ok(StepRun {
            preview: preview(&check.gpu),
            on_gpu: true,
            mismatch: check.mismatch.map(|m| {
                (
                    m.rank,
                    m.index,
                    format!("{:?}", m.gpu),
                    format!("{:?}", m.cpu),
                )
            }),
        })
    }
    match setup.dtype {
        DType::F32 => run(ctx, &setup.schedule, steps, |v| v as f32).await,
        DType::I32 => run(ctx, &setup.schedule, steps, |v| v).await,
    }
}
