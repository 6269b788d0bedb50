//! Job priorities as `priority/multifactor` computes them, through the
//! fair-share model ([`crate::sim::fair_share::priority`]): the factors of
//! each pending job (age from its accrue time, Fair Tree fair share of its
//! association, job size, partition, QOS and the weighted TRES), computed
//! at submission and again every `PriorityCalcPeriod`, when running jobs'
//! usage is charged and all usage decays. Running jobs keep the priority
//! they started with; held jobs have priority 0. A job keeps when its
//! priority was computed and its fair-share factor then, so that `sprio`
//! shows that calculation's factors.

use std::collections::BTreeMap;

use crate::sim::fair_share::{
    JobFactors, PriorityBreakdown, job_size_factor, norm_priority, priority, tres_factor,
};

use super::Cluster;
use super::accounts::{Accounts, FairShares};
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
    pub(crate) fn priority_breakdown(&self, job: &Job) -> Option<PriorityBreakdown> {
        let calc = job.priority_calc?;
        let fixed = match &job.fixed_factors {
            Some(f) => f.clone(),
            None => self.fixed_factors(job, &self.priority_context()),
        };
        let mut f = self.blank_factors();
        Self::fill_factors(&mut f, job, &fixed, calc.at, calc.fair_share);
        priority(&f, &self.config.priority).ok()
    }

    /// Computes the priority of one pending job now (0 while held).
    pub(crate) fn set_priority(&mut self, id: u32, fair_share: &FairShares) {
        let ctx = self.priority_context();
        let mut f = self.blank_factors();
        self.set_priority_with(id, &ctx, &mut f, fair_share);
    }

    fn set_priority_with(
        &mut self,
        id: u32,
        ctx: &Context,
        f: &mut JobFactors,
        fair_share: &FairShares,
    ) {
        let now = self.now;
        let Some(job) = self.jobs.get(&id) else {
            return;
        };
        if job.hold.is_some() {
            if let Some(job) = self.jobs.get_mut(&id) {
                job.priority = 0;
            }
            return;
        }
        let fs = fair_share
            .get(job.account.as_str())
            .and_then(|users| users.get(job.user.as_str()))
            .copied()
            .unwrap_or(0.0);
        let fixed = match &job.fixed_factors {
            Some(fixed) => fixed.clone(),
            None => self.fixed_factors(job, ctx),
        };
        Self::fill_factors(f, job, &fixed, now, fs);
        let total = priority(f, &self.config.priority).map_or(1, |b| b.total);
        if let Some(job) = self.jobs.get_mut(&id) {
            job.priority = total;
            job.priority_calc = Some(PriorityCalc {
                at: now,
                fair_share: fs,
            });
            job.fixed_factors = Some(fixed);
        }
    }

    /// The periodic calculation: charges running jobs' CPU-seconds since
    /// the last one, decays all usage over the interval, then recomputes
    /// every pending job's priority.
    pub(crate) fn recalc_priorities(&mut self) {
        self.charge_usage();
        let previous = self.timers.last_calc;
        let elapsed = (self.now - previous) as f64;
        self.accounts
            .decay(elapsed, self.config.priority.decay_half_life_s as f64);
        self.timers.last_calc = self.now;
        let fair_share = self.accounts.fair_share_factors();
        // Fair Tree factors are ranks: often the same from one calculation
        // to the next, and then each job keeps its factor without a lookup.
        let unchanged = fair_share == self.last_fair_shares;
        let ctx = self.priority_context();
        let mut f = self.blank_factors();
        let now = self.now;
        // One sweep over the jobs, borrowing the cluster's parts apart.
        let Self {
            jobs,
            partitions,
            accounts,
            config,
            ..
        } = self;
        for job in jobs.values_mut().filter(|j| j.state == JobState::Pending) {
            if job.hold.is_some() {
                job.priority = 0;
                continue;
            }
            // Only a factor from the last calculation itself is reused.
            let known = job
                .priority_calc
                .filter(|c| unchanged && c.at == previous)
                .map(|c| c.fair_share);
            let fs = known.unwrap_or_else(|| {
                fair_share
                    .get(job.account.as_str())
                    .and_then(|users| users.get(job.user.as_str()))
                    .copied()
                    .unwrap_or(0.0)
            });
            let fixed = job
                .fixed_factors
                .take()
                .unwrap_or_else(|| fixed_factors(job, &ctx, partitions, accounts, config));
            Self::fill_factors(&mut f, job, &fixed, now, fs);
            job.priority = priority(&f, &config.priority).map_or(1, |b| b.total);
            job.priority_calc = Some(PriorityCalc {
                at: now,
                fair_share: fs,
            });
            job.fixed_factors = Some(fixed);
        }
        self.last_fair_shares = fair_share;
        self.queue_dirty = true;
    }

    /// Charges every running job's CPU-seconds up to now.
    pub(crate) fn charge_usage(&mut self) {
        let mut charges: FairShares = FairShares::new();
        let now = self.now;
        for &(_, id) in &self.ends {
            if let Some(job) = self.jobs.get_mut(&id) {
                let secs = (now - job.charged_until).max(0);
                job.charged_until = now;
                let amount = secs as f64 * f64::from(job.shape.total().cpus);
                // Keys are copied only the first time an association is seen.
                match charges.get_mut(job.account.as_str()) {
                    Some(users) => match users.get_mut(job.user.as_str()) {
                        Some(total) => *total += amount,
                        None => {
                            users.insert(job.user.clone(), amount);
                        }
                    },
                    None => {
                        charges.insert(
                            job.account.clone(),
                            BTreeMap::from([(job.user.clone(), amount)]),
                        );
                    }
                }
            }
        }
        self.accounts.charge(&charges);
    }

    /// Charges one ending job's CPU-seconds up to `end`.
    pub(crate) fn charge_job(&mut self, id: u32, end: i64) {
        let Some(job) = self.jobs.get_mut(&id) else {
            return;
        };
        let secs = (end - job.charged_until).max(0);
        job.charged_until = end;
        let amount = secs as f64 * f64::from(job.shape.total().cpus);
        let charges = FairShares::from([(
            job.account.clone(),
            BTreeMap::from([(job.user.clone(), amount)]),
        )]);
        self.accounts.charge(&charges);
    }
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
    let total = job.shape.total();
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
