//! The cluster's jobs by id. Job ids only grow, so the table is two
//! arrays in id order: the ids, searched by bisection in a compact array,
//! and the jobs, scanned front to back. Both are far friendlier to the
//! cache than a tree of large records, which matters when the scheduler
//! looks at thousands of jobs every pass.

use serde::{Deserialize, Serialize};

use super::state::Job;

/// Jobs by id, in id order.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(from = "Vec<Job>", into = "Vec<Job>")]
pub struct JobTable {
    ids: Vec<u32>,
    jobs: Vec<Job>,
}

impl JobTable {
    /// An empty table.
    pub fn new() -> Self {
        Self::default()
    }

    /// The job with this id.
    pub fn get(&self, id: &u32) -> Option<&Job> {
        self.ids
            .binary_search(id)
            .ok()
            .and_then(|i| self.jobs.get(i))
    }

    /// The job with this id, to change.
    pub fn get_mut(&mut self, id: &u32) -> Option<&mut Job> {
        self.ids
            .binary_search(id)
            .ok()
            .and_then(|i| self.jobs.get_mut(i))
    }

    /// Where the job with this id is, for [`Self::at`] and [`Self::at_mut`].
    pub fn position(&self, id: &u32) -> Option<usize> {
        self.ids.binary_search(id).ok()
    }

    /// The job at a position.
    pub fn at(&self, i: usize) -> Option<&Job> {
        self.jobs.get(i)
    }

    /// The job at a position, to change.
    pub fn at_mut(&mut self, i: usize) -> Option<&mut Job> {
        self.jobs.get_mut(i)
    }

    /// Whether a job has this id.
    pub fn contains_key(&self, id: &u32) -> bool {
        self.ids.binary_search(id).is_ok()
    }

    /// Adds a job (or replaces the one with its id).
    pub fn insert(&mut self, id: u32, job: Job) {
        match self.ids.binary_search(&id) {
            Ok(i) => self.jobs[i] = job,
            Err(i) => {
                self.ids.insert(i, id);
                self.jobs.insert(i, job);
            }
        }
    }

    /// The jobs in id order.
    pub fn values(&self) -> std::slice::Iter<'_, Job> {
        self.jobs.iter()
    }

    /// The jobs in id order, to change.
    pub fn values_mut(&mut self) -> std::slice::IterMut<'_, Job> {
        self.jobs.iter_mut()
    }

    /// How many jobs.
    pub fn len(&self) -> usize {
        self.jobs.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.jobs.is_empty()
    }
}

impl From<Vec<Job>> for JobTable {
    fn from(mut jobs: Vec<Job>) -> Self {
        crate::sort::by_key(&mut jobs, |j| j.id);
        jobs.dedup_by_key(|j| j.id);
        Self {
            ids: jobs.iter().map(|j| j.id).collect(),
            jobs,
        }
    }
}

impl From<JobTable> for Vec<Job> {
    fn from(table: JobTable) -> Self {
        table.jobs
    }
}
