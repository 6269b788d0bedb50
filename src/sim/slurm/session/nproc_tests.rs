//! `nproc` (and `id`, `groups`, `$UID`) wherever a learner types it: on the login node, in a batch
//! script, in each task of a step (bound as task/affinity binds it on
//! the chapter's cluster), in `srun --pty bash`, after `ssh`, and on the
//! reference cluster whose `TaskPlugin=task/none` fences nothing in.

use super::tests::{chapter, printed, session};

#[test]
fn steps_see_their_cores_as_slurm_binds_them() {
    let mut s = chapter();
    assert_eq!(printed(&mut s, "nproc"), "16\n");
    assert_eq!(printed(&mut s, "nproc --all"), "16\n");
    // One CPU asked for, one bound; -c 4, four; four tasks, a core each.
    assert_eq!(printed(&mut s, "srun nproc"), "1\n");
    assert_eq!(printed(&mut s, "srun -c 4 nproc"), "4\n");
    assert_eq!(printed(&mut s, "srun -n 4 nproc"), "1\n1\n1\n1\n");
    assert_eq!(printed(&mut s, "srun -n 4 nproc --all"), "64\n64\n64\n64\n");
    // Two tasks on a whole node: a socket each.
    assert_eq!(printed(&mut s, "srun --exclusive -n 2 nproc"), "32\n32\n");
    // OpenMP's variable wins, as coreutils reads it.
    assert_eq!(printed(&mut s, "OMP_NUM_THREADS=3 srun -c 4 nproc"), "3\n");
}

#[test]
fn a_batch_script_sees_the_job_s_cpus_and_its_steps_their_share() {
    let mut s = chapter();
    s.submit(
        "printf '#!/bin/bash\\n#SBATCH -c 8\\nnproc\\nsrun nproc\\nsrun -c 2 nproc\\nnproc\\n' > cpus.sh",
    );
    assert_eq!(printed(&mut s, "sbatch cpus.sh"), "Submitted batch job 1\n");
    s.submit("sleep 5");
    // The batch step has the job's eight; a step of one task without -c
    // is not bound (its task would not fill a core of each), with -c 2
    // it has its two; the script keeps its eight.
    assert_eq!(printed(&mut s, "cat slurm-1.out"), "8\n8\n2\n8\n");
}

#[test]
fn interactive_shells_see_their_step_or_their_node() {
    let mut s = chapter();
    s.submit("srun -c 6 --pty bash");
    assert_eq!(printed(&mut s, "nproc"), "6\n");
    s.submit("exit");
    s.submit("ssh node-3");
    assert_eq!(printed(&mut s, "nproc"), "64\n");
    s.submit("exit");
    assert_eq!(printed(&mut s, "nproc"), "16\n");
}

#[test]
fn without_task_plugins_a_step_sees_the_whole_node() {
    let mut s = session();
    assert_eq!(printed(&mut s, "srun -c 4 nproc"), "64\n");
    assert_eq!(
        printed(&mut s, "nproc 2"),
        "nproc: extra operand '2'\nTry 'nproc --help' for more information.\n"
    );
}

#[test]
fn id_and_groups_answer_for_whoever_runs_them_wherever_they_run() {
    let mut s = chapter();
    let me = "uid=1001(alice) gid=1001(alice) groups=1001(alice)\n";
    assert_eq!(printed(&mut s, "id"), me);
    assert_eq!(printed(&mut s, "srun id"), me);
    assert_eq!(printed(&mut s, "groups; id -un bob"), "alice\nbob\n");
    s.submit("printf '#!/bin/bash\\nid -u\\nsrun groups\\n' > who.sh");
    assert_eq!(printed(&mut s, "sbatch who.sh"), "Submitted batch job 2\n");
    s.submit("sleep 5");
    assert_eq!(printed(&mut s, "cat slurm-2.out"), "1001\nalice\n");
    s.submit("sudo -i");
    assert_eq!(printed(&mut s, "id -u; id -gn"), "0\nroot\n");
    // bash's $UID and $EUID follow whoever the shell runs as.
    assert_eq!(printed(&mut s, "echo $UID $EUID"), "0 0\n");
    s.submit("exit");
    assert_eq!(
        printed(&mut s, "echo $UID; srun bash -c 'echo $EUID'"),
        "1001\n1001\n"
    );
    s.submit("srun --pty bash");
    assert_eq!(printed(&mut s, "echo $UID"), "1001\n");
}
