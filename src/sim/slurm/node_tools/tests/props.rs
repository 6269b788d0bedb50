//! Properties: no command line and no node state makes a tool panic, and
//! the tables keep their widths.

use proptest::prelude::*;

use super::*;

/// Words an `all_reduce_perf` command line is made of, and noise.
fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => proptest::sample::select(vec![
            "-b", "-e", "-f", "-g", "-n", "-w", "-c", "-d", "-o", "-t", "-i", "-m", "-G", "-N",
            "-h", "-x", "--minbytes", "--maxbytes=1M", "--m", "--help", "--", "-", "--stepf",
            "8", "256M", "1G", "1.5k", "0", "-1", "2", "4", "16", "float", "int32", "half",
            "sum", "max", "all", "0x10", "1e40", "nan", "--query-gpu=index,memory.used",
            "--query-gpu", "name,bogus", "--format=csv", "--format", "csv,noheader,nounits",
            "--id=3",
        ])
        .prop_map(str::to_owned),
        1 => "[-a-zA-Z0-9=.]{0,8}",
    ]
}

fn lab_node(seed: u64) -> NodeHealth {
    NodeHealth::dgx_h100(&format!("node-{}", seed % 5), BOOT, seed)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn any_perf_command_line_ends_in_output(args in proptest::collection::vec(word(), 0..8), seed in 0u64..4) {
        let mut argv = vec!["all_reduce_perf".to_owned()];
        argv.extend(args);
        let nodes = [lab_node(seed), lab_node(seed + 1)];
        let tasks = [&nodes[0], &nodes[1]];
        let run = all_reduce_perf(&PerfLaunch { argv: &argv, tasks: &tasks, gpus_per_node: 8, now: FAILURE, seed, one_job: true });
        let run = run.map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!([0, 1, 255].contains(&run.output.exit), "{:?}", run.output);
        prop_assert!(run.output.stdout.len() < 400_000);
    }

    #[test]
    fn any_tool_arguments_end_in_output(args in proptest::collection::vec(word(), 0..4)) {
        let node = lab_node(1);
        let smi = nvidia_smi_command(&node, &args, FAILURE);
        prop_assert!([0, 2, 6, 15].contains(&smi.exit));
        let log = dmesg_command(&node, &args, FAILURE);
        prop_assert!([0, 1].contains(&log.exit));
    }

    #[test]
    fn any_node_state_prints_whole_tables(
        events in proptest::collection::vec((0usize..8, -7200i64..7200, 0usize..11), 0..6),
        processes in proptest::collection::vec((0usize..8, 1u32..4_000_000, 0u64..90_000), 0..10),
        offset in 0i64..7200,
    ) {
        let mut node = lab_node(3);
        for (gpu, at, xid) in events {
            node.record_xid(gpu, XidEvent::new(FAILURE + at, Xid::ALL[xid])).map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
        for (gpu, pid, used_mib) in processes {
            node.processes.push(GpuProcess { gpu, pid, name: "/usr/bin/python3".to_owned(), used_mib });
        }
        node.boot_time = FAILURE;
        let now = FAILURE + offset;
        let smi = nvidia_smi(&node, now);
        if smi.exit == 0 {
            for (i, line) in smi.stdout.lines().enumerate().skip(1) {
                prop_assert!(line.len() == 91 || line.len() == 89, "line {}: {:?}", i, line);
            }
        } else {
            prop_assert_eq!(smi.stdout, "");
        }
        let text = dmesg_t(&node, now);
        prop_assert!(text.lines().all(|l| l.starts_with('[') || l.starts_with(' ')));
        prop_assert_eq!(text.lines().count(), dmesg(&node, now).lines().count());
    }
}

proptest! {
    #[test]
    fn any_moment_formats_without_overflow(now in any::<i64>(), boot in any::<i64>(), at in any::<i64>(), timeout_ms in any::<u64>()) {
        let mut node = lab_node(2);
        node.boot_time = boot;
        node.fall_off_bus(1, at).map_err(|e| TestCaseError::fail(e.to_string()))?;
        node.record_xid(2, XidEvent::new(at, Xid::DoubleBitEcc)).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let _ = (nvidia_smi(&node, now), nvidia_smi_topo(&node, now), dmesg(&node, now), dmesg_t(&node, now));
        let w = WatchdogTimeout {
            rank: 1,
            group: ProcessGroup::Default,
            seq_num: u64::MAX,
            last_enqueued: 0,
            op: CollectiveOp::AllGather,
            numel_in: 1,
            numel_out: 8,
            timeout_ms,
            at,
            seed: 1,
            error: None,
        };
        prop_assert!(watchdog_abort(&w).len() > 20);
        let failure = RankFailure { at, host: "h".to_owned(), rank: 0, local_rank: 0, exitcode: i32::MIN, pid: 1 };
        prop_assert!(torchrun_failure(1, &failure, &[2], "t.py").len() > 10);
        prop_assert!(stepd_banner("slurmstepd", StepTarget::Job(1), "n", at, StepEnd::TimeLimit).contains(" CANCELLED AT "));
        prop_assert!(training_line(at, &TrainingLine::step(u64::MAX, 0, f64::NAN, 1)).contains("step"));
    }
}
