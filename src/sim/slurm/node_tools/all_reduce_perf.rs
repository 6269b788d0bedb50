//! nccl-tests `all_reduce_perf` launched over a set of tasks (as by `srun
//! -N2 --gpus-per-node=8 all_reduce_perf -b 8 -e 256M -f 2 -g 8`), printed
//! as v2.15 prints it through `sim::allreduce::PerfTable`.
//!
//! Steps:
//! 1. Every process parses the command line (`perf_args`); a bad one ends
//!    each process with the tool's message.
//! 2. Ranks are laid out as `src/common.cu` lays them out: process p with
//!    `-t` threads of `-g` GPUs holds ranks p*t*g.., on CUDA devices
//!    localRank*t*g.. of its node. A device that is missing, or a node with
//!    a GPU fallen off the bus, ends that process with nccl-tests' CUDA
//!    failure lines.
//! 3. Time per size from the alpha-beta ring model (`sim::allreduce::
//!    ring_time`): the ranks form one ring in rank order, a link inside a
//!    node runs at the NVLink ring rate, a link between nodes at one NIC
//!    rate per GPU the smaller side brings (at most 8), each scaled by the
//!    nodes' link factors; the slowest link sets every step, so one slow
//!    node drags down every run that includes it (node-tools.md section 4:
//!    ~370 GB/s on NVLink with `NCCL_ALGO=RING`, 46-48 GB/s per NDR NIC).
//!    A small seeded jitter (a few percent) makes rows differ like real
//!    measurements while the same seed replays the same table.

use serde::{Deserialize, Serialize};

use crate::sim::allreduce::{
    AllReduceError, DeviceLine, LinkModel, MAX_RANKS, PerfRow, PerfTable, ring_time,
};

use super::health::NodeHealth;
use super::perf_args::{self, PerfArgError, PerfOptions};
use super::versions::{GPU_MEMORY_MIB, GPU_NAME};
use super::{NodeToolError, ToolOutput, noise};

/// Bus bandwidth of a ring over the NVLink of one healthy node, bytes/s.
const NVLINK_BYTES_PER_S: f64 = 370e9;
/// Bus bandwidth one healthy NDR InfiniBand NIC carries, bytes/s.
const NIC_BYTES_PER_S: f64 = 48e9;
/// GPU NICs of a node (one behind each GPU's PCIe switch).
const NICS_PER_NODE: usize = 8;
/// Start-up latency of one ring step inside a node and across nodes, s.
const ALPHA_NODE_S: f64 = 0.8e-6;
const ALPHA_NETWORK_S: f64 = 1.6e-6;
/// One rank alone: a device-to-device copy (out of place) at HBM speed
/// after a launch, and a bare launch in place.
const LAUNCH_S: f64 = 1.5e-6;
const COPY_BYTES_PER_S: f64 = 1.2e12;
const IN_PLACE_ALONE_S: f64 = 0.25e-6;
/// Relative jitter of a measured time at the default 20 iterations.
const JITTER: f64 = 0.03;
/// Seconds NCCL takes to set up, on one node and across nodes.
const INIT_NODE_S: f64 = 2.0;
const INIT_NETWORK_S: f64 = 4.0;
/// Where `src/common.cu` v2.15.2 checks the device and relays the failure.
const DEVICE_CHECK_LINE: u32 = 1008;
const RUN_CHECK_LINE: u32 = 915;

/// One launch of `all_reduce_perf`.
#[derive(Debug, Clone, Copy)]
pub struct PerfLaunch<'a> {
    /// The command line; `argv[0]` is the program as typed.
    pub argv: &'a [String],
    /// The node of each task (process), in task order.
    pub tasks: &'a [&'a NodeHealth],
    /// GPUs Slurm gives each task's node (`--gpus-per-node`): CUDA sees
    /// that many devices, 0 for none.
    pub gpus_per_node: u32,
    /// The simulated time, seconds since the Unix epoch.
    pub now: i64,
    /// The seed of process ids and timing jitter.
    pub seed: u64,
    /// Whether the processes form one MPI job (`srun --mpi=pmix` with
    /// nccl-tests built with MPI). Otherwise each process runs on its own,
    /// a test over its node's GPUs only.
    pub one_job: bool,
}

/// What a launch printed, over all its processes, and how long it ran.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PerfRun {
    /// The output; the exit status is the largest of the processes'.
    pub output: ToolOutput,
    /// Wall time of the run in whole seconds (at least 1).
    pub duration_s: u64,
}

/// Every task running its own test, one after the other in the output
/// (srun collects them); the run lasts as long as the slowest.
fn separate_runs(launch: &PerfLaunch<'_>) -> Result<PerfRun, NodeToolError> {
    let mut combined = PerfRun {
        output: ToolOutput::default(),
        duration_s: 1,
    };
    for (i, node) in (0u64..).zip(launch.tasks) {
        let alone = PerfLaunch {
            tasks: std::slice::from_ref(node),
            seed: noise::bits(&[launch.seed, i]),
            one_job: true,
            ..*launch
        };
        let run = all_reduce_perf(&alone)?;
        combined.output.stdout.push_str(&run.output.stdout);
        combined.output.stderr.push_str(&run.output.stderr);
        combined.output.exit = combined.output.exit.max(run.output.exit);
        combined.duration_s = combined.duration_s.max(run.duration_s);
    }
    Ok(combined)
}

/// A process: its node, its rank among the processes on that node, and
/// its pid.
struct Process<'a> {
    node: &'a NodeHealth,
    local_rank: u32,
    pid: u32,
}

/// Runs `all_reduce_perf` over the launch's tasks.
pub fn all_reduce_perf(launch: &PerfLaunch<'_>) -> Result<PerfRun, NodeToolError> {
    if launch.tasks.is_empty() {
        return Err(NodeToolError::NoTasks);
    }
    if !launch.one_job && launch.tasks.len() > 1 {
        return separate_runs(launch);
    }
    for node in launch.tasks {
        node.check()?;
    }
    let program = launch
        .argv
        .first()
        .map_or("all_reduce_perf", String::as_str);
    let options = match perf_args::parse_perf_args(launch.argv.get(1..).unwrap_or_default()) {
        Ok(options) => options,
        Err(error) => return Ok(refusal(&error, program, launch.tasks.len())),
    };
    let processes = processes(launch);
    let per_process = options.threads.saturating_mul(options.gpus);
    let ranks = (processes.len() as u64).saturating_mul(u64::from(per_process));
    if ranks > MAX_RANKS as u64 {
        let error =
            PerfArgError::Unsupported(format!("a run over {ranks} ranks (at most {MAX_RANKS})"));
        return Ok(refusal(&error, program, processes.len()));
    }
    let notices: Vec<String> = processes
        .iter()
        .flat_map(|_| options.notices.iter().cloned())
        .collect();
    let devices = match devices(launch, &processes, per_process) {
        Ok(devices) => devices,
        Err(failures) => {
            // Process 0 printed its first lines before the failures.
            let mut lines = notices;
            lines.extend([
                options.first_line(),
                "#".to_owned(),
                "# Using devices".to_owned(),
            ]);
            lines.extend(failures);
            return Ok(PerfRun {
                output: ToolOutput {
                    stdout: super::join_lines(&lines),
                    exit: 255,
                    ..ToolOutput::default()
                },
                duration_s: 2,
            });
        }
    };
    let max = options.max_bytes.min(options.max_fit(GPU_MEMORY_MIB << 20));
    let Some(sizes) = options.sizes(max) else {
        let error = PerfArgError::Unsupported(format!("more than {} sizes", perf_args::MAX_ROWS));
        return Ok(refusal(&error, program, processes.len()));
    };
    let multi_node = processes
        .windows(2)
        .any(|pair| pair[0].node.hostname != pair[1].node.hostname);
    let timer = Timer {
        ring: ring_model(&processes, per_process as usize, multi_node),
        ranks: ranks as usize,
        spread: JITTER * (20.0 / f64::from(options.iters)).sqrt().min(3.0),
        seed: launch.seed,
        now: launch.now,
    };
    let (rows, busy_s) = timer.rows(&options, &sizes)?;
    let shown = devices.len();
    let table = PerfTable {
        params: options.params(),
        devices,
        ranks: timer.ranks,
        rows,
    };
    let mut output = table.lines()?;
    if let Some(first) = output.first_mut() {
        *first = options.first_line();
    }
    if max < options.max_bytes {
        // Process 0 prints it right after the device lines.
        let at = 3 + shown;
        output.splice(
            at..at,
            [
                "#".to_owned(),
                format!("# Reducing maxBytes to {max} due to memory limitation"),
            ],
        );
    }
    // The last line is `ncclGetLastError(NULL)`, empty after a clean run.
    output.push(String::new());
    let mut lines = notices;
    lines.extend(output);
    let init_s = if multi_node {
        INIT_NETWORK_S
    } else {
        INIT_NODE_S
    };
    Ok(PerfRun {
        output: ToolOutput::lines(&lines),
        duration_s: (init_s + busy_s).ceil().max(1.0) as u64,
    })
}

/// The timing of one run: the ring, its rank count and the jitter.
struct Timer {
    ring: LinkModel,
    ranks: usize,
    /// Relative half-width of the jitter: 3% at 20 iterations, more with
    /// fewer (it shrinks as the square root of the iterations).
    spread: f64,
    seed: u64,
    now: i64,
}

impl Timer {
    /// Microseconds of one half (`half` 0 out of place, 1 in place) of
    /// row `row`, of `bytes` per rank.
    fn micros(&self, bytes: u64, row: u64, half: u64) -> Result<f64, AllReduceError> {
        let seconds = match (self.ranks, half) {
            (0 | 1, 0) => LAUNCH_S + bytes as f64 / COPY_BYTES_PER_S,
            (0 | 1, _) => IN_PLACE_ALONE_S,
            _ => ring_time(bytes as f64, self.ranks, &self.ring)?,
        };
        let u = noise::unit(&[self.seed, self.now as u64, row, half]);
        Ok(seconds * 1e6 * (1.0 + self.spread * (2.0 * u - 1.0)))
    }

    /// The rows for `sizes`, and the seconds the run spends on them: the
    /// warm-up at the largest and smallest size, then every size's timed
    /// (and checked) iterations, both halves.
    fn rows(
        &self,
        options: &PerfOptions,
        sizes: &[u64],
    ) -> Result<(Vec<PerfRow>, f64), AllReduceError> {
        let mut rows = Vec::with_capacity(sizes.len());
        let mut seconds = 0.0;
        if let (Some(&lo), Some(&hi)) = (sizes.first(), sizes.last()) {
            let warm = self.micros(lo, u64::MAX, 0)? + self.micros(hi, u64::MAX, 1)?;
            seconds += f64::from(options.warmup_iters) * warm * 1e-6;
        }
        let iterations = f64::from(options.iters) + f64::from(u8::from(options.check > 0));
        for (&bytes, row) in sizes.iter().zip(0u64..) {
            let (out_us, in_us) = (self.micros(bytes, row, 0)?, self.micros(bytes, row, 1)?);
            seconds += iterations * (out_us + in_us) * 1e-6;
            rows.push(PerfRow::new(bytes, options.dtype, out_us, in_us));
        }
        Ok((rows, seconds))
    }
}

/// Each process prints the error; the statuses are equal.
fn refusal(error: &PerfArgError, program: &str, processes: usize) -> PerfRun {
    let one = error.output(program);
    PerfRun {
        output: ToolOutput {
            stdout: one.stdout.repeat(processes),
            stderr: one.stderr.repeat(processes),
            exit: one.exit,
        },
        duration_s: 1,
    }
}

/// The processes with their local ranks (counted per host in task order)
/// and pids.
fn processes<'a>(launch: &PerfLaunch<'a>) -> Vec<Process<'a>> {
    let mut seen: Vec<&str> = Vec::new();
    launch
        .tasks
        .iter()
        .map(|&node| {
            let local_rank = seen.iter().filter(|&&h| h == node.hostname).count() as u32;
            seen.push(&node.hostname);
            let parts = [
                launch.seed,
                noise::key(&node.hostname),
                u64::from(local_rank),
                launch.now as u64,
            ];
            Process {
                node,
                local_rank,
                pid: noise::between(&parts, 20_000, 99_999) as u32,
            }
        })
        .collect()
}

/// The `# Using devices` lines of every rank, or the failure lines of the
/// processes whose CUDA device is missing or broken.
fn devices(
    launch: &PerfLaunch<'_>,
    processes: &[Process<'_>],
    per_process: u32,
) -> Result<Vec<DeviceLine>, Vec<String>> {
    let mut lines = Vec::new();
    let mut failures = Vec::new();
    for (p, process) in processes.iter().enumerate() {
        let node = process.node;
        let enumerated = node.enumerated(launch.now);
        let visible = enumerated.len().min(launch.gpus_per_node as usize);
        let broken = !node.lost(launch.now).is_empty();
        for i in 0..per_process {
            let device = process.local_rank * per_process + i;
            let error = if launch.gpus_per_node == 0 {
                Some("no CUDA-capable device is detected")
            } else if broken {
                Some("unknown error")
            } else if device as usize >= visible {
                Some("invalid device ordinal")
            } else {
                None
            };
            if let Some(error) = error {
                failures.push(format!(
                    "{}: Test CUDA failure common.cu:{DEVICE_CHECK_LINE} '{error}'",
                    node.hostname
                ));
                failures.push(format!(
                    " .. {} pid {}: Test failure common.cu:{RUN_CHECK_LINE}",
                    node.hostname, process.pid
                ));
                break;
            }
            let bus = enumerated
                .get(device as usize)
                .and_then(|&slot| node.gpus.get(slot))
                .map_or(0, |g| g.bus);
            lines.push(DeviceLine {
                rank: p as u32 * per_process + i,
                group: 0,
                pid: process.pid,
                host: node.hostname.clone(),
                device,
                pci: (0, u32::from(bus), 0),
                name: GPU_NAME.to_owned(),
            });
        }
    }
    if failures.is_empty() {
        Ok(lines)
    } else {
        Err(failures)
    }
}

/// The ring as the cost model sees it: the fastest link's bandwidth, and
/// the slowest link as a fraction of it (only the slowest matters to a
/// ring: every step waits for it).
fn ring_model(processes: &[Process<'_>], per_process: usize, multi_node: bool) -> LinkModel {
    let nodes: Vec<&NodeHealth> = processes
        .iter()
        .flat_map(|p| std::iter::repeat_n(p.node, per_process))
        .collect();
    let on = |host: &str| nodes.iter().filter(|n| n.hostname == host).count();
    let n = nodes.len();
    let bandwidths: Vec<f64> = (0..n)
        .map(|r| {
            let (a, b) = (nodes[r], nodes[(r + 1) % n]);
            if a.hostname == b.hostname {
                NVLINK_BYTES_PER_S * a.nvlink_factor
            } else {
                let nics = on(&a.hostname).min(on(&b.hostname)).min(NICS_PER_NODE);
                let rate = NIC_BYTES_PER_S * nics as f64 * a.network_factor.min(b.network_factor);
                rate.min(NVLINK_BYTES_PER_S * a.nvlink_factor.min(b.nvlink_factor))
            }
        })
        .collect();
    let fastest = bandwidths.iter().copied().fold(0.0, f64::max);
    let slowest = bandwidths
        .iter()
        .copied()
        .enumerate()
        .min_by(|x, y| x.1.total_cmp(&y.1));
    let alpha = if multi_node {
        ALPHA_NETWORK_S
    } else {
        ALPHA_NODE_S
    };
    LinkModel {
        slow_link: slowest
            .filter(|&(_, bw)| bw < fastest)
            .map(|(index, bw)| (index, bw / fastest)),
        ..LinkModel::uniform(alpha, fastest.max(1.0))
    }
}
