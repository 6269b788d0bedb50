//! `seff JOBID`: a finished job's CPU and memory efficiency, as Slurm
//! 22.05's `contribs/seff/seff` (version 2.1) prints it from the
//! accounting database: the CPU time of its steps over the cores it held
//! for its wall time, and its largest step's resident memory (times that
//! step's tasks, "estimated maximum") over the memory it asked for.
//! Options are read as Perl's `Getopt::Std` reads `hvdf:`.

use super::super::super::getopt::{HasArg, Opt, opt};
use super::super::output::CommandOutput;
use super::super::state::Mem;
use super::super::{Caller, Cluster};
use super::help;
use super::sacct::{JobRecord, job_record};
use super::step_list;
use super::step_usage::StepUse;
use crate::sim::slurm::time_spec::scontrol_time;

pub(super) const OPTIONS: &[Opt] = &[
    opt("help", Some('h'), &["help"], HasArg::No),
    opt("version", Some('v'), &[], HasArg::No),
    opt("debug", Some('d'), &[], HasArg::No),
];

/// seff's own usage, printed for `-h` or without exactly one job.
const USAGE: &str = "\
Usage: seff [Options] <Jobid>
       Options:
       -h    Help menu
       -v    Version
       -d    Debug mode: display raw Slurm data
";

/// The flags `Getopt::Std` read and the arguments after them.
#[derive(Debug, Default)]
struct Args {
    help: bool,
    version: bool,
    debug: bool,
    /// `--help`: our own help.
    long_help: bool,
    operands: Vec<String>,
    /// `Unknown option: x` warnings, and `--version`'s lines.
    stderr: String,
    stdout: String,
}

/// `getopts('hvdf:')` over the arguments `argv`: bundled flags, `-f` with its value (which seff
/// never reads), `--` or the first argument not starting with `-` ends
/// the options; an unknown letter is warned about and skipped.
fn read_args(argv: &[String]) -> Args {
    let mut args = Args::default();
    let mut rest: Vec<String> = argv.to_vec();
    while let Some(word) = rest.first().cloned() {
        let mut chars = word.chars();
        let (Some('-'), Some(first)) = (chars.next(), chars.next()) else {
            break;
        };
        let tail: String = chars.collect();
        rest.remove(0);
        match first {
            '-' if tail.is_empty() => break,
            'f' => {
                if tail.is_empty() && !rest.is_empty() {
                    rest.remove(0);
                }
                continue;
            }
            'h' | 'v' | 'd' => match first {
                'h' => args.help = true,
                'v' => args.version = true,
                _ => args.debug = true,
            },
            '-' if tail == "help" => {
                args.long_help = true;
                return args;
            }
            '-' if tail == "version" => {
                args.stdout.push_str(
                    "/usr/bin/seff version 2.1 calling Getopt::Std::getopts (version 1.13 [paranoid]),\n\
                     running under Perl version 5.36.0.\n",
                );
                continue;
            }
            _ => args.stderr.push_str(&format!("Unknown option: {first}\n")),
        }
        if !tail.is_empty() {
            rest.insert(0, format!("-{tail}"));
        }
    }
    args.operands = rest;
    args
}

pub(super) fn run(c: &Cluster, argv: &[String], _caller: &Caller<'_>) -> CommandOutput {
    let args = read_args(argv);
    if args.long_help {
        return help::text(help::SEFF);
    }
    let mut out = CommandOutput::default();
    out.out(&args.stdout);
    out.err(&args.stderr);
    if args.version {
        out.out_line("seff Version 2.1");
        out.exit = 1;
        return out;
    }
    let [jobid] = &args.operands[..] else {
        out.out(USAGE);
        out.exit = 1;
        return out;
    };
    if args.help {
        out.out(USAGE);
        out.exit = 1;
        return out;
    }
    // The Perl API reads the id as sacct's `-j` list; a bad item is
    // libslurm's fatal error, named after the interpreter.
    let mut items = Vec::new();
    for item in jobid.split(',').filter(|s| !s.is_empty()) {
        match step_list::parse("perl", item) {
            Ok(selected) => items.push(selected),
            Err(refusal) => return refusal,
        }
    }
    let record = items
        .iter()
        .filter_map(|item| job_record(c, item))
        .min_by_key(|r| r.job.id);
    match record {
        Some(record) => report(c, &record, args.debug, &mut out),
        None => {
            out.err_line("Job not found.");
            out.exit = 2;
        }
    }
    out
}

/// What seff reads from a job's record before it prints anything.
struct Figures<'a> {
    ncpus: u64,
    nnodes: u64,
    /// The memory asked for, in KiB, for the whole job.
    reqmem_kb: u64,
    /// Whether that memory was asked per node (`--mem`) rather than per CPU.
    pernode: bool,
    walltime: u64,
    /// `ARRAYJOB_TASK` for a task of an array.
    array_jobid: Option<String>,
    cput: u64,
    mem_kb: u64,
    ntasks: u64,
    group: &'a str,
}

impl<'a> Figures<'a> {
    fn of(c: &'a Cluster, r: &JobRecord<'_>) -> Self {
        let job = r.job;
        // A job without an allocation counts one CPU on one node.
        let ncpus = u64::from(r.cpus.max(1));
        let nnodes = u64::try_from(r.nodes.max(1)).unwrap_or(1);
        let (mem_mb, per_cpu) = Mem::min_memory(job.request.mem, c.config.def_mem_per_cpu_mb);
        let per = if per_cpu { ncpus } else { nnodes };
        let (cput, mem_kb, ntasks) = usage(&r.steps);
        Figures {
            ncpus,
            nnodes,
            reqmem_kb: mem_mb.saturating_mul(1024).saturating_mul(per),
            pernode: !per_cpu,
            walltime: u64::try_from(r.elapsed).unwrap_or(0),
            array_jobid: (job.array.as_ref())
                .map(|a| format!("{}_{}", a.array_job_id, a.task.map_or(-2, i64::from))),
            cput,
            mem_kb,
            ntasks,
            group: (c.accounts.users.iter())
                .find(|u| u.uid == job.gid)
                .map_or("", |u| u.name.as_str()),
        }
    }
}

/// The efficiency report of one job's record.
fn report(c: &Cluster, r: &JobRecord<'_>, debug: bool, out: &mut CommandOutput) {
    let f = Figures::of(c, r);
    if debug {
        debug_lines(c, r, &f, out);
    }
    job_lines(c, r, &f, out);
    if r.state == "PENDING" {
        out.out_line("Efficiency not available for jobs in the PENDING state.");
        return;
    }
    efficiency_lines(r, &f, out);
}

/// `-d`: the raw figures, then a blank line.
fn debug_lines(c: &Cluster, r: &JobRecord<'_>, f: &Figures<'_>, out: &mut CommandOutput) {
    out.out_line(
        "Slurm data: JobID ArrayJobID User Group State Clustername Ncpus Nnodes Ntasks \
         Reqmem PerNode Cput Walltime Mem ExitStatus",
    );
    out.out_line(&format!(
        "Slurm data: {} {} {} {} {} {} {} {} {} {} {} {} {} {} {}\n",
        r.job.id,
        f.array_jobid.as_deref().unwrap_or(""),
        r.job.user,
        f.group,
        r.state,
        c.config.cluster_name,
        f.ncpus,
        f.nnodes,
        f.ntasks,
        f.reqmem_kb,
        u8::from(f.pernode),
        f.cput,
        f.walltime,
        f.mem_kb,
        r.exit_status,
    ));
}

/// Who ran the job, where, and how it ended.
fn job_lines(c: &Cluster, r: &JobRecord<'_>, f: &Figures<'_>, out: &mut CommandOutput) {
    out.out_line(&format!("Job ID: {}", r.job.id));
    if let Some(id) = &f.array_jobid {
        out.out_line(&format!("Array Job ID: {id}"));
    }
    out.out_line(&format!("Cluster: {}", c.config.cluster_name));
    out.out_line(&format!("User/Group: {}/{}", r.job.user, f.group));
    if r.state == "PENDING" || r.state == "RUNNING" {
        out.out_line(&format!("State: {}", r.state));
    } else {
        out.out_line(&format!("State: {} (exit code {})", r.state, r.exit_status));
    }
    if f.ncpus == 1 {
        out.out_line("Cores: 1");
    } else {
        out.out_line(&format!("Nodes: {}", f.nnodes));
        out.out_line(&format!("Cores per node: {}", f.ncpus / f.nnodes));
    }
}

/// CPU and memory used over what the job held.
fn efficiency_lines(r: &JobRecord<'_>, f: &Figures<'_>, out: &mut CommandOutput) {
    let core_walltime = f.walltime * f.ncpus;
    let cpu_eff = percent(f.cput as f64, core_walltime as f64);
    out.out_line(&format!("CPU Utilized: {}", time2str(f.cput)));
    out.out_line(&format!(
        "CPU Efficiency: {cpu_eff:.2}% of {} core-walltime",
        time2str(core_walltime)
    ));
    out.out_line(&format!("Job Wall-clock time: {}", time2str(f.walltime)));
    let mem_eff = percent(f.mem_kb as f64, f.reqmem_kb as f64);
    let (mem, req) = (kbytes2str(f.mem_kb as f64), kbytes2str(f.reqmem_kb as f64));
    if f.ntasks == 1 {
        out.out_line(&format!("Memory Utilized: {mem}"));
        out.out_line(&format!("Memory Efficiency: {mem_eff:.2}% of {req}"));
    } else {
        out.out_line(&format!("Memory Utilized: {mem} (estimated maximum)"));
        let (share, per) = if f.pernode {
            (f.reqmem_kb as f64 / f.nnodes as f64, "node")
        } else {
            (f.reqmem_kb as f64 / f.ncpus as f64, "core")
        };
        out.out_line(&format!(
            "Memory Efficiency: {mem_eff:.2}% of {req} ({}/{per})",
            kbytes2str(share)
        ));
    }
    if r.state == "RUNNING" {
        out.out_line("WARNING: Efficiency statistics may be misleading for RUNNING jobs.");
    }
}

/// The steps' CPU seconds (their whole seconds, then their microseconds
/// rounded), and the largest step's resident KiB times its tasks with
/// those tasks (0 and 0 when no step has a measurement).
fn usage(steps: &[StepUse]) -> (u64, u64, u64) {
    const US: u64 = 1_000_000;
    let (mut secs, mut usecs) = (0, 0);
    let (mut mem, mut ntasks) = (0, 0);
    for s in steps {
        for us in [s.user_us(), s.system_us()] {
            secs = u64::saturating_add(secs, us / US);
            usecs += us % US;
        }
        let kib = s.max_rss() / 1024;
        if mem < kib {
            mem = kib;
            ntasks = u64::from(s.ntasks());
        }
    }
    let rounded = secs.saturating_add((usecs + US / 2) / US);
    (rounded, mem.saturating_mul(ntasks), ntasks)
}

/// `part` as a percentage of `whole`, 0 when there is no whole.
fn percent(part: f64, whole: f64) -> f64 {
    if whole == 0.0 {
        0.0
    } else {
        part / whole * 100.0
    }
}

/// seff's `time2str`: `[D-]HH:MM:SS`, as scontrol prints a duration.
fn time2str(secs: u64) -> String {
    scontrol_time(i64::try_from(secs).unwrap_or(i64::MAX))
}

/// seff's `kbytes2str`: kibibytes in the largest unit that keeps a whole
/// part, two decimals (`4.09 MB`, `0.00 MB` for nothing).
fn kbytes2str(kbytes: f64) -> String {
    if kbytes == 0.0 {
        return "0.00 MB".to_owned();
    }
    let exp = (kbytes.ln() / 1024f64.ln()).trunc();
    let prefix = ["K", "M", "G", "T", "P", "E"]
        .get(exp as usize)
        .copied()
        .unwrap_or("");
    format!("{:.2} {prefix}B", kbytes / 1024f64.powf(exp))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_and_sizes_print_as_seff_prints_them() {
        assert_eq!(time2str(0), "00:00:00");
        assert_eq!(time2str(2_328), "00:38:48");
        assert_eq!(time2str(90_061), "1-01:01:01");
        assert_eq!(kbytes2str(0.0), "0.00 MB");
        assert_eq!(kbytes2str(4188.0), "4.09 MB");
        assert_eq!(kbytes2str(11_744_051.0), "11.20 GB");
        assert_eq!(kbytes2str(512.0), "512.00 KB");
        assert_eq!(percent(1.0, 0.0), 0.0);
    }

    #[test]
    fn options_are_read_as_getopt_std_reads_them() {
        let argv = |s: &str| -> Vec<String> { s.split(' ').map(str::to_owned).collect() };
        let a = read_args(&argv("-dx 12"));
        assert!(a.debug && !a.help);
        assert_eq!(a.stderr, "Unknown option: x\n");
        assert_eq!(a.operands, ["12"]);
        let a = read_args(&argv("-f conf -- -h"));
        assert!(!a.help);
        assert_eq!(a.operands, ["-h"]);
        assert!(read_args(&argv("--help 12")).long_help);
        let a = read_args(&argv("12 -h"));
        assert!(!a.help);
        assert_eq!(a.operands, ["12", "-h"]);
    }
}
