//! Job options that training scripts carry and that change nothing this
//! cluster schedules: mail, comments, signals, binding hints. sbatch,
//! srun and salloc take them (and refuse a bad value) as 22.05.8's
//! slurm_opt.c does, so a script from another cluster runs here; the job
//! keeps what `scontrol show job` shows and the signal it asks for
//! before its time limit ([`JobExtras`]).

use serde::{Deserialize, Serialize};

use crate::sim::slurm::c_num::strtol;

/// What a job keeps of these options, to show them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct JobExtras {
    /// `--comment`.
    pub comment: Option<String>,
    /// `--mail-type`, as [`MAIL_TYPES`] bits (0: none).
    pub mail_type: u16,
    /// `--mail-user` (slurmctld's default: the job's user).
    pub mail_user: Option<String>,
    /// `--open-mode=append`: the output files are not emptied at start.
    pub append: bool,
    /// `-m`, as `SLURM_DISTRIBUTION` gives it to the job's steps.
    #[serde(default)]
    pub distribution: Option<String>,
    /// `-m plane=N`'s N, as `SLURM_DIST_PLANESIZE` gives it.
    #[serde(default)]
    pub plane_size: Option<u32>,
    /// The tool that waits on an allocation that is not a batch job
    /// (`srun`, `salloc`): the one `scontrol notify` writes through.
    #[serde(default)]
    pub launcher: Option<String>,
    /// `--signal`.
    #[serde(default)]
    pub warn: Option<WarnSignal>,
    /// `--gpus` as given, which sbatch and salloc pass on as
    /// `SLURM_GPUS` (`set_env_from_opts`, src/common/env.c).
    #[serde(default)]
    pub gpus: Option<String>,
    /// `--gpus-per-node` as given: `SLURM_GPUS_PER_NODE`.
    #[serde(default)]
    pub gpus_per_node: Option<String>,
}

impl JobExtras {
    /// Whether srun made the job for a step of its own (not sbatch or
    /// salloc).
    pub(crate) fn srun_allocation(&self) -> bool {
        self.launcher.as_deref() == Some("srun")
    }
}

/// The mail types in the order `print_mail_type` (proc_args.c) writes
/// them, each with its bit.
const MAIL_TYPES: [(&str, u16); 11] = [
    ("ARRAY_TASKS", 1 << 8),
    ("INVALID_DEPEND", 1 << 6),
    ("BEGIN", 1 << 0),
    ("END", 1 << 1),
    ("FAIL", 1 << 2),
    ("REQUEUE", 1 << 3),
    ("STAGE_OUT", 1 << 7),
    ("TIME_LIMIT_50", 1 << 12),
    ("TIME_LIMIT_80", 1 << 11),
    ("TIME_LIMIT_90", 1 << 10),
    ("TIME_LIMIT", 1 << 9),
];

/// What `ALL` stands for.
const MAIL_ALL: [&str; 6] = [
    "INVALID_DEPEND",
    "BEGIN",
    "END",
    "FAIL",
    "REQUEUE",
    "STAGE_OUT",
];

fn mail_bit(name: &str) -> Option<u16> {
    MAIL_TYPES.iter().find(|(n, _)| *n == name).map(|(_, b)| *b)
}

/// `--mail-type`'s value as `parse_mail_type` reads it: names split on
/// commas in any case, unknown ones skipped, `NONE` clearing; `None` if
/// no name was known.
pub(crate) fn parse_mail_type(arg: &str) -> Option<u16> {
    let mut bits = 0;
    for word in arg.split(',').filter(|w| !w.is_empty()) {
        let word = word.to_ascii_uppercase();
        match word.as_str() {
            "NONE" => return Some(0),
            "ALL" => {
                bits |= MAIL_ALL
                    .iter()
                    .filter_map(|n| mail_bit(n))
                    .fold(0, |a, b| a | b)
            }
            name => bits |= mail_bit(name).unwrap_or(0),
        }
    }
    (bits != 0).then_some(bits)
}

/// `MailType=` as `print_mail_type` writes it.
pub(crate) fn mail_type_text(bits: u16) -> String {
    if bits == 0 {
        return "NONE".to_owned();
    }
    let names: Vec<&str> = MAIL_TYPES
        .iter()
        .filter(|(_, b)| bits & b != 0)
        .map(|(n, _)| *n)
        .collect();
    names.join(",")
}

/// `--signal`: the signal Slurm sends a job shortly before its time
/// limit, the cue to save a checkpoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct WarnSignal {
    /// Its number.
    pub signal: u16,
    /// How many seconds before the limit (0: the clock never sends it).
    pub seconds: u16,
    /// `B:`: to the batch shell alone, not the job's steps.
    pub batch: bool,
}

impl WarnSignal {
    /// `--signal`'s value as `get_signal_opts` (proc_args.c) reads it
    /// for sbatch: `[R][B][R][:]SIGNAL[@SECONDS]`, the signal by number
    /// or by name (with or without `SIG`), the seconds 0-65535 (60 when
    /// left out); `None` where sbatch says `Invalid --signal
    /// specification`.
    pub(crate) fn parse(arg: &str) -> Option<Self> {
        let mut rest = arg;
        let mut batch = false;
        for flag in ['R', 'B', 'R'] {
            if let Some(after) = rest.strip_prefix([flag, flag.to_ascii_lowercase()]) {
                batch |= flag == 'B';
                rest = after;
            }
        }
        let rest = rest.strip_prefix(':').unwrap_or(rest);
        let (name, seconds) = match rest.split_once('@') {
            Some((name, seconds)) => {
                let (n, after) = strtol(seconds, 10);
                (name, u16::try_from(n).ok().filter(|_| after.is_empty())?)
            }
            None => (rest, 60),
        };
        Some(Self {
            signal: signal_number(name)?,
            seconds,
            batch,
        })
    }
}

/// A signal named as Slurm's commands read it: `sig_name2num`'s number,
/// cast to `uint16_t`; `None` for 0 (not a signal).
pub(crate) fn signal_number(text: &str) -> Option<u16> {
    u16::try_from(sig_name2num(text).rem_euclid(0x1_0000))
        .ok()
        .filter(|n| *n > 0)
}

/// `sig_name2num` (proc_args.c): a number followed by nothing but
/// blanks, or a name of its table in any case, `SIG` optional; 0 if
/// neither.
fn sig_name2num(text: &str) -> i64 {
    let blank = |s: &str| {
        s.trim_start_matches(|c: char| c.is_ascii_whitespace())
            .is_empty()
    };
    let (n, after) = strtol(text, 10);
    if after.len() < text.len() {
        return if blank(after) { n } else { 0 };
    }
    let name = text.trim_start_matches(|c: char| c.is_ascii_whitespace());
    let name = match name.get(..3) {
        Some(sig) if sig.eq_ignore_ascii_case("SIG") => &name[3..],
        _ => name,
    };
    SIGNALS
        .iter()
        .find(|(known, _)| {
            name.get(..known.len())
                .is_some_and(|head| head.eq_ignore_ascii_case(known))
                && blank(&name[known.len()..])
        })
        .map_or(0, |(_, n)| i64::from(*n))
}

/// The signals `sig_name2num` knows by name, with their Linux numbers.
const SIGNALS: [(&str, u8); 16] = [
    ("HUP", 1),
    ("INT", 2),
    ("QUIT", 3),
    ("ABRT", 6),
    ("KILL", 9),
    ("ALRM", 14),
    ("TERM", 15),
    ("USR1", 10),
    ("USR2", 12),
    ("URG", 23),
    ("CONT", 18),
    ("STOP", 19),
    ("TSTP", 20),
    ("TTIN", 21),
    ("TTOU", 22),
    ("XCPU", 24),
];

/// Whether `--gpu-bind`'s value is one `tres_bind_verify_cmdline`
/// (tres_bind.c) takes: `[verbose,]closest|none|map_gpu:LIST|
/// mask_gpu:LIST|per_task:N|single:N`.
pub(crate) fn valid_gpu_bind(arg: &str) -> bool {
    let arg = arg.strip_prefix("verbose,").unwrap_or(arg);
    let list = |v: &str| !v.is_empty() && v.split(',').all(|n| !n.is_empty());
    let count = |v: &str| v.parse::<u32>().is_ok_and(|n| n > 0);
    match arg.split_once(':') {
        None => matches!(arg, "closest" | "none"),
        Some(("map_gpu" | "mask_gpu", v)) => list(v),
        Some(("per_task" | "single", v)) => count(v),
        Some(_) => false,
    }
}

/// The first word of `--cpu-bind`'s value that `slurm_verify_cpu_bind`
/// (slurm_resource_info.c) does not know, if any. Commas followed by a
/// digit belong to a map or mask list.
pub(crate) fn unknown_cpu_bind(arg: &str) -> Option<String> {
    const WORDS: [&str; 18] = [
        "q",
        "quiet",
        "v",
        "verbose",
        "one_thread",
        "no",
        "none",
        "rank",
        "rank_ldom",
        "socket",
        "sockets",
        "core",
        "cores",
        "thread",
        "threads",
        "ldom",
        "ldoms",
        "help",
    ];
    const LISTS: [&str; 8] = [
        "map_cpu",
        "mapcpu",
        "mask_cpu",
        "maskcpu",
        "map_ldom",
        "mapldom",
        "mask_ldom",
        "maskldom",
    ];
    let mut words: Vec<String> = Vec::new();
    for part in arg.split(',') {
        match words.last_mut() {
            Some(last) if part.starts_with(|c: char| c.is_ascii_digit()) => {
                last.push(',');
                last.push_str(part);
            }
            _ => words.push(part.to_owned()),
        }
    }
    words.into_iter().find(|word| {
        let lower = word.to_ascii_lowercase();
        !WORDS.contains(&lower.as_str()) && !LISTS.iter().any(|l| lower.starts_with(l))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mail_types_read_and_print_as_slurm_does() {
        assert_eq!(
            parse_mail_type("end,FAIL").map(mail_type_text).as_deref(),
            Some("END,FAIL")
        );
        assert_eq!(
            parse_mail_type("ALL").map(mail_type_text).as_deref(),
            Some("INVALID_DEPEND,BEGIN,END,FAIL,REQUEUE,STAGE_OUT")
        );
        assert_eq!(
            parse_mail_type("END,bogus").map(mail_type_text).as_deref(),
            Some("END")
        );
        assert_eq!(parse_mail_type("none"), Some(0));
        assert_eq!(parse_mail_type("bogus"), None);
        assert_eq!(
            parse_mail_type("TIME_LIMIT_90,TIME_LIMIT")
                .map(mail_type_text)
                .as_deref(),
            Some("TIME_LIMIT_90,TIME_LIMIT")
        );
    }

    #[test]
    fn signals_read_as_get_signal_opts_reads_them() {
        let read = |arg: &str| WarnSignal::parse(arg).map(|w| (w.signal, w.seconds, w.batch));
        assert_eq!(read("USR1"), Some((10, 60, false)));
        assert_eq!(read("B:USR1@90"), Some((10, 90, true)));
        assert_eq!(read("R:SIGTERM@300"), Some((15, 300, false)));
        assert_eq!(read("RB:10"), Some((10, 60, true)));
        assert_eq!(read("rbr:sigusr2@0"), Some((12, 0, true)));
        assert_eq!(read("10@0"), Some((10, 0, false)));
        assert_eq!(read(":USR1"), Some((10, 60, false)));
        // strtol reads an empty time as 0, and a number past 65535 wraps.
        assert_eq!(read("USR1@"), Some((10, 0, false)));
        assert_eq!(read("65546"), Some((10, 60, false)));
        for bad in [
            "",
            "X:USR1",
            "USR1@-5",
            "USR1@9x",
            "USR1@70000",
            "NOPE",
            "0",
            "WINCH",
            "B:",
            "BB:USR1",
            "65536",
        ] {
            assert_eq!(read(bad), None, "{bad}");
        }
    }

    #[test]
    fn binding_values_are_checked() {
        assert!(valid_gpu_bind("closest") && valid_gpu_bind("verbose,map_gpu:0,1"));
        assert!(valid_gpu_bind("per_task:1") && !valid_gpu_bind("per_task:x"));
        assert!(!valid_gpu_bind("nearest"));
        assert_eq!(unknown_cpu_bind("cores"), None);
        assert_eq!(unknown_cpu_bind("verbose,map_cpu:0,2,4"), None);
        assert_eq!(unknown_cpu_bind("cores,bogus").as_deref(), Some("bogus"));
    }
}
