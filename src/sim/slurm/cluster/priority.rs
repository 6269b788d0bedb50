//! Job priorities as `priority/multifactor` computes them, through the
//! fair-share model ([`crate::sim::fair_share::priority`]): the factors of
//! each pending job (age from its accrue time, Fair Tree fair share of its
//! association, job size, partition, QOS and the weighted TRES), computed
//! at submission and again every `PriorityCalcPeriod`, when running jobs'
//! usage is charged and all usage decays. Running jobs keep the priority
//! they started with; held jobs have priority 0. A job keeps when its
//! priority was computed and its fair-share factor then, so that `sprio`
//! shows that calculation's factors.

use crate::sim::fair_share::{
    JobFactors, PriorityBreakdown, job_size_factor, norm_priority, priority, tres_factor,
};

use super::Cluster;
use super::accounts::{Accounts, TresSeconds};
use super::state::{FixedFactors, Job, JobState, Partition, PriorityCalc};
use crate::sim::slurm::conf::ClusterConfig;

/// What every job's factors share, computed once per calculation.
struct Context {
    cluster_nodes: u32,
    cluster_cpus: u32,
    max_part_factor: u32,
    max_qos: u32,
    favor_small: bool,
    /// Per partition: CPUs, memory, nodes and GPUs in all.
    part_totals: Vec<[u64; 4]>,
}

impl Cluster {
    fn priority_context(&self) -> Context {
        let part_totals = self
            .partitions
            .iter()
            .map(|p| {
                p.nodes
                    .iter()
                    .fold([0, 0, p.nodes.len() as u64, 0], |acc, &i| {
                        let n = &self.nodes[i];
                        [
                            acc[0] + u64::from(n.cpus),
                            acc[1] + n.real_memory_mb,
                            acc[2],
                            acc[3] + u64::from(n.gpus),
                        ]
                    })
            })
            .collect();
        Context {
            cluster_nodes: u32::try_from(self.nodes.len()).unwrap_or(u32::MAX),
            cluster_cpus: self.nodes.iter().map(|n| n.cpus).sum(),
            max_part_factor: self
                .partitions
                .iter()
                .map(|p| u32::from(p.priority_job_factor))
                .max()
                .unwrap_or(0),
            max_qos: self.accounts.max_qos_priority(),
            favor_small: self
                .config
                .other
                .iter()
                .any(|(k, v)| k == "PriorityFavorSmall" && v.eq_ignore_ascii_case("yes")),
            part_totals,
        }
    }

    /// The factors of a job that do not change while it waits.
    fn fixed_factors(&self, job: &Job, ctx: &Context) -> FixedFactors {
        fixed_factors(job, ctx, &self.partitions, &self.accounts, &self.config)
    }

    /// Fills `f` (whose TRES entries keep their names: no allocation) with
    /// one job's factors as of `at`, with fair share `fs`.
    fn fill_factors(f: &mut JobFactors, job: &Job, fixed: &FixedFactors, at: i64, fs: f64) {
        for ((_, factor), value) in f.tres.iter_mut().zip(&fixed.tres) {
            *factor = *value;
        }
        f.age_s = job
            .accrue_time
            .map_or(0, |t| u64::try_from(at - t).unwrap_or(0));
        f.job_size = fixed.job_size;
        f.partition = fixed.partition;
        f.qos = fixed.qos;
        f.fair_share = fs;
        f.nice = job.nice;
    }

    /// Factors with the configured TRES names and nothing else set.
    fn blank_factors(&self) -> JobFactors {
        JobFactors {
            age_s: 0,
            job_size: 0.0,
            partition: 0.0,
            qos: 0.0,
            assoc: 0.0,
            fair_share: 0.0,
            tres: self
                .config
                .priority
                .weights
                .tres
                .iter()
                .map(|(name, _)| (name.clone(), 0.0))
                .collect(),
            nice: 0,
            site: 0,
        }
    }

    /// The factors and sum of a job's last priority calculation (`sprio`).
    /// A priority an operator set has no factors: every one shows 0.
    pub(crate) fn priority_breakdown(&self, job: &Job) -> Option<PriorityBreakdown> {
        if job.priority_set {
            let mut b = priority(&self.blank_factors(), &self.config.priority).ok()?;
            b.total = job.priority;
            return Some(b);
        }
        let calc = job.priority_calc?;
        let fixed = match &job.fixed_factors {
            Some(f) => f.clone(),
            None => self.fixed_factors(job, &self.priority_context()),
        };
        let mut f = self.blank_factors();
        Self::fill_factors(&mut f, job, &fixed, calc.at, calc.fair_share);
        priority(&f, &self.config.priority).ok()
    }

    /// The Fair Tree factors by association (cached while usage stays).
    fn fair_share_by_assoc(&mut self) -> Vec<f64> {
        match &self.fair_share_cache {
            Some(cached) => cached.clone(),
            None => {
                let fs = self.accounts.fair_share_by_assoc();
                self.fair_share_cache = Some(fs.clone());
                fs
            }
        }
    }

    /// Recomputes every pending job's priority now, without charging or
    /// decaying usage: after the shares or associations change
    /// (`sacctmgr`), so `sprio` shows the new fair-share factors at once.
    pub(crate) fn reprioritize(&mut self) {
        let pending: Vec<u32> = self
            .jobs
            .values()
            .filter(|j| j.state == JobState::Pending)
            .map(|j| j.id)
            .collect();
        for id in pending {
            self.set_priority(id);
        }
        self.queue.reorder();
    }

    /// Computes the priority of one pending job now (0 while held).
    pub(crate) fn set_priority(&mut self, id: u32) {
        let fair_share = self.fair_share_by_assoc();
        let ctx = self.priority_context();
        let mut f = self.blank_factors();
        let now = self.now;
        let generation = self.assoc_generation;
        let Self {
            jobs,
            partitions,
            accounts,
            config,
            ..
        } = self;
        if let Some(job) = jobs.get_mut(&id) {
            compute_priority(
                job,
                &mut f,
                &Inputs {
                    ctx: &ctx,
                    fair_share: &fair_share,
                    generation,
                    now,
                    partitions,
                    accounts,
                    config,
                },
            );
        }
    }

    /// The periodic calculation: charges running jobs' CPU-seconds since
    /// the last one, decays all usage over the interval, then recomputes
    /// every pending job's priority.
    pub(crate) fn recalc_priorities(&mut self) {
        self.charge_usage();
        let elapsed = (self.now - self.timers.last_calc) as f64;
        self.accounts
            .decay(elapsed, self.config.priority.decay_half_life_s as f64);
        self.fair_share_cache = None;
        self.timers.last_calc = self.now;
        let fair_share = self.fair_share_by_assoc();
        let ctx = self.priority_context();
        let mut f = self.blank_factors();
        let now = self.now;
        let generation = self.assoc_generation;
        // One sweep over the jobs, borrowing the cluster's parts apart.
        let Self {
            jobs,
            partitions,
            accounts,
            config,
            ..
        } = self;
        let inputs = Inputs {
            ctx: &ctx,
            fair_share: &fair_share,
            generation,
            now,
            partitions,
            accounts,
            config,
        };
        for job in jobs.values_mut().filter(|j| j.state == JobState::Pending) {
            compute_priority(job, &mut f, &inputs);
        }
        self.queue.reorder();
    }

    /// Charges every running job's CPU-seconds up to now.
    pub(crate) fn charge_usage(&mut self) {
        let now = self.now;
        let running: Vec<u32> = self.runs.running().collect();
        let mut usage = vec![TresSeconds::default(); self.accounts.tree.nodes().len()];
        for id in running {
            if let Some((i, used)) = self.usage_of(id, now) {
                usage[i].add(&used);
            }
        }
        self.accounts.charge(&usage);
        self.fair_share_cache = None;
    }

    /// Charges one ending job's CPU-seconds up to `end`.
    pub(crate) fn charge_job(&mut self, id: u32, end: i64) {
        if let Some((i, used)) = self.usage_of(id, end) {
            let mut usage = vec![TresSeconds::default(); self.accounts.tree.nodes().len()];
            usage[i] = used;
            self.accounts.charge(&usage);
            self.fair_share_cache = None;
        }
    }

    /// A running job's TRES-seconds since it was last charged, up to
    /// `until`, and the association they go to; marks them charged.
    fn usage_of(&mut self, id: u32, until: i64) -> Option<(usize, TresSeconds)> {
        let generation = self.assoc_generation;
        let Self { jobs, accounts, .. } = self;
        let job = jobs.get_mut(&id)?;
        // A suspended job was charged up to its suspension.
        let secs = if job.state == JobState::Suspended {
            0
        } else {
            (until - job.charged_until).max(0)
        };
        job.charged_until = until;
        let assoc = assoc_index(job, accounts, generation)?;
        let total = job.held_total();
        let secs = secs as f64;
        let used = TresSeconds {
            cpu: secs * f64::from(total.cpus),
            mem: secs * total.mem_mb as f64,
            node: secs * f64::from(job.shape.nodes),
            gpu: secs * f64::from(total.gpus),
        };
        Some((assoc, used))
    }
}

/// What a priority calculation needs besides the job.
struct Inputs<'a> {
    ctx: &'a Context,
    fair_share: &'a [f64],
    generation: u64,
    now: i64,
    partitions: &'a [Partition],
    accounts: &'a Accounts,
    config: &'a ClusterConfig,
}

/// The index of a job's user association, looked up once per generation.
fn assoc_index(job: &mut Job, accounts: &Accounts, generation: u64) -> Option<usize> {
    match job.assoc {
        Some((g, i)) if g == generation => Some(i),
        _ => {
            let i = accounts.user_assoc(&job.account, &job.user)?;
            job.assoc = Some((generation, i));
            Some(i)
        }
    }
}

/// Computes one pending job's priority now (0 while held) and remembers
/// the calculation.
fn compute_priority(job: &mut Job, f: &mut JobFactors, inputs: &Inputs<'_>) {
    if job.hold.is_some() {
        job.priority = 0;
        return;
    }
    if job.priority_set {
        return;
    }
    let fs = assoc_index(job, inputs.accounts, inputs.generation)
        .and_then(|i| inputs.fair_share.get(i))
        .copied()
        .unwrap_or(0.0);
    if job.fixed_factors.is_none() {
        job.fixed_factors = Some(fixed_factors(
            job,
            inputs.ctx,
            inputs.partitions,
            inputs.accounts,
            inputs.config,
        ));
    }
    if let Some(fixed) = &job.fixed_factors {
        Cluster::fill_factors(f, job, fixed, inputs.now, fs);
    }
    job.priority = priority(f, &inputs.config.priority).map_or(1, |b| b.total);
    job.priority_calc = Some(PriorityCalc {
        at: inputs.now,
        fair_share: fs,
    });
}

/// The factors of a job that do not change while it waits, from the parts
/// of the cluster they depend on.
fn fixed_factors(
    job: &Job,
    ctx: &Context,
    partitions: &[Partition],
    accounts: &Accounts,
    config: &ClusterConfig,
) -> FixedFactors {
    let totals = ctx
        .part_totals
        .get(job.partition_index)
        .copied()
        .unwrap_or([0; 4]);
    let part_factor = partitions
        .get(job.partition_index)
        .map_or(0, |p| u32::from(p.priority_job_factor));
    let qos = accounts.qos(&job.qos).map_or(0, |q| q.priority);
    let total = job.held_total();
    let tres = config
        .priority
        .weights
        .tres
        .iter()
        .map(|(name, _)| {
            let (count, all) = match name.as_str() {
                "cpu" | "billing" => (u64::from(total.cpus), totals[0]),
                "mem" => (total.mem_mb, totals[1]),
                "node" => (u64::from(job.shape.nodes), totals[2]),
                "gres/gpu" => (u64::from(total.gpus), totals[3]),
                _ => (0, 0),
            };
            tres_factor(count, all)
        })
        .collect();
    FixedFactors {
        job_size: job_size_factor(
            job.shape.nodes,
            total.cpus,
            ctx.cluster_nodes,
            ctx.cluster_cpus,
            ctx.favor_small,
        ),
        partition: norm_priority(part_factor, ctx.max_part_factor),
        qos: norm_priority(qos, ctx.max_qos),
        tres,
    }
}
