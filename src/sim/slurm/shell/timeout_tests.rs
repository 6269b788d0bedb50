//! `timeout` on the simulated clock, and `$?` read where a word has it:
//! what bash 5.2 with GNU coreutils 9.1 prints for the same lines.
#![allow(clippy::unwrap_used)]

use super::*;

/// 2023-11-14 22:13:20 UTC.
const T0: u64 = 1_700_000_000;

/// What a fresh shell shows for `input`, its status, and the seconds the
/// clock moved.
fn run(input: &str) -> (String, i32, u64) {
    // A shell for a valid user name and host cannot fail to start.
    let mut sh = Shell::new("ada", "login1", T0).unwrap();
    let out = sh.run(input, &mut NoCommands);
    (out.transcript(), out.status, sh.now() - T0)
}

#[test]
fn a_command_past_its_limit_is_killed_there() {
    assert_eq!(run("timeout 5 sleep 10"), (String::new(), 124, 5));
    assert_eq!(run("timeout 5 sleep 3"), (String::new(), 0, 3));
    assert_eq!(run("timeout 0 sleep 3"), (String::new(), 0, 3));
    assert_eq!(run("timeout 0.5 sleep 3"), (String::new(), 124, 1));
    assert_eq!(
        run("timeout 1m sleep 2m; echo $?"),
        ("124\n".to_owned(), 0, 60)
    );
    // A script stops where it is killed: its later lines never run.
    assert_eq!(
        run("timeout -v 2 bash -c 'echo a; sleep 5; echo b'"),
        (
            "a\ntimeout: sending signal TERM to command 'bash'\n".to_owned(),
            124,
            2
        )
    );
    assert_eq!(run("timeout --preserve-status 1 sleep 2").1, 143);
    assert_eq!(run("timeout -s KILL 1 sleep 2").1, 137);
    assert_eq!(run("timeout -s usr1 --preserve-status 1 sleep 2").1, 138);
    assert_eq!(
        run("timeout 10 timeout 2 sleep 5; echo $?; timeout 2 timeout 10 sleep 5"),
        ("124\n".to_owned(), 124, 4)
    );
    assert_eq!(run("timeout 1 echo hi"), ("hi\n".to_owned(), 0, 0));
}

#[test]
fn timeout_refuses_as_coreutils_does() {
    let refused =
        |message: &str| format!("timeout: {message}\nTry 'timeout --help' for more information.\n");
    assert_eq!(run("timeout 5").0, refused("missing operand"));
    assert_eq!(run("timeout").1, 125);
    assert_eq!(
        run("timeout 5x sleep 1"),
        (refused("invalid time interval '5x'"), 125, 0)
    );
    assert_eq!(run("timeout -5 sleep 1").1, 125);
    assert_eq!(
        run("timeout -s NOPE 1 sleep 2").0,
        refused("'NOPE': invalid signal")
    );
    assert_eq!(
        run("timeout -k x 1 sleep 2").0,
        refused("invalid time interval 'x'")
    );
    assert_eq!(
        run("timeout 1 nope"),
        (
            "timeout: failed to run command 'nope': No such file or directory\n".to_owned(),
            127,
            0
        )
    );
    // A builtin is no program to run.
    assert_eq!(run("timeout 1 cd /").1, 127);
    assert!(
        run("timeout --help")
            .0
            .starts_with("Usage: timeout [OPTION] DURATION COMMAND")
    );
}

#[test]
fn the_status_reads_where_the_word_has_it() {
    assert_eq!(run("false; echo \"$? $(true) $?\"").0, "1  0\n");
    assert_eq!(run("false; echo $? $(exit 3) $?").0, "1 3\n");
    assert_eq!(run("(exit 3); echo $(( $? + 1 ))").0, "4\n");
}
