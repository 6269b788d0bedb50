//! `python` wherever a learner types it: the interpreter a `PATH` finds
//! (Debian's or a module's) answers `--version`, a missing script and a
//! wrong option as CPython does, at the prompt, in a step and in a batch
//! script; a script that is there is the user's work, which runs in a
//! job until its time limit and nowhere else.

use super::tests::{chapter, printed};

#[test]
fn the_path_picks_the_interpreter() {
    let mut s = chapter();
    assert_eq!(printed(&mut s, "python3 --version"), "Python 3.11.2\n");
    assert_eq!(printed(&mut s, "which python"), "/usr/bin/python\n");
    s.submit("module load python/3.10");
    assert_eq!(printed(&mut s, "python -V"), "Python 3.10.14\n");
    assert_eq!(printed(&mut s, "/usr/bin/python3 -V"), "Python 3.11.2\n");
    assert_eq!(
        printed(&mut s, "/bin/python3 x.py"),
        "/bin/python3: can't open file '/home/alice/x.py': [Errno 2] No such file or directory\n"
    );
    // The job inherits the module's PATH, as --export=ALL passes it.
    assert_eq!(printed(&mut s, "srun python --version"), "Python 3.10.14\n");
    assert_eq!(
        printed(&mut s, "PATH=/usr/local/bin python -V"),
        "bash: python: command not found\n"
    );
}

#[test]
fn a_missing_script_fails_as_cpython_says_in_every_task() {
    let mut s = chapter();
    let missing =
        "python: can't open file '/home/alice/train.py': [Errno 2] No such file or directory\n";
    assert_eq!(printed(&mut s, "python train.py"), missing);
    assert_eq!(printed(&mut s, "echo $?"), "2\n");
    assert_eq!(
        printed(&mut s, "srun -n 2 python train.py"),
        format!("{missing}{missing}srun: error: node-1: tasks 0-1: Exited with exit code 2\n")
    );
    assert!(printed(&mut s, "python -Z").starts_with("Unknown option: -Z\nusage: python [option]"));
}

#[test]
fn a_script_that_is_there_runs_in_a_job_until_its_time_limit() {
    let mut s = chapter();
    s.submit("echo 'print(1)' > train.py");
    let said = printed(&mut s, "python train.py");
    assert!(said.contains("only in jobs"), "{said}");
    s.submit(
        "printf '#!/bin/bash\\n#SBATCH -t 2\\npython -V\\npython gone.py; echo rc=$?\\npython train.py\\necho never\\n' > job.sh",
    );
    assert_eq!(printed(&mut s, "sbatch job.sh"), "Submitted batch job 1\n");
    s.submit("sleep 200");
    let out = printed(&mut s, "cat slurm-1.out");
    assert!(
        out.starts_with(
            "Python 3.11.2\npython: can't open file '/home/alice/gone.py': [Errno 2] No such file or directory\nrc=2\n"
        ),
        "{out}"
    );
    assert!(out.contains("DUE TO TIME LIMIT"), "{out}");
    assert!(!out.contains("never"), "{out}");
}
