//! Sizes and bandwidths: "1.1 TB", "80 GiB", "2 GB/s".

use super::number::Quantity;
use super::{DecimalMark, InputError, Kind, Limit};

/// The largest size (or bytes per second) accepted: one exabyte.
pub const MAX_BYTES: u64 = 1_000_000_000_000_000_000;

/// A size in bytes: decimal (kB, MB, GB, TB, PB) or binary (KiB ... PiB)
/// units, `B` for bytes; a bare number is in gigabytes.
pub fn parse_bytes(text: &str, mark: DecimalMark) -> Result<f64, InputError> {
    scaled(text, Kind::Size, mark)
}

/// A bandwidth in bytes per second: a size unit followed by `/s`
/// ("2 GB/s", "500 MiB/s"); a bare number is in gigabytes per second.
pub fn parse_bandwidth(text: &str, mark: DecimalMark) -> Result<f64, InputError> {
    scaled(text, Kind::Bandwidth, mark)
}

/// Bytes (per second, for a bandwidth) in `text`; a bare number is in
/// gigabytes.
fn scaled(text: &str, kind: Kind, mark: DecimalMark) -> Result<f64, InputError> {
    let quantity = Quantity::read(text, mark)?;
    let unknown = || InputError::UnknownUnit {
        unit: quantity.suffix.to_owned(),
        kind,
    };
    let scale = if quantity.suffix.is_empty() {
        1e9
    } else {
        let unit = match kind {
            Kind::Bandwidth => quantity.suffix.strip_suffix("/s").map(str::trim),
            _ => Some(quantity.suffix),
        };
        unit.and_then(byte_unit).ok_or_else(unknown)?
    };
    let bytes = quantity.value * scale;
    if quantity.negative && bytes > 0.0 {
        Err(InputError::Negative)
    } else if bytes == 0.0 {
        Err(InputError::NotPositive)
    } else if !(bytes.is_finite() && bytes <= MAX_BYTES as f64) {
        Err(InputError::TooLarge {
            max: Limit::Bytes(MAX_BYTES),
        })
    } else {
        Ok(bytes)
    }
}

/// Bytes in one of `unit`, if it is a size unit.
fn byte_unit(unit: &str) -> Option<f64> {
    const UNITS: [(&str, f64); 11] = [
        ("B", 1.0),
        ("kB", 1e3),
        ("MB", 1e6),
        ("GB", 1e9),
        ("TB", 1e12),
        ("PB", 1e15),
        ("KiB", 1024.0),
        ("MiB", 1_048_576.0),
        ("GiB", 1_073_741_824.0),
        ("TiB", 1_099_511_627_776.0),
        ("PiB", 1_125_899_906_842_624.0),
    ];
    UNITS
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(unit))
        .map(|(_, scale)| *scale)
}
