//! `nvidia-smi` on a node: the default table (driver 550's 91-column
//! layout, then the processes table), `-L`, and `topo -m`, byte for byte as
//! in shared/reference/node-tools.md sections 1 and 2. A GPU that has
//! fallen off the bus during this boot makes NVML fail, and `nvidia-smi`
//! prints only the error for it; one lost before this boot is simply not
//! enumerated. Pure.

use super::clock::Civil;
use super::health::{GpuProcess, NodeHealth};
use super::noise;
use super::versions::{
    CUDA_VERSION, DRIVER_VERSION, GPU_MEMORY_MIB, GPU_NAME, GPU_POWER_CAP_W, NVLINKS_PER_GPU,
};
use super::{ToolOutput, join_lines};

mod query;

/// NVML's "GPU is lost" (`NVML_ERROR_GPU_IS_LOST`), nvidia-smi's exit
/// status when a GPU has fallen off the bus.
const EXIT_GPU_LOST: i32 = 15;
/// nvidia-smi's exit status when no GPU is found (`NVML_ERROR_NOT_FOUND`).
const EXIT_NOT_FOUND: i32 = 6;
/// nvidia-smi's exit status for arguments it does not accept.
const EXIT_BAD_ARGS: i32 = 2;

const RULE: &str =
    "+-----------------------------------------------------------------------------------------+";
const GPU_RULE: &str =
    "+-----------------------------------------+------------------------+----------------------+";
const GPU_HEADER: [&str; 5] = [
    "|-----------------------------------------+------------------------+----------------------+",
    "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
    "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
    "|                                         |                        |               MIG M. |",
    "|=========================================+========================+======================|",
];
const PROCESS_HEADER: [&str; 4] = [
    "| Processes:                                                                              |",
    "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
    "|        ID   ID                                                               Usage      |",
    "|=========================================================================================|",
];
const NO_PROCESSES: &str =
    "|  No running processes found                                                             |";
/// The process name column's width; longer names keep their last 35
/// characters after `...`.
const NAME_WIDTH: usize = 38;

/// The options this mock accepts, for `-h`.
const USAGE: &str = "Usage: nvidia-smi [-L | topo -m | --query-gpu=FIELDS --format=csv]\n\n\
    This simulated nvidia-smi supports:\n    \
    (no options)      the GPU and processes tables\n    \
    -L, --list-gpus   one line per GPU with its UUID\n    \
    topo -m           the topology matrix\n    \
    --query-gpu=FIELDS --format=csv[,noheader][,nounits] [-i INDEX]\n                      \
    one line per GPU, fields from: index, name, uuid,\n                      \
    pci.bus_id, driver_version, count, memory.total,\n                      \
    memory.reserved, memory.used, memory.free,\n                      \
    utilization.gpu, utilization.memory, temperature.gpu,\n                      \
    power.draw, power.limit, pstate, fan.speed,\n                      \
    compute_mode, persistence_mode, timestamp,\n                      \
    ecc.errors.uncorrected.volatile.total\n";

/// The `topo -m` legend after the matrix.
const TOPO_LEGEND: [&str; 13] = [
    "",
    "Legend:",
    "",
    "  X    = Self",
    "  SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)",
    "  NODE = Connection traversing PCIe as well as the interconnect between PCIe Host Bridges within a NUMA node",
    "  PHB  = Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)",
    "  PXB  = Connection traversing multiple PCIe bridges (without traversing the PCIe Host Bridge)",
    "  PIX  = Connection traversing at most a single PCIe bridge",
    "  NV#  = Connection traversing a bonded set of # NVLinks",
    "",
    "NIC Legend:",
    "",
];

/// Mellanox NICs of a DGX H100 (`mlx5_0` to `mlx5_9`).
const NICS: usize = 10;
/// The NIC behind the same PCIe switch as each GPU slot (`PIX`).
const NIC_OF_SLOT: [usize; 8] = [0, 1, 2, 5, 6, 7, 8, 9];

/// `nvidia-smi` with `args` (the words after the name): the table, `-L`
/// (`--list-gpus`), `topo -m` (`--matrix`), or `-h`; anything else is
/// refused as the real tool refuses it.
pub fn nvidia_smi_command(node: &NodeHealth, args: &[String], now: i64) -> ToolOutput {
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    match words.as_slice() {
        [] => nvidia_smi(node, now),
        ["-L" | "--list-gpus"] => nvidia_smi_list(node, now),
        ["topo", "-m" | "--matrix"] => nvidia_smi_topo(node, now),
        ["-h" | "--help"] => ToolOutput {
            stdout: USAGE.to_owned(),
            ..ToolOutput::default()
        },
        _ if words.iter().any(|w| w.starts_with("--query-gpu")) => {
            query::query_gpu(node, args, now)
        }
        _ => bad_arguments(),
    }
}

/// nvidia-smi's answer to arguments it does not take together.
fn bad_arguments() -> ToolOutput {
    ToolOutput {
        stdout: "Invalid combination of input arguments. Please run 'nvidia-smi -h' for help.\n"
            .to_owned(),
        exit: EXIT_BAD_ARGS,
        ..ToolOutput::default()
    }
}

/// `nvidia-smi`: the date line, the GPU table and the processes table at
/// `now`; or, with a GPU lost, only the error for it.
pub fn nvidia_smi(node: &NodeHealth, now: i64) -> ToolOutput {
    if let Some(failure) = unreachable(node, now) {
        return failure;
    }
    let slots = node.enumerated(now);
    let mut lines = vec![
        // The date line carries seven trailing spaces.
        format!("{}       ", Civil::new(now).ctime()),
        RULE.to_owned(),
        format!(
            "| NVIDIA-SMI {DRIVER_VERSION:<23}Driver Version: {DRIVER_VERSION:<15}CUDA Version: {CUDA_VERSION:<9}|"
        ),
    ];
    lines.extend(GPU_HEADER.iter().map(|s| (*s).to_owned()));
    for (index, &slot) in slots.iter().enumerate() {
        lines.extend(gpu_block(node, index, slot, now));
        lines.push(GPU_RULE.to_owned());
    }
    lines.push(" ".repeat(89));
    lines.push(RULE.to_owned());
    lines.extend(PROCESS_HEADER.iter().map(|s| (*s).to_owned()));
    let mut processes: Vec<(usize, &GpuProcess)> = node
        .processes
        .iter()
        .filter_map(|p| slots.iter().position(|&s| s == p.gpu).map(|i| (i, p)))
        .collect();
    crate::sort::by_key(&mut processes, |&(index, p)| (index, p.pid));
    if processes.is_empty() {
        lines.push(NO_PROCESSES.to_owned());
    }
    lines.extend(processes.iter().map(|&(index, p)| process_row(index, p)));
    lines.push(RULE.to_owned());
    ToolOutput::lines(&lines)
}

/// `nvidia-smi -L`: `GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-...)` per
/// GPU; or, with a GPU lost, only the error for it.
pub fn nvidia_smi_list(node: &NodeHealth, now: i64) -> ToolOutput {
    if let Some(failure) = unreachable(node, now) {
        return failure;
    }
    let lines: Vec<String> = node
        .enumerated(now)
        .iter()
        .enumerate()
        .filter_map(|(index, &slot)| {
            let gpu = node.gpus.get(slot)?;
            Some(format!("GPU {index}: {GPU_NAME} (UUID: {})", gpu.uuid))
        })
        .collect();
    ToolOutput::lines(&lines)
}

/// `nvidia-smi topo -m`: the tab-separated matrix of a DGX H100 (NV18
/// between GPUs, each GPU `PIX` to its own NIC), then the legends.
pub fn nvidia_smi_topo(node: &NodeHealth, now: i64) -> ToolOutput {
    if let Some(failure) = unreachable(node, now) {
        return failure;
    }
    let slots = node.enumerated(now);
    let nic_of = |slot: usize| NIC_OF_SLOT.get(slot).copied();
    let mut header: Vec<String> = vec![String::new()];
    header.extend((0..slots.len()).map(|i| format!("GPU{i}")));
    header.extend((0..NICS).map(|n| format!("NIC{n}")));
    header.extend(["CPU Affinity", "NUMA Affinity", "GPU NUMA ID"].map(str::to_owned));
    let mut lines = vec![header.join("\t")];
    for (i, &slot) in slots.iter().enumerate() {
        let mut row = vec![format!("GPU{i}")];
        row.extend((0..slots.len()).map(|j| {
            if i == j {
                " X ".to_owned()
            } else {
                format!("NV{NVLINKS_PER_GPU}")
            }
        }));
        row.extend((0..NICS).map(|n| link(nic_of(slot) == Some(n))));
        // Slots 0-3 sit on NUMA node 0, 4-7 on node 1; the row has an
        // empty field before `GPU NUMA ID`, as the real tool prints.
        let (cpus, numa) = if slot < 4 {
            ("0-55,112-167", "0")
        } else {
            ("56-111,168-223", "1")
        };
        row.extend([cpus, numa, "", "N/A"].map(str::to_owned));
        lines.push(row.join("\t"));
    }
    for n in 0..NICS {
        let mut row = vec![format!("NIC{n}")];
        row.extend(slots.iter().map(|&slot| link(nic_of(slot) == Some(n))));
        row.extend((0..NICS).map(|m| {
            if m == n {
                " X ".to_owned()
            } else {
                link(false)
            }
        }));
        // NIC rows end in four empty fields.
        row.extend(std::iter::repeat_n(String::new(), 4));
        lines.push(row.join("\t"));
    }
    lines.extend(TOPO_LEGEND.iter().map(|s| (*s).to_owned()));
    lines.extend((0..NICS).map(|n| format!("  NIC{n}: mlx5_{n}")));
    ToolOutput::lines(&lines)
}

/// `PIX` for a GPU and the NIC on its PCIe switch, else `SYS`.
fn link(same_switch: bool) -> String {
    if same_switch { "PIX" } else { "SYS" }.to_owned()
}

/// The error output when a GPU is lost or none is found, `None` when the
/// tables can be printed.
fn unreachable(node: &NodeHealth, now: i64) -> Option<ToolOutput> {
    let lost = node.lost(now);
    if !lost.is_empty() {
        // The bus id is upper-case here, unlike dmesg's, with no space
        // after `GPU` (driver 550-era pastes).
        let lines: Vec<String> = lost
            .iter()
            .filter_map(|&slot| node.gpus.get(slot))
            .map(|gpu| {
                format!(
                    "Unable to determine the device handle for GPU0000:{:02X}:00.0: Unknown Error",
                    gpu.bus
                )
            })
            .collect();
        return Some(ToolOutput::error(join_lines(&lines), EXIT_GPU_LOST));
    }
    if node.enumerated(now).is_empty() {
        return Some(ToolOutput::error(
            "No devices were found\n".to_owned(),
            EXIT_NOT_FOUND,
        ));
    }
    None
}

/// What a GPU reads at a moment: a working GPU runs hot and near its
/// power limit, an idle one cool at under 100 W. Small variations come from
/// the node's seed and the time in 10-second steps.
struct Reading {
    temp_c: u64,
    power_w: u64,
    /// The hundredths of a watt the table leaves out (under a half, so
    /// the table's whole watts stay the rounded draw).
    power_centi_w: u64,
    util_pct: u64,
    mem_util_pct: u64,
    memory_mib: u64,
    uncorrectable: usize,
}

fn reading(node: &NodeHealth, slot: usize, now: i64) -> Reading {
    let seed = [node.seed, noise::key(&node.hostname), slot as u64];
    let tick = now.div_euclid(10) as u64;
    let vary = |what: u64, lo: u64, hi: u64| {
        noise::between(&[seed[0], seed[1], seed[2], what, tick], lo, hi)
    };
    let memory_mib: u64 = node
        .processes
        .iter()
        .filter(|p| p.gpu == slot)
        .map(|p| p.used_mib)
        .sum();
    let busy = node.processes.iter().any(|p| p.gpu == slot);
    let uncorrectable = node.gpus.get(slot).map_or(0, |gpu| {
        gpu.xids
            .iter()
            .filter(|e| e.xid.is_uncorrectable_ecc() && e.at >= node.boot_time && e.at <= now)
            .count()
    });
    if busy {
        Reading {
            temp_c: vary(1, 41, 56),
            power_w: vary(2, 380, 690),
            power_centi_w: vary(4, 0, 49),
            util_pct: vary(3, 93, 100),
            mem_util_pct: vary(5, 28, 45),
            memory_mib: memory_mib.min(GPU_MEMORY_MIB),
            uncorrectable,
        }
    } else {
        Reading {
            temp_c: vary(1, 26, 33),
            power_w: vary(2, 68, 92),
            power_centi_w: vary(4, 0, 49),
            util_pct: 0,
            mem_util_pct: 0,
            memory_mib: memory_mib.min(GPU_MEMORY_MIB),
            uncorrectable,
        }
    }
}

/// The three lines of one GPU (its index as NVML numbers it, its slot on
/// the node).
fn gpu_block(node: &NodeHealth, index: usize, slot: usize, now: i64) -> [String; 3] {
    let bus = node.gpus.get(slot).map_or(0, |g| g.bus);
    let r = reading(node, slot, now);
    let name_width = 34usize.saturating_sub(GPU_NAME.len()).max(1);
    let bus_id = format!("00000000:{bus:02X}:00.0 Off");
    [
        format!(
            "| {index:>3}  {GPU_NAME}{:>name_width$} | {bus_id:>22} | {:>20} |",
            "Off", r.uncorrectable
        ),
        format!(
            "| N/A{:>5}C{:>6}{:>15}W / {GPU_POWER_CAP_W:>4}W | {:>7}MiB / {GPU_MEMORY_MIB:>6}MiB | {:>6}%      Default |",
            r.temp_c, "P0", r.power_w, r.memory_mib, r.util_pct
        ),
        format!("|{:41}|{:24}| {:>20} |", "", "", "Disabled"),
    ]
}

/// One row of the processes table.
fn process_row(index: usize, p: &GpuProcess) -> String {
    let name = if p.name.chars().count() > NAME_WIDTH {
        let tail: String = p
            .name
            .chars()
            .skip(p.name.chars().count() - (NAME_WIDTH - 3))
            .collect();
        format!("...{tail}")
    } else {
        p.name.clone()
    };
    format!(
        "| {index:>4}   N/A  N/A {:>9} {:>6}   {name:<NAME_WIDTH$}{:>14} |",
        p.pid,
        "C",
        format!("{}MiB", p.used_mib)
    )
}
