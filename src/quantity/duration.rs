//! Durations as readers type them ("90 s", "1.5 h", "3 días"), and as
//! compact labels back ("12.3 min").

use serde::{Deserialize, Serialize};

use super::number::Quantity;
use super::{DecimalMark, InputError, Kind, Limit};

/// Seconds in a day.
pub const DAY_S: f64 = 86_400.0;

/// Seconds in a year: the Julian year of 365.25 days (ISO 80000-3's annum).
pub const YEAR_S: f64 = 365.25 * DAY_S;

/// The longest duration accepted, in years: anything longer is a typo.
pub const MAX_DURATION_YEARS: u32 = 100;

/// [`MAX_DURATION_YEARS`] in seconds.
pub const MAX_DURATION_S: f64 = MAX_DURATION_YEARS as f64 * YEAR_S;

/// The units of [`duration_parts`]' labels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Unit {
    /// Seconds, "s".
    Seconds,
    /// Minutes, "min".
    Minutes,
    /// Hours, "h".
    Hours,
    /// Days, "d".
    Days,
}

impl Unit {
    /// Seconds in one of this unit.
    pub const fn seconds(self) -> f64 {
        match self {
            Self::Seconds => 1.0,
            Self::Minutes => 60.0,
            Self::Hours => 3_600.0,
            Self::Days => DAY_S,
        }
    }

    /// The English (and SI) symbol: "s", "min", "h" or "d".
    pub const fn symbol(self) -> &'static str {
        match self {
            Self::Seconds => "s",
            Self::Minutes => "min",
            Self::Hours => "h",
            Self::Days => "d",
        }
    }
}

/// Reads a duration in seconds: "90s", "90 s", "5 min", "5m", "2h",
/// "2 hours", "3d", "1.5 h", "2 weeks", "5 y" (units in English or
/// Spanish: "5 minutos", "3 días", "5 años"). A bare number is in units of
/// `default_unit_s` seconds. Zero is accepted; callers refuse it where it
/// makes no sense. Refuses empty text, anything but a number and a unit, a
/// negative value, and anything beyond [`MAX_DURATION_YEARS`] (or infinite).
pub fn parse_duration(
    text: &str,
    default_unit_s: f64,
    mark: DecimalMark,
) -> Result<f64, InputError> {
    let quantity = Quantity::read(text, mark)?;
    let unit_s = if quantity.suffix.is_empty() {
        default_unit_s
    } else {
        unit_seconds(quantity.suffix).ok_or_else(|| InputError::UnknownUnit {
            unit: quantity.suffix.to_owned(),
            kind: Kind::Duration,
        })?
    };
    let seconds = quantity.value * unit_s;
    if quantity.negative && seconds > 0.0 {
        Err(InputError::Negative)
    } else if seconds.is_finite() && seconds <= MAX_DURATION_S {
        Ok(seconds)
    } else {
        Err(InputError::TooLarge {
            max: Limit::Years(MAX_DURATION_YEARS),
        })
    }
}

/// A duration as a value and the unit to label it with, for the UI to
/// format with the reader's separators: seconds below a minute, minutes
/// below an hour, hours below a day, days beyond. The value is rounded as
/// [`format_duration`] shows it (one decimal below 100, whole numbers
/// above), and the unit is chosen after rounding, so 59.97 s is 1 min.
pub fn duration_parts(seconds: f64) -> (f64, Unit) {
    let mut parts = (round_label(seconds), Unit::Seconds);
    for next in [Unit::Minutes, Unit::Hours, Unit::Days] {
        let (value, unit) = parts;
        if value >= next.seconds() / unit.seconds() {
            parts = (round_label(seconds / next.seconds()), next);
        }
    }
    parts
}

/// A compact English label for a duration: "45 s", "12.3 min", "1.9 h",
/// "2.5 d" (see [`duration_parts`]).
pub fn format_duration(seconds: f64) -> String {
    let (value, unit) = duration_parts(seconds);
    format!("{value} {}", unit.symbol())
}

/// Rounds a label's value to three significant digits, at most one decimal.
fn round_label(value: f64) -> f64 {
    if value.abs() < 99.95 {
        (value * 10.0).round() / 10.0
    } else {
        value.round()
    }
}

/// Seconds in the unit a reader typed, if we know it.
fn unit_seconds(word: &str) -> Option<f64> {
    let seconds = match word.to_lowercase().as_str() {
        "s" | "sec" | "secs" | "second" | "seconds" | "seg" | "segundo" | "segundos" => 1.0,
        "m" | "min" | "mins" | "minute" | "minutes" | "minuto" | "minutos" => 60.0,
        "h" | "hr" | "hrs" | "hour" | "hours" | "hora" | "horas" => 3_600.0,
        "d" | "day" | "days" | "día" | "días" | "dia" | "dias" => DAY_S,
        "w" | "wk" | "wks" | "week" | "weeks" | "semana" | "semanas" => 7.0 * DAY_S,
        "y" | "yr" | "yrs" | "year" | "years" | "año" | "años" => YEAR_S,
        _ => return None,
    };
    Some(seconds)
}
