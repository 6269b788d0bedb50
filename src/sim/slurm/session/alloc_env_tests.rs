//! The task counts in an allocation's environment, as 22.05.8's salloc
//! sets them (`main` in src/salloc/salloc.c, `env_array_for_job` in
//! src/common/env.c): `SLURM_NTASKS` only when the request names a task
//! count, and srun inside counts one task per node without it.

use super::tests::{printed, session};

/// The counts the shell of an allocation reads.
const COUNTS: &str = "echo \"[$SLURM_NTASKS] [$SLURM_NPROCS] $SLURM_NNODES \
     $SLURM_TASKS_PER_NODE $SLURM_JOB_CPUS_PER_NODE\"";

/// Per `salloc` line: the counts its shell reads, and the nodes of the
/// tasks `srun hostname` runs there.
const CASES: &[(&str, &str, &str)] = &[
    // srun reads `-N` from the job and runs one task on each node.
    ("salloc -N2", "[] [] 2 1(x2) 1(x2)\n", "node-1\nnode-2\n"),
    // cons_tres gives the first node what the last need not: 3 CPUs and
    // 1, as Debian's 22.05.8 did, and the tasks follow the CPUs.
    (
        "salloc -N2 -n4",
        "[4] [4] 2 3,1 3,1\n",
        "node-1\nnode-1\nnode-1\nnode-2\n",
    ),
    (
        "salloc -N2 --ntasks-per-node=3 -c2",
        "[6] [6] 2 3(x2) 6(x2)\n",
        "node-1\nnode-1\nnode-1\nnode-2\nnode-2\nnode-2\n",
    ),
];

#[test]
fn an_allocation_names_its_task_count_only_when_asked() {
    for (line, counts, hosts) in CASES {
        let mut s = session();
        printed(&mut s, line);
        assert_eq!(printed(&mut s, COUNTS), *counts, "{line}");
        assert_eq!(printed(&mut s, "srun hostname"), *hosts, "{line}");
    }
    // Seven tasks on three nodes: the CPUs 5, 1 and 1 (Debian's 22.05.8),
    // and the tasks counted out over them one node at a time
    // (`_task_layout_block`); a step of three, one per node first.
    let mut s = session();
    printed(&mut s, "salloc -N3 -n7");
    assert_eq!(printed(&mut s, "echo $SLURM_TASKS_PER_NODE"), "5,1(x2)\n");
    assert_eq!(
        printed(&mut s, "srun -l hostname | sort -n"),
        "0: node-1\n1: node-1\n2: node-1\n3: node-1\n4: node-1\n5: node-2\n6: node-3\n"
    );
    assert_eq!(
        printed(&mut s, "srun -n3 hostname | sort"),
        "node-1\nnode-2\nnode-3\n"
    );
    let mut s = session();
    printed(&mut s, "salloc -N2");
    assert_eq!(printed(&mut s, "echo $SLURM_NTASKS"), "\n");
    assert_eq!(
        printed(&mut s, "srun bash -c 'echo $SLURM_NTASKS'"),
        "2\n2\n"
    );
    s.submit("exit");
    printed(&mut s, "salloc -N2 -n4 --ntasks-per-node=2 -c2");
    assert_eq!(
        printed(
            &mut s,
            "echo $SLURM_NTASKS $SLURM_NTASKS_PER_NODE $SLURM_CPUS_PER_TASK"
        ),
        "4 2 2\n"
    );
}

/// Per command under salloc: a line it prints.
const COMMANDS: &[(&str, &str)] = &[
    (
        "salloc -N2 bash -c 'echo [$SLURM_NTASKS]; srun hostname'",
        "[]\nnode-1\nnode-2\n",
    ),
    (
        "salloc -N1 --mem-per-cpu=1000 bash -c 'echo [$SLURM_NTASKS] $SLURM_MEM_PER_CPU'",
        "[] 1000\n",
    ),
    (
        "salloc -n3 --mem=2G bash -c 'echo $SLURM_NTASKS $SLURM_MEM_PER_NODE'",
        "3 2048\n",
    ),
    // Without a count, a node holds a task per CPU (`-c` each). The
    // allocation names no memory it was not asked for (DefMemPerCPU is
    // the batch script's only), as Debian's 22.05.8 showed.
    (
        "salloc -N1 -c4 bash -c 'echo $SLURM_TASKS_PER_NODE $SLURM_JOB_CPUS_PER_NODE $SLURM_MEM_PER_CPU'",
        "1 4\n",
    ),
    (
        "salloc --gpus=1 --mem-per-gpu=10G bash -c 'echo $SLURM_MEM_PER_CPU $SLURM_MEM_PER_GPU $SLURM_GPUS'",
        "10240 1\n",
    ),
    (
        "salloc --qos=normal bash -c 'echo $SLURM_JOB_ACCOUNT $SLURM_JOB_QOS'",
        "team-a normal\n",
    ),
];

#[test]
fn a_command_under_salloc_sees_the_same_counts() {
    let mut s = session();
    for (line, expected) in COMMANDS {
        let out = printed(&mut s, line);
        assert!(out.contains(expected), "{line}: {out}");
    }
}
