//! `sreport cluster UserUtilizationByWckey` and `WCKeyUtilizationByUser`:
//! usage by workload characterization key. Slurm records wckey usage only
//! with `TrackWCKey=yes` (the rollup in `as_mysql_rollup.c` skips it
//! otherwise), so without it both reports print their header alone. With
//! it, a job that names no wckey is charged to `*`: the wckey slurmctld's
//! `_job_create` gives it when its user has no default wckey. This model
//! charges every job there, `--wckey` or not (it has no wckeys in
//! `sacctmgr`; a job keeps its `--wckey` for sacct and scontrol, but these
//! reports do not yet split usage by it).

use super::super::super::Cluster;
use super::super::super::output::CommandOutput;
use super::cluster::usage_row;
use super::table::{CLUSTER_FIELDS, Row};
use super::user::{UserUsage, user_usage};
use super::{Conditions, For, Spec, Style, usage_report};

/// The wckey of a job that names none, its user having no default.
const NO_WCKEY: &str = "*";

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
        let usage = wckey_usage(c, cond, window, style.by_name);
        let rows = usage
            .iter()
            .map(|u| row(Some(&u.user), u.used, total))
            .collect();
        (rows, usage.first().map(|u| u.used))
    })
}

/// `cluster WCKeyUtilizationByUser [WCKeys=] [User=] [Start=] [End=]
/// [Format=]`: each wckey's total, then its users' rows by login
/// (`cluster_wckey_by_user`, its rows made by `_process_wu` in the order
/// of `_cluster_get_wckeys`).
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
        let mut usage = wckey_usage(c, cond, window, false);
        if usage.is_empty() {
            return (Vec::new(), None);
        }
        crate::sort::by(&mut usage, |a, b| a.user.cmp(&b.user));
        let sum: i64 = usage.iter().map(|u| u.used).sum();
        let mut rows = vec![row(None, sum, total)];
        rows.extend(usage.iter().map(|u| row(Some(&u.user), u.used, total)));
        (rows, Some(sum))
    })
}

/// A row of the wckey `*`: for `user`, or the wckey's total (no login).
fn row(user: Option<&str>, used: i64, total: i64) -> Row {
    let login = user.unwrap_or_default().to_owned();
    usage_row([String::new(), login, NO_WCKEY.to_owned()], used, total)
}

/// Each user's usage under `*` (all their associations together) when
/// `TrackWCKey` is set and `WCKeys=` does not leave `*` out; most used
/// first, then by login (by login alone with `by_name`).
fn wckey_usage(
    c: &Cluster,
    cond: &Conditions,
    window: (i64, i64),
    by_name: bool,
) -> Vec<UserUsage> {
    let named = cond.wckeys.is_empty() || cond.wckeys.iter().any(|k| k == NO_WCKEY);
    if !c.config.tracks_wckeys() || !named {
        return Vec::new();
    }
    user_usage(c, cond, window, (true, by_name))
}
