//! What a reader did with each exercise, kept in `localStorage` under
//! `gpu-book.exercise.<id>` (ids are unique in the book, the same in every
//! language, so progress follows the reader across languages). The value
//! is a versioned line, `1 right tries=3 solution`; one that cannot be
//! read counts as untouched. `public/book.js` counts the lines that start
//! `1 right` for the contents page, and forgets them all on request.

use crate::ui::browser::{store, stored};

/// The format's version, the line's first word.
const VERSION: &str = "1";

/// One exercise's progress.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Record {
    /// Answered right at least once.
    pub(super) right: bool,
    /// Times Check judged an answer.
    pub(super) tries: u32,
    /// "Show the answer" was opened.
    pub(super) solution_shown: bool,
}

impl Record {
    /// Counts one judged answer.
    pub(super) fn checked(&mut self, right: bool) {
        self.tries = self.tries.saturating_add(1);
        self.right |= right;
    }

    fn to_line(self) -> String {
        let mut line = format!("{VERSION} {}", if self.right { "right" } else { "open" });
        line += &format!(" tries={}", self.tries);
        if self.solution_shown {
            line += " solution";
        }
        line
    }

    fn from_line(line: &str) -> Option<Self> {
        let mut words = line.split_whitespace();
        if words.next()? != VERSION {
            return None;
        }
        let mut record = Self {
            right: match words.next()? {
                "right" => true,
                "open" => false,
                _ => return None,
            },
            ..Self::default()
        };
        for word in words {
            match word.split_once('=') {
                Some(("tries", n)) => record.tries = n.parse().ok()?,
                None if word == "solution" => record.solution_shown = true,
                _ => return None,
            }
        }
        Some(record)
    }
}

fn key(id: &str) -> String {
    format!("gpu-book.exercise.{id}")
}

/// The progress kept for exercise `id`.
pub(super) fn load(id: &str) -> Record {
    stored(&key(id))
        .and_then(|line| Record::from_line(&line))
        .unwrap_or_default()
}

/// Keeps `record` for exercise `id` (a browser that refuses loses it).
pub(super) fn save(id: &str, record: &Record) {
    store(&key(id), &record.to_line());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_round_trips_and_a_bad_line_is_untouched() {
        let mut record = Record::default();
        record.checked(false);
        record.checked(true);
        record.checked(false);
        record.solution_shown = true;
        assert_eq!(record.to_line(), "1 right tries=3 solution");
        assert_eq!(Record::from_line(&record.to_line()), Some(record));
        assert_eq!(Record::from_line("1 open tries=0"), Some(Record::default()));
        for bad in [
            "",
            "2 right tries=1",
            "1 maybe",
            "1 open tries=x",
            "1 open lots",
        ] {
            assert_eq!(Record::from_line(bad), None, "{bad:?}");
        }
    }
}
