//! Quantities as readers type them into the widgets: durations, counts,
//! amounts, sizes and bandwidths, read in the page's locale, and durations
//! written back as compact labels. Every widget and numeric exercise reads
//! its fields through here, so "1.000" means the same in every field of a
//! page. Pure.
//!
//! The steps, one submodule each:
//! 1. `number`: a number as typed, with the locale's [`DecimalMark`], its
//!    digit groups and an exponent ("1.000,5", "16 384", "1e6", "2^14"); a
//!    number written the other locale's way, or one that reads two ways,
//!    is explained rather than guessed.
//! 2. `count`, `duration`, `size`: the number's unit or suffix, checked and
//!    turned into a count, seconds or bytes, each with its limits.
//! 3. `fields`: the errors of a whole form at once, one per field, so each
//!    shows beside its input ([`FieldErrors`]).

mod count;
mod duration;
mod error;
mod fields;
mod number;
mod size;
#[cfg(test)]
mod tests;

pub use count::{MAX_GPUS, parse_amount, parse_count, parse_whole};
pub use duration::{
    DAY_S, MAX_DURATION_S, MAX_DURATION_YEARS, Unit, YEAR_S, duration_parts, format_duration,
    parse_duration,
};
pub use error::{InputError, Kind, Limit};
pub use fields::FieldErrors;
pub use number::DecimalMark;
pub use size::{MAX_BYTES, parse_bandwidth, parse_bytes};
