//! The two hands-on labs, "Fallen Off the Bus" and "The Slow Lane": a
//! prepared eight-node cluster whose night went wrong, the goals the
//! learner works towards (each read from the simulated state, so any
//! correct command form counts), what the state shows going wrong or
//! being waited on ([`Lab::diagnose`]), and progress kept as the log of
//! what the learner did, replayed on the same seed. Pure.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::cluster::{ClusterError, Job, JobState};
use super::conf::{ClusterConfig, REFERENCE_CONF, TRAINING_CGROUP_CONF, training_text};
use super::node_tools::SECONDS_PER_STEP;
use super::session::{EPOCH, Event, LOGIN_HOST, Session, SessionError, USER};
use super::shell::HelpText;

mod diagnosis;
mod setup;

pub use diagnosis::Finding;

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

    /// Its goals as it opens, none met: what the page shows while the
    /// lab's cluster is being prepared.
    pub fn open_goals(self) -> Vec<Goal> {
        self.goals()
            .iter()
            .map(|&id| Goal { id, done: false })
            .collect()
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
    /// What the learner is told of their own incident.
    pub incident: Incident,
}

/// The learner's incident as the lab tells it: drawn from the seed, so it
/// differs from a neighbour's, and shown after load beside the goals (the
/// page's own text is the same for everyone). The node at fault is for
/// the learner to find.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Incident {
    /// The seed the incident was drawn from (what `?lab-seed=` and
    /// `slurm-shell --verify --seed` take).
    pub seed: u64,
    /// How many nodes the training job ran on.
    pub nodes: usize,
    /// Its state as `sacct` prints it (`FAILED`).
    pub state: String,
    /// When it ended, seconds since the Unix epoch.
    pub ended: i64,
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

/// Why a lab could not open.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LabError {
    /// The session.
    #[error(transparent)]
    Session(#[from] SessionError),
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
        .replace(
            "MinJobAge=300",
            "# finished jobs stay in squeue and scontrol for a day, so that last\n\
             # night's failure can still be inspected; sacct keeps them for good\n\
             MinJobAge=86400",
        );
    Ok(ClusterConfig::parse(&text)?.with_cgroup(TRAINING_CGROUP_CONF)?)
}

impl Lab {
    /// The prompt and the clock (seconds since the Unix epoch) a fresh lab
    /// opens on, known before its cluster is prepared: the learner at
    /// home on the login node, at [`EPOCH`].
    pub fn opening_prompt() -> (String, i64) {
        (format!("{USER}@{LOGIN_HOST}:~$ "), EPOCH)
    }

    /// Opens `id` on `seed`: the session at the moment the learner takes
    /// over (the shell's clock at [`EPOCH`]), and the lab's facts.
    pub fn open(id: LabId, seed: u64) -> Result<(Lab, Session), LabError> {
        setup::prepare(id, seed)
    }

    /// Opens `id` on `seed` and replays what the learner did: saved
    /// progress ([`crate::progress::LabProgress`]) back to the same session,
    /// with `help` in the page's language (so a replayed `help` reads as
    /// it did when typed).
    pub fn replay(
        id: LabId,
        seed: u64,
        log: &[Event],
        help: Arc<HelpText>,
    ) -> Result<(Lab, Session), LabError> {
        let (lab, mut session) = Lab::open(id, seed)?;
        session.set_help(help);
        for event in log {
            session.apply(event);
        }
        Ok((lab, session))
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

    /// The nodes other than the one at fault, in order.
    pub fn healthy_nodes(&self, s: &Session) -> Vec<String> {
        s.cluster
            .nodes()
            .iter()
            .filter(|n| n.name != self.culprit)
            .map(|n| n.name.clone())
            .collect()
    }

    /// The slow node's network as a share of a healthy node's, in whole
    /// percent (The Slow Lane): what a pair with it reaches in busbw.
    pub fn slow_percent(&self, s: &Session) -> Option<u32> {
        let factor = s.nodes.get(&self.culprit)?.network_factor;
        (factor < 1.0).then(|| (factor * 100.0).round() as u32)
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
            // of restarting is met while they both wait or run. A restart
            // that failed again (on the node at fault) no longer counts.
            GoalId::Requeue => {
                self.active_trainings(s).len() <= 1
                    && c.jobs().values().any(|j| self.is_restart(j) && alive(j))
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
                            && alive(j)
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
            .filter(|j| !j.state.is_finished())
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

/// Whether `job` waits, runs or completed: not cancelled, failed or
/// timed out.
fn alive(job: &Job) -> bool {
    matches!(
        job.state,
        JobState::Pending | JobState::Running | JobState::Suspended | JobState::Completed
    )
}

#[cfg(test)]
mod tests;
