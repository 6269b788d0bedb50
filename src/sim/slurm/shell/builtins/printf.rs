//! bash's `printf [-v VAR] FORMAT [ARGUMENT]...`: the format's escapes
//! (`\n`, `\t`, `\NNN`) and conversions (`%s %b %c %d %i %u %o %x %X %f
//! %e %g %%`, with flags `-+ 0#`, a width and a precision, either of
//! which may be `*`), the format used again while arguments are left, a
//! missing argument read as empty or 0, and bash's messages for a bad
//! number or conversion.

use super::super::command::Output;
use super::super::escape::{self, Dialect};
use super::super::exec::Exec;
use super::super::lex::is_name;
use crate::sim::slurm::c_num::strtol;

const USAGE: &str = "printf: usage: printf [-v var] format [arguments]\n";

pub(in super::super) fn printf(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    let mut args = &argv[1..];
    let mut var = None;
    while let Some(first) = args.first() {
        match first.as_str() {
            "--" => {
                args = &args[1..];
                break;
            }
            "-v" if args.len() > 1 => {
                var = Some(args[1].clone());
                args = &args[2..];
            }
            o if o.starts_with('-') && o.len() > 1 && o != "-v" => {
                out.stderr(&format!("bash: printf: {o}: invalid option\n{USAGE}"));
                return 2;
            }
            _ => break,
        }
    }
    let Some((format, mut rest)) = args.split_first() else {
        out.stderr(USAGE);
        return 2;
    };
    if let Some(name) = var.as_deref().filter(|n| !is_name(n)) {
        out.stderr(&format!("bash: printf: `{name}': not a valid identifier\n"));
        return 2;
    }
    let mut p = Printer::default();
    loop {
        let used = p.pass(format, &mut rest);
        if p.stop || rest.is_empty() || !used {
            break;
        }
    }
    out.stderr(&p.errors);
    match var {
        Some(name) => exec.shell.assign(&name, p.text),
        None => out.stdout(&p.text),
    }
    p.status
}

/// What one pass of printf's `format` makes of `args` (seq's `-f`, whose
/// format holds one floating-point directive).
pub(in super::super) fn formatted(format: &str, args: &[String]) -> String {
    let mut p = Printer::default();
    let mut rest = args;
    p.pass(format, &mut rest);
    p.text
}

/// The output so far and how it went.
#[derive(Default)]
struct Printer {
    text: String,
    errors: String,
    status: i32,
    /// `\c` in a `%b` argument, or a bad conversion: nothing more.
    stop: bool,
}

/// One conversion's flags, width and precision.
#[derive(Default)]
struct Spec {
    left: bool,
    zero: bool,
    plus: bool,
    space: bool,
    alt: bool,
    width: usize,
    precision: Option<usize>,
}

impl Printer {
    /// Goes through the format once, taking arguments from `args`;
    /// whether any conversion took one.
    fn pass(&mut self, format: &str, args: &mut &[String]) -> bool {
        let next = |args: &mut &[String]| {
            let (first, rest) = args.split_first()?;
            *args = rest;
            Some(first.clone())
        };
        let mut used = false;
        let mut chars = format.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            if c == '\\' {
                let end = chars.peek().map_or(format.len(), |&(j, _)| j);
                let tail = &format[i..];
                let len = escape_len(tail).max(end - i);
                self.text
                    .push_str(&escape::decode(&tail[..len], Dialect::AnsiC).0);
                while chars.peek().is_some_and(|&(j, _)| j < i + len) {
                    chars.next();
                }
                continue;
            }
            if c != '%' {
                self.text.push(c);
                continue;
            }
            let mut spec = Spec::default();
            while let Some(&(_, f)) = chars.peek() {
                match f {
                    '-' => spec.left = true,
                    '0' => spec.zero = true,
                    '+' => spec.plus = true,
                    ' ' => spec.space = true,
                    '#' => spec.alt = true,
                    _ => break,
                }
                chars.next();
            }
            let mut number = |chars: &mut std::iter::Peekable<std::str::CharIndices<'_>>,
                              args: &mut &[String]| {
                if chars.peek().is_some_and(|&(_, c)| c == '*') {
                    chars.next();
                    used = true;
                    let n = next(args).map_or(0, |a| self.integer(&a));
                    return Some(n);
                }
                let mut digits = String::new();
                while let Some(&(_, d)) = chars.peek().filter(|(_, d)| d.is_ascii_digit()) {
                    digits.push(d);
                    chars.next();
                }
                (!digits.is_empty()).then(|| digits.parse().unwrap_or(i64::MAX))
            };
            if let Some(w) = number(&mut chars, args) {
                spec.left |= w < 0;
                spec.width = usize::try_from(w.unsigned_abs()).unwrap_or(0).min(4096);
            }
            if chars.peek().is_some_and(|&(_, c)| c == '.') {
                chars.next();
                let p = number(&mut chars, args).unwrap_or(0);
                spec.precision = usize::try_from(p).ok().map(|p| p.min(4096));
            }
            // Length modifiers mean nothing to bash's printf: skipped.
            while chars.peek().is_some_and(|&(_, c)| "hlLqjzt".contains(c)) {
                chars.next();
            }
            let Some((_, conv)) = chars.next() else {
                let spec = &format[i..];
                self.errors.push_str(&format!(
                    "bash: printf: `{spec}': missing format character\n"
                ));
                self.status = 1;
                self.stop = true;
                return used;
            };
            if conv == '%' {
                self.text.push('%');
                continue;
            }
            if !"sbcdiuoxXfFeEgG".contains(conv) {
                self.errors.push_str(&format!(
                    "bash: printf: `{conv}': invalid format character\n"
                ));
                self.status = 1;
                self.stop = true;
                return used;
            }
            used = true;
            let arg = next(args);
            let body = self.convert(conv, &spec, arg.as_deref());
            if self.stop && conv == 'b' {
                self.text.push_str(&body);
                return used;
            }
            self.text.push_str(&pad(&body, &spec, conv));
        }
        used
    }

    /// One argument converted, before padding to the width.
    fn convert(&mut self, conv: char, spec: &Spec, arg: Option<&str>) -> String {
        let arg = arg.unwrap_or("");
        let cut = |s: String| match spec.precision {
            Some(p) => s.chars().take(p).collect(),
            None => s,
        };
        match conv {
            's' => cut(arg.to_owned()),
            'b' => {
                let (text, stop) = escape::decode(arg, Dialect::Echo);
                self.stop |= stop;
                cut(text)
            }
            'c' => arg.chars().next().map(String::from).unwrap_or_default(),
            'd' | 'i' => {
                let n = self.integer(arg);
                let digits = min_digits(n.unsigned_abs().to_string(), spec);
                format!("{}{digits}", sign(n < 0, spec))
            }
            'u' | 'o' | 'x' | 'X' => {
                // C's conversion of a negative number to unsigned.
                let n = self.integer(arg).cast_unsigned();
                let (digits, prefix) = match conv {
                    'o' => (format!("{n:o}"), "0"),
                    'x' => (format!("{n:x}"), "0x"),
                    'X' => (format!("{n:X}"), "0X"),
                    _ => (n.to_string(), ""),
                };
                let digits = min_digits(digits, spec);
                if spec.alt && n != 0 && !digits.starts_with('0') {
                    format!("{prefix}{digits}")
                } else {
                    digits
                }
            }
            _ => {
                let x = self.float(arg);
                let body = float(x.abs(), conv, spec);
                format!("{}{body}", sign(x.is_sign_negative() && !x.is_nan(), spec))
            }
        }
    }

    /// An integer argument as bash reads it (`0x1f`, `010`, `'A`); a bad
    /// one is reported and read as far as it goes.
    fn integer(&mut self, arg: &str) -> i64 {
        if let Some(c) = arg.strip_prefix(['\'', '"']).and_then(|r| r.chars().next()) {
            return i64::from(u32::from(c));
        }
        let (n, rest) = strtol(arg, 0);
        if !rest.is_empty() {
            self.invalid(arg);
        }
        n
    }

    /// A floating-point argument as `strtold` reads it.
    fn float(&mut self, arg: &str) -> f64 {
        let text = arg.trim_start();
        if text.is_empty() {
            return 0.0;
        }
        match (1..=text.len())
            .rev()
            .filter(|&end| text.is_char_boundary(end))
            .find_map(|end| text[..end].parse::<f64>().ok().map(|x| (x, end)))
        {
            Some((x, end)) => {
                if end < text.len() {
                    self.invalid(arg);
                }
                x
            }
            None => {
                self.invalid(arg);
                0.0
            }
        }
    }

    fn invalid(&mut self, arg: &str) {
        self.errors
            .push_str(&format!("bash: printf: {arg}: invalid number\n"));
        self.status = 1;
    }
}

/// The length of the escape at the start of `text` (a backslash, then
/// its letter and any digits).
fn escape_len(text: &str) -> usize {
    let bytes = text.as_bytes();
    let (max, radix) = match bytes.get(1) {
        Some(b'x') => (2, 16),
        Some(b'0'..=b'7') => (2, 8),
        // Any other character, whole (it may take several bytes).
        Some(_) => return 1 + text[1..].chars().next().map_or(0, char::len_utf8),
        None => return 1,
    };
    let digits = bytes[2..]
        .iter()
        .take(max)
        .take_while(|b| char::from(**b).is_digit(radix))
        .count();
    2 + digits
}

/// A signed conversion's sign: `-`, or what `+` and ` ` ask for.
fn sign(negative: bool, spec: &Spec) -> &'static str {
    if negative {
        "-"
    } else if spec.plus {
        "+"
    } else if spec.space {
        " "
    } else {
        ""
    }
}

/// Digits with at least the precision's count, zeros in front.
fn min_digits(digits: String, spec: &Spec) -> String {
    match spec.precision {
        Some(p) if p > digits.len() => format!("{}{digits}", "0".repeat(p - digits.len())),
        _ => digits,
    }
}

/// `%f`, `%e` or `%g` of a non-negative `x`, as C prints them.
fn float(x: f64, conv: char, spec: &Spec) -> String {
    if !x.is_finite() {
        let text = if x.is_nan() { "nan" } else { "inf" };
        return if conv.is_ascii_uppercase() {
            text.to_ascii_uppercase()
        } else {
            text.to_owned()
        };
    }
    let p = spec.precision.unwrap_or(6);
    let text = match conv.to_ascii_lowercase() {
        'f' => format!("{x:.p$}"),
        'e' => exponent(x, p),
        _ => {
            let p = p.max(1);
            let exp = exponent(x, p - 1);
            let e: i32 = exp
                .rsplit('e')
                .next()
                .and_then(|e| e.parse().ok())
                .unwrap_or(0);
            let fixed = if e < -4 || e >= i32::try_from(p).unwrap_or(i32::MAX) {
                exp
            } else {
                let decimals = usize::try_from(i32::try_from(p).unwrap_or(0) - 1 - e).unwrap_or(0);
                format!("{x:.decimals$}")
            };
            if spec.alt { fixed } else { trim_zeros(&fixed) }
        }
    };
    if conv.is_ascii_uppercase() {
        text.to_ascii_uppercase()
    } else {
        text
    }
}

/// `d.ddde+XX`: Rust's `{:e}` with C's signed, two-digit exponent.
fn exponent(x: f64, p: usize) -> String {
    let rust = format!("{x:.p$e}");
    let (mantissa, e) = rust.split_once('e').unwrap_or((&rust, "0"));
    let e: i32 = e.parse().unwrap_or(0);
    let sign = if e < 0 { '-' } else { '+' };
    format!("{mantissa}e{sign}{:02}", e.abs())
}

/// `%g`'s trailing zeros of the fraction dropped, and the point with them.
fn trim_zeros(text: &str) -> String {
    let (number, exp) = match text.find('e') {
        Some(i) => text.split_at(i),
        None => (text, ""),
    };
    let number = if number.contains('.') {
        number.trim_end_matches('0').trim_end_matches('.')
    } else {
        number
    };
    format!("{number}{exp}")
}

/// `body` padded to the width: spaces on the left (or right with `-`),
/// or zeros after the sign for numbers with `0`.
fn pad(body: &str, spec: &Spec, conv: char) -> String {
    let len = body.chars().count();
    if len >= spec.width {
        return body.to_owned();
    }
    let fill = spec.width - len;
    let numeric = !matches!(conv, 's' | 'b' | 'c');
    let zeros =
        spec.zero && !spec.left && numeric && (spec.precision.is_none() || "fFeEgG".contains(conv));
    if spec.left {
        format!("{body}{}", " ".repeat(fill))
    } else if zeros {
        let sign = body.len() - body.trim_start_matches(['-', '+', ' ']).len();
        format!("{}{}{}", &body[..sign], "0".repeat(fill), &body[sign..])
    } else {
        format!("{}{body}", " ".repeat(fill))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(format: &str, args: &[&str]) -> (String, String, i32) {
        let mut p = Printer::default();
        let args: Vec<String> = args.iter().map(|a| (*a).to_owned()).collect();
        let mut rest = args.as_slice();
        loop {
            let used = p.pass(format, &mut rest);
            if p.stop || rest.is_empty() || !used {
                break;
            }
        }
        (p.text, p.errors, p.status)
    }

    fn text(format: &str, args: &[&str]) -> String {
        run(format, args).0
    }

    #[test]
    fn conversions_flags_and_widths_as_c_prints_them() {
        assert_eq!(text("%s-%s\\n", &["a", "b", "c"]), "a-b\nc-\n");
        assert_eq!(
            text("%5s|%-5s|%.2s\\n", &["ab", "cd", "xyz"]),
            "   ab|cd   |xy\n"
        );
        assert_eq!(
            text(
                "%05d %+d % d %.3d %x %X %o %#x %u",
                &["42", "7", "7", "5", "255", "255", "8", "255", "-1"]
            ),
            "00042 +7  7 005 ff FF 10 0xff 18446744073709551615"
        );
        assert_eq!(text("%d %d %d", &["0x10", "010", "'A"]), "16 8 65");
        assert_eq!(
            text(
                "%.2f %8.3f %-8.1f| %e %g %g %g",
                &[
                    "3.14159",
                    "2.5",
                    "-1.25",
                    "12345.678",
                    "0.0001",
                    "1234567",
                    "100"
                ]
            ),
            "3.14    2.500 -1.2    | 1.234568e+04 0.0001 1.23457e+06 100"
        );
        assert_eq!(text("%*d|%-*d|", &["4", "7", "3", "1"]), "   7|1  |");
        assert_eq!(text("%c%c", &["hello", "world"]), "hw");
        assert_eq!(text("%b|%s", &["a\\tb", "a\\tb"]), "a\tb|a\\tb");
        assert_eq!(text("x%by%s", &["1\\c", "z"]), "x1");
        assert_eq!(text("%d%%\\t\\101\\x41\\n", &[]), "0%\tAA\n");
        assert_eq!(text("no conversions\\n", &["ignored"]), "no conversions\n");
        assert_eq!(text("\\é\\q%s", &["ñ"]), "\\é\\qñ");
    }

    #[test]
    fn bad_numbers_and_conversions_are_said_as_bash_says_them() {
        assert_eq!(
            run("%d|%d\\n", &["12abc", "x"]),
            (
                "12|0\n".to_owned(),
                "bash: printf: 12abc: invalid number\nbash: printf: x: invalid number\n".to_owned(),
                1
            )
        );
        assert_eq!(
            run("a%yb", &[]),
            (
                "a".to_owned(),
                "bash: printf: `y': invalid format character\n".to_owned(),
                1
            )
        );
        // Length modifiers are skipped; a spec cut short is quoted whole.
        assert_eq!(run("a%zb", &[]), ("a".to_owned(), String::new(), 0));
        assert_eq!(
            run("%-5.2", &[]),
            (
                String::new(),
                "bash: printf: `%-5.2': missing format character\n".to_owned(),
                1
            )
        );
        assert_eq!(
            run("%.1f", &["abc"]),
            (
                "0.0".to_owned(),
                "bash: printf: abc: invalid number\n".to_owned(),
                1
            )
        );
    }
}
