//! A number as typed, in the page's locale.
//!
//! The page's [`DecimalMark`] separates the decimals; the other mark, a
//! space or a no-break space groups the digits by three ("1,024.5" in
//! English, "1.024,5" or "1 024,5" in Spanish). An exponent may follow:
//! "1e6", "10^12", "2^14". Two entries are explained instead of read:
//! - a number that is well formed only the other locale's way ("1.5" on a
//!   Spanish page) gets [`InputError::DecimalMark`] with the number as the
//!   page writes it;
//! - a single decimal mark followed by exactly three digits ("1,000" on a
//!   Spanish page, "2.500" on an English one) reads as a decimal here and
//!   as thousands elsewhere: [`InputError::Ambiguous`] gives both.

use serde::{Deserialize, Serialize};

use super::InputError;

/// The mark between a number's integer part and its decimals.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DecimalMark {
    /// "1,024.5": English and most of Asia.
    #[default]
    Point,
    /// "1.024,5": Spanish, Portuguese, German and most of Europe.
    Comma,
}

impl DecimalMark {
    /// The mark itself.
    pub const fn char(self) -> char {
        match self {
            Self::Point => '.',
            Self::Comma => ',',
        }
    }

    /// The other mark, which groups digits where this one marks decimals.
    pub const fn other(self) -> Self {
        match self {
            Self::Point => Self::Comma,
            Self::Comma => Self::Point,
        }
    }

    /// The mark whose character is `mark` (as a language's `number-decimal`
    /// sets it), if it is one of the two.
    pub fn from_mark(mark: &str) -> Option<Self> {
        match mark {
            "." => Some(Self::Point),
            "," => Some(Self::Comma),
            _ => None,
        }
    }

    /// `english`, a value as the book writes it in English ("1.1 TB",
    /// "1,024"), as this mark's readers type it ("1,1 TB", "1.024").
    pub fn localize(self, english: &str) -> String {
        match self {
            Self::Point => english.to_owned(),
            Self::Comma => swap_marks(english),
        }
    }
}

/// `text` with every point a comma and every comma a point.
fn swap_marks(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '.' => ',',
            ',' => '.',
            other => other,
        })
        .collect()
}

/// A number as typed and the text after it.
#[derive(Debug)]
pub(super) struct Quantity<'a> {
    /// Its magnitude.
    pub(super) value: f64,
    /// Whether a minus sign came first.
    pub(super) negative: bool,
    /// What follows the number (and its exponent), trimmed: a unit or suffix.
    pub(super) suffix: &'a str,
}

impl<'a> Quantity<'a> {
    /// Splits `text` into sign, number, exponent and suffix, reading the
    /// number with `mark` (see the module documentation).
    pub(super) fn read(text: &'a str, mark: DecimalMark) -> Result<Self, InputError> {
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
        let digits = digits.trim();
        let mantissa = match plain_decimal(digits, mark) {
            Some(plain) => {
                ambiguity(digits, mark)?;
                plain
            }
            None if plain_decimal(digits, mark.other()).is_some() => {
                return Err(InputError::DecimalMark {
                    suggestion: swap_marks(digits),
                });
            }
            None => return Err(not_a_number()),
        };
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

/// The digits of a typed number as Rust parses them ("1234.5"), read with
/// `mark`, or `None` when they are not a grouping and at most one mark.
fn plain_decimal(digits: &str, mark: DecimalMark) -> Option<String> {
    let (whole, fraction) = match digits.split_once(mark.char()) {
        Some((whole, fraction)) => (whole, fraction),
        None => (digits, ""),
    };
    let group = mark.other().char();
    let mut groups = whole.split(|c: char| c == group || c.is_whitespace());
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

/// Refuses `digits` when they are one to three digits (not a lone zero),
/// the decimal mark and exactly three digits: "1,000" is 1 here and a
/// thousand where the comma groups digits.
fn ambiguity(digits: &str, mark: DecimalMark) -> Result<(), InputError> {
    let Some((whole, fraction)) = digits.split_once(mark.char()) else {
        return Ok(());
    };
    let all_digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    let ambiguous = (1..=3).contains(&whole.len())
        && !whole.starts_with('0')
        && fraction.len() == 3
        && all_digits(whole)
        && all_digits(fraction);
    if !ambiguous {
        return Ok(());
    }
    let trimmed = fraction.trim_end_matches('0');
    let decimal = if trimmed.is_empty() {
        whole.to_owned()
    } else {
        format!("{whole}{}{trimmed}", mark.char())
    };
    Err(InputError::Ambiguous {
        decimal,
        thousands: format!("{whole}{fraction}"),
    })
}
