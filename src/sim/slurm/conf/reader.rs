//! Reads a slurm.conf text into a [`ClusterConfig`]: each logical line into
//! a setting, a node line or a partition line; the settings into fields
//! with Slurm's defaults; then the checks across lines. Problems are
//! collected with their lines rather than stopping at the first.

use super::error::{ConfError, ConfErrorKind, ConfErrors};
use super::keys::{self, LineKey};
use super::lines::{Line, logical_lines, next_pair};
use super::node::{NodeConfig, node_line};
use super::partition::{PartitionConfig, PartitionNodes, partition_line};
use super::table::{Lookup, Setting, Table, nothing_left, read_pair, read_pairs};
use super::{CgroupConfig, ClusterConfig, EnforcePartLimits};
use crate::sim::fair_share::{
    DEFAULT_CALC_PERIOD_S, DEFAULT_DECAY_HALF_LIFE_S, DEFAULT_MAX_AGE_S, PriorityConfig,
    UsageReset, Weights, check_decay, parse_tres_weights,
};
use crate::sim::slurm::hostlist::{Hostlist, MAX_HOSTS};
use crate::sim::slurm::time_spec::TimeLimit;
use crate::sorted::SortedSet;

/// Most node names all `NodeName` and `Nodes=` lists together may hold,
/// so that a text of many large ranges cannot claim unbounded memory.
const MAX_NAMES: usize = 4 * MAX_HOSTS;

/// The top-level keys kept in [`ClusterConfig`]'s own fields.
const MODELED: [&str; 24] = [
    "ClusterName",
    "DefMemPerCPU",
    "EnforcePartLimits",
    "FairShareDampeningFactor",
    "KillWait",
    "MinJobAge",
    "PriorityCalcPeriod",
    "PriorityDecayHalfLife",
    "PriorityFlags",
    "PriorityMaxAge",
    "PriorityType",
    "PriorityUsageResetPeriod",
    "PriorityWeightAge",
    "PriorityWeightAssoc",
    "PriorityWeightFairshare",
    "PriorityWeightJobSize",
    "PriorityWeightPartition",
    "PriorityWeightQOS",
    "PriorityWeightTRES",
    "ReturnToService",
    "SchedulerType",
    "SelectType",
    "SelectTypeParameters",
    "SlurmdTimeout",
];

/// What the lines hold, before the settings are interpreted.
#[derive(Default)]
struct Lines {
    settings: Table,
    nodes: Vec<(NodeConfig, usize)>,
    partitions: Vec<(PartitionConfig, usize)>,
    /// `DownNodes`, `NodeSet`, `FrontendName`, `SlurmctldHost` lines:
    /// (line, key, value).
    kept: Vec<(usize, &'static str, String)>,
    node_defaults: Table,
    partition_defaults: Table,
    names: usize,
}

/// Reads a whole text.
pub(super) fn read(text: &str) -> Result<ClusterConfig, ConfErrors> {
    let mut lines = Lines::default();
    let mut errors = Vec::new();
    for line in logical_lines(text) {
        if let Err(kind) = lines.read(&line) {
            errors.push(ConfError::at(line.number, kind));
        }
    }
    let built = lines.into_config(&mut errors);
    check(&built, &mut errors);
    if errors.is_empty() {
        Ok(built.config)
    } else {
        crate::sort::by_key(&mut errors, |e| (e.line.is_none(), e.line));
        Err(ConfErrors(errors))
    }
}

/// A configuration and the line of each of its nodes and partitions.
struct Built {
    config: ClusterConfig,
    node_lines: Vec<usize>,
    partition_lines: Vec<usize>,
}

impl Lines {
    /// Reads one logical line.
    fn read(&mut self, line: &Line) -> Result<(), ConfErrorKind> {
        let number = line.number;
        // `include FILE` (any case, a blank after the word), as
        // `_parse_include_directive` recognizes it.
        let is_include = line
            .text
            .split_once(|c: char| c.is_ascii_whitespace())
            .is_some_and(|(word, _)| word.eq_ignore_ascii_case("include"));
        if is_include {
            return Err(ConfErrorKind::Include);
        }
        let Some((head, rest)) = next_pair(&line.text) else {
            return nothing_left(&line.text);
        };
        match keys::line_key(head.key) {
            Some(LineKey::NodeName) => {
                let own = read_pairs(keys::NODE, rest, number)?;
                if let Some(node) = node_line(head.value, own, &mut self.node_defaults)? {
                    self.hold(node.names.len())?;
                    self.nodes.push((node, number));
                }
            }
            Some(LineKey::PartitionName) => {
                let own = read_pairs(keys::PARTITION, rest, number)?;
                if let Some(partition) =
                    partition_line(head.value, own, &mut self.partition_defaults)?
                {
                    if let PartitionNodes::List(list) = &partition.nodes {
                        self.hold(list.len())?;
                    }
                    self.partitions.push((partition, number));
                }
            }
            Some(LineKey::Kept { key, options }) => {
                read_pairs(options, rest, number)?;
                let value = format!("{} {}", head.value, rest.trim());
                self.kept.push((number, key, value.trim_end().to_owned()));
            }
            None => {
                let setting = read_pair(keys::TOP_LEVEL, head, number)?;
                nothing_left(rest)?;
                self.settings.set(setting);
            }
        }
        Ok(())
    }

    /// Counts `count` more names against [`MAX_NAMES`].
    fn hold(&mut self, count: usize) -> Result<(), ConfErrorKind> {
        self.names += count;
        if self.names > MAX_NAMES {
            return Err(ConfErrorKind::TooManyNames { limit: MAX_NAMES });
        }
        Ok(())
    }

    /// The configuration the settings describe.
    fn into_config(self, errors: &mut Vec<ConfError>) -> Built {
        let s = &self.settings;
        let mut fail = |setting: &Setting, kind| errors.push(ConfError::at(setting.line, kind));
        let text = |key: &str, default: &str| s.text(key).unwrap_or(default).to_owned();
        let cluster_name = s.text("ClusterName").filter(|n| !n.is_empty());
        let enforce_part_limits = match s.get("EnforcePartLimits") {
            None => EnforcePartLimits::No,
            Some(setting) => enforce(&setting.text).unwrap_or_else(|| {
                fail(setting, bad_value(setting));
                EnforcePartLimits::No
            }),
        };
        let priority = priority(s, &mut fail);
        let mut other: Vec<(usize, String, String)> = s
            .iter()
            .filter(|setting| !MODELED.contains(&setting.key))
            .map(|setting| (setting.line, setting.key.to_owned(), setting.text.clone()))
            .chain(
                self.kept
                    .into_iter()
                    .map(|(line, key, value)| (line, key.to_owned(), value)),
            )
            .collect();
        crate::sort::by_key(&mut other, |(line, _, _)| *line);
        let cluster_name = cluster_name
            .map(str::to_ascii_lowercase)
            .unwrap_or_else(|| {
                errors.push(ConfError {
                    line: None,
                    kind: ConfErrorKind::NoClusterName,
                });
                String::new()
            });
        let (nodes, node_lines) = self.nodes.into_iter().unzip();
        let (partitions, partition_lines) = self.partitions.into_iter().unzip();
        let config = ClusterConfig {
            cluster_name,
            nodes,
            partitions,
            scheduler_type: text("SchedulerType", "sched/backfill"),
            select_type: text("SelectType", "select/linear"),
            select_type_parameters: s.text("SelectTypeParameters").map(str::to_owned),
            enforce_part_limits,
            def_mem_per_cpu_mb: s.u64("DefMemPerCPU"),
            priority_type: text("PriorityType", "priority/basic"),
            priority_flags: s
                .text("PriorityFlags")
                .map(|f| {
                    f.split(',')
                        .filter(|f| !f.is_empty())
                        .map(str::to_owned)
                        .collect()
                })
                .unwrap_or_default(),
            priority,
            return_to_service: s.u16("ReturnToService").unwrap_or(0),
            slurmd_timeout_s: s.u16("SlurmdTimeout").unwrap_or(300),
            min_job_age_s: s.u32("MinJobAge").unwrap_or(300),
            kill_wait_s: s.u16("KillWait").unwrap_or(30),
            other: other
                .into_iter()
                .map(|(_, key, value)| (key, value))
                .collect(),
            cgroup: CgroupConfig::default(),
            files: Vec::new(),
        };
        Built {
            config,
            node_lines,
            partition_lines,
        }
    }
}

/// Reads `EnforcePartLimits` (`parse_part_enforce_type`).
fn enforce(text: &str) -> Option<EnforcePartLimits> {
    let is = |words: &[&str]| words.iter().any(|w| w.eq_ignore_ascii_case(text));
    if is(&["yes", "up", "true", "1", "any"]) {
        Some(EnforcePartLimits::Any)
    } else if is(&["no", "down", "false", "0"]) {
        Some(EnforcePartLimits::No)
    } else if is(&["all"]) {
        Some(EnforcePartLimits::All)
    } else {
        None
    }
}

/// `Bad value "..." for Key`.
fn bad_value(setting: &Setting) -> ConfErrorKind {
    ConfErrorKind::BadValue {
        key: setting.key,
        value: setting.text.clone(),
    }
}

/// The priority settings as the fair-share model takes them, with Slurm's
/// defaults (`_validate_and_set_defaults`).
fn priority(s: &Table, fail: &mut impl FnMut(&Setting, ConfErrorKind)) -> PriorityConfig {
    // A duration in seconds, read as whole minutes; UNLIMITED is never.
    let mut seconds = |key: &str, default: u64| match s.get(key) {
        None => default,
        Some(setting) => match TimeLimit::parse(&setting.text) {
            Ok(limit) => limit.seconds().unwrap_or(u64::MAX),
            Err(_) => {
                fail(setting, bad_value(setting));
                default
            }
        },
    };
    let decay_half_life_s = seconds("PriorityDecayHalfLife", DEFAULT_DECAY_HALF_LIFE_S);
    let max_age_s = seconds("PriorityMaxAge", DEFAULT_MAX_AGE_S);
    let calc_period_s = match s.get("PriorityCalcPeriod") {
        None => DEFAULT_CALC_PERIOD_S,
        Some(setting) => match TimeLimit::parse(&setting.text) {
            Ok(TimeLimit::Minutes(m)) if m >= 1 => u64::from(m) * 60,
            _ => {
                fail(setting, bad_value(setting));
                DEFAULT_CALC_PERIOD_S
            }
        },
    };
    let usage_reset = match s.get("PriorityUsageResetPeriod") {
        None => {
            // Slurm refuses no decay only when no reset period is given.
            if let (Some(setting), Err(e)) = (
                s.get("PriorityDecayHalfLife"),
                check_decay(decay_half_life_s, UsageReset::None),
            ) {
                fail(setting, e.into());
            }
            UsageReset::None
        }
        Some(setting) => setting.text.parse().unwrap_or_else(|_| {
            fail(setting, bad_value(setting));
            UsageReset::None
        }),
    };
    let tres = match s.get("PriorityWeightTRES") {
        None => Vec::new(),
        Some(setting) => parse_tres_weights(&setting.text).unwrap_or_else(|e| {
            fail(setting, e.into());
            Vec::new()
        }),
    };
    let weight = |key: &str| s.u32(key).unwrap_or(0);
    let defaults = PriorityConfig::default();
    PriorityConfig {
        weights: Weights {
            age: weight("PriorityWeightAge"),
            assoc: weight("PriorityWeightAssoc"),
            fair_share: weight("PriorityWeightFairshare"),
            job_size: weight("PriorityWeightJobSize"),
            partition: weight("PriorityWeightPartition"),
            qos: weight("PriorityWeightQOS"),
            tres,
        },
        max_age_s,
        dampening_factor: s
            .u16("FairShareDampeningFactor")
            .map_or(defaults.dampening_factor, u32::from),
        decay_half_life_s,
        usage_reset,
        calc_period_s,
    }
}

/// The checks across lines: nodes defined once, partitions named once and
/// listing only defined nodes, at least one node.
fn check(built: &Built, errors: &mut Vec<ConfError>) {
    let Built {
        config,
        node_lines,
        partition_lines,
    } = built;
    let mut defined = SortedSet::new();
    for (node, &line) in config.nodes.iter().zip(node_lines) {
        let twice: Vec<&str> = node
            .names
            .names()
            .iter()
            .map(String::as_str)
            .filter(|name| !defined.insert(*name))
            .collect();
        if let Some(first) = twice.first() {
            errors.push(ConfError::at(
                line,
                ConfErrorKind::DuplicateNode {
                    node: (*first).to_owned(),
                },
            ));
        }
    }
    let mut named = SortedSet::new();
    for (partition, &line) in config.partitions.iter().zip(partition_lines) {
        if !named.insert(partition.name.as_str()) {
            errors.push(ConfError::at(
                line,
                ConfErrorKind::DuplicatePartition {
                    name: partition.name.clone(),
                },
            ));
        }
        if let PartitionNodes::List(list) = &partition.nodes {
            let unknown: Vec<&str> = list
                .names()
                .iter()
                .map(String::as_str)
                .filter(|name| !defined.contains(name))
                .collect();
            if !unknown.is_empty() {
                errors.push(ConfError::at(
                    line,
                    ConfErrorKind::UnknownNodes {
                        partition: partition.name.clone(),
                        nodes: Hostlist::from_names(unknown).to_string(),
                    },
                ));
            }
        }
    }
    if config.nodes.is_empty() {
        errors.push(ConfError {
            line: None,
            kind: ConfErrorKind::NoNodes,
        });
    }
}
