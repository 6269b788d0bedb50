//! Numbers written for the reader's locale (1,000.5 in English, 1.000,5 in
//! Spanish), and durations and percentages with them. The separators and
//! the time units come from each language's `ui.ftl` (`number-decimal`,
//! `number-group`, `unit-*`), so a translator sets them. Pure.

use crate::quantity::{self, DecimalMark, Unit};

/// Decimal and grouping separators of one language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumberFormat {
    /// Between the integer and the fraction: `.` or `,`.
    pub decimal: String,
    /// Between groups of three digits: `,`, `.`, a space, or nothing.
    pub group: String,
}

impl Default for NumberFormat {
    fn default() -> Self {
        Self {
            decimal: ".".into(),
            group: ",".into(),
        }
    }
}

impl NumberFormat {
    /// The mark readers type decimals with, for reading their input: a
    /// comma where this format writes one, else a point.
    pub fn decimal_mark(&self) -> DecimalMark {
        DecimalMark::from_mark(&self.decimal).unwrap_or_default()
    }

    /// `value` with `decimals` digits after the separator. Integers of four
    /// digits or more are grouped by thousands. Not-a-number and infinities
    /// are written as `–` and `∞`.
    pub fn format(&self, value: f64, decimals: usize) -> String {
        if value.is_nan() {
            return "–".into();
        }
        if value.is_infinite() {
            return if value > 0.0 {
                "∞".into()
            } else {
                "-∞".into()
            };
        }
        let fixed = format!("{:.*}", decimals, value.abs());
        let (int, frac) = fixed.split_once('.').unwrap_or((&fixed, ""));
        let mut out = String::new();
        // "-0.00" reads as zero: only a value that shows a digit gets a sign.
        if value < 0.0 && fixed.bytes().any(|b| b.is_ascii_digit() && b != b'0') {
            out.push('-');
        }
        let digits = int.len();
        for (i, c) in int.chars().enumerate() {
            if i > 0 && (digits - i) % 3 == 0 && digits >= 4 {
                out.push_str(&self.group);
            }
            out.push(c);
        }
        if !frac.is_empty() {
            out.push_str(&self.decimal);
            out.push_str(frac);
        }
        out
    }

    /// A number with up to `significant` significant digits (at least the
    /// integer part), trailing zeros dropped: 116.69, 0.0412, 42,812.
    pub fn format_significant(&self, value: f64, significant: usize) -> String {
        if !value.is_finite() || value == 0.0 {
            return self.format(value, 0);
        }
        let magnitude = value.abs().log10().floor() as i64 + 1;
        let decimals = (significant as i64 - magnitude).clamp(0, 12) as usize;
        let text = self.format(value, decimals);
        if decimals == 0 {
            return text;
        }
        let trimmed = text.trim_end_matches('0');
        trimmed
            .strip_suffix(self.decimal.as_str())
            .unwrap_or(trimmed)
            .to_owned()
    }
}

/// Units and number format of the reader's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueFormat {
    /// Decimal and grouping separators.
    pub number: NumberFormat,
    /// Abbreviations of seconds, minutes, hours and days.
    pub units: [String; 4],
}

impl Default for ValueFormat {
    fn default() -> Self {
        Self {
            number: NumberFormat::default(),
            units: ["s", "min", "h", "d"].map(String::from),
        }
    }
}

impl ValueFormat {
    /// "1.9 h": three significant digits and a unit.
    pub fn duration(&self, seconds: f64) -> String {
        let (value, unit) = quantity::duration_parts(seconds);
        let unit = match unit {
            Unit::Seconds => &self.units[0],
            Unit::Minutes => &self.units[1],
            Unit::Hours => &self.units[2],
            Unit::Days => &self.units[3],
        };
        format!("{}\u{a0}{unit}", self.number.format_significant(value, 3))
    }

    /// "6.5 %": a fraction as a percentage with one decimal.
    pub fn percent(&self, fraction: f64) -> String {
        format!("{}\u{a0}%", self.number.format(fraction * 100.0, 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn es() -> NumberFormat {
        NumberFormat {
            decimal: ",".into(),
            group: ".".into(),
        }
    }

    #[test]
    fn english_and_spanish_separators() {
        let en = NumberFormat::default();
        assert_eq!(en.format(1000.5, 1), "1,000.5");
        assert_eq!(es().format(1000.5, 1), "1.000,5");
        assert_eq!(en.format(1234567.0, 0), "1,234,567");
        assert_eq!(en.format(999.0, 0), "999");
        assert_eq!(en.format(-1234.5, 2), "-1,234.50");
        assert_eq!(en.format(-0.001, 2), "0.00");
        assert_eq!(en.format(f64::NAN, 2), "–");
        assert_eq!(en.format(f64::INFINITY, 2), "∞");
    }

    #[test]
    fn significant_digits() {
        let en = NumberFormat::default();
        assert_eq!(en.format_significant(116.6912, 5), "116.69");
        assert_eq!(en.format_significant(0.041234, 3), "0.0412");
        assert_eq!(en.format_significant(42812.4, 3), "42,812");
        assert_eq!(en.format_significant(2.5, 3), "2.5");
        assert_eq!(es().format_significant(2.5, 3), "2,5");
        assert_eq!(en.format_significant(0.0, 3), "0");
    }
}
