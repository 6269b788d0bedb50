//! Consumable resources as `select/cons_tres` counts them on one node:
//! CPUs, memory in megabytes and GPUs.

use std::ops::{Add, Sub};

use serde::{Deserialize, Serialize};

/// An amount of CPUs, memory and GPUs (on one node, or a job's total).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Hash, Serialize, Deserialize,
)]
pub struct Res {
    /// CPUs.
    pub cpus: u32,
    /// Memory, megabytes.
    pub mem_mb: u64,
    /// GPUs.
    pub gpus: u32,
}

impl Res {
    /// An amount.
    pub fn new(cpus: u32, mem_mb: u64, gpus: u32) -> Self {
        Self { cpus, mem_mb, gpus }
    }

    /// Whether `need` fits in `self` in every dimension.
    pub fn holds(self, need: Res) -> bool {
        need.cpus <= self.cpus && need.mem_mb <= self.mem_mb && need.gpus <= self.gpus
    }

    /// Whether nothing at all.
    pub fn is_zero(self) -> bool {
        self == Self::default()
    }

    /// The amount times `n`.
    pub fn times(self, n: u32) -> Res {
        Res {
            cpus: self.cpus.saturating_mul(n),
            mem_mb: self.mem_mb.saturating_mul(u64::from(n)),
            gpus: self.gpus.saturating_mul(n),
        }
    }
}

impl Add for Res {
    type Output = Res;
    fn add(self, o: Res) -> Res {
        Res {
            cpus: self.cpus.saturating_add(o.cpus),
            mem_mb: self.mem_mb.saturating_add(o.mem_mb),
            gpus: self.gpus.saturating_add(o.gpus),
        }
    }
}

impl Sub for Res {
    type Output = Res;
    /// Saturating: never below zero.
    fn sub(self, o: Res) -> Res {
        Res {
            cpus: self.cpus.saturating_sub(o.cpus),
            mem_mb: self.mem_mb.saturating_sub(o.mem_mb),
            gpus: self.gpus.saturating_sub(o.gpus),
        }
    }
}
