//! A seeded Monte Carlo of a long run under failures, to check Daly's
//! expected wall time against something that does not assume it.
//!
//! A trial jumps from failure to failure rather than stepping time: it
//! draws the time to the next failure, counts the checkpoints completed
//! before it with one division, and charges the restart (itself
//! interruptible). Its cost is one random draw per failure plus one,
//! whatever the number of intervals.

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};
use serde::Serialize;

/// The most failures one trial simulates. A trial that reaches it stops
/// and estimates its waste from what it completed so far (see
/// [`SimSummary::truncated`]); a call costs at most `trials` times this many
/// random draws, however hopeless the parameters.
pub const MAX_FAILURES_PER_TRIAL: u64 = 1_000;

/// A remainder of solve time shorter than this fraction of an interval is
/// rounding, not an extra interval (`Ts = n tau` computed in floating point).
const INTERVAL_ROUNDING: f64 = 1e-9;

/// What [`simulate`] measured.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SimSummary {
    /// The measured waste `1 - Ts/Tw` of all trials pooled:
    /// `1 - sum(Ts) / sum(Tw)`, i.e. `1 - Ts / mean(Tw)`, the quantity
    /// Daly's formula predicts. (The plain mean of each trial's `1 - Ts/Tw`
    /// would fall short of it by about `Var(Tw) / E[Tw]^2`, Jensen's
    /// inequality, which matters for short runs.) NaN for no trials or
    /// arguments outside the model's domain.
    pub mean_waste: f64,
    /// Standard error of `mean_waste` (the ratio estimator's, to first
    /// order: `sqrt(sum((Ts_i - r Tw_i)^2) / (n (n-1))) / mean(Tw)` for the
    /// pooled ratio `r`); NaN for fewer than two trials.
    pub std_err: f64,
    /// Trials run.
    pub trials: usize,
    /// Failures over all trials, including those during restarts.
    pub failures: u64,
    /// Whether some trial reached [`MAX_FAILURES_PER_TRIAL`]. Such a trial
    /// counts with the work it saved and the wall time so far; when no
    /// trial completes an interval, the waste is exactly 1.
    pub truncated: bool,
}

/// Simulates `trials` runs of a job needing `solve_s` seconds of compute,
/// split into intervals of `tau_s`, each followed by a checkpoint of
/// `checkpoint_s` (the last interval is the remainder). Failures are
/// exponential with mean `mtbf_s` and strike during compute, checkpoint or
/// restart alike; each costs a restart of `restart_s` and redoes the work
/// since the last completed checkpoint. This is the model behind Daly's
/// (2006) `Tw`, so the measured waste converges to
/// [`super::waste_fraction`] as trials grow, for runs of many intervals.
///
/// Deterministic for a `seed` (`Xoshiro256PlusPlus::seed_from_u64`), and
/// identical natively and in wasm: it uses only IEEE arithmetic, whose
/// results every target rounds alike (the logarithm is computed here rather
/// than by the platform's libm, whose last bit may differ).
pub fn simulate(
    tau_s: f64,
    checkpoint_s: f64,
    mtbf_s: f64,
    restart_s: f64,
    solve_s: f64,
    trials: usize,
    seed: u64,
) -> SimSummary {
    let mut summary = SimSummary {
        mean_waste: f64::NAN,
        std_err: f64::NAN,
        trials: 0,
        failures: 0,
        truncated: false,
    };
    let Some(run) = Run::new(tau_s, checkpoint_s, mtbf_s, restart_s, solve_s) else {
        return summary;
    };
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut pooled = Pooled::default();
    for _ in 0..trials {
        let trial = run.trial(&mut rng);
        pooled.add(trial.useful, trial.wall);
        summary.failures += trial.failures;
        summary.truncated |= trial.truncated;
    }
    summary.trials = trials;
    (summary.mean_waste, summary.std_err) = pooled.waste();
    summary
}

/// Running means and co-moments of the trials' useful work `u` and wall
/// time `w` (Welford's method, stable and in constant memory), for the
/// pooled ratio `r = mean(u) / mean(w)` and its standard error
/// `sqrt(sum((u - r w)^2) / (n (n-1))) / mean(w)`.
#[derive(Default)]
struct Pooled {
    /// Trials added.
    n: f64,
    /// Mean useful work.
    useful: f64,
    /// Mean wall time.
    wall: f64,
    /// Sum of squared deviations of the useful work.
    useful_m2: f64,
    /// Sum of squared deviations of the wall time.
    wall_m2: f64,
    /// Sum of products of the two deviations.
    co_m2: f64,
}

impl Pooled {
    /// Adds one trial.
    fn add(&mut self, useful: f64, wall: f64) {
        self.n += 1.0;
        let (du, dw) = (useful - self.useful, wall - self.wall);
        self.useful += du / self.n;
        self.wall += dw / self.n;
        self.useful_m2 += du * (useful - self.useful);
        self.wall_m2 += dw * (wall - self.wall);
        self.co_m2 += du * (wall - self.wall);
    }

    /// The pooled waste `1 - r` and its standard error.
    fn waste(&self) -> (f64, f64) {
        let ratio = self.useful / self.wall;
        // sum((u - r w)^2) = sum(((u - mean u) - r (w - mean w))^2), as
        // mean u = r mean w; rounding may leave it a hair below zero.
        let residuals =
            (self.useful_m2 - 2.0 * ratio * self.co_m2 + ratio * ratio * self.wall_m2).max(0.0);
        let std_err = (residuals / (self.n * (self.n - 1.0))).sqrt() / self.wall;
        (1.0 - ratio, std_err)
    }
}

/// The fixed shape of a run: its intervals and the failure process.
struct Run {
    /// Compute per full interval.
    tau: f64,
    /// A full interval and its checkpoint.
    segment: f64,
    /// The last interval (the remainder) and its checkpoint.
    last_segment: f64,
    /// Number of intervals, a whole number.
    segments: f64,
    /// Mean time between failures.
    mtbf: f64,
    /// Restart cost.
    restart: f64,
    /// Failure-free compute the job needs.
    solve: f64,
}

/// One trial's measurement.
struct Trial {
    /// Work saved by completed checkpoints: `Ts` unless truncated.
    useful: f64,
    /// Wall time: `Tw` unless truncated.
    wall: f64,
    /// Failures, including those during restarts.
    failures: u64,
    /// Whether it stopped at [`MAX_FAILURES_PER_TRIAL`].
    truncated: bool,
}

impl Run {
    /// The run's shape, or `None` outside the model's domain.
    fn new(tau: f64, checkpoint: f64, mtbf: f64, restart: f64, solve: f64) -> Option<Self> {
        let finite = [tau, checkpoint, mtbf, restart, solve]
            .iter()
            .all(|value| value.is_finite());
        let valid = tau > 0.0 && checkpoint >= 0.0 && mtbf > 0.0 && restart >= 0.0 && solve > 0.0;
        if !(finite && valid) {
            return None;
        }
        let segments = (solve / tau - INTERVAL_ROUNDING).ceil().max(1.0);
        Some(Self {
            tau,
            segment: tau + checkpoint,
            last_segment: solve - (segments - 1.0) * tau + checkpoint,
            segments,
            mtbf,
            restart,
            solve,
        })
    }

    /// Runs the job once, from failure to failure.
    fn trial(&self, rng: &mut Xoshiro256PlusPlus) -> Trial {
        let (mut done, mut wall, mut failures) = (0.0, 0.0, 0);
        // Time from the moment compute (re)starts to the next failure.
        let mut failure = exponential(rng, self.mtbf);
        loop {
            let ahead = self.segments - done - 1.0;
            let to_finish = ahead * self.segment + self.last_segment;
            if failure >= to_finish {
                return Trial {
                    useful: self.solve,
                    wall: wall + to_finish,
                    failures,
                    truncated: false,
                };
            }
            done += (failure / self.segment).floor().min(ahead);
            wall += failure;
            // The restart must itself run `restart` seconds without a failure.
            loop {
                failures += 1;
                if failures >= MAX_FAILURES_PER_TRIAL {
                    return Trial {
                        useful: done * self.tau,
                        wall,
                        failures,
                        truncated: true,
                    };
                }
                let next = exponential(rng, self.mtbf);
                if next >= self.restart {
                    wall += self.restart;
                    // Failures are memoryless: the time left after the
                    // restart is again exponential with mean M, so this draw
                    // also times the next failure.
                    failure = next - self.restart;
                    break;
                }
                wall += next;
            }
        }
    }
}

/// An exponential variate with mean `mean`, `-mean ln(u)` for `u` uniform
/// in `(0, 1]`.
fn exponential(rng: &mut Xoshiro256PlusPlus, mean: f64) -> f64 {
    // 53 random bits, shifted up by one so that u is never zero.
    const ULP: f64 = 1.0 / (1_u64 << 53) as f64;
    let u = ((rng.next_u64() >> 11) + 1) as f64 * ULP;
    -mean * portable_ln(u)
}

/// The natural logarithm of a positive normal `x` from IEEE arithmetic
/// alone: `x = m 2^e` with `m` in `[sqrt(1/2), sqrt(2)]`, then
/// `ln m = 2 atanh(s) = 2 (s + s^3/3 + s^5/5 + ...)` for `s = (m-1)/(m+1)`,
/// `|s| <= 0.172`, whose terms past `s^23/23` are below 1e-18 relative.
fn portable_ln(x: f64) -> f64 {
    const MANTISSA: u64 = (1 << 52) - 1;
    const ODD_RECIPROCALS: [f64; 12] = [
        1.0,
        1.0 / 3.0,
        1.0 / 5.0,
        1.0 / 7.0,
        1.0 / 9.0,
        1.0 / 11.0,
        1.0 / 13.0,
        1.0 / 15.0,
        1.0 / 17.0,
        1.0 / 19.0,
        1.0 / 21.0,
        1.0 / 23.0,
    ];
    let bits = x.to_bits();
    let mut exponent = (bits >> 52) as f64 - 1023.0;
    let mut m = f64::from_bits((bits & MANTISSA) | 1.0_f64.to_bits());
    if m > std::f64::consts::SQRT_2 {
        m *= 0.5;
        exponent += 1.0;
    }
    let s = (m - 1.0) / (m + 1.0);
    let s2 = s * s;
    let series = ODD_RECIPROCALS
        .iter()
        .rev()
        .fold(0.0, |sum, &coefficient| sum * s2 + coefficient);
    2.0 * s * series + exponent * std::f64::consts::LN_2
}

#[cfg(test)]
mod tests {
    use super::portable_ln;

    #[test]
    fn portable_ln_agrees_with_std() {
        let mut x = 1.0_f64;
        while x > 1e-17 {
            for scale in [1.0, 0.9, 0.75, 0.7072, 0.7069, 0.6, 0.5000001] {
                let y = x * scale;
                let (ours, std) = (portable_ln(y), y.ln());
                assert!(
                    (ours - std).abs() <= 4.0 * f64::EPSILON * std.abs().max(1.0),
                    "ln({y})"
                );
            }
            x *= 0.5;
        }
        assert_eq!(portable_ln(1.0), 0.0);
    }
}
