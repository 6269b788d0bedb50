//! `squeue -O` and `sinfo -O`: long field names, widths, suffixes, and
//! how they meet `-o`, `-l`, `-h` and `--start`.

use super::super::output::{CommandOutput, Stream};
use super::Term;

const WORK: &str = "/srv/cluster/work";

fn text(out: &CommandOutput) -> (String, String, i32) {
    (out.text(Stream::Stdout), out.text(Stream::Stderr), out.exit)
}

/// The reference cluster with a running job and a pending one.
fn two_jobs() -> Term {
    let mut t = Term::new("2026-11-30T03:00:00");
    t.submit(
        "root",
        WORK,
        "sbatch -J big -N 4 --gpus-per-node=8 -t 60 --wrap \"sleep 3600\"",
    );
    t.submit(
        "alice",
        "~",
        "sbatch -J next --gpus-per-node=2 -t 30 --wrap \"sleep 60\"",
    );
    t.c.advance(31);
    t
}

/// Twenty columns, left-aligned and never separated: `-O`'s default width.
fn row(cells: &[&str]) -> String {
    cells.iter().map(|c| format!("{c:<20}")).collect()
}

#[test]
fn squeue_long_names_take_twenty_columns_and_any_case() {
    let mut t = two_jobs();
    let out =
        t.root("squeue -O JobID,Partition,Name,UserName,StateCompact,TimeUsed,NumNodes,ReasonList");
    let expected = [
        row(&[
            "JOBID",
            "PARTITION",
            "NAME",
            "USER",
            "ST",
            "TIME",
            "NODES",
            "NODELIST(REASON)",
        ]),
        row(&[
            "2",
            "gpu",
            "next",
            "alice",
            "PD",
            "0:00",
            "1",
            "(Resources)",
        ]),
        row(&["1", "gpu", "big", "root", "R", "0:31", "4", "node-[1-4]"]),
    ];
    assert_eq!(text(&out), (expected.join("\n") + "\n", String::new(), 0));
}

#[test]
fn squeue_sizes_suffixes_and_unknown_names() {
    let mut t = two_jobs();
    // `:.6` right-aligns in six columns, `|` follows the cell, and an
    // unknown name is reported and prints only its suffix.
    let out = t.root("squeue -h -O jobid:.6,name:10|,tres-per-node,bogus:3!");
    assert_eq!(
        text(&out),
        (
            "     2next      |gres:gpu:2          !\n     1big       |gres:gpu:8          !\n"
                .to_owned(),
            "squeue: error: Invalid job format specification: bogus\n".to_owned(),
            0
        )
    );
    // Fields -o has no letter for; a size of 0 prints the whole value, and
    // a right-aligned value too long for its size keeps its first columns.
    let out = t.root("squeue -h -t PD -O numtasks:3,cpus-per-task:3,pendingtime:4,stdout:0,tres-alloc:.42,exit_code:2");
    assert_eq!(
        text(&out).0,
        "1  1  31  /home/alice/slurm-2.outcpu=1,mem=4000M,node=1,billing=1,gres/gpu=0 \n"
    );
    let out = t.root("squeue -h -j 1 -O HetJobId:4,Origin:3,SCT:6,Profile:7,StdErr:0");
    assert_eq!(
        text(&out).0,
        "N/A NA *:*:* NotSet /srv/cluster/work/slurm-1.out\n"
    );
}

#[test]
fn squeue_refuses_o_and_capital_o_together_and_start_keeps_its_format() {
    let mut t = two_jobs();
    let out = t.root("squeue -o %i -O jobid");
    let refusal = "squeue: error: -O (--Format) is incompatible with -o (--format)\n";
    assert_eq!(text(&out), (String::new(), refusal.to_owned(), 1));
    let out = t.root("squeue -O jobid --format=%i");
    let refusal = "squeue: error: -o (--format) is incompatible with -O (--Format)\n";
    assert_eq!(text(&out), (String::new(), refusal.to_owned(), 1));
    // The last -O wins; `--start` sets its own -o format, which squeue
    // prints in place of any -O.
    assert_eq!(
        text(&t.root("squeue -h -O name -O jobid:3")).0,
        "2  \n1  \n"
    );
    assert_eq!(
        text(&t.root("squeue -h --start -O jobid")).0,
        text(&t.root("squeue -h --start")).0
    );
    // `-l` only adds the date line above a -O format.
    let out = t.root("squeue -l -O jobid:6,state:.10");
    assert_eq!(
        text(&out).0,
        "Mon Nov 30 03:00:31 2026\nJOBID      STATE\n2        PENDING\n1        RUNNING\n"
    );
}

#[test]
fn squeue_o_prints_unknown_letters_as_typed() {
    let mut t = two_jobs();
    let out = t.root("squeue -j 1 -o \"%i %J %.4!x\"");
    assert_eq!(
        text(&out),
        (
            "JOBID THREADS_PER_CORE %.4!x\n1 * %.4!x\n".to_owned(),
            "squeue: error: Invalid job format specification: !\n".to_owned(),
            0
        )
    );
}

#[test]
fn sinfo_long_names_per_partition_and_per_node() {
    let mut t = two_jobs();
    let out = t.root("sinfo -O Partition,NodeList,StateLong,CPUsState");
    let expected = [
        row(&["PARTITION", "NODELIST", "STATE", "CPUS(A/I/O/T)"]),
        row(&["gpu*", "node-[1-4]", "mixed", "4/252/0/256"]),
        row(&["debug", "node-1", "mixed", "1/63/0/64"]),
    ];
    assert_eq!(text(&out), (expected.join("\n") + "\n", String::new(), 0));
    let out = t.root("sinfo -h -N -p debug -O NodeHost:7,StateCompact:.4,Memory:7,AllocMem:5,Gres:6,GresUsed:.15,Port:6,StateComplete");
    assert_eq!(
        text(&out).0,
        "node-1  mix512000 4000 gpu:8  gpu:8(IDX:0-7)17001 mixed               \n"
    );
}

/// `opts.c` sets `partition_flag` only for a partition field; without one
/// `_match_part_data` lets partitions that agree on the shown partition
/// fields share a line, and `_update_sinfo` counts node-1 once.
#[test]
fn sinfo_merges_partitions_without_a_partition_field() {
    let mut t = two_jobs();
    let out = t.root("sinfo -O NodeList,Nodes,StateLong");
    let expected = [
        row(&["NODELIST", "NODES", "STATE"]),
        row(&["node-[1-4]", "4", "mixed"]),
    ];
    assert_eq!(text(&out), (expected.join("\n") + "\n", String::new(), 0));
    // The time limit differs, so the partitions keep their own lines.
    let out = t.root("sinfo -h -O NodeList,Time");
    let expected = [
        row(&["node-[1-4]", "7-00:00:00"]),
        row(&["node-1", "1:00:00"]),
    ];
    assert_eq!(text(&out).0, expected.join("\n") + "\n");
    // -N: every node of every partition has its own line all the same.
    let out = t.root("sinfo -h -N -O NodeList,StateCompact");
    let expected = ["node-1", "node-1", "node-2", "node-3", "node-4"].map(|n| row(&[n, "mix"]));
    assert_eq!(text(&out).0, expected.join("\n") + "\n");
    // The same with -o's letters.
    let out = t.root("sinfo -o \"%N %D %t\"");
    assert_eq!(text(&out).0, "NODELIST NODES STATE\nnode-[1-4] 4 mix\n");
    // A node joins a line only if its hostname (address) is already there.
    let out = t.root("sinfo -h -o \"%n %D\"");
    assert_eq!(text(&out).0, "node-1 1\nnode-2 1\nnode-3 1\nnode-4 1\n");
    let out = t.root("sinfo -h -o \"%o %D\"");
    assert_eq!(text(&out).0, "127.0.0.1 4\n");
}

/// With a partition field (and no -N), `_build_sinfo_data` gives every
/// listed partition a line before any node, so one whose nodes are all
/// filtered out shows 0 nodes in state n/a.
#[test]
fn sinfo_partition_field_keeps_empty_partitions() {
    let mut t = two_jobs();
    let out = t.root("sinfo -t idle");
    assert_eq!(
        text(&out).0,
        "PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST\n\
         gpu*         up 7-00:00:00      0    n/a \n\
         debug        up    1:00:00      0    n/a \n"
    );
    assert_eq!(text(&t.root("sinfo -t idle -o %N")).0, "NODELIST\n");
    assert_eq!(text(&t.root("sinfo -N -t idle")).0.lines().count(), 1);
}

#[test]
fn sinfo_unknown_names_and_mixed_formats() {
    let mut t = two_jobs();
    let out = t.root("sinfo -O partition:6,bogus:4|");
    assert_eq!(
        text(&out),
        (
            "PARTIT|\ngpu*  |\ndebug |\n".to_owned(),
            "sinfo: error: Invalid job format specification: bogus\n".to_owned(),
            0
        )
    );
    // Once -O is given, the last format is read as a long one, even a -o;
    // with no field left, nothing keeps the partitions apart: one line.
    let out = t.root("sinfo -O partition -o %P");
    assert_eq!(
        text(&out),
        (
            "\n\n".to_owned(),
            "sinfo: error: Invalid job format specification: %P\n".to_owned(),
            0
        )
    );
    // Both partitions are up: AVAIL alone does not keep them apart.
    assert_eq!(text(&t.root("sinfo -h -o %P -O available:3")).0, "up \n");
    let out = t.root("sinfo -l -O partition");
    let fatal = "sinfo: fatal: Options -o(--format) and -l(--long) are mutually exclusive. Please remove one and retry.\n";
    assert_eq!(text(&out), (String::new(), fatal.to_owned(), 1));
    // `all` is sinfo's `%all`: every field, `|` between them.
    let out = t.root("sinfo -p debug -O all");
    let header = concat!(
        "AVAIL|ACTIVE_FEATURES|CPUS|TMP_DISK|FREE_MEM|AVAIL_FEATURES|GROUPS|OVERSUBSCRIBE|TIMELIMIT|MEMORY|HOSTNAMES|NODE_ADDR|PRIO_TIER|ROOT|JOB_SIZE|STATE|USER|VERSION|WEIGHT|S:C:T|",
        "NODES(A/I) |MAX_CPUS_PER_NODE |CPUS(A/I/O/T) |NODES |REASON |NODES(A/I/O/T) |GRES |TIMESTAMP |PRIO_JOB_FACTOR |DEFAULTTIME |PREEMPT_MODE |NODELIST |CPU_LOAD |PARTITION |PARTITION |ALLOCNODES |STATE |USER |CLUSTER |SOCKETS |CORES |THREADS \n"
    );
    assert!(text(&out).0.starts_with(header), "{}", text(&out).0);
    assert_eq!(text(&out).0.lines().count(), 2);
    // -o's unknown letters print as typed, reported without a prefix.
    let out = t.root("sinfo -h -p debug -o \"%P %.3x\"");
    assert_eq!(
        text(&out),
        (
            "debug %.3x\n".to_owned(),
            "Invalid node format specification: x\n".to_owned(),
            0
        )
    );
}
