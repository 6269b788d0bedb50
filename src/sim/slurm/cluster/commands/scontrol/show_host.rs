//! `scontrol show` for what this cluster has none of (licenses, a
//! switch topology, front-end nodes, burst buffers, a federation), and
//! for what runs on the host scontrol is typed on (`daemons`, `aliases`),
//! found among `SlurmctldHost` and the nodes'
//! `NodeHostname`s.

use super::super::super::Cluster;
use super::super::super::output::CommandOutput;
use crate::sim::slurm::hostlist::Hostlist;

/// `show licenses [NAME]`: none are configured.
pub(super) fn licenses(out: &mut CommandOutput) {
    out.out_line("No licenses configured in Slurm.");
}

/// `show topology [NAME]`: with `topology/none` there are no switches;
/// said on standard error, exit status 0.
pub(super) fn topology(name: Option<&str>, out: &mut CommandOutput) {
    match name.filter(|n| !n.is_empty()) {
        None => out.err_line("scontrol: error: No topology information available"),
        Some(n) => out.err_line(&format!(
            "scontrol: error: Topology information contains no switch or node named {n}"
        )),
    }
}

/// `show frontend [LIST]`: no front-end nodes; each name asked for is
/// not found.
pub(super) fn front_ends(list: Option<&str>, out: &mut CommandOutput) {
    let Some(list) = list else {
        out.out_line("No nodes in the system");
        return;
    };
    match Hostlist::parse(list) {
        Ok(hosts) => {
            for name in hosts.names() {
                out.out_line(&format!("Node {name} not found"));
                out.exit = 1;
            }
        }
        Err(_) => {
            out.err_line(&format!("unable to parse node list {list}"));
            out.exit = 1;
        }
    }
}

/// `show daemons`: `slurmctld` when this host is a `SlurmctldHost` (or
/// that is `localhost`), `slurmd` when it is a node's host; glibc's
/// `(null)` for neither (a login node).
pub(super) fn daemons(c: &Cluster, host: &str, out: &mut CommandOutput) {
    let controllers = c.config.controllers();
    let ctld = controllers
        .iter()
        .any(|(h, _)| *h == host || h.eq_ignore_ascii_case("localhost"));
    let slurmd = c.nodes.iter().any(|n| n.hostname == host);
    let mut list = String::new();
    if !controllers.is_empty() && ctld {
        list.push_str("slurmctld ");
    }
    if !controllers.is_empty() && slurmd {
        list.push_str("slurmd");
    }
    out.out_line(if list.is_empty() { "(null)" } else { &list });
}

/// `show aliases [HOST]`: the node names served from a host (this one by
/// default), nothing for a host without nodes.
pub(super) fn aliases(c: &Cluster, host: &str, out: &mut CommandOutput) {
    let names: Vec<&str> = c
        .nodes
        .iter()
        .filter(|n| n.hostname == host)
        .map(|n| n.name.as_str())
        .collect();
    if !names.is_empty() {
        out.out_line(&names.join(" "));
    }
}
