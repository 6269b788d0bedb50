//! scontrol's job keywords beyond show and update: `requeue` with its
//! flags, `requeuehold`, `notify` and `wait_job`, and the controller's
//! own requests (`reconfigure`, `setdebug`, `completing`), with the
//! words 22.05.8 answers them in.

use super::*;

/// A cluster with a running batch job (1), a job that may not be
/// requeued (2, also running) and a finished srun job (3), at 03:30.
fn three_jobs() -> Term {
    let mut t = Term::new("2026-11-30T03:30:00");
    t.submit("alice", "~", "sbatch --wrap \"echo start; sleep 600\"");
    t.submit("alice", "~", "sbatch --no-requeue --wrap \"sleep 600\"");
    assert_eq!(t.run_as("alice", "~", "srun -n1 true").exit, 0);
    t.c.advance(5);
    t
}

/// A command's exit status, stdout and stderr, run as `user` at home.
fn line(t: &mut Term, user: &str, command: &str) -> (i32, String, String) {
    out(&t.run_as(user, "~", command))
}

/// `ST:REASON` of a job, as squeue shows it in any state.
fn reason(t: &mut Term, job: u32) -> String {
    let shown = line(t, "root", &format!("squeue -h -t all -j {job} -o %t:%r")).1;
    shown.trim().to_owned()
}

#[test]
fn requeuehold_holds_with_its_own_reason_until_released() {
    let mut t = three_jobs();
    assert_eq!(line(&mut t, "alice", "scontrol requeuehold 1"), ok(""));
    assert_eq!(reason(&mut t, 1), "PD:job requeued in held state");
    let shown = line(&mut t, "root", "scontrol show job 1").1;
    assert!(
        shown.contains("JobState=PENDING Reason=job_requeued_in_held_state"),
        "{shown}"
    );
    assert!(shown.contains("Priority=0 "), "{shown}");
    // An operator's hold on it changes the kind, not the text.
    assert_eq!(line(&mut t, "root", "scontrol hold 1"), ok(""));
    assert_eq!(reason(&mut t, 1), "PD:job requeued in held state");
    // The release forgets both (no reason until the next scheduling
    // pass); the requeue's begin time still holds it back.
    assert_eq!(line(&mut t, "root", "scontrol release 1"), ok(""));
    assert_eq!(reason(&mut t, 1), "PD:None");
    t.c.advance(1);
    assert_eq!(reason(&mut t, 1), "PD:BeginTime");
    t.c.advance(200);
    assert_eq!(reason(&mut t, 1), "R:None");
    // requeuehold takes no `JobId=` key, unlike requeue.
    assert_eq!(
        line(&mut t, "root", "scontrol requeuehold JobId=1"),
        failed("Invalid job id specified for job JobId=1\n")
    );
    assert_eq!(
        line(&mut t, "root", "scontrol requeuehold"),
        failed("too few arguments for keyword:requeuehold\n")
    );
}

#[test]
fn requeue_flags_come_before_the_jobs() {
    let mut t = three_jobs();
    // Incomplete: a job that is not running is left alone, silently.
    assert_eq!(
        line(&mut t, "root", "scontrol requeue Incomplete 3"),
        ok("")
    );
    assert_eq!(reason(&mut t, 3), "CD:None");
    assert_eq!(line(&mut t, "root", "scontrol requeue State=SE 1"), ok(""));
    assert_eq!(reason(&mut t, 1), "SE:job requeued in special exit state");
    let shown = line(&mut t, "root", "scontrol show job 1").1;
    assert!(shown.contains("JobState=SPECIAL_EXIT "), "{shown}");
    assert_eq!(
        line(&mut t, "root", "squeue -h -j 1 -O State").1.trim(),
        "SPECIAL_EXIT"
    );
    assert_eq!(line(&mut t, "alice", "scontrol release 1"), ok(""));
    t.c.advance(1);
    assert_eq!(reason(&mut t, 1), "PD:BeginTime");
    // `--no-requeue`: slurmctld's ESLURM_DISABLED.
    assert_eq!(
        line(&mut t, "root", "scontrol requeue 2"),
        failed("Requested operation is presently disabled for job 2\n")
    );
}

#[test]
fn notify_reaches_the_running_batch_job_or_says_why_not() {
    let mut t = three_jobs();
    assert_eq!(
        line(&mut t, "alice", "scontrol notify 1 save your work"),
        ok("")
    );
    let written: String =
        t.c.drain_file_writes()
            .iter()
            .filter(|w| w.path.ends_with("slurm-1.out"))
            .map(|w| w.text.clone())
            .collect();
    assert!(
        written.ends_with("start\nslurmstepd-node-1: error: save your work\n"),
        "{written:?}"
    );
    for (user, command, why) in [
        ("bob", "scontrol notify 1 hi", "Invalid user id"),
        (
            "alice",
            "scontrol notify 3 hi",
            "Job/step already completing or completed",
        ),
        ("alice", "scontrol notify 99 hi", "Invalid job id specified"),
    ] {
        assert_eq!(
            line(&mut t, user, command),
            failed(&format!("job notify failure: {why}\n")),
            "{command}"
        );
    }
    // A pending batch job has no one to tell.
    line(&mut t, "root", "scontrol requeuehold 1");
    assert_eq!(
        line(&mut t, "alice", "scontrol notify 1 hi"),
        failed("job notify failure: Requested operation is presently disabled\n")
    );
    assert_eq!(
        line(&mut t, "alice", "scontrol notify x hi"),
        failed("Invalid job_id xjob notify failure: No error\n")
    );
    assert_eq!(
        line(&mut t, "alice", "scontrol notify 1"),
        failed("too few arguments for keyword:notify\n")
    );
}

#[test]
fn wait_job_answers_at_once_without_power_saving() {
    let mut t = three_jobs();
    assert_eq!(
        line(&mut t, "alice", "scontrol wait_job 1"),
        (
            0,
            String::new(),
            "scontrol: Nodes are ready for job 1\n".to_owned()
        )
    );
    assert_eq!(
        line(&mut t, "alice", "scontrol wait_job 3"),
        failed("scontrol: Job 3 no longer running\n")
    );
    assert_eq!(
        line(&mut t, "alice", "scontrol wait_job 99"),
        failed("scontrol: Problem running job 99\n")
    );
    assert_eq!(
        line(&mut t, "alice", "scontrol wait_job 1 2"),
        failed("too many arguments for keyword:wait_job\n")
    );
}

#[test]
fn controller_requests_are_root_s() {
    let mut t = three_jobs();
    assert_eq!(line(&mut t, "root", "scontrol reconfigure"), ok(""));
    assert_eq!(
        line(&mut t, "alice", "scontrol reconfig"),
        failed("slurm_reconfigure error: Invalid user id\n")
    );
    assert_eq!(line(&mut t, "root", "scontrol setdebug debug2"), ok(""));
    assert_eq!(
        line(&mut t, "root", "scontrol setdebug"),
        failed("too few arguments for keyword:setdebug\n")
    );
    assert_eq!(line(&mut t, "root", "scontrol completing"), ok(""));
    assert_eq!(
        line(&mut t, "root", "scontrol ping now"),
        failed("too many arguments for keyword:ping\n")
    );
}

/// A GPU job (1: a step for a minute, a line before and after it) and a
/// CPU job (2) sharing node-1, 30 seconds in.
fn two_on_node_1() -> Term {
    let mut t = Term::new("2026-11-30T03:30:00");
    t.submit(
        "alice",
        "~",
        "sbatch -w node-1 --gpus-per-node=8 -t 10 --wrap \"echo a; srun sleep 60; echo b; sleep 900\"",
    );
    t.submit("bob", "~", "sbatch -w node-1 -n 4 --wrap \"sleep 900\"");
    t.c.advance(30);
    t
}

/// The `Key=value` words of `scontrol show job` for `keys`, in order.
fn job_lines(t: &mut Term, job: u32, keys: &[&str]) -> Vec<String> {
    let shown = line(t, "root", &format!("scontrol -o show job {job}")).1;
    keys.iter()
        .filter_map(|k| {
            shown
                .split(' ')
                .find(|w| w.starts_with(&format!("{k}=")))
                .map(str::to_owned)
        })
        .collect()
}

#[test]
fn a_suspended_job_stops_its_clock_and_frees_only_its_cores() {
    let mut t = two_on_node_1();
    assert_eq!(line(&mut t, "root", "scontrol suspend 1"), ok(""));
    // Suspending it again changes nothing.
    assert_eq!(line(&mut t, "root", "scontrol suspend 1"), ok(""));
    t.c.advance(120);
    // Its run time stands still and its priority is 0.
    let other = priority(&mut t, 2);
    assert_eq!(
        line(&mut t, "root", "squeue -h -o %i:%t:%M:%Q").1,
        format!("2:R:2:30:{other}\n1:S:0:30:0\n")
    );
    assert_eq!(
        job_lines(
            &mut t,
            1,
            &["JobState", "RunTime", "SuspendTime", "SecsPreSuspend"]
        ),
        [
            "JobState=SUSPENDED",
            "RunTime=00:00:30",
            "SuspendTime=2026-11-30T03:30:30",
            "SecsPreSuspend=30"
        ]
    );
    // The cores are free, the GPUs and memory are not.
    let node = line(&mut t, "root", "scontrol show node node-1").1;
    assert!(node.contains("CPUAlloc=4 "), "{node}");
    assert!(
        node.contains("AllocTRES=cpu=4,mem=20000M,gres/gpu=8"),
        "{node}"
    );
    let cpu_job = "sbatch -w node-1 -n 2 -t 5 --wrap \"sleep 60\"";
    let gpu_job = "sbatch -w node-1 --gpus-per-node=1 -t 5 --wrap \"sleep 60\"";
    let (cpu, gpu) = (t.submit("bob", "~", cpu_job), t.submit("bob", "~", gpu_job));
    // The GPU job comes first (its GPUs weigh in its priority) and waits
    // for GPUs no one will free; backfill starts the CPU job beside it.
    t.c.advance(40);
    assert_eq!(reason(&mut t, cpu), "R:None");
    assert_eq!(reason(&mut t, gpu), "PD:Resources");
    // Nothing of its run goes on: no output, no new step, no end.
    assert_eq!(
        line(&mut t, "alice", "srun --jobid=1 hostname"),
        failed(
            "srun: error: Unable to create step for job 1: Requested operation is presently disabled\n"
        )
    );
    let sacct = "sacct -j 1 -n -P -o JobID,State,Elapsed,Suspended,End";
    assert_eq!(
        line(&mut t, "root", sacct).1,
        "1|SUSPENDED|00:00:30|00:02:40|Unknown\n\
         1.batch|SUSPENDED|00:00:30|00:02:40|Unknown\n\
         1.0|SUSPENDED|00:00:30|00:02:40|Unknown\n"
    );
}

/// The priority squeue shows for `job`.
fn priority(t: &mut Term, job: u32) -> String {
    line(t, "root", &format!("squeue -h -j {job} -o %Q"))
        .1
        .trim()
        .to_owned()
}

#[test]
fn a_resumed_job_goes_on_where_it_stopped_and_ends_that_much_later() {
    let mut t = two_on_node_1();
    line(&mut t, "root", "scontrol suspend 1");
    t.c.advance(120);
    assert_eq!(line(&mut t, "root", "scontrol resume 1"), ok(""));
    assert_eq!(
        job_lines(
            &mut t,
            1,
            &[
                "JobState",
                "RunTime",
                "EndTime",
                "SuspendTime",
                "SecsPreSuspend"
            ]
        ),
        [
            "JobState=RUNNING",
            "RunTime=00:00:30",
            "EndTime=2026-11-30T03:42:00",
            "SuspendTime=2026-11-30T03:32:30",
            "SecsPreSuspend=30"
        ]
    );
    assert_ne!(priority(&mut t, 1), "0");
    // Its step ends 60 seconds of run time in: 30 more.
    t.c.advance(31);
    let sacct = "sacct -j 1 -n -P -o JobID,State,Elapsed,Suspended,Start,End";
    assert_eq!(
        line(&mut t, "root", sacct).1,
        "1|RUNNING|00:01:01|00:02:00|2026-11-30T03:30:00|Unknown\n\
         1.batch|RUNNING|00:01:01|00:02:00|2026-11-30T03:30:00|Unknown\n\
         1.0|COMPLETED|00:01:00|00:02:00|2026-11-30T03:30:00|2026-11-30T03:33:00\n"
    );
    // Its time limit counts on from 30 s: it ends at 03:42, not 03:40.
    t.at("2026-11-30T03:41:59");
    assert_eq!(reason(&mut t, 1), "R:None");
    t.at("2026-11-30T03:42:01");
    assert_eq!(reason(&mut t, 1), "TO:TimeLimit");
}

#[test]
fn suspend_and_resume_are_an_operator_s_and_answer_in_slurm_s_words() {
    let mut t = two_on_node_1();
    let pending = t.submit(
        "bob",
        "~",
        "sbatch -w node-1 --gpus-per-node=1 --wrap \"sleep 60\"",
    );
    for (user, command, answer) in [
        (
            "alice",
            "scontrol suspend 1",
            "Access/permission denied for job 1",
        ),
        (
            "alice",
            "scontrol suspend 99",
            "Access/permission denied for job 99",
        ),
        (
            "root",
            "scontrol suspend 99",
            "Invalid job id specified for job 99",
        ),
        (
            "root",
            "scontrol resume 1",
            "Job is not suspended for job 1",
        ),
        (
            "root",
            &format!("scontrol suspend {pending}"),
            &format!("Job is pending execution for job {pending}"),
        ),
        (
            "root",
            "scontrol suspend",
            "too few arguments for keyword:suspend",
        ),
    ] {
        assert_eq!(
            line(&mut t, user, command),
            failed(&format!("{answer}\n")),
            "{command}"
        );
    }
    // A job requeued while suspended keeps its priority of 0: held.
    let held = t.submit("alice", "~", "sbatch -w node-2 --wrap \"sleep 600\"");
    // Behind the GPU job waiting for node-1, backfill starts it.
    t.c.advance(40);
    assert_eq!(reason(&mut t, held), "R:None");
    line(&mut t, "root", &format!("scontrol suspend {held}"));
    assert_eq!(
        line(&mut t, "root", &format!("scontrol requeue {held}")),
        ok("")
    );
    assert_eq!(reason(&mut t, held), "PD:JobHeldAdmin");
    // A job cancelled while suspended ended when it stopped.
    line(&mut t, "root", "scontrol suspend JobId=2");
    t.c.advance(10);
    assert_eq!(line(&mut t, "root", "scancel -t S -u bob"), ok(""));
    assert_eq!(
        line(
            &mut t,
            "root",
            "sacct -j 2 -X -n -P -o State,Elapsed,Suspended,End"
        )
        .1,
        "CANCELLED by 0|00:01:10|00:00:10|2026-11-30T03:31:10\n"
    );
    assert_eq!(
        line(&mut t, "root", "scancel -t STOPPED -u bob"),
        failed(
            "Invalid job state specified: STOPPED\nValid job states are PENDING, RUNNING, and SUSPENDED\n"
        )
    );
}
