//! Scheduling and job lifecycles on the reference cluster: backfill that
//! delays no reservation, every pending reason, the endings, requeues,
//! node failures, arrays, dependencies, usage and job output.

use super::super::*;
use super::Term;

const WORK: &str = "/srv/cluster/work";

fn reason(t: &Term, id: u32) -> String {
    t.c.job(id).map(|j| j.reason_text()).unwrap_or_default()
}

fn state(t: &Term, id: u32) -> JobState {
    t.c.job(id).map_or(JobState::Pending, |j| j.state)
}

#[test]
fn backfill_starts_what_delays_no_reservation() {
    let mut t = Term::new("2026-11-30T00:00:00");
    // Three nodes busy for an hour, one for ten minutes.
    for _ in 0..3 {
        t.submit(
            "root",
            WORK,
            "sbatch --gpus-per-node=8 -t 60 --wrap \"sleep 3600\"",
        );
    }
    t.submit(
        "root",
        WORK,
        "sbatch --gpus-per-node=8 -t 10 --wrap \"sleep 600\"",
    );
    t.c.advance(1);
    // The top job needs all four nodes: it waits for the hour, and holds
    // a reservation for them from then.
    let big = t.submit(
        "root",
        WORK,
        "sbatch -N 4 --gpus-per-node=8 -t 60 --qos=high --wrap \"sleep 60\"",
    );
    // A two-hour job on the node free at 00:10 would delay it: it waits...
    let long = t.submit(
        "root",
        WORK,
        "sbatch --gpus-per-node=8 -t 120 --wrap \"sleep 60\"",
    );
    t.c.advance(30 * 60);
    assert_eq!(state(&t, big), JobState::Pending);
    assert_eq!(reason(&t, big), "Resources");
    assert_eq!(
        t.c.job(big)
            .and_then(|j| j.start_time)
            .map(super::super::clock::iso)
            .as_deref(),
        Some("2026-11-30T01:00:00")
    );
    assert_eq!(state(&t, long), JobState::Pending);
    assert_eq!(reason(&t, long), "Priority");
    // ... while one that ends before the reservation starts at once.
    let short = t.submit(
        "root",
        WORK,
        "sbatch --gpus-per-node=8 -t 20 --wrap \"sleep 60\"",
    );
    t.c.advance(31);
    let job = t.c.job(short).map(|j| (j.state, j.sched_by));
    assert_eq!(job, Some((JobState::Running, SchedBy::Backfill)));
    // The big job starts when the hour is over, on time.
    t.c.advance(30 * 60);
    assert_eq!(state(&t, big), JobState::Running);
    assert_eq!(
        t.c.job(big).and_then(|j| j.start_time),
        t.c.job(1).and_then(|j| j.end_time)
    );
    assert_eq!(state(&t, long), JobState::Pending);
}

#[test]
fn pending_reasons_as_slurm_names_them() {
    let mut t = Term::new("2026-11-30T00:00:00");
    let run = t.submit(
        "root",
        WORK,
        "sbatch -N 4 --gpus-per-node=8 -t 60 --wrap \"sleep 3600\"",
    );
    let top = t.submit(
        "root",
        WORK,
        "sbatch --gpus-per-node=8 --qos=high --wrap \"sleep 60\"",
    );
    let low = t.submit("bob", "~", "sbatch --gpus-per-node=4 --wrap \"sleep 60\"");
    let dep = t.submit(
        "root",
        WORK,
        &format!("sbatch --dependency=afterok:{run} --wrap \"sleep 60\""),
    );
    let held = t.submit("alice", "~", "sbatch -H --wrap \"sleep 60\"");
    t.c.advance(1);
    assert_eq!(reason(&t, top), "Resources");
    assert_eq!(reason(&t, low), "Priority");
    assert_eq!(reason(&t, dep), "Dependency");
    assert_eq!(reason(&t, held), "JobHeldUser");
    assert_eq!(t.root(&format!("scontrol hold {low}")).exit, 0);
    assert_eq!(reason(&t, low), "JobHeldAdmin");
    assert_eq!(t.root(&format!("scontrol release {low}")).exit, 0);
    // A job that must run on a drained node, with nothing ahead of it.
    assert_eq!(t.root(&format!("scancel {top} {low}")).exit, 0);
    assert_eq!(
        t.root("scontrol update NodeName=node-2 State=DRAIN Reason=fan")
            .exit,
        0
    );
    let pinned = t.submit(
        "root",
        WORK,
        "sbatch -w node-2 --qos=high --wrap \"sleep 60\"",
    );
    t.c.advance(1);
    assert_eq!(
        reason(&t, pinned),
        "ReqNodeNotAvail, UnavailableNodes:node-2"
    );
    // Everything drained: the partition has no node left.
    assert_eq!(
        t.root("scontrol update NodeName=node-[1-4] State=DRAIN Reason=maintenance")
            .exit,
        0
    );
    let debug = t.submit("root", WORK, "sbatch -p debug --wrap \"sleep 60\"");
    t.c.advance(1);
    assert_eq!(
        reason(&t, debug),
        "Nodes required for job are DOWN, DRAINED or reserved for jobs in higher priority partitions"
    );
    let squeue = t.root(&format!("squeue -j {debug} -o %R"));
    assert_eq!(
        squeue.text(Stream::Stdout),
        "NODELIST(REASON)\n(Nodes required for job are DOWN, DRAINED or reserved for jobs in higher priority partitions)\n"
    );
}

#[test]
fn partition_limits_pend_when_not_enforced() {
    let mut t = Term::with_conf("EnforcePartLimits=ALL", "EnforcePartLimits=NO");
    let nodes = t.submit("root", WORK, "sbatch -N 5 --wrap hostname");
    let time = t.submit("root", WORK, "sbatch -p debug -t 2:00:00 --wrap hostname");
    t.c.advance(60);
    assert_eq!(reason(&t, nodes), "PartitionNodeLimit");
    assert_eq!(reason(&t, time), "PartitionTimeLimit");
    // Under ALL (the reference) both are refused at submission.
    let mut r = Term::new("2026-11-30T00:00:00");
    let out = r.root("sbatch -N 5 --wrap hostname");
    assert_eq!(
        out.text(Stream::Stderr),
        "sbatch: error: Batch job submission failed: Node count specification invalid\n"
    );
    let out = r.root("sbatch -p debug -t 2:00:00 --wrap hostname");
    assert_eq!(
        out.text(Stream::Stderr),
        "sbatch: error: Batch job submission failed: Requested time limit is invalid (missing or exceeds some limit)\n"
    );
}

/// Under `EnforcePartLimits=ALL` the partition's limits are checked in
/// `_part_access_check`'s order: the nodes asked (named ones count),
/// then nodes outside the partition, then the time limit; and named
/// nodes that are also excluded are an invalid name (`_job_create`).
/// A QOS no one defined: under `AccountingStorageEnforce=associations`
/// (the reference) the job runs with none, as Debian's 22.05.8 ran it;
/// with `qos` enforced it is refused.
#[test]
fn an_unknown_qos_is_refused_only_where_enforced() {
    let mut t = Term::new("2026-11-30T00:00:00");
    let id = t.submit("root", WORK, "sbatch --qos=gold -t 5 --wrap 'sleep 60'");
    t.c.advance(90);
    assert_eq!(state(&t, id), JobState::Completed);
    let out = t.root(&format!("squeue -t all -h -j {id} -o %q|%T"));
    assert_eq!(out.text(Stream::Stdout), "|COMPLETED\n");
    let out = t.root(&format!("sacct -n -P -j {id} -o JobID,QOS"));
    assert_eq!(
        out.text(Stream::Stdout),
        format!("{id}|Unknown\n{id}.batch|\n")
    );
    let mut q = Term::with_conf(
        "AccountingStorageEnforce=associations",
        "AccountingStorageEnforce=associations,qos",
    );
    let out = q.root("sbatch --qos=gold --wrap x");
    assert_eq!(
        (out.text(Stream::Stderr), out.exit),
        (
            "sbatch: error: Batch job submission failed: Invalid qos specification\n".to_owned(),
            1
        )
    );
}

#[test]
fn partition_limits_refuse_in_slurms_order() {
    let mut t = Term::new("2026-11-30T00:00:00");
    for (line, message) in [
        (
            "sbatch -N 5 -t 8-0 --wrap hostname",
            "Node count specification invalid",
        ),
        (
            "sbatch -p debug -w node-[1-2] --wrap hostname",
            "Node count specification invalid",
        ),
        (
            "sbatch -p debug -w node-2 -t 2:00:00 --wrap hostname",
            "Requested nodes not in this partition",
        ),
        (
            "sbatch -w node-2 -x node-[2-3] --wrap hostname",
            "Invalid node name specified",
        ),
    ] {
        assert_eq!(
            t.root(line).text(Stream::Stderr),
            format!("sbatch: error: Batch job submission failed: {message}\n"),
            "{line}"
        );
    }
    // More tasks than the partition has CPUs is accepted (03_sbatch_impossible_gpus16).
    assert_eq!(t.root("sbatch -n 300 --wrap hostname").exit, 0);
}

#[test]
fn jobs_end_completed_failed_timeout_or_cancelled() {
    let mut t = Term::new("2026-11-30T00:00:00");
    let ok = t.submit("root", WORK, "sbatch --wrap \"sleep 30\"");
    let bad = t.submit("root", WORK, "sbatch --wrap \"sleep 10; false\"");
    let slow = t.submit("root", WORK, "sbatch -t 1 --wrap \"python train.py\"");
    let hint = t.submit(
        "root",
        WORK,
        "sbatch -t 5 --wrap \"# sim: runtime=2m exit=7\"",
    );
    let gone = t.submit("root", WORK, "sbatch --wrap \"sleep 600\"");
    t.c.advance(5);
    assert_eq!(t.root(&format!("scancel {gone}")).exit, 0);
    t.c.advance(200);
    let ended = |id: u32| t.c.job(id).map(|j| (j.state, j.exit.0));
    assert_eq!(ended(ok), Some((JobState::Completed, 0)));
    assert_eq!(ended(bad), Some((JobState::Failed, 1)));
    assert_eq!(ended(slow), Some((JobState::Timeout, 0)));
    assert_eq!(ended(hint), Some((JobState::Failed, 7)));
    assert_eq!(ended(gone), Some((JobState::Cancelled, 0)));
    let run = |id: u32| t.c.job(id).and_then(|j| Some(j.end_time? - j.start_time?));
    assert_eq!(
        (run(ok), run(slow), run(hint)),
        (Some(30), Some(60), Some(120))
    );
    // squeue -t shows them while the controller remembers them, sorted
    // by the state's short name (CA < CD < F < TO).
    let out = t.root("squeue -t all -h -o \"%i %t %r\"");
    let text = out.text(Stream::Stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], format!("{gone} CA None"));
    assert_eq!(lines[1], format!("{ok} CD None"));
    assert!(
        lines[2..4].contains(&format!("{bad} F NonZeroExitCode").as_str()),
        "{text}"
    );
    assert!(
        lines[2..4].contains(&format!("{hint} F NonZeroExitCode").as_str()),
        "{text}"
    );
    assert_eq!(lines[4], format!("{slow} TO TimeLimit"));
    // MinJobAge later they are gone from squeue and scontrol.
    t.c.advance(400);
    assert_eq!(t.root("squeue -t all -h").text(Stream::Stdout), "");
    let out = t.root(&format!("scontrol show job {ok}"));
    assert_eq!(
        out.text(Stream::Stderr),
        "slurm_load_jobs error: Invalid job id specified\n"
    );
}

#[test]
fn output_files_get_lines_and_banners() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let id = t.submit(
        "root",
        WORK,
        "sbatch -N 2 -t 1 --wrap \"srun hostname; echo done; srun python x.py\"",
    );
    t.c.advance(1);
    let path = format!("{WORK}/slurm-{id}.out");
    let writes = t.c.drain_file_writes();
    assert!(writes.first().is_some_and(|w| w.path == path && w.truncate));
    let text: String = writes.iter().map(|w| w.text.as_str()).collect();
    assert_eq!(text, "node-1\nnode-2\ndone\n");
    t.c.advance(60);
    let text: String =
        t.c.drain_file_writes()
            .iter()
            .map(|w| w.text.clone())
            .collect();
    assert_eq!(
        text,
        // The reference test cluster runs four slurmd on one host, so
        // slurmstepd names its node.
        format!(
            "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.\n\
             slurmstepd-node-1: error: *** JOB {id} ON node-1 CANCELLED AT 2026-11-30T03:01:00 DUE TO TIME LIMIT ***\n\
             slurmstepd-node-1: error: *** STEP {id}.1 ON node-1 CANCELLED AT 2026-11-30T03:01:00 DUE TO TIME LIMIT ***\n"
        )
    );
}

#[test]
fn requeue_and_node_failure() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let a = t.submit("root", WORK, "sbatch -N 1 -w node-2 --wrap \"sleep 3600\"");
    let b = t.submit(
        "root",
        WORK,
        "sbatch -N 1 -w node-2 --no-requeue --wrap \"sleep 3600\"",
    );
    t.c.advance(1);
    assert_eq!(
        (state(&t, a), state(&t, b)),
        (JobState::Running, JobState::Running)
    );
    let out = t.root("scontrol update NodeName=node-2 State=DOWN Reason=\"gpu fell off the bus\"");
    assert_eq!((out.exit, out.transcript()), (0, String::new()));
    // The requeueable job comes back; the other one failed.
    assert_eq!(state(&t, a), JobState::Pending);
    assert_eq!(
        t.c.job(a).map(|j| (j.restarts, j.reason)),
        Some((1, Reason::BeginTime))
    );
    assert_eq!(state(&t, b), JobState::NodeFail);
    let sinfo = t.root("sinfo -R");
    assert_eq!(
        sinfo.text(Stream::Stdout),
        "REASON               USER      TIMESTAMP           NODELIST\ngpu fell off the bus root      2026-11-30T03:00:01 node-2\n"
    );
    let sacct = t.root(&format!("sacct -j {a} -X -D -o JobID,State"));
    assert_eq!(
        sacct.text(Stream::Stdout),
        format!("JobID             State \n------------ ---------- \n{a:<12}  NODE_FAIL \n")
    );
    // Back after resume and the 121-second hold-off.
    assert_eq!(
        t.root("scontrol update NodeName=node-2 State=RESUME").exit,
        0
    );
    t.c.advance(125);
    assert_eq!(state(&t, a), JobState::Running);
    // Requeue by hand, then it runs again.
    assert_eq!(t.root(&format!("scontrol requeue {a}")).exit, 0);
    assert_eq!(t.c.job(a).map(|j| j.restarts), Some(2));
    let out = t.root(&format!("scontrol requeue {a}"));
    assert_eq!(
        out.text(Stream::Stderr),
        format!("Job is pending execution for job {a}\n")
    );
}

#[test]
fn arrays_split_tasks_and_respect_their_limit() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let id = t.submit(
        "root",
        WORK,
        "sbatch --array=0-3%2 --gpus-per-node=1 --wrap \"sleep 100\"",
    );
    t.c.advance(1);
    let out = t.root("squeue -h -o \"%i %A %t %r\"");
    assert_eq!(
        out.text(Stream::Stdout),
        format!(
            "{id}_[2-3%2] {id} PD JobArrayTaskLimit\n{id}_0 {} R None\n{id}_1 {} R None\n",
            id + 1,
            id + 2
        )
    );
    t.c.advance(100);
    t.c.advance(100);
    // The last task keeps the array's own id.
    let out = t.root("squeue -h -t all -o \"%i %A %t\"");
    assert!(
        out.text(Stream::Stdout)
            .contains(&format!("{id}_3 {id} CD")),
        "{}",
        out.transcript()
    );
    let out = t.root(&format!("sacct -j {id} -X -n -o JobID"));
    let want: String = (0..4)
        .map(|task| format!("{:<12} \n", format!("{id}_{task}")))
        .collect();
    assert_eq!(out.text(Stream::Stdout), want);
}

#[test]
fn dependencies_release_or_never_will() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let first = t.submit("root", WORK, "sbatch --wrap \"sleep 10\"");
    let ok = t.submit(
        "root",
        WORK,
        &format!("sbatch --dependency=afterok:{first} --wrap \"sleep 10\""),
    );
    let failing = t.submit("root", WORK, "sbatch --wrap \"exit 1\"");
    let never = t.submit(
        "root",
        WORK,
        &format!("sbatch --dependency=afterok:{failing} --wrap \"sleep 10\""),
    );
    let any = t.submit(
        "root",
        WORK,
        &format!("sbatch --dependency=afterany:{failing} --wrap \"sleep 10\""),
    );
    t.c.advance(1);
    assert_eq!(reason(&t, ok), "Dependency");
    t.c.advance(12);
    assert_eq!(state(&t, ok), JobState::Running);
    assert_eq!(state(&t, any), JobState::Completed);
    assert_eq!(reason(&t, never), "DependencyNeverSatisfied");
    let out = t.root(&format!("squeue -j {never} -h -o \"%E\""));
    assert_eq!(
        out.text(Stream::Stdout),
        format!("afterok:{failing}(failed)\n")
    );
    // A job no record holds is taken for one long gone: the job waits on
    // nothing (Debian's 22.05.8 ran it). Bad syntax is still refused.
    let gone = t.submit("root", "~", "sbatch --dependency=afterok:999 --wrap x");
    let out = t.root(&format!("squeue -j {gone} -h -o \"%E\""));
    assert_eq!(out.text(Stream::Stdout), "(null)\n");
    let out = t.root("sbatch --dependency=afterok:x --wrap x");
    assert_eq!(
        out.text(Stream::Stderr),
        "sbatch: error: Batch job submission failed: Job dependency problem\n"
    );
}

#[test]
fn singleton_runs_one_job_of_a_name_at_a_time() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let segment = "sbatch -J train-llm --dependency=singleton --wrap \"sleep 100\"";
    let ids: Vec<u32> = (0..3).map(|_| t.submit("alice", "~", segment)).collect();
    // Another name, or another user's job of the same name, runs at once.
    let other = t.submit(
        "alice",
        "~",
        "sbatch -J eval --dependency=singleton --wrap true",
    );
    let bobs = t.submit("bob", "~", segment);
    t.c.advance(1);
    assert_eq!(state(&t, ids[0]), JobState::Running);
    assert_eq!(state(&t, other), JobState::Completed);
    assert_eq!(state(&t, bobs), JobState::Running);
    let out = t.root(&format!(
        "squeue -j {},{} -h -o \"%i %E %r\"",
        ids[1], ids[2]
    ));
    assert_eq!(
        out.text(Stream::Stdout),
        format!(
            "{} singleton(unfulfilled) Dependency\n{} singleton(unfulfilled) Dependency\n",
            ids[1], ids[2]
        )
    );
    t.c.advance(101);
    assert_eq!(state(&t, ids[1]), JobState::Running);
    assert_eq!(state(&t, ids[2]), JobState::Pending);
    // Cancelling the running one lets the next start.
    t.root(&format!("scancel {}", ids[1]));
    t.c.advance(1);
    assert_eq!(state(&t, ids[2]), JobState::Running);
}

#[test]
fn ids_alone_mean_afterany_and_met_terms_are_not_shown() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let short = t.submit("root", WORK, "sbatch --wrap \"sleep 10\"");
    let long = t.submit("root", WORK, "sbatch --wrap \"sleep 100\"");
    let after = t.submit(
        "root",
        WORK,
        &format!("sbatch --dependency={short}:{long} --wrap true"),
    );
    t.c.advance(20);
    let out = t.root(&format!("squeue -j {after} -h -o \"%E\""));
    assert_eq!(
        out.text(Stream::Stdout),
        format!("afterany:{long}(unfulfilled)\n")
    );
    t.c.advance(100);
    assert_eq!(state(&t, after), JobState::Completed);
}

#[test]
fn usage_is_charged_in_cpu_seconds_and_shifts_fair_share() {
    let mut t = Term::new("2026-11-30T03:00:00");
    t.submit("bob", "~", "sbatch -n 8 --wrap \"sleep 100\"");
    t.c.advance(300);
    let out = t.run_as("bob", "~", "sshare -P -o x");
    assert_eq!(out.exit, 1);
    let out = t.run_as("bob", "~", "sshare -P");
    let bob = out.text(Stream::Stdout);
    let line = bob
        .lines()
        .find(|l| l.contains("|bob|"))
        .unwrap_or_default();
    // 8 CPUs for 100 s, decayed over minutes of a 7-day half-life.
    assert!(line.starts_with("  team-b|bob|1|1.000000|799|"), "{bob}");
    // bob now ranks below alice and root.
    let f = t.c.accounts().fair_share_factors();
    let of = |a: &str, u: &str| f.get(a).and_then(|m| m.get(u)).copied().unwrap_or(0.0);
    assert!(of("team-b", "bob") < of("team-a", "alice"));
}

#[test]
fn srun_runs_now_or_waits_then_runs() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let out = t.root("srun -N 2 -l hostname");
    assert_eq!(
        (out.transcript(), out.exit),
        ("0: node-1\n1: node-2\n".to_owned(), 0)
    );
    let out = t.root("srun nosuchcommand");
    assert_eq!(
        out.transcript(),
        "slurmstepd-node-1: error: execve(): nosuchcommand: No such file or directory\nsrun: error: node-1: task 0: Exited with exit code 2\n"
    );
    assert_eq!(out.exit, 2);
    t.submit(
        "root",
        WORK,
        "sbatch -N 4 --gpus-per-node=8 -t 10 --wrap \"sleep 300\"",
    );
    t.c.advance(1);
    let before = t.c.now();
    let out = t.root("srun --gpus-per-node=8 hostname");
    assert_eq!(out.exit, 0, "{}", out.transcript());
    assert!(
        out.transcript().starts_with("srun: job "),
        "{}",
        out.transcript()
    );
    assert!(
        out.transcript()
            .ends_with("has been allocated resources\nnode-1\n"),
        "{}",
        out.transcript()
    );
    assert!(t.c.now() - before >= 299);
    let out = t.root("srun --gpus=40 hostname");
    assert_eq!(
        out.text(Stream::Stderr),
        "srun: error: Unable to allocate resources: Requested node configuration is not available\n"
    );
}

#[test]
fn test_only_tells_when_a_job_would_start() {
    let mut t = Term::new("2026-11-30T03:00:00");
    t.submit(
        "root",
        WORK,
        "sbatch -N 4 --gpus-per-node=8 -t 30 --wrap \"sleep 3600\"",
    );
    t.c.advance(1);
    let next = t.c.next_job_id();
    let out = t.root("sbatch --test-only --gpus-per-node=8 --wrap hostname");
    assert_eq!(
        out.text(Stream::Stderr),
        format!(
            "sbatch: Job {next} to start at 2026-11-30T03:30:00 using 1 processors on nodes node-1 in partition gpu\n"
        )
    );
    // slurmctld made the record and dropped it: its id is spent, as on
    // Debian's 22.05.8, whether the job would run or not.
    assert_eq!(t.c.next_job_id(), next + 1);
    let out = t.root("sbatch --test-only -c 65 --wrap hostname");
    assert_eq!(
        (out.text(Stream::Stderr), out.exit),
        (
            "allocation failure: Requested node configuration is not available\n".to_owned(),
            1
        )
    );
    let out = t.root("sbatch --test-only -p bogus --wrap hostname");
    assert_eq!(
        out.text(Stream::Stderr),
        "sbatch: error: invalid partition specified: bogus\n\
         allocation failure: Invalid partition name specified\n"
    );
    assert_eq!(t.c.next_job_id(), next + 2);
}

/// A request refused once slurmctld had made its record spends its id;
/// one no node could hold stays a FAILED job, as 03_sbatch_impossible's
/// four refusals are jobs 20-23 of 60_sacct.
#[test]
fn refusals_after_the_record_spend_an_id() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let first = t.c.next_job_id();
    for line in [
        "sbatch -J big -c 65 --wrap hostname",
        "sbatch --dependency=afterok:x --wrap hostname",
        "sbatch -C nofeature --wrap hostname",
        "sbatch -p bogus --wrap hostname",
        "srun --gres=gpu:9 hostname",
    ] {
        assert_eq!(t.root(line).exit, 1, "{line}");
    }
    assert_eq!(t.c.next_job_id(), first + 4);
    assert_eq!(state(&t, first), JobState::Failed);
    assert_eq!(reason(&t, first), "BadConstraints");
    let out = t.root("squeue -h -t all -S i -o %i|%j|%t|%D|%C|%R");
    assert_eq!(
        out.text(Stream::Stdout),
        format!(
            "{first}|big|F|1|65|(BadConstraints)\n{}|hostname|F|1|1|(BadConstraints)\n",
            first + 3
        )
    );
    assert_eq!(t.root("squeue -h").text(Stream::Stdout), "");
    let out = t.root("sacct -n -X -o JobID,AllocCPUS,State,ExitCode,NodeList,Reason");
    assert_eq!(
        out.text(Stream::Stdout),
        format!(
            "{first:<12}         65     FAILED      1:0   None assigned                   None \n\
             {:<12}          1     FAILED      1:0   None assigned                   None \n",
            first + 3
        )
    );
    let show = t.root(&format!("scontrol show job {first}"));
    let text = show.text(Stream::Stdout);
    assert!(
        text.contains("JobState=FAILED Reason=BadConstraints"),
        "{text}"
    );
    assert!(text.contains("ExitCode=0:1"), "{text}");
    // Gone from squeue after MinJobAge, kept in the accounting.
    t.c.advance(400);
    assert_eq!(t.root("squeue -h -t all").text(Stream::Stdout), "");
    assert_eq!(
        t.root("sacct -n -X -o JobID")
            .text(Stream::Stdout)
            .lines()
            .count(),
        2
    );
}

#[test]
fn the_priority_pass_keeps_a_phase_of_its_own() {
    let iso = |t: &str| super::super::clock::parse_iso(t).unwrap_or(0);
    let mut t = Term::new("2026-11-30T03:31:00");
    t.c.restart_timers(iso("2026-11-30T03:24:39"));
    t.c.restart_decay_timer(iso("2026-11-30T03:24:30"));
    assert_eq!(
        (t.c.timers.next_calc, t.c.timers.next_backfill),
        (iso("2026-11-30T03:31:30"), iso("2026-11-30T03:31:09"))
    );
    t.at("2026-11-30T03:31:45");
    assert_eq!(
        (t.c.timers.last_calc, t.c.timers.next_calc),
        (iso("2026-11-30T03:31:30"), iso("2026-11-30T03:32:30"))
    );
    assert_eq!(t.c.timers.next_backfill, iso("2026-11-30T03:32:09"));
}
