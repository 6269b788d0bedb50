//! The explorer widget's model: the reader's typed fields in, every number
//! the widget shows out, and the book's presets.

use serde::{Deserialize, Serialize};

use super::formulas::{
    daly_interval, exact_optimum, expected_loss_per_failure, job_mtbf, waste_fraction,
    young_interval,
};
use crate::quantity::{
    DAY_S, DecimalMark, FieldErrors, InputError, Unit, parse_count, parse_duration,
};

/// How far the chosen interval may stray from the exact optimum, as a
/// fraction of it, and still count as [`Side::NearOptimum`]: 10%. Waste is
/// flat near the optimum, so this costs little.
pub const NEAR_OPTIMUM: f64 = 0.10;

/// The presets [`preset`] knows, in the order the widget lists them.
pub const PRESETS: [&str; 3] = ["8-gpus", "1024-gpus", "16384-gpus-async"];

/// What the reader typed into the explorer, one string per field (see
/// [`Field::default_unit`] for the unit of a bare number).
/// The default is a blank form.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ExplorerInput {
    /// Checkpoint cost `C`: how long training stalls per checkpoint.
    pub checkpoint: String,
    /// Mean time between failures of one GPU (and its share of the node).
    pub gpu_mtbf: String,
    /// GPUs in the job; any one failing stops it.
    pub gpus: String,
    /// Restart cost `R`: from a failure to training again (requeue, start,
    /// load the checkpoint).
    pub restart: String,
    /// The chosen interval `tau`: compute time between checkpoints.
    pub interval: String,
}

impl ExplorerInput {
    /// The text of one field.
    pub fn text(&self, field: Field) -> &String {
        match field {
            Field::Checkpoint => &self.checkpoint,
            Field::GpuMtbf => &self.gpu_mtbf,
            Field::Gpus => &self.gpus,
            Field::Restart => &self.restart,
            Field::Interval => &self.interval,
        }
    }

    /// The text of one field, to edit.
    pub fn text_mut(&mut self, field: Field) -> &mut String {
        match field {
            Field::Checkpoint => &mut self.checkpoint,
            Field::GpuMtbf => &mut self.gpu_mtbf,
            Field::Gpus => &mut self.gpus,
            Field::Restart => &mut self.restart,
            Field::Interval => &mut self.interval,
        }
    }
}

/// The explorer's fields, to place each error beside its input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Field {
    /// [`ExplorerInput::checkpoint`].
    Checkpoint,
    /// [`ExplorerInput::gpu_mtbf`].
    GpuMtbf,
    /// [`ExplorerInput::gpus`].
    Gpus,
    /// [`ExplorerInput::restart`].
    Restart,
    /// [`ExplorerInput::interval`].
    Interval,
}

impl Field {
    /// The unit of a bare number in this field: minutes for the checkpoint,
    /// restart and interval, hours for the GPU MTBF (as datasheets quote
    /// it); `None` for the GPU count.
    pub const fn default_unit(self) -> Option<Unit> {
        match self {
            Self::Checkpoint | Self::Restart | Self::Interval => Some(Unit::Minutes),
            Self::GpuMtbf => Some(Unit::Hours),
            Self::Gpus => None,
        }
    }

    /// Reads `text` as this field does, before the checks that need the
    /// other fields or zero: seconds for a duration (a bare number in
    /// [`Field::default_unit`]), a count for the GPUs.
    pub fn read(self, text: &str, mark: DecimalMark) -> Result<f64, InputError> {
        match self.default_unit() {
            Some(unit) => parse_duration(text, unit.seconds(), mark),
            None => parse_count(text, mark),
        }
    }
}

/// Whether Daly's formula applies in its usual form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Regime {
    /// `C < 2M`: the higher-order formula holds.
    Normal,
    /// `C >= 2M`: a checkpoint takes longer than two mean times between
    /// failures. Daly (2006) says checkpoint every `M`; most attempts fail
    /// anyway and the job barely progresses. Cheaper checkpoints (sharded,
    /// asynchronous) or fewer failures are the only way out.
    CheckpointTooCostly,
}

/// Where the chosen interval lies relative to the exact optimum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    /// More than [`NEAR_OPTIMUM`] below it: time wasted writing checkpoints.
    TooFrequent,
    /// Within [`NEAR_OPTIMUM`] of it.
    NearOptimum,
    /// More than [`NEAR_OPTIMUM`] above it: compute wasted redoing work
    /// lost to failures.
    TooRare,
}

/// Every number the explorer shows, from validated inputs (seconds).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Outcome {
    /// Checkpoint cost `C`.
    pub checkpoint_s: f64,
    /// Mean time between failures of one GPU.
    pub gpu_mtbf_s: f64,
    /// GPUs in the job.
    pub gpus: f64,
    /// The job's mean time between failures, `M = M_gpu / gpus` ([`job_mtbf`]).
    pub job_mtbf_s: f64,
    /// Restart cost `R`.
    pub restart_s: f64,
    /// The chosen interval `tau`.
    pub interval_s: f64,
    /// Young's interval, `sqrt(2 C M)` ([`young_interval`]).
    pub young_s: f64,
    /// Daly's higher-order interval ([`daly_interval`]).
    pub daly_s: f64,
    /// The exact minimum of the waste ([`exact_optimum`]).
    pub exact_s: f64,
    /// Waste fraction at the chosen interval ([`waste_fraction`]).
    pub waste_at_interval: f64,
    /// Waste fraction at Daly's interval.
    pub waste_at_daly: f64,
    /// Expected time lost per failure at the chosen interval: work and
    /// checkpoint time since the last completed checkpoint,
    /// `M - (tau+C)/(e^((tau+C)/M) - 1)`, about `(tau+C)/2`; the restart
    /// comes on top ([`expected_loss_per_failure`]).
    pub lost_per_failure_s: f64,
    /// The most a failure can cost before the restart: one interval and
    /// the checkpoint in flight, `tau + C`.
    pub max_lost_per_failure_s: f64,
    /// Expected failures per day of running, `86400 / M`.
    pub failures_per_day: f64,
    /// Whether the checkpoint is too costly for the failure rate.
    pub regime: Regime,
    /// Whether the chosen interval is too short, near the optimum or too long.
    pub side: Side,
}

/// Reads every field of `input` on its own, with the page's decimal
/// `mark`, and returns either the outcome or every field's error at once,
/// in field order, so that each can show beside its input. The checkpoint,
/// GPU MTBF and interval must be positive, the restart may be zero, and the
/// GPU count must be a whole number from 1 up. A checkpoint longer than the
/// job's MTBF is not an error: the outcome says so with
/// [`Regime::CheckpointTooCostly`].
pub fn explore(
    input: &ExplorerInput,
    mark: DecimalMark,
) -> Result<Outcome, FieldErrors<Field, InputError>> {
    let read = |field: Field| field.read(input.text(field), mark);
    let mut errors = FieldErrors::new();
    let checkpoint = errors.check(
        Field::Checkpoint,
        read(Field::Checkpoint).and_then(positive(InputError::NotPositive)),
    );
    let gpu_mtbf = errors.check(
        Field::GpuMtbf,
        read(Field::GpuMtbf).and_then(positive(InputError::NotPositive)),
    );
    let gpus = errors.check(Field::Gpus, read(Field::Gpus));
    let restart = errors.check(Field::Restart, read(Field::Restart));
    let interval = errors.check(
        Field::Interval,
        read(Field::Interval).and_then(positive(InputError::ZeroInterval)),
    );
    let outcome = match (checkpoint, gpu_mtbf, gpus, restart, interval) {
        (Some(checkpoint), Some(gpu_mtbf), Some(gpus), Some(restart), Some(interval)) => {
            Some(evaluate(checkpoint, gpu_mtbf, gpus, restart, interval))
        }
        _ => None,
    };
    errors.or_value(outcome)
}

/// The preset called `name` (one of [`PRESETS`]), as the reader would type
/// it. All assume a per-GPU MTBF of 5 years: Meta's Llama 3 training saw 419
/// unexpected interruptions in 54 days on 16,384 H100 GPUs (Llama Team, "The
/// Llama 3 Herd of Models", 2024, section 3.3.4), about one per 5.8
/// GPU-years, rounded down for a fleet less well tended. Each interval is a
/// round number near, but not at, the optimum:
/// - `8-gpus`: one node, 2 min synchronous checkpoints, 5 min restart; the
///   job fails about every 7.5 months and the optimum is about 19 h, so a
///   daily checkpoint (1 d) is a little too rare.
/// - `1024-gpus`: 5 min checkpoints, 10 min restart (requeue and reload);
///   job MTBF about 42.8 h, optimum about 2.6 h, so every 2 h is a little
///   too frequent.
/// - `16384-gpus-async`: sharded asynchronous checkpoints that stall
///   training 20 s, 10 min restart; job MTBF about 2.7 h ("something fails
///   every few hours"), optimum about 10 min, so every 15 min is too rare.
pub fn preset(name: &str) -> Option<ExplorerInput> {
    let (checkpoint, gpus, restart, interval) = match name {
        "8-gpus" => ("2 min", "8", "5 min", "1 d"),
        "1024-gpus" => ("5 min", "1024", "10 min", "2 h"),
        "16384-gpus-async" => ("20 s", "16384", "10 min", "15 min"),
        _ => return None,
    };
    Some(ExplorerInput {
        checkpoint: checkpoint.to_owned(),
        gpu_mtbf: "5 y".to_owned(),
        gpus: gpus.to_owned(),
        restart: restart.to_owned(),
        interval: interval.to_owned(),
    })
}

/// Steps of the explorer's interval slider (0 to this).
pub const SLIDER_STEPS: f64 = 1000.0;

/// How far the interval slider reaches either side of the exact optimum,
/// as a factor (a log scale from optimum/30 to optimum×30).
pub const SLIDER_SPAN: f64 = 30.0;

/// The slider's ends, in seconds, around the outcome's exact optimum.
fn slider_ends(outcome: &Outcome) -> (f64, f64) {
    let centre = outcome.exact_s.max(1.0);
    (centre / SLIDER_SPAN, centre * SLIDER_SPAN)
}

/// Where the chosen interval sits on the slider, `0..=SLIDER_STEPS` (log scale).
pub fn slider_position(outcome: &Outcome) -> f64 {
    let (lo, hi) = slider_ends(outcome);
    let position = (outcome.interval_s / lo).ln() / (hi / lo).ln() * SLIDER_STEPS;
    if position.is_finite() {
        position.clamp(0.0, SLIDER_STEPS)
    } else {
        SLIDER_STEPS / 2.0
    }
}

/// The interval, in seconds, at a slider `position` (clamped to the slider).
pub fn slider_interval(outcome: &Outcome, position: f64) -> f64 {
    let (lo, hi) = slider_ends(outcome);
    lo * (hi / lo).powf(position.clamp(0.0, SLIDER_STEPS) / SLIDER_STEPS)
}

/// Refuses zero with `error`, for a duration that must be positive.
fn positive(error: InputError) -> impl FnOnce(f64) -> Result<f64, InputError> {
    move |seconds| {
        if seconds > 0.0 {
            Ok(seconds)
        } else {
            Err(error)
        }
    }
}

/// Every number of the outcome, from validated inputs (seconds and a count).
fn evaluate(
    checkpoint_s: f64,
    gpu_mtbf_s: f64,
    gpus: f64,
    restart_s: f64,
    interval_s: f64,
) -> Outcome {
    let job_mtbf_s = job_mtbf(gpu_mtbf_s, gpus);
    let daly_s = daly_interval(checkpoint_s, job_mtbf_s);
    let exact_s = exact_optimum(checkpoint_s, job_mtbf_s, restart_s);
    let regime = if checkpoint_s >= 2.0 * job_mtbf_s {
        Regime::CheckpointTooCostly
    } else {
        Regime::Normal
    };
    let side = if interval_s < (1.0 - NEAR_OPTIMUM) * exact_s {
        Side::TooFrequent
    } else if interval_s > (1.0 + NEAR_OPTIMUM) * exact_s {
        Side::TooRare
    } else {
        Side::NearOptimum
    };
    Outcome {
        checkpoint_s,
        gpu_mtbf_s,
        gpus,
        job_mtbf_s,
        restart_s,
        interval_s,
        young_s: young_interval(checkpoint_s, job_mtbf_s),
        daly_s,
        exact_s,
        waste_at_interval: waste_fraction(interval_s, checkpoint_s, job_mtbf_s, restart_s),
        waste_at_daly: waste_fraction(daly_s, checkpoint_s, job_mtbf_s, restart_s),
        lost_per_failure_s: expected_loss_per_failure(interval_s, checkpoint_s, job_mtbf_s),
        max_lost_per_failure_s: interval_s + checkpoint_s,
        failures_per_day: DAY_S / job_mtbf_s,
        regime,
        side,
    }
}
