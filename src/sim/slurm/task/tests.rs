use super::*;

fn open(task: &Task) -> (OpenTask, Session) {
    task.open().unwrap_or_else(|e| panic!("{e}"))
}

fn run(s: &mut Session, line: &str) -> String {
    s.submit(line);
    s.terminal.last_output()
}

#[test]
fn a_drain_counts_only_with_a_reason_on_that_node() {
    let task = Task::Drain {
        node: "node-3".into(),
    };
    let (open, mut s) = open(&task);
    assert!(!open.done(&s));
    run(
        &mut s,
        "sudo scontrol update NodeName=node-2 State=DRAIN Reason=x",
    );
    assert!(!open.done(&s), "another node");
    let refused = run(&mut s, "sudo scontrol update NodeName=node-3 State=DRAIN");
    assert!(refused.contains("You must specify a reason"), "{refused}");
    assert!(!open.done(&s));
    run(
        &mut s,
        "sudo scontrol update nodename=node-3 state=drain reason=\"bad GPU\"",
    );
    assert!(open.done(&s));
}

#[test]
fn a_submission_counts_by_its_shape_whatever_the_options_spelling() {
    let task = Task::Submit {
        nodes: 2,
        gpus_per_node: 8,
        minutes: 30,
    };
    let (open, mut s) = open(&task);
    run(
        &mut s,
        "sbatch -N2 --gpus-per-node=4 -t 30 --wrap 'srun hostname'",
    );
    assert!(!open.done(&s), "4 GPUs a node");
    run(
        &mut s,
        "sbatch -N2 --gpus-per-node=8 -t 1:00:00 --wrap 'srun hostname'",
    );
    assert!(!open.done(&s), "an hour");
    let out = run(
        &mut s,
        "sbatch --nodes=2 --gres=gpu:8 --time=00:30:00 --wrap 'srun hostname'",
    );
    assert!(out.starts_with("Submitted batch job"), "{out}");
    assert!(open.done(&s));
}

#[test]
fn freeing_the_partition_means_cancelling_the_forgotten_job() {
    let task = Task::FreePartition {
        partition: "debug".into(),
    };
    let (open, mut s) = open(&task);
    let (holder, waiting) = open.jobs.unwrap_or_default();
    let queue = run(&mut s, "squeue -p debug");
    assert!(
        queue.contains("notebook") && queue.contains("(Resources)"),
        "{queue}"
    );
    assert!(!open.done(&s));
    run(&mut s, &format!("scancel {waiting}"));
    assert!(!open.done(&s), "the wrong job");
    let (open, mut s) = task.open().unwrap_or_else(|e| panic!("{e}"));
    run(&mut s, &format!("scancel {holder}"));
    run(&mut s, "sleep 5");
    assert!(open.done(&s), "{}", run(&mut s, "squeue -p debug"));
}

#[test]
fn a_saved_log_replays_to_the_same_cluster() {
    let task = Task::Drain {
        node: "node-3".into(),
    };
    let log = [
        Event::Line("sinfo".into()),
        Event::Advance(30),
        Event::Line("sudo scontrol update NodeName=node-3 State=DRAIN Reason=x".into()),
    ];
    let (open, s) = task
        .replay(&log, Default::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(open.done(&s));
    let (_, mut live) = task.open().unwrap_or_else(|e| panic!("{e}"));
    for e in &log {
        live.apply(e);
    }
    assert_eq!(live, s);
}

#[test]
fn a_task_the_cluster_cannot_hold_says_why() {
    let drain = Task::Drain {
        node: "node-9".into(),
    };
    assert_eq!(
        drain.impossible().as_deref(),
        Some("it has no node `node-9` (its nodes: node-1, node-2, node-3, node-4)")
    );
    let submit = Task::Submit {
        nodes: 2,
        gpus_per_node: 16,
        minutes: 30,
    };
    assert_eq!(
        submit.impossible().as_deref(),
        Some("`gpus-per-node` is 1 to 8, not 16")
    );
    let free = Task::FreePartition {
        partition: "gpus".into(),
    };
    assert_eq!(
        free.impossible().as_deref(),
        Some("it has no partition `gpus` (its partitions: gpu, debug)")
    );
    assert_eq!(
        Task::Drain {
            node: "node-3".into()
        }
        .impossible(),
        None
    );
}
