//! The executor: runs parsed commands on a [`Shell`].
//!
//! For each complete command it runs the lists in order; for each pipeline
//! the commands left to right, each one's standard output becoming the next
//! one's input; for a simple command it first runs the command
//! substitutions and arithmetic of its words (`resolve`, here, since they
//! run commands), then expands the words (`expand`, pure), applies the
//! redirections in order, and runs a function, a builtin, a plugged-in
//! command, a tool, or a script file. Compound commands run their lists
//! with their own redirections: what they print is captured and sent on
//! like a simple command's output. Syntax errors print bash's message and
//! skip to the next line.
//!
//! A subshell (`( )`, `$(...)`, each command of a pipeline) runs in the
//! same executor, its directory, variables, functions and options saved
//! before and put back after. Every command counts towards [`MAX_STEPS`]
//! per line typed (or script run), and functions nest at most
//! [`MAX_FUNCTION_DEPTH`] deep, so no input runs forever or overflows the
//! stack.

use std::borrow::Cow;

use super::builtins::trap::{ERR, EXIT, TERM};
use super::builtins::{self, Aliased};
use super::command::{Call, Chunk, CommandSet, MAX_OUTPUT, Output, Stream};
use super::expand::{ExpandError, Expander, MAX_EXPANSION, Var, arith};
use super::fs::{FsError, Kind, WriteMode};
use super::lex::{Index, Param, ParamOp, Part, Word, is_name, unclosed_quote};
use super::lookup;
use super::origin::Origin;
use super::parse::{
    AndOr, Assignment, Command, CompleteCommand, Compound, Connector, DECLARATIONS, ErrorKind,
    Parsed, Pipeline, Redirect, Simple, SyntaxError, Target, assignment, parse_next, resume_after,
};
use super::state::{Options, Outcome, READONLY, Shell};

/// How deep scripts may run scripts (`bash a.sh` running `source b.sh`...).
const MAX_SCRIPT_DEPTH: usize = 16;

/// The most commands (simple commands, compound commands and loop rounds)
/// one line at the prompt, or one script, may run: an endless loop stops
/// there.
pub(super) const MAX_STEPS: u64 = 100_000;

/// How deep functions (bash's `FUNCNEST`) and subshells (`( )`, `$(...)`,
/// pipes) may nest, together, compound commands counting half: each level
/// takes 4 to 10 KiB of the stack in a release build (twice that in a
/// debug one), and wasm's is 1 MiB.
pub(super) const MAX_FUNCTION_DEPTH: usize = 64;

/// Standard input being read: the text, and how much of it `read` took
/// already (kept as an offset, so that reading it line by line does not
/// copy the rest each time).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Input {
    text: String,
    at: usize,
}

impl Input {
    pub(super) fn new(text: String) -> Input {
        Input { text, at: 0 }
    }

    /// What is left to read.
    pub(super) fn rest(&self) -> &str {
        self.text.get(self.at..).unwrap_or_default()
    }

    /// Takes `n` bytes (a character boundary of [`Input::rest`]).
    pub(super) fn consume(&mut self, n: usize) {
        self.at = (self.at + n).min(self.text.len());
    }
}

/// A simple command's words and assignments after expansion.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Expanded {
    argv: Vec<String>,
    /// A declaration builtin's `NAME=(...)` arguments ([`Exec::lists`]).
    lists: Vec<(usize, ArrayAssign)>,
    assigns: Vec<(String, String)>,
    /// The assignments to arrays, made only on a line with no command.
    arrays: Vec<ArrayAssign>,
    /// Every assignment as `set -x` shows it.
    traced: Vec<String>,
}

/// `a=(...)`, `a+=(...)` or `a[i]=v` after expansion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct ArrayAssign {
    name: String,
    /// The element's subscript, as expanded and as evaluated.
    at: Option<(String, i64)>,
    /// `+=`.
    pub(super) append: bool,
    pub(super) values: Vec<String>,
}

impl ArrayAssign {
    /// As `set -x` shows it: the subscript and a plain assignment's list
    /// as written, a declaration's elements each in single quotes.
    fn traced(&self, written: &Assignment) -> String {
        let op = if self.append { "+=" } else { "=" };
        let name = &self.name;
        match (&written.index, &written.list) {
            (Some(index), _) => {
                let value = trace_quote(&self.values.concat());
                format!("{name}[{}]{op}{value}", index.raw)
            }
            (None, Some(words)) => {
                let words: Vec<&str> = words.iter().map(|w| w.raw.as_str()).collect();
                format!("{name}{op}({})", words.join(" "))
            }
            (None, None) => {
                let values: Vec<String> = self
                    .values
                    .iter()
                    .map(|v| format!("'{}'", v.replace('\'', "'\\''")))
                    .collect();
                format!("{name}{op}({})", values.join(" "))
            }
        }
    }
}

/// Where a file descriptor's output goes.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Sink {
    Terminal(Stream),
    Pipe,
    File { path: String },
    Closed,
}

/// A jump out of the commands being run: `break`, `continue`, `return`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Flow {
    /// `break n`: leave `n` loops.
    Break(usize),
    /// `continue n`: leave `n - 1` loops and go on with the next round.
    Continue(usize),
    /// `return`: leave the function (or sourced script).
    Return,
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
    /// `exit` ran in a script or subshell: its status.
    pub(super) exit: Option<i32>,
    /// Script nesting: 0 at the prompt.
    pub(super) depth: usize,
    /// The standard input the commands being run inherit (a compound
    /// command's redirection, or a pipe): what is left of it.
    pub(super) input: Input,
    /// Commands run so far, towards [`MAX_STEPS`].
    pub(super) steps: u64,
    /// The step limit or function nesting limit was hit: everything stops.
    pub(super) halted: bool,
    /// An expansion failed (bad arithmetic, or an unset variable under
    /// `set -u` at the prompt): the rest of the complete command is
    /// dropped, as bash drops the rest of the line.
    aborted: bool,
    /// Functions being run, innermost last: how deep they nest.
    pub(super) functions: usize,
    /// Subshells being run.
    pub(super) subshells: usize,
    /// Compound commands being run, inside each other.
    compounds: usize,
    /// Loops being run (in this function or subshell).
    pub(super) loops: usize,
    /// A `break`, `continue` or `return` on its way out.
    pub(super) flow: Option<Flow>,
    /// The aliases being expanded by a line run in their place: not
    /// expanded again inside it.
    pub(super) aliasing: Vec<String>,
    /// Contexts where `set -e` is ignored (conditions, `&&` and `||`
    /// lists, `!`): how many are open.
    quiet: usize,
    /// Output being captured (a compound command's, a function's or a
    /// substitution's): commands do not write to the terminal itself.
    capturing: usize,
    /// The variables `local` saved, one frame per function being run.
    pub(super) locals: Vec<Vec<(String, Option<Var>)>>,
    /// The `ERR` trap is running: a command failing in it does not run
    /// it again.
    in_err_trap: bool,
    /// The `NAME=(...)` arguments of the declaration builtin about to run
    /// (`declare a=(1 2)`), expanded, by their place in its `argv`.
    pub(super) lists: Vec<(usize, ArrayAssign)>,
    /// The status of the last command substitution of the command being
    /// expanded.
    last_substitution: Option<i32>,
    /// The simple command being run reads the terminal.
    pub(super) tty: bool,
    /// When a `timeout` around the command being run kills it.
    pub(super) until: Option<u64>,
    /// The line of the command being run in what is being read (bash's
    /// `LINENO`); 0 before the first.
    pub(super) line: usize,
    /// Where the commands come from: how messages about them start.
    pub(super) origin: Origin,
    /// They come from `source`: `return` leaves them.
    pub(super) sourced: bool,
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
            input: Input::default(),
            steps: 0,
            halted: false,
            aborted: false,
            functions: 0,
            subshells: 0,
            compounds: 0,
            loops: 0,
            flow: None,
            aliasing: Vec::new(),
            quiet: 0,
            capturing: 0,
            locals: Vec::new(),
            lists: Vec::new(),
            in_err_trap: false,
            last_substitution: None,
            tty: false,
            until: None,
            line: 0,
            origin: Origin::default(),
            sourced: false,
        }
    }

    /// How bash starts a message about the command being run: `bash: `
    /// at the prompt, `job.sh: line 4: ` in a script.
    pub(super) fn prefix(&self) -> String {
        self.origin.prefix(self.line)
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
        if self.halted {
            self.shell.status = 1;
        }
        Outcome {
            output,
            status: self.shell.status,
            needs_more: false,
            clear: self.clear,
            slept: self.slept,
        }
    }

    /// Whether the commands being run must stop: `exit`, a jump, or a
    /// limit.
    fn stopped(&self) -> bool {
        self.exit.is_some() || self.flow.is_some() || self.halted || self.aborted
    }

    /// Counts one command; false (with the message, once) past
    /// [`MAX_STEPS`].
    pub(super) fn step(&mut self) -> bool {
        self.steps += 1;
        if self.steps > MAX_STEPS && !self.halted {
            self.halt(&format!(
                "stopped after {MAX_STEPS} commands: this simulated shell caps a command line's work (an endless loop?)\n"
            ));
        }
        !self.halted
    }

    /// Stops everything with bash's `message` (its prefix added) on the
    /// terminal and status 1.
    fn halt(&mut self, message: &str) {
        self.halted = true;
        let message = format!("{}{message}", self.prefix());
        self.terminal.stderr(&message);
        self.shell.status = 1;
    }

    /// Runs the complete commands of `src` one by one; returns where an
    /// unfinished command starts, if the input ends inside one. With
    /// `history`, each command is added to the history first. Its first
    /// line is the line of the command being run (a `$(...)` inside it),
    /// or line 1. Read from a file or string, it stops at a syntax error,
    /// as bash stops reading a script; at the prompt the next line runs.
    pub(super) fn source(&mut self, src: &str, history: bool) -> Option<usize> {
        let mut pos = 0;
        let mut line = self.line.max(1);
        while !self.stopped() {
            match parse_next(src, (pos, line), self.origin.reads_input()) {
                Ok(Parsed::End) => return None,
                Ok(Parsed::Incomplete) => return Some(pos),
                Ok(Parsed::Command(command, end)) => {
                    if history {
                        self.shell.remember(&src[pos..end]);
                    }
                    for (body, wanted) in &command.cut_docs {
                        self.cut_here_doc(src, (pos, line), *body, wanted);
                    }
                    // Until a simple command says its own line.
                    self.line = line;
                    self.complete(&command);
                    if std::mem::take(&mut self.aborted) {
                        self.shell.status = 1;
                    }
                    line += newlines(src, pos, end);
                    pos = end;
                }
                Err(e) => {
                    let end = resume_after(src, e.at);
                    if history {
                        self.shell.remember(&src[pos..end]);
                    }
                    self.syntax_error(src, &e, line + newlines(src, pos, e.at));
                    if self.origin.ends_at_error() {
                        return None;
                    }
                    line += newlines(src, pos, end);
                    pos = end;
                }
            }
        }
        None
    }

    /// bash's warning for a here-document whose body (from byte `body` of
    /// `src`) the input ended inside; the command that reads it starts at
    /// byte `pos`, on `line`. A `-c` string's says no line.
    fn cut_here_doc(&mut self, src: &str, (pos, line): (usize, usize), body: usize, wanted: &str) {
        let opened = line + newlines(src, pos, body) - 1;
        let last = if self.origin.reads_string() {
            0
        } else {
            line + newlines(src, pos, src.len()) - 1
        };
        let prefix = self.origin.prefix(last);
        self.terminal.stderr(&format!(
            "{prefix}warning: here-document at line {opened} delimited by end-of-file (wanted `{wanted}')\n"
        ));
    }

    /// bash's message for the syntax error `e` on `line` of `src`; read
    /// from a file or string, an unexpected token's line follows it.
    fn syntax_error(&mut self, src: &str, e: &SyntaxError, line: usize) {
        let prefix = self.origin.syntax_prefix(line);
        let mut message = format!("{prefix}{e}\n");
        if let ErrorKind::ArithFor { text, .. } = &e.kind {
            message.push_str(&format!("{prefix}syntax error: `(({text}))'\n"));
        } else if self.origin.quotes_errors() && matches!(e.kind, ErrorKind::Unexpected(_)) {
            let start = src
                .get(..e.at)
                .and_then(|s| s.rfind('\n'))
                .map_or(0, |i| i + 1);
            let end = resume_after(src, e.at);
            let text = src
                .get(start..end)
                .unwrap_or_default()
                .trim_end_matches('\n');
            message.push_str(&format!("{prefix}`{text}'\n"));
        }
        self.terminal.stderr(&message);
        self.shell.status = 2;
    }

    /// Runs `text` as a script; returns its status.
    pub(super) fn script(&mut self, text: &str) -> i32 {
        let mut src = text.to_owned();
        if !src.ends_with('\n') {
            src.push('\n');
        }
        let first = self.line.max(1);
        if let Some(pos) = self.source(&src, false) {
            let (at, message) = unfinished(&src, pos, first);
            let prefix = self.origin.syntax_prefix(at);
            self.terminal.stderr(&format!("{prefix}{message}\n"));
            self.shell.status = 2;
        }
        if self.flow == Some(Flow::Return) {
            self.flow = None;
        }
        if self.halted {
            self.shell.status = 1;
            return 1;
        }
        self.exit.unwrap_or(self.shell.status)
    }

    /// Runs `text`, read from `origin`, as a script one level deeper, its
    /// output going to `out`. As a child process (`bash script`,
    /// `./script`), started with the `set` options `child`, it sees only
    /// the exported variables, and its changes to the directory and
    /// variables are undone after it; otherwise (`source`) it runs in
    /// this shell. `args`, if given, are its `$0` and positional
    /// parameters. Returns its status.
    pub(super) fn nested(
        &mut self,
        (text, origin): (&str, Origin),
        out: &mut Output,
        child: Option<Options>,
        args: Option<(String, Vec<String>)>,
    ) -> i32 {
        if self.depth >= MAX_SCRIPT_DEPTH {
            out.stderr(&format!(
                "{}scripts nested deeper than {MAX_SCRIPT_DEPTH} levels\n",
                self.prefix()
            ));
            return 1;
        }
        let saved = child.map(|options| {
            (
                self.shell.cwd.clone(),
                self.shell.vars.clone(),
                std::mem::take(&mut self.shell.functions),
                std::mem::replace(&mut self.shell.options, options),
            )
        });
        let saved_args = args.map(|(name, args)| {
            (
                std::mem::replace(&mut self.shell.arg0, name),
                std::mem::replace(&mut self.shell.args, args),
            )
        });
        if saved.is_some() {
            self.shell.start_child();
        }
        let children = saved
            .is_some()
            .then(|| std::mem::take(&mut self.shell.children));
        // A child starts with no traps of its own, and its own SECONDS.
        let traps = saved
            .is_some()
            .then(|| std::mem::take(&mut self.shell.traps));
        // Nor does it get the batch shell's signal, or its directory stack.
        let warning = saved.is_some().then(|| self.shell.warning.take());
        let dir_stack = saved
            .is_some()
            .then(|| std::mem::take(&mut self.shell.dir_stack));
        let seconds_from = self.shell.seconds_from;
        if saved.is_some() {
            self.shell.seconds_from = Some(self.shell.now);
        }
        let input = std::mem::take(&mut self.input);
        let mut inner = Exec::new(&mut *self.shell, &mut *self.commands, self.depth + 1);
        // The script's sleeps and steps count on from the line's, towards
        // their limits.
        inner.slept = self.slept;
        inner.steps = self.steps;
        inner.functions = self.functions;
        inner.subshells = self.subshells;
        inner.compounds = self.compounds;
        inner.until = self.until;
        inner.input = input;
        inner.origin = origin;
        inner.sourced = child.is_none();
        let mut status = inner.script(text);
        if traps.is_some() {
            status = inner.exit_trap(status);
        }
        self.clear |= inner.clear;
        self.slept = inner.slept;
        self.steps = inner.steps;
        self.halted |= inner.halted;
        self.input = inner.input;
        for chunk in inner.terminal.into_chunks() {
            out.push(chunk.stream, &chunk.text);
        }
        if let Some((name, args)) = saved_args {
            self.shell.arg0 = name;
            self.shell.args = args;
        }
        if let Some(children) = children {
            self.shell.children = children;
        }
        if let Some(traps) = traps {
            self.shell.traps = traps;
        }
        if let Some(warning) = warning {
            self.shell.warning = warning;
        }
        if let Some(dir_stack) = dir_stack {
            self.shell.dir_stack = dir_stack;
        }
        self.shell.seconds_from = seconds_from;
        if let Some((cwd, vars, functions, options)) = saved {
            self.shell.cwd = cwd;
            self.shell.vars = vars;
            self.shell.functions = functions;
            self.shell.options = options;
        }
        status
    }

    pub(super) fn complete(&mut self, command: &CompleteCommand) {
        self.list(&command.lists, &command.here_docs);
    }

    /// Runs `items` in order; returns the last status.
    fn list(&mut self, items: &[AndOr], docs: &[Word]) -> i32 {
        for item in items {
            if self.stopped() {
                break;
            }
            self.and_or(item, docs);
        }
        self.shell.status
    }

    /// Runs `run` with `set -e` ignored when `quiet`.
    fn quietly<T>(&mut self, quiet: bool, run: impl FnOnce(&mut Self) -> T) -> T {
        self.quiet += usize::from(quiet);
        let result = run(self);
        self.quiet -= usize::from(quiet);
        result
    }

    fn and_or(&mut self, list: &AndOr, docs: &[Word]) -> i32 {
        if list.background {
            self.background(list, docs)
        } else {
            self.foreground(list, docs)
        }
    }

    /// Runs `list` and waits for it: `a && b || c`.
    pub(super) fn foreground(&mut self, list: &AndOr, docs: &[Word]) -> i32 {
        let last = list.rest.len();
        let mut status = self.quietly(last > 0, |e| e.pipeline(&list.first, docs));
        for (i, (connector, pipeline)) in list.rest.iter().enumerate() {
            if self.stopped() {
                break;
            }
            let run = match connector {
                Connector::And => status == 0,
                Connector::Or => status != 0,
            };
            if run {
                status = self.quietly(i + 1 < last, |e| e.pipeline(pipeline, docs));
            }
        }
        status
    }

    fn pipeline(&mut self, pipeline: &Pipeline, docs: &[Word]) -> i32 {
        // Each command of a real pipeline runs in a subshell: `cd` or an
        // assignment there does not change this shell.
        let many = pipeline.commands.len() > 1;
        let started = self.shell.now;
        let mut input = None;
        let mut status = 0;
        let mut failed = 0;
        let mut statuses = Vec::with_capacity(pipeline.commands.len());
        let last = pipeline.commands.len().saturating_sub(1);
        self.quiet += usize::from(pipeline.negated);
        for (i, command) in pipeline.commands.iter().enumerate() {
            if self.halted {
                break;
            }
            let stdin = input.take();
            let (s, piped) = if many {
                let ((_, piped), s) = self.subshell(|e| {
                    let (s, piped) = e.command(command, docs, stdin, i < last);
                    e.shell.status = s;
                    (s, piped)
                });
                (s, piped)
            } else {
                self.command(command, docs, stdin, i < last)
            };
            status = s;
            if s != 0 {
                failed = s;
            }
            statuses.push(s.to_string());
            input = Some(piped);
        }
        self.quiet -= usize::from(pipeline.negated);
        // Each command's own status, before `!` and pipefail.
        self.shell.set_array("PIPESTATUS", statuses);
        if self.shell.options.pipefail {
            status = failed;
        }
        if pipeline.negated {
            status = i32::from(status == 0);
        }
        self.shell.status = status;
        if let Some(timed) = pipeline.timed {
            self.report_time(timed, started);
        }
        // `set -e`, but not for a compound command failing inside (its
        // own commands did not stop it), nor at the prompt. A subshell,
        // `[[ ]]` and `(( ))` fail as one command.
        let compound = matches!(
            pipeline.commands.last(),
            Some(Command::Compound(c, _))
                if !matches!(c, Compound::Subshell(_) | Compound::Cond(_) | Compound::Arith(_))
        );
        if status != 0 && !pipeline.negated && self.quiet == 0 && !compound && !self.stopped() {
            self.err_trap(status);
        }
        if status != 0
            && self.shell.options.errexit
            && !pipeline.negated
            && self.quiet == 0
            && !compound
            && (self.depth > 0 || self.subshells > 0)
            && !self.stopped()
        {
            self.exit = Some(status);
        }
        status
    }

    /// Runs `run` in a subshell: the directory, variables, functions,
    /// options and positional parameters it changes are put back after,
    /// and `exit` there ends only the subshell. Returns what `run` gave
    /// and the subshell's status.
    pub(super) fn subshell<T: Default>(&mut self, run: impl FnOnce(&mut Self) -> T) -> (T, i32) {
        let shell = &*self.shell;
        let saved = (
            shell.cwd.clone(),
            shell.vars.clone(),
            shell.functions.clone(),
            shell.options,
            shell.args.clone(),
        );
        let exit = self.exit.take();
        let flow = self.flow.take();
        let aborted = std::mem::take(&mut self.aborted);
        let loops = std::mem::take(&mut self.loops);
        // Its background children are its own, not this shell's; of the
        // traps, it keeps only the signals ignored.
        let children = std::mem::take(&mut self.shell.children);
        let warning = self.shell.warning.take();
        let dir_stack = self.shell.dir_stack.clone();
        let traps = self.shell.traps.clone();
        self.shell
            .traps
            .retain(|c, action| *c != EXIT && action.is_empty());
        self.subshells += 1;
        let result = if self.nesting() > MAX_FUNCTION_DEPTH {
            self.halt(&format!(
                "subshells nested deeper than {MAX_FUNCTION_DEPTH} levels\n"
            ));
            T::default()
        } else {
            run(self)
        };
        let status = self.exit.unwrap_or(self.shell.status);
        let status = self.exit_trap(status);
        self.subshells -= 1;
        self.exit = exit;
        self.flow = flow;
        // An expansion error ends the subshell, not the line around it.
        self.aborted = aborted;
        self.loops = loops;
        let (cwd, vars, functions, options, args) = saved;
        self.shell.cwd = cwd;
        self.shell.vars = vars;
        self.shell.functions = functions;
        self.shell.options = options;
        self.shell.args = args;
        self.shell.children = children;
        self.shell.warning = warning;
        self.shell.dir_stack = dir_stack;
        self.shell.traps = traps;
        self.shell.status = status;
        (result, status)
    }

    /// Runs `run` with what it prints captured, not shown.
    fn captured<T>(&mut self, run: impl FnOnce(&mut Self) -> T) -> (T, Output) {
        let saved = std::mem::take(&mut self.terminal);
        self.capturing += 1;
        let result = run(self);
        self.capturing -= 1;
        let out = std::mem::replace(&mut self.terminal, saved);
        (result, out)
    }

    /// Runs one command of a pipeline with `stdin` (`None`: the input it
    /// inherits); returns its status and, when `piped`, the output it sent
    /// down the pipe.
    fn command(
        &mut self,
        command: &Command,
        docs: &[Word],
        stdin: Option<String>,
        piped: bool,
    ) -> (i32, String) {
        if !self.step() {
            return (1, String::new());
        }
        match command {
            Command::Simple(simple) => self.simple(simple, docs, stdin, piped),
            Command::Function { name, body, line } => {
                self.shell.functions.insert(name.clone(), body.clone());
                self.shell.function_lines.insert(name.clone(), *line);
                (0, String::new())
            }
            Command::Compound(compound, redirects) => {
                self.compound_with(compound, redirects, docs, stdin, piped)
            }
        }
    }

    /// How deep the commands being run nest, towards
    /// [`MAX_FUNCTION_DEPTH`]: functions and subshells count one level
    /// each, compound commands (whose frames are smaller) half a level.
    fn nesting(&self) -> usize {
        self.functions + self.subshells + self.compounds / 2
    }

    /// Runs a compound command with its redirections.
    fn compound_with(
        &mut self,
        compound: &Compound,
        redirects: &[Redirect],
        docs: &[Word],
        stdin: Option<String>,
        piped: bool,
    ) -> (i32, String) {
        // Past the limit, not at it: a function's own body `{ ...; }` lets
        // the function's check speak first.
        if self.nesting() > MAX_FUNCTION_DEPTH {
            self.halt(&format!(
                "compound commands nested deeper than {MAX_FUNCTION_DEPTH} levels with the functions and subshells around them\n"
            ));
            return (1, String::new());
        }
        self.compounds += 1;
        let result = self.compound_redirected(compound, redirects, docs, stdin, piped);
        self.compounds -= 1;
        result
    }

    /// [`Exec::compound_with`], its depth counted.
    fn compound_redirected(
        &mut self,
        compound: &Compound,
        redirects: &[Redirect],
        docs: &[Word],
        stdin: Option<String>,
        piped: bool,
    ) -> (i32, String) {
        let mut sinks = initial_sinks(piped);
        let mut stdin = stdin;
        if let Err(message) = self.redirect(redirects, docs, &mut stdin, &mut sinks) {
            self.terminal.stderr(&message);
            return (1, String::new());
        }
        let saved_input = stdin.map(|s| std::mem::replace(&mut self.input, Input::new(s)));
        let direct = sinks == initial_sinks(false);
        let (status, out) = if direct {
            (self.compound(compound, docs), None)
        } else {
            let (status, out) = self.captured(|e| e.compound(compound, docs));
            (status, Some(out))
        };
        if let Some(input) = saved_input {
            self.input = input;
        }
        let Some(out) = out else {
            return (status, String::new());
        };
        let (pipe, error) = self.route(out, &sinks);
        if let Some(e) = error {
            let p = self.prefix();
            self.terminal.stderr(&format!("{p}write error: {e}\n"));
            return (1, pipe);
        }
        (status, pipe)
    }

    /// Runs a compound command; returns its status.
    fn compound(&mut self, compound: &Compound, docs: &[Word]) -> i32 {
        match compound {
            Compound::Group(list) => self.list(list, docs),
            Compound::Subshell(list) => self.subshell(|e| e.list(list, docs)).1,
            Compound::If {
                branches,
                otherwise,
            } => {
                for (condition, branch) in branches {
                    let status = self.quietly(true, |e| e.list(condition, docs));
                    if self.stopped() {
                        return status;
                    }
                    if status == 0 {
                        return self.list(branch, docs);
                    }
                }
                match otherwise {
                    Some(list) => self.list(list, docs),
                    None => {
                        self.shell.status = 0;
                        0
                    }
                }
            }
            Compound::Loop {
                until,
                condition,
                body,
            } => {
                let mut status = 0;
                self.loops += 1;
                loop {
                    let test = self.quietly(true, |e| e.list(condition, docs));
                    if self.stopped() || (test == 0) == *until {
                        break;
                    }
                    status = self.list(body, docs);
                    if !self.next_round() {
                        break;
                    }
                }
                self.loops -= 1;
                self.shell.status = status;
                status
            }
            Compound::For { name, words, body } => {
                let values = match words {
                    None => self.shell.args.clone(),
                    Some(words) => match self.expand_words(words) {
                        Ok(values) => values,
                        Err(e) => {
                            return self.expansion_error("for", &e);
                        }
                    },
                };
                if let Err(message) = self.shell.writable(name) {
                    let p = self.prefix();
                    self.terminal.stderr(&format!("{p}{message}\n"));
                    return 1;
                }
                let mut status = 0;
                self.loops += 1;
                for value in values {
                    if !self.step() {
                        break;
                    }
                    self.shell.assign(name, value);
                    status = self.list(body, docs);
                    if !self.next_round() {
                        break;
                    }
                }
                self.loops -= 1;
                self.shell.status = status;
                status
            }
            Compound::Case { word, arms } => self.case(word, arms, docs),
            Compound::Cond(cond) => {
                let status = self.conditional(cond);
                self.shell.status = status;
                status
            }
            Compound::Arith(expr) => {
                let status = match self.arith(expr) {
                    Some(value) => i32::from(value == 0),
                    None => 1,
                };
                self.shell.status = status;
                status
            }
            Compound::ArithFor { exprs, body } => self.arith_for(exprs, body, docs),
        }
    }

    /// `for ((init; condition; step))`: the body while the condition (true
    /// when empty) is not 0. An expression that fails ends the loop with
    /// status 1.
    fn arith_for(
        &mut self,
        [init, condition, step]: &[Word; 3],
        body: &[AndOr],
        docs: &[Word],
    ) -> i32 {
        let mut status = 0;
        self.loops += 1;
        let mut next = Some(init);
        while let Some(expr) = next {
            if self.arith(expr).is_none() {
                status = 1;
                break;
            }
            let go = condition.raw.trim().is_empty() || {
                match self.arith(condition) {
                    Some(value) => value != 0,
                    None => {
                        status = 1;
                        break;
                    }
                }
            };
            if !go || !self.step() {
                break;
            }
            status = self.list(body, docs);
            if !self.next_round() {
                break;
            }
            next = Some(step);
        }
        self.loops -= 1;
        self.shell.status = status;
        status
    }

    /// The value of the expression of `((...))` or `for ((...))` (quotes
    /// removed, traced under `set -x`), or `None` once bash's message
    /// says why it has none.
    fn arith(&mut self, expr: &Word) -> Option<i64> {
        if expr.raw.trim().is_empty() {
            return Some(0);
        }
        let text = match self.expand_string(expr) {
            Ok(text) => text.replace('"', ""),
            Err(e) => {
                self.expansion_error("((", &e);
                return None;
            }
        };
        if self.shell.options.xtrace {
            let plus = "+".repeat(1 + self.subshells.min(8));
            self.terminal
                .stderr(&format!("{plus} (( {} ))\n", text.trim()));
        }
        match arith::eval(&text, &mut *self.shell) {
            Ok(value) => Some(value),
            Err(message) => {
                let p = self.prefix();
                let form = if message.ends_with(READONLY) {
                    ""
                } else {
                    "((: "
                };
                self.terminal.stderr(&format!("{p}{form}{message}\n"));
                None
            }
        }
    }

    /// After a loop's body: whether to run another round, taking the
    /// `break` or `continue` meant for this loop.
    fn next_round(&mut self) -> bool {
        match self.flow {
            Some(Flow::Break(n)) => {
                self.flow = (n > 1).then_some(Flow::Break(n - 1));
                false
            }
            Some(Flow::Continue(n)) if n > 1 => {
                self.flow = Some(Flow::Continue(n - 1));
                false
            }
            Some(Flow::Continue(_)) => {
                self.flow = None;
                true
            }
            Some(Flow::Return) => false,
            None => !self.stopped(),
        }
    }

    /// `case word in ...`: runs the list of the first arm with a matching
    /// pattern.
    fn case(&mut self, word: &Word, arms: &[(Vec<Word>, Vec<AndOr>)], docs: &[Word]) -> i32 {
        let value = match self.expand_string(word) {
            Ok(value) => value,
            Err(e) => {
                return self.expansion_error("case", &e);
            }
        };
        for (patterns, list) in arms {
            for pattern in patterns {
                let pattern = match self.resolve(pattern) {
                    Ok(resolved) => self.shell.expander().pattern(&resolved),
                    Err(e) => Err(e),
                };
                match pattern {
                    Ok(pattern) if super::expand::wildcard_match(&pattern, &value) => {
                        return if list.is_empty() {
                            self.shell.status = 0;
                            0
                        } else {
                            self.list(list, docs)
                        };
                    }
                    Ok(_) => {}
                    Err(e) => {
                        return self.expansion_error("case", &e);
                    }
                }
            }
        }
        self.shell.status = 0;
        0
    }

    /// Prints an expansion error, bash's way; returns the status it gives.
    pub(super) fn expansion_error(&mut self, shown: &str, e: &ExpandError) -> i32 {
        let p = self.prefix();
        let message = match e {
            ExpandError::TooLong => {
                self.terminal.stderr(&format!("{p}{shown}: {e}\n"));
                return 126;
            }
            _ => format!("{p}{e}\n"),
        };
        self.terminal.stderr(&message);
        // `set -u` ends a script; otherwise, as bad arithmetic, it drops
        // the rest of the complete command.
        let script = self.depth > 0 || self.subshells > 0;
        if script && matches!(e, ExpandError::Unbound(_) | ExpandError::Required(_)) {
            // bash -c leaves with 127, a script file or a subshell with 1.
            let string = self.origin.reads_string() && self.subshells == 0;
            self.exit = Some(if string { 127 } else { 1 });
        } else {
            self.aborted = true;
        }
        1
    }

    /// `word` with its command substitutions and arithmetic replaced by
    /// their values ([`Part::Value`]), ready for the pure expander. A
    /// `${x:-word}` whose word is not used keeps it unrun.
    pub(super) fn resolve<'w>(&mut self, word: &'w Word) -> Result<Cow<'w, Word>, ExpandError> {
        if !needs_resolving(&word.parts) {
            return Ok(Cow::Borrowed(word));
        }
        let mut parts = Vec::with_capacity(word.parts.len());
        for part in &word.parts {
            parts.push(self.resolve_part(part)?);
        }
        Ok(Cow::Owned(Word {
            parts,
            raw: word.raw.clone(),
        }))
    }

    fn resolve_part(&mut self, part: &Part) -> Result<Part, ExpandError> {
        Ok(match part {
            Part::Command { source, quoted } => Part::Value {
                text: self.substitute(source),
                quoted: *quoted,
            },
            Part::Arith { expr, quoted } => {
                let text = self.expand_string(expr)?;
                let value =
                    arith::eval(&text, &mut *self.shell).map_err(ExpandError::Arithmetic)?;
                Part::Value {
                    text: value.to_string(),
                    quoted: *quoted,
                }
            }
            // `$?` reads the status as it stands where the word has it:
            // after the substitutions before it, as bash expands left to
            // right.
            Part::Param(p) if p.name == "?" && p.op == ParamOp::Value => Part::Value {
                text: self
                    .last_substitution
                    .unwrap_or(self.shell.status)
                    .to_string(),
                quoted: p.quoted,
            },
            Part::Param(p) => {
                // A subscript's substitutions run first: `${a[$(cmd)]}`.
                let resolved;
                let p = match &p.index {
                    Some(Index::At(word)) if needs_resolving(&word.parts) => {
                        let mut copy = p.clone();
                        copy.index = Some(Index::At(self.resolve(word)?.into_owned()));
                        resolved = copy;
                        &resolved
                    }
                    _ => p,
                };
                let (colon, word) = match &p.op {
                    ParamOp::Default { colon, word }
                    | ParamOp::Alternative { colon, word }
                    | ParamOp::Assign { colon, word }
                    | ParamOp::Require { colon, word } => (*colon, word),
                    // A pattern, replacement or offset: its substitutions
                    // run first (a default's word only when it is used).
                    op if op_needs_resolving(op) => {
                        let mut p = p.clone();
                        for word in p.op.words_mut() {
                            *word = self.resolve(word)?.into_owned();
                        }
                        return Ok(Part::Param(p));
                    }
                    _ => return Ok(Part::Param(p.clone())),
                };
                let value = self.shell.expander().lookup(&p.name);
                let set = value.is_some_and(|v| !(colon && v.is_empty()));
                match p.op {
                    // Set: just its value.
                    ParamOp::Assign { .. } | ParamOp::Require { .. } if set => {
                        return Ok(Part::Param(Param {
                            op: ParamOp::Value,
                            ..p.clone()
                        }));
                    }
                    ParamOp::Assign { .. } if !is_name(&p.name) => {
                        return Err(ExpandError::NotAssignable(p.name.clone()));
                    }
                    ParamOp::Assign { .. } => {
                        self.shell.writable(&p.name).map_err(ExpandError::Refused)?;
                        let text = self.expand_string(word)?;
                        self.shell.assign(&p.name, text.clone());
                        return Ok(Part::Value {
                            text,
                            quoted: p.quoted,
                        });
                    }
                    ParamOp::Require { .. } => {
                        let said = if !word.raw.is_empty() {
                            self.expand_string(word)?
                        } else if colon {
                            "parameter null or not set".to_owned()
                        } else {
                            "parameter not set".to_owned()
                        };
                        return Err(ExpandError::Required(format!("{}: {said}", p.name)));
                    }
                    _ => {}
                }
                let used = set == matches!(p.op, ParamOp::Alternative { .. });
                if !used || !needs_resolving(&word.parts) {
                    return Ok(Part::Param(p.clone()));
                }
                let word = self.resolve(word)?.into_owned();
                let op = match p.op {
                    ParamOp::Default { .. } => ParamOp::Default { colon, word },
                    _ => ParamOp::Alternative { colon, word },
                };
                Part::Param(Param { op, ..p.clone() })
            }
            other => other.clone(),
        })
    }

    /// Runs `source` in a subshell for `$(...)`: its standard output,
    /// without trailing newlines; what it writes to standard error goes on
    /// to the terminal.
    fn substitute(&mut self, source: &str) -> String {
        let line = self.line;
        let ((_, out), status) = self.subshell(|e| {
            // Outside POSIX mode bash clears `set -e` in a substitution.
            e.shell.options.errexit = false;
            let input = std::mem::take(&mut e.input);
            // Its EXIT trap prints into the substitution too.
            let result = e.captured(|e| {
                let status = e.script(source);
                e.exit = Some(e.exit_trap(status));
            });
            e.input = input;
            result
        });
        self.line = line;
        self.last_substitution = Some(status);
        let mut text = String::new();
        for chunk in out.into_chunks() {
            match chunk.stream {
                Stream::Stdout => text.push_str(&chunk.text),
                Stream::Stderr => self.terminal.stderr(&chunk.text),
            }
        }
        text.truncate(text.trim_end_matches('\n').len());
        text
    }

    /// The fields of `words`, substitutions run, as `for` takes them.
    fn expand_words(&mut self, words: &[Word]) -> Result<Vec<String>, ExpandError> {
        let mut room = MAX_EXPANSION;
        let mut values = Vec::new();
        for word in words {
            values.extend(self.expand_word(word, &mut room, |ex, w| ex.fields(w))?);
        }
        Ok(values)
    }

    /// `word` expanded by `expand` right after its substitutions ran, so
    /// that an assignment in `$((...))` shows in the words after it, as
    /// bash expands left to right; `room` is what is left of the
    /// expansion budget the words share.
    fn expand_word<T>(
        &mut self,
        word: &Word,
        room: &mut usize,
        expand: impl FnOnce(&Expander<'_>, &Word) -> Result<T, ExpandError>,
    ) -> Result<T, ExpandError> {
        let word = self.resolve(word)?;
        let (value, warned) = {
            let ex = self.shell.expander();
            ex.room.set(*room);
            let value = expand(&ex, &word);
            *room = ex.room.get();
            (value, ex.warned.take())
        };
        if !warned.is_empty() {
            let p = self.prefix();
            for warning in warned {
                self.terminal.stderr(&format!("{p}{warning}\n"));
            }
        }
        value
    }

    /// `word` as one string, substitutions run.
    pub(super) fn expand_string(&mut self, word: &Word) -> Result<String, ExpandError> {
        let word = self.resolve(word)?;
        self.shell.expander().string(&word, true)
    }

    /// The words and assignments of a command, substitutions run, then
    /// expanded (within one budget), left to right. The declaration
    /// builtins take their `NAME=value` arguments whole, and their
    /// `NAME=(...)` arguments as lists, as bash's do.
    fn expand(&mut self, command: &Simple) -> Result<Expanded, ExpandError> {
        let mut room = MAX_EXPANSION;
        let declaration = command
            .words
            .first()
            .is_some_and(|w| DECLARATIONS.contains(&w.raw.as_str()));
        let mut argv = Vec::new();
        let mut lists = Vec::new();
        let mut traced = Vec::new();
        for (i, word) in command.words.iter().enumerate() {
            let Some(a) = assignment(word).filter(|_| declaration && i > 0) else {
                argv.extend(self.expand_word(word, &mut room, |ex, w| ex.fields(w))?);
                continue;
            };
            if let Some((_, words)) = command.lists.iter().find(|(at, _)| *at == i) {
                let mut values = Vec::new();
                for word in words {
                    values.extend(self.expand_word(word, &mut room, |ex, w| ex.fields(w))?);
                }
                let list = ArrayAssign {
                    name: a.name.clone(),
                    at: None,
                    append: a.append,
                    values,
                };
                traced.push(list.traced(&a));
                lists.push((argv.len(), list));
                argv.push(a.name);
                continue;
            }
            let subscript = match &a.index {
                Some(index) => {
                    let text = self.expand_word(index, &mut room, |ex, w| ex.string(w, false))?;
                    format!("[{text}]")
                }
                None => String::new(),
            };
            let value = self.expand_word(&a.value, &mut room, |ex, w| ex.string(w, true))?;
            let op = if a.append { "+=" } else { "=" };
            argv.push(format!("{}{subscript}{op}{value}", a.name));
        }
        // The assignments after the words, as bash expands them.
        let mut expanded = Expanded {
            argv,
            lists,
            assigns: Vec::new(),
            arrays: Vec::new(),
            traced,
        };
        for a in &command.assignments {
            self.expand_assignment(a, &mut room, &mut expanded)?;
        }
        Ok(expanded)
    }

    /// One assignment of a command, expanded into `expanded`: a variable's
    /// value, or an array's elements.
    fn expand_assignment(
        &mut self,
        a: &Assignment,
        room: &mut usize,
        expanded: &mut Expanded,
    ) -> Result<(), ExpandError> {
        let name = a.name.clone();
        let at = match &a.index {
            Some(index) => {
                let text = self.expand_word(index, room, |ex, w| ex.string(w, false))?;
                let n = arith::eval(&text, &mut *self.shell).map_err(ExpandError::Arithmetic)?;
                Some((text.trim().to_owned(), n))
            }
            None => None,
        };
        let values = match &a.list {
            // Each element word split and globbed, as a command's words.
            Some(words) => {
                let mut values = Vec::new();
                for word in words {
                    values.extend(self.expand_word(word, room, |ex, w| ex.fields(w))?);
                }
                values
            }
            None => {
                let value = self.expand_word(&a.value, room, |ex, w| ex.string(w, true))?;
                if at.is_none() {
                    let op = if a.append { "+=" } else { "=" };
                    expanded
                        .traced
                        .push(format!("{name}{op}{}", trace_quote(&value)));
                    let value = match a.append {
                        true => self.shell.var(&name).unwrap_or_default().to_owned() + &value,
                        false => value,
                    };
                    expanded.assigns.push((name, value));
                    return Ok(());
                }
                vec![value]
            }
        };
        let array = ArrayAssign {
            name,
            at,
            append: a.append,
            values,
        };
        expanded.traced.push(array.traced(a));
        expanded.arrays.push(array);
        Ok(())
    }

    /// Makes an assignment to an array; `false`, having said why, for an
    /// element before the first (the rest of the command is dropped).
    fn assign_array(&mut self, a: ArrayAssign) -> bool {
        let existed = self.shell.vars.contains_key(&a.name);
        let var = self
            .shell
            .vars
            .get_or_insert_with(a.name.clone(), Var::array);
        match a.at {
            None => var.set_list(a.values, a.append),
            Some((text, n)) => match var.index(n) {
                Some(i) => var.set_element(i, &a.values.concat(), a.append),
                // As a failed expansion, it drops the rest of the command.
                None => {
                    let p = self.prefix();
                    self.terminal
                        .stderr(&format!("{p}{}[{text}]: bad array subscript\n", a.name));
                    if !existed {
                        self.shell.vars.remove(&a.name);
                    }
                    self.aborted = true;
                    return false;
                }
            },
        }
        true
    }

    /// `eval STRING`: runs `text` in this shell as a script of its own
    /// (a syntax error ends it with status 2), what it prints going to
    /// `out`; returns its status.
    pub(super) fn eval(&mut self, text: &str, out: &mut Output) -> i32 {
        let src = format!("{text}\n");
        let evaluating = self.origin.evaluating();
        let origin = std::mem::replace(&mut self.origin, evaluating);
        let line = self.line;
        let (incomplete, captured) = self.captured(|e| {
            e.shell.status = 0;
            e.source(&src, false)
        });
        for chunk in captured.into_chunks() {
            out.push(chunk.stream, &chunk.text);
        }
        if let Some(pos) = incomplete {
            let (at, message) = unfinished(&src, pos, line.max(1));
            out.stderr(&format!("{}{message}\n", self.origin.syntax_prefix(at)));
            self.shell.status = 2;
        }
        self.origin = origin;
        self.line = line;
        self.shell.status
    }

    /// The end of a shell's script that ended with `status`: the signals
    /// its last command ran into (the warning, the time limit's SIGTERM),
    /// then the `EXIT` trap; the status the shell ends with.
    pub(super) fn finish_script(&mut self, status: i32) -> i32 {
        if self.shell.terminated && self.shell.past_deadline() {
            // SIGKILL, KillWait after the SIGTERM: no trap runs.
            return 128 + 9;
        }
        self.exit = None;
        self.shell.status = status;
        if self.warned() && self.shell.past_deadline() {
            self.terminate();
        }
        // A signal that ended it leaves it so: its EXIT trap sees `$?` as
        // it was, and an `exit` there changes nothing.
        if let Some((signal, before)) = self.shell.killed_by {
            self.exit_trap(before);
            return 128 + i32::from(signal);
        }
        self.exit_trap(status)
    }

    /// Runs the `EXIT` trap, if one is set, as this shell ends with
    /// `status` (its `$?` there); returns the status the shell ends with,
    /// which only an `exit` in the trap changes.
    pub(super) fn exit_trap(&mut self, status: i32) -> i32 {
        let Some(action) = self.shell.traps.remove(&EXIT) else {
            return status;
        };
        if action.is_empty() || self.halted {
            return status;
        }
        self.exit = None;
        self.flow = None;
        self.aborted = false;
        self.shell.status = status;
        self.source(&format!("{action}\n"), false);
        self.exit.take().unwrap_or(status)
    }

    /// The time limit's SIGTERM, when the clock has reached it: the
    /// command running is killed then, and the shell has `KillWait`
    /// seconds more. A `TERM` trap runs and the script goes on (an
    /// ignored TERM changes nothing); without one bash dies of the signal
    /// (status 143), its `EXIT` trap still run. Returns whether the shell
    /// goes on.
    fn terminate(&mut self) -> bool {
        let Some((at, grace)) = self.shell.time_limit else {
            return false;
        };
        if self.shell.terminated || self.shell.now < at {
            return false;
        }
        self.shell.terminated = true;
        self.shell.now = at;
        self.shell.deadline = Some(at.saturating_add(grace));
        match self.shell.traps.get(&TERM).cloned() {
            Some(action) => {
                let status = self.shell.status;
                self.source(&format!("{action}\n"), false);
                if self.exit.is_none() {
                    self.shell.status = status;
                }
                self.exit.is_none()
            }
            None => {
                self.shell.killed_by = Some((TERM, self.shell.status));
                self.exit = Some(128 + i32::from(TERM));
                false
            }
        }
    }

    /// Runs the `ERR` trap after a command failed, keeping `$?`; not
    /// inside itself, nor in a function (bash without `set -E`).
    fn err_trap(&mut self, status: i32) {
        let Some(action) = self.shell.traps.get(&ERR).cloned() else {
            return;
        };
        if action.is_empty() || self.in_err_trap || self.functions > 0 {
            return;
        }
        self.in_err_trap = true;
        self.source(&format!("{action}\n"), false);
        self.in_err_trap = false;
        self.shell.status = status;
    }

    /// Drops the rest of the complete command, as bash does after a
    /// builtin's bad arithmetic (`declare 'a[1+]=x'`).
    pub(super) fn abort_line(&mut self) {
        self.aborted = true;
    }

    /// One line of `set -x`'s trace (`+ x=1`), on standard error.
    pub(super) fn trace_line(&mut self, line: &str) {
        let plus = "+".repeat(1 + self.subshells.min(8));
        self.terminal.stderr(&format!("{plus} {line}\n"));
    }

    /// `set -x`: the command about to run, on standard error; each
    /// assignment on a line of its own, as bash 5.2 shows them.
    fn trace(&mut self, expanded: &Expanded) {
        let plus = "+".repeat(1 + self.subshells.min(8));
        let mut lines = String::new();
        for assignment in &expanded.traced {
            lines.push_str(&format!("{plus} {assignment}\n"));
        }
        if !expanded.argv.is_empty() {
            lines.push_str(&plus);
            for arg in &expanded.argv {
                lines.push(' ');
                lines.push_str(&trace_quote(arg));
            }
            lines.push('\n');
        }
        self.terminal.stderr(&lines);
    }

    /// Runs one simple command with `stdin` (`None`: the input it
    /// inherits); returns its status and, when `piped`, the output it sent
    /// down the pipe.
    fn simple(
        &mut self,
        command: &Simple,
        docs: &[Word],
        stdin: Option<String>,
        piped: bool,
    ) -> (i32, String) {
        self.line = command.line;
        self.shell.lineno = if self.origin.reads_input() {
            command.line
        } else {
            self.shell.history.len().max(1)
        };
        match self.aliased(command) {
            None => self.simple_command(command, docs, stdin, piped),
            Some(Aliased::Simple(command)) => self.simple_command(&command, docs, stdin, piped),
            Some(Aliased::Line(line, name)) => {
                let alone = !piped
                    && stdin.is_none()
                    && command.redirects.is_empty()
                    && command.assignments.is_empty();
                if !alone {
                    let p = self.prefix();
                    self.terminal.stderr(&format!(
                        "{p}{name}: an alias of more than one command runs only alone on its line in this simulated shell\n"
                    ));
                    return (1, String::new());
                }
                self.aliasing.push(name);
                self.source(&line, false);
                self.aliasing.pop();
                (self.shell.status, String::new())
            }
        }
    }

    /// A simple command, its aliases expanded.
    fn simple_command(
        &mut self,
        command: &Simple,
        docs: &[Word],
        stdin: Option<String>,
        piped: bool,
    ) -> (i32, String) {
        if !self.warned() || self.shell.past_deadline() && !self.terminate() {
            let status = *self.exit.get_or_insert(self.shell.status);
            return (status, String::new());
        }
        self.last_substitution = None;
        let expanded = match self.expand(command) {
            Ok(expanded) => expanded,
            Err(e) => {
                let shown = command
                    .words
                    .first()
                    .map_or("", |w| w.raw.as_str())
                    .to_owned();
                let status = self.expansion_error(&shown, &e);
                return (status, String::new());
            }
        };
        if self.halted {
            return (1, String::new());
        }
        if self.shell.options.xtrace {
            self.trace(&expanded);
        }
        let Expanded {
            argv,
            lists,
            assigns,
            arrays,
            ..
        } = expanded;
        let mut sinks = initial_sinks(piped);
        let mut stdin = stdin;
        if let Err(message) = self.redirect(&command.redirects, docs, &mut stdin, &mut sinks) {
            self.terminal.stderr(&message);
            return (1, String::new());
        }
        let Some(name) = argv.first().cloned() else {
            let mut status = self.last_substitution.unwrap_or(0);
            let names: Vec<String> = assigns
                .iter()
                .map(|(name, _)| name.clone())
                .chain(arrays.iter().map(|a| a.name.clone()))
                .collect();
            if let Some(Err(message)) = names
                .iter()
                .map(|n| self.shell.writable(n))
                .find(Result::is_err)
            {
                // As bash, a script (or `bash -c`) ends; at the prompt the
                // rest of the command is dropped.
                let p = self.prefix();
                self.terminal.stderr(&format!("{p}{message}\n"));
                if self.depth > 0 || self.subshells > 0 {
                    self.exit = Some(1);
                } else {
                    self.aborted = true;
                }
                return (1, String::new());
            }
            for (name, value) in assigns {
                self.shell.assign(&name, value);
            }
            for array in arrays {
                if !self.assign_array(array) {
                    status = 1;
                }
            }
            return (status, String::new());
        };
        // A command's own assignment to a read-only variable is refused;
        // the command runs.
        let assigns: Vec<(String, String)> = assigns
            .into_iter()
            .filter(|(name, _)| match self.shell.writable(name) {
                Ok(()) => true,
                Err(message) => {
                    let p = self.prefix();
                    self.terminal.stderr(&format!("{p}{message}\n"));
                    false
                }
            })
            .collect();
        let mut out = Output::new();
        let to_terminal = sinks[0] == Sink::Terminal(Stream::Stdout) && self.capturing == 0;
        // The command reads its own input, or takes from what it inherits.
        let inherited = stdin.is_none();
        self.tty = inherited
            && self.depth + self.subshells + self.capturing == 0
            && self.input.rest().is_empty();
        let mut input = match stdin {
            Some(text) => Input::new(text),
            None => std::mem::take(&mut self.input),
        };
        self.lists = lists;
        let mut status = self.dispatch(&argv, &assigns, &mut input, to_terminal, &mut out);
        self.lists.clear();
        if inherited {
            self.input = input;
        }
        if out.is_truncated() {
            let p = self.prefix();
            self.terminal.stderr(&format!(
                "{p}{name}: output cut at {MAX_OUTPUT} bytes (the simulated shell's limit)\n"
            ));
        }
        let (pipe, write_error) = self.route(out, &sinks);
        if let Some(e) = write_error {
            let prefix =
                if builtins::find(&name).is_some() || BASH_BUILTIN_TOOLS.contains(&name.as_str()) {
                    self.prefix()
                } else {
                    String::new()
                };
            self.terminal
                .stderr(&format!("{prefix}{name}: write error: {e}\n"));
            status = 1;
        }
        (status, pipe)
    }

    /// Sends `out` where `sinks` say; returns what went down the pipe and
    /// the last error writing a file.
    fn route(&mut self, out: Output, sinks: &[Sink; 2]) -> (String, Option<FsError>) {
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
        (pipe.text(Stream::Stdout), write_error)
    }

    /// Applies `redirects` in order: `stdin` and the sinks of descriptors
    /// 1 and 2. Files for output are created (and truncated) now, as bash
    /// opens them before the command runs.
    fn redirect(
        &mut self,
        redirects: &[Redirect],
        docs: &[Word],
        stdin: &mut Option<String>,
        sinks: &mut [Sink; 2],
    ) -> Result<(), String> {
        let p = self.prefix();
        for r in redirects {
            let sink = match &r.target {
                Target::Read(word) => {
                    let (path, shown) = self.redirect_path(word)?;
                    let text = self
                        .shell
                        .fs
                        .read(&path)
                        .map_err(|e| format!("{p}{shown}: {e}\n"))?;
                    if r.fd == 0 {
                        *stdin = Some(text.to_owned());
                    }
                    continue;
                }
                Target::HereDoc(index) => {
                    if r.fd == 0 {
                        let body = docs.get(*index).cloned().unwrap_or_default();
                        let body = self.resolve(&body).map_err(|e| format!("{p}<<: {e}\n"))?;
                        *stdin = Some(
                            self.shell
                                .expander()
                                .string(&body, false)
                                .map_err(|e| format!("{p}<<: {e}\n"))?,
                        );
                    }
                    continue;
                }
                Target::HereString(word) => {
                    if r.fd == 0 {
                        let text = self
                            .expand_string(word)
                            .map_err(|e| format!("{p}{}: {e}\n", word.raw))?;
                        *stdin = Some(text + "\n");
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
                        .map_err(|e| format!("{p}{shown}: {e}\n"))?;
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
    fn redirect_path(&mut self, word: &Word) -> Result<(String, String), String> {
        let p = self.prefix();
        let error = |e: ExpandError| format!("{p}{}: {e}\n", word.raw);
        let resolved = self.resolve(word).map_err(error)?;
        let mut fields = self.shell.expander().fields(&resolved).map_err(error)?;
        if fields.len() != 1 {
            return Err(format!("{p}{}: ambiguous redirect\n", word.raw));
        }
        let shown = fields.pop().unwrap_or_default();
        let path = self
            .shell
            .fs
            .resolve(&self.shell.cwd, &shown)
            .map_err(|e| format!("{p}{shown}: {e}\n"))?;
        Ok((path, shown))
    }

    /// Runs `argv`: a builtin, a file given by path, a plugged-in command,
    /// a tool, or "command not found".
    pub(super) fn dispatch(
        &mut self,
        argv: &[String],
        assigns: &[(String, String)],
        stdin: &mut Input,
        to_terminal: bool,
        out: &mut Output,
    ) -> i32 {
        let name = argv[0].as_str();
        if let Some(body) = self.shell.functions.get(name).cloned() {
            let saved = std::mem::replace(&mut self.input, std::mem::take(stdin));
            let status = self.call(&body, argv, out);
            *stdin = std::mem::replace(&mut self.input, saved);
            return status;
        }
        if let Some(reader) = builtins::reader(name) {
            // `IFS=, read ...`: the line's own IFS while it reads.
            let ifs = assigns.iter().rev().find(|(n, _)| n == "IFS");
            let saved = ifs.map(|_| self.shell.vars.get("IFS").cloned());
            if let Some((_, value)) = ifs {
                self.shell.assign("IFS", value.clone());
            }
            let status = self.placing(out, |e, out| reader(e, argv, stdin, out));
            match saved {
                Some(Some(var)) => {
                    self.shell.vars.insert("IFS".to_owned(), var);
                }
                Some(None) => self.shell.unset_var("IFS"),
                None => {}
            }
            return status;
        }
        if let Some(inner) = argv
            .get(1)
            .filter(|a| name == "command" && !a.starts_with('-'))
        {
            // `command NAME ARGS`: NAME itself, past any function of
            // that name.
            let function = self.shell.functions.remove(inner);
            let status = self.dispatch(&argv[1..], assigns, stdin, to_terminal, out);
            if let Some(body) = function {
                self.shell.functions.insert(inner.clone(), body);
            }
            return status;
        }
        // A program by its path (`/usr/bin/squeue`) runs as by its name;
        // by its name, bash must find it along `PATH` first.
        let by_path;
        let mut path = None;
        let argv = match name.contains('/').then(|| self.program_at(name)).flatten() {
            Some((program, full)) => {
                path = Some(full);
                by_path = [&[program][..], &argv[1..]].concat();
                &by_path[..]
            }
            None => {
                if !name.contains('/')
                    && self.is_program(name)
                    && let Err(complaint) = self.find_program(name, assigns)
                {
                    return self.placing(out, |_, out| {
                        out.stderr(&complaint);
                        127
                    });
                }
                argv
            }
        };
        let name = argv[0].as_str();
        if let Some(builtin) = builtins::find(name) {
            let saved = std::mem::replace(&mut self.input, std::mem::take(stdin));
            let status = if SELF_PLACED.contains(&name) {
                (builtin.run)(self, argv, out)
            } else {
                self.placing(out, |e, out| (builtin.run)(e, argv, out))
            };
            *stdin = std::mem::replace(&mut self.input, saved);
            return status;
        }
        if name == "sudo" {
            let status = self.sudo(argv, stdin, to_terminal, out);
            // A command that reads the terminal (`sudo scontrol`) reads
            // each line through sudo, as root.
            if let Some(reader) = self.shell.reader.as_mut() {
                *reader = argv.to_vec();
            }
            return status;
        }
        if name == "timeout" {
            return self.timeout(argv, stdin, to_terminal, out);
        }
        if name == "xargs" {
            let input = stdin.rest().to_owned();
            stdin.consume(input.len());
            return self.xargs(argv, &input, to_terminal, out);
        }
        if name == "find" {
            let env = self.shell.environment(assigns);
            return self.find(argv, &env, to_terminal, out);
        }
        if name == "which" {
            // It runs with the line's own assignments (`PATH=/bin which ls`).
            let env = self.shell.environment(assigns);
            let path = env.get("PATH").map_or("", String::as_str);
            return self.which(argv, path, out);
        }
        if name.contains('/') {
            return self.run_file(argv, out);
        }
        let env = self.shell.environment(assigns);
        let shell_prefix = self.prefix();
        let shell = &mut *self.shell;
        let mut call = Call {
            argv,
            path: path.as_deref(),
            stdin: stdin.rest(),
            env: &env,
            cwd: &shell.cwd,
            user: &shell.user,
            host: &shell.host,
            now: shell.now,
            until: self.until,
            to_terminal,
            tty: self.tty,
            reads_terminal: None,
            fs: &mut shell.fs,
            out,
            shell_prefix: &shell_prefix,
        };
        if self.commands.has(name) {
            let status = self.commands.run(&mut call);
            if let Some(input) = call.reads_terminal.take().filter(|_| call.tty) {
                shell.reader = Some(argv.to_vec());
                shell.reader_input = input;
            }
            // A command that took simulated time moved the call's clock.
            shell.now = shell.now.max(call.now);
            status
        } else if let Some(status) = super::run_tool(&mut call) {
            status
        } else if lookup::is_bash_builtin(name) {
            // `type` calls it a builtin, as bash would: say why it does
            // not run rather than that it is not found.
            call.out.stderr(&format!(
                "{shell_prefix}{name}: this bash builtin is not available in this simulated shell\n"
            ));
            1
        } else {
            call.not_found()
        }
    }

    /// Runs `run`, which words bash's messages as at the prompt (`bash:
    /// cd: ...`), then starts them as this shell starts its own: in a
    /// script, with its name and the line.
    fn placing(
        &mut self,
        out: &mut Output,
        run: impl FnOnce(&mut Self, &mut Output) -> i32,
    ) -> i32 {
        let mark = out.mark();
        let status = run(self, out);
        out.restart_messages(mark, &self.prefix());
        status
    }

    /// Calls the function whose body is `body` with `argv` (its name
    /// first); what it prints goes to `out`.
    fn call(&mut self, body: &str, argv: &[String], out: &mut Output) -> i32 {
        if self.nesting() >= MAX_FUNCTION_DEPTH {
            self.halt(&format!(
                "{}: maximum function nesting level exceeded ({MAX_FUNCTION_DEPTH})\n",
                argv[0]
            ));
            return 1;
        }
        let src = format!("{body}\n");
        let first = self.shell.function_lines.get(&argv[0]).copied();
        let Ok(Parsed::Command(command, _)) = parse_next(&src, (0, first.unwrap_or(1)), false)
        else {
            out.stderr(&format!(
                "{}{}: the function's body does not parse again\n",
                self.prefix(),
                argv[0]
            ));
            return 1;
        };
        let line = self.line;
        let args = std::mem::replace(&mut self.shell.args, argv[1..].to_vec());
        let loops = std::mem::take(&mut self.loops);
        self.functions += 1;
        self.locals.push(Vec::new());
        let getopts = self.shell.getopts.clone();
        let (_, captured) = self.captured(|e| e.complete(&command));
        let frame = self.locals.pop().unwrap_or_default();
        // A function with its own OPTIND leaves getopts where it was.
        let own_optind = frame.iter().any(|(name, _)| name == "OPTIND");
        for (name, old) in frame.into_iter().rev() {
            match old {
                Some(var) => self.shell.vars.insert(name, var),
                None => self.shell.vars.remove(&name),
            };
        }
        if own_optind {
            self.shell.getopts = getopts;
        }
        self.functions -= 1;
        self.loops = loops;
        self.line = line;
        self.shell.args = args;
        if self.flow == Some(Flow::Return) {
            self.flow = None;
        }
        for chunk in captured.into_chunks() {
            out.push(chunk.stream, &chunk.text);
        }
        self.shell.status
    }

    /// `./job.sh ARGS`: runs an executable file as a script in a child
    /// shell.
    fn run_file(&mut self, argv: &[String], out: &mut Output) -> i32 {
        let name = argv[0].as_str();
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
                let args = (name.to_owned(), argv[1..].to_vec());
                let origin = Origin::file(name);
                return self.nested((&text, origin), out, Some(Options::default()), Some(args));
            }
        };
        out.stderr(&format!("{}{name}: {error}\n", self.prefix()));
        status
    }

    /// The text of the script file `name`.
    pub(super) fn read_script(&self, name: &str) -> Result<String, FsError> {
        let path = self.shell.fs.resolve(&self.shell.cwd, name)?;
        self.shell.fs.read(&path).map(str::to_owned)
    }
}

/// How many lines end in `src` between bytes `from` and `to`.
fn newlines(src: &str, from: usize, to: usize) -> usize {
    src.get(from..to).map_or(0, |s| s.matches('\n').count())
}

/// The builtins that run scripts: what those print is placed already.
/// What bash says of a script `src` (its first line `first`) that ends
/// inside a command begun at `pos`, and the line it names: a quote left
/// open, on the line it opened, or the end of the file.
fn unfinished(src: &str, pos: usize, first: usize) -> (usize, String) {
    match unclosed_quote(src, pos) {
        Some((quote, at)) => (
            first + newlines(src, 0, at),
            format!("unexpected EOF while looking for matching `{quote}'"),
        ),
        None => (
            first + newlines(src, 0, src.len()),
            "syntax error: unexpected end of file".to_owned(),
        ),
    }
}

/// Builtins whose messages start as they should already: those of the
/// shells and scripts a runner started, and getopts's `$0: `.
const SELF_PLACED: [&str; 7] = [".", "bash", "eval", "getopts", "sh", "source", "watch"];

/// Tools that are builtins in real bash, whose errors bash prefixes with
/// `bash: `.
const BASH_BUILTIN_TOOLS: [&str; 4] = ["echo", "pwd", "true", "false"];

/// The sinks of a command before its redirections: the pipe or the
/// terminal, and the terminal.
fn initial_sinks(piped: bool) -> [Sink; 2] {
    let stdout = if piped {
        Sink::Pipe
    } else {
        Sink::Terminal(Stream::Stdout)
    };
    [stdout, Sink::Terminal(Stream::Stderr)]
}

/// Whether `parts` hold a command substitution or arithmetic to run, or
/// a `$?` that one may change.
fn needs_resolving(parts: &[Part]) -> bool {
    parts.iter().any(|part| match part {
        Part::Command { .. } | Part::Arith { .. } => true,
        Part::Param(Param {
            index: Some(Index::At(subscript)),
            ..
        }) if needs_resolving(&subscript.parts) => true,
        Part::Param(Param {
            op: ParamOp::Value,
            name,
            ..
        }) => name == "?",
        Part::Param(Param { op, .. }) => op_needs_resolving(op),
        _ => false,
    })
}

/// Whether a word inside `op` (a pattern, an offset) needs resolving.
fn op_needs_resolving(op: &ParamOp) -> bool {
    match op {
        ParamOp::Value | ParamOp::Length | ParamOp::Bad { .. } => false,
        // They assign, or fail: the executor's to do.
        ParamOp::Assign { .. } | ParamOp::Require { .. } => true,
        op => op
            .clone()
            .words_mut()
            .iter()
            .any(|w| needs_resolving(&w.parts)),
    }
}

/// A word as `set -x` shows it: in single quotes if it has blanks or
/// characters special to the shell.
pub(super) fn trace_quote(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:=,+@%^".contains(c));
    if plain {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}
