//! Slurm time specifications: the limits of `sbatch -t`, `MaxTime=`,
//! `DefaultTime=` and `PriorityDecayHalfLife=`, read as `time_str2mins` in
//! `src/common/parse_time.c` reads them, and the clock forms in which
//! `squeue`, `sinfo` and `scontrol` print times. Pure.
//!
//! Accepted forms (sbatch(1) `--time`): `minutes`, `minutes:seconds`,
//! `hours:minutes:seconds`, `days-hours`, `days-hours:minutes`,
//! `days-hours:minutes:seconds`, and `UNLIMITED`, `INFINITE` or `-1` for no
//! limit. Fields are not range-checked (`0:99` is 99 seconds), as in Slurm.
//! Limits are kept in whole minutes, seconds rounding up (`0:30` is one
//! minute): "Time resolution is one minute and second values are rounded
//! up to the next minute" (sbatch(1)).

use std::fmt;

use serde::{Deserialize, Serialize};

#[cfg(test)]
mod tests;

/// Seconds in a 365-day year: `squeue` prints `INVALID` for times beyond
/// (`YEAR_SECONDS` in `slurm_protocol_defs.h`).
pub const YEAR_SECONDS: i64 = 365 * 86_400;

/// Why a time specification could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TimeSpecError {
    /// Not one of the accepted forms, negative, or too long to represent
    /// (over 2^31 - 1 seconds, Slurm's `int`).
    #[error("invalid time specification `{input}`")]
    Invalid {
        /// The text given.
        input: String,
    },
}

/// A time limit as Slurm keeps it: whole minutes, or none.
///
/// The order puts every finite limit below [`TimeLimit::Unlimited`].
/// [`Display`](fmt::Display) prints `scontrol`'s form ([`scontrol_time`]):
/// `01:00:00`, `7-00:00:00`, `UNLIMITED`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum TimeLimit {
    /// A finite limit, in minutes.
    Minutes(u32),
    /// No limit (`UNLIMITED`, `INFINITE`, `-1`).
    Unlimited,
}

impl TimeLimit {
    /// Reads a time specification as `time_str2mins` does: seconds round
    /// up to whole minutes, so `0` is zero minutes and `0:01` one minute.
    /// Used for `MaxTime`, `DefaultTime`, `PriorityDecayHalfLife` and
    /// `PriorityMaxAge`.
    pub fn parse(input: &str) -> Result<Self, TimeSpecError> {
        Ok(match seconds(input)? {
            Some(s) => Self::Minutes(s.div_ceil(60)),
            None => Self::Unlimited,
        })
    }

    /// Reads the `--time`/`-t` option of `sbatch`, `salloc` and `srun`,
    /// where a limit of 0 means no limit (`arg_set_time_limit` in
    /// `src/common/slurm_opt.c`). Its error is the one these commands
    /// report as `Invalid --time specification`.
    pub fn parse_time_option(input: &str) -> Result<Self, TimeSpecError> {
        Ok(match Self::parse(input)? {
            Self::Minutes(0) => Self::Unlimited,
            limit => limit,
        })
    }

    /// The limit in minutes; `None` when unlimited.
    pub fn minutes(self) -> Option<u32> {
        match self {
            Self::Minutes(m) => Some(m),
            Self::Unlimited => None,
        }
    }

    /// The limit in seconds; `None` when unlimited.
    pub fn seconds(self) -> Option<u64> {
        self.minutes().map(|m| u64::from(m) * 60)
    }

    /// The form of `squeue`'s `TIME_LIMIT` column: `1:00:00`, `20:00`,
    /// `7-00:00:00`, `UNLIMITED` (`_print_job_time_limit`).
    pub fn squeue(self) -> String {
        match self.seconds() {
            Some(s) => squeue_time(i64::try_from(s).unwrap_or(i64::MAX)),
            None => "UNLIMITED".to_owned(),
        }
    }

    /// The form of `sinfo`'s `TIMELIMIT` column: `1:00:00`, `7-00:00:00`,
    /// and `infinite` for no limit (`_print_time` in `src/sinfo/print.c`).
    pub fn sinfo(self) -> String {
        match self.seconds() {
            Some(s) => compact_clock(s),
            None => "infinite".to_owned(),
        }
    }
}

impl fmt::Display for TimeLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.seconds() {
            Some(s) => f.write_str(&scontrol_time(i64::try_from(s).unwrap_or(i64::MAX))),
            None => f.write_str("UNLIMITED"),
        }
    }
}

/// A duration in `squeue`'s `TIME` and `TIME_LEFT` form (`_print_secs` in
/// `src/squeue/print.c`): `M:SS` under an hour (`0:00`, `0:27`),
/// `H:MM:SS` under a day (`1:00:00`), `D-HH:MM:SS` beyond (`7-00:00:00`);
/// `INVALID` below zero or beyond [`YEAR_SECONDS`].
pub fn squeue_time(secs: i64) -> String {
    match u64::try_from(secs) {
        Ok(s) if secs <= YEAR_SECONDS => compact_clock(s),
        _ => "INVALID".to_owned(),
    }
}

/// A duration in `scontrol`'s and `sacct`'s form (`secs2time_str` in
/// `src/common/parse_time.c`): `HH:MM:SS` under a day (`00:01:15`,
/// `01:00:00`), `D-HH:MM:SS` beyond; `INVALID` below zero.
pub fn scontrol_time(secs: i64) -> String {
    let Ok(s) = u64::try_from(secs) else {
        return "INVALID".to_owned();
    };
    let (days, h, m, s) = (s / 86_400, s / 3600 % 24, s / 60 % 60, s % 60);
    if days > 0 {
        format!("{days}-{h:02}:{m:02}:{s:02}")
    } else {
        format!("{h:02}:{m:02}:{s:02}")
    }
}

/// The shortest clock, shared by `squeue` and `sinfo`: `M:SS`, `H:MM:SS`
/// or `D-HH:MM:SS`.
fn compact_clock(s: u64) -> String {
    let (days, h, m, s) = (s / 86_400, s / 3600 % 24, s / 60 % 60, s % 60);
    if days > 0 {
        format!("{days}-{h:02}:{m:02}:{s:02}")
    } else if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// Reads a time specification into seconds (`time_str2secs`); `None` for
/// no limit.
fn seconds(input: &str) -> Result<Option<u32>, TimeSpecError> {
    let invalid = || TimeSpecError::Invalid {
        input: input.to_owned(),
    };
    if ["-1", "INFINITE", "UNLIMITED"]
        .iter()
        .any(|word| input.eq_ignore_ascii_case(word))
    {
        return Ok(None);
    }
    // Slurm's sscanf would read a leading `-` as a negative day count.
    if !is_valid_timespec(input) || input.starts_with('-') {
        return Err(invalid());
    }
    let field = |s: &str| -> Result<u64, TimeSpecError> {
        if s.is_empty() {
            Ok(0)
        } else {
            s.parse().map_err(|_| invalid())
        }
    };
    let (days, clock) = match input.split_once('-') {
        Some((d, rest)) => (field(d)?, rest),
        None => (0, input),
    };
    let parts: Vec<u64> = clock.split(':').map(field).collect::<Result<_, _>>()?;
    // Without days, one or two fields are minutes[:seconds]; with days,
    // the fields are hours[:minutes[:seconds]].
    let (h, m, s) = match (input.contains('-'), parts.as_slice()) {
        (false, [m]) => (0, *m, 0),
        (false, [m, s]) => (0, *m, *s),
        (_, [h, m, s]) => (*h, *m, *s),
        (true, [h]) => (*h, 0, 0),
        (true, [h, m]) => (*h, *m, 0),
        _ => return Err(invalid()),
    };
    let total = [(days, 86_400), (h, 3600), (m, 60), (s, 1)]
        .iter()
        .try_fold(0u64, |acc, &(v, unit)| {
            acc.checked_add(v.checked_mul(unit)?)
        })
        .filter(|&t| t <= i32::MAX as u64)
        .ok_or_else(invalid)?;
    u32::try_from(total).map(Some).map_err(|_| invalid())
}

/// `_is_valid_timespec`: only digits, `-` and `:`; at most one `-`, before
/// any `:`; at most two `:`; and enough runs of digits for the separators
/// (`d-h:m` needs 3, `d-h:m:s` 4, `m:s` 2, `h:m:s` 3).
fn is_valid_timespec(s: &str) -> bool {
    let (mut runs, mut dashes, mut colons) = (0, 0, 0);
    let mut in_digits = false;
    for c in s.bytes() {
        match c {
            b'0'..=b'9' => {
                if !in_digits {
                    runs += 1;
                    in_digits = true;
                }
            }
            b'-' => {
                in_digits = false;
                dashes += 1;
                if colons > 0 {
                    return false;
                }
            }
            b':' => {
                in_digits = false;
                colons += 1;
            }
            _ => return false,
        }
    }
    let needed = match (dashes, colons) {
        (1, 1) | (0, 2) => 3,
        (1, 2) => 4,
        (0, 1) => 2,
        _ => 1,
    };
    runs >= needed && dashes <= 1 && colons <= 2
}
