//! Usage decay (`PriorityDecayHalfLife`) and periodic resets
//! (`PriorityUsageResetPeriod`), from
//! <https://slurm.schedmd.com/priority_multifactor.html> and slurm.conf(5).

use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::FairShareError;

/// `PriorityDecayHalfLife`'s default: 7 days, in seconds.
pub const DEFAULT_DECAY_HALF_LIFE_S: u64 = 7 * 86_400;

/// Past usage after `elapsed_s` seconds of half-life decay:
/// usage * 2^(-elapsed / half_life).
///
/// A half-life of 0 (or a negative or non-finite one) means no decay, as
/// `PriorityDecayHalfLife=0` does; so does an elapsed time that is not
/// positive. Slurm applies a per-second factor `1 - 0.693 / T` raised to the
/// elapsed seconds ([`slurm_decay_per_second`]); over one half-life of 7 days
/// the two differ by less than one part in 10^4.
pub fn decay(usage: f64, elapsed_s: f64, half_life_s: f64) -> f64 {
    if !positive(half_life_s) || !positive(elapsed_s) {
        return usage;
    }
    usage * (-elapsed_s / half_life_s).exp2()
}

/// A finite number above zero (false for NaN).
fn positive(x: f64) -> bool {
    x.is_finite() && x > 0.0
}

/// Slurm's per-second decay factor, `1 - 0.693 / half_life_s` (the first
/// terms of e^(ln(1/2) / T), from `_decay_thread` in
/// `priority_multifactor.c`); 1 (no decay) for a half-life of 0.
pub fn slurm_decay_per_second(half_life_s: u64) -> f64 {
    if half_life_s == 0 {
        1.0
    } else {
        1.0 - 0.693 / half_life_s as f64
    }
}

/// Usage after `elapsed_s` seconds during which it decays with half-life
/// `half_life_s` while `rate` units per second are added (e.g. the GPUs a
/// team has running, for GPU-seconds): the solution of dU/dt = rate - lambda U
/// with lambda = ln 2 / half_life,
/// U(t) = U0 e^(-lambda t) + rate (1 - e^(-lambda t)) / lambda,
/// and U0 + rate t when there is no decay (half-life 0). Slurm charges
/// running jobs once per `PriorityCalcPeriod`; this is the continuous limit.
pub fn accrue(usage: f64, rate: f64, elapsed_s: f64, half_life_s: f64) -> f64 {
    if !positive(elapsed_s) {
        return usage;
    }
    if !positive(half_life_s) {
        return usage + rate * elapsed_s;
    }
    let lambda = std::f64::consts::LN_2 / half_life_s;
    let kept = (-lambda * elapsed_s).exp();
    usage * kept + rate * (-(-lambda * elapsed_s).exp_m1()) / lambda
}

/// Refuses `PriorityDecayHalfLife=0` with `PriorityUsageResetPeriod=NONE`:
/// usage would then only grow. (slurm.conf(5): with no decay, a reset period
/// must be set.)
pub fn check_decay(half_life_s: u64, reset: UsageReset) -> Result<(), FairShareError> {
    if half_life_s == 0 && reset == UsageReset::None {
        return Err(FairShareError::NeverDecaysNorResets);
    }
    Ok(())
}

/// `PriorityUsageResetPeriod`: when all usage is set back to zero.
///
/// Slurm resets at calendar boundaries in local time (midnight, Monday,
/// the first of the month, of the quarter, of the year). This model keeps
/// the calendar out: boundaries fall every fixed period counted from an
/// epoch given as an argument: DAILY every 86,400 s, WEEKLY every 7 days,
/// MONTHLY every 30 days, QUARTERLY every 91 days, YEARLY every 365 days.
/// NOW resets once, at the epoch (when the configuration is read).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum UsageReset {
    /// Never reset (the default).
    #[default]
    None,
    /// Reset once when the configuration is read, then never.
    Now,
    /// Every day.
    Daily,
    /// Every 7 days.
    Weekly,
    /// Every 30 days.
    Monthly,
    /// Every 91 days.
    Quarterly,
    /// Every 365 days.
    Yearly,
}

impl UsageReset {
    /// All values, in slurm.conf(5)'s order.
    pub const ALL: [Self; 7] = [
        Self::None,
        Self::Now,
        Self::Daily,
        Self::Weekly,
        Self::Monthly,
        Self::Quarterly,
        Self::Yearly,
    ];

    /// The slurm.conf spelling, e.g. `WEEKLY`.
    pub fn name(self) -> &'static str {
        match self {
            Self::None => "NONE",
            Self::Now => "NOW",
            Self::Daily => "DAILY",
            Self::Weekly => "WEEKLY",
            Self::Monthly => "MONTHLY",
            Self::Quarterly => "QUARTERLY",
            Self::Yearly => "YEARLY",
        }
    }

    /// Seconds between resets; `None` for NONE and NOW.
    pub fn period_s(self) -> Option<u64> {
        const DAY: u64 = 86_400;
        match self {
            Self::None | Self::Now => None,
            Self::Daily => Some(DAY),
            Self::Weekly => Some(7 * DAY),
            Self::Monthly => Some(30 * DAY),
            Self::Quarterly => Some(91 * DAY),
            Self::Yearly => Some(365 * DAY),
        }
    }

    /// How many resets happen at or before `t_s` (boundaries at
    /// `epoch_s + k * period` for k >= 0; NOW: only `epoch_s`).
    fn resets_up_to(self, epoch_s: u64, t_s: u64) -> u64 {
        if t_s < epoch_s {
            return 0;
        }
        match self {
            Self::None => 0,
            Self::Now => 1,
            _ => self.period_s().map_or(0, |p| (t_s - epoch_s) / p + 1),
        }
    }

    /// Whether usage was reset after `from_s` and at or before `to_s`
    /// (a boundary b with from < b <= to), all in seconds from the same
    /// origin, with resets counted from `epoch_s`.
    pub fn reset_between(self, epoch_s: u64, from_s: u64, to_s: u64) -> bool {
        to_s > from_s && self.resets_up_to(epoch_s, to_s) > self.resets_up_to(epoch_s, from_s)
    }

    /// The first reset strictly after `t_s`, if any.
    pub fn next_reset_after(self, epoch_s: u64, t_s: u64) -> Option<u64> {
        if t_s < epoch_s {
            return match self {
                Self::None => None,
                _ => Some(epoch_s),
            };
        }
        let period = self.period_s()?;
        let k = (t_s - epoch_s) / period + 1;
        k.checked_mul(period)
            .and_then(|offset| epoch_s.checked_add(offset))
    }
}

impl FromStr for UsageReset {
    type Err = FairShareError;

    /// Reads a slurm.conf value, ignoring case.
    fn from_str(input: &str) -> Result<Self, Self::Err> {
        let trimmed = input.trim();
        Self::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(trimmed))
            .ok_or_else(|| FairShareError::InvalidResetPeriod {
                input: input.to_owned(),
            })
    }
}
