//! Durations and counts as readers type them, and durations back as compact
//! labels.
//!
//! A number may group its digits with commas, dots or spaces ("1,024",
//! "16 384", "1.000.000") and use a decimal point or comma ("1.5", "1,5").
//! When both a dot and a comma appear, the later one is the decimal mark. A
//! single comma is a decimal comma unless exactly three digits follow it
//! ("1,5" is 1.5, "1,024" is 1024); a single dot is always a decimal point.
//! An exponent may follow: "1e6", "10^12", "2^14".

use std::fmt;

use serde::{Deserialize, Serialize};

/// Seconds in a day.
pub const DAY_S: f64 = 86_400.0;

/// Seconds in a year: the Julian year of 365.25 days (ISO 80000-3's annum).
pub const YEAR_S: f64 = 365.25 * DAY_S;

/// The longest duration accepted, in years: anything longer is a typo.
pub const MAX_DURATION_YEARS: u32 = 100;

/// [`MAX_DURATION_YEARS`] in seconds.
pub const MAX_DURATION_S: f64 = MAX_DURATION_YEARS as f64 * YEAR_S;

/// The largest GPU count accepted, far beyond today's largest training jobs
/// (around 10^5 GPUs).
pub const MAX_GPUS: u64 = 10_000_000;

/// How close to a whole number a count must be, relative to it: enough to
/// absorb the rounding of a decimal times 1000 ("16.1k").
const WHOLE_TOLERANCE: f64 = 1e-9;

/// Why a typed value was refused. The `Display` text is English for logs
/// and tests; the UI maps each variant to a locale key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    /// Nothing was typed.
    #[error("enter a value")]
    Empty,
    /// The text does not start with a well-formed number.
    #[error("\"{0}\" is not a number")]
    NotANumber(String),
    /// A unit (or, for a count, a suffix other than `k`) we do not know.
    #[error("unknown unit \"{0}\"")]
    UnknownUnit(String),
    /// A negative duration or count.
    #[error("must not be negative")]
    Negative,
    /// Zero where only a positive value makes sense.
    #[error("must be greater than zero")]
    NotPositive,
    /// A fractional count.
    #[error("must be a whole number")]
    NotInteger,
    /// Beyond the field's limit (or too large to represent).
    #[error("must be at most {max}")]
    TooLarge {
        /// The limit.
        max: Limit,
    },
    /// A checkpoint interval of zero.
    #[error("must be greater than zero: checkpointing nonstop leaves no time to compute")]
    ZeroInterval,
}

/// The largest value a field accepts, carried by [`InputError::TooLarge`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// A duration of at most this many years ([`MAX_DURATION_YEARS`]).
    Years(u32),
    /// A count of at most this many ([`MAX_GPUS`]).
    Count(u64),
    /// A size of at most this many bytes (per second, for a bandwidth).
    Bytes(u64),
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Years(years) => write!(f, "{years} years"),
            Self::Count(count) => write!(f, "{count}"),
            Self::Bytes(bytes) => write!(f, "{bytes} bytes"),
        }
    }
}

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
/// "2 hours", "3d", "1.5 h", "1,5 h", "2 weeks", "5 y" (units in English or
/// Spanish: "5 minutos", "3 días", "5 años"). A bare number is in units of
/// `default_unit_s` seconds. Zero is accepted; callers refuse it where it
/// makes no sense. Refuses empty text, anything but a number and a unit, a
/// negative value, and anything beyond [`MAX_DURATION_YEARS`] (or infinite).
pub fn parse_duration(text: &str, default_unit_s: f64) -> Result<f64, InputError> {
    let quantity = Quantity::read(text)?;
    let unit_s = if quantity.suffix.is_empty() {
        default_unit_s
    } else {
        unit_seconds(quantity.suffix)
            .ok_or_else(|| InputError::UnknownUnit(quantity.suffix.to_owned()))?
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

/// Reads a GPU count: "8", "1024", "1,024", "16 384", "16k", "1.5k". It must
/// be a whole number from 1 to [`MAX_GPUS`].
pub fn parse_count(text: &str) -> Result<f64, InputError> {
    match parse_whole(text, MAX_GPUS)? {
        0 => Err(InputError::NotPositive),
        count => Ok(count as f64),
    }
}

/// Reads a whole number from 0 to `max`, written as [`parse_count`] reads
/// it ("1,024", "16k").
pub fn parse_whole(text: &str, max: u64) -> Result<u64, InputError> {
    let count = parse_amount(text).map_err(|e| match e {
        InputError::TooLarge { .. } => InputError::TooLarge {
            max: Limit::Count(max),
        },
        other => other,
    })?;
    // "16.1k" is 16100.000000000002 in floating point: a whole number.
    let whole = count.round();
    if whole > max as f64 {
        Err(InputError::TooLarge {
            max: Limit::Count(max),
        })
    } else if (count - whole).abs() > WHOLE_TOLERANCE * whole.max(1.0) {
        Err(InputError::NotInteger)
    } else {
        // In range and whole: the cast is exact.
        Ok(whole as u64)
    }
}

/// Reads an amount that is not negative, with an optional `k` (thousands):
/// "0.5", "1,5", "2,000", "1e3", "2k".
pub fn parse_amount(text: &str) -> Result<f64, InputError> {
    let quantity = Quantity::read(text)?;
    let scale = match quantity.suffix {
        "" => 1.0,
        "k" | "K" => 1_000.0,
        other => return Err(InputError::UnknownUnit(other.to_owned())),
    };
    let amount = quantity.value * scale;
    if quantity.negative && amount > 0.0 {
        Err(InputError::Negative)
    } else if amount.is_finite() {
        Ok(amount)
    } else {
        Err(InputError::TooLarge {
            max: Limit::Count(u64::MAX),
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

/// A number as typed and the text after it.
pub(super) struct Quantity<'a> {
    /// Its magnitude.
    pub(super) value: f64,
    /// Whether a minus sign came first.
    pub(super) negative: bool,
    /// What follows the number (and its exponent), trimmed: a unit or suffix.
    pub(super) suffix: &'a str,
}

impl<'a> Quantity<'a> {
    /// Splits `text` into sign, number, exponent and suffix.
    pub(super) fn read(text: &'a str) -> Result<Self, InputError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(InputError::Empty);
        }
        let not_a_number = || InputError::NotANumber(text.to_owned());
        let (negative, unsigned) = match text.strip_prefix(['-', '\u{2212}']) {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        let end = unsigned
            .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ',' || c.is_whitespace()))
            .unwrap_or(unsigned.len());
        let (digits, rest) = unsigned.split_at(end);
        let mantissa = plain_decimal(digits.trim()).ok_or_else(not_a_number)?;
        let parse = |number: &str| number.parse::<f64>().map_err(|_| not_a_number());
        let (value, suffix) = match Exponent::read(rest) {
            Some((Exponent::Ten(exponent), suffix)) => {
                (parse(&format!("{mantissa}e{exponent}"))?, suffix)
            }
            Some((Exponent::Power(exponent), suffix)) => {
                (parse(&mantissa)?.powf(parse(exponent)?), suffix)
            }
            None => (parse(&mantissa)?, rest),
        };
        Ok(Self {
            value,
            negative,
            suffix: suffix.trim(),
        })
    }
}

/// An exponent after a number.
enum Exponent<'a> {
    /// `e` and the signed digits after it: "1e6".
    Ten(&'a str),
    /// `^` and the signed digits after it: "10^12".
    Power(&'a str),
}

impl<'a> Exponent<'a> {
    /// The exponent at the start of `rest` and the text after it, if any.
    fn read(rest: &'a str) -> Option<(Self, &'a str)> {
        let rest = rest.trim_start();
        let (power, after) = match rest.strip_prefix(['e', 'E']) {
            Some(after) => (false, after),
            None => (true, rest.strip_prefix('^')?.trim_start()),
        };
        let sign = usize::from(after.starts_with(['+', '-']));
        let end = after[sign..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(after.len(), |i| sign + i);
        if end == sign {
            return None;
        }
        let (digits, suffix) = after.split_at(end);
        let exponent = if power {
            Self::Power(digits)
        } else {
            Self::Ten(digits)
        };
        Some((exponent, suffix))
    }
}

/// The digits of a typed number as Rust parses them ("1234.5"), or `None`
/// when its separators are not a consistent grouping and decimal mark.
fn plain_decimal(digits: &str) -> Option<String> {
    let (whole, fraction) = match decimal_mark(digits) {
        Some(at) => (&digits[..at], &digits[at + 1..]),
        None => (digits, ""),
    };
    let mut groups = whole.split(|c: char| c == '.' || c == ',' || c.is_whitespace());
    let first = groups.next().unwrap_or_default();
    let rest: Vec<&str> = groups.collect();
    let grouped =
        rest.is_empty() || (1..=3).contains(&first.len()) && rest.iter().all(|g| g.len() == 3);
    let only_digits = |part: &str| part.chars().all(|c| c.is_ascii_digit());
    let well_formed = grouped
        && only_digits(first)
        && rest.iter().all(|g| only_digits(g))
        && only_digits(fraction)
        && !(first.is_empty() && fraction.is_empty());
    well_formed.then(|| format!("{first}{}.{fraction}", rest.concat()))
}

/// Byte index of the decimal mark in `digits`, if it has one (see the
/// module documentation for the rules).
fn decimal_mark(digits: &str) -> Option<usize> {
    let dot = digits.rfind('.');
    let comma = digits.rfind(',');
    match (dot, comma) {
        (Some(dot), Some(comma)) => Some(dot.max(comma)),
        (Some(dot), None) => (digits.matches('.').count() == 1).then_some(dot),
        (None, Some(comma)) => {
            let thousands = digits[comma + 1..].len() == 3;
            (digits.matches(',').count() == 1 && !thousands).then_some(comma)
        }
        (None, None) => None,
    }
}
