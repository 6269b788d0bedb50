use super::*;
use crate::sim::slurm::cluster::JobState;
use crate::sim::slurm::session::EPOCH;

fn open(id: LabId, seed: u64) -> (Lab, Session) {
    match Lab::open(id, seed) {
        Ok(x) => x,
        Err(e) => panic!("{e}"),
    }
}

/// What the last entered line printed.
fn run(s: &mut Session, line: &str) -> String {
    s.submit(line);
    s.terminal.last_output()
}

/// Drains `node` with `reason`, as the learner would type it.
fn drain(s: &mut Session, node: &str, reason: &str) {
    run(
        s,
        &format!("scontrol update NodeName={node} State=DRAIN Reason={reason}"),
    );
}

/// A quick cross-node nccl-tests run on each pair of nodes.
fn measure_pairs(s: &mut Session, pairs: &[&str]) {
    for pair in pairs {
        run(
            s,
            &format!(
                "srun --mpi=pmix -N2 -w {pair} --gpus-per-node=8 all_reduce_perf -b 1M -e 8M -f 2 -g 8"
            ),
        );
    }
}

fn done(lab: &Lab, s: &Session) -> Vec<&'static str> {
    lab.goals(s)
        .into_iter()
        .filter(|g| g.done)
        .map(|g| g.id.key())
        .collect()
}

#[test]
fn fallen_off_the_bus_from_failure_to_restart() {
    let (lab, mut s) = open(LabId::FallenOffTheBus, 6);
    assert_eq!(lab.culprit, "node-3");
    assert_eq!(s.cluster.now(), EPOCH);
    assert!(done(&lab, &s).is_empty());
    let sacct = run(&mut s, "sacct -X");
    let row = sacct
        .lines()
        .find(|l| l.starts_with(&lab.job_id.to_string()))
        .unwrap_or_default();
    assert!(
        row.contains("llm-pretr+") && row.contains("FAILED"),
        "{sacct}"
    );
    let out = run(&mut s, &format!("tail -20 llm-pretrain-{}.out", lab.job_id));
    assert!(out.contains("Root Cause"), "{out}");
    let show = run(&mut s, &format!("scontrol show job {}", lab.job_id));
    assert!(show.contains("NodeList=node-[1-4]"), "{show}");
    // The wrong node shows nothing; the right one its Xid and a missing GPU.
    assert_eq!(run(&mut s, "ssh node-1 dmesg -T | grep -c 'Xid'"), "0\n");
    let xid = run(&mut s, "ssh node-3 dmesg -T | grep -i xid");
    assert!(
        xid.contains("79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."),
        "{xid}"
    );
    let bus = lab.lost_bus(&s).unwrap_or_default();
    assert!(xid.contains(&format!("PCI:0000:{bus}:00")), "{xid}");
    assert_eq!(done(&lab, &s), ["inspect"]);
    let smi = run(&mut s, "ssh node-3 nvidia-smi");
    assert!(
        smi.contains("Unable to determine the device handle"),
        "{smi}"
    );
    let drain = run(
        &mut s,
        "scontrol update nodename=node-3 state=drain reason=\"Xid 79 GPU lost\"",
    );
    assert_eq!(drain, "");
    let r = run(&mut s, "sinfo -R");
    assert!(r.contains("Xid 79 GPU lost      alice"), "{r}");
    assert_eq!(done(&lab, &s), ["inspect", "drain"]);
    assert_eq!(run(&mut s, &format!("scontrol requeue {}", lab.job_id)), "");
    assert_eq!(done(&lab, &s), ["inspect", "drain", "requeue"]);
    let q = run(&mut s, "squeue");
    assert!(q.contains("(BeginTime)"), "{q}");
    run(&mut s, "sleep 200");
    let q = run(&mut s, "squeue -u alice");
    assert!(q.contains(" R "), "{q}");
    assert!(!q.contains("node-3"), "{q}");
    assert_eq!(done(&lab, &s), ["inspect", "drain", "requeue", "resume"]);
    assert!(lab.complete(&s));
    let out = run(
        &mut s,
        &format!("grep resuming llm-pretrain-{}.out", lab.job_id),
    );
    assert!(
        out.contains("resuming from checkpoint /shared/ckpt/llm-7b/step_"),
        "{out}"
    );
    assert!(run(&mut s, &format!("scontrol show job {}", lab.job_id)).contains("Restarts=1"));
}

/// The output file names the broken node: one root cause with exit code
/// 1, on the culprit, after its rank's CUDA error; the healthy nodes'
/// agents report watchdog aborts (-6).
#[test]
fn the_bus_output_file_points_at_the_broken_node() {
    for seed in [0, 1, 2, 3, 6, 13, 22, 31] {
        let (lab, mut s) = open(LabId::FallenOffTheBus, seed);
        let out = run(&mut s, &format!("cat llm-pretrain-{}.out", lab.job_id));
        let lines: Vec<&str> = out.lines().collect();
        let exit_1: Vec<usize> = (0..lines.len())
            .filter(|&i| lines[i].starts_with("  exitcode  : 1 ("))
            .collect();
        assert_eq!(exit_1.len(), 1, "seed {seed}");
        let host = format!("  host      : {}", lab.culprit);
        assert_eq!(lines[exit_1[0] - 2], host, "seed {seed}");
        assert_eq!(lines[exit_1[0] - 5], "Root Cause (first observed failure):");
        // Every other root cause is a healthy host's watchdog abort.
        let hosts: Vec<usize> = (0..lines.len())
            .filter(|&i| lines[i].starts_with("  host      : "))
            .collect();
        assert_eq!(hosts.len(), 4, "seed {seed}");
        for &i in hosts.iter().filter(|&&i| lines[i] != host) {
            assert!(
                lines[i + 2].starts_with("  exitcode  : -6 ("),
                "seed {seed}"
            );
        }
        // The culprit's rank reported the CUDA error before anything else failed.
        let culprit = lab
            .culprit
            .trim_start_matches("node-")
            .parse::<u32>()
            .unwrap_or(0);
        let rank = lines[exit_1[0] - 1]
            .trim_start_matches("  rank      : ")
            .split(' ')
            .next()
            .unwrap_or_default();
        assert_eq!(
            rank.parse::<u32>().unwrap_or(99) / 8,
            culprit - 1,
            "seed {seed}"
        );
        let error = format!("[rank{rank}]:RuntimeError: CUDA error: unknown error");
        let at = lines.iter().position(|l| *l == error);
        let first_watchdog = lines.iter().position(|l| l.contains("Watchdog caught"));
        assert!(at.is_some() && at < first_watchdog, "seed {seed}: {out}");
        assert_eq!(
            out.matches("CUDA error: unknown error").count(),
            1,
            "seed {seed}"
        );
        // srun reports the culprit's task when its torchrun exits, ten
        // minutes before the others, and each node's task once.
        let srun: Vec<&str> = lines
            .iter()
            .copied()
            .filter(|l| l.starts_with("srun: error: "))
            .collect();
        assert_eq!(srun.len(), 4, "seed {seed}: {srun:?}");
        let task = culprit - 1;
        let early = format!(
            "srun: error: {}: task {task}: Exited with exit code 1",
            lab.culprit
        );
        assert_eq!(srun[0], early, "seed {seed}");
        let at = lines.iter().position(|l| *l == early);
        assert!(at < first_watchdog, "seed {seed}");
        // The hint's grep pairs each failure with its host.
        let grep = format!("grep -E 'host|exitcode' llm-pretrain-{}.out", lab.job_id);
        let pairs = run(&mut s, &grep);
        let pairs: Vec<&str> = pairs.lines().collect();
        let one = pairs
            .iter()
            .position(|l| l.starts_with("  exitcode  : 1 ("));
        assert_eq!(one.map(|i| pairs[i - 1]), Some(host.as_str()), "{pairs:?}");
    }
}

#[test]
fn requeued_onto_the_broken_node_it_fails_again() {
    let (lab, mut s) = open(LabId::FallenOffTheBus, 2);
    assert_eq!(lab.culprit, "node-3");
    // Take every other free node out so that only node-[1-4] are left.
    run(
        &mut s,
        "scontrol update nodename=node-8 state=drain reason=maint",
    );
    run(&mut s, &format!("scontrol requeue {}", lab.job_id));
    run(&mut s, "sleep 1000");
    // It failed again: the requeue no longer counts, and the lab says so.
    assert!(!done(&lab, &s).contains(&"requeue"), "{:?}", lab.goals(&s));
    assert!(!done(&lab, &s).contains(&"resume"));
    assert_eq!(
        lab.diagnose(&s)[0],
        Finding::FailedAgain { job: lab.job_id }
    );
    let sacct = run(
        &mut s,
        &format!("sacct -j {} -X -o jobid,state,nodelist", lab.job_id),
    );
    assert!(sacct.contains("FAILED"), "{sacct}");
}

#[test]
fn the_slow_lane_from_watchdog_to_resubmission() {
    let (lab, mut s) = open(LabId::SlowLane, 1);
    assert_eq!(lab.culprit, "node-2");
    let out = run(
        &mut s,
        &format!("grep -m1 'Watchdog caught' llm-pretrain-{}.out", lab.job_id),
    );
    assert!(out.starts_with("[rank0]:[E1130 03:12:45."), "{out}");
    assert!(out.contains("Timeout(ms)=600000"), "{out}");
    // The link gave out ten minutes before: the slow node's ranks (8-15)
    // got NCCL's network error from their ring neighbour node-1 first.
    let first = run(
        &mut s,
        &format!(
            "grep -m1 'raised the following async exception' llm-pretrain-{}.out",
            lab.job_id
        ),
    );
    assert!(first.starts_with("[rank8]:[E1130 03:03:"), "{first}");
    let net = run(
        &mut s,
        &format!(
            "grep -c '^NET/IB : Got completion from peer 10.0.0.1<' llm-pretrain-{}.out",
            lab.job_id
        ),
    );
    // Each rank prints it three times: raised, thrown, terminated.
    assert_eq!(net, "24\n");
    let steps = run(
        &mut s,
        &format!("grep -m1 'step 100/' llm-pretrain-{}.out", lab.job_id),
    );
    // At this seed's 20 % network a step takes 3.4 s, not 0.9.
    assert!(steps.contains("| 3.41 s/step"), "slow steps: {steps}");
    assert_eq!(run(&mut s, "ssh node-2 dmesg -T | grep -c Xid"), "0\n");
    let perf = |s: &mut Session, pair: &str| -> f64 {
        let out = run(
            s,
            &format!(
                "srun --mpi=pmix -N2 -w {pair} --ntasks-per-node=1 --gpus-per-node=8 all_reduce_perf -b 8 -e 256M -f 2 -g 8"
            ),
        );
        let row = out
            .lines()
            .find(|l| l.trim_start().starts_with("268435456"))
            .unwrap_or_default();
        row.split_whitespace()
            .nth(7)
            .and_then(|v| v.parse().ok())
            .unwrap_or(f64::NAN)
    };
    // Without a PMI each node tests only its own GPUs: nothing measured.
    run(
        &mut s,
        "srun -N2 -w node-1,node-2 --ntasks-per-node=1 --gpus-per-node=8 all_reduce_perf -b 8 -e 256M -f 2 -g 8",
    );
    assert!(done(&lab, &s).is_empty());
    let good = perf(&mut s, "node-1,node-3");
    let bad = perf(&mut s, "node-1,node-2");
    // The solution says what share a pair with the slow node reaches.
    let share = f64::from(lab.slow_percent(&s).unwrap_or(0)) / 100.0;
    assert!(
        (bad / good - share).abs() < 0.03,
        "{bad} vs {good}: {share}"
    );
    assert_eq!(done(&lab, &s), ["measure"]);
    run(
        &mut s,
        "scontrol update NodeName=node-2 State=DRAIN Reason=\"low busbw nccl-tests\"",
    );
    let sub = run(&mut s, "sbatch -x node-2 train.sh");
    assert!(sub.starts_with("Submitted batch job"), "{sub}");
    assert_eq!(done(&lab, &s), ["measure", "drain", "resubmit"]);
    run(&mut s, "sleep 120");
    assert!(lab.complete(&s), "{:?}", lab.goals(&s));
    let id = s.cluster.next_job_id() - 1;
    let show = run(&mut s, &format!("scontrol show job {id}"));
    assert!(show.contains("ExcNodeList=node-2"), "{show}");
}

/// How slow the slow node is, drawn from the seed like the node: every
/// share from 20 to 40 % occurs, and only The Slow Lane has one.
#[test]
fn the_slow_share_is_drawn_from_the_seed() {
    let shares: std::collections::BTreeSet<u32> = (0..40)
        .filter_map(|seed| {
            let (lab, s) = open(LabId::SlowLane, seed);
            lab.slow_percent(&s)
        })
        .collect();
    assert_eq!(shares.into_iter().collect::<Vec<_>>(), [20, 25, 30, 35, 40]);
    let (lab, s) = open(LabId::FallenOffTheBus, 3);
    assert_eq!(lab.slow_percent(&s), None);
}

#[test]
fn a_saved_log_replays_to_the_same_session() {
    let mut log = Vec::new();
    let (_, mut live) = open(LabId::SlowLane, 9);
    for e in [
        Event::Line("sinfo".to_owned()),
        Event::Advance(5),
        Event::Advance(10),
        Event::Line("sbatch -x node-2 train.sh".to_owned()),
        Event::Interrupt("squeue -".to_owned()),
        Event::Clear,
        Event::Line("sleep 300; squeue".to_owned()),
    ] {
        live.apply(&e);
        crate::progress::record(&mut log, e);
    }
    assert_eq!(log.len(), 6, "clock steps merge");
    assert_eq!(log[1], Event::Advance(15));
    let (_, replayed) =
        Lab::replay(LabId::SlowLane, 9, &log, Default::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(replayed, live);
}

#[test]
fn the_seed_draws_the_node_the_gpu_and_the_job_id() {
    let incident = |seed| {
        let (lab, s) = open(LabId::FallenOffTheBus, seed);
        let bus = lab.lost_bus(&s);
        (lab.culprit, bus, lab.job_id)
    };
    assert_eq!(incident(5), incident(5), "one seed, one incident");
    let ids: std::collections::BTreeSet<u32> = (0..32).map(|seed| incident(seed).2).collect();
    assert!(ids.len() > 28, "job ids repeat across seeds: {ids:?}");
    assert!(
        ids.iter().all(|id| (48_213..57_213).contains(id)),
        "{ids:?}"
    );
    // Learners whose node and GPU match still get different jobs.
    assert_eq!(incident(3).0, incident(35).0);
    assert_eq!(incident(3).1, incident(35).1);
    assert_ne!(incident(3).2, incident(35).2);
}

#[test]
fn every_drawn_incident_can_be_solved() {
    for seed in 0..12 {
        let (lab, mut s) = open(LabId::FallenOffTheBus, seed);
        let bus = lab.lost_bus(&s).unwrap_or_default();
        let xid = run(
            &mut s,
            &format!(
                "ssh {} dmesg -T | grep -c 'PCI:0000:{bus}:00): 79'",
                lab.culprit
            ),
        );
        assert_eq!(xid, "1\n", "seed {seed}");
        drain(&mut s, &lab.culprit, "xid79");
        run(&mut s, &format!("scontrol requeue {}", lab.job_id));
        run(&mut s, "sleep 200");
        assert!(lab.complete(&s), "seed {seed}: {:?}", lab.goals(&s));
        assert_eq!(lab.diagnose(&s), [], "seed {seed}");

        let (lab, mut s) = open(LabId::SlowLane, seed);
        let other = if lab.culprit == "node-1" {
            "node-2"
        } else {
            "node-1"
        };
        let third = if lab.culprit == "node-3" {
            "node-4"
        } else {
            "node-3"
        };
        measure_pairs(
            &mut s,
            &[
                &format!("{other},{}", lab.culprit),
                &format!("{other},{third}"),
            ],
        );
        drain(&mut s, &lab.culprit, "busbw");
        run(&mut s, &format!("sbatch -x {} train.sh", lab.culprit));
        run(&mut s, "sleep 200");
        assert!(lab.complete(&s), "seed {seed}: {:?}", lab.goals(&s));
        assert_eq!(lab.diagnose(&s), [], "seed {seed}");
    }
}

#[test]
fn the_slow_lane_checks_the_outcome_not_one_method_and_points_out_duplicates() {
    // Drain, then requeue the old job: it runs again without the slow
    // node, which is what "get it running again" asks.
    let (lab, mut s) = open(LabId::SlowLane, 1);
    measure_pairs(&mut s, &["node-1,node-2", "node-3,node-4"]);
    run(
        &mut s,
        "scontrol update NodeName=node-2 State=DRAIN Reason=\"low busbw\"",
    );
    assert_eq!(run(&mut s, &format!("scontrol requeue {}", lab.job_id)), "");
    assert_eq!(lab.active_trainings(&s), [lab.job_id]);
    assert!(done(&lab, &s).contains(&"resubmit"), "{:?}", lab.goals(&s));
    run(&mut s, "sleep 180");
    assert!(done(&lab, &s).contains(&"resume"), "{:?}", lab.goals(&s));

    // Submitting a second copy as well: two jobs would write the same
    // checkpoints, so the goal unticks until one is cancelled.
    let out = run(&mut s, "sbatch -x node-2 train.sh");
    let copy: u32 = out
        .trim()
        .rsplit(' ')
        .next()
        .and_then(|id| id.parse().ok())
        .expect("a job id");
    assert_eq!(lab.active_trainings(&s), [lab.job_id, copy]);
    assert!(!done(&lab, &s).contains(&"resubmit"));
    assert!(!lab.complete(&s));
    // Said at once, first among the findings.
    assert_eq!(
        lab.diagnose(&s).first(),
        Some(&Finding::Duplicates {
            jobs: vec![lab.job_id, copy]
        })
    );
    run(&mut s, &format!("scancel {copy}"));
    assert_eq!(lab.active_trainings(&s), [lab.job_id]);
    assert!(
        !lab.diagnose(&s)
            .iter()
            .any(|f| matches!(f, Finding::Duplicates { .. }))
    );
    assert!(lab.complete(&s), "{:?}", lab.goals(&s));
}

/// The commands the panel's solutions give (`lab-*-solution-*` in the
/// locales), with the drawn node, its healthy partner and a healthy pair.
#[test]
fn the_solutions_shown_solve_each_goal_in_turn() {
    for seed in [1, 6, 11] {
        let (lab, mut s) = open(LabId::FallenOffTheBus, seed);
        let node = lab.culprit.clone();
        let log = run(&mut s, &format!("ssh {node} dmesg -T | grep NVRM"));
        assert!(log.contains("Xid"), "{log}");
        drain(&mut s, &node, "\"Xid 79 GPU lost\"");
        run(&mut s, &format!("scontrol requeue {}", lab.job_id));
        run(&mut s, "sleep 180");
        let resumed = run(&mut s, "grep resuming llm-pretrain-*.out");
        assert!(resumed.contains("resuming"), "seed {seed}: {resumed}");
        assert!(lab.complete(&s), "seed {seed}: {:?}", lab.goals(&s));

        let (lab, mut s) = open(LabId::SlowLane, seed);
        let node = lab.culprit.clone();
        let healthy = lab.healthy_nodes(&s);
        assert_eq!(healthy.len(), 7);
        let perf = "--ntasks-per-node=1 --gpus-per-node=8 all_reduce_perf -b 8 -e 256M -f 2 -g 8";
        for pair in [
            format!("{node},{}", healthy[0]),
            format!("{},{}", healthy[1], healthy[2]),
        ] {
            run(&mut s, &format!("srun --mpi=pmix -N2 -w {pair} {perf}"));
        }
        drain(&mut s, &node, "\"low busbw nccl-tests\"");
        run(&mut s, &format!("sbatch --exclude={node} train.sh"));
        run(&mut s, "sleep 120");
        let resumed = run(&mut s, "grep resuming llm-pretrain-*.out");
        assert!(resumed.contains("resuming"), "seed {seed}: {resumed}");
        assert!(lab.complete(&s), "seed {seed}: {:?}", lab.goals(&s));
    }
}

/// The nodes job `id` holds.
fn hosts(s: &Session, id: u32) -> Vec<String> {
    let nodes = s.cluster.nodes();
    s.cluster
        .job(id)
        .map(|j| {
            j.nodes
                .iter()
                .filter_map(|&i| nodes.get(i).map(|n| n.name.clone()))
                .collect()
        })
        .unwrap_or_default()
}

/// The findings that are problems, not waits.
fn problems(lab: &Lab, s: &Session) -> Vec<Finding> {
    lab.diagnose(s)
        .into_iter()
        .filter(Finding::is_problem)
        .collect()
}

#[test]
fn findings_follow_a_requeue_before_the_drain_onto_the_broken_node() {
    for seed in [1, 6] {
        let (lab, mut s) = open(LabId::FallenOffTheBus, seed);
        let job = lab.job_id;
        assert_eq!(lab.diagnose(&s), [], "seed {seed}");
        run(&mut s, &format!("scontrol requeue {job}"));
        // Back in the queue with the broken node still in service.
        assert_eq!(
            lab.diagnose(&s),
            [Finding::Unguarded { job }],
            "seed {seed}"
        );
        assert!(done(&lab, &s).contains(&"requeue"));
        for _ in 0..40 {
            run(&mut s, "sleep 5");
            if s.cluster
                .job(job)
                .is_some_and(|j| j.state == JobState::Running)
            {
                break;
            }
        }
        // It started on the broken node: said at once, before it fails.
        assert!(hosts(&s, job).contains(&lab.culprit), "seed {seed}");
        assert_eq!(
            lab.diagnose(&s),
            [Finding::OnCulprit { job }],
            "seed {seed}"
        );
        run(&mut s, "sleep 1000");
        assert_eq!(
            lab.diagnose(&s),
            [Finding::FailedAgain { job }],
            "seed {seed}"
        );
        assert!(!done(&lab, &s).contains(&"requeue"), "seed {seed}");
        // Drain, requeue: the findings end once it runs on healthy nodes.
        drain(&mut s, &lab.culprit, "xid79");
        run(&mut s, &format!("scontrol requeue {job}"));
        assert_eq!(lab.diagnose(&s), [Finding::Delayed { job }], "seed {seed}");
        run(&mut s, "sleep 200");
        assert_eq!(lab.diagnose(&s), [], "seed {seed}");
        assert_eq!(
            done(&lab, &s),
            ["drain", "requeue", "resume"],
            "seed {seed}"
        );
    }
}

#[test]
fn draining_a_healthy_node_is_named_and_the_wait_it_causes_too() {
    for seed in [2, 7] {
        let (lab, mut s) = open(LabId::FallenOffTheBus, seed);
        let job = lab.job_id;
        let wrong = lab.healthy_nodes(&s)[0].clone();
        drain(&mut s, &wrong, "xid79");
        assert_eq!(
            lab.diagnose(&s),
            [Finding::HealthyDrained {
                node: wrong.clone(),
                culprit_in_service: true,
            }],
            "seed {seed}"
        );
        // The right node too, then the requeue: after its delay the job
        // waits for nodes, which squeue calls Resources.
        drain(&mut s, &lab.culprit, "xid79");
        run(&mut s, &format!("scontrol requeue {job}"));
        assert_eq!(
            lab.diagnose(&s),
            [
                Finding::HealthyDrained {
                    node: wrong.clone(),
                    culprit_in_service: false,
                },
                Finding::Delayed { job },
            ],
            "seed {seed}"
        );
        run(&mut s, "sleep 200");
        let q = run(&mut s, &format!("squeue -j {job} -h -o %r"));
        assert_eq!(q, "Resources\n", "seed {seed}");
        assert_eq!(
            lab.diagnose(&s),
            [
                Finding::Starved {
                    job,
                    node: wrong.clone()
                },
                Finding::HealthyDrained {
                    node: wrong.clone(),
                    culprit_in_service: false,
                },
            ],
            "seed {seed}"
        );
        // Back in service, the node lets the job start on healthy nodes.
        run(
            &mut s,
            &format!("scontrol update NodeName={wrong} State=RESUME"),
        );
        run(&mut s, "sleep 60");
        assert_eq!(lab.diagnose(&s), [], "seed {seed}");
        assert_eq!(
            done(&lab, &s),
            ["drain", "requeue", "resume"],
            "seed {seed}"
        );
    }
}

#[test]
fn the_slow_lane_says_when_the_new_job_lands_on_the_slow_node() {
    for seed in [1, 4] {
        let (lab, mut s) = open(LabId::SlowLane, seed);
        // Free nodes take it at once, the slow one among them.
        let out = run(&mut s, "sbatch train.sh");
        let job: u32 = out
            .trim()
            .rsplit(' ')
            .next()
            .and_then(|id| id.parse().ok())
            .unwrap_or_default();
        assert!(hosts(&s, job).contains(&lab.culprit), "seed {seed}");
        assert_eq!(
            lab.diagnose(&s),
            [Finding::OnCulprit { job }],
            "seed {seed}"
        );
        assert!(!done(&lab, &s).contains(&"resubmit"));
        // What the finding says to do: drain, then requeue the running job.
        drain(&mut s, &lab.culprit, "busbw");
        assert_eq!(run(&mut s, &format!("scontrol requeue {job}")), "");
        assert_eq!(lab.diagnose(&s), [Finding::Delayed { job }], "seed {seed}");
        run(&mut s, "sleep 200");
        assert_eq!(lab.diagnose(&s), [], "seed {seed}");
        assert!(!hosts(&s, job).contains(&lab.culprit), "seed {seed}");
        assert!(done(&lab, &s).contains(&"resubmit"), "seed {seed}");
    }
}

#[test]
fn the_path_the_solutions_give_ends_without_a_problem() {
    for seed in [0, 5, 11] {
        let (lab, mut s) = open(LabId::FallenOffTheBus, seed);
        drain(&mut s, &lab.culprit, "xid79");
        assert_eq!(problems(&lab, &s), [], "seed {seed}");
        run(&mut s, &format!("scontrol requeue {}", lab.job_id));
        assert_eq!(problems(&lab, &s), [], "seed {seed}");
        run(&mut s, "sleep 200");
        assert_eq!(lab.diagnose(&s), [], "seed {seed}");

        let (lab, mut s) = open(LabId::SlowLane, seed);
        run(&mut s, &format!("sbatch -x {} train.sh", lab.culprit));
        // Excluded, not yet drained: nothing wrong, only waiting or running.
        assert_eq!(problems(&lab, &s), [], "seed {seed}");
        run(&mut s, "sleep 120");
        assert_eq!(lab.diagnose(&s), [], "seed {seed}");
    }
}

/// The browser test's path (tests/e2e/labs.test.mjs): a healthy node
/// drained, the job requeued, then both put right.
#[test]
fn a_wrong_drain_and_an_early_requeue_put_right() {
    for seed in [5, 14] {
        let (lab, mut s) = open(LabId::FallenOffTheBus, seed);
        let (job, culprit) = (lab.job_id, lab.culprit.clone());
        let healthy = lab.healthy_nodes(&s)[0].clone();
        drain(&mut s, &healthy, "x");
        run(&mut s, &format!("scontrol requeue {job}"));
        let wrong = Finding::HealthyDrained {
            node: healthy.clone(),
            culprit_in_service: true,
        };
        assert_eq!(lab.diagnose(&s), [Finding::Unguarded { job }, wrong]);
        run(
            &mut s,
            &format!("scontrol update NodeName={healthy} State=RESUME"),
        );
        drain(&mut s, &culprit, "x");
        assert_eq!(lab.diagnose(&s), [Finding::Delayed { job }], "seed {seed}");
        run(&mut s, "sleep 180");
        assert_eq!(lab.diagnose(&s), [], "seed {seed}");
        assert_eq!(
            done(&lab, &s),
            ["drain", "requeue", "resume"],
            "seed {seed}"
        );
    }
}

#[test]
fn a_lab_opens_on_the_prompt_clock_and_goals_its_page_shows_before_it_is_ready() {
    let (prompt, at) = Lab::opening_prompt();
    for id in [LabId::FallenOffTheBus, LabId::SlowLane] {
        for seed in [0, 7, 123_456] {
            let (lab, s) = open(id, seed);
            assert_eq!(s.terminal.prompt(), prompt);
            assert_eq!(s.cluster.now(), at);
            assert_eq!(lab.goals(&s), id.open_goals());
        }
    }
}

#[test]
fn each_learner_is_told_their_own_incident_but_not_the_node_at_fault() {
    let (bus, s) = open(LabId::FallenOffTheBus, 6);
    let sacct = run(
        &mut s.clone(),
        &format!("sacct -X -n -j {} -o State,End,NNodes", bus.job_id),
    );
    let when = crate::sim::slurm::shell::format_time(
        u64::try_from(bus.incident.ended).unwrap_or(0),
        "%FT%T",
    );
    assert_eq!(bus.incident.seed, 6);
    assert_eq!(bus.incident.nodes, 4);
    assert_eq!(bus.incident.state, "FAILED");
    assert!(
        sacct.contains("FAILED") && sacct.contains(&when),
        "{sacct} {when}"
    );
    assert!(bus.incident.ended < EPOCH);
    let (lane, _) = open(LabId::SlowLane, 7);
    assert_eq!((lane.incident.seed, lane.incident.nodes), (7, 4));
    assert_ne!(lane.incident.ended, bus.incident.ended);
}

#[test]
fn the_labs_slurm_conf_says_why_finished_jobs_stay_a_day() {
    let (_, mut s) = open(LabId::SlowLane, 1);
    assert_eq!(
        run(&mut s, "grep -B2 MinJobAge /etc/slurm/slurm.conf"),
        "# finished jobs stay in squeue and scontrol for a day, so that last\n\
         # night's failure can still be inspected; sacct keeps them for good\n\
         MinJobAge=86400\n"
    );
    assert_eq!(
        run(
            &mut s,
            "grep -c '^NodeName=node-\\[1-8\\]' /etc/slurm/slurm.conf"
        ),
        "1\n"
    );
}
