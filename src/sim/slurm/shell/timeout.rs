//! `timeout DURATION COMMAND...` as GNU coreutils 9.1 runs it, on the
//! simulated clock: the command runs with the shell killed at the
//! deadline (a job's programs and steps cut there, their later lines
//! never written), and if it was still running then, the status is 124
//! (the signal's `128 + n` with `--preserve-status`, 137 for `-s KILL`).
//! Simulated: `-s/--signal`, `-k/--kill-after` (every program here dies
//! of the first signal), `-v/--verbose`, `--preserve-status`,
//! `--foreground`; coreutils' messages and statuses (125, 126, 127).

use super::builtins::interval;
use super::command::Output;
use super::exec::{Exec, Input};
use crate::sim::slurm::getopt::{self, HasArg, Opt, Order};

/// timeout's line in `help`.
pub(super) const SUMMARY: &str =
    "run a command with a time limit on the simulated clock: timeout 10m python train.py";

/// `timeout --help`, in our words.
pub(super) const HELP: &str = "\
Usage: timeout [OPTION] DURATION COMMAND [ARG]...
Start COMMAND, and kill it if still running after DURATION (a number with
an optional unit: s, m, h or d; 0 runs it without a limit), on the
simulated clock.

  -s, --signal=SIGNAL     the signal sent at the limit (default TERM)
  -k, --kill-after=DURATION
                          then KILL after this long (here every program
                          dies of the first signal)
  -v, --verbose           say on stderr which signal was sent
      --preserve-status   exit with COMMAND's status (128 + the signal)
                          rather than 124 when it timed out
      --foreground        accepted; changes nothing here
      --help              this help

Exit status: 124 if COMMAND timed out, 125 if timeout itself failed, 126
if COMMAND could not run, 127 if it was not found, else COMMAND's status.
";

/// The options this model reads.
const OPTIONS: [Opt<char>; 6] = [
    getopt::opt('s', Some('s'), &["signal"], HasArg::Required),
    getopt::opt('k', Some('k'), &["kill-after"], HasArg::Required),
    getopt::opt('v', Some('v'), &["verbose"], HasArg::No),
    getopt::opt('p', None, &["preserve-status"], HasArg::No),
    getopt::opt('f', None, &["foreground"], HasArg::No),
    getopt::opt('h', None, &["help"], HasArg::No),
];

/// Linux's signal names by number, as `sig2str` names them.
const SIGNALS: [&str; 31] = [
    "HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "BUS", "FPE", "KILL", "USR1", "SEGV", "USR2",
    "PIPE", "ALRM", "TERM", "STKFLT", "CHLD", "CONT", "STOP", "TSTP", "TTIN", "TTOU", "URG",
    "XCPU", "XFSZ", "VTALRM", "PROF", "WINCH", "POLL", "PWR", "SYS",
];

/// SIGKILL.
const KILL: u32 = 9;

/// What timed out: 124 unless the status is kept.
const TIMED_OUT: i32 = 124;
/// timeout's own failure.
const CANCELED: i32 = 125;

/// A signal as `operand2sig` reads it: a number, or a name in any case
/// with or without `SIG`; its number and name.
fn signal(text: &str) -> Option<(u32, String)> {
    if text.starts_with(|c: char| c.is_ascii_digit()) {
        let n: u32 = text.parse().ok()?;
        let n = n & if n >= 0xFF { 0xFF } else { 0x7F };
        let name = name_of(n)?;
        return Some((n, name));
    }
    let upper = text.to_ascii_uppercase();
    let named = |s: &str| (1..=64u32).find(|&n| name_of(n).is_some_and(|name| name == s));
    let n = named(&upper).or_else(|| upper.strip_prefix("SIG").and_then(named))?;
    Some((n, name_of(n)?))
}

/// `sig2str`: `TERM`, `RTMIN+2`, `RTMAX-1`.
pub(super) fn name_of(n: u32) -> Option<String> {
    const RTMIN: u32 = 34;
    const RTMAX: u32 = 64;
    match n {
        1..=31 => Some(SIGNALS[n as usize - 1].to_owned()),
        RTMIN => Some("RTMIN".to_owned()),
        RTMAX => Some("RTMAX".to_owned()),
        n if n > RTMIN && n <= (RTMIN + RTMAX) / 2 => Some(format!("RTMIN+{}", n - RTMIN)),
        n if n > RTMIN && n < RTMAX => Some(format!("RTMAX-{}", RTMAX - n)),
        _ => None,
    }
}

/// coreutils' refusal: the message, its `--help` pointer, status 125.
fn usage(out: &mut Output, message: &str) -> i32 {
    out.stderr(&format!(
        "timeout: {message}\nTry 'timeout --help' for more information.\n"
    ));
    CANCELED
}

impl Exec<'_> {
    /// Runs `timeout` with `argv` (its own name first).
    pub(super) fn timeout(
        &mut self,
        argv: &[String],
        stdin: &mut Input,
        to_terminal: bool,
        out: &mut Output,
    ) -> i32 {
        let parsed = match getopt::parse(&argv[1..], &OPTIONS, Order::StopAtOperand) {
            Ok(p) => p,
            Err(e) => return usage(out, &e.to_string()),
        };
        if parsed.has('h') {
            out.stdout(HELP);
            return 0;
        }
        let (signum, signame) = match parsed.value('s').map(|s| (s, signal(s))) {
            None => (15, "TERM".to_owned()),
            Some((_, Some(sig))) => sig,
            Some((text, None)) => return usage(out, &format!("'{text}': invalid signal")),
        };
        if let Some(text) = parsed.value('k').filter(|t| interval(t).is_none()) {
            return usage(out, &format!("invalid time interval '{text}'"));
        }
        let Some((limit, command)) = (parsed.operands.split_first()).filter(|(_, c)| !c.is_empty())
        else {
            return usage(out, "missing operand");
        };
        let Some(seconds) = interval(limit) else {
            return usage(out, &format!("invalid time interval '{limit}'"));
        };
        if !self.runs(&command[0]) {
            out.stderr(&format!(
                "timeout: failed to run command '{}': No such file or directory\n",
                command[0]
            ));
            return 127;
        }
        let start = self.shell.now();
        // A fraction of a second still ends within that second; 0 is none.
        let until = (seconds > 0.0).then(|| start.saturating_add(seconds.ceil() as u64));
        let saved = self.shell.deadline;
        if let Some(at) = until {
            self.shell.deadline = Some(saved.map_or(at, |d| d.min(at)));
        }
        let outer = self.until;
        self.until = match (until, outer) {
            (Some(at), Some(earlier)) => Some(at.min(earlier)),
            (at, earlier) => at.or(earlier),
        };
        let status = self.dispatch(command, &[], stdin, to_terminal, out);
        self.until = outer;
        self.shell.deadline = saved;
        let Some(at) = until.filter(|&at| self.shell.now() >= at) else {
            return status;
        };
        // Killed at the limit; the shell's own limit (a job's) may come
        // first and end the script anyway.
        self.shell.set_now(at);
        if parsed.has('v') {
            out.stderr(&format!(
                "timeout: sending signal {signame} to command '{}'\n",
                command[0]
            ));
        }
        if parsed.has('p') || signum == KILL {
            128 + i32::try_from(signum).unwrap_or(0)
        } else {
            TIMED_OUT
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intervals_and_signals_read_as_coreutils_reads_them() {
        assert_eq!(interval("10"), Some(10.0));
        assert_eq!(interval("1.5m"), Some(90.0));
        assert_eq!(interval("2h"), Some(7200.0));
        assert_eq!(interval("0"), Some(0.0));
        assert_eq!(interval("-1"), None);
        assert_eq!(interval("5x"), None);
        assert_eq!(interval("m"), None);
        assert_eq!(signal("TERM"), Some((15, "TERM".to_owned())));
        assert_eq!(signal("sigusr1"), Some((10, "USR1".to_owned())));
        assert_eq!(signal("9"), Some((9, "KILL".to_owned())));
        assert_eq!(signal("36"), Some((36, "RTMIN+2".to_owned())));
        assert_eq!(signal("63"), Some((63, "RTMAX-1".to_owned())));
        assert_eq!(signal("NOPE"), None);
        assert_eq!(signal("0"), None);
    }
}
