//! The builtins: commands that change the shell itself (its directory,
//! variables, history, clock or screen) or run scripts in it, with bash's
//! messages (`bash: cd: x: No such file or directory`).

use super::command::Output;
use super::exec::{Exec, Input};
use super::expand::arith;
use super::fs::{FsError, Kind};
use super::lex::is_name;

mod alias;
mod declare;
mod dirstack;
pub(super) mod getopts;
mod invoke;
mod man;
mod module;
mod printf;
mod script;
mod shopt;
pub(super) mod trap;
mod watch;

pub(super) use alias::{Aliased, definition as alias_definition};
pub(super) use man::PAGED_BUILTINS;
pub(super) use module::words as module_words;
pub(super) use printf::formatted as format_number;
pub(super) use script::unary_test;

/// A builtin: its name, a line for `help`, and what runs it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Builtin {
    /// The name typed to run it.
    pub(super) name: &'static str,
    /// One line for `help`.
    pub(super) summary: &'static str,
    /// Runs it with the whole `argv`; returns the exit status.
    pub(super) run: fn(&mut Exec<'_>, &[String], &mut Output) -> i32,
}

/// The most simulated seconds `sleep` may move the clock in one command
/// line: the cluster behind the shell simulates every minute of them, so
/// a longer sleep would leave the page without an answer.
pub(super) const MAX_SLEEP_S: u64 = 31 * 86_400;

/// Every builtin, sorted by name.
pub(super) const BUILTINS: &[Builtin] = &[
    Builtin {
        name: ".",
        summary: "run a script in this shell (same as source)",
        run: source,
    },
    Builtin {
        name: ":",
        summary: "do nothing, successfully",
        run: |_, _, _| 0,
    },
    Builtin {
        name: "[",
        summary: "test a condition: [ -f file ], [ \"$a\" = b ], [ \"$n\" -gt 3 ] (same as test)",
        run: script::test,
    },
    Builtin {
        name: "alias",
        summary: "name a command line: alias sq='squeue --me' (alone: list the aliases)",
        run: alias::alias,
    },
    Builtin {
        name: "bash",
        summary: "run a script (bash job.sh ARGS), commands (bash -c '...' [NAME ARGS]) or its input in a child shell; -x, -e, -u and -o as set takes them",
        run: invoke::bash,
    },
    Builtin {
        name: "break",
        summary: "leave a for, while or until loop (break N: N loops)",
        run: script::break_,
    },
    Builtin {
        name: "cd",
        summary: "change the current directory (cd, cd dir, cd -, cd ..)",
        run: cd,
    },
    Builtin {
        name: "clear",
        summary: "clear the terminal screen",
        run: clear,
    },
    Builtin {
        name: "command",
        summary: "where a command leads (command -v NAME: its path, or the name of a builtin), or run NAME past a function of that name",
        run: super::lookup::command,
    },
    Builtin {
        name: "continue",
        summary: "go on with the next round of a loop (continue N)",
        run: script::continue_,
    },
    Builtin {
        name: "eval",
        summary: "run its arguments, joined by spaces, as a command line of this shell: eval \"$cmd\"",
        run: |exec, argv, out| exec.eval(&argv[1..].join(" "), out),
    },
    Builtin {
        name: "exit",
        summary: "end a script or an ssh login (this simulated terminal itself stays open)",
        run: exit,
    },
    Builtin {
        name: "declare",
        summary: "declare variables with attributes: declare -a NAME=(...) (array), -r (read-only), -x (exported), -p NAME (show); in a function, local",
        run: declare::declare,
    },
    Builtin {
        name: "dirs",
        summary: "list the directory stack that pushd keeps (-v numbered, -l without ~, -c clear)",
        run: dirstack::dirs,
    },
    Builtin {
        name: "export",
        summary: "put variables in the environment of commands (export NAME=value; -n: take out; -p: list)",
        run: declare::declare,
    },
    Builtin {
        name: "getopts",
        summary: "read a script's options one at a time: while getopts \"n:v\" opt; do case $opt in n) N=$OPTARG;; esac; done",
        run: getopts::getopts,
    },
    Builtin {
        name: "hash",
        summary: "the programs this shell remembers finding along $PATH, with their hits (hash -r forgets them)",
        run: super::lookup::hash,
    },
    Builtin {
        name: "help",
        summary: "list the commands this shell knows",
        run: super::help::run,
    },
    Builtin {
        name: "history",
        summary: "list the commands you entered (history N for the last N, -c to clear)",
        run: history,
    },
    Builtin {
        name: "let",
        summary: "evaluate arithmetic, assignments included: let i=i+1 n*=2 (also ((i++)))",
        run: script::let_,
    },
    Builtin {
        name: "local",
        summary: "make variables local to the function running (local NAME=value)",
        run: declare::declare,
    },
    Builtin {
        name: "logout",
        summary: "end an ssh login",
        run: exit,
    },
    Builtin {
        name: "man",
        summary: "show a command's manual page: its options here and an example (man sed)",
        run: man::man,
    },
    Builtin {
        name: "mapfile",
        summary: "read lines of input into an array (mapfile -t NAME)",
        run: |exec, argv, out| script::mapfile(exec, argv, &mut Input::default(), out),
    },
    Builtin {
        name: "ml",
        summary: "Lmod's short form of module: ml (list), ml cuda (load), ml -cuda (unload), ml av",
        run: module::ml,
    },
    Builtin {
        name: "module",
        summary: "environment modules (Lmod): module avail, load cuda/12.4, unload, list, purge, spider",
        run: module::module,
    },
    Builtin {
        name: "popd",
        summary: "go back to the directory pushd saved last, taking it off the stack",
        run: dirstack::popd,
    },
    Builtin {
        name: "printf",
        summary: "print a format with arguments: printf '%s has %d GPUs\\n' node-1 8 (-v VAR: into a variable)",
        run: printf::printf,
    },
    Builtin {
        name: "pushd",
        summary: "change to a directory, saving the current one on a stack for popd (pushd +N rotates it)",
        run: dirstack::pushd,
    },
    Builtin {
        name: "read",
        summary: "read a line of input into variables (read -r NAME...)",
        run: |exec, argv, out| script::read(exec, argv, &mut Input::default(), out),
    },
    Builtin {
        name: "readarray",
        summary: "read lines of input into an array (readarray -t NAME)",
        run: |exec, argv, out| script::mapfile(exec, argv, &mut Input::default(), out),
    },
    Builtin {
        name: "readonly",
        summary: "make variables read-only, or list them (readonly NAME=value, readonly -p)",
        run: declare::declare,
    },
    Builtin {
        name: "return",
        summary: "leave a function, with a status (return N)",
        run: script::return_,
    },
    Builtin {
        name: "set",
        summary: "set -e, -u, -x, -o pipefail (+ turns off), or the positional parameters; alone, list variables",
        run: script::set,
    },
    Builtin {
        name: "sh",
        summary: "run a script in a subshell, like bash",
        run: invoke::bash,
    },
    Builtin {
        name: "shift",
        summary: "drop the first positional parameters ($1...): shift [N]",
        run: script::shift,
    },
    Builtin {
        name: "shopt",
        summary: "bash's own options: shopt -s nullglob (a pattern matching nothing is no word), failglob (an error), dotglob (* matches .names); alone: list them",
        run: shopt::shopt,
    },
    Builtin {
        name: "sleep",
        summary: "advance the simulated clock by N seconds (N, Ns, Nm, Nh, Nd)",
        run: sleep,
    },
    Builtin {
        name: "source",
        summary: "run a script in this shell, keeping its variables and directory",
        run: source,
    },
    Builtin {
        name: "test",
        summary: "test a condition: test -f file, test \"$a\" = b, test \"$n\" -gt 3",
        run: script::test,
    },
    Builtin {
        name: "trap",
        summary: "run commands when the shell ends, a command fails or a signal comes: trap 'rm -f $TMP' EXIT, trap 'echo failed' ERR, trap 'save' TERM (the time limit), trap 'save' USR1 (sbatch --signal=B:USR1@300) (-p: list)",
        run: trap::trap,
    },
    Builtin {
        name: "type",
        summary: "what each name is: a keyword, function, builtin or program (type -t: one word, -a: every match, -p: the path)",
        run: super::lookup::type_,
    },
    Builtin {
        name: "typeset",
        summary: "the same as declare",
        run: declare::declare,
    },
    Builtin {
        name: "unalias",
        summary: "forget aliases (unalias NAME, -a: all)",
        run: alias::unalias,
    },
    Builtin {
        name: "unset",
        summary: "remove variables",
        run: unset,
    },
    Builtin {
        name: "wait",
        summary: "wait for background commands (cmd &) to end: all, wait PID, wait %N, or wait -n for the next",
        run: super::background::wait,
    },
    Builtin {
        name: "watch",
        summary: "run a command under a title line, as procps' watch: watch squeue --me (one round here)",
        run: watch::watch,
    },
];

/// The builtin called `name`.
pub(super) fn find(name: &str) -> Option<&'static Builtin> {
    BUILTINS.iter().find(|b| b.name == name)
}

fn cd(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    let args: Vec<&String> = argv[1..].iter().filter(|a| *a != "--").collect();
    let target = match args.as_slice() {
        [] => match exec.shell.var("HOME") {
            Some(home) => home.to_owned(),
            None => {
                out.stderr("bash: cd: HOME not set\n");
                return 1;
            }
        },
        [dash] if dash.as_str() == "-" => match exec.shell.var("OLDPWD") {
            Some(old) => old.to_owned(),
            None => {
                out.stderr("bash: cd: OLDPWD not set\n");
                return 1;
            }
        },
        // bash 5.2 stays where it is for an empty name.
        [dir] if dir.is_empty() => return 0,
        [dir] => (*dir).clone(),
        _ => {
            out.stderr("bash: cd: too many arguments\n");
            return 1;
        }
    };
    match change_dir(exec, &target) {
        Ok(path) => {
            if args.first().is_some_and(|a| a.as_str() == "-") {
                out.stdout(&format!("{path}\n"));
            }
            0
        }
        Err(message) => {
            out.stderr(&format!("bash: cd: {message}\n"));
            1
        }
    }
}

/// Makes `target` the current directory: its canonical path, or why not
/// (`dir: No such file or directory`), for `cd`, `pushd` and `popd` to word.
pub(super) fn change_dir(exec: &mut Exec<'_>, target: &str) -> Result<String, String> {
    let fs = exec.shell.fs();
    let found = fs
        .resolve(exec.shell.cwd(), target)
        .and_then(|p| fs.meta(&p).map(|m| (p, m)).ok_or(FsError::NotFound));
    match found {
        Ok((path, meta)) if meta.kind == Kind::Dir => {
            exec.shell.set_cwd(path.clone());
            Ok(path)
        }
        Ok(_) => Err(format!("{target}: {}", FsError::NotADirectory)),
        Err(e) => Err(format!("{target}: {e}")),
    }
}

fn clear(exec: &mut Exec<'_>, _: &[String], _: &mut Output) -> i32 {
    exec.clear = true;
    exec.terminal.clear();
    0
}

fn exit(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    let status = match argv.get(1) {
        None => exec.shell.status(),
        Some(arg) => match arg.parse::<i64>() {
            Ok(n) => n.rem_euclid(256) as i32,
            Err(_) => {
                out.stderr(&format!("bash: exit: {arg}: numeric argument required\n"));
                2
            }
        },
    };
    if exec.depth == 0 && exec.subshells == 0 {
        // Leaving salloc's shell gives back the allocation's holder.
        if let Some(login) = exec.shell.leave_nested_shell() {
            out.stderr(if login { "logout\n" } else { "exit\n" });
            return status;
        }
        // Leaving an `ssh` login goes back to where it came from.
        if let Some(host) = exec.shell.ssh_logout() {
            out.stdout("logout\n");
            out.stderr(&format!("Connection to {host} closed.\n"));
            return status;
        }
        let name = argv.first().map_or("exit", String::as_str);
        out.stderr(&format!("bash: {name}: this terminal is simulated in your browser and stays open; close the page to leave\n"));
        return 1;
    }
    exec.exit = Some(status);
    status
}

/// The builtins that read their standard input: `read`, `mapfile` and
/// `readarray`, which the executor hands the input it inherits.
pub(super) fn reader(name: &str) -> Option<ReadingBuiltin> {
    match name {
        "read" => Some(script::read),
        "mapfile" | "readarray" => Some(script::mapfile),
        _ => None,
    }
}

/// A builtin that reads standard input ([`reader`]).
pub(super) type ReadingBuiltin = fn(&mut Exec<'_>, &[String], &mut Input, &mut Output) -> i32;

/// `unset NAME...`. Like bash 5.2, a name that is not a variable's is
/// ignored without a message (bash would look for a function by it).
fn unset(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    let mut status = 0;
    for name in argv[1..].iter().filter(|a| !a.starts_with('-')) {
        // `unset 'a[i]'`: one element; `a[@]` and `a[*]` the whole array.
        let element = name
            .strip_suffix(']')
            .and_then(|n| n.split_once('['))
            .filter(|(array, subscript)| is_name(array) && !matches!(*subscript, "@" | "*"));
        let base = name.split('[').next().unwrap_or_default();
        if exec.shell.writable(base).is_err() {
            out.stderr(&format!(
                "bash: unset: {base}: cannot unset: readonly variable\n"
            ));
            status = 1;
            continue;
        }
        let Some((array, subscript)) = element else {
            exec.shell.unset_var(base);
            continue;
        };
        // The subscript is evaluated only for a variable that is set.
        if !exec.shell.vars.contains_key(array) {
            continue;
        }
        let n = match arith::eval(subscript, &mut *exec.shell) {
            Ok(n) => n,
            Err(message) => {
                out.stderr(&format!("bash: {message}\n"));
                exec.abort_line();
                return 1;
            }
        };
        let Some(var) = exec.shell.vars.get_mut(array) else {
            continue;
        };
        match var.index(n) {
            // A plain variable's element 0 is the variable.
            Some(0) if var.array.is_none() => {
                exec.shell.vars.remove(array);
            }
            Some(i) => var.unset_element(i),
            None => {
                out.stderr(&format!(
                    "bash: unset: [{subscript}]: bad array subscript\n"
                ));
                status = 1;
            }
        }
    }
    status
}

fn history(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    let entries = exec.shell.history();
    let count = match argv.get(1).map(String::as_str) {
        None => entries.len(),
        Some("-c") => {
            exec.shell.clear_history();
            return 0;
        }
        Some(n) => match n.parse::<usize>() {
            Ok(n) => n.min(entries.len()),
            Err(_) => {
                out.stderr(&format!("bash: history: {n}: numeric argument required\n"));
                return 1;
            }
        },
    };
    let first = entries.len() - count;
    let offset = exec.shell.history_dropped;
    let listing: String = entries[first..]
        .iter()
        .enumerate()
        .map(|(i, entry)| format!("{:>5}  {entry}\n", offset + first + i + 1))
        .collect();
    out.stdout(&listing);
    0
}

/// Seconds in an interval as GNU `sleep` and `timeout` read one: a
/// non-negative number (`strtod`'s) with an optional `s`, `m`, `h` or `d`
/// suffix.
pub(super) fn interval(arg: &str) -> Option<f64> {
    let (number, unit) = match arg.char_indices().last() {
        Some((i, 's')) => (&arg[..i], 1.0),
        Some((i, 'm')) => (&arg[..i], 60.0),
        Some((i, 'h')) => (&arg[..i], 3600.0),
        Some((i, 'd')) => (&arg[..i], 86_400.0),
        _ => (arg, 1.0),
    };
    let plain = !number.is_empty()
        && number
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-'));
    let value: f64 = number.parse().ok().filter(|_| plain)?;
    (value >= 0.0).then_some(value * unit)
}

/// `sleep`: does not wait; it advances the simulated clock and reports the
/// seconds in the outcome, so the layer above can move its world on.
fn sleep(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    if argv.len() < 2 {
        out.stderr("sleep: missing operand\nTry 'sleep --help' for more information.\n");
        return 1;
    }
    let mut total = 0.0;
    for arg in &argv[1..] {
        match interval(arg) {
            Some(s) => total += s,
            None => {
                out.stderr(&format!(
                    "sleep: invalid time interval '{arg}'\nTry 'sleep --help' for more information.\n"
                ));
                return 1;
            }
        }
    }
    // Whole seconds, rounded up; `as` saturates for huge values.
    let seconds = total.ceil() as u64;
    if seconds > MAX_SLEEP_S.saturating_sub(exec.slept) {
        out.stderr(&format!(
            "sleep: the simulated clock moves at most {} days per command line; sleep in shorter steps\n",
            MAX_SLEEP_S / 86_400
        ));
        return 1;
    }
    exec.slept += seconds;
    let now = exec.shell.now().saturating_add(seconds);
    exec.shell.set_now(now);
    0
}

/// The text of the script file `file`, or bash's message (started with
/// `prefix`) and status: `missing_status` when there is no such file.
fn script_text(
    exec: &Exec<'_>,
    file: &str,
    (prefix, missing_status): (&str, i32),
) -> Result<String, (String, i32)> {
    exec.read_script(file).map_err(|e| {
        let status = if e == FsError::NotFound {
            missing_status
        } else {
            1
        };
        (format!("{prefix}{file}: {e}\n"), status)
    })
}

/// `source FILE [ARGS]` (and `.`): runs the file in this shell.
fn source(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    let p = exec.prefix();
    let Some(file) = argv.get(1) else {
        out.stderr(&format!(
            "{p}{0}: filename argument required\n{0}: usage: {0} filename [arguments]\n",
            argv[0]
        ));
        return 2;
    };
    match script_text(exec, file, (&p, 1)) {
        Ok(text) => {
            let args = (argv.len() > 2).then(|| (exec.shell.arg0.clone(), argv[2..].to_vec()));
            let origin = exec.origin.sourcing(file);
            exec.nested((&text, origin), out, None, args)
        }
        Err((message, status)) => {
            out.stderr(&message);
            status
        }
    }
}
