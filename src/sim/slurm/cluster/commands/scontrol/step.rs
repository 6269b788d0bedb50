//! `scontrol show step[s] [JOBID[.STEPID]]`: the running steps the
//! controller holds, each as a [`Record`] in the order of Slurm 22.05's
//! `slurm_sprint_job_step_info` (`src/api/job_step_info.c`).
//!
//! The steps are chosen as `scontrol_print_step` (`src/scontrol/info_job.c`)
//! and the controller's `_pack_job_steps` (`src/slurmctld/step_mgr.c`)
//! choose them: every running step of the jobs the controller holds, or
//! of the one job named, or its one step (`strtol` reads the number after
//! the dot, so `7.batch` names step 0). A job the controller does not
//! hold is `Invalid job id specified` on stderr; a step it lacks is
//! `Job step 7.3 not found` on stdout (`Job step 7. not found` when no
//! step was named), both exit 1; with nothing named and no step running,
//! `No job steps in the system`.

use super::super::super::Cluster;
use super::super::super::clock;
use super::super::super::fields::mem_units;
use super::super::super::output::CommandOutput;
use super::super::super::state::{Job, StepId, StepRecord};
use super::record::Record;

/// What `show step` names: a job (0: every job), perhaps one task of an
/// array, perhaps one step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Named {
    job: u32,
    task: Option<u32>,
    step: Option<u32>,
}

impl Named {
    /// Reads `JOBID[_TASK|.STEPID]` as scontrol's `strtol` calls do:
    /// leading digits, anything else read as 0.
    fn parse(text: &str) -> Self {
        let leading = |s: &str| {
            let digits: String = s.chars().take_while(char::is_ascii_digit).collect();
            digits.parse::<u32>().unwrap_or(0)
        };
        let rest = text.trim_start_matches(|ch: char| ch.is_ascii_digit());
        Self {
            job: leading(text),
            task: rest.strip_prefix('_').map(leading),
            step: rest.strip_prefix('.').map(leading),
        }
    }

    /// Whether the request asks for `job`'s steps (an array's tasks by
    /// the array's id too); the task is looked at when printing.
    fn names(self, job: &Job) -> bool {
        self.job == 0
            || self.job == job.id
            || job
                .array
                .as_ref()
                .is_some_and(|a| a.array_job_id == self.job)
    }

    /// Whether the step `id` of `job` is one it names.
    fn takes(self, job: &Job, id: StepId) -> bool {
        let task = job.array.as_ref().and_then(|a| a.task);
        self.task.is_none_or(|t| task == Some(t)) && self.step.is_none_or(|n| number(id) == Some(n))
    }
}

/// `show step [NAME]`: the steps' records, or scontrol's lines for none.
pub(super) fn show_steps(c: &Cluster, name: Option<&str>, one_line: bool, out: &mut CommandOutput) {
    let every = Named {
        job: 0,
        task: None,
        step: None,
    };
    let named = name.map_or(every, Named::parse);
    let held: Vec<&Job> = c.jobs.values().filter(|j| c.visible(j)).collect();
    let jobs: Vec<&Job> = held.iter().copied().filter(|j| named.names(j)).collect();
    if jobs.is_empty() && !held.is_empty() {
        out.err_line("slurm_get_job_steps error: Invalid job id specified");
        out.exit = 1;
        return;
    }
    let mut printed = 0;
    for job in jobs {
        for (step, state, _) in c.step_rows(job.id) {
            if state == "RUNNING" && named.takes(job, step.id) {
                out.out(&step_record(c, job, &step).layout(one_line));
                printed += 1;
            }
        }
    }
    if printed > 0 {
        return;
    }
    match name {
        Some(_) => {
            let step = named.step.map(|n| n.to_string()).unwrap_or_default();
            let task = named.task.map(|t| format!("_{t}")).unwrap_or_default();
            out.out_line(&format!("Job step {}{task}.{step} not found", named.job));
            out.exit = 1;
        }
        None => out.out_line("No job steps in the system"),
    }
}

/// A step's number as a step id names it; `.batch` has none a number
/// can name (its own is `SLURM_BATCH_SCRIPT`).
fn number(id: StepId) -> Option<u32> {
    match id {
        StepId::Batch => None,
        StepId::Numbered(n) => Some(n),
    }
}

/// One running step of `job` as `slurm_sprint_job_step_info` prints it.
fn step_record(c: &Cluster, job: &Job, step: &StepRecord) -> Record {
    let nodes = step.nodes_of(&job.nodes);
    let node_count = u32::try_from(nodes.len()).unwrap_or(u32::MAX);
    let start = job.start_time.unwrap_or(c.now) + i64::try_from(step.start_offset).unwrap_or(0);
    let id = match job
        .array
        .as_ref()
        .and_then(|a| Some((a.array_job_id, a.task?)))
    {
        Some((array, task)) => format!("{array}_{task}."),
        None => format!("{}.", job.id),
    } + &match step.id {
        StepId::Batch => "batch".to_owned(),
        StepId::Numbered(n) => n.to_string(),
    };
    let mut r = Record::default();
    r.line([
        ("StepId", id),
        ("UserId", job.uid.to_string()),
        ("StartTime", clock::iso(start)),
        ("TimeLimit", step.time_limit.to_string()),
    ]);
    r.line([
        ("State", "RUNNING".to_owned()),
        ("Partition", job.partition.clone()),
        ("NodeList", c.hostlist(nodes)),
    ]);
    r.line([
        ("Nodes", node_count.to_string()),
        ("CPUs", step.cpus.to_string()),
        ("Tasks", step.tasks_of(job.shape.tasks).to_string()),
        ("Name", step.name.clone()),
        ("Network", "(null)".to_owned()),
    ]);
    r.line([("TRES", step_tres(job, step, node_count))]);
    r.line([("ResvPorts", "(null)".to_owned())]);
    // srun asks for block distribution unless told otherwise; the batch
    // step's made-up layout has none, so no `Dist=`.
    let (srun_host, dist) = match step.id {
        StepId::Batch => ("(null):0".to_owned(), None),
        StepId::Numbered(n) => (srun_host(c, job, n), Some(("Dist", "Block".to_owned()))),
    };
    r.line(
        [("CPUFreqReq", "Default".to_owned())]
            .into_iter()
            .chain(dist),
    );
    r.line([("SrunHost:Pid", srun_host)]);
    r
}

/// The step's TRES in the order `step_set_alloc_tres` (step_mgr.c)
/// writes them: CPUs, memory, nodes, then its GPUs; no `billing`.
fn step_tres(job: &Job, step: &StepRecord, nodes: u32) -> String {
    let held = step.allocated(&job.nodes, &job.holdings());
    let mut tres = format!(
        "cpu={},mem={},node={nodes}",
        held.cpus,
        mem_units(held.mem_mb)
    );
    if held.gpus > 0 {
        tres.push_str(&format!(",gres/gpu={}", held.gpus));
    }
    tres
}

/// Where the step's srun runs and its process id: the batch host for a
/// batch script's steps, the login node (`localhost`, as the job's
/// `AllocNode`) otherwise. The model keeps no process ids, so the
/// number follows the job's session id.
fn srun_host(c: &Cluster, job: &Job, step: u32) -> String {
    let host = if job.batch {
        job.nodes
            .first()
            .and_then(|&n| c.nodes.get(n))
            .map_or_else(|| "localhost".to_owned(), |n| n.name.clone())
    } else {
        "localhost".to_owned()
    };
    format!(
        "{host}:{}",
        job.alloc_sid.saturating_add(1).saturating_add(step)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_as_strtol_reads_them() {
        let named = |job, task, step| Named { job, task, step };
        for (text, want) in [
            ("7", named(7, None, None)),
            ("7.2", named(7, None, Some(2))),
            ("7.batch", named(7, None, Some(0))),
            ("abc", named(0, None, None)),
            ("7_1", named(7, Some(1), None)),
        ] {
            assert_eq!(Named::parse(text), want, "{text}");
        }
    }
}
