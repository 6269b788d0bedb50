//! `requeue` and `requeuehold`: scontrol's flags before the job lists
//! (`parse_requeue_flags`, update_job.c) and what slurmctld does with
//! them (`_job_requeue_op`, job_mgr.c).

use super::super::super::output::CommandOutput;
use super::super::super::{Caller, Cluster};
use super::{job_list, starts, strip_job_key};

/// The flags scontrol reads before the first job list.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Flags {
    /// `Incomplete`: only jobs still running are requeued.
    incomplete: bool,
    /// `State=SpecialExit` (or `State=SE`): held in `SPECIAL_EXIT`.
    special_exit: bool,
}

/// Reads one word as a flag, as `parse_requeue_flags` compares them
/// (`Incomplete` by any prefix, even an empty one); `false` at the
/// first word that is not.
fn read_flag(word: &str, flags: &mut Flags) -> bool {
    if starts("incomplete", word) {
        flags.incomplete = true;
        return true;
    }
    let Some(state) = word.get(6..).filter(|_| starts(word, "state=")) else {
        return false;
    };
    let special = starts(state, "specialexit") || starts(state, "se");
    flags.special_exit |= special;
    special
}

/// `requeue` (or, with `hold`, `requeuehold`) of each job list in
/// `args` after the flags: the caller's own jobs, or any for an
/// operator. `requeuehold` does not strip a `JobId=` key.
pub(super) fn run(
    c: &mut Cluster,
    args: &[String],
    hold: bool,
    caller: &mut Caller<'_>,
    out: &mut CommandOutput,
) {
    let mut flags = Flags::default();
    let first = args
        .iter()
        .position(|w| !read_flag(w, &mut flags))
        .unwrap_or(args.len());
    let operator = c.is_operator(caller.user);
    for arg in &args[first..] {
        if arg.is_empty() {
            out.exit = 1;
            continue;
        }
        let arg = if hold {
            arg.as_str()
        } else {
            strip_job_key(arg)
        };
        let mut op = |c: &mut Cluster, id: u32| match c.job(id) {
            Some(j) if !operator && j.user != caller.user => {
                Err("Access/permission denied".to_owned())
            }
            Some(j) if flags.incomplete && !j.is_running() => Ok(()),
            _ => {
                c.requeue(id).map_err(str::to_owned)?;
                if flags.special_exit {
                    c.hold_requeued(id, "job requeued in special exit state", true);
                } else if hold {
                    c.hold_requeued(id, "job requeued in held state", false);
                }
                Ok(())
            }
        };
        let refs = job_list::read(arg).unwrap_or_else(|| vec![job_list::JobRef::named(arg)]);
        for r in &refs {
            let answer = job_list::apply(c, r, false, &mut op);
            job_list::say(r, &answer, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_are_read_as_parse_requeue_flags_reads_them() {
        let read = |words: &[&str]| {
            let mut flags = Flags::default();
            let first = words
                .iter()
                .position(|w| !read_flag(w, &mut flags))
                .unwrap_or(words.len());
            (first, flags)
        };
        let both = Flags {
            incomplete: true,
            special_exit: true,
        };
        assert_eq!(read(&["Incomplete", "State=SE", "30"]), (2, both));
        assert_eq!(read(&["inc", "state=specialexit"]), (2, both));
        // A flag is a prefix of `incomplete`; a state must be one of the two.
        assert_eq!(read(&["incompleted", "30"]).0, 0);
        assert_eq!(read(&["State=Held", "30"]).0, 0);
        assert_eq!(read(&["30", "Incomplete"]).0, 0);
    }
}
