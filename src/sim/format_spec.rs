//! Slurm's `-o` format strings (`%.18i %9P`: a `.` right-aligns, a width,
//! a letter, text up to the next `%`), as squeue, sinfo and sprio read
//! them, and the fixed-width cell each field prints (`_print_str`: cut to
//! the width, then padded). Shared by the mock tools and the fair-share
//! model's `sprio` table.

/// A cell of `squeue`/`sinfo`: `text` cut to `width` characters and padded
/// to it, on the left when `right`. A width of 0 prints the text as is.
pub(crate) fn cell(text: &str, width: usize, right: bool) -> String {
    if width == 0 {
        return text.to_owned();
    }
    let cut: String = text.chars().take(width).collect();
    if right {
        format!("{cut:>width$}")
    } else {
        format!("{cut:<width$}")
    }
}

/// One field of a format: letter, width, right-aligned, text after it.
pub(crate) struct Field {
    /// The letter.
    pub(crate) letter: char,
    /// The width (0: as long as the text).
    pub(crate) width: usize,
    /// `%.N`: right-aligned.
    pub(crate) right: bool,
    /// The text after the letter, up to the next `%`.
    pub(crate) suffix: String,
}

/// Reads a `-o` format (`%.18i %9P`): text before the first `%` is kept
/// as a prefix; empty pieces (`%%`) are skipped; a missing letter reads
/// as a space.
pub(crate) fn parse_format(format: &str) -> (String, Vec<Field>) {
    let mut pieces = format.split('%');
    let prefix = if format.starts_with('%') {
        String::new()
    } else {
        pieces.next().unwrap_or("").to_owned()
    };
    let fields = pieces
        .filter(|t| !t.is_empty())
        .map(|token| {
            let right = token.starts_with('.');
            let rest = token.trim_start_matches('.');
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            let mut chars = rest[digits.len()..].chars();
            let letter = chars.next().unwrap_or(' ');
            Field {
                letter,
                width: digits.parse().map_or(0, |w: usize| w.min(MAX_WIDTH)),
                right,
                suffix: chars.collect(),
            }
        })
        .collect();
    (prefix, fields)
}

/// The widest cell printed: wider ones, which make Slurm write megabytes
/// of spaces per line, are capped so that a typo cannot freeze the page.
pub(crate) const MAX_WIDTH: usize = 4096;
