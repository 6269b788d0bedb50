//! Steps side by side in a batch script (`srun ... &` and `wait`): they
//! share the job as 22.05.8's controller shares it, a step that does not
//! fit waits with srun's lines, and what the script does not wait for
//! dies with it.

use super::super::*;
use super::Term;
use super::job_shell::{ended, run, written};

/// Each step's (number, start, end) offsets in job `id`.
fn steps(t: &Term, id: u32) -> Vec<(u32, u64, Option<u64>)> {
    let job =
        t.c.job(id)
            .cloned()
            .unwrap_or_else(|| panic!("no job {id}"));
    job.steps
        .iter()
        .filter_map(|s| match s.id {
            StepId::Numbered(n) => Some((n, s.start_offset, s.end_offset)),
            StepId::Batch => None,
        })
        .collect()
}

#[test]
fn exact_steps_run_side_by_side_until_wait() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let (id, out) = run(
        &mut t,
        "#!/bin/bash\n#SBATCH -N 1 -n 2\n\
         srun -n1 --exact sleep 60 &\n\
         srun -n1 --exact sleep 30 &\n\
         wait\necho done\n",
        120,
    );
    assert_eq!(out, "done\n");
    assert_eq!(steps(&t, id), [(0, 0, Some(60)), (1, 0, Some(30))]);
    assert_eq!(ended(&t, id), Some((JobState::Completed, 0, 60)));
}

#[test]
fn a_whole_node_step_waits_for_the_node_with_sruns_lines() {
    let mut t = Term::new("2026-11-30T03:00:00");
    // Without --exact a step holds every CPU of its node, so the second
    // waits for the first: the classic reason to write --exact.
    let (id, out) = run(
        &mut t,
        "#!/bin/bash\n#SBATCH -N 1 -n 2\n\
         srun -n1 sleep 300 &\n\
         srun -n1 hostname &\n\
         wait\n",
        400,
    );
    assert_eq!(
        out,
        format!(
            "srun: Job {id} step creation temporarily disabled, retrying (Requested nodes are busy)\n\
             srun: Job {id} step creation still disabled, retrying (Requested nodes are busy)\n\
             srun: Job {id} step creation still disabled, retrying (Requested nodes are busy)\n\
             srun: Step created for job {id}\nnode-1\n"
        )
    );
    assert_eq!(steps(&t, id), [(0, 0, Some(300)), (1, 300, Some(300))]);
}

#[test]
fn srun_says_it_waits_when_it_starts_waiting() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let (id, first) = run(
        &mut t,
        "#!/bin/bash\n#SBATCH -N 1 -n 2\nsrun -n1 sleep 100 &\nsrun -n1 hostname\n",
        50,
    );
    assert_eq!(first, "", "nothing until srun first tries again");
    t.c.advance(60);
    assert_eq!(
        written(&mut t, id),
        format!(
            "srun: Job {id} step creation temporarily disabled, retrying (Requested nodes are busy)\n\
             srun: Step created for job {id}\nnode-1\n"
        )
    );
}

#[test]
fn busy_nodes_are_passed_over_for_free_ones() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let (id, out) = run(
        &mut t,
        "#!/bin/bash\n#SBATCH -N 3\n\
         for i in 1 2 3; do srun -N1 -n1 --exact bash -c 'sleep 10; hostname' & done\n\
         wait\n",
        60,
    );
    let mut hosts: Vec<&str> = out.lines().collect();
    hosts.sort_unstable();
    assert_eq!(hosts, ["node-1", "node-2", "node-3"]);
    assert_eq!(
        steps(&t, id),
        [(0, 0, Some(10)), (1, 0, Some(10)), (2, 0, Some(10))]
    );
}

#[test]
fn steps_asking_for_gpus_get_different_ones() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let (id, out) = run(
        &mut t,
        "#!/bin/bash\n#SBATCH -N 1 -n 2 --gpus-per-node=2\n\
         srun -n1 --exact --gpus-per-node=1 bash -c 'sleep 5; echo $SLURM_STEP_ID ${SLURM_STEP_GPUS:-$CUDA_VISIBLE_DEVICES}' &\n\
         srun -n1 --exact --gpus-per-node=1 bash -c 'sleep 5; echo $SLURM_STEP_ID ${SLURM_STEP_GPUS:-$CUDA_VISIBLE_DEVICES}' &\n\
         srun -n1 --exact --gpus-per-node=1 nvidia-smi -L\n\
         wait\n",
        60,
    );
    let job = t.c.job(id).cloned().unwrap_or_else(|| panic!("no job"));
    let gpus: Vec<Option<u32>> = job.steps.iter().skip(1).map(|s| s.gpus).collect();
    assert_eq!(gpus, [Some(1), Some(1), Some(1)], "{out}");
    // Both GPUs are taken: the third waits for one of them.
    assert_eq!(
        steps(&t, id),
        [(0, 0, Some(5)), (1, 0, Some(5)), (2, 5, Some(5))]
    );
    assert!(out.contains("step creation temporarily disabled"), "{out}");
}

#[test]
fn overlap_shares_everything() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let (id, out) = run(
        &mut t,
        "#!/bin/bash\n#SBATCH -N 1 -n 1\n\
         srun sleep 100 &\nsrun --overlap hostname\nwait\n",
        200,
    );
    assert_eq!(out, "node-1\n");
    assert_eq!(steps(&t, id), [(0, 0, Some(100)), (1, 0, Some(0))]);
}

#[test]
fn what_the_script_does_not_wait_for_dies_with_it() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let (id, out) = run(
        &mut t,
        "#!/bin/bash\n#SBATCH -N 1 -n 2\n\
         srun -n1 --exact bash -c 'sleep 100; echo late' &\n\
         sleep 20\necho script ends\n",
        200,
    );
    assert_eq!(out, "script ends\n");
    assert_eq!(ended(&t, id), Some((JobState::Completed, 0, 20)));
    let acct = t.root(&format!("sacct -n -P -j {id} -o JobID,State,Elapsed"));
    assert_eq!(
        acct.text(Stream::Stdout),
        format!(
            "{id}|COMPLETED|00:00:20\n{id}.batch|COMPLETED|00:00:20\n{id}.0|CANCELLED|00:00:20\n"
        )
    );
}

#[test]
fn waiting_for_endless_work_runs_to_the_time_limit() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let (id, out) = run(
        &mut t,
        "#!/bin/bash\n#SBATCH -N 1 -t 5\nsrun python train.py &\necho pid $!\nwait\necho never\n",
        600,
    );
    assert!(out.starts_with("pid 4301\n"), "{out}");
    assert!(!out.contains("never"), "{out}");
    assert_eq!(ended(&t, id).map(|e| e.0), Some(JobState::Timeout));
}

#[test]
fn a_step_that_never_fits_waits_until_the_job_ends() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let (id, out) = run(
        &mut t,
        "#!/bin/bash\n#SBATCH -N 1 -n 1 -t 5\nsrun python train.py &\nsrun hostname\necho never\n",
        600,
    );
    let waits = out.matches("step creation").count();
    // One line each time srun tries again, every two minutes, in 5.
    assert_eq!(waits, 2, "{out}");
    assert!(
        !out.contains("Step created") && !out.contains("never"),
        "{out}"
    );
    assert_eq!(ended(&t, id).map(|e| e.0), Some(JobState::Timeout));
    assert_eq!(steps(&t, id), [(0, 0, None)]);
}
