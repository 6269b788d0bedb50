//! `scontrol show config`: the controller's configuration as Slurm
//! 22.05 prints it (`slurm_print_ctl_conf` in `src/api/config_info.c`):
//! a `Configuration data as of` line, `Key = value` lines (the key
//! padded to 23) in the order slurmctld lists them, a blank line and the
//! controller's ping. Values come from the cluster's slurm.conf, with
//! 22.05's defaults for keys it leaves out and its spellings (`300 sec`,
//! `7-00:00:00`, `CR_CORE_MEMORY`).
//!
//! Of the ~210 keys 22.05 prints, this lists the ones a reader looks at
//! (scheduling, selection, priority, timers, accounting, plugins); the
//! plugin sections after them (cgroup, MPI, account gathering) are left
//! out.

use super::super::super::Cluster;
use super::super::super::clock;
use super::super::super::output::CommandOutput;
use crate::sim::slurm::conf::CONF_DIR;

/// `H:MM:SS` or `D-HH:MM:SS`, as `secs2time_str` writes a duration.
fn duration(secs: u64) -> String {
    let (d, h, m, s) = (secs / 86_400, secs / 3600 % 24, secs / 60 % 60, secs % 60);
    if d > 0 {
        format!("{d}-{h:02}:{m:02}:{s:02}")
    } else {
        format!("{h:02}:{m:02}:{s:02}")
    }
}

/// Prints the configuration.
pub(super) fn show_config(c: &Cluster, out: &mut CommandOutput) {
    out.out_line(&format!("Configuration data as of {}", clock::iso(c.now)));
    for (key, value) in pairs(c) {
        out.out_line(&format!("{key:<23} = {value}"));
    }
    out.out_line("");
    let host = controller_hosts(c)
        .into_iter()
        .next()
        .unwrap_or_else(|| "(null)".to_owned());
    out.out_line(&format!("Slurmctld(primary) at {host} is UP"));
}

/// The hosts of the `SlurmctldHost` lines, primary first (`vm` of
/// `vm(127.0.0.1)`).
pub(super) fn controller_hosts(c: &Cluster) -> Vec<String> {
    c.config
        .other
        .iter()
        .filter(|(k, _)| k.eq_ignore_ascii_case("SlurmctldHost"))
        .filter_map(|(_, v)| {
            let host = v
                .trim_start_matches("SlurmctldHost=")
                .split(['(', ' '])
                .next()?;
            (!host.is_empty()).then(|| host.to_owned())
        })
        .collect()
}

/// A slurm.conf setting kept as written, case-blind by key.
fn setting(c: &Cluster, key: &str) -> Option<String> {
    c.config
        .other
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(key))
        .map(|(_, v)| v.trim_start_matches("SlurmctldHost=").to_owned())
}

/// `Key = value` pairs in print order.
type Pairs = Vec<(&'static str, String)>;

/// A setting as written, or 22.05's default for it.
fn text(c: &Cluster, key: &str, default: &str) -> String {
    setting(c, key).unwrap_or_else(|| default.to_owned())
}

/// A setting in seconds, written `N sec`.
fn secs(c: &Cluster, key: &str, default: &str) -> String {
    format!("{} sec", text(c, key, default))
}

/// The listed keys and their values, in 22.05's order.
fn pairs(c: &Cluster) -> Pairs {
    let mut list = accounting_pairs(c);
    list.extend(job_pairs(c));
    list.extend(priority_pairs(c));
    list.extend(scheduler_pairs(c));
    list.extend(daemon_pairs(c));
    list
}

/// `AccountingStorageEnforce` to `CompleteWait`: accounting storage,
/// authentication and the cluster's name.
fn accounting_pairs(c: &Cluster) -> Pairs {
    vec![
        (
            "AccountingStorageEnforce",
            text(c, "AccountingStorageEnforce", "none").to_ascii_lowercase(),
        ),
        (
            "AccountingStorageHost",
            text(c, "AccountingStorageHost", "(null)"),
        ),
        (
            "AccountingStoragePort",
            text(c, "AccountingStoragePort", "0"),
        ),
        (
            "AccountingStorageType",
            text(c, "AccountingStorageType", "accounting_storage/none"),
        ),
        ("AuthType", text(c, "AuthType", "auth/munge")),
        ("BatchStartTimeout", secs(c, "BatchStartTimeout", "10")),
        ("ClusterName", c.config.cluster_name.clone()),
        ("CompleteWait", secs(c, "CompleteWait", "0")),
    ]
}

/// `DefMemPerCPU` (or `DefMemPerNode`) to `PreemptType`: the limits and
/// timers a job meets, with the fair-share dampening under multifactor.
fn job_pairs(c: &Cluster) -> Pairs {
    let conf = &c.config;
    let mut list = Pairs::new();
    if let Some(mb) = conf.def_mem_per_cpu_mb {
        list.push(("DefMemPerCPU", mb.to_string()));
    } else {
        list.push(("DefMemPerNode", "UNLIMITED".to_owned()));
    }
    list.push((
        "EnforcePartLimits",
        conf.enforce_part_limits.name().to_owned(),
    ));
    if multifactor(c) {
        list.push((
            "FairShareDampeningFactor",
            conf.priority.dampening_factor.to_string(),
        ));
    }
    list.extend([
        ("FirstJobId", text(c, "FirstJobId", "1")),
        ("GresTypes", text(c, "GresTypes", "(null)")),
        ("InactiveLimit", secs(c, "InactiveLimit", "0")),
        (
            "JobAcctGatherFrequency",
            text(c, "JobAcctGatherFrequency", "30"),
        ),
        (
            "JobAcctGatherType",
            text(c, "JobAcctGatherType", "jobacct_gather/none"),
        ),
        ("JobCompLoc", text(c, "JobCompLoc", "(null)")),
        ("JobCompType", text(c, "JobCompType", "jobcomp/none")),
        ("KillWait", format!("{} sec", conf.kill_wait_s)),
        ("MaxArraySize", text(c, "MaxArraySize", "1001")),
        ("MaxJobCount", text(c, "MaxJobCount", "10000")),
        ("MaxTasksPerNode", text(c, "MaxTasksPerNode", "512")),
        ("MessageTimeout", secs(c, "MessageTimeout", "10")),
        ("MinJobAge", format!("{} sec", conf.min_job_age_s)),
        ("MpiDefault", text(c, "MpiDefault", "none")),
        (
            "OverTimeLimit",
            format!("{} min", text(c, "OverTimeLimit", "0")),
        ),
        (
            "PreemptMode",
            text(c, "PreemptMode", "OFF").to_ascii_uppercase(),
        ),
        ("PreemptType", text(c, "PreemptType", "preempt/none")),
    ]);
    list
}

/// Whether priority/multifactor (anything but priority/basic) is in use.
fn multifactor(c: &Cluster) -> bool {
    c.config.priority_type != "priority/basic"
}

/// The `Priority*` keys: the decay, flags and weights under multifactor,
/// only `PriorityType` under basic.
fn priority_pairs(c: &Cluster) -> Pairs {
    let conf = &c.config;
    if !multifactor(c) {
        return vec![("PriorityType", conf.priority_type.clone())];
    }
    let p = &conf.priority;
    let w = &p.weights;
    vec![
        ("PriorityDecayHalfLife", duration(p.decay_half_life_s)),
        ("PriorityCalcPeriod", duration(p.calc_period_s)),
        ("PriorityFavorSmall", "No".to_owned()),
        (
            "PriorityFlags",
            conf.priority_flags.join(",").to_ascii_uppercase(),
        ),
        ("PriorityMaxAge", duration(p.max_age_s)),
        (
            "PriorityUsageResetPeriod",
            p.usage_reset.name().to_ascii_uppercase(),
        ),
        ("PriorityType", conf.priority_type.clone()),
        ("PriorityWeightAge", w.age.to_string()),
        ("PriorityWeightAssoc", w.assoc.to_string()),
        ("PriorityWeightFairShare", w.fair_share.to_string()),
        ("PriorityWeightJobSize", w.job_size.to_string()),
        ("PriorityWeightPartition", w.partition.to_string()),
        ("PriorityWeightQOS", w.qos.to_string()),
        (
            "PriorityWeightTRES",
            setting(c, "PriorityWeightTRES").unwrap_or_else(|| tres_weights(c)),
        ),
    ]
}

/// `PriorityWeightTRES` rebuilt from the model when slurm.conf's text is
/// gone: slurmctld prints the string as written, the model keeps the TRES
/// names lowercased, so the type goes back to the manual's spelling
/// (`GRES/gpu=1000`, `CPU=...`); `(null)` when there are none.
fn tres_weights(c: &Cluster) -> String {
    let tres = &c.config.priority.weights.tres;
    if tres.is_empty() {
        return "(null)".to_owned();
    }
    let parts: Vec<String> = tres
        .iter()
        .map(|(n, v)| match n.split_once('/') {
            Some((kind, name)) => format!("{}/{name}={v}", kind.to_ascii_uppercase()),
            None => format!("{}={v}", n.to_ascii_uppercase()),
        })
        .collect();
    parts.join(",")
}

/// `ProctrackType` to `SelectTypeParameters`: the scheduler and the
/// resource selection.
fn scheduler_pairs(c: &Cluster) -> Pairs {
    let conf = &c.config;
    let mut list = vec![
        (
            "ProctrackType",
            text(c, "ProctrackType", "proctrack/cgroup"),
        ),
        ("ReturnToService", conf.return_to_service.to_string()),
        (
            "SchedulerParameters",
            text(c, "SchedulerParameters", "(null)"),
        ),
        ("SchedulerType", conf.scheduler_type.clone()),
        ("SelectType", conf.select_type.clone()),
    ];
    if let Some(params) = &conf.select_type_parameters {
        list.push(("SelectTypeParameters", params.to_ascii_uppercase()));
    }
    list
}

/// `SlurmctldPort` to `WaitTime`: the daemons' ports and timeouts, the
/// version, state and plugins.
fn daemon_pairs(c: &Cluster) -> Pairs {
    vec![
        ("SlurmctldPort", text(c, "SlurmctldPort", "6817")),
        ("SlurmctldTimeout", secs(c, "SlurmctldTimeout", "120")),
        ("SlurmdPort", text(c, "SlurmdPort", "6818")),
        (
            "SlurmdTimeout",
            format!("{} sec", c.config.slurmd_timeout_s),
        ),
        ("SLURM_CONF", format!("{CONF_DIR}/slurm.conf")),
        ("SLURM_VERSION", "22.05.8".to_owned()),
        (
            "StateSaveLocation",
            text(c, "StateSaveLocation", "/var/spool/slurmctld"),
        ),
        ("SwitchType", text(c, "SwitchType", "switch/none")),
        ("TaskPlugin", text(c, "TaskPlugin", "task/none")),
        ("TreeWidth", text(c, "TreeWidth", "50")),
        ("WaitTime", secs(c, "WaitTime", "0")),
    ]
}
