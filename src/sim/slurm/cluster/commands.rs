//! The Slurm command-line tools over the cluster, each a pure function of
//! its arguments, its stdin and the caller: `sbatch`, `srun`, `squeue`,
//! `sinfo`, `scancel`, `scontrol`, `sacct`, `sacctmgr`, `sprio`, `sreport`,
//! `sshare`, `sstat`. Each prints
//! what Slurm 22.05.8 prints, on the stream it uses, with its exit status;
//! `--help` and `--usage` describe, in our own words, the options this
//! model supports.

use super::super::getopt::{self, GetoptError, HasArg, Opt, Order};
use super::output::CommandOutput;
use super::runner::NoPrograms;
use super::state::{Job, JobState};
use super::submit::SubmitError;
use super::{Caller, Cluster};

mod help;
mod sacct;
mod sacctmgr;
mod salloc;
mod sbatch;
mod scancel;
mod scontrol;
mod seff;
mod sinfo;
mod sprio;
mod squeue;
mod sreport;
mod srun;
mod sshare;
mod sstat;
mod step_list;
mod step_usage;

pub(crate) use srun::{StepRequest, step_request};

/// How a command runs: reading the cluster, or changing it.
#[derive(Debug, Clone, Copy)]
enum Run {
    /// Reads the cluster for the caller.
    Read(fn(&Cluster, &[String], &Caller<'_>) -> CommandOutput),
    /// May change the cluster; reads stdin and may run programs.
    Write(fn(&mut Cluster, &[String], &str, &mut Caller<'_>) -> CommandOutput),
}

/// A command: its name, a one-line summary, its options and how it runs.
#[derive(Debug, Clone, Copy)]
pub struct CommandInfo {
    /// The name typed to run it.
    pub name: &'static str,
    /// What it does, in one line.
    pub summary: &'static str,
    options: &'static [Opt],
    run: Run,
}

impl CommandInfo {
    /// Its options as typed (`-p`, `--partition`), for tab completion.
    pub fn options(&self) -> Vec<String> {
        getopt::spellings(self.options)
    }
}

/// Every command, by name.
pub const COMMANDS: &[CommandInfo] = &[
    CommandInfo {
        name: "sacct",
        summary: "accounting records of jobs and their steps",
        options: sacct::OPTIONS,
        run: Run::Read(sacct::run),
    },
    CommandInfo {
        name: "sacctmgr",
        summary: "the accounting database: sacctmgr show assoc|user|account|qos, add|modify|delete",
        options: sacctmgr::OPTIONS,
        run: Run::Write(sacctmgr::run),
    },
    CommandInfo {
        name: "salloc",
        summary: "hold an allocation: salloc -N 2 (a shell until exit), or salloc -N 2 srun hostname",
        options: salloc::OPTIONS,
        run: Run::Write(salloc::run),
    },
    CommandInfo {
        name: "sbatch",
        summary: "submit a batch script",
        options: sbatch::OPTIONS,
        run: Run::Write(sbatch::run),
    },
    CommandInfo {
        name: "scancel",
        summary: "cancel jobs",
        options: scancel::OPTIONS,
        run: Run::Write(scancel::run),
    },
    CommandInfo {
        name: "scontrol",
        summary: "show and change jobs, nodes and partitions (alone: its own prompt)",
        options: scontrol::OPTIONS,
        run: Run::Write(scontrol::run),
    },
    CommandInfo {
        name: "seff",
        summary: "a finished job's CPU and memory efficiency: seff JOBID",
        options: seff::OPTIONS,
        run: Run::Read(seff::run),
    },
    CommandInfo {
        name: "sinfo",
        summary: "partitions and nodes and their states",
        options: sinfo::OPTIONS,
        run: Run::Read(sinfo::run),
    },
    CommandInfo {
        name: "sprio",
        summary: "the priority factors of pending jobs",
        options: sprio::OPTIONS,
        run: Run::Read(sprio::run),
    },
    CommandInfo {
        name: "squeue",
        summary: "jobs in the queue",
        options: squeue::OPTIONS,
        run: Run::Write(squeue::run),
    },
    CommandInfo {
        name: "sreport",
        summary: "CPU time used, by cluster, account, user and wckey: sreport cluster|job|user REPORT (sreport --help lists them)",
        options: sreport::OPTIONS,
        run: Run::Write(sreport::run),
    },
    CommandInfo {
        name: "srun",
        summary: "run a program as a job step (--pty bash: a shell on the node)",
        options: srun::OPTIONS,
        run: Run::Write(srun::run),
    },
    CommandInfo {
        name: "sshare",
        summary: "fair-share usage and factors of accounts and users",
        options: sshare::OPTIONS,
        run: Run::Read(sshare::run),
    },
    CommandInfo {
        name: "sstat",
        summary: "resource use of running job steps: sstat -j JOBID",
        options: sstat::OPTIONS,
        run: Run::Read(sstat::run),
    },
];

impl Cluster {
    /// The names of the commands, sorted.
    pub fn command_names() -> Vec<&'static str> {
        COMMANDS.iter().map(|c| c.name).collect()
    }

    /// A command's options as typed, for completion (empty for an unknown
    /// command).
    pub fn command_options(name: &str) -> Vec<String> {
        COMMANDS
            .iter()
            .find(|c| c.name == name)
            .map(CommandInfo::options)
            .unwrap_or_default()
    }

    /// Runs a command as `user` in their home directory, with no files to
    /// read and only the cluster's own programs. `argv[0]` is the command.
    pub fn exec(&mut self, argv: &[String], stdin: &str, user: &str) -> CommandOutput {
        let home = self
            .user(user)
            .map_or_else(|| "/".to_owned(), |u| u.home.clone());
        let no_files = |_: &str| None;
        let mut programs = NoPrograms;
        let mut caller = Caller {
            user,
            cwd: &home,
            host: "",
            files: &no_files,
            env: None,
            programs: &mut programs,
        };
        self.exec_as(argv, stdin, &mut caller)
    }

    /// Runs a command for a caller (user, directory, files, programs).
    pub fn exec_as(
        &mut self,
        argv: &[String],
        stdin: &str,
        caller: &mut Caller<'_>,
    ) -> CommandOutput {
        let Some((prog, rest)) = argv.split_first() else {
            return CommandOutput::default();
        };
        let name = prog.rsplit('/').next().unwrap_or(prog);
        match COMMANDS.iter().find(|c| c.name == name).map(|c| c.run) {
            Some(Run::Read(run)) => run(self, rest, caller),
            Some(Run::Write(run)) => run(self, rest, stdin, caller),
            None => CommandOutput::failure(&format!("{name}: command not found\n"), 127),
        }
    }

    /// Jobs `squeue` and `scontrol` still see: not yet purged `MinJobAge`
    /// seconds after they ended.
    fn visible(&self, job: &Job) -> bool {
        match (job.state, job.end_time) {
            (JobState::Pending | JobState::Running | JobState::Suspended, _) => true,
            (_, Some(end)) => end + i64::from(self.config.min_job_age_s) > self.now,
            (_, None) => false,
        }
    }
}

/// A job named on a command line: `ID`, or `ID_TASK` for one task of an
/// array.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Wanted {
    id: u32,
    task: Option<u32>,
}

impl Wanted {
    fn new(id: u32, task: Option<u32>) -> Self {
        Self { id, task }
    }

    /// Reads `ID` or `ID_TASK`; `None` unless each part is a number.
    fn parse(text: &str) -> Option<Self> {
        match text.split_once('_') {
            Some((id, task)) => Some(Self {
                id: id.parse().ok()?,
                task: Some(task.parse().ok()?),
            }),
            None => Some(Self {
                id: text.parse().ok()?,
                task: None,
            }),
        }
    }
}

/// The users of a `-u` list, by name or uid; each unknown one is warned
/// about on `out` (`uid_from_string` failing) and left out.
fn known_users(c: &Cluster, prog: &str, list: &str, out: &mut CommandOutput) -> Vec<String> {
    let mut known = Vec::new();
    for u in list.split(',').filter(|s| !s.is_empty()) {
        match c
            .accounts
            .users
            .iter()
            .find(|x| x.name == u || x.uid.to_string() == u)
        {
            Some(user) => known.push(user.name.clone()),
            None => out.err(&format!("{prog}: error: Invalid user: {u}\n\n")),
        }
    }
    known
}

/// The `-e/--helpformat` list of sshare and sstat: the names four to a
/// line, each padded to `width`.
fn name_grid<'a>(names: impl Iterator<Item = &'a str>, width: usize) -> String {
    let mut text = String::new();
    for (i, name) in names.enumerate() {
        if i % 4 != 0 {
            text.push(' ');
        } else if i > 0 {
            text.push('\n');
        }
        text.push_str(&format!("{name:<width$}"));
    }
    text.push('\n');
    text
}

/// A getopt mistake: glibc's line, then the tool's hint.
fn usage_error(prog: &str, mistake: &GetoptError, exit: i32) -> CommandOutput {
    let mut out = CommandOutput::default();
    out.err_line(&format!("{prog}: {mistake}"));
    out.err_line(&format!("Try \"{prog} --help\" for more information"));
    out.exit = exit;
    out
}

/// Reads the options of a command, or the output for a mistake.
fn parse(
    prog: &str,
    argv: &[String],
    table: &[Opt],
    exit: i32,
) -> Result<getopt::Parsed, CommandOutput> {
    getopt::parse(argv, table, Order::Permute).map_err(|e| usage_error(prog, &e, exit))
}

/// Whether `word` names `full`: a case-blind prefix of it at least `min`
/// letters long, as sacctmgr and sreport match `xstrncasecmp(word, full,
/// MAX(len, min))`.
fn keyword(word: &str, full: &str, min: usize) -> bool {
    word.len() >= min
        && full
            .get(..word.len())
            .is_some_and(|f| f.eq_ignore_ascii_case(word))
}

/// `sacctmgr` with no command reads them from its input
/// ([`command_lines`]) and runs each after the options `argv`, until a
/// line for which `quits` holds; without it, [`CommandOutput::reading`]
/// says it would read on from a terminal.
fn read_commands(
    c: &mut Cluster,
    prog: &str,
    (argv, stdin): (&[String], &str),
    caller: &mut Caller<'_>,
    quits: fn(&str) -> bool,
) -> CommandOutput {
    let mut out = CommandOutput::default();
    for words in command_lines(stdin, true) {
        let Some(first) = words.first() else {
            no_input(false, &mut out);
            continue;
        };
        if quits(first) {
            return out;
        }
        let full: Vec<String> = std::iter::once(prog.to_owned())
            .chain(argv.iter().cloned())
            .chain(words)
            .collect();
        let done = c.exec_as(&full, "", caller);
        for (stream, text) in &done.chunks {
            out.push(*stream, text);
        }
        out.exit = out.exit.max(done.exit);
    }
    read_on(&mut out, false, "");
    out
}

/// The commands a program given none on its command line reads from its
/// input, one a line, as `_get_command` reads them: each line's words (a
/// blank line has none), `!!` the line before's again and, with
/// `comments`, a line starting with `#` none (sacctmgr and sreport skip
/// it; scontrol reads it as a keyword).
fn command_lines(stdin: &str, comments: bool) -> Vec<Vec<String>> {
    let mut last = "";
    stdin
        .lines()
        .map(|line| {
            let line = match line {
                "!!" => last,
                _ if comments && line.starts_with('#') => "",
                _ => {
                    last = line;
                    line
                }
            };
            split_words(line)
        })
        .collect()
}

/// A line with no command (`_process_command` given no words): status 1,
/// and `no input` (without a newline) when verbose.
fn no_input(verbose: bool, out: &mut CommandOutput) {
    if verbose {
        out.err("no input");
    }
    out.exit = 1;
}

/// Marks `out` as reading on from a terminal, to be given `settings` (the
/// lines that make its settings again, printing nothing) before each line
/// typed. Once a command failed, a blank line before them keeps the
/// status it leaves with at 1, as its `exit_code` stays; not when its
/// options made it verbose, where that line would say `no input`.
fn read_on(out: &mut CommandOutput, verbose: bool, settings: &str) {
    let failed = if out.exit != 0 && !verbose { "\n" } else { "" };
    out.reading = Some(format!("{failed}{settings}"));
}

/// A line's words as scontrol's `_get_command` splits them: at blanks
/// outside quotes (here with the quotes taken off).
fn split_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote = None;
    for ch in line.chars() {
        match quote {
            Some(q) if ch == q => quote = None,
            None if ch == '"' || ch == '\'' => {
                quote = Some(ch);
                word.get_or_insert_default();
            }
            None if ch.is_whitespace() => words.extend(word.take()),
            _ => word.get_or_insert_default().push(ch),
        }
    }
    words.extend(word);
    words
}

/// A successful output of lines on stdout.
fn lines_out(lines: &[String]) -> CommandOutput {
    let mut out = CommandOutput::default();
    for line in lines {
        out.out_line(line);
    }
    out
}

/// slurmctld's refusal of a job as `prog` prints it: each detail, then
/// `failure: message` (`Batch job submission failed` for sbatch, `Unable
/// to allocate resources` for srun), exit 1.
fn job_refused(prog: &str, failure: &str, refusal: &SubmitError) -> CommandOutput {
    let mut out = CommandOutput::default();
    for line in &refusal.details {
        out.err_line(&format!("{prog}: error: {line}"));
    }
    out.err_line(&format!("{prog}: error: {failure}: {}", refusal.message));
    out.exit = 1;
    out
}

/// `prog: error: message` on stderr with an exit status.
fn error_out(prog: &str, message: &str, exit: i32) -> CommandOutput {
    CommandOutput::failure(&format!("{prog}: error: {message}\n"), exit)
}

/// The refusal of `-i/--iterate=SECONDS` (squeue's and sinfo's), read
/// with `atoi`: a count under 1, worded by `message` (its `{}` the value).
fn bad_iterate(p: &getopt::Parsed, prog: &str, message: &str) -> Option<CommandOutput> {
    let v = p.value("iterate")?;
    (crate::sim::slurm::c_num::atoi(v) <= 0).then(|| error_out(prog, &message.replace("{}", v), 1))
}

/// The end of an `--iterate` round: the blank line before the tool
/// sleeps, and (on standard error) why no second round follows.
fn one_round(p: &getopt::Parsed, prog: &str, out: &mut CommandOutput) {
    if p.has("iterate") {
        out.out("\n");
        out.err(&format!(
            "{prog}: --iterate: the simulated shell prints one round; run {prog} again to see later ones\n"
        ));
    }
}

/// `-M/--clusters LIST` of squeue, sinfo and sacct.
const CLUSTERS_OPT: Opt = getopt::opt(
    "clusters",
    Some('M'),
    &["cluster", "clusters"],
    HasArg::Required,
);

/// `-M/--clusters LIST` of squeue and sinfo: the `CLUSTER: name` line
/// they print above the table (none with `-h`), or the refusal of a
/// cluster the database does not know (`print_db_notok`). `all` names
/// every cluster, this one.
fn clusters_line(c: &Cluster, prog: &str, p: &getopt::Parsed) -> Result<String, CommandOutput> {
    let Some(list) = p.value("clusters") else {
        return Ok(String::new());
    };
    let name = &c.config.cluster_name;
    for wanted in list.split(',') {
        if !wanted.eq_ignore_ascii_case(name) && !wanted.eq_ignore_ascii_case("all") {
            return Err(error_out(
                prog,
                &format!(
                    "'{list}' can't be reached now, or it is an invalid entry for --cluster.  Use 'sacctmgr list clusters' to see available clusters."
                ),
                1,
            ));
        }
    }
    Ok(if p.has("noheader") {
        String::new()
    } else {
        format!("CLUSTER: {name}\n")
    })
}

/// The printed form of a Slurm version request: Debian's packages, as on
/// the reference cluster, name themselves `slurm-wlm`.
const VERSION: &str = "slurm-wlm 22.05.8\n";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_job_is_named_by_its_id_or_an_array_task() {
        assert_eq!(Wanted::parse("38"), Some(Wanted { id: 38, task: None }));
        assert_eq!(
            Wanted::parse("38_2"),
            Some(Wanted {
                id: 38,
                task: Some(2)
            })
        );
        assert_eq!(Wanted::parse("38_x"), None);
        assert_eq!(Wanted::parse("abc"), None);
    }
}
