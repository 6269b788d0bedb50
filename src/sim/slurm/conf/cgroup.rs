//! `cgroup.conf`, which Slurm reads beside slurm.conf when
//! `TaskPlugin=task/cgroup`: what the cgroups of a job's processes fence
//! in. This model uses `ConstrainDevices` (a step opens only the GPUs it
//! was given); the other keys are checked and kept. Keys and their types
//! follow Slurm 22.05's `src/common/cgroup.c`; keys match regardless of case.

use serde::{Deserialize, Serialize};

use super::error::{ConfError, ConfErrors};
use super::keys::{Kind, Spec};
use super::lines::logical_lines;
use super::table::{Lookup, Table, read_pairs};

/// The keys cgroup.conf takes.
const KEYS: &[Spec] = &[
    ("AllowedKmemSpace", Kind::Text),
    ("AllowedRAMSpace", Kind::Text),
    ("AllowedSwapSpace", Kind::Text),
    ("CgroupAutomount", Kind::Bool),
    ("CgroupMountpoint", Kind::Text),
    ("CgroupPlugin", Kind::Text),
    ("ConstrainCores", Kind::Bool),
    ("ConstrainDevices", Kind::Bool),
    ("ConstrainKmemSpace", Kind::Bool),
    ("ConstrainRAMSpace", Kind::Bool),
    ("ConstrainSwapSpace", Kind::Bool),
    ("IgnoreSystemd", Kind::Bool),
    ("IgnoreSystemdOnFailure", Kind::Bool),
    ("MaxKmemPercent", Kind::Text),
    ("MaxRAMPercent", Kind::Text),
    ("MaxSwapPercent", Kind::Text),
    ("MemorySwappiness", Kind::U64),
    ("MinKmemSpace", Kind::U64),
    ("MinRAMSpace", Kind::U64),
];

/// What cgroup.conf constrains (every `Constrain*` is `no` by default).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CgroupConfig {
    /// `ConstrainDevices`: a step sees only the GPUs allocated to it.
    pub constrain_devices: bool,
    /// `ConstrainCores`: a step runs only on its allocated cores.
    pub constrain_cores: bool,
    /// `ConstrainRAMSpace`: a step is held to its allocated memory.
    pub constrain_ram_space: bool,
}

impl CgroupConfig {
    /// Reads a cgroup.conf text; every problem found, with its line.
    pub fn parse(text: &str) -> Result<Self, ConfErrors> {
        let mut table = Table::default();
        let mut errors = Vec::new();
        for line in logical_lines(text) {
            match read_pairs(KEYS, &line.text, line.number) {
                Ok(read) => table.merge(read),
                Err(kind) => errors.push(ConfError::at(line.number, kind)),
            }
        }
        if !errors.is_empty() {
            return Err(ConfErrors(errors));
        }
        let flag = |key| table.flag(key).unwrap_or(false);
        Ok(Self {
            constrain_devices: flag("ConstrainDevices"),
            constrain_cores: flag("ConstrainCores"),
            constrain_ram_space: flag("ConstrainRAMSpace"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_constraints_and_refuses_unknown_keys() {
        let conf =
            CgroupConfig::parse("# fence jobs in\nConstrainCores=yes\nconstraindevices=YES\n")
                .expect("valid");
        assert!(conf.constrain_devices && conf.constrain_cores && !conf.constrain_ram_space);
        assert_eq!(
            CgroupConfig::parse("").expect("empty"),
            CgroupConfig::default()
        );
        let errors = CgroupConfig::parse("ConstrainDevices=yes\nConstrainGPUs=yes\n")
            .expect_err("unknown key");
        assert_eq!(
            errors.to_string(),
            "error: line 2: Parsing error at unrecognized key: ConstrainGPUs"
        );
    }
}
