//! Numbers read as C's `strtol` and `atoi` read them. Slurm's commands and
//! the node tools read many numbers so, and so take `5x` as 5 and `x` as 0
//! where a stricter reader would refuse.

/// C's `strtol(text, &rest, base)` for `base` 10 or 0 (0: `0x` hex, a
/// leading `0` octal, else decimal): leading blanks, a sign, then digits up
/// to the first other character, saturating at the `i64` range. Returns the
/// number and the rest; `(0, text)` when there are no digits.
pub(crate) fn strtol(text: &str, base: u32) -> (i64, &str) {
    let trimmed = text.trim_start_matches([' ', '\t', '\n', '\r', '\x0b', '\x0c']);
    let (negative, unsigned) = match trimmed.as_bytes().first() {
        Some(b'-') => (true, &trimmed[1..]),
        Some(b'+') => (false, &trimmed[1..]),
        _ => (false, trimmed),
    };
    let hex = (base == 0)
        .then(|| {
            unsigned
                .strip_prefix("0x")
                .or_else(|| unsigned.strip_prefix("0X"))
        })
        .flatten()
        .filter(|rest| rest.starts_with(|c: char| c.is_ascii_hexdigit()));
    let (radix, digits) = match hex {
        Some(rest) => (16, rest),
        None if base == 0 && unsigned.starts_with('0') => (8, unsigned),
        None => (if base == 0 { 10 } else { base }, unsigned),
    };
    let len = digits.chars().take_while(|c| c.is_digit(radix)).count();
    if len == 0 {
        return (0, text);
    }
    let magnitude = digits[..len]
        .chars()
        .filter_map(|c| c.to_digit(radix))
        .fold(0i64, |n, d| {
            n.saturating_mul(i64::from(radix))
                .saturating_add(i64::from(d))
        });
    let value = if negative {
        magnitude.saturating_neg()
    } else {
        magnitude
    };
    (value, &digits[len..])
}

/// C's `atoi`: the decimal number at the start of `text`, 0 without one.
pub(crate) fn atoi(text: &str) -> i64 {
    strtol(text, 10).0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_leading_number_as_c_does() {
        assert_eq!(strtol("  -12x", 10), (-12, "x"));
        assert_eq!(strtol("+7", 10), (7, ""));
        assert_eq!(strtol("x5", 10), (0, "x5"));
        assert_eq!(strtol("", 10), (0, ""));
        assert_eq!(strtol("99999999999999999999", 10).0, i64::MAX);
        assert_eq!(strtol("-99999999999999999999", 10).0, -i64::MAX);
        assert_eq!(strtol("0x1fz", 0), (31, "z"));
        assert_eq!(strtol("0x", 0), (0, "x"));
        assert_eq!(strtol("010", 0), (8, ""));
        assert_eq!(strtol("010", 10), (10, ""));
        assert_eq!(strtol("0x1f", 10), (0, "x1f"));
        assert_eq!(atoi("20"), 20);
        assert_eq!(atoi(" +7"), 7);
        assert_eq!(atoi("x"), 0);
    }
}
