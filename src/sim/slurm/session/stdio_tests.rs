//! A batch job's output files as slurmstepd opens them: a directory
//! missing from `--output` or `--error` fails the launch before the script
//! runs (`FAILED`, `JobLaunchFailure`, `0:53`), the mistake of writing
//! logs to a directory not yet made.

use super::Session;
use super::tests::chapter;

/// What `line` printed.
fn said(s: &mut Session, line: &str) -> String {
    s.submit(line);
    s.terminal.last_output()
}

#[test]
fn a_missing_log_directory_fails_the_launch_and_runs_nothing() {
    let mut s = chapter();
    for line in [
        "#!/bin/bash",
        "#SBATCH -o logs/%x-%j.out",
        "touch ran",
        "echo hi",
    ] {
        said(&mut s, &format!("echo '{line}' >> job.sh"));
    }
    assert_eq!(said(&mut s, "sbatch job.sh"), "Submitted batch job 1\n");
    said(&mut s, "sleep 5");
    assert_eq!(said(&mut s, "ls"), "job.sh\n");
    assert_eq!(
        said(&mut s, "sacct -n -P -j 1 -o JobID,State,ExitCode"),
        "1|FAILED|0:53\n1.batch|FAILED|0:53\n"
    );
    let shown = said(&mut s, "scontrol show job 1");
    assert!(
        shown.contains("JobState=FAILED Reason=JobLaunchFailure")
            && shown.contains("ExitCode=0:53"),
        "{shown}"
    );
    // Made, the same script runs.
    said(&mut s, "mkdir logs; sbatch job.sh; sleep 5");
    assert_eq!(said(&mut s, "cat logs/job.sh-2.out; ls ran"), "hi\nran\n");
    // Standard output opens first: it is made before the error file fails.
    said(
        &mut s,
        "sbatch -o out.txt -e nowhere/err.txt --wrap 'echo hi'; sleep 5",
    );
    assert_eq!(
        said(&mut s, "cat out.txt; sacct -n -X -j 3 -o State"),
        "    FAILED \n"
    );
}
