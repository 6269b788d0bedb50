//! A batch job's output files as slurmstepd opens them: a directory
//! missing from `--output` or `--error` fails the launch before the script
//! runs (`FAILED`, `JobLaunchFailure`, `0:53`), the mistake of writing
//! logs to a directory not yet made.

use super::tests::{chapter, printed};

#[test]
fn a_missing_log_directory_fails_the_launch_and_runs_nothing() {
    let mut s = chapter();
    for line in [
        "#!/bin/bash",
        "#SBATCH -o logs/%x-%j.out",
        "touch ran",
        "echo hi",
    ] {
        printed(&mut s, &format!("echo '{line}' >> job.sh"));
    }
    assert_eq!(printed(&mut s, "sbatch job.sh"), "Submitted batch job 1\n");
    printed(&mut s, "sleep 5");
    assert_eq!(printed(&mut s, "ls"), "job.sh\n");
    assert_eq!(
        printed(&mut s, "sacct -n -P -j 1 -o JobID,State,ExitCode"),
        "1|FAILED|0:53\n1.batch|FAILED|0:53\n"
    );
    let shown = printed(&mut s, "scontrol show job 1");
    assert!(
        shown.contains("JobState=FAILED Reason=JobLaunchFailure")
            && shown.contains("ExitCode=0:53"),
        "{shown}"
    );
    // Made, the same script runs.
    printed(&mut s, "mkdir logs; sbatch job.sh; sleep 5");
    assert_eq!(
        printed(&mut s, "cat logs/job.sh-2.out; ls ran"),
        "hi\nran\n"
    );
    // Standard output opens first: it is made before the error file fails.
    printed(
        &mut s,
        "sbatch -o out.txt -e nowhere/err.txt --wrap 'echo hi'; sleep 5",
    );
    assert_eq!(
        printed(&mut s, "cat out.txt; sacct -n -X -j 3 -o State"),
        "    FAILED \n"
    );
}
