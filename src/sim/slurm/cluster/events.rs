//! The event loop behind [`Cluster::advance`]: time moves from event to
//! event — commands jobs' scripts ran ahead of the clock, jobs ending
//! (their run time or their time limit), requeued jobs
//! reaching their begin time, resumed nodes answering, and the periodic
//! priority calculation, main-scheduler pass and backfill pass — and after
//! each, the schedulers run as Slurm's would.

use serde::{Deserialize, Serialize};

use super::Cluster;
use super::lifecycle::Ending;
use super::runner::{NoPrograms, ProgramRunner};
use super::state::{JobState, Reason};

/// A node whose slurmd answers again at a time; ordered by time, then node.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
struct Answer {
    /// Seconds since the epoch.
    at: i64,
    /// The node, an index into the cluster's.
    node: usize,
}

/// The not-responding nodes the event loop waits to hear from, earliest
/// first, each once: a handful at most, so a sorted list (saved as the
/// set it once was).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Answers(Vec<Answer>);

impl Answers {
    /// Node `node` answers at `at`.
    pub(crate) fn expect(&mut self, node: usize, at: i64) {
        let answer = Answer { at, node };
        if let Err(place) = self.0.binary_search(&answer) {
            self.0.insert(place, answer);
        }
    }

    /// When the first of them answers.
    fn next_time(&self) -> Option<i64> {
        self.0.first().map(|a| a.at)
    }

    /// Takes the nodes that answer by `now`, earliest first.
    fn take_due(&mut self, now: i64) -> Vec<usize> {
        let due = self.0.partition_point(|a| a.at <= now);
        self.0.drain(..due).map(|a| a.node).collect()
    }
}

impl Cluster {
    /// Lets `seconds` of simulated time pass, running the event loop; the
    /// cluster's own programs run the jobs' commands.
    pub fn advance(&mut self, seconds: u64) {
        self.advance_with(seconds, &mut NoPrograms);
    }

    /// [`Self::advance`] with programs from `programs` first.
    pub fn advance_with(&mut self, seconds: u64, programs: &mut dyn ProgramRunner) {
        let target = self
            .now
            .saturating_add(i64::try_from(seconds).unwrap_or(i64::MAX / 4));
        self.run_until(target, programs);
    }

    /// Processes every event up to and including `target`.
    pub(crate) fn run_until(&mut self, target: i64, programs: &mut dyn ProgramRunner) {
        // What commands changed since the last event is scheduled first.
        self.step(false, programs);
        loop {
            let next = self.next_event();
            if next > target {
                break;
            }
            self.now = next;
            self.step(true, programs);
        }
        self.now = target;
    }

    /// The time of the next event.
    pub(crate) fn next_event(&self) -> i64 {
        let mut next = self
            .timers
            .next_calc
            .min(self.timers.next_backfill)
            .min(self.timers.next_sched);
        if let Some(t) = self.runs.next_time() {
            next = next.min(t);
        }
        if let Some(t) = self.answers.next_time() {
            next = next.min(t);
        }
        if let Some(t) = self.next_deferred() {
            next = next.min(t);
        }
        next.max(self.now)
    }

    /// Everything due at the current time, then the schedulers.
    fn step(&mut self, timed: bool, programs: &mut dyn ProgramRunner) {
        let now = self.now;
        // What scripts did by now, before their runs end.
        self.run_deferred(programs);
        // Jobs ending now, in id order for a deterministic sequence.
        for id in self.runs.take_due_ends(now) {
            let timeout = self.jobs.get(&id).is_some_and(|j| {
                j.natural_end
                    .is_none_or(|n| j.end_time.is_some_and(|e| e < n))
            });
            self.end_job(
                id,
                if timeout {
                    Ending::Timeout
                } else {
                    Ending::Natural
                },
            );
        }
        for id in self.runs.take_due_begins(now) {
            if let Some(job) = self.jobs.get_mut(&id)
                && job.state == JobState::Pending
            {
                job.begin_time = None;
                if job.reason == Reason::BeginTime {
                    job.reason = Reason::None;
                }
                self.queue.note_reason(&self.jobs, id);
            }
            self.queue.changed();
        }
        for n in self.answers.take_due(now) {
            if let Some(node) = self.nodes.get_mut(n)
                && node.responds_at.is_some_and(|t| t <= now)
            {
                node.responds_at = None;
                node.not_responding = false;
                self.queue.changed();
            }
        }
        if timed && self.timers.next_calc <= now {
            self.recalc_priorities();
            self.timers.next_calc = self.params.next_calc(now, &self.config);
        }
        let full = timed && self.timers.next_sched <= now;
        if full {
            self.timers.next_sched = self.params.next_tick(now, self.params.sched_interval_s);
            self.schedule(None);
            self.queue.take_main_pass();
        } else if self.queue.take_main_pass() {
            self.schedule(Some(self.params.default_queue_depth));
        }
        self.run_launched(programs);
        if timed && self.timers.next_backfill <= now {
            self.timers.next_backfill = self.params.next_tick(now, self.params.bf_interval_s);
            self.backfill();
            self.run_launched(programs);
        }
    }
}
