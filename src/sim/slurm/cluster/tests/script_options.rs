//! Options that training scripts from other clusters carry (`--mail-type`,
//! `--signal`, `--cpu-bind`, ...): taken, refused on a bad value, and
//! shown, as 22.05.8 does.

use super::super::*;
use super::{Term, out};

/// What `scontrol show job` says of the job `sbatch OPTIONS` submits.
fn shown(t: &mut Term, options: &str) -> String {
    let id = t.submit("root", "/srv/cluster/work", &format!("sbatch {options}"));
    t.root(&format!("scontrol show job {id}"))
        .text(Stream::Stdout)
}

#[test]
fn mail_and_comment_show_in_scontrol() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let both = shown(
        &mut t,
        "--mail-type=end,fail --comment=\"tuning run\" --wrap 'sleep 100'",
    );
    assert!(both.contains("\n   Comment=tuning run \n"), "{both}");
    assert!(
        both.contains("\n   MailUser=root MailType=END,FAIL\n"),
        "{both}"
    );
    let user_only = shown(&mut t, "--mail-user=me@example.org --wrap true");
    assert!(
        !user_only.contains("MailUser"),
        "no mail type, no line: {user_only}"
    );
}

#[test]
fn bad_values_are_refused_with_slurms_words() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let table = [
        (
            "sbatch --mail-type=weekly --wrap true",
            "sbatch: error: Invalid --mail-type specification\n",
            255,
        ),
        (
            "sbatch --signal=B:NOPE@90 --wrap true",
            "sbatch: error: Invalid --signal specification\n",
            255,
        ),
        (
            "sbatch --open-mode=x --wrap true",
            "sbatch: error: Invalid --open-mode specification\n",
            255,
        ),
        (
            "srun --gpu-bind=nearest hostname",
            "srun: error: Invalid --gpu-bind argument: gpu:nearest\n",
            255,
        ),
        (
            "srun --cpu-bind=cores,tight hostname",
            "srun: error: unrecognized --cpu-bind argument \"tight\"\n",
            1,
        ),
        (
            "sbatch --mem-per-gpu=lots --gpus=1 --wrap true",
            "sbatch: error: Invalid --mem-per-gpu specification\n",
            255,
        ),
        // No reservation exists on these clusters.
        (
            "sbatch --reservation=workshop --wrap true",
            "sbatch: error: Batch job submission failed: Requested reservation is invalid\n",
            1,
        ),
        (
            "srun --reservation=workshop hostname",
            "srun: error: Unable to allocate resources: Requested reservation is invalid\n",
            1,
        ),
    ];
    for (line, stderr, exit) in table {
        assert_eq!(
            out(&t.root(line)),
            (exit, String::new(), stderr.to_owned()),
            "{line}"
        );
    }
    // srun-only options are not sbatch's.
    assert_eq!(
        out(&t.root("sbatch --cpu-bind=cores --wrap true")),
        (
            255,
            String::new(),
            "sbatch: unrecognized option '--cpu-bind=cores'\nTry \"sbatch --help\" for more information\n"
                .to_owned()
        )
    );
    assert_eq!(out(&t.root("salloc --open-mode=append true")).0, 1);
}

#[test]
fn good_values_run_as_without_them() {
    let mut t = Term::new("2026-11-30T03:00:00");
    for line in [
        "srun --cpu-bind=verbose,map_cpu:0,2 -u -K --quit-on-interrupt hostname",
        "srun --gpu-bind=closest --hint=nomultithread --signal=USR1@60 hostname",
        "srun --tasks-per-node=1 -N2 hostname",
    ] {
        let got = out(&t.root(line));
        assert_eq!(got.0, 0, "{line}: {got:?}");
        assert!(got.1.starts_with("node-1\n"), "{line}: {got:?}");
    }
}

#[test]
fn open_mode_append_keeps_what_the_file_held() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let work = "/srv/cluster/work";
    for (mode, truncates) in [("append", false), ("truncate", true)] {
        t.file(
            &format!("{work}/job.sh"),
            &format!("#!/bin/bash\n#SBATCH -o run.log --open-mode={mode}\necho hello\n"),
        );
        t.submit("root", work, "sbatch job.sh");
        t.c.advance(10);
        let writes = t.c.drain_file_writes();
        let log: Vec<(bool, &str)> = writes
            .iter()
            .filter(|w| w.path == format!("{work}/run.log"))
            .map(|w| (w.truncate, w.text.as_str()))
            .collect();
        assert_eq!(log.iter().any(|(t, _)| *t), truncates, "{mode}: {log:?}");
        assert!(
            log.iter().any(|(_, text)| *text == "hello\n"),
            "{mode}: {log:?}"
        );
    }
}

#[test]
fn a_constraint_needs_nodes_with_those_features() {
    let mut t = Term::new("2026-11-30T03:00:00");
    // The reference cluster's nodes have no features at all.
    let refused = "Invalid feature specification\n";
    assert_eq!(
        out(&t.root("sbatch -C a100 --wrap true")),
        (
            1,
            String::new(),
            format!("sbatch: error: Batch job submission failed: {refused}")
        )
    );
    assert_eq!(
        out(&t.root("srun --constraint=a100 hostname")).2,
        format!("srun: error: Unable to allocate resources: {refused}")
    );
    for node in ["node-3", "node-4"] {
        if let Some(i) = t.c.node_index(node) {
            t.c.nodes[i].features = vec!["a100".to_owned(), "nvlink".to_owned()];
        }
    }
    let id = t.submit(
        "root",
        "/srv/cluster/work",
        "sbatch -C 'nvlink|a100&nvlink' --wrap 'sleep 100'",
    );
    t.c.advance(5);
    let listed = t
        .root(&format!("squeue -h -j {id} -o '%N %f'"))
        .text(Stream::Stdout);
    assert_eq!(listed, "node-3 nvlink|a100&nvlink\n");
    assert!(shown(&mut t, "-C nvlink --wrap true").contains("\n   Features=nvlink DelayBoot="));
    assert_eq!(
        out(&t.root("sbatch -C a100 -N 3 --wrap true")).2,
        "sbatch: error: Batch job submission failed: Requested node configuration is not available\n"
    );
}

#[test]
fn gpus_per_task_and_cpus_per_gpu_shape_the_job() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let job = shown(
        &mut t,
        "-n 4 --gpus-per-task=2 --cpus-per-gpu=6 --wrap 'sleep 60'",
    );
    assert!(job.contains(" NumCPUs=48 NumTasks=4 "), "{job}");
    assert!(job.contains(",gres/gpu=8\n"), "{job}");
    assert!(
        job.contains("\n   CpusPerTres=gres:gpu:6\n   TresPerTask=gres:gpu:2\n"),
        "{job}"
    );
    // Eight GPUs a node: twelve one-GPU tasks take two nodes.
    let job = shown(&mut t, "-n 12 --gpus-per-task=1 --wrap 'sleep 60'");
    assert!(job.contains(" NumNodes=2"), "{job}");
    assert_eq!(
        out(&t.root("sbatch -N 1 -n 9 --gpus-per-task=1 --wrap true")).2,
        "sbatch: error: Batch job submission failed: Requested node configuration is not available\n"
    );
}

#[test]
fn mem_per_gpu_gives_each_node_memory_for_its_gpus() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let job = shown(
        &mut t,
        "-N2 --gpus-per-node=2 --mem-per-gpu=40G --wrap 'sleep 60'",
    );
    assert!(job.contains("TRES=cpu=2,mem=160G,node=2,"), "{job}");
    // The per-node minimum stays DefMemPerCPU's, as slurmctld leaves it.
    assert!(job.contains(" MinMemoryCPU=4000M "), "{job}");
    assert!(job.contains("\n   MemPerTres=gres:gpu:40960\n"), "{job}");
    assert_eq!(
        out(&t.root("sbatch --mem-per-gpu=4G --wrap true")),
        (
            1,
            String::new(),
            "sbatch: error: Requested mem_per_tres=gres:gpu:4096 but did not request any GPU.\n\
             sbatch: error: Invalid generic resource (gres) specification\n"
                .to_owned()
        )
    );
    assert_eq!(
        out(&t.root("srun --gpus=1 --mem-per-gpu=1T hostname")).2,
        "srun: error: Unable to allocate resources: Requested node configuration is not available\n"
    );
}

#[test]
fn one_memory_option_at_most() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let fatal = |prog: &str| {
        format!("{prog}: fatal: --mem, --mem-per-cpu, and --mem-per-gpu are mutually exclusive.\n")
    };
    assert_eq!(
        out(&t.root("srun --mem=4G --mem-per-gpu=2G --gpus=1 hostname")),
        (1, String::new(), fatal("srun"))
    );
    // A script's line and the command line count alike.
    t.file(
        "/srv/cluster/work/mem.sh",
        "#!/bin/bash\n#SBATCH --mem=8G\nhostname\n",
    );
    assert_eq!(
        out(&t.root("sbatch --mem-per-cpu=1G mem.sh")),
        (1, String::new(), fatal("sbatch"))
    );
    // The same option twice is no clash: the last one counts.
    let job = shown(&mut t, "--mem=4G --mem=6G --wrap 'sleep 60'");
    assert!(job.contains(" MinMemoryNode=6G "), "{job}");
}

#[test]
fn begin_holds_a_job_until_its_time() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let job = shown(&mut t, "--begin=now+1hour -t 30 --wrap 'sleep 600'");
    assert!(job.contains(" JobState=PENDING Reason=BeginTime "), "{job}");
    assert!(job.contains(" EligibleTime=2026-11-30T04:00:00\n"), "{job}");
    assert!(
        job.contains("\n   StartTime=2026-11-30T04:00:00 EndTime=2026-11-30T04:30:00 "),
        "{job}"
    );
    t.c.advance(3500);
    let state = |t: &mut Term| t.root("squeue -h -o %T").text(Stream::Stdout);
    assert_eq!(state(&mut t), "PENDING\n");
    t.c.advance(200);
    assert_eq!(state(&mut t), "RUNNING\n");
    assert_eq!(
        out(&t.root("sbatch --begin=later --wrap true")),
        (
            255,
            String::new(),
            "sbatch: error: Invalid --begin specification\n".to_owned()
        )
    );
}

#[test]
fn distribution_numbers_tasks_over_the_nodes() {
    let mut t = Term::new("2026-11-30T03:00:00");
    // The job holds 3 CPUs on node-1 and 1 on node-2: cyclic deals the
    // tasks in turns while a node has room, block fills node by node.
    assert_eq!(
        out(&t.root("srun -N2 -n4 -m cyclic -l hostname")).1,
        "0: node-1\n1: node-2\n2: node-1\n3: node-1\n"
    );
    assert_eq!(
        out(&t.root("srun -N2 -n4 --distribution=block:cyclic -l hostname")).1,
        "0: node-1\n1: node-1\n2: node-1\n3: node-2\n"
    );
    assert_eq!(
        out(&t.root("srun -N2 --ntasks-per-node=2 -m cyclic -l hostname")).1,
        "0: node-1\n1: node-2\n2: node-1\n3: node-2\n"
    );
    assert_eq!(
        out(&t.root("srun -m round hostname")),
        (
            255,
            String::new(),
            "srun: error: Invalid --distribution specification\n".to_owned()
        )
    );
    // The job's -m reaches its steps through SLURM_DISTRIBUTION.
    let (_, written) = super::job_shell::run(
        &mut t,
        "#!/bin/bash\n#SBATCH -N2 -n4 -m cyclic:*\necho $SLURM_DISTRIBUTION\nsrun -l hostname\n",
        10,
    );
    assert_eq!(
        written,
        "cyclic:cyclic\n0: node-1\n1: node-2\n2: node-1\n3: node-1\n"
    );
    // A plane's size with it, as SLURM_DIST_PLANESIZE.
    let (_, written) = super::job_shell::run(
        &mut t,
        "#!/bin/bash\n#SBATCH -N2 -n4 -m plane=2\necho $SLURM_DISTRIBUTION $SLURM_DIST_PLANESIZE\n",
        10,
    );
    assert_eq!(written, "plane 2\n");
}
