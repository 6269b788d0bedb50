//! `sacct`: the accounting records of jobs and their steps (`.batch` for
//! the script, `.0`, `.1` for its `srun` lines), in `print_fields` cells:
//! the default fields `JobID,JobName,Partition,Account,AllocCPUS,State,
//! ExitCode`, `-o` with sacct's field names (any unambiguous prefix,
//! `%width`), `-X` jobs only, `-P`/`-p` parsable, `-b`, `-l`, filters
//! `-j -u -a -s -S` (and [`filters`]' `-g -i -I -k -K -N -q -W -M`),
//! `--delimiter` for `-p`/`-P`. `-j ID.STEP` shows
//! only the steps named, without the job's line. A requeued job that
//! has not run again shows the run before (`REQUEUED`); `-D` shows every
//! run. What the steps used ([`usage`]) prints once they have ended.

mod filters;
mod usage;

pub(super) use usage::{JobRecord, job_record};

use super::super::super::getopt::{HasArg, Opt, Parsed, opt};
use super::super::clock;
use super::super::fields::{
    Parsable, Units, convert_num_unit, delimited_header, delimited_row, mem_units,
};
use super::super::output::CommandOutput;
use super::super::state::{Job, JobState, Reason, RunRecord, StepId, StepRecord};
use super::super::{Caller, Cluster};
use super::step_list::{self, Selected, StepKind};
use super::{VERSION, error_out, help, parse};
use crate::sim::slurm::time_spec::scontrol_time;

pub(super) const OPTIONS: &[Opt] = &[
    opt("accounts", Some('A'), &["accounts"], HasArg::Required),
    // One cluster, no federation: -L, --local and --federation change
    // nothing; -M names this cluster or none.
    opt("allclusters", Some('L'), &["allclusters"], HasArg::No),
    super::CLUSTERS_OPT,
    opt("federation", None, &["federation"], HasArg::No),
    opt("local", None, &["local"], HasArg::No),
    opt("group", Some('g'), &["gid", "group"], HasArg::Required),
    opt("nnodes", Some('i'), &["nnodes"], HasArg::Required),
    opt("ncpus", Some('I'), &["ncpus"], HasArg::Required),
    opt(
        "timelimit-min",
        Some('k'),
        &["timelimit-min"],
        HasArg::Required,
    ),
    opt(
        "timelimit-max",
        Some('K'),
        &["timelimit-max"],
        HasArg::Required,
    ),
    opt("nodelist", Some('N'), &["nodelist"], HasArg::Required),
    opt("qos", Some('q'), &["qos"], HasArg::Required),
    opt("use-local-uid", None, &["use-local-uid"], HasArg::No),
    opt("verbose", Some('v'), &["verbose"], HasArg::No),
    opt("wckeys", Some('W'), &["wckeys"], HasArg::Required),
    opt("whole-hetjob", None, &["whole-hetjob"], HasArg::Optional),
    opt("allusers", Some('a'), &["allusers"], HasArg::No),
    opt("brief", Some('b'), &["brief"], HasArg::No),
    opt("delimiter", None, &["delimiter"], HasArg::Required),
    opt("duplicates", Some('D'), &["duplicates"], HasArg::No),
    opt(
        "helpformat",
        Some('e'),
        &["helpformat", "help-fields"],
        HasArg::No,
    ),
    opt("endtime", Some('E'), &["endtime"], HasArg::Required),
    opt("help", Some('h'), &["help"], HasArg::No),
    opt("jobs", Some('j'), &["jobs"], HasArg::Required),
    opt("long", Some('l'), &["long"], HasArg::No),
    opt("name", None, &["name"], HasArg::Required),
    opt("noconvert", None, &["noconvert"], HasArg::No),
    opt("noheader", Some('n'), &["noheader"], HasArg::No),
    opt("format", Some('o'), &["format", "fields"], HasArg::Required),
    opt("parsable", Some('p'), &["parsable"], HasArg::No),
    opt("parsable2", Some('P'), &["parsable2"], HasArg::No),
    opt("partition", Some('r'), &["partition"], HasArg::Required),
    opt("state", Some('s'), &["state"], HasArg::Required),
    opt("starttime", Some('S'), &["starttime"], HasArg::Required),
    opt("truncate", Some('T'), &["truncate"], HasArg::No),
    opt("units", None, &["units"], HasArg::Required),
    opt("user", Some('u'), &["user", "uid"], HasArg::Required),
    opt("usage", None, &["usage"], HasArg::No),
    opt("version", Some('V'), &["version"], HasArg::No),
    opt("allocations", Some('X'), &["allocations"], HasArg::No),
];

/// sacct's fields and default widths, in its table's order (prefixes
/// match the first field that starts with them).
pub(super) const FIELDS: &[(&str, i32)] = &[
    ("Account", 10),
    ("AdminComment", 15),
    ("AllocCPUS", 10),
    ("AllocNodes", 10),
    ("AllocTRES", 10),
    ("AssocID", 7),
    ("AveCPU", 10),
    ("AveCPUFreq", 10),
    ("AveDiskRead", 14),
    ("AveDiskWrite", 14),
    ("AvePages", 10),
    ("AveRSS", 10),
    ("AveVMSize", 10),
    ("BlockID", 16),
    ("Cluster", 10),
    ("Comment", 14),
    ("Constraints", 19),
    ("ConsumedEnergy", 14),
    ("ConsumedEnergyRaw", 17),
    ("Container", 19),
    ("CPUTime", 10),
    ("CPUTimeRAW", 10),
    ("DBIndex", -10),
    ("DerivedExitCode", 15),
    ("Elapsed", 10),
    ("ElapsedRaw", 10),
    ("Eligible", 19),
    ("End", 19),
    ("ExitCode", 8),
    ("Flags", 19),
    ("GID", 6),
    ("Group", 9),
    ("JobID", -12),
    ("JobIDRaw", -12),
    ("JobName", 10),
    ("Layout", 9),
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
    ("McsLabel", 12),
    ("MinCPU", 10),
    ("MinCPUNode", 10),
    ("MinCPUTask", 10),
    ("NCPUS", 10),
    ("NNodes", 8),
    ("NodeList", 15),
    ("NTasks", 8),
    ("Partition", 10),
    ("Priority", 10),
    ("QOS", 10),
    ("QOSRAW", 6),
    ("Reason", 22),
    ("ReqCPUFreq", 10),
    ("ReqCPUFreqGov", 13),
    ("ReqCPUFreqMax", 13),
    ("ReqCPUFreqMin", 13),
    ("ReqCPUS", 8),
    ("ReqMem", 10),
    ("ReqNodes", 8),
    ("ReqTRES", 10),
    ("Reservation", 20),
    ("ReservationId", 8),
    ("Reserved", 10),
    ("ResvCPU", 10),
    ("ResvCPURAW", 10),
    ("Start", 19),
    ("State", 10),
    ("Submit", 19),
    ("SubmitLine", 20),
    ("Suspended", 10),
    ("SystemComment", 15),
    ("SystemCPU", 10),
    ("Timelimit", 10),
    ("TimelimitRaw", 10),
    ("TotalCPU", 10),
    ("TRESUsageInAve", 14),
    ("TRESUsageInMax", 14),
    ("TRESUsageInMaxNode", 18),
    ("TRESUsageInMaxTask", 18),
    ("TRESUsageInMin", 14),
    ("TRESUsageInMinNode", 18),
    ("TRESUsageInMinTask", 18),
    ("TRESUsageInTot", 14),
    ("TRESUsageOutAve", 15),
    ("TRESUsageOutMax", 15),
    ("TRESUsageOutMaxNode", 19),
    ("TRESUsageOutMaxTask", 19),
    ("TRESUsageOutMin", 15),
    ("TRESUsageOutMinNode", 19),
    ("TRESUsageOutMinTask", 19),
    ("TRESUsageOutTot", 15),
    ("UID", 6),
    ("User", 9),
    ("UserCPU", 10),
    ("WCKey", 10),
    ("WCKeyID", 10),
    ("WorkDir", 20),
];

const DEFAULT_FIELDS: &str = "jobid,jobname,partition,account,alloccpus,state,exitcode";
const BRIEF_FIELDS: &str = "jobid,state,exitcode";
const LONG_FIELDS: &str = "jobid,jobidraw,jobname,partition,maxvmsize,maxvmsizenode,maxvmsizetask,avevmsize,maxrss,maxrssnode,maxrsstask,averss,maxpages,maxpagesnode,maxpagestask,avepages,mincpu,mincpunode,mincputask,avecpu,ntasks,alloccpus,elapsed,state,exitcode,avecpufreq,reqcpufreqmin,reqcpufreqmax,reqcpufreqgov,reqmem,consumedenergy,maxdiskread,maxdiskreadnode,maxdiskreadtask,avediskread,maxdiskwrite,maxdiskwritenode,maxdiskwritetask,avediskwrite,reqtres,alloctres,tresusageinave,tresusageinmax,tresusageinmaxn,tresusageinmaxt,tresusageinmin,tresusageinminn,tresusageinmint,tresusageintot,tresusageoutmax,tresusageoutmaxn,tresusageoutmaxt,tresusageoutave,tresusageouttot";

/// One printed record: a job's run, or one of its steps.
struct Line<'a> {
    job: &'a Job,
    /// The run shown (the current one when `None`).
    run: Option<&'a RunRecord>,
    /// The step, for step lines.
    step: Option<(StepRecord, String, String)>,
    /// `-T`'s window.
    window: Option<(i64, i64)>,
}

/// The fields of a `--format` list: (name, width), or the unknown name.
fn fields(spec: &str) -> Result<Vec<(&'static str, i32)>, String> {
    let mut out = Vec::new();
    for item in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (name, width) = match item.split_once('%') {
            Some((n, w)) => (n, Some(w.parse::<i32>().unwrap_or(0))),
            None => (item, None),
        };
        if "all".len() >= name.len() && "all"[..name.len()].eq_ignore_ascii_case(name) {
            out.extend(FIELDS.iter().map(|&(n, w)| (n, width.unwrap_or(w))));
            continue;
        }
        let found = FIELDS
            .iter()
            .find(|(n, _)| n.len() >= name.len() && n[..name.len()].eq_ignore_ascii_case(name));
        match found {
            Some(&(n, w)) => out.push((n, width.unwrap_or(w))),
            None => return Err(name.to_owned()),
        }
    }
    Ok(out)
}

/// What a sacct command line asks for, read and checked.
struct Query {
    /// The fields to print: (name, width).
    columns: Vec<(&'static str, i32)>,
    parsable: Parsable,
    /// `--delimiter`: between `-p`/`-P` cells instead of `|`.
    delimiter: String,
    /// `-j`, in the order given.
    jobs: Option<Vec<Selected>>,
    /// `-S`: runs that ended before it are left out.
    start: Option<i64>,
    /// `-E`: runs that began after it are left out.
    end: Option<i64>,
    /// `-T`: times cut to the window, from `-S` to `-E` (or now).
    truncate: Option<(i64, i64)>,
    users: Option<Vec<String>>,
    /// `-A`, `-r` and `--name`: the job's account, partition and name.
    accounts: Option<Vec<String>>,
    partitions: Option<Vec<String>>,
    names: Option<Vec<String>>,
    /// How memory sizes print (`--units`, `--noconvert`).
    units: Units,
    /// `-s`, in full upper-case names.
    states: Option<Vec<String>>,
    /// `-D`: every run of a requeued job.
    duplicates: bool,
    /// `-X`: no step lines.
    allocations: bool,
    header: bool,
    /// `-g`, `-i`, `-I`, `-k`, `-N`, `-q`, `-W`, `-M`.
    filters: filters::Filters,
}

pub(super) fn run(c: &Cluster, argv: &[String], caller: &Caller<'_>) -> CommandOutput {
    let p = match parse("sacct", argv, OPTIONS, 1) {
        Ok(p) => p,
        Err(mut out) => {
            // sacct says nothing more than getopt.
            out.chunks.truncate(1);
            if let Some((_, text)) = out.chunks.first_mut() {
                *text = text.lines().next().unwrap_or("").to_owned() + "\n";
            }
            return out;
        }
    };
    if p.has("help") {
        return help::text(help::SACCT);
    }
    if p.has("usage") {
        return help::text(help::SACCT_USAGE);
    }
    if p.has("version") {
        return help::text(VERSION);
    }
    if p.has("helpformat") {
        return help_format();
    }
    match read_query(c, &p, caller.user) {
        Ok(query) => {
            let lines = select(c, &query);
            print(c, &query, &lines)
        }
        Err(refusal) => refusal,
    }
}

/// `--helpformat`: the field names, four to a line, each padded to 19
/// (the last of a line too) and one space apart.
fn help_format() -> CommandOutput {
    let names: Vec<&str> = FIELDS.iter().map(|(n, _)| *n).collect();
    let lines: Vec<String> = names
        .chunks(4)
        .map(|row| {
            let cells: Vec<String> = row.iter().map(|n| format!("{n:<19}")).collect();
            cells.join(" ")
        })
        .collect();
    super::lines_out(&lines)
}

/// The items of every `-j`, or the fatal refusal of a bad one. An
/// empty list is no list, as sacct drops it.
fn read_jobs(p: &Parsed) -> Result<Option<Vec<Selected>>, CommandOutput> {
    let mut wanted = Vec::new();
    let lists = p.opts.iter().filter(|(k, _)| *k == "jobs");
    for item in lists
        .filter_map(|(_, v)| v.as_deref())
        .flat_map(|list| list.split(','))
        .filter(|s| !s.is_empty())
    {
        wanted.push(step_list::parse("sacct", item)?);
    }
    Ok((!wanted.is_empty()).then_some(wanted))
}

/// A time of `-S` or `-E`, named `which` in the refusal.
fn read_time(
    c: &Cluster,
    p: &Parsed,
    key: &str,
    which: &str,
) -> Result<Option<i64>, CommandOutput> {
    match p.value(key) {
        Some(s) => parse_time(c, s).map(Some).ok_or_else(|| {
            error_out(
                "sacct",
                &format!("Invalid time specification ({which}): {s}"),
                1,
            )
        }),
        None => Ok(None),
    }
}

/// The states of `-s`, their short names spelled out.
fn read_states(p: &Parsed) -> Option<Vec<String>> {
    p.value("state").map(|s| {
        s.split(',')
            .map(|st| {
                let up = st.to_ascii_uppercase();
                let full = match up.as_str() {
                    "CD" => "COMPLETED",
                    "F" => "FAILED",
                    "TO" => "TIMEOUT",
                    "CA" => "CANCELLED",
                    "NF" => "NODE_FAIL",
                    "R" => "RUNNING",
                    "PD" => "PENDING",
                    "RQ" => "REQUEUED",
                    _ => return up,
                };
                full.to_owned()
            })
            .collect()
    })
}

/// Reads the command line into a [`Query`], or the refusal.
fn read_query(c: &Cluster, p: &Parsed, me: &str) -> Result<Query, CommandOutput> {
    if let Some(extra) = p.operands.first() {
        let mut out = CommandOutput::default();
        out.err_line("sacct: error: Unknown arguments:");
        out.err_line(&format!("sacct: error:  {extra}"));
        out.exit = 1;
        return Err(out);
    }
    let spec = p.value("format").unwrap_or(if p.has("brief") {
        BRIEF_FIELDS
    } else if p.has("long") {
        LONG_FIELDS
    } else {
        DEFAULT_FIELDS
    });
    let columns = fields(spec)
        .map_err(|name| error_out("sacct", &format!("Invalid field requested: \"{name}\""), 1))?;
    let parsable = Parsable::read(p);
    let jobs = read_jobs(p)?;
    // Without -S, today's jobs, unless jobs are named.
    let start = match read_time(c, p, "starttime", "starttime")? {
        None if jobs.is_none() => Some(clock::midnight(c.now)),
        start => start,
    };
    let end = read_time(c, p, "endtime", "endtime")?;
    // `slurmdb_job_cond_def_start_end`: no end is now.
    if let Some(s) = start
        && s > end.unwrap_or(c.now)
    {
        let (s, e) = (clock::iso(s), clock::iso(end.unwrap_or(c.now)));
        let said = format!("Start time ({s}) requested is after end time ({e}).");
        return Err(error_out("sacct", &said, 1));
    }
    let list = |key| {
        p.value(key)
            .map(|l| l.split(',').map(str::to_owned).collect())
    };
    let users = match list("user") {
        None if !p.has("allusers") && me != "root" => Some(vec![me.to_owned()]),
        users => users,
    };
    let truncate = p.has("truncate").then(|| {
        let until = end.map_or(c.now, |e| e.min(c.now));
        (start.unwrap_or(0), until)
    });
    Ok(Query {
        columns,
        parsable,
        delimiter: p.value("delimiter").unwrap_or("|").to_owned(),
        jobs,
        start,
        end,
        truncate,
        users,
        accounts: list("accounts"),
        partitions: list("partition"),
        names: list("name"),
        units: read_units(p)?,
        states: read_states(p),
        duplicates: p.has("duplicates"),
        allocations: p.has("allocations"),
        header: !p.has("noheader"),
        filters: filters::Filters::read(c, p)?,
    })
}

impl Query {
    /// Whether a job has a record to show to this query.
    fn wants(&self, job: &Job) -> bool {
        if !has_record(job) {
            return false;
        }
        let named = self
            .jobs
            .as_ref()
            .is_none_or(|wanted| wanted.iter().any(|w| names(w, job)));
        let among = |list: &Option<Vec<String>>, value: &String| {
            list.as_ref().is_none_or(|l| l.contains(value))
        };
        named
            && among(&self.users, &job.user)
            && among(&self.accounts, &job.account)
            && among(&self.partitions, &job.partition)
            && among(&self.names, &job.name)
            && self.filters.pass(job)
    }

    /// What `-j` shows of a job's record, as the accounting database
    /// decides it (`as_mysql_jobacct_process.c`, `_cluster_get_jobs`):
    /// the items are read in order; one naming this whole job shows its
    /// line and stops the reading, one naming a step of it hides the
    /// line and adds the step to those shown. Returns whether the job's
    /// line shows and its steps to show (`None`: all). `-X` reads no
    /// item: the line shows.
    fn step_choice(&self, job: &Job) -> (bool, Option<Vec<StepKind>>) {
        let Some(items) = self.jobs.as_ref().filter(|_| !self.allocations) else {
            return (true, None);
        };
        let task = job.array.as_ref().and_then(|a| a.task);
        let array_id = job.array.as_ref().map_or(0, |a| a.array_job_id);
        let (mut full, mut steps) = (true, Vec::new());
        for w in items {
            // A job that is not part of an array or a heterogeneous job
            // has 0 for both ids, which an item of job 0 matches.
            let this_job = w.job == job.id || w.job == array_id || w.job == 0;
            if !this_job || w.task.is_some_and(|t| Some(t) != task) || w.het_offset.is_some() {
                continue;
            }
            match w.step {
                None => {
                    full = true;
                    break;
                }
                Some(step) => {
                    steps.push(step);
                    full = false;
                }
            }
        }
        (full, (!steps.is_empty()).then_some(steps))
    }

    /// The runs of a job to show: each of its past runs and the current
    /// one with `-D`, else the current one (the last, for a requeued job
    /// waiting to run again). `None` is the current run.
    fn runs<'a>(&self, job: &'a Job) -> Vec<Option<&'a RunRecord>> {
        let waiting_again = job.state == JobState::Pending && !job.history.is_empty();
        if self.duplicates {
            let current = (!waiting_again).then_some(None);
            job.history.iter().map(Some).chain(current).collect()
        } else if waiting_again {
            vec![job.history.last()]
        } else {
            vec![None]
        }
    }

    /// Whether a run falls in the time window and the states asked for.
    fn shows_run(&self, job: &Job, run: Option<&RunRecord>) -> bool {
        let (run_start, run_end) = match run {
            Some(r) => (Some(r.start), Some(r.end)),
            None => (
                job.start_time.filter(|_| job.state != JobState::Pending),
                job.end_time.filter(|_| job.state.is_finished()),
            ),
        };
        let active_from = run_start.unwrap_or(job.submit_time);
        let in_window = !(self.start.is_some_and(|s| run_end.is_some_and(|e| e < s))
            || self.end.is_some_and(|e| active_from > e));
        let state = state_of(job, run);
        in_window
            && self
                .states
                .as_ref()
                .is_none_or(|l| l.iter().any(|s| state.starts_with(s.as_str())))
    }
}

/// Whether the database holds a record of `job` yet: pending array tasks
/// and jobs waiting on others have none.
fn has_record(job: &Job) -> bool {
    !(job.array.as_ref().is_some_and(|a| a.task.is_none()) || job.dependency.is_some())
}

/// Where sacct lists `job`: in submission order, an array's tasks
/// together by task id.
fn listed_order(job: &Job) -> (u32, u32) {
    match &job.array {
        Some(a) => (a.array_job_id, a.task.unwrap_or(0)),
        None => (job.id, 0),
    }
}

/// Whether a `-j` item selects a job from the database: its id or its
/// array's (every job that is not in an array or a heterogeneous job
/// has 0 for those, so job 0 selects them all), an array's task, or a
/// heterogeneous job's component (none in this model).
fn names(w: &Selected, job: &Job) -> bool {
    let array = job.array.as_ref();
    let array_id = array.map_or(0, |a| a.array_job_id);
    match (w.task, w.het_offset) {
        (None, None) => w.job == job.id || w.job == array_id || w.job == 0,
        (Some(t), _) => array.is_some_and(|a| a.array_job_id == w.job && a.task == Some(t)),
        (None, Some(_)) => false,
    }
}

/// The records to print: jobs in submission order (an array's tasks
/// together by task id), each run followed by its steps unless `-X`.
fn select<'a>(c: &'a Cluster, q: &Query) -> Vec<Line<'a>> {
    let mut jobs: Vec<&Job> = c.jobs.values().filter(|j| q.wants(j)).collect();
    crate::sort::by_key(&mut jobs, |j| listed_order(j));
    let mut lines = Vec::new();
    for job in jobs {
        let (full, chosen) = q.step_choice(job);
        for run in q.runs(job).into_iter().filter(|&run| q.shows_run(job, run)) {
            if full {
                lines.push(Line {
                    job,
                    run,
                    step: None,
                    window: q.truncate,
                });
            }
            if q.allocations {
                continue;
            }
            let mut steps = match run {
                Some(r) => r.steps.clone(),
                None => c.step_rows(job.id),
            };
            if let Some(chosen) = &chosen {
                steps.retain(|(s, _, _)| chosen.iter().any(|k| k.is(s.id)));
            }
            lines.extend(steps.into_iter().map(|step| Line {
                job,
                run,
                step: Some(step),
                window: q.truncate,
            }));
        }
    }
    lines
}

/// Prints the header and the records.
fn print(c: &Cluster, q: &Query, lines: &[Line<'_>]) -> CommandOutput {
    let mut out = CommandOutput::default();
    if q.header {
        for line in delimited_header(&q.columns, q.parsable, &q.delimiter) {
            out.out_line(&line);
        }
    }
    for line in lines {
        let cells: Vec<(Option<String>, i32)> = q
            .columns
            .iter()
            .map(|&(name, width)| (value(c, name, line, q.units), width))
            .collect();
        out.out_line(&delimited_row(&cells, q.parsable, &q.delimiter));
    }
    out
}

const UNIT_LETTERS: &[u8] = b"\0KMGTP";

/// `--units` (its first letter, as `get_unit_type` reads it) and
/// `--noconvert`.
fn read_units(p: &Parsed) -> Result<Units, CommandOutput> {
    let Some(text) = p.value("units") else {
        return Ok(if p.has("noconvert") {
            Units::NoConvert
        } else {
            Units::Exact
        });
    };
    let letter = text.bytes().next().unwrap_or(0).to_ascii_uppercase();
    match UNIT_LETTERS.iter().skip(1).position(|&u| u == letter) {
        Some(i) => Ok(Units::Fixed(i + 1)),
        None => {
            let mut out = CommandOutput::default();
            out.err_line(&format!(
                "sacct: error: Invalid unit type '{}'. Possible options are 'KMGTP'",
                text.chars().next().map(String::from).unwrap_or_default()
            ));
            out.err_line("sacct: fatal: Invalid unit type");
            out.exit = 1;
            Err(out)
        }
    }
}

/// `-S`/`-E`: a time as [`clock::parse_time`] reads it, looking back.
pub(super) fn parse_time(c: &Cluster, text: &str) -> Option<i64> {
    clock::parse_time(c.now, text, true)
}

/// The job line's State.
fn state_of(job: &Job, run: Option<&RunRecord>) -> String {
    if let Some(r) = run {
        return r.state.clone();
    }
    match job.state {
        JobState::Cancelled => format!("CANCELLED by {}", job.cancelled_by.unwrap_or(job.uid)),
        s => s.name().to_owned(),
    }
}

/// What a record's fields are computed from: the times and sizes of the
/// run, or of the step on a step line.
struct Facts<'a> {
    /// `38_1`, or the job id.
    id_text: String,
    /// `.batch` or `.N` on a step line.
    suffix: Option<String>,
    start: Option<i64>,
    end: Option<i64>,
    /// Seconds from start to end (or now), time suspended left out.
    elapsed: i64,
    /// Seconds suspended.
    suspended: i64,
    cpus: u32,
    /// The run's nodes, or the step's on a step line.
    nodes: &'a [usize],
}

/// The facts of a record.
fn facts<'a>(c: &Cluster, line: &'a Line<'_>) -> Facts<'a> {
    let job = line.job;
    let run = line.run;
    let step = line.step.as_ref();
    let id_text = match &job.array {
        Some(a) => format!(
            "{}_{}",
            a.array_job_id,
            a.task.map_or_else(String::new, |t| t.to_string())
        ),
        None => job.id.to_string(),
    };
    let suffix = step.map(|(s, _, _)| match s.id {
        StepId::Batch => ".batch".to_owned(),
        StepId::Numbered(n) => format!(".{n}"),
    });
    let (step_start, step_end, suspended) = span(c, line);
    let pauses = &job.suspension;
    let elapsed = match step_start {
        // A run that ended while suspended ended when it stopped.
        Some(s) => {
            let end = step_end.unwrap_or(c.now);
            (end - s - suspended.min(pauses.total(end))).max(0)
        }
        None => 0,
    };
    let cpus = match (step, run) {
        (Some((s, _, _)), _) => s.cpus,
        (None, Some(r)) => r.cpus,
        (None, None) => job.held_total().cpus,
    };
    let nodes = match run {
        Some(r) => &r.nodes,
        None => &job.nodes,
    };
    let nodes = match step {
        Some((s, _, _)) => s.nodes_of(nodes),
        None => nodes,
    };
    Facts {
        id_text,
        suffix,
        start: step_start,
        end: step_end,
        elapsed,
        suspended,
        cpus,
        nodes,
    }
}

/// When the line's job or step ran, cut to `-T`'s window, and how long
/// it was suspended meanwhile.
fn span(c: &Cluster, line: &Line<'_>) -> (Option<i64>, Option<i64>, i64) {
    let job = line.job;
    let run = line.run;
    let step = line.step.as_ref();
    let start = match run {
        Some(r) => Some(r.start),
        None => job.start_time.filter(|_| job.state != JobState::Pending),
    };
    let finish = match run {
        Some(r) => Some(r.end),
        None => job.end_time.filter(|_| job.state.is_finished()),
    };
    // The current run's steps keep to its clock, which stops while it
    // is suspended; an earlier run's steps are placed without its pauses,
    // which its record does not keep.
    let pauses = &job.suspension;
    let wall = |t: i64, offset: u64| match run {
        Some(_) => t + i64::try_from(offset).unwrap_or(0),
        None => pauses.wall_time(t, i64::try_from(offset).unwrap_or(0)),
    };
    // How far the run got: a step that ends later has not ended.
    let ran = match run {
        Some(r) => r.end - r.start,
        None => job.run_time(c.now),
    };
    let (step_start, step_end) = match (step, start) {
        (Some((s, _, _)), Some(t)) => (
            Some(wall(t, s.start_offset)),
            s.end_offset
                .filter(|e| i64::try_from(*e).is_ok_and(|e| e <= ran))
                .map(|e| wall(t, e))
                .or(finish),
        ),
        _ => (start, finish),
    };
    let suspended = match (run, step) {
        (Some(_), _) => 0,
        (None, None) => pauses.total(c.now),
        (None, Some((s, _, _))) => pauses.between(
            i64::try_from(s.start_offset).unwrap_or(0),
            s.end_offset.and_then(|e| i64::try_from(e).ok()),
            c.now,
        ),
    };
    // `-T`: slurmdbd cuts the times to the window, a run without an end
    // (or a start) taking the window's end.
    let (step_start, step_end) = match line.window {
        Some((from, until)) => {
            let end = step_end.map_or(until, |e| e.min(until));
            let start = step_start.map_or(end, |s| s.max(from).min(end));
            (Some(start), Some(end))
        }
        None => (step_start, step_end),
    };
    (step_start, step_end, suspended)
}

/// A field of a line; `None` prints blank.
fn value(c: &Cluster, name: &str, line: &Line<'_>, units: Units) -> Option<String> {
    let (job, run, step) = (line.job, line.run, line.step.as_ref());
    let f = facts(c, line);
    let (elapsed, cpus, nodes) = (f.elapsed, f.cpus, f.nodes);
    let job_line = step.is_none();
    Some(match name {
        "JobID" => format!("{}{}", f.id_text, f.suffix.as_deref().unwrap_or_default()),
        "JobIDRaw" => format!("{}{}", job.id, f.suffix.as_deref().unwrap_or_default()),
        "JobName" => step.map_or_else(|| job.name.clone(), |(s, _, _)| s.name.clone()),
        "Partition" if job_line => job.partition.clone(),
        "Account" => job.account.clone(),
        "AllocCPUS" | "NCPUS" => cpus.to_string(),
        "ReqCPUS" => job.shape.total().cpus.to_string(),
        "State" => match step {
            Some((_, state, _)) => state.clone(),
            None => state_of(job, run),
        },
        "ExitCode" => match (step, run) {
            (Some((_, _, exit)), _) => exit.clone(),
            (None, Some(r)) => r.exit.clone(),
            // slurmdbd keeps a refused job's raw status 1 as its exit code.
            (None, None) if job.reason == Reason::BadConstraints => "1:0".to_owned(),
            (None, None) => format!("{}:{}", job.exit.0, job.exit.1),
        },
        "DerivedExitCode" if job_line => "0:0".to_owned(),
        "Elapsed" => scontrol_time(elapsed),
        "ElapsedRaw" => elapsed.to_string(),
        "CPUTime" => scontrol_time(elapsed * i64::from(cpus)),
        "CPUTimeRAW" => (elapsed * i64::from(cpus)).to_string(),
        "Start" => f.start.map_or_else(|| "Unknown".to_owned(), clock::iso),
        "End" => f.end.map_or_else(|| "Unknown".to_owned(), clock::iso),
        "Submit" => clock::iso(job.submit_time),
        "Eligible" => job
            .eligible_time
            .map_or_else(|| "Unknown".to_owned(), clock::iso),
        "NodeList" if nodes.is_empty() => "None assigned".to_owned(),
        "NodeList" => c.hostlist(nodes),
        "NNodes" | "AllocNodes" => match step {
            Some(_) => nodes.len().to_string(),
            None => job.shape.nodes.to_string(),
        },
        "ReqNodes" if job_line => (job.request.node_range())
            .map_or(job.shape.nodes, |(min, _)| min)
            .to_string(),
        "NTasks" => step.map(|(s, _, _)| s.tasks_of(job.shape.tasks).to_string())?,
        // A step's line: what it holds (`step_set_alloc_tres`); it has
        // no requested TRES of its own (print.c's `PRINT_TRESR`).
        "AllocTRES" if !job_line => step_tres(line, f.nodes.len())?,
        // A job never given nodes holds nothing.
        "AllocTRES" if nodes.is_empty() => return None,
        "AllocTRES" | "ReqTRES" if job_line => {
            let total = job.held_total();
            let mut parts = vec![format!("billing={cpus}"), format!("cpu={cpus}")];
            if total.gpus > 0 {
                parts.push(format!("gres/gpu={}", total.gpus));
            }
            parts.push(format!("mem={}", mem_units(total.mem_mb)));
            parts.push(format!("node={}", job.shape.nodes));
            parts.join(",")
        }
        // Megabytes (UNIT_MEGA).
        "ReqMem" if job_line => convert_num_unit(job.shape.total().mem_mb as f64, 2, units, 1024.0),
        "Timelimit" if job_line => job.time_limit.to_string(),
        "TimelimitRaw" if job_line => job
            .time_limit
            .minutes()
            .map_or_else(|| "UNLIMITED".to_owned(), |m| m.to_string()),
        "Cluster" => c.config.cluster_name.clone(),
        "Suspended" => scontrol_time(f.suspended),
        _ => {
            return usage::value(c, name, line, units)
                .or_else(|| job_line.then(|| job_only_value(name, job)).flatten());
        }
    })
}

/// A step's `AllocTRES`, its TRES by name as slurmdbd keeps them:
/// `cpu=1,gres/gpu=1,mem=4000M,node=1` (no `billing`).
fn step_tres(line: &Line<'_>, nodes: usize) -> Option<String> {
    let (step, _, _) = line.step.as_ref()?;
    let job_nodes = line.run.map_or(&line.job.nodes, |r| &r.nodes);
    let held = step.allocated(job_nodes, &line.job.holdings());
    let mut parts = vec![format!("cpu={}", held.cpus)];
    if held.gpus > 0 {
        parts.push(format!("gres/gpu={}", held.gpus));
    }
    parts.push(format!("mem={}", mem_units(held.mem_mb)));
    parts.push(format!("node={nodes}"));
    Some(parts.join(","))
}

/// Fields only a job's line fills (its steps leave them blank).
fn job_only_value(name: &str, job: &Job) -> Option<String> {
    Some(match name {
        "User" | "Group" => job.user.clone(),
        "UID" => job.uid.to_string(),
        "GID" => job.gid.to_string(),
        // slurmdbd names QOS id 0, none, so.
        "QOS" if job.qos.is_empty() => "Unknown".to_owned(),
        "QOS" => job.qos.clone(),
        "Priority" => job.priority.to_string(),
        // ... and no reason for it.
        "Reason" if job.reason == Reason::BadConstraints => "None".to_owned(),
        "Reason" => job.reason.name().to_owned(),
        "WorkDir" => job.work_dir.clone(),
        "WCKey" => return job.wckey.clone(),
        // The id of the job's wckey in the database: 0 when wckeys are not
        // tracked (`_get_wckeyid` in as_mysql_job.c makes one only with
        // `TrackWCKey`; this model keeps no wckey table), printed on the
        // job's line (print.c's `PRINT_WCKEYID` reads `job->wckeyid`, a
        // step's stays NO_VAL, blank).
        "WCKeyID" => "0".to_owned(),
        "Flags" => match job.sched_by {
            super::super::state::SchedBy::Main => "SchedMain".to_owned(),
            super::super::state::SchedBy::Backfill => "SchedBackfill".to_owned(),
        },
        _ => return None,
    })
}
