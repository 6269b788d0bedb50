//! Counts and plain amounts: "8", "1,024", "16 384", "16k", "0.5", "2^14".

use super::number::Quantity;
use super::{DecimalMark, InputError, Kind, Limit};

/// The largest GPU count accepted, far beyond today's largest training jobs
/// (around 10^5 GPUs).
pub const MAX_GPUS: u64 = 10_000_000;

/// How close to a whole number a count must be, relative to it: enough to
/// absorb the rounding of a decimal times 1000 ("16.1k").
const WHOLE_TOLERANCE: f64 = 1e-9;

/// Reads a GPU count: "8", "1024", "1,024", "16 384", "16k", "1.5k". It must
/// be a whole number from 1 to [`MAX_GPUS`].
pub fn parse_count(text: &str, mark: DecimalMark) -> Result<f64, InputError> {
    match parse_whole(text, MAX_GPUS, mark)? {
        0 => Err(InputError::NotPositive),
        count => Ok(count as f64),
    }
}

/// Reads a whole number from 0 to `max`, written as [`parse_count`] reads
/// it ("1,024", "16k").
pub fn parse_whole(text: &str, max: u64, mark: DecimalMark) -> Result<u64, InputError> {
    let too_large = InputError::TooLarge {
        max: Limit::Count(max),
    };
    let count = parse_amount(text, mark).map_err(|e| match e {
        InputError::TooLarge { .. } => too_large.clone(),
        other => other,
    })?;
    // "16.1k" is 16100.000000000002 in floating point: a whole number.
    let whole = count.round();
    if whole > max as f64 {
        Err(too_large)
    } else if (count - whole).abs() > WHOLE_TOLERANCE * whole.max(1.0) {
        Err(InputError::NotInteger)
    } else {
        // In range and whole: the cast is exact.
        Ok(whole as u64)
    }
}

/// Reads an amount that is not negative, with an optional `k` (thousands):
/// "0.5", "2,000", "1e3", "2k" (in English; "0,5" and "2.000" in Spanish).
pub fn parse_amount(text: &str, mark: DecimalMark) -> Result<f64, InputError> {
    let quantity = Quantity::read(text, mark)?;
    let scale = match quantity.suffix {
        "" => 1.0,
        "k" | "K" => 1_000.0,
        other => {
            return Err(InputError::UnknownUnit {
                unit: other.to_owned(),
                kind: Kind::Count,
            });
        }
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
