//! What a command sees and what it gives back: the [`Call`] a command runs
//! with (its arguments, standard input, environment and the filesystem),
//! the [`Output`] it writes to, and the [`CommandSet`] trait through which a
//! layer above the shell (the Slurm tools) plugs in its own commands.

use crate::sorted::SortedMap;

use serde::{Deserialize, Serialize};

use super::fs::{Fs, FsError, Meta};

/// The most bytes one [`Output`] keeps; the rest is dropped and the output
/// marked truncated. Bounds what a command line can print or pipe.
pub const MAX_OUTPUT: usize = 1 << 20;

/// Which stream a piece of output went to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stream {
    /// Standard output (file descriptor 1).
    Stdout,
    /// Standard error (file descriptor 2).
    Stderr,
}

/// A run of output on one stream.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chunk {
    /// The stream it was written to.
    pub stream: Stream,
    /// What was written.
    pub text: String,
    /// The simulated time it was written, where the writer keeps one (a
    /// batch script's output is timed; 0 otherwise).
    #[serde(default)]
    pub at: u64,
}

/// Output in the order it was written, both streams interleaved, at most
/// [`MAX_OUTPUT`] bytes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Output {
    chunks: Vec<Chunk>,
    len: usize,
    truncated: bool,
    /// The time stamped on what is written from now on.
    at: u64,
}

impl Output {
    /// Nothing written yet.
    pub fn new() -> Output {
        Output::default()
    }

    /// Writes `text` to standard output.
    pub fn stdout(&mut self, text: &str) {
        self.push(Stream::Stdout, text);
    }

    /// Writes `text` to standard error.
    pub fn stderr(&mut self, text: &str) {
        self.push(Stream::Stderr, text);
    }

    /// Stamps what is written from now on with the simulated time `at`.
    pub fn set_time(&mut self, at: u64) {
        self.at = at;
    }

    /// Writes `text` to `stream`, keeping what fits under [`MAX_OUTPUT`].
    pub fn push(&mut self, stream: Stream, text: &str) {
        let room = MAX_OUTPUT - self.len;
        let text = if text.len() > room {
            self.truncated = true;
            let mut end = room;
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            &text[..end]
        } else {
            text
        };
        if text.is_empty() {
            return;
        }
        self.len += text.len();
        match self.chunks.last_mut() {
            Some(last) if last.stream == stream && last.at == self.at => last.text.push_str(text),
            _ => self.chunks.push(Chunk {
                stream,
                text: text.to_owned(),
                at: self.at,
            }),
        }
    }

    /// Where the output has reached: the last chunk and its length.
    pub(super) fn mark(&self) -> (usize, usize) {
        let last = self.chunks.last().map_or(0, |c| c.text.len());
        (self.chunks.len().saturating_sub(1), last)
    }

    /// Starts each line of standard error written since `mark` that
    /// begins `bash: ` with `prefix` instead.
    pub(super) fn restart_messages(&mut self, (first, from): (usize, usize), prefix: &str) {
        for (i, chunk) in self.chunks.iter_mut().enumerate().skip(first) {
            let start = if i == first { from } else { 0 };
            let Some(tail) = chunk.text.get(start..) else {
                continue;
            };
            if chunk.stream != Stream::Stderr || !tail.contains("bash: ") {
                continue;
            }
            let mut text = chunk.text[..start].to_owned();
            for line in tail.split_inclusive('\n') {
                match line.strip_prefix("bash: ") {
                    Some(rest) => text.extend([prefix, rest]),
                    None => text.push_str(line),
                }
            }
            self.len = (self.len + text.len()).saturating_sub(chunk.text.len());
            chunk.text = text;
        }
    }

    /// The chunks written so far.
    pub fn chunks(&self) -> &[Chunk] {
        &self.chunks
    }

    /// The chunks, consuming the output.
    pub fn into_chunks(self) -> Vec<Chunk> {
        self.chunks
    }

    /// Whether some output was dropped at the cap.
    pub fn is_truncated(&self) -> bool {
        self.truncated
    }

    /// Everything written to `stream`, concatenated.
    pub fn text(&self, stream: Stream) -> String {
        self.chunks
            .iter()
            .filter(|c| c.stream == stream)
            .map(|c| c.text.as_str())
            .collect()
    }

    /// Drops everything written so far (the terminal was cleared).
    pub fn clear(&mut self) {
        *self = Output {
            at: self.at,
            ..Output::default()
        };
    }
}

/// One run of a command: everything it may read and the places it writes.
#[derive(Debug)]
pub struct Call<'a> {
    /// The words of the command line after expansion; `argv[0]` is the
    /// command's name.
    pub argv: &'a [String],
    /// The program's path, made absolute, when it was called by one
    /// (`/usr/bin/python3`): where a program installed in several
    /// directories was found.
    pub path: Option<&'a str>,
    /// Standard input: the previous command's output in a pipeline, a file
    /// (`< file`), a heredoc, or empty.
    pub stdin: &'a str,
    /// The exported environment, with the command's own `VAR=value`
    /// prefixes.
    pub env: &'a SortedMap<String, String>,
    /// The current directory, canonical.
    pub cwd: &'a str,
    /// The user's login name.
    pub user: &'a str,
    /// The host the shell runs on.
    pub host: &'a str,
    /// The simulated time, in seconds since the Unix epoch.
    pub now: u64,
    /// When a `timeout` around the command kills it (the program's later
    /// lines are never written).
    pub until: Option<u64>,
    /// Whether standard output is the terminal (not a pipe or a file), as
    /// `isatty(1)` tells real tools such as `ls`.
    pub to_terminal: bool,
    /// Whether standard input is the terminal (`isatty(0)`): typed at the
    /// prompt with no pipe or `<`.
    pub tty: bool,
    /// Set by a command that read its input through and would read more
    /// lines typed at the terminal (`scontrol` with no command): while it
    /// stays set, the shell sends it each line typed, after its prompt,
    /// as its input after this text (what brings back its settings).
    pub reads_terminal: Option<String>,
    /// The filesystem.
    pub fs: &'a mut Fs,
    /// Where the command writes.
    pub out: &'a mut Output,
    /// How the shell starts its own messages: `bash: ` at the prompt,
    /// `job.sh: line 4: ` in a script.
    pub shell_prefix: &'a str,
}

impl Call<'_> {
    /// The command's name (`argv[0]`).
    pub fn name(&self) -> &str {
        self.argv.first().map(String::as_str).unwrap_or_default()
    }

    /// The arguments after the name.
    pub fn args(&self) -> &[String] {
        self.argv.get(1..).unwrap_or_default()
    }

    /// bash's answer when it finds no program of the command's name:
    /// `command not found`, status 127.
    pub fn not_found(&mut self) -> i32 {
        let message = format!("{}{}: command not found\n", self.shell_prefix, self.name());
        self.out.stderr(&message);
        127
    }

    /// `path` made absolute and canonical from the current directory.
    pub fn path(&self, path: &str) -> Result<String, FsError> {
        self.fs.resolve(self.cwd, path)
    }

    /// The canonical path of `path` and what is there.
    pub fn stat(&self, path: &str) -> Result<(String, Meta), FsError> {
        let path = self.path(path)?;
        let meta = self.fs.meta(&path).ok_or(FsError::NotFound)?;
        Ok((path, meta))
    }

    /// Writes `<name>: <message>` and a newline to standard error, as every
    /// coreutils tool words its errors.
    pub fn error(&mut self, message: &str) {
        let line = format!("{}: {message}\n", self.name());
        self.out.stderr(&line);
    }
}

/// Whether the environment's locale (`LC_ALL`, else `LC_MESSAGES`, else
/// `LANG`) is a UTF-8 one.
pub(super) fn utf8_locale(env: &SortedMap<String, String>) -> bool {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .find_map(|k| env.get(*k).filter(|v| !v.is_empty()))
        .is_some_and(|v| {
            let v = v.to_ascii_lowercase();
            v.contains("utf-8") || v.contains("utf8")
        })
}

/// `name` quoted as GNU tools quote a value in their messages: `‘x’` in a
/// UTF-8 locale, `'x'` in the C locale.
pub(super) fn locale_quote(name: &str, utf8: bool) -> String {
    if utf8 {
        format!("‘{name}’")
    } else {
        format!("'{name}'")
    }
}

/// A command that a [`CommandSet`] provides, as `help` and tab completion
/// show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommandInfo {
    /// The name typed to run it.
    pub name: String,
    /// One line for `help`.
    pub summary: String,
    /// The options that tab completion offers after the name (`-p`,
    /// `--partition=`).
    pub options: Vec<String>,
}

/// Commands plugged into the shell from outside, such as the Slurm tools.
/// The shell looks a command name up in its own builtins (`cd`, `export`,
/// ...) first, then in the set, then in its own tools (`ls`, `grep`, ...),
/// so a set may stand in for a tool like `hostname`.
pub trait CommandSet {
    /// The commands this set provides.
    fn commands(&self) -> Vec<CommandInfo>;

    /// Whether the set provides `name`.
    fn has(&self, name: &str) -> bool {
        self.commands().iter().any(|c| c.name == name)
    }

    /// `help`'s words in the reader's language, if the set has them.
    fn help_text(&self) -> Option<&super::HelpText> {
        None
    }

    /// Runs the command `call.name()`, one that [`CommandSet::has`]; it
    /// writes to `call.out` and returns its exit status.
    fn run(&mut self, call: &mut Call<'_>) -> i32;
}

/// The empty command set: the shell and its own tools only.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NoCommands;

impl CommandSet for NoCommands {
    fn commands(&self) -> Vec<CommandInfo> {
        Vec::new()
    }

    fn run(&mut self, call: &mut Call<'_>) -> i32 {
        call.error("command not provided");
        127
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn output_merges_runs_and_caps_on_char_boundaries() {
        let mut out = Output::new();
        out.stdout("a");
        out.stdout("b");
        out.stderr("c");
        assert_eq!(out.chunks().len(), 2);
        out.stdout(&"é".repeat(MAX_OUTPUT));
        assert!(out.is_truncated());
        let total: usize = out.chunks().iter().map(|c| c.text.len()).sum();
        assert!(total <= MAX_OUTPUT);
        assert_eq!(out.text(Stream::Stdout).chars().next(), Some('a'));
    }
}
