//! The two hands-on labs, "Fallen Off the Bus" and "The Slow Lane": a
//! prepared eight-node cluster whose night went wrong, the goals the
//! learner works towards (each read from the simulated state, so any
//! correct command form counts), and progress kept as the log of what the
//! learner did, replayed on the same seed. Pure.

use serde::{Deserialize, Serialize};

use super::cluster::{ClusterError, Job, JobState};
use super::conf::{ClusterConfig, REFERENCE_CONF, TRAINING_CGROUP_CONF, training_text};
use super::node_tools::SECONDS_PER_STEP;
use super::session::{Event, Session, SessionError, USER};

mod setup;

/// A lab.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum LabId {
    /// A GPU falls off the bus (Xid 79) and takes a training job down.
    FallenOffTheBus,
    /// One node's slow network link slows a job until the watchdog fires.
    SlowLane,
}

impl LabId {
    /// Every lab.
    pub const ALL: [LabId; 2] = [LabId::FallenOffTheBus, LabId::SlowLane];

    /// The page and directive name: `fallen-off-the-bus`, `the-slow-lane`.
    pub fn slug(self) -> &'static str {
        match self {
            LabId::FallenOffTheBus => "fallen-off-the-bus",
            LabId::SlowLane => "the-slow-lane",
        }
    }

    /// The lab called `slug`.
    pub fn from_slug(slug: &str) -> Option<LabId> {
        LabId::ALL.into_iter().find(|l| l.slug() == slug)
    }

    /// The goals, in the order the steps reach them.
    pub fn goals(self) -> &'static [GoalId] {
        match self {
            LabId::FallenOffTheBus => &[
                GoalId::Inspect,
                GoalId::Drain,
                GoalId::Requeue,
                GoalId::Resume,
            ],
            LabId::SlowLane => &[
                GoalId::Measure,
                GoalId::Drain,
                GoalId::Resubmit,
                GoalId::Resume,
            ],
        }
    }

    /// The prefix of the lab's message ids: `lab-bus`, `lab-lane`.
    pub fn message_prefix(self) -> &'static str {
        match self {
            LabId::FallenOffTheBus => "lab-bus",
            LabId::SlowLane => "lab-lane",
        }
    }
}

/// What the learner is up against, fixed when the lab opens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lab {
    /// Which lab.
    pub id: LabId,
    /// The node at fault.
    pub culprit: String,
    /// The training job that died.
    pub job_id: u32,
    /// When the learner took over, seconds since the Unix epoch.
    pub opened: i64,
}

/// What a lab asks the learner to achieve.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GoalId {
    /// `nvidia-smi` or `dmesg` ran on the sick node.
    Inspect,
    /// `all_reduce_perf` ran on a pair with the culprit and on one without.
    Measure,
    /// The culprit is drained with a reason.
    Drain,
    /// The dead job is back in the queue (requeued or submitted again).
    Requeue,
    /// A new training job excludes the culprit.
    Resubmit,
    /// Training runs again on healthy nodes, from a checkpoint, at full
    /// speed.
    Resume,
}

impl GoalId {
    /// The last part of its messages' ids (`lab-bus-goal-inspect`) and
    /// its name in the page (`data-goal`).
    pub fn key(self) -> &'static str {
        match self {
            GoalId::Inspect => "inspect",
            GoalId::Measure => "measure",
            GoalId::Drain => "drain",
            GoalId::Requeue => "requeue",
            GoalId::Resubmit => "resubmit",
            GoalId::Resume => "resume",
        }
    }
}

/// One goal and whether the state shows it met.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Goal {
    /// Which goal.
    pub id: GoalId,
    /// Met.
    pub done: bool,
}

/// Why a lab could not open or its saved progress could not be replayed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LabError {
    /// The session.
    #[error(transparent)]
    Session(#[from] SessionError),
    /// Saved progress of another lab or format.
    #[error("saved progress is for {found}, not this lab")]
    Mismatch {
        /// What the save says.
        found: String,
    },
}

impl From<ClusterError> for LabError {
    fn from(e: ClusterError) -> Self {
        LabError::Session(SessionError::Cluster(e))
    }
}

/// The labs' cluster: the chapter's cluster (jobs under cgroups) with
/// eight nodes, keeping finished jobs for a day (`MinJobAge`) so that last
/// night's failure can still be inspected and requeued.
pub fn lab_config() -> Result<ClusterConfig, ClusterError> {
    let text = training_text(REFERENCE_CONF)
        .replace("node-[1-4]", "node-[1-8]")
        .replace("Port=[17001-17004]", "Port=[17001-17008]")
        .replace("MinJobAge=300", "MinJobAge=86400");
    Ok(ClusterConfig::parse(&text)?.with_cgroup(TRAINING_CGROUP_CONF)?)
}

impl Lab {
    /// Opens `id` on `seed`: the session at the moment the learner takes
    /// over (the shell's clock at [`EPOCH`](super::session::EPOCH)), and the lab's facts.
    pub fn open(id: LabId, seed: u64) -> Result<(Lab, Session), LabError> {
        setup::prepare(id, seed)
    }

    /// The goals and whether each is met now.
    pub fn goals(&self, s: &Session) -> Vec<Goal> {
        self.id
            .goals()
            .iter()
            .map(|&id| Goal {
                id,
                done: self.met(id, s),
            })
            .collect()
    }

    /// Whether every goal is met.
    pub fn complete(&self, s: &Session) -> bool {
        self.goals(s).iter().all(|g| g.done)
    }

    /// The PCI bus of the lost GPU (Fallen Off the Bus), e.g. `9a`.
    pub fn lost_bus(&self, s: &Session) -> Option<String> {
        let node = s.nodes.get(&self.culprit)?;
        let gpu = node.gpus.iter().find(|g| g.lost_at().is_some())?;
        Some(format!("{:02x}", gpu.bus))
    }

    fn met(&self, goal: GoalId, s: &Session) -> bool {
        let c = &s.cluster;
        match goal {
            GoalId::Inspect => s.activity.inspected.contains(&self.culprit),
            GoalId::Measure => {
                let runs = &s.activity.perf_runs;
                let with = runs
                    .iter()
                    .any(|r| r.len() > 1 && r.contains(&self.culprit));
                let without = runs
                    .iter()
                    .any(|r| r.len() > 1 && !r.contains(&self.culprit));
                with && without
            }
            GoalId::Drain => c
                .nodes()
                .iter()
                .any(|n| n.name == self.culprit && n.drain && n.reason.is_some()),
            // Two copies at once would write the same checkpoints: no goal
            // of restarting is met while they both wait or run.
            GoalId::Requeue => {
                self.active_trainings(s).len() <= 1 && c.jobs().values().any(|j| self.is_restart(j))
            }
            GoalId::Resubmit => {
                // The outcome, whatever the method: the training restarted
                // and kept off the slow node by an exclusion or by the
                // node's drain.
                let drained = c.nodes().iter().any(|n| n.name == self.culprit && n.drain);
                let on_culprit = |j: &Job| {
                    j.nodes
                        .iter()
                        .any(|&n| c.nodes().get(n).is_some_and(|n| n.name == self.culprit))
                };
                self.active_trainings(s).len() <= 1
                    && c.jobs().values().any(|j| {
                        self.is_restart(j)
                            && j.state != JobState::Cancelled
                            && !on_culprit(j)
                            && (drained || j.request.exclude.contains(&self.culprit))
                    })
            }
            GoalId::Resume => self.resumed(s),
        }
    }

    /// The training jobs waiting or running: the one that died, once
    /// requeued, and any the learner submitted. More than one is a
    /// duplicate the lab points out: two copies would write the same
    /// checkpoints.
    pub fn active_trainings(&self, s: &Session) -> Vec<u32> {
        s.cluster
            .jobs()
            .values()
            .filter(|j| j.id == self.job_id || self.is_new_training(j))
            .filter(|j| matches!(j.state, JobState::Pending | JobState::Running))
            .map(|j| j.id)
            .collect()
    }

    /// Whether `job` restarts the training: the one that died, requeued, or
    /// one the learner submitted.
    fn is_restart(&self, job: &Job) -> bool {
        (job.id == self.job_id && job.restarts > 0) || self.is_new_training(job)
    }

    /// Whether `job` is a training job the learner submitted after taking
    /// over.
    fn is_new_training(&self, job: &Job) -> bool {
        job.id != self.job_id
            && job.user == USER
            && job.submit_time >= self.opened
            && job
                .script
                .as_deref()
                .is_some_and(|s| s.contains("torchrun"))
    }

    /// Whether a training run launched after the takeover on healthy nodes
    /// resumed from a checkpoint and got past its start at full speed.
    fn resumed(&self, s: &Session) -> bool {
        let now = s.cluster.now();
        s.activity.trainings.iter().any(|r| {
            let running = s
                .cluster
                .job(r.job_id)
                .is_some_and(|j| j.state == JobState::Running || j.state == JobState::Completed);
            r.start >= self.opened
                && !r.hosts.contains(&self.culprit)
                && r.resumed_from.is_some()
                && (r.seconds_per_step - SECONDS_PER_STEP).abs() < 1e-9
                && r.ended.is_none_or(|e| e > r.start)
                && (running || r.ended.is_some())
                && now > r.start
        })
    }
}

/// A lab's progress as saved in the browser: which lab, its seed, and
/// everything the learner did, in order. Stored as plain text, one line
/// each ([`Saved::to_text`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Saved {
    /// Format version: a save of another version starts over.
    pub version: u32,
    /// The lab's slug.
    pub lab: String,
    /// The seed it opened with.
    pub seed: u64,
    /// What the learner did.
    pub events: Vec<Event>,
}

/// The current [`Saved::version`].
pub const SAVE_VERSION: u32 = 1;

/// The first word of a saved lab.
const SAVE_MAGIC: &str = "gpu-book-lab";

/// `\\` for a backslash and `\n` for a newline.
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('\n', "\\n")
}

/// The reverse of [`escape`]; an unknown escape keeps its backslash.
fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('\\') => out.push('\\'),
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

impl Saved {
    /// A fresh save of `id` on `seed`.
    pub fn new(id: LabId, seed: u64) -> Self {
        Saved {
            version: SAVE_VERSION,
            lab: id.slug().to_owned(),
            seed,
            events: Vec::new(),
        }
    }

    /// Records an event, merging consecutive clock steps.
    pub fn record(&mut self, event: Event) {
        if let (Some(Event::Advance(total)), Event::Advance(more)) =
            (self.events.last_mut(), &event)
        {
            *total = total.saturating_add(*more);
            return;
        }
        self.events.push(event);
    }

    /// The text form: a header line `gpu-book-lab VERSION SLUG SEED`, then
    /// one event per line (`L line`, `I line`, `A seconds`, `C`), with
    /// backslashes and newlines escaped.
    pub fn to_text(&self) -> String {
        let mut out = format!("{SAVE_MAGIC} {} {} {}\n", self.version, self.lab, self.seed);
        for event in &self.events {
            match event {
                Event::Line(text) => out.push_str(&format!("L {}\n", escape(text))),
                Event::Interrupt(text) => out.push_str(&format!("I {}\n", escape(text))),
                Event::Advance(seconds) => out.push_str(&format!("A {seconds}\n")),
                Event::Clear => out.push_str("C\n"),
            }
        }
        out
    }

    /// Reads [`Self::to_text`]'s form; the error names the first line it
    /// could not read.
    pub fn parse(text: &str) -> Result<Saved, String> {
        let mut lines = text.lines();
        let header: Vec<&str> = lines.next().unwrap_or("").split(' ').collect();
        let (version, lab, seed) = match header.as_slice() {
            [SAVE_MAGIC, version, lab, seed] => (version.parse().ok(), *lab, seed.parse().ok()),
            _ => (None, "", None),
        };
        let (Some(version), Some(seed)) = (version, seed) else {
            return Err("line 1: not a saved lab".to_owned());
        };
        let mut events = Vec::new();
        for (n, line) in (2..).zip(lines) {
            let event = match line.split_at_checked(1) {
                Some(("L", rest)) => rest.strip_prefix(' ').map(|t| Event::Line(unescape(t))),
                Some(("I", rest)) => rest
                    .strip_prefix(' ')
                    .map(|t| Event::Interrupt(unescape(t))),
                Some(("A", rest)) => rest.trim().parse().ok().map(Event::Advance),
                Some(("C", "")) => Some(Event::Clear),
                _ => None,
            };
            events.push(event.ok_or_else(|| format!("line {n}: cannot read {line:?}"))?);
        }
        Ok(Saved {
            version,
            lab: lab.to_owned(),
            seed,
            events,
        })
    }

    /// Opens the lab on the saved seed and replays every event.
    pub fn restore(&self, id: LabId) -> Result<(Lab, Session), LabError> {
        if self.version != SAVE_VERSION || self.lab != id.slug() {
            return Err(LabError::Mismatch {
                found: format!("{} (version {})", self.lab, self.version),
            });
        }
        let (lab, mut session) = Lab::open(id, self.seed)?;
        for event in &self.events {
            session.apply(event);
        }
        Ok((lab, session))
    }
}

#[cfg(test)]
mod tests;
