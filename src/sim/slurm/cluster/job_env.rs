//! The task and CPU counts among a job's `SLURM_*` variables, as Slurm
//! 22.05.8 sets them for an allocation (`env_array_for_job`, and salloc's
//! `main`) and a batch script (`env_array_for_batch_job`), both in
//! src/common/env.c. Pure.
//!
//! 1. `SLURM_JOB_CPUS_PER_NODE`: the CPUs the job holds on each node; and
//!    apart ([`mem_var`]) `SLURM_MEM_PER_CPU` or `SLURM_MEM_PER_NODE`: its
//!    memory request.
//! 2. `SLURM_NTASKS` and `SLURM_NPROCS`: only when the job names a task
//!    count, `-n` or `--ntasks-per-node` (`JOB_NTASKS_SET`); srun then
//!    reads it, and without it runs one task per node.
//! 3. `SLURM_TASKS_PER_NODE`: that count laid out on the nodes as the
//!    block layout lays tasks on their CPUs, or when none was named, as
//!    many tasks as each node's CPUs hold (`-c` each).
//! 4. `SLURM_NTASKS_PER_NODE` and `SLURM_CPUS_PER_TASK`, when given.

use super::state::{Job, Mem};
use super::task_dist::counts;

/// The count variables of `job`, in the order Slurm adds them.
pub(crate) fn count_vars(job: &Job) -> Vec<(&'static str, String)> {
    let r = &job.request;
    let mut cpus = job.cpus_on();
    if cpus.is_empty() {
        cpus.push(job.shape.per_node.cpus);
    }
    let mut vars = vec![(
        "SLURM_JOB_CPUS_PER_NODE",
        compressed(cpus.iter().map(|&c| c as usize)),
    )];
    // Each node has room for as many tasks as its CPUs hold, `-c` each.
    let cpt = r.cpus_per_task.unwrap_or(1).max(1);
    let room: Vec<u32> = cpus.iter().map(|c| c / cpt).collect();
    let named = named_tasks(r.ntasks, r.ntasks_per_node, cpus.len());
    let per_node: Vec<usize> = match named {
        Some(tasks) => counts(tasks, &room, 1),
        None => room.iter().map(|&r| r as usize).collect(),
    };
    vars.push(("SLURM_TASKS_PER_NODE", compressed(per_node)));
    if let Some(tasks) = named {
        vars.push(("SLURM_NTASKS", tasks.to_string()));
        vars.push(("SLURM_NPROCS", tasks.to_string()));
    }
    if let Some(c) = r.cpus_per_task {
        vars.push(("SLURM_CPUS_PER_TASK", c.to_string()));
    }
    if let Some(per) = r.ntasks_per_node {
        vars.push(("SLURM_NTASKS_PER_NODE", per.to_string()));
    }
    vars
}

/// `SLURM_MEM_PER_CPU` or `SLURM_MEM_PER_NODE` for the memory `request`,
/// or `DefMemPerCPU` (`def_mem_per_cpu`, MB) when it names none; `--mem=0`
/// (all of each node's) and `--mem-per-gpu` leave the request at zero,
/// which sets neither.
pub(crate) fn mem_var(
    request: Option<Mem>,
    def_mem_per_cpu: Option<u64>,
) -> Option<(&'static str, String)> {
    match Mem::min_memory(request, def_mem_per_cpu) {
        (mb, true) => Some(("SLURM_MEM_PER_CPU", mb.to_string())),
        (mb, false) if mb > 0 => Some(("SLURM_MEM_PER_NODE", mb.to_string())),
        _ => None,
    }
}

/// The job's task count when its request names one: `--ntasks-per-node`
/// on each node, else `-n` but at least one per node (salloc's `main`);
/// `None` without either.
fn named_tasks(ntasks: Option<u32>, per_node: Option<u32>, nodes: usize) -> Option<usize> {
    match (per_node, ntasks) {
        (Some(per), _) => Some(nodes.saturating_mul(per as usize)),
        (None, Some(n)) => Some((n as usize).max(nodes)),
        (None, None) => None,
    }
}

/// Counts as Slurm writes them (`uint16_array_to_str`), a run of equal
/// counts once with its length: `2(x3),1`.
pub(crate) fn compressed(counts: impl IntoIterator<Item = usize>) -> String {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for count in counts {
        match runs.last_mut() {
            Some((c, times)) if *c == count => *times += 1,
            _ => runs.push((count, 1)),
        }
    }
    let words: Vec<String> = runs
        .iter()
        .map(|&(count, times)| match times {
            1 => count.to_string(),
            _ => format!("{count}(x{times})"),
        })
        .collect();
    words.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_written_in_runs() {
        assert_eq!(compressed([2, 2, 2, 1]), "2(x3),1");
        assert_eq!(compressed([4]), "4");
        assert_eq!(compressed([1, 2]), "1,2");
    }

    #[test]
    fn a_task_count_is_named_by_n_or_per_node() {
        assert_eq!(named_tasks(None, None, 2), None);
        assert_eq!(named_tasks(Some(4), None, 2), Some(4));
        assert_eq!(named_tasks(Some(1), None, 2), Some(2));
        assert_eq!(named_tasks(Some(2), Some(3), 2), Some(6));
        assert_eq!(named_tasks(None, Some(3), 2), Some(6));
    }
}
