//! `scontrol show job|node|partition` (steps: [`super::step`]; the
//! entities this cluster has none of: [`super::show_host`]): each item as a [`Record`] of
//! `Key=value` lines in `slurm_sprint_*_info`'s order, laid out for the
//! screen or on one line (`-o`); `-d` adds a job's details.

use crate::sorted::SortedMap;

use super::super::super::Cluster;
use super::super::super::clock;
use super::super::super::fields::mem_units;
use super::super::super::job_options::mail_type_text;
use super::super::super::output::CommandOutput;
use super::super::super::state::{
    Gpus, Job, JobState, Mem, Node, Partition, SchedBy, Sharing, StepId, task_ranges,
};
use super::is;
use super::record::Record;
use super::show_host;
use crate::sim::slurm::hostlist::Hostlist;
use crate::sim::slurm::time_spec::{TimeLimit, scontrol_time};

/// `show ENTITY [NAME]`.
pub(super) fn show(
    c: &Cluster,
    words: &[String],
    (one_line, detail): (bool, bool),
    (env, host): (Option<&SortedMap<String, String>>, &str),
    out: &mut CommandOutput,
) {
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
    if is(tag, "aliases", 1) {
        show_host::aliases(c, val.as_deref().unwrap_or(host), out);
    } else if is(tag, "burstbuffer", 2) || is(tag, "federations", 1) {
        // No burst buffer plugin, no federation: nothing to print.
    } else if is(tag, "daemons", 1) && val.is_some() {
        out.err_line("too many arguments for keyword:show");
        out.exit = 1;
    } else if is(tag, "daemons", 1) {
        show_host::daemons(c, host, out);
    } else if is(tag, "frontendname", 1) {
        show_host::front_ends(val.as_deref(), out);
    } else if is(tag, "licenses", 2) {
        show_host::licenses(out);
    } else if is(tag, "topology", 1) {
        show_host::topology(val.as_deref(), out);
    } else if is(tag, "hostnames", 5) {
        let list = val.or_else(|| env?.get("SLURM_JOB_NODELIST").cloned());
        hostnames(list.as_deref(), out);
    } else if is(tag, "hostlist", 5) || is(tag, "hostlistsorted", 9) {
        hostlist(val.as_deref(), is(tag, "hostlistsorted", 9), out);
    } else if is(tag, "jobs", 1) || is(tag, "jobid", 1) {
        show_jobs(c, val.as_deref(), one_line, detail, out);
    } else if is(tag, "nodes", 1) {
        let nodes: Vec<usize> = match &val {
            Some(v) => match Hostlist::parse(v) {
                Ok(h) => h.names().iter().filter_map(|n| c.node_index(n)).collect(),
                Err(_) => Vec::new(),
            },
            None => (0..c.nodes.len()).collect(),
        };
        show_each(out, val.as_deref(), ("Node", "nodes"), &nodes, |n| {
            node_record(c, n).layout(one_line)
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
            |i| partition_record(c, i).layout(one_line),
        );
    } else if is(tag, "steps", 2) {
        super::step::show_steps(c, val.as_deref(), one_line, out);
    } else if is(tag, "config", 1) {
        super::config::show_config(c, out);
    } else if is(tag, "reservations", 1) || is(tag, "reservationname", 1) {
        out.out_line("No reservations in the system");
    } else {
        out.err_line(&format!("invalid entity:{tag} for keyword:show "));
        out.exit = 1;
    }
}

/// `show hostnames [LIST]`: one name a line, of the list or else of the
/// job's `SLURM_JOB_NODELIST` (how a batch script finds its first node).
fn hostnames(list: Option<&str>, out: &mut CommandOutput) {
    let Some(list) = list else {
        out.err_line("scontrol: error: host list is empty");
        return;
    };
    match Hostlist::parse(list) {
        Ok(hosts) => {
            for name in hosts.names() {
                out.out_line(name);
            }
        }
        Err(_) => out.err_line(&format!("Invalid hostlist: {list}")),
    }
}

/// `show hostlist[sorted] NAMES`: the names as one compact list (this
/// model's lists are always sorted, so `hostlist` keeps no other order).
fn hostlist(names: Option<&str>, sorted: bool, out: &mut CommandOutput) {
    let Some(names) = names else {
        out.err_line("invalid encode argument");
        out.exit = 1;
        return;
    };
    match Hostlist::parse(names) {
        Ok(hosts) => {
            let mut names = hosts.names().to_vec();
            if sorted {
                crate::sort::sort(&mut names);
            }
            out.out_line(&Hostlist::from_names(names).to_string());
        }
        Err(_) => {
            out.err_line(&format!("Invalid hostlist: {names}"));
            out.exit = 1;
        }
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
    one_line: bool,
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
        out.out(&job_record(c, job, only_task, detail).layout(one_line));
    }
}

/// A time as scontrol prints it; `Unknown` for none.
fn when(t: Option<i64>) -> String {
    t.map_or_else(|| "Unknown".to_owned(), clock::iso)
}

/// `TRES=cpu=2,mem=8000M,node=2,billing=2,gres/gpu=16`.
pub(in super::super) fn tres(cpus: u32, mem_mb: u64, nodes: u32, gpus: u32) -> String {
    let mut s = format!(
        "cpu={cpus},mem={},node={nodes},billing={cpus}",
        mem_units(mem_mb)
    );
    if gpus > 0 {
        s.push_str(&format!(",gres/gpu={gpus}"));
    }
    s
}

/// `(null)` for nothing, as Slurm prints an unset string.
fn or_null(text: String) -> String {
    if text.is_empty() {
        "(null)".to_owned()
    } else {
        text
    }
}

/// One job as `slurm_sprint_job_info` prints it.
fn job_record(c: &Cluster, job: &Job, only_task: Option<u32>, detail: bool) -> Record {
    let mut r = Record::default();
    let mut first = vec![("JobId", job.id.to_string())];
    if let Some(a) = &job.array {
        let task = match (only_task, a.task) {
            (Some(t), _) | (None, Some(t)) => t.to_string(),
            (None, None) => task_ranges(&a.pending, None),
        };
        first.push(("ArrayJobId", a.array_job_id.to_string()));
        first.push(("ArrayTaskId", task));
        if let Some(m) = a.max_running {
            first.push(("ArrayTaskThrottle", m.to_string()));
        }
    }
    first.push(("JobName", job.name.clone()));
    r.line(first);
    r.line([
        ("UserId", format!("{}({})", job.user, job.uid)),
        ("GroupId", format!("{}({})", job.user, job.gid)),
        ("MCS_label", "N/A".to_owned()),
    ]);
    let mut priority = vec![
        ("Priority", job.priority.to_string()),
        ("Nice", job.nice.to_string()),
        ("Account", job.account.clone()),
        ("QOS", job.qos.clone()),
    ];
    // job_info.c adds the wckey only where slurmctld tracks them.
    if c.config.tracks_wckeys() {
        let wckey = job.wckey.clone().unwrap_or_else(|| "(null)".to_owned());
        priority.push(("WCKey", wckey));
    }
    r.line(priority);
    // A running job shows no reason, unless a hold gave it one.
    let reason = if job.state == JobState::Running && job.hold.is_none() {
        "None".to_owned()
    } else {
        job.reason_text().replace(' ', "_")
    };
    r.line([
        ("JobState", job.state_name().to_owned()),
        ("Reason", reason),
        (
            "Dependency",
            c.dependency_text(job)
                .unwrap_or_else(|| "(null)".to_owned()),
        ),
    ]);
    r.line([
        ("Requeue", u8::from(job.requeue).to_string()),
        ("Restarts", job.restarts.to_string()),
        ("BatchFlag", u8::from(job.batch).to_string()),
        ("Reboot", "0".to_owned()),
        ("ExitCode", format!("{}:{}", job.exit.0, job.exit.1)),
    ]);
    if detail {
        let derived = job
            .steps
            .iter()
            .filter(|s| s.id != StepId::Batch)
            .map(|s| s.exit)
            .max()
            .unwrap_or(0);
        r.line([("DerivedExitCode", format!("{derived}:0"))]);
    }
    job_times(c, job, &mut r);
    r.line([
        ("Partition", job.partition.clone()),
        ("AllocNode:Sid", format!("localhost:{}", job.alloc_sid)),
    ]);
    job_nodes(c, job, detail, &mut r);
    job_command(c, job, only_task, &mut r);
    r.blank_line();
    r
}

/// A job's run time and the times of its life.
fn job_times(c: &Cluster, job: &Job, r: &mut Record) {
    let run_time = job.run_time(c.now);
    r.line([
        ("RunTime", scontrol_time(run_time)),
        ("TimeLimit", job.time_limit.to_string()),
        ("TimeMin", "N/A".to_owned()),
    ]);
    r.line([
        ("SubmitTime", clock::iso(job.submit_time)),
        ("EligibleTime", when(job.eligible_time)),
    ]);
    r.line([("AccrueTime", when(job.accrue_time))]);
    let end_time = if job.time_limit == TimeLimit::Unlimited && job.state == JobState::Running {
        "Unknown".to_owned()
    } else {
        when(job.end_time)
    };
    r.line([
        ("StartTime", when(job.start_time)),
        ("EndTime", end_time),
        ("Deadline", "N/A".to_owned()),
    ]);
    let scheduler = match job.sched_by {
        SchedBy::Main => "Main",
        SchedBy::Backfill => "Backfill",
    };
    r.line([
        (
            "SuspendTime",
            job.suspension
                .last_change()
                .map_or_else(|| "None".to_owned(), clock::iso),
        ),
        ("SecsPreSuspend", job.suspension.ran_before().to_string()),
        ("LastSchedEval", clock::iso(job.last_sched_eval)),
        (
            "Scheduler",
            format!("{scheduler}{}", if job.backfill_last { ":*" } else { "" }),
        ),
    ]);
}

/// A job's nodes, size and resources (with `-d`, what it holds per node).
fn job_nodes(c: &Cluster, job: &Job, detail: bool, r: &mut Record) {
    let list = |names: &[String]| {
        or_null(if names.is_empty() {
            String::new()
        } else {
            Hostlist::from_names(names.iter().cloned()).to_string()
        })
    };
    r.line([
        ("ReqNodeList", list(&job.request.nodelist)),
        ("ExcNodeList", list(&job.request.exclude)),
    ]);
    let mut nodelist = vec![("NodeList", c.hostlist(&job.nodes))];
    if job.state == JobState::Pending && !job.sched_nodes.is_empty() {
        nodelist.push(("SchedNodeList", c.hostlist(&job.sched_nodes)));
    }
    r.line(nodelist);
    let running = !job.nodes.is_empty();
    if running && let Some(host) = job.nodes.first().and_then(|&n| c.nodes.get(n)) {
        r.line([("BatchHost", host.name.clone())]);
    }
    let total = job.held_total();
    // A range while the node count asked (`-N`) stands: until the job
    // first starts. Without `-N` Debian's 22.05.8 prints one number.
    let never_ran = job.state == JobState::Pending && job.restarts == 0;
    let num_nodes = match job.request.nodes {
        Some((_, max)) if never_ran => format!("{}-{}", job.shape.nodes, max.max(job.shape.nodes)),
        _ => job.shape.nodes.to_string(),
    };
    r.line([
        ("NumNodes", num_nodes),
        ("NumCPUs", total.cpus.to_string()),
        ("NumTasks", job.shape.tasks.to_string()),
        ("CPUs/Task", job.shape.cpus_per_task.to_string()),
        ("ReqB:S:C:T", "0:0:*:*".to_owned()),
    ]);
    r.line([(
        "TRES",
        tres(total.cpus, total.mem_mb, job.shape.nodes, total.gpus),
    )]);
    r.line([
        ("Socks/Node", "*".to_owned()),
        (
            "NtasksPerN:B:S:C",
            format!("{}:0:*:*", job.request.ntasks_per_node.unwrap_or(0)),
        ),
        ("CoreSpec", "*".to_owned()),
    ]);
    if detail && running {
        job_node_details(c, job, r);
    }
}

/// With `-d`, a running job's `JOB_GRES` and, indented, what it holds on
/// each run of nodes: CPUs, memory and GPUs.
fn job_node_details(c: &Cluster, job: &Job, r: &mut Record) {
    let gpus = job.held_total().gpus;
    let gres = if gpus > 0 {
        format!("gpu:{gpus}")
    } else {
        String::new()
    };
    r.line([("JOB_GRES", or_null(gres))]);
    let ids = |count: u32| {
        if count > 1 {
            format!("0-{}", count - 1)
        } else {
            "0".to_owned()
        }
    };
    // One line per run of nodes holding the same CPUs, memory and GPUs,
    // as Slurm groups the nodes of identical allocations.
    let held = |i: usize| (job.gpus.get(i).copied().unwrap_or(0), job.held_on(i));
    let mut at = 0;
    while at < job.nodes.len() {
        let (mask, per) = held(at);
        let same = (at..job.nodes.len())
            .take_while(|&i| held(i) == (mask, per))
            .count()
            .max(1);
        let gres = if per.gpus > 0 {
            format!("gpu:{}(IDX:{})", per.gpus, index_ranges(mask))
        } else {
            String::new()
        };
        r.indented_line([
            ("Nodes", c.hostlist(&job.nodes[at..at + same])),
            ("CPU_IDs", ids(per.cpus)),
            ("Mem", per.mem_mb.to_string()),
            ("GRES", gres),
        ]);
        at += same;
    }
}

/// A job's memory request, command, directories and GPU request;
/// `only_task`: the pending task of an array shown.
fn job_command(c: &Cluster, job: &Job, only_task: Option<u32>, r: &mut Record) {
    let (mem, per_cpu) = Mem::min_memory(job.request.mem, c.config.def_mem_per_cpu_mb);
    let mem_key = if per_cpu {
        "MinMemoryCPU"
    } else {
        "MinMemoryNode"
    };
    r.line([
        ("MinCPUsNode", job.shape.cpus_per_task.to_string()),
        (mem_key, mem_units(mem)),
        ("MinTmpDiskNode", "0".to_owned()),
    ]);
    r.line([
        (
            "Features",
            job.request
                .constraint
                .clone()
                .unwrap_or_else(|| "(null)".to_owned()),
        ),
        ("DelayBoot", "00:00:00".to_owned()),
    ]);
    r.line([
        (
            "OverSubscribe",
            Sharing::shown(job.request.sharing).to_owned(),
        ),
        ("Contiguous", "0".to_owned()),
        ("Licenses", "(null)".to_owned()),
        ("Network", "(null)".to_owned()),
    ]);
    r.line([(
        "Command",
        job.command.clone().unwrap_or_else(|| "(null)".to_owned()),
    )]);
    r.line([("WorkDir", job.work_dir.clone())]);
    if let Some(comment) = &job.extras.comment {
        // job_info.c writes a space after it.
        r.line([("Comment", format!("{comment} "))]);
    }
    if job.batch {
        let (stdout, stderr) = c.output_paths(job.id, only_task);
        r.line([("StdErr", stderr)]);
        r.line([("StdIn", "/dev/null".to_owned())]);
        r.line([("StdOut", stdout)]);
    }
    r.line([("Power", String::new())]);
    if let Some(c) = job.request.cpus_per_gpu {
        r.line([("CpusPerTres", format!("gres:gpu:{c}"))]);
    }
    if let Some(Mem::PerGpu(m)) = job.request.mem {
        r.line([("MemPerTres", format!("gres:gpu:{m}"))]);
    }
    match job.request.gpus {
        Some(Gpus::Total(g)) => r.line([("TresPerJob", format!("gres:gpu:{g}"))]),
        Some(Gpus::PerNode(g)) => r.line([("TresPerNode", format!("gres:gpu:{g}"))]),
        Some(Gpus::PerTask(g)) => r.line([("TresPerTask", format!("gres:gpu:{g}"))]),
        None => {}
    }
    if job.extras.mail_type != 0 {
        let user = job.extras.mail_user.as_ref().unwrap_or(&job.user);
        r.line([
            ("MailUser", user.clone()),
            ("MailType", mail_type_text(job.extras.mail_type)),
        ]);
    }
}

/// One node as `slurm_sprint_node_table` prints it.
fn node_record(c: &Cluster, n: usize) -> Record {
    let node = &c.nodes[n];
    let mut r = Record::default();
    node_hardware(c, node, &mut r);
    r.line([
        ("RealMemory", node.real_memory_mb.to_string()),
        ("AllocMem", node.alloc.mem_mb.to_string()),
        ("FreeMem", node.free_mem_mb().to_string()),
        ("Sockets", node.sockets.to_string()),
        ("Boards", node.boards.to_string()),
    ]);
    r.line([
        ("State", node.state_complete()),
        ("ThreadsPerCore", node.threads_per_core.to_string()),
        ("TmpDisk", "0".to_owned()),
        ("Weight", node.weight.to_string()),
        ("Owner", "N/A".to_owned()),
        ("MCS_label", "N/A".to_owned()),
    ]);
    if !node.partitions.is_empty() {
        r.padded_line([("Partitions", node.partitions.join(","))]);
    }
    r.line([
        ("BootTime", clock::iso(node.boot_time)),
        ("SlurmdStartTime", clock::iso(node.slurmd_start_time)),
    ]);
    r.line([("LastBusyTime", clock::iso(node.last_busy))]);
    let (cfg, alloc) = node_tres(node);
    r.line([("CfgTRES", cfg)]);
    r.line([("AllocTRES", alloc)]);
    node_energy(&mut r);
    if let Some(reason) = &node.reason {
        r.line([(
            "Reason",
            format!(
                "{} [{}@{}]",
                reason.text,
                reason.user,
                clock::iso(reason.time)
            ),
        )]);
    }
    r
}

/// A node's name, CPUs, features, GRES, addresses and OS: the lines
/// from `NodeName` to `OS`.
fn node_hardware(c: &Cluster, node: &Node, r: &mut Record) {
    let slurmd_port = c
        .config
        .other
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("SlurmdPort"))
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(6818);
    r.padded_line([
        ("NodeName", node.name.clone()),
        ("Arch", "x86_64".to_owned()),
        ("CoresPerSocket", node.cores_per_socket.to_string()),
    ]);
    r.line([
        ("CPUAlloc", node.alloc.cpus.to_string()),
        ("CPUEfctv", node.cpus.to_string()),
        ("CPUTot", node.cpus.to_string()),
        (
            "CPULoad",
            format!("{:.2}", f64::from(node.cpu_load_centi()) / 100.0),
        ),
    ]);
    r.line([("AvailableFeatures", or_null(node.features.join(",")))]);
    r.line([("ActiveFeatures", or_null(node.features.join(",")))]);
    r.line([("Gres", or_null(node.gres.clone()))]);
    let mut addr = vec![
        ("NodeAddr", node.addr.clone()),
        ("NodeHostName", node.hostname.clone()),
    ];
    if node.port != slurmd_port {
        addr.push(("Port", node.port.to_string()));
    }
    addr.push(("Version", "22.05.8".to_owned()));
    r.line(addr);
    r.line([("OS", node.os.clone())]);
}

/// A node's power and sensor lines, which the simulation does not
/// measure: `n/a`, `n/s` and zeros as without plugins.
fn node_energy(r: &mut Record) {
    r.line([("CapWatts", "n/a".to_owned())]);
    r.line([
        ("CurrentWatts", "0".to_owned()),
        ("AveWatts", "0".to_owned()),
    ]);
    r.line([
        ("ExtSensorsJoules", "n/s".to_owned()),
        ("ExtSensorsWatts", "0".to_owned()),
        ("ExtSensorsTemp", "n/s".to_owned()),
    ]);
}

/// A node's `CfgTRES` and `AllocTRES`.
fn node_tres(node: &Node) -> (String, String) {
    let mut cfg = format!(
        "cpu={},mem={},billing={}",
        node.cpus,
        mem_units(node.real_memory_mb),
        node.cpus
    );
    if node.gpus > 0 {
        cfg.push_str(&format!(",gres/gpu={}", node.gpus));
    }
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
    (cfg, alloc.join(","))
}

/// A partition's CPUs over its nodes, and its `TRES`.
fn partition_tres(c: &Cluster, p: &Partition) -> (u64, String) {
    let (cpus, mem, gpus) = p.nodes.iter().fold((0u64, 0u64, 0u64), |acc, &n| {
        let node = &c.nodes[n];
        (
            acc.0 + u64::from(node.cpus),
            acc.1 + node.real_memory_mb,
            acc.2 + u64::from(node.gpus),
        )
    });
    let mut tres = format!(
        "cpu={cpus},mem={},node={},billing={cpus}",
        mem_units(mem),
        p.nodes.len()
    );
    if gpus > 0 {
        tres.push_str(&format!(",gres/gpu={gpus}"));
    }
    (cpus, tres)
}

/// One partition as `slurm_sprint_partition_info` prints it.
fn partition_record(c: &Cluster, i: usize) -> Record {
    let p = &c.partitions[i];
    let conf = c.config.partition(&p.name);
    let allow_accounts = conf
        .and_then(|cp| cp.allow_accounts.as_ref())
        .map_or_else(|| "ALL".to_owned(), |a| a.join(","));
    let (cpus, tres) = partition_tres(c, p);
    let fixed = |pairs: &[(&'static str, &str)]| {
        pairs
            .iter()
            .map(|&(k, v)| (k, v.to_owned()))
            .collect::<Vec<_>>()
    };
    let mut r = Record::default();
    r.line([("PartitionName", p.name.clone())]);
    r.line([
        ("AllowGroups", "ALL".to_owned()),
        ("AllowAccounts", allow_accounts),
        ("AllowQos", "ALL".to_owned()),
    ]);
    r.line([
        ("AllocNodes", "ALL".to_owned()),
        ("Default", if p.default { "YES" } else { "NO" }.to_owned()),
        ("QoS", "N/A".to_owned()),
    ]);
    let mut times = vec![(
        "DefaultTime",
        p.default_time
            .map_or_else(|| "NONE".to_owned(), |t| t.to_string()),
    )];
    times.extend(fixed(&[
        ("DisableRootJobs", "NO"),
        ("ExclusiveUser", "NO"),
        ("GraceTime", "0"),
        ("Hidden", "NO"),
    ]));
    r.line(times);
    let mut limits = vec![
        (
            "MaxNodes",
            p.max_nodes
                .map_or_else(|| "UNLIMITED".to_owned(), |m| m.to_string()),
        ),
        ("MaxTime", p.max_time.to_string()),
    ];
    limits.extend(fixed(&[
        ("MinNodes", "0"),
        ("LLN", "NO"),
        ("MaxCPUsPerNode", "UNLIMITED"),
    ]));
    r.line(limits);
    r.line([("Nodes", c.hostlist(&p.nodes))]);
    let mut priority = vec![
        ("PriorityJobFactor", p.priority_job_factor.to_string()),
        ("PriorityTier", p.priority_tier.to_string()),
    ];
    priority.extend(fixed(&[
        ("RootOnly", "NO"),
        ("ReqResv", "NO"),
        ("OverSubscribe", "NO"),
    ]));
    r.line(priority);
    r.line(fixed(&[("OverTimeLimit", "NONE"), ("PreemptMode", "OFF")]));
    r.line([
        ("State", p.state.name().to_owned()),
        ("TotalCPUs", cpus.to_string()),
        ("TotalNodes", p.nodes.len().to_string()),
        ("SelectTypeParameters", "NONE".to_owned()),
    ]);
    r.line(fixed(&[("JobDefaults", "(null)")]));
    r.line(fixed(&[
        ("DefMemPerNode", "UNLIMITED"),
        ("MaxMemPerNode", "UNLIMITED"),
    ]));
    r.line([("TRES", tres)]);
    r
}

/// The GPUs of `mask` as Slurm prints indices: `0-3`, `4-5,7`.
pub(in super::super) fn index_ranges(mask: u64) -> String {
    let mut parts = Vec::new();
    let mut bit = 0;
    while bit < 64 {
        if mask & (1 << bit) == 0 {
            bit += 1;
            continue;
        }
        let first = bit;
        while bit < 64 && mask & (1 << bit) != 0 {
            bit += 1;
        }
        parts.push(if bit - first > 1 {
            format!("{first}-{}", bit - 1)
        } else {
            first.to_string()
        });
    }
    parts.join(",")
}
