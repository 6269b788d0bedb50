//! `find -printf FORMAT`: findutils' escapes and the directives of an
//! entry's names, size, kind, mode, owner and time, with widths.

use std::iter::Peekable;
use std::str::Chars;

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
        let mut reader = Reader {
            chars: text.chars().peekable(),
            pieces: Vec::new(),
            literal: String::new(),
            warnings: Vec::new(),
        };
        while let Some(c) = reader.chars.next() {
            match c {
                '\\' => reader.escape(),
                '%' => reader.directive()?,
                c => reader.literal.push(c),
            }
        }
        reader.flush();
        Ok((Format(reader.pieces), reader.warnings))
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
                    // A width past 4096 is cut there, as the shell's printf
                    // cuts it: the output has a cap of its own.
                    let pad = (*width).min(4096).saturating_sub(value.chars().count());
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

/// A format being read.
struct Reader<'a> {
    chars: Peekable<Chars<'a>>,
    pieces: Vec<Piece>,
    /// Plain text not yet made a piece.
    literal: String,
    warnings: Vec<String>,
}

impl Reader<'_> {
    fn flush(&mut self) {
        if !self.literal.is_empty() {
            self.pieces
                .push(Piece::Text(std::mem::take(&mut self.literal)));
        }
    }

    /// What follows a backslash.
    fn escape(&mut self) {
        let plain = match self.chars.next() {
            Some('c') => {
                self.flush();
                self.pieces.push(Piece::Stop);
                return;
            }
            Some('a') => '\x07',
            Some('b') => '\x08',
            Some('f') => '\x0c',
            Some('n') => '\n',
            Some('r') => '\r',
            Some('t') => '\t',
            Some('v') => '\x0b',
            Some('\\') | None => '\\',
            Some(d @ '0'..='7') => {
                let mut value = d.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    let Some(v) = self.chars.peek().and_then(|c| c.to_digit(8)) else {
                        break;
                    };
                    value = value * 8 + v;
                    self.chars.next();
                }
                self.literal.extend(char::from_u32(value));
                return;
            }
            Some(other) => {
                self.warnings
                    .push(format!("warning: unrecognized escape `\\{other}'"));
                self.literal.push('\\');
                other
            }
        };
        self.literal.push(plain);
    }

    /// What follows a `%`.
    fn directive(&mut self) -> Result<(), String> {
        const AT_END: &str = "error: % at end of format string";
        let mut spec = String::from("%");
        let mut left = false;
        while let Some(&f @ ('-' | '+' | ' ' | '#' | '0')) = self.chars.peek() {
            left |= f == '-';
            spec.push(f);
            self.chars.next();
        }
        let width = number(&mut self.chars, &mut spec);
        let precision = if self.chars.peek() == Some(&'.') {
            spec.push('.');
            self.chars.next();
            number(&mut self.chars, &mut spec)
        } else {
            None
        };
        let letter = self.chars.next().ok_or(AT_END)?;
        let time = match letter {
            '%' => {
                self.literal.push('%');
                return Ok(());
            }
            'T' => Some(self.chars.next().ok_or(AT_END)?),
            _ if LETTERS.contains(letter) => None,
            _ => {
                self.warnings.push(format!(
                    "warning: unrecognized format directive `%{letter}'"
                ));
                self.literal.push_str(&format!("{spec}{letter}"));
                return Ok(());
            }
        };
        self.flush();
        self.pieces.push(Piece::Directive {
            left,
            width: width.unwrap_or(0),
            precision,
            letter,
            time,
        });
        Ok(())
    }
}

/// Decimal digits at the front of `chars`, copied into `spec`.
fn number(chars: &mut Peekable<Chars<'_>>, spec: &mut String) -> Option<usize> {
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
