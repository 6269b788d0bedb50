//! `srun` inside an allocation: the step gets the nodes and tasks its
//! line asks for, as 22.05.8's srun and `_pick_step_nodes` cut them from
//! the job (srun reads `-N` from `SLURM_JOB_NUM_NODES` when its line has
//! none), and `squeue -s`, `sacct` and the step's environment show them.

use super::Session;
use super::tests::{chapter, printed, session};

/// A session in the shell of `salloc -N2`.
fn in_two_nodes() -> Session {
    let mut s = session();
    assert_eq!(
        printed(&mut s, "salloc -N2"),
        "salloc: Granted job allocation 1\n"
    );
    s
}

const ACCT: &str = "sacct -n -P -j 1 -o JobID,NTasks,NNodes,NodeList,AllocCPUS";

#[test]
fn a_step_of_one_node_runs_on_the_first() {
    let mut s = in_two_nodes();
    assert_eq!(printed(&mut s, "srun -N1 hostname"), "node-1\n");
    assert_eq!(printed(&mut s, "srun hostname"), "node-1\nnode-2\n");
    let one = printed(&mut s, ACCT);
    assert!(one.contains("\n1.0|1|1|node-1|"), "{one}");
    assert!(one.contains("\n1.1|2|2|node-[1-2]|"), "{one}");
}

#[test]
fn fewer_tasks_than_nodes_shrink_the_step_with_srun_s_warning() {
    let mut s = in_two_nodes();
    assert_eq!(
        printed(&mut s, "srun -n1 hostname"),
        "srun: Warning: can't run 1 processes on 2 nodes, setting nnodes to 1\nnode-1\n"
    );
    let acct = printed(&mut s, ACCT);
    assert!(acct.contains("\n1.0|1|1|node-1|"), "{acct}");
}

#[test]
fn a_named_node_runs_the_step_there() {
    let mut s = in_two_nodes();
    assert_eq!(printed(&mut s, "srun -N1 -w node-2 hostname"), "node-2\n");
    // Without -N the job's node count still holds: node-2 and one more.
    assert_eq!(
        printed(&mut s, "srun -w node-2 hostname"),
        "node-1\nnode-2\n"
    );
    assert_eq!(printed(&mut s, "srun -N1 -x node-1 hostname"), "node-2\n");
    let acct = printed(&mut s, ACCT);
    assert!(acct.contains("\n1.0|1|1|node-2|"), "{acct}");
    assert!(acct.contains("\n1.1|2|2|node-[1-2]|"), "{acct}");
    assert!(acct.contains("\n1.2|1|1|node-2|"), "{acct}");
}

#[test]
fn more_nodes_than_the_allocation_are_refused() {
    let mut s = in_two_nodes();
    assert_eq!(
        printed(&mut s, "srun -N3 hostname; echo $?"),
        "srun: error: Only allocated 2 nodes asked for 3\n1\n"
    );
    assert_eq!(
        printed(&mut s, "srun -N1 -w node-3 hostname"),
        "srun: error: Unable to create step for job 1: \
         Requested node configuration is not available\n"
    );
    // Refused steps take no step number.
    assert_eq!(
        printed(&mut s, "srun -N1 true; sacct -n -P -j 1 -o JobID"),
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
    assert_eq!(printed(&mut s, vars), "1 1 1 1 node-1 node-[1-2]\n");
    let steps = printed(&mut s, "squeue -h -s -o \"%i %A %N\"");
    assert_eq!(steps, "1.0 1 node-1\n");
    s.submit("exit");
    s.submit("srun -N1 -w node-2 --pty bash");
    assert_eq!(s.terminal.prompt(), "alice@node-2:~$ ");
    let steps = printed(&mut s, "squeue -h -s -o \"%i %A %N\"");
    assert_eq!(steps, "1.1 1 node-2\n");
    let usage = printed(&mut s, "sstat -n -P -j 1.1 -o JobID,NTasks,MaxRSSNode");
    assert_eq!(usage, "1.1|1|node-2\n");
}

#[test]
fn with_cgroups_a_step_on_one_node_sees_its_gpus_there() {
    let mut s = chapter();
    printed(&mut s, "salloc -N2 --gpus-per-node=2");
    s.submit("srun -N1 -w node-2 --gpus-per-node=1 --pty bash");
    assert_eq!(s.terminal.prompt(), "alice@node-2:~$ ");
    assert_eq!(printed(&mut s, "nvidia-smi -L | wc -l"), "1\n");
}

#[test]
fn jobid_runs_a_step_in_a_running_batch_job_from_the_login_node() {
    let mut s = chapter();
    printed(&mut s, "sbatch --gpus-per-node=2 -t 5 --wrap \"sleep 300\"");
    printed(&mut s, "sbatch -N4 --exclusive --wrap \"sleep 60\"");
    printed(&mut s, "sleep 2");
    // A look at the job's node: its GPUs, its step, its variables.
    s.submit("srun --jobid=1 --overlap --pty bash");
    assert_eq!(s.terminal.prompt(), "alice@node-1:~$ ");
    assert_eq!(
        printed(
            &mut s,
            "echo $SLURM_JOB_ID $CUDA_VISIBLE_DEVICES; nvidia-smi -L | wc -l"
        ),
        "1 0,1\n2\n"
    );
    s.submit("exit");
    assert_eq!(printed(&mut s, "srun --jobid=1 -N1 hostname"), "node-1\n");
    let steps = printed(&mut s, "sacct -n -P -j 1 -o JobID,JobName");
    assert_eq!(steps, "1|wrap\n1.batch|batch\n1.0|bash\n1.1|hostname\n");
    let check = "srun: Check SLURM_JOB_ID environment variable. Expired or invalid job";
    let refusals = [
        (
            "srun --jobid=2 hostname",
            format!(
                "srun: error: Unable to confirm allocation for job 2: Job is pending execution\n{check} 2\n"
            ),
        ),
        (
            "srun --jobid=99 hostname",
            format!(
                "srun: error: Unable to confirm allocation for job 99: Invalid job id specified\n{check} 99\n"
            ),
        ),
        (
            "srun --jobid=1x hostname",
            "srun: error: Invalid numeric value \"1x\" for --jobid.\n".to_owned(),
        ),
        (
            "SLURM_JOB_ID=0 srun hostname",
            "srun: error: Invalid numeric value \"0\" for --jobid.\n".to_owned(),
        ),
    ];
    for (line, refusal) in refusals {
        assert_eq!(
            printed(&mut s, &format!("{line}; echo $?")),
            format!("{refusal}1\n"),
            "{line}"
        );
    }
    printed(&mut s, "sleep 400");
    assert_eq!(
        printed(&mut s, "srun --jobid=1 hostname"),
        format!("srun: error: Slurm job 1 has expired\n{check} 1\n")
    );
}

#[test]
fn jobid_of_another_users_job_is_refused_but_not_to_root() {
    let mut s = chapter();
    printed(&mut s, "sudo -i");
    printed(&mut s, "sbatch --wrap \"sleep 300\"");
    printed(&mut s, "exit");
    printed(&mut s, "sbatch --wrap \"sleep 300\"");
    printed(&mut s, "sleep 2");
    assert_eq!(
        printed(&mut s, "srun --jobid=1 hostname; echo $?"),
        "srun: error: Unable to create step for job 1: Access/permission denied\n1\n"
    );
    printed(&mut s, "sudo -i");
    assert_eq!(printed(&mut s, "srun --jobid=2 hostname"), "node-1\n");
}
