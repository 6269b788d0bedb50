//! The queue of pending jobs as the schedulers see it: the jobs in priority
//! order, which of them may need their reason recomputed, and which
//! scheduler passes something has changed for. The order is kept in step
//! job by job, or rebuilt once when priorities change; the jobs themselves
//! (and their priorities) live in the job table.

use crate::sorted::SortedSet;
use std::cmp::Reverse;

use serde::{Deserialize, Serialize};

use super::jobs::JobTable;
use super::state::{JobState, Reason};

/// A pending job in the queue, with the partition it waits in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Queued {
    pub(crate) job: u32,
    /// Its index in the cluster's partitions.
    pub(crate) partition: usize,
}

/// Pending jobs by priority (descending), then id, and what the
/// schedulers owe a look at.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Queue {
    /// The pending jobs in order (while `reorder` is false).
    order: Vec<Queued>,
    /// Priorities changed: the order is rebuilt before the next pass.
    reorder: bool,
    /// Pending jobs whose reason is `None` or `Resources`: the main
    /// scheduler turns these into `Priority` behind a blocked partition
    /// without looking at every job.
    stale_reasons: SortedSet<u32>,
    /// A main scheduler pass is due at the next event.
    main_due: bool,
    /// Something changed since the last backfill pass.
    backfill_due: bool,
}

impl Default for Queue {
    /// Empty, with a first backfill pass due.
    fn default() -> Self {
        Self {
            order: Vec::new(),
            reorder: false,
            stale_reasons: SortedSet::new(),
            main_due: false,
            backfill_due: true,
        }
    }
}

impl Queue {
    /// The place a pending job has (or would have) in the order.
    fn position(&self, jobs: &JobTable, id: u32) -> Option<usize> {
        let key = (Reverse(jobs.get(&id)?.priority), id);
        Some(self.order.partition_point(|q| {
            jobs.get(&q.job)
                .is_some_and(|o| (Reverse(o.priority), q.job) < key)
        }))
    }

    /// Puts a new pending job in its place (or leaves it to the next
    /// rebuild).
    pub(crate) fn insert(&mut self, jobs: &JobTable, id: u32) {
        if self.reorder {
            return;
        }
        let partition = jobs.get(&id).map_or(0, |j| j.partition_index);
        if let Some(at) = self.position(jobs, id) {
            self.order.insert(at, Queued { job: id, partition });
        }
    }

    /// Takes a job that is no longer pending out of the order.
    pub(crate) fn remove(&mut self, jobs: &JobTable, id: u32) {
        if self.reorder {
            return;
        }
        match self.position(jobs, id) {
            Some(at) if self.order.get(at).is_some_and(|q| q.job == id) => {
                self.order.remove(at);
            }
            // Not where its priority says: look for it.
            _ => self.order.retain(|q| q.job != id),
        }
    }

    /// Priorities changed (or a job came back): rebuild the order before
    /// the next pass.
    pub(crate) fn reorder(&mut self) {
        self.reorder = true;
    }

    /// The order for a scheduler pass, rebuilt first if it is out of date;
    /// give it back with [`Self::put_back`].
    pub(crate) fn take(&mut self, jobs: &JobTable) -> Vec<Queued> {
        if self.reorder {
            let mut pending: Vec<(u32, Queued)> = jobs
                .values()
                .filter(|j| j.state == JobState::Pending)
                .map(|j| {
                    let queued = Queued {
                        job: j.id,
                        partition: j.partition_index,
                    };
                    (j.priority, queued)
                })
                .collect();
            pending.sort_unstable_by_key(|&(p, q)| (Reverse(p), q.job));
            self.order = pending.into_iter().map(|(_, q)| q).collect();
            self.reorder = false;
        }
        std::mem::take(&mut self.order)
    }

    /// The order after a pass, without the jobs it started.
    pub(crate) fn put_back(&mut self, mut order: Vec<Queued>, started: &[u32]) {
        if !started.is_empty() {
            order.retain(|q| !started.contains(&q.job));
        }
        self.order = order;
    }

    /// Keeps the stale reasons in step with a job's state and reason.
    pub(crate) fn note_reason(&mut self, jobs: &JobTable, id: u32) {
        let stale = jobs.get(&id).is_some_and(|j| {
            j.state == JobState::Pending && matches!(j.reason, Reason::None | Reason::Resources)
        });
        if stale {
            self.stale_reasons.insert(id);
        } else {
            self.stale_reasons.remove(&id);
        }
    }

    /// Whether a pending job's reason is `None` or `Resources`.
    pub(crate) fn has_stale_reason(&self, id: u32) -> bool {
        self.stale_reasons.contains(&id)
    }

    /// The pending jobs whose reason is `None` or `Resources`, by id.
    pub(crate) fn stale_reasons(&self) -> impl Iterator<Item = u32> + '_ {
        self.stale_reasons.iter().copied()
    }

    /// Something a job could start on changed (a job ended or was
    /// submitted, a node came back): both schedulers look again.
    pub(crate) fn changed(&mut self) {
        self.main_due = true;
        self.backfill_due = true;
    }

    /// Only the resources changed (a job started or stopped holding
    /// them): the backfill plan is out of date.
    pub(crate) fn resources_changed(&mut self) {
        self.backfill_due = true;
    }

    /// Asks for a main scheduler pass at the next event.
    pub(crate) fn request_main_pass(&mut self) {
        self.main_due = true;
    }

    /// Whether a main pass was asked for, clearing the request.
    pub(crate) fn take_main_pass(&mut self) -> bool {
        std::mem::take(&mut self.main_due)
    }

    /// Whether a backfill pass has anything new to look at, clearing it.
    pub(crate) fn take_backfill_pass(&mut self) -> bool {
        std::mem::take(&mut self.backfill_due)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passes_are_asked_for_and_taken_once() {
        let mut q = Queue::default();
        assert!(q.take_backfill_pass(), "a first backfill pass is due");
        assert!(!q.take_backfill_pass());
        assert!(!q.take_main_pass());
        q.resources_changed();
        assert!(!q.take_main_pass());
        assert!(q.take_backfill_pass());
        q.changed();
        assert!(q.take_main_pass() && q.take_backfill_pass());
        q.request_main_pass();
        assert!(!q.take_backfill_pass());
        assert!(q.take_main_pass());
    }

    #[test]
    fn a_pass_gives_the_order_back_without_what_it_started() {
        let mut q = Queue::default();
        let jobs = JobTable::new();
        let queued = |job| Queued { job, partition: 0 };
        q.put_back(vec![queued(1), queued(2), queued(3)], &[2]);
        assert_eq!(q.take(&jobs), [queued(1), queued(3)]);
        assert!(q.take(&jobs).is_empty(), "taken until given back");
        q.reorder();
        assert!(q.take(&jobs).is_empty(), "rebuilt from the (empty) table");
    }
}
