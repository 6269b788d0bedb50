//! The recordings of a real Slurm 22.05.8 cluster in `tests/slurm/`, read
//! at test time: dropping a new `.txt` file there adds it to the replay.
//!
//! A file is a run of blocks, each a header, the prompt with the command,
//! the output exactly as printed (both streams in arrival order) and a
//! footer with the exit status and the byte count of each stream:
//!
//! ```text
//! ##### user=root host=vm cwd=/srv/cluster/work time=2026-11-30T03:32:06
//! root@vm# squeue
//! ...output...
//! ##### exit code: 0   (stdout 85 bytes, stderr 0 bytes)
//! ##### stderr| a line that went to stderr   (when both streams printed)
//! ```
//!
//! `##### (all of the above output went to stderr)` marks output that all
//! went to stderr. Blank lines between blocks separate them. The byte
//! counts say which streams printed, not how much: the recorder counted
//! before it rewrote the machine's paths.

use std::path::Path;

/// Where the recordings live, relative to the crate.
const FOLDER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/slurm");

/// Which stream the output went to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Streams {
    /// All of it on stdout (or nothing at all).
    Stdout,
    /// All of it on stderr.
    Stderr,
    /// Both; the lines that went to stderr, in order.
    Mixed(String),
}

/// One recorded command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Block {
    /// The file's name without `.txt`.
    pub(super) file: String,
    /// Its place in the file, from 0.
    pub(super) index: usize,
    pub(super) user: String,
    pub(super) cwd: String,
    /// ISO local time, `2026-11-30T03:32:06`.
    pub(super) time: String,
    pub(super) command: String,
    /// Byte-exact, trailing spaces included.
    pub(super) output: String,
    pub(super) exit: i32,
    pub(super) streams: Streams,
}

impl Block {
    /// The tool it ran: the command's first word.
    pub(super) fn tool(&self) -> &str {
        self.command.split_whitespace().next().unwrap_or("")
    }
}

/// A mistake in a recording, with its file and line.
fn fault(file: &str, line: usize, message: &str) -> String {
    format!("tests/slurm/{file}.txt:{line}: {message}")
}

/// The value of `key=` in a header's words.
fn header_value<'a>(header: &'a str, key: &str) -> Option<&'a str> {
    header
        .split_whitespace()
        .find_map(|w| w.strip_prefix(key)?.strip_prefix('='))
}

/// Reads `##### exit code: 0   (stdout 85 bytes, stderr 0 bytes)`.
fn footer(line: &str) -> Option<(i32, usize, usize)> {
    let rest = line.strip_prefix("##### exit code: ")?;
    let (exit, counts) = rest.split_once('(')?;
    let mut numbers = counts
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(str::parse::<usize>);
    let stdout = numbers.next()?.ok()?;
    let stderr = numbers.next()?.ok()?;
    Some((exit.trim().parse().ok()?, stdout, stderr))
}

/// The blocks of one recording named `file` (without `.txt`).
pub(super) fn parse(file: &str, text: &str) -> Result<Vec<Block>, String> {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut blocks = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let header = lines[i].trim_end_matches('\n');
        if header.trim().is_empty() {
            i += 1;
            continue;
        }
        let number = i + 1;
        if !header.starts_with("##### user=") {
            return Err(fault(file, number, "expected a `##### user=...` header"));
        }
        let field = |key: &str| {
            header_value(header, key)
                .map(str::to_owned)
                .ok_or_else(|| fault(file, number, &format!("the header has no {key}=")))
        };
        let (user, host, cwd, time) = (
            field("user")?,
            field("host")?,
            field("cwd")?,
            field("time")?,
        );
        let prompt = lines
            .get(i + 1)
            .map(|l| l.trim_end_matches('\n'))
            .ok_or_else(|| fault(file, number + 1, "the header has no prompt line after it"))?;
        let command = [format!("{user}@{host}# "), format!("{user}@{host}$ ")]
            .iter()
            .find_map(|p| prompt.strip_prefix(p.as_str()))
            .ok_or_else(|| {
                fault(
                    file,
                    number + 1,
                    &format!("expected the prompt {user}@{host}# or $"),
                )
            })?
            .to_owned();
        i += 2;
        let start = i;
        while i < lines.len() && !lines[i].starts_with("##### exit code: ") {
            i += 1;
        }
        let Some((exit, stdout, stderr)) = lines.get(i).and_then(|l| footer(l.trim_end())) else {
            return Err(fault(
                file,
                number,
                "the block has no `##### exit code: N   (stdout N bytes, stderr N bytes)` footer",
            ));
        };
        // The counts only say which streams printed: they were taken
        // before the recorder rewrote the paths (scontrol's `StdOut=` and
        // the like), so they need not add up to the text.
        let output: String = lines[start..i].concat();
        i += 1;
        let mut errors = String::new();
        let mut all_stderr = false;
        while let Some(line) = lines
            .get(i)
            .filter(|l| l.starts_with("##### ") && !l.starts_with("##### user="))
        {
            if line.starts_with("##### (all of the above output went to stderr)") {
                all_stderr = true;
            } else if let Some(text) = line.strip_prefix("##### stderr| ") {
                errors.push_str(text);
            } else {
                return Err(fault(file, i + 1, "unknown `#####` line"));
            }
            i += 1;
        }
        let streams = match (stdout, stderr) {
            (_, 0) => Streams::Stdout,
            (0, _) => Streams::Stderr,
            _ if all_stderr => Streams::Stderr,
            _ => Streams::Mixed(errors),
        };
        blocks.push(Block {
            file: file.to_owned(),
            index: blocks.len(),
            user,
            cwd,
            time,
            command,
            output,
            exit,
            streams,
        });
    }
    Ok(blocks)
}

/// Every recording in `tests/slurm/`, by file name, then in file order.
pub(super) fn recordings() -> Vec<Block> {
    let folder = Path::new(FOLDER);
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .unwrap_or_else(|e| panic!("{FOLDER}: {e}"))
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter_map(|name| name.strip_suffix(".txt").map(str::to_owned))
        .collect();
    names.sort();
    names
        .iter()
        .flat_map(|name| {
            let text = std::fs::read_to_string(folder.join(format!("{name}.txt")))
                .unwrap_or_else(|e| panic!("tests/slurm/{name}.txt: {e}"));
            parse(name, &text).unwrap_or_else(|e| panic!("{e}"))
        })
        .collect()
}

/// The blocks of one recording, in order.
pub(super) fn blocks(file: &str) -> Vec<Block> {
    let blocks: Vec<Block> = recordings()
        .into_iter()
        .filter(|b| b.file == file)
        .collect();
    assert!(!blocks.is_empty(), "no recording tests/slurm/{file}.txt");
    blocks
}

#[test]
fn a_recording_is_read_with_its_streams_and_exact_bytes() {
    let text = "\
##### user=alice host=vm cwd=~ time=2026-11-30T03:32:10
alice@vm$ squeue --me
  JOBID  \n\
##### exit code: 0   (stdout 10 bytes, stderr 0 bytes)

##### user=root host=vm cwd=/w time=2026-11-30T03:32:11
root@vm# sbatch x.sh
Submitted batch job 3
sbatch: warning: x
##### exit code: 0   (stdout 22 bytes, stderr 19 bytes)
##### stderr| sbatch: warning: x
##### user=root host=vm cwd=/w time=2026-11-30T03:32:12
root@vm# scontrol frobnicate
invalid keyword: frobnicate
##### exit code: 1   (stdout 0 bytes, stderr 28 bytes)
##### (all of the above output went to stderr)
";
    let blocks = parse("t", text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(blocks.len(), 3);
    assert_eq!(
        (blocks[0].user.as_str(), blocks[0].cwd.as_str()),
        ("alice", "~")
    );
    assert_eq!(blocks[0].command, "squeue --me");
    assert_eq!(blocks[0].output, "  JOBID  \n", "trailing spaces kept");
    assert_eq!(
        blocks[1].streams,
        Streams::Mixed("sbatch: warning: x\n".into())
    );
    assert_eq!(blocks[1].tool(), "sbatch");
    assert_eq!((blocks[2].exit, &blocks[2].streams), (1, &Streams::Stderr));
    assert_eq!(blocks[2].index, 2);
}

#[test]
fn a_broken_recording_is_named_with_its_line() {
    assert_eq!(
        parse("bad", "\nhello\n"),
        Err("tests/slurm/bad.txt:2: expected a `##### user=...` header".into())
    );
    let unfinished = "##### user=root host=vm cwd=/ time=T\nroot@vm# sinfo\nx\n";
    assert_eq!(
        parse("bad", unfinished),
        Err("tests/slurm/bad.txt:1: the block has no `##### exit code: N   (stdout N bytes, stderr N bytes)` footer".into())
    );
    let no_prompt = "##### user=root host=vm cwd=/ time=T\nalice@vm$ sinfo\n";
    assert_eq!(
        parse("bad", no_prompt),
        Err("tests/slurm/bad.txt:2: expected the prompt root@vm# or $".into())
    );
}
