//! The jobs the event loop and the schedulers look up by time: running
//! jobs by when they end and what they hold on each node, pending jobs by
//! their begin time, and the jobs started whose scripts have not run. Its
//! methods keep the indexes agreeing with each other; the jobs themselves
//! live in the job table.

use crate::sorted::{SortedMap, SortedSet};

use serde::{Deserialize, Serialize};

use super::resources::Res;

/// A job due at a time; ordered by time, then job id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub(crate) struct Due {
    /// Seconds since the epoch.
    pub(crate) at: i64,
    pub(crate) job: u32,
}

/// What a running job holds on one node, until its time limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Holding {
    /// The job's time limit: the latest it gives the resources back.
    pub(crate) until: i64,
    pub(crate) job: u32,
    pub(crate) res: Res,
}

/// Running and waiting jobs, indexed by time.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct RunIndex {
    /// Running jobs by the time the event loop ends them.
    ends: SortedSet<Due>,
    /// Each running job's time in `ends`.
    end_of: SortedMap<u32, i64>,
    /// Per node, what its running jobs hold, by time limit.
    holdings: Vec<Vec<Holding>>,
    /// Pending jobs waiting for a begin time.
    begins: SortedSet<Due>,
    /// Jobs started whose scripts have not run yet, in start order.
    launched: Vec<u32>,
}

impl RunIndex {
    /// An empty index for `nodes` nodes.
    pub(crate) fn new(nodes: usize) -> Self {
        Self {
            holdings: vec![Vec::new(); nodes],
            ..Self::default()
        }
    }

    /// The earliest end or begin time, if any job is waiting for one.
    pub(crate) fn next_time(&self) -> Option<i64> {
        let end = self.ends.first().map(|d| d.at);
        let begin = self.begins.first().map(|d| d.at);
        end.into_iter().chain(begin).min()
    }

    /// A job starts on `nodes`, holding `held` on them (in order) until
    /// `until`; its script is due to run.
    pub(crate) fn start(&mut self, job: u32, nodes: &[usize], until: i64, held: &[Res]) {
        self.hold(job, nodes, until, held);
        self.launched.push(job);
    }

    /// Records what `job` holds on `nodes` until `until`.
    fn hold(&mut self, job: u32, nodes: &[usize], until: i64, held: &[Res]) {
        for (&n, &res) in nodes.iter().zip(held) {
            if let Some(list) = self.holdings.get_mut(n) {
                let at = list.partition_point(|h| h.until <= until);
                list.insert(at, Holding { until, job, res });
            }
        }
    }

    /// The jobs running on node `n`.
    pub(crate) fn jobs_on(&self, n: usize) -> impl Iterator<Item = u32> + '_ {
        self.holdings.get(n).into_iter().flatten().map(|h| h.job)
    }

    /// A job gives its nodes back: no holdings, no end event.
    pub(crate) fn stop(&mut self, job: u32, nodes: &[usize]) {
        self.release(job, nodes);
        self.clear_end(job);
    }

    /// Forgets what `job` holds on `nodes`.
    fn release(&mut self, job: u32, nodes: &[usize]) {
        for &n in nodes {
            if let Some(list) = self.holdings.get_mut(n) {
                list.retain(|h| h.job != job);
            }
        }
    }

    /// A running job's time limit changed to `until`.
    pub(crate) fn relimit(&mut self, job: u32, nodes: &[usize], until: i64, held: &[Res]) {
        self.release(job, nodes);
        self.hold(job, nodes, until, held);
    }

    /// Sets when the event loop ends a running job.
    pub(crate) fn set_end(&mut self, job: u32, at: i64) {
        self.clear_end(job);
        self.end_of.insert(job, at);
        self.ends.insert(Due { at, job });
    }

    /// Forgets a job's end event.
    pub(crate) fn clear_end(&mut self, job: u32) {
        if let Some(at) = self.end_of.remove(&job) {
            self.ends.remove(&Due { at, job });
        }
    }

    /// When the event loop ends a running job.
    pub(crate) fn end_of(&self, job: u32) -> Option<i64> {
        self.end_of.get(&job).copied()
    }

    /// The jobs whose end is due by `now`, their end events taken, in id
    /// order (a deterministic sequence).
    pub(crate) fn take_due_ends(&mut self, now: i64) -> Vec<u32> {
        let mut due: Vec<u32> = self
            .ends
            .iter()
            .take_while(|d| d.at <= now)
            .map(|d| d.job)
            .collect();
        for &job in &due {
            self.clear_end(job);
        }
        crate::sort::sort(&mut due);
        due
    }

    /// The running jobs, by the time they end.
    pub(crate) fn running(&self) -> impl Iterator<Item = u32> + '_ {
        self.ends.iter().map(|d| d.job)
    }

    /// What the running jobs hold on node `n`, by time limit.
    pub(crate) fn holdings(&self, n: usize) -> &[Holding] {
        self.holdings.get(n).map_or(&[], Vec::as_slice)
    }

    /// A pending job waits until `at`.
    pub(crate) fn add_begin(&mut self, job: u32, at: i64) {
        self.begins.insert(Due { at, job });
    }

    /// A pending job no longer waits for a begin time.
    pub(crate) fn remove_begin(&mut self, job: u32) {
        self.begins.retain(|d| d.job != job);
    }

    /// The jobs whose begin time has come by `now`, taken out.
    pub(crate) fn take_due_begins(&mut self, now: i64) -> Vec<u32> {
        let due: Vec<u32> = self
            .begins
            .iter()
            .take_while(|d| d.at <= now)
            .map(|d| d.job)
            .collect();
        for &job in &due {
            self.remove_begin(job);
        }
        due
    }

    /// The jobs started since the last [`Self::take_launched`], in order.
    pub(crate) fn launched(&self) -> &[u32] {
        &self.launched
    }

    /// Takes the started jobs whose scripts are due to run.
    pub(crate) fn take_launched(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.launched)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn res(cpus: u32) -> [Res; 2] {
        let one = Res {
            cpus,
            ..Res::default()
        };
        [one; 2]
    }

    #[test]
    fn holdings_stay_in_time_limit_order_and_go_with_the_job() {
        let mut index = RunIndex::new(2);
        index.start(7, &[0, 1], 500, &res(2));
        index.start(8, &[0], 100, &res(1));
        let limits: Vec<(i64, u32)> = index.holdings(0).iter().map(|h| (h.until, h.job)).collect();
        assert_eq!(limits, [(100, 8), (500, 7)]);
        index.relimit(7, &[0, 1], 50, &res(2));
        assert_eq!(index.holdings(0)[0].job, 7, "the new limit reorders");
        index.set_end(7, 40);
        index.stop(7, &[0, 1]);
        assert!(index.holdings(1).is_empty());
        assert_eq!(index.end_of(7), None, "stopping forgets the end too");
        assert_eq!(index.launched(), [7, 8]);
        assert_eq!(index.take_launched(), [7, 8]);
        assert!(index.launched().is_empty());
        assert!(
            index.holdings(9).is_empty(),
            "an unknown node holds nothing"
        );
    }

    #[test]
    fn due_events_come_out_once_in_order() {
        let mut index = RunIndex::new(1);
        index.set_end(9, 30);
        index.set_end(4, 30);
        index.set_end(5, 10);
        index.set_end(5, 60);
        index.add_begin(3, 20);
        assert_eq!(index.next_time(), Some(20));
        assert_eq!(index.running().collect::<Vec<_>>(), [4, 9, 5]);
        assert_eq!(index.take_due_ends(30), [4, 9], "id order");
        assert_eq!(index.take_due_ends(30), Vec::<u32>::new());
        assert_eq!(index.take_due_begins(30), [3]);
        assert_eq!(index.next_time(), Some(60));
        assert_eq!(index.end_of(5), Some(60), "a new end replaces the old");
    }
}
