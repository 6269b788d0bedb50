//! The signal `sbatch --signal=B:SIGNAL@SECONDS` has slurmstepd send the
//! batch shell alone before its time limit, the usual cue to save a
//! checkpoint:
//!
//! ```text
//! #SBATCH --signal=B:USR1@300
//! trap 'touch SAVE_NOW' USR1
//! srun python train.py &
//! wait
//! ```
//!
//! As in bash, a trapped signal runs its trap once the command in the
//! foreground has ended, except that `wait` returns at once, with 128
//! plus the signal. An untrapped one does what bash does by default:
//! most signals end the shell (the usual ones still run its `EXIT`
//! trap), a few are ignored (bash ignores `SIGQUIT` itself), and the
//! stop signals stop it until the time limit's SIGCONT and SIGTERM.

use super::builtins::trap::EXIT;
use super::exec::Exec;

/// `SIGKILL`, which nothing catches.
const KILL: u8 = 9;
/// `SIGSTOP`, which nothing catches either.
const STOP: u8 = 19;

/// What a signal does to the shell.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Effect {
    /// Its trap runs.
    Trap(String),
    /// It ends the shell, after its `EXIT` trap if `exit_trap`.
    Ends {
        exit_trap: bool,
    },
    Ignored,
    /// It stops the shell.
    Stops,
}

/// What `signal` does to a bash that does not trap it: its default,
/// the terminating signals bash handles so as to run its `EXIT` trap
/// first (`terminating_signals` in bash's sig.c), and `SIGQUIT`, which
/// bash ignores.
fn untrapped(signal: u8) -> Effect {
    match signal {
        1 | 2 | 4..=8 | 10..=15 | 24..=26 | 31 if signal != KILL => {
            Effect::Ends { exit_trap: true }
        }
        3 | 17 | 18 | 23 | 28 => Effect::Ignored,
        19..=22 => Effect::Stops,
        _ => Effect::Ends { exit_trap: false },
    }
}

impl Exec<'_> {
    /// What `signal` does to this shell: its trap (an empty one
    /// ignores it; KILL and STOP are never caught), or its default.
    fn effect(&self, signal: u8) -> Effect {
        match self.shell.traps.get(&signal) {
            Some(action) if !matches!(signal, KILL | STOP) => {
                if action.is_empty() {
                    Effect::Ignored
                } else {
                    Effect::Trap(action.clone())
                }
            }
            _ => untrapped(signal),
        }
    }

    /// The warning signal, if its time has come: its trap runs, or it
    /// does what it does untrapped. Returns whether the shell goes on.
    pub(super) fn warned(&mut self) -> bool {
        match self.shell.warning {
            Some((at, signal)) if self.shell.now >= at => {
                self.shell.warning = None;
                self.deliver(at, signal)
            }
            _ => true,
        }
    }

    /// A `wait` for children that end at `end`: when the warning signal
    /// comes first and interrupts it (a trap, or an end), the clock
    /// stops there and wait's status is 128 plus the signal, after the
    /// signal had its effect; `None` if the wait goes on.
    pub(super) fn interrupts_wait(&mut self, end: u64) -> Option<i32> {
        let (at, signal) = self.shell.warning.filter(|&(at, _)| at <= end)?;
        if !matches!(self.effect(signal), Effect::Trap(_) | Effect::Ends { .. }) {
            return None;
        }
        self.shell.now = self.shell.now.max(at);
        let status = 128 + i32::from(signal);
        self.shell.status = status;
        self.warned();
        Some(status)
    }

    /// `signal`, sent at `at`, reaches the shell: returns whether it
    /// goes on.
    fn deliver(&mut self, at: u64, signal: u8) -> bool {
        match self.effect(signal) {
            Effect::Trap(action) => {
                let status = self.shell.status;
                self.source(&format!("{action}\n"), false);
                if self.exit.is_none() {
                    self.shell.status = status;
                }
                self.exit.is_none()
            }
            Effect::Ignored => true,
            Effect::Stops => {
                // Stopped, it waits for the time limit's SIGCONT.
                if let Some(deadline) = self.shell.deadline {
                    self.shell.now = self.shell.now.max(deadline);
                }
                true
            }
            Effect::Ends { exit_trap } => {
                if !exit_trap {
                    self.shell.traps.remove(&EXIT);
                }
                // It died when the signal came, the command it waited
                // for killed with the job.
                self.shell.now = at.min(self.shell.now);
                self.shell.killed_by = Some((signal, self.shell.status));
                self.exit = Some(128 + i32::from(signal));
                false
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{NoCommands, Origin, Shell};

    /// A batch shell started at 1000, its limit at 10,000, and the
    /// warning signal at 5000: what the script printed, its status and
    /// the signal that ended it.
    fn warned(signal: u8, script: &str) -> (String, i32, Option<u8>, u64) {
        let mut shell = Shell::new("alice", "node-1", 1000).unwrap_or_else(|e| panic!("{e}"));
        shell.set_time_limit(10_000, 30);
        shell.set_warning(5000, signal);
        let outcome = shell.run_script((script, Origin::file("job.sh")), &mut NoCommands);
        let text: String = outcome.output.iter().map(|c| c.text.as_str()).collect();
        (text, outcome.status, shell.killed_by(), shell.now())
    }

    #[test]
    fn a_trap_runs_after_the_foreground_command() {
        let script = "trap 'echo caught at $SECONDS, status $?' USR1\nsleep 6000\necho after $?\n";
        let (text, status, killed, now) = warned(10, script);
        assert_eq!(text, "caught at 6000, status 0\nafter 0\n");
        assert_eq!((status, killed, now), (0, None, 7000));
    }

    #[test]
    fn wait_returns_at_the_signal_and_the_children_run_on() {
        let script = "trap 'echo caught $?' USR1\nsleep 8000 &\nwait\necho wait $? at $SECONDS\nwait\necho again $? at $SECONDS\n";
        let (text, status, _, _) = warned(10, script);
        assert_eq!(text, "caught 138\nwait 138 at 4000\nagain 0 at 8000\n");
        assert_eq!(status, 0);
    }

    #[test]
    fn untrapped_signals_end_ignore_or_stop_as_in_bash() {
        let script = "trap 'echo bye $?' EXIT\nsleep 6000\necho alive\n";
        // USR1 ends it when it comes, its EXIT trap run.
        assert_eq!(
            warned(10, script),
            ("bye 0\n".to_owned(), 138, Some(10), 5000)
        );
        // A real-time signal ends it with no trap run.
        assert_eq!(warned(40, script), (String::new(), 168, Some(40), 5000));
        // bash ignores QUIT, and URG is ignored by default.
        for ignored in [3, 23] {
            assert_eq!(warned(ignored, script).0, "alive\nbye 0\n");
        }
        // TSTP stops it until the time limit, which ends it.
        let (text, status, killed, _) = warned(20, script);
        assert_eq!((text.as_str(), status, killed), ("bye 0\n", 143, Some(15)));
    }

    #[test]
    fn an_ignored_signal_does_not_interrupt_wait_and_kill_is_not_caught() {
        let script = "trap '' USR1\nsleep 8000 &\nwait\necho wait $? at $SECONDS\n";
        assert_eq!(warned(10, script).0, "wait 0 at 8000\n");
        let script = "trap 'echo caught' KILL EXIT\nsleep 6000\necho alive\n";
        assert_eq!(warned(9, script), (String::new(), 137, Some(9), 5000));
    }

    #[test]
    fn subshells_and_child_shells_do_not_get_it() {
        let script = "trap 'echo caught' USR1\n(sleep 6000; echo sub)\nbash -c 'sleep 10; echo child'\necho main\n";
        assert_eq!(warned(10, script).0, "sub\ncaught\nchild\nmain\n");
    }
}
