//! The cluster's configuration, read from the lines of a real `slurm.conf`
//! as Slurm 22.05's slurmctld reads them. Pure.
//!
//! The steps, one submodule each:
//! 1. `lines`: comments, continuations and escapes resolved into logical
//!    lines; each line's `key=value` pairs.
//! 2. `keys` and `table`: every key slurm.conf takes, its value read by
//!    type (numbers, yes/no, text) with slurmctld's messages.
//! 3. `node` and `partition`: `NodeName` and `PartitionName` lines, over
//!    their `DEFAULT` lines.
//! 4. `reader`: the settings this model uses mapped into [`ClusterConfig`]
//!    (the priority keys into the fair-share model's [`PriorityConfig`]),
//!    all other known keys kept as text, then the checks across lines
//!    (duplicate nodes and partitions, unknown partition nodes, no nodes).
//!
//! Every problem is collected, each with its line ([`ConfErrors`]), so
//! one pass shows them all. Not modeled: `Include` files, the `+=` style
//! operators, `NodeSet` names inside `Nodes=`, and the consistency of
//! `NodeHostname`/`NodeAddr`/`Port` lists with `NodeName` (these are kept
//! as text). Where slurmctld logs an error and repairs a value (a count of
//! 0 reset to 1, CPUs that match no layout) this model refuses it.

use serde::{Deserialize, Serialize};

use crate::sim::fair_share::PriorityConfig;
use crate::sim::slurm::hostlist::Hostlist;

mod cgroup;
mod error;
mod keys;
mod lines;
mod node;
mod partition;
mod reader;
mod table;
#[cfg(test)]
mod tests;

pub use cgroup::CgroupConfig;
pub use error::{ConfError, ConfErrorKind, ConfErrors};
pub use node::{Gres, InitialState, NodeConfig};
pub use partition::{PartitionConfig, PartitionNodes, PartitionState};

/// The reference cluster's slurm.conf (Slurm 22.05.8, nodes `node-[1-4]`,
/// partitions `gpu` and `debug`): the transcripts in
/// `tests/slurm/` come from this configuration.
pub const REFERENCE_CONF: &str = include_str!("reference.conf");

/// The cgroup.conf of the chapter's and the labs' clusters, as on a
/// production GPU cluster: jobs fenced in to their cores, memory and GPUs.
pub const TRAINING_CGROUP_CONF: &str = include_str!("cgroup.conf");

/// A cluster as slurm.conf describes it: plain data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClusterConfig {
    /// `ClusterName`, lowercased as Slurm stores it.
    pub cluster_name: String,
    /// The `NodeName` lines, in order.
    pub nodes: Vec<NodeConfig>,
    /// The `PartitionName` lines, in order.
    pub partitions: Vec<PartitionConfig>,
    /// `SchedulerType` (default `sched/backfill`).
    pub scheduler_type: String,
    /// `SelectType` (default `select/linear`).
    pub select_type: String,
    /// `SelectTypeParameters`, e.g. `CR_Core_Memory`.
    pub select_type_parameters: Option<String>,
    /// `EnforcePartLimits` (default NO).
    pub enforce_part_limits: EnforcePartLimits,
    /// `DefMemPerCPU` in megabytes, if set.
    pub def_mem_per_cpu_mb: Option<u64>,
    /// `PriorityType` (default `priority/basic`).
    pub priority_type: String,
    /// `PriorityFlags`, as written, e.g. `["SMALL_RELATIVE_TO_TIME"]`.
    pub priority_flags: Vec<String>,
    /// The `PriorityWeight*` weights, `PriorityDecayHalfLife`,
    /// `PriorityMaxAge`, `PriorityCalcPeriod`, `PriorityUsageResetPeriod` and
    /// `FairShareDampeningFactor`, as the fair-share model takes them.
    pub priority: PriorityConfig,
    /// `ReturnToService` (default 0).
    pub return_to_service: u16,
    /// `SlurmdTimeout` in seconds (default 300).
    pub slurmd_timeout_s: u16,
    /// `MinJobAge` in seconds (default 300): how long finished jobs stay
    /// visible to `squeue`.
    pub min_job_age_s: u32,
    /// `KillWait` in seconds (default 30): SIGTERM to SIGKILL at a time limit.
    pub kill_wait_s: u16,
    /// Every other setting as (key as Slurm spells it, value as written),
    /// in file order; `DownNodes`, `NodeSet`, `FrontendName` and
    /// `SlurmctldHost` lines keep their whole line as the value.
    pub other: Vec<(String, String)>,
    /// The cgroup.conf beside it (all `no` when there is none).
    #[serde(default)]
    pub cgroup: CgroupConfig,
    /// The files as written, by name (`slurm.conf`, then `cgroup.conf` if
    /// there is one): what the shell shows in [`CONF_DIR`].
    #[serde(default)]
    pub files: Vec<(String, String)>,
}

/// 22.05's RPC protocol version (`SLURM_22_05_PROTOCOL_VERSION`).
pub const PROTOCOL_VERSION: u32 = 9728;

/// Where the cluster's hosts keep slurm.conf and cgroup.conf (Debian's
/// package, as on the reference cluster).
pub const CONF_DIR: &str = "/etc/slurm";

/// `EnforcePartLimits`: whether a job exceeding a partition's limits is
/// refused at submission rather than left pending.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum EnforcePartLimits {
    /// `NO` (the default): accepted, pending with a reason such as
    /// `PartitionTimeLimit`.
    #[default]
    No,
    /// `ANY` (also `YES`): refused unless some requested partition fits.
    Any,
    /// `ALL`: refused unless every requested partition fits.
    All,
}

impl EnforcePartLimits {
    /// The spelling of `scontrol show config`: `NO`, `ANY` or `ALL`.
    pub fn name(self) -> &'static str {
        match self {
            Self::No => "NO",
            Self::Any => "ANY",
            Self::All => "ALL",
        }
    }
}

/// A slurm.conf `text` as a production cluster has it, which the
/// chapter's and the labs' clusters are: jobs run under cgroups, and each
/// node is a host of its own, where the reference test cluster runs its
/// four slurmd on one host, a port each. Its comments say so, since a
/// learner may read the file (`/etc/slurm/slurm.conf`).
pub fn training_text(text: &str) -> String {
    text.replace(
        "single-host \"fake\" GPU cluster for the oracle transcripts",
        "a cluster of GPU servers",
    )
    .replace(
        "TaskPlugin=task/none",
        "TaskPlugin=task/cgroup,task/affinity",
    )
    .replace(
        "ProctrackType=proctrack/linuxproc",
        "ProctrackType=proctrack/cgroup",
    )
    .replace(" NodeAddr=127.0.0.1 Port=[17001-17004]", "")
    .replace(
        "4 fake GPU nodes, each served by its own slurmd (-N node-X, own port) on this one host,\n\
         # each slurmd in its own UTS namespace (unshare --uts) so `hostname` in jobs prints node-X",
        "servers with 2 sockets of 32 cores, 500 GiB of memory and 8 GPUs each",
    )
}

impl ClusterConfig {
    /// Reads a slurm.conf text. Errors: every problem found, in line order.
    pub fn parse(text: &str) -> Result<Self, ConfErrors> {
        let mut config = reader::read(text)?;
        config.files = vec![("slurm.conf".to_owned(), text.to_owned())];
        Ok(config)
    }

    /// The reference cluster ([`REFERENCE_CONF`]); the tests check that it
    /// reads without errors.
    pub fn reference() -> Result<Self, ConfErrors> {
        Self::parse(REFERENCE_CONF)
    }

    /// The reference cluster as the chapter's shell runs it:
    /// `TaskPlugin=task/cgroup,task/affinity` and
    /// `ProctrackType=proctrack/cgroup` instead of the transcripts'
    /// `task/none` and `linuxproc`, with [`TRAINING_CGROUP_CONF`].
    pub fn training() -> Result<Self, ConfErrors> {
        Self::parse(&training_text(REFERENCE_CONF))?.with_cgroup(TRAINING_CGROUP_CONF)
    }

    /// This configuration with the cgroup.conf `text`.
    pub fn with_cgroup(mut self, text: &str) -> Result<Self, ConfErrors> {
        self.cgroup = CgroupConfig::parse(text)?;
        self.files.push(("cgroup.conf".to_owned(), text.to_owned()));
        Ok(self)
    }

    /// The value of a setting kept as text (`TaskPlugin`, ...), by its
    /// name as Slurm spells it.
    pub fn setting(&self, key: &str) -> Option<&str> {
        self.other
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The controllers of `SlurmctldHost` (and the older
    /// `ControlMachine`) lines, primary first: each host and the address
    /// in parentheses after it, if any (`vm(127.0.0.1)`).
    pub fn controllers(&self) -> Vec<(&str, Option<&str>)> {
        self.other
            .iter()
            .filter(|(key, _)| key == "SlurmctldHost" || key == "ControlMachine")
            .map(|(_, v)| match v.split_once('(') {
                Some((host, addr)) => (host.trim(), Some(addr.trim_end_matches(')'))),
                None => (v.trim(), None),
            })
            .collect()
    }

    /// Where clients reach slurmctld, as it registers with slurmdbd
    /// (`sacctmgr show cluster`) and as steps learn it
    /// (`SLURM_WORKING_CLUSTER`): the primary controller's address, or its
    /// host name when none is given, and `SlurmctldPort`.
    pub fn controller_address(&self) -> (&str, &str) {
        let addr = self
            .controllers()
            .first()
            .map_or("", |&(host, addr)| addr.unwrap_or(host));
        (addr, self.setting("SlurmctldPort").unwrap_or("6817"))
    }

    /// The id of `SelectType`'s plugin (`enum select_plugin_type` of
    /// slurm.h): cons_res 101, linear 102, cons_tres 109.
    pub fn select_plugin_id(&self) -> u32 {
        match self.select_type.as_str() {
            "select/cons_res" => 101,
            "select/linear" => 102,
            _ => 109,
        }
    }

    /// `SLURM_WORKING_CLUSTER`, which slurmstepd gives every task:
    /// `cluster:address:port:protocol:select plugin` (`setup_env`,
    /// src/common/env.c).
    pub fn working_cluster(&self) -> String {
        let (addr, port) = self.controller_address();
        format!(
            "{}:{addr}:{port}:{PROTOCOL_VERSION}:{}",
            self.cluster_name,
            self.select_plugin_id()
        )
    }

    /// Whether slurmctld tracks wckeys (`CTL_CONF_WCKEY` in read_config.c):
    /// `TrackWCKey=yes`, or `wckeys` or `all` in `AccountingStorageEnforce`.
    pub fn tracks_wckeys(&self) -> bool {
        let track = self.other.iter().any(|(key, value)| {
            key.eq_ignore_ascii_case("TrackWCKey")
                && ["yes", "up", "true", "1"]
                    .iter()
                    .any(|w| w.eq_ignore_ascii_case(value))
        });
        track || self.enforces_wckeys()
    }

    /// Whether a job must name a wckey its user has (or have a default):
    /// `wckeys` or `all` in `AccountingStorageEnforce`.
    pub fn enforces_wckeys(&self) -> bool {
        self.enforces("wckeys")
    }

    /// Whether a job must name a QOS that exists (`ACCOUNTING_ENFORCE_QOS`):
    /// `qos` or `all` in `AccountingStorageEnforce`. Without it a job
    /// naming another runs with none.
    pub fn enforces_qos(&self) -> bool {
        self.enforces("qos")
    }

    /// Whether `AccountingStorageEnforce` names `flag`, or `all`.
    fn enforces(&self, flag: &str) -> bool {
        self.other.iter().any(|(key, value)| {
            key.eq_ignore_ascii_case("AccountingStorageEnforce")
                && value.split(',').any(|given| {
                    let given = given.trim();
                    given.eq_ignore_ascii_case(flag) || given.eq_ignore_ascii_case("all")
                })
        })
    }

    /// Whether a step opens only the GPUs it was given: `task/cgroup` in
    /// `TaskPlugin` and `ConstrainDevices=yes` in cgroup.conf.
    pub fn constrains_devices(&self) -> bool {
        self.task_plugin("task/cgroup") && self.cgroup.constrain_devices
    }

    /// Whether `plugin` is one of `TaskPlugin`'s.
    fn task_plugin(&self, plugin: &str) -> bool {
        self.setting("TaskPlugin")
            .is_some_and(|p| p.split(',').any(|p| p.trim() == plugin))
    }

    /// Whether a step's processes run only on its cores: `task/cgroup`
    /// with cgroup.conf's `ConstrainCores=yes`.
    pub fn constrains_cores(&self) -> bool {
        self.task_plugin("task/cgroup") && self.cgroup.constrain_cores
    }

    /// Whether slurmd binds each task to CPUs (`task/affinity`).
    pub fn binds_tasks(&self) -> bool {
        self.task_plugin("task/affinity")
    }

    /// Whether several slurmd share a host: a `NodeAddr` that names fewer
    /// hosts than its line has nodes, or that another line names too (each
    /// slurmd then listens on its own `Port`, as on the reference test
    /// cluster). Slurm must be built with `--enable-multiple-slurmd` for
    /// that, and its slurmstepd then names its node in what it logs
    /// (`slurmstepd-node-3: error: ...`; `_setup_..._log` in 22.05's
    /// `src/slurmd/slurmstepd/mgr.c`).
    pub fn multiple_slurmd(&self) -> bool {
        let mut seen: Vec<String> = Vec::new();
        for line in &self.nodes {
            let Some((_, addr)) = line.other.iter().find(|(k, _)| k == "NodeAddr") else {
                continue;
            };
            let hosts =
                Hostlist::parse(addr).map_or_else(|_| vec![addr.clone()], |h| h.names().to_vec());
            if hosts.len() < line.names.len() || hosts.iter().any(|h| seen.contains(h)) {
                return true;
            }
            seen.extend(hosts);
        }
        false
    }

    /// `SlurmUser` (22.05's default: root), who with root may do what
    /// only Slurm itself may (`validate_slurm_user`).
    pub fn slurm_user(&self) -> &str {
        self.setting("SlurmUser").unwrap_or("root")
    }

    /// The name slurmstepd logs under on `node`: `slurmstepd`, or
    /// `slurmstepd-node-3` where several slurmd share a host
    /// ([`ClusterConfig::multiple_slurmd`]).
    pub fn stepd_name(&self, node: &str) -> String {
        if self.multiple_slurmd() {
            format!("slurmstepd-{node}")
        } else {
            "slurmstepd".to_owned()
        }
    }

    /// Every node name, in the order the `NodeName` lines give them.
    pub fn node_names(&self) -> impl Iterator<Item = &str> {
        self.nodes
            .iter()
            .flat_map(|n| n.names.names())
            .map(String::as_str)
    }

    /// The `NodeName` line that defines `name`.
    pub fn node(&self, name: &str) -> Option<&NodeConfig> {
        self.nodes.iter().find(|n| n.names.contains(name))
    }

    /// The partition called `name`.
    pub fn partition(&self, name: &str) -> Option<&PartitionConfig> {
        self.partitions.iter().find(|p| p.name == name)
    }

    /// The default partition: the last with `Default=YES`, as a later one
    /// replaces an earlier one in slurmctld.
    pub fn default_partition(&self) -> Option<&PartitionConfig> {
        self.partitions.iter().rev().find(|p| p.default)
    }

    /// The nodes of `partition`, `Nodes=ALL` resolved.
    pub fn partition_nodes(&self, partition: &PartitionConfig) -> Hostlist {
        match &partition.nodes {
            PartitionNodes::All => Hostlist::from_names(self.node_names()),
            PartitionNodes::List(list) => list.clone(),
        }
    }
}
