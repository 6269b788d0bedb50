//! `pushd`, `popd` and `dirs`: bash's stack of directories, the current
//! one first (entry 0), then those saved (`Shell::dir_stack`), written
//! with `~` for the home directory unless `dirs -l` asks otherwise.

use super::super::command::Output;
use super::super::exec::Exec;
use super::change_dir;

/// What a `+N` or `-N` argument names in the stack.
enum Position {
    /// The entry at this index (0: the current directory).
    At(usize),
    /// Past either end.
    OutOfRange,
    /// A number too large to read: bash's "invalid number".
    Invalid,
}

/// Where `+N` (from the left, 0 the current directory) or `-N` (from the
/// right) points in a stack of `len` entries; `None` if `arg` is neither.
fn position(arg: &str, len: usize) -> Option<Position> {
    let (from_right, digits) = match arg.split_at_checked(1)? {
        ("+", d) => (false, d),
        ("-", d) => (true, d),
        _ => return None,
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // bash reads the number as an intmax_t.
    let Ok(n) = digits.parse::<i64>() else {
        return Some(Position::Invalid);
    };
    let n = usize::try_from(n).unwrap_or(usize::MAX);
    let index = match from_right {
        false => (n < len).then_some(n),
        true => n.checked_add(1).and_then(|m| len.checked_sub(m)),
    };
    Some(index.map_or(Position::OutOfRange, Position::At))
}

impl Exec<'_> {
    /// The whole stack, the current directory first.
    fn stack(&self) -> Vec<String> {
        std::iter::once(self.shell.cwd().to_owned())
            .chain(self.shell.dir_stack.iter().cloned())
            .collect()
    }

    /// The stack's entries as `dirs` writes them: with `~`, unless `long`.
    fn shown_stack(&self, long: bool) -> Vec<String> {
        let stack = self.stack();
        match long {
            true => stack,
            false => stack.iter().map(|d| self.shell.tilde_path(d)).collect(),
        }
    }

    /// The stack as `dirs` prints it by default, on one line.
    fn print_stack(&self, out: &mut Output) {
        out.stdout(&format!("{}\n", self.shown_stack(false).join(" ")));
    }
}

/// The usage error of `name`: its message, then its usage line; status 2.
fn usage(out: &mut Output, name: &str, message: &str) -> i32 {
    let line = match name {
        "pushd" => "pushd [-n] [+N | -N | dir]",
        "popd" => "popd [-n] [+N | -N]",
        _ => "dirs [-clpv] [+N] [-N]",
    };
    out.stderr(&format!("bash: {name}: {message}\n{name}: usage: {line}\n"));
    2
}

/// Splits off a leading `-n` (and `--`): whether it was there, and the rest.
fn no_cd(args: &[String]) -> (bool, &[String]) {
    let mut args = args;
    let mut n = false;
    while let Some(first) = args.first() {
        match first.as_str() {
            "-n" => n = true,
            "--" => return (n, &args[1..]),
            _ => break,
        }
        args = &args[1..];
    }
    (n, args)
}

/// `pushd [-n] [+N | -N | DIR]`.
pub(super) fn pushd(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    let (keep, args) = no_cd(&argv[1..]);
    let mut stack = exec.stack();
    // `pushd -n DIR` saves DIR where it is; everything else goes to the
    // new first entry.
    let mut stay = false;
    match args {
        // bash 5.2 does nothing for `pushd -n` alone.
        [] if keep => return 0,
        [] if stack.len() < 2 => {
            out.stderr("bash: pushd: no other directory\n");
            return 1;
        }
        // Alone: the first two swap places.
        [] => stack.swap(0, 1),
        [arg] => match position(arg, stack.len()) {
            Some(Position::At(k)) => stack.rotate_left(k),
            Some(Position::Invalid) => {
                return usage(out, "pushd", &format!("{arg}: invalid number"));
            }
            Some(Position::OutOfRange) => {
                out.stderr(&format!(
                    "bash: pushd: {arg}: directory stack index out of range\n"
                ));
                return 1;
            }
            // `-`: the previous directory.
            None if arg == "-" => match exec.shell.var("OLDPWD") {
                Some(previous) => stack.insert(0, previous.to_owned()),
                None => {
                    out.stderr("bash: pushd: OLDPWD not set\n");
                    return 1;
                }
            },
            None if arg.starts_with('-') && arg.len() > 1 => {
                return usage(out, "pushd", &format!("{arg}: invalid number"));
            }
            None if keep => {
                stack.insert(1, arg.clone());
                stay = true;
            }
            None => stack.insert(0, arg.clone()),
        },
        _ => {
            out.stderr("bash: pushd: too many arguments\n");
            return 1;
        }
    }
    if !stay {
        if let Err(message) = change_dir(exec, &stack[0]) {
            out.stderr(&format!("bash: pushd: {message}\n"));
            return 1;
        }
        // As `cd -` does, `pushd -` names where it went.
        if args.first().is_some_and(|a| a == "-") {
            out.stdout(&format!("{}\n", stack[0]));
        }
    }
    exec.shell.dir_stack = stack.split_off(1);
    exec.print_stack(out);
    0
}

/// `popd [-n] [+N | -N]`.
pub(super) fn popd(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    let (keep, args) = no_cd(&argv[1..]);
    let len = exec.shell.dir_stack.len() + 1;
    let at = match args {
        [] => 0,
        [arg] => match position(arg, len) {
            Some(Position::At(k)) => k,
            Some(Position::Invalid) => {
                return usage(out, "popd", &format!("{arg}: invalid number"));
            }
            Some(Position::OutOfRange) if len < 2 => 0,
            Some(Position::OutOfRange) => {
                out.stderr(&format!(
                    "bash: popd: {arg}: directory stack index out of range\n"
                ));
                return 1;
            }
            None if arg.starts_with('-') => {
                return usage(out, "popd", &format!("{arg}: invalid number"));
            }
            None => return usage(out, "popd", &format!("{arg}: invalid argument")),
        },
        _ => {
            out.stderr("bash: popd: too many arguments\n");
            return 1;
        }
    };
    if len < 2 {
        out.stderr("bash: popd: directory stack empty\n");
        return 1;
    }
    if at == 0 && !keep {
        let next = exec.shell.dir_stack[0].clone();
        if let Err(message) = change_dir(exec, &next) {
            out.stderr(&format!("bash: popd: {message}\n"));
            return 1;
        }
        exec.shell.dir_stack.remove(0);
    } else {
        // Entry 0 with -n is the first saved one; the current directory stays.
        exec.shell.dir_stack.remove(at.saturating_sub(1));
    }
    exec.print_stack(out);
    0
}

/// `dirs [-clpv] [+N | -N]`.
pub(super) fn dirs(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    let (mut clear, mut long, mut lines, mut numbered) = (false, false, false, false);
    let mut pick = None;
    for arg in &argv[1..] {
        if let Some(p) = position(arg, exec.shell.dir_stack.len() + 1) {
            match p {
                Position::At(k) => pick = Some(k),
                Position::Invalid => {
                    return usage(out, "dirs", &format!("{arg}: invalid number"));
                }
                Position::OutOfRange if exec.shell.dir_stack.is_empty() => {
                    out.stderr("bash: dirs: directory stack empty\n");
                    return 1;
                }
                Position::OutOfRange => {
                    let n = arg.trim_start_matches(['+', '-']);
                    out.stderr(&format!(
                        "bash: dirs: {n}: directory stack index out of range\n"
                    ));
                    return 1;
                }
            }
            continue;
        }
        // One option a word: bash reads `-lv` as a bad number.
        match arg.as_str() {
            "-c" => clear = true,
            "-l" => long = true,
            "-p" => lines = true,
            "-v" => numbered = true,
            _ => return usage(out, "dirs", &format!("{arg}: invalid number")),
        }
    }
    if clear {
        exec.shell.dir_stack.clear();
        return 0;
    }
    let stack = exec.shown_stack(long);
    let text = match pick {
        Some(k) => format!("{}\n", stack[k]),
        None if numbered => stack
            .iter()
            .enumerate()
            .map(|(i, d)| format!("{i:2}  {d}\n"))
            .collect(),
        None if lines => stack.iter().map(|d| format!("{d}\n")).collect(),
        None => format!("{}\n", stack.join(" ")),
    };
    out.stdout(&text);
    0
}
