//! Jobs run in the prompt's bash: quoting, Slurm's environment in the
//! script and in each task of a `bash` step, time inside the script, and
//! the time limit stopping it.

use super::super::*;
use super::Term;

const WORK: &str = "/srv/cluster/work";

/// Submits `script` as root, lets `seconds` pass, and returns the job id
/// and everything written to its output file.
pub(super) fn run(t: &mut Term, script: &str, seconds: u64) -> (u32, String) {
    t.file(&format!("{WORK}/job.sh"), script);
    let id = t.submit("root", WORK, "sbatch job.sh");
    t.c.advance(seconds);
    (id, written(t, id))
}

/// What was written to the job's output file since the last look.
pub(super) fn written(t: &mut Term, id: u32) -> String {
    let path = format!("{WORK}/slurm-{id}.out");
    let writes = t.c.drain_file_writes();
    writes
        .iter()
        .filter(|w| w.path == path)
        .map(|w| w.text.as_str())
        .collect()
}

/// Everything written since the last look, by file.
fn written_files(t: &mut Term) -> std::collections::BTreeMap<String, String> {
    let mut files = std::collections::BTreeMap::new();
    for w in t.c.drain_file_writes() {
        files
            .entry(w.path.clone())
            .or_insert_with(String::new)
            .push_str(&w.text);
    }
    files
}

pub(super) fn ended(t: &Term, id: u32) -> Option<(JobState, i32, i64)> {
    let j = t.c.job(id)?;
    Some((j.state, j.exit.0, j.end_time? - j.start_time?))
}

#[test]
fn quotes_and_operators_mean_what_bash_says() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let (_, out) = run(
        &mut t,
        "#!/bin/bash\n#SBATCH -N 1\necho 'a; b && c' \"# not a comment\"\nfalse && echo never || echo fallback\nX=1; echo \"x=$X\" | grep -c x\nfrobnicate --all\necho $?\n",
        5,
    );
    assert_eq!(
        out,
        "a; b && c # not a comment\nfallback\n1\n/var/spool/slurmd/node-1/job00001/slurm_script: line 6: frobnicate: command not found\n127\n"
    );
}

#[test]
fn the_script_and_each_task_see_slurms_environment() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let (id, out) = run(
        &mut t,
        "#!/bin/bash\n#SBATCH -N 2 --ntasks-per-node=2 --gpus-per-node=2 -p gpu\n\
         echo \"$SLURM_JOB_ID $SLURM_JOB_NODELIST $SLURM_JOB_PARTITION $SLURMD_NODENAME $HOSTNAME\"\n\
         echo \"gpus $SLURM_GPUS_ON_NODE: $CUDA_VISIBLE_DEVICES\"\n\
         export RUN=exp1\n\
         srun bash -c 'echo \"$RUN rank $SLURM_PROCID/$SLURM_NTASKS local $SLURM_LOCALID on $SLURMD_NODENAME $HOSTNAME\"'\n",
        5,
    );
    assert_eq!(
        out,
        format!(
            "{id} node-[1-2] gpu node-1 node-1\ngpus 2: 0,1\n\
             exp1 rank 0/4 local 0 on node-1 node-1\n\
             exp1 rank 1/4 local 1 on node-1 node-1\n\
             exp1 rank 2/4 local 0 on node-2 node-2\n\
             exp1 rank 3/4 local 1 on node-2 node-2\n"
        )
    );
    let steps: Vec<&str> =
        t.c.job(id)
            .map(|j| j.steps.iter().map(|s| s.name.as_str()).collect())
            .unwrap_or_default();
    assert_eq!(steps, ["batch", "bash"]);
}

#[test]
fn time_runs_inside_the_script_and_the_limit_stops_it() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let (id, out) = run(
        &mut t,
        "#!/bin/bash\necho start\nsleep 90\necho later\n",
        30,
    );
    assert_eq!(out, "start\n", "the second line is not written yet");
    t.c.advance(70);
    assert_eq!(written(&mut t, id), "later\n");
    assert_eq!(ended(&t, id), Some((JobState::Completed, 0, 90)));

    let (id, out) = run(
        &mut t,
        "#!/bin/bash\n#SBATCH -t 1\nsleep 30; echo half\nsleep 60\necho never\n",
        120,
    );
    assert!(out.starts_with("half\n"), "{out}");
    assert!(!out.contains("never"), "{out}");
    assert_eq!(ended(&t, id).map(|e| e.0), Some(JobState::Timeout));
}

#[test]
fn steps_take_their_time_and_fail_with_sruns_lines() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let (id, out) = run(
        &mut t,
        "#!/bin/bash\n#SBATCH -N 2\nsrun -N 1 sleep 20\nsrun -l hostname\nsrun bash -c 'exit 3'\necho status $?\nsrun -N 1 frob\n",
        60,
    );
    assert_eq!(
        out,
        "0: node-1\n1: node-2\n\
         srun: error: node-1: task 0: Exited with exit code 3\n\
         srun: error: node-2: task 1: Exited with exit code 3\nstatus 3\n\
         slurmstepd-node-1: error: execve(): frob: No such file or directory\n\
         srun: error: node-1: task 0: Exited with exit code 2\n"
    );
    let job = t.c.job(id).cloned().unwrap_or_else(|| panic!("no job"));
    let offsets: Vec<(u64, Option<u64>, i32)> = job
        .steps
        .iter()
        .map(|s| (s.start_offset, s.end_offset, s.exit))
        .collect();
    assert_eq!(
        offsets,
        [
            (0, Some(20), 2),
            (0, Some(20), 0),
            (20, Some(20), 0),
            (20, Some(20), 3),
            (20, Some(20), 2)
        ]
    );
    assert_eq!(ended(&t, id), Some((JobState::Failed, 2, 20)));
}

#[test]
fn a_script_finds_its_nodes_with_scontrol_show_hostnames() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let (_, out) = run(
        &mut t,
        "#!/bin/bash\n#SBATCH -N 3\nscontrol show hostnames $SLURM_JOB_NODELIST | head -n 1\n\
         scontrol show hostnames | tail -n 1\nscontrol show hostlist node-1,node-2,node-4\n\
         scontrol show hostlistsorted node-3,node-1,node-2\n",
        5,
    );
    assert_eq!(out, "node-1\nnode-3\nnode-[1-2,4]\nnode-[1-3]\n");
    let out = t.root("scontrol show hostnames");
    assert_eq!(
        out.text(Stream::Stderr),
        "scontrol: error: host list is empty\n"
    );
    let out = t.root("scontrol show hostn node-[2-3]");
    assert_eq!(out.text(Stream::Stdout), "node-2\nnode-3\n");
}

#[test]
fn the_classic_multi_node_launch_runs_end_to_end() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let (id, out) = run(
        &mut t,
        "#!/bin/bash\n#SBATCH -N 2 --gpus-per-node=8 -t 5\nset -euo pipefail\n\
         export MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n\
         export MASTER_PORT=29500\n\
         log() { echo \"[$SLURM_JOB_ID] $*\"; }\n\
         for i in $(seq 1 2); do log \"attempt $i on $MASTER_ADDR:$MASTER_PORT\"; done\n\
         srun bash -c 'echo \"rank $SLURM_PROCID of $SLURM_NTASKS sees $MASTER_ADDR\"'\n\
         if [ \"$SLURM_NNODES\" -gt 1 ]; then echo \"$((SLURM_NNODES * SLURM_GPUS_ON_NODE)) GPUs\"; fi\n\
         while true; do sleep 60; echo tick; done\n",
        400,
    );
    assert!(
        out.starts_with(&format!(
            "[{id}] attempt 1 on node-1:29500\n[{id}] attempt 2 on node-1:29500\n\
             rank 0 of 2 sees node-1\nrank 1 of 2 sees node-1\n16 GPUs\ntick\n"
        )),
        "{out}"
    );
    assert_eq!(out.matches("tick\n").count(), 4, "{out}");
    assert_eq!(ended(&t, id).map(|e| e.0), Some(JobState::Timeout));
}

#[test]
fn exact_steps_hold_only_their_tasks_cpus() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let (id, out) = run(
        &mut t,
        "#!/bin/bash\n#SBATCH -N 1 -n 4\n\
         srun -n 1 bash -c 'echo whole $SLURM_CPUS_ON_NODE'\n\
         srun --exact -n 1 bash -c 'echo exact $SLURM_CPUS_ON_NODE'\n\
         srun -n 1 -c 2 bash -c 'echo c2 $SLURM_CPUS_ON_NODE'\n\
         srun --exclusive -n 1 bash -c 'echo exclusive $SLURM_CPUS_ON_NODE'\n",
        5,
    );
    assert_eq!(out, "whole 4\nexact 1\nc2 2\nexclusive 1\n");
    let job = t.c.job(id).cloned().unwrap_or_else(|| panic!("no job"));
    let steps = job.steps.iter().filter(|s| s.id != StepId::Batch);
    let cpus: Vec<(StepId, u32)> = steps.map(|s| (s.id, s.cpus)).collect();
    let numbered = StepId::Numbered;
    assert_eq!(
        cpus,
        [
            (numbered(0), 4),
            (numbered(1), 1),
            (numbered(2), 2),
            (numbered(3), 1)
        ]
    );
}

#[test]
fn timeout_stops_the_users_work_before_the_limit_to_leave_time_for_a_checkpoint() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let (id, out) = run(
        &mut t,
        "#!/bin/bash\n#SBATCH -t 10\ntimeout 2m julia train.jl\n\
         echo \"stopped with $? at $(date +%T)\"\nsleep 30\n",
        600,
    );
    assert_eq!(out, "stopped with 124 at 03:02:00\n");
    assert_eq!(ended(&t, id), Some((JobState::Completed, 0, 150)));
    // Around srun: the step ends at the limit (its tasks killed, so
    // CANCELLED 0:15) and frees its CPUs for the next one at once.
    let (id, out) = run(
        &mut t,
        "#!/bin/bash\n#SBATCH -n 2 -t 10\ntimeout 1m srun julia train.jl\nsrun hostname\n",
        600,
    );
    assert_eq!(out, "node-1\nnode-1\n");
    assert_eq!(ended(&t, id).map(|e| e.2), Some(60));
    let sacct = t.root(&format!(
        "sacct -n -P -j {id} -o JobID,State,ExitCode,Elapsed"
    ));
    assert_eq!(
        sacct.text(Stream::Stdout),
        format!(
            "{id}|COMPLETED|0:0|00:01:00\n{id}.batch|COMPLETED|0:0|00:01:00\n\
             {id}.0|CANCELLED|0:15|00:01:00\n{id}.1|COMPLETED|0:0|00:00:00\n"
        )
    );
}

#[test]
fn a_job_array_picks_its_file_from_a_declared_array() {
    let mut t = Term::new("2026-11-30T03:00:00");
    t.file(
        &format!("{WORK}/job.sh"),
        "#!/bin/bash\n#SBATCH --array=0-2\n\
         declare -a FILES=(data/a.txt \"data/b c.txt\" data/d.txt)\n\
         readonly N=${#FILES[@]}\n\
         base() { local -a parts=(${1//\\// }); echo \"${parts[-1]}\"; }\n\
         echo \"task $SLURM_ARRAY_TASK_ID of $N: $(base \"${FILES[$SLURM_ARRAY_TASK_ID]}\")\"\n",
    );
    let id = t.submit("root", WORK, "sbatch job.sh");
    t.c.advance(5);
    let files = written_files(&mut t);
    let of_task = |task: u32| files.get(&format!("{WORK}/slurm-{id}_{task}.out")).cloned();
    assert_eq!(of_task(0).as_deref(), Some("task 0 of 3: a.txt\n"));
    assert_eq!(of_task(1).as_deref(), Some("task 1 of 3: c.txt\n"));
    assert_eq!(of_task(2).as_deref(), Some("task 2 of 3: d.txt\n"));
}

#[test]
fn a_script_reads_sbatchs_arguments_with_getopts_and_cleans_up_on_exit() {
    let mut t = Term::new("2026-11-30T03:00:00");
    t.file(
        &format!("{WORK}/job.sh"),
        "#!/bin/bash\n\
         usage() { echo \"usage: $(basename \"$0\") [-n N] DATA\" >&2; exit 2; }\n\
         N=1\n\
         while getopts \":n:\" opt; do\n\
           case $opt in n) N=$OPTARG ;; *) usage ;; esac\n\
         done\n\
         shift $((OPTIND - 1))\n\
         [ $# -eq 1 ] || usage\n\
         tmp=$(mktemp -d); trap 'rm -rf \"$tmp\"; echo cleaned' EXIT\n\
         echo \"$0 n=$N data=$1\"\n",
    );
    let good = t.submit("root", WORK, "sbatch job.sh -n 4 /data/set1");
    let bad = t.submit("root", WORK, "sbatch job.sh -x");
    t.c.advance(5);
    let writes = t.c.drain_file_writes();
    let of = |id: u32| -> String {
        let path = format!("{WORK}/slurm-{id}.out");
        writes
            .iter()
            .filter(|w| w.path == path)
            .map(|w| w.text.as_str())
            .collect()
    };
    assert_eq!(
        of(good),
        format!(
            "/var/spool/slurmd/node-1/job{good:05}/slurm_script n=4 data=/data/set1\ncleaned\n"
        )
    );
    assert_eq!(of(bad), "usage: slurm_script [-n N] DATA\n");
    assert_eq!(ended(&t, bad).map(|(_, exit, _)| exit), Some(2));
}

#[test]
fn the_time_limit_runs_the_scripts_term_trap_before_sigkill() {
    let mut t = Term::new("2026-11-30T03:00:00");
    t.file(
        &format!("{WORK}/job.sh"),
        "#!/bin/bash\n#SBATCH -t 1\n\
         trap 'echo \"TERM at $(date +%T): saving\"' TERM\n\
         trap 'echo \"exit $?\"' EXIT\n\
         echo start\nsleep 600\necho \"on at $(date +%T)\"\nsleep 10\necho end\n",
    );
    t.file(
        &format!("{WORK}/plain.sh"),
        "#!/bin/bash\n#SBATCH -t 1\ntrap 'echo cleanup' EXIT\nsleep 600\necho never\n",
    );
    t.file(
        &format!("{WORK}/slow.sh"),
        "#!/bin/bash\n#SBATCH -t 1\ntrap 'sleep 100; echo too late' TERM\nsleep 600\n",
    );
    let trapped = t.submit("root", WORK, "sbatch job.sh");
    let plain = t.submit("root", WORK, "sbatch plain.sh");
    let slow = t.submit("root", WORK, "sbatch slow.sh");
    t.c.advance(300);
    let files = written_files(&mut t);
    let of = |id: u32| files.get(&format!("{WORK}/slurm-{id}.out")).cloned();
    let banner = |id: u32| {
        format!(
            "slurmstepd-node-1: error: *** JOB {id} ON node-1 CANCELLED AT 2026-11-30T03:01:00 DUE TO TIME LIMIT ***\n"
        )
    };
    // The trap runs at the limit, after the banner; the script goes on
    // until it ends within KillWait (30 s), its EXIT trap last.
    assert_eq!(
        of(trapped),
        Some(format!(
            "start\n{}TERM at 03:01:00: saving\non at 03:01:00\nend\nexit 0\n",
            banner(trapped)
        ))
    );
    // Without a TERM trap bash dies of the signal, running its EXIT trap.
    assert_eq!(of(plain), Some(format!("{}cleanup\n", banner(plain))));
    // SIGKILL comes KillWait after the SIGTERM.
    assert_eq!(of(slow), Some(banner(slow)));
    for id in [trapped, plain, slow] {
        assert_eq!(
            t.c.job(id).map(|j| j.state),
            Some(JobState::Timeout),
            "{id}"
        );
    }
}

#[test]
fn sbatch_signal_b_reaches_the_scripts_trap_before_the_limit() {
    let mut t = Term::new("2026-11-30T03:00:00");
    // The usual checkpoint cue: the work in the background, the shell in
    // `wait`, which the signal interrupts.
    t.file(
        &format!("{WORK}/job.sh"),
        "#!/bin/bash\n#SBATCH -t 5 --signal=B:USR1@60\n\
         trap 'echo \"USR1 at $(date +%T): saving\"' USR1\n\
         sleep 1000 &\nwait\necho \"wait $? at $(date +%T)\"\n",
    );
    t.file(
        &format!("{WORK}/plain.sh"),
        "#!/bin/bash\n#SBATCH -t 5 --signal=B:USR1@60\ntrap 'echo \"bye $?\"' EXIT\nsleep 1000\necho never\n",
    );
    let trapped = t.submit("root", WORK, "sbatch job.sh");
    let plain = t.submit("root", WORK, "sbatch plain.sh");
    // Without B: the batch shell is not signalled.
    let steps_only = t.submit("root", WORK, "sbatch -t 5 --signal=USR1 plain.sh");
    t.c.advance(600);
    let files = written_files(&mut t);
    let of = |id: u32| files.get(&format!("{WORK}/slurm-{id}.out")).cloned();
    // Sent 60 s before the limit, and up to 30 s sooner: slurmctld's
    // time checks come every 30 s.
    assert_eq!(
        of(trapped).as_deref(),
        Some("USR1 at 03:03:30: saving\nwait 138 at 03:03:30\n")
    );
    assert_eq!(
        ended(&t, trapped),
        Some((JobState::Completed, 0, 210)),
        "the script ended after its trap"
    );
    // Untrapped, USR1 ends bash when it comes, after its EXIT trap: the
    // job FAILED with the signal, its batch step CANCELLED.
    assert_eq!(of(plain).as_deref(), Some("bye 0\n"));
    let job = t.c.job(plain).cloned();
    assert_eq!(
        job.as_ref().map(|j| (j.state, j.exit, j.reason)),
        Some((JobState::Failed, (0, 10), Reason::JobLaunchFailure))
    );
    let sacct = t.root(&format!("sacct -j {plain} -n -o jobid,state,exitcode"));
    assert_eq!(
        sacct.text(Stream::Stdout),
        format!(
            "{:<12} {:>10} {:>8} \n{:<12} {:>10} {:>8} \n",
            plain,
            "FAILED",
            "0:10",
            format!("{plain}.batch"),
            "CANCELLED",
            "0:10"
        )
    );
    assert_eq!(ended(&t, steps_only).map(|e| e.0), Some(JobState::Timeout));
}

#[test]
fn a_script_requeues_itself_when_it_asks_not_when_it_starts() {
    let mut t = Term::new("2026-11-30T03:00:00");
    t.file(
        &format!("{WORK}/job.sh"),
        "#!/bin/bash\n#SBATCH -t 5 --signal=B:USR1@60 --open-mode=append\n\
         trap 'echo \"requeue at $(date +%T)\"; scontrol requeue $SLURM_JOB_ID; exit 0' USR1\n\
         echo \"start ${SLURM_RESTART_COUNT:-0} at $(date +%T)\"\nsleep 1000 &\nwait\n",
    );
    let id = t.submit("root", WORK, "sbatch job.sh");
    t.c.advance(200);
    // Still in its first run: the requeue waits for the signal.
    assert_eq!(
        t.c.job(id).map(|j| (j.state, j.restarts)),
        Some((JobState::Running, 0))
    );
    t.c.advance(100);
    let job = t.c.job(id).cloned();
    assert_eq!(job.as_ref().map(|j| j.restarts), Some(1));
    assert_eq!(
        written(&mut t, id),
        format!(
            "start 0 at 03:00:00\nrequeue at 03:03:30\nslurmstepd-node-1: error: *** JOB {id} ON node-1 CANCELLED AT 2026-11-30T03:03:30 DUE TO JOB REQUEUE ***\n"
        )
    );
    // A run cancelled first takes what its script would have done with it.
    t.c.advance(60);
    assert_eq!(
        t.c.job(id).map(|j| (j.state, j.restarts)),
        Some((JobState::Running, 1))
    );
    t.root(&format!("scancel {id}"));
    t.c.advance(600);
    assert_eq!(
        t.c.job(id).map(|j| (j.state, j.restarts)),
        Some((JobState::Cancelled, 1))
    );
}
