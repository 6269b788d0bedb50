//! The commands' options, formats and mistakes beyond the transcripts:
//! each message checked against what the real tool prints (its source:
//! glibc's getopt, `src/squeue/opts.c`, `src/scontrol/*.c`, ...).

use super::super::*;
use super::Term;

const WORK: &str = "/srv/cluster/work";

fn err(out: &CommandOutput) -> String {
    out.text(Stream::Stderr)
}

fn stdout(out: &CommandOutput) -> String {
    out.text(Stream::Stdout)
}

#[test]
fn every_command_has_help_usage_and_options() {
    let mut t = Term::new("2026-11-30T00:00:00");
    let names = Cluster::command_names();
    assert_eq!(
        names,
        [
            "sacct", "sacctmgr", "salloc", "sbatch", "scancel", "scontrol", "seff", "sinfo",
            "sprio", "squeue", "sreport", "srun", "sshare", "sstat"
        ]
    );
    // seff is a Perl script of Slurm's contribs: only `--help` is ours.
    assert!(stdout(&t.root("seff --help")).starts_with("Usage: seff [-d] JOBID\n"));
    let out = t.root("seff -V");
    assert_eq!((out.exit, err(&out)), (1, "Unknown option: V\n".to_owned()));
    for name in names.into_iter().filter(|&n| n != "seff") {
        for flag in ["--help", "--usage"] {
            let out = t.root(&format!("{name} {flag}"));
            assert_eq!(out.exit, 0, "{name} {flag}");
            assert!(stdout(&out).starts_with("Usage: "), "{name} {flag}");
        }
        assert_eq!(
            stdout(&t.root(&format!("{name} -V"))),
            "slurm-wlm 22.05.8\n"
        );
        let options = Cluster::command_options(name);
        assert!(options.contains(&"--help".to_owned()), "{name}");
        // Every option the help lists is one the command takes.
        let help = stdout(&t.root(&format!("{name} --help")));
        for word in help
            .split([' ', ',', '=', '['])
            .filter(|w| w.starts_with("--") && w.len() > 2)
        {
            let word = word.trim_end_matches(|c: char| !c.is_ascii_alphanumeric());
            if name != "scontrol" {
                assert!(
                    options.iter().any(|o| o == word),
                    "{name} --help lists {word}"
                );
            }
        }
    }
    assert!(Cluster::command_options("nope").is_empty());
    let out = t.root("nope");
    assert_eq!(
        (out.exit, err(&out)),
        (127, "nope: command not found\n".to_owned())
    );
}

#[test]
fn getopt_mistakes_and_their_exit_status() {
    let mut t = Term::new("2026-11-30T00:00:00");
    let cases = [
        (
            "sinfo --bogus",
            "sinfo: unrecognized option '--bogus'\nTry \"sinfo --help\" for more information\n",
            1,
        ),
        (
            "squeue -Z",
            "squeue: invalid option -- 'Z'\nTry \"squeue --help\" for more information\n",
            1,
        ),
        (
            "squeue -p",
            "squeue: option requires an argument -- 'p'\nTry \"squeue --help\" for more information\n",
            1,
        ),
        (
            "sbatch --bogus x.sh",
            "sbatch: unrecognized option '--bogus'\nTry \"sbatch --help\" for more information\n",
            255,
        ),
        (
            "srun --bogus hostname",
            "srun: unrecognized option '--bogus'\nTry \"srun --help\" for more information\n",
            255,
        ),
        (
            "scancel --bogus",
            "scancel: unrecognized option '--bogus'\nTry \"scancel --help\" for more information\n",
            1,
        ),
        ("sacct --bogus", "sacct: unrecognized option '--bogus'\n", 1),
        (
            "sshare -Z",
            "sshare: invalid option -- 'Z'\nTry \"sshare --help\" for more information\n",
            1,
        ),
        (
            "sprio --me",
            "sprio: unrecognized option '--me'\nTry \"sprio --help\" for more information\n",
            1,
        ),
        (
            "squeue --me=1",
            "squeue: option '--me' doesn't allow an argument\nTry \"squeue --help\" for more information\n",
            1,
        ),
        (
            "sbatch --wrap hostname extra",
            "sbatch: error: Script arguments not permitted with --wrap option\n",
            1,
        ),
        (
            "sbatch -N abc --wrap x",
            "sbatch: error: \"abc\" is not a valid node count\n",
            255,
        ),
        (
            "sbatch -n abc --wrap x",
            "sbatch: error: Invalid numeric value \"abc\" for --ntasks.\n",
            1,
        ),
        (
            "sbatch --mem=lots --wrap x",
            "sbatch: error: Invalid --mem specification\n",
            255,
        ),
        (
            "sbatch --array=9-1 --wrap x",
            "sbatch: error: Batch job submission failed: Invalid job array specification\n",
            1,
        ),
        (
            "sbatch -A team-b --wrap x",
            "sbatch: error: Batch job submission failed: Invalid account or account/partition combination specified\n",
            1,
        ),
        (
            "sbatch -w node-9 --wrap x",
            "sbatch: error: Batch job submission failed: Invalid node name specified\n",
            1,
        ),
        // `_job_create` looks the nodes up before the partition.
        (
            "sbatch -p bogus -w node-9 --wrap x",
            "sbatch: error: Batch job submission failed: Invalid node name specified\n",
            1,
        ),
        // `-w` raises the node count past `-N`'s maximum.
        (
            "sbatch -N 1 -w node-[1-2] --wrap x",
            "sbatch: error: invalid number of nodes (-N 2-1)\n",
            1,
        ),
        (
            "salloc -N 1-1 -w node-1,node-2",
            "salloc: error: invalid number of nodes (-N 2-1)\n",
            1,
        ),
        ("srun", "srun: fatal: No command given to execute.\n", 1),
        (
            "scancel",
            "scancel: error: No job identification provided\n",
            1,
        ),
        ("scancel abc", "scancel: error: Invalid job id abc\n", 1),
        (
            "scancel -u nobody",
            "scancel: error: Invalid user name: nobody\n",
            1,
        ),
        (
            "squeue -t bogus",
            "squeue: error: Invalid job state specified: bogus\n",
            1,
        ),
        ("squeue -j x", "squeue: error: Invalid job id: x\n", 1),
        (
            "squeue -j 99999",
            "slurm_load_jobs error: Invalid job id specified\n",
            1,
        ),
        (
            "squeue -S Z",
            "squeue: error: Invalid sort specification: Z\n",
            1,
        ),
        (
            "squeue -l -o %i",
            "squeue: fatal: Options -o(--format) and -l(--long) are mutually exclusive. Please remove one and retry.\n",
            1,
        ),
        (
            "sacct -o nosuchfield",
            "sacct: error: Invalid field requested: \"nosuchfield\"\n",
            1,
        ),
        (
            "sinfo -t weird",
            "sinfo: error: Bad state string: \"weird\"\n",
            1,
        ),
    ];
    for (line, want, exit) in cases {
        let out = t.root(line);
        let text = err(&out);
        assert!(text.starts_with(want), "{line}: {text}");
        assert_eq!(out.exit, exit, "{line}");
        assert_eq!(stdout(&out), "", "{line}");
    }
    // squeue goes on after an unknown user, with a blank line as it does.
    let out = t.root("squeue -u nobody -h");
    assert_eq!(
        (err(&out), out.exit),
        ("squeue: error: Invalid user: nobody\n\n".to_owned(), 0)
    );
}

#[test]
fn scontrol_refusals_and_their_streams() {
    let mut t = Term::new("2026-11-30T00:00:00");
    let job = t.submit("alice", "~", "sbatch --wrap \"sleep 600\"");
    t.c.advance(1);
    let cases: Vec<(&str, &str, &str, &str, i32)> = vec![
        (
            "root",
            "scontrol show job 99999",
            "",
            "slurm_load_jobs error: Invalid job id specified\n",
            1,
        ),
        (
            "root",
            "scontrol show job abc",
            "",
            "scontrol_print_job error: Invalid job id specified\n",
            1,
        ),
        (
            "root",
            "scontrol show node node-9",
            "Node node-9 not found\n",
            "",
            1,
        ),
        (
            "root",
            "scontrol show partition nope",
            "Partition nope not found\n",
            "",
            1,
        ),
        (
            "root",
            "scontrol show bogus",
            "",
            "invalid entity:bogus for keyword:show \n",
            1,
        ),
        (
            "root",
            "scontrol update NodeName=node-1 State=DRAIN",
            "",
            "You must specify a reason when DOWNING or DRAINING a node. Request denied\n",
            1,
        ),
        (
            "root",
            "scontrol update NodeName=node-1 State=RESUME",
            "",
            "slurm_update error: Invalid node state specified\n",
            1,
        ),
        (
            "root",
            "scontrol update NodeName=node-9 State=DRAIN Reason=x",
            "",
            "slurm_update error: Invalid node name specified\n",
            1,
        ),
        (
            "root",
            "scontrol update NodeName=node-1",
            "",
            "No changes specified\n",
            1,
        ),
        (
            "root",
            "scontrol update NodeName=node-1 State=SLEEPY",
            "",
            "Invalid input: State=SLEEPY\nRequest aborted\nValid states are: NoResp DRAIN FAIL FUTURE RESUME POWER_DOWN POWER_UP UNDRAIN\nNot all states are valid given a node's prior state\n",
            1,
        ),
        (
            "root",
            "scontrol update NodeName=node-1 Weight=5",
            "",
            "Update of this parameter is not supported: Weight=5\nRequest aborted\n",
            1,
        ),
        (
            "bob",
            "scontrol update NodeName=node-1 State=DRAIN Reason=x",
            "",
            "slurm_update error: Access/permission denied\n",
            1,
        ),
        (
            "root",
            "scontrol hold 99999",
            "",
            "Invalid job id specified for job 99999\nslurm_suspend error: Invalid job id specified\n",
            1,
        ),
        (
            "root",
            "scontrol requeue 99999",
            "",
            "Invalid job id specified for job 99999\n",
            1,
        ),
        ("root", "scontrol frob", "", "invalid keyword: frob\n", 1),
        (
            "bob",
            "scancel 1",
            "",
            "scancel: error: Kill job error on job id 1: Access/permission denied\n",
            1,
        ),
        ("root", "scancel 99999", "", "", 0),
    ];
    for (user, line, want_out, want_err, exit) in cases {
        let out = t.run_as(user, "~", line);
        assert_eq!(
            (stdout(&out).as_str(), err(&out).as_str(), out.exit),
            (want_out, want_err, exit),
            "{line}"
        );
    }
    // Another user's job: _update_job's uid check.
    let out = t.run_as("bob", "~", &format!("scontrol hold {job}"));
    assert_eq!(
        (err(&out), out.exit),
        (
            format!("Invalid user id for job {job}\nslurm_suspend error: Invalid user id\n"),
            1
        )
    );
    // A running job takes the hold (priority 0) and runs on, as in 22.05.
    let out = t.root(&format!("scontrol hold {job}"));
    assert_eq!((err(&out).as_str(), out.exit), ("", 0));
    let shown = stdout(&t.root(&format!("scontrol show job {job}")));
    assert!(
        shown.contains("Priority=0 ") && shown.contains("JobState=RUNNING Reason=JobHeldAdmin"),
        "{shown}"
    );
    assert_eq!(err(&t.root(&format!("scontrol release {job}"))), "");
    // -o prints one line per record.
    let out = t.root("scontrol -o show partition debug");
    assert!(
        stdout(&out).starts_with("PartitionName=debug AllowGroups=ALL "),
        "{}",
        stdout(&out)
    );
    assert_eq!(stdout(&out).matches('\n').count(), 1);
    // update JobId TimeLimit: users may lower their own, only root raise.
    assert_eq!(
        t.run_as(
            "alice",
            "~",
            &format!("scontrol update JobId={job} TimeLimit=30")
        )
        .exit,
        0
    );
    let out = t.run_as(
        "alice",
        "~",
        &format!("scontrol update JobId={job} TimeLimit=90"),
    );
    // 22.05's scontrol names the job in each refusal of a job update.
    assert_eq!(
        err(&out),
        format!("Access/permission denied for job {job}\n")
    );
    assert_eq!(
        t.c.job(job).map(|j| j.time_limit.to_string()),
        Some("00:30:00".to_owned())
    );
}

#[test]
fn hold_release_and_requeue_take_job_lists_and_array_tasks() {
    let mut t = Term::new("2026-11-30T00:00:00");
    // Job 1 fills the cluster; the array's tasks wait behind it.
    t.submit("alice", "~", "sbatch -N4 --exclusive --wrap \"sleep 600\"");
    t.submit("alice", "~", "sbatch -J sw --array=0-5 --wrap \"sleep 60\"");
    t.submit("alice", "~", "sbatch -J one --wrap \"sleep 60\"");
    t.c.advance(1);
    let run = |t: &mut Term, line: &str| {
        let out = t.run_as("alice", "~", line);
        (err(&out), out.exit)
    };
    let queue = |t: &mut Term| stdout(&t.run_as("alice", "~", "squeue -h -o \"%i %r\""));
    // Two of six pending tasks: split out to records of their own.
    assert_eq!(run(&mut t, "scontrol hold 2_[1-2]"), (String::new(), 0));
    assert_eq!(
        queue(&mut t),
        "2_[0,3-5] Resources\n3 Priority\n2_1 JobHeldUser\n2_2 JobHeldUser\n1 None\n"
    );
    // Ids joined by commas and spaces; a task the array never had.
    assert_eq!(
        run(&mut t, "scontrol release 2_1,3 2_[2,9]"),
        (
            "2_2: No error\n2_9: Invalid job id specified\n".to_owned(),
            1
        )
    );
    // The whole array: each record; by name, every job of that name.
    assert_eq!(
        run(&mut t, "scontrol uhold 2 JobName=one"),
        (String::new(), 0)
    );
    let held = queue(&mut t);
    assert_eq!(held.matches("JobHeldUser").count(), 4, "{held}");
    assert_eq!(
        run(&mut t, "scontrol release 2 Name=one"),
        (String::new(), 0)
    );
    // Requeue: each running task goes back; then, pending, each refuses.
    t.root("scancel 1");
    t.c.advance(1);
    assert_eq!(run(&mut t, "scontrol requeue 2"), (String::new(), 0));
    assert_eq!(
        run(&mut t, "scontrol requeue 2_[0-1,7]"),
        (
            "2_0-1: Job is pending execution\n2_7: Invalid job id specified\n".to_owned(),
            1
        )
    );
    assert_eq!(
        run(&mut t, "scontrol hold 1-2"),
        (
            "Invalid job id specified for job 1-2\nslurm_suspend error: Invalid job id specified\n"
                .to_owned(),
            1
        )
    );
}

#[test]
fn scontrol_update_takes_lists_names_throttles_and_excluded_nodes() {
    let mut t = Term::new("2026-11-30T03:00:00");
    t.submit("alice", "~", "sbatch -N4 --exclusive --wrap \"sleep 600\"");
    t.submit(
        "alice",
        "~",
        "sbatch -J sw --array=0-5%2 --wrap \"sleep 60\"",
    );
    t.submit("alice", "~", "sbatch -J one -t 30 --wrap \"sleep 60\"");
    t.c.advance(1);
    let alice = |t: &mut Term, line: &str| {
        let out = t.run_as("alice", "~", line);
        (err(&out), out.exit)
    };
    let ok = (String::new(), 0);
    assert_eq!(
        alice(&mut t, "scontrol update JobId=2 ArrayTaskThrottle=3"),
        ok
    );
    assert_eq!(
        alice(
            &mut t,
            "scontrol update JobId=3 ExcNodeList=node-[1-2] Requeue=0"
        ),
        ok
    );
    let shown = stdout(&t.root("scontrol show job 3"));
    assert!(
        shown.contains("ExcNodeList=node-[1-2]") && shown.contains("Requeue=0 "),
        "{shown}"
    );
    // Without JobId, the jobs of a JobName.
    assert_eq!(
        alice(&mut t, "scontrol update JobName=one TimeLimit=20"),
        ok
    );
    let queue = stdout(&t.root("squeue -h -o \"%i %l\""));
    assert_eq!(queue, "2_[0-5%3] 1:00:00\n3 20:00\n1 1:00:00\n");
    // Named tasks split off and answer together; the list goes on.
    assert_eq!(
        alice(&mut t, "scontrol update JobId=2_[1-2],3 TimeLimit=90"),
        (
            "2_1-2: Access/permission denied\nAccess/permission denied for job 3\n".to_owned(),
            1
        )
    );
    let refusals = [
        (
            "JobId=3 ExcNodeList=node-9",
            "Invalid node name specified for job 3\n",
        ),
        (
            "JobId=1 ExcNodeList=node-1",
            "Job is no longer pending execution for job 1\n",
        ),
        (
            "TimeLimit=+10 JobId=3",
            "scontrol: error: JobId must precede TimeLimit increment or decrement\n",
        ),
        (
            "JobId=2 TimeLimit=+10",
            "scontrol: error: TimeLimit increment/decrement not supported for job arrays\n",
        ),
        (
            "JobName=nope TimeLimit=20",
            "scontrol: error: No jobs with name 'nope'\n",
        ),
        (
            "JobId=2 Requeue=x",
            "scontrol: error: Invalid Requeue value: x\n",
        ),
        (
            "JobId=2 ArrayTaskThrottle=-1",
            "scontrol: error: Invalid ArrayTaskThrottle value\n",
        ),
    ];
    for (pairs, said) in refusals {
        assert_eq!(
            alice(&mut t, &format!("scontrol update {pairs}")),
            (said.to_owned(), 1),
            "{pairs}"
        );
    }
    // A finished job refuses any change, even another user's.
    t.root("scancel 3");
    let out = t.run_as("bob", "~", "scontrol update JobId=3 Comment=x");
    assert_eq!(
        (err(&out), out.exit),
        ("Job has already finished for job 3\n".to_owned(), 1)
    );
}

#[test]
fn top_moves_an_operators_job_first_and_refuses_users() {
    let mut t = Term::new("2026-11-30T00:00:00");
    t.submit("alice", "~", "sbatch -N4 --exclusive --wrap \"sleep 600\"");
    for name in ["a", "b", "c"] {
        t.submit(
            "alice",
            "~",
            &format!("sbatch -J {name} --wrap \"sleep 60\""),
        );
    }
    t.c.advance(1);
    let said = |t: &mut Term, user: &str, line: &str| {
        let out = t.run_as(user, "~", line);
        (err(&out), out.exit)
    };
    let pending = |t: &mut Term| stdout(&t.root("squeue -h -t PD -o %j"));
    assert_eq!(
        said(&mut t, "alice", "scontrol top 4"),
        ("Access/permission denied for job 4\n".to_owned(), 1)
    );
    assert_eq!(pending(&mut t), "a\nb\nc\n");
    assert_eq!(
        said(&mut t, "root", "scontrol top jobid=4"),
        (String::new(), 0)
    );
    assert_eq!(pending(&mut t), "c\na\nb\n");
    // The order holds through the next priority calculations, by nice.
    t.c.advance(400);
    assert_eq!(pending(&mut t), "c\na\nb\n");
    for (line, want) in [
        (
            "scontrol top 1",
            "Job is no longer pending execution for job 1\n",
        ),
        ("scontrol top 9,x", "Invalid job id specified for job 9,x\n"),
        ("scontrol top", "too few arguments for keyword:top\n"),
        ("scontrol top 2 3", "too many arguments for keyword:top\n"),
    ] {
        assert_eq!(said(&mut t, "root", line), (want.to_owned(), 1), "{line}");
    }
}

#[test]
fn scontrol_update_job_changes_what_users_may_change() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let run = t.submit("alice", "~", "sbatch -t 60 --wrap \"sleep 3000\"");
    let next = t.submit(
        "alice",
        "~",
        &format!("sbatch -t 60 -J post --dependency=afterok:{run} --wrap true"),
    );
    t.c.advance(1);
    let alice = |t: &mut Term, line: &str| {
        let out = t.run_as("alice", "~", line);
        (out.exit, err(&out))
    };
    // A chain fixed by hand: the dependency dropped, the job runs.
    assert_eq!(
        alice(&mut t, &format!("scontrol update JobId={next} Dependency=")),
        (0, String::new())
    );
    t.c.advance(1);
    assert_eq!(t.c.job(next).map(|j| j.state), Some(JobState::Completed));
    // Name, comment, a shorter limit by a relative amount, a higher nice.
    assert_eq!(
        alice(
            &mut t,
            &format!("scontrol update JobId={run} Name=renamed Comment=ok TimeLimit=-10 Nice=10")
        ),
        (0, String::new())
    );
    let shown = stdout(&t.root(&format!("scontrol show job {run}")));
    for part in [
        "JobName=renamed",
        " Nice=10 ",
        "TimeLimit=00:50:00",
        "Comment=ok ",
    ] {
        assert!(shown.contains(part), "{part}: {shown}");
    }
    // What slurmctld refuses, named by job; scontrol's own checks first.
    let cases = [
        ("Nice=-5", "Access/permission denied for job RUN\n"),
        ("TimeLimit=+30", "Access/permission denied for job RUN\n"),
        (
            "TimeLimit=-90",
            "scontrol: error: TimeLimit decrement larger than current time limit (90 > 50)\n",
        ),
        (
            "Dependency=afterok:1",
            "Job is no longer pending execution for job RUN\n",
        ),
        (
            "StartTime=now+1hour",
            "Job is no longer pending execution for job RUN\n",
        ),
        (
            "TimeLimit=soon",
            "scontrol: error: Invalid TimeLimit value\n",
        ),
        ("StartTime=whenever", "No changes specified\n"),
    ];
    for (pair, want) in cases {
        let got = alice(&mut t, &format!("scontrol update JobId={run} {pair}"));
        assert_eq!(got, (1, want.replace("RUN", &run.to_string())), "{pair}");
    }
    let out = t.run_as(
        "bob",
        "~",
        &format!("scontrol update JobId={run} Comment=x"),
    );
    assert_eq!(err(&out), format!("Invalid user id for job {run}\n"));
    // A pending job: a later start, and no circle of dependencies.
    let held = t.submit("alice", "~", "sbatch -H --wrap true");
    let after = t.submit(
        "alice",
        "~",
        &format!("sbatch -H --dependency=afterany:{held} --wrap true"),
    );
    assert_eq!(
        alice(
            &mut t,
            &format!("scontrol update JobId={held} Dependency=afterok:{after}")
        ),
        (1, format!("Circular job dependency for job {held}\n"))
    );
    assert_eq!(
        alice(
            &mut t,
            &format!("scontrol update JobId={held} StartTime=now+1hour")
        ),
        (0, String::new())
    );
    let out = t.root(&format!("squeue -h -j {held} -o %S"));
    assert_eq!(stdout(&out), "2026-11-30T04:00:02\n");
    // Another partition, checked as a submission to it would be.
    assert_eq!(
        alice(
            &mut t,
            &format!("scontrol update JobId={held} Partition=debug")
        ),
        (0, String::new())
    );
    let out = t.root(&format!("squeue -h -j {held} -o %P"));
    assert_eq!(stdout(&out), "debug\n");
    let long = t.submit("alice", "~", "sbatch -H -t 120 --wrap true");
    let wide = t.submit("alice", "~", "sbatch -H -N2 --wrap true");
    for (job, pair, why) in [
        (
            long,
            "Partition=debug",
            "Requested time limit is invalid (missing or exceeds some limit)",
        ),
        (wide, "Partition=debug", "Node count specification invalid"),
        (wide, "Partition=nope", "Invalid partition name specified"),
        (run, "Partition=debug", "Job is no longer pending execution"),
    ] {
        assert_eq!(
            alice(&mut t, &format!("scontrol update JobId={job} {pair}")),
            (1, format!("{why} for job {job}\n")),
            "{pair}"
        );
    }
}

#[test]
fn a_steps_time_limit_is_its_own() {
    let mut t = Term::new("2026-11-30T03:00:00");
    t.submit(
        "alice",
        "~",
        "sbatch -t 60 --wrap \"srun -t 5 sleep 10; srun -t 1-2 sleep 10; srun sleep 100\"",
    );
    // `_print_step_time_limit`: `srun -t`, else UNLIMITED whatever the
    // job's limit; `.batch` has none.
    let mut limits = Vec::new();
    for _ in 0..3 {
        t.c.advance(5);
        limits.push(stdout(&t.root("squeue -s -h -o \"%i %l\"")));
        t.c.advance(5);
    }
    assert_eq!(
        limits,
        [
            "1.0 5:00\n1.batch UNLIMITED\n",
            "1.1 1-02:00:00\n1.batch UNLIMITED\n",
            "1.2 UNLIMITED\n1.batch UNLIMITED\n"
        ]
    );
    let out = t.run_as("alice", "~", "srun -t x hostname");
    assert_eq!(err(&out), "srun: error: Invalid --time specification\n");
}

#[test]
fn scontrol_show_step_prints_running_steps() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let out = t.root("scontrol show steps");
    assert_eq!(
        (stdout(&out), out.exit),
        ("No job steps in the system\n".to_owned(), 0)
    );
    t.submit(
        "alice",
        "~",
        "sbatch -N 2 --gpus-per-node=2 -t 10 --wrap \"srun --gres=gpu:1 sleep 300\"",
    );
    t.c.advance(20);
    let sid = t.c.job(1).map_or(0, |j| j.alloc_sid);
    let out = t.root("scontrol show step 1.0");
    assert_eq!(
        stdout(&out),
        format!(
            "StepId=1.0 UserId=1001 StartTime=2026-11-30T03:00:00 TimeLimit=UNLIMITED\n   \
             State=RUNNING Partition=gpu NodeList=node-[1-2]\n   \
             Nodes=2 CPUs=2 Tasks=2 Name=sleep Network=(null)\n   \
             TRES=cpu=2,mem=8000M,node=2,gres/gpu=2\n   \
             ResvPorts=(null)\n   \
             CPUFreqReq=Default Dist=Block\n   \
             SrunHost:Pid=node-1:{}\n\n",
            sid + 1
        )
    );
    let out = t.root("scontrol -o show step 1.batch");
    assert_eq!(stdout(&out).matches("StepId=1.0 ").count(), 1);
    let out = t.root("scontrol show step");
    assert!(
        stdout(&out).contains("StepId=1.batch UserId=1001 ")
            && stdout(&out).contains(
                "   Nodes=1 CPUs=1 Tasks=1 Name=batch Network=(null)\n   \
                TRES=cpu=1,mem=4000M,node=1,gres/gpu=2\n   ResvPorts=(null)\n   \
                CPUFreqReq=Default\n   SrunHost:Pid=(null):0\n"
            ),
        "{}",
        stdout(&out)
    );
    for (line, said, exit) in [
        (
            "scontrol show step 1.7",
            ("Job step 1.7 not found\n", ""),
            1,
        ),
        // `xstrncasecmp` over two characters: `s` alone names no entity.
        (
            "scontrol show s",
            ("", "invalid entity:s for keyword:show \n"),
            1,
        ),
        (
            "scontrol show step 9",
            ("", "slurm_get_job_steps error: Invalid job id specified\n"),
            1,
        ),
    ] {
        let out = t.root(line);
        assert_eq!((stdout(&out).as_str(), err(&out).as_str()), said, "{line}");
        assert_eq!(out.exit, exit, "{line}");
    }
}

#[test]
fn sacct_gives_each_step_its_own_tres() {
    let mut t = Term::new("2026-11-30T03:00:00");
    t.submit(
        "alice",
        "~",
        "sbatch -N 2 --gpus-per-node=2 --wrap \"srun --gres=gpu:1 hostname; srun --exact -n 1 hostname\"",
    );
    t.c.advance(20);
    // A step's AllocTRES is what it holds, without billing; it has no
    // ReqTRES.
    let out = t.run_as("alice", "~", "sacct -j 1 -P -n -o JobID,AllocTRES,ReqTRES");
    assert_eq!(
        stdout(&out),
        "1|billing=2,cpu=2,gres/gpu=4,mem=8000M,node=2|billing=2,cpu=2,gres/gpu=4,mem=8000M,node=2\n\
         1.batch|cpu=1,gres/gpu=2,mem=4000M,node=1|\n\
         1.0|cpu=2,gres/gpu=2,mem=8000M,node=2|\n\
         1.1|cpu=1,gres/gpu=2,mem=4000M,node=1|\n"
    );
}

#[test]
fn squeue_steps_lists_running_steps() {
    let mut t = Term::new("2026-11-30T03:00:00");
    t.submit(
        "alice",
        "~",
        "sbatch -J two -N 2 -t 10 --wrap \"srun hostname; srun sleep 300\"",
    );
    t.submit(
        "bob",
        "~",
        "sbatch -p debug --array=0-1 --wrap \"srun sleep 200\"",
    );
    t.c.advance(20);
    // Steps sort by partition, then job and step (`.batch` after the
    // numbered ones); the ended `1.0` is gone.
    assert_eq!(
        stdout(&t.root("squeue -s")),
        "         STEPID     NAME PARTITION     USER      TIME NODELIST\n\
         \x20         2_1.0    sleep     debug      bob      0:20 node-1\n\
         \x20     2_1.batch    batch     debug      bob      0:20 node-1\n\
         \x20         2_0.0    sleep     debug      bob      0:20 node-1\n\
         \x20     2_0.batch    batch     debug      bob      0:20 node-1\n\
         \x20           1.1    sleep       gpu    alice      0:20 node-[1-2]\n\
         \x20       1.batch    batch       gpu    alice      0:20 node-1\n"
    );
    let ids = |t: &mut Term, line: &str| stdout(&t.root(&format!("{line} -h -o %i")));
    assert_eq!(ids(&mut t, "squeue -s 1.1,2_0.0,9.0"), "2_0.0\n1.1\n");
    // `strtol` reads `batch` as 0.
    assert_eq!(ids(&mut t, "squeue --steps=2.batch"), "2_1.0\n2_0.0\n");
    assert_eq!(ids(&mut t, "squeue -s -j 1"), "1.1\n1.batch\n");
    assert_eq!(ids(&mut t, "squeue -s -u alice -p gpu -w node-2"), "1.1\n");
    // States, names and accounts do not filter steps.
    assert_eq!(
        ids(&mut t, "squeue -s -t PD -n x -u bob -S -i"),
        "2_0.batch\n2_0.0\n2_1.batch\n2_1.0\n"
    );
    assert_eq!(ids(&mut t, "squeue -s 5.0"), "");
    let out = t.root("squeue -s -u alice -o \"%A|%.4j|%U|%l|%S|%b|%P|%y\"");
    assert_eq!(
        (stdout(&out), err(&out)),
        (
            "TASKS|NAME|UID|TIME_LIMIT|START_TIME|TRES_PER_JOBPARTITION|%y\n\
             2|slee|1001|UNLIMITED|2026-11-30T03:00:00|(null)gpu|%y\n\
             1|batc|1001|UNLIMITED|2026-11-30T03:00:00|(null)gpu|%y\n"
                .to_owned(),
            "squeue: error: Invalid job step format specification: y\n".to_owned()
        )
    );
    // `-O` takes the step names (`State` is a job's).
    let out = t.root("squeue -s 1.1 -O \"StepId:8,NumTask:.3 ,JobId:4,StepState,State:3|\"");
    assert_eq!(
        (stdout(&out), err(&out)),
        (
            "STEPID  TAS JOB_STATE               |\n1.1       2 1   RUNNING             |\n"
                .to_owned(),
            "squeue: error: Invalid job step format specification: State\n".to_owned()
        )
    );
    for (line, message) in [
        ("squeue -s 1", "squeue: error: Invalid job_step id: 1.??\n"),
        ("squeue -s 0.1", "squeue: error: Invalid job_step id: 0.1\n"),
        (
            "squeue -j -s",
            "squeue: error: Incompatible options --jobs and --steps\n",
        ),
        (
            "squeue -s 1.1 2.0",
            "squeue: error: Unrecognized option: 2.0\n",
        ),
    ] {
        let out = t.root(line);
        assert_eq!((out.exit, err(&out)), (1, message.to_owned()), "{line}");
    }
    // A wrong state is refused as it is read, though states filter no step.
    let out = t.root("squeue -s -t bogus");
    assert!(err(&out).starts_with("squeue: error: Invalid job state specified: bogus\n"));
    assert_eq!((out.exit, stdout(&out)), (1, String::new()));
}

#[test]
fn squeue_formats_filters_and_start_times() {
    let mut t = Term::new("2026-11-30T03:00:00");
    t.submit(
        "root",
        WORK,
        "sbatch -J big -N 4 --gpus-per-node=8 -t 60 --wrap \"sleep 3600\"",
    );
    t.submit(
        "alice",
        "~",
        "sbatch -J next --gpus-per-node=8 -t 30 --wrap \"sleep 60\"",
    );
    t.submit(
        "bob",
        "~",
        "sbatch -J last -p debug -n 2 -t 10 --wrap \"sleep 60\"",
    );
    t.c.advance(31);
    let out = t.root("squeue --start");
    assert_eq!(
        stdout(&out),
        "             JOBID PARTITION     NAME     USER ST          START_TIME  NODES SCHEDNODES           NODELIST(REASON)\n\
         \x20                2       gpu     next    alice PD 2026-11-30T04:00:00      1 node-1               (Resources)\n"
    );
    let out = t.root("squeue -o \"%.5i|%6j|%a|%q|%C|%b|%m|%l|%L|%D|%u|%T|%Q\" -t R -u root");
    assert_eq!(
        stdout(&out),
        "JOBID|NAME  |ACCOUNT|QOS|CPUS|TRES_PER_NODE|MIN_MEMORY|TIME_LIMIT|TIME_LEFT|NODES|USER|STATE|PRIORITY\n\
         \x20   1|big   |team-a|normal|4|gres:gpu:8|4000M|1:00:00|59:29|4|root|RUNNING|12607\n"
    );
    // Memory in exact units, halves included (1536M is 1.50G), and as
    // asked with --noconvert.
    t.submit(
        "bob",
        "~",
        "sbatch -J half --mem=1536 -t 5 --wrap \"sleep 60\"",
    );
    assert_eq!(stdout(&t.root("squeue -h -n half -o %m")), "1.50G\n");
    assert_eq!(
        stdout(&t.root("squeue -h -n half -o %m --noconvert")),
        "1536M\n"
    );
    assert_eq!(
        stdout(&t.root("squeue -h -n big -O MinMemory:8 --noconvert")),
        "4000M   \n"
    );
    assert_eq!(t.root("scancel -n half").exit, 0);
    // `%-6j` is no format squeue knows: it says so and skips it.
    let out = t.root("squeue -h -o %-6j");
    assert_eq!(
        err(&out),
        "squeue: error: Invalid job format specification: -\n"
    );
    assert_eq!(
        stdout(&t.root("squeue -h -t R -u root -o %p")),
        "0.00000293529593\n"
    );
    assert_eq!(
        stdout(&t.root("squeue -h -u alice,bob -o %j")),
        "last\nnext\n"
    );
    assert_eq!(stdout(&t.root("squeue -h -p debug -o %j")), "last\n");
    assert_eq!(stdout(&t.root("squeue -h -w node-2 -o %j")), "big\n");
    assert_eq!(stdout(&t.root("squeue -h -S -i -o %i")), "3\n2\n1\n");
    assert_eq!(stdout(&t.root("squeue -h -n big,last -o %i")), "3\n1\n");
    assert_eq!(stdout(&t.run_as("bob", "~", "squeue -h --me -o %i")), "3\n");
    let out = t.root("squeue -l -h");
    assert!(stdout(&out).starts_with("                 3     debug     last      bob  RUNNING       0:01     10:00      1 node-1\n"), "{}", stdout(&out));
    // Every letter is a field in 22.05 (`%J` threads per core, unset).
    let out = t.root("squeue -h -o \"%i %J %!\" -j 3");
    assert_eq!(
        err(&out),
        "squeue: error: Invalid job format specification: !\n"
    );
    assert_eq!(stdout(&out), "3 * %!\n");
}

#[test]
fn sinfo_formats_and_filters() {
    let mut t = Term::new("2026-11-30T03:00:00");
    t.submit("root", WORK, "sbatch -N 2 -n 128 --wrap \"sleep 600\"");
    assert_eq!(
        t.root("scontrol update NodeName=node-4 State=DOWN Reason=dead")
            .exit,
        0
    );
    t.c.advance(1);
    for (i, n) in (0u32..).zip(t.c.nodes.iter_mut()) {
        n.base_load_centi = 10 * i;
    }
    let out = t.root("sinfo");
    assert_eq!(
        stdout(&out),
        // Sorted by state, highest first: ALLOCATED, IDLE, DOWN.
        "PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST\n\
         gpu*         up 7-00:00:00      2  alloc node-[1-2]\n\
         gpu*         up 7-00:00:00      1   idle node-3\n\
         gpu*         up 7-00:00:00      1   down node-4\n\
         debug        up    1:00:00      1  alloc node-1\n"
    );
    // -S replaces the default keys: the partitions by name, then the
    // lowest state first; -N's default is the node list, reversed here.
    assert_eq!(
        stdout(&t.root("sinfo -h -S P,t -o \"%R %t %N\"")),
        "debug alloc node-1\ngpu down node-4\ngpu idle node-3\ngpu alloc node-[1-2]\n"
    );
    assert_eq!(
        stdout(&t.root("sinfo -h -N -S -N,#P -o \"%N %R\"")),
        "node-4 gpu\nnode-3 gpu\nnode-2 gpu\nnode-1 gpu\nnode-1 debug\n"
    );
    // A line without a reason sorts as an empty one.
    assert_eq!(
        stdout(&t.root("sinfo -h -S D -o \"%D %E\"")),
        "1 dead\n3 none\n"
    );
    assert_eq!(
        stdout(&t.root("sinfo -h -S E -o \"%D %E\"")),
        "3 none\n1 dead\n"
    );
    let out = t.root("sinfo -o \"%P %C %F %z\" -p gpu");
    assert_eq!(
        stdout(&out),
        "PARTITION CPUS(A/I/O/T) NODES(A/I/O/T) S:C:T\ngpu* 128/64/64/256 2/1/1/4 2:32:1\n"
    );
    // Sizes such as CPU_LOAD split the nodes only with -e (`exact_match`);
    // without, the line shows their range.
    assert_eq!(stdout(&t.root("sinfo -h -p gpu -o \"%O\"")), "0.20-64.10\n");
    assert_eq!(
        stdout(&t.root("sinfo -e -h -p gpu -o \"%O\""))
            .lines()
            .count(),
        4
    );
    let out = t.root("sinfo -t idle -h -o %N");
    assert_eq!(stdout(&out), "node-3\n");
    let out = t.root("sinfo -R -l");
    assert_eq!(
        stdout(&out).lines().nth(1),
        Some("REASON               USER         TIMESTAMP           STATE  NODELIST")
    );
    let out = t.root("sinfo -s -h");
    assert_eq!(
        stdout(&out),
        "gpu*         up 7-00:00:00          2/1/1/4 node-[1-4]\ndebug        up    1:00:00          1/0/0/1 node-1\n"
    );
    let out = t.root("sinfo -l -h -p debug");
    assert_eq!(
        stdout(&out),
        "debug        up    1:00:00 1-infinite   no       NO        all      1   allocated node-1\n"
    );
    // S:C:T gives each of its parts as a range; -e splits on it.
    t.c.nodes[3].sockets = 1;
    for (exact, lines) in [("", "1+:32:1 4\n"), ("-e ", "2:32:1 3\n1:32:1 1\n")] {
        let out = t.root(&format!("sinfo {exact}-h -p gpu -o \"%z %D\""));
        assert_eq!(stdout(&out), lines, "{exact}");
    }
}

#[test]
fn sacct_fields_parsable_and_filters() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let a = t.submit("alice", "~", "sbatch -J one -N 2 --wrap \"srun hostname\"");
    t.submit("bob", "~", "sbatch -J two --wrap \"sleep 5\"");
    t.c.advance(10);
    let out = t.root("sacct -P -o JobID,JobName,NNodes,NodeList,Elapsed,Start,End,State");
    assert_eq!(
        stdout(&out),
        format!(
            "JobID|JobName|NNodes|NodeList|Elapsed|Start|End|State\n\
             {a}|one|2|node-[1-2]|00:00:00|2026-11-30T03:00:00|2026-11-30T03:00:00|COMPLETED\n\
             {a}.batch|batch|1|node-1|00:00:00|2026-11-30T03:00:00|2026-11-30T03:00:00|COMPLETED\n\
             {a}.0|hostname|2|node-[1-2]|00:00:00|2026-11-30T03:00:00|2026-11-30T03:00:00|COMPLETED\n\
             2|two|1|node-1|00:00:05|2026-11-30T03:00:00|2026-11-30T03:00:05|COMPLETED\n\
             2.batch|batch|1|node-1|00:00:05|2026-11-30T03:00:00|2026-11-30T03:00:05|COMPLETED\n"
        )
    );
    // Users see their own jobs; -a and root see all; -X drops steps.
    assert_eq!(
        stdout(&t.run_as("bob", "~", "sacct -n -X -o jobname")),
        "       two \n"
    );
    assert_eq!(
        stdout(&t.run_as("bob", "~", "sacct -a -n -X -o jobname")),
        "       one \n       two \n"
    );
    assert_eq!(stdout(&t.root("sacct -n -X -o jobid%5,state -s F")), "");
    assert_eq!(
        stdout(&t.root("sacct -p -n -X -j 2 -o jobid,user")),
        "2|bob|\n"
    );
    assert_eq!(
        stdout(&t.root("sacct -b -n -j 2")),
        "2             COMPLETED      0:0 \n2.batch       COMPLETED      0:0 \n"
    );
}

#[test]
fn sprio_and_sshare_options() {
    let mut t = Term::new("2026-11-30T03:00:00");
    t.submit(
        "root",
        WORK,
        "sbatch -N 4 --gpus-per-node=8 --wrap \"sleep 600\"",
    );
    t.submit(
        "bob",
        "~",
        "sbatch -n 4 --gpus-per-node=1 --wrap \"sleep 600\"",
    );
    t.c.advance(1);
    let out = t.root("sprio -w");
    assert_eq!(
        stdout(&out),
        "          JOBID PARTITION   PRIORITY       SITE        AGE  FAIRSHARE    JOBSIZE  PARTITION        QOS                 TRES\n\
         \x20       Weights                               1       1000      10000       1000       1000       1000        GRES/gpu=1000\n"
    );
    // 22.05's long format has no ACCOUNT column (later releases add one).
    assert_eq!(
        stdout(&t.root("sprio -w -l")),
        "          JOBID PARTITION     USER   PRIORITY       SITE        AGE      ASSOC  FAIRSHARE    JOBSIZE  PARTITION        QOS        NICE                 TRES\n\
         \x20       Weights                                        1       1000          0      10000       1000       1000       1000                    GRES/gpu=1000\n"
    );
    let out = t.root("sprio -l");
    assert_eq!(
        stdout(&out),
        "          JOBID PARTITION     USER   PRIORITY       SITE        AGE      ASSOC  FAIRSHARE    JOBSIZE  PARTITION        QOS        NICE                 TRES\n\
         \x20             2 gpu            bob      11264          0          0          0      10000        133       1000        100           0          gres/gpu=31\n"
    );
    assert_eq!(
        stdout(&t.root("sprio -j 1")),
        "          JOBID PARTITION   PRIORITY       SITE        AGE  FAIRSHARE    JOBSIZE  PARTITION        QOS                 TRES\nUnable to find jobs matching user/id(s) specified\n"
    );
    let out = t.run_as("bob", "~", "sshare -l -U");
    let lines: Vec<String> = stdout(&out).lines().map(str::to_owned).collect();
    assert_eq!(
        lines[0],
        "Account                    User  RawShares  NormShares    RawUsage   NormUsage  EffectvUsage  FairShare    LevelFS                    GrpTRESMins                    TRESRunMins "
    );
    assert_eq!(lines.len(), 3);
    assert!(lines[2].starts_with("  team-b                    bob          1    1.000000           0    0.000000      0.000000   1.000000        inf                                "), "{}", lines[2]);
    // Root's own usage is never normalized: blank, as Debian's 22.05.8
    // printed it.
    let out = t.root("sshare -l -P -n -o Account,RawUsage,NormUsage,EffectvUsage");
    assert!(
        stdout(&out).starts_with("root|0||1.000000\n"),
        "{}",
        stdout(&out)
    );
    let out = t.root("sshare -a -P -n");
    assert_eq!(stdout(&out).lines().count(), 7);
    assert!(
        stdout(&out).starts_with("root|||0.000000|"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn sprio_formats_normalizes_and_sorts_as_sprio_does() {
    let mut t = Term::new("2026-11-30T03:00:00");
    t.submit(
        "root",
        WORK,
        "sbatch -N 4 --gpus-per-node=8 --wrap \"sleep 600\"",
    );
    t.submit("bob", "~", "sbatch -G 4 --wrap \"sleep 600\"");
    t.submit("alice", "~", "sbatch -G 1 --nice=50 --wrap \"sleep 600\"");
    t.c.advance(1);
    // -o: the text before the first % first, each field's suffix after it,
    // an unknown letter reported and left out.
    let out = t.root("sprio -o \"id=%.4i|%u|%z|%5Y|%F|%T|%N\"");
    assert_eq!(
        stdout(&out),
        "id=JOBI|USER|PRIOR|FAIRSHARE|TRES|NICE\n\
         id=   2|bob|11351|10000|gres/gpu=125|0\n\
         id=   3|alice|11208|10000|gres/gpu=31|50\n"
    );
    assert_eq!(
        err(&out),
        "sprio: error: Invalid job format specification: z\n"
    );
    // -n: the normalized factors, and the priority over 2^32 - 1.
    assert_eq!(
        stdout(&t.root("sprio -n -j 2")),
        "          JOBID PARTITION PRIORITY   AGE        FAIRSHARE  JOBSIZE    PARTITION  QOS        TRES                \n\
         \x20             2 gpu       0.00000264 0.0000000  1.0000000  0.1269531  1.0000000  0.1000000  gres/gpu=0.12       \n"
    );
    // -u adds the user column; -S -Y sorts by priority, highest first.
    assert_eq!(
        stdout(&t.root("sprio -u alice,bob -S -Y -o %i/%u")),
        "JOBID/USER\n2/bob\n3/alice\n"
    );
    assert_eq!(stdout(&t.root("sprio -S -u -o %i")), "JOBID\n2\n3\n");
    assert_eq!(stdout(&t.root("sprio -S u -h -o %i")), "3\n2\n");
    assert!(
        stdout(&t.root("sprio -u bob"))
            .starts_with("          JOBID PARTITION     USER   PRIORITY")
    );
    let bad = t.root("sprio -S x");
    assert_eq!(
        (err(&bad).as_str(), bad.exit),
        ("sprio: error: Invalid sort specification: x\n", 1)
    );
    // The weights row of a format of one's own.
    assert_eq!(
        stdout(&t.root("sprio -w -o \"%i %S %a %F %T\"")),
        "JOBID SITE AGE FAIRSHARE TRES\nWeights 1 1000 10000 GRES/gpu=1000\n"
    );
    for (line, stderr, code) in [
        (
            "sprio -l -o %i",
            "sprio: fatal: Options -o(--format) and -l(--long) are mutually exclusive. Please remove one and retry.\n",
            1,
        ),
        ("sprio -j 2,x", "sprio: error: Invalid job id: x\n", 1),
        (
            "sprio -u nobody -h",
            "sprio: error: Invalid user: nobody\n\n",
            0,
        ),
    ] {
        let out = t.root(line);
        assert_eq!((err(&out).as_str(), out.exit), (stderr, code), "{line}");
    }
    let extra = t.root("sprio -j 2 3 4");
    assert_eq!(err(&extra), "sprio: error: Unrecognized option: 3\n");
    assert!(stdout(&extra).starts_with("Usage: sprio [-j jid[s]]"));
    let verbose = stdout(&t.root("sprio -vv -j 2 -u bob -h"));
    assert!(
        verbose.starts_with(
            "-----------------------------\nformat     = (null)\njob_flag   = 1\njobs       = 2\n"
        ),
        "{verbose}"
    );
    assert!(
        verbose.contains("job_list[0] = 2\nuser_list[0] = 1002\n"),
        "{verbose}"
    );
}

#[test]
fn sshare_columns_by_name_and_tres_usage_by_association() {
    let mut t = Term::new("2026-11-30T03:00:00");
    t.submit(
        "root",
        WORK,
        "sbatch -N 2 --gpus-per-node=4 -t 10 --wrap \"sleep 300\"",
    );
    t.submit("bob", "~", "sbatch -n 4 -G 1 --mem=2G --wrap \"sleep 120\"");
    t.c.advance(400);
    // Prefixes of the column names, either case, the first that fits;
    // %N a width (positive: right-aligned).
    let out = t.root("sshare -a -h -o acc,u,rawu,GrpTRESRaw%90 -A team-b");
    assert_eq!(
        stdout(&out),
        "team-b                                  479               cpu=7,mem=4094,energy=0,node=1,billing=7,fs/disk=0,vmem=0,pages=0,gres/gpu=1 \n\
         \x20team-b                     bob         479               cpu=7,mem=4094,energy=0,node=1,billing=7,fs/disk=0,vmem=0,pages=0,gres/gpu=1 \n"
    );
    // Two nodes with 4 GPUs and 4000 MB each for 300 s, decayed a little:
    // 9 CPU-, 9 node-, 39 GPU-minutes; the account sums its users.
    let team_a = stdout(&t.root("sshare -P -n -a -A team-a -o user,GrpTRESRaw"));
    assert_eq!(
        team_a,
        "|cpu=9,mem=39988,energy=0,node=9,billing=9,fs/disk=0,vmem=0,pages=0,gres/gpu=39\n\
         alice|cpu=0,mem=0,energy=0,node=0,billing=0,fs/disk=0,vmem=0,pages=0,gres/gpu=0\n\
         root|cpu=9,mem=39988,energy=0,node=9,billing=9,fs/disk=0,vmem=0,pages=0,gres/gpu=39\n"
    );
    assert_eq!(
        stdout(&t.root("sshare -m -P -o cluster,p")),
        "Cluster|Partition\ncluster|\ncluster|\ncluster|\ncluster|\ncluster|\n"
    );
    let bad = t.root("sshare -o Account,Bogus");
    assert_eq!(
        (err(&bad).as_str(), stdout(&bad).as_str(), bad.exit),
        ("sshare: error: Invalid field requested: \"Bogus\"\n", "", 1)
    );
    assert_eq!(
        stdout(&t.root("sshare -e")).lines().next(),
        Some("Account           Cluster           EffectvUsage      FairShare        ")
    );
    let verbose = t.run_as("bob", "~", "sshare -v -n");
    assert_eq!(
        err(&verbose),
        "Users requested:\n\t: bob\nAccounts requested:\n\t: all\n"
    );
    // sshare names what it asks for before it reads the columns.
    let both = t.run_as("bob", "~", "sshare -v -A team-b -o user,x");
    assert_eq!(
        (err(&both).as_str(), both.exit),
        (
            "Users requested:\n\t: bob\nAccounts requested:\n\t: team-b\n\
             sshare: error: Invalid field requested: \"x\"\n",
            1
        )
    );
    let q = t.root("sshare -q");
    assert_eq!(
        (err(&q).as_str(), q.exit),
        ("getopt error, returned q\n", 1)
    );
}

#[test]
fn srun_names_its_mpi_plugins_and_refuses_others() {
    let mut t = Term::new("2026-11-30T00:00:00");
    let list = t.root("srun --mpi=list");
    assert_eq!(list.exit, 0);
    assert!(stdout(&list).starts_with("MPI plugin types are...\n\tpmix\n\tnone\n"));
    assert!(stdout(&list).ends_with("versions available: pmix_v4\n"));
    let bad = t.root("srun --mpi=openmpi hostname");
    assert_eq!(bad.exit, 1);
    assert_eq!(
        err(&bad),
        "srun: error: Invalid MPI type 'openmpi', --mpi=list for acceptable types\n"
    );
    let ok = t.root("srun --mpi=pmix -N1 hostname");
    assert_eq!(ok.exit, 0, "{}", err(&ok));
}

#[test]
fn scancel_w_cancels_only_the_jobs_on_those_nodes() {
    let mut t = Term::new("2026-11-30T03:30:00");
    let on_one = t.submit("alice", "~", "sbatch -w node-1 --wrap \"sleep 600\"");
    let on_two = t.submit("alice", "~", "sbatch -w node-2 --wrap \"sleep 600\"");
    t.c.advance(1);
    assert_eq!(t.run_as("alice", "~", "scancel -w node-[2-3]").exit, 0);
    assert_eq!(
        t.run_as("alice", "~", "scancel -w node-[").exit,
        0,
        "a bad list matches nothing"
    );
    t.c.advance(1);
    let state = |t: &Term, id| t.c.job(id).map(|j| j.state);
    assert_eq!(state(&t, on_one), Some(JobState::Running));
    assert_eq!(state(&t, on_two), Some(JobState::Cancelled));
}

#[test]
fn scontrol_ping_names_each_controller_of_slurm_conf() {
    let mut t = Term::new("2026-11-30T00:00:00");
    let out = t.run_as("alice", "~", "scontrol ping");
    assert_eq!(
        (stdout(&out), out.exit),
        ("Slurmctld(primary) at vm is UP\n".into(), 0)
    );
    let out = t.root("scontrol ping now");
    assert_eq!(err(&out), "too many arguments for keyword:ping\n");
    let mut t = Term::with_conf(
        "SlurmctldHost=vm(127.0.0.1)",
        "SlurmctldHost=ctl1\nSlurmctldHost=ctl2(10.0.0.2)",
    );
    assert_eq!(
        stdout(&t.root("scontrol ping")),
        "Slurmctld(primary) at ctl1 is UP\nSlurmctld(backup) at ctl2 is DOWN\n\
         *****************************************\n\
         ** RESTORE SLURMCTLD DAEMON TO SERVICE **\n\
         *****************************************\n"
    );
}

#[test]
fn scontrol_show_job_d_names_the_gpus_each_node_holds() {
    let mut t = Term::new("2026-11-30T03:30:00");
    t.submit(
        "alice",
        "~",
        "sbatch -N1 -w node-1 --gres=gpu:4 --wrap \"sleep 600\"",
    );
    t.c.advance(60);
    let two = t.submit(
        "alice",
        "~",
        "sbatch -N2 -w node-[1-2] --gres=gpu:1 --wrap \"sleep 600\"",
    );
    t.c.advance(60);
    let out = stdout(&t.run_as("alice", "~", &format!("scontrol -d show job {two}")));
    let gres: Vec<&str> = out
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("Nodes="))
        .collect();
    assert_eq!(
        gres,
        [
            "node-1 CPU_IDs=0 Mem=4000 GRES=gpu:1(IDX:4)",
            "node-2 CPU_IDs=0 Mem=4000 GRES=gpu:1(IDX:0)"
        ],
        "{out}"
    );
}

#[test]
fn scontrol_show_config_lists_the_reference_conf_with_defaults() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let text = stdout(&t.root("scontrol show config"));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Configuration data as of 2026-11-30T03:00:00");
    for line in [
        "AccountingStorageEnforce = associations",
        "ClusterName             = cluster",
        "DefMemPerCPU            = 4000",
        "EnforcePartLimits       = ALL",
        "GresTypes               = gpu",
        "MessageTimeout          = 10 sec",
        "MinJobAge               = 300 sec",
        "MpiDefault              = none",
        "PriorityDecayHalfLife   = 7-00:00:00",
        "PriorityCalcPeriod      = 00:01:00",
        "PriorityFlags           = ",
        "PriorityType            = priority/multifactor",
        "PriorityWeightFairShare = 10000",
        "PriorityWeightTRES      = GRES/gpu=1000",
        "SchedulerType           = sched/backfill",
        "SelectType              = select/cons_tres",
        "SelectTypeParameters    = CR_CORE_MEMORY",
        "SlurmctldTimeout        = 120 sec",
        "SLURM_CONF              = /etc/slurm/slurm.conf",
        "SLURM_VERSION           = 22.05.8",
    ] {
        assert!(lines.contains(&line), "{line}\n{text}");
    }
    assert_eq!(
        lines[lines.len() - 2..],
        ["", "Slurmctld(primary) at vm is UP"]
    );
    // Sorted as slurmctld lists them: the priority keys together.
    let at = |key: &str| lines.iter().position(|l| l.starts_with(key));
    assert!(at("PriorityDecayHalfLife") < at("PriorityType "));
    assert!(at("PriorityType ") < at("PriorityWeightAge"));
}

#[test]
fn sacct_delimiter_replaces_the_bar_only_when_parsable() {
    let mut t = Term::new("2026-11-30T00:00:00");
    t.submit("alice", "~", "sbatch -n 2 --wrap \"sleep 60\"");
    t.c.advance(120);
    assert_eq!(
        stdout(&t.run_as(
            "alice",
            "~",
            "sacct -X -p --delimiter=, -o jobid,state,exitcode"
        )),
        "JobID,State,ExitCode,\n1,COMPLETED,0:0,\n"
    );
    assert_eq!(
        stdout(&t.run_as("alice", "~", "sacct -X -P --delimiter=:: -n -o jobid,state")),
        "1::COMPLETED\n"
    );
    assert_eq!(
        stdout(&t.run_as("alice", "~", "sacct -X -n --delimiter=, -o jobid,state")),
        "1             COMPLETED \n"
    );
}

#[test]
fn scancel_v_says_what_it_terminates_and_why_nothing_happened() {
    let mut t = Term::new("2026-11-30T03:30:00");
    let running = t.submit("alice", "~", "sbatch --wrap \"sleep 600\"");
    let short = t.submit("alice", "~", "sbatch --wrap \"sleep 1\"");
    t.c.advance(120);
    let out = t.run_as("alice", "~", &format!("scancel -v {running}"));
    assert_eq!(
        (err(&out), out.exit),
        (format!("scancel: Terminating job {running}\n"), 0)
    );
    let out = t.run_as("alice", "~", &format!("scancel -v {short} 99999"));
    assert_eq!(
        (err(&out), out.exit),
        (
            format!(
                "scancel: Terminating job {short}\n\
                 scancel: error: Kill job error on job id {short}: Job/step already completing or completed\n\
                 scancel: Terminating job 99999\n\
                 scancel: error: Kill job error on job id 99999: Invalid job id specified\n"
            ),
            0
        )
    );
    // Without -v, or with -Q, nothing is said.
    assert_eq!(err(&t.run_as("alice", "~", "scancel 99999")), "");
    assert_eq!(err(&t.run_as("alice", "~", "scancel -v -Q 99999")), "");
}

#[test]
fn scancel_signal_cancels_only_with_kill_and_says_what_it_cannot_send() {
    let mut t = Term::new("2026-11-30T03:30:00");
    let running = t.submit("alice", "~", "sbatch --wrap \"sleep 600\"");
    let pending = t.submit(
        "alice",
        "~",
        "sbatch --begin=now+1hour --wrap \"sleep 600\"",
    );
    t.c.advance(1);
    let out = t.run_as("alice", "~", &format!("scancel -s USR1 {running}"));
    assert_eq!(out.exit, 1);
    assert!(
        err(&out).contains("sbatch --signal=B:USR1@SECONDS"),
        "{}",
        err(&out)
    );
    let out = t.run_as(
        "alice",
        "~",
        &format!("scancel -v -b --signal=10 {pending}"),
    );
    assert_eq!(
        (err(&out), out.exit),
        (
            format!(
                "scancel: Signal 10 to batch job {pending}\n\
                 scancel: error: Kill job error on job id {pending}: Job can not be altered now, try again later\n"
            ),
            1
        )
    );
    let out = t.run_as("alice", "~", &format!("scancel --signal=NOPE {running}"));
    assert_eq!(
        (err(&out), out.exit),
        ("Unknown job signal: NOPE\n".to_owned(), 1)
    );
    // Neither job was touched; KILL cancels, as scancel alone does.
    let states = |t: &Term| [running, pending].map(|id| t.c.job(id).map(|j| j.state));
    assert_eq!(
        states(&t),
        [Some(JobState::Running), Some(JobState::Pending)]
    );
    let out = t.run_as(
        "alice",
        "~",
        &format!("scancel -s SIGKILL {running} {pending}"),
    );
    assert_eq!(out.exit, 0);
    assert_eq!(states(&t), [Some(JobState::Cancelled); 2]);
}

#[test]
fn scancel_reads_task_lists_commas_and_whole_arrays() {
    let mut t = Term::new("2026-11-30T03:30:00");
    let a = t.submit("alice", "~", "sbatch --array=1-8%1 --wrap \"sleep 600\"");
    t.c.advance(1);
    let left =
        |t: &mut Term| stdout(&t.run_as("alice", "~", "squeue -r -h -o %i")).replace('\n', " ");
    assert_eq!(
        t.run_as("alice", "~", &format!("scancel {a}_[3-4,6] {a}_2,{a}_8"))
            .exit,
        0
    );
    assert_eq!(left(&mut t), format!("{a}_5 {a}_7 {a}_1 "));
    // A task the array never had is no job.
    let out = t.run_as("alice", "~", &format!("scancel -v {a}_[9]"));
    assert_eq!(
        err(&out),
        format!(
            "scancel: Terminating job {a}_9\n\
             scancel: error: Kill job error on job id {a}_9: Invalid job id specified\n"
        )
    );
    assert_eq!(t.run_as("alice", "~", &format!("scancel {a}_*")).exit, 0);
    assert_eq!(left(&mut t), "");
    for bad in ["1_[3", "1_[2-1]", "1_[1]x", "0", "1,", "1_x"] {
        let out = t.run_as("alice", "~", &format!("scancel '{bad}'"));
        assert_eq!(
            (err(&out), out.exit),
            (format!("scancel: error: Invalid job id {bad}\n"), 1),
            "{bad}"
        );
    }
}

#[test]
fn sshare_a_shows_only_the_accounts_named_with_the_tree_restarting_at_the_margin() {
    let mut t = Term::new("2026-11-30T03:30:00");
    let rows = |t: &mut Term, line: &str| -> Vec<String> {
        stdout(&t.run_as("alice", "~", line))
            .lines()
            .skip(2)
            .map(|l| {
                l.split_whitespace().take(2).collect::<Vec<_>>().join(" ")
                    + &format!(" @{}", l.len() - l.trim_start().len())
            })
            .collect()
    };
    // slurmctld returns only the associations of the accounts named, root's
    // too; an account whose parent is not among them starts at the margin.
    assert_eq!(
        rows(&mut t, "sshare -A team-a"),
        ["team-a 3 @0", "team-a alice @1"]
    );
    assert_eq!(
        rows(&mut t, "sshare -A TEAM-A,team-b -a"),
        [
            "team-a 3 @0",
            "team-a alice @1",
            "team-a root @1",
            "team-b 1 @0",
            "team-b bob @1"
        ]
    );
    assert_eq!(rows(&mut t, "sshare -A nosuch"), Vec::<String>::new());
    // Without -A the tree is whole, root first.
    assert_eq!(
        rows(&mut t, "sshare")[..2],
        ["root 0.000000 @0".to_owned(), "team-a 3 @1".to_owned()]
    );
}

/// `-j ID.STEP` makes the database hide the job's line
/// (`as_mysql_jobacct_process.c` sets `show_full` to 0), so sacct
/// prints only the steps named; `-X` reads no step and shows the line.
#[test]
fn sacct_step_selection_shows_only_the_steps_named() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let a = t.submit("alice", "~", "sbatch -J one --wrap \"srun hostname\"");
    let b = t.submit("bob", "~", "sbatch -J two --wrap \"sleep 5\"");
    t.c.advance(10);
    assert_eq!((a, b), (1, 2));
    for (args, rows) in [
        ("-j 1.0", "1.0|hostname\n"),
        ("-j 1.batch", "1.batch|batch\n"),
        ("-j 1.extern", ""),
        ("-j 1.7", ""),
        ("-j 1.0,2", "1.0|hostname\n2|two\n2.batch|batch\n"),
        ("-j 1.0 -j 1.batch", "1.batch|batch\n1.0|hostname\n"),
        // The whole job named first wins; named after a step, it shows
        // the line but keeps the step filter.
        ("-j 1,1.0", "1|one\n1.batch|batch\n1.0|hostname\n"),
        ("-j 1.0,1", "1|one\n1.0|hostname\n"),
        ("-X -j 1.0", "1|one\n"),
        ("-X -j 1.0,1.7", "1|one\n"),
        // Job 0 matches every job's array and het job ids (0).
        ("-j 0.0", "1.0|hostname\n"),
    ] {
        let out = t.root(&format!("sacct -n -P -o jobid,jobname {args}"));
        assert_eq!(stdout(&out), rows, "{args}");
    }
    assert_eq!(
        stdout(&t.root("sacct -b -j 1.batch")),
        "JobID             State ExitCode \n------------ ---------- -------- \n\
         1.batch       COMPLETED      0:0 \n"
    );
    assert_eq!(stdout(&t.root("sacct -j ''")), stdout(&t.root("sacct")));
    for (item, refusal) in [
        ("1.x", "Bad step specified: 1"),
        ("1.", "Bad step specified: 1"),
        ("x", "Bad job/step specified: x"),
        ("1_x", "Bad job array element specified: 1"),
    ] {
        let out = t.root(&format!("sacct -j {item}"));
        assert_eq!(
            (err(&out), out.exit),
            (format!("sacct: fatal: {refusal}\n"), 1)
        );
        assert_eq!(stdout(&out), "", "{item}");
    }
}

/// Without `TrackWCKey` slurmctld keeps `--wckey` unchecked, in lower
/// case (`_validate_job_desc` in `job_mgr.c`); sacct prints it on the
/// job's line only, and scontrol prints no `WCKey=` (`job_info.c` adds
/// it only with `TrackWCKey`).
#[test]
fn sbatch_wckey_is_kept_for_sacct_without_track_wckey() {
    let mut t = Term::new("2026-11-30T03:00:00");
    t.submit("alice", "~", "sbatch --wckey=ProjX --wrap \"sleep 5\"");
    t.file(
        &format!("{WORK}/job.sh"),
        "#!/bin/bash\n#SBATCH --wckey=night\nsleep 5\n",
    );
    t.submit("root", WORK, "sbatch job.sh");
    t.submit("root", WORK, "sbatch --wckey=cli job.sh");
    t.submit("alice", "~", "sbatch --wrap \"sleep 5\"");
    t.c.advance(10);
    assert_eq!(
        stdout(&t.root("sacct -n -P -o jobid,wckey")),
        "1|projx\n1.batch|\n2|night\n2.batch|\n3|cli\n3.batch|\n4|\n4.batch|\n"
    );
    assert!(!stdout(&t.root("scontrol show job 1")).contains("WCKey"));
    // Untracked wckeys have the database id 0, on the job's line only.
    assert_eq!(
        stdout(&t.root("sacct -n -P -j 1,4 -o jobid,wckey,wckeyid")),
        "1|projx|0\n1.batch||\n4||0\n4.batch||\n"
    );
    let wide = stdout(&t.root("sacct -n -j 4 -o wckey,wckeyid"));
    assert_eq!(
        wide.lines().next(),
        Some(&*format!("{:>10} {:>10} ", "", 0))
    );
}

/// With `TrackWCKey=yes` slurmctld gives a job that names no wckey `*`
/// (its user has no default wckey), keeps a named one, and scontrol shows
/// `WCKey=` after `QOS=` (`_copy_job_desc_to_job_record` in job_mgr.c,
/// `slurm_sprint_job_info` in job_info.c).
#[test]
fn tracked_wckeys_default_to_star() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let track = ("TrackWCKey".to_owned(), "Yes".to_owned());
    t.c.config.other.push(track);
    t.submit("alice", "~", "sbatch --wckey=ProjX --wrap \"sleep 5\"");
    t.submit("alice", "~", "sbatch --wrap \"sleep 5\"");
    t.c.advance(10);
    assert_eq!(
        stdout(&t.root("sacct -n -P -o jobid,wckey")),
        "1|projx\n1.batch|\n2|*\n2.batch|\n"
    );
    for (id, key) in [(1, "projx"), (2, "*")] {
        let show = stdout(&t.root(&format!("scontrol show job {id}")));
        let line = show
            .lines()
            .find(|l| l.trim_start().starts_with("Priority="));
        assert!(
            line.is_some_and(|l| l.ends_with(&format!(" WCKey={key}"))),
            "{show}"
        );
    }
}

/// `wckeys` in `AccountingStorageEnforce` tracks wckeys and refuses a job
/// whose wckey its user lacks; this model's users have none, so every
/// job is refused (read_config.c sets `CTL_CONF_WCKEY` for it).
#[test]
fn enforced_wckeys_refuse_jobs_without_one() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let enforce = (
        "AccountingStorageEnforce".to_owned(),
        "associations,wckeys".to_owned(),
    );
    t.c.config.other.push(enforce);
    for line in ["sbatch --wrap true", "sbatch --wckey=a --wrap true"] {
        let out = t.run_as("alice", "~", line);
        assert_eq!(
            (err(&out), out.exit),
            (
                "sbatch: error: Batch job submission failed: Invalid wckey specification\n"
                    .to_owned(),
                1
            ),
            "{line}"
        );
    }
}

/// `--exclusive` gives a job every CPU and GPU of its nodes and the memory
/// it asks, and scontrol shows whom it shares them with (`arg_set_exclusive`
/// in slurm_opt.c, `job_share_string`); a step with `--exclusive` is cut
/// to its tasks' CPUs as with `--exact`; any other argument is refused.
#[test]
fn exclusive_jobs_hold_whole_nodes() {
    let mut t = Term::new("2026-11-30T03:00:00");
    t.submit("alice", "~", "sbatch --exclusive -n2 --wrap \"sleep 500\"");
    t.submit("alice", "~", "sbatch --exclusive=User --wrap \"sleep 500\"");
    t.submit("alice", "~", "sbatch --wrap \"sleep 500\"");
    t.c.advance(1);
    let shown = |t: &mut Term, id: u32| {
        let text = stdout(&t.root(&format!("scontrol show job {id}")));
        let pick = |key: &str| {
            text.split_whitespace()
                .find_map(|w| w.strip_prefix(key))
                .map(str::to_owned)
        };
        (pick("NumCPUs="), pick("OverSubscribe="), pick("TRES="))
    };
    let (cpus, share, tres) = shown(&mut t, 1);
    assert_eq!(
        (cpus.as_deref(), share.as_deref()),
        (Some("64"), Some("NO"))
    );
    assert!(tres.is_some_and(|t| t.ends_with("gres/gpu=8")));
    assert_eq!(shown(&mut t, 2).1.as_deref(), Some("USER"));
    assert_eq!(shown(&mut t, 3).1.as_deref(), Some("OK"));
    assert_eq!(
        stdout(&t.root("squeue -h -o %i:%h")),
        "1:NO\n2:USER\n3:OK\n"
    );
    let refused = t.run_as("alice", "~", "sbatch --exclusive=nodes --wrap true");
    assert_eq!(
        (err(&refused).as_str(), refused.exit),
        ("sbatch: error: Invalid --exclusive specification\n", 255)
    );
}

#[test]
fn clusters_reservations_and_licenses_are_asked_as_slurm_takes_them() {
    let mut t = Term::new("2026-11-30T00:00:00");
    t.submit("root", WORK, "sbatch --wrap=hostname");
    let squeue = stdout(&t.root("squeue -M cluster"));
    assert!(
        squeue.starts_with("CLUSTER: cluster\n             JOBID"),
        "{squeue}"
    );
    assert!(squeue.contains("wrap"), "{squeue}");
    assert!(!stdout(&t.root("squeue -h -M all")).contains("CLUSTER"));
    let long = stdout(&t.root("squeue -l --clusters=cluster"));
    let lines: Vec<&str> = long.lines().collect();
    assert!(lines[0].starts_with("Mon Nov 30 00:00:00 2026"), "{long}");
    assert_eq!(
        lines[1], "CLUSTER: cluster",
        "the date first, as squeue's loop"
    );
    let refused = t.root("squeue -M nope");
    assert_eq!(
        (refused.exit, err(&refused)),
        (
            1,
            "squeue: error: 'nope' can't be reached now, or it is an invalid entry for --cluster.  Use 'sacctmgr list clusters' to see available clusters.\n".to_owned()
        )
    );
    // No job asks for a license or a reservation.
    let none = stdout(&t.root("squeue -L matlab"));
    assert_eq!(none.lines().count(), 1, "{none}");
    assert_eq!(stdout(&t.root("squeue -R maint")).lines().count(), 1);
    assert_eq!(
        stdout(&t.root("squeue --hide --local --sib"))
            .lines()
            .count(),
        2
    );
    assert!(stdout(&t.root("sinfo -M cluster")).starts_with("CLUSTER: cluster\nPARTITION"));
    assert_eq!(
        stdout(&t.root("sinfo -T")),
        "No reservations in the system\n"
    );
    assert_eq!(err(&t.root("sinfo -M x")).lines().count(), 1);
    assert_eq!(stdout(&t.root("sinfo --local")), stdout(&t.root("sinfo")));
}

#[test]
fn iterate_prints_one_round_with_its_date_and_says_why_no_more() {
    let mut t = Term::new("2026-11-30T00:00:00");
    let round = t.root("squeue -i 5");
    assert_eq!(
        stdout(&round),
        "Mon Nov 30 00:00:00 2026\n             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n\n"
    );
    assert_eq!(
        (round.exit, err(&round)),
        (
            0,
            "squeue: --iterate: the simulated shell prints one round; run squeue again to see later ones\n".to_owned()
        )
    );
    assert!(
        stdout(&t.root("sinfo --iterate=2")).starts_with("Mon Nov 30 00:00:00 2026\nPARTITION")
    );
    let bad = t.root("squeue -i 0");
    assert_eq!(
        (bad.exit, err(&bad)),
        (1, "squeue: error: --iterate=0\n\n".to_owned())
    );
    let bad = t.root("sinfo -i x");
    assert_eq!(
        (bad.exit, err(&bad)),
        (
            1,
            "sinfo: error: Error: invalid entry for --iterate=x\n".to_owned()
        )
    );
}

#[test]
fn write_batch_script_saves_or_prints_a_jobs_script() {
    let mut t = Term::new("2026-11-30T00:00:00");
    let id = t.submit("alice", "~", "sbatch --wrap=hostname");
    let line = |what: &str| format!("scontrol write batch_script {id} {what}");
    let printed = t.run_as("alice", "~", &line("-"));
    assert_eq!(
        stdout(&printed),
        "#!/bin/sh\n# This script was created by sbatch --wrap.\n\nhostname\n"
    );
    let saved = t.run_as("alice", "~", &line(""));
    assert_eq!(
        stdout(&saved),
        format!("batch script for job {id} written to slurm-{id}.sh\n")
    );
    let home =
        t.c.user("alice")
            .map(|u| u.home.clone())
            .unwrap_or_default();
    let writes = t.c.drain_file_writes();
    assert!(
        writes
            .iter()
            .any(|w| w.path == format!("{home}/slurm-{id}.sh") && w.text.ends_with("hostname\n")),
        "{writes:?}"
    );
    assert_eq!(
        stdout(&t.run_as(
            "alice",
            "~",
            &format!("scontrol -Q write batch_script {id}")
        )),
        ""
    );
    // scontrol says why, and its status stays 0.
    for (user, line, why) in [
        (
            "bob",
            format!("scontrol write batch_script {id}"),
            "Invalid user id",
        ),
        (
            "alice",
            "scontrol write batch_script 99".to_owned(),
            "Invalid job id specified",
        ),
    ] {
        let refused = t.run_as(user, "~", &line);
        assert_eq!(
            (refused.exit, err(&refused)),
            (0, format!("job script retrieval failed: {why}\n")),
            "{line}"
        );
    }
    assert_eq!(
        stdout(&t.root(&format!("scontrol write batch_script {id} -")))
            .lines()
            .count(),
        4
    );
    let bad = t.root("scontrol write nope");
    assert_eq!(
        (bad.exit, err(&bad)),
        (1, "invalid write argument:nope\n".to_owned())
    );
    let bad = t.root("scontrol write");
    assert_eq!(
        (bad.exit, err(&bad)),
        (1, "too few arguments for keyword:write\n".to_owned())
    );
}

#[test]
fn scontrol_shows_what_this_cluster_lacks_and_what_runs_on_its_host() {
    let mut t = Term::new("2026-11-30T00:00:00");
    let cases: [(&str, &str, &str, i32); 10] = [
        ("show licenses", "No licenses configured in Slurm.\n", "", 0),
        ("show lic gpu", "No licenses configured in Slurm.\n", "", 0),
        (
            "show topology",
            "",
            "scontrol: error: No topology information available\n",
            0,
        ),
        (
            "show topo node-1",
            "",
            "scontrol: error: Topology information contains no switch or node named node-1\n",
            0,
        ),
        ("show frontend", "No nodes in the system\n", "", 0),
        (
            "show fr fe[1-2]",
            "Node fe1 not found\nNode fe2 not found\n",
            "",
            1,
        ),
        ("show burstbuffer", "", "", 0),
        // `f` is a federation before it is a front end.
        ("show f", "", "", 0),
        // The terminal is on `vm`, the controller's host, no node's.
        ("show daemons", "slurmctld \n", "", 0),
        ("show aliases node-3", "node-3\n", "", 0),
    ];
    for (words, stdout_text, stderr_text, code) in cases {
        let out = t.root(&format!("scontrol {words}"));
        assert_eq!(
            (stdout(&out).as_str(), err(&out).as_str(), out.exit),
            (stdout_text, stderr_text, code),
            "{words}"
        );
    }
    assert_eq!(stdout(&t.root("scontrol show aliases")), "");
    let extra = t.root("scontrol show daemons x");
    assert_eq!(
        (err(&extra).as_str(), extra.exit),
        ("too many arguments for keyword:show\n", 1)
    );
}

#[test]
fn sacctmgr_lists_the_cluster_its_tres_and_what_it_does_not_keep() {
    let mut t = Term::new("2026-11-30T00:00:00");
    assert_eq!(
        stdout(&t.root("sacctmgr show tres")),
        "    Type            Name     ID \n\
         -------- --------------- ------ \n\
         \x20    cpu                      1 \n\
         \x20    mem                      2 \n\
         \x20 energy                      3 \n\
         \x20   node                      4 \n\
         \x20billing                      5 \n\
         \x20     fs            disk      6 \n\
         \x20   vmem                      7 \n\
         \x20  pages                      8 \n\
         \x20   gres             gpu   1001 \n"
    );
    assert_eq!(
        stdout(&t.root("sacctmgr -P -n list tres where type=cpu,gres ids=1001")),
        "gres|gpu|1001\n"
    );
    // The controller as it registered (vm(127.0.0.1)), 22.05's protocol
    // version, the root association's share.
    assert_eq!(
        stdout(&t.root("sacctmgr -P show cluster")),
        "Cluster|ControlHost|ControlPort|RPC|Share|GrpJobs|GrpTRES|GrpSubmit|MaxJobs|MaxTRES|MaxSubmit|MaxWall|QOS|Def QOS\n\
         cluster|127.0.0.1|6817|9728|1||||||||high,normal|\n"
    );
    assert_eq!(
        stdout(
            &t.root("sacctmgr -P -n show cluster wolimits format=cl,nodecount,clusternodes,plugin")
        ),
        "cluster|4|node-[1-4]|109\n"
    );
    assert_eq!(stdout(&t.root("sacctmgr -n show cluster other")), "");
    assert_eq!(
        stdout(&t.root("sacctmgr show wckeys")),
        "      Name    Cluster       User \n---------- ---------- ---------- \n"
    );
    assert_eq!(
        stdout(&t.root("sacctmgr show runawayjobs")),
        "Runaway Jobs: No runaway jobs found on cluster cluster\n"
    );
    // `tr` is a transaction before it is a TRES.
    let txn = t.root("sacctmgr show tr");
    assert_eq!(
        (err(&txn).as_str(), txn.exit),
        ("sacctmgr: listing transactions is not simulated yet\n", 1)
    );
}

/// What Debian's Slurm 22.05.8 printed on a four-node cluster like the
/// reference one, where this model printed otherwise before.
#[test]
fn details_seen_on_a_real_cluster() {
    let mut t = Term::new("2026-12-07T11:27:39");
    let failed = "sbatch: error: Batch job submission failed:";
    let config = "Requested node configuration is not available";
    let cpus = "sbatch: error: CPU count per node can not be satisfied";
    for (line, said) in [
        (
            "sbatch -c 65 --wrap hostname",
            format!("{cpus}\n{failed} {config}"),
        ),
        (
            "sbatch --ntasks-per-node=65 --wrap hostname",
            format!("{cpus}\n{failed} {config}"),
        ),
        (
            "sbatch --cpus-per-gpu=9 --gpus-per-node=8 --wrap hostname",
            format!("{failed} {config}"),
        ),
        (
            "sbatch --mem-per-gpu=70G --gpus-per-node=8 --wrap hostname",
            format!("{failed} {config}"),
        ),
        (
            "sbatch -N 0 --wrap hostname",
            format!("{failed} Node count specification invalid"),
        ),
    ] {
        let out = t.root(line);
        assert_eq!((out.exit, err(&out)), (1, format!("{said}\n")), "{line}");
    }
    let out = t.root("sacct -X -S 2099-01-01");
    assert_eq!(
        (out.exit, err(&out)),
        (
            1,
            "sacct: error: Start time (2099-01-01T00:00:00) requested is after end time \
             (2026-12-07T11:27:39).\n"
                .to_owned()
        )
    );
    // salloc names its refusals and its jobs in its own words.
    let out = t.root("salloc -N1 -p nosuch hostname");
    assert_eq!(
        (out.exit, err(&out)),
        (
            1,
            "salloc: error: invalid partition specified: nosuch\n\
             salloc: error: Job submit/allocate failed: Invalid partition name specified\n"
                .to_owned()
        )
    );
    // A job that waits holds no TRES yet, and a count without `-N` is one
    // number.
    let full = "sbatch -N 4 --gpus-per-node=8 --wrap \"sleep 300\"";
    t.submit("root", "~", full);
    let a = t.submit("root", "~", "sbatch --gpus-per-node=4 --wrap \"sleep 300\"");
    let big = t.submit("root", "~", full);
    let out = t.root(&format!(
        "sacct -X -n -j {a} -o JobID,State,AllocTRES%20,ReqTRES%40"
    ));
    assert_eq!(
        stdout(&out),
        format!(
            "{a:<12}    PENDING                      billing=1,cpu=1,gres/gpu=4,mem=4000M,no+ \n"
        )
    );
    let show = stdout(&t.root(&format!("scontrol show job {a}")));
    assert!(show.contains("   NumNodes=1 NumCPUs=1 "), "{show}");
    let show = stdout(&t.root(&format!("scontrol show job {big}")));
    assert!(show.contains("   NumNodes=4-4 NumCPUs=4 "), "{show}");
    // The files of an array's waiting tasks: the task shown, or NO_VAL.
    let c = t.submit("root", "~", "sbatch --array=0-3%2 --wrap \"sleep 300\"");
    let task = stdout(&t.root(&format!("scontrol show job {c}_2")));
    assert!(
        task.contains(&format!("StdOut=/root/slurm-{c}_2.out\n")),
        "{task}"
    );
    let all = stdout(&t.root(&format!("scontrol show job {c}")));
    assert!(
        all.contains(&format!("StdOut=/root/slurm-{c}_4294967294.out\n")),
        "{all}"
    );
    // The date line pads the day with a zero; field lists pad every name.
    assert!(stdout(&t.root("sinfo -l")).starts_with("Mon Dec 07 11:27:39 2026\n"));
    let fields = stdout(&t.root("sacct --helpformat"));
    assert!(fields.starts_with(
        "Account             AdminComment        AllocCPUS           AllocNodes         \n"
    ));
    assert!(fields.ends_with("\nWorkDir            \n"));
}
