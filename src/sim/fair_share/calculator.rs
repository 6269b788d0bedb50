//! The fair-share calculator widget's model: the reader's account tree,
//! weights, decay and job as typed, in; every number the widget shows, out.
//! Each field is validated on its own so that each error can sit beside
//! its input; the widget keeps the last valid result on screen meanwhile.

mod edit;
mod history;
mod presets;
mod query;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use super::decay::{UsageReset, accrue, check_decay};
use super::factor::{Algorithm, DEFAULT_DAMPENING_FACTOR, ShareRow, UserAssoc, share_rows};
use super::priority::{
    JobFactors, PriorityBreakdown, PriorityConfig, Weights, job_size_factor, priority, tres_factor,
};
use super::sprio::{SprioJob, sprio_lines};
use super::tree::{AccountTree, AssocId, AssocSpec, ROOT};
use super::{FairShareError, StoryConfig};
use crate::quantity::{
    DAY_S, DecimalMark, FieldErrors, InputError, Limit, Unit, parse_amount, parse_duration,
    parse_whole,
};
pub use edit::{NamedAssoc, Orphans, Parent, RowId, link};
pub use history::{HISTORY_LIMIT, History, Step};
pub use presets::{PRESETS, preset};
pub use query::{QUERY_KEYS, from_query, to_query};

/// The most associations the tree may hold (the widget is a calculator,
/// not a site's full `sacctmgr` dump).
pub const MAX_ASSOCS: usize = 64;
/// The largest cluster the calculator accepts, in nodes.
pub const MAX_NODES: u64 = 100_000;
/// The most CPUs or GPUs per node.
pub const MAX_PER_NODE: u64 = 4_096;
/// Samples in the decay chart's series.
pub const DECAY_SAMPLES: usize = 97;
/// The job's id in the `sprio -l` table.
const JOB_ID: u32 = 1001;
/// The job's partition in the `sprio -l` table.
const PARTITION: &str = "gpu";

/// One association as typed: an account or a user, its parent account, its
/// raw shares and (users only) its usage in GPU-hours.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AssocInput {
    /// The row's identity, apart from its name.
    pub id: RowId,
    /// A user (a leaf) rather than an account.
    pub is_user: bool,
    /// The account or user name.
    pub name: String,
    /// The parent account (for a user, the account it charges).
    pub parent: Parent,
    /// Raw shares, a whole number.
    pub shares: String,
    /// Usage in GPU-hours (users only; an account's is its users' sum).
    pub usage: String,
}

/// The single-valued fields, in the order the widget lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Scalar {
    /// `PriorityWeightAge`.
    WeightAge,
    /// `PriorityWeightFairshare`.
    WeightFairShare,
    /// `PriorityWeightJobSize`.
    WeightJobSize,
    /// `PriorityWeightPartition`.
    WeightPartition,
    /// `PriorityWeightQOS`.
    WeightQos,
    /// `PriorityWeightTRES=GRES/gpu=...`.
    WeightGpu,
    /// `PriorityDecayHalfLife`, days by default (0: no decay).
    HalfLife,
    /// Nodes in the cluster (and the partition).
    ClusterNodes,
    /// CPUs per node.
    CpusPerNode,
    /// GPUs per node.
    GpusPerNode,
    /// Nodes the job asks for.
    JobNodes,
    /// CPUs the job asks for.
    JobCpus,
    /// GPUs the job asks for.
    JobGpus,
    /// How long the job has waited, hours by default.
    JobAge,
    /// The partition factor (`PriorityJobFactor` over the largest), 0 to 1.
    JobPartition,
    /// The QOS factor (the QOS priority over the largest), 0 to 1.
    JobQos,
    /// The story's QOS cap on GPUs per account.
    QosCap,
}

impl Scalar {
    /// Every scalar field, in order.
    pub const ALL: [Self; 17] = [
        Self::WeightAge,
        Self::WeightFairShare,
        Self::WeightJobSize,
        Self::WeightPartition,
        Self::WeightQos,
        Self::WeightGpu,
        Self::HalfLife,
        Self::ClusterNodes,
        Self::CpusPerNode,
        Self::GpusPerNode,
        Self::JobNodes,
        Self::JobCpus,
        Self::JobGpus,
        Self::JobAge,
        Self::JobPartition,
        Self::JobQos,
        Self::QosCap,
    ];

    /// The unit of a bare number in a duration field: days for the
    /// half-life, hours for the job's wait; `None` for the others.
    pub const fn duration_unit(self) -> Option<Unit> {
        match self {
            Self::HalfLife => Some(Unit::Days),
            Self::JobAge => Some(Unit::Hours),
            _ => None,
        }
    }

    /// Reads `text` as this duration field does, in seconds (a bare number
    /// in [`Scalar::duration_unit`]); `None` for a field that is not a
    /// duration.
    pub fn read_duration(self, text: &str, mark: DecimalMark) -> Option<Result<f64, InputError>> {
        let unit = self.duration_unit()?;
        Some(parse_duration(text, unit.seconds(), mark))
    }

    /// The field's position in [`Scalar::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// A short stable name, for ids and the address (`w-age`, `job-gpus`).
    pub fn key(self) -> &'static str {
        match self {
            Self::WeightAge => "w-age",
            Self::WeightFairShare => "w-fairshare",
            Self::WeightJobSize => "w-jobsize",
            Self::WeightPartition => "w-partition",
            Self::WeightQos => "w-qos",
            Self::WeightGpu => "w-gpu",
            Self::HalfLife => "half-life",
            Self::ClusterNodes => "nodes",
            Self::CpusPerNode => "cpus-per-node",
            Self::GpusPerNode => "gpus-per-node",
            Self::JobNodes => "job-nodes",
            Self::JobCpus => "job-cpus",
            Self::JobGpus => "job-gpus",
            Self::JobAge => "job-age",
            Self::JobPartition => "job-partition",
            Self::JobQos => "job-qos",
            Self::QosCap => "qos-cap",
        }
    }
}

/// The columns of one association's row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Column {
    /// [`AssocInput::name`].
    Name,
    /// [`AssocInput::parent`], shown by name.
    Parent,
    /// [`AssocInput::shares`].
    Shares,
    /// [`AssocInput::usage`].
    Usage,
}

/// Where an error belongs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Field {
    /// A cell of the association at this row.
    Assoc(usize, Column),
    /// A single-valued field.
    Scalar(Scalar),
    /// The job's user association.
    JobAssoc,
    /// The tree as a whole (no users, too many rows).
    Tree,
}

/// What is wrong with a field. The UI maps each variant to a locale key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CalcError {
    /// The text is not an acceptable number.
    #[error("{0}")]
    Input(#[from] InputError),
    /// A factor outside [0, 1].
    #[error("must be between 0 and 1")]
    NotAFactor,
    /// An association without a name.
    #[error("enter a name")]
    EmptyName,
    /// A name with spaces or commas, which Slurm refuses.
    #[error("names cannot contain spaces, commas or quotes")]
    BadName,
    /// The same account twice, or the same user twice in one account.
    #[error("listed twice")]
    Duplicate,
    /// The parent is not an account of the tree (nor `root`).
    #[error("no account called \"{0}\"")]
    UnknownParent(String),
    /// Accounts that are each other's parents.
    #[error("accounts form a cycle and never reach root")]
    Cycle,
    /// Usage but no shares.
    #[error("has usage but no shares")]
    UsageWithoutShares,
    /// Every child of an account has zero shares.
    #[error("the associations under \"{0}\" have zero shares in total")]
    ZeroLevelShares(String),
    /// No user associations.
    #[error("the tree has no users")]
    EmptyTree,
    /// More rows than [`MAX_ASSOCS`].
    #[error("at most {MAX_ASSOCS} associations")]
    TooManyAssocs,
    /// A half-life of zero with no reset period: usage would only grow.
    #[error("with no decay, choose a reset period")]
    NeverDecays,
    /// The job's user association is not in the tree.
    #[error("choose a user of the tree")]
    NoSuchUser,
    /// The job asks for more than the cluster has.
    #[error("more than the cluster's {0}")]
    MoreThanCluster(u64),
    /// The story's jobs do not fit under the QOS cap.
    #[error("smaller than one job ({0} GPUs)")]
    CapBelowJob(u64),
    /// The story needs two top-level accounts.
    #[error("the story needs two accounts under root")]
    StoryNeedsTwoTeams,
}

/// Everything the reader can set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CalculatorInput {
    /// Classic or Fair Tree.
    pub algorithm: Algorithm,
    /// The association tree as a flat list, in the reader's order.
    pub assocs: Vec<AssocInput>,
    /// The single-valued fields, indexed by [`Scalar::index`].
    pub scalars: [String; 17],
    /// `PriorityUsageResetPeriod`.
    pub reset: UsageReset,
    /// The job's user row.
    pub job: Option<RowId>,
    /// The story applies a QOS cap of [`Scalar::QosCap`] GPUs per account.
    pub qos_cap: bool,
    /// The story preempts (requeues) jobs of an account over its share.
    pub preemption: bool,
}

impl Default for CalculatorInput {
    fn default() -> Self {
        Self {
            algorithm: Algorithm::FairTree,
            assocs: Vec::new(),
            scalars: Default::default(),
            reset: UsageReset::None,
            job: None,
            qos_cap: false,
            preemption: false,
        }
    }
}

impl CalculatorInput {
    /// The text of a scalar field.
    pub fn scalar(&self, field: Scalar) -> &str {
        &self.scalars[field.index()]
    }

    /// The text of a field, if it is a text field that exists; a parent
    /// cell reads its parent's name.
    pub fn text(&self, field: Field) -> Option<&str> {
        match field {
            Field::Scalar(s) => Some(self.scalar(s)),
            Field::Assoc(row, column) => self.cell(row, column),
            Field::JobAssoc | Field::Tree => None,
        }
    }
}

/// The decay chart's data: each account under root over the coming days.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DecaySeries {
    /// Sample times, days from now.
    pub days: Vec<f64>,
    /// One entry per account under root, in the tree's order.
    pub teams: Vec<TeamSeries>,
}

/// One account's numbers at each sample of [`DecaySeries::days`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TeamSeries {
    /// The account.
    pub account: String,
    /// Its effective usage (`sshare`'s `EffectvUsage`).
    pub effective_usage: Vec<f64>,
    /// The mean fair-share factor of its users.
    pub factor: Vec<f64>,
}

/// Every number the calculator shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Calculation {
    /// The algorithm the factors come from.
    pub algorithm: Algorithm,
    /// The `sshare -a -l` rows; usage in GPU-hours.
    pub rows: Vec<ShareRow>,
    /// The job's association.
    pub job: UserAssoc,
    /// The job's factors.
    pub factors: JobFactors,
    /// The job's priority, factor by factor.
    pub priority: PriorityBreakdown,
    /// `sprio -l`'s header and the job's line.
    pub sprio: Vec<String>,
    /// How usage and factors evolve from now.
    pub decay: DecaySeries,
}

/// The errors of the whole calculator, each on its field.
pub type CalcErrors = FieldErrors<Field, CalcError>;

/// Collects field errors while reading values with the page's decimal mark.
struct Reader<'a> {
    input: &'a CalculatorInput,
    mark: DecimalMark,
    errors: CalcErrors,
}

impl Reader<'_> {
    fn check<T>(&mut self, field: Field, value: Result<T, CalcError>) -> Option<T> {
        self.errors.check(field, value)
    }

    fn whole(&mut self, field: Scalar, max: u64) -> Option<u64> {
        let value = parse_whole(self.input.scalar(field), max, self.mark).map_err(CalcError::from);
        self.check(Field::Scalar(field), value)
    }

    fn positive(&mut self, field: Scalar, max: u64) -> Option<u64> {
        let value = parse_whole(self.input.scalar(field), max, self.mark)
            .map_err(CalcError::from)
            .and_then(|n| {
                if n == 0 {
                    Err(InputError::NotPositive.into())
                } else {
                    Ok(n)
                }
            });
        self.check(Field::Scalar(field), value)
    }

    fn factor(&mut self, field: Scalar) -> Option<f64> {
        let value = parse_amount(self.input.scalar(field), self.mark)
            .map_err(CalcError::from)
            .and_then(|f| {
                if f <= 1.0 {
                    Ok(f)
                } else {
                    Err(CalcError::NotAFactor)
                }
            });
        self.check(Field::Scalar(field), value)
    }

    fn duration(&mut self, field: Scalar) -> Option<f64> {
        let value = field.read_duration(self.input.scalar(field), self.mark)?;
        self.check(Field::Scalar(field), value.map_err(CalcError::from))
    }

    fn weight(&mut self, field: Scalar) -> Option<u32> {
        let max = u64::from(u32::MAX);
        self.whole(field, max).and_then(|w| u32::try_from(w).ok())
    }
}

/// The validated settings, before the tree is computed.
struct Settings {
    tree: AccountTree,
    config: PriorityConfig,
    cluster: (u32, u32, u32),
    job: (u32, u32, u32),
    age_s: u64,
    partition: f64,
    qos: f64,
}

/// Validates every field, read with the page's decimal `mark`, and
/// computes every number, or returns every field's error at once (in field
/// order).
pub fn calculate(input: &CalculatorInput, mark: DecimalMark) -> Result<Calculation, CalcErrors> {
    let settings = settings(input, mark)?;
    compute(input, &settings).map_err(|e| CalcErrors::from_iter([(Field::Tree, e)]))
}

fn settings(input: &CalculatorInput, mark: DecimalMark) -> Result<Settings, CalcErrors> {
    let mut r = Reader {
        input,
        mark,
        errors: CalcErrors::new(),
    };
    let tree = read_tree(input, mark).map_err(|e| r.errors.extend(e)).ok();
    let weights = [
        Scalar::WeightAge,
        Scalar::WeightFairShare,
        Scalar::WeightJobSize,
        Scalar::WeightPartition,
        Scalar::WeightQos,
        Scalar::WeightGpu,
    ]
    .map(|s| r.weight(s));
    let half_life_s = r.duration(Scalar::HalfLife).and_then(|h| {
        let checked =
            check_decay(h.round() as u64, input.reset).map_err(|_| CalcError::NeverDecays);
        r.check(Field::Scalar(Scalar::HalfLife), checked.map(|()| h))
    });
    let nodes = r.positive(Scalar::ClusterNodes, MAX_NODES);
    let cpus = r.positive(Scalar::CpusPerNode, MAX_PER_NODE);
    let gpus = r.whole(Scalar::GpusPerNode, MAX_PER_NODE);
    let cluster = |per: Option<u64>| Some(nodes? * per?);
    let (total_cpus, total_gpus) = (cluster(cpus), cluster(gpus));
    let mut within = |field: Scalar, total: Option<u64>, positive: bool| {
        let value = if positive {
            r.positive(field, MAX_NODES * MAX_PER_NODE)?
        } else {
            r.whole(field, MAX_NODES * MAX_PER_NODE)?
        };
        let total = total?;
        let checked = if value > total {
            Err(CalcError::MoreThanCluster(total))
        } else {
            Ok(value)
        };
        r.check(Field::Scalar(field), checked)
    };
    let job_nodes = within(Scalar::JobNodes, nodes, true);
    let job_cpus = within(Scalar::JobCpus, total_cpus, true);
    let job_gpus = within(Scalar::JobGpus, total_gpus, false);
    let age = r.duration(Scalar::JobAge);
    let partition = r.factor(Scalar::JobPartition);
    let qos = r.factor(Scalar::JobQos);
    if input.job_assoc().is_none() {
        r.errors.push(Field::JobAssoc, CalcError::NoSuchUser);
    }
    let [
        Some(age_w),
        Some(fs_w),
        Some(size_w),
        Some(part_w),
        Some(qos_w),
        Some(gpu_w),
    ] = weights
    else {
        return Err(r.errors);
    };
    match (
        tree,
        half_life_s,
        total_cpus,
        total_gpus,
        job_nodes,
        job_cpus,
        job_gpus,
        age,
        partition,
        qos,
    ) {
        (
            Some(tree),
            Some(half_life_s),
            Some(total_cpus),
            Some(total_gpus),
            Some(job_nodes),
            Some(job_cpus),
            Some(job_gpus),
            Some(age_s),
            Some(partition),
            Some(qos),
        ) if r.errors.is_empty() => {
            let narrow = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
            let config = PriorityConfig {
                weights: Weights {
                    age: age_w,
                    assoc: 0,
                    fair_share: fs_w,
                    job_size: size_w,
                    partition: part_w,
                    qos: qos_w,
                    tres: vec![("gres/gpu".to_owned(), gpu_w)],
                },
                decay_half_life_s: half_life_s.round() as u64,
                usage_reset: input.reset,
                ..PriorityConfig::default()
            };
            Ok(Settings {
                tree,
                config,
                cluster: (
                    narrow(nodes.unwrap_or(1)),
                    narrow(total_cpus),
                    narrow(total_gpus),
                ),
                job: (narrow(job_nodes), narrow(job_cpus), narrow(job_gpus)),
                age_s: age_s.round() as u64,
                partition,
                qos,
            })
        }
        _ => Err(r.errors),
    }
}

/// Reads and validates the association rows into a tree, with each error
/// on its row and column; numbers are read with the page's decimal `mark`.
pub fn read_tree(input: &CalculatorInput, mark: DecimalMark) -> Result<AccountTree, CalcErrors> {
    let assocs = &input.assocs;
    if assocs.len() > MAX_ASSOCS {
        return Err(CalcErrors::from_iter([(
            Field::Tree,
            CalcError::TooManyAssocs,
        )]));
    }
    let mut errors = CalcErrors::new();
    let mut specs = Vec::with_capacity(assocs.len());
    for (row, a) in assocs.iter().enumerate() {
        let (name, parent) = (a.name.trim(), input.parent_name(&a.parent).trim());
        let at = |column| Field::Assoc(row, column);
        // Both rows of a clash are marked: either may be the one to rename.
        let clash = |(other, b): (usize, &AssocInput)| {
            other != row
                && b.is_user == a.is_user
                && b.name.trim() == name
                && (!a.is_user || b.parent == a.parent)
        };
        if name.is_empty() {
            errors.push(at(Column::Name), CalcError::EmptyName);
        } else if name.contains(|c: char| c.is_whitespace() || ",'\"".contains(c)) {
            errors.push(at(Column::Name), CalcError::BadName);
        } else if (!a.is_user && name == ROOT) || assocs.iter().enumerate().any(clash) {
            errors.push(at(Column::Name), CalcError::Duplicate);
        }
        let known = match &a.parent {
            Parent::Root => true,
            Parent::Account(id) => input
                .row_of(*id)
                .is_some_and(|r| assocs.get(r).is_some_and(|p| !p.is_user)),
            Parent::Missing(_) => false,
        };
        if !known {
            errors.push(
                at(Column::Parent),
                CalcError::UnknownParent(parent.to_owned()),
            );
        }
        let shares = parse_whole(&a.shares, u64::from(u32::MAX), mark)
            .map(|s| u32::try_from(s).unwrap_or(u32::MAX))
            .map_err(|e| errors.push(at(Column::Shares), e.into()))
            .ok();
        let usage = if a.is_user {
            parse_amount(&a.usage, mark)
                .map_err(|e| errors.push(at(Column::Usage), e.into()))
                .ok()
        } else {
            Some(0.0)
        };
        if let (Some(0), Some(u)) = (shares, usage)
            && u > 0.0
        {
            errors.push(at(Column::Shares), CalcError::UsageWithoutShares);
        }
        specs.push(AssocSpec {
            parent: parent.to_owned(),
            name: name.to_owned(),
            is_user: a.is_user,
            shares: shares.unwrap_or(0),
            usage: usage.unwrap_or(0.0),
        });
    }
    // Every level must share something, or its factors mean nothing.
    let mut parents: Vec<&str> = specs.iter().map(|s| s.parent.as_str()).collect();
    parents.dedup();
    for parent in parents {
        let children = || specs.iter().enumerate().filter(|(_, s)| s.parent == parent);
        if children().all(|(_, s)| s.shares == 0)
            && let Some((row, _)) = children().next()
            && !errors
                .iter()
                .any(|(f, _)| matches!(f, Field::Assoc(r, _) if *r == row))
        {
            errors.push(
                Field::Assoc(row, Column::Shares),
                CalcError::ZeroLevelShares(parent.to_owned()),
            );
        }
    }
    if !specs.iter().any(|s| s.is_user) {
        errors.push(Field::Tree, CalcError::EmptyTree);
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    AccountTree::from_specs(&specs).map_err(|e| CalcErrors::from_iter([tree_error(&specs, &e)]))
}

/// Places an error of the tree's own checks on the row it names.
fn tree_error(specs: &[AssocSpec], error: &FairShareError) -> (Field, CalcError) {
    let row_of = |assoc: &str| {
        specs.iter().position(|s| {
            let id = AssocId {
                account: if s.is_user {
                    s.parent.clone()
                } else {
                    s.name.clone()
                },
                user: s.is_user.then(|| s.name.clone()),
            };
            id.to_string() == assoc
        })
    };
    let (assoc, column, calc) = match error {
        FairShareError::Cycle { assoc } => (Some(assoc), Column::Parent, CalcError::Cycle),
        FairShareError::UnknownParent { assoc, parent } => (
            Some(assoc),
            Column::Parent,
            CalcError::UnknownParent(parent.clone()),
        ),
        FairShareError::DuplicateAssociation { assoc } => {
            (Some(assoc), Column::Name, CalcError::Duplicate)
        }
        FairShareError::UsageWithoutShares { assoc } => {
            (Some(assoc), Column::Shares, CalcError::UsageWithoutShares)
        }
        FairShareError::ZeroLevelShares { parent, .. } => (
            None,
            Column::Shares,
            CalcError::ZeroLevelShares(parent.clone()),
        ),
        _ => (None, Column::Name, CalcError::EmptyTree),
    };
    match assoc.and_then(|a| row_of(a)) {
        Some(row) => (Field::Assoc(row, column), calc),
        None => (Field::Tree, calc),
    }
}

fn compute(input: &CalculatorInput, s: &Settings) -> Result<Calculation, CalcError> {
    let tree_error = |_| CalcError::EmptyTree;
    let rows =
        share_rows(&s.tree, input.algorithm, DEFAULT_DAMPENING_FACTOR).map_err(tree_error)?;
    let job = input.job_assoc().ok_or(CalcError::NoSuchUser)?;
    let job_row = rows
        .iter()
        .find(|r| r.account == job.account && r.user.as_deref() == Some(&job.user))
        .ok_or(CalcError::NoSuchUser)?;
    let (nodes, cpus, gpus) = s.cluster;
    let (job_nodes, job_cpus, job_gpus) = s.job;
    let factors = JobFactors {
        age_s: s.age_s,
        job_size: job_size_factor(job_nodes, job_cpus, nodes, cpus, false),
        partition: s.partition,
        qos: s.qos,
        assoc: 0.0,
        fair_share: job_row.detail.factor.unwrap_or(0.0),
        tres: vec![(
            "gres/gpu".to_owned(),
            tres_factor(u64::from(job_gpus), u64::from(gpus)),
        )],
        nice: 0,
        site: 0,
    };
    let breakdown = priority(&factors, &s.config).map_err(tree_error)?;
    let sprio = sprio_lines(
        &[SprioJob {
            job_id: JOB_ID,
            partition: PARTITION,
            user: &job.user,
            priority: &breakdown,
        }],
        true,
    );
    let decay = decay_series(&s.tree, input.algorithm, &s.config, gpus);
    Ok(Calculation {
        algorithm: input.algorithm,
        rows,
        job,
        factors,
        priority: breakdown,
        sprio,
        decay,
    })
}

/// The days the decay chart spans: four half-lives, or two reset periods
/// with no decay; between one week and 120 days.
fn decay_horizon_days(config: &PriorityConfig) -> f64 {
    let span_s = if config.decay_half_life_s > 0 {
        4.0 * config.decay_half_life_s as f64
    } else {
        2.0 * config
            .usage_reset
            .period_s()
            .map_or(28.0 * DAY_S, |p| p as f64)
    };
    (span_s / DAY_S).clamp(7.0, 120.0)
}

/// From now on the cluster is busy and every association uses GPUs in
/// proportion to its shares, while the past decays (or is reset): each
/// account's effective usage moves toward its share and the factors even
/// out. That is how past usage is forgiven.
fn decay_series(
    tree: &AccountTree,
    algorithm: Algorithm,
    config: &PriorityConfig,
    cluster_gpus: u32,
) -> DecaySeries {
    let nodes = tree.nodes();
    // GPU-hours per second each user accrues: its share of its parent's
    // rate, from the whole cluster at root.
    let mut rate = vec![0.0; nodes.len()];
    if let Some(r) = rate.first_mut() {
        *r = f64::from(cluster_gpus) / 3_600.0;
    }
    for &i in tree.top_down() {
        let level = tree.level_shares(i) as f64;
        for &c in &nodes[i].children {
            rate[c] = if level > 0.0 {
                rate[i] * f64::from(nodes[c].shares) / level
            } else {
                0.0
            };
        }
    }
    let users: Vec<usize> = (0..nodes.len()).filter(|&i| nodes[i].is_user()).collect();
    let start: Vec<f64> = nodes.iter().map(|n| n.own_usage).collect();
    let teams: Vec<usize> = nodes.first().map_or_else(Vec::new, |r| r.children.clone());
    let horizon = decay_horizon_days(config);
    let days: Vec<f64> = (0..DECAY_SAMPLES)
        .map(|k| horizon * k as f64 / (DECAY_SAMPLES - 1) as f64)
        .collect();
    let mut series: Vec<TeamSeries> = teams
        .iter()
        .map(|&t| TeamSeries {
            account: nodes[t].id.account.clone(),
            effective_usage: Vec::with_capacity(days.len()),
            factor: Vec::with_capacity(days.len()),
        })
        .collect();
    let mut tree = tree.clone();
    for &day in &days {
        let t_s = day * DAY_S;
        // Usage starts again from 0 at the last reset before t.
        let since_s = last_reset(config.usage_reset, t_s).map_or(t_s, |r| t_s - r);
        for &u in &users {
            let past = if since_s < t_s { 0.0 } else { start[u] };
            let usage = accrue(past, rate[u], since_s, config.decay_half_life_s as f64);
            // The usage stays finite and not negative, and shares are
            // unchanged, so the tree's checks pass; on the off chance they
            // do not, the previous usage stays.
            let _ = tree.set_own_usage(u, usage);
        }
        let Ok(rows) = share_rows(&tree, algorithm, config.dampening_factor) else {
            continue;
        };
        for (team, s) in teams.iter().zip(&mut series) {
            let account = &nodes[*team].id.account;
            let factors: Vec<f64> = rows
                .iter()
                .filter(|r| r.user.is_some() && in_account(&tree, &r.account, account))
                .filter_map(|r| r.detail.factor)
                .collect();
            let eff = rows
                .iter()
                .find(|r| r.user.is_none() && &r.account == account)
                .map_or(0.0, |r| r.detail.effective_usage);
            s.effective_usage.push(eff);
            s.factor.push(if factors.is_empty() {
                0.0
            } else {
                factors.iter().sum::<f64>() / factors.len() as f64
            });
        }
    }
    DecaySeries {
        days,
        teams: series,
    }
}

/// The last reset at or before `t_s` after the start (resets counted from
/// 0; a reset at 0 itself changes nothing, as usage starts there).
fn last_reset(reset: UsageReset, t_s: f64) -> Option<f64> {
    let period = reset.period_s()? as f64;
    let k = (t_s / period).floor();
    (k >= 1.0).then_some(k * period)
}

/// Whether `account` is `top` or below it.
fn in_account(tree: &AccountTree, account: &str, top: &str) -> bool {
    let nodes = tree.nodes();
    let mut at = nodes
        .iter()
        .position(|n| n.id.user.is_none() && n.id.account == account);
    while let Some(i) = at {
        if nodes[i].id.account == top {
            return true;
        }
        at = nodes[i].parent;
    }
    false
}

/// The two-team story's settings from the calculator: the shares and past
/// usage (their users' usage) of the first two accounts under root, the
/// algorithm, the decay and the toggles;
/// the rest is [`StoryConfig::default`] (64 GPUs, 1,000 and 10 one-hour
/// 8-GPU jobs). Numbers are read with the page's decimal `mark`; errors
/// sit on the field to fix.
pub fn story_config(input: &CalculatorInput, mark: DecimalMark) -> Result<StoryConfig, CalcErrors> {
    let mut r = Reader {
        input,
        mark,
        errors: CalcErrors::new(),
    };
    let teams: Vec<(usize, &AssocInput)> = input
        .assocs
        .iter()
        .enumerate()
        .filter(|(_, a)| !a.is_user && a.parent == Parent::Root)
        .take(2)
        .collect();
    let mut config = StoryConfig {
        algorithm: input.algorithm,
        usage_reset: input.reset,
        ..StoryConfig::default()
    };
    let shares: Vec<Option<u32>> = teams
        .iter()
        .map(|(row, a)| {
            let shares = parse_whole(&a.shares, u64::from(u32::MAX), mark)
                .map_err(CalcError::from)
                .and_then(|s| match u32::try_from(s) {
                    Ok(0) => Err(InputError::NotPositive.into()),
                    Ok(s) => Ok(s),
                    Err(_) => Err(InputError::TooLarge {
                        max: Limit::Count(u64::from(u32::MAX)),
                    }
                    .into()),
                });
            r.check(Field::Assoc(*row, Column::Shares), shares)
        })
        .collect();
    if let [Some(a), Some(b)] = shares[..] {
        config.team_a.shares = a;
        config.team_b.shares = b;
        // Each team starts with its users' usage from the tree (GPU-hours).
        let past = |team: &AssocInput| -> f64 {
            let below = input.descendants(team.id);
            input
                .assocs
                .iter()
                .filter(|a| a.is_user && below.contains(&a.id))
                .filter_map(|a| parse_amount(&a.usage, mark).ok())
                .sum::<f64>()
                * 3_600.0
        };
        config.team_a.past_usage_gpu_s = past(teams[0].1);
        config.team_b.past_usage_gpu_s = past(teams[1].1);
    } else if teams.len() < 2 {
        r.errors.push(Field::Tree, CalcError::StoryNeedsTwoTeams);
    }
    if let Some(h) = r.duration(Scalar::HalfLife) {
        config.decay_half_life_s = h.round() as u64;
    }
    if input.qos_cap {
        let job = u64::from(config.team_a.gpus_per_job.max(config.team_b.gpus_per_job));
        let cap = r
            .whole(Scalar::QosCap, u64::from(config.gpus))
            .and_then(|cap| {
                let checked = if cap < job {
                    Err(CalcError::CapBelowJob(job))
                } else {
                    Ok(cap)
                };
                r.check(Field::Scalar(Scalar::QosCap), checked)
            });
        config.qos_max_gpus_per_account = cap.and_then(|c| u32::try_from(c).ok());
    }
    if input.preemption {
        config.preemption = Some(super::Preemption::default());
    }
    r.errors.or_value(Some(config))
}
