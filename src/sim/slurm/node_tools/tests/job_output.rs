//! Job output against node-tools.md sections 5 and 6 and the lab page
//! "The Slow Lane": the NCCL watchdog, torchrun, `NCCL_DEBUG=INFO`,
//! slurmstepd and srun lines, and progress lines.

use super::*;

/// 2024-12-06T18:44:12Z and 2025-03-18T13:21:42Z (reference samples).
const DEC_6: i64 = 1_733_510_652;
const MAR_18: i64 = 1_742_304_102;
/// 2025-08-01T11:36:44Z and 2025-08-01T13:23:17Z.
const AUG_1: i64 = 1_754_048_204;
const AUG_1_LATER: i64 = 1_754_054_597;

/// `line` with the nine sub-second digits of its c10 stamp and the number
/// after `ran for ` replaced by `#`, which vary with the seed.
fn masked(line: &str) -> String {
    let mut out = line.to_owned();
    if let Some(dot) = out.find('.').filter(|_| out.starts_with("[rank")) {
        out.replace_range(dot + 1..dot + 10, "#########");
    }
    if let Some(at) = out.find("ran for ") {
        let start = at + "ran for ".len();
        let end = start + out[start..].find(' ').unwrap();
        out.replace_range(start..end, "#");
    }
    out
}

fn timeout(
    rank: u32,
    group: ProcessGroup,
    op: CollectiveOp,
    numel: (u64, u64),
    at: i64,
) -> WatchdogTimeout {
    WatchdogTimeout {
        rank,
        group,
        seq_num: 7753,
        last_enqueued: 7755,
        op,
        numel_in: numel.0,
        numel_out: numel.1,
        timeout_ms: 600_000,
        at,
        seed: 5,
        error: None,
    }
}

#[test]
fn the_watchdog_lines_match_the_reference() {
    let w = timeout(
        0,
        ProcessGroup::Sub(1),
        CollectiveOp::ReduceScatter,
        (544_997_376, 68_124_672),
        DEC_6,
    );
    let got = watchdog_abort(&w);
    let reference = [
        "[rank0]:[E1206 18:44:12.715298746 ProcessGroupNCCL.cpp:607] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=7753, OpType=_REDUCE_SCATTER_BASE, NumelIn=544997376, NumelOut=68124672, Timeout(ms)=600000) ran for 600061 milliseconds before timing out.",
        "[rank0]:[E1206 18:44:12.715588844 ProcessGroupNCCL.cpp:1664] [PG 1 Rank 0] Exception (either an error or timeout) detected by watchdog at work: 7753, last enqueued NCCL work: 7755, last completed NCCL work: 7752.",
        "[rank0]:[E1206 18:44:16.994932383 ProcessGroupNCCL.cpp:1709] [PG 1 Rank 0] Timeout at NCCL work: 7753, last enqueued NCCL work: 7755, last completed NCCL work: 7752.",
        "[rank0]:[E1206 18:44:16.994957078 ProcessGroupNCCL.cpp:621] [Rank 0] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
        "[rank0]:[E1206 18:44:16.994964417 ProcessGroupNCCL.cpp:627] [Rank 0] To avoid data inconsistency, we are taking the entire process down.",
    ];
    for (got, want) in got.iter().zip(reference) {
        assert_eq!(masked(got), masked(want));
    }
    let ran_for: u64 = got[0]
        .split("ran for ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!((600_007..=600_095).contains(&ran_for));
}

#[test]
fn the_lab_page_rank_8_allreduce_lines_match() {
    let w = timeout(
        8,
        ProcessGroup::Default,
        CollectiveOp::AllReduce,
        (466_119_168, 466_119_168),
        FAILURE,
    );
    let got = watchdog_abort(&w);
    let lab = [
        "[rank8]:[E1130 03:12:45.715298746 ProcessGroupNCCL.cpp:607] [Rank 8] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=7753, OpType=ALLREDUCE, NumelIn=466119168, NumelOut=466119168, Timeout(ms)=600000) ran for 600061 milliseconds before timing out.",
        "[rank8]:[E1130 03:12:45.715588844 ProcessGroupNCCL.cpp:1664] [PG 0 (default_pg) Rank 8] Exception (either an error or timeout) detected by watchdog at work: 7753, last enqueued NCCL work: 7755, last completed NCCL work: 7752.",
        "[rank8]:[E1130 03:12:49.994957078 ProcessGroupNCCL.cpp:621] [Rank 8] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
        "[rank8]:[E1130 03:12:49.994964417 ProcessGroupNCCL.cpp:627] [Rank 8] To avoid data inconsistency, we are taking the entire process down.",
    ];
    for want in lab {
        assert!(
            got.iter().any(|g| masked(g) == masked(want)),
            "missing {want}"
        );
    }
}

#[test]
fn the_abort_and_backtrace_follow_the_reference_shape() {
    let w = WatchdogTimeout {
        rank: 3,
        seq_num: 327_117,
        last_enqueued: 327_117,
        ..timeout(
            3,
            ProcessGroup::Default,
            CollectiveOp::Broadcast,
            (2_984_960, 2_984_960),
            MAR_18 - 4,
        )
    };
    let got = watchdog_abort(&w);
    assert_eq!(
        masked(&got[5]),
        masked(
            "[rank3]:[E318 13:21:42.592237171 ProcessGroupNCCL.cpp:1515] [PG 0 (default_pg) Rank 3] Process group watchdog thread terminated with exception: [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=327117, OpType=BROADCAST, NumelIn=2984960, NumelOut=2984960, Timeout(ms)=600000) ran for 600092 milliseconds before timing out."
        )
    );
    assert_eq!(
        got[6],
        "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:609 (most recent call first):"
    );
    assert!(
        got[7].starts_with(
            "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x"
        )
    );
    assert!(got[7].ends_with("/torch/lib/libc10.so)"));
    assert!(got[8].starts_with("frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x"));
    assert!(got[9].starts_with("frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x"));
    assert!(
        got[10].starts_with("frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (0x")
    );
    assert!(got[11].contains("libstdc++.so.6)") && got[13].starts_with("frame #6: "));
    assert_eq!(got[14], "");
    assert_eq!(
        got[15],
        "terminate called after throwing an instance of 'c10::DistBackendError'"
    );
    assert_eq!(
        got[16],
        format!(
            "  what():  {}",
            got[5].split("] ").skip(1).collect::<Vec<_>>().join("] ")
        )
    );
    assert!(got[16].starts_with("  what():  [PG 0 (default_pg) Rank 3] Process group watchdog thread terminated with exception: [Rank 3] Watchdog caught"));
    assert_eq!(got[17], got[6]);
    let watchdog = got
        .iter()
        .position(|l| l.starts_with("Exception raised from ncclCommWatchdog"))
        .unwrap();
    assert_eq!(
        got[watchdog],
        "Exception raised from ncclCommWatchdog at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1521 (most recent call first):"
    );
    assert_eq!(got[watchdog + 1], got[7]);
    assert_eq!(got.last().map(String::as_str), Some(""));
    // Addresses are page-aligned library bases plus the offset.
    let address = got[11]
        .split(" (0x")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    assert!(address.ends_with("253"));
}

#[test]
fn the_child_failed_error_matches_the_reference() {
    let failure = RankFailure {
        at: AUG_1,
        host: "192-222-55-138".to_owned(),
        rank: 0,
        local_rank: 0,
        exitcode: 1,
        pid: 11377,
    };
    let want = [
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "============================================================",
        "gpu.py FAILED",
        "------------------------------------------------------------",
        "Failures:",
        "  <NO_OTHER_FAILURES>",
        "------------------------------------------------------------",
        "Root Cause (first observed failure):",
        "[0]:",
        "  time      : 2025-08-01_11:36:44",
        "  host      : 192-222-55-138",
        "  rank      : 0 (local_rank: 0)",
        "  exitcode  : 1 (pid: 11377)",
        "  error_file: <N/A>",
        "  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
        "============================================================",
    ];
    assert_eq!(
        child_failed_error("gpu.py", std::slice::from_ref(&failure)),
        want
    );

    // A watchdog abort; a later failure is listed under Failures, and the
    // rules narrow to the widest line when it is under 60.
    let abort = RankFailure {
        exitcode: -6,
        pid: 48240,
        rank: 9,
        local_rank: 1,
        ..failure.clone()
    };
    let later = RankFailure {
        at: AUG_1 + 2,
        rank: 8,
        local_rank: 0,
        exitcode: -15,
        pid: 48239,
        ..failure
    };
    let got = child_failed_error("train.py", &[abort, later]);
    let rule = "-".repeat(55);
    assert_eq!(got[1], "=".repeat(55));
    assert_eq!(
        got[4..13],
        [
            "Failures:",
            "[0]:",
            "  time      : 2025-08-01_11:36:46",
            "  host      : 192-222-55-138",
            "  rank      : 8 (local_rank: 0)",
            "  exitcode  : -15 (pid: 48239)",
            "  error_file: <N/A>",
            "  traceback : Signal 15 (SIGTERM) received by PID 48239",
            rule.as_str(),
        ]
    );
    assert_eq!(got[14], "[1]:");
    assert_eq!(got[17], "  rank      : 9 (local_rank: 1)");
    assert_eq!(got[18], "  exitcode  : -6 (pid: 48240)");
    assert_eq!(
        got[20],
        "  traceback : Signal 6 (SIGABRT) received by PID 48240"
    );
}

#[test]
fn the_torchrun_agent_lines_match_the_reference() {
    let failure = RankFailure {
        at: AUG_1_LATER,
        host: "node-2".to_owned(),
        rank: 11,
        local_rank: 3,
        exitcode: 1,
        pid: 33054,
    };
    let got = torchrun_failure(32974, &failure, &[33051], "train.py");
    let stamp = |line: &str| line[15..21].to_owned();
    let w = "W0801 13:23:17.366000 32974 torch/distributed/elastic/multiprocessing/api.py:900] Sending process 33051 closing signal SIGTERM";
    assert_eq!(got[0], w.replacen(&stamp(w), &stamp(&got[0]), 1));
    assert!(stamp(&got[0]).ends_with("000"));
    assert_eq!(
        got[1],
        "E0801 13:23:20.000000 32974 torch/distributed/elastic/multiprocessing/api.py:874] failed (exitcode: 1) local_rank: 3 (pid: 33054) of binary: /usr/bin/python3"
    );
    assert_eq!(got[2], "Traceback (most recent call last):");
    assert_eq!(
        got[3],
        "  File \"/usr/local/bin/torchrun\", line 8, in <module>"
    );
    assert_eq!(got[4], "    sys.exit(main())");
    assert_eq!(got[14], "    raise ChildFailedError(");
    assert_eq!(
        got[15],
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: "
    );
    assert_eq!(got[17], "train.py FAILED");
    assert_eq!(got.last().unwrap(), &"=".repeat(60));
}

/// Two nodes of eight ranks whose all-reduce hung ten minutes before
/// [`FAILURE`].
fn hung_job() -> HungJob {
    HungJob {
        script: "train.py".to_owned(),
        hosts: vec!["node-1".to_owned(), "node-3".to_owned()],
        gpus_per_node: 8,
        op: CollectiveOp::AllReduce,
        seq_num: 7753,
        numel: 466_119_168,
        timeout_ms: 600_000,
        started_at: FAILURE - 600,
        lost_ranks: Vec::new(),
        link_down: None,
        seed: 9,
    }
}

#[test]
fn a_hung_job_leaves_every_rank_and_every_agent_in_the_log() {
    let log: Vec<String> = hung_job_log(&hung_job())
        .into_iter()
        .map(|(_, l)| l)
        .collect();
    let caught: Vec<&String> = log
        .iter()
        .filter(|l| l.contains("ProcessGroupNCCL.cpp:607]"))
        .collect();
    assert_eq!(caught.len(), 16);
    assert!(caught.iter().all(|l| l.contains("[E1130 03:12:45.")));
    let summaries = summaries(&log);
    assert_eq!(summaries.len(), 2);
    assert_eq!(log[summaries[1] + 10], "  host      : node-3");
    assert_eq!(
        log[summaries[1] + 12],
        "  exitcode  : -6 (pid: ".to_owned()
            + log[summaries[1] + 12].split("(pid: ").nth(1).unwrap()
    );
    assert_eq!(
        log.iter()
            .filter(|l| l.contains("closing signal SIGTERM"))
            .count(),
        7 + 7
    );
    let again: Vec<String> = hung_job_log(&hung_job())
        .into_iter()
        .map(|(_, l)| l)
        .collect();
    assert_eq!(again, log, "deterministic");
}

/// Where each `ChildFailedError` summary starts.
fn summaries(log: &[String]) -> Vec<usize> {
    log.iter()
        .enumerate()
        .filter(|(_, l)| {
            l.starts_with("torch.distributed.elastic.multiprocessing.errors.ChildFailedError")
        })
        .map(|(i, _)| i)
        .collect()
}

#[test]
fn a_lost_gpu_s_rank_reports_its_cuda_error_and_its_host_first() {
    let job = HungJob {
        lost_ranks: vec![12],
        ..hung_job()
    };
    let log = hung_job_log(&job);
    let text: Vec<String> = log.iter().map(|(_, l)| l.clone()).collect();
    let r12: Vec<&(i64, String)> = log
        .iter()
        .filter(|(_, l)| l.starts_with("[rank12]:"))
        .collect();
    assert!(r12.iter().all(|(at, _)| *at == FAILURE - 600));
    let r12: Vec<&str> = r12.iter().map(|(_, l)| l.as_str()).collect();
    assert_eq!(
        r12,
        [
            "[rank12]:Traceback (most recent call last):",
            "[rank12]:  File \"train.py\", line 22, in <module>",
            "[rank12]:    loss.backward()             # gradients all-reduced over NCCL",
            "[rank12]:  File \"/usr/local/lib/python3.10/dist-packages/torch/_tensor.py\", line 581, in backward",
            "[rank12]:    torch.autograd.backward(",
            "[rank12]:  File \"/usr/local/lib/python3.10/dist-packages/torch/autograd/__init__.py\", line 347, in backward",
            "[rank12]:    _engine_run_backward(",
            "[rank12]:  File \"/usr/local/lib/python3.10/dist-packages/torch/autograd/graph.py\", line 825, in _engine_run_backward",
            "[rank12]:    return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass",
            "[rank12]:RuntimeError: CUDA error: unknown error",
            "[rank12]:CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
            "[rank12]:For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
            "[rank12]:Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
        ]
    );
    // node-3's other ranks are stopped by its agent; node-1's time out.
    let caught: Vec<&String> = text
        .iter()
        .filter(|l| l.contains("ProcessGroupNCCL.cpp:607]"))
        .collect();
    assert_eq!(caught.len(), 8);
    assert!(
        caught
            .iter()
            .all(|l| (0..8).any(|r| l.starts_with(&format!("[rank{r}]:"))))
    );
    // node-3's summary comes first, ten minutes before node-1's.
    let summaries = summaries(&text);
    assert_eq!(summaries.len(), 2);
    let (node3, node1) = (summaries[0], summaries[1]);
    assert_eq!(log[node3].0, FAILURE - 599);
    assert_eq!(text[node3 + 10], "  host      : node-3");
    assert_eq!(text[node3 + 11], "  rank      : 12 (local_rank: 4)");
    assert!(text[node3 + 12].starts_with("  exitcode  : 1 (pid: "));
    assert_eq!(
        text[node3 + 14],
        "  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
    );
    let agent = text[..node3]
        .iter()
        .rev()
        .find(|l| l.contains("] failed ("));
    assert!(
        agent.is_some_and(|l| l.contains("] failed (exitcode: 1) local_rank: 4 (pid: ")),
        "{agent:?}"
    );
    assert_eq!(text[node1 + 10], "  host      : node-1");
    assert!(text[node1 + 12].starts_with("  exitcode  : -6 (pid: "));
    assert!(text[node1 + 14].starts_with("  traceback : Signal 6 (SIGABRT) received by PID "));
    assert_eq!(
        text.iter()
            .filter(|l| l.contains("closing signal SIGTERM"))
            .count(),
        7 + 7
    );
}

#[test]
fn nccl_info_lines_follow_the_2_21_5_formats() {
    let hosts: Vec<String> = (0..16).map(|r| format!("node-{}", 1 + r / 8)).collect();
    let init = NcclInit {
        hosts,
        transport: Transport::Ib,
        seed: 4,
    };
    let got = nccl_init_lines(&init);
    let (pid, rest) = got[0].split_once(':').unwrap().1.split_once(':').unwrap();
    assert_eq!(
        got[0],
        format!("node-1:{pid}:{pid} [0] NCCL INFO Bootstrap : Using eth0:10.0.0.1<0>")
    );
    assert!(rest.starts_with(pid));
    assert_eq!(got[1], "NCCL version 2.21.5+cuda12.4");
    let prefix = got[2].split("NCCL INFO ").next().unwrap().to_owned();
    assert!(prefix.starts_with(&format!("node-1:{pid}:")) && prefix.ends_with(" [0] "));
    assert_eq!(
        got[2],
        format!(
            "{prefix}NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB [3]mlx5_5:1/IB [4]mlx5_6:1/IB [5]mlx5_7:1/IB [6]mlx5_8:1/IB [7]mlx5_9:1/IB [RO]; OOB eth0:10.0.0.1<0>"
        )
    );
    assert_eq!(got[3], format!("{prefix}NCCL INFO Using network IB"));
    assert_eq!(
        got[4],
        format!(
            "{prefix}NCCL INFO Channel 00/16 :    0   1   2   3   4   5   6   7   8   9  10  11  12  13  14  15"
        )
    );
    let receive = got.iter().find(|l| l.contains("[receive]")).unwrap();
    assert!(
        receive.ends_with("NCCL INFO Channel 00/0 : 15[7] -> 0[0] [receive] via NET/IB/0/GDRDMA")
    );
    assert!(
        got.iter()
            .any(|l| l.ends_with("NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM/read"))
    );
    assert!(
        got.iter().any(
            |l| l.ends_with("NCCL INFO Channel 00/0 : 7[7] -> 8[0] [send] via NET/IB/0/GDRDMA")
        )
    );
    let complete: Vec<&String> = got
        .iter()
        .filter(|l| l.ends_with(" - Init COMPLETE"))
        .collect();
    assert_eq!(complete.len(), 16);
    assert!(complete[9].contains(" rank 9 nranks 16 cudaDev 1 nvmlDev 1 busId 2a000 commId 0x"));
    assert_eq!(
        got.iter()
            .filter(|l| l.ends_with("Connected all rings"))
            .count(),
        16
    );

    let socket = nccl_init_lines(&NcclInit {
        transport: Transport::Socket,
        ..init
    });
    assert!(socket[2].ends_with("NCCL INFO NCCL_IB_DISABLE set by environment to 1."));
    assert!(socket[3].ends_with("NCCL INFO NET/Socket : Using [0]eth0:10.0.0.1<0>"));
    assert!(socket[4].ends_with("NCCL INFO Using network Socket"));
    assert!(
        socket
            .iter()
            .any(|l| l.ends_with("[send] via NET/Socket/0"))
    );
}

#[test]
fn slurmstepd_banners_match_slurm_22_05() {
    let at = FAILURE;
    let job = StepTarget::Job(1234);
    let want = [
        (
            StepEnd::TimeLimit,
            "slurmstepd: error: *** JOB 1234 ON node-3 CANCELLED AT 2026-11-30T03:12:45 DUE TO TIME LIMIT ***",
        ),
        (
            StepEnd::Preemption,
            "slurmstepd: error: *** JOB 1234 ON node-3 CANCELLED AT 2026-11-30T03:12:45 DUE TO PREEMPTION ***",
        ),
        (
            StepEnd::NodeFailure,
            "slurmstepd: error: *** JOB 1234 ON node-3 CANCELLED AT 2026-11-30T03:12:45 DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***",
        ),
        (
            StepEnd::Requeue,
            "slurmstepd: error: *** JOB 1234 ON node-3 CANCELLED AT 2026-11-30T03:12:45 DUE TO JOB REQUEUE ***",
        ),
        (
            StepEnd::Failed,
            "slurmstepd: error: *** JOB 1234 ON node-3 FAILED (non-zero exit code or other failure mode) ***",
        ),
        (
            StepEnd::Cancelled,
            "slurmstepd: error: *** JOB 1234 ON node-3 CANCELLED AT 2026-11-30T03:12:45 ***",
        ),
    ];
    for (end, line) in want {
        assert_eq!(stepd_banner("slurmstepd", job, "node-3", at, end), line);
    }
    // 2024-04-20T09:09:37Z, the real step banner.
    assert_eq!(
        stepd_banner(
            "slurmstepd",
            StepTarget::Step {
                job: 494_583,
                step: 0
            },
            "...",
            1_713_604_177,
            StepEnd::TimeLimit
        ),
        "slurmstepd: error: *** STEP 494583.0 ON ... CANCELLED AT 2024-04-20T09:09:37 DUE TO TIME LIMIT ***"
    );
}

#[test]
fn srun_lines_match_slurm_22_05() {
    assert_eq!(
        srun_step_aborted(47),
        "srun: Job step aborted: Waiting up to 47 seconds for job step to finish."
    );
    assert_eq!(
        srun_node_failure("node-3"),
        "srun: error: Node failure on node-3"
    );
    assert_eq!(
        srun_tasks_ended("node-3", &[0], TaskEnd::Exited(1)),
        "srun: error: node-3: task 0: Exited with exit code 1"
    );
    let killed = TaskEnd::Signaled {
        signal: 9,
        core_dumped: false,
    };
    assert_eq!(
        srun_tasks_ended("node-3", &[7, 6, 5, 4, 3, 2, 1, 0], killed),
        "srun: error: node-3: tasks 0-7: Killed"
    );
    let aborted = TaskEnd::Signaled {
        signal: 6,
        core_dumped: true,
    };
    assert_eq!(
        srun_tasks_ended("node-2", &[8, 9, 11, 11], aborted),
        "srun: error: node-2: tasks 8-9,11: Aborted (core dumped)"
    );
}

#[test]
fn training_lines_are_plain_and_deterministic() {
    let step = TrainingLine::step(1200, 20_000, 0.84, 3);
    let line = training_line(FAILURE, &step);
    assert!(line.starts_with("[2026-11-30 03:12:45] step 1200/20000 | loss "));
    assert!(line.ends_with(" | 0.84 s/step"));
    let TrainingLine::Step { loss, .. } = step else {
        panic!("a step")
    };
    assert!(loss > 1.8 && loss < 5.0);
    let early = TrainingLine::step(0, 20_000, 0.8, 3);
    let TrainingLine::Step { loss: first, .. } = early else {
        panic!("a step")
    };
    assert!(first > 10.0, "training starts from a high loss");
    assert_eq!(
        training_line(
            FAILURE,
            &TrainingLine::Resume {
                step: 1200,
                path: "/ckpt/step_1200.pt".to_owned()
            }
        ),
        "[2026-11-30 03:12:45] resuming from checkpoint /ckpt/step_1200.pt (step 1200)"
    );
    assert_eq!(
        training_line(
            FAILURE,
            &TrainingLine::Checkpoint {
                step: 1200,
                path: "/ckpt/step_1200.pt".to_owned()
            }
        ),
        "[2026-11-30 03:12:45] saved checkpoint /ckpt/step_1200.pt (step 1200)"
    );
    assert_eq!(
        training_line(
            FAILURE,
            &TrainingLine::Start {
                world_size: 16,
                steps: 20_000
            }
        ),
        "[2026-11-30 03:12:45] starting training: world size 16, 20000 steps"
    );
}

#[test]
fn a_failed_link_aborts_its_node_first_with_nccl_s_network_error() {
    let job = HungJob {
        link_down: Some(LinkDown {
            node: 1,
            peer_address: "10.0.0.1".to_owned(),
        }),
        ..hung_job()
    };
    let log = hung_job_log(&job);
    // Sorted by time: node-3's eight ranks 35 s in, then node-1's at the
    // timeout.
    assert!(log.windows(2).all(|w| w[0].0 <= w[1].0));
    let raised: Vec<&(i64, String)> = log
        .iter()
        .filter(|(_, l)| l.contains("raised the following async exception"))
        .collect();
    assert_eq!(raised.len(), 8);
    assert!(
        raised
            .iter()
            .all(|(at, _)| *at == FAILURE - 600 + IB_RETRIES_S)
    );
    let r8: Vec<&str> = log
        .iter()
        .flat_map(|(_, l)| l.lines())
        .skip_while(|l| !l.starts_with("[rank8]:"))
        .take(6)
        .collect();
    assert_eq!(
        masked(r8[0]),
        masked(
            "[rank8]:[E1130 03:03:20.786649984 ProcessGroupNCCL.cpp:542] [Rank 8] Collective WorkNCCL(SeqNum=7753, OpType=ALLREDUCE, NumelIn=466119168, NumelOut=466119168, Timeout(ms)=600000) raised the following async exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5"
        )
    );
    assert_eq!(
        r8[1],
        "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely."
    );
    assert_eq!(r8[2], "Last error:");
    assert!(
        r8[3].starts_with("NET/IB : Got completion from peer 10.0.0.1<")
            && r8[3].ends_with("> with status=12 opcode=0 len=0 vendor err 129 (Recv)"),
        "{}",
        r8[3]
    );
    assert_eq!(
        r8[4],
        "Exception raised from checkForNCCLErrorsInternal at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027 (most recent call first):"
    );
    // The stamps of one rank's lines never go back in time.
    let stamps: Vec<&str> = log
        .iter()
        .filter_map(|(_, l)| l.strip_prefix("[rank8]:[E1130 "))
        .map(|l| &l[..18])
        .collect();
    assert!(
        stamps.len() >= 5 && stamps.windows(2).all(|w| w[0] <= w[1]),
        "{stamps:?}"
    );
    // node-3's torchrun reports first: the root cause names its host.
    let first_host = log
        .iter()
        .find(|(_, l)| l.starts_with("  host      : "))
        .map(|(_, l)| l.as_str());
    assert_eq!(first_host, Some("  host      : node-3"));
    assert!(
        !log.iter()
            .any(|(_, l)| l.starts_with("[rank8]:") && l.contains("Watchdog caught"))
    );
    assert_eq!(
        log.iter()
            .filter(
                |(_, l)| l.contains("Watchdog caught collective operation timeout")
                    && l.contains("ProcessGroupNCCL.cpp:607]")
            )
            .count(),
        8
    );
}
