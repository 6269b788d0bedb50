//! The simulations behind the widgets. Pure: std, serde and thiserror, no
//! clocks, no global randomness (seeds are arguments), no web code, so
//! every number a widget shows is computed and tested natively.

pub mod allreduce;
pub mod checkpoint;
pub mod fair_share;
pub(crate) mod format_spec;
pub mod slurm;
