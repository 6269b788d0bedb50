//! Slurm's multifactor job priority and its fair-share factor: the model
//! behind the fair-share calculator widget and the mock `sprio` and `sshare`.
//! Pure: std, serde and thiserror, no clocks (every time is an argument, in
//! seconds), no randomness, no web code.
//!
//! The steps, one submodule each:
//! 1. `tree`: an association tree (accounts and users, each with raw shares
//!    and raw usage) built from a flat list like `sacctmgr`'s and validated
//!    ([`AccountTree::from_specs`]).
//! 2. `classic` and `fair_tree`, behind `factor`: the fair-share factor of
//!    every user association, by the classic formula
//!    (<https://slurm.schedmd.com/classic_fair_share.html>) or by Fair Tree
//!    (<https://slurm.schedmd.com/fair_tree.html>, Slurm's default since
//!    19.05), and the rows `sshare` prints ([`fair_share`], [`share_rows`]).
//! 3. `decay`: half-life decay of usage and `PriorityUsageResetPeriod`
//!    ([`decay()`], [`UsageReset`]).
//! 4. `priority`: the weights, one job's factors and the weighted sum that
//!    `sprio` shows ([`priority()`], <https://slurm.schedmd.com/priority_multifactor.html>).
//! 5. `queue`: a deterministic, event-driven story of two teams sharing a GPU
//!    cluster under FCFS and under fair share ([`story`]).
//!
//! The tests reproduce the reference cluster's `sshare`, `sprio` and
//! `scontrol show job` transcripts (Slurm 22.05.8, Fair Tree), whose numbers
//! they copy, and the worked example of the classic page.

pub mod calculator;
mod classic;
mod decay;
mod factor;
mod fair_tree;
mod priority;
mod queue;
mod sprio;
#[cfg(test)]
mod tests;
mod tree;

pub use classic::classic_factor;
pub use decay::{
    DEFAULT_DECAY_HALF_LIFE_S, UsageReset, accrue, check_decay, decay, slurm_decay_per_second,
};
pub use factor::{
    Algorithm, DEFAULT_DAMPENING_FACTOR, FactorDetail, ShareRow, UserAssoc, fair_share,
    fair_share_with, share_rows,
};
pub use priority::{
    Contribution, DEFAULT_CALC_PERIOD_S, DEFAULT_MAX_AGE_S, JobFactors, PriorityBreakdown,
    PriorityConfig, Weights, age_factor, job_size_factor, norm_priority, parse_tres_weights,
    parse_weight, priority, tres_factor,
};
pub use queue::{
    Policy, PolicyRun, Preemption, Sample, StoryConfig, StoryResult, Team, TeamOutcome, simulate,
    story,
};
pub use sprio::{
    BadSortKey, FormatChoice, SprioFormat, SprioJob, SprioRow, sort_jobs, sprio_lines,
};
pub use tree::{AccountTree, AssocId, AssocSpec, Association, ROOT};

/// Why a tree, a weight, a job's factors or a story could not be computed.
/// Each variant carries where the problem is: the association (written as
/// `account team-a` or `user alice in account team-a`), the factor, the input
/// text or the field.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FairShareError {
    /// No user association at all: nobody to rank.
    #[error("the association tree has no users")]
    EmptyTree,
    /// An association with an empty name.
    #[error("an association under `{parent}` has an empty name")]
    EmptyName {
        /// The parent account named in the same entry.
        parent: String,
    },
    /// Two accounts with one name, or one user twice in one account.
    #[error("{assoc} is listed twice")]
    DuplicateAssociation {
        /// The association, e.g. `user alice in account team-a`.
        assoc: String,
    },
    /// The parent account does not exist.
    #[error("{assoc} names parent account `{parent}`, which does not exist")]
    UnknownParent {
        /// The association whose parent is missing.
        assoc: String,
        /// The missing parent's name.
        parent: String,
    },
    /// Accounts that are each other's ancestors, never reaching `root`.
    #[error("{assoc} is not connected to root (its parents form a cycle)")]
    Cycle {
        /// One account on the cycle.
        assoc: String,
    },
    /// Usage that is negative, NaN or infinite, or sums that overflow.
    #[error("{assoc} has invalid usage {usage} (must be finite and not negative)")]
    InvalidUsage {
        /// The association.
        assoc: String,
        /// The offending value.
        usage: f64,
    },
    /// Every child of an account has zero shares, yet one of them has usage.
    #[error("the children of {parent} have zero shares in total, yet {child} has usage")]
    ZeroLevelShares {
        /// The account whose children share nothing.
        parent: String,
        /// A child with usage.
        child: String,
    },
    /// An association with usage but no shares.
    #[error("{assoc} has usage but no shares")]
    UsageWithoutShares {
        /// The association.
        assoc: String,
    },
    /// `FairShareDampeningFactor` must be at least 1.
    #[error("FairShareDampeningFactor must be at least 1, not {value}")]
    InvalidDampening {
        /// The value given.
        value: u32,
    },
    /// A priority weight that is not an unsigned 32-bit integer.
    #[error("priority weight `{input}` is not a whole number from 0 to 4294967295")]
    InvalidWeight {
        /// The text given.
        input: String,
    },
    /// One entry of `PriorityWeightTRES` is not `TYPE[/NAME]=WEIGHT`.
    #[error("PriorityWeightTRES entry `{entry}` is not `TYPE[/NAME]=WEIGHT`")]
    InvalidTresWeight {
        /// The entry given.
        entry: String,
    },
    /// A priority factor outside [0, 1] or not a number.
    #[error("priority factor {factor} = {value} is outside [0, 1]")]
    FactorOutOfRange {
        /// The factor, e.g. `fair_share` or `tres gres/gpu`.
        factor: String,
        /// The offending value.
        value: f64,
    },
    /// `PriorityDecayHalfLife=0` with `PriorityUsageResetPeriod=NONE`.
    #[error(
        "usage never decays nor resets (PriorityDecayHalfLife=0 needs a PriorityUsageResetPeriod)"
    )]
    NeverDecaysNorResets,
    /// A `PriorityUsageResetPeriod` value that is not one of Slurm's.
    #[error(
        "`{input}` is not a PriorityUsageResetPeriod (NONE, NOW, DAILY, WEEKLY, MONTHLY, QUARTERLY, YEARLY)"
    )]
    InvalidResetPeriod {
        /// The text given.
        input: String,
    },
    /// A story parameter that cannot be simulated.
    #[error("story parameter {field}: {reason}")]
    InvalidStory {
        /// The field, e.g. `team_b.gpus_per_job`.
        field: &'static str,
        /// Why, in English.
        reason: String,
    },
}
