//! A measurement for developers: the simulated Slurm cluster at scale
//! ([`gpu_book::sim::slurm::bench`]). Builds 1,024 nodes (8 GPUs each) and
//! 10,000 queued jobs, then prints the median time of `squeue` and `sinfo`
//! and of simulating 24 hours of scheduling with backfill. The same
//! figures in the browser: `tests/web_bench.rs`.
//!
//! Run: `cargo run --profile native --no-default-features --example
//! slurm_bench` (the `native` profile optimises for speed; `--release`
//! measures the size-tuned profile the wasm is built with).

use std::process::ExitCode;
use std::time::Instant;

use gpu_book::sim::slurm::bench::{Runs, measure};

fn main() -> ExitCode {
    let origin = Instant::now();
    match measure(Runs::default(), || origin.elapsed().as_secs_f64() * 1000.0) {
        Ok(figures) => {
            println!("{figures}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("slurm_bench: {e}");
            ExitCode::FAILURE
        }
    }
}
