//! srun's `--mpi`: the PMI plugin that starts a step's tasks. Tasks started
//! through a PMI (`pmi2`, `pmix`) learn their rank and find each other, so
//! an MPI program forms one job across them; under `none`, the reference
//! cluster's `MpiDefault`, every task starts alone and an MPI program in it
//! is a job of one process.

use serde::{Deserialize, Serialize};

/// What `srun --mpi=list` prints (Slurm 22.05, `plugrack_print_mpi_plugins`
/// on stdout) on the reference cluster, built with PMIx 4.
pub(crate) const LIST: &str = "MPI plugin types are...\n\tpmix\n\tnone\n\tcray_shasta\n\tpmi2\nspecific pmix plugin versions available: pmix_v4\n";

/// How a step's tasks are started.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Mpi {
    /// No PMI: each task is on its own.
    #[default]
    None,
    /// A PMI server (`pmi2`, `pmix`, `cray_shasta`) wires the tasks up.
    Pmi,
}

impl Mpi {
    /// The plugin a `--mpi=` value names, `None` for one srun does not know.
    pub(crate) fn parse(value: &str) -> Option<Mpi> {
        match value {
            "none" => Some(Mpi::None),
            "pmi2" | "pmix" | "pmix_v4" | "cray_shasta" => Some(Mpi::Pmi),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_plugins_srun_knows() {
        assert_eq!(Mpi::parse("pmix"), Some(Mpi::Pmi));
        assert_eq!(Mpi::parse("pmi2"), Some(Mpi::Pmi));
        assert_eq!(Mpi::parse("none"), Some(Mpi::None));
        assert_eq!(Mpi::parse("openmpi"), None);
        assert!(LIST.lines().any(|l| l == "\tpmix"));
    }
}
