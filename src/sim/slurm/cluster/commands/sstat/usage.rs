//! The simulated resource use of a running step and sstat's printing of
//! each field (`src/sstat/print.c`). Every number is a deterministic
//! function of the step: its CPUs per task run flat out less a 3%
//! stall (AveCPU), one task 5% behind (MinCPU); resident memory fills
//! from 30% to 70% of the memory per task over the first ten minutes
//! (virtual is 2.5 times that plus 200 MiB); tasks read 2 MiB/s and write
//! 512 KiB/s. A batch step is the script waiting: its own 4 MiB and
//! nothing more. Sizes print as `convert_num_unit` prints them with
//! sstat's default exact conversion (`1012K`, `2G`).

use super::super::super::Cluster;
use super::super::super::fields::{Units, convert_num_unit};
use super::super::super::state::{Job, StepId, StepRecord};

/// A kibibyte.
const KIB: u64 = 1024;
/// A mebibyte.
const MIB: u64 = 1024 * KIB;
/// The CPUs' frequency, kHz, as the nodes report it.
const CPU_KHZ: f64 = 2_600_000.0;

/// One running step and its simulated use.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct StepUse {
    /// The job.
    job_id: u32,
    /// The step.
    pub(super) id: StepId,
    /// Its nodes, indices into the cluster's.
    nodes: Vec<usize>,
    ntasks: u32,
    /// CPU seconds of the average task and of the slowest.
    ave_cpu: u64,
    min_cpu: u64,
    /// Bytes: resident and virtual memory, average and largest task.
    ave_rss: u64,
    max_rss: u64,
    ave_vm: u64,
    max_vm: u64,
    /// Bytes read and written by the average task and the largest.
    ave_read: u64,
    max_read: u64,
    ave_write: u64,
    max_write: u64,
}

impl StepUse {
    /// The use of `step` of `job` now.
    pub(super) fn new(c: &Cluster, job: &Job, step: &StepRecord) -> Self {
        let offset = i64::try_from(step.start_offset).unwrap_or(0);
        let secs = u64::try_from(job.run_time(c.now) - offset).unwrap_or(0);
        let batch = step.id == StepId::Batch;
        let ntasks = step.tasks_of(job.shape.tasks).max(1);
        let nodes = step.nodes_of(&job.nodes).to_vec();
        let per_task_cpus = u64::from((step.cpus / ntasks).max(1));
        let (ave_cpu, min_cpu) = if batch {
            (0, 0)
        } else {
            let ave = secs.saturating_mul(per_task_cpus).saturating_mul(97) / 100;
            (ave, if ntasks > 1 { ave * 95 / 100 } else { ave })
        };
        let node_count = u32::try_from(nodes.len()).unwrap_or(u32::MAX);
        let per_node_tasks = u64::from(ntasks.div_ceil(node_count.max(1)));
        let task_mem =
            (job.shape.per_node.mem_mb.saturating_mul(MIB) / per_node_tasks.max(1)).max(256 * MIB);
        let max_rss = if batch {
            4 * MIB + 92 * KIB
        } else {
            // 30% of the task's memory, rising to 70% at ten minutes, in whole KiB.
            let permille = 300 + 400 * secs.min(600) / 600;
            (task_mem / 1000).saturating_mul(permille) / KIB * KIB
        };
        let ave_rss = if ntasks > 1 {
            max_rss / 100 * 90 / KIB * KIB
        } else {
            max_rss
        };
        let vm = |rss: u64| (rss / 2).saturating_mul(5) / KIB * KIB + 200 * MIB;
        let (read, write) = if batch {
            (12 * KIB, 0)
        } else {
            (secs.saturating_mul(2 * MIB), secs.saturating_mul(512 * KIB))
        };
        Self {
            job_id: job.id,
            id: step.id,
            nodes,
            ntasks,
            ave_cpu,
            min_cpu,
            ave_rss,
            max_rss,
            ave_vm: vm(ave_rss),
            max_vm: vm(max_rss),
            ave_read: read.saturating_mul(9) / 10,
            max_read: read,
            ave_write: write.saturating_mul(9) / 10,
            max_write: write,
        }
    }

    /// The step after the job id's dot: `batch` or its number.
    pub(super) fn suffix(&self) -> String {
        match self.id {
            StepId::Batch => "batch".to_owned(),
            StepId::Numbered(n) => n.to_string(),
        }
    }

    /// The name of the step's first node.
    pub(super) fn first_node(&self, c: &Cluster) -> String {
        c.hostlist(&self.nodes[..self.nodes.len().min(1)])
    }

    /// The name of the step's last node (where the slowest task runs).
    fn last_node(&self, c: &Cluster) -> String {
        c.hostlist(&self.nodes[self.nodes.len().saturating_sub(1)..])
    }

    /// The TRES usage string of `values` (cpu seconds, disk, memory,
    /// virtual memory), as sstat prints TRESUsageIn* fields.
    fn tres_in(cpu: u64, disk: u64, mem: u64, vm: u64) -> String {
        format!(
            "cpu={},energy=0,fs/disk={disk},mem={},pages=0,vmem={}",
            elapsed(cpu),
            size(mem),
            size(vm)
        )
    }

    /// A TRES string of which task or node holds each extreme.
    fn tres_where(&self, what: &str) -> String {
        format!("cpu={what},fs/disk={what},mem={what},pages={what},vmem={what}")
    }
}

/// One field of a step; `None` prints blank.
pub(super) fn value(c: &Cluster, s: &StepUse, name: &str) -> Option<String> {
    let last_task = (s.ntasks - 1).to_string();
    let first = s.first_node(c);
    Some(match name {
        "JobID" => format!("{}.{}", s.job_id, s.suffix()),
        "AveCPU" => elapsed(s.ave_cpu),
        "MinCPU" => elapsed(s.min_cpu),
        "MinCPUNode" => s.last_node(c),
        "MinCPUTask" => last_task,
        "AveCPUFreq" => freq(CPU_KHZ),
        "AveRSS" => size(s.ave_rss),
        "MaxRSS" => size(s.max_rss),
        "AveVMSize" => size(s.ave_vm),
        "MaxVMSize" => size(s.max_vm),
        "MaxRSSNode" | "MaxVMSizeNode" | "MaxPagesNode" | "MaxDiskReadNode"
        | "MaxDiskWriteNode" => first,
        "MaxRSSTask" | "MaxVMSizeTask" | "MaxPagesTask" | "MaxDiskReadTask"
        | "MaxDiskWriteTask" => "0".to_owned(),
        "AvePages" | "MaxPages" | "ConsumedEnergy" | "ConsumedEnergyRaw" => "0".to_owned(),
        "AveDiskRead" => small(s.ave_read),
        "MaxDiskRead" => small(s.max_read),
        "AveDiskWrite" => small(s.ave_write),
        "MaxDiskWrite" => small(s.max_write),
        "Nodelist" => c.hostlist(&s.nodes),
        "NTasks" => s.ntasks.to_string(),
        "ReqCPUFreq" | "ReqCPUFreqMin" | "ReqCPUFreqMax" | "ReqCPUFreqGov" => "Unknown".to_owned(),
        "TRESUsageInAve" => StepUse::tres_in(s.ave_cpu, s.ave_read, s.ave_rss, s.ave_vm),
        "TRESUsageInMax" => StepUse::tres_in(s.ave_cpu, s.max_read, s.max_rss, s.max_vm),
        "TRESUsageInMin" => StepUse::tres_in(s.min_cpu, s.ave_read, s.ave_rss, s.ave_vm),
        "TRESUsageInTot" => {
            let n = u64::from(s.ntasks);
            StepUse::tres_in(
                s.ave_cpu.saturating_mul(n),
                s.ave_read.saturating_mul(n),
                s.ave_rss.saturating_mul(n),
                s.ave_vm.saturating_mul(n),
            )
        }
        "TRESUsageInMaxNode" | "TRESUsageInMinNode" => s.tres_where(&first),
        "TRESUsageInMaxTask" | "TRESUsageInMinTask" => s.tres_where("0"),
        "TRESUsageOutAve" => format!("energy=0,fs/disk={}", s.ave_write),
        "TRESUsageOutMax" => format!("energy=0,fs/disk={}", s.max_write),
        "TRESUsageOutMin" => format!("energy=0,fs/disk={}", s.ave_write),
        "TRESUsageOutTot" => format!(
            "energy=0,fs/disk={}",
            s.ave_write.saturating_mul(u64::from(s.ntasks))
        ),
        "TRESUsageOutMaxNode" | "TRESUsageOutMinNode" => format!("fs/disk={first}"),
        "TRESUsageOutMaxTask" | "TRESUsageOutMinTask" => "fs/disk=0".to_owned(),
        _ => return None,
    })
}

/// CPU time as sstat's `_elapsed_time` prints it: `00:MM:SS`,
/// `HH:MM:SS` or `D-HH:MM:SS`.
fn elapsed(secs: u64) -> String {
    let (d, h, m, s) = (secs / 86_400, secs / 3600 % 24, secs / 60 % 60, secs % 60);
    if d > 0 {
        format!("{d}-{h:02}:{m:02}:{s:02}")
    } else if h > 0 {
        format!("{h:02}:{m:02}:{s:02}")
    } else {
        format!("00:{m:02}:{s:02}")
    }
}

/// A size in bytes.
fn size(bytes: u64) -> String {
    convert_num_unit(bytes as f64, 0, Units::Exact, 1024.0)
}

/// A disk amount (`_print_small_double`): under one byte shows in M.
fn small(bytes: u64) -> String {
    if bytes == 0 {
        "0".to_owned()
    } else {
        size(bytes)
    }
}

/// A frequency in kHz, converted by thousands (not exactly: `2.60G`).
fn freq(khz: f64) -> String {
    let (mut n, mut unit) = (khz, 1);
    while n >= 1000.0 {
        n /= 1000.0;
        unit += 1;
    }
    let letter = ["", "K", "M", "G", "T", "P"]
        .get(unit)
        .copied()
        .unwrap_or("?");
    if n.fract() == 0.0 {
        format!("{n}{letter}")
    } else {
        format!("{n:.2}{letter}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_times_print_as_sstat_prints_them() {
        assert_eq!(size(1036 * KIB), "1036K");
        assert_eq!(size(1024 * KIB), "1M");
        assert_eq!(size(2 * 1024 * MIB), "2G");
        assert_eq!(size(1536 * MIB), "1.50G");
        assert_eq!(size(0), "0");
        assert_eq!(freq(CPU_KHZ), "2.60G");
        assert_eq!(elapsed(59), "00:00:59");
        assert_eq!(elapsed(3_725), "01:02:05");
        assert_eq!(elapsed(90_061), "1-01:01:01");
    }
}
