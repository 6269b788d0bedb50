//! `squeue -v`: the options as squeue read them (`_print_options`,
//! opts.c), between dashed lines and two blank lines, before the date
//! and a count of the records slurmctld sent (squeue.c). `-vv` adds the
//! lists the options were read into.

use super::super::super::Cluster;
use super::super::super::state::JobState;
use crate::sim::slurm::getopt::Parsed;
use crate::sim::slurm::hostlist::Hostlist;

/// squeue's format for `--start` when none is given.
const START_FORMAT: &str = "%.18i %.9P %.8j %.8u %.2t %.19S %.6D %20Y %R";

/// How many times `-v` was given.
pub(super) fn level(p: &Parsed) -> usize {
    p.opts.iter().filter(|(k, _)| *k == "verbose").count()
}

/// An option's text, or glibc's `(null)` for one not given.
fn text(value: Option<&str>) -> String {
    value.unwrap_or("(null)").to_owned()
}

fn flag(on: bool) -> &'static str {
    if on { "true" } else { "false" }
}

/// The job ids of `-j` (or the operand after a bare `-j`).
fn jobs(p: &Parsed) -> Option<String> {
    match p.value("jobs") {
        Some(v) => Some(v.to_owned()),
        None if p.has("jobs") && !p.has("steps") => p.operands.first().cloned(),
        None => None,
    }
}

/// The users of `-u`, or `--me`'s uid, whichever came last.
fn users(c: &Cluster, p: &Parsed, me: &str) -> Option<String> {
    let last = p
        .opts
        .iter()
        .rev()
        .find(|(k, _)| *k == "user" || *k == "me")?;
    match last {
        ("me", _) => Some(c.accounts.user(me).map_or(0, |u| u.uid).to_string()),
        (_, value) => value.clone(),
    }
}

/// The dump for `level` and the options in `p`, run by `me`.
pub(super) fn options(c: &Cluster, p: &Parsed, me: &str, level: usize) -> String {
    let start = p.has("start") && !p.has("steps");
    let format = p
        .value("format")
        .map(str::to_owned)
        .or_else(|| (start && !p.has("Format") && !p.has("long")).then(|| START_FORMAT.to_owned()));
    let states = p
        .value("states")
        .map(str::to_owned)
        .or_else(|| start.then(|| "PD".to_owned()));
    let sort = p
        .value("sort")
        .map(str::to_owned)
        .or_else(|| start.then(|| "S".to_owned()));
    let nodes = p
        .value("nodelist")
        .and_then(|w| Hostlist::parse(w).ok())
        .map_or_else(String::new, |h| h.to_string());
    // `-p` shows hidden partitions as `-a` does; `--hide` undoes both.
    let all = p.opts.iter().fold(false, |all, (k, _)| match *k {
        "all" | "partition" => true,
        "hide" => false,
        _ => all,
    });
    let jobs = jobs(p);
    let users = users(c, p, me);
    let mut lines = vec![
        "-----------------------------".to_owned(),
        format!("all         = {}", flag(all)),
        format!("array       = {}", flag(p.has("array"))),
        "federation  = false".to_owned(),
        format!("format      = {}", text(format.as_deref())),
        format!(
            "iterate     = {}",
            p.value("iterate").map_or(0, crate::sim::slurm::c_num::atoi)
        ),
        format!("job_flag    = {}", u8::from(p.has("jobs"))),
        format!("jobs        = {}", text(jobs.as_deref())),
        format!("licenses    = {}", text(p.value("licenses"))),
        format!(
            "local       = {}",
            flag(p.has("local") || p.has("clusters"))
        ),
        format!("names       = {}", text(p.value("name"))),
        format!("nodes       = {nodes}"),
        format!("partitions  = {}", text(p.value("partition"))),
        format!("priority    = {}", flag(p.has("priority"))),
        format!("reservation = {}", text(p.value("reservation"))),
        format!("sibling      = {}", flag(p.has("sibling"))),
        format!("sort        = {}", text(sort.as_deref())),
        format!("start_flag  = {}", u8::from(p.has("start"))),
        format!("states      = {}", text(states.as_deref())),
        format!("step_flag   = {}", u8::from(p.has("steps"))),
        format!("steps       = {}", text(p.value("steps"))),
        format!("users       = {}", text(users.as_deref())),
        format!("verbose     = {level}"),
    ];
    if level > 1 {
        lists(
            c,
            (jobs, users),
            (p.value("name"), p.value("partition")),
            states,
            &mut lines,
        );
    }
    lines.push("-----------------------------\n\n".to_owned());
    lines.join("\n") + "\n"
}

/// `-vv`: each list as squeue holds it.
fn lists(
    c: &Cluster,
    (jobs, users): (Option<String>, Option<String>),
    (names, parts): (Option<&str>, Option<&str>),
    states: Option<String>,
    lines: &mut Vec<String>,
) {
    let items = |text: Option<&str>| -> Vec<String> {
        text.map_or_else(Vec::new, |t| {
            t.split(',')
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .collect()
        })
    };
    for (i, job) in items(jobs.as_deref()).iter().enumerate() {
        lines.push(format!("job_list[{i}] = {job}"));
    }
    // squeue prints the first character's code of each name.
    for (i, name) in items(names).iter().enumerate() {
        let code = name.bytes().next().map_or(0, u32::from);
        lines.push(format!("name_list[{i}] = {code}"));
    }
    for (i, part) in items(parts).iter().enumerate() {
        lines.push(format!("part_list[{i}] = {part}"));
    }
    match states.as_deref() {
        Some(s) if s.eq_ignore_ascii_case("all") => lines.push("state_list = all".to_owned()),
        _ => {
            let named = items(states.as_deref()).into_iter().filter_map(|s| {
                super::STATES
                    .iter()
                    .find(|st| {
                        st.name().eq_ignore_ascii_case(&s) || st.compact().eq_ignore_ascii_case(&s)
                    })
                    .map(|st: &JobState| st.name())
            });
            for (i, name) in named.enumerate() {
                lines.push(format!("state_list[{i}] = {name}"));
            }
        }
    }
    for (i, user) in items(users.as_deref()).iter().enumerate() {
        let uid = c
            .accounts
            .users
            .iter()
            .find(|u| &u.name == user || &u.uid.to_string() == user)
            .map_or_else(|| user.clone(), |u| u.uid.to_string());
        lines.push(format!("user_list[{i}] = {uid}"));
    }
}

/// `last_update_time=... records=...` after the date: the records
/// slurmctld sent (every job it still holds; one job's or one user's
/// when squeue asked for those, when it also zeroes the time).
pub(super) fn records_line(c: &Cluster, p: &Parsed, me: &str) -> String {
    let one = |list: Option<String>| -> Option<String> {
        let list = list?;
        let mut items = list.split(',').filter(|s| !s.is_empty());
        let first = items.next()?;
        items.next().is_none().then(|| first.to_owned())
    };
    let one_job = one(jobs(p)).and_then(|j| {
        let id = j.split('_').next().unwrap_or(&j);
        id.parse::<u32>().ok()
    });
    let one_user = one(users(c, p, me)).map(|u| {
        c.accounts
            .users
            .iter()
            .find(|x| x.name == u || x.uid.to_string() == u)
            .map_or(u, |x| x.name.clone())
    });
    let one_user = one_user.as_deref();
    let sent = c
        .jobs
        .values()
        .filter(|j| c.visible(j))
        .filter(|j| {
            one_job.is_none_or(|id| {
                j.id == id || j.array.as_ref().is_some_and(|a| a.array_job_id == id)
            })
        })
        .filter(|j| one_user.is_none_or(|u| j.user == u))
        .count();
    let stamp = if one_job.is_some() || one_user.is_some() {
        0
    } else {
        c.now
    };
    format!("last_update_time={stamp} records={sent}\n")
}
