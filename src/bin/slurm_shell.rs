//! The mock Slurm shell on the command line: reads command lines on stdin
//! and prints what the book's terminal would, so anyone can script the
//! simulated cluster (and tests can drive it).
//!
//! ```sh
//! printf 'sinfo\nsbatch --wrap "sleep 60"\nsqueue\n' | cargo run --bin slurm-shell
//! cargo run --bin slurm-shell -- --conf my-slurm.conf --seed 7 < commands.txt
//! cargo run --bin slurm-shell -- --lab the-slow-lane < commands.txt
//! cargo run --bin slurm-shell -- --user root < commands.txt
//! cargo run --bin slurm-shell -- --verify gpu-book-progress.txt --seed 7
//! ```
//!
//! Without `--conf` the cluster is the chapter's (`node-[1-4]`, the
//! reference cluster run under cgroups); with it, a `cgroup.conf` in the
//! same directory is read too, as slurmd reads it;
//! `--lab` opens a lab's prepared cluster instead; `--user` logs in
//! someone other than `alice` (root runs the operator commands itself).
//! Standard output and error go to this program's own; the exit status is
//! the last command's. `--verify` reads a learner's exported progress
//! instead and checks it by replay (`gpu_book::progress::verify`).

use std::io::{BufRead, Write};
use std::process::ExitCode;

use gpu_book::book::{Library, SOURCE_LANG, Sources};
use gpu_book::progress::verify::Verification;
use gpu_book::progress::{MAX_BYTES, Progress};
use gpu_book::sim::slurm::conf::ClusterConfig;
use gpu_book::sim::slurm::lab::{Lab, LabId};
use gpu_book::sim::slurm::session::Session;
use gpu_book::sim::slurm::shell::Stream;

const USAGE: &str = "usage: slurm-shell [--conf slurm.conf | --lab fallen-off-the-bus|the-slow-lane] [--user NAME] [--seed N] < commands
       slurm-shell --verify PROGRESS-FILE [--seed N]";

const HELP: &str = "\
Runs command lines from standard input on a simulated Slurm 22.05 cluster,
printing what the book's terminal prints, on the same streams.

  --conf FILE   the cluster of a slurm.conf, with the cgroup.conf in the
                same directory if there is one (default: the chapter's
                cluster, node-[1-4] with 8 GPUs each, steps fenced in to
                their GPUs by cgroups)
  --lab NAME    a lab's prepared cluster: fallen-off-the-bus or the-slow-lane
  --user NAME   log in as NAME (default alice): root, a user of the
                reference accounts (alice, bob), or anyone else, whom Slurm
                then refuses as it refuses a user without an association
  --seed N      the seed of the simulation's randomness (default 2205);
                with --verify, the lab seed the class was given
                (?lab-seed=N in the lab's address)
  --verify FILE check a learner's exported progress by replaying it:
                per lab the seed, the goals met and the commands it took,
                per exercise whether its answer is right; exits 1 if any
                lab does not reach its goals (or was played on another
                seed than --seed) or any claim does not hold
  -h, --help    this text

Each line is typed as at the book's prompt: `srun --pty bash` moves it to
the job's first node until `exit`, and `scontrol` or `sacctmgr` alone
reads the lines that follow as its own commands until `quit`.

The exit status is the last command's.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut conf = None;
    let mut lab = None;
    let mut user = None;
    let mut seed = None;
    let mut verify = None;
    let mut i = 0;
    while i < args.len() {
        match (args[i].as_str(), args.get(i + 1)) {
            ("--conf", Some(path)) => conf = Some(path.clone()),
            ("--lab", Some(name)) => match LabId::from_slug(name) {
                Some(id) => lab = Some(id),
                None => return fail(&format!("slurm-shell: no lab called {name}\n{USAGE}")),
            },
            ("--user", Some(name)) => user = Some(name.clone()),
            ("--verify", Some(path)) => verify = Some(path.clone()),
            ("--seed", Some(n)) => match n.parse() {
                Ok(n) => seed = Some(n),
                Err(_) => return fail(&format!("slurm-shell: --seed takes a number, not {n}")),
            },
            ("-h" | "--help", _) => {
                println!("{USAGE}\n\n{HELP}");
                return ExitCode::SUCCESS;
            }
            _ => return fail(USAGE),
        }
        i += 2;
    }
    if let Some(path) = verify {
        if conf.is_some() || lab.is_some() || user.is_some() {
            return fail(USAGE);
        }
        return verify_file(&path, seed);
    }
    let seed = seed.unwrap_or(2205);
    let session = match (conf, lab) {
        (Some(_), Some(_)) => return fail(USAGE),
        (None, Some(id)) => match Lab::open(id, seed) {
            Ok((_, session)) => Ok(session),
            Err(e) => return fail(&format!("slurm-shell: {e}")),
        },
        (None, None) => Session::chapter(seed),
        (Some(path), None) => {
            let text = match std::fs::read_to_string(&path) {
                Ok(text) => text,
                Err(e) => return fail(&format!("slurm-shell: {path}: {e}")),
            };
            let config = match ClusterConfig::parse(&text) {
                Ok(config) => config,
                Err(errors) => return fail(&format!("{path}:\n{errors}")),
            };
            let beside = std::path::Path::new(&path).with_file_name("cgroup.conf");
            let config = match std::fs::read_to_string(&beside) {
                Ok(cgroup) => match config.with_cgroup(&cgroup) {
                    Ok(config) => config,
                    Err(errors) => return fail(&format!("{}:\n{errors}", beside.display())),
                },
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => config,
                Err(e) => return fail(&format!("slurm-shell: {}: {e}", beside.display())),
            };
            Session::with_config(config, seed)
        }
    };
    let mut session = match session {
        Ok(s) => s,
        Err(e) => return fail(&format!("slurm-shell: {e}")),
    };
    if let Some(name) = user
        && let Err(e) = session.log_in_as(&name)
    {
        return fail(&format!("slurm-shell: --user {name}: {e}"));
    }
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

/// `--verify`: the report on standard output; 1 if it does not verify,
/// 2 if the file cannot be read.
fn verify_file(path: &str, seed: Option<u64>) -> ExitCode {
    match std::fs::metadata(path) {
        Ok(m) if m.len() > MAX_BYTES => {
            return fail(&format!(
                "slurm-shell: {path}: {} KB is too large for a progress file (at most {} KB)",
                m.len() / 1024,
                MAX_BYTES / 1024
            ));
        }
        _ => {}
    }
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => return fail(&format!("slurm-shell: {path}: {e}")),
    };
    let progress = match Progress::parse(&text) {
        Ok(progress) => progress,
        Err(e) => return fail(&format!("slurm-shell: {path}: {e}")),
    };
    let exercises = match book() {
        Ok(library) => library
            .exercises(SOURCE_LANG)
            .into_iter()
            .map(|(page, e)| (e.id.clone(), (page, e)))
            .collect(),
        Err(e) => return fail(&format!("slurm-shell: cannot read the book: {e}")),
    };
    let report = Verification::of(&progress, &exercises, seed);
    println!("{report}");
    if report.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// The book the exercises are checked against: the one compiled in, or
/// (built without it) the sources beside this crate.
fn book() -> std::io::Result<Library> {
    #[cfg(feature = "embed")]
    let sources = Ok(Sources::embedded());
    #[cfg(not(feature = "embed"))]
    let sources = Sources::from_dir(std::path::Path::new(env!("CARGO_MANIFEST_DIR")));
    sources.map(Library::new)
}

fn fail(message: &str) -> ExitCode {
    eprintln!("{message}");
    ExitCode::from(2)
}
