//! Scheduling as Slurm 22.05 does it with `sched/backfill` and
//! `select/cons_tres`.
//!
//! 1. The queue: pending jobs by priority (descending), then job id.
//! 2. The main scheduler (`schedule()` in `job_scheduler.c`): jobs in queue
//!    order start on the lowest-weight, lowest-index nodes whose free CPUs,
//!    memory and GPUs hold what the job needs per node. The first job of a
//!    partition that cannot start gets `Resources`, and the partition's
//!    nodes are closed to every later job (those of that partition get
//!    `Priority`; a job whose partition has too few open nodes left gets
//!    "Nodes required for job are DOWN, DRAINED or reserved for jobs in
//!    higher priority partitions"). It runs when something changes (at
//!    most `default_queue_depth` jobs) and every `sched_interval` (all).
//! 3. The backfill scheduler (`backfill.c`), every `bf_interval`: in queue
//!    order (at most `bf_max_job_test` jobs), a job starts now if enough
//!    nodes hold it until its time limit without touching a reservation;
//!    otherwise it gets a reservation at its earliest start, computed from
//!    the running jobs' time limits and the reservations before it, with
//!    start and end rounded down to `bf_resolution` (its `StartTime` and
//!    `SchedNodeList`). Reservations are made for the first
//!    `bf_reserve_depth` waiting jobs only (Slurm reserves for every job it
//!    tests, `bf_job_part_count_reserve` aside): a bound that keeps a pass
//!    linear in the nodes, so that a day of a 1,024-node cluster simulates
//!    in well under a second.

use serde::{Deserialize, Serialize};

use super::Cluster;
use super::queue::Queued;
use super::resources::Res;
use super::state::{Hold, Job, JobState, Reason, SchedBy};
use crate::sim::slurm::conf::{ClusterConfig, EnforcePartLimits, PartitionState};

/// An end time for jobs without a time limit: far beyond any horizon.
pub(crate) const NEVER: i64 = i64::MAX / 4;

/// The scheduler's settings: slurm.conf's `SchedulerParameters` that this
/// model uses, with Slurm's defaults, and when its timers tick.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SchedulerParams {
    /// `bf_interval` (30 s).
    pub bf_interval_s: i64,
    /// `bf_resolution` (60 s).
    pub bf_resolution_s: i64,
    /// `bf_window` (one day).
    pub bf_window_s: i64,
    /// `bf_max_job_test` (500).
    pub bf_max_job_test: usize,
    /// Waiting jobs that get a backfill reservation per pass (16).
    pub bf_reserve_depth: usize,
    /// `default_queue_depth` (100).
    pub default_queue_depth: usize,
    /// `sched_interval` (60 s).
    pub sched_interval_s: i64,
    /// How long a requeued job waits (`BeginTime`): the credential
    /// lifetime plus one second, 121 s on the reference cluster.
    pub requeue_delay_s: i64,
    /// How long a resumed node stays NOT_RESPONDING (`idle*`) until its
    /// slurmd answers.
    pub resume_answer_s: i64,
    /// The timers tick at `timer_origin + k * period`.
    pub timer_origin: i64,
    /// The priority pass (slurmctld's decay thread) ticks at
    /// `decay_origin + k * PriorityCalcPeriod`: a phase of its own, since
    /// backfill starts each cycle an interval after the last one ended.
    pub decay_origin: i64,
}

impl SchedulerParams {
    /// The defaults, with `SchedulerParameters` from the configuration
    /// (`bf_interval`, `bf_resolution`, `bf_window` in minutes,
    /// `bf_max_job_test`, `default_queue_depth`, `sched_interval`).
    pub(crate) fn from_config(config: &ClusterConfig, origin: i64) -> Self {
        let mut p = Self {
            bf_interval_s: 30,
            bf_resolution_s: 60,
            bf_window_s: 86_400,
            bf_max_job_test: 500,
            bf_reserve_depth: 16,
            default_queue_depth: 100,
            sched_interval_s: 60,
            requeue_delay_s: 121,
            resume_answer_s: 3,
            timer_origin: origin,
            decay_origin: origin,
        };
        let params = config
            .other
            .iter()
            .filter(|(k, _)| k.eq_ignore_ascii_case("SchedulerParameters"))
            .flat_map(|(_, v)| v.split(','));
        for item in params {
            let Some((key, value)) = item.split_once('=') else {
                continue;
            };
            let Ok(n) = value.trim().parse::<i64>() else {
                continue;
            };
            let n = n.max(1);
            let count = usize::try_from(n).unwrap_or(1);
            match key.trim() {
                "bf_interval" => p.bf_interval_s = n,
                "bf_resolution" => p.bf_resolution_s = n,
                "bf_window" => p.bf_window_s = n.saturating_mul(60),
                "bf_max_job_test" => p.bf_max_job_test = count,
                "default_queue_depth" => p.default_queue_depth = count,
                "sched_interval" => p.sched_interval_s = n,
                _ => {}
            }
        }
        p
    }

    /// `PriorityCalcPeriod` in seconds (at least 1).
    pub(crate) fn calc_period_s(&self, config: &ClusterConfig) -> i64 {
        i64::try_from(config.priority.calc_period_s)
            .unwrap_or(300)
            .max(1)
    }

    /// The first tick of a `period` timer after `t`.
    pub(crate) fn next_tick(&self, t: i64, period: i64) -> i64 {
        tick_after(self.timer_origin, t, period)
    }

    /// The first priority pass after `t`.
    pub(crate) fn next_calc(&self, t: i64, config: &ClusterConfig) -> i64 {
        tick_after(self.decay_origin, t, self.calc_period_s(config))
    }
}

/// The first tick after `t` of a timer that ticks at `origin + k * period`.
fn tick_after(origin: i64, t: i64, period: i64) -> i64 {
    let period = period.max(1);
    let since = (t - origin).rem_euclid(period);
    t - since + period
}

/// A backfill reservation on one node.
#[derive(Debug, Clone, Copy)]
struct Resv {
    start: i64,
    end: i64,
    res: Res,
}

/// What one scheduling pass knows: the nodes it may still use, per
/// partition those that had room when first looked at (free capacity only
/// shrinks within a pass, so these lists stay supersets), and for backfill
/// its reservations. Lists and counts are built on first use: most passes
/// look at one partition.
struct Pass {
    /// Nodes a job may still be placed on in this pass.
    open: Vec<bool>,
    /// Open nodes per partition, once counted.
    open_count: Vec<Option<usize>>,
    /// Per partition, in allocation order: open nodes with free GPUs.
    with_gpus: Vec<Option<Vec<usize>>>,
    /// Per partition, in allocation order: open nodes with free CPUs.
    with_cpus: Vec<Option<Vec<usize>>>,
    /// Backfill reservations, per node (empty for the main scheduler).
    resv: Vec<Vec<Resv>>,
    /// Per partition and need: the nodes by their earliest time without
    /// reservations (those that free up within the horizon), sorted by
    /// time then allocation order. Jobs of the same shape share it.
    earliest_memo: Vec<((usize, Res), Vec<NodeTime>)>,
    /// Nodes that hold reservations, whose times are worked out per job.
    reserved: Vec<usize>,
}

/// When a node frees up for a need, with its allocation order key
/// (weight, index).
type NodeTime = (i64, (u32, usize));

impl Pass {
    fn new(c: &Cluster) -> Self {
        let parts = c.partitions.len();
        Self {
            open: c.nodes.iter().map(|n| n.usable()).collect(),
            open_count: vec![None; parts],
            with_gpus: vec![None; parts],
            with_cpus: vec![None; parts],
            resv: Vec::new(),
            earliest_memo: Vec::new(),
            reserved: Vec::new(),
        }
    }

    /// A pass that makes reservations (backfill).
    fn with_reservations(c: &Cluster) -> Self {
        let mut pass = Self::new(c);
        pass.resv = vec![Vec::new(); c.nodes.len()];
        pass
    }

    fn reservations(&self, n: usize) -> &[Resv] {
        self.resv.get(n).map_or(&[], Vec::as_slice)
    }

    /// Open nodes of a partition.
    fn open_in(&mut self, c: &Cluster, part: usize) -> usize {
        if let Some(Some(count)) = self.open_count.get(part) {
            return *count;
        }
        let count = c.partitions[part]
            .nodes
            .iter()
            .filter(|&&n| self.open[n])
            .count();
        if let Some(slot) = self.open_count.get_mut(part) {
            *slot = Some(count);
        }
        count
    }

    /// Closes a partition's nodes to the rest of the pass.
    fn close(&mut self, c: &Cluster, part: usize) {
        for &n in &c.partitions[part].nodes {
            self.open[n] = false;
        }
        self.open_count.iter_mut().for_each(|slot| *slot = None);
    }

    /// Builds the candidate list of a partition for `need`, if not yet.
    fn prepare(&mut self, c: &Cluster, part: usize, need: Res) {
        let gpus = need.gpus > 0;
        let lists = if gpus {
            &mut self.with_gpus
        } else {
            &mut self.with_cpus
        };
        if lists.get(part).is_some_and(Option::is_some) {
            return;
        }
        let open = &self.open;
        let list = c.partitions[part]
            .nodes
            .iter()
            .copied()
            .filter(|&n| {
                let free = c.nodes[n].free();
                open[n] && free.cpus > 0 && (!gpus || free.gpus > 0)
            })
            .collect();
        if let Some(slot) = lists.get_mut(part) {
            *slot = Some(list);
        }
    }

    /// The nodes worth trying for `need` in a partition ([`Self::prepare`]
    /// first).
    fn candidates(&self, part: usize, need: Res) -> &[usize] {
        let lists = if need.gpus > 0 {
            &self.with_gpus
        } else {
            &self.with_cpus
        };
        lists.get(part).and_then(Option::as_deref).unwrap_or(&[])
    }

    /// Free on node `n` at time `t`: free now, plus what running jobs
    /// have released by then, less the reservations active then.
    fn free_at(&self, c: &Cluster, n: usize, t: i64) -> Res {
        let mut free = c.nodes[n].free();
        for h in c.runs.holdings(n) {
            if h.until <= t {
                free = free + h.res;
            }
        }
        for r in self.reservations(n) {
            if r.start <= t && t < r.end {
                free = free - r.res;
            }
        }
        free
    }

    /// Whether node `n` holds `need` through `[t, end)`.
    fn holds(&self, c: &Cluster, n: usize, need: Res, t: i64, end: i64) -> bool {
        if self.reservations(n).is_empty() {
            return self.free_at(c, n, t).holds(need);
        }
        self.free_at(c, n, t).holds(need)
            && self
                .reservations(n)
                .iter()
                .filter(|r| r.start > t && r.start < end)
                .all(|r| self.free_at(c, n, r.start).holds(need))
    }

    /// The earliest time, up to `horizon`, at which node `n` holds `need`
    /// for `duration` seconds.
    fn earliest(
        &self,
        c: &Cluster,
        n: usize,
        need: Res,
        duration: i64,
        horizon: i64,
    ) -> Option<i64> {
        let now = c.now;
        if self.reservations(n).is_empty() {
            return earliest_free(c, n, need, horizon);
        }
        let mut times: Vec<i64> = std::iter::once(now)
            .chain(c.runs.holdings(n).iter().map(|h| h.until))
            .chain(self.reservations(n).iter().map(|r| r.end))
            .filter(|&t| t >= now && t <= horizon)
            .collect();
        crate::sort::sort_dedup(&mut times);
        times
            .into_iter()
            .find(|&t| self.holds(c, n, need, t, t.saturating_add(duration)))
    }
}

/// Two lists of node times, each sorted, merged by time up to the `k`-th
/// time and its ties (a tie goes to `special`).
fn merge_by_time(
    plain: impl Iterator<Item = NodeTime>,
    special: Vec<NodeTime>,
    k: usize,
) -> Vec<NodeTime> {
    let mut plain = plain.peekable();
    let mut special = special.into_iter().peekable();
    let mut merged: Vec<NodeTime> = Vec::new();
    loop {
        let next = match (plain.peek(), special.peek()) {
            (Some(p), Some(q)) if q <= p => special.next(),
            (Some(_), _) => plain.next(),
            (None, _) => special.next(),
        };
        let Some(entry) = next else { break };
        if merged.len() >= k && merged.get(k - 1).is_some_and(|kth| entry.0 > kth.0) {
            break;
        }
        merged.push(entry);
    }
    merged
}

/// The earliest time, up to `horizon`, at which node `n` holds `need`
/// with no reservation on it: the free amount only grows, so the first
/// release after which it holds the job is the answer.
fn earliest_free(c: &Cluster, n: usize, need: Res, horizon: i64) -> Option<i64> {
    let now = c.now;
    let mut free = c.nodes[n].free();
    if free.holds(need) {
        return Some(now);
    }
    for h in c.runs.holdings(n) {
        if h.until > horizon {
            return None;
        }
        free = free + h.res;
        if free.holds(need) {
            return Some(h.until.max(now));
        }
    }
    None
}

/// What a job needs placed.
struct Ask {
    part: usize,
    /// The fewest nodes it starts on.
    k: usize,
    /// The most it takes when they are open (`-N 2-3`: 3).
    most: usize,
    /// `-N`'s minimum (1 when not given): fewer open nodes than this and
    /// the partition cannot serve the job now.
    min_nodes: usize,
    need: Res,
    duration: i64,
    required: Vec<usize>,
    excluded: Vec<usize>,
}

/// What a main scheduler pass has found blocked so far.
#[derive(Debug, Default)]
struct Blocked {
    /// Partitions where a job found no room: the jobs behind it wait.
    partitions: Vec<usize>,
    /// The job that blocked each of them (it keeps `Resources`).
    top: Vec<u32>,
    /// (partition, per-node need, nodes) of jobs that found no room.
    shapes: Vec<(usize, Res, usize)>,
}

impl Cluster {
    /// Why a pending job cannot be considered at all now, if it cannot:
    /// holds, dependencies, begin times, partition limits, array limits.
    fn blocked(&self, id: u32) -> Option<(Reason, Option<String>)> {
        self.blocked_job(self.jobs.get(&id)?)
    }

    /// [`Self::blocked`] of a job record.
    pub(crate) fn blocked_job(&self, job: &Job) -> Option<(Reason, Option<String>)> {
        if let Some(hold) = job.hold {
            return Some((
                match hold {
                    Hold::User => Reason::JobHeldUser,
                    Hold::Admin => Reason::JobHeldAdmin,
                },
                // The text a requeue gave the hold stays until released.
                job.reason_desc.clone(),
            ));
        }
        if job.dependency.is_some() {
            let reason = if job.dependency_failed {
                Reason::DependencyNeverSatisfied
            } else {
                Reason::Dependency
            };
            return Some((reason, None));
        }
        if job.begin_time.is_some_and(|b| b > self.now) {
            return Some((Reason::BeginTime, None));
        }
        if let Some(reason) = self.partition_limit_of(job) {
            return Some((reason, None));
        }
        if let Some(a) = &job.array
            && a.task.is_none()
            && let Some(max) = a.max_running
            && self.running_tasks(a.array_job_id) >= max
        {
            return Some((Reason::JobArrayTaskLimit, None));
        }
        None
    }

    /// A partition limit the job exceeds (only left pending, rather than
    /// refused at submission, under `EnforcePartLimits=NO`).
    fn partition_limit_of(&self, job: &Job) -> Option<Reason> {
        if self.config.enforce_part_limits != EnforcePartLimits::No {
            return None;
        }
        let part = self.partitions.get(job.partition_index)?;
        let max_nodes = part
            .max_nodes
            .unwrap_or(u32::MAX)
            .min(part.nodes.len() as u32);
        if job.request.nodes.is_some_and(|(min, _)| min > max_nodes) {
            return Some(Reason::PartitionNodeLimit);
        }
        if job.time_limit > part.max_time {
            return Some(Reason::PartitionTimeLimit);
        }
        None
    }

    /// Running tasks of an array.
    fn running_tasks(&self, array_job_id: u32) -> u32 {
        let count = self
            .runs
            .running()
            .filter_map(|id| self.jobs.get(&id))
            .filter(|j| {
                j.array
                    .as_ref()
                    .is_some_and(|a| a.array_job_id == array_job_id)
            })
            .count();
        u32::try_from(count).unwrap_or(u32::MAX)
    }

    /// What a pending job needs placed; `None` for an unknown partition.
    fn ask(&self, id: u32) -> Option<Ask> {
        self.ask_for(self.jobs.get(&id)?)
    }

    /// When and where a job would start if submitted now, among the
    /// running jobs (`sbatch --test-only`).
    pub(crate) fn will_run(&self, job: &Job) -> Option<(i64, Vec<usize>)> {
        let ask = self.ask_for(job)?;
        self.earliest_start(&ask, &mut Pass::new(self), NEVER)
    }

    /// The nodes a job may not run on: those `-x` names, and those
    /// without the features `-C` asks for.
    fn excluded(&self, job: &Job) -> Vec<usize> {
        let mut out: Vec<usize> = (job.request.exclude.iter())
            .filter_map(|n| self.node_index(n))
            .collect();
        if let Some(text) = &job.request.constraint
            && let Some(constraint) = self.constraint(text)
        {
            let lacking =
                (0..self.nodes.len()).filter(|&n| !constraint.admits(&self.nodes[n].features));
            out.extend(lacking);
        }
        out
    }

    fn ask_for(&self, job: &Job) -> Option<Ask> {
        let part = job.partition_index;
        self.partitions.get(part)?;
        let names = |list: &[String]| -> Vec<usize> {
            list.iter().filter_map(|n| self.node_index(n)).collect()
        };
        let range = job.request.node_range();
        let k = range.map_or(job.shape.nodes, |(min, _)| min);
        let most = range.map_or(k, |(_, max)| max);
        Some(Ask {
            part,
            k: usize::try_from(k).unwrap_or(usize::MAX),
            most: usize::try_from(most).unwrap_or(usize::MAX),
            min_nodes: job
                .request
                .nodes
                .map_or(1, |(min, _)| usize::try_from(min).unwrap_or(usize::MAX)),
            need: job.shape.per_node,
            duration: job
                .time_limit
                .seconds()
                .and_then(|s| i64::try_from(s).ok())
                .unwrap_or(NEVER),
            required: names(&job.request.nodelist),
            excluded: self.excluded(job),
        })
    }

    /// Nodes to start `ask` on now, among open ones (and, for backfill,
    /// holding it without touching a reservation until its time limit),
    /// lowest weight and index first, required nodes included.
    fn pick_now(&self, ask: &Ask, pass: &mut Pass, respect_resv: bool) -> Option<Vec<usize>> {
        pass.prepare(self, ask.part, ask.need);
        let pass = &*pass;
        let now = self.now;
        let end = now.saturating_add(ask.duration);
        let fits = |n: usize| {
            pass.open[n]
                && self.nodes[n].free().holds(ask.need)
                && (!respect_resv || pass.holds(self, n, ask.need, now, end))
        };
        let mut chosen: Vec<usize> = Vec::with_capacity(ask.k);
        for &n in &ask.required {
            if !fits(n) {
                return None;
            }
            chosen.push(n);
        }
        for &n in pass.candidates(ask.part, ask.need) {
            if chosen.len() >= ask.most {
                break;
            }
            if !chosen.contains(&n) && !ask.excluded.contains(&n) && fits(n) {
                chosen.push(n);
            }
        }
        (chosen.len() >= ask.k && ask.k > 0).then_some(chosen)
    }

    /// A required node that is down, drained or not responding.
    fn unavailable_required(&self, ask: &Ask) -> Vec<usize> {
        ask.required
            .iter()
            .copied()
            .filter(|&n| !self.nodes[n].usable())
            .collect()
    }

    /// Sets a pending job's reason.
    fn set_reason(&mut self, id: u32, reason: Reason, desc: Option<String>) {
        if let Some(job) = self.jobs.get_mut(&id) {
            job.reason = reason;
            job.reason_desc = desc;
        }
        self.queue.note_reason(&self.jobs, id);
    }

    /// Whether node `n` is in partition `part`.
    fn in_partition(&self, n: usize, part: usize) -> bool {
        self.membership
            .get(part)
            .and_then(|m| m.get(n))
            .copied()
            .unwrap_or(false)
    }

    /// A job behind a blocked partition waits for `Priority`, unless it
    /// waits for something else.
    fn mark_priority(&mut self, id: u32) {
        let Some(job) = self.jobs.get(&id) else {
            return;
        };
        if job.state != JobState::Pending {
            self.queue.note_reason(&self.jobs, id);
            return;
        }
        match self.blocked_job(job) {
            Some((reason, desc)) => self.set_reason(id, reason, desc),
            None => self.set_reason(id, Reason::Priority, None),
        }
    }

    /// Starts a pending job (an array record starts its next task, and
    /// further tasks while they fit) on `nodes`.
    fn launch(&mut self, id: u32, nodes: &[usize], pass: &mut Pass, by: SchedBy) {
        // What nodes hold changes: earliest times must be worked out again.
        pass.earliest_memo.clear();
        let run = self.split_array_task(id);
        self.start_job(run, nodes, by);
        if run == id {
            return;
        }
        loop {
            if let Some((reason, desc)) = self.blocked(id) {
                self.set_reason(id, reason, desc);
                return;
            }
            let Some(ask) = self.ask(id) else { return };
            let Some(nodes) = self.pick_now(&ask, pass, by == SchedBy::Backfill) else {
                return;
            };
            let run = self.split_array_task(id);
            self.start_job(run, &nodes, by);
            if run == id {
                return;
            }
        }
    }

    /// One pass of the main scheduler over at most `depth` jobs of the
    /// queue (all with `None`).
    pub(crate) fn schedule(&mut self, depth: Option<usize>) {
        let queue = self.queue.take(&self.jobs);
        let started_before = self.runs.launched().len();
        let mut pass = Pass::new(self);
        let mut blocked = Blocked::default();
        // Which partitions have queued jobs (a full pass stops once all
        // of them are blocked).
        let mut queued_parts = vec![false; self.partitions.len()];
        if depth.is_none() {
            for q in &queue {
                if let Some(slot) = queued_parts.get_mut(q.partition) {
                    *slot = true;
                }
            }
        }
        for q in queue.iter().take(depth.unwrap_or(usize::MAX)) {
            if blocked.partitions.contains(&q.partition) {
                // Behind a blocked partition: `Priority`, unless the job
                // waits for something else.
                if self.queue.has_stale_reason(q.job) {
                    self.mark_priority(q.job);
                }
                let all_blocked = queued_parts
                    .iter()
                    .enumerate()
                    .all(|(p, queued)| !queued || blocked.partitions.contains(&p));
                if depth.is_none() && all_blocked {
                    self.mark_rest_behind(&blocked);
                    break;
                }
                continue;
            }
            if self.try_start(q.job, q.partition, &mut pass, &mut blocked.shapes) {
                blocked.partitions.push(q.partition);
                blocked.top.push(q.job);
                pass.close(self, q.partition);
            }
        }
        let launched = self.runs.launched();
        let started = &launched[started_before.min(launched.len())..];
        self.queue.put_back(queue, started);
    }

    /// Every partition is blocked: what is left of the queue only needs
    /// its reason, and only jobs with a stale one (`None`, `Resources`)
    /// change to `Priority`; the job that blocked each partition keeps
    /// `Resources`.
    fn mark_rest_behind(&mut self, blocked: &Blocked) {
        let rest: Vec<u32> = self
            .queue
            .stale_reasons()
            .filter(|id| !blocked.top.contains(id))
            .collect();
        for id in rest {
            if self
                .jobs
                .get(&id)
                .is_some_and(|j| blocked.partitions.contains(&j.partition_index))
            {
                self.mark_priority(id);
            }
        }
    }

    /// Tries to start one pending job of the main pass in partition
    /// `part`, setting its reason when it cannot run; true when it is
    /// blocked for lack of resources (which blocks its partition for the
    /// rest of the pass). `failed_shapes` remembers the shapes that found
    /// no room, so that jobs of the same shape are not placed again.
    fn try_start(
        &mut self,
        id: u32,
        part: usize,
        pass: &mut Pass,
        failed_shapes: &mut Vec<(usize, Res, usize)>,
    ) -> bool {
        let Some(job) = self.jobs.get(&id) else {
            return false;
        };
        if job.state != JobState::Pending {
            return false;
        }
        let reason_before = job.reason;
        if let Some((reason, desc)) = self.blocked_job(job) {
            if reason != reason_before || desc != job.reason_desc {
                self.set_reason(id, reason, desc);
            }
            return false;
        }
        if self
            .partitions
            .get(part)
            .is_none_or(|p| p.state != PartitionState::Up)
        {
            return false;
        }
        let Some(ask) = self.ask_for(job) else {
            return false;
        };
        let now = self.now;
        if let Some(job) = self.jobs.get_mut(&id) {
            job.last_sched_eval = now;
            job.sched_by = SchedBy::Main;
            job.backfill_last = false;
        }
        let down = self.unavailable_required(&ask);
        if !down.is_empty() {
            let desc = format!("ReqNodeNotAvail, UnavailableNodes:{}", self.hostlist(&down));
            self.set_reason(id, Reason::ReqNodeNotAvail, Some(desc));
            return false;
        }
        let open = if ask.excluded.is_empty() {
            pass.open_in(self, part)
        } else {
            self.partitions[part]
                .nodes
                .iter()
                .filter(|&&n| pass.open[n] && !ask.excluded.contains(&n))
                .count()
        };
        if open < ask.min_nodes {
            self.set_reason(id, Reason::Resources, Some(NODES_UNAVAILABLE.to_owned()));
            return true;
        }
        let key = (part, ask.need, ask.k);
        let simple = ask.required.is_empty() && ask.excluded.is_empty();
        let picked = if simple && failed_shapes.contains(&key) {
            None
        } else {
            self.pick_now(&ask, pass, false)
        };
        match picked {
            Some(nodes) => {
                self.launch(id, &nodes, pass, SchedBy::Main);
                false
            }
            None => {
                if simple {
                    failed_shapes.push(key);
                }
                self.set_reason(id, Reason::Resources, None);
                true
            }
        }
    }

    /// One backfill pass (see the module documentation).
    pub(crate) fn backfill(&mut self) {
        if !self.queue.take_backfill_pass() {
            return;
        }
        let queue = self.queue.take(&self.jobs);
        let started_before = self.runs.launched().len();
        let now = self.now;
        let horizon = now.saturating_add(self.params.bf_window_s);
        let mut pass = Pass::with_reservations(self);
        // Shapes that found no room now, with the shortest time limit that
        // failed: a longer one meets every reservation a shorter one meets
        // (`i64::MIN` when there was no room even without reservations).
        let mut full: Vec<((usize, Res, usize), i64)> = Vec::new();
        let mut reserved = 0;
        let mut tested = 0;
        for &Queued { job: id, .. } in &queue {
            if tested >= self.params.bf_max_job_test {
                break;
            }
            let Some((at, ask)) = self.backfill_ask(id) else {
                continue;
            };
            tested += 1;
            if let Some(job) = self.jobs.at_mut(at) {
                job.last_sched_eval = now;
                job.sched_by = SchedBy::Backfill;
                job.backfill_last = true;
            }
            let shape = (ask.part, ask.need, ask.k);
            let simple = ask.required.is_empty() && ask.excluded.is_empty();
            let known_full = simple
                && full
                    .iter()
                    .any(|&(s, shortest)| s == shape && ask.duration >= shortest);
            let picked = if known_full {
                None
            } else {
                self.pick_now(&ask, &mut pass, true)
            };
            if let Some(nodes) = picked {
                self.launch(id, &nodes, &mut pass, SchedBy::Backfill);
                continue;
            }
            if simple && !known_full {
                let shortest = if self.pick_now(&ask, &mut pass, false).is_none() {
                    i64::MIN
                } else {
                    ask.duration
                };
                match full.iter_mut().find(|(s, _)| *s == shape) {
                    Some((_, known)) => *known = (*known).min(shortest),
                    None => full.push((shape, shortest)),
                }
            }
            if reserved >= self.params.bf_reserve_depth {
                continue;
            }
            if self.reserve(id, &ask, &mut pass, horizon) {
                reserved += 1;
            }
        }
        let launched = self.runs.launched();
        let started = &launched[started_before.min(launched.len())..];
        self.queue.put_back(queue, started);
    }

    /// A job the backfill scheduler tests: pending, free to run, in a
    /// partition that is up. Its place in the job table and its ask.
    fn backfill_ask(&self, id: u32) -> Option<(usize, Ask)> {
        let at = self.jobs.position(&id)?;
        let job = self.jobs.at(at)?;
        if job.state != JobState::Pending || self.blocked_job(job).is_some() {
            return None;
        }
        let ask = self.ask_for(job)?;
        (self.partitions[ask.part].state == PartitionState::Up).then_some((at, ask))
    }

    /// Reserves the earliest start within `horizon` for a job that cannot
    /// start now (rounded to `bf_resolution`), and records it as the job's
    /// expected start and `SchedNodeList`; false if none is in reach.
    fn reserve(&mut self, id: u32, ask: &Ask, pass: &mut Pass, horizon: i64) -> bool {
        let Some((start, nodes)) = self.earliest_start(ask, pass, horizon) else {
            return false;
        };
        let res = self.params.bf_resolution_s.max(1);
        let r_start = start / res * res;
        let r_end = (start.saturating_add(ask.duration) / res * res).max(r_start + res);
        for &n in &nodes {
            pass.resv[n].push(Resv {
                start: r_start,
                end: r_end,
                res: ask.need,
            });
            if !pass.reserved.contains(&n) {
                pass.reserved.push(n);
            }
        }
        if let Some(job) = self.jobs.get_mut(&id) {
            job.start_time = Some(start);
            job.end_time = Some(start.saturating_add(ask.duration));
            job.sched_nodes = nodes;
        }
        true
    }

    /// The earliest start of a job within the horizon, and its nodes:
    /// the k-th earliest node time, or the first later time at which k
    /// nodes hold it without touching a reservation; the nodes lowest in
    /// allocation order among those ready then.
    fn earliest_start(
        &self,
        ask: &Ask,
        pass: &mut Pass,
        horizon: i64,
    ) -> Option<(i64, Vec<usize>)> {
        if ask.k == 0 {
            return None;
        }
        let memo_at = self.earliest_memo(ask, pass, horizon);
        let pass = &*pass;
        let usable = |n: usize| pass.open[n] && !ask.excluded.contains(&n);
        // Nodes with reservations: their own times, for this duration.
        let mut special: Vec<NodeTime> = pass
            .reserved
            .iter()
            .copied()
            .filter(|&n| usable(n) && self.in_partition(n, ask.part))
            .filter_map(|n| {
                pass.earliest(self, n, ask.need, ask.duration, horizon)
                    .map(|t| (t, (self.nodes[n].weight, n)))
            })
            .collect();
        crate::sort::sort(&mut special);
        let plain = pass.earliest_memo[memo_at]
            .1
            .iter()
            .copied()
            .filter(|&(_, (_, n))| usable(n) && pass.reservations(n).is_empty());
        let merged = merge_by_time(plain, special, ask.k);
        let kth = merged.get(ask.k - 1)?.0;
        if let Some(chosen) = self.nodes_ready_at(ask, pass, &merged, kth) {
            return Some((kth, chosen));
        }
        // A reservation stands in the way: every later time, in order,
        // over all the nodes.
        let mut all: Vec<NodeTime> = self.partitions[ask.part]
            .nodes
            .iter()
            .copied()
            .filter(|&n| usable(n))
            .filter_map(|n| {
                pass.earliest(self, n, ask.need, ask.duration, horizon)
                    .map(|t| (t, (self.nodes[n].weight, n)))
            })
            .collect();
        crate::sort::sort(&mut all);
        let mut times: Vec<i64> = all.iter().map(|&(t, _)| t).filter(|&t| t > kth).collect();
        times.dedup();
        times.into_iter().find_map(|start| {
            self.nodes_ready_at(ask, pass, &all, start)
                .map(|chosen| (start, chosen))
        })
    }

    /// Where the pass keeps, for the job's partition and per-node need,
    /// each node's earliest time with room (nodes without reservations),
    /// computed on first use.
    fn earliest_memo(&self, ask: &Ask, pass: &mut Pass, horizon: i64) -> usize {
        let key = (ask.part, ask.need);
        if let Some(i) = pass.earliest_memo.iter().position(|(k, _)| *k == key) {
            return i;
        }
        let mut times: Vec<NodeTime> = self.partitions[ask.part]
            .nodes
            .iter()
            .filter_map(|&n| {
                earliest_free(self, n, ask.need, horizon).map(|t| (t, (self.nodes[n].weight, n)))
            })
            .collect();
        crate::sort::sort(&mut times);
        pass.earliest_memo.push((key, times));
        pass.earliest_memo.len() - 1
    }

    /// The nodes for a job starting at `start`: its required nodes, then
    /// those of `times` with room by then in weight order, if there are
    /// enough that hold it for its whole duration.
    fn nodes_ready_at(
        &self,
        ask: &Ask,
        pass: &Pass,
        times: &[NodeTime],
        start: i64,
    ) -> Option<Vec<usize>> {
        let end = start.saturating_add(ask.duration);
        let ok = |n: usize| pass.holds(self, n, ask.need, start, end);
        let mut ready: Vec<(u32, usize)> = times
            .iter()
            .take_while(|&&(t, _)| t <= start)
            .map(|&(_, order)| order)
            .collect();
        crate::sort::sort(&mut ready);
        if !ask
            .required
            .iter()
            .all(|r| ready.iter().any(|&(_, n)| n == *r) && ok(*r))
        {
            return None;
        }
        let mut chosen = ask.required.clone();
        for &(_, n) in &ready {
            if chosen.len() >= ask.k {
                break;
            }
            if !chosen.contains(&n) && ok(n) {
                chosen.push(n);
            }
        }
        (chosen.len() >= ask.k).then_some(chosen)
    }
}

/// The reason text of a job whose partition has too few nodes left open.
pub(crate) const NODES_UNAVAILABLE: &str =
    "Nodes required for job are DOWN, DRAINED or reserved for jobs in higher priority partitions";
