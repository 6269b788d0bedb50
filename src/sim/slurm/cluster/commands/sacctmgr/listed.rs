//! The rest of what `sacctmgr show` lists: the cluster (its controller as
//! slurmdbd recorded it and its root association), the TRES slurmdbd
//! tracks, runaway jobs (none: the model's accounting never loses a job),
//! and the entities this model does not keep, named as such.

use super::super::super::Cluster;
use super::super::super::output::CommandOutput;
use super::change::not_simulated;
use super::{AssocRow, Conditions, Row, keyword, named};
use crate::sim::slurm::conf::PROTOCOL_VERSION;
use crate::sim::slurm::hostlist::Hostlist;

/// The TRES every slurmdbd has, by id: (type, name).
const BASE_TRES: [(&str, &str); 8] = [
    ("cpu", ""),
    ("mem", ""),
    ("energy", ""),
    ("node", ""),
    ("billing", ""),
    ("fs", "disk"),
    ("vmem", ""),
    ("pages", ""),
];

/// The id slurmdbd gives the first TRES beyond the base ones.
const FIRST_EXTRA_TRES_ID: usize = 1001;

/// The answer to `show` of an entity sacctmgr lists and this model does
/// not keep (or, for runaway jobs, never has), in sacctmgr's lookup order
/// between clusters and QOS; `None` for any other word.
pub(super) fn unlisted(c: &Cluster, w: &str) -> Option<CommandOutput> {
    let runaway =
        keyword(w, "RunawayJobs", 2) || keyword(w, "OrphanJobs", 1) || keyword(w, "LostJobs", 1);
    if runaway {
        let mut out = CommandOutput::default();
        out.out_line(&format!(
            "Runaway Jobs: No runaway jobs found on cluster {}",
            c.config.cluster_name
        ));
        return Some(out);
    }
    let what = [
        ("Configuration", 2, "the database daemon's configuration"),
        ("Events", 1, "cluster and node events"),
        ("Federation", 1, "federations"),
        ("Problems", 1, "problems"),
        ("Resource", 4, "license resources"),
        ("Stats", 1, "the database daemon's statistics"),
        ("Transactions", 1, "transactions"),
        ("Txn", 1, "transactions"),
    ]
    .into_iter()
    .find(|&(full, min, _)| keyword(w, full, min))?;
    Some(not_simulated(&format!("listing {}", what.2)))
}

/// The cluster: its name, the controller's address and port as it
/// registered, the protocol version, and its root association's fields.
pub(super) fn cluster_rows(c: &Cluster, assocs: &[AssocRow], cond: &Conditions) -> Vec<Row> {
    let name = &c.config.cluster_name;
    if !named(cond, name) {
        return Vec::new();
    }
    // `SlurmctldHost=vm(127.0.0.1)`: slurmctld connects from its address.
    let (host, port) = c.config.controller_address();
    let nodes = Hostlist::from_names(c.nodes.iter().map(|n| n.name.as_str()));
    let mut row: Row = vec![
        ("ControlHost", host.to_owned()),
        ("ControlPort", port.to_owned()),
        ("RPC", PROTOCOL_VERSION.to_string()),
        ("Cluster Nodes", nodes.to_string()),
        ("NodeCount", nodes.len().to_string()),
        ("PluginIDSelect", c.config.select_plugin_id().to_string()),
    ];
    let root = assocs
        .iter()
        .find(|(account, user, _)| account == "root" && user.is_none());
    if let Some((.., assoc)) = root {
        row.extend(assoc.iter().filter(|(h, _)| *h != "Account").cloned());
    }
    vec![row]
}

/// The TRES slurmdbd tracks: the base ones, then each of
/// `AccountingStorageTRES` beyond them, selected by type, name and id.
pub(super) fn tres_rows(c: &Cluster, cond: &Conditions) -> Vec<Row> {
    let extra: Vec<(String, String)> = c
        .config
        .setting("AccountingStorageTRES")
        .into_iter()
        .flat_map(|v| v.split(','))
        .filter_map(|t| {
            let (kind, name) = t.split_once('/').unwrap_or((t, ""));
            let base = BASE_TRES.iter().any(|(k, n)| *k == kind && *n == name);
            (!base && !kind.is_empty()).then(|| (kind.to_owned(), name.to_owned()))
        })
        .collect();
    let base = BASE_TRES
        .iter()
        .enumerate()
        .map(|(i, (k, n))| (i + 1, (*k).to_owned(), (*n).to_owned()));
    let extra = extra
        .into_iter()
        .enumerate()
        .map(|(i, (k, n))| (FIRST_EXTRA_TRES_ID + i, k, n));
    let pick = |list: &[String], value: &str| {
        list.is_empty() || list.iter().any(|x| x.eq_ignore_ascii_case(value))
    };
    base.chain(extra)
        .filter(|(id, kind, name)| {
            pick(&cond.types, kind) && pick(&cond.names, name) && pick(&cond.ids, &id.to_string())
        })
        .map(|(id, kind, name)| vec![("Type", kind), ("Name", name), ("ID", id.to_string())])
        .collect()
}
