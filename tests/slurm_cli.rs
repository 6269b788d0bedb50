//! The `slurm-shell` program: command lines on stdin, the simulated
//! cluster's answers on stdout and stderr, the last status as exit code.
#![cfg(not(target_arch = "wasm32"))]

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `slurm-shell` with `args`, feeding `input`; (stdout, stderr, code).
fn run(args: &[&str], input: &str) -> (String, String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_slurm-shell"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("slurm-shell starts");
    // A refused `--conf` ends the program before it reads a line, so the
    // pipe may close under the write: the input was not needed then.
    let written = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes());
    if let Err(e) = written {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "writes: {e}");
    }
    let out = child.wait_with_output().expect("finishes");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn answers_like_slurm_and_bash_on_the_right_streams() {
    let (out, err, code) = run(&[], "sinfo\nsbatch --wrap 'sleep 5'\nsinfoo\n");
    assert!(out.starts_with(
        "PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST\ngpu*         up 7-00:00:00      4   idle node-[1-4]\n"
    ));
    assert!(out.contains("Submitted batch job 1\n"));
    assert_eq!(err, "bash: sinfoo: command not found\n");
    assert_eq!(code, 127, "the last command's status");
}

#[test]
fn an_instructors_slurm_conf_is_read_and_its_errors_named() {
    let dir = std::env::temp_dir().join(format!("slurm-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let good = dir.join("good.conf");
    std::fs::write(
        &good,
        "ClusterName=lab\nNodeName=gpu-[01-16] CPUs=64 RealMemory=512000 Gres=gpu:8\nPartitionName=batch Nodes=gpu-[01-16] Default=YES MaxTime=2-00:00:00\n",
    )
    .expect("writes");
    let (out, _, code) = run(&["--conf", &good.to_string_lossy()], "sinfo -s\n");
    assert_eq!(code, 0);
    assert!(out.contains("batch*"), "{out}");
    assert!(out.contains("gpu-[01-16]"), "{out}");
    // A cgroup.conf beside it fences steps in to their GPUs, once
    // slurm.conf asks for task/cgroup; a broken one is named.
    let fenced = dir.join("fenced");
    std::fs::create_dir_all(&fenced).expect("temp dir");
    let conf = std::fs::read_to_string(&good).expect("reads");
    std::fs::write(
        fenced.join("slurm.conf"),
        format!("{conf}TaskPlugin=task/cgroup\n"),
    )
    .expect("writes");
    let fenced_conf = fenced.join("slurm.conf").to_string_lossy().into_owned();
    let line = "srun --gres=gpu:1 nvidia-smi -L | wc -l\n";
    assert_eq!(run(&["--conf", &fenced_conf], line).0, "8\n");
    std::fs::write(fenced.join("cgroup.conf"), "ConstrainDevices=yes\n").expect("writes");
    assert_eq!(run(&["--conf", &fenced_conf], line).0, "1\n");
    std::fs::write(fenced.join("cgroup.conf"), "ConstrainGPUs=yes\n").expect("writes");
    let (_, err, code) = run(&["--conf", &fenced_conf], line);
    assert_eq!(code, 2);
    assert!(
        err.contains(
            "cgroup.conf:\nerror: line 1: Parsing error at unrecognized key: ConstrainGPUs"
        ),
        "{err}"
    );
    let bad = dir.join("bad.conf");
    std::fs::write(&bad, "NodeName=n1 CPUs=lots\nFrobnicate=1\n").expect("writes");
    let (_, err, code) = run(&["--conf", &bad.to_string_lossy()], "");
    assert_eq!(code, 2);
    assert!(err.contains("ClusterName needs to be specified"), "{err}");
    assert!(err.contains("CPUs"), "{err}");
    assert!(err.contains("Frobnicate"), "{err}");
    let (_, err, code) = run(&["--seed", "x"], "");
    assert_eq!(
        (code, err.trim()),
        (2, "slurm-shell: --seed takes a number, not x")
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn user_logs_in_someone_else_and_help_says_so() {
    let drain = "scontrol update NodeName=node-3 State=DRAIN Reason=fan\nsinfo -R -h -o %u\n";
    let (out, err, code) = run(&["--user", "root"], &format!("whoami\n{drain}"));
    assert_eq!((out.as_str(), err.as_str(), code), ("root\nroot\n", "", 0));
    let (_, err, code) = run(&[], drain);
    assert_eq!(
        (err.as_str(), code),
        ("slurm_update error: Access/permission denied\n", 0),
        "alice needs sudo"
    );
    let (_, err, code) = run(&["--user", "mallory"], "sbatch --wrap 'sleep 5'\n");
    assert_eq!(
        (err.as_str(), code),
        (
            "sbatch: error: Batch job submission failed: Invalid user id\n",
            1
        )
    );
    let (_, err, code) = run(&["--user", "a b"], "");
    assert_eq!(
        (err.trim(), code),
        ("slurm-shell: --user a b: invalid user name \"a b\"", 2)
    );
    let (out, _, code) = run(&["--help"], "");
    assert_eq!(code, 0);
    assert!(out.contains("--user NAME"), "{out}");
}

/// `srun --pty bash` and `scontrol` alone take the lines after them, as
/// they take the rest of a script bash reads.
#[test]
fn srun_pty_and_scontrol_read_the_lines_that_follow() {
    let input = "srun --pty --gres=gpu:1 bash\nhostname; echo $CUDA_VISIBLE_DEVICES\nexit 2\n\
                 scontrol\nshow partition debug\nquit\nhostname\n";
    let (out, err, code) = run(&[], input);
    assert!(out.starts_with("node-1\n0\nPartitionName=debug\n"), "{out}");
    assert!(out.ends_with("\nlogin1\n"), "{out}");
    assert_eq!(
        (err.as_str(), code),
        (
            "exit\nsrun: error: node-1: task 0: Exited with exit code 2\n",
            0
        )
    );
    let (out, _, _) = run(&["--help"], "");
    assert!(out.contains("srun --pty bash"), "{out}");
}

/// An instructor's check of a hand-in: a lab solved on the seed given and
/// an exercise answered right verify; the same file against another seed,
/// or edited to claim more, does not; a file that is not a progress
/// document is refused with why.
#[test]
fn verify_replays_a_hand_in() {
    use gpu_book::book::exercise::ExerciseBody;
    use gpu_book::book::{Library, SOURCE_LANG, Sources};
    use gpu_book::progress::{Answer, ExerciseProgress, LabProgress, Progress};
    use gpu_book::sim::slurm::lab::{Lab, LabId};
    use gpu_book::sim::slurm::session::Event;

    let sources = Sources::from_dir(std::path::Path::new(env!("CARGO_MANIFEST_DIR")));
    let library = Library::new(sources.expect("the book's sources"));
    let (id, right) = library
        .exercises(SOURCE_LANG)
        .into_iter()
        .find_map(|(_, e)| match e.body {
            ExerciseBody::Choice(options) => Some((e.id, options.iter().position(|o| o.correct)?)),
            _ => None,
        })
        .expect("the book has a multiple-choice exercise");
    let (lab, _) = Lab::open(LabId::FallenOffTheBus, 6).expect("opens");
    let mut saved = LabProgress::new(6);
    saved.goals = 4;
    saved.log = [
        format!("ssh {} nvidia-smi", lab.culprit),
        format!(
            "scontrol update NodeName={} State=DRAIN Reason=xid79",
            lab.culprit
        ),
        format!("scontrol requeue {}", lab.job_id),
        "sleep 180".to_owned(),
    ]
    .map(Event::Line)
    .into();
    let mut progress = Progress::default();
    progress
        .labs
        .insert(LabId::FallenOffTheBus.slug().into(), saved);
    let mut exercise = ExerciseProgress::default();
    exercise.checked(true, Answer::Choice(right));
    progress.exercises.insert(id.clone(), exercise);

    let dir = std::env::temp_dir().join(format!("slurm-verify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("hand-in.txt");
    std::fs::write(&file, progress.to_text()).expect("writes");
    let path = file.to_string_lossy().into_owned();

    let (out, _, code) = run(&["--verify", &path, "--seed", "6"], "");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("lab fallen-off-the-bus: seed 6, 4 of 4 goals met"),
        "{out}"
    );
    assert!(out.contains(&format!("exercise {id} (")), "{out}");
    assert!(out.ends_with(": verified\n"), "{out}");

    let (out, _, code) = run(&["--verify", &path, "--seed", "7"], "");
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("not on the seed given (7)"), "{out}");

    // Claims edited in by hand: a right answer that is wrong.
    let forged = progress.to_text().replace(
        &format!("answer=choice:{right}"),
        &format!("answer=choice:{}", right + 1),
    );
    std::fs::write(&file, forged).expect("writes");
    let (out, _, code) = run(&["--verify", &path], "");
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAILED: claimed right, but option"), "{out}");

    std::fs::write(&file, "{\"progress\": 1}").expect("writes");
    let (_, err, code) = run(&["--verify", &path], "");
    assert_eq!(code, 2);
    assert!(
        err.contains(
            "not a progress document: line 1: not the header \"gpu-book-progress 2\": \"{\\\"progress\\\": 1}\""
        ),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).expect("clean up");
}
