//! Golden tests of every node tool against the real texts of
//! shared/reference/node-tools.md (copied here as literals, since the
//! tests cannot read that file), and the behaviour around them: GPU states,
//! option errors, the slow-link effect, determinism, and properties that no
//! input panics.
#![allow(clippy::unwrap_used)]

use super::*;

mod all_reduce_perf;
mod dmesg;
mod job_output;
mod nvidia_smi;
#[cfg(not(target_arch = "wasm32"))]
mod props;

/// 2026-11-30T03:12:45Z, when the labs' failures happen (a Monday).
const FAILURE: i64 = 1_796_008_365;
/// 2026-11-29T18:00:00Z, when the lab nodes booted.
const BOOT: i64 = 1_795_975_200;

/// Owned words.
fn words(line: &str) -> Vec<String> {
    line.split_whitespace().map(str::to_owned).collect()
}

/// The lines of a text.
fn lines(text: &str) -> Vec<&str> {
    text.lines().collect()
}
