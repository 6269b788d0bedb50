//! Which `SLURM_*` variables each kind of process sees, name for name, as
//! Debian's Slurm 22.05.8 gave them on the reference cluster (`env | grep
//! ^SLURM | sort`, December 2026): a step srun made an allocation for, a
//! batch script and a step inside it, and salloc's shell. The values
//! that depend on the machine (ids, ports, addresses) are checked apart.

use super::tests::{printed, session};

/// `srun -N2 -n2 --gpus-per-node=1`: slurmstepd's, srun's and the
/// step's variables over the allocation's; no memory, no node aliases.
const OWN_STEP: &str = "SLURMD_NODENAME SLURM_CLUSTER_NAME SLURM_CONF SLURM_CPUS_ON_NODE \
     SLURM_GPUS_ON_NODE SLURM_GTIDS SLURM_JOBID SLURM_JOB_ACCOUNT SLURM_JOB_CPUS_PER_NODE \
     SLURM_JOB_GID SLURM_JOB_ID SLURM_JOB_NAME SLURM_JOB_NODELIST SLURM_JOB_NUM_NODES \
     SLURM_JOB_PARTITION SLURM_JOB_QOS SLURM_JOB_UID SLURM_JOB_USER SLURM_LAUNCH_NODE_IPADDR \
     SLURM_LOCALID SLURM_NNODES SLURM_NODEID SLURM_NODELIST SLURM_NPROCS SLURM_NTASKS \
     SLURM_PRIO_PROCESS SLURM_PROCID SLURM_SRUN_COMM_HOST SLURM_SRUN_COMM_PORT SLURM_STEPID \
     SLURM_STEP_GPUS SLURM_STEP_ID SLURM_STEP_LAUNCHER_PORT SLURM_STEP_NODELIST \
     SLURM_STEP_NUM_NODES SLURM_STEP_NUM_TASKS SLURM_STEP_TASKS_PER_NODE SLURM_SUBMIT_DIR \
     SLURM_SUBMIT_HOST SLURM_TASKS_PER_NODE SLURM_TASK_PID SLURM_TOPOLOGY_ADDR \
     SLURM_TOPOLOGY_ADDR_PATTERN SLURM_UMASK SLURM_WORKING_CLUSTER";

/// `sbatch -N2 --gpus-per-node=2`: the batch script's.
const BATCH: &str = "SLURMD_NODENAME SLURM_CLUSTER_NAME SLURM_CONF SLURM_CPUS_ON_NODE \
     SLURM_GPUS_ON_NODE SLURM_GPUS_PER_NODE SLURM_GTIDS SLURM_JOBID SLURM_JOB_ACCOUNT \
     SLURM_JOB_CPUS_PER_NODE SLURM_JOB_GID SLURM_JOB_GPUS SLURM_JOB_ID SLURM_JOB_NAME \
     SLURM_JOB_NODELIST SLURM_JOB_NUM_NODES SLURM_JOB_PARTITION SLURM_JOB_QOS SLURM_JOB_UID \
     SLURM_JOB_USER SLURM_LOCALID SLURM_MEM_PER_CPU SLURM_NNODES SLURM_NODEID SLURM_NODELIST \
     SLURM_NODE_ALIASES SLURM_PRIO_PROCESS SLURM_PROCID SLURM_SUBMIT_DIR SLURM_SUBMIT_HOST \
     SLURM_TASKS_PER_NODE SLURM_TASK_PID SLURM_TOPOLOGY_ADDR SLURM_TOPOLOGY_ADDR_PATTERN \
     SLURM_WORKING_CLUSTER";

/// `srun -n1 -N1` in that script: the script's, with srun's layout.
const BATCH_STEP: &str = "SLURMD_NODENAME SLURM_CLUSTER_NAME SLURM_CONF SLURM_CPUS_ON_NODE \
     SLURM_DISTRIBUTION SLURM_GPUS_ON_NODE SLURM_GPUS_PER_NODE SLURM_GTIDS SLURM_JOBID \
     SLURM_JOB_ACCOUNT SLURM_JOB_CPUS_PER_NODE SLURM_JOB_CPUS_PER_NODE_PACK_GROUP_0 \
     SLURM_JOB_GID SLURM_JOB_GPUS SLURM_JOB_ID SLURM_JOB_NAME SLURM_JOB_NODELIST \
     SLURM_JOB_NUM_NODES SLURM_JOB_PARTITION SLURM_JOB_QOS SLURM_JOB_UID SLURM_JOB_USER \
     SLURM_LAUNCH_NODE_IPADDR SLURM_LOCALID SLURM_MEM_PER_CPU SLURM_NNODES SLURM_NODEID \
     SLURM_NODELIST SLURM_NODE_ALIASES SLURM_NPROCS SLURM_NTASKS SLURM_PRIO_PROCESS \
     SLURM_PROCID SLURM_SRUN_COMM_HOST SLURM_SRUN_COMM_PORT SLURM_STEPID SLURM_STEP_GPUS \
     SLURM_STEP_ID SLURM_STEP_LAUNCHER_PORT SLURM_STEP_NODELIST SLURM_STEP_NUM_NODES \
     SLURM_STEP_NUM_TASKS SLURM_STEP_TASKS_PER_NODE SLURM_SUBMIT_DIR SLURM_SUBMIT_HOST \
     SLURM_TASKS_PER_NODE SLURM_TASK_PID SLURM_TOPOLOGY_ADDR SLURM_TOPOLOGY_ADDR_PATTERN \
     SLURM_UMASK SLURM_WORKING_CLUSTER";

/// `salloc -N2 --gpus-per-node=1`: its shell's, with nothing of
/// slurmstepd's and no memory it was not asked for.
const SALLOC: &str = "SLURM_CLUSTER_NAME SLURM_CONF SLURM_GPUS_PER_NODE SLURM_JOBID \
     SLURM_JOB_ACCOUNT SLURM_JOB_CPUS_PER_NODE SLURM_JOB_ID SLURM_JOB_NAME SLURM_JOB_NODELIST \
     SLURM_JOB_NUM_NODES SLURM_JOB_PARTITION SLURM_JOB_QOS SLURM_NNODES SLURM_NODELIST \
     SLURM_NODE_ALIASES SLURM_SUBMIT_DIR SLURM_SUBMIT_HOST SLURM_TASKS_PER_NODE";

/// The names of the `NAME=value` lines of `text`, each once, sorted.
fn names(text: &str) -> String {
    let mut names: Vec<&str> = text
        .lines()
        .filter_map(|line| line.split_once('=').map(|(name, _)| name))
        .filter(|name| name.starts_with("SLURM"))
        .collect();
    names.sort_unstable();
    names.dedup();
    names.join(" ")
}

/// The word `text` holds `count` times and nothing else, if it does.
fn repeated(text: &str, count: usize) -> Option<&str> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let first = *words.first()?;
    (words.len() == count && words.iter().all(|w| *w == first)).then_some(first)
}

/// `want` with its runs of spaces made one.
fn words(want: &str) -> String {
    want.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn each_process_sees_the_variables_a_real_cluster_gives_it() {
    let mut s = session();
    let own = printed(&mut s, "srun -N2 -n2 --gpus-per-node=1 env");
    assert_eq!(names(&own), words(OWN_STEP));
    let salloc = printed(&mut s, "salloc -N2 --gpus-per-node=1 env");
    assert_eq!(names(&salloc), words(SALLOC));
    printed(
        &mut s,
        "sbatch -N2 --gpus-per-node=2 -o env.out --wrap 'env; echo STEP; srun -n1 -N1 env'",
    );
    printed(&mut s, "sleep 5");
    let out = printed(&mut s, "cat env.out");
    let (batch, step) = out.split_once("STEP\n").unwrap_or_default();
    assert_eq!(names(batch), words(BATCH));
    assert_eq!(names(step), words(BATCH_STEP));
}

#[test]
fn the_machine_dependent_values_hold_together() {
    let mut s = session();
    let line = "srun -N2 -n3 bash -c 'echo $SLURM_PROCID $SLURM_GTIDS \
                $(( $$ == SLURM_TASK_PID )) $SLURM_TOPOLOGY_ADDR \
                $SLURM_SRUN_COMM_HOST ${SLURM_DISTRIBUTION:-none}'";
    let out = printed(&mut s, line);
    // The tasks of a node share their global ids; each its own pid.
    assert_eq!(
        out,
        "0 0,1 1 node-1 10.0.1.1 none\n1 0,1 1 node-1 10.0.1.1 none\n\
         2 2 1 node-2 10.0.1.1 none\n"
    );
    let ports = printed(
        &mut s,
        "srun -n2 bash -c 'echo $SLURM_SRUN_COMM_PORT $SLURM_STEP_LAUNCHER_PORT'",
    );
    let port = repeated(&ports, 4).and_then(|p| p.parse::<u16>().ok());
    assert!(port.is_some_and(|p| p >= 32_768), "{ports}");
    // In an allocation made before, srun names its layout: cyclic while
    // the tasks fit one per node, block past that.
    printed(&mut s, "salloc -N2 -n4");
    assert_eq!(
        printed(&mut s, "srun -n2 printenv SLURM_DISTRIBUTION"),
        "cyclic\ncyclic\n"
    );
    assert_eq!(
        printed(
            &mut s,
            "srun printenv SLURM_DISTRIBUTION SLURM_JOB_CPUS_PER_NODE_PACK_GROUP_0 | sort -u"
        ),
        "3,1\nblock\n"
    );
    // A plane's size goes with it (env.c's `SLURM_DIST_PLANESIZE`).
    assert_eq!(
        printed(
            &mut s,
            "srun -m plane=2 printenv SLURM_DISTRIBUTION SLURM_DIST_PLANESIZE | sort -u"
        ),
        "2\nplane\n"
    );
    // A layout named with -m is passed on as named, levels and flag too.
    assert_eq!(
        printed(&mut s, "srun -n2 -m block printenv SLURM_DISTRIBUTION"),
        "block\nblock\n"
    );
    assert_eq!(
        printed(
            &mut s,
            "srun -n2 -m cyclic:*,pack printenv SLURM_DISTRIBUTION"
        ),
        "cyclic:cyclic,pack\ncyclic:cyclic,pack\n"
    );
    let uid = printed(
        &mut s,
        "srun -N1 -n1 bash -c 'echo $SLURM_JOB_UID $SLURM_JOB_GID $UID'",
    );
    assert!(repeated(&uid, 3).is_some(), "{uid}");
    assert_eq!(
        printed(&mut s, "srun -N1 -n1 printenv SLURM_WORKING_CLUSTER"),
        "cluster:127.0.0.1:6817:9728:109\n"
    );
    // The shell of `srun --pty` is a task with a pid of its own, and
    // `exit` gives the prompt's back.
    s.submit("exit");
    let prompt = printed(&mut s, "echo $$");
    printed(&mut s, "srun --pty bash");
    assert_eq!(printed(&mut s, "echo $(( $$ == SLURM_TASK_PID ))"), "1\n");
    assert_ne!(printed(&mut s, "echo $$"), prompt);
    s.submit("exit");
    assert_eq!(printed(&mut s, "echo $$"), prompt);
}
