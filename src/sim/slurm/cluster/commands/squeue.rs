//! `squeue`: the jobs the controller knows, filtered (`--me`, `-u`, `-p`,
//! `-t`, `-j`, `-A`, `-n`, `-q`, `-w`), sorted (`P,t,-p` by default, `-S`)
//! and printed in the default, `-l`, `--start`, `-o` or `-O` format with
//! `src/squeue`'s widths, cuts and headers. Pending array tasks share one
//! line (`38_[0-3%2]`) unless `-r`. `-s` lists running steps instead
//! ([`steps`]).

mod long_format;
mod steps;
mod verbose;

use std::cmp::Ordering;

use super::super::super::getopt::{HasArg, Opt, Parsed, opt};
use super::super::clock;
use super::super::fields::{self, Field, Units, cell, convert_num_unit, push_cell, uncut};
use super::super::output::CommandOutput;
use super::super::state::{Job, JobState, Mem, Sharing};
use super::super::{Caller, Cluster};
use super::{VERSION, Wanted, error_out, help, known_users, parse};
use crate::sim::slurm::time_spec::{TimeLimit, squeue_time};

pub(super) const OPTIONS: &[Opt] = &[
    opt(
        "account",
        Some('A'),
        &["account", "accounts"],
        HasArg::Required,
    ),
    opt("all", Some('a'), &["all"], HasArg::No),
    opt("array", Some('r'), &["array"], HasArg::No),
    super::CLUSTERS_OPT,
    // No federation and no hidden partition: these change nothing here.
    opt("hide", None, &["hide"], HasArg::No),
    opt("local", None, &["local"], HasArg::No),
    opt("sibling", None, &["sib", "sibling"], HasArg::No),
    // Jobs asking for licenses or a reservation: none here asks for one.
    opt("licenses", Some('L'), &["licenses"], HasArg::Required),
    opt("reservation", Some('R'), &["reservation"], HasArg::Required),
    // Every job here asks for one partition, and pending array tasks
    // are only split from their array when they start: one line per
    // partition (`-P`) and unmerged tasks print what squeue prints
    // without them.
    opt("priority", Some('P'), &["priority"], HasArg::No),
    opt("array_unique", None, &["array-unique"], HasArg::No),
    opt("noheader", Some('h'), &["noheader"], HasArg::No),
    opt("noconvert", None, &["noconvert"], HasArg::No),
    opt("help", None, &["help"], HasArg::No),
    opt("iterate", Some('i'), &["iterate"], HasArg::Required),
    opt("jobs", Some('j'), &["jobs"], HasArg::Optional),
    opt("long", Some('l'), &["long"], HasArg::No),
    opt("me", None, &["me"], HasArg::No),
    opt("name", Some('n'), &["name"], HasArg::Required),
    opt("format", Some('o'), &["format"], HasArg::Required),
    opt("Format", Some('O'), &["Format"], HasArg::Required),
    opt(
        "partition",
        Some('p'),
        &["partition", "partitions"],
        HasArg::Required,
    ),
    opt("qos", Some('q'), &["qos"], HasArg::Required),
    opt("sort", Some('S'), &["sort"], HasArg::Required),
    opt("start", None, &["start"], HasArg::No),
    opt("steps", Some('s'), &["steps"], HasArg::Optional),
    opt("states", Some('t'), &["states"], HasArg::Required),
    opt("user", Some('u'), &["user", "users"], HasArg::Required),
    opt("usage", None, &["usage"], HasArg::No),
    opt("verbose", Some('v'), &["verbose"], HasArg::No),
    opt("version", Some('V'), &["version"], HasArg::No),
    opt(
        "nodelist",
        Some('w'),
        &["node", "nodes", "nodelist"],
        HasArg::Required,
    ),
];

const DEFAULT_FORMAT: &str = "%.18i %.9P %.8j %.8u %.2t %.10M %.6D %R";
const LONG_FORMAT: &str = "%.18i %.9P %.8j %.8u %.8T %.10M %.9l %.6D %R";
const START_FORMAT: &str = "%.18i %.9P %.8j %.8u %.2t %.19S %.6D %20Y %R";

/// The state names `-t` takes: `job_state_string` of each state, then the
/// flags, as `squeue` lists them when one is wrong.
const STATE_NAMES: &[&str] = &[
    "PENDING",
    "RUNNING",
    "SUSPENDED",
    "COMPLETED",
    "CANCELLED",
    "FAILED",
    "TIMEOUT",
    "NODE_FAIL",
    "PREEMPTED",
    "BOOT_FAIL",
    "DEADLINE",
    "OUT_OF_MEMORY",
    "COMPLETING",
    "CONFIGURING",
    "RESIZING",
    "RESV_DEL_HOLD",
    "REQUEUED",
    "REQUEUE_FED",
    "REQUEUE_HOLD",
    "REVOKED",
    "SIGNALING",
    "SPECIAL_EXIT",
    "STAGE_OUT",
    "STOPPED",
];

const STATES: &[JobState] = &[
    JobState::Pending,
    JobState::Running,
    JobState::Suspended,
    JobState::Completed,
    JobState::Failed,
    JobState::Timeout,
    JobState::Cancelled,
    JobState::NodeFail,
];

/// One line: a job, or one pending task of an array (`-r`).
struct Row<'a> {
    job: &'a Job,
    task: Option<u32>,
}

/// Which states `-t` lets through.
#[derive(Debug, Clone)]
enum States {
    /// Not yet ended (no `-t`).
    Active,
    /// `-t all`.
    All,
    /// The states listed, and whether `SE`/`SPECIAL_EXIT` was (a flag,
    /// which matches whatever the job's base state).
    Only(Vec<JobState>, bool),
}

/// What a squeue command line asks for, read and checked.
struct Query {
    jobs: Option<Vec<Wanted>>,
    states: States,
    users: Option<Vec<String>>,
    partitions: Option<Vec<String>>,
    accounts: Option<Vec<String>>,
    names: Option<Vec<String>>,
    qos: Option<Vec<String>>,
    nodes: Option<Vec<usize>>,
    /// `-r`: one line per pending array task.
    expand_arrays: bool,
    /// The text before the first field of a `-o` format.
    prefix: String,
    fields: Vec<Field>,
    /// (sort letter, reversed), most significant first.
    sort: Vec<(char, bool)>,
    header: bool,
    /// `--noconvert`: memory in the megabytes it was asked in.
    units: Units,
}

pub(super) fn run(
    c: &mut Cluster,
    argv: &[String],
    _stdin: &str,
    caller: &mut Caller<'_>,
) -> CommandOutput {
    let p = match parse("squeue", argv, OPTIONS, 1) {
        Ok(p) => p,
        Err(out) => return out,
    };
    if p.has("help") {
        return help::text(help::SQUEUE);
    }
    if p.has("usage") {
        return help::text(help::SQUEUE_USAGE);
    }
    if p.has("version") {
        return help::text(VERSION);
    }
    if let Some(refusal) = super::bad_iterate(&p, "squeue", "--iterate={}\n") {
        return refusal;
    }
    let clusters = match super::clusters_line(c, "squeue", &p) {
        Ok(line) => line,
        Err(refusal) => return refusal,
    };
    let mut out = CommandOutput::default();
    let verbose = verbose::level(&p);
    if verbose > 0 {
        out.out(&verbose::options(c, &p, caller.user, verbose));
    }
    if p.has("steps") {
        out.out(&clusters);
        let steps = steps::run(c, &p, caller.user);
        for (stream, text) in &steps.chunks {
            out.push(*stream, text);
        }
        out.exit = steps.exit;
        return out;
    }
    match read_query(c, &p, caller.user, &mut out) {
        Ok(query) => {
            // squeue's loop prints the date, then each cluster's name.
            if query.header && (p.has("long") || p.has("iterate") || verbose > 0) {
                out.out_line(&clock::print_date(c.now));
            }
            out.out(&clusters);
            if verbose > 0 {
                out.out(&verbose::records_line(c, &p, caller.user));
            }
            let wants_none = p.has("licenses") || p.has("reservation");
            let rows = if wants_none {
                Vec::new()
            } else {
                select(c, &query)
            };
            print(c, &query, &rows, &mut out);
            super::one_round(&p, "squeue", &mut out);
            out
        }
        Err(refusal) => refusal,
    }
}

/// The jobs of `-j LIST` (or of the operand after a bare `-j`).
fn read_jobs(c: &Cluster, p: &Parsed) -> Result<Option<Vec<Wanted>>, CommandOutput> {
    let mut operands = p.operands.iter();
    let list = match p.value("jobs") {
        Some(v) => Some(v.to_owned()),
        None if p.has("jobs") => operands.next().cloned(),
        None => None,
    };
    if let Some(extra) = operands.next() {
        return Err(error_out(
            "squeue",
            &format!("Unrecognized option: {extra}"),
            1,
        ));
    }
    let Some(list) = list else {
        return Ok(None);
    };
    let mut wanted = Vec::new();
    for item in list.split(',').filter(|s| !s.is_empty()) {
        match Wanted::parse(item) {
            Some(w) if w.id > 0 => wanted.push(w),
            _ => return Err(error_out("squeue", &format!("Invalid job id: {item}"), 1)),
        }
    }
    if let [one] = wanted.as_slice()
        && !c.jobs.values().any(|j| {
            c.visible(j)
                && (j.id == one.id || j.array.as_ref().is_some_and(|a| a.array_job_id == one.id))
        })
    {
        return Err(CommandOutput::failure(
            "slurm_load_jobs error: Invalid job id specified\n",
            1,
        ));
    }
    Ok(Some(wanted))
}

/// The states of `-t` (pending ones for `--start`).
fn read_states(p: &Parsed) -> Result<States, CommandOutput> {
    let spec = p
        .value("states")
        .map(str::to_owned)
        .or_else(|| p.has("start").then(|| "PD".to_owned()));
    let Some(spec) = spec else {
        return Ok(States::Active);
    };
    if spec.eq_ignore_ascii_case("all") {
        return Ok(States::All);
    }
    let mut list = Vec::new();
    let mut special_exit = false;
    for s in spec.split(',').filter(|s| !s.is_empty()) {
        if s.eq_ignore_ascii_case("SE") || s.eq_ignore_ascii_case("SPECIAL_EXIT") {
            special_exit = true;
            continue;
        }
        match STATES
            .iter()
            .find(|st| st.name().eq_ignore_ascii_case(s) || st.compact().eq_ignore_ascii_case(s))
        {
            Some(st) => list.push(*st),
            None if STATE_NAMES.iter().any(|n| n.eq_ignore_ascii_case(s)) => {}
            None => {
                let mut out = CommandOutput::default();
                out.err(&format!(
                    "squeue: error: Invalid job state specified: {s}\n"
                ));
                out.err(&format!(
                    "squeue: error: Valid job states include: {}\n\n",
                    STATE_NAMES.join(",")
                ));
                out.exit = 1;
                return Err(out);
            }
        }
    }
    Ok(States::Only(list, special_exit))
}

/// The users of `-u` (unknown ones warned about on `out`), or `--me`
/// instead.
fn read_users(c: &Cluster, p: &Parsed, me: &str, out: &mut CommandOutput) -> Option<Vec<String>> {
    let mut users = p
        .value("user")
        .map(|list| known_users(c, "squeue", list, out));
    if p.has("me") {
        users = Some(vec![me.to_owned()]);
    }
    users
}

/// The nodes of `-w` (unknown names dropped), or its refusal.
fn read_nodes(c: &Cluster, p: &Parsed) -> Result<Option<Vec<usize>>, CommandOutput> {
    let Some(v) = p.value("nodelist") else {
        return Ok(None);
    };
    match crate::sim::slurm::hostlist::Hostlist::parse(v) {
        Ok(h) => Ok(Some(
            h.names().iter().filter_map(|n| c.node_index(n)).collect(),
        )),
        Err(_) => Err(error_out(
            "squeue",
            &format!("'{v}' invalid entry for --nodelist"),
            1,
        )),
    }
}

/// Reads the command line into a [`Query`], or the refusal.
fn read_query(
    c: &Cluster,
    p: &Parsed,
    me: &str,
    out: &mut CommandOutput,
) -> Result<Query, CommandOutput> {
    let chosen = chosen_format(p)?;
    if p.has("long") && p.has("format") {
        return Err(CommandOutput::failure(
            "squeue: fatal: Options -o(--format) and -l(--long) are mutually exclusive. Please remove one and retry.\n",
            1,
        ));
    }
    let jobs = read_jobs(c, p)?;
    let states = read_states(p)?;
    let users = read_users(c, p, me, out);
    let list = |key: &str| {
        p.value(key)
            .map(|v| v.split(',').map(str::to_owned).collect::<Vec<_>>())
    };
    let nodes = read_nodes(c, p)?;
    let start = p.has("start");
    // `--start` sets its `-o` format when no `-o` is given, and a `-o`
    // format is printed in place of any `-O` one.
    let (prefix, fields) = match chosen {
        Some(Chosen::Letters(f)) => letter_fields(f, out),
        None | Some(Chosen::Long(_)) if start => letter_fields(START_FORMAT, out),
        Some(Chosen::Long(f)) => (String::new(), long_format::fields(f, out)),
        None if p.has("long") => letter_fields(LONG_FORMAT, out),
        None => letter_fields(DEFAULT_FORMAT, out),
    };
    let sort = p
        .value("sort")
        .unwrap_or(if start { "S" } else { "P,t,-p" });
    let sort = sort_keys(sort).map_err(|letter| {
        error_out(
            "squeue",
            &format!("Invalid sort specification: {letter}"),
            1,
        )
    })?;
    Ok(Query {
        jobs,
        states,
        users,
        partitions: list("partition"),
        accounts: list("account"),
        names: list("name"),
        qos: list("qos"),
        nodes,
        expand_arrays: p.has("array"),
        prefix,
        fields,
        sort,
        header: !p.has("noheader"),
        units: if p.has("noconvert") {
            Units::NoConvert
        } else {
            Units::Exact
        },
    })
}

/// The format given on the command line.
enum Chosen<'a> {
    /// `-o`.
    Letters(&'a str),
    /// `-O`.
    Long(&'a str),
}

/// The last `-o` or `-O`, or squeue's refusal of both, which it gives at
/// the second of them.
fn chosen_format(p: &Parsed) -> Result<Option<Chosen<'_>>, CommandOutput> {
    let mut chosen = None;
    for (key, value) in &p.opts {
        let value = value.as_deref().unwrap_or("");
        chosen = match (*key, &chosen) {
            ("format", Some(Chosen::Long(_))) => {
                return Err(error_out(
                    "squeue",
                    "-o (--format) is incompatible with -O (--Format)",
                    1,
                ));
            }
            ("Format", Some(Chosen::Letters(_))) => {
                return Err(error_out(
                    "squeue",
                    "-O (--Format) is incompatible with -o (--format)",
                    1,
                ));
            }
            ("format", _) => Some(Chosen::Letters(value)),
            ("Format", _) => Some(Chosen::Long(value)),
            _ => continue,
        };
    }
    Ok(chosen)
}

/// The fields of a `-o` format, its unknown letters reported on `out`
/// (by sinfo with no program name) and printed as typed.
fn letter_fields(format: &str, out: &mut CommandOutput) -> (String, Vec<Field>) {
    fields::letter_fields(
        format,
        |l| header(l).is_some(),
        "squeue: error: Invalid job format specification: ",
        out,
    )
}

impl Query {
    /// Whether `job` passes every filter.
    fn wants(&self, job: &Job) -> bool {
        let array_id = job.array.as_ref().map(|a| a.array_job_id);
        let named = self.jobs.as_ref().is_none_or(|wanted| {
            wanted.iter().any(|w| match w.task {
                None => job.id == w.id || array_id == Some(w.id),
                Some(t) => {
                    array_id == Some(w.id)
                        && job
                            .array
                            .as_ref()
                            .is_some_and(|a| a.task == Some(t) || a.pending.contains(&t))
                }
            })
        });
        let state = match &self.states {
            States::All => true,
            // A base state matches only a job without flags.
            States::Only(list, special_exit) => {
                if job.special_exit {
                    *special_exit
                } else {
                    list.contains(&job.state)
                }
            }
            States::Active => !job.state.is_finished(),
        };
        let any_of = |list: &Option<Vec<String>>, value: &str| {
            list.as_ref()
                .is_none_or(|l| l.iter().any(|x| x.eq_ignore_ascii_case(value)))
        };
        let exact = |list: &Option<Vec<String>>, value: &String| {
            list.as_ref().is_none_or(|l| l.contains(value))
        };
        named
            && state
            && exact(&self.users, &job.user)
            && exact(&self.partitions, &job.partition)
            && any_of(&self.accounts, &job.account)
            && exact(&self.names, &job.name)
            && any_of(&self.qos, &job.qos)
            && self
                .nodes
                .as_ref()
                .is_none_or(|l| job.nodes.iter().any(|n| l.contains(n)))
    }
}

/// The rows the query selects, sorted by its keys, then by start time
/// (latest first, none last).
fn select<'a>(c: &'a Cluster, q: &Query) -> Vec<Row<'a>> {
    let mut rows: Vec<Row<'a>> = Vec::new();
    for job in c.jobs.values().filter(|j| c.visible(j) && q.wants(j)) {
        match &job.array {
            Some(a) if a.task.is_none() && q.expand_arrays => {
                rows.extend(a.pending.iter().map(|&t| Row { job, task: Some(t) }));
            }
            _ => rows.push(Row { job, task: None }),
        }
    }
    // std's own sort: squeue sorts every job, and the shared one's indirect
    // comparisons made it 40% slower on 10,000 jobs.
    rows.sort_by(|a, b| {
        for (letter, reverse) in &q.sort {
            let o = compare(c, *letter, a, b);
            let o = if *reverse { o.reverse() } else { o };
            if o != Ordering::Equal {
                return o;
            }
        }
        match (a.job.start_time, b.job.start_time) {
            (None, None) => Ordering::Equal,
            (None, _) => Ordering::Greater,
            (_, None) => Ordering::Less,
            (Some(x), Some(y)) => y.cmp(&x),
        }
    });
    rows
}

/// Prints the header and the rows in the query's format.
fn print(c: &Cluster, q: &Query, rows: &[Row<'_>], out: &mut CommandOutput) {
    let (prefix, fields) = (&q.prefix, &q.fields);
    if q.header {
        let mut line = prefix.clone();
        for f in fields {
            let h = header(f.letter)
                .or_else(|| long_format::header(f.letter))
                .unwrap_or("");
            let uncut_header = matches!(f.letter, 'N' | 'R' | 'Y');
            line.push_str(&if uncut_header {
                uncut(h, f.width, f.right)
            } else {
                cell(h, f.width, f.right)
            });
            line.push_str(&f.suffix);
        }
        out.out_line(&line);
    }
    // One buffer for the text, one for each value: no allocation per cell.
    let mut text = String::with_capacity(rows.len() * 96);
    let mut buf = String::new();
    for row in rows {
        text.push_str(prefix);
        for f in fields {
            buf.clear();
            let cut = match f.letter {
                'm' => {
                    min_memory(c, row.job, q.units, &mut buf);
                    true
                }
                letter => value(c, letter, row, &mut buf),
            };
            push_cell(&mut text, &buf, f.width, f.right, cut);
            text.push_str(&f.suffix);
        }
        text.push('\n');
    }
    out.out(&text);
}

/// The sort keys of `-S`, most significant first: (letter, reversed).
fn sort_keys(spec: &str) -> Result<Vec<(char, bool)>, char> {
    let mut keys = Vec::new();
    let mut reverse = false;
    for ch in spec.chars() {
        match ch {
            ',' | '+' => reverse = false,
            '-' => reverse = true,
            'P' | 't' | 'T' | 'p' | 'Q' | 'i' | 'A' | 'u' | 'j' | 'S' | 'e' | 'M' | 'D' | 'V'
            | 'l' | 'C' | 'N' | 'a' | 'q' | 'L' => {
                keys.push((ch, reverse));
                reverse = false;
            }
            // Keys squeue accepts without sorting by them.
            'c' | 'f' | 'h' | 'n' | 'O' | 'b' => reverse = false,
            other => return Err(other),
        }
    }
    Ok(keys)
}

fn compare(c: &Cluster, letter: char, a: &Row<'_>, b: &Row<'_>) -> Ordering {
    let (x, y) = (a.job, b.job);
    match letter {
        'P' => x.partition.cmp(&y.partition),
        't' => x.state_compact().cmp(y.state_compact()),
        'T' => x.state_name().cmp(y.state_name()),
        'p' | 'Q' => x.priority.cmp(&y.priority),
        'i' | 'A' => x.id.cmp(&y.id),
        'u' => x.user.cmp(&y.user),
        'a' => x.account.cmp(&y.account),
        'q' => x.qos.cmp(&y.qos),
        'j' => x.name.cmp(&y.name),
        'S' => x.start_time.unwrap_or(0).cmp(&y.start_time.unwrap_or(0)),
        'e' => x.end_time.unwrap_or(0).cmp(&y.end_time.unwrap_or(0)),
        'M' => used(c, x).cmp(&used(c, y)),
        'D' => node_count(x).cmp(&node_count(y)),
        'C' => cpus(x).cmp(&cpus(y)),
        'V' => x.submit_time.cmp(&y.submit_time),
        'l' | 'L' => x.time_limit.cmp(&y.time_limit),
        'N' => c.hostlist(&x.nodes).cmp(&c.hostlist(&y.nodes)),
        _ => Ordering::Equal,
    }
}

/// Seconds a job has run (0 while pending, time suspended left out).
fn used(c: &Cluster, job: &Job) -> i64 {
    job.run_time(c.now)
}

/// The nodes a job has, or asks for while it has none.
fn node_count(job: &Job) -> u32 {
    if job.nodes.is_empty() {
        job.shape.nodes
    } else {
        u32::try_from(job.nodes.len()).unwrap_or(u32::MAX)
    }
}

fn cpus(job: &Job) -> u32 {
    job.held_total().cpus
}

/// The header of a format letter; `None` for letters not supported.
fn header(letter: char) -> Option<&'static str> {
    Some(match letter {
        'i' | 'A' => "JOBID",
        'F' => "ARRAY_JOB_ID",
        'K' => "ARRAY_TASK_ID",
        'P' => "PARTITION",
        'j' => "NAME",
        'u' => "USER",
        'U' => "UID",
        'g' | 'G' => "GROUP",
        'a' => "ACCOUNT",
        't' => "ST",
        'T' => "STATE",
        'M' => "TIME",
        'l' => "TIME_LIMIT",
        'L' => "TIME_LEFT",
        'D' => "NODES",
        'C' => "CPUS",
        'R' => "NODELIST(REASON)",
        'r' => "REASON",
        'N' => "NODELIST",
        'S' => "START_TIME",
        'e' => "END_TIME",
        'V' => "SUBMIT_TIME",
        'Y' => "SCHEDNODES",
        'q' => "QOS",
        'Q' | 'p' => "PRIORITY",
        'b' => "TRES_PER_NODE",
        'm' => "MIN_MEMORY",
        'c' => "MIN_CPUS",
        'E' => "DEPENDENCY",
        'Z' => "WORK_DIR",
        'o' => "COMMAND",
        'y' => "NICE",
        'B' => "EXEC_HOST",
        'h' => "OVER_SUBSCRIBE",
        'n' => "REQ_NODES",
        'x' => "EXC_NODES",
        'k' => "COMMENT",
        'v' => "RESERVATION",
        'w' => "WCKEY",
        'W' => "LICENSES",
        'd' => "MIN_TMP_DISK",
        'f' => "FEATURES",
        'H' => "SOCKETS_PER_NODE",
        'I' => "CORES_PER_SOCKET",
        'J' => "THREADS_PER_CORE",
        'z' => "S:C:T",
        'O' => "CONTIGUOUS",
        'X' => "CORE_SPEC",
        // The select plugin's header, empty with select/cons_tres.
        's' => "",
        _ => return None,
    })
}

/// `MIN_MEMORY`: the memory per node or per CPU asked for, in `units`.
fn min_memory(c: &Cluster, job: &Job, units: Units, buf: &mut String) {
    let (mem, _) = Mem::min_memory(job.request.mem, c.config.def_mem_per_cpu_mb);
    buf.push_str(&convert_num_unit(mem as f64, 2, units, 1024.0));
}

/// The value of a format letter for a row, written to `buf`; false when
/// the value is never cut to the field's width (node lists, reasons).
fn value(c: &Cluster, letter: char, row: &Row<'_>, buf: &mut String) -> bool {
    match letter {
        'i' | 'A' | 'F' | 'K' => id_value(letter, row, buf),
        'M' | 'l' | 'L' | 'S' | 'e' | 'V' => time_value(c, letter, row.job, buf),
        'D' | 'C' | 'R' | 'N' | 'Y' | 'B' | 'n' | 'x' => node_value(c, letter, row.job, buf),
        // The codes of `-O` names without a letter.
        _ if !letter.is_ascii() => {
            long_format::value(c, letter, row, buf);
            true
        }
        _ => other_value(c, letter, row.job, buf),
    }
}

/// The job and array ids: `%i`, `%A`, `%F`, `%K`.
fn id_value(letter: char, row: &Row<'_>, buf: &mut String) -> bool {
    use std::fmt::Write;
    let job = row.job;
    // Writing to a String cannot fail.
    let _ = match letter {
        'i' => match (&job.array, row.task) {
            (_, Some(t)) => write!(buf, "{}_{t}", job.id),
            (Some(a), None) => match a.task {
                Some(t) => write!(buf, "{}_{t}", a.array_job_id),
                None => write!(
                    buf,
                    "{}_[{}]",
                    a.array_job_id,
                    super::super::state::task_ranges(&a.pending, a.max_running)
                ),
            },
            (None, None) => write!(buf, "{}", job.id),
        },
        'A' => write!(buf, "{}", job.id),
        'F' => write!(
            buf,
            "{}",
            job.array.as_ref().map_or(job.id, |a| a.array_job_id)
        ),
        'K' => match (&job.array, row.task) {
            (_, Some(t)) => write!(buf, "{t}"),
            (Some(a), None) => match a.task {
                Some(t) => write!(buf, "{t}"),
                None => write!(
                    buf,
                    "{}",
                    super::super::state::task_ranges(&a.pending, a.max_running)
                ),
            },
            (None, None) => write!(buf, "N/A"),
        },
        _ => Ok(()),
    };
    true
}

/// Times: `%M` used, `%l` limit, `%L` left, `%S` start, `%e` end, `%V`
/// submit.
fn time_value(c: &Cluster, letter: char, job: &Job, buf: &mut String) -> bool {
    use std::fmt::Write;
    let pending = job.state == JobState::Pending;
    let time = |buf: &mut String, t: Option<i64>| match t.filter(|t| *t > 0) {
        Some(t) => buf.push_str(&clock::iso(t)),
        None => buf.push_str("N/A"),
    };
    let limit = |buf: &mut String, l: TimeLimit| match l.seconds() {
        Some(s) => buf.push_str(&squeue_time(i64::try_from(s).unwrap_or(i64::MAX))),
        None => buf.push_str("UNLIMITED"),
    };
    // Writing to a String cannot fail.
    let _ = match letter {
        'M' => write!(buf, "{}", squeue_time(used(c, job))),
        'l' => {
            limit(buf, job.time_limit);
            Ok(())
        }
        'L' => match job.time_limit.seconds() {
            Some(s) => write!(
                buf,
                "{}",
                squeue_time(i64::try_from(s).unwrap_or(i64::MAX) - used(c, job))
            ),
            None => write!(buf, "UNLIMITED"),
        },
        'S' => {
            time(buf, job.start_time);
            Ok(())
        }
        'e' => {
            if job.time_limit == TimeLimit::Unlimited
                && job.end_time.is_none_or(|e| e > c.now)
                && !pending
            {
                buf.push_str("NONE");
            } else {
                time(buf, job.end_time);
            }
            Ok(())
        }
        'V' => write!(buf, "{}", clock::iso(job.submit_time)),
        _ => Ok(()),
    };
    true
}

/// Sizes and nodes: `%D`, `%C`, `%R`, `%N`, `%Y`, `%B`, `%n`, `%x`.
fn node_value(c: &Cluster, letter: char, job: &Job, buf: &mut String) -> bool {
    use std::fmt::Write;
    let or_null =
        |buf: &mut String, v: Option<String>| buf.push_str(v.as_deref().unwrap_or("(null)"));
    // Writing to a String cannot fail.
    let _ = match letter {
        'D' => write!(buf, "{}", node_count(job)),
        'C' => write!(buf, "{}", cpus(job)),
        'R' => {
            if matches!(
                job.state,
                JobState::Pending | JobState::Timeout | JobState::Failed
            ) {
                match &job.reason_desc {
                    Some(desc) => write!(buf, "({desc})"),
                    None => write!(buf, "({})", job.reason.name()),
                }
            } else {
                buf.push_str(&c.hostlist(&job.nodes));
                return false;
            }
        }
        'N' => {
            buf.push_str(&c.hostlist(&job.nodes));
            return false;
        }
        'Y' => {
            let nodes = (!job.sched_nodes.is_empty()).then(|| c.hostlist(&job.sched_nodes));
            or_null(buf, nodes);
            return false;
        }
        'B' => match job.nodes.first().and_then(|&n| c.nodes.get(n)) {
            Some(n) => write!(buf, "{}", n.name),
            None => write!(buf, "n/a"),
        },
        'n' => write!(
            buf,
            "{}",
            c.hostlist(
                &job.request
                    .nodelist
                    .iter()
                    .filter_map(|n| c.node_index(n))
                    .collect::<Vec<_>>()
            )
        ),
        'x' => write!(
            buf,
            "{}",
            c.hostlist(
                &job.request
                    .exclude
                    .iter()
                    .filter_map(|n| c.node_index(n))
                    .collect::<Vec<_>>()
            )
        ),
        _ => Ok(()),
    };
    true
}

/// Everything else: names, states, priority, requests.
fn other_value(c: &Cluster, letter: char, job: &Job, buf: &mut String) -> bool {
    use std::fmt::Write;
    let or_null =
        |buf: &mut String, v: Option<String>| buf.push_str(v.as_deref().unwrap_or("(null)"));
    // Writing to a String cannot fail.
    let _ = match letter {
        'P' => write!(buf, "{}", job.partition),
        'j' => write!(buf, "{}", job.name),
        'u' | 'g' => write!(buf, "{}", job.user),
        'U' => write!(buf, "{}", job.uid),
        'G' => write!(buf, "{}", job.gid),
        'a' => write!(buf, "{}", job.account),
        't' => write!(buf, "{}", job.state_compact()),
        'T' => write!(buf, "{}", job.state_name()),
        'r' => write!(buf, "{}", job.reason_text()),
        'q' => write!(buf, "{}", job.qos),
        'Q' => write!(buf, "{}", job.priority),
        'p' => write!(
            buf,
            "{:16.14}",
            f64::from(job.priority) / f64::from(u32::MAX)
        ),
        'b' => match job.request.gpus {
            Some(super::super::state::Gpus::PerNode(g)) => write!(buf, "gres:gpu:{g}"),
            _ => write!(buf, "N/A"),
        },
        'm' => {
            min_memory(c, job, Units::Exact, buf);
            Ok(())
        }
        'c' => write!(buf, "{}", job.shape.cpus_per_task),
        'E' => {
            or_null(buf, c.dependency_text(job));
            Ok(())
        }
        'Z' => write!(buf, "{}", job.work_dir),
        'o' => {
            or_null(buf, job.command.clone());
            Ok(())
        }
        'y' => write!(buf, "{}", job.nice),
        'h' => write!(buf, "{}", Sharing::shown(job.request.sharing)),
        'f' => write!(
            buf,
            "{}",
            job.request.constraint.as_deref().unwrap_or("(null)")
        ),
        'k' | 'v' | 'w' | 'W' => write!(buf, "(null)"),
        'd' | 'O' => write!(buf, "0"),
        // Jobs ask for no particular sockets, cores or threads.
        'H' | 'I' | 'J' => write!(buf, "*"),
        'z' => write!(buf, "*:*:*"),
        'X' => write!(buf, "N/A"),

        _ => Ok(()),
    };
    true
}
