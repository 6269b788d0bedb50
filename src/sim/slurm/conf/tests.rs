//! Tests: the reference cluster's slurm.conf, `DEFAULT` lines, the text
//! rules (case, comments, continuations, quotes), typed values, node
//! layouts and GRES, the priority keys, errors with their lines, and a
//! property that no text panics.

use super::*;
use crate::sim::fair_share::{FairShareError, UsageReset};
use crate::sim::slurm::time_spec::TimeLimit;

/// A header every test text needs.
const HEAD: &str = "ClusterName=test\n";

fn parse(text: &str) -> ClusterConfig {
    match ClusterConfig::parse(text) {
        Ok(config) => config,
        Err(e) => panic!("should parse:\n{e}\n---\n{text}"),
    }
}

/// The error lines of a text, as `ConfErrors` prints them.
fn errors(text: &str) -> Vec<String> {
    match ClusterConfig::parse(text) {
        Ok(config) => panic!("should fail: {config:?}"),
        Err(e) => e.to_string().lines().map(str::to_owned).collect(),
    }
}

/// The one error of a one-node text with `line` added after the node.
fn error_of(line: &str) -> String {
    let text = format!("{HEAD}NodeName=n1\n{line}\n");
    let all = errors(&text);
    assert_eq!(all.len(), 1, "{all:?}");
    all[0].clone()
}

fn other<'a>(pairs: &'a [(String, String)], key: &str) -> Option<&'a str> {
    pairs
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

#[test]
fn the_reference_cluster_reads_as_its_transcripts_show() {
    let config = match ClusterConfig::reference() {
        Ok(config) => config,
        Err(e) => panic!("reference.conf should parse:\n{e}"),
    };
    assert_eq!(config.cluster_name, "cluster");
    assert_eq!(config.nodes.len(), 1);
    let node = &config.nodes[0];
    assert_eq!(node.names.to_string(), "node-[1-4]");
    assert_eq!(
        config.node_names().collect::<Vec<_>>(),
        ["node-1", "node-2", "node-3", "node-4"]
    );
    // scontrol show node: CPUTot=64 Sockets=2 Boards=1 CoresPerSocket=32
    // ThreadsPerCore=1 RealMemory=512000 Gres=gpu:8 Weight=1.
    assert_eq!(node.cpus, 64);
    assert_eq!(
        (
            node.boards,
            node.sockets,
            node.cores_per_socket,
            node.threads_per_core
        ),
        (1, 2, 32, 1)
    );
    assert_eq!(node.real_memory_mb, 512_000);
    assert_eq!(node.gpus(), 8);
    assert_eq!(
        node.gres
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["gpu:8"]
    );
    assert_eq!(node.state, InitialState::Unknown);
    assert_eq!(node.weight, 1);
    assert!(node.features.is_empty());
    assert_eq!(other(&node.other, "NodeHostname"), Some("node-[1-4]"));
    assert_eq!(other(&node.other, "NodeAddr"), Some("127.0.0.1"));
    assert_eq!(other(&node.other, "Port"), Some("[17001-17004]"));
    assert!(config.node("node-3").is_some());
    assert!(config.node("node-9").is_none());
    let total_cpus: u32 = config
        .node_names()
        .filter_map(|n| config.node(n))
        .map(|n| u32::from(n.cpus))
        .sum();
    assert_eq!(total_cpus, 256); // scontrol show partition gpu: TotalCPUs=256

    // sinfo: gpu* up 7-00:00:00 node-[1-4]; debug up 1:00:00 node-1.
    let names: Vec<&str> = config.partitions.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["gpu", "debug"]);
    let Some(gpu) = config.partition("gpu") else {
        panic!("no gpu partition")
    };
    assert!(gpu.default);
    assert_eq!(
        config.default_partition().map(|p| p.name.as_str()),
        Some("gpu")
    );
    assert_eq!(config.partition_nodes(gpu).to_string(), "node-[1-4]");
    assert_eq!(gpu.max_time.sinfo(), "7-00:00:00");
    assert_eq!(gpu.max_time.to_string(), "7-00:00:00");
    assert_eq!(
        gpu.default_time.map(TimeLimit::sinfo).as_deref(),
        Some("1:00:00")
    );
    assert_eq!(
        gpu.default_time.map(|t| t.to_string()).as_deref(),
        Some("01:00:00")
    );
    assert_eq!(
        (
            gpu.state,
            gpu.max_nodes,
            gpu.priority_tier,
            gpu.priority_job_factor
        ),
        (PartitionState::Up, None, 1, 1)
    );
    assert_eq!(gpu.allow_accounts, None);
    let Some(debug) = config.partition("debug") else {
        panic!("no debug partition")
    };
    assert!(!debug.default);
    assert_eq!(config.partition_nodes(debug).to_string(), "node-1");
    assert_eq!(debug.max_time, TimeLimit::Minutes(60));
    assert_eq!(debug.max_time.sinfo(), "1:00:00");
    assert_eq!(debug.default_time, Some(TimeLimit::Minutes(30)));

    assert_eq!(config.scheduler_type, "sched/backfill");
    assert_eq!(config.select_type, "select/cons_tres");
    assert_eq!(
        config.select_type_parameters.as_deref(),
        Some("CR_Core_Memory")
    );
    assert_eq!(config.enforce_part_limits, EnforcePartLimits::All);
    assert_eq!(config.def_mem_per_cpu_mb, Some(4000));
    assert_eq!(config.priority_type, "priority/multifactor");
    assert!(config.priority_flags.is_empty());
    assert_eq!(config.priority, PriorityConfig::reference_cluster());
    assert_eq!(
        (
            config.return_to_service,
            config.slurmd_timeout_s,
            config.min_job_age_s,
            config.kill_wait_s
        ),
        (1, 300, 300, 30)
    );

    // Everything else is kept, in file order.
    assert_eq!(
        config.other.first().map(|(k, v)| (k.as_str(), v.as_str())),
        Some(("SlurmctldHost", "vm(127.0.0.1)"))
    );
    assert_eq!(other(&config.other, "GresTypes"), Some("gpu"));
    assert_eq!(
        other(&config.other, "SlurmdSpoolDir"),
        Some("/var/spool/slurmd/%n")
    );
    assert_eq!(
        other(&config.other, "AccountingStorageTRES"),
        Some("gres/gpu")
    );
    assert_eq!(other(&config.other, "PriorityWeightTRES"), None);
    assert_eq!(other(&config.other, "ClusterName"), None);
    assert_eq!(config.other.len(), 32);
}

#[test]
fn default_lines_fill_what_later_lines_leave_out() {
    let config = parse(&format!(
        "{HEAD}NodeName=DEFAULT CPUs=8 RealMemory=1000 Gres=gpu:2 Features=a100\n\
         NodeName=a[1-2]\n\
         NodeName=DEFAULT RealMemory=2000\n\
         NodeName=b1 CPUs=4 Feature=v100\n\
         PartitionName=DEFAULT MaxTime=30 State=DOWN\n\
         PartitionName=p Nodes=a[1-2],b1 Default=YES\n\
         PartitionName=DEFAULT MaxTime=60\n\
         PartitionName=q Nodes=ALL State=UP Default=YES Priority=5\n"
    ));
    let a = &config.nodes[0];
    assert_eq!((a.cpus, a.real_memory_mb, a.gpus()), (8, 1000, 2));
    assert_eq!(a.features, ["a100"]);
    let b = &config.nodes[1];
    assert_eq!((b.cpus, b.real_memory_mb, b.gpus()), (4, 2000, 2));
    assert_eq!(b.features, ["v100"]);
    let (p, q) = (&config.partitions[0], &config.partitions[1]);
    assert_eq!(
        (p.max_time, p.state),
        (TimeLimit::Minutes(30), PartitionState::Down)
    );
    assert_eq!(
        (q.max_time, q.state),
        (TimeLimit::Minutes(60), PartitionState::Up)
    );
    assert_eq!((q.priority_tier, q.priority_job_factor), (5, 5));
    assert_eq!(q.nodes, PartitionNodes::All);
    assert_eq!(config.partition_nodes(q).to_string(), "a[1-2],b1");
    // A later Default=YES wins.
    assert_eq!(
        config.default_partition().map(|p| p.name.as_str()),
        Some("q")
    );
}

#[test]
fn keys_comments_continuations_and_quotes_as_slurm_reads_them() {
    let config = parse(
        "clustername=Mixed   # a comment\n\
         \n\
         # NodeName=ignored\n\
         nodename=n[1-2] \\\n   cpus=4 \\\n   realmemory=100\n\
         PARTITIONNAME=p nodes=\"n1 n2\" maxtime=1-0 AllowAccounts=Team-A,team-b\n\
         SlurmctldLogFile=/var/log/slurm\\#1.log\n\
         SchedulerType = sched/builtin\n",
    );
    assert_eq!(config.cluster_name, "mixed");
    assert_eq!(
        (config.nodes[0].cpus, config.nodes[0].real_memory_mb),
        (4, 100)
    );
    let p = &config.partitions[0];
    assert_eq!(
        p.nodes,
        PartitionNodes::List(Hostlist::from_names(["n1", "n2"]))
    );
    assert_eq!(p.max_time, TimeLimit::Minutes(1440));
    assert_eq!(
        p.allow_accounts,
        Some(vec!["team-a".to_owned(), "team-b".to_owned()])
    );
    assert_eq!(
        other(&config.other, "SlurmctldLogFile"),
        Some("/var/log/slurm#1.log")
    );
    assert_eq!(config.scheduler_type, "sched/builtin");
}

#[test]
fn the_defaults_of_slurm() {
    let config = parse(&format!("{HEAD}NodeName=n1\nPartitionName=p Nodes=n1\n"));
    let node = &config.nodes[0];
    assert_eq!(
        (
            node.cpus,
            node.boards,
            node.sockets,
            node.cores_per_socket,
            node.threads_per_core
        ),
        (1, 1, 1, 1, 1)
    );
    assert_eq!((node.real_memory_mb, node.weight, node.gpus()), (1, 1, 0));
    let p = &config.partitions[0];
    assert_eq!(
        (p.max_time, p.default_time, p.max_nodes),
        (TimeLimit::Unlimited, None, None)
    );
    assert!(!p.default);
    assert_eq!(config.default_partition(), None);
    assert_eq!(config.scheduler_type, "sched/backfill");
    assert_eq!(config.select_type, "select/linear");
    assert_eq!(config.enforce_part_limits, EnforcePartLimits::No);
    assert_eq!(config.priority_type, "priority/basic");
    assert_eq!(config.priority, PriorityConfig::default());
    assert_eq!(
        (
            config.return_to_service,
            config.slurmd_timeout_s,
            config.min_job_age_s,
            config.kill_wait_s
        ),
        (0, 300, 300, 30)
    );
    assert!(config.other.is_empty());
}

#[test]
fn numbers_are_read_as_strtoul_reads_them() {
    let node = |options: &str| parse(&format!("{HEAD}NodeName=n1 {options}\n")).nodes[0].clone();
    assert_eq!(node("RealMemory=1k").real_memory_mb, 1024);
    assert_eq!(node("CPUs=0x10").cpus, 16);
    assert_eq!(node("CPUs=010").cpus, 8);
    assert_eq!(node("CPUs=+4").cpus, 4);
    assert_eq!(node("Weight=UNLIMITED").weight, u32::MAX - 1);
    assert_eq!(
        node("TmpDisk=2K").other,
        [("TmpDisk".to_owned(), "2K".to_owned())]
    );
    let top = |line: &str| parse(&format!("{HEAD}NodeName=n1\n{line}\n"));
    assert_eq!(top("KillWait=INFINITE").kill_wait_s, u16::MAX);
    assert_eq!(top("MinJobAge=0x10").min_job_age_s, 16);
    assert_eq!(
        top("EnforcePartLimits=yes").enforce_part_limits,
        EnforcePartLimits::Any
    );
    assert_eq!(
        top("EnforcePartLimits=ANY").enforce_part_limits,
        EnforcePartLimits::Any
    );
    assert_eq!(
        top("EnforcePartLimits=0").enforce_part_limits,
        EnforcePartLimits::No
    );
    assert_eq!(EnforcePartLimits::All.name(), "ALL");
}

#[test]
fn bad_values_are_worded_as_slurmctld_words_them() {
    let cases = [
        ("Foo=bar", "line 3: Parsing error at unrecognized key: Foo"),
        (
            "NodeName=n2 CPUs=abc",
            "line 3: CPUs value (abc) is not a valid number",
        ),
        (
            "NodeName=n2 CPUs=08",
            "line 3: CPUs value (08) is not a valid number",
        ),
        (
            "NodeName=n2 CPUs=70000",
            "line 3: CPUs value (70000) is greater than 65535",
        ),
        (
            "NodeName=n2 CPUs=-1",
            "line 3: CPUs value (-1) is less than zero",
        ),
        (
            "NodeName=n2 CPUs=4k",
            "line 3: CPUs value (4k) is not a valid number",
        ),
        (
            "NodeName=n2 Weight=4294967296",
            "line 3: Weight value (4294967296) is greater than 4294967295",
        ),
        (
            "MinJobAge=99999999999999999999999",
            "line 3: MinJobAge value (99999999999999999999999) is out of range",
        ),
        (
            "NodeName=n2 Bogus=1",
            "line 3: Parsing error at unrecognized key: Bogus",
        ),
        (
            "NodeName=n2 MaxTime=1",
            "line 3: Parsing error at unrecognized key: MaxTime",
        ),
        (
            "PartitionName=p Nodes=n1 Default=maybe",
            "line 3: \"maybe\" is not a valid option for \"Default\"",
        ),
        (
            "PartitionName=p Nodes=n1 MaxTime=1hour",
            "line 3: Bad value \"1hour\" for MaxTime",
        ),
        (
            "PartitionName=p Nodes=n1 DefaultTime=x",
            "line 3: Bad value \"x\" for DefaultTime",
        ),
        (
            "PartitionName=p Nodes=n1 State=MAYBE",
            "line 3: Bad value \"MAYBE\" for State",
        ),
        (
            "EnforcePartLimits=SOMETIMES",
            "line 3: Bad value \"SOMETIMES\" for EnforcePartLimits",
        ),
        (
            "KillWait=30 MinJobAge=1",
            "line 3: Parse error: \"MinJobAge=1\"",
        ),
        ("KillWait+=30", "line 3: Parse error: \"KillWait+=30\""),
        ("just words", "line 3: Parse error: \"just words\""),
        (
            "Include /etc/slurm/nodes.conf",
            "line 3: Include is not supported here: paste the included file's lines instead",
        ),
        (
            "NodeName=DEFAULT NodeAddr=10.0.0.1",
            "line 3: NodeAddr not allowed with NodeName=DEFAULT",
        ),
        (
            "NodeName=ALL CPUs=2",
            "line 3: 'ALL' is a reserved word disallowed for use with NodeName",
        ),
        (
            "NodeName=n[2-",
            "line 3: Unable to create NodeName list from n[2-: unclosed `[` in `n[2-`",
        ),
        (
            "NodeName=n[4-2]",
            "line 3: Unable to create NodeName list from n[4-2]: Invalid range: `4-2` in `n[4-2]`",
        ),
        (
            "NodeName=n2 State=MIXED",
            "line 3: node n2 has invalid state MIXED",
        ),
        (
            "NodeName=n2 Gres=gpu:a:b:c",
            "line 3: Invalid GRES data for gpu:a:b:c",
        ),
        (
            "NodeName=n1",
            "line 3: Duplicated NodeHostName n1 in config file",
        ),
        (
            "PartitionName=p Nodes=n[1-3],x",
            "line 3: Invalid node names in partition p: n[2-3],x",
        ),
        (
            "DownNodes=n1 Color=red",
            "line 3: Parsing error at unrecognized key: Color",
        ),
        (
            "PriorityUsageResetPeriod=FORTNIGHTLY",
            "line 3: Bad value \"FORTNIGHTLY\" for PriorityUsageResetPeriod",
        ),
        (
            "PriorityCalcPeriod=0",
            "line 3: Bad value \"0\" for PriorityCalcPeriod",
        ),
        (
            "PriorityDecayHalfLife=soon",
            "line 3: Bad value \"soon\" for PriorityDecayHalfLife",
        ),
    ];
    for (line, expected) in cases {
        assert_eq!(error_of(line), format!("error: {expected}"), "{line}");
    }
}

#[test]
fn all_problems_are_reported_in_line_order() {
    let text = "Foo=1\n\
                NodeName=n1 CPUs=x\n\
                NodeName=n2\n\
                PartitionName=p Nodes=n[1-2]\n\
                PartitionName=p Nodes=n2\n";
    assert_eq!(
        errors(text),
        [
            "error: line 1: Parsing error at unrecognized key: Foo",
            "error: line 2: CPUs value (x) is not a valid number",
            "error: line 4: Invalid node names in partition p: n1",
            "error: line 5: duplicate entry for partition p",
            "error: ClusterName needs to be specified",
        ]
    );
    assert_eq!(
        errors(""),
        [
            "error: ClusterName needs to be specified",
            "error: no nodes configured"
        ]
    );
    assert_eq!(errors(HEAD), ["error: no nodes configured"]);
    let err = ClusterConfig::parse("Foo=1\n")
        .err()
        .map(|e| e.0)
        .unwrap_or_default();
    assert_eq!(err[0].line, Some(1));
    assert_eq!(
        err[0].kind,
        ConfErrorKind::UnrecognizedKey { key: "Foo".into() }
    );
    assert_eq!(err[1].line, None);
}

#[test]
fn a_continued_line_is_numbered_by_its_first_line() {
    let text = format!("{HEAD}NodeName=n0\nNodeName=n1 \\\n CPUs=4 \\\n Sockets=x\nFoo=1\n");
    assert_eq!(
        errors(&text),
        [
            "error: line 3: Sockets value (x) is not a valid number",
            "error: line 6: Parsing error at unrecognized key: Foo",
        ]
    );
}

#[test]
fn node_layouts_are_worked_out_as_slurm_does() {
    let node = |options: &str| parse(&format!("{HEAD}NodeName=n1 {options}\n")).nodes[0].clone();
    assert_eq!(node("Sockets=2 CoresPerSocket=4 ThreadsPerCore=2").cpus, 16);
    assert_eq!(node("CPUs=16 CoresPerSocket=4 ThreadsPerCore=2").sockets, 2);
    assert_eq!(node("Boards=2 SocketsPerBoard=2 CoresPerSocket=8").cpus, 32);
    assert_eq!(node("Procs=6").cpus, 6);
    assert_eq!(node("CPUs=8 Procs=6").cpus, 8);
    // CPUs may count sockets or cores rather than threads.
    assert_eq!(
        node("CPUs=2 Sockets=2 CoresPerSocket=4 ThreadsPerCore=2").cpus,
        2
    );
    assert_eq!(
        node("CPUs=8 Sockets=2 CoresPerSocket=4 ThreadsPerCore=2").cpus,
        8
    );
    let cases = [
        ("CPUs=0", "NodeNames=n2 CPUs=0 is invalid"),
        (
            "CoresPerSocket=0",
            "NodeNames=n2 CoresPerSocket=0 is invalid",
        ),
        (
            "Sockets=2 SocketsPerBoard=2",
            "NodeNames=n2 Sockets=# and SocketsPerBoard=# is invalid",
        ),
        ("Boards=4 Sockets=2", "NodeNames=n2 Sockets(2) < Boards(4)"),
        (
            "CPUs=10 CoresPerSocket=4",
            "NodeNames=n2 CPUs=10 match no Sockets, Sockets*CoresPerSocket or Sockets*CoresPerSocket*ThreadsPerCore",
        ),
        (
            "Sockets=256 CoresPerSocket=256",
            "CPUs value (65536) is greater than 65535",
        ),
    ];
    for (options, expected) in cases {
        assert_eq!(
            error_of(&format!("NodeName=n2 {options}")),
            format!("error: line 3: {expected}"),
            "{options}"
        );
    }
}

#[test]
fn gres_and_states_of_nodes() {
    let node = |options: &str| parse(&format!("{HEAD}NodeName=n1 {options}\n")).nodes[0].clone();
    let typed = node("Gres=gpu:a100:4,gpu:v100:2,mps:1K");
    assert_eq!(typed.gpus(), 6);
    let shown: Vec<String> = typed.gres.iter().map(ToString::to_string).collect();
    assert_eq!(shown, ["gpu:a100:4", "gpu:v100:2", "mps:1024"]);
    assert_eq!(node("Gres=gpu").gpus(), 1);
    assert_eq!(node("Gres=gpu:2(S:0-1)").gpus(), 2);
    assert_eq!(node("Gres=gpu:a100").gres[0].kind.as_deref(), Some("a100"));
    for bad in ["gpu:a100:x", "gpu:", ":4", "gpu::4"] {
        assert_eq!(
            error_of(&format!("NodeName=n2 Gres={bad}")),
            format!("error: line 3: Invalid GRES data for {bad}")
        );
    }
    let states = [
        ("DRAIN", InitialState::Drain),
        ("drained", InitialState::Drain),
        ("FAILING", InitialState::Fail),
        ("future", InitialState::Future),
        ("CLOUD", InitialState::Cloud),
        ("IDLE", InitialState::Idle),
        ("DOWN", InitialState::Down),
        ("UNKNOWN", InitialState::Unknown),
    ];
    for (text, state) in states {
        assert_eq!(node(&format!("State={text}")).state, state, "{text}");
    }
    assert_eq!(InitialState::Drain.name(), "DRAIN");
    assert_eq!(PartitionState::Inactive.name(), "INACTIVE");
}

#[test]
fn priority_keys_map_into_the_fair_share_model() {
    let config = parse(&format!(
        "{HEAD}NodeName=n1\n\
         PriorityFlags=NO_FAIR_TREE,MAX_TRES\n\
         PriorityUsageResetPeriod=WEEKLY\n\
         PriorityDecayHalfLife=0\n\
         PriorityMaxAge=1-0\n\
         PriorityCalcPeriod=0:30\n\
         PriorityWeightAge=10k\n\
         PriorityWeightAssoc=7\n\
         PriorityWeightTRES=CPU=1,GRES/gpu=1000\n\
         FairShareDampeningFactor=5\n"
    ));
    assert_eq!(config.priority_flags, ["NO_FAIR_TREE", "MAX_TRES"]);
    let p = &config.priority;
    assert_eq!(p.usage_reset, UsageReset::Weekly);
    assert_eq!(
        (p.decay_half_life_s, p.max_age_s, p.calc_period_s),
        (0, 86_400, 60)
    );
    assert_eq!((p.weights.age, p.weights.assoc), (10_240, 7));
    assert_eq!(
        p.weights.tres,
        [("cpu".to_owned(), 1), ("gres/gpu".to_owned(), 1000)]
    );
    assert_eq!(p.dampening_factor, 5);
    // No decay is refused only when no reset period is given.
    assert_eq!(
        error_of("PriorityDecayHalfLife=0"),
        format!("error: line 3: {}", FairShareError::NeverDecaysNorResets)
    );
    parse(&format!(
        "{HEAD}NodeName=n1\nPriorityDecayHalfLife=0\nPriorityUsageResetPeriod=NONE\n"
    ));
    assert_eq!(
        error_of("PriorityWeightTRES=GRES/gpu"),
        format!(
            "error: line 3: {}",
            FairShareError::InvalidTresWeight {
                entry: "GRES/gpu".into()
            }
        )
    );
    let unlimited = parse(&format!("{HEAD}NodeName=n1\nPriorityMaxAge=UNLIMITED\n"));
    assert_eq!(unlimited.priority.max_age_s, u64::MAX);
}

#[test]
fn line_keys_are_checked_and_kept_whole() {
    let config = parse(&format!(
        "{HEAD}SlurmctldHost=primary(10.0.0.1)\n\
         SlurmctldHost=backup\n\
         NodeName=n[1-2]\n\
         DownNodes=n2 State=DOWN Reason=\"bad fan\"\n\
         NodeSet=set1 Nodes=n[1-2]\n"
    ));
    let kept: Vec<(&str, &str)> = config
        .other
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        kept,
        [
            ("SlurmctldHost", "primary(10.0.0.1)"),
            ("SlurmctldHost", "backup"),
            ("DownNodes", "n2 State=DOWN Reason=\"bad fan\""),
            ("NodeSet", "set1 Nodes=n[1-2]"),
        ]
    );
    assert_eq!(
        config.controllers(),
        [("primary", Some("10.0.0.1")), ("backup", None)]
    );
}

#[test]
fn node_names_are_bounded_across_lines() {
    let text: String = (0..5)
        .map(|i| format!("NodeName=r{i}n[0-65535]\n"))
        .collect();
    let all = errors(&format!("{HEAD}{text}"));
    assert_eq!(
        all,
        ["error: line 6: more than 262144 node names in NodeName and PartitionName lines"]
    );
}

#[cfg(not(target_arch = "wasm32"))]
mod properties {
    use proptest::prelude::*;

    use super::super::*;

    /// Pieces of slurm.conf lines, valid and not.
    fn piece() -> impl Strategy<Value = &'static str> {
        proptest::sample::select(vec![
            "ClusterName",
            "NodeName",
            "PartitionName",
            "CPUs",
            "Sockets",
            "Gres",
            "Nodes",
            "MaxTime",
            "State",
            "Default",
            "Priority",
            "PriorityWeightTRES",
            "DownNodes",
            "Include",
            "DEFAULT",
            "ALL",
            "Foo",
            "=",
            "=",
            "=",
            " ",
            " ",
            "\n",
            "\n",
            "#",
            "\\",
            "\"",
            "n[1-4]",
            "n[4-1]",
            "[",
            "]",
            ",",
            "1-0",
            "0x1k",
            "-1",
            "0",
            "65536",
            "UNLIMITED",
            "gpu:a:2",
            "GRES/gpu=1",
            "DRAIN",
            "YES",
            "é",
        ])
    }

    proptest! {
        #[test]
        fn random_lines_never_panic(pieces in proptest::collection::vec(piece(), 0..40)) {
            let _ = ClusterConfig::parse(&pieces.concat());
        }

        #[test]
        fn any_text_never_panics(text in any::<String>()) {
            let _ = ClusterConfig::parse(&text);
        }
    }
}

#[test]
fn slurmstepd_names_its_node_where_several_slurmd_share_a_host() {
    // The reference test cluster: four slurmd on 127.0.0.1, one port each.
    let reference = parse(REFERENCE_CONF);
    assert!(reference.multiple_slurmd());
    assert_eq!(reference.stepd_name("node-3"), "slurmstepd-node-3");
    let training = ClusterConfig::training().expect("the training cluster");
    assert!(!training.multiple_slurmd());
    assert_eq!(training.stepd_name("node-3"), "slurmstepd");
    // One address per node, a range or line by line: one slurmd per host.
    let own = parse(
        "ClusterName=c\nNodeName=n[1-2] NodeAddr=10.0.0.[1-2] CPUs=4\nPartitionName=p Nodes=ALL\n",
    );
    assert!(!own.multiple_slurmd());
    let shared = parse(
        "ClusterName=c\nNodeName=n1 NodeAddr=10.0.0.1 CPUs=4\nNodeName=n2 NodeAddr=10.0.0.1 Port=6819 CPUs=4\nPartitionName=p Nodes=ALL\n",
    );
    assert!(shared.multiple_slurmd());
}

#[test]
fn the_files_are_kept_as_written_with_comments_true_to_their_cluster() {
    let reference = parse(REFERENCE_CONF);
    assert_eq!(
        reference.files,
        [("slurm.conf".to_owned(), REFERENCE_CONF.to_owned())]
    );
    let training = ClusterConfig::training().expect("the training cluster");
    let names: Vec<&str> = training.files.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["slurm.conf", "cgroup.conf"]);
    assert_eq!(training.files[1].1, TRAINING_CGROUP_CONF);
    // Every comment of the test rig is gone: no fake nodes, no shared host.
    let text = &training.files[0].1;
    for rig in ["fake", "127.0.0.1 Port", "unshare", "oracle"] {
        assert!(!text.contains(rig), "{rig} in\n{text}");
    }
    assert!(text.starts_with("# slurm.conf -- a cluster of GPU servers\n"));
    assert!(text.contains("\n# nodes: servers with 2 sockets of 32 cores"));
}
