//! The recordings of `tests/slurm/` replayed on the reference cluster and
//! compared byte for byte, with stream and exit status. Each recording is
//! replayed in a scene that rebuilds the state it was made in; a recording
//! no scene names is replayed on a fresh cluster. Where the recordings hold
//! state this model cannot reconstruct, the scene sets it and says so:
//! node readings (`CPULoad`, `FreeMem`, boot times, the kernel line),
//! `AllocNode:Sid` numbers, and the usage behind `sshare`'s six decimals.
//! The test prints, per tool, how many commands match exactly, match but
//! for their numbers (job ids, times), or differ.

use std::collections::BTreeMap;
use std::io::Write;

use super::super::clock::parse_iso;
use super::super::*;
use super::Term;
use super::transcripts::{Block, Streams, blocks, recordings};

/// How a replayed command compares with its recording.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Verdict {
    /// Every byte, the streams and the exit status.
    Exact,
    /// The same once every number is read as one (job ids, times, counts)
    /// and runs of spaces as one, with the same exit status.
    NumbersOnly,
    /// Anything else.
    Differs,
}

/// Digits as one `0` and spaces as one, for [`Verdict::NumbersOnly`].
fn numbers_as_one(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let c = if c.is_ascii_digit() { '0' } else { c };
        if (c == '0' || c == ' ') && out.ends_with(c) {
            continue;
        }
        out.push(c);
    }
    out
}

/// Runs a recorded block at its time and compares it; the verdict and
/// what was printed, for a failure's message.
fn run_recorded(t: &mut Term, b: &Block) -> (Verdict, String) {
    t.at(&b.time);
    let out = t.run_as(&b.user, &b.cwd, &b.command);
    let printed = out.transcript();
    let streams_agree = match &b.streams {
        Streams::Stdout => out.text(Stream::Stderr).is_empty(),
        Streams::Stderr => out.text(Stream::Stdout).is_empty(),
        Streams::Mixed(errors) => out.text(Stream::Stderr) == *errors,
    };
    let verdict = if out.exit != b.exit {
        Verdict::Differs
    } else if printed == b.output && streams_agree {
        Verdict::Exact
    } else if numbers_as_one(&printed) == numbers_as_one(&b.output) {
        Verdict::NumbersOnly
    } else {
        Verdict::Differs
    };
    (verdict, format!("{printed}(exit {})", out.exit))
}

/// The `cat FILE` blocks of recordings as the files they show, in their
/// directory: they are the scripts the next commands read.
fn cat_files<'a>(t: &mut Term, recorded: impl IntoIterator<Item = &'a Block>) {
    for b in recorded {
        if let Some(name) = b.command.strip_prefix("cat ") {
            t.file(&format!("{}/{name}", b.cwd), &b.output);
        }
    }
}

/// Node readings of the recordings' node-3 that the model does not
/// derive: its load, free memory and last busy time as given, its boot
/// and kernel as recorded.
fn node_3_reads(t: &mut Term, load_centi: u32, free_mem_mb: u64, last_busy: &str) {
    let at = |s: &str| parse_iso(s).unwrap_or(0);
    if let Some(n) = t.c.node_mut("node-3") {
        n.base_load_centi = load_centi;
        n.base_free_mem_mb = free_mem_mb;
        n.boot_time = at("2026-11-30T03:17:56");
        n.slurmd_start_time = at("2026-11-30T03:25:27");
        n.last_busy = at(last_busy);
        n.os = "Linux 6.18.44-fc-v669 #1 SMP PREEMPT_DYNAMIC @0 ".to_owned();
    }
}

/// Gives an association of the reference accounts its usage.
fn usage(t: &mut Term, account: &str, user: &str, cpu_seconds: f64) {
    let id = crate::sim::fair_share::AssocId {
        account: account.into(),
        user: Some(user.into()),
    };
    if let Some(i) = t.c.accounts.tree.find(&id) {
        let _ = t.c.accounts.tree.set_own_usage(i, cpu_seconds);
    }
}

/// A state some recordings were made in, and how this model's replay of
/// them is known to differ.
struct Scene {
    /// The recordings (file names without `.txt`), replayed in time order.
    files: &'static [&'static str],
    /// The cluster as it was just before them.
    setup: fn() -> Term,
    /// Blocks (file, index) this model prints differently: the test fails
    /// if one of them starts to match, so the list stays true.
    differs: &'static [(&'static str, usize)],
}

/// A fresh cluster, as the first recordings found it.
fn fresh() -> Term {
    let mut t = Term::new("2026-11-30T03:27:10");
    node_3_reads(&mut t, 163, 19_604, "2026-11-30T03:25:27");
    t
}

/// The cluster after 19 jobs: the four refusals of 03_sbatch_impossible
/// take ids 20-23 (60_sacct shows them FAILED), and `-n 300` gets 24.
fn after_19_jobs() -> Term {
    let mut t = Term::new("2026-11-30T03:30:19");
    t.c.set_next_job_id(20);
    t
}

/// The six submissions of 03:27:41-44 in 11_squeue_multiuser_running;
/// the id of the last, `to-cancel`.
fn submissions_of_03_27(t: &mut Term) -> u32 {
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
    [
        "sbatch -J quick-ok --gpus-per-node=8 --wrap \"sleep 5\"",
        "sbatch -J will-fail --wrap \"sleep 2; exit 3\"",
        "sbatch -J timeout-job -t 1 --wrap \"sleep 600\"",
        "sbatch -J to-cancel --wrap \"sleep 600\"",
    ]
    .map(|line| t.submit("root", "/srv/cluster/work", line))[3]
}

/// 11_squeue_multiuser_running: alice's job 4 started at 03:27:41; at
/// 03:27:44 bob's two-node job and root's four more start. Root's earlier
/// srun jobs 1-3 gave team-a's root some usage, which orders the users
/// bob, alice, root by fair share.
fn several_users() -> Term {
    let mut t = Term::new("2026-11-30T03:27:40");
    t.c.set_next_job_id(4);
    usage(&mut t, "team-a", "root", 30.0);
    submissions_of_03_27(&mut t);
    t.c.advance(0);
    t
}

/// The queue of 03:31-03:32: jobs 30-38 on a cluster whose earlier jobs
/// left team-a's root 185, alice 87 and bob 201 CPU-seconds of usage
/// (34_sshare.txt), which ranks them 0.5, 0.75 and 0.25; node-3 reads as
/// it did with job 30 on it.
fn queue_at_03_31() -> Term {
    let mut t = Term::new("2026-11-30T03:31:00");
    // The controller's passes ran at :09 and :39 (backfill) and :39 (full
    // scheduling) of each minute.
    t.c.restart_timers(parse_iso("2026-11-30T03:24:39").unwrap_or(0));
    // The priority pass keeps the phase its thread started with: one in
    // (03:32:24, 03:32:32] turned team-a's growing usage into a lower fair
    // share than team-b's, so bob's job 33 came first when the requeued
    // job 30 freed node-4 (the queue's order at 03:32:24 and 03:32:32 says
    // so; any second in that range replays them).
    t.c.restart_decay_timer(parse_iso("2026-11-30T03:24:30").unwrap_or(0));
    t.c.set_next_job_id(30);
    usage(&mut t, "team-a", "root", 185.0);
    usage(&mut t, "team-a", "alice", 87.0);
    usage(&mut t, "team-b", "bob", 201.0);
    node_3_reads(&mut t, 44, 23_951, "2026-11-30T03:29:54");
    cat_files(&mut t, &blocks("03_sbatch_script_file"));
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
    for line in [
        "sbatch -J urgent -N 1 --qos=high --gpus-per-node=8 -t 45 --wrap \"sleep 600\"",
        "sbatch -J cpu-debug -p debug -n 4 -t 20 --wrap \"sleep 900\"",
    ] {
        t.submit("root", work, line);
    }
    t.submit(
        "alice",
        "~",
        "sbatch -J held-job -N 1 -H --gpus-per-node=2 --wrap \"sleep 60\"",
    );
    t.submit(
        "root",
        work,
        "sbatch -J postproc -N 1 --dependency=afterok:30 --gpus-per-node=1 -t 10 --wrap \"sleep 60\"",
    );
    assert_eq!(
        t.submit(
            "root",
            work,
            "sbatch -J sweep --array=0-3%2 --gpus-per-node=2 --wrap \"sleep 120\""
        ),
        38
    );
    // Jobs 34, 36 and 37 asked for `-N 1`: `scontrol show job` prints
    // their node count as a range while they wait.
    // The session ids of the recordings' submissions.
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

/// The usage behind 34_sshare, set from the recording itself: its six
/// decimals depend on the exact usage at the real controller's last
/// decay pass.
fn sshare_usage() -> Term {
    let mut t = Term::new("2026-11-30T03:32:10");
    let total = 475.5;
    let team_a = 0.575_644 * total;
    let root_in_a = 0.678_823 * team_a;
    usage(&mut t, "team-a", "root", root_in_a);
    usage(&mut t, "team-a", "alice", team_a - root_in_a);
    usage(&mut t, "team-b", "bob", total - team_a);
    t
}

/// Jobs 1-9 of 60_sacct: srun jobs with a `.0` step, batch jobs with
/// `.batch`, and the four endings of 11_squeue_multiuser_running.
fn first_jobs() -> Term {
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
    for line in ["srun -N 2 hostname", "srun -N 2 bash", "srun -N 2 hostname"] {
        let argv = super::super::script::words(line);
        let no_files = |_: &str| None;
        let mut caller = Caller {
            user: "root",
            cwd: work,
            host: "vm",
            files: &no_files,
            env: None,
            programs: &mut Bash,
        };
        let out = t.c.exec_as(&argv, "", &mut caller);
        assert_eq!(out.exit, 0, "{line}: {}", out.transcript());
    }
    let cancel = submissions_of_03_27(&mut t);
    t.at("2026-11-30T03:28:00");
    assert_eq!(t.root(&format!("scancel {cancel}")).exit, 0);
    t
}

/// Every scene. A recording no scene names gets a fresh cluster of its own.
const SCENES: &[Scene] = &[
    Scene {
        files: &[
            "01_sinfo",
            "01_sinfo_R",
            "02_squeue_empty",
            "04_scontrol_show_node_node-3_idle",
            "04_scontrol_show_partition",
            "80_scontrol_frobnicate",
            "80_squeue_bogus",
        ],
        setup: fresh,
        differs: &[],
    },
    Scene {
        files: &[
            "03_sbatch_script_file",
            "03_sbatch_impossible_gpus16",
            "03_sbatch_bad_time",
            "03_sbatch_bad_partition",
            "03_sbatch_missing_file",
            "03_sbatch_no_shebang",
        ],
        setup: after_19_jobs,
        differs: &[],
    },
    Scene {
        files: &["11_squeue_multiuser_running"],
        setup: several_users,
        differs: &[],
    },
    Scene {
        files: &[
            "32_squeue",
            "32_squeue_me",
            "33_sprio",
            "36_scontrol_show_job_pending",
            "36_scontrol_show_job_running",
            "40_scontrol_drain_node-3",
            "41_scontrol_requeue",
            "43_scontrol_resume_node-3",
        ],
        setup: queue_at_03_31,
        // At the resume, 38_0 and 38_1 started on node-4's last 4 GPUs.
        // Slurm 22.05.8 replaying this queue does not start them (four
        // runs on Debian's packages): 34's backfill reservation holds
        // node-4 from job 33's end, and node-3 counts only once it answers.
        // The recording had steps not shared here (no 42_ file; 60_sacct
        // shows job 32 requeued). This model does what the replays did.
        differs: &[
            ("43_scontrol_resume_node-3", 3),
            ("43_scontrol_resume_node-3", 6),
        ],
    },
    Scene {
        files: &["34_sshare"],
        setup: sshare_usage,
        differs: &[],
    },
    Scene {
        files: &["60_sacct"],
        setup: first_jobs,
        // Jobs 10-38 come from sessions not recorded here; the first nine
        // are checked by `sacct_lines_of_the_first_jobs`.
        differs: &[("60_sacct", 0)],
    },
];

/// A recording's blocks, and the scene to replay them in.
struct Replay<'a> {
    blocks: Vec<&'a Block>,
    setup: fn() -> Term,
    differs: &'static [(&'static str, usize)],
}

/// The scenes and, for each recording none names, a fresh cluster at its
/// first time.
fn replays(all: &[Block]) -> Vec<Replay<'_>> {
    let mut by_file: BTreeMap<&str, Vec<&Block>> = BTreeMap::new();
    for b in all {
        by_file.entry(&b.file).or_default().push(b);
    }
    let mut replays = Vec::new();
    for scene in SCENES {
        let mut blocks: Vec<&Block> = scene
            .files
            .iter()
            .flat_map(|f| {
                by_file
                    .remove(f)
                    .unwrap_or_else(|| panic!("no tests/slurm/{f}.txt"))
            })
            .collect();
        blocks.sort_by(|a, b| a.time.cmp(&b.time));
        replays.push(Replay {
            blocks,
            setup: scene.setup,
            differs: scene.differs,
        });
    }
    for blocks in by_file.into_values() {
        replays.push(Replay {
            blocks,
            setup: fresh,
            differs: &[],
        });
    }
    replays
}

/// Per tool: how many commands match exactly, match but for numbers, and
/// differ, as a table.
fn survey(verdicts: &[(String, Verdict)]) -> String {
    let mut tools: BTreeMap<&str, [usize; 3]> = BTreeMap::new();
    for (tool, verdict) in verdicts {
        tools.entry(tool).or_default()[*verdict as usize] += 1;
        tools.entry("all").or_default()[*verdict as usize] += 1;
    }
    let mut table = format!(
        "recorded Slurm commands replayed ({} in tests/slurm/)\n{:<10} {:>6} {:>13} {:>7}\n",
        verdicts.len(),
        "tool",
        "exact",
        "numbers only",
        "differ"
    );
    let all = tools.remove("all").unwrap_or_default();
    for (tool, [exact, numbers, differ]) in tools.into_iter().chain([("all", all)]) {
        table.push_str(&format!(
            "{tool:<10} {exact:>6} {numbers:>13} {differ:>7}\n"
        ));
    }
    table
}

#[test]
fn every_recording_replays_as_slurm_printed() {
    let all = recordings();
    let mut verdicts = Vec::new();
    let mut wrong = Vec::new();
    for replay in replays(&all) {
        let mut t = (replay.setup)();
        cat_files(&mut t, replay.blocks.iter().copied());
        for b in replay.blocks.iter().filter(|b| b.tool() != "cat") {
            let (verdict, printed) = run_recorded(&mut t, b);
            let known = replay.differs.contains(&(b.file.as_str(), b.index));
            match (verdict, known) {
                (Verdict::Exact, true) => wrong.push(format!(
                    "{}[{}] `{}` now matches: take it off its scene's differs list",
                    b.file, b.index, b.command
                )),
                (Verdict::NumbersOnly | Verdict::Differs, false) => wrong.push(format!(
                    "{}[{}] `{}` as {} in {}:\n--- recorded (exit {})\n{}--- printed\n{printed}",
                    b.file, b.index, b.command, b.user, b.cwd, b.exit, b.output
                )),
                _ => {}
            }
            verdicts.push((b.tool().to_owned(), verdict));
        }
    }
    // Written past the test harness's capture, so every run shows it.
    let _ = std::io::stderr().write_all(survey(&verdicts).as_bytes());
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_survey_counts_each_verdict_per_tool() {
    let verdicts = [
        ("sinfo".to_owned(), Verdict::Exact),
        ("squeue".to_owned(), Verdict::Differs),
        ("sinfo".to_owned(), Verdict::NumbersOnly),
    ];
    let table = survey(&verdicts);
    assert!(
        table.contains("sinfo           1             1       0\n"),
        "{table}"
    );
    assert!(
        table.ends_with("all             1             1       1\n"),
        "{table}"
    );
    assert_eq!(
        numbers_as_one("job 30 at 03:31:03"),
        numbers_as_one("job 7 at  11:00:00")
    );
    assert_ne!(numbers_as_one("RUNNING"), numbers_as_one("PENDING"));
}

#[test]
fn sacct_lines_of_the_first_jobs() {
    let mut t = first_jobs();
    t.at("2026-11-30T03:33:17");
    let out = t.root("sacct");
    let want = &blocks("60_sacct")[0].output;
    // Header, dashes and jobs 1 to 9: the first 20 lines.
    let expected: Vec<&str> = want.lines().take(20).collect();
    let text = out.text(Stream::Stdout);
    let got: Vec<&str> = text.lines().collect();
    assert_eq!(got, expected, "{}", out.transcript());
}

/// Jobs 20-23 of 60_sacct: the four requests 03_sbatch_impossible_gpus16
/// shows refused, kept FAILED by slurmctld.
#[test]
fn sacct_lines_of_the_refused_jobs() {
    let mut t = after_19_jobs();
    let recorded = blocks("03_sbatch_impossible_gpus16");
    cat_files(&mut t, &recorded);
    for b in recorded.iter().filter(|b| b.command.starts_with("sbatch")) {
        run_recorded(&mut t, b);
    }
    t.at("2026-11-30T03:33:17");
    let out = t.root("sacct -j 20,21,22,23");
    let want = &blocks("60_sacct")[0].output;
    let expected: Vec<&str> = (want.lines().take(2))
        .chain(want.lines().filter(|l| {
            ["20 ", "21 ", "22 ", "23 "]
                .iter()
                .any(|id| l.starts_with(id))
        }))
        .collect();
    let text = out.text(Stream::Stdout);
    assert_eq!(
        text.lines().collect::<Vec<_>>(),
        expected,
        "{}",
        out.transcript()
    );
}
