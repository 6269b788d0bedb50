//! What a command gives back: its output as ordered chunks on stdout and
//! stderr, and its exit status; and the text jobs write to their files.

use serde::{Deserialize, Serialize};

use crate::sim::slurm::shell::Change;

/// The stream a chunk of output went to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stream {
    /// Standard output.
    Stdout,
    /// Standard error.
    Stderr,
}

/// The output of one command: chunks in the order the real tool writes
/// them (adjacent chunks on one stream are merged), and the exit status.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CommandOutput {
    /// The chunks, in order.
    pub chunks: Vec<(Stream, String)>,
    /// The exit status, as the shell's `$?` shows it (0 to 255).
    pub exit: i32,
    /// An allocation `salloc` granted with no command: the caller opens a
    /// shell that holds it until `exit` ([`Cluster::relinquish`]).
    ///
    /// [`Cluster::relinquish`]: crate::sim::slurm::cluster::Cluster::relinquish
    #[serde(default)]
    pub hold: Option<u32>,
    /// It read its input through without `quit` (`scontrol` with no
    /// command) and would read more lines from a terminal, each after
    /// this input: the settings its lines made (sreport's `time
    /// percent`), as lines that make them again and print nothing.
    #[serde(default)]
    pub reading: Option<String>,
    /// An interactive step (`srun --pty bash`): the caller's shell becomes
    /// it until `exit` ([`Cluster::end_pty`]). Boxed: every command's
    /// output carries the field, and errors travel as outputs.
    ///
    /// [`Cluster::end_pty`]: crate::sim::slurm::cluster::Cluster::end_pty
    #[serde(default)]
    pub pty: Option<Box<Pty>>,
}

/// The shell of an interactive step: job, step, the node it runs on and
/// its environment; `own` when the step's `srun` made the job itself.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pty {
    /// The job.
    pub job: u32,
    /// The step's number.
    pub step: u32,
    /// Whether srun made the job for it (ending it ends the job).
    pub own: bool,
    /// The node the shell runs on.
    pub host: String,
    /// Its shell's process id (0: none given, in a session saved before
    /// it was kept).
    #[serde(default)]
    pub pid: u32,
    /// The step's variables.
    pub env: Vec<(String, String)>,
    /// The GPUs its cgroup lets it see on its node, as a mask (`None`: not
    /// fenced, `ConstrainDevices` off).
    #[serde(default)]
    pub gpus: Option<u64>,
    /// The CPUs its shell may run on (`nproc`); 0 when not known, as in
    /// a session saved before they were kept (a `u32` keeps the command
    /// output that carries it small).
    #[serde(default)]
    pub cpus: u32,
}

impl CommandOutput {
    /// Appends text to a stream, merging with the last chunk when it went
    /// to the same stream.
    pub fn push(&mut self, stream: Stream, text: &str) {
        if text.is_empty() {
            return;
        }
        match self.chunks.last_mut() {
            Some((last, chunk)) if *last == stream => chunk.push_str(text),
            _ => self.chunks.push((stream, text.to_owned())),
        }
    }

    /// Appends text to stdout.
    pub fn out(&mut self, text: &str) {
        self.push(Stream::Stdout, text);
    }

    /// Appends text to stderr.
    pub fn err(&mut self, text: &str) {
        self.push(Stream::Stderr, text);
    }

    /// Appends a line (text and a newline) to stdout.
    pub fn out_line(&mut self, line: &str) {
        self.out(line);
        self.out("\n");
    }

    /// Appends a line (text and a newline) to stderr.
    pub fn err_line(&mut self, line: &str) {
        self.err(line);
        self.err("\n");
    }

    /// Everything written to one stream, concatenated.
    pub fn text(&self, stream: Stream) -> String {
        self.chunks
            .iter()
            .filter(|(s, _)| *s == stream)
            .map(|(_, t)| t.as_str())
            .collect()
    }

    /// Both streams interleaved as a terminal shows them.
    pub fn transcript(&self) -> String {
        self.chunks.iter().map(|(_, t)| t.as_str()).collect()
    }

    /// An output with only `text` on stderr and the given status.
    pub(crate) fn failure(text: &str, exit: i32) -> Self {
        let mut out = Self::default();
        out.err(text);
        out.exit = exit;
        out
    }
}

/// Text a job wrote to a file (its `slurm-%j.out` or `--output`, or any
/// file or directory its script made), for the
/// caller to apply to its filesystem ([`crate::sim::slurm::cluster::Cluster::drain_file_writes`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileWrite {
    /// The absolute path.
    pub path: String,
    /// The text to add.
    pub text: String,
    /// Whether the file starts empty first (a job's first write of a run:
    /// Slurm opens the output without `--open-mode=append`).
    pub truncate: bool,
    /// Whether `path` is a directory the job made (`text` is empty).
    #[serde(default)]
    pub dir: bool,
}

impl From<Change> for FileWrite {
    /// A file or directory a job's shell made, written whole.
    fn from(change: Change) -> Self {
        match change {
            Change::Dir(path) => FileWrite {
                path,
                text: String::new(),
                truncate: false,
                dir: true,
            },
            Change::File(path, text) => FileWrite {
                path,
                text,
                truncate: true,
                dir: false,
            },
        }
    }
}
