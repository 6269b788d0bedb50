//! The state of one GPU node as its operator tools see it: host, kernel,
//! boot time, the eight GPUs with their Xid history, the processes on them
//! and how fast its links run. Plain data; a GPU's state at a moment
//! follows from its Xids and the boot time. Pure.

use serde::{Deserialize, Serialize};

use super::NodeToolError;
use super::noise;
use super::versions::DGX_H100_BUSES;
use super::xid::{Xid, XidEvent};

/// The kernel `uname -r` prints on the model nodes (Debian 12, as the
/// reference cluster's Slurm packages).
pub const KERNEL_RELEASE: &str = "6.1.0-18-amd64";

/// The kernel `uname -v` prints on the model nodes.
pub const KERNEL_VERSION: &str = "#1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1 (2024-02-01)";

/// One GPU in its slot on the node.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GpuHealth {
    /// PCI bus number (domain 0000, device 00, function 0), e.g. `0x9a`.
    pub bus: u8,
    /// `GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`.
    pub uuid: String,
    /// The board serial number.
    pub serial: String,
    /// Every Xid this GPU logged, in any order.
    pub xids: Vec<XidEvent>,
}

impl GpuHealth {
    /// The first time this GPU fell off the bus, if it did.
    pub fn lost_at(&self) -> Option<i64> {
        self.xids
            .iter()
            .filter(|e| e.xid == Xid::FallenOffBus)
            .map(|e| e.at)
            .min()
    }
}

/// A process using a GPU, as the `nvidia-smi` processes table lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GpuProcess {
    /// The GPU's slot on the node (index into [`NodeHealth::gpus`]).
    pub gpu: usize,
    /// Process id.
    pub pid: u32,
    /// Executable path, e.g. `/usr/bin/python3`.
    pub name: String,
    /// GPU memory it holds, MiB.
    pub used_mib: u64,
}

/// What the driver knows of a GPU at a given moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum GpuState {
    /// Working.
    Healthy,
    /// Fell off the bus during this boot, at `at`: NVML cannot reach it and
    /// `nvidia-smi` prints only an error.
    Lost {
        /// When it fell off, seconds since the Unix epoch.
        at: i64,
    },
    /// Fell off before this boot: the driver's probe failed at boot, so it
    /// is not enumerated at all and the others are numbered without it.
    Absent,
}

/// One GPU node.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NodeHealth {
    /// Host name, e.g. `node-3`.
    pub hostname: String,
    /// When the node booted, seconds since the Unix epoch.
    pub boot_time: i64,
    /// `uname -r`.
    pub kernel_release: String,
    /// `uname -v`.
    pub kernel_version: String,
    /// The GPUs by slot, in PCI order.
    pub gpus: Vec<GpuHealth>,
    /// Processes on the GPUs now.
    pub processes: Vec<GpuProcess>,
    /// NVLink bandwidth as a fraction of a healthy node's, in (0, 1].
    pub nvlink_factor: f64,
    /// InfiniBand (network) bandwidth as a fraction of a healthy node's,
    /// in (0, 1]; e.g. 0.1 for the slow node of "The Slow Lane".
    pub network_factor: f64,
    /// Seed of the node's small variations (readings, ids, timestamps).
    pub seed: u64,
}

impl NodeHealth {
    /// A healthy DGX H100 node: eight H100 SXM GPUs on the DGX bus layout,
    /// UUIDs and serials drawn from `seed` and the host name, full-speed
    /// links, nothing running, booted at `boot_time`.
    pub fn dgx_h100(hostname: &str, boot_time: i64, seed: u64) -> NodeHealth {
        let host = noise::key(hostname);
        let gpus = DGX_H100_BUSES
            .iter()
            .zip(0u64..)
            .map(|(&bus, slot)| GpuHealth {
                bus,
                uuid: uuid(&[seed, host, slot]),
                serial: format!(
                    "165{:010}",
                    noise::bits(&[seed, host, slot, 1]) % 10_000_000_000
                ),
                xids: Vec::new(),
            })
            .collect();
        NodeHealth {
            hostname: hostname.to_owned(),
            boot_time,
            kernel_release: KERNEL_RELEASE.to_owned(),
            kernel_version: KERNEL_VERSION.to_owned(),
            gpus,
            processes: Vec::new(),
            nvlink_factor: 1.0,
            network_factor: 1.0,
            seed,
        }
    }

    /// Logs `event` on the GPU in slot `gpu`.
    pub fn record_xid(&mut self, gpu: usize, event: XidEvent) -> Result<(), NodeToolError> {
        let count = self.gpus.len();
        let slot = self
            .gpus
            .get_mut(gpu)
            .ok_or(NodeToolError::NoSuchGpu { gpu, count })?;
        slot.xids.push(event);
        Ok(())
    }

    /// The GPU in slot `gpu` falls off the bus at `at` (Xid 79), and the
    /// processes on it are gone with it.
    pub fn fall_off_bus(&mut self, gpu: usize, at: i64) -> Result<(), NodeToolError> {
        self.record_xid(gpu, XidEvent::new(at, Xid::FallenOffBus))?;
        self.processes.retain(|p| p.gpu != gpu);
        Ok(())
    }

    /// The node as a process fenced in to the GPUs of `mask` sees it (a
    /// device cgroup): only those GPUs, numbered from 0, and their
    /// processes.
    pub fn seen_through(&self, mask: u64) -> NodeHealth {
        let held = |slot: usize| slot < 64 && mask & (1 << slot) != 0;
        let kept: Vec<usize> = (0..self.gpus.len()).filter(|&g| held(g)).collect();
        NodeHealth {
            gpus: kept
                .iter()
                .filter_map(|&g| self.gpus.get(g).cloned())
                .collect(),
            processes: self
                .processes
                .iter()
                .filter_map(|p| {
                    let gpu = kept.iter().position(|&g| g == p.gpu)?;
                    Some(GpuProcess { gpu, ..p.clone() })
                })
                .collect(),
            ..self.clone()
        }
    }

    /// The state of the GPU in slot `gpu` at `now` (`Healthy` for a slot
    /// that does not exist).
    pub fn gpu_state(&self, gpu: usize, now: i64) -> GpuState {
        match self.gpus.get(gpu).and_then(GpuHealth::lost_at) {
            Some(at) if at < self.boot_time => GpuState::Absent,
            Some(at) if at <= now => GpuState::Lost { at },
            _ => GpuState::Healthy,
        }
    }

    /// The slots the driver enumerated at boot, in order: CUDA and NVML
    /// number them 0, 1, ... (a GPU lost during this boot is still among
    /// them; one lost before it is not).
    pub fn enumerated(&self, now: i64) -> Vec<usize> {
        (0..self.gpus.len())
            .filter(|&g| self.gpu_state(g, now) != GpuState::Absent)
            .collect()
    }

    /// The slots whose GPU fell off the bus during this boot, by `now`.
    pub fn lost(&self, now: i64) -> Vec<usize> {
        (0..self.gpus.len())
            .filter(|&g| matches!(self.gpu_state(g, now), GpuState::Lost { .. }))
            .collect()
    }

    /// Checks the link factors: each must be in (0, 1].
    pub fn check(&self) -> Result<(), NodeToolError> {
        for (name, value) in [
            ("nvlink_factor", self.nvlink_factor),
            ("network_factor", self.network_factor),
        ] {
            if !(value > 0.0 && value <= 1.0) {
                return Err(NodeToolError::LinkFactor {
                    host: self.hostname.clone(),
                    name,
                    value,
                });
            }
        }
        Ok(())
    }
}

/// `GPU-` and 32 hex digits grouped 8-4-4-4-12, from `parts`.
fn uuid(parts: &[u64]) -> String {
    let hi = noise::bits(parts);
    let lo = noise::bits(&[hi, 0x5555]);
    format!(
        "GPU-{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
        hi >> 32,
        (hi >> 16) & 0xffff,
        hi & 0xffff,
        lo >> 48,
        lo & 0xffff_ffff_ffff
    )
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_gpu_lost_before_boot_is_absent_and_after_boot_lost() {
        let mut node = NodeHealth::dgx_h100("node-3", 1000, 7);
        assert_eq!(node.gpus.len(), 8);
        assert_eq!(node.gpus[4].bus, 0x9a);
        assert!(node.gpus[0].uuid.starts_with("GPU-"));
        assert_eq!(node.gpus[0].uuid.len(), 40);
        assert_eq!(node.gpus[0].serial.len(), 13);
        assert_ne!(node.gpus[0].uuid, node.gpus[1].uuid);
        node.processes.push(GpuProcess {
            gpu: 4,
            pid: 1,
            name: "python".into(),
            used_mib: 1,
        });
        node.fall_off_bus(4, 2000).unwrap();
        assert!(node.processes.is_empty());
        assert_eq!(node.gpu_state(4, 1999), GpuState::Healthy);
        assert_eq!(node.gpu_state(4, 2000), GpuState::Lost { at: 2000 });
        assert_eq!(node.lost(2500), vec![4]);
        assert_eq!(node.enumerated(2500).len(), 8);
        node.boot_time = 3000;
        assert_eq!(node.gpu_state(4, 3500), GpuState::Absent);
        assert_eq!(node.enumerated(3500), vec![0, 1, 2, 3, 5, 6, 7]);
        assert!(node.lost(3500).is_empty());
    }

    #[test]
    fn bad_slots_and_factors_are_errors() {
        let mut node = NodeHealth::dgx_h100("node-1", 0, 1);
        assert_eq!(
            node.fall_off_bus(8, 1),
            Err(NodeToolError::NoSuchGpu { gpu: 8, count: 8 })
        );
        assert!(node.check().is_ok());
        node.network_factor = 0.0;
        assert!(node.check().is_err());
        node.network_factor = f64::NAN;
        assert!(node.check().is_err());
    }
}
