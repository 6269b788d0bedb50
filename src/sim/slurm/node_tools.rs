//! What an operator sees on a GPU node of the simulated cluster, as pure
//! formatters over a plain-data model of the node: the text of
//! `nvidia-smi`, `dmesg`, nccl-tests `all_reduce_perf`, and the lines a
//! training job leaves in its `slurm-<id>.out` when a node fails or
//! crawls. Every format follows shared/reference/node-tools.md, on one
//! snapshot (driver 550.54.15, CUDA 12.4, NCCL 2.21.5, PyTorch 2.5.1,
//! nccl-tests v2.15, Slurm 22.05, H100 SXM). Pure: the time and the seeds
//! are arguments, and bad input ends in the real tool's message, never a
//! panic.
//!
//! The pieces, one submodule each:
//! 1. `versions`, `clock`, `noise`: the snapshot, calendar formats and
//!    seeded variation.
//! 2. `xid` and `health`: the node model ([`NodeHealth`]) with its GPUs'
//!    Xid history, from which each GPU's state at a moment follows.
//! 3. `nvidia_smi` and `dmesg`: the two tools of "Fallen Off the Bus".
//! 4. `perf_args` and `all_reduce_perf`: the benchmark of "The Slow Lane",
//!    its options parsed as nccl-tests parses them and its bus bandwidth
//!    from the alpha-beta ring model of `sim::allreduce`, where the slowest
//!    link limits every rank.
//! 5. `torch_log`, `nccl_debug`, `training_log`, `slurm_lines`: job output
//!    (PyTorch's NCCL watchdog, torchrun's failure summary, `NCCL_DEBUG=INFO`
//!    lines, progress lines, slurmstepd and srun banners).

use serde::{Deserialize, Serialize};

use crate::sim::allreduce::AllReduceError;

mod all_reduce_perf;
mod clock;
mod dmesg;
mod health;
mod id;
mod nccl_debug;
pub(crate) mod noise;
mod nproc;
mod nvidia_smi;
mod perf_args;
mod python;
mod slurm_lines;
#[cfg(test)]
mod tests;
mod torch_log;
mod training_log;
mod training_run;
mod versions;
mod xid;

pub use all_reduce_perf::{PerfLaunch, PerfRun, all_reduce_perf};
pub use dmesg::{dmesg, dmesg_command, dmesg_t};
pub use health::{GpuHealth, GpuProcess, GpuState, KERNEL_RELEASE, KERNEL_VERSION, NodeHealth};
pub use id::{groups, id, is_user_tool};
pub use nccl_debug::{NcclInit, Transport, address, nccl_init_lines};
pub use nproc::{CpuView, LOGIN_CPUS, nproc};
pub use nvidia_smi::{nvidia_smi, nvidia_smi_command, nvidia_smi_list, nvidia_smi_topo};
pub use perf_args::{MAX_ROWS, PerfArgError, PerfOptions, parse_perf_args, parse_size};
pub use python::{PYTHON_DIRS, is_python, python_answer, python_found};
pub use slurm_lines::{
    StepEnd, StepTarget, TaskEnd, srun_node_failure, srun_step_aborted, srun_tasks_ended,
    stepd_banner, stepd_execve_failed,
};
pub use torch_log::{
    BACKWARD, CollectiveOp, HungJob, IB_RETRIES_S, LinkDown, ProcessGroup, RankFailure, SET_DEVICE,
    ScriptLine, WatchdogTimeout, child_failed_error, hung_job_log, lost_gpu_error,
    torchrun_failure, watchdog_abort,
};
pub use training_log::{TrainingLine, training_line};
pub use training_run::{
    CHECKPOINT_EVERY, DEFAULT_STEPS, LOG_EVERY, SECONDS_PER_STEP, STALL_AFTER_S, STARTUP_S,
    TrainingArgs, TrainingLaunch, TrainingRun, checkpoint_path, parse_torchrun, simulate_training,
};
pub use versions::{
    CUDA_VERSION, DGX_H100_BUSES, DRIVER_BUILD, DRIVER_VERSION, GPU_MEMORY_MIB, GPU_NAME,
    GPU_PCI_ID, GPU_POWER_CAP_W, NCCL_VERSION, NVLINKS_PER_GPU,
};
pub use xid::{Xid, XidEvent, XidProcess};

/// What a tool printed and how it ended, as a shell shows it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolOutput {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// Exit status.
    pub exit: i32,
}

impl ToolOutput {
    /// Lines on standard output, each ended by a newline; exit 0.
    fn lines<S: AsRef<str>>(lines: &[S]) -> ToolOutput {
        ToolOutput {
            stdout: join_lines(lines),
            ..ToolOutput::default()
        }
    }

    /// `text` on standard error with exit status `exit`.
    fn error(text: String, exit: i32) -> ToolOutput {
        ToolOutput {
            stderr: text,
            exit,
            ..ToolOutput::default()
        }
    }
}

/// Every line followed by a newline.
fn join_lines<S: AsRef<str>>(lines: &[S]) -> String {
    lines.iter().fold(String::new(), |mut text, line| {
        text.push_str(line.as_ref());
        text.push('\n');
        text
    })
}

/// Misuse of the node model by its caller (never a user's typing, which
/// ends in a tool's own message inside a [`ToolOutput`]).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum NodeToolError {
    /// A GPU slot the node does not have.
    #[error("the node has {count} GPUs, there is no GPU {gpu}")]
    NoSuchGpu {
        /// The slot asked for.
        gpu: usize,
        /// The node's GPU count.
        count: usize,
    },
    /// A link bandwidth factor outside (0, 1].
    #[error("{host}: {name} must be in (0, 1], got {value}")]
    LinkFactor {
        /// The node.
        host: String,
        /// Which factor.
        name: &'static str,
        /// Its value.
        value: f64,
    },
    /// A launch with no tasks.
    #[error("a launch needs at least one task")]
    NoTasks,
    /// The all-reduce cost model or table refused its input.
    #[error(transparent)]
    AllReduce(#[from] AllReduceError),
}
