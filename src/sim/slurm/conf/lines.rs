//! The logical lines of a slurm.conf text and the `key=value` pairs in
//! them, as `parse_config.c` reads them:
//! 1. everything from a `#` not escaped by a backslash is a comment;
//! 2. a line ending in an odd number of backslashes (trailing blanks
//!    aside) continues on the next, joined without a space;
//! 3. a backslash then makes the next character literal (`\#` is `#`,
//!    `\\` is `\`);
//! 4. a pair is `key=value` (`keyvalue_pattern`): a key of letters, digits,
//!    `_` and `.`, blanks allowed around `=`, and a value either in double
//!    quotes (blanks kept) or running to the next blank.

/// One logical line: its text and the number of its first physical line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Line {
    /// 1-based number of the first physical line.
    pub(super) number: usize,
    /// The text, comments and continuations resolved.
    pub(super) text: String,
}

/// The logical lines of `text` that hold anything but blanks.
pub(super) fn logical_lines(text: &str) -> Vec<Line> {
    let mut out = Vec::new();
    let mut pending: Option<Line> = None;
    for (i, raw) in text.lines().enumerate() {
        let (code, continues) = strip_continuation(strip_comment(raw));
        let line = pending.get_or_insert_with(|| Line {
            number: i + 1,
            text: String::new(),
        });
        line.text.push_str(code);
        if !continues {
            out.extend(pending.take().and_then(finish));
        }
    }
    // A continuation on the last line ends with the text.
    out.extend(pending.and_then(finish));
    out
}

/// Resolves escapes; `None` for a blank line.
fn finish(line: Line) -> Option<Line> {
    let mut text = String::with_capacity(line.text.len());
    let mut chars = line.text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => text.extend(chars.next()),
            c => text.push(c),
        }
    }
    (!text.trim().is_empty()).then_some(Line {
        number: line.number,
        text,
    })
}

/// The line up to its first `#` preceded by an even number of backslashes.
fn strip_comment(line: &str) -> &str {
    let mut backslashes = 0;
    for (i, b) in line.bytes().enumerate() {
        match b {
            b'#' if backslashes % 2 == 0 => return &line[..i],
            b'\\' => backslashes += 1,
            _ => backslashes = 0,
        }
    }
    line
}

/// The line without its continuation backslash, and whether it had one.
fn strip_continuation(line: &str) -> (&str, bool) {
    let trimmed = line.trim_end_matches(|c: char| c.is_ascii_whitespace());
    let backslashes = trimmed.len() - trimmed.trim_end_matches('\\').len();
    if backslashes % 2 == 1 {
        (&trimmed[..trimmed.len() - 1], true)
    } else {
        (line, false)
    }
}

/// One `key=value` pair as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Pair<'a> {
    /// The key as written.
    pub(super) key: &'a str,
    /// The value, without its quotes.
    pub(super) value: &'a str,
}

/// The pair at the start of `text` (blanks before it allowed) and the text
/// after its value; `None` when `text` does not start with a pair.
pub(super) fn next_pair(text: &str) -> Option<(Pair<'_>, &str)> {
    let blank = |c: char| c.is_ascii_whitespace();
    let s = text.trim_start_matches(blank);
    let key_len = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
        .unwrap_or(s.len());
    if key_len == 0 {
        return None;
    }
    let (key, rest) = s.split_at(key_len);
    let rest = rest
        .trim_start_matches(blank)
        .strip_prefix('=')?
        .trim_start_matches(blank);
    if let Some((value, after)) = rest
        .strip_prefix('"')
        .and_then(|inner| inner.split_once('"'))
        .filter(|(_, after)| after.is_empty() || after.starts_with(blank))
    {
        return Some((Pair { key, value }, after));
    }
    let end = rest.find(blank).unwrap_or(rest.len());
    (end > 0).then(|| {
        (
            Pair {
                key,
                value: &rest[..end],
            },
            &rest[end..],
        )
    })
}
