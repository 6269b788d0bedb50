//! Numbers written for the reader's locale (1,000.5 in English, 1.000,5 in
//! Spanish), and durations and percentages with them. The separators and
//! the time units come from each language's `ui.ftl` (`number-decimal`,
//! `number-group`, `unit-*`), so a translator sets them. Pure.

use crate::quantity::{self, DecimalMark, Unit, YEAR_S};

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
    /// A language's separators, from its `number-decimal` and
    /// `number-group` messages as `text` gives them. Fluent trims message
    /// values, so a space separator is written `space`, and none `none`.
    pub fn from_messages(text: impl Fn(&str) -> String) -> Self {
        let group = match text("number-group").as_str() {
            "space" => "\u{202f}".to_owned(),
            "none" => String::new(),
            other => other.to_owned(),
        };
        Self {
            decimal: text("number-decimal"),
            group,
        }
    }

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
    /// The word for years after 1, and after any other number: a GPU's
    /// MTBF is said in years ("5 años"), not as 1,826 days.
    pub years: [String; 2],
}

impl Default for ValueFormat {
    fn default() -> Self {
        Self {
            number: NumberFormat::default(),
            units: ["s", "min", "h", "d"].map(String::from),
            years: ["year", "years"].map(String::from),
        }
    }
}

impl ValueFormat {
    /// A language's separators and time units (`unit-seconds` ...), from
    /// its messages as `text` gives them.
    pub fn from_messages(text: impl Fn(&str) -> String) -> Self {
        Self {
            number: NumberFormat::from_messages(&text),
            units: ["unit-seconds", "unit-minutes", "unit-hours", "unit-days"].map(&text),
            years: ["unit-year", "unit-years"].map(&text),
        }
    }

    /// "1.9 h": three significant digits and a unit; a year or more in
    /// years ("5 years").
    pub fn duration(&self, seconds: f64) -> String {
        if seconds >= YEAR_S {
            return self.years(self.number.format_significant(seconds / YEAR_S, 3));
        }
        let (value, unit) = quantity::duration_parts(seconds);
        let unit = &self.units[unit_index(unit)];
        format!("{}\u{a0}{unit}", self.number.format_significant(value, 3))
    }

    /// A duration exactly enough to check how a typed value was read, in
    /// at most two units, the smaller rounded: "1 h 30 min", "2 d 5 h",
    /// "1,826 d 6 h", "5 min", "45 s", "0.5 s".
    pub fn duration_reading(&self, seconds: f64) -> String {
        let years = (seconds / YEAR_S).round();
        if years >= 1.0 && (seconds - years * YEAR_S).abs() < 1.0 {
            return self.years(self.number.format(years, 0));
        }
        const UNITS: [Unit; 4] = [Unit::Days, Unit::Hours, Unit::Minutes, Unit::Seconds];
        let symbol = |unit: Unit| &self.units[unit_index(unit)];
        let mut at = UNITS
            .iter()
            .position(|u| seconds >= u.seconds())
            .unwrap_or(UNITS.len() - 1);
        // 3,599.6 s rounds to 60 min: that is 1 h.
        let small_of = |at: usize| UNITS[(at + 1).min(UNITS.len() - 1)].seconds();
        if at > 0 && (seconds / small_of(at)).round() * small_of(at) >= UNITS[at - 1].seconds() {
            at -= 1;
        }
        let (big, small) = (UNITS[at], UNITS[(at + 1).min(UNITS.len() - 1)]);
        if big == small {
            return format!(
                "{}\u{a0}{}",
                self.number.format_significant(seconds, 3),
                symbol(big)
            );
        }
        let per = (big.seconds() / small.seconds()).round();
        let total = (seconds / small.seconds()).round();
        let (whole, rest) = ((total / per).floor(), total % per);
        let mut text = format!("{}\u{a0}{}", self.number.format(whole, 0), symbol(big));
        if rest > 0.0 {
            text += &format!(" {}\u{a0}{}", self.number.format(rest, 0), symbol(small));
        }
        text
    }

    /// A size in the largest decimal unit it fills, four significant
    /// digits: "1.1 TB", "85.9 GB" (for 80 GiB), with "/s" for a
    /// bandwidth.
    pub fn bytes(&self, bytes: f64, per_second: bool) -> String {
        const UNITS: [(&str, f64); 6] = [
            ("PB", 1e15),
            ("TB", 1e12),
            ("GB", 1e9),
            ("MB", 1e6),
            ("kB", 1e3),
            ("B", 1.0),
        ];
        let (name, scale) = UNITS
            .into_iter()
            .find(|(_, scale)| bytes >= *scale)
            .unwrap_or(("B", 1.0));
        let per = if per_second { "/s" } else { "" };
        let value = self.number.format_significant(bytes / scale, 4);
        format!("{value}\u{a0}{name}{per}")
    }

    /// `count` (a formatted number) years, in the singular after "1".
    fn years(&self, count: String) -> String {
        let word = &self.years[usize::from(count != "1")];
        format!("{count}\u{a0}{word}")
    }

    /// How this language writes the duration unit `unit` (one of `s`,
    /// `min`, `h`, `d`); any other unit as it is.
    pub fn unit_symbol<'a>(&'a self, unit: &'a str) -> &'a str {
        match ["s", "min", "h", "d"].iter().position(|u| *u == unit) {
            Some(i) => &self.units[i],
            None => unit,
        }
    }

    /// "6.5 %": a fraction as a percentage with one decimal.
    pub fn percent(&self, fraction: f64) -> String {
        format!("{}\u{a0}%", self.number.format(fraction * 100.0, 1))
    }
}

/// The index of `unit` in [`ValueFormat::units`].
fn unit_index(unit: Unit) -> usize {
    match unit {
        Unit::Seconds => 0,
        Unit::Minutes => 1,
        Unit::Hours => 2,
        Unit::Days => 3,
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

    #[test]
    fn readings_of_typed_durations_and_sizes() {
        let en = ValueFormat::default();
        let es = ValueFormat {
            number: es(),
            ..ValueFormat::default()
        };
        // A space in these is a no-break space; `+` is a plain space.
        let nb = |s: &str| s.replace(' ', "\u{a0}").replace('+', " ");
        for (seconds, text) in [
            (5_400.0, "1 h+30 min"),
            (300.0, "5 min"),
            (45.0, "45 s"),
            (0.5, "0.5 s"),
            (2.0 * 86_400.0 + 5.0 * 3_600.0, "2 d+5 h"),
            (3_599.6, "1 h"),
            // Whole years in years, as typed ("5 y"); any other span in days.
            (5.0 * YEAR_S, "5 years"),
            (YEAR_S, "1 year"),
            (40_000.0 * 3_600.0, "1,666 d+16 h"),
        ] {
            assert_eq!(en.duration_reading(seconds), nb(text), "{seconds}");
        }
        let es = ValueFormat {
            years: ["año", "años"].map(String::from),
            ..es
        };
        assert_eq!(es.duration_reading(5.0 * YEAR_S), nb("5 años"));
        assert_eq!(es.duration_reading(40_000.0 * 3_600.0), nb("1.666 d+16 h"));
        assert_eq!(es.duration(1.5 * YEAR_S), nb("1,5 años"));
        assert_eq!(en.duration(YEAR_S), nb("1 year"));
        assert_eq!(en.duration(364.0 * 86_400.0), nb("364 d"));
        assert_eq!(en.bytes(1.1e12, false), nb("1.1 TB"));
        assert_eq!(en.bytes(80.0 * 1_073_741_824.0, false), nb("85.9 GB"));
        assert_eq!(es.bytes(2e9, true), nb("2 GB/s"));
        assert_eq!(en.bytes(512.0, false), nb("512 B"));
    }
}
