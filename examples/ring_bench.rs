//! The GPU path's ring all-reduce against the CPU reference, printed as
//! nccl-tests `all_reduce_perf` tables (`sim::allreduce::perf_table`): f32,
//! 8 ranks of 256 MiB each by default, the median of several timed runs
//! after one untimed warm-up. Native only: it blocks on wgpu's futures with
//! pollster.
//!
//! ```text
//! WGPU_BACKEND=vulkan CARGO_PROFILE_RELEASE_OPT_LEVEL=3 \
//!   CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
//!   cargo run --release --example ring_bench -- [MiB per rank] [ranks] [runs]
//! ```
//!
//! The overrides swap the size-tuned web release profile for a speed-tuned
//! one; they change the CPU reference's figures, not the GPU's.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    match native::run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("ring_bench: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Nothing to measure in a wasm build of the examples
/// (`cargo test --target wasm32-unknown-unknown` builds them too).
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::error::Error;
    use std::hint::black_box;
    use std::time::Instant;

    use gpu_book::gpu::GpuContext;
    use gpu_book::gpu::ring_allreduce::{SweepPoint, timed_sweep};
    use gpu_book::sim::allreduce::{
        PerfParams, PerfTable, PerfType, algorithm_bandwidth, bus_bandwidth, format_g,
        ring_schedule, run_schedule,
    };
    use pollster::block_on;

    const MIB: u64 = 1 << 20;
    const WARMUP: usize = 1;

    pub(crate) fn run() -> Result<(), Box<dyn Error>> {
        let mut args = std::env::args().skip(1).map(|a| a.parse::<usize>());
        let mut next = |default| args.next().unwrap_or(Ok(default));
        let (mib, ranks, runs) = (next(256)?, next(8)?, next(5)?);
        let size = mib as u64 * MIB;

        let ctx = block_on(GpuContext::new())?;
        let adapter = ctx.adapter().clone();
        let start = Instant::now();
        let clock = || start.elapsed().as_secs_f64() * 1e3;
        let gpu = block_on(timed_sweep::<f32>(
            &ctx,
            ranks,
            &[size],
            WARMUP,
            runs,
            clock,
        ))?;
        drop(ctx);
        let cpu = cpu_point(ranks, size, runs)?;

        let name = format!("GPU path ({}, {})", adapter.name, adapter.backend);
        let mut medians = Vec::new();
        for (title, point) in [(name.as_str(), gpu.first()), ("CPU reference", Some(&cpu))] {
            let Some(point) = point else { continue };
            println!("## {title}, {ranks} ranks, times {:?} ms", point.times_ms);
            let table = PerfTable {
                params: PerfParams {
                    n_thread: 1,
                    n_gpus: u32::try_from(ranks)?,
                    min_bytes: point.size_bytes,
                    max_bytes: point.size_bytes,
                    step_factor: 1,
                    warmup_iters: WARMUP as u32,
                    iters: u32::try_from(runs)?,
                    agg_iters: 1,
                    validation: false,
                    graph: 0,
                },
                devices: Vec::new(),
                ranks,
                rows: point.perf_row().into_iter().collect(),
            };
            for line in table.lines()? {
                println!("{line}");
            }
            if let Some(ms) = point.median_ms() {
                let algbw = algorithm_bandwidth(point.size_bytes as f64, ms / 1e3) / 1e9;
                medians.push(format!(
                    "{title}: median {} ms, busbw {} GB/s",
                    format_g(ms),
                    format_g(bus_bandwidth(algbw, ranks))
                ));
            }
        }
        println!("## Summary\n{}", medians.join("\n"));
        Ok(())
    }

    /// The CPU reference timed the same way: `run_schedule`, which copies its
    /// input and then runs every step.
    fn cpu_point(ranks: usize, size: u64, runs: usize) -> Result<SweepPoint, Box<dyn Error>> {
        let len = usize::try_from(size / 4)?;
        let schedule = ring_schedule(ranks, len)?;
        let initial = vec![vec![0.0_f32; len]; ranks];
        let mut times_ms = Vec::with_capacity(runs);
        for run in 0..WARMUP + runs {
            let start = Instant::now();
            black_box(run_schedule(&schedule, black_box(&initial))?);
            if run >= WARMUP {
                times_ms.push(start.elapsed().as_secs_f64() * 1e3);
            }
        }
        Ok(SweepPoint {
            size_bytes: len as u64 * 4,
            dtype: PerfType::Float,
            times_ms,
        })
    }
}
