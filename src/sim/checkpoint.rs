//! Young/Daly checkpoint interval explorer: the model behind the widget.
//! Pure: std, serde and thiserror, no clocks, no global randomness (the Monte
//! Carlo takes its seed as an argument). Every time is an `f64` in seconds.
//!
//! The steps, one submodule each:
//! 1. `formulas`: Young's and Daly's intervals, Daly's expected wall time and
//!    waste, the exact optimum, and the cost of one checkpoint from its parts.
//! 2. `explorer`: read every field of an [`ExplorerInput`] at once (through
//!    `crate::quantity`, in the page's locale) and compute the [`Outcome`]
//!    the widget shows; the book's [`preset`]s.
//! 3. `simulation`: a seeded Monte Carlo of failures and restarts that checks
//!    the closed forms ([`simulate`]).
//! 4. `cost`: the checkpoint cost from its parts (state size, sharded
//!    writers, bandwidths, asynchronous copies), as the reader types them.
//! 5. `chart`: the analytic curve and simulated points the widget draws
//!    ([`chart_series`]).

mod chart;
mod cost;
mod explorer;
mod formulas;
mod simulation;
#[cfg(test)]
mod tests;

pub use chart::{
    CHART_SPAN, CURVE_POINTS, SIM_FAILURE_BUDGET, SIM_MIN_TRIALS, SIM_POINTS, SIM_SOLVE_SPAN,
    SIM_TRIALS, SimPoint, chart_series,
};
pub use cost::{CostField, CostInput, CostOutcome, cost_from_parts, default_cost_input};
pub use explorer::{
    ExplorerInput, Field, NEAR_OPTIMUM, Outcome, PRESETS, Regime, SLIDER_SPAN, SLIDER_STEPS, Side,
    explore, preset, slider_interval, slider_position,
};
pub use formulas::{
    CheckpointCostModel, daly_interval, exact_optimum, expected_loss_per_failure,
    expected_wall_time, job_mtbf, waste_fraction, young_interval,
};
pub use simulation::{MAX_FAILURES_PER_TRIAL, SimSummary, simulate};
