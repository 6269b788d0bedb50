//! The mock Slurm shell on the command line: reads command lines on stdin
//! and prints what the book's terminal would, so anyone can script the
//! simulated cluster (and tests can drive it).
//!
//! ```sh
//! printf 'sinfo\nsbatch --wrap "sleep 60"\nsqueue\n' | cargo run --bin slurm-shell
//! cargo run --bin slurm-shell -- --conf my-slurm.conf --seed 7 < commands.txt
//! cargo run --bin slurm-shell -- --lab the-slow-lane < commands.txt
//! ```
//!
//! Without `--conf` the cluster is the reference one (`node-[1-4]`);
//! `--lab` opens a lab's prepared cluster instead.
//! Standard output and error go to this program's own; the exit status is
//! the last command's.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use gpu_book::sim::slurm::conf::ClusterConfig;
use gpu_book::sim::slurm::lab::{Lab, LabId};
use gpu_book::sim::slurm::session::Session;
use gpu_book::sim::slurm::shell::Stream;

const USAGE: &str = "usage: slurm-shell [--conf slurm.conf | --lab fallen-off-the-bus|the-slow-lane] [--seed N] < commands";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut conf = None;
    let mut lab = None;
    let mut seed = 2205;
    let mut i = 0;
    while i < args.len() {
        match (args[i].as_str(), args.get(i + 1)) {
            ("--conf", Some(path)) => conf = Some(path.clone()),
            ("--lab", Some(name)) => match LabId::from_slug(name) {
                Some(id) => lab = Some(id),
                None => return fail(&format!("slurm-shell: no lab called {name}\n{USAGE}")),
            },
            ("--seed", Some(n)) => match n.parse() {
                Ok(n) => seed = n,
                Err(_) => return fail(&format!("slurm-shell: --seed takes a number, not {n}")),
            },
            ("-h" | "--help", _) => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            _ => return fail(USAGE),
        }
        i += 2;
    }
    let session = match (conf, lab) {
        (Some(_), Some(_)) => return fail(USAGE),
        (None, Some(id)) => match Lab::open(id, seed) {
            Ok((_, session)) => Ok(session),
            Err(e) => return fail(&format!("slurm-shell: {e}")),
        },
        (None, None) => Session::reference(seed),
        (Some(path), None) => {
            let text = match std::fs::read_to_string(&path) {
                Ok(text) => text,
                Err(e) => return fail(&format!("slurm-shell: {path}: {e}")),
            };
            match ClusterConfig::parse(&text) {
                Ok(config) => Session::with_config(config, seed),
                Err(errors) => return fail(&format!("{path}:\n{errors}")),
            }
        }
    };
    let mut session = match session {
        Ok(s) => s,
        Err(e) => return fail(&format!("slurm-shell: {e}")),
    };
    let (mut out, mut err) = (std::io::stdout().lock(), std::io::stderr().lock());
    let mut status = 0;
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let outcome = session.run_line(&line);
        for chunk in &outcome.output {
            let written = match chunk.stream {
                Stream::Stdout => out.write_all(chunk.text.as_bytes()),
                Stream::Stderr => err.write_all(chunk.text.as_bytes()),
            };
            if written.is_err() {
                return ExitCode::FAILURE;
            }
        }
        status = outcome.status;
    }
    let _ = out.flush();
    ExitCode::from(u8::try_from(status & 0xff).unwrap_or(1))
}

fn fail(message: &str) -> ExitCode {
    eprintln!("{message}");
    ExitCode::from(2)
}
