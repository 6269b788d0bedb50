//! The `NCCL_DEBUG=INFO` lines NCCL 2.21.5 prints while a communicator
//! starts (shared/reference/node-tools.md section 5): the bootstrap
//! interface, the version, the network (InfiniBand, or sockets when
//! `NCCL_IB_DISABLE=1`), rank 0's ring channels, each rank's links to its
//! ring neighbours, and `Init COMPLETE`. Every line but the version has the
//! prefix `host:pid:tid [cudaDev] NCCL INFO `. Pure.

use serde::{Deserialize, Serialize};

use super::noise;
use super::versions::{CUDA_VERSION, DGX_H100_BUSES, NCCL_VERSION};

/// Channels NCCL opens between 8-GPU nodes with 8 NICs.
const CHANNELS: usize = 16;
/// Ranks a channel line lists at most.
const CHANNEL_RANKS: usize = 20;
/// The GPU NICs of a DGX H100, in NCCL's device order.
const HCAS: [&str; 8] = [
    "mlx5_0", "mlx5_1", "mlx5_2", "mlx5_5", "mlx5_6", "mlx5_7", "mlx5_8", "mlx5_9",
];
/// The out-of-band (bootstrap) interface.
const OOB: &str = "eth0";

/// The network NCCL uses between nodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Transport {
    /// InfiniBand verbs with GPUDirect RDMA (the default on the cluster).
    Ib,
    /// TCP sockets (`NCCL_IB_DISABLE=1`).
    Socket,
}

/// One communicator's start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NcclInit {
    /// The host of each rank, in rank order; ranks on a host take CUDA
    /// devices 0, 1, ... in order.
    pub hosts: Vec<String>,
    /// The inter-node network.
    pub transport: Transport,
    /// Seed of pids, thread ids and pointers.
    pub seed: u64,
}

/// A host's address on the out-of-band network: `10.0.0.N` for a name
/// ending in a number N (below 255), else one drawn from the name; the
/// login nodes' (`login1`) are `10.0.1.N`.
pub fn address(host: &str) -> String {
    let digits: String = host
        .chars()
        .rev()
        .take_while(char::is_ascii_digit)
        .collect::<Vec<char>>()
        .into_iter()
        .rev()
        .collect();
    let last = digits
        .parse::<u64>()
        .ok()
        .filter(|n| (1..255).contains(n))
        .unwrap_or_else(|| noise::between(&[noise::key(host)], 1, 254));
    let net = if host.starts_with("login") { 1 } else { 0 };
    format!("10.0.{net}.{last}")
}

/// Every line of the communicator's start, rank by rank.
pub fn nccl_init_lines(init: &NcclInit) -> Vec<String> {
    let n = init.hosts.len();
    let devices: Vec<usize> = (0..n)
        .map(|r| {
            init.hosts[..r]
                .iter()
                .filter(|h| **h == init.hosts[r])
                .count()
        })
        .collect();
    let pid = |r: usize| noise::between(&[init.seed, r as u64, 1], 10_000, 999_999);
    let comm_id = noise::bits(&[init.seed, 2]);
    let mut lines = Vec::new();
    for (r, host) in init.hosts.iter().enumerate() {
        let dev = devices[r];
        let (p, tid) = (
            pid(r),
            pid(r) + noise::between(&[init.seed, r as u64, 3], 40, 90),
        );
        let main = format!("{host}:{p}:{p} [{dev}] NCCL INFO ");
        let init_thread = format!("{host}:{p}:{tid} [{dev}] NCCL INFO ");
        let oob = format!("{OOB}:{}<0>", address(host));
        lines.push(format!("{main}Bootstrap : Using {oob}"));
        if r == 0 {
            lines.push(format!("NCCL version {NCCL_VERSION}+cuda{CUDA_VERSION}"));
        }
        let net = match init.transport {
            Transport::Ib => {
                let hcas: Vec<String> = HCAS
                    .iter()
                    .enumerate()
                    .map(|(i, hca)| format!("[{i}]{hca}:1/IB"))
                    .collect();
                lines.push(format!(
                    "{init_thread}NET/IB : Using {} [RO]; OOB {oob}",
                    hcas.join(" ")
                ));
                lines.push(format!("{init_thread}Using network IB"));
                "NET/IB/0/GDRDMA"
            }
            Transport::Socket => {
                lines.push(format!("{main}NCCL_IB_DISABLE set by environment to 1."));
                lines.push(format!("{main}NET/Socket : Using [0]{oob}"));
                lines.push(format!("{init_thread}Using network Socket"));
                "NET/Socket/0"
            }
        };
        if r == 0 {
            let ring: String = (0..n.min(CHANNEL_RANKS))
                .map(|k| format!(" {k:3}"))
                .collect();
            for c in 0..CHANNELS {
                lines.push(format!(
                    "{init_thread}Channel {c:02}/{CHANNELS:02} : {ring}"
                ));
            }
        }
        let next = (r + 1) % n;
        let prev = (r + n - 1) % n;
        if n > 1 {
            if init.hosts[next] == *host {
                lines.push(format!(
                    "{init_thread}Channel 00/0 : {r}[{dev}] -> {next}[{}] via P2P/CUMEM/read",
                    devices[next]
                ));
            } else {
                lines.push(format!(
                    "{init_thread}Channel 00/0 : {r}[{dev}] -> {next}[{}] [send] via {net}",
                    devices[next]
                ));
            }
            if init.hosts[prev] != *host {
                lines.push(format!(
                    "{init_thread}Channel 00/0 : {prev}[{}] -> {r}[{dev}] [receive] via {net}",
                    devices[prev]
                ));
            }
        }
        lines.push(format!("{init_thread}Connected all rings"));
        lines.push(format!("{init_thread}Connected all trees"));
        let bus = DGX_H100_BUSES.get(dev).copied().unwrap_or(0);
        let comm = 0x5500_0000_0000 + (noise::bits(&[init.seed, r as u64, 4]) & 0x0fff_ffff_fff0);
        lines.push(format!(
            "{init_thread}ncclCommInitRank comm {comm:#x} rank {r} nranks {n} cudaDev {dev} nvmlDev {dev} busId {:x} commId {comm_id:#x} - Init COMPLETE",
            u64::from(bus) << 12
        ));
    }
    lines
}
