//! A data-parallel training run launched with `torchrun` on every node of
//! a job (`srun torchrun --nproc-per-node=8 train.py --ckpt-dir DIR`), as
//! the nodes' health lets it go:
//! - on healthy nodes it logs a step every [`LOG_EVERY`], saves a
//!   checkpoint every [`CHECKPOINT_EVERY`] and finishes;
//! - a degraded network link on one of several nodes slows every step
//!   (the ring waits for its slowest link), and after [`STALL_AFTER_S`] it
//!   gives out under a collective: the ranks on that node get NCCL's
//!   `NET/IB` error once the adapter's retries run out and abort, the
//!   others wait until their NCCL watchdog fires ten minutes later, and
//!   torchrun takes the job down;
//! - a GPU that falls off the bus fails its rank's next CUDA call: that
//!   worker reports the CUDA error and exits with 1, its node's torchrun
//!   stops the node's other workers, and the other nodes' ranks wait in
//!   the collective until the watchdog fires;
//! - a node with fewer working GPUs than ranks fails at start.
//!
//! It resumes from the checkpoint it is given. Pure: the caller keeps the
//! checkpoints between runs.

use crate::sim::slurm::cluster::OutputLine;

use super::health::NodeHealth;
use super::nccl_debug;
use super::noise;
use super::torch_log::{
    CollectiveOp, HungJob, LinkDown, RankFailure, SET_DEVICE, hung_job_log, torchrun_failure,
};
use super::training_log::{TrainingLine, training_line};

/// Wall time of one step on healthy nodes, seconds.
pub const SECONDS_PER_STEP: f64 = 0.85;
/// A step line every this many steps.
pub const LOG_EVERY: u64 = 100;
/// A checkpoint every this many steps.
pub const CHECKPOINT_EVERY: u64 = 500;
/// Steps when the script does not say (`--steps`).
pub const DEFAULT_STEPS: u64 = 50_000;
/// From launch to the first step: rendezvous, model and data loading.
pub const STARTUP_S: u64 = 45;
/// How long a run crosses a degraded link before one collective stalls.
pub const STALL_AFTER_S: u64 = 4 * 3600;
/// PyTorch 2.5's default collective timeout, milliseconds.
const WATCHDOG_MS: u64 = 600_000;
/// Elements of one gradient bucket all-reduce (node-tools.md's example).
const GRADIENT_NUMEL: u64 = 466_119_168;
/// Elements of the parameter broadcast at start.
const BROADCAST_NUMEL: u64 = 2_984_960;
/// Collectives before the first step (barrier, broadcasts).
const SETUP_COLLECTIVES: u64 = 3;
/// Collectives per step (gradient buckets).
const COLLECTIVES_PER_STEP: u64 = 2;
/// The share of a healthy step spent in collectives over the network.
const NETWORK_SHARE: f64 = 0.75;

/// What `torchrun ... train.py ...` was asked to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrainingArgs {
    /// The script as given, e.g. `train.py`.
    pub script: String,
    /// Where checkpoints go (`--ckpt-dir`).
    pub ckpt_dir: String,
    /// Steps planned (`--steps`).
    pub steps: u64,
    /// Workers per node (`--nproc-per-node`).
    pub nproc_per_node: u32,
}

/// torchrun's options that take a value in the next word.
const VALUED: &[&str] = &[
    "--nnodes",
    "--nproc-per-node",
    "--nproc_per_node",
    "--rdzv-backend",
    "--rdzv_backend",
    "--rdzv-endpoint",
    "--rdzv_endpoint",
    "--rdzv-id",
    "--rdzv_id",
    "--master-addr",
    "--master_addr",
    "--master-port",
    "--master_port",
    "--node-rank",
    "--node_rank",
    "--max-restarts",
    "--max_restarts",
];

/// Reads torchrun's arguments and the script's `--ckpt-dir` and
/// `--steps`; `gpus_per_node` is the default worker count. The error is
/// torchrun's usage message.
pub fn parse_torchrun(
    args: &[String],
    work_dir: &str,
    gpus_per_node: u32,
) -> Result<TrainingArgs, String> {
    let mut nproc = gpus_per_node.max(1);
    let mut i = 0;
    while i < args.len() && args[i].starts_with('-') {
        let (key, inline) = match args[i].split_once('=') {
            Some((k, v)) => (k, Some(v.to_owned())),
            None => (args[i].as_str(), None),
        };
        let value = match inline {
            Some(v) => Some(v),
            None if VALUED.contains(&key) => {
                i += 1;
                args.get(i).cloned()
            }
            None => None,
        };
        if key == "--nproc-per-node" || key == "--nproc_per_node" {
            nproc = match value.as_deref().map(str::parse::<u32>) {
                Some(Ok(n)) if n > 0 => n,
                Some(Ok(_) | Err(_)) | None => {
                    return Err(usage(&format!(
                        "argument --nproc-per-node/--nproc_per_node: invalid int value: '{}'",
                        value.unwrap_or_default()
                    )));
                }
            };
        }
        i += 1;
    }
    let Some(script) = args.get(i) else {
        return Err(usage(
            "the following arguments are required: training_script, training_script_args",
        ));
    };
    let rest = &args[i + 1..];
    let option = |name: &str| {
        rest.iter().enumerate().find_map(|(k, a)| {
            if a == name {
                rest.get(k + 1).cloned()
            } else {
                a.strip_prefix(name)
                    .and_then(|v| v.strip_prefix('='))
                    .map(str::to_owned)
            }
        })
    };
    let stem = script
        .rsplit('/')
        .next()
        .unwrap_or(script)
        .trim_end_matches(".py");
    let ckpt_dir = option("--ckpt-dir")
        .unwrap_or_else(|| format!("{}/checkpoints/{stem}", work_dir.trim_end_matches('/')));
    let steps = option("--steps")
        .and_then(|s| s.parse::<u64>().ok())
        .filter(|&s| s > 0)
        .unwrap_or(DEFAULT_STEPS);
    Ok(TrainingArgs {
        script: script.clone(),
        ckpt_dir,
        steps,
        nproc_per_node: nproc,
    })
}

/// argparse's two lines for `torchrun`.
fn usage(error: &str) -> String {
    format!(
        "usage: torchrun [-h] [--nnodes NNODES] [--nproc-per-node NPROC_PER_NODE] ... training_script ...\ntorchrun: error: {error}\n"
    )
}

/// One launch of the training.
#[derive(Debug, Clone, Copy)]
pub struct TrainingLaunch<'a> {
    /// What was asked.
    pub args: &'a TrainingArgs,
    /// The job's nodes in node-rank order.
    pub hosts: &'a [&'a NodeHealth],
    /// GPUs per node the job holds.
    pub gpus_per_node: u32,
    /// Launch time, seconds since the Unix epoch.
    pub now: i64,
    /// The step of the checkpoint to resume from, if any.
    pub resume: Option<u64>,
    /// Seed of pids, sub-second stamps and the loss's noise.
    pub seed: u64,
}

/// How a launch goes.
#[derive(Debug, Clone, PartialEq)]
pub struct TrainingRun {
    /// What it prints, in time order.
    pub lines: Vec<OutputLine>,
    /// torchrun's exit code.
    pub exit: i32,
    /// How long it runs, seconds.
    pub duration_s: u64,
    /// The checkpoints it saves: (seconds after launch, step).
    pub checkpoints: Vec<(u64, u64)>,
    /// Mean wall time per step, seconds.
    pub seconds_per_step: f64,
    /// Nodes (indices in the launch's hosts) whose torchrun exits before
    /// the run ends, with when (seconds after launch).
    pub early_exits: Vec<(usize, u64)>,
}

/// Simulates one launch.
pub fn simulate_training(l: &TrainingLaunch<'_>) -> TrainingRun {
    let per_node = l.args.nproc_per_node;
    if let Some(run) = too_few_gpus(l) {
        return run;
    }
    let multi_node = l.hosts.len() > 1;
    let slowest = l
        .hosts
        .iter()
        .map(|h| h.network_factor)
        .fold(1.0_f64, f64::min)
        .clamp(0.01, 1.0);
    let slow = multi_node && slowest < 1.0;
    let seconds_per_step = if slow {
        SECONDS_PER_STEP * (1.0 - NETWORK_SHARE + NETWORK_SHARE / slowest)
    } else {
        SECONDS_PER_STEP
    };
    let start_step = l.resume.unwrap_or(0).min(l.args.steps);
    let at = |step: u64| -> u64 {
        STARTUP_S + ((step - start_step) as f64 * seconds_per_step).round() as u64
    };
    let natural_end = at(l.args.steps);
    // When the first GPU is lost, and the ranks on lost GPUs.
    let (lost_at, lost) = lost_ranks(l);
    let stall = slow.then_some(STALL_AFTER_S);
    let hang = [lost_at, stall].into_iter().flatten().min();
    let end = hang.filter(|&h| h < natural_end).unwrap_or(natural_end);

    let mut lines = Vec::new();
    let mut say = |offset: u64, line: &TrainingLine| {
        lines.push(OutputLine {
            offset,
            text: format!(
                "{}\n",
                training_line(l.now.saturating_add(offset as i64), line)
            ),
            stderr: false,
        });
    };
    let world = u32::try_from(l.hosts.len())
        .unwrap_or(u32::MAX)
        .saturating_mul(per_node);
    say(
        STARTUP_S,
        &match l.resume.filter(|&s| s > 0) {
            Some(step) => TrainingLine::Resume {
                step,
                path: checkpoint_path(&l.args.ckpt_dir, step),
            },
            None => TrainingLine::Start {
                world_size: world,
                steps: l.args.steps,
            },
        },
    );
    let mut checkpoints = Vec::new();
    let mut step = (start_step / LOG_EVERY + 1) * LOG_EVERY;
    while step <= l.args.steps && at(step) <= end {
        let jitter = 1.0 + 0.02 * (2.0 * noise::unit(&[l.seed, step, 3]) - 1.0);
        say(
            at(step),
            &TrainingLine::step(step, l.args.steps, seconds_per_step * jitter, l.seed),
        );
        if step.is_multiple_of(CHECKPOINT_EVERY) && step < l.args.steps && at(step) + 2 <= end {
            checkpoints.push((at(step) + 2, step));
            say(
                at(step) + 2,
                &TrainingLine::Checkpoint {
                    step,
                    path: checkpoint_path(&l.args.ckpt_dir, step),
                },
            );
        }
        step += LOG_EVERY;
    }
    if end == natural_end {
        say(
            natural_end,
            &TrainingLine::Finished {
                steps: l.args.steps,
            },
        );
        return TrainingRun {
            lines,
            exit: 0,
            duration_s: natural_end + 2,
            checkpoints,
            seconds_per_step,
            early_exits: Vec::new(),
        };
    }
    let done = start_step + ((end.saturating_sub(STARTUP_S)) as f64 / seconds_per_step) as u64;
    let first_collective = end <= STARTUP_S;
    let seq_num = if first_collective {
        SETUP_COLLECTIVES
    } else {
        SETUP_COLLECTIVES + (done - start_step + 1) * COLLECTIVES_PER_STEP
    };
    let job = HungJob {
        script: l.args.script.clone(),
        hosts: l.hosts.iter().map(|h| h.hostname.clone()).collect(),
        gpus_per_node: per_node,
        op: if first_collective {
            CollectiveOp::Broadcast
        } else {
            CollectiveOp::AllReduce
        },
        seq_num,
        numel: if first_collective {
            BROADCAST_NUMEL
        } else {
            GRADIENT_NUMEL
        },
        timeout_ms: WATCHDOG_MS,
        started_at: l.now.saturating_add(end as i64),
        lost_ranks: lost
            .into_iter()
            .filter(|&(_, t)| t <= end)
            .map(|(r, _)| r)
            .collect(),
        link_down: if stall == Some(end) {
            link_down(l.hosts)
        } else {
            None
        },
        seed: l.seed,
    };
    let fired = end + WATCHDOG_MS / 1000;
    let offset = |at: i64| u64::try_from(at.saturating_sub(l.now)).unwrap_or(fired);
    lines.extend(hung_job_log(&job).into_iter().map(|(at, text)| OutputLine {
        offset: offset(at),
        text: text + "\n",
        stderr: true,
    }));
    let duration_s = fired + 8;
    let early_exits = job
        .agent_exits()
        .into_iter()
        .map(offset)
        .enumerate()
        .filter(|&(_, t)| t < duration_s)
        .collect();
    TrainingRun {
        lines,
        exit: 1,
        duration_s,
        checkpoints,
        seconds_per_step,
        early_exits,
    }
}

/// The slowest node's link giving out: its ranks hear it from the node
/// before it in the ring.
fn link_down(hosts: &[&NodeHealth]) -> Option<LinkDown> {
    let node = (0..hosts.len())
        .min_by(|&a, &b| hosts[a].network_factor.total_cmp(&hosts[b].network_factor))?;
    let peer = hosts[(node + hosts.len() - 1) % hosts.len()];
    Some(LinkDown {
        node,
        peer_address: nccl_debug::address(&peer.hostname),
    })
}

/// `DIR/step_N.pt`.
pub fn checkpoint_path(dir: &str, step: u64) -> String {
    format!("{}/step_{step}.pt", dir.trim_end_matches('/'))
}

/// The earliest time (seconds after launch, at least [`STARTUP_S`]) a
/// rank's GPU is lost, and every rank whose GPU falls off the bus during
/// this boot with the offset at which it does.
fn lost_ranks(l: &TrainingLaunch<'_>) -> (Option<u64>, Vec<(u32, u64)>) {
    let per_node = l.args.nproc_per_node;
    let mut lost = Vec::new();
    for (node, host) in (0u32..).zip(l.hosts) {
        for (local, slot) in (0u32..).zip(host.enumerated(l.now)).take(per_node as usize) {
            let Some(at) = host.gpus.get(slot).and_then(|g| g.lost_at()) else {
                continue;
            };
            if at < host.boot_time {
                continue;
            }
            let offset = u64::try_from(at.saturating_sub(l.now))
                .unwrap_or(0)
                .max(STARTUP_S);
            lost.push((node * per_node + local, offset));
        }
    }
    (lost.iter().map(|&(_, t)| t).min(), lost)
}

/// A node with fewer usable GPUs than workers: the first missing rank's
/// `set_device` fails and torchrun reports it.
fn too_few_gpus(l: &TrainingLaunch<'_>) -> Option<TrainingRun> {
    let per_node = l.args.nproc_per_node;
    let (node, host, have) = (0u32..).zip(l.hosts).find_map(|(i, h)| {
        let have = u32::try_from(h.enumerated(l.now).len())
            .unwrap_or(u32::MAX)
            .min(l.gpus_per_node);
        (have < per_node).then_some((i, h, have))
    })?;
    let rank = node * per_node + have;
    let fail_at = STARTUP_S / 3;
    let pid = |local: u32| {
        noise::between(
            &[l.seed, u64::from(node), u64::from(local), 9],
            10_000,
            999_999,
        ) as u32
    };
    let message = if l.gpus_per_node == 0 {
        "RuntimeError: No CUDA GPUs are available"
    } else {
        "RuntimeError: CUDA error: invalid device ordinal"
    };
    let mut text = vec![
        "Traceback (most recent call last):".to_owned(),
        format!(
            "  File \"{}\", line {}, in <module>",
            l.args.script, SET_DEVICE.line
        ),
        format!("    {}", SET_DEVICE.code),
        message.to_owned(),
    ];
    let failed = RankFailure {
        at: l.now.saturating_add(fail_at as i64),
        host: host.hostname.clone(),
        rank,
        local_rank: have,
        exitcode: 1,
        pid: pid(have),
    };
    let others: Vec<u32> = (0..per_node).filter(|&r| r != have).map(pid).collect();
    let agent = noise::between(&[l.seed, u64::from(node), 6], 10_000, 999_999) as u32;
    text.extend(torchrun_failure(agent, &failed, &others, &l.args.script));
    Some(TrainingRun {
        lines: text
            .into_iter()
            .map(|text| OutputLine {
                offset: fail_at,
                text: text + "\n",
                stderr: true,
            })
            .collect(),
        exit: 1,
        duration_s: fail_at + 4,
        checkpoints: Vec::new(),
        seconds_per_step: SECONDS_PER_STEP,
        early_exits: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_796_000_000;

    fn args(steps: u64) -> TrainingArgs {
        match parse_torchrun(
            &[
                "--nproc-per-node=8".to_owned(),
                "train.py".to_owned(),
                "--ckpt-dir".to_owned(),
                "/shared/ckpt/llm".to_owned(),
                format!("--steps={steps}"),
            ],
            "/home/alice",
            8,
        ) {
            Ok(a) => a,
            Err(e) => panic!("{e}"),
        }
    }

    fn nodes(n: usize) -> Vec<NodeHealth> {
        (1..=n)
            .map(|i| NodeHealth::dgx_h100(&format!("node-{i}"), NOW - 86_400, 5))
            .collect()
    }

    fn run(args: &TrainingArgs, hosts: &[NodeHealth], resume: Option<u64>) -> TrainingRun {
        let hosts: Vec<&NodeHealth> = hosts.iter().collect();
        simulate_training(&TrainingLaunch {
            args,
            hosts: &hosts,
            gpus_per_node: 8,
            now: NOW,
            resume,
            seed: 11,
        })
    }

    #[test]
    fn reads_torchrun_and_script_arguments() {
        let a = args(2000);
        assert_eq!(a.script, "train.py");
        assert_eq!(a.ckpt_dir, "/shared/ckpt/llm");
        assert_eq!((a.steps, a.nproc_per_node), (2000, 8));
        let words = |s: &str| s.split(' ').map(str::to_owned).collect::<Vec<_>>();
        let d = parse_torchrun(&words("--nnodes 2 --nproc_per_node 4 x/pre.py"), "/w/", 8);
        assert_eq!(
            d.map(|d| (d.ckpt_dir, d.nproc_per_node, d.steps)),
            Ok(("/w/checkpoints/pre".to_owned(), 4, DEFAULT_STEPS))
        );
        let e = parse_torchrun(&words("--nnodes 2"), "/w", 8)
            .err()
            .unwrap_or_default();
        assert!(e.ends_with("torchrun: error: the following arguments are required: training_script, training_script_args\n"), "{e}");
        let e = parse_torchrun(&words("--nproc-per-node=x t.py"), "/w", 8)
            .err()
            .unwrap_or_default();
        assert!(e.contains("invalid int value: 'x'"), "{e}");
    }

    #[test]
    fn healthy_nodes_train_to_the_end_with_checkpoints() {
        let r = run(&args(2000), &nodes(2), None);
        assert_eq!(r.exit, 0);
        assert_eq!(r.duration_s, STARTUP_S + 1700 + 2);
        assert_eq!(
            r.checkpoints.iter().map(|c| c.1).collect::<Vec<_>>(),
            [500, 1000, 1500]
        );
        assert!(
            r.lines[0]
                .text
                .trim_end()
                .ends_with("starting training: world size 16, 2000 steps")
        );
        assert!(
            r.lines
                .iter()
                .any(|l| l.text.contains("step 1000/2000 | loss "))
        );
        let last = r.lines.last().map(|l| l.text.clone()).unwrap_or_default();
        assert!(
            last.trim_end()
                .ends_with("training finished after 2000 steps"),
            "{last}"
        );
        assert!(r.lines.windows(2).all(|w| w[0].offset <= w[1].offset));
    }

    #[test]
    fn a_resumed_run_starts_from_its_checkpoint() {
        let r = run(&args(2000), &nodes(2), Some(1500));
        assert!(
            r.lines[0]
                .text
                .trim_end()
                .ends_with("resuming from checkpoint /shared/ckpt/llm/step_1500.pt (step 1500)")
        );
        assert_eq!(r.duration_s, STARTUP_S + 425 + 2);
        assert!(!r.lines.iter().any(|l| l.text.contains("step 1400/")));
    }

    #[test]
    fn a_slow_link_slows_every_step_then_stalls() {
        let mut hosts = nodes(4);
        hosts[2].network_factor = 0.25;
        let r = run(&args(DEFAULT_STEPS), &hosts, None);
        assert!((r.seconds_per_step / SECONDS_PER_STEP - 3.25).abs() < 1e-9);
        assert_eq!(r.exit, 1);
        assert_eq!(r.duration_s, STALL_AFTER_S + 600 + 8);
        let watchdog = r
            .lines
            .iter()
            .filter(|l| {
                l.text
                    .contains("Watchdog caught collective operation timeout")
            })
            .count();
        // Every one of the 32 ranks reports it (twice: the E line and the
        // thread's exception).
        assert!(watchdog >= 32, "{watchdog}");
        assert!(
            r.lines
                .iter()
                .any(|l| l.text.contains("OpType=ALLREDUCE, NumelIn=466119168"))
        );
        // One node alone does not use the network.
        assert_eq!(run(&args(1000), &hosts[2..3], None).exit, 0);
    }

    #[test]
    fn a_gpu_off_the_bus_fails_its_rank_and_the_watchdog_fires_elsewhere() {
        let mut hosts = nodes(2);
        let lost = NOW + 3600;
        if let Err(e) = hosts[1].fall_off_bus(4, lost) {
            panic!("{e}");
        }
        let r = run(&args(DEFAULT_STEPS), &hosts, None);
        assert_eq!(r.exit, 1);
        assert_eq!(r.duration_s, 3600 + 600 + 8);
        let said = |prefix: &str| {
            r.lines
                .iter()
                .filter(|l| l.text.starts_with(prefix))
                .count()
        };
        // Rank 12 reports its CUDA error at the loss; node-2's agent stops
        // its other ranks; node-1's ranks time out.
        let error = r.lines.iter().find(|l| l.text.contains("CUDA error"));
        assert_eq!(
            error.map(|l| (l.offset, l.text.as_str())),
            Some((3600, "[rank12]:RuntimeError: CUDA error: unknown error\n"))
        );
        assert_eq!(said("[rank11]:"), 0);
        assert!(said("[rank3]:") > 0);
        let exit_1 = r
            .lines
            .iter()
            .filter(|l| l.text.starts_with("  exitcode  : 1 ("));
        assert_eq!(exit_1.count(), 1);
        assert!(r.checkpoints.iter().all(|&(t, _)| t <= 3600));
        // Launched after the loss: it hangs at its first collective.
        let later = simulate_training(&TrainingLaunch {
            args: &args(DEFAULT_STEPS),
            hosts: &hosts.iter().collect::<Vec<_>>(),
            gpus_per_node: 8,
            now: lost + 60,
            resume: Some(4000),
            seed: 1,
        });
        assert_eq!(later.duration_s, STARTUP_S + 600 + 8);
        assert!(
            later
                .lines
                .iter()
                .any(|l| l.text.contains("OpType=BROADCAST"))
        );
        assert!(
            later
                .lines
                .iter()
                .any(|l| l.text == "[rank12]:    torch.cuda.set_device(local_rank)\n")
        );
    }

    #[test]
    fn no_gpus_fails_at_once() {
        let hosts = nodes(1);
        let refs: Vec<&NodeHealth> = hosts.iter().collect();
        let r = simulate_training(&TrainingLaunch {
            args: &args(100),
            hosts: &refs,
            gpus_per_node: 0,
            now: NOW,
            resume: None,
            seed: 1,
        });
        assert_eq!(r.exit, 1);
        assert!(
            r.lines
                .iter()
                .any(|l| l.text == "RuntimeError: No CUDA GPUs are available\n")
        );
        assert!(r.lines.iter().any(|l| l.text.contains("train.py FAILED")));
    }
}
