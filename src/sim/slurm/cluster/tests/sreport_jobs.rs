//! `sreport`'s job and reservation reports and its one-word commands,
//! each checked against Slurm 22.05's `src/sreport/job_reports.c`,
//! `job_report_functions.c`, `resv_reports.c` and `sreport.c`.

use super::sreport::{WINDOW, scenario};
use super::{Term, failed, ok, out};

/// The header block of a job report in `unit`.
fn title(unit: &str) -> String {
    let rule = "-".repeat(80);
    format!(
        "{rule}\nJob Sizes 2026-11-30T00:00:00 - 2026-11-30T01:59:59 (7200 secs)\n\
{unit}\n{rule}\n"
    )
}

/// The columns of the default sizes after `first`.
fn columns(first: &str) -> String {
    format!(
        "{first}    0-49 CPUs   50-249 CPUs  250-499 CPUs  500-999 CPUs  >= 1000 CPUs % of cluster 
--------- --------- ------------- ------------- ------------- ------------- ------------- ------------ 
"
    )
}

#[test]
fn job_sizes_by_account_puts_every_job_under_root_unless_told_otherwise() {
    let mut t = scenario();
    let head = title("Time reported in Minutes");
    let cols = columns("  Cluster   Account ");
    // root's subtree holds every association: one row.
    assert_eq!(
        out(&t.root(&format!("sreport job SizesByAccount {WINDOW}"))),
        ok(&format!(
            "{head}{cols}  cluster      root           310             0             0             0             0      100.00% \n"
        ))
    );
    // root's children, then the accounts the jobs name.
    assert_eq!(
        out(&t.root(&format!("sreport -n job sizes {WINDOW} AcctAsParent"))),
        ok(
            "  cluster    team-a           250             0             0             0             0       80.65% 
  cluster    team-b            60             0             0             0             0       19.35% 
"
        )
    );
    assert_eq!(
        out(&t.root(&format!(
            "sreport -P -n job sizes {WINDOW} FlatView PrintJobCount"
        ))),
        ok("cluster|team-a|2|0|0|0|0|66.67%\ncluster|team-b|1|0|0|0|0|33.33%\n")
    );
    // An account picks its subtree; users pick jobs.
    assert_eq!(
        out(&t.root(&format!(
            "sreport -P -n job sizes {WINDOW} accounts=team-a users=root"
        ))),
        ok("cluster|team-a|10|0|0|0|0|100.00%\n")
    );
    assert_eq!(
        out(&t.root(&format!("sreport -n job sizes {WINDOW} clusters=other"))),
        ok("")
    );
}

#[test]
fn job_sizes_take_groupings_units_and_formats() {
    let mut t = scenario();
    assert_eq!(
        out(&t.root(&format!(
            "sreport -t percent job sizes {WINDOW} grouping=individual"
        ))),
        ok(&format!(
            "{}  Cluster   Account        1 CPUs        2 CPUs        4 CPUs % of cluster 
--------- --------- ------------- ------------- ------------- ------------ 
  cluster      root         3.23%        19.35%        77.42%      100.00% 
",
            title("Time reported in Percentage of Total")
        ))
    );
    // A size's %N sets its column's width (the last one's, the open
    // column's too); times are cut to it without a `+`.
    assert_eq!(
        out(&t.root(&format!(
            "sreport -n -t hourper job sizes {WINDOW} grouping=2,4%6 format=a,user,jobc"
        ))),
        ok("     root                   0             0(3.23%) 1(19.3 4(77.4      100.00% \n")
    );
    assert_eq!(
        out(&t.root(&format!(
            "sreport -n job sizes {WINDOW} format=acct,color"
        ))),
        (
            1,
            "     root           310             0             0             0             0      100.00% \n".to_owned(),
            " Unknown field 'color'\n".to_owned()
        )
    );
    assert_eq!(
        out(&t.root(&format!("sreport -n job sizes {WINDOW} users=nobody"))),
        (
            1,
            "  cluster      root           310             0             0             0             0      100.00% \n".to_owned(),
            "sreport: error: Invalid user id: nobody\n".to_owned()
        )
    );
    // No job in the window: nothing to make individual columns of.
    assert_eq!(
        out(&t.root("sreport job sizes grouping=individual")),
        failed(" We need a grouping list to set up the print.\n")
    );
}

#[test]
fn job_sizes_by_wckey_need_track_wckey() {
    let mut t = scenario();
    assert_eq!(
        out(&t.root(&format!("sreport -n job SizesByWckey {WINDOW}"))),
        ok("")
    );
    assert_eq!(
        out(&t.root(&format!("sreport -n job SizesByAccountAndWcKey {WINDOW}"))),
        ok("")
    );
    t.c.config
        .other
        .push(("TrackWCKey".to_owned(), "yes".to_owned()));
    let by_wckey = out(&t.root(&format!("sreport job SizesByWckey {WINDOW}")));
    assert!(
        by_wckey
            .1
            .contains("Job Sizes by Wckey 2026-11-30T00:00:00")
    );
    assert!(by_wckey.1.ends_with(
        "  cluster         *           310             0             0             0             0      100.00% \n"
    ));
    assert_eq!(
        out(&t.root(&format!(
            "sreport -P -n job SizesByAccountAndWcKey {WINDOW} AcctAsParent"
        ))),
        ok("cluster|team-a:*|250|0|0|0|0|80.65%\ncluster|team-b:*|60|0|0|0|0|19.35%\n")
    );
}

#[test]
fn job_and_reservation_reports_are_named_as_sreport_names_them() {
    let mut t = Term::new("2026-11-30T00:00:00");
    assert_eq!(
        out(&t.root("sreport job nope")),
        failed(
            "Not valid report nope\n\
Valid job reports are, \"SizesByAccount, SizesByAccountAndWcKey, and  SizesByWckey\"\n"
        )
    );
    assert_eq!(
        out(&t.root("sreport job sizes nodes=node-1")),
        failed("sreport: selecting jobs by nodes= is not simulated yet\n")
    );
    assert_eq!(
        out(&t.root("sreport resv")),
        failed("too few arguments for keyword:resv\n")
    );
    assert_eq!(
        out(&t.root("sreport reservation top")),
        failed("Not valid report top\nValid reservation reports are, \"Utilization\"\n")
    );
}

#[test]
fn reservation_utilization_has_no_reservation_to_list() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let rule = "-".repeat(80);
    assert_eq!(
        out(&t.root("sreport reservation utilization")),
        ok(&format!(
            "{rule}\nReservation Utilization 2026-11-29T00:00:00 - 2026-11-29T23:59:59\n\
Usage reported in TRES Minutes\n{rule}\n  Cluster      Name               Start                 End      TRES Name            Allocated                 Idle 
--------- --------- ------------------- ------------------- -------------- -------------------- -------------------- 
"
        ))
    );
    assert_eq!(
        out(&t.root("sreport -P -t percent resv u format=res,cpuTime,x")),
        (
            1,
            format!(
                "{rule}\nReservation Utilization 2026-11-29T00:00:00 - 2026-11-29T23:59:59\n\
Usage reported in Percentage of Total\n{rule}\nId|TRES Time\n"
            ),
            " Unknown field 'x'\n".to_owned()
        )
    );
}

#[test]
fn one_word_commands_set_what_a_one_shot_sreport_forgets() {
    let mut t = Term::new("2026-11-30T00:00:00");
    assert_eq!(out(&t.root("sreport version")), ok("slurm-wlm 22.05.8\n"));
    for quiet in [
        "sreport quiet",
        "sreport parsable2",
        "sreport time hours",
        "sreport exit",
    ] {
        assert_eq!(out(&t.root(quiet)), ok(""), "{quiet}");
    }
    assert_eq!(
        out(&t.root("sreport quiet now")),
        failed("too many arguments for keyword:quiet\n")
    );
    assert_eq!(
        out(&t.root("sreport verbose now")),
        failed("too many arguments for verbose keyword\n")
    );
    assert_eq!(
        out(&t.root("sreport sort")),
        failed("too few arguments for keyword:sort\n")
    );
    assert_eq!(
        out(&t.root("sreport jobs")),
        failed("invalid keyword: jobs\n")
    );
    assert!(out(&t.root("sreport help")).1.contains("sreport"));
}
