//! A deterministic queue story for the widget: two teams share a GPU
//! cluster; team A fills the queue, team B arrives a little later with a few
//! jobs. Under FCFS B waits behind A's whole backlog; under fair share B's
//! unused share lifts its jobs to the front at the next free slot.
//!
//! Event-driven: time jumps from one event to the next (a submission, a job
//! end, a priority recalculation every `PriorityCalcPeriod`, a requeued job
//! becoming eligible, a usage reset), so the defaults (1,010 jobs, about
//! 130 simulated hours) take a few thousand steps.
//!
//! Model, kept small on purpose:
//! - Each team is an account with one user (`team-a`/`alice`,
//!   `team-b`/`bob`); usage is GPU-seconds with half-life decay
//!   ([`super::accrue`]), charged continuously.
//! - FCFS orders jobs by submit time (Slurm's `priority/basic`). Fair share
//!   orders them by the team's fair-share factor, recomputed from the decayed
//!   usage every `calc_period_s` (new jobs take the last computed factor, as
//!   in Slurm), then by submit time, then by job id.
//! - Strict priority order without backfill: when the best pending job does
//!   not fit, nothing behind it starts. (All jobs of a team are the same
//!   size, so backfill would change nothing for equal sizes.) A team at its
//!   QOS GPU cap is skipped, so its jobs do not block the other team's.
//! - Optional preemption (fair share only), a simplification of Slurm's
//!   `PreemptMode=REQUEUE` (Slurm preempts by partition or QOS, not by
//!   fair share): see [`Preemption`]. A requeued job keeps its submit time,
//!   loses the work done since its last checkpoint, and becomes eligible
//!   again after `requeue_delay_s` (the reference cluster shows
//!   `(BeginTime)` for about two minutes).

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::FairShareError;
use super::decay::{DEFAULT_DECAY_HALF_LIFE_S, UsageReset, accrue, check_decay};
use super::factor::{Algorithm, DEFAULT_DAMPENING_FACTOR, node_details};
use super::priority::DEFAULT_CALC_PERIOD_S;
use super::tree::{AccountTree, AssocId, AssocSpec};

/// Largest number of jobs per team the story accepts.
const MAX_JOBS_PER_TEAM: u32 = 100_000;
/// Largest number of samples a run may produce.
const MAX_SAMPLES: u64 = 200_000;
/// Safety stop: event steps per run.
const MAX_STEPS: u64 = 5_000_000;

/// How the scheduler orders pending jobs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Policy {
    /// First come, first served: by submit time.
    Fcfs,
    /// By the team's fair-share factor, then submit time.
    FairShare,
}

/// One team: its shares and its identical jobs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Team {
    /// Raw shares of the team's account (at least 1).
    pub shares: u32,
    /// Number of jobs, all submitted at `submit_s`.
    pub jobs: u32,
    /// Submit time, seconds from the start.
    pub submit_s: u64,
    /// GPUs per job.
    pub gpus_per_job: u32,
    /// Run time of each job, seconds.
    pub duration_s: u64,
    /// Usage before the story starts, GPU-seconds (already decayed to t = 0).
    #[serde(default)]
    pub past_usage_gpu_s: f64,
}

/// Requeue-on-priority preemption (fair share only). When the best pending
/// job does not fit, it requeues running jobs of the other team if
/// 1. its team's fair-share factor exceeds theirs by more than `margin`
///    (factors as last computed, for running jobs too, as with
///    `PriorityFlags=CALCULATE_RUNNING`),
/// 2. once started, its team holds no more than its share of the GPUs
///    (team shares / all shares * GPUs), and
/// 3. the victims' team holds more than its share (and only down to it).
///
/// Victims go lowest factor first, then most recently started. Rules 2 and 3
/// are the guard fair-share preemption needs (Kueue reclaims only nominal
/// quota from queues that borrow beyond theirs; YARN's fair scheduler
/// likewise): without them, under Fair Tree the two teams' ranks swap each
/// time their usage crosses, each swap requeues the other team's jobs, and
/// with no checkpoints nothing ever finishes.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Preemption {
    /// A pending job preempts running jobs whose fair-share factor is lower
    /// than its own by more than this (factor units, 0..1).
    pub margin: f64,
    /// Seconds between a job's checkpoints; 0 means no checkpoints, so a
    /// preempted job starts over.
    pub checkpoint_interval_s: u64,
    /// Seconds a requeued job waits before it is eligible again.
    pub requeue_delay_s: u64,
}

impl Default for Preemption {
    fn default() -> Self {
        Self {
            margin: 0.1,
            checkpoint_interval_s: 600,
            requeue_delay_s: 120,
        }
    }
}

/// Everything the story depends on. [`Default`] is the book's scenario:
/// 64 GPUs; team A submits 1,000 jobs at t = 0, team B 10 jobs at
/// t = 1 minute; every job 8 GPUs for 1 hour; shares 1:1; Fair Tree; usage
/// half-life 7 days; priorities recomputed every 5 minutes; no QOS cap, no
/// preemption; a sample every 15 minutes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoryConfig {
    /// GPUs in the cluster.
    pub gpus: u32,
    /// Team A (account `team-a`).
    pub team_a: Team,
    /// Team B (account `team-b`).
    pub team_b: Team,
    /// The fair-share algorithm behind the factor.
    pub algorithm: Algorithm,
    /// `PriorityDecayHalfLife`, seconds (0 = no decay).
    pub decay_half_life_s: u64,
    /// `PriorityUsageResetPeriod`, with resets counted from t = 0.
    pub usage_reset: UsageReset,
    /// `PriorityCalcPeriod`, seconds.
    pub calc_period_s: u64,
    /// QOS limit on the GPUs one account may have running at once.
    pub qos_max_gpus_per_account: Option<u32>,
    /// Requeue-on-priority preemption, applied under fair share only.
    pub preemption: Option<Preemption>,
    /// Seconds between samples of the time series.
    pub sample_every_s: u64,
    /// Stop (and mark the run truncated) after this many seconds.
    pub max_sim_s: u64,
}

impl Default for StoryConfig {
    fn default() -> Self {
        let hour = 3600;
        Self {
            gpus: 64,
            team_a: Team {
                shares: 1,
                jobs: 1000,
                submit_s: 0,
                gpus_per_job: 8,
                duration_s: hour,
                past_usage_gpu_s: 0.0,
            },
            team_b: Team {
                shares: 1,
                jobs: 10,
                submit_s: 60,
                gpus_per_job: 8,
                duration_s: hour,
                past_usage_gpu_s: 0.0,
            },
            algorithm: Algorithm::FairTree,
            decay_half_life_s: DEFAULT_DECAY_HALF_LIFE_S,
            usage_reset: UsageReset::None,
            calc_period_s: DEFAULT_CALC_PERIOD_S,
            qos_max_gpus_per_account: None,
            preemption: None,
            sample_every_s: 900,
            max_sim_s: 365 * 24 * hour,
        }
    }
}

impl StoryConfig {
    /// The settings a first-come-first-served run depends on: shares, past
    /// usage and preemption (which applies under fair share only) are set
    /// to neutral values, so two configurations differing only in those
    /// give the same FCFS schedule (only the fair-share factors sampled
    /// along, which FCFS does not use, differ) and a caller can keep it.
    pub fn fcfs_inputs(&self) -> StoryConfig {
        let neutral = |team: &Team| Team {
            shares: 1,
            past_usage_gpu_s: 0.0,
            ..team.clone()
        };
        StoryConfig {
            team_a: neutral(&self.team_a),
            team_b: neutral(&self.team_b),
            preemption: None,
            ..self.clone()
        }
    }
}

/// The state at one sample time, index 0 for team A and 1 for team B.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Sample {
    /// Seconds from the start.
    pub t_s: u64,
    /// GPUs each team has running.
    pub running_gpus: [u32; 2],
    /// Each team's decayed usage, GPU-seconds.
    pub usage: [f64; 2],
    /// Each team's fair-share factor as last computed (also under FCFS,
    /// where it is computed but not used).
    pub factor: [f64; 2],
}

/// What happened to one team's jobs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TeamOutcome {
    /// Jobs submitted.
    pub jobs: u32,
    /// Jobs finished before the run ended.
    pub completed: u32,
    /// When the team's first job first started, seconds from the start.
    pub first_start_s: Option<u64>,
    /// `first_start_s` minus the team's submit time.
    pub first_wait_s: Option<u64>,
    /// Median completion time of the team's jobs (the mean of the middle two
    /// for an even count), seconds from the start.
    pub median_completion_s: Option<f64>,
    /// When the team's last job finished.
    pub last_completion_s: Option<u64>,
    /// How many times the team's jobs were preempted.
    pub preemptions: u32,
    /// GPU-seconds of work lost to preemption (run since the last checkpoint).
    pub lost_gpu_s: u64,
}

/// One simulated run under one policy.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PolicyRun {
    /// The policy.
    pub policy: Policy,
    /// Team A then team B.
    pub teams: [TeamOutcome; 2],
    /// The time series, every `sample_every_s` and at the end.
    pub samples: Vec<Sample>,
    /// When the last job finished (or the run stopped).
    pub end_s: u64,
    /// The run hit `max_sim_s` (or the step limit) before every job finished.
    pub truncated: bool,
}

impl PolicyRun {
    /// Team A's outcome.
    pub fn team_a(&self) -> &TeamOutcome {
        &self.teams[0]
    }

    /// Team B's outcome.
    pub fn team_b(&self) -> &TeamOutcome {
        &self.teams[1]
    }
}

/// The same story under both policies.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoryResult {
    /// First come, first served.
    pub fcfs: PolicyRun,
    /// Fair share (with the configured QOS cap and preemption).
    pub fair_share: PolicyRun,
}

/// Runs the story under FCFS and under fair share.
///
/// With the defaults, under FCFS team B's first job starts when A's backlog
/// has drained, after about 1000 * 8 GPUs * 1 h / 64 GPUs = 125 h; under fair
/// share it starts when the first of A's jobs ends, within one job duration.
pub fn story(config: &StoryConfig) -> Result<StoryResult, FairShareError> {
    Ok(StoryResult {
        fcfs: simulate(config, Policy::Fcfs)?,
        fair_share: simulate(config, Policy::FairShare)?,
    })
}

/// Runs the story under one policy. Errors name the field that cannot be
/// simulated (no GPUs, a job larger than the cluster or the QOS cap, a team
/// without shares, a zero period, no decay nor reset, too many samples).
pub fn simulate(config: &StoryConfig, policy: Policy) -> Result<PolicyRun, FairShareError> {
    validate(config)?;
    let mut sim = Sim::new(config, policy)?;
    sim.run()?;
    Ok(sim.finish())
}

fn invalid(field: &'static str, reason: &str) -> FairShareError {
    FairShareError::InvalidStory {
        field,
        reason: reason.to_owned(),
    }
}

fn validate(c: &StoryConfig) -> Result<(), FairShareError> {
    if c.gpus == 0 {
        return Err(invalid("gpus", "the cluster needs at least one GPU"));
    }
    let teams = [("team_a", &c.team_a), ("team_b", &c.team_b)];
    for (i, (_, team)) in teams.iter().enumerate() {
        let field = |a: &'static str, b: &'static str| if i == 0 { a } else { b };
        if team.shares == 0 {
            return Err(invalid(
                field("team_a.shares", "team_b.shares"),
                "must be at least 1",
            ));
        }
        if team.jobs > MAX_JOBS_PER_TEAM {
            return Err(invalid(
                field("team_a.jobs", "team_b.jobs"),
                &format!("at most {MAX_JOBS_PER_TEAM} jobs"),
            ));
        }
        if team.gpus_per_job == 0 || team.gpus_per_job > c.gpus {
            return Err(invalid(
                field("team_a.gpus_per_job", "team_b.gpus_per_job"),
                "must be from 1 to the cluster's GPUs",
            ));
        }
        if team.duration_s == 0 {
            return Err(invalid(
                field("team_a.duration_s", "team_b.duration_s"),
                "must be positive",
            ));
        }
        if c.qos_max_gpus_per_account
            .is_some_and(|cap| cap < team.gpus_per_job)
        {
            return Err(invalid(
                "qos_max_gpus_per_account",
                "smaller than a job, which would then never start",
            ));
        }
    }
    if c.calc_period_s == 0 {
        return Err(invalid("calc_period_s", "must be positive"));
    }
    if c.sample_every_s == 0 {
        return Err(invalid("sample_every_s", "must be positive"));
    }
    if c.max_sim_s == 0 {
        return Err(invalid("max_sim_s", "must be positive"));
    }
    if c.max_sim_s / c.sample_every_s > MAX_SAMPLES {
        return Err(invalid(
            "sample_every_s",
            &format!("more than {MAX_SAMPLES} samples"),
        ));
    }
    for (field, team) in [
        ("team_a.past_usage_gpu_s", &c.team_a),
        ("team_b.past_usage_gpu_s", &c.team_b),
    ] {
        if !(team.past_usage_gpu_s.is_finite() && team.past_usage_gpu_s >= 0.0) {
            return Err(invalid(field, "must be a number from 0 up"));
        }
    }
    if let Some(p) = &c.preemption
        && !(p.margin.is_finite() && p.margin >= 0.0)
    {
        return Err(invalid("preemption.margin", "must be a number from 0 up"));
    }
    check_decay(c.decay_half_life_s, c.usage_reset)
}

/// One job's state.
#[derive(Debug, Clone)]
struct Job {
    team: usize,
    submit_s: u64,
    gpus: u32,
    /// Work left from the last checkpoint.
    remaining_s: u64,
    /// Start of the current run.
    started_s: u64,
    done_s: Option<u64>,
}

struct Sim<'a> {
    config: &'a StoryConfig,
    policy: Policy,
    teams: [&'a Team; 2],
    jobs: Vec<Job>,
    /// First job index of each team (jobs are stored team A then team B).
    first_job: [usize; 2],
    submitted: [bool; 2],
    /// Eligible pending jobs, by (submit time, id).
    pending: [BTreeSet<(u64, usize)>; 2],
    /// Requeued jobs not yet eligible: (eligible time, id).
    held: Vec<(u64, usize)>,
    running: Vec<usize>,
    running_gpus: [u32; 2],
    free: u32,
    usage: [f64; 2],
    factor: [f64; 2],
    tree: AccountTree,
    user_nodes: [usize; 2],
    first_start: [Option<u64>; 2],
    preemptions: [u32; 2],
    lost_gpu_s: [u64; 2],
    samples: Vec<Sample>,
    next_sample: u64,
    now: u64,
    truncated: bool,
}

impl<'a> Sim<'a> {
    fn new(config: &'a StoryConfig, policy: Policy) -> Result<Self, FairShareError> {
        let teams = [&config.team_a, &config.team_b];
        let tree = AccountTree::from_specs(&[
            AssocSpec::account("root", "team-a", teams[0].shares),
            AssocSpec::user("team-a", "alice", 1, 0.0),
            AssocSpec::account("root", "team-b", teams[1].shares),
            AssocSpec::user("team-b", "bob", 1, 0.0),
        ])?;
        let user = |account: &str, name: &str| {
            tree.find(&AssocId {
                account: account.to_owned(),
                user: Some(name.to_owned()),
            })
            .ok_or_else(|| invalid("team", "the story's tree lost a team"))
        };
        let user_nodes = [user("team-a", "alice")?, user("team-b", "bob")?];
        let mut jobs = Vec::with_capacity((teams[0].jobs + teams[1].jobs) as usize);
        let mut first_job = [0; 2];
        for (i, team) in teams.iter().enumerate() {
            first_job[i] = jobs.len();
            jobs.extend((0..team.jobs).map(|_| Job {
                team: i,
                submit_s: team.submit_s,
                gpus: team.gpus_per_job,
                remaining_s: team.duration_s,
                started_s: 0,
                done_s: None,
            }));
        }
        Ok(Self {
            config,
            policy,
            teams,
            jobs,
            first_job,
            submitted: [false; 2],
            pending: [BTreeSet::new(), BTreeSet::new()],
            held: Vec::new(),
            running: Vec::new(),
            running_gpus: [0; 2],
            free: config.gpus,
            usage: [
                config.team_a.past_usage_gpu_s,
                config.team_b.past_usage_gpu_s,
            ],
            factor: [1.0; 2],
            tree,
            user_nodes,
            first_start: [None; 2],
            preemptions: [0; 2],
            lost_gpu_s: [0; 2],
            samples: Vec::new(),
            next_sample: 0,
            now: 0,
            truncated: false,
        })
    }

    fn all_done(&self) -> bool {
        self.submitted.iter().all(|s| *s)
            && self.running.is_empty()
            && self.held.is_empty()
            && self.pending.iter().all(BTreeSet::is_empty)
    }

    fn run(&mut self) -> Result<(), FairShareError> {
        let period = self.config.calc_period_s;
        let mut next_recalc = 0;
        let mut next_reset = self.config.usage_reset.next_reset_after(0, 0);
        let mut steps = 0u64;
        while !self.all_done() {
            steps += 1;
            let candidates = [
                Some(next_recalc),
                next_reset,
                self.next_submit(),
                self.next_end(),
                self.held.iter().map(|h| h.0).min(),
            ];
            let Some(t) = candidates.into_iter().flatten().min() else {
                break;
            };
            if t > self.config.max_sim_s || steps > MAX_STEPS {
                self.truncated = true;
                let stop = t.min(self.config.max_sim_s);
                self.emit_samples_before(stop.saturating_add(1));
                self.advance(stop);
                break;
            }
            self.emit_samples_before(t);
            self.advance(t);
            self.finish_jobs(t);
            if next_reset == Some(t) {
                self.usage = [0.0; 2];
                next_reset = self.config.usage_reset.next_reset_after(0, t);
            }
            self.release_held(t);
            self.submit(t);
            if t == next_recalc {
                self.recalc()?;
                next_recalc = t.saturating_add(period);
            }
            self.schedule(t);
        }
        // Samples up to and including the end, then the end itself.
        let end = self.now;
        self.emit_samples_before(end.saturating_add(1));
        if self.samples.last().is_none_or(|s| s.t_s != end) {
            self.samples.push(self.sample_at(end));
        }
        Ok(())
    }

    fn next_submit(&self) -> Option<u64> {
        (0..2)
            .filter(|&i| !self.submitted[i])
            .map(|i| self.teams[i].submit_s)
            .min()
    }

    fn next_end(&self) -> Option<u64> {
        self.running
            .iter()
            .map(|&j| self.jobs[j].started_s + self.jobs[j].remaining_s)
            .min()
    }

    /// The state at `t`, between events (usage accrued, nothing else moved).
    fn sample_at(&self, t: u64) -> Sample {
        let dt = t.saturating_sub(self.now) as f64;
        let hl = self.config.decay_half_life_s as f64;
        let usage = [0, 1].map(|i| accrue(self.usage[i], f64::from(self.running_gpus[i]), dt, hl));
        Sample {
            t_s: t,
            running_gpus: self.running_gpus,
            usage,
            factor: self.factor,
        }
    }

    fn emit_samples_before(&mut self, t: u64) {
        while self.next_sample < t {
            let sample = self.sample_at(self.next_sample);
            self.samples.push(sample);
            self.next_sample = self.next_sample.saturating_add(self.config.sample_every_s);
        }
    }

    /// Charges usage up to `t`.
    fn advance(&mut self, t: u64) {
        let dt = t.saturating_sub(self.now) as f64;
        let hl = self.config.decay_half_life_s as f64;
        for i in 0..2 {
            self.usage[i] = accrue(self.usage[i], f64::from(self.running_gpus[i]), dt, hl);
        }
        self.now = self.now.max(t);
    }

    fn finish_jobs(&mut self, t: u64) {
        let jobs = &mut self.jobs;
        let (mut freed, mut freed_team) = (0, [0; 2]);
        self.running.retain(|&j| {
            let job = &mut jobs[j];
            if job.started_s + job.remaining_s > t {
                return true;
            }
            job.done_s = Some(t);
            freed += job.gpus;
            freed_team[job.team] += job.gpus;
            false
        });
        self.free += freed;
        for (running, freed) in self.running_gpus.iter_mut().zip(freed_team) {
            *running -= freed;
        }
    }

    fn release_held(&mut self, t: u64) {
        let jobs = &self.jobs;
        let pending = &mut self.pending;
        self.held.retain(|&(eligible, j)| {
            if eligible > t {
                return true;
            }
            pending[jobs[j].team].insert((jobs[j].submit_s, j));
            false
        });
    }

    fn submit(&mut self, t: u64) {
        for i in 0..2 {
            if !self.submitted[i] && self.teams[i].submit_s <= t {
                self.submitted[i] = true;
                let first = self.first_job[i];
                let count = self.teams[i].jobs as usize;
                self.pending[i].extend((first..first + count).map(|j| (self.jobs[j].submit_s, j)));
            }
        }
    }

    /// Recomputes both teams' fair-share factors from the decayed usage.
    fn recalc(&mut self) -> Result<(), FairShareError> {
        for i in 0..2 {
            self.tree.set_own_usage(self.user_nodes[i], self.usage[i])?;
        }
        let details = node_details(&self.tree, self.config.algorithm, DEFAULT_DAMPENING_FACTOR)?;
        for i in 0..2 {
            self.factor[i] = details
                .get(self.user_nodes[i])
                .and_then(|d| d.factor)
                .unwrap_or(0.0);
        }
        Ok(())
    }

    /// Whether pending job `a` (of team `ta`) goes before `b` (of team `tb`).
    fn before(&self, a: (u64, usize), ta: usize, b: (u64, usize), tb: usize) -> bool {
        match self.policy {
            Policy::Fcfs => a < b,
            Policy::FairShare => {
                let (fa, fb) = (self.factor[ta], self.factor[tb]);
                fa > fb || (fa == fb && a < b)
            }
        }
    }

    fn schedule(&mut self, t: u64) {
        loop {
            let mut best: Option<(usize, (u64, usize))> = None;
            for team in 0..2 {
                let Some(&head) = self.pending[team].first() else {
                    continue;
                };
                let capped = self
                    .config
                    .qos_max_gpus_per_account
                    .is_some_and(|cap| self.running_gpus[team] + self.jobs[head.1].gpus > cap);
                if capped {
                    continue;
                }
                if best.is_none_or(|(bt, b)| self.before(head, team, b, bt)) {
                    best = Some((team, head));
                }
            }
            let Some((team, head)) = best else { break };
            let gpus = self.jobs[head.1].gpus;
            if gpus > self.free && !self.preempt_for(team, gpus, t) {
                break;
            }
            self.pending[team].remove(&head);
            self.start(head.1, t);
        }
    }

    fn start(&mut self, j: usize, t: u64) {
        let job = &mut self.jobs[j];
        job.started_s = t;
        self.free -= job.gpus;
        self.running_gpus[job.team] += job.gpus;
        self.first_start[job.team].get_or_insert(t);
        self.running.push(j);
    }

    /// GPUs times total shares that `team` holds with `extra` more GPUs,
    /// against the cluster's GPUs times the team's shares: the team is within
    /// its share when the first is at most the second.
    fn share_balance(&self, team: usize, running: u32, extra: u32) -> (u64, u64) {
        let total_shares = u64::from(self.teams[0].shares) + u64::from(self.teams[1].shares);
        let held = (u64::from(running) + u64::from(extra)) * total_shares;
        (
            held,
            u64::from(self.config.gpus) * u64::from(self.teams[team].shares),
        )
    }

    /// Requeues running jobs until `gpus` fit, if the rules of [`Preemption`]
    /// allow; false (and nothing requeued) otherwise.
    fn preempt_for(&mut self, team: usize, gpus: u32, t: u64) -> bool {
        let Some(rule) = self.config.preemption else {
            return false;
        };
        if self.policy != Policy::FairShare {
            return false;
        }
        let (held, share) = self.share_balance(team, self.running_gpus[team], gpus);
        if held > share {
            return false;
        }
        let mine = self.factor[team];
        let mut victims: Vec<usize> = self
            .running
            .iter()
            .copied()
            .filter(|&j| mine - self.factor[self.jobs[j].team] > rule.margin)
            .collect();
        crate::sort::by(&mut victims, |&a, &b| {
            let (ja, jb) = (&self.jobs[a], &self.jobs[b]);
            self.factor[ja.team]
                .total_cmp(&self.factor[jb.team])
                .then(jb.started_s.cmp(&ja.started_s))
                .then(b.cmp(&a))
        });
        let mut freed = self.free;
        let mut left = self.running_gpus;
        let mut chosen = Vec::new();
        for v in victims {
            if freed >= gpus {
                break;
            }
            let victim_team = self.jobs[v].team;
            // Only from a team above its share, and only down to it.
            let (held, share) = self.share_balance(victim_team, left[victim_team], 0);
            if held <= share {
                continue;
            }
            freed += self.jobs[v].gpus;
            left[victim_team] -= self.jobs[v].gpus;
            chosen.push(v);
        }
        if freed < gpus {
            return false;
        }
        for v in chosen {
            self.requeue(v, t, rule);
        }
        true
    }

    fn requeue(&mut self, j: usize, t: u64, rule: Preemption) {
        self.running.retain(|&r| r != j);
        let job = &mut self.jobs[j];
        let ran = t.saturating_sub(job.started_s);
        let kept = match rule.checkpoint_interval_s {
            0 => 0,
            every => (ran / every * every).min(job.remaining_s),
        };
        job.remaining_s -= kept;
        self.lost_gpu_s[job.team] += (ran - kept) * u64::from(job.gpus);
        self.preemptions[job.team] += 1;
        self.free += job.gpus;
        self.running_gpus[job.team] -= job.gpus;
        if rule.requeue_delay_s == 0 {
            self.pending[job.team].insert((job.submit_s, j));
        } else {
            self.held.push((t.saturating_add(rule.requeue_delay_s), j));
        }
    }

    fn finish(self) -> PolicyRun {
        let outcome = |i: usize| {
            let team = self.teams[i];
            let mut done: Vec<u64> = self
                .jobs
                .iter()
                .filter(|j| j.team == i)
                .filter_map(|j| j.done_s)
                .collect();
            crate::sort::sort(&mut done);
            let n = done.len();
            let median = match n {
                0 => None,
                _ if n % 2 == 1 => Some(done[n / 2] as f64),
                _ => Some((done[n / 2 - 1] as f64 + done[n / 2] as f64) / 2.0),
            };
            TeamOutcome {
                jobs: team.jobs,
                completed: n as u32,
                first_start_s: self.first_start[i],
                first_wait_s: self.first_start[i].map(|s| s.saturating_sub(team.submit_s)),
                median_completion_s: median,
                last_completion_s: done.last().copied(),
                preemptions: self.preemptions[i],
                lost_gpu_s: self.lost_gpu_s[i],
            }
        };
        PolicyRun {
            policy: self.policy,
            teams: [outcome(0), outcome(1)],
            end_s: self.now,
            truncated: self.truncated,
            samples: self.samples,
        }
    }
}
