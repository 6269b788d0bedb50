//! `sreport cluster UserUtilizationByWckey` and `WCKeyUtilizationByUser`:
//! usage by workload characterization key. Slurm records wckey usage only
//! with `TrackWCKey=yes` (the rollup in `as_mysql_rollup.c` skips it
//! otherwise), so without it both reports print their header alone. With
//! it, a job that names no wckey, as every job here does (the model has no
//! `--wckey` and no wckeys in `sacctmgr`), is charged to `*`: the wckey
//! slurmctld's `_job_create` gives it when its user has no default wckey.

use super::super::super::Cluster;
use super::super::super::output::CommandOutput;
use super::cluster::usage_row;
use super::table::{CLUSTER_FIELDS, Row};
use super::{Conditions, For, Spec, Style, usage_by_assoc, usage_report};

/// The wckey of a job that names none, its user having no default.
const NO_WCKEY: &str = "*";

/// One wckey's usage by one user.
struct WckeyUsage {
    wckey: String,
    user: String,
    used: i64,
}

/// `cluster UserUtilizationByWckey [WCKeys=] [User=] [Start=] [End=]
/// [Format=]`: one row per user and wckey, most used first, then by login
/// (`cluster_user_by_wckey`, sorted by `sort_user_dec`).
const USERS_BY_WCKEY: Spec = Spec {
    title: "Cluster/User/WCKey Utilization",
    utilization: false,
    default: "Cluster,Login,Proper,WCkey,Used",
    names: CLUSTER_FIELDS,
};

/// Runs [`USERS_BY_WCKEY`].
pub(super) fn user_by_wckey(
    c: &Cluster,
    words: &[String],
    style: Style,
    out: CommandOutput,
) -> CommandOutput {
    let how = (style, For::Wckey, &USERS_BY_WCKEY);
    usage_report(c, words, how, out, &|cond, window, total| {
        let mut usage = wckey_usage(c, cond, window);
        crate::sort::by(&mut usage, |a, b| {
            b.used.cmp(&a.used).then_with(|| a.user.cmp(&b.user))
        });
        let rows = usage
            .iter()
            .map(|w| row(c, w, Some(&w.user), w.used, total))
            .collect();
        (rows, usage.first().map(|w| w.used))
    })
}

/// `cluster WCKeyUtilizationByUser [WCKeys=] [User=] [Start=] [End=]
/// [Format=]`: each wckey's total, then its users' rows, by wckey and
/// login (`cluster_wckey_by_user`, its rows made by `_process_wu`).
const WCKEYS_BY_USER: Spec = Spec {
    title: "Cluster/WCKey/User Utilization",
    utilization: false,
    default: "Cluster,WCKey,Login,Proper,Used",
    names: CLUSTER_FIELDS,
};

/// Runs [`WCKEYS_BY_USER`].
pub(super) fn wckey_by_user(
    c: &Cluster,
    words: &[String],
    style: Style,
    out: CommandOutput,
) -> CommandOutput {
    let how = (style, For::Wckey, &WCKEYS_BY_USER);
    usage_report(c, words, how, out, &|cond, window, total| {
        let usage = wckey_usage(c, cond, window);
        let mut rows: Vec<Row> = Vec::new();
        let mut first = None;
        for (i, w) in usage.iter().enumerate() {
            if i == 0 || usage[i - 1].wckey != w.wckey {
                let sum: i64 = usage[i..]
                    .iter()
                    .take_while(|o| o.wckey == w.wckey)
                    .map(|o| o.used)
                    .sum();
                first = first.or(Some(sum));
                rows.push(row(c, w, None, sum, total));
            }
            rows.push(row(c, w, Some(&w.user), w.used, total));
        }
        (rows, first)
    })
}

/// A row of `w`'s wckey: for `user`, or the wckey's total (no login).
fn row(c: &Cluster, w: &WckeyUsage, user: Option<&str>, used: i64, total: i64) -> Row {
    let login = user.unwrap_or_default().to_owned();
    usage_row(c, [String::new(), login, w.wckey.clone()], used, total)
}

/// Whether slurm.conf sets `TrackWCKey` to a true value.
fn tracks_wckeys(c: &Cluster) -> bool {
    c.config.other.iter().any(|(key, value)| {
        key.eq_ignore_ascii_case("TrackWCKey")
            && ["yes", "up", "true", "1"]
                .iter()
                .any(|w| w.eq_ignore_ascii_case(value))
    })
}

/// The usage of each wckey and user the conditions select, by wckey then
/// login as `_cluster_get_wckeys` orders them: nothing without
/// `TrackWCKey`, else each user's usage under `*`.
fn wckey_usage(c: &Cluster, cond: &Conditions, window: (i64, i64)) -> Vec<WckeyUsage> {
    let wanted_key = cond.wckeys.is_empty() || cond.wckeys.iter().any(|k| k == NO_WCKEY);
    if !tracks_wckeys(c) || !cond.covers(c) || !wanted_key {
        return Vec::new();
    }
    // A list, not a map: a BTreeMap of these types would be new wasm.
    let mut usage: Vec<WckeyUsage> = Vec::new();
    for ((_, user), used) in usage_by_assoc(c, window.0, window.1) {
        if !cond.users.is_empty() && !cond.users.contains(&user) {
            continue;
        }
        match usage.iter_mut().find(|w| w.user == user) {
            Some(w) => w.used += used,
            None => usage.push(WckeyUsage {
                wckey: NO_WCKEY.to_owned(),
                user,
                used,
            }),
        }
    }
    crate::sort::by(&mut usage, |a, b| a.user.cmp(&b.user));
    usage
}
