//! `NodeName` lines: the nodes, their CPUs, memory and GRES, with
//! `NodeName=DEFAULT` lines supplying what later lines leave out
//! (`_parse_nodename` in Slurm 22.05's `src/common/read_config.c`).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::error::ConfErrorKind;
use super::keys;
use super::table::{Layered, Lookup, Table};
use crate::sim::slurm::hostlist::Hostlist;

/// One `NodeName` line: nodes that share a configuration.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NodeConfig {
    /// The nodes (`NodeName=node-[1-4]`).
    pub names: Hostlist,
    /// `CPUs` (or `Procs`); when absent, sockets x cores x threads.
    pub cpus: u16,
    /// `Boards` (default 1).
    pub boards: u16,
    /// Sockets in all: `Sockets`, or `Boards` x `SocketsPerBoard`, or
    /// inferred from `CPUs` / (cores x threads), or one per board.
    pub sockets: u16,
    /// `CoresPerSocket` (default 1).
    pub cores_per_socket: u16,
    /// `ThreadsPerCore` (default 1).
    pub threads_per_core: u16,
    /// `RealMemory` in megabytes (default 1).
    pub real_memory_mb: u64,
    /// `Gres`, e.g. `gpu:8` or `gpu:a100:4,gpu:v100:2`.
    pub gres: Vec<Gres>,
    /// `State` (default UNKNOWN).
    pub state: InitialState,
    /// `Weight` (default 1; lower weights are allocated first).
    pub weight: u32,
    /// `Features` (or `Feature`), comma-separated.
    pub features: Vec<String>,
    /// The other options (`NodeHostname`, `NodeAddr`, `Port`, ...) as
    /// written, in slurm.conf(5)'s order.
    pub other: Vec<(String, String)>,
}

impl NodeConfig {
    /// GPUs per node: the counts of every `gpu` GRES added up.
    pub fn gpus(&self) -> u64 {
        self.gres
            .iter()
            .filter(|g| g.name == "gpu")
            .map(|g| g.count)
            .sum()
    }
}

/// One generic resource of a node: `name[:type]:count`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gres {
    /// The resource, e.g. `gpu`.
    pub name: String,
    /// Its type, e.g. `a100`, if given.
    pub kind: Option<String>,
    /// How many per node.
    pub count: u64,
}

impl fmt::Display for Gres {
    /// As `scontrol show node` prints it: `gpu:8`, `gpu:a100:4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            Some(kind) => write!(f, "{}:{kind}:{}", self.name, self.count),
            None => write!(f, "{}:{}", self.name, self.count),
        }
    }
}

/// A node's `State` in slurm.conf: the state it starts in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum InitialState {
    /// `UNKNOWN` (the default): idle once its slurmd registers.
    #[default]
    Unknown,
    /// `IDLE`.
    Idle,
    /// `DOWN`.
    Down,
    /// `DRAIN`: takes no new jobs.
    Drain,
    /// `FAIL`.
    Fail,
    /// `FUTURE`: defined, not yet in service.
    Future,
    /// `CLOUD`: powered down until needed.
    Cloud,
}

impl InitialState {
    /// The slurm.conf spelling, e.g. `UNKNOWN`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Unknown => "UNKNOWN",
            Self::Idle => "IDLE",
            Self::Down => "DOWN",
            Self::Drain => "DRAIN",
            Self::Fail => "FAIL",
            Self::Future => "FUTURE",
            Self::Cloud => "CLOUD",
        }
    }

    /// Reads a state as `state_str2int`: a whole name in any case, or any
    /// word starting with `CLOUD`, `DRAIN` or `FAIL` (`FAILING`, `DRAINED`).
    fn parse(text: &str) -> Option<Self> {
        let whole = [Self::Unknown, Self::Idle, Self::Down, Self::Future];
        let prefixed = [Self::Cloud, Self::Drain, Self::Fail];
        let starts = |s: Self| {
            text.get(..s.name().len())
                .is_some_and(|head| head.eq_ignore_ascii_case(s.name()))
        };
        whole
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(text))
            .or_else(|| prefixed.into_iter().find(|&s| starts(s)))
    }
}

/// The options kept in [`NodeConfig`]'s own fields.
const MODELED: [&str; 13] = [
    "Boards",
    "CoresPerSocket",
    "CPUs",
    "Feature",
    "Features",
    "Gres",
    "Procs",
    "RealMemory",
    "Sockets",
    "SocketsPerBoard",
    "State",
    "ThreadsPerCore",
    "Weight",
];

/// Reads one `NodeName` line: `value` is its `NodeName`, `own` its other
/// options. A `DEFAULT` line updates `defaults` and gives `None`.
pub(super) fn node_line(
    value: &str,
    own: Table,
    defaults: &mut Table,
) -> Result<Option<NodeConfig>, ConfErrorKind> {
    if value.eq_ignore_ascii_case("DEFAULT") {
        for key in ["NodeHostname", "BcastAddr", "NodeAddr"] {
            if own.get(key).is_some() {
                return Err(ConfErrorKind::NotAllowedWithDefault { key });
            }
        }
        defaults.merge(own);
        return Ok(None);
    }
    if value.eq_ignore_ascii_case("ALL") {
        return Err(ConfErrorKind::ReservedNodeName {
            name: value.to_owned(),
        });
    }
    let names = Hostlist::parse(value).map_err(|source| ConfErrorKind::BadHostlist {
        key: "NodeName",
        value: value.to_owned(),
        source,
    })?;
    let options = Layered {
        own: &own,
        defaults,
    };
    let topology = topology(value, &options)?;
    let state = match options.text("State") {
        None => InitialState::Unknown,
        Some(text) => InitialState::parse(text).ok_or_else(|| ConfErrorKind::BadNodeState {
            node: value.to_owned(),
            state: text.to_owned(),
        })?,
    };
    let features = [(&own, "Feature"), (&own, "Features")]
        .into_iter()
        .chain([(&*defaults, "Feature"), (&*defaults, "Features")])
        .find_map(|(table, key)| table.text(key))
        .map(|text| {
            text.split(',')
                .filter(|f| !f.is_empty())
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default();
    let other = keys::NODE
        .iter()
        .filter(|(key, _)| !MODELED.contains(key))
        .filter_map(|(key, _)| {
            options
                .text(key)
                .map(|text| ((*key).to_owned(), text.to_owned()))
        })
        .collect();
    Ok(Some(NodeConfig {
        names,
        cpus: topology.cpus,
        boards: topology.boards,
        sockets: topology.sockets,
        cores_per_socket: topology.cores,
        threads_per_core: topology.threads,
        real_memory_mb: options.u64("RealMemory").unwrap_or(1),
        gres: options
            .text("Gres")
            .map(gres_list)
            .transpose()?
            .unwrap_or_default(),
        state,
        // Slurm keeps INFINITE out of node weights.
        weight: options.u32("Weight").map_or(1, |w| w.min(u32::MAX - 1)),
        features,
        other,
    }))
}

/// The CPU layout of a node line.
struct Topology {
    cpus: u16,
    boards: u16,
    sockets: u16,
    cores: u16,
    threads: u16,
}

/// Works out boards, sockets, cores, threads and CPUs as `_parse_nodename`
/// does, refusing zero counts and CPUs that match no layout.
fn topology(nodes: &str, options: &Layered<'_>) -> Result<Topology, ConfErrorKind> {
    let count = |key: &'static str| match options.u16(key) {
        Some(0) => Err(ConfErrorKind::ZeroCount {
            nodes: nodes.to_owned(),
            key,
        }),
        value => Ok(value),
    };
    let boards = count("Boards")?.unwrap_or(1);
    let cores = count("CoresPerSocket")?.unwrap_or(1);
    let threads = count("ThreadsPerCore")?.unwrap_or(1);
    let cpus = match count("CPUs")? {
        Some(cpus) => Some(cpus),
        None => count("Procs")?,
    };
    let per_core_set = u32::from(cores) * u32::from(threads);
    let sockets = match (count("Sockets")?, count("SocketsPerBoard")?) {
        (Some(_), Some(_)) => {
            return Err(ConfErrorKind::SocketsAndSocketsPerBoard {
                nodes: nodes.to_owned(),
            });
        }
        (Some(sockets), None) => u32::from(sockets),
        (None, Some(per_board)) => u32::from(boards) * u32::from(per_board),
        (None, None) => match cpus.map(u32::from) {
            Some(c) if c >= per_core_set && c % per_core_set == 0 => c / per_core_set,
            _ => u32::from(boards),
        },
    };
    if sockets < u32::from(boards) {
        return Err(ConfErrorKind::FewerSocketsThanBoards {
            nodes: nodes.to_owned(),
            sockets,
            boards,
        });
    }
    let too_large = |key: &'static str, n: u32| ConfErrorKind::TooLarge {
        key,
        value: n.to_string(),
        max: u16::MAX.into(),
    };
    let all_threads = sockets * per_core_set;
    let cpus = match cpus {
        Some(c) => c,
        None => u16::try_from(all_threads).map_err(|_| too_large("CPUs", all_threads))?,
    };
    let c = u32::from(cpus);
    if c != sockets && c != sockets * u32::from(cores) && c != all_threads {
        return Err(ConfErrorKind::CpusMismatch {
            nodes: nodes.to_owned(),
            cpus,
        });
    }
    Ok(Topology {
        cpus,
        boards,
        sockets: u16::try_from(sockets).map_err(|_| too_large("Sockets", sockets))?,
        cores,
        threads,
    })
}

/// Reads `Gres=`: comma-separated `name`, `name:count`, `name:type` or
/// `name:type:count`, a count possibly with a K, M, G, T or P suffix
/// (powers of 1024) and a socket binding such as `(S:0-1)` (ignored).
fn gres_list(text: &str) -> Result<Vec<Gres>, ConfErrorKind> {
    text.split(',')
        .filter(|s| !s.is_empty())
        .map(gres)
        .collect()
}

/// Reads one `Gres=` entry.
fn gres(spec: &str) -> Result<Gres, ConfErrorKind> {
    let bad = || ConfErrorKind::BadGres {
        spec: spec.to_owned(),
    };
    let body = spec.split_once('(').map_or(spec, |(body, _)| body);
    let fields: Vec<&str> = body.split(':').collect();
    let (name, kind, count) = match fields.as_slice() {
        [name] => (*name, None, 1),
        [name, last] => match gres_count(last) {
            Some(count) => (*name, None, count),
            None => (*name, Some(*last), 1),
        },
        [name, kind, count] => (*name, Some(*kind), gres_count(count).ok_or_else(bad)?),
        _ => return Err(bad()),
    };
    if name.is_empty() || kind.is_some_and(str::is_empty) {
        return Err(bad());
    }
    Ok(Gres {
        name: name.to_owned(),
        kind: kind.map(str::to_owned),
        count,
    })
}

/// A GRES count: digits and an optional K, M, G, T or P (x 1024^n).
fn gres_count(text: &str) -> Option<u64> {
    let (digits, power) = match text.char_indices().last()? {
        (i, c) if c.is_ascii_alphabetic() => {
            let power = "KMGTP".find(c.to_ascii_uppercase())? + 1;
            (&text[..i], u32::try_from(power).ok()?)
        }
        _ => (text, 0),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits
        .parse::<u64>()
        .ok()?
        .checked_mul(1024u64.checked_pow(power)?)
}
