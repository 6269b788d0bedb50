//! The reader's progress: every exercise and lab in one versioned
//! document, kept in the browser's storage under [`KEY`]. Exercises are
//! keyed by their id (the same in every language, so progress follows the
//! reader across languages), labs by their slug. A lab keeps the seed it
//! opened with and the log of what the learner did, which replays to the
//! same session, so saved progress proves itself. Pure: `widgets` reads
//! and writes it in the browser, and migrates the per-item keys of earlier
//! builds into it ([`Progress::migrate`]).
//!
//! The document is plain text, one record per line (a JSON document would
//! cost each wasm module about 20 KB brotli of parser):
//!
//! ```text
//! gpu-book-progress 2
//! exercise young-by-hand right tries=2 solution answer=number:6000
//! exercise ring-steps right tries=1 answer=choice:2
//! exercise shell-drain-node-3 open tries=0
//! L sudo scontrol update NodeName=node-3 State=DRAIN Reason=x
//! lab the-slow-lane seed=7 goals=4 met=measure,drain hints=resubmit:2 solutions=resubmit
//! L sinfo
//! A 120
//! ```
//!
//! The first line names the format and its version (1 had no `answer=`;
//! it is read as it is). An `exercise` line gives the id, `right` or
//! `open` (answered right, or the task done, at least once), the answers
//! judged, whether the answer was shown and the answer that was right
//! ([`Answer`], so a hand-in can be re-checked). A
//! `lab` line gives the slug, the seed, how many goals the lab has and
//! which were met when last saved (replaying the log is what proves them),
//! the hint levels shown per goal and the goals whose solution was shown.
//! The lines after a record are its log: `L` and a line entered, `I` and a
//! line abandoned with Ctrl+C, `A` and seconds of simulated time, `C` for
//! Ctrl+L (backslashes and newlines written `\\` and `\n`). A task in the
//! shell done at least once also keeps the log that did it, after a line
//! `proof`, since the learner may start the task over. Fields are
//! separated by single spaces; ids, slugs and goal keys hold none.

use crate::sorted::{SortedMap, SortedSet};

use crate::sim::slurm::session::Event;

pub mod merge;
pub mod verify;

/// The storage key of the whole document.
pub const KEY: &str = "gpu-book.progress";
/// Where an unreadable document is kept aside rather than lost.
pub const UNREADABLE_KEY: &str = "gpu-book.progress.unreadable";
/// The document's first word: what it is, whatever its version.
pub const FORMAT: &str = "gpu-book-progress";
/// The version this build writes and reads.
pub const VERSION: u32 = 2;
/// The largest progress file an import or `slurm-shell --verify` reads:
/// a book's worth of labs and exercises is a few tens of KB.
pub const MAX_BYTES: u64 = 1 << 20;
/// Earlier builds kept each exercise under this prefix and its id.
pub const LEGACY_EXERCISE_PREFIX: &str = "gpu-book.exercise.";
/// Earlier builds kept each lab under this prefix and its slug.
pub const LEGACY_LAB_PREFIX: &str = "gpu-book.lab.";

/// Everything the reader did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Progress {
    /// Exercises by id.
    pub exercises: SortedMap<String, ExerciseProgress>,
    /// Labs by slug.
    pub labs: SortedMap<String, LabProgress>,
}

/// One exercise.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExerciseProgress {
    /// Answered right (or, for a task in the shell, done) at least once.
    pub right: bool,
    /// Answers judged.
    pub tries: u32,
    /// The answer was shown.
    pub solution: bool,
    /// The first answer judged right (a task in the shell has its log
    /// instead).
    pub answer: Option<Answer>,
    /// A task in the shell: what the learner typed, replayed on return.
    pub log: Vec<Event>,
    /// A task in the shell: the log as it was when the task was first
    /// done, which replays to prove it.
    pub proof: Vec<Event>,
}

/// An answer as the reader gave it, for re-checking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// The option chosen, counted from 0.
    Choice(usize),
    /// The number read, in the answer's base unit, as Rust writes an
    /// `f64` (so it reads back exactly).
    Number(String),
}

impl Answer {
    /// A number read in its base unit.
    pub fn number(value: f64) -> Self {
        Self::Number(value.to_string())
    }

    /// `choice:2` or `number:6000`.
    fn to_word(&self) -> String {
        match self {
            Self::Choice(i) => format!("choice:{i}"),
            Self::Number(v) => format!("number:{v}"),
        }
    }

    fn from_word(word: &str) -> Option<Self> {
        match word.split_once(':')? {
            ("choice", i) => i.parse().ok().map(Self::Choice),
            ("number", v) => v
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .map(|_| Self::Number(v.to_owned())),
            _ => None,
        }
    }
}

impl ExerciseProgress {
    /// Counts one judged answer; the first right one is kept.
    pub fn checked(&mut self, right: bool, answer: Answer) {
        self.tries = self.tries.saturating_add(1);
        if right && !self.right {
            self.answer = Some(answer);
        }
        self.right |= right;
    }

    /// A task in the shell done: the log so far is kept as its proof
    /// the first time.
    pub fn task_done(&mut self) {
        if !self.right {
            self.tries = self.tries.saturating_add(1);
            self.right = true;
            self.proof = self.log.clone();
        }
    }

    /// `right tries=2 solution answer=choice:1`: the record's words.
    fn to_words(&self) -> String {
        let state = if self.right { "right" } else { "open" };
        let solution = if self.solution { " solution" } else { "" };
        let answer = self
            .answer
            .as_ref()
            .map(|a| format!(" answer={}", a.to_word()))
            .unwrap_or_default();
        format!("{state} tries={}{solution}{answer}", self.tries)
    }

    fn from_words(words: &str) -> Option<Self> {
        let mut words = words.split(' ');
        let mut record = Self {
            right: match words.next()? {
                "right" => true,
                "open" => false,
                _ => return None,
            },
            ..Self::default()
        };
        for word in words {
            match word.split_once('=') {
                Some(("tries", n)) => record.tries = n.parse().ok()?,
                Some(("answer", a)) => record.answer = Some(Answer::from_word(a)?),
                None if word == "solution" => record.solution = true,
                _ => return None,
            }
        }
        Some(record)
    }
}

/// One lab.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LabProgress {
    /// The seed the lab's incident was drawn from.
    pub seed: u64,
    /// What the learner did, in order.
    pub log: Vec<Event>,
    /// Hints shown, by goal: how many levels.
    pub hints: SortedMap<String, u8>,
    /// Goals whose solution was shown.
    pub solutions: SortedSet<String>,
    /// The goals met when last saved, for the contents page (replaying
    /// the log is what proves them).
    pub met: SortedSet<String>,
    /// How many goals the lab has.
    pub goals: u8,
}

impl LabProgress {
    /// A fresh lab on `seed`.
    pub fn new(seed: u64) -> Self {
        Self {
            seed,
            log: Vec::new(),
            hints: SortedMap::new(),
            solutions: SortedSet::new(),
            met: SortedSet::new(),
            goals: 0,
        }
    }

    /// Whether the learner did anything in it: typed a line (or Ctrl+C)
    /// or asked for help. Time passing alone is not work.
    pub fn has_work(&self) -> bool {
        !self.hints.is_empty()
            || !self.solutions.is_empty()
            || self
                .log
                .iter()
                .any(|e| matches!(e, Event::Line(_) | Event::Interrupt(_)))
    }

    /// `seed=7 goals=4 met=measure hints=drain:2 solutions=drain`.
    fn to_words(&self) -> String {
        let list = |keys: &SortedSet<String>| keys.iter().cloned().collect::<Vec<_>>().join(",");
        let hints: Vec<String> = self.hints.iter().map(|(k, n)| format!("{k}:{n}")).collect();
        format!(
            "seed={} goals={} met={} hints={} solutions={}",
            self.seed,
            self.goals,
            list(&self.met),
            hints.join(","),
            list(&self.solutions)
        )
    }

    fn from_words(words: &str) -> Option<Self> {
        let list = |v: &str| -> SortedSet<String> {
            v.split(',')
                .filter(|k| !k.is_empty())
                .map(str::to_owned)
                .collect()
        };
        let mut lab = Self::new(0);
        let mut seeded = false;
        for word in words.split(' ') {
            match word.split_once('=')? {
                ("seed", n) => {
                    lab.seed = n.parse().ok()?;
                    seeded = true;
                }
                ("goals", n) => lab.goals = n.parse().ok()?,
                ("met", v) => lab.met = list(v),
                ("solutions", v) => lab.solutions = list(v),
                ("hints", v) => {
                    for hint in v.split(',').filter(|h| !h.is_empty()) {
                        let (goal, n) = hint.split_once(':')?;
                        lab.hints.insert(goal.to_owned(), n.parse().ok()?);
                    }
                }
                _ => return None,
            }
        }
        seeded.then_some(lab)
    }
}

/// Records `event` at the end of `log`, merging consecutive clock steps
/// (time flows every second while a page is open).
pub fn record(log: &mut Vec<Event>, event: Event) {
    if let (Some(Event::Advance(total)), Event::Advance(more)) = (log.last_mut(), &event) {
        *total = total.saturating_add(*more);
        return;
    }
    log.push(event);
}

/// What a line of a stored document fails to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BadLine {
    /// Line 1 is not the format's header.
    Header,
    /// An exercise's record that cannot be read.
    Exercise,
    /// `proof` where no exercise precedes it.
    ProofOutside,
    /// A lab's record that cannot be read.
    Lab,
    /// A line that is no record and no event.
    Event,
    /// An event before any exercise or lab.
    EventOutside,
}

/// In English, for the command line.
impl std::fmt::Display for BadLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BadLine::Header => write!(f, "not the header \"{FORMAT} {VERSION}\""),
            BadLine::Exercise => f.write_str("cannot read the exercise"),
            BadLine::ProofOutside => f.write_str("a proof outside an exercise"),
            BadLine::Lab => f.write_str("cannot read the lab"),
            BadLine::Event => f.write_str("cannot read the line"),
            BadLine::EventOutside => f.write_str("an event before any exercise or lab"),
        }
    }
}

/// Why a stored document was not used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProgressError {
    /// Not a progress document: its first line that cannot be read.
    #[error("not a progress document: line {line}: {problem}: {text:?}")]
    Unreadable {
        /// The line's number, from 1.
        line: usize,
        /// What is wrong with it.
        problem: BadLine,
        /// Its text.
        text: String,
    },
    /// Written by a newer build: kept as it is, never overwritten.
    #[error(
        "written by a newer version of the book (format version {0}, this one reads {VERSION})"
    )]
    Newer(u32),
}

/// Where the events that follow a record line go.
enum Owner {
    None,
    Exercise(String),
    Proof(String),
    Lab(String),
}

impl Progress {
    /// Reads a stored document ([`Self::to_text`]'s form).
    pub fn parse(text: &str) -> Result<Self, ProgressError> {
        let mut lines = text.lines();
        let header = lines.next().unwrap_or_default();
        let version = match header.split_once(' ') {
            Some((FORMAT, version)) => version.parse::<u32>().ok(),
            _ => None,
        }
        .ok_or_else(|| ProgressError::Unreadable {
            line: 1,
            problem: BadLine::Header,
            text: header.to_owned(),
        })?;
        if version > VERSION {
            return Err(ProgressError::Newer(version));
        }
        let mut progress = Self::default();
        let mut owner = Owner::None;
        for (n, line) in (2..).zip(lines) {
            let bad = |problem| ProgressError::Unreadable {
                line: n,
                problem,
                text: line.to_owned(),
            };
            let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
            match word {
                "exercise" => {
                    let (id, record) = rest.split_once(' ').unwrap_or((rest, ""));
                    let record = ExerciseProgress::from_words(record)
                        .ok_or_else(|| bad(BadLine::Exercise))?;
                    progress.exercises.insert(id.to_owned(), record);
                    owner = Owner::Exercise(id.to_owned());
                }
                "proof" if rest.is_empty() => match owner {
                    Owner::Exercise(id) => owner = Owner::Proof(id),
                    _ => return Err(bad(BadLine::ProofOutside)),
                },
                "lab" => {
                    let (slug, record) = rest.split_once(' ').unwrap_or((rest, ""));
                    let record =
                        LabProgress::from_words(record).ok_or_else(|| bad(BadLine::Lab))?;
                    progress.labs.insert(slug.to_owned(), record);
                    owner = Owner::Lab(slug.to_owned());
                }
                _ => {
                    let event = Event::from_line(line).ok_or_else(|| bad(BadLine::Event))?;
                    let log = match &owner {
                        Owner::Exercise(id) => progress.exercises.get_mut(id).map(|e| &mut e.log),
                        Owner::Proof(id) => progress.exercises.get_mut(id).map(|e| &mut e.proof),
                        Owner::Lab(slug) => progress.labs.get_mut(slug).map(|l| &mut l.log),
                        Owner::None => None,
                    };
                    log.ok_or_else(|| bad(BadLine::EventOutside))?.push(event);
                }
            }
        }
        Ok(progress)
    }

    /// The stored form: a header line, then one line per exercise and per
    /// lab, each followed by its log, one event per line.
    pub fn to_text(&self) -> String {
        let mut out = format!("{FORMAT} {VERSION}\n");
        let log = |out: &mut String, events: &[Event]| {
            for event in events {
                out.push_str(&event.to_line());
                out.push('\n');
            }
        };
        for (id, e) in &self.exercises {
            out.push_str(&format!("exercise {id} {}\n", e.to_words()));
            log(&mut out, &e.log);
            if !e.proof.is_empty() {
                out.push_str("proof\n");
                log(&mut out, &e.proof);
            }
        }
        for (slug, l) in &self.labs {
            out.push_str(&format!("lab {slug} {}\n", l.to_words()));
            log(&mut out, &l.log);
        }
        out
    }

    /// The progress that earlier builds kept one storage key per item:
    /// `gpu-book.exercise.<id>` lines and `gpu-book.lab.<slug>` logs.
    /// Entries that cannot be read are left out and named in the second
    /// value, so the caller can keep them.
    pub fn migrate<'a>(
        entries: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> (Self, Vec<String>) {
        let mut progress = Self::default();
        let mut unread = Vec::new();
        for (key, value) in entries {
            if let Some(id) = key.strip_prefix(LEGACY_EXERCISE_PREFIX) {
                match value
                    .strip_prefix("1 ")
                    .and_then(ExerciseProgress::from_words)
                {
                    Some(record) => {
                        progress.exercises.insert(id.to_owned(), record);
                    }
                    None => unread.push(key.to_owned()),
                }
            } else if let Some(slug) = key.strip_prefix(LEGACY_LAB_PREFIX) {
                match legacy_lab(value, slug) {
                    Some(lab) => {
                        progress.labs.insert(slug.to_owned(), lab);
                    }
                    None => unread.push(key.to_owned()),
                }
            }
        }
        (progress, unread)
    }

    /// How many of `ids` are answered right.
    pub fn exercises_done<'a>(&self, ids: impl IntoIterator<Item = &'a str>) -> usize {
        ids.into_iter()
            .filter(|id| self.exercises.get(*id).is_some_and(|e| e.right))
            .count()
    }
}

/// An earlier build's lab save: a header `gpu-book-lab 1 SLUG SEED`, then
/// one event per line.
fn legacy_lab(text: &str, slug: &str) -> Option<LabProgress> {
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next()?.split(' ').collect();
    let ["gpu-book-lab", "1", lab, seed] = header.as_slice() else {
        return None;
    };
    if *lab != slug {
        return None;
    }
    let mut progress = LabProgress::new(seed.parse().ok()?);
    for line in lines {
        progress.log.push(Event::from_line(line)?);
    }
    Some(progress)
}

#[cfg(test)]
mod tests;
