//! Requests to slurmctld itself that only root (or `SlurmUser`) may
//! make: `reconfigure` and `setdebug` (scontrol.c; their handlers in
//! proc_req.c refuse anyone else). The simulated controller has nothing
//! to reread and no log to show, so an accepted request changes nothing
//! a reader can see, as on a cluster whose slurm.conf did not change.

use super::super::super::output::CommandOutput;
use super::super::super::{Caller, Cluster};

/// The levels `setdebug` takes by name, 0 to 9.
const LEVELS: [&str; 10] = [
    "quiet", "fatal", "error", "info", "verbose", "debug", "debug2", "debug3", "debug4", "debug5",
];

/// Whether `user` may make these requests (`validate_super_user`).
fn super_user(c: &Cluster, user: &str) -> bool {
    user == "root" || user == c.config.slurm_user()
}

/// `reconfigure`: refused to other users with `ESLURM_USER_ID_MISSING`.
pub(super) fn reconfigure(c: &Cluster, caller: &Caller<'_>, out: &mut CommandOutput) {
    if !super_user(c, caller.user) {
        out.err_line("slurm_reconfigure error: Invalid user id");
        out.exit = 1;
    }
}

/// `setdebug LEVEL`: a name of [`LEVELS`] or a number up to 9, read as
/// `strtoul` reads it; other users get `EACCES`.
pub(super) fn setdebug(c: &Cluster, level: &str, caller: &Caller<'_>, out: &mut CommandOutput) {
    let named = LEVELS.iter().any(|l| l.eq_ignore_ascii_case(level));
    let signed = level.trim_start_matches(|ch: char| ch.is_ascii_whitespace());
    let digits = signed.strip_prefix(['+', '-']).unwrap_or(signed);
    let minus = signed.starts_with('-');
    // A minus wraps around to a negative level, which is not above 9.
    let number = level.is_empty()
        || !digits.is_empty()
            && digits.bytes().all(|b| b.is_ascii_digit())
            && (minus || digits.parse::<u64>().is_ok_and(|n| n <= 9));
    if !(named || number) {
        out.err_line(&format!("invalid debug level: {level}"));
        out.exit = 1;
    } else if minus && digits.parse::<u64>() == Ok(1) {
        // `(int) strtoul("-1")` is -1, which scontrol takes for no level
        // and sends nothing.
    } else if !super_user(c, caller.user) {
        out.err_line("slurm_set_debug_level error: Permission denied");
        out.exit = 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::slurm::cluster::output::Stream;

    #[test]
    fn levels_are_read_as_scontrol_reads_them() {
        let c = Cluster::reference(0, 1).unwrap_or_else(|e| panic!("{e}"));
        let answer = |user: &str, level: &str| {
            let no_files = |_: &str| None;
            let mut programs = crate::sim::slurm::cluster::runner::NoPrograms;
            let caller = Caller {
                user,
                cwd: "/",
                host: "",
                files: &no_files,
                env: None,
                programs: &mut programs,
            };
            let mut out = CommandOutput::default();
            setdebug(&c, level, &caller, &mut out);
            (out.text(Stream::Stderr), out.exit)
        };
        for ok in ["info", "DEBUG2", "0", "+9", " 3", "", "-4", "-1"] {
            assert_eq!(answer("root", ok), (String::new(), 0), "{ok:?}");
        }
        for bad in ["10", "loud", " ", "-", "3x"] {
            assert_eq!(
                answer("root", bad),
                (format!("invalid debug level: {bad}\n"), 1)
            );
        }
        assert_eq!(
            answer("alice", "info"),
            (
                "slurm_set_debug_level error: Permission denied\n".to_owned(),
                1
            )
        );
        assert_eq!(answer("alice", "-1"), (String::new(), 0));
    }
}
