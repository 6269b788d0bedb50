//! The executor: runs parsed commands on a [`Shell`].
//!
//! For each complete command it runs the lists in order; for each pipeline
//! the commands left to right, each one's standard output becoming the next
//! one's input, after expanding the words and applying the redirections in
//! order; for each command a builtin, a plugged-in command, a tool, or a
//! script file. Syntax errors print bash's message and skip to the next
//! line.

use super::builtins;
use super::command::{Call, Chunk, CommandSet, MAX_OUTPUT, Output, Stream};
use super::expand::ExpandError;
use super::fs::{FsError, Kind, WriteMode};
use super::lex::Word;
use super::parse::{
    AndOr, CompleteCommand, Connector, Parsed, Pipeline, Simple, Target, assignment, parse_next,
    resume_after,
};
use super::state::{Outcome, Shell};
use super::tools;

/// How deep scripts may run scripts (`bash a.sh` running `source b.sh`...).
const MAX_SCRIPT_DEPTH: usize = 16;

/// A simple command's words and assignments after expansion.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Expanded {
    argv: Vec<String>,
    assigns: Vec<(String, String)>,
}

/// Where a file descriptor's output goes.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Sink {
    Terminal(Stream),
    Pipe,
    File { path: String },
    Closed,
}

/// The executor: the shell being run, the plugged-in commands, and what
/// has reached the terminal so far.
pub(super) struct Exec<'a> {
    pub(super) shell: &'a mut Shell,
    pub(super) commands: &'a mut dyn CommandSet,
    /// What reached the terminal (or, in a script, its caller).
    pub(super) terminal: Output,
    /// `clear` ran.
    pub(super) clear: bool,
    /// Seconds slept.
    pub(super) slept: u64,
    /// `exit` ran in a script: its status.
    pub(super) exit: Option<i32>,
    /// Script nesting: 0 at the prompt.
    pub(super) depth: usize,
}

impl<'a> Exec<'a> {
    pub(super) fn new(
        shell: &'a mut Shell,
        commands: &'a mut dyn CommandSet,
        depth: usize,
    ) -> Exec<'a> {
        Exec {
            shell,
            commands,
            terminal: Output::new(),
            clear: false,
            slept: 0,
            exit: None,
            depth,
        }
    }

    pub(super) fn finish(self) -> Outcome {
        let truncated = self.terminal.is_truncated();
        let mut output = self.terminal.into_chunks();
        if truncated {
            output.push(Chunk {
                stream: Stream::Stderr,
                text: format!(
                    "bash: output cut at {MAX_OUTPUT} bytes (the simulated terminal's limit)\n"
                ),
                at: self.shell.now,
            });
        }
        Outcome {
            output,
            status: self.shell.status,
            needs_more: false,
            clear: self.clear,
            slept: self.slept,
        }
    }

    /// Runs the complete commands of `src` one by one; returns where an
    /// unfinished command starts, if the input ends inside one. With
    /// `history`, each command is added to the history first.
    pub(super) fn source(&mut self, src: &str, history: bool) -> Option<usize> {
        let mut pos = 0;
        while self.exit.is_none() {
            match parse_next(src, pos) {
                Ok(Parsed::End) => return None,
                Ok(Parsed::Incomplete) => return Some(pos),
                Ok(Parsed::Command(command, end)) => {
                    if history {
                        self.shell.remember(&src[pos..end]);
                    }
                    self.complete(&command);
                    pos = end;
                }
                Err(e) => {
                    let end = resume_after(src, e.at);
                    if history {
                        self.shell.remember(&src[pos..end]);
                    }
                    self.terminal.stderr(&format!("bash: {e}\n"));
                    self.shell.status = 2;
                    pos = end;
                }
            }
        }
        None
    }

    /// Runs `text` as a script; returns its status.
    pub(super) fn script(&mut self, text: &str) -> i32 {
        let mut src = text.to_owned();
        if !src.ends_with('\n') {
            src.push('\n');
        }
        if self.source(&src, false).is_some() {
            self.terminal
                .stderr("bash: syntax error: unexpected end of file\n");
            self.shell.status = 2;
        }
        self.exit.unwrap_or(self.shell.status)
    }

    /// Runs `text` as a script one level deeper, its output going to `out`.
    /// As a `child` process (`bash script`, `./script`) it sees only the
    /// exported variables, and its changes to the directory and variables
    /// are undone after it; otherwise (`source`) it runs in this shell.
    /// Returns its status.
    pub(super) fn nested(&mut self, text: &str, out: &mut Output, child: bool) -> i32 {
        if self.depth >= MAX_SCRIPT_DEPTH {
            out.stderr(&format!(
                "bash: scripts nested deeper than {MAX_SCRIPT_DEPTH} levels\n"
            ));
            return 1;
        }
        let saved = child.then(|| (self.shell.cwd.clone(), self.shell.vars.clone()));
        if child {
            self.shell.vars.retain(|_, v| v.exported);
        }
        let mut inner = Exec::new(&mut *self.shell, &mut *self.commands, self.depth + 1);
        // The script's sleeps count on from the line's, towards its limit.
        inner.slept = self.slept;
        let status = inner.script(text);
        self.clear |= inner.clear;
        self.slept = inner.slept;
        for chunk in inner.terminal.into_chunks() {
            out.push(chunk.stream, &chunk.text);
        }
        if let Some((cwd, vars)) = saved {
            self.shell.cwd = cwd;
            self.shell.vars = vars;
        }
        status
    }

    fn complete(&mut self, command: &CompleteCommand) {
        for list in &command.lists {
            if self.exit.is_some() {
                return;
            }
            self.and_or(list, &command.here_docs);
        }
    }

    fn and_or(&mut self, list: &AndOr, docs: &[Word]) {
        let mut status = self.pipeline(&list.first, docs);
        for (connector, pipeline) in &list.rest {
            if self.exit.is_some() {
                return;
            }
            let run = match connector {
                Connector::And => status == 0,
                Connector::Or => status != 0,
            };
            if run {
                status = self.pipeline(pipeline, docs);
            }
        }
    }

    fn pipeline(&mut self, pipeline: &Pipeline, docs: &[Word]) -> i32 {
        // Each command of a real pipeline runs in a subshell: `cd` or an
        // assignment there does not change this shell.
        let many = pipeline.commands.len() > 1;
        let saved = many.then(|| (self.shell.cwd.clone(), self.shell.vars.clone(), self.exit));
        let mut input = String::new();
        let mut status = 0;
        let last = pipeline.commands.len().saturating_sub(1);
        for (i, command) in pipeline.commands.iter().enumerate() {
            let (s, piped) = self.simple(command, docs, std::mem::take(&mut input), i < last);
            status = s;
            input = piped;
        }
        if let Some((cwd, vars, exit)) = saved {
            self.shell.cwd = cwd;
            self.shell.vars = vars;
            self.exit = exit;
        }
        if pipeline.negated {
            status = i32::from(status == 0);
        }
        self.shell.status = status;
        status
    }

    /// The words and assignments of a command, expanded (within one
    /// budget). `export` takes its `NAME=value` arguments whole, as bash's
    /// declaration builtins do.
    fn expand(&self, command: &Simple) -> Result<Expanded, ExpandError> {
        let ex = self.shell.expander();
        let declaration = command.words.first().is_some_and(|w| w.raw == "export");
        let mut argv = Vec::new();
        for (i, word) in command.words.iter().enumerate() {
            match assignment(word) {
                Some((name, value)) if declaration && i > 0 => {
                    argv.push(format!("{name}={}", ex.string(&value, true)?));
                }
                _ => argv.extend(ex.fields(word)?),
            }
        }
        let assigns = command
            .assignments
            .iter()
            .map(|(name, word)| Ok((name.clone(), ex.string(word, true)?)))
            .collect::<Result<_, ExpandError>>()?;
        Ok(Expanded { argv, assigns })
    }

    /// Runs one simple command with `stdin`; returns its status and, when
    /// `piped`, the output it sent down the pipe.
    fn simple(
        &mut self,
        command: &Simple,
        docs: &[Word],
        stdin: String,
        piped: bool,
    ) -> (i32, String) {
        if self.shell.past_deadline() {
            self.exit = Some(self.shell.status);
            return (self.shell.status, String::new());
        }
        let Expanded { argv, assigns } = match self.expand(command) {
            Ok(expanded) => expanded,
            Err(e) => {
                let shown = command.words.first().map_or("", |w| w.raw.as_str());
                self.terminal.stderr(&format!("bash: {shown}: {e}\n"));
                return (126, String::new());
            }
        };
        let stdout = if piped {
            Sink::Pipe
        } else {
            Sink::Terminal(Stream::Stdout)
        };
        let mut sinks = [stdout, Sink::Terminal(Stream::Stderr)];
        let mut stdin = stdin;
        if let Err(message) = self.redirect(command, docs, &mut stdin, &mut sinks) {
            self.terminal.stderr(&message);
            return (1, String::new());
        }
        let Some(name) = argv.first().cloned() else {
            for (name, value) in assigns {
                self.shell.assign(&name, value);
            }
            return (0, String::new());
        };
        let mut out = Output::new();
        let to_terminal = sinks[0] == Sink::Terminal(Stream::Stdout);
        let mut status = self.dispatch(&argv, &assigns, &stdin, to_terminal, &mut out);
        if out.is_truncated() {
            self.terminal.stderr(&format!(
                "bash: {name}: output cut at {MAX_OUTPUT} bytes (the simulated shell's limit)\n"
            ));
        }
        let mut pipe = Output::new();
        let mut write_error = None;
        self.terminal.set_time(self.shell.now);
        for chunk in out.into_chunks() {
            let sink = match chunk.stream {
                Stream::Stdout => &sinks[0],
                Stream::Stderr => &sinks[1],
            };
            match sink {
                Sink::Terminal(stream) => self.terminal.push(*stream, &chunk.text),
                Sink::Pipe => pipe.stdout(&chunk.text),
                Sink::File { path } => {
                    let now = self.shell.now;
                    if let Err(e) = self
                        .shell
                        .fs
                        .write(path, &chunk.text, WriteMode::Append, now)
                    {
                        write_error = Some(e);
                    }
                }
                Sink::Closed => {}
            }
        }
        if let Some(e) = write_error {
            let prefix =
                if builtins::find(&name).is_some() || BASH_BUILTIN_TOOLS.contains(&name.as_str()) {
                    "bash: "
                } else {
                    ""
                };
            self.terminal
                .stderr(&format!("{prefix}{name}: write error: {e}\n"));
            status = 1;
        }
        (status, pipe.text(Stream::Stdout))
    }

    /// Applies the redirections of `command` in order: `stdin` and the
    /// sinks of descriptors 1 and 2. Files for output are created (and
    /// truncated) now, as bash opens them before the command runs.
    fn redirect(
        &mut self,
        command: &Simple,
        docs: &[Word],
        stdin: &mut String,
        sinks: &mut [Sink; 2],
    ) -> Result<(), String> {
        for r in &command.redirects {
            let sink = match &r.target {
                Target::Read(word) => {
                    let (path, shown) = self.redirect_path(word)?;
                    let text = self
                        .shell
                        .fs
                        .read(&path)
                        .map_err(|e| format!("bash: {shown}: {e}\n"))?;
                    if r.fd == 0 {
                        *stdin = text.to_owned();
                    }
                    continue;
                }
                Target::HereDoc(index) => {
                    if r.fd == 0 {
                        let body = docs.get(*index).cloned().unwrap_or_default();
                        *stdin = self
                            .shell
                            .expander()
                            .string(&body, false)
                            .map_err(|e| format!("bash: <<: {e}\n"))?;
                    }
                    continue;
                }
                Target::HereString(word) => {
                    if r.fd == 0 {
                        let text = self
                            .shell
                            .expander()
                            .string(word, true)
                            .map_err(|e| format!("bash: {}: {e}\n", word.raw))?;
                        *stdin = text + "\n";
                    }
                    continue;
                }
                Target::Write { word, append } | Target::Both { word, append } => {
                    let (path, shown) = self.redirect_path(word)?;
                    let mode = if *append {
                        WriteMode::Append
                    } else {
                        WriteMode::Truncate
                    };
                    let now = self.shell.now;
                    self.shell
                        .fs
                        .write(&path, "", mode, now)
                        .map_err(|e| format!("bash: {shown}: {e}\n"))?;
                    let sink = Sink::File { path };
                    if matches!(r.target, Target::Both { .. }) {
                        sinks[0] = sink.clone();
                        sinks[1] = sink;
                        continue;
                    }
                    sink
                }
                Target::Dup(from) => match from {
                    1 => sinks[0].clone(),
                    2 => sinks[1].clone(),
                    _ => Sink::Terminal(Stream::Stdout),
                },
                Target::Close => Sink::Closed,
            };
            match r.fd {
                1 => sinks[0] = sink,
                2 => sinks[1] = sink,
                _ => {}
            }
        }
        Ok(())
    }

    /// The canonical path a redirection names, and the name to show in
    /// messages; the word must expand to exactly one field.
    fn redirect_path(&self, word: &Word) -> Result<(String, String), String> {
        let mut fields = self
            .shell
            .expander()
            .fields(word)
            .map_err(|e| format!("bash: {}: {e}\n", word.raw))?;
        if fields.len() != 1 {
            return Err(format!("bash: {}: ambiguous redirect\n", word.raw));
        }
        let shown = fields.pop().unwrap_or_default();
        let path = self
            .shell
            .fs
            .resolve(&self.shell.cwd, &shown)
            .map_err(|e| format!("bash: {shown}: {e}\n"))?;
        Ok((path, shown))
    }

    /// Runs `argv`: a builtin, a file given by path, a plugged-in command,
    /// a tool, or "command not found".
    pub(super) fn dispatch(
        &mut self,
        argv: &[String],
        assigns: &[(String, String)],
        stdin: &str,
        to_terminal: bool,
        out: &mut Output,
    ) -> i32 {
        let name = argv[0].as_str();
        if let Some(builtin) = builtins::find(name) {
            return (builtin.run)(self, argv, out);
        }
        if name == "sudo" {
            return self.sudo(argv, stdin, to_terminal, out);
        }
        if name.contains('/') {
            return self.run_file(name, out);
        }
        let env = self.shell.environment(assigns);
        let shell = &mut *self.shell;
        let mut call = Call {
            argv,
            stdin,
            env: &env,
            cwd: &shell.cwd,
            user: &shell.user,
            host: &shell.host,
            now: shell.now,
            to_terminal,
            fs: &mut shell.fs,
            out,
        };
        if self.commands.has(name) {
            let status = self.commands.run(&mut call);
            // A command that took simulated time moved the call's clock.
            shell.now = shell.now.max(call.now);
            status
        } else if let Some(tool) = tools::find(name) {
            (tool.run)(&mut call)
        } else {
            call.out
                .stderr(&format!("bash: {name}: command not found\n"));
            127
        }
    }

    /// `./job.sh`: runs an executable file as a script in a subshell.
    fn run_file(&mut self, name: &str, out: &mut Output) -> i32 {
        let fs = &self.shell.fs;
        let found = fs
            .resolve(&self.shell.cwd, name)
            .and_then(|p| fs.meta(&p).map(|m| (p, m)).ok_or(FsError::NotFound));
        let (status, error) = match found {
            Err(FsError::NotFound) => (127, FsError::NotFound),
            Err(e) => (126, e),
            Ok((_, m)) if m.kind == Kind::Dir => (126, FsError::IsADirectory),
            Ok((_, m)) if !m.executable => (126, FsError::PermissionDenied),
            Ok((path, _)) => {
                let text = fs.read(&path).unwrap_or_default().to_owned();
                return self.nested(&text, out, true);
            }
        };
        out.stderr(&format!("bash: {name}: {error}\n"));
        status
    }

    /// The text of the script file `name`.
    pub(super) fn read_script(&self, name: &str) -> Result<String, FsError> {
        let path = self.shell.fs.resolve(&self.shell.cwd, name)?;
        self.shell.fs.read(&path).map(str::to_owned)
    }
}

/// Tools that are builtins in real bash, whose errors bash prefixes with
/// `bash: `.
const BASH_BUILTIN_TOOLS: [&str; 4] = ["echo", "pwd", "true", "false"];
