//! A measurement for developers: the simulated Slurm cluster at scale.
//! Builds 1,024 nodes (8 GPUs each) and 10,000 queued jobs, then prints
//! the median time of `squeue` and `sinfo` and of simulating 24 hours of
//! scheduling with backfill.
//!
//! Run: `cargo run --release --no-default-features --example slurm_bench`
//! (the crate's release profile optimises for size, for the wasm build;
//! for native speed prefix `CARGO_PROFILE_RELEASE_OPT_LEVEL=3
//! CARGO_PROFILE_RELEASE_LTO=false`).

use std::time::{Duration, Instant};

use gpu_book::sim::fair_share::{AccountTree, AssocSpec};
use gpu_book::sim::slurm::cluster::{Accounts, Cluster, Qos, Rng, Stream, User};
use gpu_book::sim::slurm::conf::ClusterConfig;

const NODES: usize = 1024;
const JOBS: usize = 10_000;
const TEAMS: usize = 8;
const USERS_PER_TEAM: usize = 4;

fn config() -> ClusterConfig {
    let text = format!(
        "ClusterName=bench\n\
         SlurmctldHost=ctl\n\
         SchedulerType=sched/backfill\n\
         SelectType=select/cons_tres\n\
         SelectTypeParameters=CR_Core_Memory\n\
         DefMemPerCPU=4000\n\
         EnforcePartLimits=ALL\n\
         GresTypes=gpu\n\
         PriorityType=priority/multifactor\n\
         PriorityWeightAge=1000\n\
         PriorityWeightFairshare=10000\n\
         PriorityWeightJobSize=1000\n\
         PriorityWeightPartition=1000\n\
         PriorityWeightQOS=1000\n\
         PriorityWeightTRES=GRES/gpu=1000\n\
         NodeName=gpu[0001-{NODES:04}] CPUs=64 Boards=1 SocketsPerBoard=2 CoresPerSocket=32 ThreadsPerCore=1 RealMemory=512000 Gres=gpu:8 State=UNKNOWN\n\
         PartitionName=gpu Nodes=gpu[0001-{NODES:04}] Default=YES MaxTime=2-00:00:00 DefaultTime=04:00:00 State=UP\n\
         PartitionName=debug Nodes=gpu[0001-0016] MaxTime=01:00:00 DefaultTime=00:30:00 State=UP\n"
    );
    match ClusterConfig::parse(&text) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    }
}

fn accounts() -> Accounts {
    let mut specs = Vec::new();
    let mut users = Vec::new();
    for team in 0..TEAMS {
        let account = format!("team-{team}");
        specs.push(AssocSpec::account("root", &account, 1 + team as u32 % 3));
        for u in 0..USERS_PER_TEAM {
            let name = format!("user{}", team * USERS_PER_TEAM + u);
            specs.push(AssocSpec::user(&account, &name, 1, 0.0));
            users.push(User {
                uid: 2000 + users.len() as u32,
                home: format!("/home/{name}"),
                default_account: account.clone(),
                name,
            });
        }
    }
    let tree = match AccountTree::from_specs(&specs) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    };
    Accounts {
        users,
        qos: vec![
            Qos {
                name: "normal".into(),
                priority: 100,
            },
            Qos {
                name: "high".into(),
                priority: 1000,
            },
        ],
        tree,
    }
}

/// The cluster with its queue, at 2026-11-30T00:00:00.
fn loaded() -> Cluster {
    let mut c = match Cluster::new(config(), accounts(), 1_795_996_800, 1) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    let mut rng = Rng::new(2026);
    for i in 0..JOBS {
        let user = format!("user{}", rng.below((TEAMS * USERS_PER_TEAM) as u64));
        let gpus = [1, 2, 4, 8, 8][rng.below(5) as usize];
        let nodes = if gpus == 8 { 1 + rng.below(4) } else { 1 };
        let limit_min = 30 + rng.below(8 * 60 - 30);
        // Most jobs end before their limit; some run into it.
        let run_s = limit_min * 60 * (20 + rng.below(90)) / 100;
        let qos = if i % 50 == 0 { " --qos=high" } else { "" };
        let line = format!(
            "sbatch -N {nodes} --gpus-per-node={gpus} -t {limit_min}{qos} --wrap \"srun hostname; sleep {run_s}\""
        );
        let argv: Vec<String> = split(&line);
        let out = c.exec(&argv, "", &user);
        assert_eq!(out.exit, 0, "{line}: {}", out.text(Stream::Stderr));
    }
    c.advance(0);
    c
}

/// Splits a command line at blanks, keeping double-quoted words whole.
fn split(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    for ch in line.chars() {
        match ch {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
            c => cur.push(c),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn time_command(c: &mut Cluster, line: &str, runs: usize) -> (Duration, usize) {
    let argv = split(line);
    let mut samples = Vec::new();
    let mut bytes = 0;
    for _ in 0..runs {
        let start = Instant::now();
        let out = c.exec(&argv, "", "root");
        samples.push(start.elapsed());
        bytes = out.text(Stream::Stdout).len();
    }
    (median(samples), bytes)
}

fn main() {
    let build = Instant::now();
    let mut c = loaded();
    println!(
        "built {NODES} nodes and {JOBS} jobs in {:.2?} ({} running)",
        build.elapsed(),
        c.jobs().values().filter(|j| j.is_running()).count()
    );
    let (squeue, bytes) = time_command(&mut c, "squeue", 11);
    println!("squeue: median {squeue:.2?} ({bytes} bytes)");
    let (sinfo, bytes) = time_command(&mut c, "sinfo", 11);
    println!("sinfo:  median {sinfo:.2?} ({bytes} bytes)");
    let mut days = Vec::new();
    let mut finished = 0;
    for _ in 0..3 {
        let mut run = c.clone();
        let start = Instant::now();
        run.advance(86_400);
        days.push(start.elapsed());
        finished = run
            .jobs()
            .values()
            .filter(|j| j.state.is_finished())
            .count();
    }
    println!(
        "24 h of scheduling with backfill: median {:.2?} ({finished} of {JOBS} jobs finished)",
        median(days)
    );
}
