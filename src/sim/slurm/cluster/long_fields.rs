//! The `-O`/`--Format` formats of squeue and sinfo: comma-separated
//! long field names, each `name[:[.][size][suffix]]`, read as Slurm 22.05
//! reads them (`_parse_long_token`), and each tool's table of the names
//! it knows, matched without regard to case. A name that Slurm prints
//! with the function of a `-o` letter becomes that letter, so `-o` and
//! `-O` share one printer; a name without a letter gets a private-use
//! code (which `-o` never accepts) that the tool's own table resolves. An
//! unknown name is reported and prints only its suffix.

use super::fields::{Field, MAX_WIDTH};
use super::output::CommandOutput;
use crate::sim::slurm::c_num::strtol;

/// Where a long name's values come from.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Source<T> {
    /// The function of this `-o` letter.
    Letter(char),
    /// A field only `-O` names: its header and what its value is.
    Own(&'static str, T),
}

/// A tool's long names: (lower-case name, source), and the one name
/// matched by its first letters only (squeue's `numtask`).
pub(crate) struct LongNames<T: 'static> {
    /// The names.
    pub(crate) names: &'static [(&'static str, Source<T>)],
    /// A prefix that alone selects the entry it begins.
    pub(crate) by_prefix: Option<&'static str>,
}

/// The first private-use code; entry `i` of a table is `BASE + i`.
const BASE: u32 = 0xE000;

impl<T: Copy> LongNames<T> {
    /// Reads a `-O` format into fields, reporting each unknown name on
    /// `out` as `tool` does (the field stays, printing only its suffix).
    pub(crate) fn fields(&self, tool: &str, format: &str, out: &mut CommandOutput) -> Vec<Field> {
        parse_long_format(format)
            .iter()
            .map(|item| self.field(tool, item, out))
            .collect()
    }

    /// One item of a `-O` format as a field, reported on `out` when
    /// unknown.
    pub(crate) fn field(&self, tool: &str, item: &LongField, out: &mut CommandOutput) -> Field {
        match self.code(&item.name) {
            Some(code) => item.field(code),
            None => {
                out.err(&format!(
                    "{tool}: error: Invalid job format specification: {}\n",
                    item.name
                ));
                item.unknown()
            }
        }
    }

    /// The code printed for a long name: its `-o` letter or its own code.
    fn code(&self, name: &str) -> Option<char> {
        let lower = name.to_ascii_lowercase();
        let index = self.names.iter().position(|(n, _)| {
            *n == lower
                || self
                    .by_prefix
                    .is_some_and(|p| n.starts_with(p) && lower.starts_with(p))
        })?;
        match self.names[index].1 {
            Source::Letter(letter) => Some(letter),
            Source::Own(..) => u32::try_from(index)
                .ok()
                .and_then(|i| char::from_u32(BASE + i)),
        }
    }

    /// The header and value of a code of a name without a letter.
    pub(crate) fn own(&self, code: char) -> Option<(&'static str, T)> {
        let index = usize::try_from(u32::from(code).checked_sub(BASE)?).ok()?;
        match self.names.get(index)?.1 {
            Source::Own(header, value) => Some((header, value)),
            Source::Letter(_) => None,
        }
    }

    /// The header of a code of a name without a letter; empty for an
    /// unknown name.
    pub(crate) fn header(&self, code: char) -> Option<&'static str> {
        if code == Field::UNKNOWN {
            return Some("");
        }
        self.own(code).map(|(header, _)| header)
    }
}

/// One item of a `-O` format of squeue or sinfo: `name[:[.][size][suffix]]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LongField {
    /// The field's name as typed (Slurm matches it case-insensitively).
    pub(crate) name: String,
    /// The width: 20 without a `:`, 0 (as long as the text) when no size
    /// follows it, negative when given so.
    pub(crate) width: i64,
    /// `:.`: right-aligned.
    pub(crate) right: bool,
    /// The text after the size, printed after the cell.
    pub(crate) suffix: String,
}

impl LongField {
    /// The field as a `-o` [`Field`] printed under `letter`. A negative
    /// width prints the text uncut and then a space (squeue's `"%s "`).
    pub(crate) fn field(&self, letter: char) -> Field {
        let mut suffix = String::new();
        if self.width < 0 {
            suffix.push(' ');
        }
        suffix.push_str(&self.suffix);
        Field {
            letter,
            width: usize::try_from(self.width).map_or(0, |w| w.min(MAX_WIDTH)),
            right: self.right,
            suffix,
        }
    }

    /// This field as one Slurm does not know: only its suffix prints.
    pub(crate) fn unknown(&self) -> Field {
        Field {
            letter: Field::UNKNOWN,
            width: 0,
            right: false,
            suffix: self.suffix.clone(),
        }
    }
}

/// Reads a `-O` format: comma-separated items (empty ones skipped, as
/// `strtok` skips them), each `name` with a width of 20 or
/// `name:[.][size][suffix]`, the size read as `strtol` reads it.
pub(crate) fn parse_long_format(format: &str) -> Vec<LongField> {
    format
        .split(',')
        .filter(|item| !item.is_empty())
        .map(|item| {
            let Some((name, spec)) = item.split_once(':') else {
                return LongField {
                    name: item.to_owned(),
                    width: 20,
                    right: false,
                    suffix: String::new(),
                };
            };
            let (right, spec) = match spec.strip_prefix('.') {
                Some(rest) => (true, rest),
                None => (false, spec),
            };
            let (width, suffix) = strtol(spec, 10);
            LongField {
                name: name.to_owned(),
                width,
                right,
                suffix: suffix.to_owned(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::output::Stream;
    use super::*;

    const NAMES: LongNames<u8> = LongNames {
        names: &[
            ("jobid", Source::Letter('A')),
            ("cluster", Source::Own("CLUSTER", 1)),
            ("numtasks", Source::Own("TASKS", 2)),
        ],
        by_prefix: Some("numtask"),
    };

    #[test]
    fn long_formats_read_as_strtok_and_strtol_do() {
        let f = parse_long_format("JobID,name:.10|,,state:,reason:-3x, user: 7");
        let got: Vec<(&str, i64, bool, &str)> = f
            .iter()
            .map(|l| (l.name.as_str(), l.width, l.right, l.suffix.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                ("JobID", 20, false, ""),
                ("name", 10, true, "|"),
                ("state", 0, false, ""),
                ("reason", -3, false, "x"),
                (" user", 7, false, ""),
            ]
        );
        let negative = f[3].field('r');
        assert_eq!((negative.width, negative.suffix.as_str()), (0, " x"));
        assert_eq!(parse_long_format("a:.x")[0].suffix, "x");
        assert_eq!(
            parse_long_format("a:99999999")[0].field('a').width,
            MAX_WIDTH
        );
    }

    #[test]
    fn names_match_without_case_and_unknown_ones_keep_their_suffix() {
        assert_eq!(NAMES.code("JobID"), Some('A'));
        let tasks = NAMES.code("NumTasksAndMore");
        assert_eq!(tasks.and_then(|c| NAMES.header(c)), Some("TASKS"));
        assert_eq!(NAMES.code("numtas"), None);
        assert_eq!(
            NAMES.code("Cluster").and_then(|c| NAMES.own(c)),
            Some(("CLUSTER", 1))
        );
        let mut out = CommandOutput::default();
        let f = NAMES.fields("squeue", "jobid:5|,bogus:7|", &mut out);
        assert_eq!(
            out.text(Stream::Stderr),
            "squeue: error: Invalid job format specification: bogus\n"
        );
        assert_eq!(
            (f[1].letter, f[1].width, f[1].suffix.as_str()),
            (Field::UNKNOWN, 0, "|")
        );
        assert_eq!(NAMES.header(Field::UNKNOWN), Some(""));
    }
}
