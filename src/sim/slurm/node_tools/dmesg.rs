//! The kernel log of a node as `dmesg` and `dmesg -T` print it: a few boot
//! lines, the NVIDIA driver loading (and, for a GPU lost before this boot,
//! its failed probe), then every Xid of this boot in the driver 550 format
//! (shared/reference/node-tools.md section 3). Pure.
//!
//! Steps: the node's state becomes a list of entries stamped in
//! microseconds since boot (`entries`), which either stamp style then
//! prints, continuation lines indented under the first.

use super::super::getopt::{Getopt, HasArg, Item, Opt, Order, opt};
use super::ToolOutput;
use super::clock::Civil;
use super::health::{GpuHealth, NodeHealth};
use super::noise;
use super::versions::{DRIVER_BUILD, DRIVER_VERSION, GPU_PCI_ID};
use super::xid::{Xid, XidEvent};

/// Who built the model kernel, as its banner line says (Debian 12).
const KERNEL_BUILDER: &str = "(debian-kernel@lists.debian.org) (gcc-12 (Debian 12.2.0-14) 12.2.0, GNU ld (GNU Binutils for Debian) 2.40)";

const MICROS: i64 = 1_000_000;

/// The options this mock accepts, for `--help`.
const USAGE: &str = "\nUsage:\n dmesg [options]\n\nDisplay or control the kernel ring buffer.\n\n\
    This simulated dmesg supports:\n \
    -T, --ctime                 show human-readable timestamp\n \
    -h, --help                  display this help\n";

/// One kernel message: microseconds since boot and its lines.
struct Entry {
    micros: i64,
    lines: Vec<String>,
}

/// `dmesg`: every message of this boot up to `now`, stamped
/// `[ 1843.308145]` (seconds since boot, `%5ld.%06ld`).
pub fn dmesg(node: &NodeHealth, now: i64) -> String {
    render(node, now, |micros| {
        format!("[{:>5}.{:06}]", micros / MICROS, micros % MICROS)
    })
}

/// `dmesg -T`: the same messages stamped with the wall time,
/// `[Mon Nov 30 03:12:45 2026]` (boot time plus the seconds since boot).
pub fn dmesg_t(node: &NodeHealth, now: i64) -> String {
    render(node, now, |micros| {
        format!(
            "[{}]",
            Civil::new(node.boot_time.saturating_add(micros / MICROS)).ctime()
        )
    })
}

/// The options this model reads; util-linux's others are refused as
/// unknown.
const OPTIONS: [Opt<char>; 2] = [
    opt('T', Some('T'), &["ctime"], HasArg::No),
    opt('h', Some('h'), &["help"], HasArg::No),
];

/// `dmesg` with `args` (the words after the name): `-T`/`--ctime` or
/// none; `-h` prints the usage at once; mistakes end as util-linux ends
/// them.
pub fn dmesg_command(node: &NodeHealth, args: &[String], now: i64) -> ToolOutput {
    let mut ctime = false;
    let mut operand = false;
    for item in Getopt::new(args, &OPTIONS, Order::Permute) {
        match item {
            Ok(Item::Opt('h', _)) => return help(),
            Ok(Item::Opt(_, _)) => ctime = true,
            Ok(Item::Operand(_)) => operand = true,
            Err(mistake) => return usage_error(&mistake.to_string()),
        }
    }
    if operand {
        return usage_error("bad usage");
    }
    ToolOutput {
        stdout: if ctime {
            dmesg_t(node, now)
        } else {
            dmesg(node, now)
        },
        ..ToolOutput::default()
    }
}

/// A mistake on the command line, with util-linux's hint, exit 1.
fn usage_error(message: &str) -> ToolOutput {
    ToolOutput::error(
        format!("dmesg: {message}\nTry 'dmesg --help' for more information.\n"),
        1,
    )
}

fn help() -> ToolOutput {
    ToolOutput {
        stdout: USAGE.to_owned(),
        ..ToolOutput::default()
    }
}

/// Prints the entries up to `now`, each stamped by `stamp`; continuation
/// lines are indented to the width of the stamp and its space.
fn render(node: &NodeHealth, now: i64, stamp: impl Fn(i64) -> String) -> String {
    let limit = now.saturating_sub(node.boot_time).saturating_mul(MICROS);
    let mut text = String::new();
    for entry in entries(node, now).iter().filter(|e| e.micros <= limit) {
        let prefix = stamp(entry.micros);
        for (i, line) in entry.lines.iter().enumerate() {
            if i == 0 {
                text.push_str(&prefix);
            } else {
                text.push_str(&" ".repeat(prefix.len()));
            }
            text.push(' ');
            text.push_str(line);
            text.push('\n');
        }
    }
    text
}

/// Microseconds between `seconds` (whole) and the next second, drawn from
/// the node's seed and `what`.
fn fraction(node: &NodeHealth, what: &[u64]) -> i64 {
    let mut parts = vec![node.seed, noise::key(&node.hostname)];
    parts.extend_from_slice(what);
    noise::between(&parts, 0, 999_990) as i64
}

/// The messages of this boot, in time order.
fn entries(node: &NodeHealth, now: i64) -> Vec<Entry> {
    let single = |micros: i64, line: String| Entry {
        micros,
        lines: vec![line],
    };
    let driver_load = 4 * MICROS + fraction(node, &[1]) / 2;
    let mut out = vec![
        single(
            0,
            format!(
                "Linux version {} {KERNEL_BUILDER} {}",
                node.kernel_release, node.kernel_version
            ),
        ),
        single(
            driver_load,
            "nvidia: loading out-of-tree module taints kernel.".to_owned(),
        ),
        single(
            driver_load,
            "nvidia: module license 'NVIDIA' taints kernel.".to_owned(),
        ),
        single(
            driver_load,
            "Disabling lock debugging due to kernel taint".to_owned(),
        ),
        single(
            driver_load + 41_227,
            "nvidia-nvlink: Nvlink Core is being initialized, major device number 235".to_owned(),
        ),
        single(
            driver_load + 43_018,
            format!(
                "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  {DRIVER_VERSION}  {DRIVER_BUILD}"
            ),
        ),
    ];
    // A GPU that fell off the bus before this boot fails the driver's
    // probe (open-gpu-kernel-modules `nv.c`, 570-era paste in
    // node-tools.md section 1).
    let absent: Vec<&GpuHealth> = node
        .gpus
        .iter()
        .filter(|g| g.lost_at().is_some_and(|at| at < node.boot_time))
        .collect();
    let mut probe = driver_load + 131_517;
    for gpu in &absent {
        out.push(Entry {
            micros: probe,
            lines: vec![
                format!("NVRM: The NVIDIA GPU 0000:{:02x}:00.0", gpu.bus),
                format!("NVRM: (PCI ID: {GPU_PCI_ID}) installed in this system has"),
                "NVRM: fallen off the bus and is not responding to commands.".to_owned(),
            ],
        });
        probe += 130_000;
    }
    if !absent.is_empty() {
        out.push(single(
            probe,
            format!(
                "NVRM: The NVIDIA probe routine failed for {} device(s).",
                absent.len()
            ),
        ));
    }
    out.push(single(
        driver_load + 612_954,
        "nvidia-uvm: Loaded the UVM driver, major device number 510.".to_owned(),
    ));
    for (slot, gpu) in node.gpus.iter().enumerate() {
        out.extend(xid_entries(node, slot, gpu, now));
    }
    crate::sort::by_key(&mut out, |e| e.micros);
    out
}

/// The NVRM lines of one GPU's Xids in this boot: the GPU's address and
/// serial before its first Xid, each Xid line, and for Xid 79 the lost-GPU
/// lines (`osHandleGpuLost`). Nothing is logged after the GPU is lost.
fn xid_entries(node: &NodeHealth, slot: usize, gpu: &GpuHealth, now: i64) -> Vec<Entry> {
    let mut events: Vec<&XidEvent> = gpu
        .xids
        .iter()
        .filter(|e| e.at >= node.boot_time && e.at <= now)
        .collect();
    crate::sort::by_key(&mut events, |e| e.at);
    if let Some(lost) = events.iter().position(|e| e.xid == Xid::FallenOffBus) {
        events.truncate(lost + 1);
    }
    let address = format!("0000:{:02x}:00", gpu.bus);
    let mut out = Vec::new();
    for (i, event) in events.iter().enumerate() {
        let micros = event
            .at
            .saturating_sub(node.boot_time)
            .saturating_mul(MICROS)
            .saturating_add(fraction(node, &[2, slot as u64, i as u64]));
        let mut lines = Vec::new();
        if i == 0 {
            lines.push(format!("NVRM: GPU at PCI:{address}: {}", gpu.uuid));
            lines.push(format!("NVRM: GPU Board Serial Number: {}", gpu.serial));
        }
        let (pid, name) = match &event.process {
            Some(p) => (p.pid.to_string(), p.name.clone()),
            None => ("'<unknown>'".to_owned(), "<unknown>".to_owned()),
        };
        lines.push(format!(
            "NVRM: Xid (PCI:{address}): {}, pid={pid}, name={name}, {}",
            event.xid.code(),
            event.xid.message()
        ));
        if event.xid == Xid::FallenOffBus {
            lines.push(format!(
                "NVRM: GPU {address}.0: GPU has fallen off the bus."
            ));
            lines.push(format!(
                "NVRM: GPU {address}.0: GPU serial number is {}.",
                gpu.serial
            ));
        }
        // Each line is its own message, a few microseconds apart.
        out.extend(lines.into_iter().zip(0i64..).map(|(line, k)| Entry {
            micros: micros.saturating_add(3 * k),
            lines: vec![line],
        }));
    }
    out
}
