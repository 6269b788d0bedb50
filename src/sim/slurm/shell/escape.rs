//! Backslash escapes as `echo -e` and bash's `$'...'` quoting read them:
//! `\n`, `\t`, `\\`, `\0nnn` or `\nnn` octal, `\xHH` hex, and `\c`.

/// Which reader's rules apply: they differ on octal and on `\c`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Dialect {
    /// `echo -e`: octal is `\0nnn`; `\c` stops all further output.
    Echo,
    /// `$'...'`: octal is `\nnn`; `\'` and `\"` are quotes; `\cX` is a
    /// control character.
    AnsiC,
}

/// `text` with its escapes decoded, and whether a `\c` asked to stop
/// output there (echo only).
pub(super) fn decode(text: &str, dialect: Dialect) -> (String, bool) {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(e) = chars.next() else {
            out.push('\\');
            break;
        };
        match e {
            'a' => out.push('\x07'),
            'b' => out.push('\x08'),
            'e' | 'E' => out.push('\x1b'),
            'f' => out.push('\x0c'),
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            't' => out.push('\t'),
            'v' => out.push('\x0b'),
            '\\' => out.push('\\'),
            '\'' | '"' if dialect == Dialect::AnsiC => out.push(e),
            'c' if dialect == Dialect::Echo => return (out, true),
            'c' => match chars.next() {
                Some(x) => out.push(char::from(x as u8 & 0x1f)),
                None => out.push_str("\\c"),
            },
            'x' => match take_digits(&mut chars, 16, 2) {
                Some((v, _)) => out.push(char::from(v as u8)),
                None => out.push_str("\\x"),
            },
            '0' if dialect == Dialect::Echo => {
                let (v, _) = take_digits(&mut chars, 8, 3).unwrap_or((0, 0));
                out.push(char::from(v as u8));
            }
            '0'..='7' if dialect == Dialect::AnsiC => {
                let first = e.to_digit(8).unwrap_or(0);
                let v = match take_digits(&mut chars, 8, 2) {
                    Some((rest, n)) => first * 8u32.pow(n) + rest,
                    None => first,
                };
                out.push(char::from(v as u8));
            }
            other => {
                out.push('\\');
                out.push(other);
            }
        }
    }
    (out, false)
}

/// Up to `max` digits in `radix`: their value and how many there were;
/// `None` if there are none.
fn take_digits(
    chars: &mut std::iter::Peekable<std::str::Chars<'_>>,
    radix: u32,
    max: u32,
) -> Option<(u32, u32)> {
    let mut value = 0;
    let mut taken = 0;
    while taken < max {
        let Some(d) = chars.peek().and_then(|c| c.to_digit(radix)) else {
            break;
        };
        value = value * radix + d;
        taken += 1;
        chars.next();
    }
    (taken > 0).then_some((value, taken))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn decodes_both_dialects() {
        assert_eq!(
            decode(r"a\tb\n", Dialect::Echo),
            ("a\tb\n".to_owned(), false)
        );
        assert_eq!(decode(r"x\cy", Dialect::Echo), ("x".to_owned(), true));
        assert_eq!(decode(r"\0101\x41\q", Dialect::Echo).0, r"AA\q");
        assert_eq!(decode(r"\101\'\cA", Dialect::AnsiC).0, "A'\u{1}");
    }
}
