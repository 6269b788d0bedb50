//! `nvidia-smi --query-gpu=FIELDS --format=csv[,noheader][,nounits]
//! [-i INDEX]`: one comma-separated line per GPU, under a header naming
//! each field with its unit (`memory.used [MiB]`), as scripts and
//! monitoring read it. The forms follow real pastes: values carry their
//! unit after a space (`0 MiB`, `0 %`, `69.85 W`, watts with two
//! decimals), a value the GPU does not have is `[N/A]`, memory the
//! driver reserves counts in neither used nor free, and a field nvidia-smi
//! does not know is refused on stdout with exit status 2. Pure.

use super::super::health::NodeHealth;
use super::super::versions::{DRIVER_VERSION, GPU_MEMORY_MIB, GPU_NAME, GPU_POWER_CAP_W};
use super::super::{ToolOutput, noise};
use super::{EXIT_BAD_ARGS, EXIT_NOT_FOUND, bad_arguments, reading, unreachable};
use crate::sim::slurm::calendar::Civil;

/// Memory the driver of an idle H100 80GB HBM3 holds back (`memory.reserved`).
const RESERVED_MIB: u64 = 479;

/// What one row is made of.
struct Gpu<'a> {
    node: &'a NodeHealth,
    index: usize,
    slot: usize,
    count: usize,
    now: i64,
}

/// A field: the names it answers to, the unit of its values, and its
/// value on a GPU (`None`: `[N/A]`).
struct Field {
    names: &'static [&'static str],
    unit: Option<&'static str>,
    value: fn(&Gpu<'_>) -> Option<String>,
}

const FIELDS: &[Field] = &[
    Field {
        names: &["timestamp"],
        unit: None,
        value: |g| {
            let c = Civil::new(g.now);
            let ms = noise::between(&[g.node.seed, g.now as u64], 0, 999);
            Some(format!(
                "{}/{:02}/{:02} {}.{ms:03}",
                c.year,
                c.month,
                c.day,
                c.hms()
            ))
        },
    },
    Field {
        names: &["driver_version"],
        unit: None,
        value: |_| Some(DRIVER_VERSION.to_owned()),
    },
    Field {
        names: &["count"],
        unit: None,
        value: |g| Some(g.count.to_string()),
    },
    Field {
        names: &["name", "gpu_name"],
        unit: None,
        value: |_| Some(GPU_NAME.to_owned()),
    },
    Field {
        names: &["uuid", "gpu_uuid"],
        unit: None,
        value: |g| g.node.gpus.get(g.slot).map(|gpu| gpu.uuid.clone()),
    },
    Field {
        names: &["pci.bus_id", "gpu_bus_id"],
        unit: None,
        value: |g| {
            g.node
                .gpus
                .get(g.slot)
                .map(|gpu| format!("00000000:{:02X}:00.0", gpu.bus))
        },
    },
    Field {
        names: &["index"],
        unit: None,
        value: |g| Some(g.index.to_string()),
    },
    Field {
        names: &["persistence_mode"],
        unit: None,
        value: |_| Some("Disabled".to_owned()),
    },
    Field {
        names: &["fan.speed"],
        unit: Some("%"),
        value: |_| None,
    },
    Field {
        names: &["pstate"],
        unit: None,
        value: |_| Some("P0".to_owned()),
    },
    Field {
        names: &["memory.total"],
        unit: Some("MiB"),
        value: |_| Some(GPU_MEMORY_MIB.to_string()),
    },
    Field {
        names: &["memory.reserved"],
        unit: Some("MiB"),
        value: |_| Some(RESERVED_MIB.to_string()),
    },
    Field {
        names: &["memory.used"],
        unit: Some("MiB"),
        value: |g| Some(reading(g.node, g.slot, g.now).memory_mib.to_string()),
    },
    Field {
        names: &["memory.free"],
        unit: Some("MiB"),
        value: |g| {
            let used = reading(g.node, g.slot, g.now).memory_mib;
            Some(
                GPU_MEMORY_MIB
                    .saturating_sub(RESERVED_MIB + used)
                    .to_string(),
            )
        },
    },
    Field {
        names: &["compute_mode"],
        unit: None,
        value: |_| Some("Default".to_owned()),
    },
    Field {
        names: &["utilization.gpu"],
        unit: Some("%"),
        value: |g| Some(reading(g.node, g.slot, g.now).util_pct.to_string()),
    },
    Field {
        names: &["utilization.memory"],
        unit: Some("%"),
        value: |g| Some(reading(g.node, g.slot, g.now).mem_util_pct.to_string()),
    },
    Field {
        names: &["ecc.errors.uncorrected.volatile.total"],
        unit: None,
        value: |g| Some(reading(g.node, g.slot, g.now).uncorrectable.to_string()),
    },
    Field {
        names: &["temperature.gpu"],
        unit: None,
        value: |g| Some(reading(g.node, g.slot, g.now).temp_c.to_string()),
    },
    Field {
        names: &["power.draw"],
        unit: Some("W"),
        value: |g| {
            let r = reading(g.node, g.slot, g.now);
            Some(format!("{}.{:02}", r.power_w, r.power_centi_w))
        },
    },
    Field {
        names: &["power.limit"],
        unit: Some("W"),
        value: |_| Some(format!("{GPU_POWER_CAP_W}.00")),
    },
];

/// What the command line asks.
struct Query<'a> {
    fields: Vec<&'a str>,
    header: bool,
    units: bool,
    only: Option<&'a str>,
}

/// Reads `--query-gpu`, `--format` and `-i`/`--id` (with `=` or as the
/// next word); `Err` with nvidia-smi's answer.
fn read(args: &[String]) -> Result<Query<'_>, ToolOutput> {
    let mut fields = None;
    let mut format = None;
    let mut only = None;
    let mut words = args.iter().map(String::as_str);
    while let Some(word) = words.next() {
        let (flag, inline) = match word.split_once('=') {
            Some((f, v)) => (f, Some(v)),
            None => (word, None),
        };
        let slot = match flag {
            "--query-gpu" => &mut fields,
            "--format" => &mut format,
            "-i" | "--id" => &mut only,
            _ => return Err(bad_arguments()),
        };
        *slot = Some(inline.or_else(|| words.next()).ok_or_else(bad_arguments)?);
    }
    let (Some(fields), Some(format)) = (fields, format) else {
        return Err(bad_arguments());
    };
    let (mut header, mut units, mut csv) = (true, true, false);
    for option in format.split(',') {
        match option.trim() {
            "csv" => csv = true,
            "noheader" => header = false,
            "nounits" => units = false,
            other => {
                return Err(ToolOutput {
                    stdout: format!(
                        "ERROR: Option {other} is not recognized. Please run 'nvidia-smi -h' for help.\n"
                    ),
                    exit: EXIT_BAD_ARGS,
                    ..ToolOutput::default()
                });
            }
        }
    }
    if !csv {
        return Err(bad_arguments());
    }
    Ok(Query {
        fields: fields.split(',').map(str::trim).collect(),
        header,
        units,
        only,
    })
}

/// The output of `nvidia-smi` with `args` that ask a query.
pub(in super::super) fn query_gpu(node: &NodeHealth, args: &[String], now: i64) -> ToolOutput {
    let query = match read(args) {
        Ok(q) => q,
        Err(answer) => return answer,
    };
    let mut fields = Vec::new();
    for name in &query.fields {
        match FIELDS.iter().find(|f| f.names.contains(name)) {
            Some(field) => fields.push((*name, field)),
            None => {
                return ToolOutput {
                    stdout: format!("Field \"{name}\" is not a valid field to query.\n\n"),
                    exit: EXIT_BAD_ARGS,
                    ..ToolOutput::default()
                };
            }
        }
    }
    if let Some(failure) = unreachable(node, now) {
        return failure;
    }
    let slots = node.enumerated(now);
    let chosen: Vec<(usize, usize)> = match query.only {
        None => slots.iter().copied().enumerate().collect(),
        Some(index) => match index
            .parse::<usize>()
            .ok()
            .and_then(|i| Some((i, *slots.get(i)?)))
        {
            Some(one) => vec![one],
            None => {
                return ToolOutput::error("No devices were found\n".to_owned(), EXIT_NOT_FOUND);
            }
        },
    };
    let mut lines = Vec::new();
    if query.header {
        let names: Vec<String> = fields
            .iter()
            .map(|(name, f)| match f.unit {
                Some(unit) => format!("{name} [{unit}]"),
                None => (*name).to_owned(),
            })
            .collect();
        lines.push(names.join(", "));
    }
    for (index, slot) in chosen {
        let gpu = Gpu {
            node,
            index,
            slot,
            count: slots.len(),
            now,
        };
        let values: Vec<String> = fields
            .iter()
            .map(|(_, f)| match ((f.value)(&gpu), f.unit) {
                (None, _) => "[N/A]".to_owned(),
                (Some(v), Some(unit)) if query.units => format!("{v} {unit}"),
                (Some(v), _) => v,
            })
            .collect();
        lines.push(values.join(", "));
    }
    ToolOutput::lines(&lines)
}
