//! The checkpoint cost from its parts, as the reader types them: how much
//! state, how many ranks write shards in parallel, how fast each writes and
//! how much the storage takes in, and whether checkpoints are asynchronous.
//! The result is the `C` the explorer uses ([`CheckpointCostModel`]).

use serde::{Deserialize, Serialize};

use super::formulas::CheckpointCostModel;
use super::input::{InputError, Limit, Quantity, parse_count};

/// The largest size (or bytes per second) accepted: one exabyte.
pub const MAX_BYTES: u64 = 1_000_000_000_000_000_000;

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

/// The cost of one checkpoint.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct CostOutcome {
    /// Time training stalls: the explorer's checkpoint cost `C`.
    pub stall_s: f64,
    /// Time to write the whole state to storage (in the background when
    /// asynchronous: the interval should not be shorter).
    pub write_s: f64,
}

/// A size in bytes: decimal (kB, MB, GB, TB, PB) or binary (KiB ... PiB)
/// units, `B` for bytes; a bare number is in gigabytes.
pub fn parse_bytes(text: &str) -> Result<f64, InputError> {
    scaled(text, "", 1e9)
}

/// A bandwidth in bytes per second: a size unit followed by `/s`
/// ("2 GB/s", "500 MiB/s"); a bare number is in gigabytes per second.
pub fn parse_bandwidth(text: &str) -> Result<f64, InputError> {
    scaled(text, "/s", 1e9)
}

fn scaled(text: &str, per: &str, bare: f64) -> Result<f64, InputError> {
    let quantity = Quantity::read(text)?;
    let scale = if quantity.suffix.is_empty() {
        bare
    } else {
        let unit = quantity
            .suffix
            .strip_suffix(per)
            .map(str::trim)
            .filter(|_| !per.is_empty())
            .unwrap_or(quantity.suffix);
        if !per.is_empty() && unit == quantity.suffix {
            return Err(InputError::UnknownUnit(quantity.suffix.to_owned()));
        }
        byte_unit(unit).ok_or_else(|| InputError::UnknownUnit(quantity.suffix.to_owned()))?
    };
    let bytes = quantity.value * scale;
    if quantity.negative && bytes > 0.0 {
        Err(InputError::Negative)
    } else if bytes == 0.0 {
        Err(InputError::NotPositive)
    } else if !(bytes.is_finite() && bytes <= MAX_BYTES as f64) {
        Err(InputError::TooLarge {
            max: Limit::Bytes(MAX_BYTES),
        })
    } else {
        Ok(bytes)
    }
}

fn byte_unit(unit: &str) -> Option<f64> {
    const DECIMAL: [(&str, f64); 6] = [
        ("B", 1.0),
        ("kB", 1e3),
        ("MB", 1e6),
        ("GB", 1e9),
        ("TB", 1e12),
        ("PB", 1e15),
    ];
    const BINARY: [(&str, f64); 5] = [
        ("KiB", 1024.0),
        ("MiB", 1_048_576.0),
        ("GiB", 1_073_741_824.0),
        ("TiB", 1_099_511_627_776.0),
        ("PiB", 1_125_899_906_842_624.0),
    ];
    DECIMAL
        .iter()
        .chain(BINARY.iter())
        .find(|(name, _)| name.eq_ignore_ascii_case(unit))
        .map(|(_, scale)| *scale)
}

/// Validates every part at once and computes the cost, or returns each
/// field's error. The host copy bandwidth matters only when asynchronous.
pub fn cost_from_parts(input: &CostInput) -> Result<CostOutcome, Vec<(CostField, InputError)>> {
    let mut errors = Vec::new();
    let mut field = |which: CostField, result: Result<f64, InputError>| match result {
        Ok(v) => Some(v),
        Err(e) => {
            errors.push((which, e));
            None
        }
    };
    let state = field(CostField::State, parse_bytes(&input.state));
    let writers = field(CostField::Writers, parse_count(&input.writers));
    let writer_bw = field(CostField::WriterBw, parse_bandwidth(&input.writer_bw));
    let storage_bw = field(CostField::StorageBw, parse_bandwidth(&input.storage_bw));
    let host_bw = if input.asynchronous {
        field(CostField::HostBw, parse_bandwidth(&input.host_bw))
    } else {
        Some(1.0)
    };
    match (state, writers, writer_bw, storage_bw, host_bw) {
        (
            Some(state_bytes),
            Some(writers),
            Some(per_writer_bw),
            Some(storage_bw),
            Some(host_copy_bw),
        ) if errors.is_empty() => {
            let model = CheckpointCostModel {
                state_bytes,
                writers,
                per_writer_bw,
                storage_bw,
                asynchronous: input.asynchronous,
                host_copy_bw,
            };
            Ok(CostOutcome {
                stall_s: model.stall_s(),
                write_s: model.write_s(),
            })
        }
        _ => Err(errors),
    }
}

/// A starting point: a 70-billion-parameter model trained with Adam in
/// mixed precision keeps about 16 bytes per parameter (weights, gradients'
/// master copy and two optimizer moments), 1.1 TB, sharded over 1,024 ranks
/// that each write at 1 GB/s to a file system that takes 100 GB/s, with
/// 20 GB/s device-to-host copies when asynchronous.
pub fn default_cost_input() -> CostInput {
    CostInput {
        state: "1.1 TB".into(),
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
    fn sizes_and_bandwidths_as_people_type_them() {
        assert_eq!(parse_bytes("1.1 TB"), Ok(1.1e12));
        assert_eq!(parse_bytes("80 GiB"), Ok(80.0 * 1_073_741_824.0));
        assert_eq!(parse_bytes("80"), Ok(80e9));
        assert_eq!(parse_bytes("500 mb"), Ok(500e6));
        assert_eq!(parse_bandwidth("2 GB/s"), Ok(2e9));
        assert_eq!(parse_bandwidth("2GB/s"), Ok(2e9));
        assert_eq!(parse_bandwidth("25"), Ok(25e9));
        assert!(matches!(
            parse_bandwidth("2 GB"),
            Err(InputError::UnknownUnit(_))
        ));
        assert!(matches!(
            parse_bytes("2 parsecs"),
            Err(InputError::UnknownUnit(_))
        ));
        assert_eq!(parse_bytes("0 GB"), Err(InputError::NotPositive));
        assert_eq!(parse_bytes("-1 GB"), Err(InputError::Negative));
        assert!(matches!(
            parse_bytes("10^30 B"),
            Err(InputError::TooLarge { .. })
        ));
    }

    #[test]
    fn sharding_speeds_the_write_until_the_storage_is_the_limit() {
        let mut input = default_cost_input();
        // 1.1 TB over min(1024 x 1 GB/s, 100 GB/s) = 11 s.
        let out = cost_from_parts(&input).expect("valid");
        assert!((out.write_s - 11.0).abs() < 1e-9, "{out:?}");
        assert_eq!(out.stall_s, out.write_s);
        input.writers = "16".into();
        let out = cost_from_parts(&input).expect("valid");
        assert!((out.write_s - 1.1e12 / 16e9).abs() < 1e-6, "{out:?}");
    }

    #[test]
    fn asynchronous_checkpoints_stall_only_for_the_host_copy() {
        let input = CostInput {
            asynchronous: true,
            ..default_cost_input()
        };
        let out = cost_from_parts(&input).expect("valid");
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
        let fields: Vec<CostField> = cost_from_parts(&input)
            .expect_err("all bad")
            .into_iter()
            .map(|(f, _)| f)
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
            ..default_cost_input()
        };
        assert!(
            cost_from_parts(&sync).is_ok(),
            "the host copy only matters when asynchronous"
        );
    }
}
