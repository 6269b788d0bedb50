//! The task counts in an allocation's environment, as 22.05.8's salloc
//! sets them (`main` in src/salloc/salloc.c, `env_array_for_job` in
//! src/common/env.c): `SLURM_NTASKS` only when the request names a task
//! count, and srun inside counts one task per node without it.

use super::Session;
use super::tests::session;

/// What `line` printed.
fn said(s: &mut Session, line: &str) -> String {
    s.submit(line);
    s.terminal.last_output()
}

/// The counts the shell of an allocation reads.
const COUNTS: &str = "echo \"[$SLURM_NTASKS] [$SLURM_NPROCS] $SLURM_NNODES \
     $SLURM_TASKS_PER_NODE $SLURM_JOB_CPUS_PER_NODE\"";

#[test]
fn an_allocation_of_nodes_names_no_task_count() {
    let mut s = session();
    said(&mut s, "salloc -N2");
    assert_eq!(said(&mut s, "echo $SLURM_NTASKS"), "\n");
    assert_eq!(said(&mut s, COUNTS), "[] [] 2 1(x2) 1(x2)\n");
    // srun reads `-N` from the job and runs one task on each node.
    assert_eq!(said(&mut s, "srun hostname"), "node-1\nnode-2\n");
    assert_eq!(said(&mut s, "srun bash -c 'echo $SLURM_NTASKS'"), "2\n2\n");
}

#[test]
fn an_allocation_of_tasks_names_them() {
    let mut s = session();
    said(&mut s, "salloc -N2 -n4");
    assert_eq!(said(&mut s, "echo $SLURM_NTASKS"), "4\n");
    assert_eq!(said(&mut s, COUNTS), "[4] [4] 2 2(x2) 2(x2)\n");
    assert_eq!(
        said(&mut s, "srun hostname"),
        "node-1\nnode-1\nnode-2\nnode-2\n"
    );
}

#[test]
fn tasks_per_node_name_a_count_too() {
    let mut s = session();
    said(&mut s, "salloc -N2 --ntasks-per-node=3 -c2");
    assert_eq!(said(&mut s, COUNTS), "[6] [6] 2 3(x2) 6(x2)\n");
    assert_eq!(
        said(&mut s, "echo $SLURM_NTASKS_PER_NODE $SLURM_CPUS_PER_TASK"),
        "3 2\n"
    );
}

#[test]
fn without_a_count_a_node_holds_a_task_per_cpu() {
    let mut s = session();
    said(
        &mut s,
        "salloc -N1 --mem-per-cpu=1000 bash -c 'echo [$SLURM_NTASKS]'",
    );
    assert_eq!(s.terminal.last_output().lines().nth(1), Some("[]"));
    // The reference cluster's DefMemPerCPU=4000 stands for a request of none.
    said(&mut s, "salloc -N1 -c4");
    assert_eq!(
        said(
            &mut s,
            "echo $SLURM_TASKS_PER_NODE $SLURM_JOB_CPUS_PER_NODE $SLURM_MEM_PER_CPU"
        ),
        "1 4 4000\n"
    );
}

#[test]
fn a_command_under_salloc_sees_the_same_counts() {
    let mut s = session();
    let out = said(
        &mut s,
        "salloc -N2 bash -c 'echo [$SLURM_NTASKS]; srun hostname'",
    );
    assert!(out.contains("[]\nnode-1\nnode-2\n"), "{out}");
    let out = said(
        &mut s,
        "salloc -n3 --mem=2G bash -c 'echo $SLURM_NTASKS $SLURM_MEM_PER_NODE'",
    );
    assert!(out.contains("3 2048\n"), "{out}");
}
