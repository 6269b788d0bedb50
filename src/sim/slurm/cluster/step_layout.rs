//! Which of a job's nodes an `srun` step inside it runs on, and how many
//! tasks it has, as Slurm 22.05.8 works them out.
//!
//! srun reads `-N` from the job's `SLURM_JOB_NUM_NODES` when its line
//! gives none (opt.c's `env_vars`), so a step spans the whole allocation
//! unless its line narrows it. `_opt_verify` (opt.c) counts the nodes
//! `-w` names into `-N`, and with fewer tasks (`-n`) than nodes warns and
//! runs one task per node on fewer nodes; `job_step_create_allocation`
//! (srun_job.c) drops the `-x` nodes, and `_job_create_structure` refuses
//! more nodes than are left. The controller's `_pick_step_nodes`
//! (step_mgr.c) takes the nodes `-w` names, refusing any outside the job,
//! then the job's first others, and the step holds them in the job's
//! order.
//!
//! A step holds all the job's CPUs on each of its nodes (launch.c's
//! `_create_job_step` sets `SSF_WHOLE`) unless srun's line has `--exact`
//! or `-c`, which implies it there; then the controller's
//! `_step_alloc_lps` (step_mgr.c) gives it its tasks on each node times
//! their CPUs each. Its memory is the job's on each of its nodes either
//! way, as long as srun asks none of its own (`SSF_MEM_ZERO`).

use super::job_shell::JobFacts;
use super::lifecycle::lowest_gpus;
use super::state::{StepId, StepRecord};
use crate::sim::slurm::hostlist::Hostlist;
use crate::sim::slurm::time_spec::TimeLimit;

/// What a step's line asks of the allocation.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct StepAsk {
    /// `-N` (the least of `-N MIN-MAX`).
    pub(crate) nodes: Option<usize>,
    /// The most of `-N MIN-MAX`, which a longer `-w` list is cut to;
    /// `None` without `-N` or under `-m arbitrary`.
    pub(crate) most_nodes: Option<usize>,
    /// `-n`.
    pub(crate) tasks: Option<u32>,
    /// `-w`: nodes it must run on.
    pub(crate) nodelist: Option<String>,
    /// `-x`: nodes it must not run on.
    pub(crate) exclude: Option<String>,
    /// `--exact` (or `-c`, which implies it): the CPUs each task holds;
    /// `None`: the step holds all the job's CPUs on its nodes.
    pub(crate) cpus_per_task: Option<u32>,
}

/// The step srun starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct StepLayout {
    /// Its nodes, positions in the job's node list, in that order.
    pub(crate) nodes: Vec<usize>,
    /// Its tasks.
    pub(crate) tasks: u32,
    /// srun's lines when it ran fewer nodes than asked or named.
    pub(crate) warning: Option<String>,
    /// `--exact`: the CPUs each task holds (`None`: all the job's).
    pub(crate) cpus_per_task: Option<u32>,
}

/// The allocation a step is cut from.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Allocation<'a> {
    /// The job's id.
    pub(crate) id: u32,
    /// Its nodes, in order.
    pub(crate) nodes: &'a [String],
    /// Its tasks.
    pub(crate) tasks: u32,
}

impl StepLayout {
    /// A step over the whole allocation `job`, with all its tasks.
    pub(crate) fn whole(job: Allocation<'_>) -> Self {
        Self {
            nodes: (0..job.nodes.len()).collect(),
            tasks: job.tasks,
            warning: None,
            cpus_per_task: None,
        }
    }
}

/// Where a laid-out step runs, read off its job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct StepPlace {
    /// Its nodes' names, in order.
    pub(crate) names: Vec<String>,
    /// Its nodes, indices into the cluster's.
    pub(crate) ids: Vec<usize>,
    /// Per node, the GPUs it holds there (bit `i`: GPU `i`).
    pub(crate) gpus: Vec<u64>,
    /// The CPUs it holds: all the job's on each of its nodes, or under
    /// `--exact` its tasks' own.
    pub(crate) cpus: u32,
    /// Its tasks.
    pub(crate) tasks: u32,
    /// Per node, the tasks the job's CPUs there hold.
    pub(crate) room: Vec<u32>,
    /// `--exact`: the CPUs each task holds (`None`: all the job's).
    pub(crate) cpus_per_task: Option<u32>,
}

impl JobFacts {
    /// The job as its steps are cut from it.
    pub(crate) fn allocation(&self) -> Allocation<'_> {
        Allocation {
            id: self.id,
            nodes: &self.nodes,
            tasks: self.tasks,
        }
    }

    /// Where the step `layout` runs: its nodes, and there all the job's
    /// GPUs, or the lowest `gpus_per_node` of them when it asks for fewer.
    pub(crate) fn place(&self, layout: &StepLayout, gpus_per_node: Option<u32>) -> StepPlace {
        let at = |list: &[u64], i: usize| list.get(i).copied().unwrap_or(0);
        let gpus = layout.nodes.iter().map(|&i| at(&self.gpus, i));
        let whole =
            (layout.nodes.iter()).fold(0u32, |sum, &i| sum.saturating_add(self.cpus_on_node(i)));
        let each = layout.cpus_per_task.unwrap_or(1).max(1);
        // `--exact`: the tasks' own CPUs, never more than the nodes hold.
        let cpus = layout
            .cpus_per_task
            .map_or(whole, |each| layout.tasks.saturating_mul(each).min(whole));
        StepPlace {
            names: (layout.nodes.iter())
                .filter_map(|&i| self.nodes.get(i).cloned())
                .collect(),
            ids: (layout.nodes.iter())
                .filter_map(|&i| self.node_ids.get(i).copied())
                .collect(),
            gpus: match gpus_per_node {
                Some(n) => gpus.map(|mask| lowest_gpus(mask, n)).collect(),
                None => gpus.collect(),
            },
            cpus,
            tasks: layout.tasks,
            room: (layout.nodes.iter())
                .map(|&i| self.cpus_on_node(i) / each)
                .collect(),
            cpus_per_task: layout.cpus_per_task,
        }
    }
}

impl StepPlace {
    /// The record of step `no` here, running the program `name` from
    /// `start` to `end` (seconds after the job's start; `None`: until
    /// the job ends) with the status `exit`.
    pub(crate) fn record(
        &self,
        no: u32,
        name: &str,
        (start, end): (u64, Option<u64>),
        exit: i32,
    ) -> StepRecord {
        StepRecord {
            signal: 0,
            id: StepId::Numbered(no),
            name: name.rsplit('/').next().unwrap_or(name).to_owned(),
            cpus: self.cpus,
            start_offset: start,
            end_offset: end,
            exit,
            nodes: self.ids.clone(),
            tasks: self.tasks,
            time_limit: TimeLimit::Unlimited,
            gpus: Some(self.gpus.iter().map(|mask| mask.count_ones()).sum()),
            computes: false,
        }
    }
}

/// Where the step `ask` runs in the job `facts` (`gpus_per_node`: the
/// GPUs it asks for per node, fewer than the job holds) and srun's
/// warning (empty if none); or srun's lines refusing it.
pub(crate) fn cut(
    facts: &JobFacts,
    ask: &StepAsk,
    gpus_per_node: Option<u32>,
) -> Result<(StepPlace, String), String> {
    let layout = layout(facts.allocation(), ask)?;
    let place = facts.place(&layout, gpus_per_node);
    Ok((place, layout.warning.unwrap_or_default()))
}

/// srun's own `_opt_verify` on a `-w` list of `named` nodes, more than
/// `-N`'s `most`: the line it says as it drops names from the list's end.
pub(crate) fn too_many_named(named: usize, most: usize) -> String {
    format!(
        "srun: error: Required nodelist includes more nodes than permitted by max-node count \
         ({named} > {most}). Eliminating nodes from the nodelist.\n"
    )
}

/// The step `ask` gets of `job`, or srun's error lines refusing it.
pub(crate) fn layout(job: Allocation<'_>, ask: &StepAsk) -> Result<StepLayout, String> {
    layout_around(job, ask, &[])
}

/// [`layout`], taking the nodes `busy` (positions in the job), which
/// running steps hold, only after the others, as `_pick_step_nodes`
/// skips nodes without room.
pub(crate) fn layout_around(
    job: Allocation<'_>,
    ask: &StepAsk,
    busy: &[usize],
) -> Result<StepLayout, String> {
    let refused = || {
        format!(
            "srun: error: Unable to create step for job {}: \
             Requested node configuration is not available\n",
            job.id
        )
    };
    let mut named = match &ask.nodelist {
        Some(expr) => unique_names(expr).ok_or_else(refused)?,
        None => Vec::new(),
    };
    let mut warning = String::new();
    if let Some(most) = ask.most_nodes
        && named.len() > most
    {
        warning = too_many_named(named.len(), most);
        named.truncate(most);
    }
    let mut min = ask.nodes.unwrap_or(job.nodes.len()).max(named.len());
    if let Some(tasks) = ask.tasks
        && let Ok(n) = usize::try_from(tasks)
        && n < min
    {
        warning.push_str(&format!(
            "srun: Warning: can't run {n} processes on {min} nodes, setting nnodes to {n}\n"
        ));
        min = n;
        named.truncate(n);
    }
    let excluded = ask
        .exclude
        .as_deref()
        .and_then(unique_names)
        .unwrap_or_default();
    if let Some(both) = named.iter().find(|n| excluded.contains(n)) {
        return Err(format!(
            "srun: error: Requested node {both} is also in the excluded list.\n\
             srun: error: Job not submitted.\n"
        ));
    }
    let left: Vec<usize> = (0..job.nodes.len())
        .filter(|&i| job.nodes.get(i).is_some_and(|n| !excluded.contains(n)))
        .collect();
    let hosts = left.len().min(min);
    if min > hosts {
        let mut lines = format!("srun: error: Only allocated {hosts} nodes asked for {min}\n");
        if ask.exclude.is_some() {
            lines.push_str("srun: error: Are required nodes explicitly excluded?\n");
        }
        return Err(lines);
    }
    let mut picked = Vec::new();
    for name in &named {
        picked.push(
            job.nodes
                .iter()
                .position(|n| n == name)
                .ok_or_else(refused)?,
        );
    }
    let (free, held): (Vec<usize>, Vec<usize>) = left.iter().partition(|i| !busy.contains(i));
    for &i in free.iter().chain(&held) {
        if picked.len() >= min {
            break;
        }
        if !picked.contains(&i) {
            picked.push(i);
        }
    }
    crate::sort::sort(&mut picked);
    let tasks = ask
        .tasks
        .unwrap_or_else(|| default_tasks(job, picked.len()));
    Ok(StepLayout {
        nodes: picked,
        tasks,
        warning: (!warning.is_empty()).then_some(warning),
        cpus_per_task: ask.cpus_per_task,
    })
}

/// The tasks of a step on `nodes` nodes that names no count: the job's
/// on all of its nodes, else as many per node as the job runs.
fn default_tasks(job: Allocation<'_>, nodes: usize) -> u32 {
    let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX).max(1);
    if nodes >= job.nodes.len() {
        return job.tasks;
    }
    let per_node = job.tasks.div_ceil(count(job.nodes.len()));
    per_node.saturating_mul(count(nodes)).min(job.tasks)
}

/// The names of a host list, each once and sorted, as `hostlist_uniq`
/// leaves them; `None` for a list that does not parse.
fn unique_names(expr: &str) -> Option<Vec<String>> {
    let mut names = Hostlist::parse(expr).ok()?.names().to_vec();
    crate::sort::sort_dedup(&mut names);
    Some(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(nodes: &[String]) -> Allocation<'_> {
        Allocation {
            id: 7,
            nodes,
            tasks: u32::try_from(nodes.len()).unwrap_or(0),
        }
    }

    /// The layout, failing the test on a refusal.
    fn ok(got: Result<StepLayout, String>) -> StepLayout {
        match got {
            Ok(layout) => layout,
            Err(e) => panic!("{e}"),
        }
    }

    fn two() -> Vec<String> {
        vec!["node-1".to_owned(), "node-2".to_owned()]
    }

    fn ask(nodes: Option<usize>, tasks: Option<u32>, w: Option<&str>, x: Option<&str>) -> StepAsk {
        StepAsk {
            nodes,
            most_nodes: nodes,
            tasks,
            nodelist: w.map(str::to_owned),
            exclude: x.map(str::to_owned),
            cpus_per_task: None,
        }
    }

    #[test]
    fn a_step_saved_before_steps_kept_their_nodes_reads_as_the_jobs() {
        let saved = "id = { Numbered = 0 }\nname = \"hostname\"\ncpus = 128\n\
                     start_offset = 0\nexit = 0\n";
        let step: StepRecord = match toml::from_str(saved) {
            Ok(step) => step,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(step.nodes_of(&[3, 4]), &[3, 4]);
        assert_eq!(step.tasks_of(2), 2);
    }

    #[test]
    fn no_count_takes_the_whole_allocation() {
        let nodes = two();
        let got = layout(job(&nodes), &StepAsk::default());
        assert_eq!(got, Ok(StepLayout::whole(job(&nodes))));
    }

    #[test]
    fn one_node_is_the_first() {
        let nodes = two();
        let got = ok(layout(job(&nodes), &ask(Some(1), None, None, None)));
        assert_eq!((got.nodes, got.tasks, got.warning), (vec![0], 1, None));
    }

    #[test]
    fn fewer_tasks_than_nodes_warn_and_shrink() {
        let nodes = two();
        let got = ok(layout(job(&nodes), &ask(None, Some(1), None, None)));
        assert_eq!((got.nodes, got.tasks), (vec![0], 1));
        assert_eq!(
            got.warning.as_deref(),
            Some("srun: Warning: can't run 1 processes on 2 nodes, setting nnodes to 1\n")
        );
    }

    #[test]
    fn a_node_list_past_the_node_count_loses_its_last_names() {
        let nodes = two();
        let got = ok(layout(
            job(&nodes),
            &ask(Some(1), None, Some("node-[1-2]"), None),
        ));
        assert_eq!((got.nodes, got.tasks), (vec![0], 1));
        assert_eq!(
            got.warning.as_deref(),
            Some(
                "srun: error: Required nodelist includes more nodes than permitted by \
                 max-node count (2 > 1). Eliminating nodes from the nodelist.\n"
            )
        );
    }

    #[test]
    fn a_named_node_counts_with_the_jobs_node_count() {
        let nodes = two();
        let alone = ok(layout(
            job(&nodes),
            &ask(Some(1), None, Some("node-2"), None),
        ));
        assert_eq!(alone.nodes, vec![1]);
        let with_env = ok(layout(job(&nodes), &ask(None, None, Some("node-2"), None)));
        assert_eq!(with_env.nodes, vec![0, 1]);
    }

    #[test]
    fn refusals_word_as_srun() {
        let nodes = two();
        let three = layout(job(&nodes), &ask(Some(3), None, None, None));
        assert_eq!(
            three,
            Err("srun: error: Only allocated 2 nodes asked for 3\n".to_owned())
        );
        let outside = layout(job(&nodes), &ask(Some(1), None, Some("node-3"), None));
        assert_eq!(
            outside,
            Err("srun: error: Unable to create step for job 7: \
                 Requested node configuration is not available\n"
                .to_owned())
        );
        let excluded = layout(job(&nodes), &ask(None, None, None, Some("node-1")));
        assert_eq!(
            excluded,
            Err("srun: error: Only allocated 1 nodes asked for 2\n\
                 srun: error: Are required nodes explicitly excluded?\n"
                .to_owned())
        );
        let fine = ok(layout(
            job(&nodes),
            &ask(Some(1), None, None, Some("node-1")),
        ));
        assert_eq!(fine.nodes, vec![1]);
    }
}
