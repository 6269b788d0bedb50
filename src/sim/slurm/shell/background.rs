//! Commands run in the background (`cmd &`) and `wait`, in a job's shell.
//!
//! A job's shell keeps its own simulated clock ([`Shell::now`]): a
//! background command runs at once, in a subshell as bash runs it, its
//! output stamped with its own times; then the clock goes back to when it
//! started and the script goes on beside it. `wait` moves the clock on to
//! when the children it waits for end. The usual batch script
//!
//! ```text
//! srun --exact -n1 ./a &
//! srun --exact -n1 ./b &
//! wait
//! ```
//!
//! so runs its two steps side by side. A child a script never waits for
//! is killed with the job when the script ends, as slurmstepd kills what
//! is left of a batch step.
//!
//! At the login prompt the clock is the reader's, not the shell's:
//! there `&` is refused with a message, and nothing runs.

use super::command::Output;
use super::exec::Exec;
use super::lex::Word;
use super::parse::AndOr;
use super::state::Shell;

/// The first process id a background child gets, as a shell's children
/// count up from above its own [`super::expand::SHELL_PID`].
const FIRST_PID: u32 = 4300;

/// A background child of the shell, run to its end already.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Child {
    /// Its bash job number: `%1` is the first started.
    job: u32,
    /// Its process id, `$!` just after it started.
    pid: u32,
    /// The simulated time it ends.
    end: u64,
    /// Its exit status.
    status: i32,
}

/// The background children of a shell not yet waited for.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Children {
    running: Vec<Child>,
    /// `$!`: the process id of the last child started.
    pub(super) last_pid: Option<u32>,
    /// How many children were started.
    started: u32,
}

impl Children {
    /// Keeps a child that ends at `end` with `status`; `$!` becomes its
    /// process id.
    fn start(&mut self, end: u64, status: i32) {
        self.started = self.started.saturating_add(1);
        let pid = FIRST_PID.saturating_add(self.started);
        self.running.push(Child {
            job: self.started,
            pid,
            end,
            status,
        });
        self.last_pid = Some(pid);
    }

    /// Takes the child that `spec` names: a process id, or `%N`.
    fn take(&mut self, spec: &str) -> Result<Child, (String, i32)> {
        let found = match spec.strip_prefix('%') {
            Some(job) => job
                .parse::<u32>()
                .ok()
                .and_then(|job| self.running.iter().position(|c| c.job == job))
                .ok_or_else(|| (format!("bash: wait: {spec}: no such job\n"), 127)),
            None => match spec.parse::<u32>() {
                Ok(pid) => self
                    .running
                    .iter()
                    .position(|c| c.pid == pid)
                    .ok_or_else(|| {
                        (
                            format!("bash: wait: pid {pid} is not a child of this shell\n"),
                            127,
                        )
                    }),
                Err(_) => Err((
                    format!("bash: wait: `{spec}': not a pid or valid job spec\n"),
                    1,
                )),
            },
        }?;
        Ok(self.running.remove(found))
    }

    /// Takes the child that ends first (`wait -n`).
    fn take_next(&mut self) -> Option<Child> {
        let first = (0..self.running.len()).min_by_key(|&i| self.running[i].end)?;
        Some(self.running.remove(first))
    }
}

impl Shell {
    /// Whether `&` runs here: in a job's shell, which keeps its own clock
    /// and is killed at the job's end ([`Shell::set_deadline`]).
    fn runs_background(&self) -> bool {
        self.deadline.is_some()
    }
}

impl Exec<'_> {
    /// Runs `list`, ended by `&`, in the background: in a subshell with
    /// no input, from the current time, the clock put back after. Its
    /// status is 0, as bash's for starting a child.
    pub(super) fn background(&mut self, list: &AndOr, docs: &[Word]) -> i32 {
        if !self.shell.runs_background() {
            self.terminal.stderr(
                "bash: &: background jobs are not available at this simulated prompt; they run in batch scripts and job steps\n",
            );
            // As the shell's other refusals, with a syntax error's status.
            self.shell.status = 2;
            return 2;
        }
        let start = self.shell.now;
        let slept = self.slept;
        let input = std::mem::take(&mut self.input);
        let children = std::mem::take(&mut self.shell.children);
        let (_, status) = self.subshell(|e| e.foreground(list, docs));
        let end = self.shell.now;
        self.shell.children = children;
        self.input = input;
        self.slept = slept;
        self.shell.now = start;
        self.shell.children.start(end, status);
        self.shell.status = 0;
        0
    }
}

/// `wait [-n] [PID|%N ...]`: moves the clock to when the children named
/// (all, without names; the first to end, with `-n`) end; the status of
/// the last one named, 127 if there is none. A signal the shell traps
/// (or dies of) ends the wait when it comes.
pub(super) fn wait(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    let mut args = &argv[1..];
    let next = args.first().is_some_and(|a| a == "-n");
    if next {
        args = &args[1..];
    }
    if let Some(bad) = args.iter().find(|a| a.starts_with('-') && *a != "--") {
        out.stderr(&format!(
            "bash: wait: {bad}: invalid option\nwait: usage: wait [-fn] [-p var] [id ...]\n"
        ));
        return 2;
    }
    let args: Vec<&String> = args.iter().filter(|a| *a != "--").collect();
    let children = &mut exec.shell.children;
    let (ended, status) = match (args.is_empty(), next) {
        (true, false) => (std::mem::take(&mut children.running), 0),
        (true, true) => match children.take_next() {
            Some(child) => {
                let status = child.status;
                (vec![child], status)
            }
            None => (Vec::new(), 127),
        },
        (false, _) => {
            let mut ended = Vec::new();
            let mut status = 0;
            for spec in args {
                match children.take(spec) {
                    Ok(child) => {
                        status = child.status;
                        ended.push(child);
                    }
                    Err((message, code)) => {
                        out.stderr(&message);
                        status = code;
                    }
                }
            }
            if next && let Some(first) = (0..ended.len()).min_by_key(|&i| ended[i].end) {
                // `-n` waits for the first of them; the others run on.
                let child = ended.swap_remove(first);
                status = child.status;
                children.running.append(&mut ended);
                ended.push(child);
            }
            (ended, status)
        }
    };
    let end = ended.iter().map(|c| c.end).max().unwrap_or(0);
    if let Some(interrupted) = exec.interrupts_wait(end) {
        // A signal cut the wait short: the children run on.
        exec.shell.children.running.extend(ended);
        return interrupted;
    }
    exec.shell.now = exec.shell.now.max(end);
    status
}

#[cfg(test)]
mod tests {
    use super::super::{NoCommands, Origin, Shell, Stream};

    /// A job's shell at time 1000, killed at 10,000.
    fn job_shell() -> Shell {
        let mut shell = Shell::new("alice", "node-1", 1000).unwrap_or_else(|e| panic!("{e}"));
        shell.set_deadline(10_000);
        shell
    }

    /// Each line the script wrote, with its time.
    fn lines(shell: &mut Shell, script: &str) -> (Vec<(u64, String)>, i32) {
        let outcome = shell.run_script((script, Origin::file("job.sh")), &mut NoCommands);
        let mut lines: Vec<(u64, String)> = outcome
            .output
            .iter()
            .flat_map(|c| {
                c.text
                    .lines()
                    .map(|l| (c.at, l.to_owned()))
                    .collect::<Vec<_>>()
            })
            .collect();
        crate::sort::by_key(&mut lines, |(at, _)| *at);
        (lines, outcome.status)
    }

    #[test]
    fn a_background_command_keeps_its_own_time_and_wait_catches_up() {
        let mut shell = job_shell();
        let (lines, status) = lines(
            &mut shell,
            "(sleep 30; echo child) &\necho parent $?\nwait\necho after\n",
        );
        let want = [(1000, "parent 0"), (1030, "child"), (1030, "after")];
        let want: Vec<(u64, String)> = want.iter().map(|(t, l)| (*t, (*l).to_owned())).collect();
        assert_eq!(lines, want);
        assert_eq!(status, 0);
        assert_eq!(shell.now(), 1030);
    }

    #[test]
    fn wait_gives_a_childs_status_and_refuses_strangers() {
        let mut shell = job_shell();
        let script = "sleep 5 &\nfirst=$!\n(sleep 9; exit 3) &\nwait $!; echo $?\n\
                      wait $first; echo $?\nwait 77; echo $?\nwait %9; echo $?\nwait x; echo $?\n\
                      wait -q; echo $?\nwait -n; echo $?\n";
        let outcome = shell.run_script((script, Origin::file("job.sh")), &mut NoCommands);
        assert_eq!(outcome.text(Stream::Stdout), "3\n0\n127\n127\n1\n2\n127\n");
        assert_eq!(
            outcome.text(Stream::Stderr),
            "job.sh: line 6: wait: pid 77 is not a child of this shell\n\
             job.sh: line 7: wait: %9: no such job\n\
             job.sh: line 8: wait: `x': not a pid or valid job spec\n\
             job.sh: line 9: wait: -q: invalid option\nwait: usage: wait [-fn] [-p var] [id ...]\n"
        );
        assert_eq!(shell.now(), 1009);
    }

    #[test]
    fn wait_n_takes_the_first_to_end() {
        let mut shell = job_shell();
        let (lines, _) = lines(
            &mut shell,
            "(sleep 50; exit 4) &\n(sleep 10; exit 2) &\nwait -n; echo $?\nwait %1; echo $?\n",
        );
        let got: Vec<(u64, &str)> = lines.iter().map(|(t, l)| (*t, l.as_str())).collect();
        assert_eq!(got, [(1010, "2"), (1050, "4")]);
    }

    #[test]
    fn a_background_subshell_changes_nothing_here() {
        let mut shell = job_shell();
        let outcome = shell.run_script(
            (
                "X=1; cd /tmp &\nwait\necho \"x=$X $PWD\"\n",
                Origin::file("job.sh"),
            ),
            &mut NoCommands,
        );
        assert_eq!(outcome.text(Stream::Stdout), "x=1 /home/alice\n");
    }

    #[test]
    fn the_prompt_refuses_it_and_runs_nothing() {
        let mut shell = Shell::new("alice", "login-1", 1000).unwrap_or_else(|e| panic!("{e}"));
        let outcome = shell.run("echo no &\necho yes\n", &mut NoCommands);
        assert_eq!(outcome.text(Stream::Stdout), "yes\n");
        assert_eq!(
            outcome.text(Stream::Stderr),
            "bash: &: background jobs are not available at this simulated prompt; they run in batch scripts and job steps\n"
        );
    }
}
