//! The all-reduce widget's model: the reader's typed fields in; the
//! schedule, each rank's fill at every step, the modelled times and the
//! measured-run tables out.

use serde::{Deserialize, Serialize};

use super::cost::{Crossover, LinkModel, crossover, ring_time, tree_time};
use super::perf_table::{PerfParams, PerfRow, PerfTable, PerfType};
use super::reference::{Element, apply_step, run_until};
use super::schedule::{
    Algorithm, MAX_RANKS, MIN_RANKS, Phase, Schedule, ring_schedule, tree_schedule,
};
use crate::quantity::{DecimalMark, FieldErrors, InputError, parse_amount, parse_whole};

/// The most elements per rank the step-by-step view takes (the measured run
/// has its own limit): 16 Mi elements, 64 MiB of f32.
pub const MAX_ELEMENTS: u64 = 16 << 20;
/// The most elements of all ranks together (256 MiB of f32): what a
/// browser tab holds comfortably twice (the buffers and the reference).
pub const MAX_TOTAL_ELEMENTS: u64 = 1 << 26;
/// Smallest and largest message of the modelled chart, bytes: 8 B to 1 GiB.
pub const MODEL_SIZES: (u64, u64) = (8, 1 << 30);

/// The element type of the buffers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum DType {
    /// 32-bit float (`ncclFloat32`, nccl-tests `float`).
    #[default]
    F32,
    /// 32-bit integer, wrapping (`ncclInt32`, nccl-tests `int32`).
    I32,
}

impl DType {
    /// The nccl-tests type of the measured table.
    pub fn perf_type(self) -> PerfType {
        match self {
            Self::F32 => PerfType::Float,
            Self::I32 => PerfType::Int32,
        }
    }

    /// The short name used in the address: `f32` or `i32`.
    pub fn name(self) -> &'static str {
        match self {
            Self::F32 => "f32",
            Self::I32 => "i32",
        }
    }
}

/// What the reader typed, one string per field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RingInput {
    /// Number of ranks, 2 to 64.
    pub ranks: String,
    /// Elements in each rank's buffer.
    pub elements: String,
    /// The element type.
    pub dtype: DType,
    /// Ring or tree.
    pub algorithm: Algorithm,
    /// The slow link's bandwidth as a fraction of the others (1 = none).
    pub slow_fraction: String,
    /// A normal link's bandwidth, GB/s.
    pub bandwidth: String,
    /// A message's start-up latency, microseconds.
    pub latency: String,
}

impl RingInput {
    /// The book's default: 8 ranks, 24 elements, f32, the ring, one link at
    /// a quarter of the others' 100 GB/s, 5 us latency.
    pub fn with(ranks: usize, algorithm: Algorithm) -> Self {
        Self {
            ranks: ranks.to_string(),
            elements: "24".to_owned(),
            dtype: DType::F32,
            algorithm,
            slow_fraction: "1".to_owned(),
            bandwidth: "100".to_owned(),
            latency: "5".to_owned(),
        }
    }

    /// The text of a field.
    pub fn text(&self, field: RingField) -> &str {
        match field {
            RingField::Ranks => &self.ranks,
            RingField::Elements => &self.elements,
            RingField::SlowFraction => &self.slow_fraction,
            RingField::Bandwidth => &self.bandwidth,
            RingField::Latency => &self.latency,
        }
    }

    /// The text of a field, to edit.
    pub fn text_mut(&mut self, field: RingField) -> &mut String {
        match field {
            RingField::Ranks => &mut self.ranks,
            RingField::Elements => &mut self.elements,
            RingField::SlowFraction => &mut self.slow_fraction,
            RingField::Bandwidth => &mut self.bandwidth,
            RingField::Latency => &mut self.latency,
        }
    }
}

/// The widget's text fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RingField {
    /// [`RingInput::ranks`].
    Ranks,
    /// [`RingInput::elements`].
    Elements,
    /// [`RingInput::slow_fraction`].
    SlowFraction,
    /// [`RingInput::bandwidth`].
    Bandwidth,
    /// [`RingInput::latency`].
    Latency,
}

impl RingField {
    /// Every field, in the widget's order.
    pub const ALL: [Self; 5] = [
        Self::Ranks,
        Self::Elements,
        Self::SlowFraction,
        Self::Bandwidth,
        Self::Latency,
    ];

    /// A short stable name for ids and the address.
    pub fn key(self) -> &'static str {
        match self {
            Self::Ranks => "ranks",
            Self::Elements => "elements",
            Self::SlowFraction => "slow",
            Self::Bandwidth => "bw",
            Self::Latency => "alpha",
        }
    }
}

/// Why a field was refused. The UI maps each variant to a locale key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RingInputError {
    /// Not an acceptable number.
    #[error("{0}")]
    Input(#[from] InputError),
    /// A rank count outside 2..=64.
    #[error("ranks must be between {MIN_RANKS} and {MAX_RANKS}")]
    Ranks,
    /// More elements than [`MAX_ELEMENTS`], or more than
    /// [`MAX_TOTAL_ELEMENTS`] over all ranks: at most this many per rank.
    #[error("at most {0} elements per rank")]
    TooManyElements(u64),
    /// A fraction outside (0, 1].
    #[error("a fraction above 0 and at most 1")]
    Fraction,
}

/// A validated configuration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RingSetup {
    /// The schedule to animate.
    pub schedule: Schedule,
    /// The element type.
    pub dtype: DType,
    /// The links; the slow one, if any, is link 0 (rank 0 -> rank 1).
    pub link: LinkModel,
}

/// The errors of the ring's form, each on its field.
pub type RingErrors = FieldErrors<RingField, RingInputError>;

/// One field's value as the page's decimal `mark` reads it, or why it is
/// refused: what the form checks and what the field says it read.
pub fn read_field(
    input: &RingInput,
    field: RingField,
    mark: DecimalMark,
) -> Result<f64, RingInputError> {
    let text = input.text(field);
    match field {
        RingField::Ranks => parse_whole(text, MAX_RANKS as u64 * 1000, mark)
            .map_err(RingInputError::from)
            .and_then(|n| {
                if (MIN_RANKS as u64..=MAX_RANKS as u64).contains(&n) {
                    Ok(n as f64)
                } else {
                    Err(RingInputError::Ranks)
                }
            }),
        RingField::Elements => parse_whole(text, u64::MAX >> 12, mark)
            .map_err(RingInputError::from)
            .and_then(|n| match n {
                0 => Err(InputError::NotPositive.into()),
                n if n > MAX_ELEMENTS => Err(RingInputError::TooManyElements(MAX_ELEMENTS)),
                n => Ok(n as f64),
            }),
        RingField::SlowFraction => parse_amount(text, mark)
            .map_err(RingInputError::from)
            .and_then(|f| {
                if f > 0.0 && f <= 1.0 {
                    Ok(f)
                } else {
                    Err(RingInputError::Fraction)
                }
            }),
        RingField::Bandwidth => parse_amount(text, mark)
            .map_err(RingInputError::from)
            .and_then(|v| {
                if v > 0.0 {
                    Ok(v)
                } else {
                    Err(InputError::NotPositive.into())
                }
            }),
        RingField::Latency => parse_amount(text, mark).map_err(Into::into),
    }
}

/// Validates every field, read with the page's decimal `mark`; all errors
/// at once, in field order.
pub fn setup(input: &RingInput, mark: DecimalMark) -> Result<RingSetup, RingErrors> {
    let mut errors = RingErrors::new();
    let mut read = |field| errors.check(field, read_field(input, field, mark));
    let ranks = read(RingField::Ranks);
    let elements = read(RingField::Elements);
    let fraction = read(RingField::SlowFraction);
    let bandwidth = read(RingField::Bandwidth);
    let latency = read(RingField::Latency);
    let (Some(ranks), Some(elements), Some(fraction), Some(bandwidth), Some(latency)) =
        (ranks, elements, fraction, bandwidth, latency)
    else {
        return Err(errors);
    };
    let (ranks, len) = (ranks as usize, elements as usize);
    let per_rank = MAX_TOTAL_ELEMENTS / ranks as u64;
    if len as u64 > per_rank {
        return Err(RingErrors::from_iter([(
            RingField::Elements,
            RingInputError::TooManyElements(per_rank),
        )]));
    }
    let schedule = match input.algorithm {
        Algorithm::Ring => ring_schedule(ranks, len),
        Algorithm::Tree => tree_schedule(ranks, len),
    }
    .map_err(|_| RingErrors::from_iter([(RingField::Ranks, RingInputError::Ranks)]))?;
    let link = LinkModel {
        alpha_s: latency * 1e-6,
        bandwidth_bytes_per_s: bandwidth * 1e9,
        reduce_s_per_byte: 0.0,
        slow_link: (fraction < 1.0).then_some((0, fraction)),
    };
    Ok(RingSetup {
        schedule,
        dtype: input.dtype,
        link,
    })
}

/// Rank r's starting buffer, element i: (r + 1) * (i mod 5 + 1), small
/// whole numbers whose sums a reader can check by eye (and that f32 adds
/// exactly, so the GPU and CPU agree to the bit).
pub fn initial_value(rank: usize, index: usize) -> i32 {
    // Both factors are small (rank < 64, i mod 5 < 5).
    ((rank + 1) * (index % 5 + 1)) as i32
}

/// Every rank's starting buffer, built with `from` (e.g. `|v| v as f32`).
pub fn initial_buffers<T>(ranks: usize, len: usize, from: impl Fn(i32) -> T) -> Vec<Vec<T>> {
    (0..ranks)
        .map(|r| (0..len).map(|i| from(initial_value(r, i))).collect())
        .collect()
}

/// A schedule's buffers at some step, moved forward one step at a time
/// (what playing needs) and replayed from the start to go back.
#[derive(Debug, Clone, PartialEq)]
pub struct Stepper<T> {
    schedule: Schedule,
    initial: Vec<Vec<T>>,
    buffers: Vec<Vec<T>>,
    steps: usize,
}

impl<T: Element> Stepper<T> {
    /// Starts `schedule` from `initial`; `None` if they do not fit together.
    pub fn new(schedule: Schedule, initial: Vec<Vec<T>>) -> Option<Self> {
        run_until(&schedule, &initial, 0).ok()?;
        Some(Self {
            schedule,
            buffers: initial.clone(),
            initial,
            steps: 0,
        })
    }

    /// The schedule it runs.
    pub fn schedule(&self) -> &Schedule {
        &self.schedule
    }

    /// The buffers after `steps` steps (at most the schedule's count).
    pub fn seek(&mut self, steps: usize) -> &[Vec<T>] {
        let steps = steps.min(self.schedule.step_count());
        if steps < self.steps {
            self.buffers.clone_from(&self.initial);
            self.steps = 0;
        }
        for step in self.steps..steps {
            // The buffers were checked against the schedule in `new`.
            let _ = apply_step(&self.schedule, step, &mut self.buffers);
        }
        self.steps = steps;
        &self.buffers
    }
}

/// A stepper over one counter per chunk: after k steps, `[rank][chunk]`
/// says how many ranks' data that chunk holds (1 to n), the fill the
/// widget draws. It runs the same schedule shape as `schedule`.
pub fn fill_stepper(schedule: &Schedule) -> Option<Stepper<i32>> {
    let (ranks, chunks) = (schedule.ranks(), schedule.chunks().len());
    let shape = match schedule.algorithm() {
        Algorithm::Ring => ring_schedule(ranks, chunks),
        Algorithm::Tree => tree_schedule(ranks, 1),
    };
    Stepper::new(shape.ok()?, vec![vec![1; chunks]; ranks])
}

/// What step `index` does, for the caption: its phase and its messages as
/// (from, to, chunk index).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepView {
    /// Reduce-scatter, all-gather, reduce or broadcast.
    pub phase: Phase,
    /// (sender, receiver, chunk) for every message of the step.
    pub transfers: Vec<(usize, usize, usize)>,
}

/// The view of step `index`, if the schedule has it.
pub fn step_view(schedule: &Schedule, index: usize) -> Option<StepView> {
    let step = schedule.step(index)?;
    Some(StepView {
        phase: step.phase,
        transfers: step
            .transfers
            .iter()
            .map(|t| (t.from, t.to, t.chunk_index))
            .collect(),
    })
}

/// The modelled chart's series: times in seconds against message sizes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModelSeries {
    /// Message sizes, bytes, doubling from [`MODEL_SIZES`]' first to last.
    pub sizes: Vec<f64>,
    /// The ring on uniform links.
    pub ring: Vec<f64>,
    /// The ring with the slow link, when there is one.
    pub ring_slow: Option<Vec<f64>>,
    /// The tree (with the slow link, when there is one).
    pub tree: Vec<f64>,
    /// Where the tree stops winning, on the reader's links.
    pub crossover: Option<Crossover>,
}

/// The modelled times of both algorithms at the setup's rank count and links.
pub fn model_series(setup: &RingSetup) -> ModelSeries {
    let ranks = setup.schedule.ranks();
    let uniform = LinkModel {
        slow_link: None,
        ..setup.link.clone()
    };
    let sizes: Vec<f64> = std::iter::successors(Some(MODEL_SIZES.0), |s| {
        s.checked_mul(2).filter(|s| *s <= MODEL_SIZES.1)
    })
    .map(|s| s as f64)
    .collect();
    let times = |f: fn(f64, usize, &LinkModel) -> Result<f64, super::AllReduceError>,
                 link: &LinkModel| {
        sizes
            .iter()
            .map(|&s| f(s, ranks, link).unwrap_or(f64::NAN))
            .collect::<Vec<f64>>()
    };
    ModelSeries {
        ring: times(ring_time, &uniform),
        ring_slow: setup.link.slow_link.map(|_| times(ring_time, &setup.link)),
        tree: times(tree_time, &setup.link),
        crossover: crossover(ranks, &setup.link).ok().flatten(),
        sizes,
    }
}

/// The message sizes `all_reduce_perf -b min -e max -f 2` runs: min,
/// 2 min, ... up to max. Empty when min is 0 or above max.
pub fn sweep_sizes(min: u64, max: u64) -> Vec<u64> {
    if min == 0 {
        return Vec::new();
    }
    std::iter::successors(Some(min), |s| s.checked_mul(2))
        .take_while(|s| *s <= max)
        .collect()
}

/// The nccl-tests table of a measured run: `(size in bytes, median
/// microseconds)` per size, on `ranks` simulated ranks. In place and out
/// of place are the same run here, so both halves show its time; no device
/// lines (the ranks are simulated on one device).
pub fn perf_table(ranks: usize, dtype: DType, iters: u32, measured: &[(u64, f64)]) -> PerfTable {
    let min = measured.first().map_or(0, |m| m.0);
    let max = measured.last().map_or(0, |m| m.0);
    PerfTable {
        params: PerfParams {
            n_thread: 1,
            n_gpus: u32::try_from(ranks).unwrap_or(u32::MAX),
            min_bytes: min,
            max_bytes: max,
            step_factor: 2,
            warmup_iters: 1,
            iters,
            agg_iters: 1,
            validation: true,
            graph: 0,
        },
        devices: Vec::new(),
        ranks,
        rows: measured
            .iter()
            .map(|&(size, us)| PerfRow::new(size, dtype.perf_type(), us, us))
            .collect(),
    }
}

/// The address parameters of the widget's state, in [`to_query`]'s order.
pub const QUERY_KEYS: [&str; 7] = [
    "ar-ranks",
    "ar-elements",
    "ar-slow",
    "ar-bw",
    "ar-alpha",
    "ar-alg",
    "ar-type",
];

/// The state as `(key, value)` pairs, one per [`QUERY_KEYS`] entry: the
/// fields as typed (even when invalid, so a shared link shows the same
/// message), the algorithm and the element type.
pub fn to_query(input: &RingInput) -> [(&'static str, String); 7] {
    let algorithm = match input.algorithm {
        Algorithm::Ring => "ring",
        Algorithm::Tree => "tree",
    };
    let values = [
        input.ranks.clone(),
        input.elements.clone(),
        input.slow_fraction.clone(),
        input.bandwidth.clone(),
        input.latency.clone(),
        algorithm.to_owned(),
        input.dtype.name().to_owned(),
    ];
    let mut pairs = QUERY_KEYS.map(|k| (k, String::new()));
    for (pair, value) in pairs.iter_mut().zip(values) {
        pair.1 = value;
    }
    pairs
}

/// `base` with every parameter that `get` finds applied; an unknown
/// algorithm or type leaves the base's.
pub fn from_query(mut base: RingInput, get: impl Fn(&str) -> Option<String>) -> RingInput {
    for (key, field) in QUERY_KEYS.iter().zip(RingField::ALL) {
        if let Some(value) = get(key) {
            *base.text_mut(field) = value;
        }
    }
    match get("ar-alg").as_deref() {
        Some("ring") => base.algorithm = Algorithm::Ring,
        Some("tree") => base.algorithm = Algorithm::Tree,
        _ => {}
    }
    match get("ar-type").as_deref() {
        Some("f32") => base.dtype = DType::F32,
        Some("i32") => base.dtype = DType::I32,
        _ => {}
    }
    base
}

/// A measured reduction beside a plain copy of the same buffers: the bytes
/// per second that all `ranks` ranks move in an all-reduce of `bytes` each
/// (2(n-1)/n of every buffer) taking `reduce_s`, and the bytes per second of
/// copying every buffer once in `copy_s`. `None` when a time is not positive.
pub fn versus_copy(ranks: usize, bytes: f64, reduce_s: f64, copy_s: f64) -> Option<(f64, f64)> {
    let n = ranks as f64;
    let moved = n * bytes * 2.0 * (n - 1.0) / n;
    (reduce_s > 0.0 && copy_s > 0.0).then(|| (moved / reduce_s, n * bytes / copy_s))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How many ranks' data each chunk holds after `steps` steps.
    fn contributions(schedule: &Schedule, steps: usize) -> Vec<Vec<u32>> {
        let mut fill = fill_stepper(schedule).expect("a schedule has a fill");
        fill.seek(steps)
            .iter()
            .map(|row| row.iter().map(|c| c.unsigned_abs()).collect())
            .collect()
    }

    fn ok(input: &RingInput) -> RingSetup {
        match setup(input, DecimalMark::Point) {
            Ok(s) => s,
            Err(e) => panic!("{e:?}"),
        }
    }

    #[test]
    fn default_setup_and_refusals() {
        let s = ok(&RingInput::with(8, Algorithm::Ring));
        assert_eq!(s.schedule.step_count(), 14);
        assert_eq!(s.link.slow_link, None);
        let mut bad = RingInput::with(8, Algorithm::Ring);
        bad.ranks = "65".into();
        bad.elements = "0".into();
        bad.slow_fraction = "1.5".into();
        bad.bandwidth = "-3".into();
        bad.latency = "fast".into();
        let errors = setup(&bad, DecimalMark::Point).err().unwrap_or_default();
        assert_eq!(
            errors.into_iter().collect::<Vec<_>>(),
            [
                (RingField::Ranks, RingInputError::Ranks),
                (RingField::Elements, InputError::NotPositive.into()),
                (RingField::SlowFraction, RingInputError::Fraction),
                (RingField::Bandwidth, InputError::Negative.into()),
                (
                    RingField::Latency,
                    InputError::NotANumber("fast".into()).into()
                ),
            ]
        );
        bad = RingInput::with(8, Algorithm::Ring);
        bad.elements = "1e9".into();
        assert_eq!(
            setup(&bad, DecimalMark::Point).err(),
            Some(RingErrors::from_iter([(
                RingField::Elements,
                RingInputError::TooManyElements(MAX_ELEMENTS)
            )]))
        );
        bad.elements = "16777216".into();
        bad.ranks = "64".into();
        assert_eq!(
            setup(&bad, DecimalMark::Point).err(),
            Some(RingErrors::from_iter([(
                RingField::Elements,
                RingInputError::TooManyElements(1 << 20)
            )]))
        );
    }

    #[test]
    fn fill_grows_to_every_rank() {
        for algorithm in [Algorithm::Ring, Algorithm::Tree] {
            // 5 elements over 8 ranks: some chunks are empty, counts still work.
            let mut input = RingInput::with(8, algorithm);
            input.elements = "5".into();
            let s = ok(&input);
            let start = contributions(&s.schedule, 0);
            assert!(start.iter().flatten().all(|&c| c == 1));
            let end = contributions(&s.schedule, s.schedule.step_count());
            assert!(end.iter().flatten().all(|&c| c == 8), "{algorithm:?}");
            let total = |c: &Vec<Vec<u32>>| c.iter().flatten().sum::<u32>();
            let totals: Vec<u32> = (0..=s.schedule.step_count())
                .map(|k| total(&contributions(&s.schedule, k)))
                .collect();
            assert!(totals.windows(2).all(|w| w[1] >= w[0]), "{totals:?}");
        }
        // Ring, after reduce-scatter: rank r holds the full sum of chunk r+1.
        let s = ok(&RingInput::with(4, Algorithm::Ring));
        let mid = contributions(&s.schedule, 3);
        for (r, row) in mid.iter().enumerate() {
            assert_eq!(row[(r + 1) % 4], 4);
        }
    }

    #[test]
    fn the_stepper_moves_both_ways() {
        let s = ok(&RingInput::with(5, Algorithm::Ring));
        let initial = initial_buffers(5, 24, |v| v);
        let mut stepper = Stepper::new(s.schedule.clone(), initial.clone()).expect("fits");
        for k in [3, 8, 2, 8, 0, 99] {
            let want = run_until(&s.schedule, &initial, k.min(8)).unwrap_or_default();
            assert_eq!(stepper.seek(k), &want[..], "step {k}");
        }
        assert!(Stepper::new(s.schedule.clone(), vec![vec![1]; 2]).is_none());
    }

    #[test]
    fn finished_buffers_hold_the_direct_sum() {
        let s = ok(&RingInput::with(8, Algorithm::Ring));
        let initial = initial_buffers(8, 24, |v| v as f32);
        let end = run_until(&s.schedule, &initial, s.schedule.step_count()).unwrap_or_default();
        let want = super::super::direct_sum(&initial);
        assert!(end.iter().all(|b| *b == want));
        assert_eq!(want[0], 36.0, "1 + 2 + ... + 8");
        let view = step_view(&s.schedule, 0).expect("step 0");
        assert_eq!(view.phase, Phase::ReduceScatter);
        assert_eq!(view.transfers[0], (0, 1, 0));
        assert_eq!(step_view(&s.schedule, 14), None);
    }

    #[test]
    fn the_slow_link_drags_the_ring_not_the_uniform_curve() {
        let mut input = RingInput::with(8, Algorithm::Ring);
        input.slow_fraction = "0.25".into();
        let s = ok(&input);
        let m = model_series(&s);
        assert_eq!(m.sizes.first(), Some(&8.0));
        assert_eq!(m.sizes.last(), Some(&((1u64 << 30) as f64)));
        let slow = m.ring_slow.expect("a slow link");
        let last = m.sizes.len() - 1;
        // Bandwidth-bound: four times slower on a quarter-speed link.
        assert!((slow[last] / m.ring[last] - 4.0).abs() < 0.05);
        // Latency-bound: the tree wins small messages at 8 ranks.
        assert!(m.tree[0] < m.ring[0]);
    }

    #[test]
    fn address_round_trip_and_copy_comparison() {
        let mut input = RingInput::with(16, Algorithm::Tree);
        input.dtype = DType::I32;
        input.slow_fraction = "0,25 x".into();
        let pairs = to_query(&input);
        let back = from_query(RingInput::with(8, Algorithm::Ring), |k| {
            pairs
                .iter()
                .find(|(key, _)| *key == k)
                .map(|(_, v)| v.clone())
        });
        assert_eq!(back, input);
        let base = RingInput::with(8, Algorithm::Ring);
        assert_eq!(
            from_query(base.clone(), |k| (k == "ar-alg").then(|| "mesh".into())),
            base
        );
        // Two ranks move both buffers once: 2 GB in 1 s against a 2 GB copy in 0.5 s.
        assert_eq!(versus_copy(2, 1e9, 1.0, 0.5), Some((2e9, 4e9)));
        assert_eq!(versus_copy(2, 1e9, 0.0, 0.5), None);
    }

    #[test]
    fn sweep_and_table() {
        assert_eq!(sweep_sizes(8, 64), [8, 16, 32, 64]);
        assert!(sweep_sizes(0, 64).is_empty());
        assert!(sweep_sizes(128, 64).is_empty());
        let t = perf_table(8, DType::F32, 20, &[(8, 10.0), (1 << 20, 100.0)]);
        let lines = t.lines().unwrap_or_default();
        assert!(lines[0].starts_with("# nThread 1 nGpus 8 minBytes 8 maxBytes 1048576"));
        assert!(
            lines
                .iter()
                .any(|l| l.contains("float") && l.contains("1048576"))
        );
        assert!(lines.iter().any(|l| l.starts_with("# Avg bus bandwidth")));
    }
}
