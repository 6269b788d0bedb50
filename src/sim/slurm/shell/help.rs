//! `help`: the commands this shell knows, each with one line, in the
//! reader's language where the page gives its words ([`HelpText`]); the
//! command line (`slurm-shell`) and a page without them print English.

use serde::{Deserialize, Serialize};

use super::builtins::BUILTINS;
use super::command::Output;
use super::exec::Exec;
use super::tools::TOOLS;

/// What `help` says before its lists.
pub const INTRO: &str = "This is a simulated bash shell. It runs commands, pipelines (a | b), lists\n\
     (a; b, a && b, a || b), redirections (> >> 2> 2>&1 <), here-documents (<<EOF),\n\
     variables ($HOME, ${VAR:-default}, ${f%.*}, ${x/a/b}, ${x:0:4}, $1,\n\
     \"$@\"), arrays (a=(x y), ${a[1]}, \"${a[@]}\"), * and [0-9] globs, {a,b} and {1..5},\n\
     $(command), $((1+2)) and ((i++)), if, for (also for ((i=0; i<4; i++))), while,\n\
     until, case, [[ ]], { }, ( ) and functions (f() { ...; }). In batch scripts and\n\
     job steps, cmd & runs in the background until wait. time cmd says how long\n\
     cmd took on the simulated clock.";
/// The heading of the shell's own commands.
pub const SHELL_HEADING: &str = "Shell commands:";
/// The heading of the commands plugged in (the Slurm tools).
pub const CLUSTER_HEADING: &str = "Cluster commands:";

/// `help`'s words in another language, each by its key ([`HelpText::key`]):
/// `intro`, `shell`, `cluster`, and `cmd-<command>` for each command's
/// line. A key it lacks is said in English.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HelpText(pub Vec<(String, String)>);

impl HelpText {
    /// The key of `command`'s line: `cmd-<command>`, with the names that
    /// are punctuation spelled out (`cmd-dot`, `cmd-colon`, `cmd-bracket`),
    /// as message ids must be words.
    pub fn key(command: &str) -> String {
        let word = match command {
            "." => "dot",
            ":" => "colon",
            "[" => "bracket",
            other => other,
        };
        format!("cmd-{word}")
    }

    /// The words for `key`, or `english`.
    fn say<'a>(&'a self, key: &str, english: &'a str) -> &'a str {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .map_or(english, |(_, text)| text.as_str())
    }
}

/// The shell's own commands with their English lines, sorted by name.
pub fn shell_commands() -> Vec<(&'static str, &'static str)> {
    let mut rows: Vec<(&str, &str)> = BUILTINS
        .iter()
        .map(|b| (b.name, b.summary))
        .chain(TOOLS.iter().map(|t| (t.name, t.summary)))
        .chain(super::lookup::RUNNERS)
        .collect();
    crate::sort::sort(&mut rows);
    rows
}

/// `help`.
pub(super) fn run(exec: &mut Exec<'_>, _: &[String], out: &mut Output) -> i32 {
    let rows = shell_commands();
    let plugged = exec.commands.commands();
    let words = exec.commands.help_text().cloned().unwrap_or_default();
    let width = rows
        .iter()
        .map(|(n, _)| n.len())
        .chain(plugged.iter().map(|c| c.name.len()))
        .max()
        .unwrap_or(0);
    let mut text = format!(
        "{}\n\n{}\n",
        words.say("intro", INTRO),
        words.say("shell", SHELL_HEADING)
    );
    let line = |name: &str, summary: &str| {
        let summary = words.say(&HelpText::key(name), summary);
        format!("  {name:<width$}  {summary}\n")
    };
    for (name, summary) in &rows {
        text.push_str(&line(name, summary));
    }
    if !plugged.is_empty() {
        text.push_str(&format!("\n{}\n", words.say("cluster", CLUSTER_HEADING)));
        for c in &plugged {
            text.push_str(&line(&c.name, &c.summary));
        }
    }
    out.stdout(&text);
    0
}
