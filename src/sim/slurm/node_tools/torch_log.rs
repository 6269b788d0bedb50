//! What PyTorch 2.5.1 and torchrun print when a collective hangs: the NCCL
//! watchdog's timeout lines and abort (`ProcessGroupNCCL.cpp`), torchrun's
//! agent lines and its `ChildFailedError` summary
//! (`torch/distributed/elastic/multiprocessing/errors/__init__.py`), in
//! the formats of shared/reference/node-tools.md section 5, the CUDA
//! error of a worker whose GPU fell off the bus ([`lost_gpu_error`]), and
//! the whole tail of a job that hung ([`hung_job_log`]). Line numbers are 2.5's
//! (they change with every release). Pure.

use serde::{Deserialize, Serialize};

use super::clock::{Civil, c10_log, py_log};
use super::noise;

/// Where torch's shared libraries live in the model image (Python 3.10).
const TORCH_LIB: &str = "/usr/local/lib/python3.10/dist-packages/torch/lib";
const PACKAGES: &str = "/usr/local/lib/python3.10/dist-packages";
const LIBSTDCXX: &str = "/lib/x86_64-linux-gnu/libstdc++.so.6";
const LIBC: &str = "/lib/x86_64-linux-gnu/libc.so.6";
/// The interpreter torchrun starts the workers with.
const PYTHON: &str = "/usr/bin/python3";
const ELASTIC_API: &str = "torch/distributed/elastic/multiprocessing/api.py";
const CPP_SOURCE: &str = "../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp";

/// A collective as the watchdog names it (`OpType=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CollectiveOp {
    /// `ALLREDUCE` (DDP gradient buckets).
    AllReduce,
    /// `BROADCAST`.
    Broadcast,
    /// `_REDUCE_SCATTER_BASE` (FSDP gradients).
    ReduceScatter,
    /// `_ALLGATHER_BASE` (FSDP parameters).
    AllGather,
}

impl CollectiveOp {
    /// The name after `OpType=`.
    pub fn name(self) -> &'static str {
        match self {
            CollectiveOp::AllReduce => "ALLREDUCE",
            CollectiveOp::Broadcast => "BROADCAST",
            CollectiveOp::ReduceScatter => "_REDUCE_SCATTER_BASE",
            CollectiveOp::AllGather => "_ALLGATHER_BASE",
        }
    }
}

/// The process group a collective ran in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ProcessGroup {
    /// The default group: `[PG 0 (default_pg) Rank N]`.
    Default,
    /// Subgroup `id`: `[PG 1 Rank N]`.
    Sub(u32),
}

/// One rank's view of a collective that never finished.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WatchdogTimeout {
    /// Global rank.
    pub rank: u32,
    /// The group of the collective.
    pub group: ProcessGroup,
    /// `SeqNum`: the hung work; the one before it completed.
    pub seq_num: u64,
    /// `last enqueued NCCL work` (at least `seq_num`).
    pub last_enqueued: u64,
    /// The collective.
    pub op: CollectiveOp,
    /// `NumelIn`.
    pub numel_in: u64,
    /// `NumelOut`.
    pub numel_out: u64,
    /// `Timeout(ms)` (600000, ten minutes, is 2.5's default).
    pub timeout_ms: u64,
    /// When the watchdog caught it, seconds since the Unix epoch.
    pub at: i64,
    /// Seed of sub-second stamps and library addresses.
    pub seed: u64,
    /// NCCL's last error when the communicator failed before the timeout
    /// (a network error: `NET/IB : Got completion from peer ...`), `None`
    /// when the collective simply timed out.
    pub error: Option<String>,
}

/// NCCL 2.21.5's text for `ncclRemoteError` as PyTorch reports it, with
/// NCCL's last warning.
fn remote_error(last_error: &str) -> String {
    format!(
        "NCCL error: remote process exited or there was a network error, NCCL version 2.21.5\nncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\nLast error:\n{last_error}"
    )
}

/// One failed worker as torchrun reports it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RankFailure {
    /// When it ended, seconds since the Unix epoch.
    pub at: i64,
    /// Its host.
    pub host: String,
    /// Global rank.
    pub rank: u32,
    /// Rank on its node.
    pub local_rank: u32,
    /// Exit code; minus the signal number when a signal ended it (-6 for
    /// the watchdog's SIGABRT).
    pub exitcode: i32,
    /// Process id.
    pub pid: u32,
}

impl RankFailure {
    /// `traceback :` of the summary.
    fn message(&self) -> String {
        if self.exitcode < 0 {
            let signal = -i64::from(self.exitcode);
            let name = match signal {
                1 => "SIGHUP",
                2 => "SIGINT",
                6 => "SIGABRT",
                7 => "SIGBUS",
                9 => "SIGKILL",
                11 => "SIGSEGV",
                15 => "SIGTERM",
                _ => "<N/A>",
            };
            format!("Signal {signal} ({name}) received by PID {}", self.pid)
        } else {
            "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
                .to_owned()
        }
    }

    /// The `[idx]:` block of the summary.
    fn block(&self, index: usize) -> Vec<String> {
        let c = Civil::new(self.at);
        vec![
            format!("[{index}]:"),
            format!("  time      : {}_{}", c.date(), c.hms()),
            format!("  host      : {}", self.host),
            format!(
                "  rank      : {} (local_rank: {})",
                self.rank, self.local_rank
            ),
            format!("  exitcode  : {} (pid: {})", self.exitcode, self.pid),
            "  error_file: <N/A>".to_owned(),
            format!("  traceback : {}", self.message()),
        ]
    }
}

/// A c10 glog prefix: `[rank8]:[E1130 03:12:45.715298746 ProcessGroupNCCL.cpp:607] `.
fn glog(rank: u32, at: i64, nanos: u64, line: u32) -> String {
    format!(
        "[rank{rank}]:[E{}.{nanos:09} ProcessGroupNCCL.cpp:{line}] ",
        c10_log(&Civil::new(at))
    )
}

/// Nanoseconds past the second for a rank's `k`-th line of a burst:
/// `burst` 0 when the timeout is caught, 1 about four seconds later when
/// the process is taken down; a burst's lines follow each other by some
/// 23 microseconds.
fn nanos(w: &WatchdogTimeout, burst: u64, k: u64) -> u64 {
    noise::between(
        &[w.seed, u64::from(w.rank), 17, burst],
        100_000_000,
        800_000_000,
    ) + k * 23_417
}

/// The watchdog lines and abort of one rank whose collective timed out
/// or whose communicator failed, as 2.5.1 prints them. A timeout: the
/// five `E` lines (timeout, exception, timeout at work, failed, taking the
/// process down), about four seconds apart (the dump). An NCCL error: the
/// work's async exception with its backtrace, then the exception, failed
/// and taking-down lines at once. Both end in the watchdog thread's
/// exception with its backtrace and the `terminate called` block.
pub fn watchdog_abort(w: &WatchdogTimeout) -> Vec<String> {
    let r = w.rank;
    let pg = match w.group {
        ProcessGroup::Default => format!("[PG 0 (default_pg) Rank {r}]"),
        ProcessGroup::Sub(id) => format!("[PG {id} Rank {r}]"),
    };
    let work = format!(
        "WorkNCCL(SeqNum={}, OpType={}, NumelIn={}, NumelOut={}, Timeout(ms)={})",
        w.seq_num,
        w.op.name(),
        w.numel_in,
        w.numel_out,
        w.timeout_ms
    );
    let works = format!(
        "{}, last enqueued NCCL work: {}, last completed NCCL work: {}.",
        w.seq_num,
        w.last_enqueued.max(w.seq_num),
        w.seq_num.saturating_sub(1)
    );
    let frames = Backtrace {
        seed: w.seed,
        rank: r,
    };
    let detected = |burst| {
        format!(
            "{}{pg} Exception (either an error or timeout) detected by watchdog at work: {works}",
            glog(r, w.at, nanos(w, burst, 12), 1664)
        )
    };
    let (mut lines, cause, thrown, later) = match &w.error {
        None => {
            // The timeout is noticed a few tens of ms late; the dump
            // before the abort takes about four seconds.
            let ran_for =
                w.timeout_ms
                    .saturating_add(noise::between(&[w.seed, u64::from(r), 3], 7, 95));
            let caught = format!(
                "[Rank {r}] Watchdog caught collective operation timeout: {work} ran for {ran_for} milliseconds before timing out."
            );
            let later = w.at.saturating_add(4);
            let lines = vec![
                format!("{}{caught}", glog(r, w.at, nanos(w, 0, 0), 607)),
                detected(0),
                format!(
                    "{}{pg} Timeout at NCCL work: {works}",
                    glog(r, later, nanos(w, 1, 0), 1709)
                ),
            ];
            (lines, caught, frames.check_timeout(), later)
        }
        Some(last_error) => {
            let error = remote_error(last_error);
            let mut lines = vec![format!(
                "{}[Rank {r}] Collective {work} raised the following async exception: {error}",
                glog(r, w.at, nanos(w, 0, 0), 542)
            )];
            lines.extend(frames.check_errors());
            lines.push(String::new());
            lines.push(detected(0));
            (lines, error, frames.check_errors(), w.at)
        }
    };
    // A timeout's last lines come in a second burst; an error's follow
    // the exception line in the same one.
    let (burst, k) = if w.error.is_none() { (1, 0) } else { (0, 12) };
    let terminated =
        format!("{pg} Process group watchdog thread terminated with exception: {cause}");
    lines.extend([
        format!(
            "{}[Rank {r}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
            glog(r, later, nanos(w, burst, k + 1), 621)
        ),
        format!(
            "{}[Rank {r}] To avoid data inconsistency, we are taking the entire process down.",
            glog(r, later, nanos(w, burst, k + 2), 627)
        ),
        format!("{}{terminated}", glog(r, later, nanos(w, burst, k + 8), 1515)),
    ]);
    lines.extend(thrown.iter().cloned());
    lines.push(String::new());
    lines.push("terminate called after throwing an instance of 'c10::DistBackendError'".to_owned());
    lines.push(format!("  what():  {terminated}"));
    lines.extend(thrown);
    lines.push(String::new());
    lines.extend(frames.comm_watchdog());
    lines.push(String::new());
    lines
}

/// A shared library of a worker process.
#[derive(Debug, Clone, Copy)]
enum Lib {
    C10,
    TorchCuda,
    StdCxx,
    Libc,
}

impl Lib {
    fn path(self) -> String {
        match self {
            Lib::C10 => format!("{TORCH_LIB}/libc10.so"),
            Lib::TorchCuda => format!("{TORCH_LIB}/libtorch_cuda.so"),
            Lib::StdCxx => LIBSTDCXX.to_owned(),
            Lib::Libc => LIBC.to_owned(),
        }
    }
}

/// One backtrace frame: the function, the offset printed after it, its
/// library and the return address's offset in that library (2.5.1 on
/// Ubuntu 22.04, as in the pastes of node-tools.md section 5).
type Frame = (&'static str, u64, Lib, u64);

const UNKNOWN: &str = "<unknown function>";
const ERROR_FRAME: Frame = (
    "c10::Error::Error(c10::SourceLocation, std::string)",
    0x96,
    Lib::C10,
    0x97f86,
);
const WATCHDOG_FRAMES: [Frame; 3] = [
    (
        "c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >)",
        0x1d2,
        Lib::TorchCuda,
        0x11c_88d2,
    ),
    (
        "c10d::ProcessGroupNCCL::watchdogHandler()",
        0x233,
        Lib::TorchCuda,
        0x11c_f313,
    ),
    (
        "c10d::ProcessGroupNCCL::ncclCommWatchdog()",
        0x10c,
        Lib::TorchCuda,
        0x11d_16fc,
    ),
];
/// Where the watchdog finds a failed communicator (offsets of a 2.5-era
/// paste with NCCL 2.21.5).
const ERROR_CHECK_FRAMES: [Frame; 5] = [
    (
        "c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr<c10d::NCCLComm>&)",
        0x220,
        Lib::TorchCuda,
        0x11c_2f80,
    ),
    (
        "c10d::ProcessGroupNCCL::WorkNCCL::checkAndSetException()",
        0x7c,
        Lib::TorchCuda,
        0x11c_31cc,
    ),
    (
        "c10d::ProcessGroupNCCL::WorkNCCL::isCompleted()",
        0x90,
        Lib::TorchCuda,
        0x11c_33e0,
    ),
    (
        "c10d::ProcessGroupNCCL::watchdogHandler()",
        0x1da,
        Lib::TorchCuda,
        0x11c_f2ba,
    ),
    (
        "c10d::ProcessGroupNCCL::ncclCommWatchdog()",
        0x10c,
        Lib::TorchCuda,
        0x11d_16fc,
    ),
];
const COMM_WATCHDOG_FRAME: Frame = (UNKNOWN, 0xe5_aa84, Lib::TorchCuda, 0xe5_aa84);
/// The thread start below the watchdog: libstdc++'s thread trampoline
/// and glibc's `start_thread` and `clone3`.
const THREAD_START: [Frame; 3] = [
    (UNKNOWN, 0xd_c253, Lib::StdCxx, 0xd_c253),
    (UNKNOWN, 0x9_4ac3, Lib::Libc, 0x9_4ac3),
    (UNKNOWN, 0x12_6850, Lib::Libc, 0x12_6850),
];

/// Where one process loaded each library: page-aligned addresses drawn
/// from the seed (address space layout randomization).
struct Backtrace {
    seed: u64,
    rank: u32,
}

impl Backtrace {
    fn base(&self, lib: Lib) -> u64 {
        let draw = noise::between(
            &[self.seed, u64::from(self.rank), lib as u64],
            0x100,
            0xf_ffff,
        );
        0x7f00_0000_0000 + (draw << 20)
    }

    /// `Exception raised from <function> at <source>:<line> (most recent
    /// call first):` and the frames.
    fn lines(&self, function: &str, line: u32, frames: &[Frame]) -> Vec<String> {
        let mut lines = vec![format!(
            "Exception raised from {function} at {CPP_SOURCE}:{line} (most recent call first):"
        )];
        for (i, &(name, offset, lib, at)) in frames.iter().enumerate() {
            lines.push(format!(
                "frame #{i}: {name} + {offset:#x} ({:#x} in {})",
                self.base(lib) + at,
                lib.path()
            ));
        }
        lines
    }

    /// The timeout's own backtrace, thrown in `checkTimeout`.
    fn check_timeout(&self) -> Vec<String> {
        let mut frames = vec![ERROR_FRAME];
        frames.extend(WATCHDOG_FRAMES);
        frames.extend(THREAD_START);
        self.lines("checkTimeout", 609, &frames)
    }

    /// A failed communicator's backtrace, thrown in
    /// `checkForNCCLErrorsInternal`.
    fn check_errors(&self) -> Vec<String> {
        let mut frames = vec![ERROR_FRAME];
        frames.extend(ERROR_CHECK_FRAMES);
        frames.extend(THREAD_START);
        self.lines("checkForNCCLErrorsInternal", 2027, &frames)
    }

    /// The rethrow from `ncclCommWatchdog` that terminates the process.
    fn comm_watchdog(&self) -> Vec<String> {
        let mut frames = vec![ERROR_FRAME, COMM_WATCHDOG_FRAME];
        frames.extend(THREAD_START);
        self.lines("ncclCommWatchdog", 1521, &frames)
    }
}

/// A torchrun agent's log prefix: `W1130 03:12:50.366000 32974 path:line] `
/// (Python logging: milliseconds, then `000`).
fn agent_prefix(level: char, at: i64, millis: u64, agent_pid: u32, line: u32) -> String {
    format!(
        "{level}{}.{millis:03}000 {agent_pid} {ELASTIC_API}:{line}] ",
        py_log(&Civil::new(at))
    )
}

/// What one node's torchrun agent prints when a worker fails: `Sending
/// process N closing signal SIGTERM` for each of `others` (the pids of the
/// workers still running), the `failed (exitcode: ...)` line, the
/// traceback up to `raise ChildFailedError(` and the summary
/// ([`child_failed_error`]) for `script`.
pub fn torchrun_failure(
    agent_pid: u32,
    failed: &RankFailure,
    others: &[u32],
    script: &str,
) -> Vec<String> {
    let millis = noise::between(&[u64::from(agent_pid), failed.at as u64], 0, 999);
    let mut lines: Vec<String> = others
        .iter()
        .map(|pid| {
            format!(
                "{}Sending process {pid} closing signal SIGTERM",
                agent_prefix('W', failed.at, millis, agent_pid, 900)
            )
        })
        .collect();
    lines.push(format!(
        "{}failed (exitcode: {}) local_rank: {} (pid: {}) of binary: {PYTHON}",
        agent_prefix('E', failed.at.saturating_add(3), 0, agent_pid, 874),
        failed.exitcode,
        failed.local_rank,
        failed.pid
    ));
    let frames = [
        (
            "/usr/local/bin/torchrun".to_owned(),
            8,
            "<module>",
            "sys.exit(main())",
        ),
        (
            format!("{PACKAGES}/torch/distributed/elastic/multiprocessing/errors/__init__.py"),
            355,
            "wrapper",
            "return f(*args, **kwargs)",
        ),
        (
            format!("{PACKAGES}/torch/distributed/run.py"),
            919,
            "main",
            "run(args)",
        ),
        (
            format!("{PACKAGES}/torch/distributed/run.py"),
            910,
            "run",
            "elastic_launch(",
        ),
        (
            format!("{PACKAGES}/torch/distributed/launcher/api.py"),
            138,
            "__call__",
            "return launch_agent(self._config, self._entrypoint, list(args))",
        ),
        (
            format!("{PACKAGES}/torch/distributed/launcher/api.py"),
            269,
            "launch_agent",
            "raise ChildFailedError(",
        ),
    ];
    lines.push("Traceback (most recent call last):".to_owned());
    for (file, line, function, code) in frames {
        lines.push(format!("  File \"{file}\", line {line}, in {function}"));
        lines.push(format!("    {code}"));
    }
    lines.extend(child_failed_error(script, std::slice::from_ref(failed)));
    lines
}

/// torchrun's `ChildFailedError` summary for `script`: the root cause is
/// the first failure in time (ties to the lowest rank), the others are
/// listed under `Failures:`; `[n]` enumerates the failures in rank order.
/// Rules are as wide as the title or the widest failure line, at most 60.
pub fn child_failed_error(script: &str, failures: &[RankFailure]) -> Vec<String> {
    let mut sorted: Vec<&RankFailure> = failures.iter().collect();
    crate::sort::by_key(&mut sorted, |f| f.rank);
    let root = sorted.iter().copied().min_by_key(|f| (f.at, f.rank));
    let title = format!("{script} FAILED");
    let mut width = title.len();
    let mut root_block = Vec::new();
    let mut other_blocks = Vec::new();
    for (index, failure) in sorted.iter().enumerate() {
        let block = failure.block(index);
        width = width.max(block.iter().map(String::len).max().unwrap_or(0));
        if root.is_some_and(|r| std::ptr::eq(r, *failure)) {
            root_block = block;
        } else {
            other_blocks.extend(block);
        }
    }
    let width = width.min(60);
    if other_blocks.is_empty() {
        other_blocks.push("  <NO_OTHER_FAILURES>".to_owned());
    }
    let mut lines = vec![
        // The template starts with a newline, hence the trailing space.
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ".to_owned(),
        "=".repeat(width),
        title,
        "-".repeat(width),
        "Failures:".to_owned(),
    ];
    lines.extend(other_blocks);
    lines.push("-".repeat(width));
    lines.push("Root Cause (first observed failure):".to_owned());
    lines.extend(root_block);
    lines.push("=".repeat(width));
    lines
}

/// A line of the training script a worker fails on: its number and its
/// text as Python 3.10 prints it (stripped), with the library frames
/// below it (file under the packages, line, function, code). The lines
/// are those of the labs' `train.py` (lab/setup.rs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScriptLine {
    /// Line number in the script.
    pub line: u32,
    /// The source line.
    pub code: &'static str,
    /// The frames below it, outermost first.
    pub frames: &'static [(&'static str, u32, &'static str, &'static str)],
}

/// `torch.cuda.set_device(local_rank)`, the worker's first CUDA call (the
/// frames inside torch are left out).
pub const SET_DEVICE: ScriptLine = ScriptLine {
    line: 15,
    code: "torch.cuda.set_device(local_rank)",
    frames: &[],
};

/// `loss.backward()`, where DDP's gradient all-reduce runs; the frames are
/// 2.5's (real pastes: `_tensor.py` 581, `autograd/__init__.py` 347,
/// `autograd/graph.py` 825).
pub const BACKWARD: ScriptLine = ScriptLine {
    line: 22,
    code: "loss.backward()             # gradients all-reduced over NCCL",
    frames: &[
        (
            "torch/_tensor.py",
            581,
            "backward",
            "torch.autograd.backward(",
        ),
        (
            "torch/autograd/__init__.py",
            347,
            "backward",
            "_engine_run_backward(",
        ),
        (
            "torch/autograd/graph.py",
            825,
            "_engine_run_backward",
            "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass",
        ),
    ],
};

/// What a worker prints when its GPU has fallen off the bus and its next
/// CUDA call in `call` of `script` fails: the Python traceback ending in
/// `RuntimeError: CUDA error: unknown error` (`cudaErrorUnknown`, what
/// CUDA returns once the device is gone) and PyTorch's three lines about
/// asynchronous reporting, each line after `[rankN]:` as torchrun 2.5
/// prefixes worker output. The texts are from real 2.5 pastes; that a
/// lost H100 gives `unknown error` rather than another code is assumed.
pub fn lost_gpu_error(rank: u32, script: &str, call: &ScriptLine) -> Vec<String> {
    let mut lines = vec![
        "Traceback (most recent call last):".to_owned(),
        format!("  File \"{script}\", line {}, in <module>", call.line),
        format!("    {}", call.code),
    ];
    for (file, line, function, code) in call.frames {
        lines.push(format!(
            "  File \"{PACKAGES}/{file}\", line {line}, in {function}"
        ));
        lines.push(format!("    {code}"));
    }
    lines.extend(
        [
            "RuntimeError: CUDA error: unknown error",
            "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
        ]
        .map(str::to_owned),
    );
    lines
        .into_iter()
        .map(|l| format!("[rank{rank}]:{l}"))
        .collect()
}

/// A training job whose collective hung: torchrun on each host starting
/// `gpus_per_node` workers of `script`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HungJob {
    /// The training script, e.g. `train.py`.
    pub script: String,
    /// The host of each torchrun agent, in node-rank order.
    pub hosts: Vec<String>,
    /// Workers per host.
    pub gpus_per_node: u32,
    /// The collective that hung and its sequence number.
    pub op: CollectiveOp,
    /// `SeqNum` of the hung collective.
    pub seq_num: u64,
    /// Elements of the collective.
    pub numel: u64,
    /// The watchdog timeout, milliseconds.
    pub timeout_ms: u64,
    /// When the collective was enqueued, seconds since the Unix epoch;
    /// the watchdog fires `timeout_ms` later.
    pub started_at: i64,
    /// Ranks whose GPU fell off the bus as the collective started: each
    /// reports its CUDA error ([`lost_gpu_error`]) and exits with 1, and
    /// its node's agent takes the node's other workers down at once.
    pub lost_ranks: Vec<u32>,
    /// The network link that went down under the collective, if one did.
    pub link_down: Option<LinkDown>,
    /// Seed of pids and sub-second stamps.
    pub seed: u64,
}

/// A node's InfiniBand link that stopped carrying traffic: once the
/// adapter's retries run out ([`IB_RETRIES_S`]), every rank on that node
/// gets NCCL's `NET/IB` completion error from a peer on the node before it
/// in the ring, and PyTorch aborts them; the other ranks wait for the
/// watchdog.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkDown {
    /// Index in [`HungJob::hosts`] of the node whose link failed.
    pub node: usize,
    /// The peer's out-of-band address (`10.0.0.2`), as NCCL names it.
    pub peer_address: String,
}

/// How long an InfiniBand send retries before it fails: NCCL 2.21's
/// `NCCL_IB_TIMEOUT=20` (4.096 us x 2^20, about 4.3 s) times the default 7
/// retries plus the first try.
pub const IB_RETRIES_S: i64 = 35;

/// The tail of the job's output, each line with its time (seconds since
/// the Unix epoch): the ranks on lost GPUs first with their CUDA errors
/// and their nodes' agents, the ranks cut off by a failed link next, then
/// every other rank's watchdog abort and each agent's failure lines and
/// summary, rank 0's host first.
pub fn hung_job_log(job: &HungJob) -> Vec<(i64, String)> {
    let per_node = job.per_node();
    let nodes = u32::try_from(job.hosts.len()).unwrap_or(u32::MAX);
    let mut lines = Vec::new();
    for rank in 0..nodes.saturating_mul(per_node) {
        lines.extend(job.rank_lines(rank));
    }
    for (node, host) in (0u32..).zip(&job.hosts) {
        lines.extend(job.agent_lines(node, host));
    }
    // Stable: lines of one moment keep their order.
    crate::sort::by_key(&mut lines, |&(at, _)| at);
    lines
}

impl HungJob {
    fn per_node(&self) -> u32 {
        self.gpus_per_node.max(1)
    }

    /// When the watchdog fires.
    fn fired(&self) -> i64 {
        self.started_at
            .saturating_add(i64::try_from(self.timeout_ms / 1000).unwrap_or(i64::MAX))
    }

    /// When a failed link's ranks get NCCL's error.
    fn link_error(&self) -> i64 {
        self.started_at
            .saturating_add(IB_RETRIES_S)
            .min(self.fired())
    }

    /// The failed link, if it is `node`'s.
    fn cut_off(&self, node: u32) -> Option<&LinkDown> {
        self.link_down
            .as_ref()
            .filter(|l| usize::try_from(node).is_ok_and(|n| n == l.node))
    }

    /// Whether `node` lost a GPU.
    fn broken(&self, node: u32) -> bool {
        self.lost_ranks.iter().any(|&r| r / self.per_node() == node)
    }

    /// A worker's pid.
    fn pid(&self, rank: u32) -> u32 {
        noise::between(&[self.seed, u64::from(rank), 5], 10_000, 999_999) as u32
    }

    /// What `rank` prints: its CUDA error when its GPU is lost, nothing
    /// when its node's agent stops it for that, else its watchdog abort
    /// (after NCCL's network error when its node's link failed).
    fn rank_lines(&self, rank: u32) -> Vec<(i64, String)> {
        let node = rank / self.per_node();
        if self.lost_ranks.contains(&rank) {
            // The first collective of a run is the setup's broadcast: a
            // GPU lost by then fails the worker's first CUDA call.
            let call = if self.op == CollectiveOp::Broadcast {
                &SET_DEVICE
            } else {
                &BACKWARD
            };
            let error = lost_gpu_error(rank, &self.script, call);
            return error.into_iter().map(|l| (self.started_at, l)).collect();
        }
        if self.broken(node) {
            // Its agent sends it SIGTERM before anything times out.
            return Vec::new();
        }
        let down = self.cut_off(node);
        let at = if down.is_some() {
            self.link_error()
        } else {
            self.fired()
        };
        let error = down.map(|l| {
            let port = noise::between(&[self.seed, u64::from(rank), 8], 32_768, 60_999);
            format!(
                "NET/IB : Got completion from peer {}<{port}> with status=12 opcode=0 len=0 vendor err 129 (Recv)",
                l.peer_address
            )
        });
        let abort = watchdog_abort(&WatchdogTimeout {
            rank,
            group: ProcessGroup::Default,
            seq_num: self.seq_num,
            last_enqueued: self.seq_num.saturating_add(2),
            op: self.op,
            numel_in: self.numel,
            numel_out: self.numel,
            timeout_ms: self.timeout_ms,
            at,
            seed: self.seed,
            error,
        });
        abort.into_iter().map(|l| (at, l)).collect()
    }

    /// The first failure of `node`'s workers: a lost GPU's worker exits
    /// with 1 as soon as it fails; a worker cut off by its link or
    /// waiting for the watchdog is aborted (SIGABRT, -6) some five
    /// seconds after its error.
    fn first_failure(&self, node: u32, host: &str) -> RankFailure {
        let per_node = self.per_node();
        let first = node.saturating_mul(per_node);
        let lost = (first..first.saturating_add(per_node)).find(|r| self.lost_ranks.contains(r));
        let (rank, at, exitcode) = match lost {
            Some(rank) => (rank, self.started_at.saturating_add(1), 1),
            None if self.cut_off(node).is_some() => {
                (first, self.link_error().saturating_add(5), -6)
            }
            None => (first, self.fired().saturating_add(5), -6),
        };
        RankFailure {
            at,
            host: host.to_owned(),
            rank,
            local_rank: rank % per_node,
            exitcode,
            pid: self.pid(rank),
        }
    }

    /// When each node's torchrun exits, in node-rank order: right after
    /// its summary, three seconds after its first worker failed.
    pub fn agent_exits(&self) -> Vec<i64> {
        (0u32..)
            .zip(&self.hosts)
            .map(|(node, host)| self.first_failure(node, host).at.saturating_add(3))
            .collect()
    }

    /// What `node`'s torchrun agent prints when its first worker fails.
    fn agent_lines(&self, node: u32, host: &str) -> Vec<(i64, String)> {
        let per_node = self.per_node();
        let failed = self.first_failure(node, host);
        let first = node.saturating_mul(per_node);
        let others: Vec<u32> = (first..first.saturating_add(per_node))
            .filter(|&r| r != failed.rank)
            .map(|r| self.pid(r))
            .collect();
        let agent = noise::between(&[self.seed, u64::from(node), 6], 10_000, 999_999) as u32;
        let failure = torchrun_failure(agent, &failed, &others, &self.script);
        failure.into_iter().map(|l| (failed.at, l)).collect()
    }
}
