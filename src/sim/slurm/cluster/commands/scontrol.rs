//! `scontrol`: `show job|node|partition|step` in `slurm_sprint_*_info`'s layout
//! (`-d` details, `-o` one line), `update NodeName=... State=... Reason=...`
//! with slurmctld's refusals, `update JobId=...` (its own module), `hold`,
//! `uhold`, `release`, `requeue` and `requeuehold`, `notify`, `wait_job`,
//! `top`, `write batch_script`, the controller's `reconfigure`, `setdebug`,
//! `completing` and `ping`; the settings `oneliner`, `details`, `hide`,
//! `quiet` and `verbose`, kept at its prompt for the commands after them;
//! other keywords as scontrol refuses them (`invalid keyword: frobnicate`).

use super::super::super::getopt::{HasArg, Opt, opt};
use super::super::output::CommandOutput;
use super::super::state::{Hold, JobState, NodeReason};
use super::super::{Caller, Cluster};
use super::{VERSION, command_lines, help, no_input, parse, read_on};
use crate::sim::slurm::hostlist::Hostlist;

mod config;
mod controller;
mod job_list;
mod notify;
mod record;
mod requeue;
mod show;
mod show_host;
mod step;
mod top;
mod update_job;
mod write;

pub(super) use show::{index_ranges, tres};

use show::show;
use update_job::update_job;

pub(super) const OPTIONS: &[Opt] = &[
    opt("all", Some('a'), &["all"], HasArg::No),
    opt("details", Some('d'), &["details"], HasArg::No),
    opt("help", Some('h'), &["help"], HasArg::No),
    opt("oneliner", Some('o'), &["oneliner"], HasArg::No),
    opt("quiet", Some('Q'), &["quiet"], HasArg::No),
    opt("usage", None, &["usage"], HasArg::No),
    opt("verbose", Some('v'), &["verbose"], HasArg::No),
    opt("version", Some('V'), &["version"], HasArg::No),
];

/// Whether `tag` names `word`, at least `min` characters of it, as
/// `xstrncasecmp(tag, word, MAX(strlen(tag), min))` decides.
fn is(tag: &str, word: &str, min: usize) -> bool {
    // A tag shorter than `min` ends (its NUL) where `word` goes on.
    tag.len() >= min && tag.len() <= word.len() && word[..tag.len()].eq_ignore_ascii_case(tag)
}

/// Whether `tag` starts with all of `word`, as `xstrncasecmp(tag, word,
/// strlen(word))` decides for the keywords scontrol compares that way.
fn starts(tag: &str, word: &str) -> bool {
    tag.get(..word.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(word))
}

/// `exit` or `quit`: the end of scontrol's commands.
fn quits(tag: &str) -> bool {
    is(tag, "exit", 2) || is(tag, "quit", 4)
}

/// Runs `scontrol` with `argv`: its options, then one keyword and its
/// words, or (with none) the commands read from `stdin`.
pub(super) fn run(
    c: &mut Cluster,
    argv: &[String],
    stdin: &str,
    caller: &mut Caller<'_>,
) -> CommandOutput {
    let p = match parse("scontrol", argv, OPTIONS, 1) {
        Ok(p) => p,
        Err(out) => return out,
    };
    if p.has("help") {
        return help::text(help::SCONTROL);
    }
    if p.has("usage") {
        return help::text(help::SCONTROL_USAGE);
    }
    if p.has("version") {
        return help::text(VERSION);
    }
    let mut flags = Flags {
        one_line: p.has("oneliner"),
        detail: p.has("details"),
        quiet: if p.has("quiet") {
            1
        } else {
            -i8::from(p.has("verbose"))
        },
    };
    let mut out = CommandOutput::default();
    if p.operands.is_empty() {
        let verbose = flags.quiet < 0;
        for words in command_lines(stdin, false) {
            if words.is_empty() {
                no_input(flags.quiet < 0, &mut out);
            } else if command(c, &words, &mut flags, caller, &mut out) {
                return out;
            }
        }
        read_on(&mut out, verbose, &flags.settings());
    } else {
        command(c, &p.operands, &mut flags, caller, &mut out);
    }
    out
}

/// One command of scontrol's (`_process_command`); whether it was `exit`
/// or `quit`.
fn command(
    c: &mut Cluster,
    words: &[String],
    flags: &mut Flags,
    caller: &mut Caller<'_>,
    out: &mut CommandOutput,
) -> bool {
    let (tag, rest) = (words[0].as_str(), &words[1..]);
    if quits(tag) {
        if !rest.is_empty() {
            too_many(tag, out);
        }
        return true;
    }
    if !flags.set(tag, rest, out) && !job_keyword(c, tag, rest, caller, out) {
        keyword(c, tag, rest, *flags, caller, out);
    }
    false
}

/// What scontrol's options (`-o`, `-d`, `-Q`, `-v`) and its own commands
/// (`oneliner`, `details`, `hide`, `quiet`, `verbose`) set for the
/// commands after them.
#[derive(Clone, Copy)]
struct Flags {
    one_line: bool,
    detail: bool,
    /// 1 quiet, -1 verbose, else 0 (`quiet_flag`).
    quiet: i8,
}

impl Flags {
    /// The settings among scontrol's keywords, as `_process_command`
    /// takes them; false for any other keyword.
    fn set(&mut self, tag: &str, rest: &[String], out: &mut CommandOutput) -> bool {
        let extra = !rest.is_empty();
        if is(tag, "all", 2) {
            // It shows hidden partitions: this cluster has none.
        } else if is(tag, "details", 1) {
            if extra {
                too_many(tag, out);
            } else {
                self.detail = true;
            }
        } else if is(tag, "hide", 2) {
            self.detail = false;
        } else if is(tag, "oneliner", 1) || starts(tag, "\\q") || is(tag, "quiet", 4) {
            if extra {
                too_many(tag, out);
            }
            if is(tag, "oneliner", 1) {
                self.one_line = true;
            } else {
                self.quiet = 1;
            }
        } else if is(tag, "verbose", 4) {
            if extra {
                out.err_line(&format!("too many arguments for {tag} keyword"));
                out.exit = 1;
            }
            self.quiet = -1;
        } else {
            return false;
        }
        true
    }

    /// The commands that make these settings again, one a line, printing
    /// nothing: what scontrol reading the terminal is given before each
    /// line, as it runs anew for each (`hide` first: its options may
    /// have asked for details that a `hide` took back).
    fn settings(&self) -> String {
        let mut lines = String::from("hide\n");
        for (on, line) in [
            (self.detail, "details\n"),
            (self.one_line, "oneliner\n"),
            (self.quiet == 1, "quiet\n"),
            (self.quiet == -1, "verbose\n"),
        ] {
            if on {
                lines.push_str(line);
            }
        }
        lines
    }
}

/// Runs the keywords that act on jobs (hold, release, requeue, suspend,
/// resume, top, notify, wait_job); false for any other.
fn job_keyword(
    c: &mut Cluster,
    tag: &str,
    rest: &[String],
    caller: &mut Caller<'_>,
    out: &mut CommandOutput,
) -> bool {
    if tag.eq_ignore_ascii_case("uhold")
        || tag.eq_ignore_ascii_case("holdu")
        || is(tag, "hold", 4)
        || is(tag, "release", 3)
    {
        too_few(tag, rest, out);
        hold_jobs(c, tag, rest, caller, out);
    } else if is(tag, "requeue", 3) || starts(tag, "requeuehold") {
        too_few(tag, rest, out);
        requeue::run(c, rest, !is(tag, "requeue", 3), caller, out);
    } else if is(tag, "suspend", 2) || is(tag, "resume", 3) {
        too_few(tag, rest, out);
        suspend_jobs(c, is(tag, "resume", 3), rest, caller, out);
    } else if is(tag, "top", 3) {
        match rest {
            [] => too_few(tag, &[], out),
            [job] => top::top(c, strip_job_key(job), caller.user, out),
            _ => too_many(tag, out),
        }
    } else if is(tag, "notify", 1) {
        if rest.len() < 2 {
            out.err_line(&format!("too few arguments for keyword:{tag}"));
            out.exit = 1;
        } else {
            notify::notify(c, rest, caller, out);
        }
    } else if is(tag, "wait_job", 2) {
        match rest {
            [] => too_few(tag, &[], out),
            [job] => notify::wait_job(c, job, out),
            _ => too_many(tag, out),
        }
    } else {
        return false;
    }
    true
}

/// Runs the other keywords: show, update, ping, reconfigure, setdebug,
/// completing, version, write; an unknown one is refused.
fn keyword(
    c: &mut Cluster,
    tag: &str,
    rest: &[String],
    flags: Flags,
    caller: &mut Caller<'_>,
    out: &mut CommandOutput,
) {
    if is(tag, "show", 3) {
        let how = (flags.one_line, flags.detail);
        show(c, rest, how, (caller.env, caller.host), out);
    } else if is(tag, "update", 1) {
        update(c, rest, caller, out);
    } else if is(tag, "ping", 3) {
        if rest.is_empty() {
            ping(c, caller.user == "root", out);
        } else {
            too_many(tag, out);
        }
    } else if is(tag, "reconfigure", 3) {
        if rest.len() > 1 {
            too_many(tag, out);
        }
        controller::reconfigure(c, caller, out);
    } else if is(tag, "setdebug", 2) {
        match rest {
            [] => too_few(tag, &[], out),
            [level] => controller::setdebug(c, level, caller, out),
            _ => too_many(tag, out),
        }
    } else if is(tag, "completing", 2) {
        // Jobs here free their nodes as they end: none is ever seen
        // completing, so there is nothing to list.
        if !rest.is_empty() {
            too_many(tag, out);
        }
    } else if is(tag, "version", 4) {
        out.out(VERSION);
    } else if is(tag, "write", 5) {
        write::write(c, tag, rest, (caller, flags.quiet == 1), out);
    } else {
        out.err_line(&format!("invalid keyword: {tag}"));
        out.exit = 1;
    }
}

/// Refuses a keyword given too many words.
fn too_many(tag: &str, out: &mut CommandOutput) {
    out.err_line(&format!("too many arguments for keyword:{tag}"));
    out.exit = 1;
}

/// Refuses a keyword given no arguments, as scontrol does before it
/// goes on with none.
fn too_few(tag: &str, args: &[String], out: &mut CommandOutput) {
    if args.is_empty() {
        out.err_line(&format!("too few arguments for keyword:{tag}"));
        out.exit = 1;
    }
}

/// `hold`, `uhold` and `release` of each job list in `args` (or
/// `Name=`/`JobName=`, every job of that name); an operator's
/// `hold` is an administrator's hold, any other a user's. Each argument
/// that failed ends with the last error, as scontrol's `slurm_perror`.
fn hold_jobs(
    c: &mut Cluster,
    tag: &str,
    args: &[String],
    caller: &mut Caller<'_>,
    out: &mut CommandOutput,
) {
    let release = is(tag, "release", 3);
    let user_hold = !tag.eq_ignore_ascii_case("hold") || !c.is_operator(caller.user);
    let want = if release {
        None
    } else if user_hold {
        Some(Hold::User)
    } else {
        Some(Hold::Admin)
    };
    for arg in args {
        let arg = strip_job_key(arg);
        let mut op =
            |c: &mut Cluster, id: u32| hold(c, id, want, caller.user).map_err(str::to_owned);
        let failed = match job_list::read(arg) {
            Some(refs) => refs.iter().fold(None, |last, r| {
                let answer = job_list::apply(c, r, true, &mut op);
                job_list::say(r, &answer, out).or(last)
            }),
            None => match name_of(arg) {
                Some(name) => hold_by_name(c, name, &mut op, out),
                None => {
                    out.err_line(&format!("Invalid job id specified for job {arg}"));
                    Some("Invalid job id specified".to_owned())
                }
            },
        };
        if let Some(e) = failed {
            out.err_line(&format!("slurm_suspend error: {e}"));
            out.exit = 1;
        }
    }
}

/// An argument without its `JobId=` or `Job=` (any case).
fn strip_job_key(arg: &str) -> &str {
    ["JobId=", "Job="]
        .iter()
        .find_map(|key| {
            let head = arg.get(..key.len())?;
            head.eq_ignore_ascii_case(key).then(|| &arg[key.len()..])
        })
        .unwrap_or(arg)
}

/// The job name of `Name=NAME` or `JobName=NAME`.
fn name_of(arg: &str) -> Option<&str> {
    let (key, name) = arg.split_once('=')?;
    (key.eq_ignore_ascii_case("Name") || key.eq_ignore_ascii_case("JobName")).then_some(name)
}

/// `hold Name=NAME`: every job of that name, as scontrol_hold goes
/// through them: a task already running is skipped, any other job that
/// is not pending makes the command fail once it is done.
fn hold_by_name(
    c: &mut Cluster,
    name: &str,
    op: &mut dyn FnMut(&mut Cluster, u32) -> Result<(), String>,
    out: &mut CommandOutput,
) -> Option<String> {
    let named: Vec<(u32, bool, bool)> = c
        .jobs
        .values()
        .filter(|j| c.visible(j) && j.name == name)
        .map(|j| {
            let task = j.array.as_ref().is_some_and(|a| a.task.is_some());
            (j.id, j.state == JobState::Pending, task)
        })
        .collect();
    let mut failed = None;
    for (id, pending, task) in named {
        if !pending && task {
            continue;
        }
        if !pending {
            failed = Some("Job is no longer pending execution".to_owned());
        }
        let r = c
            .job(id)
            .map_or_else(|| job_list::JobRef::named(""), job_list::JobRef::of);
        let answer = job_list::apply(c, &r, true, op);
        failed = job_list::say(&r, &answer, out).or(failed);
    }
    failed
}

/// `suspend` or `resume` of each job list in `args`: an operator's
/// request, refused to anyone else before the ids are looked at.
fn suspend_jobs(
    c: &mut Cluster,
    resume: bool,
    args: &[String],
    caller: &Caller<'_>,
    out: &mut CommandOutput,
) {
    let operator = c.is_operator(caller.user);
    for arg in args {
        let arg = strip_job_key(arg);
        let mut op = |c: &mut Cluster, id: u32| {
            let done = if resume { c.resume(id) } else { c.suspend(id) };
            done.map_err(str::to_owned)
        };
        let refs = job_list::read(arg).unwrap_or_else(|| vec![job_list::JobRef::named(arg)]);
        for r in &refs {
            let answer = if operator {
                job_list::apply(c, r, false, &mut op)
            } else {
                job_list::Answer::Whole(Err("Access/permission denied".to_owned()))
            };
            job_list::say(r, &answer, out);
        }
    }
}

/// `ping`: each `SlurmctldHost` of slurm.conf and whether it answers. The
/// simulated controller is the first; a backup the model does not run is
/// down, and root is told to restore it.
fn ping(c: &Cluster, root: bool, out: &mut CommandOutput) {
    let hosts: Vec<&str> = c.config.controllers().into_iter().map(|(h, _)| h).collect();
    let mut down = false;
    for (i, host) in hosts.iter().enumerate() {
        let mode = match i {
            0 => "primary".to_owned(),
            1 if hosts.len() == 2 => "backup".to_owned(),
            n => format!("backup{n}"),
        };
        let state = if i == 0 { "UP" } else { "DOWN" };
        down |= i > 0;
        out.out_line(&format!("Slurmctld({mode}) at {host} is {state}"));
    }
    if hosts.is_empty() {
        out.exit = 1;
    }
    if down && root {
        out.out_line("*****************************************");
        out.out_line("** RESTORE SLURMCTLD DAEMON TO SERVICE **");
        out.out_line("*****************************************");
    }
}

/// What a hold (`Some`) or release (`None`) does to one record, as
/// `_update_job` sets a priority of 0 or INFINITE: a finished job is
/// refused, then another user's; a user's hold on a held job changes
/// nothing, an operator's changes its kind; a job already released
/// stays so; a user may not release an administrator's hold. A running
/// job is held too, which matters only if it is requeued.
fn hold(c: &mut Cluster, id: u32, want: Option<Hold>, user: &str) -> Result<(), &'static str> {
    let operator = c.is_operator(user);
    let job = c.job(id).ok_or("Invalid job id specified")?;
    if job.state.is_finished() {
        return Err("Job has already finished");
    }
    if !operator && job.user != user {
        return Err("Invalid user id");
    }
    match (job.hold, want) {
        (Some(_), Some(_)) if !operator => Ok(()),
        (Some(Hold::Admin), None) if !operator => Err("Access/permission denied"),
        (None, None) => Ok(()),
        _ => {
            c.set_hold(id, want);
            Ok(())
        }
    }
}

/// `update NodeName=...` and `update JobId=...`.
fn update(c: &mut Cluster, words: &[String], caller: &Caller<'_>, out: &mut CommandOutput) {
    if words.is_empty() {
        out.err_line("too few arguments for update keyword");
        out.exit = 1;
        return;
    }
    let mut pairs: Vec<(String, String)> = Vec::new();
    for w in words {
        match w.split_once('=') {
            Some((k, v)) => pairs.push((k.to_owned(), v.trim_matches('"').to_owned())),
            None => {
                out.err_line(&format!(
                    "scontrol: error: Invalid input: {w}  Request aborted"
                ));
                out.exit = 1;
                return;
            }
        }
    }
    // A job's tags win over a node's, as in `_update_it`.
    let job = pairs
        .iter()
        .any(|(k, _)| is(k, "JobId", 3) || is(k, "JobName", 3));
    if job {
        update_job(c, &pairs, caller, out);
        return;
    }
    match pairs.iter().find(|(k, _)| is(k, "NodeName", 3)) {
        Some(_) => update_node(c, &pairs, caller, out),
        None => {
            out.err_line("No valid entity in update command");
            out.err_line("Input line must include \"NodeName\", \"PartitionName\", \"Reservation=<reservation_name>\", \"StepId=<job_id>.<step_id>\", \"FrontendName\", \"SuspendExcNodes\", \"SuspendExcParts\" or \"JobId\"");
            out.exit = 1;
        }
    }
}

/// What `State=` asks of a node.
#[derive(Clone, Copy, PartialEq, Eq)]
enum NodeChange {
    Drain,
    Down,
    Resume,
    Undrain,
}

/// `scontrol update NodeName=...`: what it asks, read from its pairs.
struct NodeUpdate {
    names: Vec<String>,
    reason: Option<String>,
    change: Option<NodeChange>,
}

/// Reads the pairs of a node update; `None` after printing scontrol's
/// refusal of a pair.
fn read_node_update(pairs: &[(String, String)], out: &mut CommandOutput) -> Option<NodeUpdate> {
    let mut update = NodeUpdate {
        names: Vec::new(),
        reason: None,
        change: None,
    };
    for (k, v) in pairs {
        if is(k, "NodeName", 1) {
            update.names = match Hostlist::parse(v) {
                Ok(h) => h.names().to_vec(),
                Err(_) => vec![v.clone()],
            };
        } else if is(k, "Reason", 1) {
            update.reason = Some(v.clone());
        } else if is(k, "State", 1) {
            let vl = v.len().max(3);
            let word = |w: &str| {
                v.len() <= w.len() && vl <= w.len() && w[..v.len()].eq_ignore_ascii_case(v)
            };
            update.change = Some(if word("DRAIN") || word("FAIL") {
                NodeChange::Drain
            } else if word("RESUME") || word("IDLE") {
                NodeChange::Resume
            } else if word("UNDRAIN") {
                NodeChange::Undrain
            } else if word("DOWN") {
                NodeChange::Down
            } else {
                out.err_line(&format!("Invalid input: {k}={v}"));
                out.err_line("Request aborted");
                out.err_line(
                    "Valid states are: NoResp DRAIN FAIL FUTURE RESUME POWER_DOWN POWER_UP UNDRAIN",
                );
                out.err_line("Not all states are valid given a node's prior state");
                out.exit = 1;
                return None;
            });
        } else {
            out.err_line(&format!(
                "Update of this parameter is not supported: {k}={v}"
            ));
            out.err_line("Request aborted");
            out.exit = 1;
            return None;
        }
    }
    Some(update)
}

fn update_node(
    c: &mut Cluster,
    pairs: &[(String, String)],
    caller: &Caller<'_>,
    out: &mut CommandOutput,
) {
    let Some(update) = read_node_update(pairs, out) else {
        return;
    };
    let refusal = if matches!(update.change, Some(NodeChange::Drain | NodeChange::Down))
        && update.reason.as_deref().is_none_or(str::is_empty)
    {
        Some("You must specify a reason when DOWNING or DRAINING a node. Request denied")
    } else if update.change.is_none() && update.reason.is_none() {
        Some("No changes specified")
    } else if !c.is_operator(caller.user) {
        Some("slurm_update error: Access/permission denied")
    } else {
        None
    };
    let indices: Option<Vec<usize>> = update.names.iter().map(|n| c.node_index(n)).collect();
    let refusal = refusal.or_else(|| {
        indices
            .as_ref()
            .is_none_or(Vec::is_empty)
            .then_some("slurm_update error: Invalid node name specified")
    });
    if let Some(line) = refusal {
        out.err_line(line);
        out.exit = 1;
        return;
    }
    let mut invalid = false;
    for n in indices.unwrap_or_default() {
        invalid |= !change_node(c, n, &update, caller.user);
    }
    c.node_changed();
    if invalid {
        out.err_line("slurm_update error: Invalid node state specified");
        out.exit = 1;
    }
}

/// Applies an update to node `n` for `user`; false if the node's state
/// does not allow it (resuming a node that is neither drained nor down,
/// undraining one that is not drained).
fn change_node(c: &mut Cluster, n: usize, update: &NodeUpdate, user: &str) -> bool {
    let now = c.now;
    let stamp = |text: &str| NodeReason {
        text: text.to_owned(),
        user: user.to_owned(),
        time: now,
    };
    let answer = c.params.resume_answer_s;
    let node = &mut c.nodes[n];
    match update.change {
        Some(NodeChange::Drain) => {
            node.drain = true;
            node.reason = update.reason.as_deref().map(stamp);
        }
        Some(NodeChange::Down) => {
            node.down = true;
            node.reason = update.reason.as_deref().map(stamp);
            c.fail_node_jobs(n);
        }
        Some(NodeChange::Resume) => {
            if !(node.drain || node.down) {
                return false;
            }
            node.drain = false;
            node.down = false;
            node.reason = None;
            // slurmd is pinged again: NOT_RESPONDING until it answers.
            node.not_responding = true;
            node.responds_at = Some(now + answer);
            c.answers.expect(n, now + answer);
        }
        Some(NodeChange::Undrain) => {
            if !node.drain {
                return false;
            }
            node.drain = false;
            if !node.down {
                node.reason = None;
            }
        }
        None => {
            if let Some(r) = &update.reason {
                node.reason = Some(stamp(r));
            }
        }
    }
    true
}
