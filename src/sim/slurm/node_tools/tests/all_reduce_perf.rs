//! `all_reduce_perf` against node-tools.md section 4 and the lab page "The
//! Slow Lane": the header, device and summary lines, the slow-link effect,
//! determinism, and the real tool's option errors.

use super::*;

const COLUMNS: [&str; 3] = [
    "#                                                              out-of-place                       in-place          ",
    "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong",
    "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       ",
];

fn nodes(count: usize) -> Vec<NodeHealth> {
    (1..=count)
        .map(|i| NodeHealth::dgx_h100(&format!("node-{i}"), BOOT, i as u64))
        .collect()
}

fn run(tasks: &[&NodeHealth], command: &str, seed: u64) -> PerfRun {
    run_with(tasks, command, seed, 8)
}

fn run_with(tasks: &[&NodeHealth], command: &str, seed: u64, gpus_per_node: u32) -> PerfRun {
    let argv = words(command);
    all_reduce_perf(&PerfLaunch {
        argv: &argv,
        tasks,
        gpus_per_node,
        now: FAILURE,
        seed,
        one_job: true,
    })
    .unwrap()
}

/// The busbw of the last row's out-of-place half.
fn last_busbw(out: &str) -> f64 {
    let row = out
        .lines()
        .rfind(|l| !l.starts_with('#') && !l.is_empty())
        .unwrap();
    row.split_whitespace().nth(7).unwrap().parse().unwrap()
}

/// The average of `# Avg bus bandwidth    : x `.
fn average(out: &str) -> f64 {
    let line = out
        .lines()
        .find(|l| l.starts_with("# Avg bus bandwidth"))
        .unwrap();
    line.rsplit(": ").next().unwrap().trim().parse().unwrap()
}

#[test]
fn sixteen_processes_print_the_reference_layout() {
    let mut two = nodes(2);
    two[0].hostname = "ztan-mig-235z".to_owned();
    two[1].hostname = "ztan-mig-gq73".to_owned();
    for node in &mut two {
        for (slot, gpu) in node.gpus.iter_mut().enumerate() {
            gpu.bus = [0x04, 0x05, 0x0a, 0x0b, 0x84, 0x85, 0x8b, 0x8c][slot];
        }
    }
    let tasks: Vec<&NodeHealth> = (0..16).map(|t| &two[t / 8]).collect();
    let out = run(&tasks, "all_reduce_perf -b 8 -e 8G -f 2 -g 1", 1).output;
    assert_eq!(out.exit, 0);
    let got = lines(&out.stdout);
    assert_eq!(
        got[..3],
        [
            "# nThread 1 nGpus 1 minBytes 8 maxBytes 8589934592 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0",
            "#",
            "# Using devices",
        ]
    );
    let pid = |line: &str| line[24..30].to_owned();
    let reference = [
        (
            3,
            "#  Rank  0 Group  0 Pid   6899 on ztan-mig-235z device  0 [0000:04:00] NVIDIA H100 80GB HBM3",
        ),
        (
            4,
            "#  Rank  1 Group  0 Pid   6900 on ztan-mig-235z device  1 [0000:05:00] NVIDIA H100 80GB HBM3",
        ),
        (
            18,
            "#  Rank 15 Group  0 Pid   6740 on ztan-mig-gq73 device  7 [0000:8c:00] NVIDIA H100 80GB HBM3",
        ),
    ];
    for (i, line) in reference {
        // Same line, with this run's process id.
        assert_eq!(got[i], line.replacen(&pid(line), &pid(got[i]), 1));
    }
    assert_ne!(pid(got[3]), pid(got[4]), "one process per rank");
    assert_eq!(got[19], "#");
    assert_eq!(got[20..23], COLUMNS);
    // 8 B to 8 GiB by factors of 2: 31 rows.
    let rows: Vec<&str> = got[23..]
        .iter()
        .take_while(|l| !l.starts_with('#'))
        .copied()
        .collect();
    assert_eq!(rows.len(), 31);
    assert!(rows[0].starts_with("           8             2     float     sum      -1"));
    assert!(rows[30].starts_with("  8589934592    2147483648     float     sum      -1"));
    assert!(
        rows.iter()
            .all(|r| r.len() == 116 && r.ends_with("      0"))
    );
    let tail = &got[23 + 31..];
    assert_eq!(tail[0], "# Out of bounds values : 0 OK");
    assert!(tail[1].starts_with("# Avg bus bandwidth    : ") && tail[1].ends_with(' '));
    assert_eq!(tail[2..], ["#", ""]);
}

#[test]
fn one_process_per_node_drives_eight_gpus_as_on_the_lab_page() {
    let four = nodes(2);
    let tasks = [&four[0], &four[1]];
    let out = run(&tasks, "all_reduce_perf -b 8 -e 256M -f 2 -g 8", 4).output;
    let got = lines(&out.stdout);
    assert_eq!(
        got[0],
        "# nThread 1 nGpus 8 minBytes 8 maxBytes 268435456 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0"
    );
    let lab = [
        (
            3,
            "#  Rank  0 Group  0 Pid  41250 on     node-1 device  0 [0000:18:00] NVIDIA H100 80GB HBM3",
        ),
        (
            4,
            "#  Rank  1 Group  0 Pid  41250 on     node-1 device  1 [0000:2a:00] NVIDIA H100 80GB HBM3",
        ),
        (
            18,
            "#  Rank 15 Group  0 Pid  39817 on     node-2 device  7 [0000:db:00] NVIDIA H100 80GB HBM3",
        ),
    ];
    for (i, line) in lab {
        assert_eq!(got[i], line.replacen(&line[24..30], &got[i][24..30], 1));
    }
    assert_eq!(
        got[3][24..30],
        got[10][24..30],
        "one pid for the eight GPUs of a process"
    );
    // 8 B to 256 MiB: 26 rows.
    assert_eq!(got.iter().filter(|l| l.ends_with("      0")).count(), 26);
}

#[test]
fn every_pair_with_the_slow_node_is_far_below_the_others() {
    let mut four = nodes(4);
    four[2].network_factor = 0.1;
    let mut results = Vec::new();
    for a in 0..4 {
        for b in a + 1..4 {
            let out = run(
                &[&four[a], &four[b]],
                "all_reduce_perf -b 8 -e 256M -f 2 -g 8",
                7,
            );
            results.push((
                (a, b),
                last_busbw(&out.output.stdout),
                average(&out.output.stdout),
            ));
        }
    }
    let healthy: Vec<f64> = results
        .iter()
        .filter(|r| r.0.0 != 2 && r.0.1 != 2)
        .map(|r| r.1)
        .collect();
    let slow: Vec<f64> = results
        .iter()
        .filter(|r| r.0.0 == 2 || r.0.1 == 2)
        .map(|r| r.1)
        .collect();
    assert_eq!((healthy.len(), slow.len()), (3, 3));
    let best_slow = slow.iter().copied().fold(0.0, f64::max);
    let worst_healthy = healthy.iter().copied().fold(f64::INFINITY, f64::min);
    assert!(best_slow < 0.2 * worst_healthy, "{results:?}");
    // Healthy pairs of 2x8 H100 reach the ring's ~370 GB/s at 256 MiB,
    // within the jitter of each other; the slow pairs sit near 10% of it.
    assert!(
        worst_healthy > 300.0 && worst_healthy < 380.0,
        "{results:?}"
    );
    assert!(best_slow > 25.0 && best_slow < 45.0, "{results:?}");
    let averages: Vec<f64> = results.iter().map(|r| r.2).collect();
    assert!(averages.iter().all(|&a| a > 0.0));
}

#[test]
fn a_node_alone_runs_on_nvlink_and_shows_no_network_problem() {
    let mut one = nodes(1);
    one[0].network_factor = 0.1;
    let out = run(&[&one[0]], "all_reduce_perf -b 1G -e 1G -g 8", 3).output;
    let busbw = last_busbw(&out.stdout);
    assert!(busbw > 340.0 && busbw < 390.0, "{busbw}");
    // Without -f the step is in bytes.
    assert!(out.stdout.starts_with(
        "# nThread 1 nGpus 8 minBytes 1073741824 maxBytes 1073741824 step: 1048576(bytes) "
    ));
}

#[test]
fn one_gpu_per_node_is_limited_to_one_nic() {
    let two = nodes(2);
    let out = run(
        &[&two[0], &two[1]],
        "all_reduce_perf -b 1G -e 1G -f 2 -g 1",
        3,
    )
    .output;
    let busbw = last_busbw(&out.stdout);
    assert!(busbw > 40.0 && busbw < 50.0, "{busbw}");
}

#[test]
fn the_same_seed_replays_the_same_table() {
    let two = nodes(2);
    let tasks = [&two[0], &two[1]];
    let a = run(&tasks, "all_reduce_perf -b 8 -e 128M -f 2 -g 8", 11);
    let b = run(&tasks, "all_reduce_perf -b 8 -e 128M -f 2 -g 8", 11);
    let c = run(&tasks, "all_reduce_perf -b 8 -e 128M -f 2 -g 8", 12);
    assert_eq!(a, b);
    assert_ne!(a.output.stdout, c.output.stdout);
    assert!(a.duration_s >= 4 && a.duration_s < 30, "{}", a.duration_s);
    // The jitter is small: the same sizes within a few percent.
    let (x, y) = (average(&a.output.stdout), average(&c.output.stdout));
    assert!((x - y).abs() / x < 0.05);
}

#[test]
fn a_single_rank_reports_no_bus_bandwidth() {
    let one = nodes(1);
    let out = run(&[&one[0]], "all_reduce_perf -b 8 -e 1M -f 4", 3).output;
    assert_eq!(out.exit, 0);
    assert_eq!(average(&out.stdout), 0.0);
}

#[test]
fn large_sizes_are_reduced_to_fit_memory() {
    let one = nodes(1);
    let out = run(&[&one[0]], "all_reduce_perf -b 16G -e 64G -f 2 -g 2", 3).output;
    let got = lines(&out.stdout);
    assert_eq!(
        got[5..7],
        [
            "#",
            "# Reducing maxBytes to 28149022720 due to memory limitation"
        ]
    );
    assert_eq!(got[7], "#");
    assert_eq!(got.iter().filter(|l| l.ends_with("      0")).count(), 1);
    // Without checking, two buffers fit instead of three.
    let unchecked = run(
        &[&one[0]],
        "all_reduce_perf -b 16G -e 64G -f 2 -g 2 -c 0",
        3,
    )
    .output;
    assert!(
        unchecked
            .stdout
            .contains("# Reducing maxBytes to 42223534080 due")
    );
    assert!(unchecked.stdout.contains("validation: 0 graph: 0"));
    assert!(unchecked.stdout.lines().any(|l| l.ends_with("    N/A")));
}

#[test]
fn options_are_echoed_in_the_parameters_line() {
    let one = nodes(1);
    let out = run(
        &[&one[0]],
        "all_reduce_perf -b8 -e 1K --stepfactor=4 -n 50 -w 2 -m 3 -G 1 -c 5 -d int32 -g 2",
        3,
    )
    .output;
    let got = lines(&out.stdout);
    assert_eq!(
        got[0],
        "# nThread 1 nGpus 2 minBytes 8 maxBytes 1024 step: 4(factor) warmup iters: 2 iters: 50 agg iters: 3 validation: 5 graph: 1"
    );
    assert!(
        got.iter()
            .any(|l| l.starts_with("         512           128     int32     sum      -1"))
    );
}

#[test]
fn missing_or_broken_gpus_end_with_the_cuda_failure() {
    let mut two = nodes(2);
    let out = run(
        &[&two[0], &two[1]],
        "all_reduce_perf -b 8 -e 1M -f 2 -g 16",
        1,
    )
    .output;
    assert_eq!(out.exit, 255);
    let got = lines(&out.stdout);
    assert_eq!(got[1..3], ["#", "# Using devices"]);
    assert_eq!(
        got[3],
        "node-1: Test CUDA failure common.cu:1008 'invalid device ordinal'"
    );
    assert!(
        got[4].starts_with(" .. node-1 pid ") && got[4].ends_with(": Test failure common.cu:915")
    );
    assert_eq!(got.len(), 7);

    two[1].fall_off_bus(4, FAILURE - 60).unwrap();
    let out = run(
        &[&two[0], &two[1]],
        "all_reduce_perf -b 8 -e 1M -f 2 -g 8",
        1,
    )
    .output;
    assert_eq!(out.exit, 255);
    assert!(
        out.stdout
            .contains("node-2: Test CUDA failure common.cu:1008 'unknown error'\n")
    );
    assert!(!out.stdout.contains("node-1: Test"));

    let out = run_with(&[&two[0]], "all_reduce_perf", 1, 0).output;
    assert!(out.stdout.contains("'no CUDA-capable device is detected'"));
}

#[test]
fn bad_sizes_end_every_process_with_the_real_message() {
    let two = nodes(2);
    let tasks = [&two[0], &two[1]];
    let out = run(&tasks, "all_reduce_perf -b 8X -e 1G", 1).output;
    assert_eq!(
        out.stderr,
        "invalid size specified for 'minbytes'\n".repeat(2)
    );
    assert_eq!((out.stdout.as_str(), out.exit), ("", 255));
    let out = run(&tasks, "all_reduce_perf -e abc", 1).output;
    assert_eq!(
        out.stderr,
        "invalid size specified for 'maxbytes'\n".repeat(2)
    );
    let out = run(&tasks, "all_reduce_perf -b 1G -e 8", 1).output;
    assert_eq!(
        out.stderr,
        "invalid sizes for 'minbytes' and 'maxbytes': 1073741824 > 8\n".repeat(2)
    );
    assert_eq!(out.exit, 255);
}

#[test]
fn bad_options_print_getopt_then_the_usage_and_exit_zero() {
    let one = nodes(1);
    let out = run(&[&one[0]], "./build/all_reduce_perf -x", 1).output;
    assert_eq!(
        out.stderr,
        "./build/all_reduce_perf: invalid option -- 'x'\n"
    );
    assert!(out.stdout.starts_with(
        "invalid option '?'\nUSAGE: all_reduce_perf \n\t[-t,--nthreads <num threads>] \n\t"
    ));
    assert!(out.stdout.ends_with("[-h,--help]\n"));
    assert_eq!(out.exit, 0);
    let cases = [
        (
            "all_reduce_perf -b",
            "all_reduce_perf: option requires an argument -- 'b'\n",
        ),
        (
            "all_reduce_perf --minbytes",
            "all_reduce_perf: option '--minbytes' requires an argument\n",
        ),
        (
            "all_reduce_perf --bogus 1",
            "all_reduce_perf: unrecognized option '--bogus'\n",
        ),
        (
            "all_reduce_perf --m 8",
            "all_reduce_perf: option '--m' is ambiguous; possibilities: '--minbytes' '--maxbytes'\n",
        ),
        (
            "all_reduce_perf --help=1",
            "all_reduce_perf: option '--help' doesn't allow an argument\n",
        ),
    ];
    for (command, stderr) in cases {
        let out = run(&[&one[0]], command, 1).output;
        assert_eq!((out.stderr.as_str(), out.exit), (stderr, 0), "{command}");
        assert!(out.stdout.starts_with("invalid option '?'\n"));
    }
    let help = run(&[&one[0]], "all_reduce_perf -h", 1).output;
    assert!(help.stdout.starts_with("USAGE: all_reduce_perf \n") && help.stderr.is_empty());
    // A unique prefix of a long name is that option.
    let out = run(
        &[&one[0]],
        "all_reduce_perf --minb 8 --maxb=64 --stepf 2",
        1,
    )
    .output;
    assert!(
        out.stdout
            .starts_with("# nThread 1 nGpus 1 minBytes 8 maxBytes 64 step: 2(factor)")
    );
}

#[test]
fn unknown_types_default_to_float_and_unsimulated_ones_are_refused() {
    let one = nodes(1);
    let out = run(
        &[&one[0]],
        "all_reduce_perf -d float8 -o maxi -b 8 -e 8 -g 2",
        1,
    )
    .output;
    assert!(out.stdout.starts_with(
        "invalid type float8, defaulting to float .. \ninvalid op maxi, defaulting to sum .. \n# nThread"
    ));
    for (command, stderr) in [
        (
            "all_reduce_perf -d half",
            "all_reduce_perf: -d half is not simulated here\n",
        ),
        (
            "all_reduce_perf -o max",
            "all_reduce_perf: -o max is not simulated here\n",
        ),
        (
            "all_reduce_perf -N 3",
            "all_reduce_perf: -N is not simulated here\n",
        ),
        (
            "all_reduce_perf -n 0",
            "all_reduce_perf: -n 0 is not simulated here\n",
        ),
        (
            "all_reduce_perf -b 8 -e 1G -i 1",
            "all_reduce_perf: more than 1000 sizes is not simulated here\n",
        ),
        (
            "all_reduce_perf -g 9 -t 8",
            "all_reduce_perf: a run over 72 ranks (at most 64) is not simulated here\n",
        ),
    ] {
        let out = run(&[&one[0]], command, 1).output;
        assert_eq!((out.stderr.as_str(), out.exit), (stderr, 1), "{command}");
    }
}

#[test]
fn sizes_parse_as_nccl_tests_parsesize() {
    let cases = [
        ("8", Some(8)),
        ("256M", Some(268_435_456)),
        ("256m", Some(268_435_456)),
        ("1G", Some(1 << 30)),
        ("8G", Some(8 << 30)),
        ("1.5k", Some(1536)),
        (" 2 K", Some(2048)),
        ("256MB", Some(268_435_456)),
        ("0", Some(0)),
        ("1e3", Some(1000)),
        ("7.9", Some(7)),
        ("-5", None),
        ("8X", None),
        ("abc", None),
        ("", None),
        ("inf", None),
        ("1e30G", None),
    ];
    for (text, want) in cases {
        assert_eq!(parse_size(text), want, "{text:?}");
    }
}

#[test]
fn bad_launches_are_errors() {
    let argv = words("all_reduce_perf");
    let launch = PerfLaunch {
        argv: &argv,
        tasks: &[],
        gpus_per_node: 8,
        now: 0,
        seed: 0,
        one_job: true,
    };
    assert_eq!(all_reduce_perf(&launch), Err(NodeToolError::NoTasks));
    let mut one = nodes(1);
    one[0].nvlink_factor = 1.5;
    let tasks = [&one[0]];
    assert!(matches!(
        all_reduce_perf(&PerfLaunch {
            tasks: &tasks,
            ..launch
        }),
        Err(NodeToolError::LinkFactor {
            name: "nvlink_factor",
            ..
        })
    ));
}

#[test]
fn without_a_pmi_each_task_tests_its_own_node() {
    let mut two = nodes(2);
    two[1].network_factor = 0.25;
    let tasks: Vec<&NodeHealth> = two.iter().collect();
    let argv = words("all_reduce_perf -b 1G -e 1G -g 8");
    let alone = all_reduce_perf(&PerfLaunch {
        argv: &argv,
        tasks: &tasks,
        gpus_per_node: 8,
        now: FAILURE,
        seed: 7,
        one_job: false,
    })
    .unwrap();
    let out = &alone.output.stdout;
    // Two tests of eight ranks, one per node, each ranked from 0.
    assert_eq!(out.matches("# nThread 1 nGpus 8").count(), 2);
    assert_eq!(out.matches("#  Rank  0 ").count(), 2);
    assert!(!out.contains("#  Rank  8 "), "{out}");
    // NVLink inside each node: far above what the slow NIC carries.
    let together = run(&tasks, "all_reduce_perf -b 1G -e 1G -g 8", 7);
    assert!(last_busbw(out) > 3.0 * last_busbw(&together.output.stdout));
}
