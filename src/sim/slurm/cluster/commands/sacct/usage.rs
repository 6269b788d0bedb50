//! The resource use sacct prints from the accounting records: what
//! `jobacct_gather` measured of each step ([`step_usage`]), sent to the
//! database when the step ends. A running step has no measurements yet
//! (its CPU times read zero, the rest blank); a job's line adds up the
//! CPU times of its ended steps (`sacct/options.c`) and leaves the other
//! measurements blank, as `print.c` reads them only from steps.

use super::super::super::Cluster;
use super::super::super::fields::Units;
use super::super::super::state::{Job, JobState};
use super::super::step_list::Selected;
use super::super::step_usage::{self, Reader, StepUse, cpu_time};
use super::{Line, facts, has_record, listed_order, names, state_of};

/// The CPU times, which a job's line sums over its steps.
const CPU_TIMES: [&str; 3] = ["TotalCPU", "UserCPU", "SystemCPU"];

/// A usage field of `line`; `None` for another field or a blank one.
pub(super) fn value(c: &Cluster, name: &str, line: &Line<'_>, units: Units) -> Option<String> {
    let step_line = line.step.is_some();
    if let Some(used) = measured(c, line) {
        return step_usage::value(c, &used, name, Reader::Sacct(units));
    }
    match name {
        // A job's line sums its ended steps; a running step has none.
        _ if CPU_TIMES.contains(&name) => {
            let steps = if step_line {
                Vec::new()
            } else {
                ended_steps(c, line)
            };
            let us = (steps.iter())
                .map(|s| cpu_of(s, name))
                .fold(0, u64::saturating_add);
            Some(cpu_time(us))
        }
        "ConsumedEnergy" | "ConsumedEnergyRaw" => Some("0".to_owned()),
        "ReqCPUFreq" | "ReqCPUFreqMin" | "ReqCPUFreqMax" | "ReqCPUFreqGov" if step_line => {
            Some("Unknown".to_owned())
        }
        _ => None,
    }
}

/// What was measured of the step of `line`, once it has ended.
pub(super) fn measured(c: &Cluster, line: &Line<'_>) -> Option<StepUse> {
    let (step, _, _) = line.step.as_ref()?;
    // What the step recorded, whatever window `-T` cuts the times to.
    let whole = Line {
        window: None,
        step: line.step.clone(),
        ..*line
    };
    let f = facts(c, &whole);
    f.end?;
    let nodes = line.run.map_or(&line.job.nodes, |r| &r.nodes);
    let secs = u64::try_from(f.elapsed).unwrap_or(0);
    Some(StepUse::new(line.job, step, nodes, secs))
}

/// The ended steps of the run of a job's `line`.
pub(super) fn ended_steps(c: &Cluster, line: &Line<'_>) -> Vec<StepUse> {
    let rows = match line.run {
        Some(r) => r.steps.clone(),
        None => c.step_rows(line.job.id),
    };
    rows.into_iter()
        .filter_map(|row| {
            measured(
                c,
                &Line {
                    step: Some(row),
                    ..*line
                },
            )
        })
        .collect()
}

/// The CPU time `name` of a step, microseconds.
fn cpu_of(s: &StepUse, name: &str) -> u64 {
    match name {
        "UserCPU" => s.user_us(),
        "SystemCPU" => s.system_us(),
        _ => s.total_cpu_us(),
    }
}

/// One job's record as `slurmdb_jobs_get` hands it to a reader of the
/// database (seff): its run, state and the measured use of its steps.
pub(in super::super) struct JobRecord<'a> {
    pub(in super::super) job: &'a Job,
    /// `job_state_string` of the run: `COMPLETED`, `CANCELLED`, ...
    pub(in super::super) state: String,
    /// The exit status (the wait status's high byte).
    pub(in super::super) exit_status: i32,
    /// Seconds run, time suspended left out.
    pub(in super::super) elapsed: i64,
    /// CPUs and nodes allocated (none while pending).
    pub(in super::super) cpus: u32,
    pub(in super::super) nodes: usize,
    /// Its ended steps (those `item` names, if it names one).
    pub(in super::super) steps: Vec<StepUse>,
}

/// The record of the job `item` names, as the database selects it: the
/// first (an array's lowest task) of those with a record, its current
/// run or, requeued and waiting, the run before.
pub(in super::super) fn job_record<'a>(c: &'a Cluster, item: &Selected) -> Option<JobRecord<'a>> {
    let job = (c.jobs.values())
        .filter(|j| has_record(j) && names(item, j))
        .min_by_key(|j| listed_order(j))?;
    let run = (job.state == JobState::Pending)
        .then(|| job.history.last())
        .flatten();
    let line = Line {
        job,
        run,
        step: None,
        window: None,
    };
    let f = facts(c, &line);
    let state = state_of(job, run);
    let exit_status = match run {
        Some(r) => r
            .exit
            .split(':')
            .next()
            .and_then(|s| s.parse().ok())
            .unwrap_or(0),
        None => job.exit.0,
    };
    let started = f.start.is_some();
    let mut steps = ended_steps(c, &line);
    if let Some(kind) = item.step {
        steps.retain(|s| kind.is(s.id));
    }
    Some(JobRecord {
        job,
        state: state.split(' ').next().unwrap_or_default().to_owned(),
        exit_status,
        elapsed: f.elapsed,
        cpus: if started { f.cpus } else { 0 },
        nodes: if started { f.nodes.len() } else { 0 },
        steps,
    })
}
