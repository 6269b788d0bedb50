//! nccl-tests `all_reduce_perf` output for given timings, byte for byte as
//! v2.13-v2.15 print it (`src/common.cu`, `src/all_reduce.cu`; samples in
//! shared/reference/node-tools.md section 4).

use serde::{Deserialize, Serialize};

use super::AllReduceError;
use super::cost::{algorithm_bandwidth, bus_bandwidth};

/// The three column-header lines, with their trailing spaces.
const COLUMN_HEADER: [&str; 3] = [
    "#                                                              out-of-place                       in-place          ",
    "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong",
    "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       ",
];

/// The parameters echoed on the first line,
/// `# nThread %d nGpus %d minBytes %ld maxBytes %ld step: %ld(factor) warmup iters: %d iters: %d agg iters: %d validation: %d graph: %d`
/// (nccl-tests v2.13-v2.15 `src/common.cu`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PerfParams {
    /// `-t`: threads per process.
    pub n_thread: u32,
    /// `-g`: GPUs per thread.
    pub n_gpus: u32,
    /// `-b`: smallest size in bytes.
    pub min_bytes: u64,
    /// `-e`: largest size in bytes.
    pub max_bytes: u64,
    /// `-f`: multiplication factor between sizes.
    pub step_factor: u64,
    /// `-w`: warm-up iterations.
    pub warmup_iters: u32,
    /// `-n`: timed iterations.
    pub iters: u32,
    /// `-m`: operations aggregated per iteration.
    pub agg_iters: u32,
    /// `-c`: whether results are checked; without it `#wrong` shows `N/A`.
    pub validation: bool,
    /// `-G`: CUDA graph launches.
    pub graph: u32,
}

impl PerfParams {
    /// The first output line, e.g. `# nThread 1 nGpus 1 minBytes 8 maxBytes
    /// 8589934592 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1
    /// validation: 1 graph: 0`.
    pub fn line(&self) -> String {
        format!(
            "# nThread {} nGpus {} minBytes {} maxBytes {} step: {}(factor) warmup iters: {} iters: {} agg iters: {} validation: {} graph: {}",
            self.n_thread,
            self.n_gpus,
            self.min_bytes,
            self.max_bytes,
            self.step_factor,
            self.warmup_iters,
            self.iters,
            self.agg_iters,
            u8::from(self.validation),
            self.graph
        )
    }
}

/// One `# Using devices` line,
/// `#  Rank %2d Group %2d Pid %6d on %10s device %2d [%04x:%02x:%02x] %s`
/// (nccl-tests v2.14+ `src/common.cu`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeviceLine {
    /// Global rank.
    pub rank: u32,
    /// Group (0 without `-g` groups).
    pub group: u32,
    /// Process id.
    pub pid: u32,
    /// Host name, right-aligned in 10 columns.
    pub host: String,
    /// CUDA device index on the host.
    pub device: u32,
    /// PCI domain, bus and device, printed `%04x:%02x:%02x`.
    pub pci: (u32, u32, u32),
    /// Device name, e.g. `NVIDIA H100 80GB HBM3`.
    pub name: String,
}

impl DeviceLine {
    /// The formatted line.
    pub fn line(&self) -> String {
        format!(
            "#  Rank {:2} Group {:2} Pid {:6} on {:>10} device {:2} [{:04x}:{:02x}:{:02x}] {}",
            self.rank,
            self.group,
            self.pid,
            self.host,
            self.device,
            self.pci.0,
            self.pci.1,
            self.pci.2,
            self.name
        )
    }
}

/// The element type column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PerfType {
    /// `float` (ncclFloat32, 4 bytes).
    Float,
    /// `int32` (ncclInt32, 4 bytes).
    Int32,
}

impl PerfType {
    /// The name nccl-tests prints.
    pub fn name(self) -> &'static str {
        match self {
            PerfType::Float => "float",
            PerfType::Int32 => "int32",
        }
    }

    /// Bytes per element (4 for both).
    pub fn size_bytes(self) -> u64 {
        4
    }
}

/// One measured size: both halves of an `all_reduce_perf` row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PerfRow {
    /// S, bytes per rank.
    pub size_bytes: u64,
    /// Elements per rank (S / 4 for float and int32).
    pub count: u64,
    /// Element type.
    pub dtype: PerfType,
    /// Mean time of the out-of-place run, microseconds.
    pub out_of_place_us: f64,
    /// Mean time of the in-place run, microseconds.
    pub in_place_us: f64,
}

impl PerfRow {
    /// A row for `size_bytes` of `dtype`, count = S / element size.
    pub fn new(size_bytes: u64, dtype: PerfType, out_of_place_us: f64, in_place_us: f64) -> Self {
        Self {
            size_bytes,
            count: size_bytes / dtype.size_bytes(),
            dtype,
            out_of_place_us,
            in_place_us,
        }
    }
}

/// A whole `all_reduce_perf` run to print: the parameters line, the device
/// lines, the rows for `ranks` ranks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PerfTable {
    /// The first line's parameters (its `validation` decides `#wrong`).
    pub params: PerfParams,
    /// The `# Using devices` lines, one per rank shown.
    pub devices: Vec<DeviceLine>,
    /// n, the total rank count (for busbw = algbw x 2(n-1)/n).
    pub ranks: usize,
    /// One row per size.
    pub rows: Vec<PerfRow>,
}

/// The time column: `%7.0f` from 10000 us, `%7.1f` from 100 us, else
/// `%7.2f` (nccl-tests `src/common.cu`).
fn time_column(us: f64) -> String {
    if us >= 10000.0 {
        format!("{us:7.0}")
    } else if us >= 100.0 {
        format!("{us:7.1}")
    } else {
        format!("{us:7.2}")
    }
}

fn check_time(value: f64) -> Result<(), AllReduceError> {
    if !value.is_finite() {
        return Err(AllReduceError::NonFinite {
            name: "time_us",
            value,
        });
    }
    if value <= 0.0 {
        return Err(AllReduceError::OutOfDomain {
            name: "time_us",
            value,
            expected: "greater than zero",
        });
    }
    Ok(())
}

impl PerfTable {
    /// algbw and busbw in GB/s (10^9 bytes/s) of `bytes` in `us`
    /// microseconds: algbw = S / 1e9 / t, busbw = algbw x 2(n-1)/n.
    fn bandwidths(&self, bytes: u64, us: f64) -> (f64, f64) {
        let algbw = algorithm_bandwidth(bytes as f64, us * 1e-6) / 1e9;
        (algbw, bus_bandwidth(algbw, self.ranks))
    }

    /// `# Avg bus bandwidth`: the mean busbw (GB/s) over every row and both
    /// halves (nccl-tests `src/common.cu`); 0 without rows.
    pub fn average_bus_bandwidth(&self) -> f64 {
        let values: Vec<f64> = self
            .rows
            .iter()
            .flat_map(|r| {
                [r.out_of_place_us, r.in_place_us].map(|us| self.bandwidths(r.size_bytes, us).1)
            })
            .collect();
        if values.is_empty() {
            0.0
        } else {
            values.iter().sum::<f64>() / values.len() as f64
        }
    }

    /// One data row: `"%12li  %12li  %8s  %6s  %6s"` (size, count, type,
    /// `sum`, root `-1`), then per half `"  %7s  %6.2f  %6.2f  %5g"` (time,
    /// algbw, busbw, wrong = 0) or `"  %7s  %6.2f  %6.2f    N/A"` without
    /// validation (nccl-tests v2.13-v2.15 `src/common.cu`).
    pub fn row_line(&self, row: &PerfRow) -> Result<String, AllReduceError> {
        let mut line = format!(
            "{:>12}  {:>12}  {:>8}  {:>6}  {:>6}",
            row.size_bytes,
            row.count,
            row.dtype.name(),
            "sum",
            "-1"
        );
        for us in [row.out_of_place_us, row.in_place_us] {
            check_time(us)?;
            let (algbw, busbw) = self.bandwidths(row.size_bytes, us);
            let wrong = if self.params.validation { "0" } else { "N/A" };
            line.push_str(&format!(
                "  {}  {algbw:6.2}  {busbw:6.2}  {wrong:>5}",
                time_column(us)
            ));
        }
        Ok(line)
    }

    /// Every line `all_reduce_perf` prints, in order: the parameters, `#`,
    /// `# Using devices` and the device lines, `#`, the three column-header
    /// lines, the rows, `# Out of bounds values : 0 OK`,
    /// `# Avg bus bandwidth    : %g ` (with its trailing space) and a lone
    /// `#`. Errors on a time that is not finite and positive.
    pub fn lines(&self) -> Result<Vec<String>, AllReduceError> {
        let mut lines = vec![
            self.params.line(),
            "#".to_owned(),
            "# Using devices".to_owned(),
        ];
        lines.extend(self.devices.iter().map(DeviceLine::line));
        lines.push("#".to_owned());
        lines.extend(COLUMN_HEADER.iter().map(|s| (*s).to_owned()));
        for row in &self.rows {
            lines.push(self.row_line(row)?);
        }
        lines.push("# Out of bounds values : 0 OK".to_owned());
        lines.push(format!(
            "# Avg bus bandwidth    : {} ",
            format_g(self.average_bus_bandwidth())
        ));
        lines.push("#".to_owned());
        Ok(lines)
    }
}

/// C's `%g`: 6 significant digits, trailing zeros dropped, exponent form
/// (`1.5e+06`) when the decimal exponent is below -4 or at least 6 (C11
/// 7.21.6.1). `nan`/`inf` for non-finite values.
pub fn format_g(value: f64) -> String {
    const PRECISION: i32 = 6;
    if value.is_nan() {
        return "nan".to_owned();
    }
    if value.is_infinite() {
        return if value > 0.0 { "inf" } else { "-inf" }.to_owned();
    }
    if value == 0.0 {
        return if value.is_sign_negative() { "-0" } else { "0" }.to_owned();
    }
    // Round to 6 significant digits first: the exponent is the rounded one.
    let sci = format!("{:.*e}", (PRECISION - 1) as usize, value);
    let (mantissa, exponent) = sci.split_once('e').unwrap_or((sci.as_str(), "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    if !(-4..PRECISION).contains(&exponent) {
        let sign = if exponent < 0 { '-' } else { '+' };
        format!(
            "{}e{sign}{:02}",
            trim_zeros(mantissa),
            exponent.unsigned_abs()
        )
    } else {
        let decimals = (PRECISION - 1 - exponent).max(0) as usize;
        trim_zeros(&format!("{value:.decimals$}")).to_owned()
    }
}

fn trim_zeros(number: &str) -> &str {
    if number.contains('.') {
        number.trim_end_matches('0').trim_end_matches('.')
    } else {
        number
    }
}
