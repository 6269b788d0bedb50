//! `trap`: commands the shell runs when it ends (`EXIT`), when a command
//! fails (`ERR`), when a batch job's time limit sends it `SIGTERM`, or
//! when the signal `sbatch --signal=B:` asks for comes ([`super::super::signals`]).
//! Conditions are kept by number: 0 is `EXIT`, 1 to 64 the signals, then
//! bash's `DEBUG`, `ERR` and `RETURN`, the order in which `trap -p` lists
//! them. Other signals' traps are kept and listed; no other signal
//! reaches a shell here.

use super::super::command::Output;
use super::super::exec::Exec;
use super::super::timeout::name_of;

/// The shell's end.
pub(in super::super) const EXIT: u8 = 0;
/// `SIGTERM`, which slurmstepd sends at a job's time limit.
pub(in super::super) const TERM: u8 = 15;
const DEBUG: u8 = 65;
/// A command failing, as `set -e` would see it.
pub(in super::super) const ERR: u8 = 66;
const RETURN: u8 = 67;
/// The highest signal number.
const LAST_SIGNAL: u8 = 64;

const USAGE: &str = "trap: usage: trap [-lp] [[arg] signal_spec ...]\n";

/// A condition's name as `trap -p` shows it: `EXIT`, `SIGINT`.
fn name(condition: u8) -> String {
    match condition {
        EXIT => "EXIT".to_owned(),
        DEBUG => "DEBUG".to_owned(),
        ERR => "ERR".to_owned(),
        RETURN => "RETURN".to_owned(),
        // bash's table names 29 for SIGIO, glibc's for SIGPOLL.
        29 => "SIGIO".to_owned(),
        n => format!("SIG{}", name_of(u32::from(n)).unwrap_or_default()),
    }
}

/// A condition as bash reads it: a number up to 64, or a name in any
/// case, a signal's with or without `SIG`.
fn condition(text: &str) -> Option<u8> {
    if text.bytes().all(|b| b.is_ascii_digit()) {
        return text.parse().ok().filter(|n| *n <= LAST_SIGNAL);
    }
    let upper = text.to_ascii_uppercase();
    let signal = upper.strip_prefix("SIG").unwrap_or(&upper);
    [EXIT, DEBUG, ERR, RETURN]
        .into_iter()
        .chain(1..=LAST_SIGNAL)
        .find(|&c| {
            let name = name(c);
            name == upper || name.strip_prefix("SIG") == Some(signal)
        })
}

/// `trap [-lp] [[action] condition...]`.
pub(in super::super) fn trap(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    let mut args = &argv[1..];
    let mut print = false;
    while let Some(arg) = args.first().filter(|a| a.starts_with('-') && a.len() > 1) {
        if arg == "--" {
            args = &args[1..];
            break;
        }
        for letter in arg[1..].chars() {
            match letter {
                'l' => {
                    out.stdout(&signal_table());
                    return 0;
                }
                'p' => print = true,
                _ => {
                    out.stderr(&format!("bash: trap: -{letter}: invalid option\n{USAGE}"));
                    return 2;
                }
            }
        }
        args = &args[1..];
    }
    if print || args.is_empty() {
        return list(exec, args, out);
    }
    // One operand, or a number first: each operand is a condition to
    // reset. `-` resets and `''` ignores too.
    let (action, conditions) = match args {
        [only] if condition(only).is_some() => (None, args),
        [first, ..] if !first.is_empty() && first.bytes().all(|b| b.is_ascii_digit()) => {
            (None, args)
        }
        [_] => {
            out.stderr(USAGE);
            return 2;
        }
        [action, rest @ ..] => ((action != "-").then_some(action.as_str()), rest),
        [] => (None, args),
    };
    let mut status = 0;
    for text in conditions {
        let Some(c) = condition(text) else {
            out.stderr(&format!(
                "bash: trap: {text}: invalid signal specification\n"
            ));
            status = 1;
            continue;
        };
        if matches!(c, DEBUG | RETURN) && action.is_some_and(|a| !a.is_empty()) {
            out.stderr(&format!(
                "bash: trap: {text}: this trap is not available in this simulated shell\n"
            ));
            status = 1;
            continue;
        }
        match action {
            Some(action) => exec.shell.traps.insert(c, action.to_owned()),
            None => exec.shell.traps.remove(&c),
        };
    }
    status
}

/// `trap`, `trap -p [condition...]`: the traps set, as commands that
/// would set them again.
fn list(exec: &Exec<'_>, names: &[String], out: &mut Output) -> i32 {
    let shown = |c: u8, action: &str| {
        let quoted = action.replace('\'', "'\\''");
        format!("trap -- '{quoted}' {}\n", name(c))
    };
    if names.is_empty() {
        let text: String = exec
            .shell
            .traps
            .iter()
            .map(|(c, action)| shown(*c, action))
            .collect();
        out.stdout(&text);
        return 0;
    }
    let mut status = 0;
    for text in names {
        match condition(text) {
            Some(c) => {
                if let Some(action) = exec.shell.traps.get(&c) {
                    out.stdout(&shown(c, action));
                }
            }
            None => {
                out.stderr(&format!(
                    "bash: trap: {text}: invalid signal specification\n"
                ));
                status = 1;
            }
        }
    }
    status
}

/// `trap -l`: the signals by number, five to a line, as bash lists them
/// (Linux has no 32 or 33 for programs).
fn signal_table() -> String {
    let mut text = String::new();
    let numbers = (1..=LAST_SIGNAL).filter(|n| !matches!(n, 32 | 33));
    for (i, n) in numbers.enumerate() {
        text.push_str(&format!("{n:2}) {}", name(n)));
        text.push(if i % 5 == 4 { '\n' } else { '\t' });
    }
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conditions_read_as_bash_reads_them() {
        assert_eq!(condition("EXIT"), Some(EXIT));
        assert_eq!(condition("exit"), Some(EXIT));
        assert_eq!(condition("0"), Some(EXIT));
        assert_eq!(condition("sigusr1"), Some(10));
        assert_eq!(condition("USR1"), Some(10));
        assert_eq!(condition("SIGRTMIN+2"), Some(36));
        assert_eq!(condition("IO"), Some(29));
        assert_eq!(condition("65"), None);
        assert_eq!(condition("FOO"), None);
        assert_eq!(condition("SIGERR"), None);
    }

    #[test]
    fn the_signal_table_ends_as_bash_s() {
        let table = signal_table();
        assert_eq!(table.lines().count(), 13);
        assert!(table.starts_with(" 1) SIGHUP\t 2) SIGINT\t"));
        assert!(table.contains("31) SIGSYS\t34) SIGRTMIN\t"));
        assert!(table.ends_with("63) SIGRTMAX-1\t64) SIGRTMAX\t\n"));
    }
}
