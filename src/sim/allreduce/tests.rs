//! Tests of the schedules, the CPU reference, the cost model and the
//! `all_reduce_perf` table.

#![allow(clippy::unwrap_used)]

use super::*;

/// Lines 183-198 of shared/reference/node-tools.md section 4, verbatim
/// (a real 2 x 8 H100 run, nccl-tests v2.14-v2.15; 3 of its 16 rank lines
/// and 31 rows).
const NODE_TOOLS_SNIPPET: &str = "# nThread 1 nGpus 1 minBytes 8 maxBytes 8589934592 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
#
# Using devices
#  Rank  0 Group  0 Pid   6899 on ztan-mig-235z device  0 [0000:04:00] NVIDIA H100 80GB HBM3
#  Rank  1 Group  0 Pid   6900 on ztan-mig-235z device  1 [0000:05:00] NVIDIA H100 80GB HBM3
#  Rank 15 Group  0 Pid   6740 on ztan-mig-gq73 device  7 [0000:8c:00] NVIDIA H100 80GB HBM3
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       
           8             2     float     sum      -1    135.8    0.00    0.00      0    123.5    0.00    0.00      0
   536870912     134217728     float     sum      -1   3817.5  140.63  263.69      0   3828.0  140.25  262.97      0
  8589934592    2147483648     float     sum      -1    47535  180.71  338.82      0    47743  179.92  337.35      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 70.742 
#";

fn lens_for(n: usize) -> Vec<usize> {
    let mut lens = vec![n * 4, n * 4 + 3, 1, n + 1];
    if n > 1 {
        lens.push(n - 1);
    }
    lens
}

fn rank_counts() -> Vec<usize> {
    (2..=8).chain([13, 64]).collect()
}

fn f32_data(n: usize, len: usize) -> Vec<Vec<f32>> {
    (0..n)
        .map(|r| {
            (0..len)
                .map(|i| ((r * 31 + i * 7) % 17) as f32 * 0.25 - 2.0)
                .collect()
        })
        .collect()
}

fn i32_data(n: usize, len: usize) -> Vec<Vec<i32>> {
    // Values near the ends of the range so the sum wraps.
    (0..n)
        .map(|r| {
            (0..len)
                .map(|i| {
                    if (r + i) % 2 == 0 {
                        i32::MAX - (r * 3 + i) as i32
                    } else {
                        i32::MIN + (r + 5 * i) as i32
                    }
                })
                .collect()
        })
        .collect()
}

#[test]
fn chunks_cover_the_buffer_and_differ_by_at_most_one() {
    for n in 2..=64 {
        for len in [1, n - 1, n, n * 3 + 3, 1000] {
            let chunks = chunk_ranges(len, n);
            assert_eq!(chunks.len(), n);
            let mut next = 0;
            for c in &chunks {
                assert_eq!(c.start, next);
                next = c.end;
            }
            assert_eq!(next, len);
            let sizes: Vec<usize> = chunks.iter().map(|c| c.len()).collect();
            let (min, max) = (sizes.iter().min().unwrap(), sizes.iter().max().unwrap());
            assert!(max - min <= 1, "n={n} len={len} {sizes:?}");
        }
    }
}

#[test]
fn ring_has_2n_minus_2_steps_and_every_rank_sends_one_chunk_per_step() {
    for n in rank_counts() {
        for len in lens_for(n) {
            let s = ring_schedule(n, len).unwrap();
            assert_eq!(s.algorithm(), Algorithm::Ring);
            assert_eq!(s.step_count(), 2 * (n - 1));
            for (i, step) in s.steps().enumerate() {
                assert_eq!(step.index, i);
                let expected = if i < n - 1 {
                    Phase::ReduceScatter
                } else {
                    Phase::AllGather
                };
                assert_eq!(step.phase, expected);
                assert_eq!(step.transfers.len(), n);
                let mut sends = vec![0; n];
                let mut receives = vec![0; n];
                for t in &step.transfers {
                    assert_eq!(t.to, (t.from + 1) % n);
                    assert_eq!(t.chunk, s.chunks()[t.chunk_index]);
                    sends[t.from] += 1;
                    receives[t.to] += 1;
                }
                assert!(sends.iter().all(|&c| c == 1));
                assert!(receives.iter().all(|&c| c == 1));
            }
        }
    }
}

#[test]
fn ring_step_zero_and_first_all_gather_step_match_the_formula() {
    let s = ring_schedule(4, 8).unwrap();
    let chunk_of = |step: usize, rank: usize| s.step(step).unwrap().transfers[rank].chunk_index;
    // Reduce-scatter step s: rank r sends (r - s) mod n.
    assert_eq!(
        (0..4).map(|r| chunk_of(0, r)).collect::<Vec<_>>(),
        [0, 1, 2, 3]
    );
    assert_eq!(
        (0..4).map(|r| chunk_of(1, r)).collect::<Vec<_>>(),
        [3, 0, 1, 2]
    );
    // All-gather starts with rank r sending its finished chunk r+1.
    assert_eq!(
        (0..4).map(|r| chunk_of(3, r)).collect::<Vec<_>>(),
        [1, 2, 3, 0]
    );
    assert_eq!(s.step(1).unwrap().transfers[1].chunk, 0..2);
}

#[test]
fn ring_leaves_every_rank_with_the_sum_f32() {
    for n in rank_counts() {
        for len in lens_for(n) {
            let data = f32_data(n, len);
            let expected = direct_sum(&data);
            let out = run_ring(&data).unwrap();
            for (rank, buffer) in out.iter().enumerate() {
                for (i, (got, want)) in buffer.iter().zip(&expected).enumerate() {
                    assert!(
                        (got - want).abs() <= 1e-4 * (1.0 + want.abs()),
                        "n={n} len={len} rank={rank} i={i}: {got} vs {want}"
                    );
                }
            }
        }
    }
}

#[test]
fn ring_leaves_every_rank_with_the_exact_wrapping_sum_i32() {
    for n in rank_counts() {
        for len in lens_for(n) {
            let data = i32_data(n, len);
            let expected = direct_sum(&data);
            let out = run_ring(&data).unwrap();
            assert!(out.iter().all(|b| *b == expected), "n={n} len={len}");
        }
    }
}

#[test]
fn after_reduce_scatter_rank_r_owns_the_sum_of_chunk_r_plus_one() {
    for n in [2, 3, 5, 8] {
        let len = n * 2 + 1;
        let data = i32_data(n, len);
        let s = ring_schedule(n, len).unwrap();
        let sum = direct_sum(&data);
        let mid = run_until(&s, &data, n - 1).unwrap();
        for (r, buffer) in mid.iter().enumerate() {
            let chunk = s.chunks()[(r + 1) % n].clone();
            assert_eq!(buffer[chunk.clone()], sum[chunk], "n={n} r={r}");
        }
    }
}

#[test]
fn stepping_forward_one_at_a_time_equals_run_until() {
    let data = f32_data(5, 23);
    for s in [ring_schedule(5, 23).unwrap(), tree_schedule(5, 23).unwrap()] {
        assert_eq!(run_until(&s, &data, 0).unwrap(), data);
        let mut buffers = data.clone();
        for k in 0..s.step_count() {
            apply_step(&s, k, &mut buffers).unwrap();
            assert_eq!(buffers, run_until(&s, &data, k + 1).unwrap());
        }
        assert_eq!(buffers, run_schedule(&s, &data).unwrap());
    }
}

#[test]
fn tree_has_2_ceil_log2_n_steps_and_ends_with_the_sum() {
    let depth = |n: usize| (n as f64).log2().ceil() as usize;
    for n in rank_counts() {
        for len in lens_for(n) {
            let s = tree_schedule(n, len).unwrap();
            assert_eq!(s.algorithm(), Algorithm::Tree);
            assert_eq!(s.step_count(), 2 * depth(n), "n={n}");
            let d = depth(n);
            for step in s.steps() {
                let want = if step.index < d {
                    Phase::Reduce
                } else {
                    Phase::Broadcast
                };
                assert_eq!(step.phase, want);
                assert!(step.transfers.iter().all(|t| t.chunk == (0..len)));
            }
            let data = i32_data(n, len);
            let out = run_schedule(&s, &data).unwrap();
            let expected = direct_sum(&data);
            assert!(out.iter().all(|b| *b == expected), "n={n} len={len}");
            let fdata = f32_data(n, len);
            let fout = run_schedule(&s, &fdata).unwrap();
            let fexp = direct_sum(&fdata);
            for b in &fout {
                for (g, w) in b.iter().zip(&fexp) {
                    assert!((g - w).abs() <= 1e-4 * (1.0 + w.abs()));
                }
            }
        }
    }
}

#[test]
fn tree_reduce_gathers_the_sum_at_rank_zero() {
    let data = i32_data(6, 4);
    let s = tree_schedule(6, 4).unwrap();
    let mid = run_until(&s, &data, 3).unwrap();
    assert_eq!(mid[0], direct_sum(&data));
    // Level 0 of the reduce pairs 1->0, 3->2, 5->4.
    let first: Vec<(usize, usize)> = s
        .step(0)
        .unwrap()
        .transfers
        .iter()
        .map(|t| (t.from, t.to))
        .collect();
    assert_eq!(first, [(1, 0), (3, 2), (5, 4)]);
}

#[test]
fn schedule_and_buffer_errors() {
    assert_eq!(ring_schedule(1, 4), Err(AllReduceError::Ranks(1)));
    assert_eq!(ring_schedule(65, 4), Err(AllReduceError::Ranks(65)));
    assert_eq!(tree_schedule(0, 4), Err(AllReduceError::Ranks(0)));
    assert_eq!(ring_schedule(4, 0), Err(AllReduceError::EmptyBuffer));
    assert_eq!(tree_schedule(4, 0), Err(AllReduceError::EmptyBuffer));
    let s = ring_schedule(3, 4).unwrap();
    let short = vec![vec![0i32; 4]; 2];
    assert_eq!(
        run_schedule(&s, &short),
        Err(AllReduceError::BufferCount {
            expected: 3,
            found: 2
        })
    );
    let ragged = vec![vec![0i32; 4], vec![0; 3], vec![0; 4]];
    assert_eq!(
        run_schedule(&s, &ragged),
        Err(AllReduceError::BufferLength {
            rank: 1,
            expected: 4,
            found: 3
        })
    );
    let ok = vec![vec![0i32; 4]; 3];
    assert_eq!(
        run_until(&s, &ok, 5),
        Err(AllReduceError::StepOutOfRange {
            requested: 5,
            steps: 4
        })
    );
    let mut buffers = ok.clone();
    assert!(apply_step(&s, 4, &mut buffers).is_err());
    assert_eq!(run_ring::<f32>(&[]), Err(AllReduceError::Ranks(0)));
    assert_eq!(run_ring(&[vec![1.0f32]]), Err(AllReduceError::Ranks(1)));
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-12 * (1.0 + a.abs().max(b.abs()))
}

#[test]
fn ring_and_tree_times_follow_the_alpha_beta_formulas() {
    let alpha = 5e-6;
    let bw = 50e9;
    let link = LinkModel::uniform(alpha, bw);
    for n in [2usize, 3, 8, 16, 64] {
        let nf = n as f64;
        let depth = (nf).log2().ceil();
        for s in [0.0, 8.0, 1e6, 8e9] {
            let ring = 2.0 * (nf - 1.0) * alpha + 2.0 * (nf - 1.0) / nf * s / bw;
            assert!(close(ring_time(s, n, &link).unwrap(), ring), "n={n} s={s}");
            let tree = 2.0 * depth * (alpha + s / bw);
            assert!(close(tree_time(s, n, &link).unwrap(), tree), "n={n} s={s}");
        }
    }
    // gamma adds ((n-1)/n) S gamma to the ring, ceil(log2 n) S gamma to the tree.
    let with_gamma = LinkModel {
        reduce_s_per_byte: 1e-11,
        ..link.clone()
    };
    let extra = ring_time(1e6, 8, &with_gamma).unwrap() - ring_time(1e6, 8, &link).unwrap();
    assert!(close(extra, 7.0 / 8.0 * 1e6 * 1e-11));
    let extra = tree_time(1e6, 8, &with_gamma).unwrap() - tree_time(1e6, 8, &link).unwrap();
    assert!(close(extra, 3.0 * 1e6 * 1e-11));
}

#[test]
fn tree_wins_small_messages_and_ring_wins_large_ones_at_many_ranks() {
    let link = LinkModel::uniform(5e-6, 25e9);
    for n in [8usize, 16, 64] {
        let c = crossover(n, &link).unwrap().unwrap();
        assert_eq!((c.below, c.above), (Algorithm::Tree, Algorithm::Ring));
        let small = c.bytes / 10.0;
        let large = c.bytes * 10.0;
        assert!(tree_time(small, n, &link).unwrap() < ring_time(small, n, &link).unwrap());
        assert!(ring_time(large, n, &link).unwrap() < tree_time(large, n, &link).unwrap());
        assert!(close(
            ring_time(c.bytes, n, &link).unwrap(),
            tree_time(c.bytes, n, &link).unwrap()
        ));
    }
    // n = 64: ring latency 126 alpha, tree 12 alpha; bandwidth 2(63/64)
    // vs 12 S beta. S* = 114 alpha / ((12 - 126/64) beta).
    let c = crossover(64, &link).unwrap().unwrap();
    let want = 114.0 * 5e-6 / ((12.0 - 126.0 / 64.0) / 25e9);
    assert!(close(c.bytes, want));
    // Two ranks: same latency, the ring moves half the bytes: no crossover.
    assert_eq!(crossover(2, &link).unwrap(), None);
    // More ranks, later crossover (ring latency grows linearly).
    let c8 = crossover(8, &link).unwrap().unwrap();
    assert!(c8.bytes < c.bytes);
}

#[test]
fn one_slow_link_makes_the_ring_bandwidth_term_one_over_f_longer() {
    let alpha = 3e-6;
    let bw = 40e9;
    let n = 8;
    let s = 1e8;
    let fast = LinkModel::uniform(alpha, bw);
    let latency = 2.0 * (n as f64 - 1.0) * alpha;
    let base = ring_time(s, n, &fast).unwrap() - latency;
    for f in [1.0, 0.5, 0.25, 0.1] {
        for index in [0, 3, n - 1] {
            let slow = LinkModel {
                slow_link: Some((index, f)),
                ..fast.clone()
            };
            let term = ring_time(s, n, &slow).unwrap() - latency;
            assert!(close(term, base / f), "f={f} index={index}");
        }
    }
    // The tree only pays on a level that uses the slow pair: link 0 joins
    // ranks 0 and 1 (level 0), link 1 joins 1 and 2 (no tree edge).
    let tree_fast = tree_time(s, n, &fast).unwrap();
    let half = |i| LinkModel {
        slow_link: Some((i, 0.5)),
        ..fast.clone()
    };
    let one_level = 2.0 * s / bw; // up and down at level 0, twice as long
    assert!(close(
        tree_time(s, n, &half(0)).unwrap(),
        tree_fast + one_level
    ));
    assert!(close(tree_time(s, n, &half(1)).unwrap(), tree_fast));
}

#[test]
fn cost_model_errors() {
    let ok = LinkModel::uniform(1e-6, 1e9);
    let with = |slow| LinkModel {
        slow_link: Some(slow),
        ..ok.clone()
    };
    assert_eq!(ring_time(1.0, 1, &ok), Err(AllReduceError::Ranks(1)));
    assert_eq!(tree_time(1.0, 65, &ok), Err(AllReduceError::Ranks(65)));
    assert_eq!(
        ring_time(1.0, 4, &with((4, 0.5))),
        Err(AllReduceError::SlowLinkIndex { index: 4, ranks: 4 })
    );
    assert_eq!(
        ring_time(1.0, 4, &with((1, 0.0))),
        Err(AllReduceError::SlowLinkFraction(0.0))
    );
    assert_eq!(
        tree_time(1.0, 4, &with((1, 1.5))),
        Err(AllReduceError::SlowLinkFraction(1.5))
    );
    assert!(matches!(
        ring_time(1.0, 4, &with((1, f64::NAN))),
        Err(AllReduceError::NonFinite { .. })
    ));
    assert!(matches!(
        ring_time(f64::INFINITY, 4, &ok),
        Err(AllReduceError::NonFinite { name: "bytes", .. })
    ));
    assert!(matches!(
        ring_time(-1.0, 4, &ok),
        Err(AllReduceError::OutOfDomain { name: "bytes", .. })
    ));
    let nan_alpha = LinkModel::uniform(f64::NAN, 1e9);
    assert!(matches!(
        crossover(4, &nan_alpha),
        Err(AllReduceError::NonFinite {
            name: "alpha_s",
            ..
        })
    ));
    let zero_bw = LinkModel::uniform(1e-6, 0.0);
    assert!(matches!(
        tree_time(1.0, 4, &zero_bw),
        Err(AllReduceError::OutOfDomain {
            name: "bandwidth_bytes_per_s",
            ..
        })
    ));
    assert!(ring_time(1.0, 4, &with((3, 1.0))).is_ok());
}

#[test]
fn bus_bandwidth_examples() {
    // nccl-tests doc/PERFORMANCE.md: busbw = algbw x 2(n-1)/n.
    assert!(close(bus_bandwidth(100.0, 2), 100.0));
    assert!(close(bus_bandwidth(100.0, 4), 150.0));
    assert!(close(bus_bandwidth(100.0, 8), 175.0));
    assert!(close(bus_bandwidth(140.63, 16), 263.68125));
    assert!(close(bus_bandwidth(100.0, 64), 196.875));
    assert_eq!(bus_bandwidth(100.0, 1), 0.0);
    assert_eq!(bus_bandwidth(100.0, 0), 0.0);
    assert!(close(algorithm_bandwidth(8e9, 0.5), 16e9));
    assert_eq!(algorithm_bandwidth(8e9, 0.0), 0.0);
    // The ring's modelled busbw on a uniform network approaches the link
    // bandwidth for large messages (it meets the bandwidth lower bound).
    let link = LinkModel::uniform(1e-6, 50e9);
    let s = 8e9;
    let t = ring_time(s, 16, &link).unwrap();
    let busbw = bus_bandwidth(algorithm_bandwidth(s, t), 16);
    assert!(busbw < 50e9 && busbw > 0.999 * 50e9);
}

fn sample_table(validation: bool) -> PerfTable {
    let device = |rank, pid, host: &str, device, bus| DeviceLine {
        rank,
        group: 0,
        pid,
        host: host.to_owned(),
        device,
        pci: (0, bus, 0),
        name: "NVIDIA H100 80GB HBM3".to_owned(),
    };
    PerfTable {
        params: PerfParams {
            n_thread: 1,
            n_gpus: 1,
            min_bytes: 8,
            max_bytes: 8_589_934_592,
            step_factor: 2,
            warmup_iters: 5,
            iters: 20,
            agg_iters: 1,
            validation,
            graph: 0,
        },
        devices: vec![
            device(0, 6899, "ztan-mig-235z", 0, 0x04),
            device(1, 6900, "ztan-mig-235z", 1, 0x05),
            device(15, 6740, "ztan-mig-gq73", 7, 0x8c),
        ],
        ranks: 16,
        rows: vec![
            PerfRow::new(8, PerfType::Float, 135.8, 123.5),
            PerfRow::new(536_870_912, PerfType::Float, 3817.5, 3828.0),
            // The tool prints %7.0f from 10 ms; the real mean was a fraction
            // of a microsecond above the printed 47535.
            PerfRow::new(8_589_934_592, PerfType::Float, 47535.45, 47743.0),
        ],
    }
}

#[test]
fn perf_table_matches_node_tools_sample() {
    let lines = sample_table(true).lines().unwrap();
    let expected: Vec<&str> = NODE_TOOLS_SNIPPET.lines().collect();
    assert_eq!(lines.len(), expected.len());
    for (i, (got, want)) in lines.iter().zip(&expected).enumerate() {
        if want.starts_with("# Avg bus bandwidth") {
            // The sample's average is over 31 rows; ours over the 3 kept.
            continue;
        }
        assert_eq!(got, want, "line {i}");
    }
    let avg = sample_table(true).average_bus_bandwidth();
    let want_avg = (0.0 + 0.0 + 263.69 + 262.97 + 338.82 + 337.35) / 6.0;
    assert!((avg - want_avg).abs() < 0.01, "{avg}");
    let avg_line = lines
        .iter()
        .find(|l| l.starts_with("# Avg bus bandwidth"))
        .unwrap();
    assert_eq!(
        *avg_line,
        format!("# Avg bus bandwidth    : {} ", format_g(avg))
    );
    // Every column-header and row line is 116 characters wide.
    for line in &lines[7..13] {
        assert_eq!(line.len(), 116, "{line:?}");
    }
}

#[test]
fn perf_table_without_validation_prints_n_a_and_int32() {
    let mut table = sample_table(false);
    table.rows = vec![PerfRow::new(1024, PerfType::Int32, 25.5, 24.25)];
    let lines = table.lines().unwrap();
    assert!(lines[0].ends_with("validation: 0 graph: 0"));
    assert_eq!(
        lines[10],
        "        1024           256     int32     sum      -1    25.50    0.04    0.08    N/A    24.25    0.04    0.08    N/A"
    );
    table.rows[0].in_place_us = f64::NAN;
    assert!(matches!(
        table.lines(),
        Err(AllReduceError::NonFinite { .. })
    ));
    table.rows[0].in_place_us = 0.0;
    assert!(matches!(
        table.lines(),
        Err(AllReduceError::OutOfDomain { .. })
    ));
}

#[test]
fn format_g_matches_c() {
    assert_eq!(format_g(70.742), "70.742");
    assert_eq!(format_g(388.893), "388.893");
    assert_eq!(format_g(0.0), "0");
    assert_eq!(format_g(5.0), "5");
    assert_eq!(format_g(123456.0), "123456");
    assert_eq!(format_g(1234567.0), "1.23457e+06");
    assert_eq!(format_g(999999.5), "1e+06");
    assert_eq!(format_g(0.0001234), "0.0001234");
    assert_eq!(format_g(0.00001), "1e-05");
    assert_eq!(format_g(2.0 / 3.0), "0.666667");
    assert_eq!(format_g(-1.5), "-1.5");
    assert_eq!(format_g(f64::NAN), "nan");
}

#[cfg(not(target_arch = "wasm32"))]
mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn ring_and_tree_equal_the_direct_wrapping_sum(
            n in 2usize..=64,
            len in 0usize..2000,
            seed in any::<u64>(),
        ) {
            if len == 0 {
                prop_assert_eq!(ring_schedule(n, len), Err(AllReduceError::EmptyBuffer));
                prop_assert_eq!(tree_schedule(n, len), Err(AllReduceError::EmptyBuffer));
                return Ok(());
            }
            // A splitmix64 stream from the seed: whole-range i32 values.
            let mut state = seed;
            let mut next = || {
                state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                (z ^ (z >> 31)) as i32
            };
            let data: Vec<Vec<i32>> = (0..n).map(|_| (0..len).map(|_| next()).collect()).collect();
            let expected = direct_sum(&data);
            let ring = run_ring(&data).unwrap();
            prop_assert!(ring.iter().all(|b| *b == expected));
            let tree = run_schedule(&tree_schedule(n, len).unwrap(), &data).unwrap();
            prop_assert!(tree.iter().all(|b| *b == expected));
        }
    }
}
