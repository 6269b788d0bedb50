//! The command line of nccl-tests `all_reduce_perf`, read as v2.15's
//! `src/common.cu` reads it: glibc `getopt_long` over
//! `t:g:b:e:i:f:n:m:w:N:p:c:o:d:r:z:y:T:hG:C:a:R:` and the long names,
//! integers through `strtol(.., 0)` and sizes through `parsesize` (`8`,
//! `256M`, `1G`, `1.5k`), with the tool's own messages. Options that would
//! change the output in ways this model does not print are refused
//! honestly. Pure.

use serde::{Deserialize, Serialize};

use crate::sim::allreduce::{PerfParams, PerfType};

use super::super::getopt::{Getopt, HasArg, Item, Opt, Order, opt};
use super::ToolOutput;
use crate::sim::slurm::c_num::strtol;

/// The largest number of rows (message sizes) a run may print here.
pub const MAX_ROWS: usize = 1000;

/// The types `-d` names (NCCL 2.21 with bfloat16; fp8 needs 2.24).
const TYPE_NAMES: [&str; 10] = [
    "int8", "uint8", "int32", "uint32", "int64", "uint64", "half", "float", "double", "bfloat16",
];
/// The reductions `-o` names (NCCL 2.11 and later).
const OP_NAMES: [&str; 6] = ["sum", "prod", "max", "min", "avg", "mulsum"];

/// The options of `src/common.cu`'s `longopts` and option string: every
/// letter but `h` takes an argument.
const OPTIONS: [Opt<char>; 23] = [
    opt('t', Some('t'), &["nthreads"], HasArg::Required),
    opt('g', Some('g'), &["ngpus"], HasArg::Required),
    opt('b', Some('b'), &["minbytes"], HasArg::Required),
    opt('e', Some('e'), &["maxbytes"], HasArg::Required),
    opt('i', Some('i'), &["stepbytes"], HasArg::Required),
    opt('f', Some('f'), &["stepfactor"], HasArg::Required),
    opt('n', Some('n'), &["iters"], HasArg::Required),
    opt('m', Some('m'), &["agg_iters"], HasArg::Required),
    opt('w', Some('w'), &["warmup_iters"], HasArg::Required),
    opt('N', Some('N'), &["run_cycles"], HasArg::Required),
    opt('p', Some('p'), &["parallel_init"], HasArg::Required),
    opt('c', Some('c'), &["check"], HasArg::Required),
    opt('o', Some('o'), &["op"], HasArg::Required),
    opt('d', Some('d'), &["datatype"], HasArg::Required),
    opt('r', Some('r'), &["root"], HasArg::Required),
    opt('z', Some('z'), &["blocking"], HasArg::Required),
    opt('y', Some('y'), &["stream_null"], HasArg::Required),
    opt('T', Some('T'), &["timeout"], HasArg::Required),
    opt('G', Some('G'), &["cudagraph"], HasArg::Required),
    opt('C', Some('C'), &["report_cputime"], HasArg::Required),
    opt('a', Some('a'), &["average"], HasArg::Required),
    opt('R', Some('R'), &["local_register"], HasArg::Required),
    opt('h', Some('h'), &["help"], HasArg::No),
];

/// The usage this mock prints for `-h` and after a bad option, in the
/// real tool's style but listing only what it simulates.
fn usage(program: &str) -> String {
    format!(
        "USAGE: {program} \n\t\
        [-t,--nthreads <num threads>] \n\t\
        [-g,--ngpus <gpus per thread>] \n\t\
        [-b,--minbytes <min size in bytes>] \n\t\
        [-e,--maxbytes <max size in bytes>] \n\t\
        [-i,--stepbytes <increment size>] \n\t\
        [-f,--stepfactor <increment factor>] \n\t\
        [-n,--iters <iteration count>] \n\t\
        [-m,--agg_iters <aggregated iteration count>] \n\t\
        [-w,--warmup_iters <warmup iteration count>] \n\t\
        [-c,--check <check iteration count>] \n\t\
        [-o,--op <sum>] \n\t\
        [-d,--datatype <float/int32>] \n\t\
        [-G,--cudagraph <num graph launches>] \n\t\
        [-h,--help]\n"
    )
}

/// The parsed options, with nccl-tests' defaults for those not given.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PerfOptions {
    /// `-t`: threads per process (default 1).
    pub threads: u32,
    /// `-g`: GPUs per thread (default 1).
    pub gpus: u32,
    /// `-b`: smallest size in bytes (default 32M).
    pub min_bytes: u64,
    /// `-e`: largest size in bytes (default 32M).
    pub max_bytes: u64,
    /// `-i`: step in bytes when the factor is 1 (default 1M).
    pub step_bytes: u64,
    /// `-f`: factor between sizes; 1 (the default) steps by `step_bytes`.
    pub step_factor: u64,
    /// `-n`: timed iterations (default 20).
    pub iters: u32,
    /// `-m`: operations aggregated per iteration (default 1).
    pub agg_iters: u32,
    /// `-w`: warm-up iterations (default 5).
    pub warmup_iters: u32,
    /// `-c`: how many iterations are checked; 0 disables checking
    /// (default 1), printed as `validation: N`.
    pub check: u32,
    /// `-d`: element type (default float).
    pub dtype: PerfType,
    /// `-G`: CUDA graph launches (default 0).
    pub graph_launches: u32,
    /// Lines every process prints on standard output while parsing, such
    /// as `invalid type half8, defaulting to float .. `.
    pub notices: Vec<String>,
}

impl Default for PerfOptions {
    fn default() -> Self {
        PerfOptions {
            threads: 1,
            gpus: 1,
            min_bytes: 32 << 20,
            max_bytes: 32 << 20,
            step_bytes: 1 << 20,
            step_factor: 1,
            iters: 20,
            agg_iters: 1,
            warmup_iters: 5,
            check: 1,
            dtype: PerfType::Float,
            graph_launches: 0,
            notices: Vec::new(),
        }
    }
}

impl PerfOptions {
    /// The parameters `PerfTable` echoes; with a factor of 1 the step is
    /// the byte step.
    pub fn params(&self) -> PerfParams {
        PerfParams {
            n_thread: self.threads,
            n_gpus: self.gpus,
            min_bytes: self.min_bytes,
            max_bytes: self.max_bytes,
            step_factor: if self.step_factor > 1 {
                self.step_factor
            } else {
                self.step_bytes
            },
            warmup_iters: self.warmup_iters,
            iters: self.iters,
            agg_iters: self.agg_iters,
            validation: self.check > 0,
            graph: self.graph_launches,
        }
    }

    /// The first line, `# nThread ...`: `PerfParams::line` with
    /// nccl-tests' `(bytes)` when sizes grow by a step rather than a
    /// factor, and the check count as given (`validation: 5`).
    pub fn first_line(&self) -> String {
        let mut line = self.params().line();
        if self.step_factor <= 1 {
            line = line.replacen("(factor)", "(bytes)", 1);
        }
        if self.check > 1 {
            line = line.replacen(
                " validation: 1 ",
                &format!(" validation: {} ", self.check),
                1,
            );
        }
        line
    }

    /// The largest size whose buffers fit a GPU of `memory_bytes`: send,
    /// receive and (when checking) expected buffers, plus 1 GiB for the
    /// rest (`src/common.cu`).
    pub fn max_fit(&self, memory_bytes: u64) -> u64 {
        let buffers = if self.check > 0 { 3 } else { 2 };
        memory_bytes.saturating_sub(1 << 30) / buffers
    }

    /// The message sizes of the rows, from `min_bytes` to at most `max`,
    /// times the factor (or plus the step); each rounded down to whole
    /// elements as the rows print them. `None` past [`MAX_ROWS`].
    pub fn sizes(&self, max: u64) -> Option<Vec<u64>> {
        let element = self.dtype.size_bytes();
        let mut sizes = Vec::new();
        let mut size = self.min_bytes;
        while size <= max {
            if sizes.len() == MAX_ROWS {
                return None;
            }
            sizes.push(size / element * element);
            let next = if self.step_factor > 1 {
                size.checked_mul(self.step_factor)
            } else {
                size.checked_add(self.step_bytes)
            };
            match next {
                Some(next) if next > size => size = next,
                _ => break,
            }
        }
        Some(sizes)
    }
}

/// Why a command line did not run, each printed as the real tool (or, for
/// `Unsupported`, this mock) prints it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PerfArgError {
    /// `-h`: the usage, exit status 0.
    #[error("help requested")]
    Help,
    /// getopt refused an option (`invalid option -- 'x'`, `option requires
    /// an argument -- 'b'`, ...): getopt's line on standard error, then
    /// `invalid option '?'` and the usage on standard output, exit 0.
    #[error("{0}")]
    Getopt(String),
    /// `parsesize` failed: `invalid size specified for 'minbytes'`, exit
    /// status 255.
    #[error("invalid size specified for '{0}'")]
    InvalidSize(&'static str),
    /// `-b` above `-e`, exit status 255.
    #[error("invalid sizes for 'minbytes' and 'maxbytes': {min} > {max}")]
    SizeOrder {
        /// `-b` in bytes.
        min: u64,
        /// `-e` in bytes.
        max: u64,
    },
    /// Something the real tool runs but this model does not simulate.
    #[error("{0} is not simulated here")]
    Unsupported(String),
}

impl PerfArgError {
    /// What one process that hits this error prints, for `program`
    /// (argv\[0\]).
    pub fn output(&self, program: &str) -> ToolOutput {
        let base = program.rsplit('/').next().unwrap_or(program);
        let (stdout, stderr, exit) = match self {
            PerfArgError::Help => (usage(base), String::new(), 0),
            PerfArgError::Getopt(message) => (
                format!("invalid option '?'\n{}", usage(base)),
                format!("{program}: {message}\n"),
                0,
            ),
            PerfArgError::InvalidSize(_) | PerfArgError::SizeOrder { .. } => {
                (String::new(), format!("{self}\n"), 255)
            }
            PerfArgError::Unsupported(_) => (String::new(), format!("{base}: {self}\n"), 1),
        };
        ToolOutput {
            stdout,
            stderr,
            exit,
        }
    }
}

/// Reads `all_reduce_perf`'s arguments (the words after the program
/// name).
pub fn parse_perf_args(args: &[String]) -> Result<PerfOptions, PerfArgError> {
    let mut options = PerfOptions::default();
    for (letter, value) in getopt(args)? {
        apply(&mut options, letter, &value)?;
    }
    if options.min_bytes > options.max_bytes {
        return Err(PerfArgError::SizeOrder {
            min: options.min_bytes,
            max: options.max_bytes,
        });
    }
    if options.step_factor <= 1 && options.step_bytes == 0 {
        return Err(PerfArgError::Unsupported(
            "a step of 0 bytes (it never ends)".to_owned(),
        ));
    }
    Ok(options)
}

/// The options in order as (letter, argument), read as nccl-tests' loop
/// reads them: `-h` prints the usage at once; operands are moved aside
/// and never read.
fn getopt(args: &[String]) -> Result<Vec<(char, String)>, PerfArgError> {
    let mut found = Vec::new();
    for item in Getopt::new(args, &OPTIONS, Order::Permute) {
        match item.map_err(|e| PerfArgError::Getopt(e.to_string()))? {
            Item::Opt('h', _) => return Err(PerfArgError::Help),
            Item::Opt(letter, value) => found.push((letter, value.unwrap_or_default())),
            Item::Operand(_) => {}
        }
    }
    Ok(found)
}

/// Sets one option as `src/common.cu` does.
fn apply(options: &mut PerfOptions, letter: char, value: &str) -> Result<(), PerfArgError> {
    let count = |what: &str, min: i64| -> Result<u32, PerfArgError> {
        let n = strtol(value, 0).0;
        if n < min {
            return Err(PerfArgError::Unsupported(format!("{what} {n}")));
        }
        u32::try_from(n).map_err(|_| PerfArgError::Unsupported(format!("{what} {n}")))
    };
    match letter {
        't' => options.threads = count("-t", 1)?,
        'g' => options.gpus = count("-g", 1)?,
        'b' => options.min_bytes = size(value, "minbytes")?,
        'e' => options.max_bytes = size(value, "maxbytes")?,
        'i' => options.step_bytes = size(value, "stepBytes")?,
        'f' => options.step_factor = u64::from(count("-f", 0)?),
        'n' => options.iters = count("-n", 1)?,
        'm' => options.agg_iters = count("-m", 1)?,
        'w' => options.warmup_iters = count("-w", 0)?,
        'c' => options.check = count("-c", 0)?,
        'G' => options.graph_launches = count("-G", 0)?,
        'd' => match value {
            "float" => options.dtype = PerfType::Float,
            "int32" => options.dtype = PerfType::Int32,
            known if known == "all" || TYPE_NAMES.contains(&known) => {
                return Err(PerfArgError::Unsupported(format!("-d {known}")));
            }
            unknown => {
                options.dtype = PerfType::Float;
                options
                    .notices
                    .push(format!("invalid type {unknown}, defaulting to float .. "));
            }
        },
        'o' => match value {
            "sum" => {}
            known if known == "all" || OP_NAMES.contains(&known) => {
                return Err(PerfArgError::Unsupported(format!("-o {known}")));
            }
            unknown => options
                .notices
                .push(format!("invalid op {unknown}, defaulting to sum .. ")),
        },
        // Root, stream, timeout, averaging and registration change nothing
        // this model prints.
        'r' | 'y' | 'T' | 'a' | 'R' => {}
        other => return Err(PerfArgError::Unsupported(format!("-{other}"))),
    }
    Ok(())
}

/// nccl-tests' `parsesize`: `sscanf(value, "%lf %1s")`, then a `K`, `M`
/// or `G` suffix (either case, powers of 1024) multiplies; a number
/// without suffix is bytes; anything else, or a negative size, is refused.
/// Not-a-number and infinite sizes (undefined behaviour in C) are refused
/// too; fractions are cut to whole bytes.
pub fn parse_size(value: &str) -> Option<u64> {
    let text = value.trim_start();
    let length = float_prefix(text);
    let number: f64 = text.get(..length)?.parse().ok()?;
    let units = match text[length..].trim_start().chars().next() {
        None => 1.0,
        Some('K' | 'k') => 1024.0,
        Some('M' | 'm') => 1024.0 * 1024.0,
        Some('G' | 'g') => 1024.0 * 1024.0 * 1024.0,
        Some(_) => return None,
    };
    let bytes = number * units;
    // 2^64 as f64: anything at or above it does not fit a size_t.
    if !(0.0..18_446_744_073_709_551_616.0).contains(&bytes) {
        return None;
    }
    Some(bytes as u64)
}

fn size(value: &str, name: &'static str) -> Result<u64, PerfArgError> {
    parse_size(value).ok_or(PerfArgError::InvalidSize(name))
}

/// The length of the decimal floating-point number at the start of
/// `text` (`strtod` without hex floats, `inf` or `nan`): a sign, digits
/// with at most one point, and an exponent only when digits follow it.
fn float_prefix(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut i = usize::from(matches!(bytes.first(), Some(b'+' | b'-')));
    let digits = |from: usize| {
        bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    let whole = digits(i);
    i += whole;
    let mut fraction = 0;
    if bytes.get(i) == Some(&b'.') {
        fraction = digits(i + 1);
        if whole + fraction > 0 {
            i += 1 + fraction;
        }
    }
    if whole + fraction == 0 {
        return 0;
    }
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        let sign = usize::from(matches!(bytes.get(i + 1), Some(b'+' | b'-')));
        let exponent = digits(i + 1 + sign);
        if exponent > 0 {
            i += 1 + sign + exponent;
        }
    }
    i
}
