//! What accounting measured of each step: sacct's usage fields once a
//! step has ended (blank or zero while it runs), the job's line summing
//! the CPU times, and `seff`'s report built on the same records.

use super::{Term, ok, out};

/// alice's jobs from midnight: a two-node job computing (`julia`, the
/// user's own work) until its 10-minute limit, and one whose step
/// sleeps for 100 s; the clock then stands `after` seconds on.
fn two_jobs(after: u64) -> Term {
    let mut t = Term::new("2026-11-30T00:00:00");
    t.submit(
        "alice",
        "~",
        "sbatch -N 2 -n 4 -t 10 --mem=8G --wrap \"srun julia train.jl\"",
    );
    t.submit("alice", "~", "sbatch -n 2 --wrap \"srun sleep 100\"");
    t.c.advance(after);
    t
}

#[test]
fn sacct_prints_what_the_ended_steps_used() {
    let mut t = two_jobs(900);
    let line =
        "sacct -o JobID,State,Elapsed,TotalCPU,UserCPU,SystemCPU,AveCPU,MinCPU,MaxRSS,NTasks";
    // Job 1's four tasks of one CPU compute for 600 s: 95% user, 2%
    // kernel, the last task 5% behind (2251.5 s + 47.4 s in all, 574.7 s
    // on average); each task's resident memory reaches 70% of its half
    // of a node's 8G. The sleeping step and the batch shells wait.
    assert_eq!(
        out(&t.run_as("alice", "~", line)),
        ok("\
JobID             State    Elapsed   TotalCPU    UserCPU  SystemCPU     AveCPU     MinCPU     MaxRSS   NTasks 
------------ ---------- ---------- ---------- ---------- ---------- ---------- ---------- ---------- -------- 
1               TIMEOUT   00:10:00  38:18.939  37:31.513  00:47.426                                           
1.batch       CANCELLED   00:10:00  00:00.039  00:00.013  00:00.026   00:00:00   00:00:00      4188K        1 
1.0           CANCELLED   00:10:00  38:18.900  37:31.500  00:47.400   00:09:34   00:09:12   2936012K        4 
2             COMPLETED   00:01:40  00:00.026  00:00.008  00:00.017                                           
2.batch       COMPLETED   00:01:40  00:00.009  00:00.003  00:00.006   00:00:00   00:00:00      4188K        1 
2.0           COMPLETED   00:01:40  00:00.017  00:00.005  00:00.011   00:00:00   00:00:00      1096K        2 
")
    );
    let line = "sacct -P -j 1.0 -o JobID,MaxRSS,AveRSS,MaxRSSNode,MinCPUNode,MaxDiskRead,AveDiskWrite,AveCPUFreq,ConsumedEnergy,TRESUsageInMax,TRESUsageOutTot";
    // 600 s reading 2 MiB/s (each task 90% of that on average) and
    // writing 512 KiB/s; the slowest task runs on the last node.
    assert_eq!(
        out(&t.run_as("alice", "~", line)),
        ok("\
JobID|MaxRSS|AveRSS|MaxRSSNode|MinCPUNode|MaxDiskRead|AveDiskWrite|AveCPUFreq|ConsumedEnergy|\
TRESUsageInMax|TRESUsageOutTot
1.0|2936012K|2642410K|node-1|node-2|1200M|270M|2.60G|0|\
cpu=00:09:42,energy=0,fs/disk=1258291200,mem=2936012K,pages=0,vmem=7544830K|\
energy=0,fs/disk=1132462080
")
    );
    // In megabytes; the job's line measures nothing itself.
    let line = "sacct -n -P -j 1 --units=M -o JobID,MaxRSS,MaxVMSize,AveDiskRead";
    assert_eq!(
        out(&t.run_as("alice", "~", line)),
        ok("1|||\n1.batch|4.09M|210.22M|0.01M\n1.0|2867.20M|7368.00M|1080M\n")
    );
}

#[test]
fn a_running_step_has_no_measurements_yet() {
    let mut t = two_jobs(60);
    let line = "sacct -P -o JobID,State,TotalCPU,AveCPU,MaxRSS,ConsumedEnergy,ReqCPUFreq";
    assert_eq!(
        out(&t.run_as("alice", "~", line)),
        ok("\
JobID|State|TotalCPU|AveCPU|MaxRSS|ConsumedEnergy|ReqCPUFreq
1|RUNNING|00:00:00|||0|
1.batch|RUNNING|00:00:00|||0|Unknown
1.0|RUNNING|00:00:00|||0|Unknown
2|RUNNING|00:00:00|||0|
2.batch|RUNNING|00:00:00|||0|Unknown
2.0|RUNNING|00:00:00|||0|Unknown
")
    );
}

#[test]
fn seff_reports_cpu_and_memory_efficiency() {
    let mut t = two_jobs(900);
    // 2299 CPU seconds of 4 cores for 600 s; the computing step's
    // largest task (70% of 4G) times its four tasks, of 8G on each node.
    assert_eq!(
        out(&t.run_as("bob", "~", "seff 1")),
        ok("\
Job ID: 1
Cluster: cluster
User/Group: alice/alice
State: TIMEOUT (exit code 0)
Nodes: 2
Cores per node: 2
CPU Utilized: 00:38:19
CPU Efficiency: 95.79% of 00:40:00 core-walltime
Job Wall-clock time: 00:10:00
Memory Utilized: 11.20 GB (estimated maximum)
Memory Efficiency: 70.00% of 16.00 GB (8.00 GB/node)
")
    );
    // Two tasks at DefMemPerCPU=4000: 8000M asked for per core; the
    // batch shell's 4188K is the largest step's memory.
    assert_eq!(
        out(&t.run_as("bob", "~", "seff -d 2")),
        ok("\
Slurm data: JobID ArrayJobID User Group State Clustername Ncpus Nnodes Ntasks Reqmem PerNode Cput \
Walltime Mem ExitStatus
Slurm data: 2  alice alice COMPLETED cluster 2 1 1 8192000 0 0 100 4188 0

Job ID: 2
Cluster: cluster
User/Group: alice/alice
State: COMPLETED (exit code 0)
Nodes: 1
Cores per node: 2
CPU Utilized: 00:00:00
CPU Efficiency: 0.00% of 00:03:20 core-walltime
Job Wall-clock time: 00:01:40
Memory Utilized: 4.09 MB
Memory Efficiency: 0.05% of 7.81 GB
")
    );
}

#[test]
fn seff_of_pending_running_and_array_jobs() {
    let mut t = two_jobs(60);
    t.submit("bob", "~", "sbatch -H --wrap \"sleep 60\"");
    t.submit("bob", "~", "sbatch -a 1-2 --wrap \"sleep 30\"");
    assert_eq!(
        out(&t.run_as("bob", "~", "seff 1")),
        ok("\
Job ID: 1
Cluster: cluster
User/Group: alice/alice
State: RUNNING
Nodes: 2
Cores per node: 2
CPU Utilized: 00:00:00
CPU Efficiency: 0.00% of 00:04:00 core-walltime
Job Wall-clock time: 00:01:00
Memory Utilized: 0.00 MB (estimated maximum)
Memory Efficiency: 0.00% of 16.00 GB (8.00 GB/node)
WARNING: Efficiency statistics may be misleading for RUNNING jobs.
")
    );
    assert_eq!(
        out(&t.run_as("bob", "~", "seff 3")),
        ok("\
Job ID: 3
Cluster: cluster
User/Group: bob/bob
State: PENDING
Cores: 1
Efficiency not available for jobs in the PENDING state.
")
    );
    t.c.advance(60);
    // The array's last task keeps the array's own job id.
    assert_eq!(
        out(&t.run_as("bob", "~", "seff 4_2")),
        ok("\
Job ID: 4
Array Job ID: 4_2
Cluster: cluster
User/Group: bob/bob
State: COMPLETED (exit code 0)
Cores: 1
CPU Utilized: 00:00:00
CPU Efficiency: 0.00% of 00:00:30 core-walltime
Job Wall-clock time: 00:00:30
Memory Utilized: 4.09 MB
Memory Efficiency: 0.10% of 3.91 GB
")
    );
}

#[test]
fn seff_refuses_as_the_script_does() {
    let mut t = two_jobs(0);
    let usage = "Usage: seff [Options] <Jobid>
       Options:
       -h    Help menu
       -v    Version
       -d    Debug mode: display raw Slurm data
";
    assert_eq!(out(&t.root("seff")), (1, usage.to_owned(), String::new()));
    assert_eq!(
        out(&t.root("seff 1 2")),
        (1, usage.to_owned(), String::new())
    );
    assert_eq!(
        out(&t.root("seff -h 1")),
        (1, usage.to_owned(), String::new())
    );
    assert_eq!(
        out(&t.root("seff -v")),
        (1, "seff Version 2.1\n".to_owned(), String::new())
    );
    assert_eq!(
        out(&t.root("seff 99")),
        (2, String::new(), "Job not found.\n".to_owned())
    );
    assert_eq!(
        out(&t.root("seff x1")),
        (
            1,
            String::new(),
            "perl: fatal: Bad job/step specified: x1\n".to_owned()
        )
    );
}

#[test]
fn the_work_is_charged_to_the_step_that_ran_it() {
    let mut t = Term::new("2026-11-30T00:00:00");
    // The script's own program computes in the batch step; a bash step
    // whose tasks run it computes, and the script waiting on it does not.
    t.submit("alice", "~", "sbatch -c 2 -t 1 --wrap \"julia train.jl\"");
    t.submit(
        "alice",
        "~",
        "sbatch -n 2 -t 1 --wrap \"srun bash -c 'julia train.jl'\"",
    );
    t.c.advance(120);
    // 60 s on two CPUs at 97%; two one-CPU tasks, the second 5% behind.
    assert_eq!(
        out(&t.run_as("alice", "~", "sacct -P -o JobID,TotalCPU,AveCPU")),
        ok("\
JobID|TotalCPU|AveCPU
1|01:56.400|
1.batch|01:56.400|00:01:56
2|01:53.496|
2.batch|00:00.006|00:00:00
2.0|01:53.490|00:00:56
")
    );
}
