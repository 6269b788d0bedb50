//! The reference transcripts replayed on the reference cluster, compared
//! byte for byte with stream and exit status. Where the transcripts hold
//! state this model cannot reconstruct, the test sets it and says so:
//! node readings (`CPULoad`, `FreeMem`, boot times, the kernel line),
//! `AllocNode:Sid` numbers, and the usage behind `sshare`'s six decimals.

use super::super::clock::parse_iso;
use super::super::*;
use super::Term;
use super::transcripts::{Block, blocks};

/// Runs a transcript block at its time and compares everything.
fn check(t: &mut Term, b: &Block) {
    t.at(b.time);
    let out = t.run_as(b.user, b.cwd, b.command);
    assert_eq!(out.transcript(), b.output, "{} `{}`", b.file, b.command);
    assert_eq!(out.exit, b.exit, "{} `{}` exit", b.file, b.command);
    match b.stream {
        "out" => assert_eq!(
            out.text(Stream::Stderr),
            "",
            "{} `{}` stderr",
            b.file,
            b.command
        ),
        "err" => assert_eq!(
            out.text(Stream::Stdout),
            "",
            "{} `{}` stdout",
            b.file,
            b.command
        ),
        _ => {}
    }
}

/// The `cat FILE` blocks of a transcript as files in the work directory.
fn cat_files(t: &mut Term, file: &str) {
    for b in blocks(file) {
        if let Some(name) = b.command.strip_prefix("cat ") {
            t.file(&format!("{}/{name}", b.cwd), b.output);
        }
    }
}

/// What the transcripts' node-3 reads when idle: values of the real
/// machine the model does not derive.
fn idle_node_3(t: &mut Term) {
    let at = |s: &str| parse_iso(s).unwrap_or(0);
    if let Some(n) = t.c.node_mut("node-3") {
        n.base_load_centi = 163;
        n.base_free_mem_mb = 19_604;
        n.boot_time = at("2026-11-30T03:17:56");
        n.slurmd_start_time = at("2026-11-30T03:25:27");
        n.last_busy = at("2026-11-30T03:25:27");
        n.os = "Linux 6.18.44-fc-v669 #1 SMP PREEMPT_DYNAMIC @0 ".to_owned();
    }
}

#[test]
fn a_fresh_cluster_prints_what_slurm_printed() {
    let mut t = Term::new("2026-11-30T03:27:10");
    idle_node_3(&mut t);
    for file in [
        "01_sinfo",
        "01_sinfo_R",
        "02_squeue_empty",
        "04_scontrol_show_node_node-3_idle",
        "04_scontrol_show_partition",
        "80_scontrol_frobnicate",
        "80_squeue_bogus",
    ] {
        for b in blocks(file) {
            check(&mut t, b);
        }
    }
}

#[test]
fn sbatch_refuses_as_slurm_refused() {
    let mut t = Term::new("2026-11-30T03:30:19");
    // The transcripts had run 23 jobs before these.
    t.c.set_next_job_id(24);
    for file in [
        "03_sbatch_script_file",
        "03_sbatch_impossible_gpus16",
        "03_sbatch_bad_time",
        "03_sbatch_bad_partition",
        "03_sbatch_missing_file",
        "03_sbatch_no_shebang",
    ] {
        cat_files(&mut t, file);
        for b in blocks(file)
            .into_iter()
            .filter(|b| !b.command.starts_with("cat "))
        {
            check(&mut t, b);
        }
    }
}

#[test]
fn several_users_running_jobs() {
    // 11_squeue_multiuser_running: alice's job 4 started at 03:27:41; at
    // 03:27:44 bob's two-node job and root's four more start. Root's
    // earlier srun jobs 1-3 gave team-a's root some usage, which orders
    // the users bob, alice, root by fair share.
    let mut t = Term::new("2026-11-30T03:27:40");
    t.c.set_next_job_id(4);
    if let Some(i) = t.c.accounts.tree.find(&crate::sim::fair_share::AssocId {
        account: "team-a".into(),
        user: Some("root".into()),
    }) {
        let _ = t.c.accounts.tree.set_own_usage(i, 30.0);
    }
    t.at("2026-11-30T03:27:41");
    t.submit(
        "alice",
        "~",
        "sbatch -J prep-data --gpus-per-node=1 --wrap \"sleep 30\"",
    );
    t.at("2026-11-30T03:27:44");
    t.submit(
        "bob",
        "~",
        "sbatch -J bench-b -N 2 --gpus-per-node=8 --wrap \"sleep 20\"",
    );
    t.submit(
        "root",
        "/srv/cluster/work",
        "sbatch -J quick-ok --gpus-per-node=8 --wrap \"sleep 5\"",
    );
    t.submit(
        "root",
        "/srv/cluster/work",
        "sbatch -J will-fail --wrap \"sleep 2; exit 3\"",
    );
    t.submit(
        "root",
        "/srv/cluster/work",
        "sbatch -J timeout-job -t 1 --wrap \"sleep 600\"",
    );
    t.submit(
        "root",
        "/srv/cluster/work",
        "sbatch -J to-cancel --wrap \"sleep 600\"",
    );
    t.c.advance(0);
    for b in blocks("11_squeue_multiuser_running") {
        check(&mut t, b);
    }
}

/// The queue of 03:31-03:32: jobs 30-38 on a cluster whose earlier jobs
/// left team-a's root 185, alice 87 and bob 201 CPU-seconds of usage
/// (34_sshare.txt), which ranks them 0.5, 0.75 and 0.25.
fn queue_scenario() -> Term {
    let mut t = Term::new("2026-11-30T03:31:00");
    // The controller's passes ran at :09 and :39 (backfill) and :39
    // (priorities, full scheduling) of each minute.
    t.c.restart_timers(parse_iso("2026-11-30T03:24:39").unwrap_or(0));
    t.c.set_next_job_id(30);
    for (account, user, usage) in [
        ("team-a", "root", 185.0),
        ("team-a", "alice", 87.0),
        ("team-b", "bob", 201.0),
    ] {
        let id = crate::sim::fair_share::AssocId {
            account: account.into(),
            user: Some(user.into()),
        };
        if let Some(i) = t.c.accounts.tree.find(&id) {
            let _ = t.c.accounts.tree.set_own_usage(i, usage);
        }
    }
    cat_files(&mut t, "03_sbatch_script_file");
    let work = "/srv/cluster/work";
    t.at("2026-11-30T03:31:03");
    assert_eq!(t.submit("root", work, "sbatch train.sh"), 30);
    assert_eq!(
        t.submit("alice", "~", "sbatch -J finetune -N 2 --gpus-per-node=8 -t 2:00:00 --wrap \"srun hostname; sleep 7200\""),
        31
    );
    t.at("2026-11-30T03:31:04");
    assert_eq!(t.submit("root", work, "sbatch train.sh"), 32);
    t.at("2026-11-30T03:31:14");
    t.submit(
        "bob",
        "~",
        "sbatch -J eval-b --gpus-per-node=4 --wrap \"sleep 600\"",
    );
    t.submit(
        "root",
        work,
        "sbatch -J urgent --qos=high --gpus-per-node=8 -t 45 --wrap \"sleep 600\"",
    );
    t.submit(
        "root",
        work,
        "sbatch -J cpu-debug -p debug -n 4 -t 20 --wrap \"sleep 900\"",
    );
    t.submit(
        "alice",
        "~",
        "sbatch -J held-job -H --gpus-per-node=2 --wrap \"sleep 60\"",
    );
    t.submit(
        "root",
        work,
        "sbatch -J postproc --dependency=afterok:30 --gpus-per-node=1 -t 10 --wrap \"sleep 60\"",
    );
    assert_eq!(
        t.submit(
            "root",
            work,
            "sbatch -J sweep --array=0-3%2 --gpus-per-node=2 --wrap \"sleep 120\""
        ),
        38
    );
    // The session ids of the transcripts' submissions.
    for (id, sid) in [
        (30, 25966),
        (32, 26146),
        (34, 26547),
        (35, 26590),
        (36, 26633),
        (37, 26677),
    ] {
        if let Some(job) = t.c.jobs.get_mut(&id) {
            job.alloc_sid = sid;
        }
    }
    t
}

#[test]
fn the_queue_at_03_32() {
    let mut t = queue_scenario();
    for file in ["32_squeue", "32_squeue_me", "33_sprio"] {
        for b in blocks(file) {
            check(&mut t, b);
        }
    }
    // Within a second of each other: the pending jobs first (by time).
    let mut shows: Vec<&Block> = blocks("36_scontrol_show_job_pending");
    shows.extend(blocks("36_scontrol_show_job_running"));
    shows.sort_by_key(|b| b.time);
    for b in shows {
        check(&mut t, b);
    }
}

#[test]
fn draining_requeueing_and_resuming_node_3() {
    let mut t = queue_scenario();
    t.at("2026-11-30T03:32:24");
    if let Some(n) = t.c.node_mut("node-3") {
        // The readings of the transcript's node-3 with job 30 on it.
        n.base_load_centi = 44;
        n.base_free_mem_mb = 23_951;
        n.boot_time = parse_iso("2026-11-30T03:17:56").unwrap_or(0);
        n.slurmd_start_time = parse_iso("2026-11-30T03:25:27").unwrap_or(0);
        n.last_busy = parse_iso("2026-11-30T03:29:54").unwrap_or(0);
        n.os = "Linux 6.18.44-fc-v669 #1 SMP PREEMPT_DYNAMIC @0 ".to_owned();
    }
    for b in blocks("40_scontrol_drain_node-3") {
        check(&mut t, b);
    }
    // The requeue, and the job as it is then.
    let requeue = blocks("41_scontrol_requeue");
    for i in [0, 2] {
        check(&mut t, requeue[i]);
    }
    // Slurm gave node-4 (freed by job 30) to bob's job 33 in that second;
    // this model's main scheduler gives it to job 34, the highest
    // priority. The queue differs from here, the nodes do not.
    check(&mut t, requeue[4]);
    let resume = blocks("43_scontrol_resume_node-3");
    for i in [0, 1, 2, 4] {
        check(&mut t, resume[i]);
    }
}

#[test]
fn sshare_as_root_alice_and_bob() {
    // The usage is set from the transcript itself: its six decimals depend
    // on the exact usage at the real controller's last decay pass.
    let mut t = Term::new("2026-11-30T03:32:10");
    let total = 475.5;
    let team_a = 0.575_644 * total;
    let root_in_a = 0.678_823 * team_a;
    for (account, user, usage) in [
        ("team-a", "root", root_in_a),
        ("team-a", "alice", team_a - root_in_a),
        ("team-b", "bob", total - team_a),
    ] {
        let id = crate::sim::fair_share::AssocId {
            account: account.into(),
            user: Some(user.into()),
        };
        if let Some(i) = t.c.accounts.tree.find(&id) {
            let _ = t.c.accounts.tree.set_own_usage(i, usage);
        }
    }
    for b in blocks("34_sshare") {
        check(&mut t, b);
    }
}

#[test]
fn sacct_lines_of_the_first_jobs() {
    // Jobs 1-9 of 60_sacct.txt: srun jobs with a `.0` step, batch jobs
    // with `.batch`, and the four endings of 11_squeue_multiuser_running.
    struct Bash;
    impl ProgramRunner for Bash {
        fn run(&mut self, launch: &Launch<'_>) -> Option<ProgramOutput> {
            (launch.argv.first().map(String::as_str) == Some("bash")).then(|| ProgramOutput {
                duration_s: Some(2),
                ..ProgramOutput::default()
            })
        }
    }
    let mut t = Term::new("2026-11-30T03:27:10");
    let work = "/srv/cluster/work";
    let srun = |t: &mut Term, line: &str| {
        let argv = super::super::script::words(line);
        let no_files = |_: &str| None;
        let mut bash = Bash;
        let mut caller = Caller {
            user: "root",
            cwd: work,
            files: &no_files,
            programs: &mut bash,
        };
        let out = t.c.exec_as(&argv, "", &mut caller);
        assert_eq!(out.exit, 0, "{line}: {}", out.transcript());
    };
    srun(&mut t, "srun -N 2 hostname");
    srun(&mut t, "srun -N 2 bash");
    srun(&mut t, "srun -N 2 hostname");
    t.at("2026-11-30T03:27:41");
    t.submit(
        "alice",
        "~",
        "sbatch -J prep-data --gpus-per-node=1 --wrap \"sleep 30\"",
    );
    t.at("2026-11-30T03:27:44");
    t.submit(
        "bob",
        "~",
        "sbatch -J bench-b -N 2 --gpus-per-node=8 --wrap \"sleep 20\"",
    );
    t.submit(
        "root",
        work,
        "sbatch -J quick-ok --gpus-per-node=8 --wrap \"sleep 5\"",
    );
    t.submit(
        "root",
        work,
        "sbatch -J will-fail --wrap \"sleep 2; exit 3\"",
    );
    t.submit(
        "root",
        work,
        "sbatch -J timeout-job -t 1 --wrap \"sleep 600\"",
    );
    let cancel = t.submit("root", work, "sbatch -J to-cancel --wrap \"sleep 600\"");
    t.at("2026-11-30T03:28:00");
    assert_eq!(t.root(&format!("scancel {cancel}")).exit, 0);
    t.at("2026-11-30T03:33:17");
    let out = t.root("sacct");
    let want = blocks("60_sacct")[0].output;
    // Header, dashes and jobs 1 to 9: the first 20 lines.
    let expected: Vec<&str> = want.lines().take(20).collect();
    let text = out.text(Stream::Stdout);
    let got: Vec<&str> = text.lines().collect();
    assert_eq!(got, expected, "{}", out.transcript());
}
