//! sreport with no report: the commands it reads, one a line, and the
//! settings they keep for the commands after them, as Slurm 22.05's
//! `sreport.c` (`_get_command`, `_process_command`) runs them.

use super::{Term, out};

/// bob (team-b) 4 CPUs for an hour and alice (team-a) 1 for ten minutes,
/// from midnight; now 03:00. By time used bob comes first, by name alice.
fn scenario() -> Term {
    let mut t = Term::new("2026-11-30T00:00:00");
    t.submit("bob", "~", "sbatch -n 4 --wrap \"sleep 3600\"");
    t.submit("alice", "~", "sbatch -n 1 --wrap \"sleep 600\"");
    t.at("2026-11-30T03:00:00");
    t
}

const TOP: &str = "user top start=2026-11-30 end=2026-11-30T02:00:00";

/// sreport with `options` reading `lines`: status, stdout, stderr and
/// what it would be given before each line it reads from a terminal.
fn reading(t: &mut Term, options: &str, lines: &str) -> (i32, String, String, Option<String>) {
    let done = t.run_reading("root", "/", (&format!("sreport {options}"), lines));
    let (status, stdout, stderr) = out(&done);
    (status, stdout, stderr, done.reading)
}

#[test]
fn settings_hold_for_the_commands_after_them() {
    let mut t = scenario();
    let lines = format!(
        "{TOP}\nsort name\n{TOP}\ntime hours\nparsable2\n{TOP}\nnonparsable\nsort time\n{TOP} TopCount=1\n"
    );
    let (status, stdout, stderr, reading) = reading(&mut t, "-n", &lines);
    assert_eq!((status, stderr.as_str()), (0, ""));
    let bob = "  cluster       bob                          team-b      240        0 \n";
    let alice = "  cluster     alice                          team-a       10        0 \n";
    let hours = "cluster|alice||team-a|0|0\ncluster|bob||team-b|4|0\n";
    let bob_hours = "  cluster       bob                          team-b        4        0 \n";
    assert_eq!(
        stdout,
        format!("{bob}{alice}{alice}{bob}{hours}{bob_hours}")
    );
    // At the end of its input it reads on, its settings made again first.
    let settings = "time Hours\nsort time\nnonparsable\n";
    assert_eq!(reading.as_deref(), Some(settings));
}

#[test]
fn sort_by_name_picks_the_top_users_by_name() {
    let mut t = scenario();
    let (_, stdout, _, _) = reading(&mut t, "-n -P", &format!("sort n\n{TOP} TopCount=1\n"));
    assert_eq!(stdout, "cluster|alice||team-a|10|0\n");
}

#[test]
fn quit_ends_the_commands_and_the_reading() {
    let mut t = scenario();
    for end in ["quit", "exit", "e", "\\q", "QUIT"] {
        let lines = format!("time hours\n{end}\n{TOP}\n");
        assert_eq!(
            reading(&mut t, "", &lines),
            (0, String::new(), String::new(), None),
            "{end}"
        );
    }
    // Still ends it, after saying so.
    let said = "too many arguments for keyword:quit\n".to_owned();
    assert_eq!(
        reading(&mut t, "", "quit now\n"),
        (1, String::new(), said, None)
    );
}

#[test]
fn blank_lines_and_comments_are_no_command() {
    let mut t = scenario();
    let (status, stdout, stderr, reading) = reading(&mut t, "", "\n# a note\n   \n");
    assert_eq!((status, stdout.as_str(), stderr.as_str()), (1, "", ""));
    // A blank line first keeps the status at 1 for the lines after.
    let kept = "\ntime Minutes\nsort time\nnonparsable\n";
    assert_eq!(reading.as_deref(), Some(kept));
    let (status, _, stderr, _) = self::reading(&mut t, "-v", "\nverbose\n\n");
    assert_eq!((status, stderr.as_str()), (1, "no inputno input"));
}

#[test]
fn bang_bang_repeats_the_line_before() {
    let mut t = scenario();
    let (_, stdout, _, _) = reading(&mut t, "-n -P", &format!("{TOP}\n!!\n# skipped\n!!\n"));
    let rows = "cluster|bob||team-b|240|0\ncluster|alice||team-a|10|0\n";
    assert_eq!(stdout, rows.repeat(3));
}

#[test]
fn bad_settings_are_said_without_a_newline_and_change_nothing() {
    let mut t = scenario();
    let lines = format!("time bogus\nsort t\ntime\n{TOP} TopCount=1\n");
    let (status, stdout, stderr, _) = reading(&mut t, "-n", &lines);
    assert_eq!(status, 1, "only the missing value fails");
    assert_eq!(
        stderr,
        "unknown time format bogusunknown timesort format ttoo few arguments for keyword:time\n"
    );
    assert_eq!(
        stdout,
        "  cluster       bob                          team-b      240        0 \n"
    );
}

#[test]
fn quiet_hides_a_report_without_its_name_and_verbose_shows_the_api() {
    let mut t = scenario();
    let (status, _, stderr, _) = reading(&mut t, "", "quiet\nuser\n");
    assert_eq!((status, stderr.as_str()), (1, ""));
    let (status, _, stderr, _) = reading(&mut t, "-Q", "user\n");
    assert_eq!((status, stderr.as_str()), (1, ""));
    let (_, _, stderr, _) = reading(&mut t, "", "user\n");
    assert_eq!(stderr, "too few arguments for keyword:user\n");
    let (_, stdout, _, reading) = reading(&mut t, "", "verbose\nversion\n");
    assert_eq!(
        stdout,
        "slurm-wlm 22.05.8\nslurm_api_version: 2490368, 38.0.0\n"
    );
    assert!(reading.is_some_and(|r| r.ends_with("verbose\n")));
}
