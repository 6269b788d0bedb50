//! Why a typed value was refused.

use std::fmt;

/// What a field holds, so that a refused unit can list the ones it takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A duration: s, min, h, d, w, y.
    Duration,
    /// A count or plain amount: no unit, `k` for thousands.
    Count,
    /// A size: B, kB … PB, KiB … PiB.
    Size,
    /// A bandwidth: a size unit and `/s`.
    Bandwidth,
}

/// Why a typed value was refused. The `Display` text is English for logs
/// and tests; the widgets map each variant to a locale key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    /// Nothing was typed.
    #[error("enter a value")]
    Empty,
    /// The text does not start with a well-formed number.
    #[error("\"{0}\" is not a number")]
    NotANumber(String),
    /// A number written with the other decimal mark ("1.5" on a page that
    /// writes 1,5): `suggestion` is the number as this page writes it.
    #[error("decimals take the other mark here: {suggestion}")]
    DecimalMark {
        /// The typed number with its marks swapped.
        suggestion: String,
    },
    /// A number that reads two ways ("1,000": one with a decimal comma, a
    /// thousand in English), both given as this page writes them.
    #[error("{decimal} or {thousands}?")]
    Ambiguous {
        /// The reading with a decimal mark ("1").
        decimal: String,
        /// The reading as thousands, with no separator ("1000").
        thousands: String,
    },
    /// A unit (or, for a count, a suffix other than `k`) the field does not take.
    #[error("unknown unit \"{unit}\"")]
    UnknownUnit {
        /// What was typed after the number.
        unit: String,
        /// What the field holds.
        kind: Kind,
    },
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
    /// A duration of at most this many years.
    Years(u32),
    /// A count of at most this many.
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
