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

fn line(t: &mut Term, user: &str, command: &str) -> (i32, String, String) {
    out(&t.run_as(user, "~", command))
}

fn reason(t: &mut Term, job: u32) -> String {
    let shown = line(t, "root", &format!("squeue -h -j {job} -o %t:%r")).1;
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
    assert_eq!(reason(&mut t, 3), "");
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
