//! Tests of the cluster: the reference transcripts replayed (`golden`),
//! scheduling and job lifecycles (`scheduling`), commands and their
//! mistakes (`commands`), the accounting tools (`accounting`) and changes to
//! their database (`account_changes`), determinism and random inputs (`props`).

use std::collections::BTreeMap;

use super::clock::parse_iso;
use super::script::words;
use super::*;

mod account_changes;
mod accounting;
mod commands;
mod cpu_layout;
mod golden;
mod job_shell;
mod long_formats;
mod parallel_steps;
mod priority_changes;
#[cfg(not(target_arch = "wasm32"))]
mod props;
mod scheduling;
mod scontrol_jobs;
mod script_options;
mod squeue_verbose;
mod sreport;
mod sreport_jobs;
mod sreport_session;
mod step_usage;
mod transcripts;

/// A command's exit status, stdout and stderr.
pub(super) fn out(o: &CommandOutput) -> (i32, String, String) {
    (o.exit, o.text(Stream::Stdout), o.text(Stream::Stderr))
}

/// Success with `text` on stdout.
pub(super) fn ok(text: &str) -> (i32, String, String) {
    (0, text.to_owned(), String::new())
}

/// Exit status 1 with `text` on stderr.
pub(super) fn failed(text: &str) -> (i32, String, String) {
    (1, String::new(), text.to_owned())
}

/// A terminal on a cluster: files that sbatch may read, commands run as a
/// user in a directory.
pub(super) struct Term {
    pub(super) c: Cluster,
    pub(super) files: BTreeMap<String, String>,
}

impl Term {
    /// The reference cluster at an ISO time, seed 7.
    pub(super) fn new(at: &str) -> Self {
        let epoch = parse_iso(at).unwrap_or_else(|| panic!("bad time {at}"));
        let c = Cluster::reference(epoch, 7).unwrap_or_else(|e| panic!("{e}"));
        Self {
            c,
            files: BTreeMap::new(),
        }
    }

    /// The reference cluster with `from` replaced by `to` in its
    /// slurm.conf, at 2027-01-15 08:00 UTC, seed 1.
    pub(super) fn with_conf(from: &str, to: &str) -> Self {
        let conf = crate::sim::slurm::conf::REFERENCE_CONF.replace(from, to);
        let config =
            crate::sim::slurm::conf::ClusterConfig::parse(&conf).unwrap_or_else(|e| panic!("{e}"));
        let accounts = Accounts::reference().unwrap_or_else(|e| panic!("{e}"));
        let c = Cluster::new(config, accounts, 1_800_000_000, 1).unwrap_or_else(|e| panic!("{e}"));
        Self {
            c,
            files: BTreeMap::new(),
        }
    }

    /// Puts a file where sbatch can read it.
    pub(super) fn file(&mut self, path: &str, text: &str) {
        self.files.insert(path.to_owned(), text.to_owned());
    }

    /// Runs a command line as `user` in `cwd` (`~` is the user's home).
    pub(super) fn run_as(&mut self, user: &str, cwd: &str, line: &str) -> CommandOutput {
        self.run_reading(user, cwd, (line, ""))
    }

    /// [`Term::run_as`] with `stdin` as the command's input.
    pub(super) fn run_reading(
        &mut self,
        user: &str,
        cwd: &str,
        (line, stdin): (&str, &str),
    ) -> CommandOutput {
        let home = self
            .c
            .user(user)
            .map_or_else(|| "/".to_owned(), |u| u.home.clone());
        let cwd = if cwd == "~" { home } else { cwd.to_owned() };
        let argv = words(line);
        let files = self.files.clone();
        let dir = cwd.clone();
        let read = move |p: &str| {
            let full = if p.starts_with('/') {
                p.to_owned()
            } else {
                format!("{dir}/{p}")
            };
            files.get(&full).cloned()
        };
        let mut programs = NoPrograms;
        let mut caller = Caller {
            user,
            cwd: &cwd,
            host: "vm",
            files: &read,
            env: None,
            programs: &mut programs,
        };
        self.c.exec_as(&argv, stdin, &mut caller)
    }

    /// Runs a command line as root in the transcripts' directory.
    pub(super) fn root(&mut self, line: &str) -> CommandOutput {
        self.run_as("root", "/srv/cluster/work", line)
    }

    /// Moves the clock to an absolute time (never backwards).
    pub(super) fn at(&mut self, when: &str) {
        let t = parse_iso(when).unwrap_or_else(|| panic!("bad time {when}"));
        let now = self.c.now();
        self.c.advance(u64::try_from(t - now).unwrap_or(0));
    }

    /// Submits and fails the test on a refusal; returns the job id.
    pub(super) fn submit(&mut self, user: &str, cwd: &str, line: &str) -> u32 {
        let out = self.run_as(user, cwd, line);
        assert_eq!(out.exit, 0, "{line}: {}", out.transcript());
        let text = out.text(Stream::Stdout);
        text.trim()
            .rsplit(' ')
            .next()
            .and_then(|id| id.parse().ok())
            .unwrap_or_else(|| panic!("{line}: {text}"))
    }
}
