//! sstat against a running job: its steps, its errors, its columns.

use super::super::super::output::Stream;
use super::super::super::tests::{Term, failed, ok, out};

/// A cluster with alice's two-node job running `srun julia train.jl`
/// (the user's own work, which computes) for two minutes; returns it and
/// the job id.
fn running() -> (Term, u32) {
    let mut t = Term::new("2026-11-30T00:00:00");
    let id = t.submit(
        "alice",
        "~",
        "sbatch -N 2 -n 4 --wrap \"srun julia train.jl\"",
    );
    t.c.advance(120);
    (t, id)
}

#[test]
fn a_running_step_is_stated() {
    let (mut t, id) = running();
    let line =
        format!("sstat -j {id} -o jobid,avecpu,mincpu,averss,maxrss,maxvmsize,ntasks,nodelist%12");
    // Four tasks of one CPU for 120 s: 97% busy, the last 5% behind;
    // resident memory at 42% of each task's share (30% + 2/10 of 40%).
    assert_eq!(
        out(&t.run_as("alice", "~", &line)),
        ok("\
JobID            AveCPU     MinCPU     AveRSS     MaxRSS  MaxVMSize   NTasks     Nodelist 
------------ ---------- ---------- ---------- ---------- ---------- -------- ------------ 
1.0            00:01:54   00:01:50   1400831K      1520M      4000M        4   node-[1-2] 
")
    );
    let line = format!(
        "sstat -a -P -j {id} -o jobid,avecpu,maxrss,avediskread,maxdiskwrite,tresusageinave"
    );
    assert_eq!(
        out(&t.run_as("alice", "~", &line)),
        ok("\
JobID|AveCPU|MaxRSS|AveDiskRead|MaxDiskWrite|TRESUsageInAve
1.batch|00:00:00|4188K|11059|0|cpu=00:00:00,energy=0,fs/disk=11059,mem=4188K,pages=0,vmem=215270K
1.0|00:01:54|1520M|216M|60M|cpu=00:01:54,energy=0,fs/disk=226492416,mem=1400831K,pages=0,\
vmem=3706877K
")
    );
    let o = t.run_as("alice", "~", &format!("sstat {id}"));
    let text = o.text(Stream::Stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[0].starts_with("JobID         MaxVMSize  MaxVMSizeNode  MaxVMSizeTask  AveVMSize     MaxRSS MaxRSSNode MaxRSSTask     AveRSS MaxPages "));
    assert!(lines[2].starts_with("1.0               4000M         node-1              0   3706877K      1520M     node-1          0   1400831K        0 "));
    assert_eq!(
        out(&t.run_as(
            "alice",
            "~",
            &format!("sstat -n -P -o jobid,ntasks -j {id}.batch")
        )),
        ok("1.batch|1\n")
    );
    assert_eq!(
        out(&t.run_as(
            "alice",
            "~",
            &format!("sstat -n -P -o jobid,tresusageouttot -j {id}")
        )),
        ok("1.0|energy=0,fs/disk=226492416\n")
    );
}

#[test]
fn jobs_that_cannot_be_stated() {
    let (mut t, id) = running();
    let pending = t.submit("bob", "~", "sbatch -H --wrap \"sleep 60\"");
    let o = t.run_as("bob", "~", &format!("sstat -n -j {pending}"));
    assert_eq!(
        out(&o),
        (
            0,
            String::new(),
            format!("sstat: error: No steps running for job {pending}\n")
        )
    );
    let o = t.run_as("bob", "~", &format!("sstat -n -j {pending}.0"));
    assert_eq!(
        o.text(Stream::Stderr),
        format!("sstat: error: StepId={pending}.0 not found running.\n")
    );
    assert_eq!(
        out(&t.root("sstat -n -j 999")),
        (
            0,
            String::new(),
            "sstat: error: couldn't get steps for job 999\n".to_owned()
        )
    );
    assert_eq!(
        out(&t.root("sstat")),
        failed("sstat: error: You didn't give me any jobs to stat.\n")
    );
    assert_eq!(
        out(&t.root(&format!("sstat -j {id}.x"))),
        failed(&format!("sstat: fatal: Bad step specified: {id}\n"))
    );
    assert_eq!(
        out(&t.root(&format!("sstat -j {id} -o jobid,bogus"))),
        failed("sstat: error: Invalid field requested: \"bogus\"\n")
    );
    assert_eq!(
        out(&t.run_as("bob", "~", &format!("sstat -n -j {id}"))),
        (
            0,
            String::new(),
            format!(
                "sstat: error: slurm_job_step_stat: there was an error with the request to node-1 \
rc = Invalid user id\nsstat: error: problem getting step_layout for StepId={id}.0: Invalid user id\n"
            )
        )
    );
    assert_eq!(
        out(&t.root(&format!("sstat -n -o jobid -j {id}"))),
        ok(&format!("{:<12} \n", format!("{id}.0")))
    );
}
