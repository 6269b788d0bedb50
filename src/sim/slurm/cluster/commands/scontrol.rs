//! `scontrol`: `show job|node|partition` in `slurm_sprint_*_info`'s layout
//! (`-d` details, `-o` one line), `update NodeName=... State=... Reason=...`
//! with slurmctld's refusals, `update JobId=... TimeLimit=...`, `hold`,
//! `uhold`, `release` and `requeue`; other keywords as scontrol refuses
//! them (`invalid keyword: frobnicate`).

use super::super::super::getopt::{HasArg, Opt, opt};
use super::super::clock;
use super::super::fields::mem_units;
use super::super::output::CommandOutput;
use super::super::state::{Gpus, Hold, Job, JobState, Mem, NodeReason, StepId};
use super::super::{Caller, Cluster};
use super::{VERSION, help, parse};
use crate::sim::slurm::hostlist::Hostlist;
use crate::sim::slurm::time_spec::{TimeLimit, scontrol_time};

pub(super) const OPTIONS: &[Opt] = &[
    opt("all", Some('a'), &["all"], HasArg::No),
    opt("details", Some('d'), &["details"], HasArg::No),
    opt("help", Some('h'), &["help"], HasArg::No),
    opt("oneliner", Some('o'), &["oneliner"], HasArg::No),
    opt("quiet", Some('Q'), &["quiet"], HasArg::No),
    opt("usage", None, &["usage"], HasArg::No),
    opt("verbose", Some('v'), &["verbose"], HasArg::No),
    opt("version", Some('V'), &["version"], HasArg::No),
];

/// Whether `tag` names `word`, at least `min` characters of it, as
/// `xstrncasecmp(tag, word, MAX(strlen(tag), min))` decides.
fn is(tag: &str, word: &str, min: usize) -> bool {
    let n = tag.len().max(min);
    tag.len() <= word.len() && n <= word.len() && word[..tag.len()].eq_ignore_ascii_case(tag)
}

pub(super) fn run(
    c: &mut Cluster,
    argv: &[String],
    _stdin: &str,
    caller: &mut Caller<'_>,
) -> CommandOutput {
    let p = match parse("scontrol", argv, OPTIONS, 1) {
        Ok(p) => p,
        Err(out) => return out,
    };
    if p.has("help") {
        return help::text(help::SCONTROL);
    }
    if p.has("usage") {
        return help::text(help::SCONTROL_USAGE);
    }
    if p.has("version") {
        return help::text(VERSION);
    }
    let words = &p.operands;
    let Some(tag) = words.first() else {
        // Interactive scontrol is not simulated: nothing to read.
        return CommandOutput::default();
    };
    let one_line = p.has("oneliner");
    let detail = p.has("details");
    let mut out = CommandOutput::default();
    if is(tag, "show", 3) {
        show(c, &words[1..], one_line, detail, &mut out);
    } else if is(tag, "update", 1) {
        update(c, &words[1..], caller, &mut out);
    } else if tag.eq_ignore_ascii_case("uhold")
        || tag.eq_ignore_ascii_case("holdu")
        || is(tag, "hold", 4)
        || is(tag, "release", 3)
    {
        if words.len() < 2 {
            out.err_line(&format!("too few arguments for keyword:{tag}"));
            out.exit = 1;
        }
        let release = is(tag, "release", 3);
        let user_hold = !tag.eq_ignore_ascii_case("hold") || !c.is_operator(caller.user);
        for arg in &words[1..] {
            if let Err(e) = hold(c, arg, release, user_hold, caller) {
                out.err_line(&format!("{e} for job {arg}"));
                out.err_line(&format!("slurm_suspend error: {e}"));
                out.exit = 1;
            }
        }
    } else if is(tag, "requeue", 3) {
        if words.len() < 2 {
            out.err_line(&format!("too few arguments for keyword:{tag}"));
            out.exit = 1;
        }
        for arg in &words[1..] {
            let arg = arg
                .trim_start_matches("JobId=")
                .trim_start_matches("jobid=");
            let result = match arg.parse::<u32>() {
                Ok(id) => match c.job(id).filter(|j| c.visible(j)) {
                    Some(j) if !c.is_operator(caller.user) && j.user != caller.user => {
                        Err("Access/permission denied")
                    }
                    Some(_) => c.requeue(id),
                    None => Err("Invalid job id specified"),
                },
                Err(_) => Err("Invalid job id specified"),
            };
            if let Err(e) = result {
                out.err_line(&format!("{e} for job {arg}"));
                out.exit = 1;
            }
        }
    } else if is(tag, "version", 4) {
        out.out(VERSION);
    } else {
        out.err_line(&format!("invalid keyword: {tag}"));
        out.exit = 1;
    }
    out
}

/// `show ENTITY [NAME]`.
fn show(c: &Cluster, words: &[String], one_line: bool, detail: bool, out: &mut CommandOutput) {
    let Some(first) = words.first() else {
        out.err_line("too few arguments for keyword:show");
        out.exit = 1;
        return;
    };
    let (tag, val) = match first.split_once('=') {
        Some((t, v)) => (t, Some(v.to_owned())),
        None => (first.as_str(), words.get(1).cloned()),
    };
    if words.len() > 2 {
        out.err_line("too many arguments for keyword:show");
        out.exit = 1;
        return;
    }
    let end = if one_line { " " } else { "\n   " };
    let close = if one_line { "\n" } else { "\n\n" };
    if is(tag, "jobs", 1) || is(tag, "jobid", 1) {
        show_jobs(c, val.as_deref(), end, close, detail, out);
    } else if is(tag, "nodes", 1) {
        let nodes: Vec<usize> = match &val {
            Some(v) => match Hostlist::parse(v) {
                Ok(h) => h.names().iter().filter_map(|n| c.node_index(n)).collect(),
                Err(_) => Vec::new(),
            },
            None => (0..c.nodes.len()).collect(),
        };
        show_each(out, val.as_deref(), ("Node", "nodes"), &nodes, |n| {
            node_text(c, n, end, close)
        });
    } else if is(tag, "partitions", 2) || is(tag, "partitionname", 2) {
        let parts: Vec<usize> = match &val {
            Some(v) => c.partition_index(v).into_iter().collect(),
            None => (0..c.partitions.len()).collect(),
        };
        show_each(
            out,
            val.as_deref(),
            ("Partition", "partitions"),
            &parts,
            |i| partition_text(c, i, end, close),
        );
    } else if is(tag, "reservations", 1) || is(tag, "reservationname", 1) {
        out.out_line("No reservations in the system");
    } else {
        out.err_line(&format!("invalid entity:{tag} for keyword:show "));
        out.exit = 1;
    }
}

/// `scontrol show node|partition`: each item's text, or when there is
/// none, `Node X not found` (exit 1) for a named one and `No nodes in the
/// system` otherwise.
fn show_each(
    out: &mut CommandOutput,
    name: Option<&str>,
    (kind, plural): (&str, &str),
    items: &[usize],
    text: impl Fn(usize) -> String,
) {
    if items.is_empty() {
        out.out_line(&match name {
            Some(v) => format!("{kind} {v} not found"),
            None => format!("No {plural} in the system"),
        });
        out.exit = i32::from(name.is_some());
        return;
    }
    for &i in items {
        out.out(&text(i));
    }
}

fn show_jobs(
    c: &Cluster,
    val: Option<&str>,
    end: &str,
    close: &str,
    detail: bool,
    out: &mut CommandOutput,
) {
    let mut wanted: Option<(u32, Option<u32>)> = None;
    if let Some(v) = val {
        if !v
            .chars()
            .all(|ch| ch.is_ascii_digit() || ch == '_' || ch == '+')
        {
            out.err_line("scontrol_print_job error: Invalid job id specified");
            out.exit = 1;
            return;
        }
        let (id, task) = match v.split_once('_') {
            Some((a, b)) => (a.parse().unwrap_or(0), b.parse().ok()),
            None => (v.parse().unwrap_or(0), None),
        };
        wanted = Some((id, task));
    }
    let jobs: Vec<&Job> = c
        .jobs
        .values()
        .filter(|j| c.visible(j))
        .filter(|j| match wanted {
            None => true,
            Some((id, task)) => {
                let array = j.array.as_ref();
                let in_array = array.is_some_and(|a| a.array_job_id == id);
                match task {
                    None => j.id == id || in_array,
                    Some(t) => {
                        in_array
                            && array.is_some_and(|a| a.task == Some(t) || a.pending.contains(&t))
                    }
                }
            }
        })
        .collect();
    if jobs.is_empty() {
        match wanted {
            Some((id, _))
                if !c.jobs.values().any(|j| {
                    c.visible(j)
                        && (j.id == id || j.array.as_ref().is_some_and(|a| a.array_job_id == id))
                }) =>
            {
                out.err_line("slurm_load_jobs error: Invalid job id specified");
            }
            Some((id, Some(t))) => out.out_line(&format!("Job {id}_{t} not found")),
            Some((id, None)) => out.out_line(&format!("Job {id} not found")),
            None => {
                out.out_line("No jobs in the system");
                return;
            }
        }
        out.exit = 1;
        return;
    }
    let only_task = wanted.and_then(|(_, t)| t);
    for job in jobs {
        out.out(&job_text(c, job, only_task, end, close, detail));
    }
}

/// A time as scontrol prints it; `Unknown` for none.
fn when(t: Option<i64>) -> String {
    t.map_or_else(|| "Unknown".to_owned(), clock::iso)
}

/// `TRES=cpu=2,mem=8000M,node=2,billing=2,gres/gpu=16`.
fn tres(cpus: u32, mem_mb: u64, nodes: u32, gpus: u32) -> String {
    let mut s = format!(
        "cpu={cpus},mem={},node={nodes},billing={cpus}",
        mem_units(mem_mb)
    );
    if gpus > 0 {
        s.push_str(&format!(",gres/gpu={gpus}"));
    }
    s
}

/// One job as `slurm_sprint_job_info` prints it.
fn job_text(
    c: &Cluster,
    job: &Job,
    only_task: Option<u32>,
    end: &str,
    close: &str,
    detail: bool,
) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut first = format!("JobId={} ", job.id);
    if let Some(a) = &job.array {
        let task = match (only_task, a.task) {
            (Some(t), _) => t.to_string(),
            (None, Some(t)) => t.to_string(),
            (None, None) => super::super::state::task_ranges(&a.pending, None),
        };
        first.push_str(&format!(
            "ArrayJobId={} ArrayTaskId={task} ",
            a.array_job_id
        ));
        if let Some(m) = a.max_running {
            first.push_str(&format!("ArrayTaskThrottle={m} "));
        }
    }
    first.push_str(&format!("JobName={}", job.name));
    lines.push(first);
    lines.push(format!(
        "UserId={}({}) GroupId={}({}) MCS_label=N/A",
        job.user, job.uid, job.user, job.gid
    ));
    lines.push(format!(
        "Priority={} Nice={} Account={} QOS={}",
        job.priority, job.nice, job.account, job.qos
    ));
    let reason = if job.state == JobState::Running {
        "None".to_owned()
    } else {
        job.reason_text().replace(' ', "_")
    };
    lines.push(format!(
        "JobState={} Reason={reason} Dependency={}",
        job.state.name(),
        c.dependency_text(job)
            .unwrap_or_else(|| "(null)".to_owned())
    ));
    lines.push(format!(
        "Requeue={} Restarts={} BatchFlag={} Reboot=0 ExitCode={}:{}",
        u8::from(job.requeue),
        job.restarts,
        u8::from(job.batch),
        job.exit.0,
        job.exit.1
    ));
    if detail {
        let derived = job
            .steps
            .iter()
            .filter(|s| s.id != StepId::Batch)
            .map(|s| s.exit)
            .max()
            .unwrap_or(0);
        lines.push(format!("DerivedExitCode={derived}:0"));
    }
    let run_time = match (job.state, job.start_time) {
        (JobState::Pending, _) | (_, None) => 0,
        (JobState::Running, Some(s)) => c.now - s,
        (_, Some(s)) => job.end_time.unwrap_or(c.now) - s,
    };
    lines.push(format!(
        "RunTime={} TimeLimit={} TimeMin=N/A",
        scontrol_time(run_time),
        job.time_limit
    ));
    lines.push(format!(
        "SubmitTime={} EligibleTime={}",
        clock::iso(job.submit_time),
        when(job.eligible_time)
    ));
    lines.push(format!("AccrueTime={}", when(job.accrue_time)));
    let end_time = if job.time_limit == TimeLimit::Unlimited && job.state == JobState::Running {
        "Unknown".to_owned()
    } else {
        when(job.end_time)
    };
    lines.push(format!(
        "StartTime={} EndTime={end_time} Deadline=N/A",
        when(job.start_time)
    ));
    lines.push(format!(
        "SuspendTime=None SecsPreSuspend=0 LastSchedEval={} Scheduler={}{}",
        clock::iso(job.last_sched_eval),
        match job.sched_by {
            super::super::state::SchedBy::Main => "Main",
            super::super::state::SchedBy::Backfill => "Backfill",
        },
        if job.backfill_last { ":*" } else { "" }
    ));
    lines.push(format!(
        "Partition={} AllocNode:Sid=localhost:{}",
        job.partition, job.alloc_sid
    ));
    let list = |names: &[String]| {
        if names.is_empty() {
            "(null)".to_owned()
        } else {
            Hostlist::from_names(names.iter().cloned()).to_string()
        }
    };
    lines.push(format!(
        "ReqNodeList={} ExcNodeList={}",
        list(&job.request.nodelist),
        list(&job.request.exclude)
    ));
    let mut nodelist = format!("NodeList={}", c.hostlist(&job.nodes));
    if job.state == JobState::Pending && !job.sched_nodes.is_empty() {
        nodelist.push_str(&format!(" SchedNodeList={}", c.hostlist(&job.sched_nodes)));
    }
    lines.push(nodelist);
    let running = !job.nodes.is_empty();
    if running && let Some(host) = job.nodes.first().and_then(|&n| c.nodes.get(n)) {
        lines.push(format!("BatchHost={}", host.name));
    }
    let total = job.shape.total();
    let never_ran = job.state == JobState::Pending && job.restarts == 0;
    let num_nodes = if never_ran {
        format!("{0}-{0}", job.shape.nodes)
    } else {
        job.shape.nodes.to_string()
    };
    lines.push(format!(
        "NumNodes={num_nodes} NumCPUs={} NumTasks={} CPUs/Task={} ReqB:S:C:T=0:0:*:*",
        total.cpus, job.shape.tasks, job.shape.cpus_per_task
    ));
    lines.push(format!(
        "TRES={}",
        tres(total.cpus, total.mem_mb, job.shape.nodes, total.gpus)
    ));
    lines.push(format!(
        "Socks/Node=* NtasksPerN:B:S:C={}:0:*:* CoreSpec=*",
        job.request.ntasks_per_node.unwrap_or(0)
    ));
    if detail && running {
        let per = job.shape.per_node;
        lines.push(format!(
            "JOB_GRES={}",
            if total.gpus > 0 {
                format!("gpu:{}", total.gpus)
            } else {
                "(null)".to_owned()
            }
        ));
        let cpu_ids = if per.cpus > 1 {
            format!("0-{}", per.cpus - 1)
        } else {
            "0".to_owned()
        };
        let gres = if per.gpus > 0 {
            let idx = if per.gpus > 1 {
                format!("0-{}", per.gpus - 1)
            } else {
                "0".to_owned()
            };
            format!("gpu:{}(IDX:{idx})", per.gpus)
        } else {
            String::new()
        };
        lines.push(format!(
            "  Nodes={} CPU_IDs={cpu_ids} Mem={} GRES={gres}",
            c.hostlist(&job.nodes),
            per.mem_mb
        ));
    }
    let (mem_kind, mem) = match job.request.mem {
        Some(Mem::PerNode(m)) => ("Node", m),
        Some(Mem::PerCpu(m)) => ("CPU", m),
        None => match c.config.def_mem_per_cpu_mb {
            Some(m) => ("CPU", m),
            None => ("Node", 0),
        },
    };
    lines.push(format!(
        "MinCPUsNode={} MinMemory{mem_kind}={} MinTmpDiskNode=0",
        job.shape.cpus_per_task,
        mem_units(mem)
    ));
    lines.push("Features=(null) DelayBoot=00:00:00".to_owned());
    lines.push("OverSubscribe=OK Contiguous=0 Licenses=(null) Network=(null)".to_owned());
    lines.push(format!(
        "Command={}",
        job.command.clone().unwrap_or_else(|| "(null)".to_owned())
    ));
    lines.push(format!("WorkDir={}", job.work_dir));
    if job.batch {
        let (stdout, stderr) = c.output_paths(job.id);
        lines.push(format!("StdErr={stderr}"));
        lines.push("StdIn=/dev/null".to_owned());
        lines.push(format!("StdOut={stdout}"));
    }
    lines.push("Power=".to_owned());
    match job.request.gpus {
        Some(Gpus::Total(g)) => lines.push(format!("TresPerJob=gres:gpu:{g}")),
        Some(Gpus::PerNode(g)) => lines.push(format!("TresPerNode=gres:gpu:{g}")),
        None => {}
    }
    lines.push(String::new());
    let mut text = lines.join(end);
    text.push_str(close);
    text
}

/// One node as `slurm_sprint_node_table` prints it.
fn node_text(c: &Cluster, n: usize, end: &str, close: &str) -> String {
    let node = &c.nodes[n];
    let slurmd_port = c
        .config
        .other
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("SlurmdPort"))
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(6818);
    let mut lines = vec![
        format!(
            "NodeName={} Arch=x86_64 CoresPerSocket={} ",
            node.name, node.cores_per_socket
        ),
        format!(
            "CPUAlloc={} CPUEfctv={} CPUTot={} CPULoad={:.2}",
            node.alloc.cpus,
            node.cpus,
            node.cpus,
            f64::from(node.cpu_load_centi()) / 100.0
        ),
        format!(
            "AvailableFeatures={}",
            if node.features.is_empty() {
                "(null)".to_owned()
            } else {
                node.features.join(",")
            }
        ),
        format!(
            "ActiveFeatures={}",
            if node.features.is_empty() {
                "(null)".to_owned()
            } else {
                node.features.join(",")
            }
        ),
        format!(
            "Gres={}",
            if node.gres.is_empty() {
                "(null)"
            } else {
                &node.gres
            }
        ),
    ];
    let mut addr = format!("NodeAddr={} NodeHostName={} ", node.addr, node.hostname);
    if node.port != slurmd_port {
        addr.push_str(&format!("Port={} ", node.port));
    }
    addr.push_str("Version=22.05.8");
    lines.push(addr);
    lines.push(format!("OS={}", node.os));
    lines.push(format!(
        "RealMemory={} AllocMem={} FreeMem={} Sockets={} Boards={}",
        node.real_memory_mb,
        node.alloc.mem_mb,
        node.free_mem_mb(),
        node.sockets,
        node.boards
    ));
    lines.push(format!(
        "State={} ThreadsPerCore={} TmpDisk=0 Weight={} Owner=N/A MCS_label=N/A",
        node.state_complete(),
        node.threads_per_core,
        node.weight
    ));
    if !node.partitions.is_empty() {
        lines.push(format!("Partitions={} ", node.partitions.join(",")));
    }
    lines.push(format!(
        "BootTime={} SlurmdStartTime={}",
        clock::iso(node.boot_time),
        clock::iso(node.slurmd_start_time)
    ));
    lines.push(format!("LastBusyTime={}", clock::iso(node.last_busy)));
    let mut cfg = format!(
        "CfgTRES=cpu={},mem={},billing={}",
        node.cpus,
        mem_units(node.real_memory_mb),
        node.cpus
    );
    if node.gpus > 0 {
        cfg.push_str(&format!(",gres/gpu={}", node.gpus));
    }
    lines.push(cfg);
    let mut alloc = Vec::new();
    if node.alloc.cpus > 0 {
        alloc.push(format!("cpu={}", node.alloc.cpus));
    }
    if node.alloc.mem_mb > 0 {
        alloc.push(format!("mem={}", mem_units(node.alloc.mem_mb)));
    }
    if node.alloc.gpus > 0 {
        alloc.push(format!("gres/gpu={}", node.alloc.gpus));
    }
    lines.push(format!("AllocTRES={}", alloc.join(",")));
    lines.push("CapWatts=n/a".to_owned());
    lines.push("CurrentWatts=0 AveWatts=0".to_owned());
    lines.push("ExtSensorsJoules=n/s ExtSensorsWatts=0 ExtSensorsTemp=n/s".to_owned());
    if let Some(r) = &node.reason {
        lines.push(format!(
            "Reason={} [{}@{}]",
            r.text,
            r.user,
            clock::iso(r.time)
        ));
    }
    let mut text = lines.join(end);
    text.push_str(close);
    text
}

/// One partition as `slurm_sprint_partition_info` prints it.
fn partition_text(c: &Cluster, i: usize, end: &str, close: &str) -> String {
    let p = &c.partitions[i];
    let conf = c.config.partition(&p.name);
    let allow_accounts = conf
        .and_then(|cp| cp.allow_accounts.as_ref())
        .map_or_else(|| "ALL".to_owned(), |a| a.join(","));
    let (cpus, mem, gpus) = p.nodes.iter().fold((0u64, 0u64, 0u64), |acc, &n| {
        let node = &c.nodes[n];
        (
            acc.0 + u64::from(node.cpus),
            acc.1 + node.real_memory_mb,
            acc.2 + u64::from(node.gpus),
        )
    });
    let mut tres = format!(
        "TRES=cpu={cpus},mem={},node={},billing={cpus}",
        mem_units(mem),
        p.nodes.len()
    );
    if gpus > 0 {
        tres.push_str(&format!(",gres/gpu={gpus}"));
    }
    let lines = [
        format!("PartitionName={}", p.name),
        format!("AllowGroups=ALL AllowAccounts={allow_accounts} AllowQos=ALL"),
        format!(
            "AllocNodes=ALL Default={} QoS=N/A",
            if p.default { "YES" } else { "NO" }
        ),
        format!(
            "DefaultTime={} DisableRootJobs=NO ExclusiveUser=NO GraceTime=0 Hidden=NO",
            p.default_time
                .map_or_else(|| "NONE".to_owned(), |t| t.to_string())
        ),
        format!(
            "MaxNodes={} MaxTime={} MinNodes=0 LLN=NO MaxCPUsPerNode=UNLIMITED",
            p.max_nodes
                .map_or_else(|| "UNLIMITED".to_owned(), |m| m.to_string()),
            p.max_time
        ),
        format!("Nodes={}", c.hostlist(&p.nodes)),
        format!(
            "PriorityJobFactor={} PriorityTier={} RootOnly=NO ReqResv=NO OverSubscribe=NO",
            p.priority_job_factor, p.priority_tier
        ),
        "OverTimeLimit=NONE PreemptMode=OFF".to_owned(),
        format!(
            "State={} TotalCPUs={cpus} TotalNodes={} SelectTypeParameters=NONE",
            p.state.name(),
            p.nodes.len()
        ),
        "JobDefaults=(null)".to_owned(),
        "DefMemPerNode=UNLIMITED MaxMemPerNode=UNLIMITED".to_owned(),
        tres,
    ];
    let mut text = lines.join(end);
    text.push_str(close);
    text
}

/// `hold`, `uhold` and `release` of one job.
fn hold(
    c: &mut Cluster,
    arg: &str,
    release: bool,
    user_hold: bool,
    caller: &Caller<'_>,
) -> Result<(), &'static str> {
    let arg = arg.trim_start_matches("JobId=").trim_start_matches("Job=");
    let id: u32 = arg.parse().map_err(|_| "Invalid job id specified")?;
    let root = c.is_operator(caller.user);
    let job = c
        .job(id)
        .filter(|j| c.visible(j))
        .ok_or("Invalid job id specified")?;
    if !root && job.user != caller.user {
        return Err("Access/permission denied");
    }
    if job.state != JobState::Pending {
        return Err("Job is no longer pending execution");
    }
    if release && job.hold == Some(Hold::Admin) && !root {
        return Err("Access/permission denied");
    }
    let hold = if release {
        None
    } else if user_hold {
        Some(Hold::User)
    } else {
        Some(Hold::Admin)
    };
    c.set_hold(id, hold);
    Ok(())
}

/// `update NodeName=...` and `update JobId=...`.
fn update(c: &mut Cluster, words: &[String], caller: &Caller<'_>, out: &mut CommandOutput) {
    if words.is_empty() {
        out.err_line("too few arguments for update keyword");
        out.exit = 1;
        return;
    }
    let mut pairs: Vec<(String, String)> = Vec::new();
    for w in words {
        match w.split_once('=') {
            Some((k, v)) => pairs.push((k.to_owned(), v.trim_matches('"').to_owned())),
            None => {
                out.err_line(&format!(
                    "scontrol: error: Invalid input: {w}  Request aborted"
                ));
                out.exit = 1;
                return;
            }
        }
    }
    let entity = pairs
        .iter()
        .find(|(k, _)| is(k, "NodeName", 3) || is(k, "JobId", 3));
    match entity {
        Some((k, _)) if is(k, "NodeName", 3) => update_node(c, &pairs, caller, out),
        Some(_) => update_job(c, &pairs, caller, out),
        None => {
            out.err_line("No valid entity in update command");
            out.err_line("Input line must include \"NodeName\", \"PartitionName\", \"Reservation=<reservation_name>\", \"StepId=<job_id>.<step_id>\", \"FrontendName\", \"SuspendExcNodes\", \"SuspendExcParts\" or \"JobId\"");
            out.exit = 1;
        }
    }
}

/// What `State=` asks of a node.
#[derive(Clone, Copy, PartialEq, Eq)]
enum NodeChange {
    Drain,
    Down,
    Resume,
    Undrain,
}

fn update_node(
    c: &mut Cluster,
    pairs: &[(String, String)],
    caller: &Caller<'_>,
    out: &mut CommandOutput,
) {
    let mut names: Vec<String> = Vec::new();
    let mut reason: Option<String> = None;
    let mut change: Option<NodeChange> = None;
    for (k, v) in pairs {
        if is(k, "NodeName", 1) {
            names = match Hostlist::parse(v) {
                Ok(h) => h.names().to_vec(),
                Err(_) => vec![v.clone()],
            };
        } else if is(k, "Reason", 1) {
            reason = Some(v.clone());
        } else if is(k, "State", 1) {
            let vl = v.len().max(3);
            let word = |w: &str| {
                v.len() <= w.len() && vl <= w.len() && w[..v.len()].eq_ignore_ascii_case(v)
            };
            change = Some(if word("DRAIN") || word("FAIL") {
                NodeChange::Drain
            } else if word("RESUME") || word("IDLE") {
                NodeChange::Resume
            } else if word("UNDRAIN") {
                NodeChange::Undrain
            } else if word("DOWN") {
                NodeChange::Down
            } else {
                out.err_line(&format!("Invalid input: {k}={v}"));
                out.err_line("Request aborted");
                out.err_line(
                    "Valid states are: NoResp DRAIN FAIL FUTURE RESUME POWER_DOWN POWER_UP UNDRAIN",
                );
                out.err_line("Not all states are valid given a node's prior state");
                out.exit = 1;
                return;
            });
        } else {
            out.err_line(&format!(
                "Update of this parameter is not supported: {k}={v}"
            ));
            out.err_line("Request aborted");
            out.exit = 1;
            return;
        }
    }
    if matches!(change, Some(NodeChange::Drain | NodeChange::Down))
        && reason.as_deref().is_none_or(str::is_empty)
    {
        out.err_line("You must specify a reason when DOWNING or DRAINING a node. Request denied");
        out.exit = 1;
        return;
    }
    if change.is_none() && reason.is_none() {
        out.err_line("No changes specified");
        out.exit = 1;
        return;
    }
    if !c.is_operator(caller.user) {
        out.err_line("slurm_update error: Access/permission denied");
        out.exit = 1;
        return;
    }
    let indices: Option<Vec<usize>> = names.iter().map(|n| c.node_index(n)).collect();
    let Some(indices) = indices.filter(|i| !i.is_empty()) else {
        out.err_line("slurm_update error: Invalid node name specified");
        out.exit = 1;
        return;
    };
    let now = c.now;
    let stamp = |text: &str| NodeReason {
        text: text.to_owned(),
        user: caller.user.to_owned(),
        time: now,
    };
    let mut invalid = false;
    for n in indices {
        let answer = c.params.resume_answer_s;
        let node = &mut c.nodes[n];
        match change {
            Some(NodeChange::Drain) => {
                node.drain = true;
                node.reason = reason.as_deref().map(stamp);
            }
            Some(NodeChange::Down) => {
                node.down = true;
                node.reason = reason.as_deref().map(stamp);
                c.fail_node_jobs(n);
            }
            Some(NodeChange::Resume) => {
                if node.drain || node.down {
                    node.drain = false;
                    node.down = false;
                    node.reason = None;
                    // slurmd is pinged again: NOT_RESPONDING until it answers.
                    node.not_responding = true;
                    node.responds_at = Some(now + answer);
                    c.answers.insert((now + answer, n));
                } else {
                    invalid = true;
                }
            }
            Some(NodeChange::Undrain) => {
                if node.drain {
                    node.drain = false;
                    if !node.down {
                        node.reason = None;
                    }
                } else {
                    invalid = true;
                }
            }
            None => {
                if let Some(r) = &reason {
                    node.reason = Some(stamp(r));
                }
            }
        }
    }
    c.node_changed();
    if invalid {
        out.err_line("slurm_update error: Invalid node state specified");
        out.exit = 1;
    }
}

fn update_job(
    c: &mut Cluster,
    pairs: &[(String, String)],
    caller: &Caller<'_>,
    out: &mut CommandOutput,
) {
    let mut id: Option<u32> = None;
    let mut limit: Option<TimeLimit> = None;
    for (k, v) in pairs {
        if is(k, "JobId", 3) {
            id = v.parse().ok();
        } else if is(k, "TimeLimit", 5) {
            match TimeLimit::parse(v) {
                Ok(l) => limit = Some(l),
                Err(_) => {
                    out.err_line(&format!("Invalid TimeLimit value: {v}"));
                    out.exit = 1;
                    return;
                }
            }
        } else {
            out.err_line(&format!(
                "Update of this parameter is not supported: {k}={v}"
            ));
            out.err_line("Request aborted");
            out.exit = 1;
            return;
        }
    }
    let Some(id) = id.filter(|id| c.job(*id).is_some_and(|j| c.visible(j))) else {
        out.err_line("slurm_update error: Invalid job id specified");
        out.exit = 1;
        return;
    };
    let Some(limit) = limit else {
        out.err_line("No changes specified");
        out.exit = 1;
        return;
    };
    let Some(job) = c.job(id) else { return };
    if !c.is_operator(caller.user) && (job.user != caller.user || limit > job.time_limit) {
        out.err_line("slurm_update error: Access/permission denied");
        out.exit = 1;
        return;
    }
    if job.state.is_finished() {
        out.err_line("slurm_update error: Job/step already completing or completed");
        out.exit = 1;
        return;
    }
    c.set_time_limit(id, limit);
}
