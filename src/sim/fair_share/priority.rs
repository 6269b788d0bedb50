//! The multifactor priority of one job
//! (<https://slurm.schedmd.com/priority_multifactor.html>), as
//! `_get_priority_internal` in `priority_multifactor.c` computes it and
//! `sprio` shows it.

use serde::{Deserialize, Serialize};

use super::FairShareError;
use super::decay::{DEFAULT_DECAY_HALF_LIFE_S, UsageReset, check_decay};
use super::factor::DEFAULT_DAMPENING_FACTOR;

/// `PriorityMaxAge`'s default: 7 days, in seconds.
pub const DEFAULT_MAX_AGE_S: u64 = 7 * 86_400;
/// `PriorityCalcPeriod`'s default: 5 minutes, in seconds.
pub const DEFAULT_CALC_PERIOD_S: u64 = 300;

/// The `PriorityWeight*` parameters of slurm.conf, each an unsigned 32-bit
/// integer. Slurm's defaults are all 0 ([`Default`]).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Weights {
    /// `PriorityWeightAge`.
    pub age: u32,
    /// `PriorityWeightAssoc`.
    pub assoc: u32,
    /// `PriorityWeightFairshare`.
    pub fair_share: u32,
    /// `PriorityWeightJobSize`.
    pub job_size: u32,
    /// `PriorityWeightPartition`.
    pub partition: u32,
    /// `PriorityWeightQOS`.
    pub qos: u32,
    /// `PriorityWeightTRES`: (TRES name, weight), e.g. `("gres/gpu", 1000)`.
    pub tres: Vec<(String, u32)>,
}

impl Weights {
    /// The reference cluster's slurm.conf: Age 1000, Fairshare 10000,
    /// JobSize 1000, Partition 1000, QOS 1000, `PriorityWeightTRES=GRES/gpu=1000`.
    pub fn reference_cluster() -> Self {
        Self {
            age: 1000,
            assoc: 0,
            fair_share: 10_000,
            job_size: 1000,
            partition: 1000,
            qos: 1000,
            tres: vec![("gres/gpu".to_owned(), 1000)],
        }
    }
}

/// The priority and fair-share settings of slurm.conf that this module uses.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PriorityConfig {
    /// The `PriorityWeight*` values.
    pub weights: Weights,
    /// `PriorityMaxAge`, seconds (default 7 days): age at which the age
    /// factor reaches 1.
    pub max_age_s: u64,
    /// `FairShareDampeningFactor` (default 1, classic fair share only).
    pub dampening_factor: u32,
    /// `PriorityDecayHalfLife`, seconds (default 7 days; 0 = no decay).
    pub decay_half_life_s: u64,
    /// `PriorityUsageResetPeriod` (default NONE).
    pub usage_reset: UsageReset,
    /// `PriorityCalcPeriod`, seconds (default 5 minutes).
    pub calc_period_s: u64,
}

impl Default for PriorityConfig {
    fn default() -> Self {
        Self {
            weights: Weights::default(),
            max_age_s: DEFAULT_MAX_AGE_S,
            dampening_factor: DEFAULT_DAMPENING_FACTOR,
            decay_half_life_s: DEFAULT_DECAY_HALF_LIFE_S,
            usage_reset: UsageReset::None,
            calc_period_s: DEFAULT_CALC_PERIOD_S,
        }
    }
}

impl PriorityConfig {
    /// The reference cluster's slurm.conf: its weights, `PriorityMaxAge=7-0`,
    /// `PriorityDecayHalfLife=7-0`, `PriorityCalcPeriod=1` (minute).
    pub fn reference_cluster() -> Self {
        Self {
            weights: Weights::reference_cluster(),
            calc_period_s: 60,
            ..Self::default()
        }
    }

    /// Refuses a dampening factor of 0 and a half-life of 0 without resets.
    pub fn validate(&self) -> Result<(), FairShareError> {
        if self.dampening_factor == 0 {
            return Err(FairShareError::InvalidDampening { value: 0 });
        }
        check_decay(self.decay_half_life_s, self.usage_reset)
    }
}

/// One job's priority factors, each in [0, 1] except the age (in seconds),
/// the nice value and the site factor.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JobFactors {
    /// Seconds since the job became eligible (its accrue time); the factor is
    /// [`age_factor`].
    pub age_s: u64,
    /// The job size factor ([`job_size_factor`]).
    pub job_size: f64,
    /// The partition factor ([`norm_priority`] of `PriorityJobFactor`).
    pub partition: f64,
    /// The QOS factor ([`norm_priority`] of the QOS priority).
    pub qos: f64,
    /// The association factor (the association's priority over the largest).
    pub assoc: f64,
    /// The fair-share factor of the job's user association ([`super::fair_share`]).
    pub fair_share: f64,
    /// TRES factors by name ([`tres_factor`]), e.g. `("gres/gpu", 0.5)`.
    pub tres: Vec<(String, f64)>,
    /// The nice value (`--nice`), subtracted; negative raises the priority.
    pub nice: i64,
    /// The site factor, added as is.
    pub site: u32,
}

/// One factor and what it adds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Contribution {
    /// The factor, in [0, 1].
    pub factor: f64,
    /// Its weight.
    pub weight: u32,
    /// weight * factor: the number `sprio` prints in the factor's column,
    /// rounded to an integer (half to even, as C's `%.0f`).
    pub weighted: f64,
}

impl Contribution {
    fn new(factor: f64, weight: u32) -> Self {
        Self {
            factor,
            weight,
            weighted: f64::from(weight) * factor,
        }
    }
}

/// A job's priority and how it adds up: `sprio -l`'s columns.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PriorityBreakdown {
    /// `SITE`.
    pub site: u32,
    /// `AGE`.
    pub age: Contribution,
    /// `ASSOC`.
    pub assoc: Contribution,
    /// `FAIRSHARE`.
    pub fair_share: Contribution,
    /// `JOBSIZE`.
    pub job_size: Contribution,
    /// `PARTITION`.
    pub partition: Contribution,
    /// `QOS`.
    pub qos: Contribution,
    /// `TRES`, one entry per weighted TRES, in the weights' order.
    pub tres: Vec<(String, Contribution)>,
    /// `NICE`.
    pub nice: i64,
    /// The sum before truncation.
    pub sum: f64,
    /// `PRIORITY`: the sum truncated to an integer, at least 1 (Slurm keeps
    /// 0 for held jobs) and at most 4294967295.
    pub total: u32,
}

/// The multifactor priority of one job:
///
/// priority = site + W_age * age + W_assoc * assoc + W_fairshare * fairshare
///          + W_jobsize * jobsize + W_partition * partition + W_qos * qos
///          + sum over TRES (W_tres * tres) - nice
///
/// (<https://slurm.schedmd.com/priority_multifactor.html>). The terms are
/// added in that order in `f64`, as `_get_priority_internal` does, then the
/// sum is raised to 1 if below (priority 0 means held), truncated toward
/// zero (not rounded: on the reference cluster 6853.906 shows as 6853) and
/// clamped to 4294967295. TRES factors without a weight add nothing;
/// weighted TRES missing from the job count as 0.
///
/// Errors: a factor that is not in [0, 1] (NaN included), naming it.
pub fn priority(
    job: &JobFactors,
    config: &PriorityConfig,
) -> Result<PriorityBreakdown, FairShareError> {
    let check = |name: &str, value: f64| {
        if (0.0..=1.0).contains(&value) {
            Ok(value)
        } else {
            Err(FairShareError::FactorOutOfRange {
                factor: name.to_owned(),
                value,
            })
        }
    };
    let w = &config.weights;
    let job_size = check("job_size", job.job_size)?;
    let partition = check("partition", job.partition)?;
    let qos = check("qos", job.qos)?;
    let assoc = check("assoc", job.assoc)?;
    let fair_share = check("fair_share", job.fair_share)?;
    for (name, value) in &job.tres {
        check(&format!("tres {name}"), *value)?;
    }
    let age = Contribution::new(age_factor(job.age_s, config.max_age_s), w.age);
    let assoc = Contribution::new(assoc, w.assoc);
    let fair_share = Contribution::new(fair_share, w.fair_share);
    let job_size = Contribution::new(job_size, w.job_size);
    let partition = Contribution::new(partition, w.partition);
    let qos = Contribution::new(qos, w.qos);
    let tres: Vec<(String, Contribution)> = w
        .tres
        .iter()
        .map(|(name, weight)| {
            let factor = job
                .tres
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(name))
                .map_or(0.0, |(_, f)| *f);
            (name.clone(), Contribution::new(factor, *weight))
        })
        .collect();
    let tres_sum: f64 = tres.iter().map(|(_, c)| c.weighted).sum();
    let sum = f64::from(job.site)
        + age.weighted
        + assoc.weighted
        + fair_share.weighted
        + job_size.weighted
        + partition.weighted
        + qos.weighted
        + tres_sum
        - job.nice as f64;
    // `as` saturates: values above u64::MAX become u64::MAX, then clamp.
    let total = sum.max(1.0) as u64;
    let total = u32::try_from(total).unwrap_or(u32::MAX);
    Ok(PriorityBreakdown {
        site: job.site,
        age,
        assoc,
        fair_share,
        job_size,
        partition,
        qos,
        tres,
        nice: job.nice,
        sum,
        total,
    })
}

/// The age factor: min(age / PriorityMaxAge, 1); 1 when `max_age_s` is 0.
pub fn age_factor(age_s: u64, max_age_s: u64) -> f64 {
    if age_s >= max_age_s {
        1.0
    } else {
        age_s as f64 / max_age_s as f64
    }
}

/// The job size factor of `priority_multifactor.c` (without
/// `PriorityFlags=SMALL_RELATIVE_TO_TIME`):
/// (nodes / cluster nodes + cpus / cluster cpus) / 2, or only the node term
/// when `cpus` is 0; with `PriorityFavorSmall=YES`,
/// ((N - nodes) / N + (C - cpus) / C) / 2. Clamped to [0, 1]; 0 for an
/// empty cluster. E.g. 1 node and 1 CPU of 4 nodes and 256 CPUs:
/// (1/4 + 1/256) / 2 = 0.126953125.
pub fn job_size_factor(
    min_nodes: u32,
    cpus: u32,
    cluster_nodes: u32,
    cluster_cpus: u32,
    favor_small: bool,
) -> f64 {
    if cluster_nodes == 0 {
        return 0.0;
    }
    let (n, nn) = (f64::from(min_nodes), f64::from(cluster_nodes));
    let (c, cc) = (f64::from(cpus), f64::from(cluster_cpus));
    let mut factor = if favor_small { (nn - n) / nn } else { n / nn };
    if cpus > 0 && cluster_cpus > 0 {
        factor += if favor_small { (cc - c) / cc } else { c / cc };
        factor /= 2.0;
    }
    if factor.is_finite() {
        factor.clamp(0.0, 1.0)
    } else {
        0.0
    }
}

/// A TRES factor: the job's count of that TRES over the partition's total
/// (`priority_tres[i] = value / part_ptr->tres_cnt[i]`), e.g. 16 GPUs of a
/// 32-GPU partition: 0.5. 0 when the partition has none; at most 1.
pub fn tres_factor(count: u64, partition_total: u64) -> f64 {
    if partition_total == 0 {
        0.0
    } else {
        (count as f64 / partition_total as f64).min(1.0)
    }
}

/// A normalized priority, value / max, as Slurm makes the partition factor
/// (`PriorityJobFactor` over the largest of all partitions) and the QOS
/// factor (the QOS priority over the largest). 0 when `max` is 0; at most 1.
pub fn norm_priority(value: u32, max: u32) -> f64 {
    if max == 0 {
        0.0
    } else {
        (f64::from(value) / f64::from(max)).min(1.0)
    }
}

/// Reads one priority weight: a whole number from 0 to 4294967295
/// (surrounding spaces allowed). "10000" is accepted; "-1", "4294967296",
/// "1.5" and "abc" are refused with [`FairShareError::InvalidWeight`].
pub fn parse_weight(input: &str) -> Result<u32, FairShareError> {
    let digits = input.trim();
    let invalid = || FairShareError::InvalidWeight {
        input: input.to_owned(),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(invalid());
    }
    digits.parse::<u32>().map_err(|_| invalid())
}

/// Reads `PriorityWeightTRES`, e.g. `CPU=1000,Mem=2000,GRES/gpu=3000`, into
/// (name, weight) pairs. The TRES type before any `/` is lowercased, as
/// Slurm names TRES (`GRES/gpu` becomes `gres/gpu`, as `sprio` prints it);
/// the name after it is kept. An empty string gives no weights.
pub fn parse_tres_weights(input: &str) -> Result<Vec<(String, u32)>, FairShareError> {
    let mut out = Vec::new();
    for entry in input.split(',').map(str::trim) {
        if entry.is_empty() && input.trim().is_empty() {
            continue;
        }
        let invalid = || FairShareError::InvalidTresWeight {
            entry: entry.to_owned(),
        };
        let (name, weight) = entry.split_once('=').ok_or_else(invalid)?;
        let name = name.trim();
        if name.is_empty() || name.starts_with('/') || name.ends_with('/') {
            return Err(invalid());
        }
        let weight = parse_weight(weight).map_err(|_| invalid())?;
        let name = match name.split_once('/') {
            Some((kind, rest)) => format!("{}/{rest}", kind.to_ascii_lowercase()),
            None => name.to_ascii_lowercase(),
        };
        out.push((name, weight));
    }
    Ok(out)
}
