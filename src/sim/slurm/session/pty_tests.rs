//! `srun --pty bash` with several nodes or tasks: the shell is task 0,
//! on the first node, of a step that has them all (srun's man page: the
//! other tasks' output goes to /dev/null), with the step's counts in its
//! environment as `env_array_for_step` sets them.

use super::tests::{printed, session};

/// The step's variables, as the shell reads them.
const STEP_VARS: &str = "echo $SLURM_NTASKS $SLURM_NNODES $SLURM_STEP_NUM_TASKS \
     $SLURM_STEP_NUM_NODES $SLURM_STEP_NODELIST $SLURM_JOB_NODELIST $SLURM_PROCID \
     $SLURM_NODEID $SLURM_STEP_TASKS_PER_NODE $SLURMD_NODENAME";

#[test]
fn an_interactive_step_on_two_nodes_has_both() {
    let mut s = session();
    s.submit("srun --pty -N2 bash");
    assert_eq!(s.terminal.prompt(), "alice@node-1:~$ ");
    assert_eq!(
        printed(&mut s, STEP_VARS),
        "2 2 2 2 node-[1-2] node-[1-2] 0 0 1(x2) node-1\n"
    );
    let steps = printed(&mut s, "squeue -h -s -o \"%i %A %N\"");
    assert_eq!(steps, "1.0 2 node-[1-2]\n");
    let lines = "1||2|node-[1-2]\n1.0|2|2|node-[1-2]\n";
    let acct = "sacct -n -P -j 1 -o JobID,NTasks,NNodes,NodeList";
    assert_eq!(printed(&mut s, acct), lines);
    // scontrol knows the host it is typed on: a node runs slurmd, the
    // login node runs neither daemon.
    let here = "scontrol show daemons; scontrol show aliases";
    assert_eq!(printed(&mut s, here), "slurmd\nnode-1\n");
    s.submit("exit");
    assert_eq!(s.terminal.prompt(), "alice@login1:~$ ");
    assert_eq!(printed(&mut s, acct), lines);
    assert_eq!(printed(&mut s, here), "(null)\n");
}

#[test]
fn an_interactive_step_of_several_tasks_counts_them() {
    let mut s = session();
    s.submit("srun --pty -n 2 bash");
    assert_eq!(
        printed(&mut s, STEP_VARS),
        "2 1 2 1 node-1 node-1 0 0 2 node-1\n"
    );
    s.submit("exit");
    // Three tasks on two nodes, in blocks: two on the first, one after.
    s.submit("srun --pty -N2 -n3 bash");
    assert_eq!(
        printed(&mut s, STEP_VARS),
        "3 2 3 2 node-[1-2] node-[1-2] 0 0 2,1 node-1\n"
    );
}
