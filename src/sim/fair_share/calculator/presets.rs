//! The calculator's presets, as the reader would type them. All share the
//! reference cluster's weights (`PriorityWeightAge=1000`,
//! `PriorityWeightFairshare=10000`, the rest 1000, `GRES/gpu=1000`), a
//! 7-day half-life and its shape (4 nodes of 64 CPUs and 8 GPUs); the job
//! asks for one whole node and has waited 2 hours in the `normal` QOS
//! (factor 0.1, as on the reference cluster).

use super::{CalculatorInput, NamedAssoc, Scalar, link};
use crate::quantity::DecimalMark;
use crate::sim::fair_share::{Algorithm, UsageReset, UserAssoc};

/// The presets [`preset`] knows, in the order the widget lists them.
pub const PRESETS: [&str; 3] = ["two-teams", "burned-share", "new-team"];

fn account(name: &str, shares: u32) -> NamedAssoc {
    NamedAssoc {
        is_user: false,
        name: name.to_owned(),
        parent: "root".to_owned(),
        shares: shares.to_string(),
        usage: String::new(),
    }
}

fn user(account: &str, name: &str, usage_gpu_h: u32) -> NamedAssoc {
    NamedAssoc {
        is_user: true,
        name: name.to_owned(),
        parent: account.to_owned(),
        shares: "1".to_owned(),
        usage: usage_gpu_h.to_string(),
    }
}

/// The preset called `name` (one of [`PRESETS`]), its numbers written with
/// `mark` as the page's readers type them:
/// - `two-teams`: `team-a` holds 3 shares, `team-b` 1; A has used 600
///   GPU-hours, B 400, so B is over its quarter and A under its three
///   quarters. The job is B's.
/// - `burned-share`: equal shares, but A used 2,400 GPU-hours last week
///   against B's 150. The job is A's: watch its factor recover as the
///   usage decays.
/// - `new-team`: three equal teams; `team-c` arrives with no usage at all
///   and its job jumps the queue.
pub fn preset(name: &str, mark: DecimalMark) -> Option<CalculatorInput> {
    let (assocs, job) = match name {
        "two-teams" => (
            vec![
                account("team-a", 3),
                user("team-a", "alice", 600),
                account("team-b", 1),
                user("team-b", "bob", 400),
            ],
            UserAssoc::new("team-b", "bob"),
        ),
        "burned-share" => (
            vec![
                account("team-a", 1),
                user("team-a", "alice", 2400),
                account("team-b", 1),
                user("team-b", "bob", 150),
            ],
            UserAssoc::new("team-a", "alice"),
        ),
        "new-team" => (
            vec![
                account("team-a", 1),
                user("team-a", "alice", 900),
                account("team-b", 1),
                user("team-b", "bob", 700),
                account("team-c", 1),
                user("team-c", "carol", 0),
            ],
            UserAssoc::new("team-c", "carol"),
        ),
        _ => return None,
    };
    let mut input = CalculatorInput {
        algorithm: Algorithm::FairTree,
        assocs: link(assocs),
        reset: UsageReset::None,
        ..CalculatorInput::default()
    };
    input.job = input.find_user(&job);
    for (field, text) in [
        (Scalar::WeightAge, "1000"),
        (Scalar::WeightFairShare, "10000"),
        (Scalar::WeightJobSize, "1000"),
        (Scalar::WeightPartition, "1000"),
        (Scalar::WeightQos, "1000"),
        (Scalar::WeightGpu, "1000"),
        (Scalar::HalfLife, "7"),
        (Scalar::ClusterNodes, "4"),
        (Scalar::CpusPerNode, "64"),
        (Scalar::GpusPerNode, "8"),
        (Scalar::JobNodes, "1"),
        (Scalar::JobCpus, "8"),
        (Scalar::JobGpus, "8"),
        (Scalar::JobAge, "2"),
        (Scalar::JobPartition, "1"),
        (Scalar::JobQos, "0.1"),
        (Scalar::QosCap, "32"),
    ] {
        input.scalars[field.index()] = mark.localize(text);
    }
    Some(input)
}
