//! `sinfo`: partitions and nodes, nodes grouped by the fields the format
//! shows as `src/sinfo` matches them (see `lines`: one line per partition
//! and state by default), sorted by partition then state (`#P,-t`); `-N`
//! one line per node (of each partition), `-e` nodes of different sizes
//! apart, `-R` the reasons of down and drained nodes, `-s` counts per
//! partition, `-l` the long forms with a date line; `-o` any format of
//! `src/sinfo`'s letters, `-O` any of its long field names.

mod lines;
mod long_format;

use super::super::super::getopt::{HasArg, Opt, Parsed, opt};
use super::super::clock;
use super::super::fields::{self, Field, cell, uncut};
use super::super::output::CommandOutput;
use super::super::state::{Node, NodeBase};
use super::super::{Caller, Cluster};
use super::{VERSION, error_out, help, parse};
use crate::sim::slurm::conf::PartitionState;
use crate::sim::slurm::hostlist::Hostlist;
use lines::{Group, select};

pub(super) const OPTIONS: &[Opt] = &[
    opt("all", Some('a'), &["all"], HasArg::No),
    super::CLUSTERS_OPT,
    opt("dead", Some('d'), &["dead"], HasArg::No),
    opt("exact", Some('e'), &["exact"], HasArg::No),
    opt("help", None, &["help"], HasArg::No),
    opt("iterate", Some('i'), &["iterate"], HasArg::Required),
    opt("hide", None, &["hide"], HasArg::No),
    // No federation: only this cluster's nodes, as without it.
    opt("local", None, &["local"], HasArg::No),
    opt("reservation", Some('T'), &["reservation"], HasArg::No),
    opt("noheader", Some('h'), &["noheader"], HasArg::No),
    // Sizes of 1,024 and more convert (`1K`); no node here has that many
    // CPUs, so both forms print the same.
    opt("noconvert", None, &["noconvert"], HasArg::No),
    opt("long", Some('l'), &["long"], HasArg::No),
    opt("nodes", Some('n'), &["nodes"], HasArg::Required),
    opt("Node", Some('N'), &["Node"], HasArg::No),
    opt("format", Some('o'), &["format"], HasArg::Required),
    opt("Format", Some('O'), &["Format"], HasArg::Required),
    opt("partition", Some('p'), &["partition"], HasArg::Required),
    opt("responding", Some('r'), &["responding"], HasArg::No),
    opt("list-reasons", Some('R'), &["list-reasons"], HasArg::No),
    opt("summarize", Some('s'), &["summarize"], HasArg::No),
    opt("sort", Some('S'), &["sort"], HasArg::Required),
    opt("states", Some('t'), &["states"], HasArg::Required),
    opt("usage", None, &["usage"], HasArg::No),
    opt("verbose", Some('v'), &["verbose"], HasArg::No),
    opt("version", Some('V'), &["version"], HasArg::No),
];

/// The node states `-t` lists when given a wrong one (`_node_state_list`).
const STATE_LIST: &str = "unknown,down,idle,allocated,?,mixed,future,drain,drained,draining,no_respond,reserved,perfctrs,cloud,completing,powering_down,powered_down,power_down,powering_up,fail,maint,reboot,reboot^,unknown";

/// What a sinfo command line asks for, read and checked.
struct Query {
    /// `-l`: long formats and a date line.
    long: bool,
    /// `-N`: one line per node.
    per_node: bool,
    /// `-e`: nodes of different sizes on different lines.
    exact: bool,
    /// `-R`: the reasons of down and drained nodes.
    reasons: bool,
    /// `-t`, lower case (down, fail and drain for `-R`).
    states: Option<Vec<String>>,
    /// `-n`.
    nodes: Option<Vec<String>>,
    /// `-p`.
    partitions: Option<Vec<String>>,
    /// `-r`: responding nodes only.
    responding: bool,
    /// `-d`: dead nodes only.
    dead: bool,
    /// `-S`: the sort keys, as typed.
    sort: Option<String>,
    /// The leading text and the fields of the format.
    prefix: String,
    fields: Vec<Field>,
    /// Whether the partition and node columns take their widest value.
    part_auto: bool,
    node_auto: bool,
    header: bool,
}

pub(super) fn run(c: &Cluster, argv: &[String], _caller: &Caller<'_>) -> CommandOutput {
    let p = match parse("sinfo", argv, OPTIONS, 1) {
        Ok(p) => p,
        Err(out) => return out,
    };
    if p.has("help") {
        return help::text(help::SINFO);
    }
    if p.has("usage") {
        return help::text(help::SINFO_USAGE);
    }
    if p.has("version") {
        return help::text(VERSION);
    }
    if let Some(refusal) = super::bad_iterate(&p, "sinfo", "Error: invalid entry for --iterate={}")
    {
        return refusal;
    }
    let clusters = match super::clusters_line(c, "sinfo", &p) {
        Ok(line) => line,
        Err(refusal) => return refusal,
    };
    let mut out = CommandOutput::default();
    match read_query(&p, &mut out) {
        Ok(query) => {
            // sinfo's loop prints the date, then each cluster's name.
            if query.header && (query.long || p.has("iterate")) {
                out.out_line(&clock::print_date(c.now));
            }
            out.out(&clusters);
            if p.has("reservation") {
                out.out("No reservations in the system\n");
            } else {
                let groups = select(c, &query);
                print(c, &query, &groups, &mut out);
            }
            super::one_round(&p, "sinfo", &mut out);
            out
        }
        Err(refusal) => refusal,
    }
}

/// The format a sinfo mode prints, and whether its partition and node
/// columns are sized to fit.
fn default_format(
    long: bool,
    per_node: bool,
    reasons: bool,
    summarize: bool,
) -> (&'static str, bool, bool) {
    match (summarize, per_node, reasons, long) {
        (true, ..) => ("%9P %.5a %.10l %.16F %N", true, false),
        (false, true, _, true) => (
            "%N %.6D %.9P %.11T %4c %.8z %.6m %.8d %.6w %.8f %20E",
            true,
            true,
        ),
        (false, true, _, false) => ("%N %.6D %.9P %6t", true, true),
        (false, false, true, true) => ("%20E %12U %19H %6t %N", false, false),
        (false, false, true, false) => ("%20E %9u %19H %N", false, false),
        (false, false, false, true) => (
            "%9P %.5a %.10l %.10s %.4r %.8h %.10g %.6D %.11T %N",
            true,
            false,
        ),
        (false, false, false, false) => ("%9P %.5a %.10l %.6D %.6t %N", true, false),
    }
}

/// The states of `-t` (down, fail and drain for `-R`; none for `all`).
fn read_states(p: &Parsed, reasons: bool) -> Result<Option<Vec<String>>, CommandOutput> {
    match p.value("states") {
        Some(s) if s.eq_ignore_ascii_case("all") => Ok(None),
        Some(s) => {
            let list: Vec<String> = s.split([',', '&']).map(str::to_ascii_lowercase).collect();
            if let Some(bad) = list.iter().find(|s| !known_state(s)) {
                let mut out = CommandOutput::default();
                out.err(&format!("sinfo: error: Bad state string: \"{bad}\"\n"));
                out.err(&format!("sinfo: error: valid states: {STATE_LIST}\n"));
                out.exit = 1;
                return Err(out);
            }
            Ok(Some(list))
        }
        None if reasons => Ok(Some(vec!["down".into(), "fail".into(), "drain".into()])),
        None => Ok(None),
    }
}

/// Reads the command line into a [`Query`] (unknown format letters warned
/// about on `out`), or the refusal.
fn read_query(p: &Parsed, out: &mut CommandOutput) -> Result<Query, CommandOutput> {
    let long = p.has("long");
    // `-o` and `-O` share one format, the last given; once `-O` is seen
    // it is read as a long format, whichever came last.
    let given = p
        .opts
        .iter()
        .rev()
        .find(|(key, _)| matches!(*key, "format" | "Format"))
        .map(|(_, value)| value.as_deref().unwrap_or(""));
    if long && given.is_some() {
        return Err(CommandOutput::failure(
            "sinfo: fatal: Options -o(--format) and -l(--long) are mutually exclusive. Please remove one and retry.\n",
            1,
        ));
    }
    let (per_node, reasons, summarize) = (p.has("Node"), p.has("list-reasons"), p.has("summarize"));
    let states = read_states(p, reasons)?;
    let nodes = match p.value("nodes") {
        Some(v) => match Hostlist::parse(v) {
            Ok(h) => Some(h.names().to_vec()),
            Err(_) => {
                return Err(error_out(
                    "sinfo",
                    &format!("'{v}' invalid entry for --nodes"),
                    1,
                ));
            }
        },
        None => None,
    };
    let (prefix, fields, part_auto, node_auto) = match given {
        Some(f) if p.has("Format") => (String::new(), long_format::fields(f, out), false, false),
        Some(f) => {
            let (prefix, fields) = letter_fields(f, out);
            (prefix, fields, false, false)
        }
        None => {
            let (f, part_auto, node_auto) = default_format(long, per_node, reasons, summarize);
            let (prefix, fields) = letter_fields(f, out);
            (prefix, fields, part_auto, node_auto)
        }
    };
    Ok(Query {
        long,
        per_node,
        exact: p.has("exact"),
        reasons,
        states,
        nodes,
        partitions: p
            .value("partition")
            .map(|v| v.split(',').map(str::to_owned).collect()),
        responding: p.has("responding"),
        dead: p.has("dead"),
        sort: p.value("sort").map(str::to_owned),
        prefix,
        fields,
        part_auto,
        node_auto,
        header: !p.has("noheader"),
    })
}

/// The fields of a `-o` format, its unknown letters reported on `out`
/// (by sinfo with no program name) and printed as typed.
fn letter_fields(format: &str, out: &mut CommandOutput) -> (String, Vec<Field>) {
    fields::letter_fields(
        format,
        |l| header(l).is_some(),
        "Invalid node format specification: ",
        out,
    )
}

impl Query {
    /// Whether a node passes the filters.
    fn keeps(&self, n: &Node) -> bool {
        self.nodes.as_ref().is_none_or(|l| l.contains(&n.name))
            && self
                .states
                .as_ref()
                .is_none_or(|l| l.iter().any(|s| state_matches(n, s)))
            && (!self.responding || !n.not_responding)
            && (!self.dead || n.not_responding || n.down)
    }
}

/// Prints the header and one line per group.
fn print(c: &Cluster, q: &Query, groups: &[Group<'_>], out: &mut CommandOutput) {
    let part_width = c
        .partitions
        .iter()
        .map(|p| p.name.chars().count() + usize::from(p.default))
        .max()
        .unwrap_or(0)
        .max(9);
    let node_width = groups
        .iter()
        .map(|g| nodelist(g).chars().count())
        .max()
        .unwrap_or(0)
        .max(9);
    let width = |letter: char, given: usize| match letter {
        'P' if q.part_auto => part_width,
        'N' if q.node_auto => node_width,
        _ => given,
    };
    if q.header {
        let mut line = q.prefix.clone();
        for f in &q.fields {
            let h = header(f.letter)
                .or_else(|| long_format::header(f.letter))
                .unwrap_or("");
            let w = width(f.letter, f.width);
            line.push_str(&if f.letter == 'N' {
                uncut(h, w, f.right)
            } else {
                cell(h, w, f.right)
            });
            line.push_str(&f.suffix);
        }
        out.out_line(&line);
    }
    for g in groups {
        let mut line = q.prefix.clone();
        for f in &q.fields {
            let w = width(f.letter, f.width);
            line.push_str(&cell(&group_value(c, f.letter, g, w), w, f.right));
            line.push_str(&f.suffix);
        }
        out.out_line(&line);
    }
}

/// Whether `-t` knows a state name.
fn known_state(s: &str) -> bool {
    matches!(
        s,
        "idle"
            | "mix"
            | "mixed"
            | "alloc"
            | "allocated"
            | "down"
            | "drain"
            | "drained"
            | "draining"
            | "drng"
            | "fail"
            | "unknown"
            | "unk"
            | "no_respond"
            | "resv"
            | "reserved"
            | "maint"
            | "future"
            | "futr"
            | "comp"
            | "completing"
            | "cloud"
            | "planned"
            | "perfctrs"
            | "reboot"
    )
}

/// Whether a node is in a `-t` state.
fn state_matches(n: &Node, s: &str) -> bool {
    let base = n.base();
    let busy = matches!(base, NodeBase::Mixed | NodeBase::Allocated);
    match s {
        "idle" => base == NodeBase::Idle,
        "mix" | "mixed" => base == NodeBase::Mixed,
        "alloc" | "allocated" => base == NodeBase::Allocated,
        "down" => n.down,
        "drain" => n.drain,
        "drained" => n.drain && !busy,
        "draining" | "drng" => n.drain && busy,
        "no_respond" => n.not_responding,
        "fail" => false,
        _ => false,
    }
}

fn header(letter: char) -> Option<&'static str> {
    Some(match letter {
        'P' | 'R' => "PARTITION",
        'a' => "AVAIL",
        'l' => "TIMELIMIT",
        'L' => "DEFAULTTIME",
        'D' => "NODES",
        't' | 'T' => "STATE",
        'N' => "NODELIST",
        'c' => "CPUS",
        'C' => "CPUS(A/I/O/T)",
        'm' => "MEMORY",
        'E' => "REASON",
        'H' => "TIMESTAMP",
        'u' | 'U' => "USER",
        'A' => "NODES(A/I)",
        'F' => "NODES(A/I/O/T)",
        'z' => "S:C:T",
        'X' => "SOCKETS",
        'Y' => "CORES",
        'Z' => "THREADS",
        'w' => "WEIGHT",
        'f' => "AVAIL_FEATURES",
        'O' => "CPU_LOAD",
        'e' => "FREE_MEM",
        'G' => "GRES",
        'd' => "TMP_DISK",
        's' => "JOB_SIZE",
        'r' => "ROOT",
        'h' => "OVERSUBSCRIBE",
        'g' => "GROUPS",
        'n' => "HOSTNAMES",
        'o' => "NODE_ADDR",
        'V' => "CLUSTER",
        'v' => "VERSION",
        'p' => "PRIO_TIER",
        'I' => "PRIO_JOB_FACTOR",
        'S' => "ALLOCNODES",
        'b' => "ACTIVE_FEATURES",
        'B' => "MAX_CPUS_PER_NODE",
        'M' => "PREEMPT_MODE",
        _ => return None,
    })
}

/// A per-node field of one node.
fn node_value(c: &Cluster, letter: char, n: &Node) -> String {
    match letter {
        't' => n.state_compact().to_ascii_lowercase(),
        'T' => n.state_long().to_ascii_lowercase(),
        'c' => n.cpus.to_string(),
        'm' => n.real_memory_mb.to_string(),
        'E' => n
            .reason
            .as_ref()
            .map_or_else(|| "none".to_owned(), |r| r.text.clone()),
        'H' => n
            .reason
            .as_ref()
            .map_or_else(|| "Unknown".to_owned(), |r| clock::iso(r.time)),
        'u' => n
            .reason
            .as_ref()
            .map_or_else(|| "Unknown".to_owned(), |r| r.user.clone()),
        'U' => n.reason.as_ref().map_or_else(
            || "Unknown".to_owned(),
            |r| {
                let uid = c.user(&r.user).map_or(0, |u| u.uid);
                format!("{}({uid})", r.user)
            },
        ),
        'z' => format!(
            "{}:{}:{}",
            n.sockets, n.cores_per_socket, n.threads_per_core
        ),
        'X' => n.sockets.to_string(),
        'Y' => n.cores_per_socket.to_string(),
        'Z' => n.threads_per_core.to_string(),
        'w' => n.weight.to_string(),
        // No node has changeable features: the active ones are all.
        'f' | 'b' => {
            if n.features.is_empty() {
                "(null)".to_owned()
            } else {
                n.features.join(",")
            }
        }
        'O' => format!("{:.2}", f64::from(n.cpu_load_centi()) / 100.0),
        'e' => n.free_mem_mb().to_string(),
        'G' => {
            if n.gres.is_empty() {
                "(null)".to_owned()
            } else {
                n.gres.clone()
            }
        }
        'd' => "0".to_owned(),
        _ if !letter.is_ascii() => long_format::node_value(c, letter, n),
        _ => String::new(),
    }
}

fn nodelist(g: &Group<'_>) -> String {
    Hostlist::from_names(g.nodes.iter().map(|n| n.name.clone())).to_string()
}

/// A field of a group of nodes.
fn group_value(c: &Cluster, letter: char, g: &Group<'_>, width: usize) -> String {
    let part = g.part;
    let na = || "n/a".to_owned();
    match letter {
        'P' => part.map_or_else(na, |p| {
            let mut name = p.name.clone();
            if p.default {
                if name.chars().count() < width || width == 0 {
                    name.push('*');
                } else {
                    name = name
                        .chars()
                        .take(width.saturating_sub(1))
                        .collect::<String>()
                        + "*";
                }
            }
            name
        }),
        'R' => part.map_or_else(na, |p| p.name.clone()),
        'a' => part.map_or_else(na, |p| {
            match p.state {
                PartitionState::Up => "up",
                PartitionState::Down => "down",
                PartitionState::Drain => "drain",
                PartitionState::Inactive => "inactive",
            }
            .to_owned()
        }),
        'l' => part.map_or_else(na, |p| p.max_time.sinfo()),
        'L' => part.map_or_else(na, |p| p.default_time.map_or_else(na, |t| t.sinfo())),
        'D' => g.nodes.len().to_string(),
        'N' => nodelist(g),
        'n' => Hostlist::from_names(g.nodes.iter().map(|n| n.hostname.clone())).to_string(),
        'o' => Hostlist::from_names(g.nodes.iter().map(|n| n.addr.clone())).to_string(),
        'A' | 'F' | 'C' => counts(letter, &g.nodes),
        's' => part.map_or_else(na, |p| match p.max_nodes {
            Some(m) => format!("1-{m}"),
            None => "1-infinite".to_owned(),
        }),
        'r' => "no".to_owned(),
        'h' => "NO".to_owned(),
        'g' | 'S' => "all".to_owned(),
        'V' => c.config.cluster_name.clone(),
        'v' => "22.05.8".to_owned(),
        // No partition limits CPUs per node, and the model never preempts.
        'B' => "UNLIMITED".to_owned(),
        'M' => "OFF".to_owned(),
        'p' => part.map_or_else(na, |p| p.priority_tier.to_string()),
        'I' => part.map_or_else(na, |p| p.priority_job_factor.to_string()),
        't' | 'T' if g.nodes.is_empty() => na(),
        // Each of sockets, cores and threads as its own range.
        'z' if !g.nodes.is_empty() => ['X', 'Y', 'Z'].map(|l| spread(c, l, g)).join(":"),
        _ => spread(c, letter, g),
    }
}

/// A per-node field over the nodes of a line: the one value they share,
/// else (as `src/sinfo/print.c` prints the sizes `-e` does not compare)
/// `min-max` for the load and free memory, `min+` for the other sizes,
/// and the first node's value for the rest.
fn spread(c: &Cluster, letter: char, g: &Group<'_>) -> String {
    let Some(first) = g.nodes.first() else {
        return String::new();
    };
    let value = node_value(c, letter, first);
    let values: Vec<(f64, String)> = g
        .nodes
        .iter()
        .map(|n| node_value(c, letter, n))
        .filter_map(|v| Some((v.parse::<f64>().ok()?, v)))
        .collect();
    let min = values.iter().min_by(|a, b| a.0.total_cmp(&b.0));
    let max = values.iter().max_by(|a, b| a.0.total_cmp(&b.0));
    match (min, max) {
        (Some(min), Some(max)) if min.1 != max.1 => match letter {
            'O' | 'e' => format!("{}-{}", min.1, max.1),
            'c' | 'm' | 'X' | 'Y' | 'Z' | 'w' | 'd' => format!("{}+", min.1),
            _ => value,
        },
        _ => value,
    }
}

/// `NODES(A/I)`, `NODES(A/I/O/T)` and `CPUS(A/I/O/T)`.
fn counts(letter: char, nodes: &[&Node]) -> String {
    let (mut a, mut i, mut o, mut t) = (0u64, 0u64, 0u64, 0u64);
    for n in nodes {
        let busy = matches!(n.base(), NodeBase::Mixed | NodeBase::Allocated);
        let unavailable = n.down || n.not_responding || (n.drain && !busy);
        if letter == 'C' {
            let (cpus, used) = (u64::from(n.cpus), u64::from(n.alloc.cpus));
            a += used;
            if n.down || n.drain || n.not_responding {
                o += cpus - used.min(cpus);
            } else {
                i += cpus - used.min(cpus);
            }
            t += cpus;
        } else {
            if unavailable {
                o += 1;
            } else if busy {
                a += 1;
            } else {
                i += 1;
            }
            t += 1;
        }
    }
    match letter {
        'A' => format!("{a}/{i}"),
        _ => format!("{a}/{i}/{o}/{t}"),
    }
}
