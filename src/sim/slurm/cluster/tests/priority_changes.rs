//! A waiting job's priority changed by hand: set outright (`scontrol
//! update Priority=`, `--priority`), or through what its factors rest on
//! (`Partition=`, `Account=`, `QOS=`), as `_update_job` and
//! `validate_job_create_req` (job_mgr.c) take them, and what `sprio`,
//! `squeue` and the next calculation make of them.

use super::super::*;
use super::Term;

fn said(t: &mut Term, user: &str, line: &str) -> (String, i32) {
    let out = t.run_as(user, "~", line);
    (out.text(Stream::Stderr), out.exit)
}

/// Each pending job's id, priority and nice, in squeue's order.
fn queue(t: &mut Term) -> String {
    t.root("squeue -h -t PD -o \"%i %Q %y\"")
        .text(Stream::Stdout)
}

/// Three jobs wait behind one that fills the cluster.
fn waiting() -> Term {
    let mut t = Term::new("2026-11-30T00:00:00");
    t.submit("alice", "~", "sbatch -N4 --exclusive --wrap \"sleep 600\"");
    t.submit("alice", "~", "sbatch -N4 --exclusive --wrap \"sleep 60\"");
    t.submit("alice", "~", "sbatch --nice=100 --wrap \"sleep 60\"");
    t.submit("bob", "~", "sbatch --wrap \"sleep 60\"");
    t.c.advance(1);
    t
}

#[test]
fn an_operators_priority_stays_until_a_hold_or_release() {
    let mut t = waiting();
    let before = queue(&mut t);
    assert_eq!(before, "2 13100 0\n4 11226 0\n3 11126 100\n");
    let ok = (String::new(), 0);
    assert_eq!(
        said(&mut t, "root", "scontrol update JobId=3 Priority=50000"),
        ok
    );
    // The nice goes, and a nice asked for afterwards is dropped.
    assert_eq!(said(&mut t, "root", "scontrol update JobId=3 Nice=500"), ok);
    assert_eq!(queue(&mut t), "3 50000 0\n2 13100 0\n4 11226 0\n");
    // No factor shows for it, and the next calculation keeps it.
    let sprio = t.root("sprio -j 3").text(Stream::Stdout);
    let row = sprio.lines().nth(1).unwrap_or_default();
    assert_eq!(
        row.split_whitespace().collect::<Vec<_>>(),
        ["3", "gpu", "50000", "0", "0", "0", "0", "0", "0"],
        "{sprio}"
    );
    t.c.advance(300);
    assert!(
        queue(&mut t).starts_with("3 50000 0\n"),
        "{}",
        queue(&mut t)
    );
    // INFINITE gives the calculation its job back.
    assert_eq!(
        said(
            &mut t,
            "root",
            "scontrol update JobId=3 Priority=4294967295"
        ),
        ok
    );
    assert!(!queue(&mut t).contains("50000"), "{}", queue(&mut t));
    // 0 is an operator's hold; only INFINITE (or release) lifts it.
    assert_eq!(
        said(&mut t, "root", "scontrol update JobId=4 Priority=0"),
        ok
    );
    let shown = t.root("scontrol show job 4").text(Stream::Stdout);
    assert!(shown.contains("Reason=JobHeldAdmin"), "{shown}");
    assert_eq!(
        said(&mut t, "root", "scontrol update JobId=4 Priority=7"),
        (
            "Job is in held state, pending scheduler release for job 4\n".to_owned(),
            1
        )
    );
    assert_eq!(
        said(&mut t, "bob", "scontrol update JobId=4 Priority=4294967295"),
        ("Access/permission denied for job 4\n".to_owned(), 1)
    );
    assert_eq!(
        said(&mut t, "root", "scontrol update JobId=4 Priority=x"),
        ("scontrol: error: Invalid Priority value: x\n".to_owned(), 1)
    );
}

#[test]
fn a_user_may_only_lower_a_priority_and_it_does_not_last() {
    let mut t = waiting();
    assert_eq!(
        said(&mut t, "bob", "scontrol update JobId=4 Priority=99999"),
        ("Access/permission denied for job 4\n".to_owned(), 1)
    );
    // Lowering is refused as not lasting, and the nice goes with it: job
    // 3 ends up higher than before, as slurmctld leaves it.
    assert_eq!(
        said(&mut t, "alice", "scontrol update JobId=3 Priority=10"),
        (
            "Changes to job priority are not persistent, change nice instead for job 3\n"
                .to_owned(),
            1
        )
    );
    assert_eq!(queue(&mut t), "2 13100 0\n3 11226 0\n4 11226 0\n");
    // 0 is the user's own hold, which they may lift with INFINITE.
    let ok = (String::new(), 0);
    assert_eq!(
        said(&mut t, "bob", "scontrol update JobId=4 Priority=0"),
        ok
    );
    let shown = t.root("scontrol show job 4").text(Stream::Stdout);
    assert!(shown.contains("Reason=JobHeldUser"), "{shown}");
    assert_eq!(
        said(&mut t, "bob", "scontrol update JobId=4 Priority=4294967295"),
        ok
    );
    assert_eq!(queue(&mut t).lines().count(), 3);
}

#[test]
fn submissions_take_priority_from_operators_and_refuse_a_users_negative_nice() {
    let mut t = Term::new("2026-11-30T00:00:00");
    t.submit("alice", "~", "sbatch -N4 --exclusive --wrap \"sleep 600\"");
    t.c.advance(1);
    t.submit("root", "~", "sbatch --priority=777 --wrap \"sleep 60\"");
    t.submit("root", "~", "sbatch --priority=TOP --wrap \"sleep 60\"");
    t.submit("root", "~", "sbatch --priority=888 -H --wrap \"sleep 60\"");
    // A user's is dropped, as `validate_job_create_req` drops it.
    t.submit("alice", "~", "sbatch --priority=999999 --wrap \"sleep 60\"");
    t.submit("root", "~", "sbatch --nice=-10 --wrap \"sleep 60\"");
    t.c.advance(1);
    assert_eq!(
        queue(&mut t),
        "3 4294967293 0\n6 11236 -10\n5 11226 0\n2 777 0\n4 0 0\n"
    );
    let refusals = [
        (
            "sbatch --nice=-1 --wrap \"sleep 1\"",
            "sbatch: error: Batch job submission failed: Invalid --nice value\n",
            1,
        ),
        (
            "srun --nice=-1 hostname",
            "srun: error: Unable to allocate resources: Invalid --nice value\n",
            1,
        ),
        (
            "sbatch --nice=3000000000 --wrap \"sleep 1\"",
            "sbatch: error: Invalid --nice value, out of range (+/- 2147483645)\n",
            255,
        ),
        (
            "sbatch --priority=-5 --wrap \"sleep 1\"",
            "sbatch: error: Priority must be >= 0\n",
            255,
        ),
        (
            "sbatch --priority=4294967294 --wrap \"sleep 1\"",
            "sbatch: error: Priority must be < 4294967294\n",
            255,
        ),
    ];
    for (line, message, exit) in refusals {
        assert_eq!(
            said(&mut t, "alice", line),
            (message.to_owned(), exit),
            "{line}"
        );
    }
}

#[test]
fn a_new_partition_account_or_qos_gives_new_factors() {
    let mut t = waiting();
    let ok = (String::new(), 0);
    let factors = |t: &mut Term| {
        let row = t.root("sprio -h -j 4").text(Stream::Stdout);
        row.split_whitespace().skip(1).collect::<Vec<_>>().join(" ")
    };
    assert_eq!(factors(&mut t), "gpu 11226 0 0 10000 127 1000 100");
    assert_eq!(said(&mut t, "bob", "scontrol update JobId=4 QOS=high"), ok);
    assert_eq!(factors(&mut t), "gpu 12126 0 0 10000 127 1000 1000");
    // A GPU's TRES factor is its share of the partition's GPUs: 2 of 32
    // in gpu, 2 of 8 in debug.
    t.submit("bob", "~", "sbatch --gres=gpu:2 --wrap \"sleep 60\"");
    let tres = |t: &mut Term| {
        let row = t.root("sprio -h -j 5").text(Stream::Stdout);
        row.split_whitespace().last().unwrap_or_default().to_owned()
    };
    assert_eq!(tres(&mut t), "gres/gpu=62");
    assert_eq!(
        said(&mut t, "bob", "scontrol update JobId=5 Partition=debug"),
        ok
    );
    assert_eq!(tres(&mut t), "gres/gpu=250");
    // Back to the defaults: empty names.
    assert_eq!(
        said(
            &mut t,
            "bob",
            "scontrol update JobId=4 Partition=gpu QOS= Account="
        ),
        ok
    );
    assert_eq!(factors(&mut t), "gpu 11226 0 0 10000 127 1000 100");
    // root charges team-a or root: the association decides.
    assert_eq!(
        said(&mut t, "root", "scontrol update JobId=4 Account=root"),
        (
            "Invalid account or account/partition combination specified for job 4\n".to_owned(),
            1
        )
    );
    let refusals = [
        ("JobId=4 QOS=gold", "Invalid qos specification for job 4\n"),
        ("JobId=1 QOS=high", "Invalid user id for job 1\n"),
    ];
    for (pairs, message) in refusals {
        assert_eq!(
            said(&mut t, "bob", &format!("scontrol update {pairs}")),
            (message.to_owned(), 1),
            "{pairs}"
        );
    }
    // A running job keeps its account and QOS: any account is refused,
    // the QOS it has is not.
    assert_eq!(
        said(&mut t, "alice", "scontrol update JobId=1 QOS=normal"),
        ok
    );
    for pairs in ["JobId=1 QOS=high", "JobId=1 Account=team-a"] {
        assert_eq!(
            said(&mut t, "alice", &format!("scontrol update {pairs}")),
            (
                "Job is no longer pending execution for job 1\n".to_owned(),
                1
            ),
            "{pairs}"
        );
    }
}
