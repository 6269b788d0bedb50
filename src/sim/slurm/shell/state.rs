//! The shell's state ([`Shell`]: user, directory, variables, functions,
//! positional parameters, `set` options, files, history, clock) and its
//! entry points: [`Shell::run`] for a line typed at
//! the prompt, [`Shell::run_script`] for a whole script, and what they give
//! back ([`Outcome`]). Plain data, serializable so a lab can be saved.
//!
//! The steps of one [`Shell::run`]:
//! 1. Add the line to the input not yet run (an unfinished command from
//!    earlier lines, if any).
//! 2. Hand it to the executor (`exec`), which runs each complete command as
//!    soon as it is parsed, as bash does with a pasted script.
//! 3. Keep what is left unfinished for the next line and say so in the
//!    [`Outcome`] (bash's `> ` prompt).
//!
//! Each call runs at most `exec::MAX_STEPS` commands; past that it stops
//! with a message and status 1, so an endless loop ends the call, not the
//! page. `set -e` ends scripts, subshells and `bash -c`, never the prompt.

use std::cell::{Cell, RefCell};

use crate::sorted::SortedMap;

use serde::{Deserialize, Serialize};

use super::background::Children;
use super::command::{Chunk, CommandSet, Output, Stream};
use super::exec::{Exec, Input};
use super::expand::arith::Vars;
use super::expand::{Expander, MAX_EXPANSION, Random, SHELL_PID, Var};
use super::fs::{Fs, Kind};
use super::lex::is_name;
use super::origin::Origin;

/// The most bytes of input kept while a command is unfinished.
pub const MAX_INPUT: usize = 1 << 20;

/// How many history entries are kept (bash's `HISTSIZE`).
pub const HISTORY_SIZE: usize = 1000;

/// The `PATH` bash gives itself when it inherits none (its
/// `DEFAULT_PATH_VALUE`).
const DEFAULT_PATH: &str = "/usr/local/bin:/usr/local/sbin:/usr/bin:/usr/sbin:/bin:/sbin:.";

/// How bash's message for a read-only variable ends, after its name.
pub(super) const READONLY: &str = ": readonly variable";

/// Why a shell could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShellError {
    /// The user name is not a usable file name (empty, `.`, `..`, or with
    /// `/`, whitespace or control characters).
    #[error("invalid user name {0:?}")]
    UserName(String),
    /// The host name is empty or has whitespace or control characters.
    #[error("invalid host name {0:?}")]
    HostName(String),
    /// A variable name that is not `[A-Za-z_][A-Za-z0-9_]*`.
    #[error("invalid variable name {0:?}")]
    VarName(String),
}

/// The state of a simulated interactive bash: plain data, serializable so
/// a lab's progress can be saved.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Shell {
    pub(super) user: String,
    pub(super) host: String,
    pub(super) cwd: String,
    pub(super) vars: SortedMap<String, Var>,
    pub(super) fs: Fs,
    pub(super) status: i32,
    pub(super) history: Vec<String>,
    /// How many entries were dropped from the front of `history`, so the
    /// numbers `history` prints keep counting.
    pub(super) history_dropped: usize,
    pub(super) now: u64,
    /// The hosts `ssh` logged in from, innermost last: `exit` goes back.
    #[serde(default)]
    pub(super) logins: Vec<String>,
    /// The commands the login's sudoers entry lets the user run as root
    /// without a password (none: not in the sudoers file).
    #[serde(default)]
    pub(super) sudo_commands: Vec<String>,
    /// Input of an unfinished command, waiting for more lines.
    #[serde(skip)]
    pub(super) pending: String,
    /// When the shell is killed (a batch job's time limit): no command
    /// starts at or after it.
    #[serde(default)]
    pub(super) deadline: Option<u64>,
    /// A batch job's time limit, as slurmstepd enforces it: SIGTERM at
    /// this time, SIGKILL so many seconds (`KillWait`) later.
    #[serde(default)]
    pub(super) time_limit: Option<(u64, u64)>,
    /// The time limit's SIGTERM has reached the shell.
    #[serde(default)]
    pub(super) terminated: bool,
    /// The signal slurmstepd sends this batch shell alone before its time
    /// limit (`sbatch --signal=B:USR1@300`): when, and which. Taken when
    /// it arrives; subshells and child shells do not get it.
    #[serde(default)]
    pub(super) warning: Option<(u64, u8)>,
    /// The signal that ended the shell, if one did, with `$?` when it
    /// came (what its `EXIT` trap sees).
    #[serde(default)]
    pub(super) killed_by: Option<(u8, i32)>,
    /// Shells started inside this one (salloc's), innermost last.
    #[serde(default)]
    pub(super) nested: Vec<Nested>,
    /// The functions defined, by name: each body's source text.
    #[serde(default)]
    pub(super) functions: SortedMap<String, String>,
    /// The traps set (`trap 'rm -f $tmp' EXIT`), by condition
    /// ([`super::builtins::trap`]'s numbering); an empty action ignores.
    #[serde(default, skip_serializing_if = "SortedMap::is_empty")]
    pub(super) traps: SortedMap<u8, String>,
    /// Where `getopts` stands between calls.
    #[serde(default)]
    pub(super) getopts: super::builtins::getopts::Place,
    /// The line each function's body starts on where it was defined:
    /// only a script's messages show it, so it is not saved.
    #[serde(skip)]
    pub(super) function_lines: SortedMap<String, usize>,
    /// `$LINENO`: the line of the command running (at the prompt, how
    /// many lines were entered); set as each command starts.
    #[serde(skip)]
    pub(super) lineno: usize,
    /// When `$SECONDS` counts from: the shell's start, moved by an
    /// assignment to it; none once it is unset.
    #[serde(default)]
    pub(super) seconds_from: Option<u64>,
    /// The aliases defined (`alias ll='ls -l'`), by name.
    #[serde(default)]
    pub(super) aliases: SortedMap<String, String>,
    /// The programs found along `PATH` (bash's `hash`).
    #[serde(default)]
    pub(super) hashed: super::lookup::Hashed,
    /// `$0`: the script's name, or `bash` (when empty).
    #[serde(default)]
    pub(super) arg0: String,
    /// The positional parameters `$1`, `$2`...
    #[serde(default)]
    pub(super) args: Vec<String>,
    /// The options `set` changes.
    #[serde(default)]
    pub(super) options: Options,
    /// A program reading the lines typed (`scontrol` with no command): its
    /// command line. Each line goes to it as its input until it stops
    /// asking for more (`quit`); its name is the prompt.
    #[serde(default)]
    pub(super) reader: Option<Vec<String>>,
    /// What the reading program gets before each line: the lines that
    /// bring back the settings its earlier lines made, as it runs anew
    /// for each line.
    #[serde(default)]
    pub(super) reader_input: String,
    /// The line the reading program was given last: `!!` gives it again,
    /// as its `_get_command` would, were it not run anew for each line.
    #[serde(default)]
    pub(super) reader_last: String,
    /// Background children (`cmd &`) not yet waited for: only a job's
    /// shell has them, and only while its script runs.
    #[serde(skip)]
    pub(super) children: Children,
    /// The directories `pushd` saved, the latest first (after the
    /// current one, entry 0 of `dirs`).
    #[serde(default)]
    pub(super) dir_stack: Vec<String>,
    /// The user's uid, for `$UID` and `$EUID` (none until the user
    /// database gives it: [`Shell::set_uid`]).
    #[serde(default)]
    pub(super) uid: Option<u32>,
    /// Its process id, `$$` (none: [`SHELL_PID`]); a
    /// step's task gets its own ([`Shell::set_pid`]).
    #[serde(default)]
    pub(super) pid: Option<u32>,
    /// The state behind `$RANDOM`, which moves on at each expansion.
    #[serde(skip)]
    pub(super) random: Random,
}

/// The options of `set` this shell knows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Options {
    /// `set -e`: a failing command ends a script.
    pub(super) errexit: bool,
    /// `set -u`: expanding an unset variable is an error.
    pub(super) nounset: bool,
    /// `set -o pipefail`: a pipeline fails if any of its commands does.
    pub(super) pipefail: bool,
    /// `set -x`: each command is shown on standard error before it runs.
    pub(super) xtrace: bool,
    /// `shopt -s nullglob`: a pattern matching nothing is no word at all.
    #[serde(default)]
    pub(super) nullglob: bool,
    /// `shopt -s failglob`: a pattern matching nothing is an error.
    #[serde(default)]
    pub(super) failglob: bool,
    /// `shopt -s dotglob`: patterns match names starting with `.`.
    #[serde(default)]
    pub(super) dotglob: bool,
}

impl Options {
    /// Turns the `set -o` option `name` on or off; false if unknown.
    pub(super) fn set(&mut self, name: &str, on: bool) -> bool {
        match name {
            "errexit" => self.errexit = on,
            "nounset" => self.nounset = on,
            "pipefail" => self.pipefail = on,
            "xtrace" => self.xtrace = on,
            _ => return false,
        }
        true
    }

    /// The option `set -LETTER` turns on: `-e`, `-u` and `-x`.
    pub(super) fn of_letter(letter: char) -> Option<&'static str> {
        match letter {
            'e' => Some("errexit"),
            'u' => Some("nounset"),
            'x' => Some("xtrace"),
            _ => None,
        }
    }
}

/// A shell started inside the login's (salloc's): what `exit` restores.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(super) struct Nested {
    cwd: String,
    vars: SortedMap<String, Var>,
    /// Who the outer shell runs as (`sudo -i` changes it).
    user: String,
    /// The allocation an interactive `salloc` holds in it, if any.
    #[serde(default)]
    job: Option<u32>,
    /// Whether `exit` says `logout` (a login shell, `sudo -i`).
    #[serde(default)]
    login: bool,
    /// How many `ssh` logins were open when it started: an `exit` closes
    /// the innermost of the two kinds.
    logins: usize,
    /// The host it left (`srun --pty` runs it on a compute node).
    #[serde(default)]
    host: Option<String>,
    /// The outer shell's uid.
    #[serde(default)]
    uid: Option<u32>,
    /// The outer shell's process id.
    #[serde(default)]
    pid: Option<u32>,
}

/// What one call of [`Shell::run`] produced.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// What reached the terminal, standard output and error in order.
    pub output: Vec<Chunk>,
    /// The exit status of the last command (`$?`).
    pub status: i32,
    /// The input ended inside a command: the terminal should show the
    /// continuation prompt (`> `) and send the next line.
    pub needs_more: bool,
    /// `clear` ran: the terminal should clear the screen before showing
    /// `output`.
    pub clear: bool,
    /// Seconds that `sleep` advanced the simulated clock.
    pub slept: u64,
}

impl Outcome {
    /// Everything shown, both streams in order.
    pub fn transcript(&self) -> String {
        self.output.iter().map(|c| c.text.as_str()).collect()
    }

    /// Everything written to `stream`.
    pub fn text(&self, stream: Stream) -> String {
        self.output
            .iter()
            .filter(|c| c.stream == stream)
            .map(|c| c.text.as_str())
            .collect()
    }
}

fn valid_user(user: &str) -> bool {
    !user.is_empty()
        && user != "."
        && user != ".."
        && user.len() <= 32
        && !user.contains(|c: char| c == '/' || c.is_whitespace() || c.is_control())
}

impl Shell {
    /// A fresh login shell for `user` on `host` at simulated time `now`
    /// (seconds since the Unix epoch), in the user's empty home directory.
    pub fn new(user: &str, host: &str, now: u64) -> Result<Shell, ShellError> {
        if !valid_user(user) {
            return Err(ShellError::UserName(user.to_owned()));
        }
        Shell::with_files(user, host, now, Fs::new(user, now))
    }

    /// A login shell for `user` on `host` over the filesystem `fs` (a
    /// compute node sees the login node's shared home), in `fs`'s home.
    pub fn with_files(user: &str, host: &str, now: u64, fs: Fs) -> Result<Shell, ShellError> {
        if !valid_user(user) {
            return Err(ShellError::UserName(user.to_owned()));
        }
        if host.is_empty() || host.contains(|c: char| c.is_whitespace() || c.is_control()) {
            return Err(ShellError::HostName(host.to_owned()));
        }
        let home = fs.home().to_owned();
        let mut shell = Shell {
            user: user.to_owned(),
            host: host.to_owned(),
            cwd: home.clone(),
            vars: SortedMap::new(),
            fs,
            status: 0,
            history: Vec::new(),
            history_dropped: 0,
            now,
            logins: Vec::new(),
            sudo_commands: Vec::new(),
            pending: String::new(),
            deadline: None,
            nested: Vec::new(),
            functions: SortedMap::new(),
            function_lines: SortedMap::new(),
            traps: SortedMap::new(),
            time_limit: None,
            terminated: false,
            warning: None,
            killed_by: None,
            getopts: (1, String::new()),
            lineno: 0,
            seconds_from: Some(now),
            aliases: SortedMap::new(),
            hashed: super::lookup::Hashed::default(),
            arg0: String::new(),
            args: Vec::new(),
            options: Options::default(),
            reader: None,
            reader_input: String::new(),
            reader_last: String::new(),
            children: Children::default(),
            dir_stack: Vec::new(),
            uid: None,
            pid: None,
            // Each shell draws its own numbers, the same for the same start.
            random: Random::new(now as u32),
        };
        let exported = [
            ("HOME", home.as_str()),
            ("USER", user),
            ("LOGNAME", user),
            ("PATH", "/usr/local/bin:/usr/bin:/bin"),
            ("SHELL", "/bin/bash"),
            ("PWD", home.as_str()),
            ("LANG", "C.UTF-8"),
            ("TERM", "xterm-256color"),
        ];
        for (name, value) in exported {
            shell.vars.insert(
                name.to_owned(),
                Var {
                    exported: true,
                    ..Var::scalar(value.to_owned())
                },
            );
        }
        shell
            .vars
            .insert("HOSTNAME".to_owned(), Var::scalar(host.to_owned()));
        Ok(shell)
    }

    /// Runs one line typed at the prompt. If it leaves a command unfinished
    /// (an open quote, a trailing `|` or `\`, a heredoc without its end),
    /// nothing of that command runs yet and [`Outcome::needs_more`] is set:
    /// the next call continues it.
    pub fn run(&mut self, line: &str, commands: &mut dyn CommandSet) -> Outcome {
        if let Some(argv) = self.reader.take() {
            return self.read_line(&argv, line, commands);
        }
        self.reader_last.clear();
        let mut src = std::mem::take(&mut self.pending);
        src.push_str(line);
        src.push('\n');
        let mut exec = Exec::new(self, commands, 0);
        let mut rest = None;
        if src.len() > MAX_INPUT {
            exec.terminal.stderr(&format!(
                "bash: input longer than {MAX_INPUT} bytes: discarded\n"
            ));
            exec.shell.status = 1;
        } else {
            rest = exec.source(&src, true);
        }
        let mut outcome = exec.finish();
        if let Some(pos) = rest {
            self.pending = src[pos..].to_owned();
            outcome.needs_more = true;
        }
        outcome
    }

    /// Gives `line` to the program reading the terminal (`argv`) as its
    /// input; it keeps reading while it asks for more.
    fn read_line(&mut self, argv: &[String], line: &str, commands: &mut dyn CommandSet) -> Outcome {
        self.remember(line);
        if line != "!!" {
            line.clone_into(&mut self.reader_last);
        }
        // The program sets it again if it reads on.
        let settings = std::mem::take(&mut self.reader_input);
        let mut input = Input::new(format!("{settings}{}\n", self.reader_last));
        let mut exec = Exec::new(self, commands, 0);
        exec.tty = true;
        let mut out = Output::new();
        let status = exec.dispatch(argv, &[], &mut input, true, &mut out);
        for chunk in out.into_chunks() {
            exec.terminal.push(chunk.stream, &chunk.text);
        }
        exec.shell.status = status;
        exec.finish()
    }

    /// Runs a whole script, read from `origin`, non-interactively, as
    /// `bash script.sh` would in this shell: nothing is added to the
    /// history, a syntax error ends it, and `exit` ends it. The script
    /// runs in this shell itself (its variables, functions and `set`
    /// options stay), with the positional parameters the shell has.
    pub fn run_script(
        &mut self,
        (script, origin): (&str, Origin),
        commands: &mut dyn CommandSet,
    ) -> Outcome {
        self.run_script_reading((script, origin), "", commands)
    }

    /// [`Shell::run_script`] with `stdin` as the standard input its
    /// commands inherit (`echo a | ssh node-2 wc -l`).
    pub fn run_script_reading(
        &mut self,
        (script, origin): (&str, Origin),
        stdin: &str,
        commands: &mut dyn CommandSet,
    ) -> Outcome {
        let mut exec = Exec::new(self, commands, 1);
        exec.input = Input::new(stdin.to_owned());
        exec.origin = origin;
        let status = exec.script(script);
        let status = exec.finish_script(status);
        let mut outcome = exec.finish();
        outcome.status = status;
        self.status = status;
        outcome
    }

    /// Whether salloc would find `name` to start it, with no shell: a
    /// program along `PATH`, or by its path an executable file.
    pub fn finds_program(&mut self, name: &str, commands: &mut dyn CommandSet) -> bool {
        if !name.contains('/') {
            return Exec::new(self, commands, 0).runs(name);
        }
        let file = self.fs.resolve(&self.cwd, name).ok();
        let meta = file.and_then(|path| self.fs.meta(&path));
        meta.is_some_and(|m| m.kind == Kind::File && m.executable)
            || Exec::new(self, commands, 0).program_at(name).is_some()
    }

    /// Drops an unfinished command, as Ctrl-C does at bash's `> ` prompt.
    pub fn cancel(&mut self) -> Outcome {
        self.pending.clear();
        self.reader = None;
        self.reader_input.clear();
        self.reader_last.clear();
        self.status = 130;
        Outcome {
            status: 130,
            ..Outcome::default()
        }
    }

    /// The prompt to show: Ubuntu's `user@host:~/dir$ ` (`#` for root),
    /// or `> ` while a command is unfinished.
    pub fn prompt(&self) -> String {
        if !self.pending.is_empty() {
            return "> ".to_owned();
        }
        // The program is the last word (`scontrol`, `sudo scontrol`).
        if let Some(program) = self.reader.as_ref().and_then(|argv| argv.last()) {
            return format!("{}: ", program.rsplit('/').next().unwrap_or(program));
        }
        let sign = if self.user == "root" { '#' } else { '$' };
        format!(
            "{}@{}:{}{sign} ",
            self.user,
            self.host,
            self.tilde_path(&self.cwd)
        )
    }

    /// `path` with the home directory written as `~`.
    pub(super) fn tilde_path(&self, path: &str) -> String {
        let home = self.var("HOME").unwrap_or(self.fs.home());
        match path.strip_prefix(home) {
            Some(rest) if rest.is_empty() || rest.starts_with('/') => format!("~{rest}"),
            _ => path.to_owned(),
        }
    }

    /// The user's login name.
    pub fn user(&self) -> &str {
        &self.user
    }

    /// The host name.
    pub fn host(&self) -> &str {
        &self.host
    }

    /// Lets the user run `commands` (by name) as root through `sudo`,
    /// without a password, as a training cluster's sudoers entry does.
    pub fn allow_sudo(&mut self, commands: &[&str]) {
        self.sudo_commands = commands.iter().map(|c| (*c).to_owned()).collect();
    }

    /// An interactive `ssh host`: the shell now runs on `host`, in the
    /// home directory (shared over the network), until `exit` or `logout`
    /// comes back.
    pub fn ssh_login(&mut self, host: &str) {
        let from = std::mem::replace(&mut self.host, host.to_owned());
        self.logins.push(from);
        self.enter_host();
    }

    /// Starts a shell inside this one with `vars` exported, as salloc
    /// starts one holding its allocation; on `host`, if given, as `srun
    /// --pty bash` does, a new process there whose variables are `vars`
    /// alone (what srun passed on). `exit` ends it and gives back this
    /// shell's host, directory and variables.
    pub fn enter_nested(
        &mut self,
        vars: &[(String, String)],
        job: Option<u32>,
        host: Option<&str>,
    ) {
        self.push_nested(job, false);
        if let (Some(host), Some(top)) = (host, self.nested.last_mut()) {
            top.host = Some(std::mem::replace(&mut self.host, host.to_owned()));
            self.vars.clear();
            // bash sets these itself, whatever it inherits.
            let _ = self.set_var("PWD", &self.cwd.clone(), true);
            self.assign("HOSTNAME", host.to_owned());
        }
        for (name, value) in vars {
            // A name no shell can hold is one no command could read.
            let _ = self.set_var(name, value, true);
        }
        if host.is_some() {
            self.default_path();
        }
    }

    /// Saves what a nested shell's `exit` restores.
    fn push_nested(&mut self, job: Option<u32>, login: bool) {
        self.nested.push(Nested {
            cwd: self.cwd.clone(),
            vars: self.vars.clone(),
            user: self.user.clone(),
            job,
            login,
            logins: self.logins.len(),
            host: None,
            uid: self.uid,
            pid: self.pid,
        });
    }

    /// `sudo -i` (`login`) or `sudo -s`: a shell of `user` inside this one,
    /// with its `HOME`, `USER` and `LOGNAME` and its home (made if
    /// missing); a login shell starts there. `exit` comes back.
    pub(super) fn enter_as(&mut self, user: &str, home: &str, login: bool) {
        self.push_nested(None, login);
        self.user = user.to_owned();
        // sudo enters root's shell only.
        self.uid = (user == "root").then_some(0);
        for (name, value) in [("HOME", home), ("USER", user), ("LOGNAME", user)] {
            // These names are always valid.
            let _ = self.set_var(name, value, true);
        }
        self.fs.add_home(home, self.now);
        if login {
            self.enter_dir(home);
        }
    }

    /// Whether a nested shell holds the allocation `job` (`salloc`).
    pub fn holds_allocation(&self, job: u32) -> bool {
        self.nested.iter().any(|n| n.job == Some(job))
    }

    /// How many shells [`Shell::enter_nested`] started are still open.
    pub fn nested_depth(&self) -> usize {
        self.nested.len()
    }

    /// Ends the innermost nested shell if it is newer than any `ssh`
    /// login; whether it did.
    pub fn leave_nested(&mut self) -> bool {
        self.leave_nested_shell().is_some()
    }

    /// Ends the innermost nested shell as [`Shell::leave_nested`] does;
    /// whether it was a login shell, `None` if none ended.
    pub(super) fn leave_nested_shell(&mut self) -> Option<bool> {
        match self.nested.last() {
            Some(top) if top.logins == self.logins.len() => {}
            _ => return None,
        }
        let top = self.nested.pop()?;
        self.cwd = top.cwd;
        self.vars = top.vars;
        self.user = top.user;
        self.uid = top.uid;
        self.pid = top.pid;
        if let Some(host) = top.host {
            self.host = host;
        }
        Some(top.login)
    }

    /// Ends the innermost `ssh` login; `None` when there is none.
    pub(super) fn ssh_logout(&mut self) -> Option<String> {
        let back = self.logins.pop()?;
        let left = std::mem::replace(&mut self.host, back);
        self.enter_host();
        Some(left)
    }

    /// `$HOSTNAME` and the directory after changing hosts.
    fn enter_host(&mut self) {
        self.vars
            .insert("HOSTNAME".to_owned(), Var::scalar(self.host.clone()));
        let home = self.fs.home().to_owned();
        self.set_cwd(home);
    }

    /// The current directory.
    pub fn cwd(&self) -> &str {
        &self.cwd
    }

    /// The exit status of the last command (`$?`).
    pub fn status(&self) -> i32 {
        self.status
    }

    /// The commands entered, oldest first (at most [`HISTORY_SIZE`]).
    pub fn history(&self) -> &[String] {
        &self.history
    }

    /// The simulated time, in seconds since the Unix epoch.
    pub fn now(&self) -> u64 {
        self.now
    }

    /// Kills the shell at the simulated time `at`: from then on no command
    /// starts and a running script ends (a batch job at its time limit).
    pub fn set_deadline(&mut self, at: u64) {
        self.deadline = Some(at);
    }

    /// A batch job's time limit at `at`: Slurm's SIGTERM then, which runs
    /// the script's `TERM` trap (or ends it, running its `EXIT` trap),
    /// and SIGKILL `kill_wait` seconds later.
    pub fn set_time_limit(&mut self, at: u64, kill_wait: u64) {
        self.deadline = Some(at);
        self.time_limit = Some((at, kill_wait));
    }

    /// `sbatch --signal=B:SIGNAL`: slurmstepd sends the shell `signal`
    /// at the simulated time `at`.
    pub fn set_warning(&mut self, at: u64, signal: u8) {
        self.warning = Some((at, signal));
    }

    /// The signal that ended the shell, if one did (its status is then
    /// 128 plus the signal's number).
    pub fn killed_by(&self) -> Option<u8> {
        self.killed_by.map(|(signal, _)| signal)
    }

    /// Whether the time limit's SIGTERM reached the shell.
    pub fn terminated(&self) -> bool {
        self.terminated
    }

    /// Whether the clock has reached the deadline: the shell was killed.
    pub fn past_deadline(&self) -> bool {
        self.deadline.is_some_and(|d| self.now >= d)
    }

    /// Changes to the directory `path` if it exists (a job's working
    /// directory); `false` if it does not.
    pub fn enter_dir(&mut self, path: &str) -> bool {
        match self.fs.resolve(&self.cwd, path) {
            Ok(dir) if self.fs.meta(&dir).is_some_and(|m| m.kind == Kind::Dir) => {
                self.set_cwd(dir);
                true
            }
            _ => false,
        }
    }

    /// Sets the simulated time (the layer above owns the clock; `sleep`
    /// advances it too).
    pub fn set_now(&mut self, now: u64) {
        self.now = now;
    }

    /// The filesystem.
    pub fn fs(&self) -> &Fs {
        &self.fs
    }

    /// The filesystem, to change (a lab placing its files).
    pub fn fs_mut(&mut self) -> &mut Fs {
        &mut self.fs
    }

    /// The value of the shell variable `name`.
    pub fn var(&self, name: &str) -> Option<&str> {
        self.vars.get(name).and_then(Var::value)
    }

    /// Sets the variable `name`, in the environment of commands if
    /// `exported` (as `export NAME=value`).
    pub fn set_var(&mut self, name: &str, value: &str, exported: bool) -> Result<(), ShellError> {
        if !is_name(name) {
            return Err(ShellError::VarName(name.to_owned()));
        }
        self.vars.insert(
            name.to_owned(),
            Var {
                exported,
                ..Var::scalar(value.to_owned())
            },
        );
        Ok(())
    }

    /// Sets `$0` and the positional parameters (`$1`...), as a program
    /// started with them finds them.
    pub fn set_positional(&mut self, arg0: &str, args: Vec<String>) {
        self.arg0 = arg0.to_owned();
        self.args = args;
    }

    /// Unsets the variable `name` (as `unset NAME`); `SECONDS` loses its
    /// meaning.
    pub fn unset_var(&mut self, name: &str) {
        if name == "SECONDS" {
            self.seconds_from = None;
        }
        self.vars.remove(name);
    }

    /// Makes this shell a new bash started from it: only the exported
    /// variables stay, and bash sets `HOSTNAME` and, when it inherited
    /// none, its own `PATH`.
    pub(super) fn start_child(&mut self) {
        self.vars.retain(|_, v| v.exported);
        self.assign("HOSTNAME", self.host.clone());
        self.default_path();
    }

    /// Gives a bash that inherited no `PATH` its built-in one, a shell
    /// variable it does not export (bash 5.2 as Debian 12 builds it).
    pub fn default_path(&mut self) {
        if !self.vars.contains_key("PATH") {
            self.assign("PATH", DEFAULT_PATH.to_owned());
        }
    }

    /// The exported variables: what a command started now would get.
    pub fn exported(&self) -> SortedMap<String, String> {
        self.environment(&[])
    }

    /// Whether `name` may be assigned: bash's message if it is read-only
    /// (which arithmetic passes on as it is, without its `((:` or `let:`).
    pub(super) fn writable(&self, name: &str) -> Result<(), String> {
        match self.vars.get(name) {
            Some(var) if var.readonly => Err(format!("{name}{READONLY}")),
            _ => Ok(()),
        }
    }

    /// Makes `name` an array of `values` (its old elements gone), keeping
    /// whether it is exported.
    pub(super) fn set_array(&mut self, name: &str, values: Vec<String>) {
        let var = self.vars.get_or_insert_with(name.to_owned(), Var::array);
        var.set_list(values, false);
    }

    /// Assigns `value` to `name`, keeping whether it is exported. An
    /// assignment to `OPTIND` makes `getopts` start over from it.
    pub(super) fn assign(&mut self, name: &str, value: String) {
        if name == "OPTIND" {
            self.getopts.0 = 0;
        }
        // `SECONDS=n` counts on from n.
        if name == "SECONDS" && self.seconds_from.is_some() {
            let n = value.trim().parse::<u64>().unwrap_or(0);
            self.seconds_from = Some(self.now.saturating_sub(n));
            return;
        }
        match self.vars.get_mut(name) {
            Some(var) => var.set(value),
            None => {
                self.vars.insert(name.to_owned(), Var::scalar(value));
            }
        }
    }

    /// Changes directory to the canonical `path`, updating `PWD` and
    /// `OLDPWD`.
    pub(super) fn set_cwd(&mut self, path: String) {
        let old = std::mem::replace(&mut self.cwd, path.clone());
        for (name, value) in [("OLDPWD", old), ("PWD", path)] {
            self.vars.insert(
                name.to_owned(),
                Var {
                    exported: true,
                    ..Var::scalar(value)
                },
            );
        }
    }

    /// Clears the history (`history -c`).
    pub(super) fn clear_history(&mut self) {
        self.history_dropped += self.history.len();
        self.history.clear();
    }

    pub(super) fn remember(&mut self, entry: &str) {
        let entry = entry.trim();
        if entry.is_empty() {
            return;
        }
        self.history.push(entry.to_owned());
        if self.history.len() > HISTORY_SIZE {
            self.history.remove(0);
            self.history_dropped += 1;
        }
    }

    /// Sets the user's uid, which `$UID` and `$EUID` expand to.
    pub fn set_uid(&mut self, uid: u32) {
        self.uid = Some(uid);
    }

    /// Sets its process id, which `$$` expands to.
    pub fn set_pid(&mut self, pid: u32) {
        self.pid = Some(pid);
    }

    /// An expander over this shell, with a fresh [`MAX_EXPANSION`] budget.
    pub(super) fn expander(&self) -> Expander<'_> {
        Expander {
            vars: &self.vars,
            status: self.status,
            fs: &self.fs,
            cwd: &self.cwd,
            user: &self.user,
            room: Cell::new(MAX_EXPANSION),
            arg0: &self.arg0,
            args: &self.args,
            nounset: self.options.nounset,
            options: self.options,
            failed: RefCell::new(None),
            warned: RefCell::new(Vec::new()),
            last_background: self.children.last_pid,
            uid: self.uid,
            pid: self.pid.unwrap_or(SHELL_PID),
            random: &self.random,
            lineno: self.lineno,
            seconds: self.seconds_from.map(|from| self.now.saturating_sub(from)),
        }
    }

    /// The environment of a command: the exported variables and the
    /// command's own assignments.
    pub(super) fn environment(&self, assigns: &[(String, String)]) -> SortedMap<String, String> {
        // Inserted one by one: collecting would bring a sort of its own
        // into the wasm.
        let mut env = SortedMap::new();
        for (k, v) in self
            .vars
            .iter()
            .filter(|(_, v)| v.exported && v.array.is_none() && !v.valueless)
        {
            env.insert(k.clone(), v.value.clone());
        }
        env.extend(assigns.iter().cloned());
        env
    }
}

/// Arithmetic reads variables as expansions do and assigns them as `x=`.
impl Vars for Shell {
    fn get(&self, name: &str) -> Option<String> {
        self.expander().lookup(name)
    }

    fn set(&mut self, name: &str, value: i64) -> Result<(), String> {
        let element = name
            .strip_suffix(']')
            .and_then(|n| n.split_once('['))
            .and_then(|(base, n)| Some((base, n.parse::<i64>().ok()?)));
        let Some((base, n)) = element else {
            self.writable(name)?;
            self.assign(name, value.to_string());
            return Ok(());
        };
        self.writable(base)?;
        let var = self.vars.get_or_insert_with(base.to_owned(), Var::array);
        // Before the first element: bash refuses; nothing is set.
        if let Some(i) = var.index(n) {
            var.set_element(i, &value.to_string(), false);
        }
        Ok(())
    }
}
