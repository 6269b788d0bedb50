//! Where a command name leads, as bash and Debian find it: `command -v`
//! (a keyword, function or builtin names itself, a program its path
//! along `$PATH`), `command NAME ARGS` (runs NAME past any function of
//! that name) and `which` (programs only, `-a` for every match). The
//! shell's programs live in `/usr/bin`, which a merged `/usr` also shows
//! as `/bin`; the GPU nodes' `all_reduce_perf` and `torchrun` in
//! `/usr/local/bin`.

use super::command::Output;
use super::exec::Exec;
use super::tools;

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

/// bash's reserved words.
const KEYWORDS: &[&str] = &[
    "!", "[[", "]]", "case", "coproc", "do", "done", "elif", "else", "esac", "fi", "for",
    "function", "if", "in", "select", "then", "time", "until", "while", "{", "}",
];

/// Commands that Lmod defines as shell functions, not programs.
const LMOD_FUNCTIONS: &[&str] = &["ml", "module"];

/// The shell's builtins that are programs on a real system.
const PROGRAM_BUILTINS: &[&str] = &["[", "bash", "clear", "man", "sh", "sleep", "test"];

impl Exec<'_> {
    /// The directory the program `name` lives in on this host, if the
    /// shell runs it as a program.
    fn program_dir(&self, name: &str) -> Option<&'static str> {
        let program = tools::find(name).is_some()
            || PROGRAM_BUILTINS.contains(&name)
            || matches!(name, "sudo" | "xargs" | "which")
            || self.commands.has(name);
        if !program || LMOD_FUNCTIONS.contains(&name) {
            return None;
        }
        Some(match name {
            "all_reduce_perf" | "torchrun" => "/usr/local/bin",
            _ => "/usr/bin",
        })
    }

    /// The paths of the program `name` along the shell's `$PATH`: the
    /// first, or with `all` every one.
    fn program_paths(&self, name: &str, all: bool) -> Vec<String> {
        let path = self.shell.var("PATH").unwrap_or_default();
        self.paths_along(path, name, all)
    }

    /// The paths of the program `name` along `path`.
    fn paths_along(&self, path: &str, name: &str, all: bool) -> Vec<String> {
        let Some(dir) = self.program_dir(name) else {
            return Vec::new();
        };
        let mut found = Vec::new();
        for entry in path.split(':') {
            let entry = entry.trim_end_matches('/');
            if entry == dir || (dir == "/usr/bin" && entry == "/bin") {
                found.push(format!("{entry}/{name}"));
                if !all {
                    break;
                }
            }
        }
        found
    }

    /// What `command -V` (and `type`) says of `name`, if bash finds it.
    /// bash reprints a function's body in its own layout; this shows it
    /// as it was typed.
    fn describe(&self, name: &str) -> Option<String> {
        if KEYWORDS.contains(&name) {
            return Some(format!("{name} is a shell keyword"));
        }
        if let Some(body) = self.shell.functions.get(name) {
            return Some(format!("{name} is a function\n{name} () \n{body}"));
        }
        if BASH_BUILTINS.contains(&name) {
            return Some(format!("{name} is a shell builtin"));
        }
        if LMOD_FUNCTIONS.contains(&name) {
            return Some(format!("{name} is a function"));
        }
        let path = self.program_paths(name, false).into_iter().next()?;
        Some(format!("{name} is {path}"))
    }

    /// What `command -v` prints for `name`, if bash finds it.
    fn command_v(&self, name: &str) -> Option<String> {
        let named = KEYWORDS.contains(&name)
            || self.shell.functions.contains_key(name)
            || LMOD_FUNCTIONS.contains(&name)
            || BASH_BUILTINS.contains(&name);
        if named {
            return Some(name.to_owned());
        }
        self.program_paths(name, false).into_iter().next()
    }
}

/// `command -v NAME...` and `command -V NAME...` (`-p` changes nothing
/// here); `command NAME ARGS...` runs in [`Exec::dispatch`], which has
/// its input.
pub(super) fn command(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    let mut verbose = None;
    let mut names = &argv[1..];
    while let Some(option) = names.first().filter(|a| a.starts_with('-') && a.len() > 1) {
        names = &names[1..];
        if option == "--" {
            break;
        }
        for flag in option.chars().skip(1) {
            match flag {
                'v' => verbose = Some(false),
                'V' => verbose = Some(true),
                'p' => {}
                _ => {
                    out.stderr(&format!(
                        "bash: command: -{flag}: invalid option\ncommand: usage: command [-pVv] command [arg ...]\n"
                    ));
                    return 2;
                }
            }
        }
    }
    let Some(verbose) = verbose else {
        return 0;
    };
    let mut status = 0;
    for name in names {
        let said = if verbose {
            exec.describe(name)
        } else {
            exec.command_v(name)
        };
        match said {
            Some(text) => out.stdout(&format!("{text}\n")),
            None if verbose => {
                out.stderr(&format!("bash: command: {name}: not found\n"));
                status = 1;
            }
            None => status = 1,
        }
    }
    status
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
