//! Closed forms of the checkpoint model (reference: formulas.md, "Checkpoint
//! interval"): Young's and Daly's intervals, Daly's expected wall time, the
//! waste it implies and its exact minimum, and the cost of one checkpoint.
//!
//! Symbols: `tau` compute time between checkpoints, `C` checkpoint cost
//! (time training stalls), `M` mean time between failures of the whole job,
//! `R` restart cost, `Ts` failure-free solve time. The model's functions
//! return NaN outside its domain (`tau > 0`, `C >= 0`, `M > 0`, `R >= 0`,
//! `Ts >= 0`, all finite), as `f64::sqrt` does for a negative number.

use serde::{Deserialize, Serialize};

/// Young's first-order optimum interval, `tau = sqrt(2 C M)`
/// (J. W. Young, "A first order approximation to the optimum checkpoint
/// interval", CACM 17(9), 1974).
pub fn young_interval(checkpoint_s: f64, mtbf_s: f64) -> f64 {
    (2.0 * checkpoint_s * mtbf_s).sqrt()
}

/// Daly's higher-order optimum interval (J. T. Daly, "A higher order estimate
/// of the optimum checkpoint interval for restart dumps", Future Generation
/// Computer Systems 22, 2006, doi:10.1016/j.future.2004.11.016):
/// `tau = sqrt(2CM) [1 + (1/3) sqrt(C/2M) + (1/9) (C/2M)] - C` when `C < 2M`,
/// and `tau = M` when `C >= 2M` (checkpointing is then so costly that the job
/// barely progresses).
pub fn daly_interval(checkpoint_s: f64, mtbf_s: f64) -> f64 {
    if checkpoint_s >= 2.0 * mtbf_s {
        return mtbf_s;
    }
    let ratio = checkpoint_s / (2.0 * mtbf_s);
    young_interval(checkpoint_s, mtbf_s) * (1.0 + ratio.sqrt() / 3.0 + ratio / 9.0) - checkpoint_s
}

/// Daly's (2006) expected wall time of a job that needs `Ts` seconds of
/// failure-free compute: `Tw(tau) = M e^(R/M) (e^((tau+C)/M) - 1) Ts / tau`.
/// Failures are exponential with mean `M` and may strike during compute,
/// checkpoint or restart. Overflows to infinity where the job never ends in
/// practice; NaN outside the domain or for a negative `Ts`.
pub fn expected_wall_time(
    tau_s: f64,
    checkpoint_s: f64,
    mtbf_s: f64,
    restart_s: f64,
    solve_s: f64,
) -> f64 {
    if !(positive_interval(tau_s) && in_domain(checkpoint_s, mtbf_s, restart_s) && solve_s >= 0.0) {
        return f64::NAN;
    }
    solve_s * (-ln_efficiency(tau_s, checkpoint_s, mtbf_s, restart_s)).exp()
}

/// Fraction of wall time wasted on checkpoints, lost work and restarts,
/// `1 - Ts/Tw = 1 - tau / (M e^(R/M) (e^((tau+C)/M) - 1))` (Daly 2006);
/// `Ts` cancels. To first order it is `C/tau + (tau+C)/(2M) + R/M`.
///
/// It lies in `[0, 1)`, computed in logarithms so that it stays accurate
/// where `Tw` overflows; it rounds to exactly 1.0 only when the useful
/// fraction `Ts/Tw` falls below 2^-53 (a job that never finishes).
pub fn waste_fraction(tau_s: f64, checkpoint_s: f64, mtbf_s: f64, restart_s: f64) -> f64 {
    if !(positive_interval(tau_s) && in_domain(checkpoint_s, mtbf_s, restart_s)) {
        return f64::NAN;
    }
    // 1 - e^l for l = ln(Ts/Tw) <= 0, without cancellation when l is tiny.
    (-ln_efficiency(tau_s, checkpoint_s, mtbf_s, restart_s).exp_m1()).clamp(0.0, 1.0)
}

/// The interval that minimises [`waste_fraction`] exactly: the root of
/// Daly's (2006) stationarity condition `e^((tau+C)/M) (1 - tau/M) = 1`, i.e.
/// `x + C/M + ln(1 - x) = 0` for `x = tau/M` in `(0, 1)`, found by bisection
/// to the last bit. The left side falls strictly from `C/M` to minus
/// infinity, so the root is unique. Equal to `M (1 + W0(-e^(-1-C/M)))` with
/// Lambert's `W0`; tends to `M` as `C/M` grows.
///
/// The restart cost only multiplies `Tw` by `e^(R/M)`, so it cannot move the
/// optimum: `restart_s` takes part only in the domain check, which this
/// function shares with [`waste_fraction`] (NaN outside it).
pub fn exact_optimum(checkpoint_s: f64, mtbf_s: f64, restart_s: f64) -> f64 {
    if !in_domain(checkpoint_s, mtbf_s, restart_s) {
        return f64::NAN;
    }
    let ratio = checkpoint_s / mtbf_s;
    let (mut lo, mut hi) = (0.0_f64, 1.0_f64);
    // Each step halves the bracket until no double lies strictly inside it.
    loop {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if mid + ratio + (-mid).ln_1p() > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    mtbf_s * hi
}

/// Mean time between failures of a job whose `parts` parts fail
/// independently and exponentially, each with mean `part_mtbf_s`:
/// `M_job = M_part / parts` (the minimum of exponentials is exponential with
/// the rates added).
pub fn job_mtbf(part_mtbf_s: f64, parts: f64) -> f64 {
    part_mtbf_s / parts
}

/// Expected time lost to one failure: the time since the last completed
/// checkpoint when a failure strikes a segment of compute plus checkpoint,
/// `T = tau + C`. For exponential failures conditioned to strike within `T`:
/// `E[t | t < T] = M - T / (e^(T/M) - 1)`, about `T/2` when `T << M` and at
/// most `T` (the restart `R` comes on top). Tends to `M` when `T >> M`.
pub fn expected_loss_per_failure(tau_s: f64, checkpoint_s: f64, mtbf_s: f64) -> f64 {
    let segment_s = tau_s + checkpoint_s;
    mtbf_s - segment_s / (segment_s / mtbf_s).exp_m1()
}

/// What one checkpoint costs, from its parts. `writers` ranks each write
/// their shard (`state_bytes / writers`) in parallel at up to
/// `per_writer_bw` bytes/s, all together capped by the storage's aggregate
/// `storage_bw` bytes/s. With asynchronous checkpointing training stalls
/// only while each rank copies its shard to host memory at `host_copy_bw`
/// bytes/s; the write to storage proceeds in the background (as in
/// CheckFreq, Mohan et al., USENIX FAST 2021, and PyTorch Distributed
/// Checkpoint's `async_save`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CheckpointCostModel {
    /// Bytes saved per checkpoint, all ranks together (weights, optimizer
    /// state, data-loader position).
    pub state_bytes: f64,
    /// Ranks writing shards in parallel (1 for a single writer).
    pub writers: f64,
    /// Bytes/s one writer can send to storage.
    pub per_writer_bw: f64,
    /// Bytes/s the storage accepts from all writers together.
    pub storage_bw: f64,
    /// Whether training resumes after the copy to host memory while the
    /// write continues in the background.
    pub asynchronous: bool,
    /// Bytes/s of one rank's device-to-host copy (used when asynchronous).
    pub host_copy_bw: f64,
}

impl CheckpointCostModel {
    /// Time training stalls per checkpoint: the `C` of Young and Daly. The
    /// whole write ([`Self::write_s`]) when synchronous; when asynchronous,
    /// one rank's copy to host memory, `(S / W) / b_host`. The asynchronous
    /// case assumes the background write ends before the next checkpoint
    /// (interval at least `write_s`), or the next checkpoint waits for it.
    pub fn stall_s(&self) -> f64 {
        if self.asynchronous {
            self.state_bytes / self.writers / self.host_copy_bw
        } else {
            self.write_s()
        }
    }

    /// Time to write the whole state to storage,
    /// `S / min(W b_writer, B_storage)`: sharding speeds the write up until
    /// the storage's aggregate bandwidth is the limit.
    pub fn write_s(&self) -> f64 {
        self.state_bytes / (self.writers * self.per_writer_bw).min(self.storage_bw)
    }
}

/// Whether `tau` is a usable interval: positive and finite.
fn positive_interval(tau_s: f64) -> bool {
    tau_s > 0.0 && tau_s.is_finite()
}

/// Whether the model's parameters are in its domain.
fn in_domain(checkpoint_s: f64, mtbf_s: f64, restart_s: f64) -> bool {
    checkpoint_s >= 0.0
        && mtbf_s > 0.0
        && restart_s >= 0.0
        && [checkpoint_s, mtbf_s, restart_s]
            .iter()
            .all(|value| value.is_finite())
}

/// `ln(Ts / Tw) = ln(tau/M) - R/M - ln(e^((tau+C)/M) - 1)`, the logarithm of
/// the useful fraction of wall time; finite even where `Tw` overflows.
fn ln_efficiency(tau_s: f64, checkpoint_s: f64, mtbf_s: f64, restart_s: f64) -> f64 {
    (tau_s / mtbf_s).ln() - restart_s / mtbf_s - ln_exp_m1((tau_s + checkpoint_s) / mtbf_s)
}

/// `ln(e^x - 1)` for `x > 0`, without overflow for large `x` and without
/// cancellation for small `x`.
fn ln_exp_m1(x: f64) -> f64 {
    if x > 1.0 {
        x + (-(-x).exp()).ln_1p()
    } else {
        x.exp_m1().ln()
    }
}
