//! Columns of text: the one field splitter that `cut`, `sort` and `awk`
//! share, the reading of all inputs as one stream, and `cut`.

use std::ops::Range;

use super::super::args::{self, Spec};
use super::super::command::Call;
use super::super::fs::FsError;
use super::read_input;

/// The byte ranges of the fields of `line`: split at each `sep`, or,
/// without one, into words that each start with the blanks before them
/// (sort's fields; awk trims those blanks).
pub(super) fn field_spans(line: &str, sep: Option<char>) -> Vec<Range<usize>> {
    let mut spans = Vec::new();
    let mut start = 0;
    if let Some(sep) = sep {
        for (i, c) in line.char_indices() {
            if c == sep {
                spans.push(start..i);
                start = i + c.len_utf8();
            }
        }
        spans.push(start..line.len());
        return spans;
    }
    let mut in_word = false;
    for (i, c) in line.char_indices() {
        let blank = c == ' ' || c == '\t';
        if blank && in_word {
            spans.push(start..i);
            start = i;
        }
        in_word = !blank;
    }
    if in_word || start < line.len() {
        spans.push(start..line.len());
    }
    spans
}

/// All `operands` (standard input for none or `-`) read as one stream,
/// each ending in a newline; `error` words the message for one that cannot
/// be read, after which the others are still read. The text, and whether
/// one failed.
pub(super) fn read_all(
    call: &mut Call<'_>,
    operands: &[String],
    error: fn(&str, &FsError) -> String,
) -> (String, bool) {
    let stdin = ["-".to_owned()];
    let operands = if operands.is_empty() {
        &stdin[..]
    } else {
        operands
    };
    let (mut text, mut failed, mut read) = (String::new(), false, 0);
    for op in operands {
        match read_input(call, op, &mut read) {
            Ok(part) => {
                text.push_str(&part);
                if !part.is_empty() && !part.ends_with('\n') {
                    text.push('\n');
                }
            }
            Err(e) => {
                call.error(&error(op, &e));
                failed = true;
            }
        }
    }
    (text, failed)
}

/// `cut`'s options.
pub(super) const CUT: Spec = Spec {
    flags: "s",
    valued: "bcfd",
    long: &[
        ("bytes", 'b'),
        ("characters", 'c'),
        ("fields", 'f'),
        ("delimiter", 'd'),
        ("only-delimited", 's'),
    ],
};

/// The 1-based inclusive ranges of a list such as `1,3-5,7-`, or cut's
/// complaint about it; `what` names the units in it.
fn parse_list(list: &str, what: &str) -> Result<Vec<(usize, usize)>, String> {
    let numbered = format!("{what} are numbered from 1");
    let number = |s: &str, open: usize| -> Result<usize, String> {
        if s.is_empty() {
            return Ok(open);
        }
        match s.parse::<usize>() {
            Ok(0) => Err(numbered.clone()),
            Ok(n) => Ok(n),
            Err(_) if what == "fields" => Err(format!("invalid field value '{s}'")),
            Err(_) => Err(format!("invalid byte/character position '{s}'")),
        }
    };
    let mut ranges = Vec::new();
    for item in list.split(',') {
        let range = match item.split_once('-') {
            _ if item.is_empty() || item == "-" => return Err(numbered),
            Some((from, to)) => (number(from, 1)?, number(to, usize::MAX)?),
            None => {
                let n = number(item, 1)?;
                (n, n)
            }
        };
        if range.0 > range.1 {
            return Err("invalid decreasing range".to_owned());
        }
        ranges.push(range);
    }
    Ok(ranges)
}

/// Whether the 1-based position `n` is in `ranges`.
fn selected(ranges: &[(usize, usize)], n: usize) -> bool {
    ranges.iter().any(|&(from, to)| from <= n && n <= to)
}

/// `cut -f LIST [-d C] [-s]` or `cut -c LIST` (`-b` counts characters
/// too): the selected parts of each line, in input order.
pub(super) fn cut(call: &mut Call<'_>) -> i32 {
    let opts = match args::parse_call(call, CUT, 1) {
        Ok(o) => o,
        Err(status) => return status,
    };
    let lists: Vec<(char, &str)> = opts
        .opts
        .iter()
        .filter(|(f, _)| "bcf".contains(*f))
        .map(|(f, v)| (*f, v.as_deref().unwrap_or_default()))
        .collect();
    let usage = |call: &mut Call<'_>, message: &str| {
        call.error(message);
        args::try_help(call);
        1
    };
    let (kind, list) = match lists.as_slice() {
        [] => {
            return usage(
                call,
                "you must specify a list of bytes, characters, or fields",
            );
        }
        [one] => *one,
        _ => return usage(call, "only one list may be specified"),
    };
    let what = if kind == 'f' {
        "fields"
    } else {
        "byte/character positions"
    };
    let ranges = match parse_list(list, what) {
        Ok(r) => r,
        Err(message) => return usage(call, &message),
    };
    let delim = opts.value('d').unwrap_or("\t");
    let mut chars = delim.chars();
    let sep = match (chars.next(), chars.next()) {
        (Some(c), None) => c,
        _ => return usage(call, "the delimiter must be a single character"),
    };
    if kind != 'f' && (opts.has('d') || opts.has('s')) {
        let message = if opts.has('d') {
            "an input delimiter may be specified only when operating on fields"
        } else {
            "suppressing non-delimited lines makes sense\n\tonly when operating on fields"
        };
        return usage(call, message);
    }
    let (text, failed) = read_all(call, &opts.operands, |op, e| format!("{op}: {e}"));
    let mut out = String::new();
    for line in text.lines() {
        if kind != 'f' {
            let picked = line.chars().enumerate();
            out.extend(
                picked
                    .filter(|(i, _)| selected(&ranges, i + 1))
                    .map(|p| p.1),
            );
        } else if !line.contains(sep) {
            if opts.has('s') {
                continue;
            }
            out.push_str(line);
        } else {
            let spans = field_spans(line, Some(sep));
            let fields = spans.into_iter().enumerate();
            let picked: Vec<&str> = fields
                .filter(|(i, _)| selected(&ranges, i + 1))
                .filter_map(|(_, span)| line.get(span))
                .collect();
            out.push_str(&picked.join(&sep.to_string()));
        }
        out.push('\n');
    }
    call.out.stdout(&out);
    i32::from(failed)
}
