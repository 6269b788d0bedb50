//! Steps side by side in one job (`srun ... &` in a batch script), as
//! 22.05.8's controller shares a job among them (`_pick_step_nodes` and
//! `_step_alloc_lps` in step_mgr.c).
//!
//! A running step holds CPUs on each of its nodes: all the job's there,
//! unless srun's line has `--exact` (or `-c`), and then it also needs
//! nodes no other step uses (`SSF_WHOLE`); with `--exact` its tasks'
//! own. It holds the GPUs it asks for, the lowest free ones; a step that
//! asks for none holds none (`gres_ctld_step_alloc` has nothing to give
//! it) and sees all the job's, as before. `--overlap` shares everything
//! and holds nothing. Memory never stands in the way: a step that asks
//! none takes the job's without counting it (`SSF_MEM_ZERO`).
//!
//! A step that does not fit waits until enough steps have ended. srun
//! tries again each time a step of the job ends (`_wake_pending_steps`)
//! or its wait times out, and says so (`launch_common_create_job_step`
//! in launch.c). Steps are placed in the order the script starts them.

use super::job_shell::JobFacts;
use super::lifecycle::lowest_gpus;
use super::step_layout::{StepAsk, StepLayout, StepPlace, layout_around};
use super::task_dist::counts;

/// How long srun waits for word from the controller before it tries
/// again: `slurmctld_timeout` clamped to 60-300 s (launch.c), 120 s by
/// default, plus its process id modulo 10, taken as 0 here.
const RETRY_WAIT_S: u64 = 120;

/// The most "still disabled" lines one srun prints: a step that can
/// never start would print one every two minutes until the job ends.
const MAX_RETRIES: usize = 1_000;

/// What one step holds of its job while it runs.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Held {
    /// Per node of the job (by position), the CPUs it holds there.
    cpus: Vec<u32>,
    /// Per node of the job, the GPUs it holds there (bit `i`: GPU `i`).
    gpus: Vec<u64>,
    /// When it starts, simulated seconds.
    from: u64,
    /// When it ends (`None`: when the job does).
    until: Option<u64>,
}

impl Held {
    fn runs_at(&self, t: u64) -> bool {
        self.from <= t && self.until.is_none_or(|end| end > t)
    }
}

/// What a new step's srun line asks.
#[derive(Debug, Clone, Copy)]
pub(crate) struct StepWant<'a> {
    /// `-N`, `-n`, `-w`, `-x`, `--exact`.
    pub(crate) ask: &'a StepAsk,
    /// The GPUs it asks for on each node.
    pub(crate) gpus_per_node: Option<u32>,
    /// `--overlap`.
    pub(crate) overlap: bool,
}

/// When and where a step starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Start {
    /// When it starts: `None` if never, a step in its way running until
    /// the job ends.
    pub(crate) at: Option<u64>,
    /// Where it runs.
    pub(crate) place: StepPlace,
    /// srun's warning about its layout (empty if none).
    pub(crate) warning: String,
    /// The times srun tried again in vain before it started.
    pub(crate) retries: Vec<u64>,
    /// What it holds, per node of the job: CPUs and GPUs.
    hold: (Vec<u32>, Vec<u64>),
}

/// The steps of one job that hold part of it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct StepHolds {
    held: Vec<Held>,
}

impl StepHolds {
    /// When and where, from the time `t` on, the step `want` of `job`
    /// starts: at the first moment (`t`, or a running step's end) its
    /// CPUs and GPUs are free; or srun's lines refusing it.
    pub(crate) fn start(
        &self,
        job: &JobFacts,
        want: StepWant<'_>,
        t: u64,
    ) -> Result<Start, String> {
        let alone = |layout: StepLayout| {
            let place = job.place(&layout, want.gpus_per_node);
            Start {
                at: Some(t),
                place,
                warning: layout.warning.unwrap_or_default(),
                retries: Vec::new(),
                hold: (Vec::new(), Vec::new()),
            }
        };
        if want.overlap {
            return Ok(alone(layout_around(job.allocation(), want.ask, &[])?));
        }
        // The times a step ends from `t` on: when room may open, and when
        // srun wakes to try again.
        let mut ends: Vec<u64> = (self.held.iter())
            .filter_map(|h| h.until)
            .filter(|&end| end > t)
            .collect();
        crate::sort::sort_dedup(&mut ends);
        for at in std::iter::once(t).chain(ends.iter().copied()) {
            let used = self.used_at(job, at);
            let busy = used.busy(job, want);
            let layout = layout_around(job.allocation(), want.ask, &busy)?;
            if let Some(hold) = used.fit(job, &layout, want.gpus_per_node) {
                let mut place = job.place(&layout, want.gpus_per_node);
                if want.gpus_per_node.is_some() {
                    place.gpus = layout.nodes.iter().map(|&i| hold.1[i]).collect();
                }
                return Ok(Start {
                    at: Some(at),
                    place,
                    warning: layout.warning.unwrap_or_default(),
                    retries: retries(&ends, t, at),
                    hold,
                });
            }
        }
        // Never: it waits until the job ends, where it first asked.
        let mut never = alone(layout_around(job.allocation(), want.ask, &[])?);
        never.at = None;
        never.retries = retries(&ends, t, job.deadline);
        Ok(never)
    }

    /// Keeps what the step `start` holds until `until` (`None`: the job's end).
    pub(crate) fn hold(&mut self, start: &Start, until: Option<u64>) {
        let Some(from) = start.at else {
            return;
        };
        let (cpus, gpus) = start.hold.clone();
        if cpus.iter().any(|&c| c > 0) || gpus.iter().any(|&g| g != 0) {
            self.held.push(Held {
                cpus,
                gpus,
                from,
                until,
            });
        }
    }

    /// What the steps running at `t` hold, per node of `job`.
    fn used_at(&self, job: &JobFacts, t: u64) -> Used {
        let nodes = job.nodes.len();
        let mut used = Used {
            cpus: vec![0; nodes],
            gpus: vec![0; nodes],
        };
        for held in self.held.iter().filter(|h| h.runs_at(t)) {
            for (i, c) in held.cpus.iter().enumerate().take(nodes) {
                used.cpus[i] = used.cpus[i].saturating_add(*c);
            }
            for (i, g) in held.gpus.iter().enumerate().take(nodes) {
                used.gpus[i] |= g;
            }
        }
        used
    }
}

/// The times srun, first asking at `t`, tries again in vain before
/// `stop` (when its step starts, or the job's end): each step end in
/// `ends` (sorted) and each timeout of its wait.
fn retries(ends: &[u64], t: u64, stop: u64) -> Vec<u64> {
    let mut times = Vec::new();
    let mut last = t;
    while times.len() < MAX_RETRIES {
        let timeout = last.saturating_add(RETRY_WAIT_S);
        let woke = (ends.iter().copied())
            .find(|&end| end > last)
            .map_or(timeout, |end| end.min(timeout));
        if woke >= stop || woke == last {
            break;
        }
        times.push(woke);
        last = woke;
    }
    times
}

/// What running steps hold, per node of the job.
struct Used {
    cpus: Vec<u32>,
    gpus: Vec<u64>,
}

impl Used {
    /// The job's nodes (positions) the step `want` cannot use now: put
    /// last when its nodes are picked.
    fn busy(&self, job: &JobFacts, want: StepWant<'_>) -> Vec<usize> {
        (0..job.nodes.len())
            .filter(|&i| {
                let cpus = self.cpus[i];
                let no_cpus = match want.ask.cpus_per_task {
                    None => cpus > 0,
                    Some(_) => cpus >= job.cpus_on_node(i),
                };
                let free_gpus =
                    (job.gpus.get(i).copied().unwrap_or(0) & !self.gpus[i]).count_ones();
                no_cpus || want.gpus_per_node.is_some_and(|n| free_gpus < n)
            })
            .collect()
    }

    /// What the step `layout` would hold on each node of `job` (CPUs,
    /// GPUs), if it fits beside what is used; never more than the job
    /// has, so that a step alone always fits.
    fn fit(
        &self,
        job: &JobFacts,
        layout: &StepLayout,
        gpus_per_node: Option<u32>,
    ) -> Option<(Vec<u32>, Vec<u64>)> {
        let nodes = job.nodes.len();
        let mut cpus = vec![0; nodes];
        let mut gpus = vec![0; nodes];
        let tasks = usize::try_from(layout.tasks).unwrap_or(usize::MAX);
        let each = layout.cpus_per_task.unwrap_or(1).max(1);
        let room: Vec<u32> = (layout.nodes.iter())
            .map(|&i| job.cpus_on_node(i) / each)
            .collect();
        for (&i, here) in layout.nodes.iter().zip(counts(tasks, &room, 1)) {
            let per_node = job.cpus_on_node(i);
            let used = *self.cpus.get(i)?;
            let need = match layout.cpus_per_task {
                None if used > 0 => return None,
                None => per_node,
                Some(each) => u32::try_from(here)
                    .unwrap_or(u32::MAX)
                    .saturating_mul(each)
                    .min(per_node),
            };
            if used.saturating_add(need) > per_node {
                return None;
            }
            cpus[i] = need;
            if let Some(n) = gpus_per_node {
                let mine = job.gpus.get(i).copied().unwrap_or(0);
                let free = mine & !self.gpus[i];
                if free.count_ones() < n.min(mine.count_ones()) {
                    return None;
                }
                gpus[i] = lowest_gpus(free, n);
            }
        }
        Some((cpus, gpus))
    }
}

impl JobFacts {
    /// The CPUs the job holds on its `i`th node.
    pub(crate) fn cpus_on_node(&self, i: usize) -> u32 {
        self.cpus_on.get(i).copied().unwrap_or(0)
    }

    /// The CPUs the job holds on the node named `node`.
    pub(crate) fn cpus_at(&self, node: &str) -> u32 {
        (self.nodes.iter().position(|n| n == node)).map_or(0, |i| self.cpus_on_node(i))
    }
}

/// srun's lines while the step `start`, first asked for at `asked`,
/// waits, each with its time: at each time it woke, that the try before
/// failed; then that the step was made.
pub(crate) fn waiting_lines(job: u32, asked: u64, start: &Start) -> Vec<(u64, String)> {
    if start.at == Some(asked) {
        return Vec::new();
    }
    let busy = "retrying (Requested nodes are busy)";
    let wakes = start.retries.iter().copied().chain(start.at);
    let mut lines: Vec<(u64, String)> = wakes
        .enumerate()
        .map(|(i, t)| {
            let how = if i == 0 { "temporarily" } else { "still" };
            (
                t,
                format!("srun: Job {job} step creation {how} disabled, {busy}\n"),
            )
        })
        .collect();
    if let Some(at) = start.at {
        lines.push((at, format!("srun: Step created for job {job}\n")));
    }
    lines
}
