//! The filters sacct passes to the accounting database beyond users,
//! accounts, partitions, names and states (`sacct/options.c`, and
//! `as_mysql_jobacct_process.c` for what each keeps): `-g` groups, `-i`
//! node and `-I` CPU counts, `-k`/`-K` time limits, `-N` nodes, `-q` QOS,
//! `-W` WCKeys, `-M` clusters.

use super::super::super::super::c_num::strtol;
use super::super::super::Cluster;
use super::super::super::output::CommandOutput;
use super::super::super::state::{Job, JobState};
use super::super::error_out;
use crate::sim::slurm::getopt::Parsed;
use crate::sim::slurm::hostlist::Hostlist;
use crate::sim::slurm::time_spec::TimeLimit;

/// A count of `-i` or `-I`: exactly `min`, or `min` to `max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Range {
    min: u32,
    max: Option<u32>,
}

impl Range {
    fn holds(self, n: u32) -> bool {
        match self.max {
            Some(max) => (self.min..=max).contains(&n),
            None => n == self.min,
        }
    }
}

/// The filters read from a command line; `None` lets every job through.
#[derive(Debug, Clone, Default)]
pub(super) struct Filters {
    gids: Option<Vec<u32>>,
    nodes_alloc: Option<Range>,
    cpus_alloc: Option<Range>,
    /// `-k` (with `-K`, a range; `-K` alone filters nothing), minutes.
    time_limit: Option<Range>,
    used_nodes: Option<Vec<usize>>,
    qos: Option<Vec<String>>,
    wckeys: Option<Vec<String>>,
    /// `-M` names only other clusters: nothing is this cluster's.
    other_cluster: bool,
}

/// `get_resource_arg_range` (proc_args.c): `N`, `N-M`, `*` or empty for
/// any; `K` and `M` suffixes multiply.
fn read_range(arg: &str, what: &str) -> Result<Range, String> {
    if arg.is_empty() || arg.starts_with('*') {
        return Ok(Range {
            min: 1,
            max: Some(i32::MAX as u32),
        });
    }
    let invalid = || format!("Invalid numeric value \"{arg}\" for {what}.");
    let number = |text: &str| -> Option<(i64, usize)> {
        let (value, rest) = strtol(text, 10);
        let used = text.len() - rest.len();
        let (scale, suffix) = match rest.chars().next() {
            Some('k' | 'K') => (1024, 1),
            Some('m' | 'M') => (1_048_576, 1),
            _ => (1, 0),
        };
        Some((value.checked_mul(scale)?, used + suffix))
    };
    let (min, used) = number(arg).ok_or_else(invalid)?;
    let rest = &arg[used..];
    if !(rest.is_empty() || rest.starts_with('-')) || min < 0 {
        return Err(invalid());
    }
    let min =
        u32::try_from(min).map_err(|_| format!("Numeric argument ({min}) to big for {what}."))?;
    let Some(rest) = rest.strip_prefix('-') else {
        return Ok(Range { min, max: None });
    };
    let (max, used) = number(rest).ok_or_else(invalid)?;
    if !(rest[used..].is_empty() || rest[used..].starts_with('-')) || max <= 0 {
        return Err(invalid());
    }
    let max =
        u32::try_from(max).map_err(|_| format!("Numeric argument ({max}) to big for {what}."))?;
    Ok(Range {
        min,
        max: Some(max),
    })
}

/// `time_str2mins` of `-k` or `-K`; under a minute is refused.
fn read_minutes(arg: &str) -> Result<Option<u32>, CommandOutput> {
    match TimeLimit::parse(arg) {
        Ok(TimeLimit::Unlimited) => Ok(None),
        Ok(TimeLimit::Minutes(m)) if m > 0 => Ok(Some(m)),
        _ => Err(CommandOutput::failure(
            "sacct: fatal: Invalid time limit specification\n",
            1,
        )),
    }
}

impl Filters {
    /// Reads the filters, or sacct's refusal of one.
    pub(super) fn read(c: &Cluster, p: &Parsed) -> Result<Self, CommandOutput> {
        let list = |key: &str| {
            p.value(key).map(|l| {
                l.split(',')
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned)
                    .collect::<Vec<_>>()
            })
        };
        let mut f = Filters::default();
        if let Some(groups) = list("group") {
            let mut gids = Vec::new();
            for g in groups {
                let user = c.accounts.users.iter().find(|u| u.name == g);
                match (user, g.parse::<u32>()) {
                    (Some(u), _) => gids.push(u.uid),
                    (None, Ok(gid)) => gids.push(gid),
                    (None, Err(_)) => {
                        return Err(error_out("sacct", &format!("Invalid group id: {g}"), 1));
                    }
                }
            }
            f.gids = Some(gids);
        }
        let range = |key: &str, what: &str| {
            p.value(key)
                .map(|v| read_range(v, what).map_err(|e| error_out("sacct", &e, 1)))
                .transpose()
        };
        f.nodes_alloc = range("nnodes", "requested node range")?;
        f.cpus_alloc = range("ncpus", "requested cpu range")?;
        let min = p
            .value("timelimit-min")
            .map(read_minutes)
            .transpose()?
            .flatten();
        let max = p
            .value("timelimit-max")
            .map(read_minutes)
            .transpose()?
            .flatten();
        f.time_limit = min.map(|min| Range { min, max });
        if let Some(hosts) = p.value("nodelist") {
            let wanted = Hostlist::parse(hosts).map_or_else(
                |_| Vec::new(),
                |h| h.names().iter().filter_map(|n| c.node_index(n)).collect(),
            );
            f.used_nodes = Some(wanted);
        }
        if let Some(names) = list("qos") {
            for name in &names {
                if !c.accounts.qos.iter().any(|q| &q.name == name) {
                    let valid: Vec<&str> = c.accounts.qos.iter().map(|q| q.name.as_str()).collect();
                    let mut out = CommandOutput::default();
                    out.err_line(&format!(
                        "sacct: error: You gave a bad qos '{name}'. Valid QOS's are {}",
                        valid.join(",")
                    ));
                    out.err_line("sacct: fatal: problem processing qos list");
                    out.exit = 1;
                    return Err(out);
                }
            }
            f.qos = Some(names);
        }
        f.wckeys = list("wckeys");
        f.other_cluster = list("clusters").is_some_and(|names| {
            !names.iter().any(|n| {
                n.eq_ignore_ascii_case(&c.config.cluster_name)
                    || n == "-1"
                    || n.eq_ignore_ascii_case("all")
            })
        });
        Ok(f)
    }

    /// Whether `job` passes every filter.
    pub(super) fn pass(&self, job: &Job) -> bool {
        let started = job.state != JobState::Pending;
        let (nodes, cpus) = if started {
            (
                u32::try_from(job.nodes.len()).unwrap_or(u32::MAX),
                job.held_total().cpus,
            )
        } else {
            (0, 0)
        };
        let ran_on = |wanted: &Vec<usize>| {
            job.nodes
                .iter()
                .chain(job.history.iter().flat_map(|r| &r.nodes))
                .any(|n| wanted.contains(n))
        };
        let within = |range: Option<Range>, n: u32| range.is_none_or(|r| r.holds(n));
        !self.other_cluster
            && self.gids.as_ref().is_none_or(|g| g.contains(&job.gid))
            && within(self.nodes_alloc, nodes)
            && within(self.cpus_alloc, cpus)
            && self
                .time_limit
                .is_none_or(|r| job.time_limit.minutes().is_some_and(|m| r.holds(m)))
            && self.used_nodes.as_ref().is_none_or(ran_on)
            && self.qos.as_ref().is_none_or(|q| q.contains(&job.qos))
            && self
                .wckeys
                .as_ref()
                .is_none_or(|w| job.wckey.as_ref().is_some_and(|k| w.contains(k)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_read_as_get_resource_arg_range_reads_them() {
        let r = |arg| read_range(arg, "requested node range");
        assert_eq!(r("2"), Ok(Range { min: 2, max: None }));
        assert_eq!(
            r("2-4"),
            Ok(Range {
                min: 2,
                max: Some(4)
            })
        );
        assert_eq!(
            r("1k"),
            Ok(Range {
                min: 1024,
                max: None
            })
        );
        assert!(r("*").is_ok_and(|x| x.holds(7)));
        assert_eq!(
            r("x"),
            Err("Invalid numeric value \"x\" for requested node range.".to_owned())
        );
        assert!(r("3-0").is_err());
        assert!(r("-2").is_err());
    }
}
