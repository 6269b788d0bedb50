//! `find -printf FORMAT`: findutils' escapes and the directives of an
//! entry's names, size, kind, mode, owner and time, with widths.

use super::super::fs::Kind;
use super::super::time::DateTime;

/// What one entry tells a format.
pub(super) struct Entry<'a> {
    /// The path as find names it (`./a/b`).
    pub(super) path: &'a str,
    /// The starting point it was found under, as typed.
    pub(super) start: &'a str,
    pub(super) depth: usize,
    pub(super) kind: Kind,
    pub(super) size: usize,
    pub(super) kib: usize,
    pub(super) mode: &'static str,
    pub(super) links: usize,
    pub(super) owner: &'a str,
    pub(super) mtime: u64,
}

/// One piece of a format.
#[derive(Debug, Clone, PartialEq)]
enum Piece {
    Text(String),
    /// `%[flags][width][.precision]X`, or `%TX` with `time`.
    Directive {
        left: bool,
        width: usize,
        precision: Option<usize>,
        letter: char,
        time: Option<char>,
    },
    /// `\c`: nothing more of this format.
    Stop,
}

/// A parsed format.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Format(Vec<Piece>);

/// The directives of an entry simulated here.
const LETTERS: &str = "pfhPHsdymMugknt";

impl Format {
    /// Reads `text`: the format, and warnings for escapes and directives
    /// it does not know (which print as written, as findutils prints them).
    pub(super) fn parse(text: &str) -> Result<(Format, Vec<String>), String> {
        let mut pieces = Vec::new();
        let mut warnings = Vec::new();
        let mut literal = String::new();
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\\' => match chars.next() {
                    Some('c') => {
                        flush(&mut pieces, &mut literal);
                        pieces.push(Piece::Stop);
                    }
                    Some(e @ ('a' | 'b' | 'f' | 'n' | 'r' | 't' | 'v' | '\\')) => {
                        literal.push(match e {
                            'a' => '\x07',
                            'b' => '\x08',
                            'f' => '\x0c',
                            'n' => '\n',
                            'r' => '\r',
                            't' => '\t',
                            'v' => '\x0b',
                            _ => '\\',
                        });
                    }
                    Some(d @ '0'..='7') => {
                        let mut value = d.to_digit(8).unwrap_or(0);
                        for _ in 0..2 {
                            match chars.peek().and_then(|c| c.to_digit(8)) {
                                Some(v) => {
                                    value = value * 8 + v;
                                    chars.next();
                                }
                                None => break,
                            }
                        }
                        literal.extend(char::from_u32(value));
                    }
                    Some(other) => {
                        warnings.push(format!("warning: unrecognized escape `\\{other}'"));
                        literal.push('\\');
                        literal.push(other);
                    }
                    None => literal.push('\\'),
                },
                '%' => {
                    let mut spec = String::from("%");
                    let mut left = false;
                    while let Some(&f @ ('-' | '+' | ' ' | '#' | '0')) = chars.peek() {
                        left |= f == '-';
                        spec.push(f);
                        chars.next();
                    }
                    let width = number(&mut chars, &mut spec);
                    let precision = if chars.peek() == Some(&'.') {
                        spec.push('.');
                        chars.next();
                        Some(number(&mut chars, &mut spec))
                    } else {
                        None
                    };
                    let Some(letter) = chars.next() else {
                        return Err("error: % at end of format string".to_owned());
                    };
                    if letter == '%' {
                        literal.push('%');
                        continue;
                    }
                    let time = match letter {
                        'T' => match chars.next() {
                            Some(t) => Some(t),
                            None => return Err("error: % at end of format string".to_owned()),
                        },
                        _ => None,
                    };
                    if time.is_none() && !LETTERS.contains(letter) {
                        warnings.push(format!(
                            "warning: unrecognized format directive `%{letter}'"
                        ));
                        literal.push_str(&format!("{spec}{letter}"));
                        continue;
                    }
                    flush(&mut pieces, &mut literal);
                    pieces.push(Piece::Directive {
                        left,
                        width: width.unwrap_or(0),
                        precision: precision.flatten(),
                        letter,
                        time,
                    });
                }
                c => literal.push(c),
            }
        }
        flush(&mut pieces, &mut literal);
        Ok((Format(pieces), warnings))
    }

    /// The format filled in for `entry`.
    pub(super) fn render(&self, entry: &Entry<'_>) -> String {
        let mut out = String::new();
        for piece in &self.0 {
            match piece {
                Piece::Text(text) => out.push_str(text),
                Piece::Stop => break,
                Piece::Directive {
                    left,
                    width,
                    precision,
                    letter,
                    time,
                } => {
                    let mut value = match time {
                        Some(t) => time_part(entry.mtime, *t),
                        None => field(entry, *letter),
                    };
                    if let Some(p) = precision {
                        value = value.chars().take(*p).collect();
                    }
                    let pad = width.saturating_sub(value.chars().count());
                    if *left {
                        out.push_str(&value);
                        out.extend(std::iter::repeat_n(' ', pad));
                    } else {
                        out.extend(std::iter::repeat_n(' ', pad));
                        out.push_str(&value);
                    }
                }
            }
        }
        out
    }
}

fn flush(pieces: &mut Vec<Piece>, literal: &mut String) {
    if !literal.is_empty() {
        pieces.push(Piece::Text(std::mem::take(literal)));
    }
}

/// Decimal digits at the front of `chars`, copied into `spec`.
fn number(
    chars: &mut std::iter::Peekable<std::str::Chars<'_>>,
    spec: &mut String,
) -> Option<usize> {
    let mut digits = String::new();
    while let Some(&d) = chars.peek().filter(|c| c.is_ascii_digit()) {
        digits.push(d);
        chars.next();
    }
    spec.push_str(&digits);
    digits.parse().ok()
}

/// The value of `%letter` for `entry`.
fn field(entry: &Entry<'_>, letter: char) -> String {
    let path = entry.path;
    match letter {
        'p' => path.to_owned(),
        // The last name with any slashes after it (`a/` for `a/`).
        'f' => {
            let trimmed = path.trim_end_matches('/');
            if trimmed.is_empty() {
                "/".to_owned()
            } else {
                path[trimmed.rfind('/').map_or(0, |i| i + 1)..].to_owned()
            }
        }
        // What comes before the last slash, or `.`.
        'h' => path.rfind('/').map_or(".", |i| &path[..i]).to_owned(),
        'P' => path
            .strip_prefix(entry.start)
            .map(|rest| rest.trim_start_matches('/'))
            .unwrap_or(path)
            .to_owned(),
        'H' => entry.start.to_owned(),
        's' => entry.size.to_string(),
        'd' => entry.depth.to_string(),
        'y' => match entry.kind {
            Kind::File => "f",
            Kind::Dir => "d",
            Kind::Device => "c",
        }
        .to_owned(),
        'm' => octal(entry.mode),
        'M' => entry.mode.to_owned(),
        'u' | 'g' => entry.owner.to_owned(),
        'k' => entry.kib.to_string(),
        'n' => entry.links.to_string(),
        // `t`: ctime(3)'s layout, with the nanoseconds findutils adds.
        _ => DateTime::from_epoch(entry.mtime).format("%a %b %e %H:%M:%S.0000000000 %Y"),
    }
}

/// `%T` with `letter` for a change at `mtime`: strftime's field, with
/// findutils' nanoseconds (here 0) after the seconds.
fn time_part(mtime: u64, letter: char) -> String {
    let format = match letter {
        '@' => "%s.0000000000".to_owned(),
        'S' => "%S.0000000000".to_owned(),
        'T' => "%T.0000000000".to_owned(),
        '+' => "%F+%T.0000000000".to_owned(),
        other => format!("%{other}"),
    };
    DateTime::from_epoch(mtime).format(&format)
}

/// The permission bits of an `ls` mode in octal (`drwxrwxrwt`: 1777).
fn octal(mode: &str) -> String {
    let bits: Vec<bool> = mode.chars().skip(1).map(|c| c != '-').collect();
    let sticky = mode.ends_with('t');
    let value = bits
        .iter()
        .fold(0u32, |acc, &on| (acc << 1) | u32::from(on));
    if sticky {
        format!("1{value:o}")
    } else {
        format!("{value:o}")
    }
}
