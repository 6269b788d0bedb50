//! `squeue -O`/`--Format`: Slurm 22.05's long field names, matched
//! without regard to case, read into the same [`Field`]s as `-o`. A name
//! that `src/squeue` prints with a `-o` letter's function becomes that
//! letter; the others get a private-use code (which `-o` never accepts)
//! whose header and value live here. Fields of things the model has no
//! notion of (burst buffers, federation, heterogeneous jobs) print what
//! Slurm prints for a job that does not use them. An unknown name is
//! reported and prints only its suffix, as Slurm's `_print_com_invalid`.

use std::fmt::Write;

use super::super::super::clock;
use super::super::super::fields::Field;
use super::super::super::long_fields::{LongNames, Source};
use super::super::super::output::CommandOutput;
use super::super::super::state::Gpus;
use super::super::super::{Cluster, state::Job};
use super::super::scontrol::tres;
use super::{Row, node_count};

/// The values of the fields only `-O` names.
#[derive(Clone, Copy)]
enum Own {
    /// The same text for every job (a feature the model never sets).
    Text(&'static str),
    /// `slurm.conf`'s `ClusterName`.
    Cluster,
    /// `TASKS`.
    Tasks,
    /// `CPUS_PER_TASK`.
    CpusPerTask,
    /// `LAST_SCHED_EVAL`, `ELIGIBLE_TIME`, `ACCRUE_TIME`.
    LastSchedEval,
    Eligible,
    Accrue,
    /// `PENDING_TIME`: seconds from submission to start (or to now).
    Pending,
    /// `ALLOC_SID`.
    AllocSid,
    /// `ASSOC_ID`: the association's place in the accounts tree, as
    /// Slurm numbers associations in the order they are made.
    AssocId,
    /// `BATCH_FLAG`, `REQUEUE`, `RESTART_COUNT`.
    Batch,
    Requeue,
    Restarts,
    /// `EXIT_CODE`: the raw wait status (code * 256 + signal).
    ExitCode,
    /// `MAX_CPUS`, `MAX_NODES`.
    MaxCpus,
    MaxNodes,
    /// `NTASKS_PER_NODE`.
    TasksPerNode,
    /// `STDERR`, `STDIN`, `STDOUT`.
    StdErr,
    StdIn,
    StdOut,
    /// `TRES_ALLOC`, `TRES_PER_JOB`.
    Tres,
    TresPerJob,
}

/// Slurm's long names (lower case) and what each prints; `numtask`
/// alone selects `numtasks`, as squeue compares only those letters.
const NAMES: LongNames<Own> = LongNames {
    by_prefix: Some("numtask"),
    names: &[
        ("account", Source::Letter('a')),
        ("jobid", Source::Letter('A')),
        ("gres", Source::Letter('b')),
        ("tres-per-node", Source::Letter('b')),
        ("batchhost", Source::Letter('B')),
        ("mincpus", Source::Letter('c')),
        ("numcpus", Source::Letter('C')),
        ("mintmpdisk", Source::Letter('d')),
        ("numnodes", Source::Letter('D')),
        ("endtime", Source::Letter('e')),
        ("dependency", Source::Letter('E')),
        ("feature", Source::Letter('f')),
        ("arrayjobid", Source::Letter('F')),
        ("groupname", Source::Letter('g')),
        ("groupid", Source::Letter('G')),
        ("oversubscribe", Source::Letter('h')),
        ("shared", Source::Letter('h')),
        ("sockets", Source::Letter('H')),
        ("jobarrayid", Source::Letter('i')),
        ("cores", Source::Letter('I')),
        ("name", Source::Letter('j')),
        ("threads", Source::Letter('J')),
        ("comment", Source::Letter('k')),
        ("arraytaskid", Source::Letter('K')),
        ("timelimit", Source::Letter('l')),
        ("timeleft", Source::Letter('L')),
        ("minmemory", Source::Letter('m')),
        ("timeused", Source::Letter('M')),
        ("reqnodes", Source::Letter('n')),
        ("nodelist", Source::Letter('N')),
        ("command", Source::Letter('o')),
        ("contiguous", Source::Letter('O')),
        ("priority", Source::Letter('p')),
        ("partition", Source::Letter('P')),
        ("qos", Source::Letter('q')),
        ("prioritylong", Source::Letter('Q')),
        ("reason", Source::Letter('r')),
        ("reasonlist", Source::Letter('R')),
        ("selectjobinfo", Source::Letter('s')),
        ("starttime", Source::Letter('S')),
        ("statecompact", Source::Letter('t')),
        ("state", Source::Letter('T')),
        ("userid", Source::Letter('U')),
        ("username", Source::Letter('u')),
        ("reservation", Source::Letter('v')),
        ("submittime", Source::Letter('V')),
        ("wckey", Source::Letter('w')),
        ("licenses", Source::Letter('W')),
        ("corespec", Source::Letter('X')),
        ("nice", Source::Letter('y')),
        ("schednodes", Source::Letter('Y')),
        ("sct", Source::Letter('z')),
        ("workdir", Source::Letter('Z')),
        ("cluster", Source::Own("CLUSTER", Own::Cluster)),
        ("container", Source::Own("CONTAINER", Own::Text("(null)"))),
        (
            "burstbuffer",
            Source::Own("BURST_BUFFER", Own::Text("(null)")),
        ),
        (
            "burstbufferstate",
            Source::Own("BURST_BUFFER_STATE", Own::Text("(null)")),
        ),
        ("delayboot", Source::Own("DELAY_BOOT", Own::Text("0:00"))),
        (
            "clusterfeature",
            Source::Own("CLUSTER_FEATURES", Own::Text("(null)")),
        ),
        ("prefer", Source::Own("PREFER", Own::Text("(null)"))),
        (
            "admin_comment",
            Source::Own("ADMIN_COMMENT", Own::Text("(null)")),
        ),
        (
            "system_comment",
            Source::Own("SYSTEM_COMMENT", Own::Text("(null)")),
        ),
        (
            "lastschedeval",
            Source::Own("LAST_SCHED_EVAL", Own::LastSchedEval),
        ),
        ("pendingtime", Source::Own("PENDING_TIME", Own::Pending)),
        ("accruetime", Source::Own("ACCRUE_TIME", Own::Accrue)),
        (
            "allocnodes",
            Source::Own("ALLOC_NODES", Own::Text("localhost")),
        ),
        ("allocsid", Source::Own("ALLOC_SID", Own::AllocSid)),
        ("associd", Source::Own("ASSOC_ID", Own::AssocId)),
        ("batchflag", Source::Own("BATCH_FLAG", Own::Batch)),
        (
            "boardspernode",
            Source::Own("BOARDS_PER_NODE", Own::Text("N/A")),
        ),
        (
            "cpuspertask",
            Source::Own("CPUS_PER_TASK", Own::CpusPerTask),
        ),
        (
            "cpus-per-task",
            Source::Own("CPUS_PER_TASK", Own::CpusPerTask),
        ),
        ("derivedec", Source::Own("DERIVED_EC", Own::Text("0"))),
        ("eligibletime", Source::Own("ELIGIBLE_TIME", Own::Eligible)),
        ("exit_code", Source::Own("EXIT_CODE", Own::ExitCode)),
        ("origin", Source::Own("ORIGIN", Own::Text("NA"))),
        ("originraw", Source::Own("ORIGIN_RAW", Own::Text("NA"))),
        (
            "siblingsactive",
            Source::Own("ACTIVE_SIBLINGS", Own::Text("NA")),
        ),
        (
            "siblingsactiveraw",
            Source::Own("ACTIVE_SIBLINGS_RAW", Own::Text("NA")),
        ),
        (
            "siblingsviable",
            Source::Own("VIABLE_SIBLINGS", Own::Text("NA")),
        ),
        // Slurm's header has this typo.
        (
            "siblingsviableraw",
            Source::Own("VIALBLE_SIBLINGS_RAW", Own::Text("NA")),
        ),
        ("maxcpus", Source::Own("MAX_CPUS", Own::MaxCpus)),
        ("maxnodes", Source::Own("MAX_NODES", Own::MaxNodes)),
        ("network", Source::Own("NETWORK", Own::Text("(null)"))),
        (
            "ntpercore",
            Source::Own("NTASKS_PER_CORE", Own::Text("N/A")),
        ),
        (
            "ntpernode",
            Source::Own("NTASKS_PER_NODE", Own::TasksPerNode),
        ),
        (
            "ntpersocket",
            Source::Own("NTASKS_PER_SOCKET", Own::Text("N/A")),
        ),
        (
            "ntperboard",
            Source::Own("NTASKS_PER_BOARD", Own::Text("N/A")),
        ),
        ("preempttime", Source::Own("PREEMPT_TIME", Own::Text("N/A"))),
        ("profile", Source::Own("PROFILE", Own::Text("NotSet"))),
        ("reboot", Source::Own("REBOOT", Own::Text("0"))),
        ("reqswitch", Source::Own("REQ_SWITCH", Own::Text("0"))),
        ("requeue", Source::Own("REQUEUE", Own::Requeue)),
        ("resizetime", Source::Own("RESIZE_TIME", Own::Text("N/A"))),
        ("restartcnt", Source::Own("RESTART_COUNT", Own::Restarts)),
        (
            "sperboard",
            Source::Own("SOCKETS_PER_BOARD", Own::Text("0")),
        ),
        ("stderr", Source::Own("STDERR", Own::StdErr)),
        ("stdin", Source::Own("STDIN", Own::StdIn)),
        ("stdout", Source::Own("STDOUT", Own::StdOut)),
        ("mintime", Source::Own("TIME_MIN", Own::Text("0:00"))),
        ("wait4switch", Source::Own("WAIT4SWITCH", Own::Text("0:00"))),
        (
            "cpus-per-tres",
            Source::Own("CPUS_PER_TRES", Own::Text("N/A")),
        ),
        (
            "mem-per-tres",
            Source::Own("MEM_PER_TRES", Own::Text("N/A")),
        ),
        ("tres", Source::Own("TRES_ALLOC", Own::Tres)),
        ("tres-alloc", Source::Own("TRES_ALLOC", Own::Tres)),
        ("tres-bind", Source::Own("TRES_BIND", Own::Text("N/A"))),
        ("tres-freq", Source::Own("TRES_FREQ", Own::Text("N/A"))),
        ("tres-per-job", Source::Own("TRES_PER_JOB", Own::TresPerJob)),
        (
            "tres-per-socket",
            Source::Own("TRES_PER_SOCKET", Own::Text("N/A")),
        ),
        (
            "tres-per-task",
            Source::Own("TRES_PER_TASK", Own::Text("N/A")),
        ),
        ("mcslabel", Source::Own("MCSLABEL", Own::Text("(null)"))),
        ("deadline", Source::Own("DEADLINE", Own::Text("N/A"))),
        ("hetjobid", Source::Own("HET_JOB_ID", Own::Text("N/A"))),
        ("packjobid", Source::Own("HET_JOB_ID", Own::Text("N/A"))),
        (
            "hetjoboffset",
            Source::Own("HET_JOB_OFFSET", Own::Text("N/A")),
        ),
        (
            "packjoboffset",
            Source::Own("HET_JOB_OFFSET", Own::Text("N/A")),
        ),
        (
            "hetjobidset",
            Source::Own("HET_JOB_ID_SET", Own::Text("N/A")),
        ),
        (
            "packjobidset",
            Source::Own("HET_JOB_ID_SET", Own::Text("N/A")),
        ),
        ("numtasks", Source::Own("TASKS", Own::Tasks)),
    ],
};

/// Reads a `-O` format into fields, unknown names reported on `out`.
pub(super) fn fields(format: &str, out: &mut CommandOutput) -> Vec<Field> {
    NAMES.fields("squeue", format, out)
}

/// The header of a code of this module: empty for an unknown name.
pub(super) fn header(code: char) -> Option<&'static str> {
    NAMES.header(code)
}

/// Writes the value of a code of this module for a row to `buf`.
pub(super) fn value(c: &Cluster, code: char, row: &Row<'_>, buf: &mut String) {
    let Some((_, what)) = NAMES.own(code) else {
        return;
    };
    let job = row.job;
    let time = |t: Option<i64>| t.filter(|t| *t > 0).map_or("N/A".to_owned(), clock::iso);
    // Writing to a String cannot fail.
    let _ = match what {
        Own::Text(text) => write!(buf, "{text}"),
        Own::Cluster => write!(buf, "{}", c.config.cluster_name),
        Own::Tasks => write!(buf, "{}", job.shape.tasks),
        Own::CpusPerTask => write!(buf, "{}", job.shape.cpus_per_task),
        Own::LastSchedEval => write!(buf, "{}", time(Some(job.last_sched_eval))),
        Own::Eligible => write!(buf, "{}", time(job.eligible_time)),
        Own::Accrue => write!(buf, "{}", time(job.accrue_time)),
        Own::Pending => write!(buf, "{}", pending_seconds(c, job)),
        Own::AllocSid => write!(buf, "{}", job.alloc_sid),
        Own::AssocId => write!(buf, "{}", job.assoc.map_or(0, |(_, i)| i + 1)),
        Own::Batch => write!(buf, "{}", u8::from(job.batch)),
        Own::Requeue => write!(buf, "{}", u8::from(job.requeue)),
        Own::Restarts => write!(buf, "{}", job.restarts),
        Own::ExitCode => write!(buf, "{}", job.exit.0 * 256 + job.exit.1),
        Own::MaxCpus => write!(buf, "{}", job.shape.total().cpus),
        Own::MaxNodes => write!(
            buf,
            "{}",
            job.request.nodes.map_or(node_count(job), |(_, max)| max)
        ),
        Own::TasksPerNode => match job.request.ntasks_per_node {
            Some(n) => write!(buf, "{n}"),
            None => write!(buf, "N/A"),
        },
        Own::StdErr if !job.batch => write!(buf, "N/A"),
        Own::StdErr => write!(buf, "{}", c.output_paths(job.id, None).1),
        Own::StdIn if !job.batch => write!(buf, "(null)"),
        Own::StdIn => write!(buf, "/dev/null"),
        Own::StdOut if !job.batch => write!(buf, "{}/slurm-{}.out", job.work_dir, job.id),
        Own::StdOut => write!(buf, "{}", c.output_paths(job.id, None).0),
        Own::Tres => {
            let total = job.held_total();
            let nodes = node_count(job);
            write!(buf, "{}", tres(total.cpus, total.mem_mb, nodes, total.gpus))
        }
        Own::TresPerJob => match job.request.gpus {
            Some(Gpus::Total(g)) => write!(buf, "gres:gpu:{g}"),
            _ => write!(buf, "N/A"),
        },
    };
}

/// `PENDING_TIME`: from submission to the start once started, else to now.
fn pending_seconds(c: &Cluster, job: &Job) -> i64 {
    match job.start_time {
        Some(start) if start > 0 && start < c.now => start - job.submit_time,
        _ => c.now - job.submit_time,
    }
}

/// The default `-O` of squeue (`squeue.c`), which the `-o` default matches.
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_without_a_letter_has_its_header() {
        assert_eq!(NAMES.names.len(), 119);
        for (name, source) in NAMES.names {
            let mut out = CommandOutput::default();
            let field = &fields(name, &mut out)[0];
            match source {
                Source::Letter(l) => assert_eq!(field.letter, *l, "{name}"),
                Source::Own(h, _) => assert_eq!(header(field.letter), Some(*h), "{name}"),
            }
        }
    }
}
