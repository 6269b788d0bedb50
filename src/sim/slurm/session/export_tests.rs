//! The submitting shell's environment in jobs (`--export`), from the
//! prompt as a learner types it.

use super::Session;
use super::tests::{printed, session};

/// Runs the lines, then prints job `id`'s output file once it ran.
fn job_output(s: &mut Session, lines: &[&str], id: u32) -> String {
    for line in lines {
        s.submit(line);
    }
    s.submit("sleep 30");
    printed(s, &format!("cat slurm-{id}.out"))
}

const CUDA_PATH: &str = "/usr/local/cuda-12.4/bin:/usr/local/bin:/usr/bin:/bin";

/// The PATH bash gives itself when it inherits none.
const BASH_PATH: &str = "/usr/local/bin:/usr/local/sbin:/usr/bin:/usr/sbin:/bin:/sbin:.";

#[test]
fn steps_and_salloc_get_the_exported_variables() {
    let mut s = session();
    s.submit("module load cuda; export FOO=1; BAR=2");
    let step = printed(
        &mut s,
        "srun -N2 bash -c 'echo $PATH $FOO.$BAR.$SLURM_PROCID'",
    );
    assert_eq!(step, format!("{CUDA_PATH} 1..0\n{CUDA_PATH} 1..1\n"));
    let held = printed(&mut s, "salloc -N1 bash -c 'echo $CUDA_HOME $FOO.$BAR'");
    assert!(held.contains("\n/usr/local/cuda-12.4 1.\n"), "{held}");
    // The shell's programs run as steps too, with the same environment.
    assert_eq!(printed(&mut s, "srun -N2 printenv FOO"), "1\n1\n");
    let none = printed(&mut s, "srun --export=NONE /bin/bash -c 'printenv FOO'");
    assert_eq!(
        none,
        "srun: error: node-1: task 0: Exited with exit code 1\n"
    );
    // Slurm's variables win over the caller's.
    s.submit("export SLURM_PROCID=9 SLURMD_NODENAME=x");
    let step = printed(&mut s, "srun bash -c 'echo $SLURM_PROCID $SLURMD_NODENAME'");
    assert_eq!(step, "0 node-1\n");
}

#[test]
fn a_batch_script_keeps_the_environment_it_was_submitted_with() {
    let mut s = session();
    let lines = [
        "module load cuda; export FOO=1; unset LANG",
        "sbatch --wrap 'echo $PATH $FOO ${LANG-none} $HOME'",
        "FOO=2; module unload cuda",
    ];
    let out = job_output(&mut s, &lines, 1);
    assert_eq!(out, format!("{CUDA_PATH} 1 none /home/alice\n"));
    // A module the script loads reaches its steps.
    let lines = [
        "cat > job.sh <<'EOF'",
        "#!/bin/bash",
        "module load cuda",
        "srun bash -c 'echo $PATH $FOO'",
        "srun printenv CUDA_HOME",
        "EOF",
        "sbatch job.sh",
    ];
    let out = job_output(&mut s, &lines, 2);
    assert_eq!(out, format!("{CUDA_PATH} 2\n/usr/local/cuda-12.4\n"));
}

#[test]
fn export_none_leaves_the_login_environment_and_steps_bare() {
    let mut s = session();
    let lines = [
        "module load cuda; export FOO=1",
        "cat > job.sh <<'EOF'",
        "#!/bin/bash",
        "#SBATCH --export=NONE",
        "echo $PATH ${FOO-unset} $SLURM_EXPORT_ENV $SLURM_GET_USER_ENV",
        // The script's sruns pass no PATH either: slurmstepd finds only
        // a path, and bash then gives itself its own PATH, unexported.
        "srun bash -c 'echo step'",
        "srun /bin/bash -c 'echo step $PATH; printenv PATH || echo none'",
        "export SLURM_EXPORT_ENV=ALL",
        "srun bash -c 'echo step $PATH'",
        "EOF",
        "sbatch job.sh",
    ];
    assert_eq!(
        job_output(&mut s, &lines, 1),
        format!(
            "/usr/local/bin:/usr/bin:/bin unset NONE 1\n\
             slurmstepd-node-1: error: execve(): bash: No such file or directory\n\
             srun: error: node-1: task 0: Exited with exit code 2\n\
             step {BASH_PATH}\nnone\nstep /usr/local/bin:/usr/bin:/bin\n"
        )
    );
    // The command line wins over the script's line, SBATCH_EXPORT between.
    let lines = [
        "SBATCH_EXPORT=ALL sbatch job.sh",
        "SBATCH_EXPORT=NONE sbatch --export=FOO,X=3 job.sh",
    ];
    let out = job_output(&mut s, &lines, 2);
    assert!(out.starts_with(&format!("{CUDA_PATH} 1\n")), "{out}");
    let out = printed(&mut s, "cat slurm-3.out");
    assert!(
        out.starts_with("/usr/local/bin:/usr/bin:/bin 1 FOO,X=3 1\n"),
        "{out}"
    );
}

#[test]
fn srun_passes_only_what_its_export_names() {
    let mut s = session();
    s.submit("export FOO=1 BAR=2");
    let line = "/bin/bash -c 'printenv PATH FOO BAR; echo $SLURM_JOB_ID'";
    let run = |s: &mut Session, export: &str| printed(s, &format!("srun {export} {line}"));
    assert_eq!(run(&mut s, "--export=NONE"), "1\n");
    assert_eq!(run(&mut s, "--export=FOO,BAR=3"), "1\n3\n2\n");
    assert_eq!(
        run(&mut s, "--export=ALL,BAR=3"),
        "/usr/local/bin:/usr/bin:/bin\n1\n2\n3\n"
    );
    s.submit("export SLURM_EXPORT_ENV=BAR");
    assert_eq!(run(&mut s, ""), "2\n4\n");
    s.submit("export SRUN_EXPORT_ENV=FOO");
    assert_eq!(run(&mut s, ""), "1\n5\n");
    // With no PATH, slurmstepd finds a bare name nowhere.
    assert_eq!(
        printed(&mut s, "srun --export=NONE hostname"),
        "slurmstepd-node-1: error: execve(): hostname: No such file or directory\n\
         srun: error: node-1: task 0: Exited with exit code 2\n"
    );
}

#[test]
fn export_is_an_option_of_sbatch_and_srun_only() {
    let mut s = session();
    let out = printed(&mut s, "salloc --export=NONE true");
    assert_eq!(
        out,
        "salloc: unrecognized option '--export=NONE'\nTry \"salloc --help\" for more information\n"
    );
    let out = printed(&mut s, "srun --export");
    assert!(
        out.starts_with("srun: option '--export' requires an argument\n"),
        "{out}"
    );
    // No value is refused: NIL is a variable's name in 22.05.
    assert_eq!(
        printed(&mut s, "srun --export=NIL /bin/bash -c 'echo ${HOME-none}'"),
        "none\n"
    );
}

#[test]
fn an_interactive_step_starts_with_what_export_passes() {
    let mut s = session();
    s.submit("module load cuda; export FOO=7; BAR=1");
    s.submit("srun --pty bash");
    assert_eq!(
        printed(&mut s, "echo $PATH $FOO [$BAR] $SLURM_JOB_ID"),
        format!("{CUDA_PATH} 7 [] 1\n")
    );
    s.submit("exit");
    // Back on the login node, its own variables are as they were.
    assert_eq!(printed(&mut s, "echo $FOO $BAR"), "7 1\n");
    s.submit("srun --pty --export=NONE /bin/bash");
    assert_eq!(
        printed(
            &mut s,
            "echo [$FOO] [$PATH] $SLURM_JOB_ID $PWD; printenv PATH"
        ),
        format!("[] [{BASH_PATH}] 2 /home/alice\n")
    );
    s.submit("exit");
    s.submit("srun --pty --export=FOO /bin/bash");
    assert_eq!(printed(&mut s, "echo [$FOO] [$HOME]"), "[7] []\n");
    s.submit("exit");
    // With no PATH, slurmstepd cannot find a bare `bash`: no shell opens.
    assert_eq!(
        printed(&mut s, "srun --pty --export=NONE bash"),
        "slurmstepd-node-1: error: execve(): bash: No such file or directory\n\
         srun: error: node-1: task 0: Exited with exit code 2\n"
    );
    assert_eq!(printed(&mut s, "hostname"), "login1\n");
    // With options a step's `hostname` is the shell's: each node's address.
    assert_eq!(
        printed(&mut s, "srun -N2 hostname -I"),
        "10.0.0.1 \n10.0.0.2 \n"
    );
}
