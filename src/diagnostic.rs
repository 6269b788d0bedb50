//! Problems found in content and locale files, located by path and line.
//! Pure: shared by the content check, the tests and the in-page notices.

use std::fmt;

/// How bad a problem is for readers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Incomplete work that readers survive (a fallback covers it).
    Warning,
    /// Something a reader would meet as broken; the content check fails.
    Error,
}

/// One problem at one place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Path relative to the repository root, e.g. `content/es/running-jobs.md`.
    pub path: String,
    /// 1-based line, or 0 when the problem concerns the whole file.
    pub line: usize,
    /// 1-based column (in characters) on that line, or 0 when not known.
    pub column: usize,
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong, in English (for authors and logs).
    pub message: String,
    /// Problems of one kind in one file share a group (`missing messages
    /// under ar-*`): the check prints the group as one line unless asked
    /// for every one.
    pub group: Option<String>,
}

impl Diagnostic {
    /// An error at `path:line`.
    pub fn error(path: impl Into<String>, line: usize, message: impl fmt::Display) -> Self {
        Self {
            path: path.into(),
            line,
            column: 0,
            severity: Severity::Error,
            message: message.to_string(),
            group: None,
        }
    }

    /// A warning at `path:line`.
    pub fn warning(path: impl Into<String>, line: usize, message: impl fmt::Display) -> Self {
        Self {
            path: path.into(),
            line,
            column: 0,
            severity: Severity::Warning,
            message: message.to_string(),
            group: None,
        }
    }

    /// The same problem, at `column` of its line.
    pub fn at_column(mut self, column: usize) -> Self {
        self.column = column;
        self
    }

    /// The same problem, counted in `group`.
    pub fn grouped(mut self, group: impl Into<String>) -> Self {
        self.group = Some(group.into());
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let level = match self.severity {
            Severity::Warning => "warning",
            Severity::Error => "error",
        };
        if self.line == 0 {
            write!(f, "{}: {level}: {}", self.path, self.message)
        } else if self.column > 0 {
            let (path, line, column) = (&self.path, self.line, self.column);
            write!(f, "{path}:{line}:{column}: {level}: {}", self.message)
        } else {
            write!(f, "{}:{}: {level}: {}", self.path, self.line, self.message)
        }
    }
}

/// 1-based line of a byte offset in `text`.
pub fn line_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    text.as_bytes()[..end]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Lines of one text, for many lookups: [`line_of`] rescans the text on
/// every call, which made rendering a long chapter quadratic.
pub struct LineIndex {
    newlines: Vec<usize>,
}

impl LineIndex {
    /// Finds the line breaks of `text`.
    pub fn new(text: &str) -> Self {
        let newlines = text
            .bytes()
            .enumerate()
            .filter_map(|(i, b)| (b == b'\n').then_some(i))
            .collect();
        Self { newlines }
    }

    /// 1-based line of a byte offset, as [`line_of`] counts it.
    pub fn line(&self, offset: usize) -> usize {
        self.newlines.partition_point(|&nl| nl < offset) + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_count_from_one() {
        let text = "a\nbb\nccc";
        assert_eq!(line_of(text, 0), 1);
        assert_eq!(line_of(text, 2), 2);
        assert_eq!(line_of(text, 5), 3);
        assert_eq!(line_of(text, 999), 3);
    }

    #[test]
    fn the_index_counts_as_line_of_does() {
        let text = "a\nbb\n\nccc\n";
        let index = LineIndex::new(text);
        for offset in 0..text.len() + 3 {
            assert_eq!(index.line(offset), line_of(text, offset), "{offset}");
        }
    }

    #[test]
    fn display_names_path_and_line() {
        let d = Diagnostic::error("content/en/x.md", 3, "bad");
        assert_eq!(d.to_string(), "content/en/x.md:3: error: bad");
        let w = Diagnostic::warning("locales/es/ui.ftl", 0, "missing");
        assert_eq!(w.to_string(), "locales/es/ui.ftl: warning: missing");
        let c = Diagnostic::warning("locales/es/ui.ftl", 4, "key").at_column(5);
        assert_eq!(c.to_string(), "locales/es/ui.ftl:4:5: warning: key");
    }
}
