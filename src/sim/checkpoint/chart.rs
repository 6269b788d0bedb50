//! The numbers behind the explorer's chart: the analytic waste curve and
//! simulated points around the optimum, so the widget only draws.

use serde::Serialize;

use super::explorer::Outcome;
use super::formulas::{expected_wall_time, waste_fraction};
use super::simulation::simulate;

/// Points on the analytic curve.
pub const CURVE_POINTS: usize = 121;

/// Intervals simulated.
pub const SIM_POINTS: usize = 12;

/// Trials per simulated interval, at most.
pub const SIM_TRIALS: usize = 200;

/// How far the chart reaches either side of the exact optimum, as a factor.
pub const CHART_SPAN: f64 = 10.0;

/// Compute each simulated job needs, in units of the larger of the job's
/// MTBF and the interval: at least this many intervals, and this many
/// failures or more per trial. Waste does not depend on the solve time once
/// it spans many intervals, so this only sets the cost and the error bars.
pub const SIM_SOLVE_SPAN: f64 = 10.0;

/// Failures one simulated point may expect over all its trials. Where waste
/// is high, each trial sees more failures and the point gets fewer trials.
pub const SIM_FAILURE_BUDGET: f64 = 4_000.0;

/// Fewest trials worth a point; intervals whose runs fail so often that
/// they would get fewer are left to the analytic curve.
pub const SIM_MIN_TRIALS: usize = 10;

/// One simulated interval: the mean measured waste and its standard error.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SimPoint {
    /// Checkpoint interval, seconds.
    pub interval_s: f64,
    /// Mean waste fraction over the trials.
    pub mean: f64,
    /// Standard error of that mean.
    pub std_err: f64,
}

/// The chart's data for an outcome, over intervals from [`CHART_SPAN`]
/// times below to [`CHART_SPAN`] times above the exact optimum, widened to
/// show the reader's interval:
/// - the analytic [`waste_fraction`] as `(interval, waste)` pairs at
///   [`CURVE_POINTS`] log-spaced intervals;
/// - up to [`SIM_POINTS`] log-spaced [`simulate`]d points. A point's run
///   needs [`SIM_SOLVE_SPAN`] times `max(M, tau)` of compute, rounded up to
///   whole intervals, so it expects
///   `Tw / M` failures (Daly's `Tw`); it gets up to [`SIM_TRIALS`] trials
///   within [`SIM_FAILURE_BUDGET`], and is left out below
///   [`SIM_MIN_TRIALS`]. That bounds the work per call whatever the inputs.
///
/// Every point uses the same `seed` (common random numbers), so the
/// simulated points vary smoothly with the interval instead of jittering.
pub fn chart_series(outcome: &Outcome, seed: u64) -> (Vec<(f64, f64)>, Vec<SimPoint>) {
    let (c, m, r) = (outcome.checkpoint_s, outcome.job_mtbf_s, outcome.restart_s);
    let low = (outcome.exact_s / CHART_SPAN).min(outcome.interval_s / 1.25);
    let high = (outcome.exact_s * CHART_SPAN).max(outcome.interval_s * 1.25);
    let curve = log_grid(low, high, CURVE_POINTS)
        .map(|tau| (tau, waste_fraction(tau, c, m, r)))
        .collect();
    let points = log_grid(low, high, SIM_POINTS)
        .filter_map(|tau| {
            // A whole number of intervals: Daly's Tw charges a partial last
            // interval pro rata, a run does not.
            let solve = (SIM_SOLVE_SPAN * m.max(tau) / tau).ceil() * tau;
            let failures_per_trial = expected_wall_time(tau, c, m, r, solve) / m;
            // Saturating: an infinite expectation gives no trials.
            let trials = (SIM_FAILURE_BUDGET / failures_per_trial).min(SIM_TRIALS as f64) as usize;
            (trials >= SIM_MIN_TRIALS).then(|| {
                let summary = simulate(tau, c, m, r, solve, trials, seed);
                SimPoint {
                    interval_s: tau,
                    mean: summary.mean_waste,
                    std_err: summary.std_err,
                }
            })
        })
        .collect();
    (curve, points)
}

/// `count` values from `low` to `high` (both included), evenly spaced on a
/// log scale.
fn log_grid(low: f64, high: f64, count: usize) -> impl Iterator<Item = f64> {
    let step = (high / low).ln() / (count.max(2) - 1) as f64;
    (0..count).map(move |i| low * (step * i as f64).exp())
}
