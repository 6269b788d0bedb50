//! `sort` (bytewise, as in the C locale, by whole lines or `-k` keys) and
//! `uniq`, with coreutils' messages.

use std::cmp::Ordering;

use super::super::args::{self, Spec};
use super::super::command::Call;
use super::super::fs::WriteMode;
use super::columns::{field_spans, read_all};

/// `sort`'s options.
pub(super) const SORT: Spec = Spec {
    flags: "nrub",
    valued: "kt",
    long: &[
        ("numeric-sort", 'n'),
        ("reverse", 'r'),
        ("unique", 'u'),
        ("ignore-leading-blanks", 'b'),
        ("key", 'k'),
        ("field-separator", 't'),
    ],
};

/// How a key compares: numerically, reversed, skipping leading blanks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Order {
    numeric: bool,
    reverse: bool,
    blanks: bool,
}

impl Order {
    /// Sets the option `letter`; false if it is not one.
    fn set(&mut self, letter: char) -> bool {
        match letter {
            'n' => self.numeric = true,
            'r' => self.reverse = true,
            'b' => self.blanks = true,
            _ => return false,
        }
        true
    }
}

/// A `-k FROM[,TO][OPTS]` key: 1-based fields, `TO` to the line's end if
/// absent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Key {
    from: usize,
    to: Option<usize>,
    order: Order,
}

/// Reads a `-k` value, or sort's complaint about it.
fn parse_key(spec: &str, global: Order) -> Result<Key, String> {
    let invalid = |why: &str| format!("{why}: invalid field specification '{spec}'");
    let (from, rest) = spec.split_once(',').unwrap_or((spec, ""));
    let number = |s: &str, after: &str| -> Result<(usize, String), String> {
        let digits = s.bytes().take_while(u8::is_ascii_digit).count();
        let (n, letters) = s.split_at(digits);
        if letters.starts_with('.') {
            return Err("character positions in keys are not supported in this shell".into());
        }
        let n = n
            .parse::<usize>()
            .map_err(|_| format!("invalid number {after}: invalid count at start of '{s}'"))?;
        Ok((n, letters.to_owned()))
    };
    let (from, mut letters) = number(from, "at field start")?;
    if from == 0 {
        return Err(invalid("field number is zero"));
    }
    let to = if spec.contains(',') {
        let (to, more) = number(rest, "after ','")?;
        letters.push_str(&more);
        Some(to).filter(|&t| t > 0)
    } else {
        None
    };
    let mut order = Order::default();
    if !letters.chars().all(|c| order.set(c)) {
        return Err(invalid("stray character in field spec"));
    }
    if letters.is_empty() {
        order = global;
    }
    Ok(Key { from, to, order })
}

/// The leading number of `s` (blanks skipped), 0 if none, as `-n` reads it.
fn numeric_value(s: &str) -> f64 {
    let s = s.trim_start_matches([' ', '\t']);
    let sign = usize::from(s.starts_with('-'));
    let rest = s.get(sign..).unwrap_or_default();
    let int = rest.bytes().take_while(u8::is_ascii_digit).count();
    let frac = match rest.get(int..).and_then(|r| r.strip_prefix('.')) {
        Some(r) => 1 + r.bytes().take_while(u8::is_ascii_digit).count(),
        None => 0,
    };
    s.get(..sign + int + frac)
        .and_then(|n| n.parse().ok())
        .unwrap_or(0.0)
}

/// Compares `a` and `b` as `order` says.
fn compare(a: &str, b: &str, order: Order) -> Ordering {
    let (a, b) = if order.blanks {
        (
            a.trim_start_matches([' ', '\t']),
            b.trim_start_matches([' ', '\t']),
        )
    } else {
        (a, b)
    };
    let ord = if order.numeric {
        numeric_value(a).total_cmp(&numeric_value(b))
    } else {
        a.cmp(b)
    };
    if order.reverse { ord.reverse() } else { ord }
}

/// The text of `key` in `line`.
fn key_text(line: &str, key: Key, sep: Option<char>) -> &str {
    let spans = field_spans(line, sep);
    let start = spans.get(key.from - 1).map_or(line.len(), |s| s.start);
    let end = key
        .to
        .and_then(|to| spans.get(to - 1))
        .map_or(line.len(), |s| s.end);
    line.get(start..end.max(start)).unwrap_or_default()
}

/// `sort [-nrub] [-t SEP] [-k KEY]... [FILE]...`.
pub(super) fn sort(call: &mut Call<'_>) -> i32 {
    let opts = match args::parse_call(call, SORT, 2) {
        Ok(o) => o,
        Err(status) => return status,
    };
    let mut global = Order::default();
    for (flag, _) in &opts.opts {
        global.set(*flag);
    }
    let sep = match opts.value('t') {
        None => None,
        Some(t) => {
            let mut chars = t.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Some(c),
                (None, _) => {
                    call.error("empty tab");
                    return 2;
                }
                _ => {
                    call.error(&format!("multi-character tab '{t}'"));
                    return 2;
                }
            }
        }
    };
    let mut keys = Vec::new();
    for (_, spec) in opts.opts.iter().filter(|(f, _)| *f == 'k') {
        match parse_key(spec.as_deref().unwrap_or_default(), global) {
            Ok(key) => keys.push(key),
            Err(message) => {
                call.error(&message);
                return 2;
            }
        }
    }
    if keys.is_empty() {
        keys.push(Key {
            from: 1,
            to: None,
            order: global,
        });
    }
    let (text, failed) = read_all(call, &opts.operands, |op, e| {
        format!("cannot read: {op}: {e}")
    });
    if failed {
        return 2;
    }
    let by_keys = |a: &&str, b: &&str| {
        let ords = keys
            .iter()
            .map(|k| compare(key_text(a, *k, sep), key_text(b, *k, sep), k.order));
        ords.fold(Ordering::Equal, Ordering::then)
    };
    let mut lines: Vec<&str> = text.lines().collect();
    let unique = opts.has('u');
    crate::sort::by(&mut lines, |a, b| {
        by_keys(a, b).then_with(|| {
            let last = if unique { Ordering::Equal } else { a.cmp(b) };
            if global.reverse { last.reverse() } else { last }
        })
    });
    if unique {
        lines.dedup_by(|b, a| by_keys(a, b) == Ordering::Equal);
    }
    let mut out = lines.join("\n");
    if !lines.is_empty() {
        out.push('\n');
    }
    call.out.stdout(&out);
    0
}

/// `uniq`'s options.
pub(super) const UNIQ: Spec = Spec {
    flags: "cdu",
    valued: "",
    long: &[("count", 'c'), ("repeated", 'd'), ("unique", 'u')],
};

/// `uniq [-c] [-d | -u] [INPUT [OUTPUT]]`: adjacent repeated lines once,
/// to standard output or the file OUTPUT.
pub(super) fn uniq(call: &mut Call<'_>) -> i32 {
    let opts = match args::parse_call(call, UNIQ, 1) {
        Ok(o) => o,
        Err(status) => return status,
    };
    if let Some(extra) = opts.operands.get(2) {
        call.error(&format!("extra operand '{extra}'"));
        args::try_help(call);
        return 1;
    }
    let input = opts.operands.get(..1).unwrap_or_default();
    let (text, failed) = read_all(call, input, |op, e| format!("{op}: {e}"));
    if failed {
        return 1;
    }
    let mut groups: Vec<(usize, &str)> = Vec::new();
    for line in text.lines() {
        match groups.last_mut() {
            Some((n, last)) if *last == line => *n += 1,
            _ => groups.push((1, line)),
        }
    }
    let mut out = String::new();
    for (n, line) in groups {
        if (opts.has('d') && n == 1) || (opts.has('u') && n > 1) {
            continue;
        }
        if opts.has('c') {
            out.push_str(&format!("{n:>7} "));
        }
        out.push_str(line);
        out.push('\n');
    }
    let Some(output) = opts.operands.get(1) else {
        call.out.stdout(&out);
        return 0;
    };
    let now = call.now;
    let written = call
        .path(output)
        .and_then(|p| call.fs.write(&p, &out, WriteMode::Truncate, now));
    if let Err(e) = written {
        call.error(&format!("{output}: {e}"));
        return 1;
    }
    0
}
