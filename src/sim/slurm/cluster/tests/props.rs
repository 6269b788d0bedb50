//! Determinism (the same seed and commands give the same outputs and the
//! same state) and random inputs that must never panic.

use proptest::prelude::*;

use super::super::*;
use super::Term;

/// A session mixing every command and the clock.
const SESSION: &[&str] = &[
    "sbatch -N 2 --gpus-per-node=8 -t 30 --wrap \"srun hostname; sleep 900\"",
    "sbatch --array=0-5%2 --gpus-per-node=2 --wrap \"sleep 300\"",
    "sbatch -p debug -n 8 --wrap \"python x.py\"",
    "+120",
    "squeue",
    "scontrol update NodeName=node-2 State=DOWN Reason=test",
    "+300",
    "scontrol update NodeName=node-2 State=RESUME",
    "sinfo -N -l",
    "+3600",
    "sacct",
    "sprio -l",
    "sshare -a -l",
];

fn replay(seed: u64) -> (Vec<CommandOutput>, Cluster) {
    let mut t = Term::new("2026-11-30T00:00:00");
    t.c = Cluster::reference(t.c.now(), seed).unwrap_or_else(|e| panic!("{e}"));
    let mut outs = Vec::new();
    for line in SESSION {
        match line.strip_prefix('+') {
            Some(secs) => t.c.advance(secs.parse().unwrap_or(0)),
            None => outs.push(t.root(line)),
        }
    }
    (outs, t.c)
}

#[test]
fn the_same_seed_replays_the_same_session() {
    let (a, ca) = replay(42);
    let (b, cb) = replay(42);
    assert_eq!(a, b);
    assert_eq!(ca, cb);
    // Another seed changes the node readings, not the schedule.
    let (_, cc) = replay(43);
    assert_eq!(ca.jobs(), cc.jobs());
    assert_ne!(ca.nodes(), cc.nodes());
}

/// Words commands are made of.
fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        proptest::sample::select(vec![
            "sbatch",
            "squeue",
            "sinfo",
            "scancel",
            "scontrol",
            "sacct",
            "sprio",
            "sshare",
            "sstat",
            "sacctmgr",
            "sreport",
            "cluster",
            "utilization",
            "start=2026-11-30",
            "show",
            "assoc",
            "tree",
            "user=alice",
            "format=user%3,qos",
            "add",
            "modify",
            "delete",
            "set",
            "fairshare=50",
            "parent=team-a",
            "account=team-b",
            "srun",
            "-N",
            "-n",
            "-c",
            "-p",
            "-t",
            "-j",
            "-u",
            "-o",
            "-l",
            "-h",
            "-a",
            "-X",
            "-P",
            "-R",
            "-s",
            "--me",
            "--wrap",
            "--array",
            "--gpus",
            "--gpus-per-node",
            "--mem",
            "--dependency",
            "--start",
            "--format",
            "--help",
            "--test-only",
            "--parsable",
            "-w",
            "-x",
            "-H",
            "show",
            "job",
            "node",
            "partition",
            "update",
            "hold",
            "release",
            "requeue",
            "requeuehold",
            "suspend",
            "resume",
            "Incomplete",
            "State=SE",
            "notify",
            "wait_job",
            "reconfigure",
            "setdebug",
            "uhold",
            "NodeName=node-1",
            "State=DRAIN",
            "State=RESUME",
            "State=DOWN",
            "Reason=x",
            "JobId=1",
            "TimeLimit=5",
            "TimeLimit=+5",
            "Dependency=",
            "Dependency=afterok:2",
            "Nice=-5",
            "Name=x",
            "StartTime=now+1hour",
            "gpu",
            "debug",
            "node-[1-4]",
            "1",
            "2",
            "0-3%2",
            "afterok:1",
            "singleton",
            "%i %R",
            "%.5P %N",
            "all",
            "PD",
            "root",
            "alice",
            "hostname",
            "sleep 10",
            "exit 3",
            "=",
            "",
            "--",
            "-",
            "10G",
            "1:00:00",
            "abc",
            "99999",
            "1_2",
            "%",
            "%%",
        ])
        .prop_map(str::to_owned),
        "[ -~]{0,12}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_command_lines_never_panic(lines in proptest::collection::vec(proptest::collection::vec(word(), 0..8), 1..12), steps in proptest::collection::vec(0u64..4000, 1..12)) {
        let mut t = Term::new("2026-11-30T00:00:00");
        for (argv, step) in lines.iter().zip(steps.iter().chain(std::iter::repeat(&0))) {
            let user = if step % 3 == 0 { "alice" } else { "root" };
            let out = t.c.exec(argv, "#!/bin/sh\nsleep 5\n", user);
            prop_assert!((0..=255).contains(&out.exit));
            t.c.advance(*step);
        }
    }
}
