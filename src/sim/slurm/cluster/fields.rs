//! Fixed-width cells as the Slurm tools print them: `squeue`'s and
//! `sinfo`'s `_print_str` (cut to the width, then padded; `%.N` right-
//! aligns) and the `print_fields` of `sacct` and `sshare` (a `+` marks a
//! cut value, every cell ends in a space, `-p`/`-P` join with `|`); and
//! memory sizes in Slurm's units (`convert_num_unit` in exact mode).

pub(crate) use crate::sim::format_spec::{Field, MAX_WIDTH, cell, parse_format};

/// Appends a cell to `out` without allocating: `text` cut to `width`
/// characters when `cut` (and `width` is not 0), padded to `width`.
pub(crate) fn push_cell(out: &mut String, text: &str, width: usize, right: bool, cut: bool) {
    let (shown, len) = if cut && width > 0 {
        match text.char_indices().nth(width) {
            Some((at, _)) => (&text[..at], width),
            None => (text, text.chars().count()),
        }
    } else {
        (text, text.chars().count())
    };
    let pad = width.saturating_sub(len);
    if right {
        out.extend(std::iter::repeat_n(' ', pad));
        out.push_str(shown);
    } else {
        out.push_str(shown);
        out.extend(std::iter::repeat_n(' ', pad));
    }
}

/// A cell padded to `width` but never cut (node lists and reasons with
/// `cut_output` false).
pub(crate) fn uncut(text: &str, width: usize, right: bool) -> String {
    if right {
        format!("{text:>width$}")
    } else {
        format!("{text:<width$}")
    }
}

/// How `print_fields` joins cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Parsable {
    /// Fixed widths, a space after each cell.
    No,
    /// `-p`: `|` after every cell.
    Ending,
    /// `-P`: `|` between cells.
    NoEnding,
}

impl Parsable {
    /// The choice of a command line parsed with the accounting tools'
    /// `--parsable` (`-p`) and `--parsable2` (`-P`), the latter winning.
    pub(crate) fn read(p: &crate::sim::slurm::getopt::Parsed) -> Self {
        if p.has("parsable2") {
            Self::NoEnding
        } else if p.has("parsable") {
            Self::Ending
        } else {
            Self::No
        }
    }
}

/// One row of `print_fields` cells: (value, width) where a negative width
/// left-aligns; `None` prints blank. Values longer than the width end in
/// `+`.
pub(crate) fn print_fields_row(cells: &[(Option<String>, i32)], parsable: Parsable) -> String {
    delimited_row(cells, parsable, "|")
}

/// [`print_fields_row`] with `delimiter` between parsable cells in
/// place of `|` (sacct's `--delimiter`).
pub(crate) fn delimited_row(
    cells: &[(Option<String>, i32)],
    parsable: Parsable,
    delimiter: &str,
) -> String {
    let mut line = String::new();
    let last = cells.len().saturating_sub(1);
    for (i, (value, len)) in cells.iter().enumerate() {
        let text = value.as_deref().unwrap_or("");
        match parsable {
            Parsable::NoEnding if i == last => line.push_str(text),
            Parsable::Ending | Parsable::NoEnding => {
                line.push_str(text);
                line.push_str(delimiter);
            }
            Parsable::No => {
                let width = usize::try_from(len.unsigned_abs()).unwrap_or(0);
                let shown = if value.is_none() {
                    " ".to_owned()
                } else {
                    plus_cut(text, width)
                };
                if *len < 0 {
                    line.push_str(&format!("{shown:<width$} "));
                } else {
                    line.push_str(&format!("{shown:>width$} "));
                }
            }
        }
    }
    line
}

/// A value cut to `width` with a `+` in the last place when too long.
fn plus_cut(text: &str, width: usize) -> String {
    if text.chars().count() <= width || width == 0 {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(width.saturating_sub(1)).collect();
    cut.push('+');
    cut
}

/// The header and the dashes of `print_fields_header`.
pub(crate) fn print_fields_header(names: &[(&str, i32)], parsable: Parsable) -> Vec<String> {
    delimited_header(names, parsable, "|")
}

/// [`print_fields_header`] with `delimiter` between parsable names.
pub(crate) fn delimited_header(
    names: &[(&str, i32)],
    parsable: Parsable,
    delimiter: &str,
) -> Vec<String> {
    let cells: Vec<(Option<String>, i32)> = names
        .iter()
        .map(|(n, len)| {
            // Columns cut a name to their width; parsable output keeps it.
            let width = match parsable {
                Parsable::No => usize::try_from(len.unsigned_abs()).unwrap_or(0).max(1),
                _ => usize::MAX,
            };
            (Some(n.chars().take(width).collect()), *len)
        })
        .collect();
    let mut lines = vec![delimited_row(&cells, parsable, delimiter)];
    if parsable == Parsable::No {
        lines.push(
            names
                .iter()
                .map(|(_, len)| {
                    format!(
                        "{} ",
                        "-".repeat(usize::try_from(len.unsigned_abs()).unwrap_or(0))
                    )
                })
                .collect(),
        );
    }
    lines
}

impl Field {
    /// The code of a field Slurm does not know: it prints no cell, only
    /// its suffix (`_print_com_invalid`), in the header and every line.
    pub(crate) const UNKNOWN: char = '\u{F8FF}';

    /// This `-o` field as one Slurm does not know, which prints itself as
    /// typed (`%.5!` stays `%.5!`).
    pub(crate) fn unknown_letter(&self) -> Field {
        let dot = if self.right { "." } else { "" };
        let width = if self.width > 0 {
            self.width.to_string()
        } else {
            String::new()
        };
        Field {
            letter: Self::UNKNOWN,
            width: 0,
            right: false,
            suffix: format!("%{dot}{width}{}{}", self.letter, self.suffix),
        }
    }
}

/// The prefix and fields of a `-o` format; each letter `known` refuses is
/// reported on `out` as `report` then the letter, and prints as typed.
pub(crate) fn letter_fields(
    format: &str,
    known: fn(char) -> bool,
    report: &str,
    out: &mut super::output::CommandOutput,
) -> (String, Vec<Field>) {
    let (prefix, mut fields) = parse_format(format);
    for f in &mut fields {
        if !known(f.letter) {
            out.err(&format!("{report}{}\n", f.letter));
            *f = f.unknown_letter();
        }
    }
    (prefix, fields)
}

/// How Slurm's tools print a size (`convert_num_unit2`'s flags).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Units {
    /// The largest unit that keeps it exact, halves counting as exact
    /// (`CONVERT_NUM_UNIT_EXACT`: 1536M is `1.50G`).
    Exact,
    /// In one unit, an index into `"\0KMGTP"` (sacct's `--units`).
    Fixed(usize),
    /// As recorded (`--noconvert`).
    NoConvert,
}

/// `convert_num_unit2`: `num` in the unit `from` (an index into
/// `"\0KMGTP"`), divided by `divisor` as `units` asks, with two decimals
/// when it is not whole; less than one is a bare `0`.
pub(crate) fn convert_num_unit(num: f64, mut from: usize, units: Units, divisor: f64) -> String {
    const LETTERS: [&str; 7] = ["", "K", "M", "G", "T", "P", "?"];
    let mut num = num;
    if num.trunc() == 0.0 {
        return "0".to_owned();
    }
    match units {
        Units::Fixed(to) => {
            while to < from {
                num *= divisor;
                from -= 1;
            }
            while to > from {
                num /= divisor;
                from += 1;
            }
        }
        Units::NoConvert => {}
        Units::Exact => {
            // The C tests the integer part: `(uint64_t)num % (divisor / 2)`.
            while num >= divisor && num.trunc() % (divisor / 2.0) == 0.0 {
                num /= divisor;
                from += 1;
            }
        }
    }
    let unit = LETTERS.get(from).copied().unwrap_or("?");
    if num.fract() == 0.0 {
        format!("{num}{unit}")
    } else {
        format!("{num:.2}{unit}")
    }
}

/// A size in megabytes in Slurm's exact units (`8000M`, `500G`, `1.50G`),
/// as scontrol, squeue and TRES strings print memory.
pub(crate) fn mem_units(mb: u64) -> String {
    convert_num_unit(mb as f64, 2, Units::Exact, 1024.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_units() {
        assert_eq!(cell("train-llm", 8, true), "train-ll");
        assert_eq!(cell("gpu", 9, true), "      gpu");
        assert_eq!(cell("mix", 6, false), "mix   ");
        assert_eq!(mem_units(2_048_000), "2000G");
        assert_eq!(mem_units(8000), "8000M");
        assert_eq!(mem_units(512_000), "500G");
        assert_eq!(mem_units(0), "0");
        // Halves are exact enough: 1536M is 1.50G, 1.5T stays 1536G's
        // next unit.
        assert_eq!(mem_units(1536), "1.50G");
        assert_eq!(mem_units(1_572_864), "1.50T");
        assert_eq!(mem_units(1500), "1500M");
        assert_eq!(
            convert_num_unit(2048.0, 2, Units::NoConvert, 1024.0),
            "2048M"
        );
        assert_eq!(convert_num_unit(3.0, 2, Units::Fixed(3), 1024.0), "0.00G");
        let row = print_fields_row(
            &[
                (Some("8".into()), -12),
                (Some("timeout-job".into()), 10),
                (None, 10),
            ],
            Parsable::No,
        );
        assert_eq!(row, "8            timeout-j+            ");
        let row = print_fields_row(
            &[(Some("a".into()), 5), (Some("b".into()), 5)],
            Parsable::NoEnding,
        );
        assert_eq!(row, "a|b");
    }
}
