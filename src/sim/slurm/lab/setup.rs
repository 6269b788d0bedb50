//! How each lab's night went: the cluster starts hours before the learner
//! takes over, last night's jobs are submitted, one node is damaged, and
//! the simulation runs up to the takeover so that the failure, its output
//! file and its accounting are all there to be found.

use super::{Incident, Lab, LabError, LabId, lab_config};
use crate::sim::slurm::session::{EPOCH, Session, USER};
use crate::sim::slurm::shell::WriteMode;

/// The learner's training job, as `sbatch train.sh` submits it.
pub(super) const TRAIN_SH: &str = "#!/bin/bash
#SBATCH --job-name=llm-pretrain
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH --time=2-00:00:00
#SBATCH --output=%x-%j.out

# One torchrun per node starts eight workers, one per GPU. Checkpoints go
# to shared storage every 500 steps; a restart resumes from the newest.
srun torchrun --nnodes=$SLURM_NNODES --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=$HOSTNAME:29500 train.py --ckpt-dir /shared/ckpt/llm-7b
";

/// The script torchrun starts (read by learners, not run line by line).
const TRAIN_PY: &str = "import argparse, os
import torch
import torch.distributed as dist

from model import build_model, load_data
from ckpt import latest_checkpoint, save_checkpoint

parser = argparse.ArgumentParser()
parser.add_argument(\"--ckpt-dir\", required=True)
parser.add_argument(\"--steps\", type=int, default=50000)
args = parser.parse_args()

dist.init_process_group(\"nccl\")
local_rank = int(os.environ[\"LOCAL_RANK\"])
torch.cuda.set_device(local_rank)
model = torch.nn.parallel.DistributedDataParallel(build_model().cuda(), device_ids=[local_rank])
optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
step = latest_checkpoint(args.ckpt_dir, model, optimizer)  # 0 when there is none

for batch in load_data(start=step):
    loss = model(batch).loss
    loss.backward()             # gradients all-reduced over NCCL
    optimizer.step()
    optimizer.zero_grad()
    step += 1
    if step % 500 == 0:
        save_checkpoint(args.ckpt_dir, step, model, optimizer)
    if step == args.steps:
        break
";

/// Other users' work on the cluster: (user, sbatch arguments).
const NEIGHBOURS: &[(&str, &[&str])] = &[
    (
        "bob",
        &[
            "-J",
            "protein-fold",
            "-N",
            "2",
            "--gpus-per-node=8",
            "-t",
            "12:00:00",
            "--wrap",
            "srun python fold.py",
        ],
    ),
    (
        "bob",
        &[
            "-J",
            "eval-sweep",
            "-N",
            "1",
            "--gpus-per-node=4",
            "-c",
            "16",
            "-t",
            "10:00:00",
            "--wrap",
            "srun python eval.py",
        ],
    ),
];

/// When last night's training job was submitted, by lab: Fallen Off the
/// Bus's ran from 22:40 until its GPU fell off at 03:12:45; The Slow
/// Lane's from 23:02:45 until its collective stalled at 03:02:45 and the
/// watchdog fired at 03:12:45 (the times of node-tools.md's examples).
fn submitted_at(id: LabId) -> i64 {
    match id {
        LabId::FallenOffTheBus => EPOCH - 17_531,
        LabId::SlowLane => EPOCH - 16_161,
    }
}

/// When the GPU falls off the bus in Fallen Off the Bus: 03:12:45.
const XID_AT: i64 = EPOCH - 1_161;

/// The first job id of the night on seed 0: a cluster in service for a
/// while has numbered many jobs.
const FIRST_JOB_ID: u32 = 48_213;

/// The training job's id, drawn from the seed like the node at fault (and
/// the lost GPU), so that one learner's commands do not fit another's
/// incident: one of 9,000 ids from [`FIRST_JOB_ID`], the seed's low bits
/// (which draw the node and the GPU) mixed into all of it.
fn first_job_id(seed: u64) -> u32 {
    let mixed = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40;
    FIRST_JOB_ID + u32::try_from(mixed % 9_000).unwrap_or(0)
}

/// The slow node's network, as a fraction of a healthy one's, drawn from
/// the seed: 20 to 40 % in steps of 5, from bits that do not draw the
/// node, so that one learner's figures do not fit another's incident.
pub(super) fn slow_network(seed: u64) -> f64 {
    0.20 + 0.05 * ((seed / 4) % 5) as f64
}

/// Builds the lab's session at the takeover.
pub(super) fn prepare(id: LabId, seed: u64) -> Result<(Lab, Session), LabError> {
    let start = submitted_at(id) - 60;
    let mut s = Session::starting_at(lab_config()?, start, seed)?;
    s.cluster.grant_operator(USER);
    let home = format!("/home/{USER}");
    for (name, text) in [("train.sh", TRAIN_SH), ("train.py", TRAIN_PY)] {
        let now = s.terminal.shell.now();
        // The home directory exists: the shell made it.
        let _ = s.terminal.shell.fs_mut().write(
            &format!("{home}/{name}"),
            text,
            WriteMode::Truncate,
            now,
        );
    }
    // The training job takes node-[1-4] (the first free nodes) when the
    // cluster is empty; the neighbours' jobs go in after it.
    let culprit_index = usize::try_from(seed % 4).unwrap_or(0);
    let culprit = format!("node-{}", culprit_index + 1);
    match id {
        LabId::FallenOffTheBus => {
            let slot = usize::try_from((seed / 4) % 8).unwrap_or(0);
            if let Some(node) = s.nodes.get_mut(&culprit) {
                // Slot indices are 0..8 on a DGX node: this cannot fail.
                let _ = node.fall_off_bus(slot, XID_AT);
            }
        }
        LabId::SlowLane => {
            if let Some(node) = s.nodes.get_mut(&culprit) {
                node.network_factor = slow_network(seed);
            }
        }
    }
    s.advance(60);
    s.cluster.set_next_job_id(first_job_id(seed));
    let job_id = s.cluster.next_job_id();
    s.exec_as(
        USER,
        &["sbatch".to_owned(), "train.sh".to_owned()],
        TRAIN_SH,
    );
    s.advance(30);
    for (user, args) in NEIGHBOURS {
        let argv: Vec<String> = std::iter::once("sbatch")
            .chain(args.iter().copied())
            .map(str::to_owned)
            .collect();
        s.exec_as(user, &argv, "");
    }
    let behind = u64::try_from(EPOCH - s.cluster.now()).unwrap_or(0);
    s.advance(behind);
    let job = s.cluster.job(job_id);
    let incident = Incident {
        seed,
        nodes: job.map_or(0, |j| j.nodes.len()),
        state: job.map_or_else(String::new, |j| j.state.name().to_owned()),
        ended: job.and_then(|j| j.end_time).unwrap_or(EPOCH),
    };
    Ok((
        Lab {
            id,
            culprit,
            job_id,
            opened: s.cluster.now(),
            incident,
        },
        s,
    ))
}
