//! What `jobacct_gather/linux` measures of a step, and how sstat (live)
//! and sacct (once the step has ended) print each field
//! (`src/sstat/print.c`, `src/sacct/print.c`). Every number is a
//! deterministic function of the step and how long it has run.
//!
//! A step that computes ([`StepRecord::computes`]: the user's work,
//! nccl-tests, a training run) keeps its CPUs per task busy, 95% in user
//! space and 2% in the kernel, its last task 5% behind the others;
//! resident memory fills from 30% to 70% of the memory per task over the
//! first ten minutes (virtual is 2.5 times that plus 200 MiB); tasks read
//! 2 MiB/s and write 512 KiB/s. A step that waits (`sleep`, a tool, a
//! batch script waiting on `srun`) spends a few milliseconds of CPU and
//! holds about a mebibyte (the batch shell 4 MiB).

use super::super::Cluster;
use super::super::fields::{Units, convert_num_unit};
use super::super::state::{Job, StepId, StepRecord};
use crate::sim::slurm::time_spec::scontrol_time;

/// A kibibyte.
const KIB: u64 = 1024;
/// A mebibyte.
const MIB: u64 = 1024 * KIB;
/// The CPUs' frequency, kHz, as the nodes report it.
const CPU_KHZ: f64 = 2_600_000.0;
/// Microseconds in a second.
const US: u64 = 1_000_000;

/// One step's measured use.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct StepUse {
    /// The step.
    pub(super) id: StepId,
    /// Its nodes, indices into the cluster's.
    nodes: Vec<usize>,
    ntasks: u32,
    /// CPU microseconds of all tasks, in user space and in the kernel.
    user_us: u64,
    system_us: u64,
    /// CPU microseconds of the busiest task and of the slowest.
    max_task_us: u64,
    min_task_us: u64,
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
    /// The use of `step` of `job`, in a run on `job_nodes`, after it has
    /// run `secs` seconds.
    pub(super) fn new(job: &Job, step: &StepRecord, job_nodes: &[usize], secs: u64) -> Self {
        let batch = step.id == StepId::Batch;
        let ntasks = step.tasks_of(job.shape.tasks).max(1);
        let nodes = step.nodes_of(job_nodes).to_vec();
        let per_task_cpus = u64::from((step.cpus / ntasks).max(1));
        // One task's CPU time, user and kernel.
        let (user, system) = if step.computes {
            let cpu_secs = secs.saturating_mul(per_task_cpus);
            (
                cpu_secs.saturating_mul(US / 100 * 95),
                cpu_secs.saturating_mul(US / 100 * 2),
            )
        } else {
            (
                secs.saturating_mul(20).saturating_add(1_000),
                secs.saturating_mul(40).saturating_add(2_000),
            )
        };
        let slowest = |us: u64| if ntasks > 1 { us / 100 * 95 } else { us };
        let others = u64::from(ntasks - 1);
        let step_mem = (nodes.iter())
            .filter_map(|n| job_nodes.iter().position(|j| j == n))
            .fold(0u64, |sum, i| sum.saturating_add(job.held_on(i).mem_mb));
        let task_mem = (step_mem.saturating_mul(MIB) / u64::from(ntasks)).max(256 * MIB);
        let max_rss = match (step.computes, batch) {
            // 30% of the task's memory, rising to 70% at ten minutes, in whole KiB.
            (true, _) => {
                let permille = 300 + 400 * secs.min(600) / 600;
                (task_mem / 1000).saturating_mul(permille) / KIB * KIB
            }
            (false, true) => 4 * MIB + 92 * KIB,
            (false, false) => MIB + 72 * KIB,
        };
        let ave_rss = if ntasks > 1 {
            max_rss / 100 * 90 / KIB * KIB
        } else {
            max_rss
        };
        let vm = |rss: u64| (rss / 2).saturating_mul(5) / KIB * KIB + 200 * MIB;
        let (read, write) = if step.computes {
            (secs.saturating_mul(2 * MIB), secs.saturating_mul(512 * KIB))
        } else {
            (12 * KIB, 0)
        };
        Self {
            id: step.id,
            nodes,
            ntasks,
            user_us: user.saturating_mul(others).saturating_add(slowest(user)),
            system_us: system
                .saturating_mul(others)
                .saturating_add(slowest(system)),
            max_task_us: user.saturating_add(system),
            min_task_us: slowest(user.saturating_add(system)),
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

    /// The use of a running `step` of `job` now, as sstat asks the node.
    pub(super) fn now(c: &Cluster, job: &Job, step: &StepRecord) -> Self {
        let offset = i64::try_from(step.start_offset).unwrap_or(0);
        let secs = u64::try_from(job.run_time(c.now) - offset).unwrap_or(0);
        Self::new(job, step, &job.nodes, secs)
    }

    /// CPU microseconds of all its tasks, user and kernel (`TotalCPU`).
    pub(super) fn total_cpu_us(&self) -> u64 {
        self.user_us.saturating_add(self.system_us)
    }

    /// CPU microseconds of all its tasks in user space (`UserCPU`).
    pub(super) fn user_us(&self) -> u64 {
        self.user_us
    }

    /// CPU microseconds of all its tasks in the kernel (`SystemCPU`).
    pub(super) fn system_us(&self) -> u64 {
        self.system_us
    }

    /// Bytes resident in its largest task.
    pub(super) fn max_rss(&self) -> u64 {
        self.max_rss
    }

    /// Its tasks.
    pub(super) fn ntasks(&self) -> u32 {
        self.ntasks
    }

    /// CPU seconds of the average task.
    fn ave_cpu(&self) -> u64 {
        self.total_cpu_us() / u64::from(self.ntasks) / US
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
    /// virtual memory), as TRESUsageIn* fields print.
    fn tres_in(cpu: u64, disk: u64, mem: u64, vm: u64) -> String {
        format!(
            "cpu={},energy=0,fs/disk={disk},mem={},pages=0,vmem={}",
            elapsed(cpu),
            size(mem, Units::Exact),
            size(vm, Units::Exact)
        )
    }

    /// A TRES string of which task or node holds each extreme.
    fn tres_where(what: &str) -> String {
        format!("cpu={what},fs/disk={what},mem={what},pages={what},vmem={what}")
    }
}

/// Which tool prints the fields: sstat, or sacct with its `--units`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Reader {
    Sstat,
    Sacct(Units),
}

/// One usage field of a step; `None` for a field that is not one.
pub(super) fn value(c: &Cluster, s: &StepUse, name: &str, reader: Reader) -> Option<String> {
    let last_task = (s.ntasks - 1).to_string();
    let first = s.first_node(c);
    let units = match reader {
        Reader::Sstat => Units::Exact,
        Reader::Sacct(units) => units,
    };
    let disk = |bytes: u64| match reader {
        Reader::Sstat => small(bytes, units),
        Reader::Sacct(_) => megabytes(bytes, units),
    };
    let n = u64::from(s.ntasks);
    let (max_cpu, min_cpu) = (s.max_task_us / US, s.min_task_us / US);
    Some(match name {
        "AveCPU" => elapsed(s.ave_cpu()),
        "MinCPU" => elapsed(min_cpu),
        "MinCPUNode" => s.last_node(c),
        "MinCPUTask" => last_task,
        "AveCPUFreq" => freq(CPU_KHZ),
        "AveRSS" => size(s.ave_rss, units),
        "MaxRSS" => size(s.max_rss, units),
        "AveVMSize" => size(s.ave_vm, units),
        "MaxVMSize" => size(s.max_vm, units),
        "MaxRSSNode" | "MaxVMSizeNode" | "MaxPagesNode" | "MaxDiskReadNode"
        | "MaxDiskWriteNode" => first,
        "MaxRSSTask" | "MaxVMSizeTask" | "MaxPagesTask" | "MaxDiskReadTask"
        | "MaxDiskWriteTask" => "0".to_owned(),
        "AvePages" | "MaxPages" | "ConsumedEnergy" | "ConsumedEnergyRaw" => "0".to_owned(),
        "AveDiskRead" => disk(s.ave_read),
        "MaxDiskRead" => disk(s.max_read),
        "AveDiskWrite" => disk(s.ave_write),
        "MaxDiskWrite" => disk(s.max_write),
        "Nodelist" => c.hostlist(&s.nodes),
        "NTasks" => s.ntasks.to_string(),
        "ReqCPUFreq" | "ReqCPUFreqMin" | "ReqCPUFreqMax" | "ReqCPUFreqGov" => "Unknown".to_owned(),
        "TotalCPU" => cpu_time(s.total_cpu_us()),
        "UserCPU" => cpu_time(s.user_us),
        "SystemCPU" => cpu_time(s.system_us),
        "TRESUsageInAve" => StepUse::tres_in(s.ave_cpu(), s.ave_read, s.ave_rss, s.ave_vm),
        "TRESUsageInMax" => StepUse::tres_in(max_cpu, s.max_read, s.max_rss, s.max_vm),
        "TRESUsageInMin" => StepUse::tres_in(min_cpu, s.ave_read, s.ave_rss, s.ave_vm),
        "TRESUsageInTot" => StepUse::tres_in(
            s.total_cpu_us() / US,
            s.ave_read.saturating_mul(n),
            s.ave_rss.saturating_mul(n),
            s.ave_vm.saturating_mul(n),
        ),
        "TRESUsageInMaxNode" | "TRESUsageInMinNode" => StepUse::tres_where(&first),
        "TRESUsageInMaxTask" | "TRESUsageInMinTask" => StepUse::tres_where("0"),
        "TRESUsageOutAve" => format!("energy=0,fs/disk={}", s.ave_write),
        "TRESUsageOutMax" => format!("energy=0,fs/disk={}", s.max_write),
        "TRESUsageOutMin" => format!("energy=0,fs/disk={}", s.ave_write),
        "TRESUsageOutTot" => format!("energy=0,fs/disk={}", s.ave_write.saturating_mul(n)),
        "TRESUsageOutMaxNode" | "TRESUsageOutMinNode" => format!("fs/disk={first}"),
        "TRESUsageOutMaxTask" | "TRESUsageOutMinTask" => "fs/disk=0".to_owned(),
        _ => return None,
    })
}

/// CPU time as the tools' `_elapsed_time` prints whole seconds, the
/// form of `secs2time_str`: `00:MM:SS`, `HH:MM:SS` or `D-HH:MM:SS`.
fn elapsed(secs: u64) -> String {
    scontrol_time(i64::try_from(secs).unwrap_or(i64::MAX))
}

/// CPU time in microseconds as sacct's `_elapsed_time` prints it with
/// its microseconds: under an hour with milliseconds, `MM:SS.mmm`.
pub(super) fn cpu_time(us: u64) -> String {
    let (secs, ms) = (us / US, us % US / 1000);
    if secs < 3600 && ms > 0 {
        format!("{:02}:{:02}.{ms:03}", secs / 60, secs % 60)
    } else {
        elapsed(secs)
    }
}

/// A size in bytes.
fn size(bytes: u64, units: Units) -> String {
    convert_num_unit(bytes as f64, 0, units, 1024.0)
}

/// sstat's disk amount (`_print_small_double` of bytes): zero is `0`.
fn small(bytes: u64, units: Units) -> String {
    if bytes == 0 {
        "0".to_owned()
    } else {
        size(bytes, units)
    }
}

/// sacct's disk amount (`_print_small_double` of megabytes): under one
/// megabyte with two decimals (`0.01M`), zero `0`.
fn megabytes(bytes: u64, units: Units) -> String {
    let mb = bytes as f64 / MIB as f64;
    if mb > 1.0 {
        convert_num_unit(mb, 2, units, 1024.0)
    } else if mb > 0.0 {
        format!("{mb:.2}M")
    } else {
        "0".to_owned()
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
    fn sizes_and_times_print_as_the_tools_print_them() {
        assert_eq!(size(1036 * KIB, Units::Exact), "1036K");
        assert_eq!(size(1024 * KIB, Units::Exact), "1M");
        assert_eq!(size(2 * 1024 * MIB, Units::Exact), "2G");
        assert_eq!(size(1536 * MIB, Units::Exact), "1.50G");
        assert_eq!(size(1536 * MIB, Units::Fixed(2)), "1536M");
        assert_eq!(size(0, Units::Exact), "0");
        assert_eq!(megabytes(12 * KIB, Units::Exact), "0.01M");
        assert_eq!(megabytes(216 * MIB, Units::Exact), "216M");
        assert_eq!(megabytes(0, Units::Exact), "0");
        assert_eq!(freq(CPU_KHZ), "2.60G");
        assert_eq!(elapsed(59), "00:00:59");
        assert_eq!(elapsed(3_725), "01:02:05");
        assert_eq!(elapsed(90_061), "1-01:01:01");
        assert_eq!(cpu_time(3_000), "00:00.003");
        assert_eq!(cpu_time(116_400_000), "01:56.400");
        assert_eq!(cpu_time(120_000_000), "00:02:00");
        assert_eq!(cpu_time(3_725_500_000), "01:02:05");
    }
}
