//! Where a command name leads, as bash and Debian find it: `command -v`
//! (a keyword, function or builtin names itself, a program its path
//! along `$PATH`), `command NAME ARGS` (runs NAME past any function of
//! that name) and `which` (programs only, `-a` for every match). The
//! shell's programs live in `/usr/bin`, which a merged `/usr` also shows
//! as `/bin`; the GPU nodes' `all_reduce_perf` and `torchrun` in
//! `/usr/local/bin`.

use serde::{Deserialize, Serialize};

use super::command::Output;
use super::exec::Exec;
use super::tools;
use crate::sim::slurm::node_tools::PYTHON_DIRS;

/// `which`'s line in `help`.
pub(super) const WHICH_SUMMARY: &str =
    "print where each program is found along $PATH (-a: every match)";

/// bash's own builtins (`enable -a`), which `command -v` names as they are.
const BASH_BUILTINS: &[&str] = &[
    ".",
    ":",
    "[",
    "alias",
    "bg",
    "bind",
    "break",
    "builtin",
    "caller",
    "cd",
    "command",
    "compgen",
    "complete",
    "compopt",
    "continue",
    "declare",
    "dirs",
    "disown",
    "echo",
    "enable",
    "eval",
    "exec",
    "exit",
    "export",
    "false",
    "fc",
    "fg",
    "getopts",
    "hash",
    "help",
    "history",
    "jobs",
    "kill",
    "let",
    "local",
    "logout",
    "mapfile",
    "popd",
    "printf",
    "pushd",
    "pwd",
    "read",
    "readarray",
    "readonly",
    "return",
    "set",
    "shift",
    "shopt",
    "source",
    "suspend",
    "test",
    "times",
    "trap",
    "true",
    "type",
    "typeset",
    "ulimit",
    "umask",
    "unalias",
    "unset",
    "wait",
];

/// Whether `name` is one of bash's own builtins.
pub(super) fn is_bash_builtin(name: &str) -> bool {
    BASH_BUILTINS.contains(&name)
}

/// bash's reserved words.
const KEYWORDS: &[&str] = &[
    "!", "[[", "]]", "case", "coproc", "do", "done", "elif", "else", "esac", "fi", "for",
    "function", "if", "in", "select", "then", "time", "until", "while", "{", "}",
];

/// Commands that Lmod defines as shell functions, not programs.
const LMOD_FUNCTIONS: &[&str] = &["ml", "module"];

/// The shell's builtins that are programs on a real system.
const PROGRAM_BUILTINS: &[&str] = &["[", "bash", "clear", "man", "sh", "sleep", "test", "watch"];

/// The programs the interpreter runs itself, since they run or find other
/// commands: their names and their lines in `help`.
pub(super) const RUNNERS: [(&str, &str); 5] = [
    ("find", super::find::SUMMARY),
    ("sudo", super::sudo::SUMMARY),
    ("timeout", super::timeout::SUMMARY),
    ("which", WHICH_SUMMARY),
    ("xargs", super::xargs::SUMMARY),
];

impl Exec<'_> {
    /// The directories the program `name` lives in on this host (none
    /// when the shell does not run it as a program).
    fn program_dirs(&self, name: &str) -> &'static [&'static str] {
        let program = tools::find(name).is_some()
            || PROGRAM_BUILTINS.contains(&name)
            || RUNNERS.iter().any(|(n, _)| *n == name)
            || self.commands.has(name);
        if !program || LMOD_FUNCTIONS.contains(&name) {
            return &[];
        }
        match name {
            "all_reduce_perf" | "torchrun" => &["/usr/local/bin"],
            "python" | "python3" => &PYTHON_DIRS,
            _ => &["/usr/bin"],
        }
    }

    /// The paths of the program `name` along the shell's `$PATH`: the
    /// first, or with `all` every one.
    fn program_paths(&self, name: &str, all: bool) -> Vec<String> {
        let path = self.shell.var("PATH").unwrap_or_default();
        self.paths_along(path, name, all)
    }

    /// The paths of the program `name` along `path`.
    fn paths_along(&self, path: &str, name: &str, all: bool) -> Vec<String> {
        let dirs = self.program_dirs(name);
        let mut found = Vec::new();
        for entry in path.split(':') {
            let entry = entry.trim_end_matches('/');
            if dirs.iter().any(|dir| holds(dir, entry)) {
                found.push(format!("{entry}/{name}"));
                if !all {
                    break;
                }
            }
        }
        found
    }

    /// What `type` (and `command -v`/`-V`) says of `name`, as bash's
    /// `describe_command` says it: a keyword, function or builtin (unless
    /// `ask.force_path`), then an absolute program, then the hash table
    /// (unless `ask.all`), then each program along `$PATH`. `None` if
    /// nothing matched; a match in `-p` form may print no line.
    fn describe(&mut self, name: &str, ask: Ask) -> Option<Vec<String>> {
        let mut lines = Vec::new();
        let mut found = false;
        let say = |kind: &str, sentence: String, path: Option<&str>| -> Option<String> {
            if ask.kind {
                Some(kind.to_owned())
            } else if ask.path {
                path.map(str::to_owned)
                    .or_else(|| ask.names.then(|| name.to_owned()))
            } else {
                Some(sentence)
            }
        };
        if let Some(value) = self.shell.aliases.get(name).filter(|_| !ask.force_path) {
            let line = if ask.kind {
                Some("alias".to_owned())
            } else if ask.path {
                ask.names
                    .then(|| super::builtins::alias_definition(name, value))
            } else {
                Some(format!("{name} is aliased to `{value}'"))
            };
            lines.extend(line);
            if !ask.all {
                return Some(lines);
            }
            found = true;
        }
        let function = self.shell.functions.get(name).cloned();
        let shell_kinds = [
            (KEYWORDS.contains(&name), "keyword"),
            (!ask.no_functions && function.is_some(), "function"),
            (
                !ask.no_functions && LMOD_FUNCTIONS.contains(&name),
                "function",
            ),
            (BASH_BUILTINS.contains(&name), "builtin"),
        ];
        for (_, kind) in shell_kinds.iter().filter(|(is, _)| *is && !ask.force_path) {
            let sentence = match (*kind, &function) {
                ("keyword", _) => format!("{name} is a shell keyword"),
                ("builtin", _) => format!("{name} is a shell builtin"),
                (_, Some(body)) => format!("{name} is a function\n{name} () \n{body}"),
                _ => format!("{name} is a function"),
            };
            lines.extend(say(kind, sentence, None));
            if !ask.all {
                return Some(lines);
            }
            found = true;
        }
        if name.contains('/') {
            if self.program_at(name).is_some() {
                lines.extend(say("file", format!("{name} is {name}"), Some(name)));
                return Some(lines);
            }
        } else if let Some(path) = (!ask.all || ask.force_path)
            .then(|| {
                let along = self.shell.var("PATH").map(str::to_owned);
                self.shell.hashed.hit(along.as_deref(), name)
            })
            .flatten()
        {
            lines.extend(say(
                "file",
                format!("{name} is hashed ({path})"),
                Some(&path),
            ));
            return Some(lines);
        }
        for path in self.program_paths(name, ask.all) {
            lines.extend(say("file", format!("{name} is {path}"), Some(&path)));
            found = true;
        }
        found.then_some(lines)
    }

    /// The program an absolute or relative path names (`/usr/bin/squeue`,
    /// `../../bin/sinfo`), if the path is where it lives: its name and
    /// the path made absolute.
    pub(super) fn program_at(&self, path: &str) -> Option<(String, String)> {
        let full = normalize(&self.shell.cwd, path);
        let (dir, name) = full.rsplit_once('/')?;
        let dirs = self.program_dirs(name);
        let name = name.to_owned();
        dirs.iter()
            .any(|home| holds(home, dir))
            .then_some((name, full))
    }

    /// Finds the program `name` along the `PATH` it runs with (a
    /// `PATH=` of its own line first), as bash does before it runs it:
    /// `Err` with bash's complaint if no directory holds it. Found along
    /// the shell's own `PATH`, it goes in the hash table.
    pub(super) fn find_program(
        &mut self,
        name: &str,
        assigns: &[(String, String)],
    ) -> Result<(), String> {
        let own = assigns.iter().rev().find(|(k, _)| k == "PATH");
        let path = match own {
            Some((_, v)) => Some(v.clone()),
            None => self.shell.var("PATH").map(str::to_owned),
        };
        let path = path.filter(|p| !p.is_empty()).ok_or_else(|| {
            // bash looks a name up in no directory as a file of the cwd.
            format!("bash: {name}: No such file or directory\n")
        })?;
        if own.is_none() && self.shell.hashed.hit(Some(&path), name).is_some() {
            return Ok(());
        }
        let found = self.paths_along(&path, name, false).into_iter().next();
        let found = found.ok_or_else(|| format!("bash: {name}: command not found\n"))?;
        if own.is_none() {
            self.shell.hashed.put(&path, name, found, 1);
        }
        Ok(())
    }

    /// Whether bash looks `name` up as a program: one this host has that
    /// is not also one of bash's builtins.
    pub(super) fn is_program(&self, name: &str) -> bool {
        !BASH_BUILTINS.contains(&name) && !self.program_dirs(name).is_empty()
    }

    /// Whether `execvp` would start `name` (a path, or a program along
    /// `PATH`): what `xargs` and `timeout` can run.
    pub(super) fn runs(&mut self, name: &str) -> bool {
        name.contains('/')
            || (!self.program_dirs(name).is_empty() && self.find_program(name, &[]).is_ok())
    }
}

/// Whether the directory `entry` (of a `PATH`, or a program's path) is
/// the program directory `dir`: `/bin` is `/usr/bin`, as on a merged-usr
/// system.
fn holds(dir: &str, entry: &str) -> bool {
    entry == dir || (dir == "/usr/bin" && entry == "/bin")
}

/// `path` made absolute from `cwd`, with `.`, `..` and doubled slashes
/// resolved.
fn normalize(cwd: &str, path: &str) -> String {
    let joined = if path.starts_with('/') {
        path.to_owned()
    } else {
        format!("{cwd}/{path}")
    };
    let mut parts: Vec<&str> = Vec::new();
    for part in joined.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            p => parts.push(p),
        }
    }
    format!("/{}", parts.join("/"))
}

/// What `type` and `command` are asked to say of a name.
#[derive(Debug, Clone, Copy, Default)]
struct Ask {
    /// `type -t`: one word (keyword, function, builtin or file).
    kind: bool,
    /// `type -p`, `-P`, `command -v`: a program's path only.
    path: bool,
    /// `command -v`: with `path`, a keyword, function or builtin by name.
    names: bool,
    /// `type -P`: programs only, past a builtin or function of the name.
    force_path: bool,
    /// `type -a`: every match.
    all: bool,
    /// `type -f`: not functions.
    no_functions: bool,
    /// `command -v` or `-V` (without, `command` runs its command).
    asked: bool,
}

/// bash's table of the programs it found along `PATH` (`hash`): each
/// program's path and how often it was looked up, with the `PATH` they
/// were found along, since a new `PATH` empties it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Hashed {
    along: String,
    /// Each program's name, path and hits, in the order found.
    programs: Vec<(String, String, u32)>,
}

impl Hashed {
    /// The path of `name` if it is in the table for `path`, counting the
    /// lookup.
    fn hit(&mut self, path: Option<&str>, name: &str) -> Option<String> {
        if path != Some(self.along.as_str()) {
            return None;
        }
        let (_, found, hits) = self.programs.iter_mut().find(|(n, ..)| n == name)?;
        *hits += 1;
        Some(found.clone())
    }

    /// The table for `path`: emptied first if it was for another.
    fn along(&mut self, path: &str) -> &mut Vec<(String, String, u32)> {
        if self.along != path {
            self.along = path.to_owned();
            self.programs.clear();
        }
        &mut self.programs
    }

    /// Puts `name` at `found` with `hits` in the table for `path`.
    fn put(&mut self, path: &str, name: &str, found: String, hits: u32) {
        let table = self.along(path);
        table.retain(|(n, ..)| n != name);
        table.push((name.to_owned(), found, hits));
    }
}

/// Reads a builtin's one-letter options (`letters`: those it takes) in
/// the order given, and the names after them; `Err` with the exit status
/// once bash has said what is wrong, with the builtin's `usage`.
fn read_flags<'a>(
    argv: &'a [String],
    letters: &str,
    usage: &str,
    out: &mut Output,
) -> Result<(Vec<char>, &'a [String]), i32> {
    let mut flags = Vec::new();
    let mut names = &argv[1..];
    while let Some(option) = names.first().filter(|a| a.starts_with('-') && a.len() > 1) {
        names = &names[1..];
        if option == "--" {
            break;
        }
        for flag in option.chars().skip(1) {
            if !letters.contains(flag) {
                let tool = &argv[0];
                out.stderr(&format!(
                    "bash: {tool}: -{flag}: invalid option\n{tool}: usage: {tool} {usage}\n"
                ));
                return Err(2);
            }
            flags.push(flag);
        }
    }
    Ok((flags, names))
}

/// Reads the options of `type` or `command` into an [`Ask`].
fn read_ask<'a>(
    argv: &'a [String],
    letters: &str,
    usage: &str,
    out: &mut Output,
) -> Result<(Ask, &'a [String]), i32> {
    let (flags, names) = read_flags(argv, letters, usage, out)?;
    let mut ask = Ask::default();
    for flag in flags {
        match flag {
            'a' => ask.all = true,
            'f' => ask.no_functions = true,
            't' => ask.kind = true,
            'p' => ask.path = true,
            'P' => (ask.path, ask.force_path) = (true, true),
            'v' => (ask.path, ask.names, ask.asked) = (true, true, true),
            'V' => (ask.path, ask.names, ask.asked) = (false, false, true),
            _ => {}
        }
    }
    Ok((ask, names))
}

/// `type [-afptP] NAME...`: what each name is, in bash's words; exit 1
/// if any is nothing bash knows.
pub(super) fn type_(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    let (ask, names) = match read_ask(argv, "afptP", "[-afptP] name [name ...]", out) {
        Ok(read) => read,
        Err(status) => return status,
    };
    say_each(exec, names, ask, "type", out)
}

/// Prints what `describe` says of each of `names`; bash's `not found`
/// (in `tool`'s name) for those it does not know, unless asked for one
/// word or a path.
fn say_each(exec: &mut Exec<'_>, names: &[String], ask: Ask, tool: &str, out: &mut Output) -> i32 {
    let mut status = 0;
    for name in names {
        match exec.describe(name, ask) {
            Some(lines) => lines.iter().for_each(|l| out.stdout(&format!("{l}\n"))),
            None => {
                if !ask.kind && !ask.path {
                    out.stderr(&format!("bash: {tool}: {name}: not found\n"));
                }
                status = 1;
            }
        }
    }
    status
}

/// `command -v NAME...` and `command -V NAME...` (`-p` changes nothing
/// here); `command NAME ARGS...` runs in [`Exec::dispatch`], which has
/// its input.
pub(super) fn command(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    let (ask, names) = match read_ask(argv, "pvV", "[-pVv] command [arg ...]", out) {
        Ok(read) => read,
        Err(status) => return status,
    };
    if !ask.asked {
        return 0;
    }
    say_each(exec, names, ask, "command", out)
}

/// `hash [-r] [-d] [-t] [NAME...]`: bash's table of programs found along
/// `PATH`: alone, each with its hits; `-r` empties it; `NAME` looks it
/// up and remembers it, `-t NAME` prints its path, `-d NAME` forgets it.
pub(super) fn hash(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    let usage = "[-lr] [-p pathname] [-dt] [name ...]";
    let (flags, names) = match read_flags(argv, "dtr", usage, out) {
        Ok(read) => read,
        Err(status) => return status,
    };
    let [forget, print, empty] = ['d', 't', 'r'].map(|f| flags.contains(&f));
    let along = exec.shell.var("PATH").unwrap_or_default().to_owned();
    let table = exec.shell.hashed.along(&along);
    if empty {
        table.clear();
    }
    if names.is_empty() {
        if !empty {
            list_hashed(table, out);
        }
        return 0;
    }
    let mut status = 0;
    for name in names {
        let table = exec.shell.hashed.along(&along);
        let known = table.iter().find(|(n, ..)| n == name);
        let found = known.map(|(_, p, h)| (p.clone(), *h)).or_else(|| {
            let path = exec.paths_along(&along, name, false).into_iter().next()?;
            Some((path, 0))
        });
        match (found, forget, print) {
            (Some(_), true, _) => exec.shell.hashed.along(&along).retain(|(n, ..)| n != name),
            (Some((path, _)), false, true) => out.stdout(&format!("{path}\n")),
            (Some((path, hits)), false, false) => exec.shell.hashed.put(&along, name, path, hits),
            (None, ..) => {
                out.stderr(&format!("bash: hash: {name}: not found\n"));
                status = 1;
            }
        }
    }
    status
}

/// `hash` alone: the table, or that it is empty.
fn list_hashed(table: &[(String, String, u32)], out: &mut Output) {
    if table.is_empty() {
        out.stdout("hash: hash table empty\n");
        return;
    }
    out.stdout("hits\tcommand\n");
    for (_, path, hits) in table {
        out.stdout(&format!("{hits:>4}\t{path}\n"));
    }
}

impl Exec<'_> {
    /// Debian's `which [-as] NAME...`: the path of each program found
    /// (`-s`: none printed), exit 1 if any is not, 2 with its usage line
    /// for an option it does not know.
    pub(super) fn which(&self, argv: &[String], path: &str, out: &mut Output) -> i32 {
        let (mut all, mut silent) = (false, false);
        let mut names = Vec::new();
        for arg in &argv[1..] {
            match arg.as_str() {
                "--" if names.is_empty() => {}
                option if option.starts_with('-') && option.len() > 1 && names.is_empty() => {
                    for flag in option.chars().skip(1) {
                        match flag {
                            'a' => all = true,
                            's' => silent = true,
                            _ => {
                                out.stderr("Usage: /usr/bin/which [-as] args\n");
                                return 2;
                            }
                        }
                    }
                }
                name => names.push(name),
            }
        }
        let mut status = 0;
        for name in names {
            let found = self.paths_along(path, name, all);
            if found.is_empty() {
                status = 1;
            }
            if !silent {
                for path in found {
                    out.stdout(&format!("{path}\n"));
                }
            }
        }
        status
    }
}
