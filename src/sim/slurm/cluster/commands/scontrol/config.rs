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
    let host = setting(c, "SlurmctldHost")
        .map(|h| h.split(['(', ' ']).next().unwrap_or_default().to_owned())
        .unwrap_or_else(|| "(null)".to_owned());
    out.out_line(&format!("Slurmctld(primary) at {host} is UP"));
}

/// A slurm.conf setting kept as written, case-blind by key.
fn setting(c: &Cluster, key: &str) -> Option<String> {
    c.config
        .other
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(key))
        .map(|(_, v)| v.trim_start_matches("SlurmctldHost=").to_owned())
}

/// The listed keys and their values, in 22.05's order.
fn pairs(c: &Cluster) -> Vec<(&'static str, String)> {
    let conf = &c.config;
    let text = |key: &str, default: &str| setting(c, key).unwrap_or_else(|| default.to_owned());
    let secs = |key: &str, default: &str| format!("{} sec", text(key, default));
    let p = &conf.priority;
    let w = &p.weights;
    // slurmctld prints the string as written; the model keeps the TRES
    // names lowercased, so the type goes back to the manual's spelling
    // (`GRES/gpu=1000`, `CPU=...`).
    let tres = if w.tres.is_empty() {
        "(null)".to_owned()
    } else {
        let parts: Vec<String> = w
            .tres
            .iter()
            .map(|(n, v)| match n.split_once('/') {
                Some((kind, name)) => format!("{}/{name}={v}", kind.to_uppercase()),
                None => format!("{}={v}", n.to_uppercase()),
            })
            .collect();
        parts.join(",")
    };
    let mut list: Vec<(&'static str, String)> = vec![
        (
            "AccountingStorageEnforce",
            text("AccountingStorageEnforce", "none").to_lowercase(),
        ),
        (
            "AccountingStorageHost",
            text("AccountingStorageHost", "(null)"),
        ),
        ("AccountingStoragePort", text("AccountingStoragePort", "0")),
        (
            "AccountingStorageType",
            text("AccountingStorageType", "accounting_storage/none"),
        ),
        ("AuthType", text("AuthType", "auth/munge")),
        ("BatchStartTimeout", secs("BatchStartTimeout", "10")),
        ("ClusterName", conf.cluster_name.clone()),
        ("CompleteWait", secs("CompleteWait", "0")),
    ];
    if let Some(mb) = conf.def_mem_per_cpu_mb {
        list.push(("DefMemPerCPU", mb.to_string()));
    } else {
        list.push(("DefMemPerNode", "UNLIMITED".to_owned()));
    }
    list.push((
        "EnforcePartLimits",
        conf.enforce_part_limits.name().to_owned(),
    ));
    let multifactor = conf.priority_type != "priority/basic";
    if multifactor {
        list.push(("FairShareDampeningFactor", p.dampening_factor.to_string()));
    }
    list.extend([
        ("FirstJobId", text("FirstJobId", "1")),
        ("GresTypes", text("GresTypes", "(null)")),
        ("InactiveLimit", secs("InactiveLimit", "0")),
        (
            "JobAcctGatherFrequency",
            text("JobAcctGatherFrequency", "30"),
        ),
        (
            "JobAcctGatherType",
            text("JobAcctGatherType", "jobacct_gather/none"),
        ),
        ("JobCompLoc", text("JobCompLoc", "(null)")),
        ("JobCompType", text("JobCompType", "jobcomp/none")),
        ("KillWait", format!("{} sec", conf.kill_wait_s)),
        ("MaxArraySize", text("MaxArraySize", "1001")),
        ("MaxJobCount", text("MaxJobCount", "10000")),
        ("MaxTasksPerNode", text("MaxTasksPerNode", "512")),
        ("MessageTimeout", secs("MessageTimeout", "10")),
        ("MinJobAge", format!("{} sec", conf.min_job_age_s)),
        ("MpiDefault", text("MpiDefault", "none")),
        (
            "OverTimeLimit",
            format!("{} min", text("OverTimeLimit", "0")),
        ),
        ("PreemptMode", text("PreemptMode", "OFF").to_uppercase()),
        ("PreemptType", text("PreemptType", "preempt/none")),
    ]);
    if multifactor {
        list.extend([
            ("PriorityDecayHalfLife", duration(p.decay_half_life_s)),
            ("PriorityCalcPeriod", duration(p.calc_period_s)),
            ("PriorityFavorSmall", "No".to_owned()),
            (
                "PriorityFlags",
                conf.priority_flags.join(",").to_uppercase(),
            ),
            ("PriorityMaxAge", duration(p.max_age_s)),
            (
                "PriorityUsageResetPeriod",
                p.usage_reset.name().to_uppercase(),
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
                setting(c, "PriorityWeightTRES").unwrap_or(tres),
            ),
        ]);
    } else {
        list.push(("PriorityType", conf.priority_type.clone()));
    }
    list.extend([
        ("ProctrackType", text("ProctrackType", "proctrack/cgroup")),
        ("ReturnToService", conf.return_to_service.to_string()),
        ("SchedulerParameters", text("SchedulerParameters", "(null)")),
        ("SchedulerType", conf.scheduler_type.clone()),
        ("SelectType", conf.select_type.clone()),
    ]);
    if let Some(params) = &conf.select_type_parameters {
        list.push(("SelectTypeParameters", params.to_uppercase()));
    }
    list.extend([
        ("SlurmctldPort", text("SlurmctldPort", "6817")),
        ("SlurmctldTimeout", secs("SlurmctldTimeout", "120")),
        ("SlurmdPort", text("SlurmdPort", "6818")),
        ("SlurmdTimeout", format!("{} sec", conf.slurmd_timeout_s)),
        ("SLURM_VERSION", "22.05.8".to_owned()),
        (
            "StateSaveLocation",
            text("StateSaveLocation", "/var/spool/slurmctld"),
        ),
        ("SwitchType", text("SwitchType", "switch/none")),
        ("TaskPlugin", text("TaskPlugin", "task/none")),
        ("TreeWidth", text("TreeWidth", "50")),
        ("WaitTime", secs("WaitTime", "0")),
    ]);
    list
}
