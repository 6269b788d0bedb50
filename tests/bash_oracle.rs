//! The shell's bash against the real one. Each line of `tests/bash/lines.txt`
//! runs as `bash -c LINE` twice: in this machine's bash, in a directory of
//! its own, and in the simulated shell; both must show the same on standard
//! output and on standard error, with the same status. The lines are
//! bash's own (scripts, builtins, expansions, syntax errors), so they
//! compare with Debian 12's bash 5.2 only: on a machine without it the test
//! says so and compares nothing. The lines that call `awk` compare with
//! Debian's default awk, mawk 1.3.4; where `awk` is another (gawk, once
//! installed, takes the name over) the test says so and leaves them out.
#![cfg(not(target_arch = "wasm32"))]

use std::process::Command;

use gpu_book::sim::slurm::shell::{NoCommands, Origin, Shell, Stream};

/// 2023-11-14 22:13:20 UTC.
const T0: u64 = 1_700_000_000;

/// The lines, without comments and blank lines.
fn lines() -> Vec<&'static str> {
    include_str!("bash/lines.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect()
}

/// What the machine's bash answers, if it is bash 5.2.
fn real_bash_version() -> Option<String> {
    let out = Command::new("bash").arg("--version").output().ok()?;
    let first = String::from_utf8_lossy(&out.stdout)
        .lines()
        .next()?
        .to_owned();
    first.starts_with("GNU bash, version 5.2.").then_some(first)
}

/// Whether the machine's `awk` is mawk 1.3.4, the one the awk lines match.
fn awk_is_mawk() -> bool {
    Command::new("awk")
        .args(["-W", "version"])
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).starts_with("mawk 1.3.4"))
}

/// (stdout, stderr, status) of `line` in the real bash, in a fresh
/// directory that is also its home.
fn real(line: &str, n: usize) -> (String, String, i32) {
    let dir = std::env::temp_dir().join(format!("bash-oracle-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory for the line");
    let out = Command::new("bash")
        .arg("-c")
        .arg(line)
        .current_dir(&dir)
        .env_clear()
        .env("PATH", "/usr/local/bin:/usr/bin:/bin")
        .env("HOME", &dir)
        .output()
        .expect("bash runs");
    let _ = std::fs::remove_dir_all(&dir);
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// (stdout, stderr, status) of `line` in the simulated shell, as a `-c`
/// string.
fn simulated(line: &str) -> (String, String, i32) {
    let mut shell = Shell::new("ada", "login1", T0).expect("a shell");
    let out = shell.run_script((line, Origin::command_string("bash")), &mut NoCommands);
    (
        out.text(Stream::Stdout),
        out.text(Stream::Stderr),
        out.status,
    )
}

#[test]
fn each_line_shows_what_bash_shows() {
    let Some(version) = real_bash_version() else {
        eprintln!("bash oracle: this machine has no bash 5.2; nothing compared");
        return;
    };
    let mut lines = lines();
    if !awk_is_mawk() {
        let before = lines.len();
        lines.retain(|line| !line.contains("awk"));
        eprintln!(
            "bash oracle: this machine's awk is not mawk 1.3.4; {} awk lines left out",
            before - lines.len()
        );
    }
    let mut differ = Vec::new();
    for (n, line) in lines.iter().enumerate() {
        let want = real(line, n);
        let got = simulated(line);
        if got != want {
            differ.push(format!(
                "{line}\n  bash:      {want:?}\n  simulated: {got:?}"
            ));
        }
    }
    eprintln!(
        "bash oracle ({version}): {} lines, {} the same",
        lines.len(),
        lines.len() - differ.len()
    );
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}
