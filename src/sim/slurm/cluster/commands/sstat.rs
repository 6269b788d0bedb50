//! `sstat`: the live resource use of running job steps, as Slurm 22.05's
//! sstat prints it (`src/sstat/*.c`): `print_fields` cells with its
//! default columns or `-o`, `-n`, `-p`/`-P`. `-j ID` stats the job's
//! lowest-numbered running step (`ID.batch` the batch script, `-a`
//! every step); pending, ended and unknown jobs get sstat's errors. The
//! usage itself is simulated ([`step_usage`]): a deterministic function
//! of the step's program, CPUs, tasks, memory and time running.

use super::super::super::getopt::{HasArg, Opt, Parsed, opt};
use super::super::fields::{Parsable, print_fields_header, print_fields_row};
use super::super::output::CommandOutput;
use super::super::state::StepId;
use super::super::{Caller, Cluster};
use super::step_list::{self, StepKind};
use super::step_usage::{self, Reader, StepUse};
use super::{help, parse};

pub(super) const OPTIONS: &[Opt] = &[
    opt("allsteps", Some('a'), &["allsteps"], HasArg::No),
    opt("helpformat", Some('e'), &["helpformat"], HasArg::No),
    opt("help", Some('h'), &["help"], HasArg::No),
    opt("pidformat", Some('i'), &["pidformat"], HasArg::No),
    opt("jobs", Some('j'), &["jobs"], HasArg::Required),
    opt("noheader", Some('n'), &["noheader"], HasArg::No),
    opt("noconvert", None, &["noconvert"], HasArg::No),
    opt("format", Some('o'), &["format", "fields"], HasArg::Required),
    opt("parsable", Some('p'), &["parsable"], HasArg::No),
    opt("parsable2", Some('P'), &["parsable2"], HasArg::No),
    opt("usage", None, &["usage"], HasArg::No),
    opt("verbose", Some('v'), &["verbose"], HasArg::No),
    opt("version", Some('V'), &["version"], HasArg::No),
];

/// sstat's columns with their widths, in its lookup order (`fields[]`
/// in `sstat.c`), before the `TRESUsage*` ones it shares with sacct
/// ([`all_fields`]).
const FIELDS: &[(&str, i32)] = &[
    ("AveCPU", 10),
    ("AveCPUFreq", 10),
    ("AveDiskRead", 12),
    ("AveDiskWrite", 12),
    ("AvePages", 10),
    ("AveRSS", 10),
    ("AveVMSize", 10),
    ("ConsumedEnergy", 14),
    ("ConsumedEnergyRaw", 17),
    ("JobID", -12),
    ("MaxDiskRead", 12),
    ("MaxDiskReadNode", 15),
    ("MaxDiskReadTask", 15),
    ("MaxDiskWrite", 12),
    ("MaxDiskWriteNode", 16),
    ("MaxDiskWriteTask", 16),
    ("MaxPages", 8),
    ("MaxPagesNode", 12),
    ("MaxPagesTask", 14),
    ("MaxRSS", 10),
    ("MaxRSSNode", 10),
    ("MaxRSSTask", 10),
    ("MaxVMSize", 10),
    ("MaxVMSizeNode", 14),
    ("MaxVMSizeTask", 14),
    ("MinCPU", 10),
    ("MinCPUNode", 10),
    ("MinCPUTask", 10),
    ("Nodelist", 20),
    ("NTasks", 8),
    ("Pids", 20),
    ("ReqCPUFreq", 10),
    ("ReqCPUFreqMin", 13),
    ("ReqCPUFreqMax", 13),
    ("ReqCPUFreqGov", 13),
];

/// Every column sstat knows, in its lookup order.
fn all_fields() -> impl Iterator<Item = &'static (&'static str, i32)> {
    FIELDS.iter().chain(
        super::sacct::FIELDS
            .iter()
            .filter(|(name, _)| name.starts_with("TRESUsage")),
    )
}

/// sstat's default columns (`STAT_FIELDS` in `sstat.h`).
const DEFAULT_FIELDS: &str = "jobid,maxvmsize,maxvmsizenode,maxvmsizetask,avevmsize,maxrss,\
maxrssnode,maxrsstask,averss,maxpages,maxpagesnode,maxpagestask,avepages,mincpu,mincpunode,\
mincputask,avecpu,ntasks,avecpufreq,reqcpufreqmin,reqcpufreqmax,reqcpufreqgov,consumedenergy,\
maxdiskread,maxdiskreadnode,maxdiskreadtask,avediskread,maxdiskwrite,maxdiskwritenode,\
maxdiskwritetask,avediskwrite,tresusageinave,tresusageinmax,tresusageinmaxn,tresusageinmaxt,\
tresusageinmin,tresusageinminn,tresusageinmint,tresusageintot,tresusageoutave,tresusageoutmax,\
tresusageoutmaxn,tresusageoutmaxt,tresusageoutmin,tresusageoutminn,tresusageoutmint,\
tresusageouttot";

/// `-i`'s columns (`STAT_FIELDS_PID`).
const PID_FIELDS: &str = "jobid,nodelist,pids";

/// Which step of a job was asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Wanted {
    /// No step: the lowest-numbered one (all with `-a`).
    Any,
    /// `.batch`, `.extern` or `.N`.
    Step(StepKind),
}

pub(super) fn run(c: &Cluster, argv: &[String], caller: &Caller<'_>) -> CommandOutput {
    let p = match parse("sstat", argv, OPTIONS, 1) {
        Ok(p) => p,
        Err(out) => return out,
    };
    if let Some(out) = help::requested(&p, help::SSTAT, help::SSTAT) {
        return out;
    }
    if p.has("helpformat") {
        return help::text(&help_format());
    }
    let mut names = all(&p, "jobs");
    names.extend(p.operands.first().cloned());
    let mut format: Vec<String> = Vec::new();
    if p.has("pidformat") {
        format.push(PID_FIELDS.to_owned());
    }
    format.extend(all(&p, "format"));
    if format.is_empty() {
        format.push(DEFAULT_FIELDS.to_owned());
    }
    let columns = match columns(&format.join(",")) {
        Ok(columns) => columns,
        Err(out) => return out,
    };
    let mut wanted = Vec::new();
    for name in names
        .iter()
        .flat_map(|n| n.split(','))
        .filter(|n| !n.is_empty())
    {
        match read_step(name) {
            Ok(w) => wanted.push(w),
            Err(out) => return out,
        }
    }
    if wanted.is_empty() {
        return CommandOutput::failure("sstat: error: You didn't give me any jobs to stat.\n", 1);
    }
    let parsable = Parsable::read(&p);
    let mut out = CommandOutput::default();
    if !p.has("noheader") {
        for line in print_fields_header(&columns, parsable) {
            out.out_line(&line);
        }
    }
    for (id, step) in wanted {
        for stats in steps(c, id, step, p.has("allsteps"), caller, &mut out) {
            let cells: Vec<(Option<String>, i32)> = columns
                .iter()
                .map(|&(name, width)| (value(c, id, &stats, name), width))
                .collect();
            out.out_line(&print_fields_row(&cells, parsable));
        }
    }
    out
}

/// One field of a step of job `id`; `None` prints blank.
fn value(c: &Cluster, id: u32, s: &StepUse, name: &str) -> Option<String> {
    match name {
        "JobID" => Some(format!("{id}.{}", s.suffix())),
        _ => step_usage::value(c, s, name, Reader::Sstat),
    }
}

/// Every value given to an option, in order.
fn all(p: &Parsed, key: &str) -> Vec<String> {
    p.opts
        .iter()
        .filter(|(k, _)| *k == key)
        .filter_map(|(_, v)| v.clone())
        .collect()
}

/// The columns of a field list, matched as sstat matches them: the first
/// field whose name starts with the item, case-blind; `%N` sets a width.
fn columns(list: &str) -> Result<Vec<(&'static str, i32)>, CommandOutput> {
    let mut out = Vec::new();
    for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (name, width) = match item.split_once('%') {
            Some((name, w)) => (name, w.parse::<i32>().unwrap_or(0)),
            None => (item, 0),
        };
        let found = all_fields().find(|(full, _)| {
            full.get(..name.len())
                .is_some_and(|f| f.eq_ignore_ascii_case(name))
        });
        match found {
            Some(&(full, len)) => out.push((full, if width == 0 { len } else { width })),
            None => {
                return Err(CommandOutput::failure(
                    &format!("sstat: error: Invalid field requested: \"{name}\"\n"),
                    1,
                ));
            }
        }
    }
    Ok(out)
}

/// `-e`: the field names four to a line, each 19 wide.
fn help_format() -> String {
    super::name_grid(all_fields().map(|(name, _)| *name), 19)
}

/// `ID`, `ID.STEP` or `ID_TASK[.STEP]` as (job id, step), or
/// Slurm's fatal refusal of the item.
fn read_step(name: &str) -> Result<(u32, Wanted), CommandOutput> {
    let item = step_list::parse("sstat", name)?;
    Ok((item.job, item.step.map_or(Wanted::Any, Wanted::Step)))
}

/// The running steps of job `id` to print, writing sstat's errors for a
/// job it cannot stat to `out`.
fn steps(
    c: &Cluster,
    id: u32,
    step: Wanted,
    all: bool,
    caller: &Caller<'_>,
    out: &mut CommandOutput,
) -> Vec<StepUse> {
    let Some(job) = c.jobs.get(&id).filter(|j| c.visible(j)) else {
        out.err_line(&format!("sstat: error: couldn't get steps for job {id}"));
        return Vec::new();
    };
    let running: Vec<StepUse> = if job.state.has_nodes() {
        c.step_rows(id)
            .into_iter()
            .filter(|(_, state, _)| state == job.state.name())
            .map(|(s, _, _)| StepUse::now(c, job, &s))
            .collect()
    } else {
        Vec::new()
    };
    if running.is_empty() {
        out.err_line(&match step {
            Wanted::Any => format!("sstat: error: No steps running for job {id}"),
            Wanted::Step(kind) => {
                format!(
                    "sstat: error: StepId={id}.{} not found running.",
                    step_name(kind)
                )
            }
        });
        return Vec::new();
    }
    let chosen: Vec<StepUse> = match step {
        Wanted::Any if all => running,
        Wanted::Any => running
            .into_iter()
            .filter(|s| matches!(s.id, StepId::Numbered(_)))
            .take(1)
            .collect(),
        Wanted::Step(kind) => running.into_iter().filter(|s| kind.is(s.id)).collect(),
    };
    if job.uid != 0 && caller.user != "root" && caller.user != job.user {
        for s in &chosen {
            let node = s.first_node(c);
            out.err_line(&format!(
                "sstat: error: slurm_job_step_stat: there was an error with the request to \
{node} rc = Invalid user id"
            ));
            out.err_line(&format!(
                "sstat: error: problem getting step_layout for StepId={id}.{}: Invalid user id",
                s.suffix()
            ));
        }
        return Vec::new();
    }
    chosen
}

/// A named step as `%ps` prints it after the dot.
fn step_name(kind: StepKind) -> String {
    match kind {
        StepKind::Batch => "batch".to_owned(),
        StepKind::Extern => "extern".to_owned(),
        StepKind::Interactive => "interactive".to_owned(),
        StepKind::Numbered(n) => n.to_string(),
    }
}

#[cfg(test)]
mod tests;
