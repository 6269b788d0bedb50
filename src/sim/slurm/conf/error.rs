//! What can be wrong in a slurm.conf text, worded as slurmctld words it
//! (`parse_config.c`, `parse_value.c`, `read_config.c`), each with the line
//! it is on.

use std::fmt;

use crate::sim::fair_share::FairShareError;
use crate::sim::slurm::hostlist::HostlistError;

/// One problem and where it is: `line` is the 1-based number of the line
/// (the first of a continued line); `None` for problems of the whole file.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{}{kind}", .line.map(|n| format!("line {n}: ")).unwrap_or_default())]
pub struct ConfError {
    /// The line the problem is on, if it is on one.
    pub line: Option<usize>,
    /// What is wrong.
    pub kind: ConfErrorKind,
}

impl ConfError {
    pub(super) fn at(line: usize, kind: ConfErrorKind) -> Self {
        Self {
            line: Some(line),
            kind,
        }
    }
}

/// Every problem found in one slurm.conf text, in line order. `Display`
/// prints one `error: ...` line per problem, as slurmctld logs them.
#[derive(Debug, Clone, PartialEq)]
pub struct ConfErrors(pub Vec<ConfError>);

impl fmt::Display for ConfErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, error) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "error: {error}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ConfErrors {}

/// What is wrong with a line or with the file.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ConfErrorKind {
    /// Text that is not a `key=value` pair where one must be.
    #[error("Parse error: \"{text}\"")]
    Garbage {
        /// The text from where reading stopped.
        text: String,
    },
    /// A key slurm.conf does not have (or not on this kind of line).
    #[error("Parsing error at unrecognized key: {key}")]
    UnrecognizedKey {
        /// The key as written.
        key: String,
    },
    /// A number that is not one.
    #[error("{key} value ({value}) is not a valid number")]
    NotANumber {
        /// The key.
        key: &'static str,
        /// The value as written.
        value: String,
    },
    /// A number too large for 64 bits.
    #[error("{key} value ({value}) is out of range")]
    OutOfRange {
        /// The key.
        key: &'static str,
        /// The value as written.
        value: String,
    },
    /// A negative number for an unsigned key.
    #[error("{key} value ({value}) is less than zero")]
    Negative {
        /// The key.
        key: &'static str,
        /// The value as written.
        value: String,
    },
    /// A number above the key's type (65535 for 16 bits, 4294967295 for 32).
    #[error("{key} value ({value}) is greater than {max}")]
    TooLarge {
        /// The key.
        key: &'static str,
        /// The value as written.
        value: String,
        /// The largest value allowed.
        max: u64,
    },
    /// A yes/no value that is neither.
    #[error("\"{value}\" is not a valid option for \"{key}\"")]
    NotABoolean {
        /// The key.
        key: &'static str,
        /// The value as written.
        value: String,
    },
    /// A value the key does not take (a time, a state, a mode).
    #[error("Bad value \"{value}\" for {key}")]
    BadValue {
        /// The key.
        key: &'static str,
        /// The value as written.
        value: String,
    },
    /// A hostlist that cannot be expanded.
    #[error("Unable to create {key} list from {value}: {source}")]
    BadHostlist {
        /// `NodeName` or `Nodes`.
        key: &'static str,
        /// The value as written.
        value: String,
        /// Why.
        source: HostlistError,
    },
    /// A `Gres=` entry that is not `name[:type][:count]`.
    #[error("Invalid GRES data for {spec}")]
    BadGres {
        /// The entry as written.
        spec: String,
    },
    /// A node `State=` that slurm.conf does not take.
    #[error("node {node} has invalid state {state}")]
    BadNodeState {
        /// The NodeName value.
        node: String,
        /// The state as written.
        state: String,
    },
    /// An address key on a `NodeName=DEFAULT` line.
    #[error("{key} not allowed with NodeName=DEFAULT")]
    NotAllowedWithDefault {
        /// `NodeHostname`, `NodeAddr` or `BcastAddr`.
        key: &'static str,
    },
    /// `NodeName=ALL`.
    #[error("'{name}' is a reserved word disallowed for use with NodeName")]
    ReservedNodeName {
        /// The name as written.
        name: String,
    },
    /// A count of 0 (Slurm resets it to 1 and logs this error).
    #[error("NodeNames={nodes} {key}=0 is invalid")]
    ZeroCount {
        /// The NodeName value.
        nodes: String,
        /// `CPUs`, `Boards`, `Sockets`, `SocketsPerBoard`, `CoresPerSocket` or `ThreadsPerCore`.
        key: &'static str,
    },
    /// Both `Sockets` and `SocketsPerBoard` (Slurm uses `SocketsPerBoard`).
    #[error("NodeNames={nodes} Sockets=# and SocketsPerBoard=# is invalid")]
    SocketsAndSocketsPerBoard {
        /// The NodeName value.
        nodes: String,
    },
    /// Fewer sockets than boards.
    #[error("NodeNames={nodes} Sockets({sockets}) < Boards({boards})")]
    FewerSocketsThanBoards {
        /// The NodeName value.
        nodes: String,
        /// Sockets in all.
        sockets: u32,
        /// Boards.
        boards: u16,
    },
    /// `CPUs` that fit none of the socket, core and thread counts.
    #[error(
        "NodeNames={nodes} CPUs={cpus} match no Sockets, Sockets*CoresPerSocket or Sockets*CoresPerSocket*ThreadsPerCore"
    )]
    CpusMismatch {
        /// The NodeName value.
        nodes: String,
        /// The CPUs given.
        cpus: u16,
    },
    /// A node defined twice.
    #[error("Duplicated NodeHostName {node} in config file")]
    DuplicateNode {
        /// The node.
        node: String,
    },
    /// A partition defined twice.
    #[error("duplicate entry for partition {name}")]
    DuplicatePartition {
        /// The partition.
        name: String,
    },
    /// A partition listing nodes no `NodeName` line defines.
    #[error("Invalid node names in partition {partition}: {nodes}")]
    UnknownNodes {
        /// The partition.
        partition: String,
        /// The unknown nodes, compressed (`node-[5-6]`).
        nodes: String,
    },
    /// More node names in `NodeName` and `Nodes=` lists than this model holds.
    #[error("more than {limit} node names in NodeName and PartitionName lines")]
    TooManyNames {
        /// The bound.
        limit: usize,
    },
    /// An `Include` line: there is no file system to read it from.
    #[error("Include is not supported here: paste the included file's lines instead")]
    Include,
    /// No `ClusterName`.
    #[error("ClusterName needs to be specified")]
    NoClusterName,
    /// No `NodeName` line.
    #[error("no nodes configured")]
    NoNodes,
    /// A priority setting the fair-share model refuses (a `PriorityWeightTRES`
    /// entry, or no decay and no reset).
    #[error(transparent)]
    Priority(#[from] FairShareError),
}
