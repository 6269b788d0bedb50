//! squeue's `-v` (its options, the date and the records slurmctld sent
//! before the table) and `-t` with the special-exit flag.

use super::*;

#[test]
fn verbose_prints_the_options_then_the_records_counted() {
    let mut t = Term::new("2026-11-30T03:30:00");
    t.submit("alice", "~", "sbatch --wrap \"sleep 600\"");
    t.submit("bob", "~", "sbatch --wrap \"sleep 600\"");
    let out = t.run_as("alice", "~", "squeue -v --me -p gpu");
    let text = out.text(Stream::Stdout);
    let (dump, rest) = text
        .split_once("-----------------------------\n\n\n")
        .unwrap_or_else(|| panic!("{text}"));
    let lines: Vec<&str> = dump.lines().collect();
    assert_eq!(lines.first(), Some(&"-----------------------------"));
    for line in [
        "all         = true",
        "format      = (null)",
        "partitions  = gpu",
        "sibling      = false",
        "users       = 1001",
        "verbose     = 1",
    ] {
        assert!(lines.contains(&line), "{line} in {dump}");
    }
    assert_eq!(lines.len(), 23, "{dump}");
    // One user asked for: slurmctld sends that user's jobs, time 0.
    let mut rest = rest.lines();
    assert_eq!(rest.next(), Some("Mon Nov 30 03:30:00 2026"));
    assert_eq!(rest.next(), Some("last_update_time=0 records=1"));
    assert!(rest.next().is_some_and(|h| h.contains("JOBID")));
    // -vv lists what the options were read into.
    let out = t.run_as("alice", "~", "squeue -vv -t PD,r -n x");
    let text = out.text(Stream::Stdout);
    for line in [
        "state_list[0] = PENDING",
        "state_list[1] = RUNNING",
        "name_list[0] = 120",
        "verbose     = 2",
    ] {
        assert!(text.contains(&format!("{line}\n")), "{line} in {text}");
    }
    assert!(
        text.contains(&format!("last_update_time={} records=2\n", t.c.now())),
        "{text}"
    );
}

#[test]
fn the_special_exit_flag_is_its_own_state_for_t() {
    let mut t = Term::new("2026-11-30T03:30:00");
    t.submit("alice", "~", "sbatch --wrap \"sleep 600\"");
    t.submit("alice", "~", "sbatch --wrap \"sleep 600\"");
    t.c.advance(1);
    assert_eq!(t.root("scontrol requeue State=SpecialExit 1").exit, 0);
    let ids = |t: &mut Term, states: &str| {
        let out = t.root(&format!("squeue -h -o %i -t {states}"));
        out.text(Stream::Stdout)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(",")
    };
    assert_eq!(ids(&mut t, "SE"), "1");
    // A flagged job is no longer plain PENDING.
    assert_eq!(ids(&mut t, "PD"), "");
    assert_eq!(ids(&mut t, "special_exit,R"), "2,1");
}
