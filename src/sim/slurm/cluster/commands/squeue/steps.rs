//! `squeue -s`/`--steps[=LIST]`: the running steps of jobs instead of
//! the jobs, as Slurm 22.05's `_print_job_steps` prints them: every step
//! the controller holds (`.batch` included; the model makes no `.extern`
//! step), filtered by the step list (`JOB[_TASK].STEP`), `-j`, `-p`,
//! `-u`/`--me` and `-w` only, sorted by `-S` (`P,i` by default) and
//! printed with the step printers of `-o` (`%.15i %.8j %.9P %.8u %.9M
//! %N` by default) or `-O`. A step list naming no step prints only the
//! header.

use std::cmp::Ordering;
use std::fmt::Write;

use super::super::super::super::getopt::Parsed;
use super::super::super::Cluster;
use super::super::super::clock;
use super::super::super::fields::{self, Field, cell, push_cell, uncut};
use super::super::super::long_fields::parse_long_format;
use super::super::super::output::CommandOutput;
use super::super::super::state::{Job, StepId, StepRecord};
use super::super::{Wanted, error_out};
use super::{Chosen, chosen_format, read_nodes, read_states, read_users};
use crate::sim::slurm::c_num::atoi;
use crate::sim::slurm::time_spec::squeue_time;

const FORMAT: &str = "%.15i %.8j %.9P %.8u %.9M %N";

/// The step number of `.batch` (`SLURM_BATCH_SCRIPT`), which sorts after
/// every numbered step.
const BATCH: u32 = 0xFFFF_FFFB;

/// `-O` names of steps (lower case) and the codes they print under: the
/// `-o` letter where there is one, else a code of this module.
const NAMES: &[(&str, char)] = &[
    ("cluster", 'C'),
    ("container", 'o'),
    ("numtasks", 'A'),
    ("gres", 'b'),
    ("stepid", 'i'),
    ("stepname", 'j'),
    ("timelimit", 'l'),
    ("timeused", 'M'),
    ("nodes", 'N'),
    ("partition", 'P'),
    ("starttime", 'S'),
    ("userid", 'U'),
    ("username", 'u'),
    ("arrayjobid", 'F'),
    ("arraytaskid", 'K'),
    ("jobid", 'J'),
    ("network", 'w'),
    ("numcpus", 'c'),
    ("cpufreq", 'f'),
    ("resvports", 'r'),
    ("stepstate", 'T'),
    ("cpus-per-tres", 'p'),
    ("mem-per-tres", 'q'),
    ("tres-bind", 'x'),
    ("tres-freq", 'y'),
    ("tres-per-job", 'z'),
    ("tres-per-step", 'z'),
    ("tres-per-node", 'b'),
    ("tres-per-socket", 'Y'),
    ("tres-per-task", 'Z'),
];

/// A step's header; `None` for codes of no step field.
fn header(code: char) -> Option<&'static str> {
    Some(match code {
        'i' => "STEPID",
        'j' => "NAME",
        'P' => "PARTITION",
        'u' => "USER",
        'U' => "UID",
        'M' => "TIME",
        'l' => "TIME_LIMIT",
        'S' => "START_TIME",
        'N' => "NODELIST",
        'A' => "TASKS",
        // Slurm's header for the step's TRES per node.
        'b' => "TRES_PER_JOB",
        'C' => "CLUSTER",
        'F' => "ARRAY_JOB_ID",
        'K' => "ARRAY_TASK_ID",
        'J' => "JOB_ID",
        'w' => "NETWORK",
        'c' => "NUM_CPUS",
        'f' => "CPU_FREQ",
        'r' => "RESERVED_PORTS",
        'T' => "STATE",
        'o' => "CONTAINER",
        'p' => "CPUS_PER_TRES",
        'q' => "MEM_PER_TRES",
        'x' => "TRES_BIND",
        'y' => "TRES_FREQ",
        'z' => "TRES_PER_STEP",
        'Y' => "TRES_PER_SOCKET",
        'Z' => "TRES_PER_TASK",
        Field::UNKNOWN => "",
        _ => return None,
    })
}

/// The letters `-o` takes with `-s`.
fn letter(l: char) -> bool {
    "AbijlMNPSUu".contains(l)
}

/// One step of the step list: job id, array task, step number.
type Named = (u32, Option<u32>, u32);

/// One line: a running step of a job.
struct Row<'a> {
    job: &'a Job,
    step: StepRecord,
}

impl Row<'_> {
    /// Its number as the controller holds it (`.batch` is `BATCH`).
    fn number(&self) -> u32 {
        match self.step.id {
            StepId::Batch => BATCH,
            StepId::Numbered(n) => n,
        }
    }

    fn start(&self) -> i64 {
        self.job.start_time.unwrap_or(0) + i64::try_from(self.step.start_offset).unwrap_or(0)
    }

    /// Its nodes: the first of the job's for `.batch`, its own else.
    fn nodes(&self) -> &[usize] {
        self.step.nodes_of(&self.job.nodes)
    }

    /// Whether it belongs to job `id` (or its task `task`).
    fn of(&self, id: u32, task: Option<u32>) -> bool {
        let array = self.job.array.as_ref();
        match task {
            None => id == self.job.id || array.is_some_and(|a| a.array_job_id == id),
            Some(t) => array.is_some_and(|a| a.array_job_id == id && a.task == Some(t)),
        }
    }
}

/// The steps of a `-s` list, read as squeue's `_build_step_list` reads
/// them: `JOB[_TASK].STEP`, numbers read as `strtol` reads them (so
/// `5.batch` is step 0); an item without a step or with a job id below 1
/// is fatal, and an item of dots ends the list.
fn read_steps(list: &str) -> Result<Vec<Named>, CommandOutput> {
    let mut named = Vec::new();
    for item in list.split(',').filter(|s| !s.is_empty()) {
        let mut parts = item.split('.').filter(|s| !s.is_empty());
        let Some(job) = parts.next() else { break };
        let Some(step) = parts.next() else {
            return Err(error_out(
                "squeue",
                &format!("Invalid job_step id: {job}.??"),
                1,
            ));
        };
        let id = atoi(job);
        let task = job
            .trim_start()
            .trim_start_matches(['+', '-'])
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .strip_prefix('_')
            .map(atoi);
        let number = atoi(step);
        match (u32::try_from(id), u32::try_from(number)) {
            (Ok(id), Ok(number)) if id > 0 && number <= 0x7FFF_FFFF => {
                named.push((id, task.and_then(|t| u32::try_from(t).ok()), number));
            }
            _ => {
                return Err(error_out(
                    "squeue",
                    &format!("Invalid job_step id: {job}.{step}"),
                    1,
                ));
            }
        }
    }
    Ok(named)
}

/// `squeue -s`: reads the rest of the command line for steps and prints
/// them.
pub(super) fn run(c: &Cluster, p: &Parsed, me: &str) -> CommandOutput {
    let chosen = match chosen_format(p) {
        Ok(chosen) => chosen,
        Err(out) => return out,
    };
    // A wrong state is refused as it is read, though states filter no step.
    if let Err(out) = read_states(p) {
        return out;
    }
    if p.has("long") && p.has("format") {
        return CommandOutput::failure(
            "squeue: fatal: Options -o(--format) and -l(--long) are mutually exclusive. Please remove one and retry.\n",
            1,
        );
    }
    let (jobs, named) = match read_lists(p) {
        Ok(lists) => lists,
        Err(out) => return out,
    };
    let nodes = match read_nodes(c, p) {
        Ok(nodes) => nodes,
        Err(out) => return out,
    };
    let mut out = CommandOutput::default();
    let filters = Filters {
        jobs,
        named,
        nodes,
        users: read_users(c, p, me, &mut out),
        parts: p.value("partition").map(|v| v.split(',').collect()),
    };
    let (prefix, fields) = match chosen {
        Some(Chosen::Long(f)) => (String::new(), long_fields(f, &mut out)),
        Some(Chosen::Letters(f)) => letter_fields(f, &mut out),
        None => letter_fields(FORMAT, &mut out),
    };
    let mut rows = select(c, &filters);
    let keys = sort_keys(p.value("sort").unwrap_or("P,i"), &mut out);
    crate::sort::by(&mut rows, |a, b| {
        keys.iter()
            .map(|&(key, reverse)| {
                let o = compare(c, key, a, b);
                if reverse { o.reverse() } else { o }
            })
            .find(|o| o.is_ne())
            .unwrap_or(Ordering::Equal)
    });
    print(c, p, &prefix, &fields, &rows, &mut out);
    out
}

/// What selects the steps; `None` selects every one.
struct Filters<'a> {
    /// `-j`: the jobs (or array tasks) whose steps print.
    jobs: Option<Vec<Wanted>>,
    /// The step list: `(job, task, step)`.
    named: Option<Vec<Named>>,
    /// `-w`: the nodes, one of which a step must run on.
    nodes: Option<Vec<usize>>,
    /// `-u`/`--me`: the owners.
    users: Option<Vec<String>>,
    /// `-p`: the partitions.
    parts: Option<Vec<&'a str>>,
}

/// The job list (`-j`) and the step list (`-s`).
type Lists = (Option<Vec<Wanted>>, Option<Vec<Named>>);

/// Reads the job list and the step list, either of which may be the one
/// operand; an error for a second operand, a wrong job id or step, or
/// `-j` with no list.
fn read_lists(p: &Parsed) -> Result<Lists, CommandOutput> {
    // An operand is the job list after `-j`, else the step list.
    let mut operands = p.operands.iter();
    let jobs = match p.value("jobs") {
        _ if p.has("jobs") && !p.operands.is_empty() => operands.next().map(String::as_str),
        v => v,
    };
    let steps = match p.value("steps") {
        _ if !p.has("jobs") && !p.operands.is_empty() => operands.next().map(String::as_str),
        v => v,
    };
    if let Some(extra) = operands.next() {
        return Err(error_out(
            "squeue",
            &format!("Unrecognized option: {extra}"),
            1,
        ));
    }
    let mut wanted = Vec::new();
    for item in jobs.unwrap_or("").split(',').filter(|s| !s.is_empty()) {
        match Wanted::parse(item) {
            Some(w) if w.id > 0 => wanted.push(w),
            _ => return Err(error_out("squeue", &format!("Invalid job id: {item}"), 1)),
        }
    }
    if p.has("jobs") && jobs.is_none() {
        return Err(error_out(
            "squeue",
            "Incompatible options --jobs and --steps",
            1,
        ));
    }
    let named = steps.map(read_steps).transpose()?;
    Ok((jobs.map(|_| wanted), named))
}

/// The running steps of visible running jobs that `filters` selects, in
/// the jobs' order.
fn select<'a>(c: &'a Cluster, filters: &Filters<'_>) -> Vec<Row<'a>> {
    let mut rows = Vec::new();
    for job in c.jobs.values() {
        if !c.visible(job) || !job.state.has_nodes() {
            continue;
        }
        for (step, state, _) in c.step_rows(job.id) {
            let row = Row { job, step };
            if state == job.state.name() && filters.keep(&row) {
                rows.push(row);
            }
        }
    }
    rows
}

impl Filters<'_> {
    /// Whether every filter keeps the step.
    fn keep(&self, row: &Row<'_>) -> bool {
        let job = row.job;
        self.jobs
            .as_ref()
            .is_none_or(|l| l.iter().any(|w| row.of(w.id, w.task)))
            && self
                .parts
                .as_ref()
                .is_none_or(|l| l.contains(&job.partition.as_str()))
            && self.named.as_ref().is_none_or(|l| {
                l.iter()
                    .any(|&(id, task, n)| n == row.number() && row.of(id, task))
            })
            && self
                .nodes
                .as_ref()
                .is_none_or(|l| row.nodes().iter().any(|n| l.contains(n)))
            && self.users.as_ref().is_none_or(|l| l.contains(&job.user))
    }
}

/// The fields of a `-o` format for steps.
fn letter_fields(format: &str, out: &mut CommandOutput) -> (String, Vec<Field>) {
    fields::letter_fields(
        format,
        letter,
        "squeue: error: Invalid job step format specification: ",
        out,
    )
}

/// The fields of a `-O` format for steps; `numtask` alone is enough for
/// `numtasks`.
fn long_fields(format: &str, out: &mut CommandOutput) -> Vec<Field> {
    parse_long_format(format)
        .iter()
        .map(|item| {
            let lower = item.name.to_ascii_lowercase();
            let found = NAMES.iter().find(|(name, _)| {
                *name == lower || (*name == "numtasks" && lower.starts_with("numtask"))
            });
            match found {
                Some(&(_, code)) => item.field(code),
                None => {
                    out.err_line(&format!(
                        "squeue: error: Invalid job step format specification: {}",
                        item.name
                    ));
                    item.unknown()
                }
            }
        })
        .collect()
}

/// The sort keys of `-S` for steps, most significant first: the letters
/// squeue sorts steps by (others are ignored, `b` with a word).
fn sort_keys(spec: &str, out: &mut CommandOutput) -> Vec<(char, bool)> {
    let mut keys = Vec::new();
    let mut previous = ',';
    let mut rest = spec;
    while let Some(ch) = rest.chars().next() {
        // `cluster` is a key of its own; one cluster sorts as one.
        if rest
            .get(..7)
            .is_some_and(|w| w.eq_ignore_ascii_case("cluster"))
        {
            rest = &rest[7..];
            previous = 'r';
            continue;
        }
        if ch == 'b' {
            out.err_line("squeue: Invalid sort specification: b");
        } else if "iNPlSMuU".contains(ch) {
            keys.push((ch, previous == '-'));
        }
        previous = ch;
        rest = &rest[ch.len_utf8()..];
    }
    keys
}

fn compare(c: &Cluster, key: char, a: &Row<'_>, b: &Row<'_>) -> Ordering {
    let (x, y) = (a.job, b.job);
    match key {
        'i' => (x.id, a.number()).cmp(&(y.id, b.number())),
        'N' => c.hostlist(a.nodes()).cmp(&c.hostlist(b.nodes())),
        'P' => x.partition.cmp(&y.partition),
        'S' => a.start().cmp(&b.start()),
        'M' => b.start().cmp(&a.start()),
        'u' => x.user.cmp(&y.user),
        'U' => x.uid.cmp(&y.uid),
        _ => Ordering::Equal,
    }
}

/// Prints the header (after the date with `-l`) and the rows.
fn print(
    c: &Cluster,
    p: &Parsed,
    prefix: &str,
    fields: &[Field],
    rows: &[Row<'_>],
    out: &mut CommandOutput,
) {
    if !p.has("noheader") {
        if p.has("long") {
            out.out_line(&clock::print_date(c.now));
        }
        let mut line = prefix.to_owned();
        for f in fields {
            let h = header(f.letter).unwrap_or("");
            line.push_str(&match f.letter {
                'N' => uncut(h, f.width, f.right),
                // Slurm left-aligns this header whatever the field says.
                'S' => cell(h, f.width, false),
                _ => cell(h, f.width, f.right),
            });
            // Slurm prints no suffix after these headers.
            if !"bw".contains(f.letter) {
                line.push_str(&f.suffix);
            }
        }
        out.out_line(&line);
    }
    let mut text = String::new();
    let mut buf = String::new();
    for row in rows {
        text.push_str(prefix);
        for f in fields {
            buf.clear();
            // Slurm prints only the suffix of the network field, and
            // no suffix after the TRES per node.
            if f.letter != 'w' {
                value(c, f.letter, row, &mut buf);
                push_cell(&mut text, &buf, f.width, f.right, !"MN".contains(f.letter));
            }
            if f.letter != 'b' {
                text.push_str(&f.suffix);
            }
        }
        text.push('\n');
    }
    out.out(&text);
}

/// The value of a step's field, written to `buf`.
fn value(c: &Cluster, code: char, row: &Row<'_>, buf: &mut String) {
    let (job, step) = (row.job, &row.step);
    let array = job.array.as_ref();
    // Writing to a String cannot fail.
    let _ = match code {
        'i' => match array.and_then(|a| Some((a.array_job_id, a.task?))) {
            Some((id, task)) => write!(buf, "{id}_{task}."),
            None => write!(buf, "{}.", job.id),
        }
        .and_then(|()| match step.id {
            StepId::Batch => write!(buf, "batch"),
            StepId::Numbered(n) => write!(buf, "{n}"),
        }),
        'j' => write!(buf, "{}", step.name),
        'P' => write!(buf, "{}", job.partition),
        'u' => write!(buf, "{}", job.user),
        'U' => write!(buf, "{}", job.uid),
        'M' => write!(buf, "{}", squeue_time(c.now - row.start())),
        // `_print_step_time_limit`: the step's own (`srun -t`), not its job's.
        'l' => write!(buf, "{}", step.time_limit.squeue()),
        'S' => write!(buf, "{}", clock::iso(row.start())),
        'N' => write!(buf, "{}", c.hostlist(row.nodes())),
        'A' => write!(buf, "{}", step.tasks_of(job.shape.tasks)),
        'C' => write!(buf, "{}", c.config.cluster_name),
        'F' => write!(buf, "{}", array.map_or(job.id, |a| a.array_job_id)),
        'K' => match array.and_then(|a| a.task) {
            Some(t) => write!(buf, "{t}"),
            None => write!(buf, "N/A"),
        },
        'J' => write!(buf, "{}", job.id),
        'c' => write!(buf, "{}", step.cpus),
        'f' => write!(buf, "-:"),
        'T' => write!(buf, "RUNNING"),
        // Strings the model never sets on a step.
        'b' | 'o' | 'p' | 'q' | 'r' | 'x' | 'y' | 'z' | 'Y' | 'Z' => write!(buf, "(null)"),
        _ => Ok(()),
    };
}
