//! The job lists of `hold`, `uhold`, `release` and `requeue`: how
//! scontrol reads them (`_is_job_id` and `_next_job_id`, update_job.c),
//! how slurmctld applies each id to the records it names
//! (`update_job_str` and `job_requeue2`, job_mgr.c), and the answers
//! scontrol prints.

use super::super::super::Cluster;
use super::super::super::output::CommandOutput;
use super::super::super::state::{Job, JobState, task_ranges};
use crate::sim::slurm::hostlist::Hostlist;

/// One job id as scontrol sends it to slurmctld.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct JobRef {
    /// As scontrol names it in a refusal (`38_1-3`: brackets dropped).
    pub(super) shown: String,
    /// The job (or array) id; 0 for one slurmctld refuses.
    id: u32,
    /// The tasks after `_`, as typed (`1-3,5`); `None` without `_`.
    tasks: Option<String>,
}

impl JobRef {
    /// An id scontrol sends as typed, which slurmctld refuses.
    pub(super) fn named(text: &str) -> Self {
        Self {
            shown: text.to_owned(),
            id: 0,
            tasks: None,
        }
    }
}

impl JobRef {
    /// The id scontrol sends for `job` when it found it by name: the
    /// array's pending tasks as `squeue` lists them (with `%N`, which
    /// slurmctld then refuses), a task, or the job.
    pub(super) fn of(job: &Job) -> Self {
        let shown = match &job.array {
            Some(a) => match a.task {
                Some(t) => format!("{}_{t}", a.array_job_id),
                None => {
                    format!(
                        "{}_{}",
                        a.array_job_id,
                        task_ranges(&a.pending, a.max_running)
                    )
                }
            },
            None => job.id.to_string(),
        };
        read(&shown)
            .and_then(|refs| refs.into_iter().next())
            .unwrap_or_else(|| Self::named(&shown))
    }
}

/// Reads a job list: ids joined by commas or spaces, each `N`, `N_T`,
/// `N_[LIST]`, or a bracketed range of ids (`[30-32]`); `None` if
/// scontrol would not take it for job ids.
pub(super) fn read(text: &str) -> Option<Vec<JobRef>> {
    let mut tokens = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    let (mut plus, mut under) = (false, false);
    for (i, ch) in text.char_indices() {
        match ch {
            '+' if plus => return None,
            '+' => plus = true,
            '_' if under => return None,
            '_' => under = true,
            '[' => depth += 1,
            ']' => depth -= 1,
            '-' if depth == 0 && !under => return None,
            '-' => {}
            ',' | ' ' if depth == 0 => {
                tokens.push(&text[start..i]);
                start = i + 1;
                (plus, under) = (false, false);
            }
            ',' | ' ' => {}
            c if c.is_ascii_digit() => {}
            _ => return None,
        }
    }
    if depth != 0 {
        return None;
    }
    tokens.push(&text[start..]);
    let mut refs = Vec::new();
    for token in tokens.into_iter().filter(|t| !t.is_empty()) {
        let (ids, tasks) = match token.split_once('_') {
            Some((ids, tasks)) => {
                let tasks = match tasks.strip_prefix('[') {
                    Some(inner) => inner.split(']').next().unwrap_or(inner),
                    None => tasks,
                };
                (ids, Some(tasks.to_owned()))
            }
            None => (token, None),
        };
        let ids = if ids.contains('[') {
            Hostlist::parse(ids).ok()?.names().to_vec()
        } else {
            vec![ids.to_owned()]
        };
        for id in ids {
            let shown = match &tasks {
                Some(t) => format!("{id}_{t}"),
                None => id.clone(),
            };
            // strtol's reading: a `+` (a hetjob's part) or nothing is
            // no job id slurmctld knows.
            let id = id.parse().unwrap_or(0);
            refs.push(JobRef {
                shown,
                id,
                tasks: tasks.clone(),
            });
        }
    }
    Some(refs)
}

/// What slurmctld answers one id: a refusal of the whole id, or for an
/// array each outcome with the tasks it was for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Answer {
    /// A plain job, or an id refused outright.
    Whole(Result<(), String>),
    /// An array's records, grouped by outcome.
    Tasks(Vec<(Result<(), String>, Vec<u32>)>),
}

/// The most tasks one id's list may name (slurm.conf's `MaxArraySize`
/// default).
const MAX_TASKS: u32 = 1001;

const INVALID: &str = "Invalid job id specified";

/// Applies `op` to each record `r` names: a job; every record of an
/// array; or the named tasks of one, which `split` first takes out of
/// the record of pending tasks unless all of them are named (as an
/// update does; a requeue applies to that record).
pub(super) fn apply(
    c: &mut Cluster,
    r: &JobRef,
    split: bool,
    op: &mut dyn FnMut(&mut Cluster, u32) -> Result<(), String>,
) -> Answer {
    if r.id == 0 {
        return Answer::Whole(Err(INVALID.to_owned()));
    }
    match r.tasks.as_deref().filter(|t| *t != "*") {
        Some(list) => match read_tasks(list) {
            Some(wanted) => Answer::Tasks(apply_to_tasks(c, r.id, wanted, split, op)),
            None => Answer::Whole(Err(INVALID.to_owned())),
        },
        None => apply_to_job(c, r.id, op),
    }
}

/// `ID` or `ID_*`: the job, or every record of the array `ID`.
fn apply_to_job(
    c: &mut Cluster,
    id: u32,
    op: &mut dyn FnMut(&mut Cluster, u32) -> Result<(), String>,
) -> Answer {
    let plain = (c.job(id).filter(|j| c.visible(j)))
        .is_some_and(|j| j.array.as_ref().is_none_or(|a| a.array_job_id != id));
    if plain {
        return Answer::Whole(op(c, id));
    }
    let all = array_records(c, id);
    if all.is_empty() {
        return Answer::Whole(Err(INVALID.to_owned()));
    }
    let mut answer = Vec::new();
    for record in all {
        let tasks = tasks_of(c, record);
        add(&mut answer, op(c, record), tasks);
    }
    Answer::Tasks(sorted(answer))
}

/// `ID_[LIST]`: the named tasks of the array `ID`.
fn apply_to_tasks(
    c: &mut Cluster,
    id: u32,
    mut wanted: Vec<u32>,
    split: bool,
    op: &mut dyn FnMut(&mut Cluster, u32) -> Result<(), String>,
) -> Vec<(Result<(), String>, Vec<u32>)> {
    let mut answer = Vec::new();
    let pending_record = array_records(c, id).into_iter().find(|&record| {
        c.job(record).is_some_and(|j| {
            j.state == JobState::Pending && j.array.as_ref().is_some_and(|a| a.task.is_none())
        })
    });
    if let Some(record) = pending_record {
        let pending = tasks_of(c, record);
        if pending.iter().all(|t| wanted.contains(t)) || !split {
            if pending.iter().any(|t| wanted.contains(t)) {
                add(&mut answer, op(c, record), pending.clone());
                wanted.retain(|t| !pending.contains(t));
            }
        } else {
            for &task in pending.iter().filter(|t| wanted.contains(t)) {
                c.split_task(record, task);
            }
        }
    }
    for task in wanted {
        let record = array_records(c, id).into_iter().find(|&rec| {
            let array = c.job(rec).and_then(|j| j.array.as_ref());
            array.is_some_and(|a| a.task == Some(task))
        });
        match record {
            Some(record) => add(&mut answer, op(c, record), vec![task]),
            None => add(&mut answer, Err(INVALID.to_owned()), vec![task]),
        }
    }
    sorted(answer)
}

/// The task a record holds, or the pending tasks it holds.
fn tasks_of(c: &Cluster, record: u32) -> Vec<u32> {
    let array = c.job(record).and_then(|j| j.array.as_ref());
    array.map_or_else(Vec::new, |a| {
        a.task.map_or_else(|| a.pending.clone(), |t| vec![t])
    })
}

/// The records of the array `id` the caller may see.
fn array_records(c: &Cluster, id: u32) -> Vec<u32> {
    (c.jobs.values())
        .filter(|j| c.visible(j) && j.array.as_ref().is_some_and(|a| a.array_job_id == id))
        .map(|j| j.id)
        .collect()
}

/// The tasks of `1-3,5` (`_parse_array_tok`: each `N` or `A-B`, with an
/// optional `:STEP`), in order and once each; `None` if any is not.
fn read_tasks(list: &str) -> Option<Vec<u32>> {
    let mut tasks = Vec::new();
    for part in list.split(',').filter(|p| !p.is_empty()) {
        let (range, step) = match part.split_once(':') {
            Some((range, step)) => (range, step.parse::<u32>().ok().filter(|&s| s > 0)?),
            None => (part, 1),
        };
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (a.parse::<u32>().ok()?, b.parse::<u32>().ok()?),
            None => (range.parse().ok()?, range.parse().ok()?),
        };
        if last < first || last >= MAX_TASKS {
            return None;
        }
        tasks.extend((first..=last).step_by(step as usize));
    }
    crate::sort::sort_dedup(&mut tasks);
    (!tasks.is_empty()).then_some(tasks)
}

/// Adds `tasks` to the group of `outcome`.
fn add(
    answer: &mut Vec<(Result<(), String>, Vec<u32>)>,
    outcome: Result<(), String>,
    tasks: Vec<u32>,
) {
    match answer.iter_mut().find(|(o, _)| *o == outcome) {
        Some((_, group)) => group.extend(tasks),
        None => answer.push((outcome, tasks)),
    }
}

/// The groups by their lowest task, each group's tasks in order.
fn sorted(mut answer: Vec<(Result<(), String>, Vec<u32>)>) -> Vec<(Result<(), String>, Vec<u32>)> {
    for (_, tasks) in &mut answer {
        crate::sort::sort_dedup(tasks);
    }
    crate::sort::by_key(&mut answer, |(_, tasks)| tasks.first().copied());
    answer
}

/// Prints slurmctld's answer to `r` as scontrol does: a refusal of the
/// whole id as `<error> for job <id>` (returned, for the caller's last
/// line); for an array, unless one group succeeded alone, each group as
/// `<array>_<tasks>: <error or "No error">`.
pub(super) fn say(r: &JobRef, answer: &Answer, out: &mut CommandOutput) -> Option<String> {
    match answer {
        Answer::Whole(Ok(())) => None,
        Answer::Whole(Err(e)) => {
            out.err_line(&format!("{e} for job {}", r.shown));
            out.exit = 1;
            Some(e.clone())
        }
        Answer::Tasks(groups) => {
            if let [(Ok(()), _)] = groups.as_slice() {
                return None;
            }
            for (outcome, tasks) in groups {
                let why = outcome.as_ref().err().map_or("No error", String::as_str);
                out.err_line(&format!("{}_{}: {why}", r.id, task_ranges(tasks, None)));
                out.exit = 1;
            }
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_as_scontrol_reads_them() {
        let shown = |text: &str| {
            read(text).map(|refs| refs.into_iter().map(|r| r.shown).collect::<Vec<_>>())
        };
        assert_eq!(
            shown("1,2 3"),
            Some(vec!["1".into(), "2".into(), "3".into()])
        );
        assert_eq!(
            shown("[30-32]"),
            Some(vec!["30".into(), "31".into(), "32".into()])
        );
        assert_eq!(shown("38_[1-3,5]"), Some(vec!["38_1-3,5".into()]));
        assert_eq!(shown("38_2,39"), Some(vec!["38_2".into(), "39".into()]));
        assert_eq!(shown("abc"), None);
        assert_eq!(shown("1-3"), None);
        assert_eq!(shown("38_[1-3"), None);
        assert_eq!(shown("38_1_2"), None);
    }

    #[test]
    fn task_lists_read_as_slurmctld_reads_them() {
        assert_eq!(read_tasks("1-3,5"), Some(vec![1, 2, 3, 5]));
        assert_eq!(read_tasks("0-6:3"), Some(vec![0, 3, 6]));
        assert_eq!(read_tasks("3-1"), None);
        assert_eq!(read_tasks("2-3%2"), None);
    }
}
