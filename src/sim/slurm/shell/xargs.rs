//! `xargs`: runs a command (`echo` by default) with the words of standard
//! input appended, through the shell's own dispatch, so that
//! `squeue -h -o %i | xargs scancel` reaches the cluster's `scancel`.
//! Simulated: `-n N` (words a run), `-I R` (one run a line, `R` replaced
//! by it), `-r` (no run for empty input), quotes and backslashes in the
//! input, and GNU's messages and exit statuses (123, 124, 127).

use super::command::Output;
use super::exec::{Exec, Input};
use crate::sim::slurm::getopt::{self, HasArg, Opt, Order};

/// xargs's line in `help`.
pub(super) const SUMMARY: &str =
    "run a command with the words of standard input as arguments (-n N, -I {}, -r)";

/// The options this model reads.
const OPTIONS: [Opt<char>; 3] = [
    getopt::opt('n', Some('n'), &["max-args"], HasArg::Required),
    getopt::opt('I', Some('I'), &[], HasArg::Required),
    getopt::opt('r', Some('r'), &["no-run-if-empty"], HasArg::No),
];

/// The most runs of the command one xargs makes.
const MAX_RUNS: usize = 10_000;

/// The words of `text` as xargs reads them: split at blanks and newlines,
/// with quotes and backslashes; or the quote left open.
fn words(text: &str) -> Result<Vec<String>, &'static str> {
    let (mut words, mut word, mut started) = (Vec::new(), String::new(), false);
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {
                started = true;
                loop {
                    match chars.next() {
                        Some(q) if q == c => break,
                        Some('\n') | None if c == '\'' => return Err("single"),
                        Some('\n') | None => return Err("double"),
                        Some(other) => word.push(other),
                    }
                }
            }
            '\\' => {
                started = true;
                word.extend(chars.next());
            }
            c if c.is_ascii_whitespace() => {
                if std::mem::take(&mut started) {
                    words.push(std::mem::take(&mut word));
                }
            }
            c => {
                started = true;
                word.push(c);
            }
        }
    }
    if started {
        words.push(word);
    }
    Ok(words)
}

impl Exec<'_> {
    /// Runs `xargs` with `argv` (its own name first).
    pub(super) fn xargs(
        &mut self,
        argv: &[String],
        stdin: &str,
        to_terminal: bool,
        out: &mut Output,
    ) -> i32 {
        let usage = |out: &mut Output, message: &str| {
            out.stderr(&format!(
                "xargs: {message}\nTry 'xargs --help' for more information.\n"
            ));
            1
        };
        let parsed = match getopt::parse(&argv[1..], &OPTIONS, Order::StopAtOperand) {
            Ok(p) => p,
            Err(e) => return usage(out, &e.to_string()),
        };
        let per_run = match parsed.value('n').map(str::parse::<usize>) {
            None => usize::MAX,
            Some(Ok(0)) => return usage(out, "value 0 for -n option should be >= 1"),
            Some(Ok(n)) => n,
            Some(Err(_)) => {
                let value = parsed.value('n').unwrap_or_default();
                return usage(out, &format!("invalid number \"{value}\" for -n option"));
            }
        };
        let command = if parsed.operands.is_empty() {
            vec!["echo".to_owned()]
        } else {
            parsed.operands.clone()
        };
        let name = command[0].as_str();
        if !self.runs(name) {
            out.stderr(&format!("xargs: {name}: No such file or directory\n"));
            return 127;
        }
        let runs: Vec<Vec<String>> = if let Some(marker) = parsed.value('I') {
            let lines = stdin.lines().map(|l| l.trim_start_matches([' ', '\t']));
            lines
                .filter(|l| !l.is_empty())
                .map(|line| command.iter().map(|a| a.replace(marker, line)).collect())
                .collect()
        } else {
            let words = match words(stdin) {
                Ok(w) => w,
                Err(quote) => {
                    out.stderr(&format!("xargs: unmatched {quote} quote; by default quotes are special to xargs unless you use the -0 option\n"));
                    return 1;
                }
            };
            if words.is_empty() {
                if parsed.has('r') {
                    vec![]
                } else {
                    vec![command.clone()]
                }
            } else {
                words
                    .chunks(per_run)
                    .map(|chunk| command.iter().chain(chunk).cloned().collect())
                    .collect()
            }
        };
        if runs.len() > MAX_RUNS {
            out.stderr(&format!("xargs: this simulated shell runs a command at most {MAX_RUNS} times; use -n with a larger count\n"));
            return 1;
        }
        let mut status = 0;
        for run in &runs {
            if !self.step() {
                return 1;
            }
            match self.dispatch(run, &[], &mut Input::new(String::new()), to_terminal, out) {
                0 => {}
                255 => {
                    out.stderr(&format!(
                        "xargs: {name}: exited with status 255; aborting\n"
                    ));
                    return 124;
                }
                126 | 127 => return 126,
                _ => status = 123,
            }
        }
        status
    }
}
