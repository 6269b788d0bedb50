//! The mock shell of the book's terminal: a simulated interactive bash on
//! a virtual filesystem, into which the Slurm tools plug as commands. Pure:
//! the clock is a value the caller sets, nothing blocks, and every input,
//! however malformed, ends in bash's message rather than a panic.
//!
//! The steps, one submodule each:
//! 1. `lex` and `parse`: a line (and the lines after it, for quotes,
//!    continuations and here-documents) to commands, with bash's syntax
//!    errors ([`SyntaxError`]) and honest refusals of what this shell does
//!    not run (`$(...)`, loops, subshells).
//! 2. `expand`: variables, `~`, field splitting and `*` globs.
//! 3. `state` and `exec`: the [`Shell`] with its entry points and the
//!    [`Outcome`] the terminal shows; the executor of pipelines, lists and
//!    redirections.
//! 4. `builtins`, `tools` (with `regex` for grep, `args` for options,
//!    `time` for dates, `escape` for `echo -e`): the commands it knows.
//! 5. `command`: the [`CommandSet`] trait through which other layers add
//!    commands, and the [`Call`] each command runs with.
//! 6. `fs`: the virtual filesystem ([`Fs`]).
//! 7. `complete`: tab completion ([`Shell::complete`]).
//!
//! A terminal drives it like this:
//!
//! ```
//! use gpu_book::sim::slurm::shell::{NoCommands, Shell};
//!
//! # fn main() -> Result<(), gpu_book::sim::slurm::shell::ShellError> {
//! let mut shell = Shell::new("ada", "login1", 1_700_000_000)?;
//! let first = shell.run("cat > hello.txt <<EOF", &mut NoCommands);
//! assert!(first.needs_more);
//! assert_eq!(shell.prompt(), "> ");
//! shell.run("Hello, $USER", &mut NoCommands);
//! shell.run("EOF", &mut NoCommands);
//! let out = shell.run("grep -c Hello hello.txt && ls", &mut NoCommands);
//! assert_eq!(out.transcript(), "1\nhello.txt\n");
//! # Ok(())
//! # }
//! ```

mod args;
mod background;
mod builtins;
mod command;
mod complete;
mod cond;
mod escape;
mod exec;
mod expand;
mod find;
mod fs;
mod help;
mod lex;
mod lookup;
mod origin;
mod parse;
mod regex;
#[cfg(test)]
mod script_tests;
mod signals;
mod state;
mod sudo;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod text_tests;
mod time;
mod timed;
mod timeout;
#[cfg(test)]
mod timeout_tests;
mod tools;
mod xargs;

pub use command::{Call, Chunk, CommandInfo, CommandSet, MAX_OUTPUT, NoCommands, Output, Stream};
pub use complete::Completion;
pub(crate) use fs::parent;
pub use fs::{
    Change, DEV_NULL, Fs, FsError, Kind, MAX_BYTES, MAX_ENTRIES, MAX_NAME, MAX_PATH, Meta,
    WriteMode, home_of,
};
pub use help::{CLUSTER_HEADING, HelpText, INTRO, SHELL_HEADING, shell_commands};
pub use origin::Origin;
pub use parse::{ErrorKind, SyntaxError};
pub use state::{HISTORY_SIZE, MAX_INPUT, Outcome, Shell, ShellError};

/// The simulated time `now` (seconds since 1970, UTC) through a `date`
/// format, e.g. `%F %T` for `2026-11-30 03:32:06`.
pub fn format_time(now: u64, format: &str) -> String {
    time::DateTime::from_epoch(now).format(format)
}

/// Whether the shell runs `name` itself (a builtin, `sudo`, or one of its
/// tools), before any [`CommandSet`] is asked.
pub fn is_shell_command(name: &str) -> bool {
    builtins::find(name).is_some() || is_tool(name) || name == "sudo"
}

/// Whether `name` is one of the shell's programs (`env`, `printenv`,
/// `cat`, ...), not a builtin.
pub fn is_tool(name: &str) -> bool {
    tools::find(name).is_some()
}

/// Runs the shell's program that `call` names (its `--help` and
/// `--version` included) and gives its status; `None` when it names none.
pub fn run_tool(call: &mut Call<'_>) -> Option<i32> {
    let tool = tools::find(call.name())?;
    Some(match tools::gnu_info(tool, call.args()) {
        Some(text) => {
            call.out.stdout(&text);
            0
        }
        None => (tool.run)(call),
    })
}
