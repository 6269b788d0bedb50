//! `PartitionName` lines: the queues, their nodes, limits and state, with
//! `PartitionName=DEFAULT` lines supplying what later lines leave out
//! (`_parse_partitionname` in Slurm 22.05's `src/common/read_config.c`).

use serde::{Deserialize, Serialize};

use super::error::ConfErrorKind;
use super::keys;
use super::table::{Layered, Lookup, Table};
use crate::sim::slurm::hostlist::Hostlist;
use crate::sim::slurm::time_spec::TimeLimit;

/// One `PartitionName` line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartitionConfig {
    /// `PartitionName`.
    pub name: String,
    /// `Nodes` (none when absent).
    pub nodes: PartitionNodes,
    /// `Default=YES`: jobs that name no partition go here.
    pub default: bool,
    /// `MaxTime` (default UNLIMITED).
    pub max_time: TimeLimit,
    /// `DefaultTime`; `None` (scontrol's `NONE`) means `MaxTime` applies.
    pub default_time: Option<TimeLimit>,
    /// `MaxNodes` per job; `None` is UNLIMITED (the default).
    pub max_nodes: Option<u32>,
    /// `State` (default UP).
    pub state: PartitionState,
    /// `PriorityTier` (default 1; `Priority=` sets it and the job factor).
    pub priority_tier: u16,
    /// `PriorityJobFactor` (default 1), behind the partition priority factor.
    pub priority_job_factor: u16,
    /// `AllowAccounts`, lowercased; `None` is ALL (the default).
    pub allow_accounts: Option<Vec<String>>,
    /// The other options as written, in slurm.conf(5)'s order.
    pub other: Vec<(String, String)>,
}

/// The `Nodes` of a partition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum PartitionNodes {
    /// `Nodes=ALL`: every node of the cluster.
    All,
    /// A hostlist.
    List(Hostlist),
}

/// A partition's `State`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum PartitionState {
    /// Takes and runs jobs (the default).
    #[default]
    Up,
    /// Takes jobs, starts none.
    Down,
    /// Takes no new jobs, runs those it has.
    Drain,
    /// Takes no jobs and starts none.
    Inactive,
}

impl PartitionState {
    /// The spelling of slurm.conf and `scontrol`, e.g. `UP`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Up => "UP",
            Self::Down => "DOWN",
            Self::Drain => "DRAIN",
            Self::Inactive => "INACTIVE",
        }
    }

    /// Reads a state as Slurm does: the value starts with the name, in any
    /// case (`DOWN`, `UP`, `DRAIN`, `INACTIVE`, checked in that order).
    fn parse(text: &str) -> Option<Self> {
        [Self::Down, Self::Up, Self::Drain, Self::Inactive]
            .into_iter()
            .find(|s| {
                text.get(..s.name().len())
                    .is_some_and(|head| head.eq_ignore_ascii_case(s.name()))
            })
    }
}

/// The options kept in [`PartitionConfig`]'s own fields.
const MODELED: [&str; 10] = [
    "AllowAccounts",
    "Default",
    "DefaultTime",
    "MaxNodes",
    "MaxTime",
    "Nodes",
    "Priority",
    "PriorityJobFactor",
    "PriorityTier",
    "State",
];

/// Reads one `PartitionName` line: `value` is its name, `own` its other
/// options. A `DEFAULT` line updates `defaults` and gives `None`.
pub(super) fn partition_line(
    value: &str,
    own: Table,
    defaults: &mut Table,
) -> Result<Option<PartitionConfig>, ConfErrorKind> {
    if value.eq_ignore_ascii_case("DEFAULT") {
        defaults.merge(own);
        return Ok(None);
    }
    let options = Layered {
        own: &own,
        defaults,
    };
    let time = |key: &'static str| -> Result<Option<TimeLimit>, ConfErrorKind> {
        options
            .text(key)
            .map(|text| {
                TimeLimit::parse(text).map_err(|_| ConfErrorKind::BadValue {
                    key,
                    value: text.to_owned(),
                })
            })
            .transpose()
    };
    let state = match options.text("State") {
        None => PartitionState::Up,
        Some(text) => PartitionState::parse(text).ok_or_else(|| ConfErrorKind::BadValue {
            key: "State",
            value: text.to_owned(),
        })?,
    };
    // `Priority=` sets both the tier and the job factor.
    let priority = options.u16("Priority");
    let allow_accounts = options
        .text("AllowAccounts")
        .filter(|text| !text.eq_ignore_ascii_case("ALL"))
        .map(|text| text.split(',').map(str::to_ascii_lowercase).collect());
    let other = keys::PARTITION
        .iter()
        .filter(|(key, _)| !MODELED.contains(key))
        .filter_map(|(key, _)| {
            options
                .text(key)
                .map(|text| ((*key).to_owned(), text.to_owned()))
        })
        .collect();
    Ok(Some(PartitionConfig {
        name: value.to_owned(),
        nodes: nodes(options.text("Nodes").unwrap_or_default())?,
        default: options.flag("Default").unwrap_or(false),
        max_time: time("MaxTime")?.unwrap_or(TimeLimit::Unlimited),
        default_time: time("DefaultTime")?,
        max_nodes: options.u32("MaxNodes").filter(|&n| n != u32::MAX),
        state,
        priority_tier: priority.or(options.u16("PriorityTier")).unwrap_or(1),
        priority_job_factor: priority.or(options.u16("PriorityJobFactor")).unwrap_or(1),
        allow_accounts,
        other,
    }))
}

/// Reads `Nodes=`: `ALL`, or a hostlist (blanks count as commas).
fn nodes(text: &str) -> Result<PartitionNodes, ConfErrorKind> {
    if text.eq_ignore_ascii_case("ALL") {
        return Ok(PartitionNodes::All);
    }
    let list = text.replace(|c: char| c.is_ascii_whitespace(), ",");
    Hostlist::parse(&list)
        .map(PartitionNodes::List)
        .map_err(|source| ConfErrorKind::BadHostlist {
            key: "Nodes",
            value: text.to_owned(),
            source,
        })
}
