//! `srun` inside an allocation: the step gets the nodes and tasks its
//! line asks for, as 22.05.8's srun and `_pick_step_nodes` cut them from
//! the job (srun reads `-N` from `SLURM_JOB_NUM_NODES` when its line has
//! none), and `squeue -s`, `sacct` and the step's environment show them.

use super::Session;
use super::tests::{chapter, session};

/// What `line` printed.
fn said(s: &mut Session, line: &str) -> String {
    s.submit(line);
    s.terminal.last_output()
}

/// A session in the shell of `salloc -N2`.
fn in_two_nodes() -> Session {
    let mut s = session();
    assert_eq!(
        said(&mut s, "salloc -N2"),
        "salloc: Granted job allocation 1\n"
    );
    s
}

const ACCT: &str = "sacct -n -P -j 1 -o JobID,NTasks,NNodes,NodeList,AllocCPUS";

#[test]
fn a_step_of_one_node_runs_on_the_first() {
    let mut s = in_two_nodes();
    assert_eq!(said(&mut s, "srun -N1 hostname"), "node-1\n");
    assert_eq!(said(&mut s, "srun hostname"), "node-1\nnode-2\n");
    let one = said(&mut s, ACCT);
    assert!(one.contains("\n1.0|1|1|node-1|"), "{one}");
    assert!(one.contains("\n1.1|2|2|node-[1-2]|"), "{one}");
}

#[test]
fn fewer_tasks_than_nodes_shrink_the_step_with_srun_s_warning() {
    let mut s = in_two_nodes();
    assert_eq!(
        said(&mut s, "srun -n1 hostname"),
        "srun: Warning: can't run 1 processes on 2 nodes, setting nnodes to 1\nnode-1\n"
    );
    let acct = said(&mut s, ACCT);
    assert!(acct.contains("\n1.0|1|1|node-1|"), "{acct}");
}

#[test]
fn a_named_node_runs_the_step_there() {
    let mut s = in_two_nodes();
    assert_eq!(said(&mut s, "srun -N1 -w node-2 hostname"), "node-2\n");
    // Without -N the job's node count still holds: node-2 and one more.
    assert_eq!(said(&mut s, "srun -w node-2 hostname"), "node-1\nnode-2\n");
    assert_eq!(said(&mut s, "srun -N1 -x node-1 hostname"), "node-2\n");
    let acct = said(&mut s, ACCT);
    assert!(acct.contains("\n1.0|1|1|node-2|"), "{acct}");
    assert!(acct.contains("\n1.1|2|2|node-[1-2]|"), "{acct}");
    assert!(acct.contains("\n1.2|1|1|node-2|"), "{acct}");
}

#[test]
fn more_nodes_than_the_allocation_are_refused() {
    let mut s = in_two_nodes();
    assert_eq!(
        said(&mut s, "srun -N3 hostname; echo $?"),
        "srun: error: Only allocated 2 nodes asked for 3\n1\n"
    );
    assert_eq!(
        said(&mut s, "srun -N1 -w node-3 hostname"),
        "srun: error: Unable to create step for job 1: \
         Requested node configuration is not available\n"
    );
    // Refused steps take no step number.
    assert_eq!(
        said(&mut s, "srun -N1 true; sacct -n -P -j 1 -o JobID"),
        "1\n1.0\n"
    );
}

#[test]
fn an_interactive_step_of_one_node_counts_one() {
    let mut s = in_two_nodes();
    s.submit("srun -N1 --pty bash");
    assert_eq!(s.terminal.prompt(), "alice@node-1:~$ ");
    let vars = "echo $SLURM_STEP_NUM_NODES $SLURM_STEP_NUM_TASKS $SLURM_NNODES \
         $SLURM_NTASKS $SLURM_STEP_NODELIST $SLURM_JOB_NODELIST";
    assert_eq!(said(&mut s, vars), "1 1 1 1 node-1 node-[1-2]\n");
    let steps = said(&mut s, "squeue -h -s -o \"%i %A %N\"");
    assert_eq!(steps, "1.0 1 node-1\n");
    s.submit("exit");
    s.submit("srun -N1 -w node-2 --pty bash");
    assert_eq!(s.terminal.prompt(), "alice@node-2:~$ ");
    let steps = said(&mut s, "squeue -h -s -o \"%i %A %N\"");
    assert_eq!(steps, "1.1 1 node-2\n");
    let usage = said(&mut s, "sstat -n -P -j 1.1 -o JobID,NTasks,MaxRSSNode");
    assert_eq!(usage, "1.1|1|node-2\n");
}

#[test]
fn with_cgroups_a_step_on_one_node_sees_its_gpus_there() {
    let mut s = chapter();
    said(&mut s, "salloc -N2 --gpus-per-node=2");
    s.submit("srun -N1 -w node-2 --gpus-per-node=1 --pty bash");
    assert_eq!(s.terminal.prompt(), "alice@node-2:~$ ");
    assert_eq!(said(&mut s, "nvidia-smi -L | wc -l"), "1\n");
}
