//! The CPUs a job's process may run on, which `nproc` counts: the cgroup
//! of its step (`task/cgroup` with `ConstrainCores`), narrowed for each
//! task by `task/affinity`'s automatic binding (`lllp_distribution` in
//! 22.05's dist_tasks.c), or the whole node when neither plugin fences
//! it in (the reference cluster's `TaskPlugin=task/none`).

use super::Cluster;
use super::job_shell::JobFacts;
use crate::sim::slurm::node_tools::CpuView;

/// A node's CPUs as `task/affinity` counts them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Topology {
    cpus: u32,
    cores_per_socket: u32,
    threads_per_core: u32,
}

/// What one task of a step holds on its node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TaskShare {
    /// The CPUs of the step on the node: all the job's there, or under
    /// `--exact`/`-c` its tasks' own.
    pub(crate) step_cpus: u32,
    /// The step's tasks on the node.
    pub(crate) tasks: u32,
    /// `-c` (1 without it).
    pub(crate) cpus_per_task: u32,
}

impl TaskShare {
    /// A task of a step with `tasks` tasks on a node where its job holds
    /// `job_cpus`: the step holds them all, or with `--exact` (`-c`)
    /// its tasks' own.
    pub(crate) fn new(job_cpus: u32, tasks: u32, cpus_per_task: Option<u32>) -> Self {
        Self {
            step_cpus: cpus_per_task.map_or(job_cpus, |c| tasks.saturating_mul(c).min(job_cpus)),
            tasks,
            cpus_per_task: cpus_per_task.unwrap_or(1),
        }
    }
}

/// The CPUs one task is bound to when no binding was asked for: a
/// socket each when the tasks' CPUs make whole sockets, its own cores
/// when they make the step's cores, its threads when they make its
/// threads, otherwise every CPU of the step ("auto binding off").
fn auto_bound(node: Topology, share: TaskShare) -> u32 {
    let wanted = share.tasks.saturating_mul(share.cpus_per_task);
    let threads = node.threads_per_core.max(1);
    let socket = node.cores_per_socket.max(1) * threads;
    // cons_tres hands out cores from the lowest free one, so a step of a
    // whole number of sockets holds whole sockets.
    let whole_sockets = share
        .step_cpus
        .is_multiple_of(socket)
        .then_some(share.step_cpus / socket);
    let cores = share.step_cpus / threads;
    if whole_sockets.is_some_and(|s| s > 0 && s == wanted) {
        socket
    } else if wanted == cores {
        share.cpus_per_task.div_ceil(threads) * threads
    } else if wanted == share.step_cpus {
        share.cpus_per_task
    } else {
        share.step_cpus
    }
}

impl Cluster {
    /// The topology of node `name`.
    fn topology(&self, name: &str) -> Option<Topology> {
        let node = self.nodes.get(self.node_index(name)?)?;
        Some(Topology {
            cpus: node.cpus,
            cores_per_socket: node.cores_per_socket,
            threads_per_core: node.threads_per_core,
        })
    }

    /// What a process on node `name` outside any job sees: all of it.
    pub(crate) fn node_cpus(&self, name: &str) -> Option<CpuView> {
        let node = self.topology(name)?;
        Some(CpuView {
            usable: node.cpus,
            online: node.cpus,
        })
    }

    /// What one task of a step sees on node `name`.
    pub(crate) fn task_cpus(&self, name: &str, share: TaskShare) -> Option<CpuView> {
        let node = self.topology(name)?;
        let usable = if self.config.binds_tasks() {
            auto_bound(node, share)
        } else if self.config.constrains_cores() {
            share.step_cpus
        } else {
            node.cpus
        };
        Some(CpuView {
            usable: usable.clamp(1, node.cpus.max(1)),
            online: node.cpus,
        })
    }

    /// What the batch script of `job` sees on its first node: the job's
    /// CPUs there, to which both plugins fence the batch step.
    pub(crate) fn batch_cpus(&self, job: &JobFacts) -> Option<CpuView> {
        let host = job.nodes.first()?;
        let node = self.topology(host)?;
        let per_node = job.cpus_on_node(0);
        let fenced = self.config.binds_tasks() || self.config.constrains_cores();
        Some(CpuView {
            usable: if fenced { per_node.max(1) } else { node.cpus },
            online: node.cpus,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tasks_are_bound_as_lllp_distribution_picks_the_unit() {
        let node = Topology {
            cpus: 64,
            cores_per_socket: 32,
            threads_per_core: 1,
        };
        let share = |step_cpus, tasks, cpus_per_task| TaskShare {
            step_cpus,
            tasks,
            cpus_per_task,
        };
        // `srun -c 4` in a 4-CPU job: its own four cores.
        assert_eq!(auto_bound(node, share(4, 1, 4)), 4);
        // Four tasks in a 4-CPU job: a core each.
        assert_eq!(auto_bound(node, share(4, 4, 1)), 1);
        // One task in a 4-CPU job, no -c: binding off, all four.
        assert_eq!(auto_bound(node, share(4, 1, 1)), 4);
        // Two tasks on a whole node: a socket each.
        assert_eq!(auto_bound(node, share(64, 2, 1)), 32);
        // Two tasks in a 3-CPU job: binding off.
        assert_eq!(auto_bound(node, share(3, 2, 1)), 3);
        let smt = Topology {
            cpus: 8,
            cores_per_socket: 4,
            threads_per_core: 2,
        };
        // One CPU per task on a hyper-threaded node: a whole core.
        assert_eq!(auto_bound(smt, share(4, 2, 1)), 2);
    }
}
