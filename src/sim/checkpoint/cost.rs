//! The checkpoint cost from its parts, as the reader types them: how much
//! state, how many ranks write shards in parallel, how fast each writes and
//! how much the storage takes in, and whether checkpoints are asynchronous.
//! The result is the `C` the explorer uses ([`CheckpointCostModel`]).

use serde::{Deserialize, Serialize};

use super::formulas::CheckpointCostModel;
use crate::quantity::{
    DecimalMark, FieldErrors, InputError, parse_bandwidth, parse_bytes, parse_count,
};

/// What the reader typed, one string per part.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CostInput {
    /// State saved per checkpoint, all ranks together: "1.1 TB", "80 GiB".
    pub state: String,
    /// Ranks writing shards in parallel: "1024".
    pub writers: String,
    /// Write bandwidth of one rank: "2 GB/s".
    pub writer_bw: String,
    /// Aggregate bandwidth of the storage: "100 GB/s".
    pub storage_bw: String,
    /// Training resumes after the copy to host memory.
    pub asynchronous: bool,
    /// One rank's device-to-host copy bandwidth: "20 GB/s".
    pub host_bw: String,
}

impl CostInput {
    /// The text of one part.
    pub fn text(&self, field: CostField) -> &String {
        match field {
            CostField::State => &self.state,
            CostField::Writers => &self.writers,
            CostField::WriterBw => &self.writer_bw,
            CostField::StorageBw => &self.storage_bw,
            CostField::HostBw => &self.host_bw,
        }
    }

    /// The text of one part, to edit.
    pub fn text_mut(&mut self, field: CostField) -> &mut String {
        match field {
            CostField::State => &mut self.state,
            CostField::Writers => &mut self.writers,
            CostField::WriterBw => &mut self.writer_bw,
            CostField::StorageBw => &mut self.storage_bw,
            CostField::HostBw => &mut self.host_bw,
        }
    }
}

/// The parts, to place each error beside its field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CostField {
    /// [`CostInput::state`].
    State,
    /// [`CostInput::writers`].
    Writers,
    /// [`CostInput::writer_bw`].
    WriterBw,
    /// [`CostInput::storage_bw`].
    StorageBw,
    /// [`CostInput::host_bw`].
    HostBw,
}

impl CostField {
    /// Reads `text` as this field does: bytes for the state, a count of
    /// writers, bytes per second for a bandwidth.
    pub fn read(self, text: &str, mark: DecimalMark) -> Result<f64, InputError> {
        match self {
            Self::State => parse_bytes(text, mark),
            Self::Writers => parse_count(text, mark),
            Self::WriterBw | Self::StorageBw | Self::HostBw => parse_bandwidth(text, mark),
        }
    }
}

/// The cost of one checkpoint.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct CostOutcome {
    /// Time training stalls: the explorer's checkpoint cost `C`.
    pub stall_s: f64,
    /// Time to write the whole state to storage (in the background when
    /// asynchronous: the interval should not be shorter).
    pub write_s: f64,
}

/// Validates every part at once, read with the page's decimal `mark`, and
/// computes the cost, or returns each field's error. The host copy
/// bandwidth matters only when asynchronous.
pub fn cost_from_parts(
    input: &CostInput,
    mark: DecimalMark,
) -> Result<CostOutcome, FieldErrors<CostField, InputError>> {
    let mut errors = FieldErrors::new();
    let state = errors.check(CostField::State, parse_bytes(&input.state, mark));
    let writers = errors.check(CostField::Writers, parse_count(&input.writers, mark));
    let writer_bw = errors.check(CostField::WriterBw, parse_bandwidth(&input.writer_bw, mark));
    let storage_bw = errors.check(
        CostField::StorageBw,
        parse_bandwidth(&input.storage_bw, mark),
    );
    let host_bw = if input.asynchronous {
        errors.check(CostField::HostBw, parse_bandwidth(&input.host_bw, mark))
    } else {
        Some(1.0)
    };
    let model = match (state, writers, writer_bw, storage_bw, host_bw) {
        (
            Some(state_bytes),
            Some(writers),
            Some(per_writer_bw),
            Some(storage_bw),
            Some(host_copy_bw),
        ) => Some(CheckpointCostModel {
            state_bytes,
            writers,
            per_writer_bw,
            storage_bw,
            asynchronous: input.asynchronous,
            host_copy_bw,
        }),
        _ => None,
    };
    errors.or_value(model).map(|model| CostOutcome {
        stall_s: model.stall_s(),
        write_s: model.write_s(),
    })
}

/// A starting point: a 70-billion-parameter model trained with Adam in
/// mixed precision keeps about 16 bytes per parameter (weights, gradients'
/// master copy and two optimizer moments), 1.1 TB, sharded over 1,024 ranks
/// that each write at 1 GB/s to a file system that takes 100 GB/s, with
/// 20 GB/s device-to-host copies when asynchronous. Written with `mark`,
/// as the page's readers type numbers.
pub fn default_cost_input(mark: DecimalMark) -> CostInput {
    CostInput {
        state: mark.localize("1.1 TB"),
        writers: "1024".into(),
        writer_bw: "1 GB/s".into(),
        storage_bw: "100 GB/s".into(),
        asynchronous: false,
        host_bw: "20 GB/s".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sharding_speeds_the_write_until_the_storage_is_the_limit() {
        let mut input = default_cost_input(DecimalMark::Point);
        // 1.1 TB over min(1024 x 1 GB/s, 100 GB/s) = 11 s.
        let out = cost_from_parts(&input, DecimalMark::Point).expect("valid");
        assert!((out.write_s - 11.0).abs() < 1e-9, "{out:?}");
        assert_eq!(out.stall_s, out.write_s);
        input.writers = "16".into();
        let out = cost_from_parts(&input, DecimalMark::Point).expect("valid");
        assert!((out.write_s - 1.1e12 / 16e9).abs() < 1e-6, "{out:?}");
    }

    #[test]
    fn asynchronous_checkpoints_stall_only_for_the_host_copy() {
        let input = CostInput {
            asynchronous: true,
            ..default_cost_input(DecimalMark::Point)
        };
        let out = cost_from_parts(&input, DecimalMark::Point).expect("valid");
        // One rank's shard, 1.1 TB / 1024, copied at 20 GB/s.
        assert!(
            (out.stall_s - 1.1e12 / 1024.0 / 20e9).abs() < 1e-9,
            "{out:?}"
        );
        assert!(out.stall_s < out.write_s);
    }

    #[test]
    fn every_bad_part_is_reported_at_once() {
        let input = CostInput {
            state: "lots".into(),
            writers: "0.5".into(),
            writer_bw: "1 GB".into(),
            storage_bw: "".into(),
            asynchronous: true,
            host_bw: "-3 GB/s".into(),
        };
        let fields: Vec<CostField> = cost_from_parts(&input, DecimalMark::Point)
            .expect_err("all bad")
            .iter()
            .map(|(f, _)| *f)
            .collect();
        assert_eq!(
            fields,
            [
                CostField::State,
                CostField::Writers,
                CostField::WriterBw,
                CostField::StorageBw,
                CostField::HostBw
            ]
        );
        let sync = CostInput {
            host_bw: "nonsense".into(),
            ..default_cost_input(DecimalMark::Point)
        };
        assert!(
            cost_from_parts(&sync, DecimalMark::Point).is_ok(),
            "the host copy only matters when asynchronous"
        );
    }
}
