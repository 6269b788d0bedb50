//! The terminal in front of the shell: its scrollback, the history that the
//! arrow keys walk, tab completion applied to the input line, Ctrl+C and
//! Ctrl+L. Pure, so the terminal's behaviour is tested natively; the
//! widget only draws it and forwards keys.

use serde::{Deserialize, Serialize};

use super::shell::{CommandSet, Outcome, Shell, Stream};

/// Lines of scrollback kept; older ones scroll away.
pub const MAX_LINES: usize = 5_000;

/// What a scrollback line is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum LineKind {
    /// The prompt and what the reader typed.
    Input,
    /// Standard output.
    Stdout,
    /// Standard error.
    Stderr,
}

/// One line of scrollback.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TermLine {
    /// Input, output or error.
    pub kind: LineKind,
    /// The text, without its newline.
    pub text: String,
}

/// The input line after a key: its text and where the cursor goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    /// The new input line.
    pub line: String,
    /// The cursor, as a byte offset into `line`.
    pub cursor: usize,
}

/// A terminal: the shell, the commands plugged into it and the screen.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Terminal {
    /// The shell behind the prompt.
    pub shell: Shell,
    lines: Vec<TermLine>,
    /// The last line was written without its newline.
    open: bool,
    /// Position in the history while the arrows walk it (`None`: editing
    /// a new line), and the new line put aside meanwhile.
    #[serde(skip)]
    walk: Option<(usize, String)>,
    /// Counts changes of the screen, so a view redraws only when it changed.
    #[serde(skip)]
    generation: u64,
}

impl Terminal {
    /// A terminal on `shell` with an empty screen.
    pub fn new(shell: Shell) -> Self {
        Self {
            shell,
            lines: Vec::new(),
            open: false,
            walk: None,
            generation: 0,
        }
    }

    /// A number that changes whenever the screen does.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The scrollback, oldest first.
    pub fn lines(&self) -> &[TermLine] {
        &self.lines
    }

    /// The prompt to show before the input line.
    pub fn prompt(&self) -> String {
        self.shell.prompt()
    }

    /// Writes text to the screen, line by line.
    pub fn write(&mut self, kind: LineKind, text: &str) {
        self.generation += 1;
        for (i, piece) in text.split('\n').enumerate() {
            let continues = i == 0 && self.open;
            if continues {
                if let Some(last) = self.lines.last_mut() {
                    last.text.push_str(piece);
                }
            } else {
                self.lines.push(TermLine {
                    kind,
                    text: piece.to_owned(),
                });
            }
        }
        // Text ending in a newline leaves an empty piece: the line is closed.
        self.open = !text.ends_with('\n');
        if !self.open {
            self.lines.pop();
        }
        if self.lines.len() > MAX_LINES {
            let extra = self.lines.len() - MAX_LINES;
            self.lines.drain(..extra);
        }
    }

    /// What the last entered line printed, a newline after each line.
    pub fn last_output(&self) -> String {
        let from = self
            .lines
            .iter()
            .rposition(|l| l.kind == LineKind::Input)
            .map_or(0, |i| i + 1);
        self.output_from(from)
    }

    /// What the input line at `index` of the scrollback printed: the lines
    /// after it up to the next input line, a newline after each.
    pub fn output_of(&self, index: usize) -> String {
        self.output_from(index + 1)
    }

    fn output_from(&self, from: usize) -> String {
        self.lines
            .iter()
            .skip(from)
            .take_while(|l| l.kind != LineKind::Input)
            .map(|l| format!("{}\n", l.text))
            .collect()
    }

    /// Runs one input line: echoes it after the prompt, runs it and shows
    /// what it printed (clearing the screen first for `clear`).
    pub fn submit(&mut self, line: &str, commands: &mut dyn CommandSet) -> Outcome {
        self.walk = None;
        let echo = format!("{}{line}\n", self.prompt());
        self.close_line();
        self.write(LineKind::Input, &echo);
        let outcome = self.shell.run(line, commands);
        if outcome.clear {
            self.clear();
        }
        for chunk in &outcome.output {
            let kind = match chunk.stream {
                Stream::Stdout => LineKind::Stdout,
                Stream::Stderr => LineKind::Stderr,
            };
            self.write(kind, &chunk.text);
        }
        outcome
    }

    /// Ctrl+C: shows the abandoned line with `^C` and drops any unfinished
    /// command.
    pub fn interrupt(&mut self, current: &str) -> Outcome {
        self.walk = None;
        let echo = format!("{}{current}^C\n", self.prompt());
        self.close_line();
        self.write(LineKind::Input, &echo);
        self.shell.cancel()
    }

    /// Ctrl+L or `clear`: an empty screen.
    pub fn clear(&mut self) {
        self.generation += 1;
        self.lines.clear();
        self.open = false;
    }

    /// Ends a line left open by output without a final newline, so the
    /// next prompt starts on its own line.
    fn close_line(&mut self) {
        self.open = false;
    }

    /// Arrow up: the previous history entry, keeping `current` to come back to.
    pub fn history_prev(&mut self, current: &str) -> Option<String> {
        let history = self.shell.history();
        let index = match &self.walk {
            None => history.len().checked_sub(1)?,
            Some((i, _)) => i.checked_sub(1)?,
        };
        let draft = match self.walk.take() {
            None => current.to_owned(),
            Some((_, draft)) => draft,
        };
        let entry = history.get(index)?.clone();
        self.walk = Some((index, draft));
        Some(entry)
    }

    /// Arrow down: the next history entry, or the line put aside.
    pub fn history_next(&mut self) -> Option<String> {
        let (index, draft) = self.walk.take()?;
        let history = self.shell.history();
        match history.get(index + 1) {
            Some(entry) => {
                let entry = entry.clone();
                self.walk = Some((index + 1, draft));
                Some(entry)
            }
            None => Some(draft),
        }
    }

    /// Tab: completes the word before `cursor`. One candidate replaces the
    /// word (with a space after it, unless it is a directory); several
    /// fill in what they share, and when they share nothing more they are
    /// listed below the line, as bash lists them on a second Tab.
    pub fn complete(&mut self, line: &str, cursor: usize, commands: &dyn CommandSet) -> Edit {
        let cursor = floor_char_boundary(line, cursor);
        let completion = self.shell.complete(line, cursor, commands);
        let start = floor_char_boundary(line, completion.start.min(cursor));
        let word = &line[start..cursor];
        let replacement = match completion.candidates.as_slice() {
            [] => None,
            [only] if only.ends_with('/') => Some(only.clone()),
            [only] => Some(format!("{only} ")),
            many => {
                let shared = common_prefix(many);
                if shared.len() > word.len() {
                    Some(shared)
                } else {
                    let echo = format!("{}{line}\n", self.prompt());
                    self.close_line();
                    self.write(LineKind::Input, &echo);
                    self.write(LineKind::Stdout, &format!("{}\n", many.join("  ")));
                    None
                }
            }
        };
        match replacement {
            Some(text) => Edit {
                line: format!("{}{text}{}", &line[..start], &line[cursor..]),
                cursor: start + text.len(),
            },
            None => Edit {
                line: line.to_owned(),
                cursor,
            },
        }
    }
}

/// The longest prefix all `words` share, on character boundaries.
fn common_prefix(words: &[String]) -> String {
    let Some(first) = words.first() else {
        return String::new();
    };
    let mut end = first.len();
    for word in &words[1..] {
        end = first
            .char_indices()
            .zip(word.chars())
            .find(|((_, a), b)| a != b)
            .map_or(end.min(word.len()), |((i, _), _)| i.min(end));
    }
    first[..floor_char_boundary(first, end)].to_owned()
}

/// The largest character boundary of `text` at or below `index`.
fn floor_char_boundary(text: &str, index: usize) -> usize {
    let mut i = index.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::slurm::shell::NoCommands;

    fn terminal() -> Terminal {
        match Shell::new("alice", "login1", 1_795_000_000) {
            Ok(shell) => Terminal::new(shell),
            Err(e) => panic!("{e}"),
        }
    }

    fn texts(t: &Terminal) -> Vec<(LineKind, &str)> {
        t.lines()
            .iter()
            .map(|l| (l.kind, l.text.as_str()))
            .collect()
    }

    #[test]
    fn echoes_runs_and_separates_the_streams() {
        let mut t = terminal();
        t.submit("echo hi; cat nope", &mut NoCommands);
        assert_eq!(
            texts(&t),
            [
                (LineKind::Input, "alice@login1:~$ echo hi; cat nope"),
                (LineKind::Stdout, "hi"),
                (LineKind::Stderr, "cat: nope: No such file or directory"),
            ]
        );
        t.submit("echo -n partial", &mut NoCommands);
        t.submit("true", &mut NoCommands);
        assert_eq!(t.lines()[3].text, "alice@login1:~$ echo -n partial");
        assert_eq!(t.lines()[4].text, "partial");
        assert_eq!(t.lines()[5].text, "alice@login1:~$ true");
        t.submit("clear", &mut NoCommands);
        assert!(t.lines().is_empty());
    }

    #[test]
    fn each_command_s_output_can_be_taken_and_the_screen_counts_its_changes() {
        let mut t = terminal();
        let fresh = t.generation();
        t.submit("echo one; echo two >&2", &mut NoCommands);
        t.submit("true", &mut NoCommands);
        t.submit("echo three", &mut NoCommands);
        assert_eq!(
            t.output_of(0),
            "one\ntwo\n",
            "both streams, up to the next command"
        );
        assert_eq!(t.output_of(3), "", "a command that printed nothing");
        assert_eq!(t.output_of(4), "three\n");
        assert_eq!(t.last_output(), "three\n");
        assert_eq!(t.output_of(99), "");
        let drawn = t.generation();
        assert!(drawn > fresh);
        t.history_prev("");
        assert_eq!(t.generation(), drawn, "walking the history changes no line");
        t.clear();
        assert!(t.generation() > drawn);
    }

    #[test]
    fn continuation_and_interrupt() {
        let mut t = terminal();
        let out = t.submit("echo 'open", &mut NoCommands);
        assert!(out.needs_more);
        assert_eq!(t.prompt(), "> ");
        let out = t.interrupt("more");
        assert_eq!(out.status, 130);
        assert_eq!(t.lines().last().map(|l| l.text.as_str()), Some("> more^C"));
        assert_eq!(t.prompt(), "alice@login1:~$ ");
        t.submit("echo $?", &mut NoCommands);
        assert_eq!(t.lines().last().map(|l| l.text.as_str()), Some("130"));
    }

    #[test]
    fn arrows_walk_the_history_and_come_back() {
        let mut t = terminal();
        for line in ["echo one", "echo two"] {
            t.submit(line, &mut NoCommands);
        }
        assert_eq!(t.history_prev("draft").as_deref(), Some("echo two"));
        assert_eq!(t.history_prev("ignored").as_deref(), Some("echo one"));
        assert_eq!(t.history_prev("x"), None);
        assert_eq!(t.history_next().as_deref(), Some("echo two"));
        assert_eq!(t.history_next().as_deref(), Some("draft"));
        assert_eq!(t.history_next(), None);
    }

    #[test]
    fn tab_completes_one_extends_many_lists_them() {
        let mut t = terminal();
        t.submit("touch report.txt readme.md", &mut NoCommands);
        let one = t.complete("cat rep", 7, &NoCommands);
        assert_eq!(one.line, "cat report.txt ");
        assert_eq!(one.cursor, one.line.len());
        let before = t.lines().len();
        let many = t.complete("cat re", 6, &NoCommands);
        assert_eq!(many.line, "cat re");
        assert_eq!(t.lines().len(), before + 2, "the candidates are listed");
        assert_eq!(
            t.lines().last().map(|l| l.text.as_str()),
            Some("readme.md  report.txt")
        );
        assert_eq!(common_prefix(&["añb".into(), "añc".into()]), "añ");
        let odd = t.complete("é", 1, &NoCommands);
        assert!(odd.cursor <= odd.line.len());
    }

    #[test]
    fn scrollback_is_bounded() {
        let mut t = terminal();
        for _ in 0..(MAX_LINES / 100 + 2) {
            t.write(LineKind::Stdout, &"x\n".repeat(100));
        }
        assert_eq!(t.lines().len(), MAX_LINES);
    }
}
