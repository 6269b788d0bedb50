//! `sreport`'s association and user reports, each layout checked against
//! Slurm 22.05's `src/sreport/cluster_reports.c` and `user_reports.c`.

use super::{Term, failed, ok, out};

/// alice (team-a) 4 CPUs for an hour, bob (team-b) 2 for half an hour
/// and root (team-a) 1 for ten minutes, all from midnight; now 03:00.
pub(super) fn scenario() -> Term {
    let mut t = Term::new("2026-11-30T00:00:00");
    t.submit("alice", "~", "sbatch -n 4 --wrap \"sleep 3600\"");
    t.submit("bob", "~", "sbatch -n 2 --wrap \"sleep 1800\"");
    t.submit("root", "~", "sbatch -n 1 --wrap \"sleep 600\"");
    t.at("2026-11-30T03:00:00");
    t
}

/// The window of the scenario, in sreport's words.
pub(super) const WINDOW: &str = "start=2026-11-30 end=2026-11-30T02:00:00";

/// The header block of a report titled `title`, in `unit`.
fn title(title: &str, unit: &str) -> String {
    let rule = "-".repeat(80);
    format!(
        "{rule}\n{title} 2026-11-30T00:00:00 - 2026-11-30T01:59:59 (7200 secs)\n\
Usage reported in CPU {unit}\n{rule}\n"
    )
}

#[test]
fn account_utilization_by_user_lists_the_hierarchy_with_usage() {
    let mut t = scenario();
    let head = title("Cluster/Account/User Utilization", "Minutes");
    assert_eq!(
        out(&t.root(&format!(
            "sreport cluster AccountUtilizationByUser {WINDOW}"
        ))),
        ok(&format!(
            "{head}  Cluster         Account     Login     Proper Name     Used   Energy 
--------- --------------- --------- --------------- -------- -------- 
  cluster            root                                310        0 
  cluster          team-a                                250        0 
  cluster          team-a     alice                      240        0 
  cluster          team-a      root            root       10        0 
  cluster          team-b                                 60        0 
  cluster          team-b       bob                       60        0 
"
        ))
    );
    assert_eq!(
        out(&t.root(&format!("sreport cluster acc {WINDOW} tree"))),
        ok(&format!(
            "{head}  Cluster Account                  Login     Proper Name     Used   Energy 
--------- -------------------- --------- --------------- -------- -------- 
  cluster root                                                310        0 
  cluster  team-a                                             250        0 
  cluster   team-a                 alice                      240        0 
  cluster   team-a                  root            root       10        0 
  cluster  team-b                                              60        0 
  cluster   team-b                   bob                       60        0 
"
        ))
    );
    // A chosen account's subtree; a tree starts at the first row printed.
    assert_eq!(
        out(&t.root(&format!(
            "sreport -n cluster a {WINDOW} accounts=team-a tree"
        ))),
        ok(
            "  cluster team-a                                              250        0 
  cluster  team-a                  alice                      240        0 
  cluster  team-a                   root            root       10        0 
"
        )
    );
    assert_eq!(
        out(&t.root(&format!(
            "sreport -P -n -t hours cluster a {WINDOW} users=bob"
        ))),
        ok("cluster|team-b|bob||1|0\n")
    );
    // The window rounds to hours from half past minus 30 seconds.
    assert_eq!(
        out(&t.root(
            "sreport -P -n cluster a users=bob start=2026-11-29T23:29:30 end=2026-11-30T00:29:29"
        )),
        ok("cluster|team-b|bob||60|0\n")
    );
    assert_eq!(
        out(&t.root(&format!("sreport -p -n cluster a {WINDOW} bob"))),
        ok("cluster|team-b|bob||60|0|\n")
    );
    // Names read as slurm_addto_char_list reads them: lowercased, a
    // leading quote closing the list.
    assert_eq!(
        out(&t.root(&format!(
            "sreport -p -n cluster a {WINDOW} users='\"BOB\",alice'"
        ))),
        ok("cluster|team-b|bob||60|0|\n")
    );
    assert_eq!(
        out(&t.root(&format!("sreport -n cluster a {WINDOW} color=red"))).2,
        " Unknown condition: color=red\nUse keyword set to modify value\n"
    );
}

#[test]
fn top_usage_sorts_users_by_usage() {
    let mut t = scenario();
    let head = title("Top 10 Users", "Minutes");
    assert_eq!(
        out(&t.root(&format!("sreport user topusage {WINDOW}"))),
        ok(&format!(
            "{head}  Cluster     Login     Proper Name         Account     Used   Energy 
--------- --------- --------------- --------------- -------- -------- 
  cluster     alice                          team-a      240        0 
  cluster       bob                          team-b       60        0 
  cluster      root            root          team-a       10        0 
"
        ))
    );
    assert_eq!(
        out(&t.root(&format!("sreport -P -t Hours user top {WINDOW} TopCount=1"))),
        ok(&format!(
            "{}Cluster|Login|Proper Name|Account|Used|Energy\ncluster|alice||team-a|4|0\n",
            title("Top 1 Users", "Hours")
        ))
    );
    assert_eq!(
        out(&t.root(&format!(
            "sreport -n -t s user t {WINDOW} accounts=team-a users=root"
        ))),
        ok("  cluster      root            root          team-a      600        0 \n")
    );
    assert_eq!(
        out(&t.root(&format!("sreport -n user top {WINDOW} TopCount=x"))),
        (
            1,
            "  cluster     alice                          team-a      240        0 
  cluster       bob                          team-b       60        0 
  cluster      root            root          team-a       10        0 
"
            .to_owned(),
            "sreport: error: Invalid value for TopCount (x)\n".to_owned()
        )
    );
}

#[test]
fn time_suspended_is_not_charged() {
    // alice's 4 CPUs from midnight, suspended from 00:20 to 00:50: 30
    // minutes of the first hour are charged, 120 CPU minutes.
    let mut t = Term::new("2026-11-30T00:00:00");
    let id = t.submit("alice", "~", "sbatch -n 4 --wrap \"sleep 3000\"");
    t.at("2026-11-30T00:20:00");
    assert_eq!(t.root(&format!("scontrol suspend {id}")).exit, 0);
    t.at("2026-11-30T00:50:00");
    assert_eq!(t.root(&format!("scontrol resume {id}")).exit, 0);
    t.at("2026-11-30T03:00:00");
    let used = t.root("sreport -n -P user top start=2026-11-30 end=2026-11-30T01:00:00");
    assert_eq!(out(&used), ok("cluster|alice||team-a|120|0\n"));
    // The rest of its 50 minutes, 01:00 to 01:20, in the second hour: 80.
    let later = t.root("sreport -n -P user top start=2026-11-30T01:00:00 end=2026-11-30T02:00:00");
    assert_eq!(out(&later), ok("cluster|alice||team-a|80|0\n"));
}

#[test]
fn top_usage_groups_a_users_accounts() {
    let mut t = Term::new("2026-11-30T00:00:00");
    t.submit("root", "~", "sbatch -n 2 --wrap \"sleep 600\"");
    t.submit("root", "~", "sbatch -A root -n 1 --wrap \"sleep 600\"");
    t.at("2026-11-30T03:00:00");
    assert_eq!(
        out(&t.root(&format!("sreport -n user top {WINDOW}"))),
        ok(
            "  cluster      root            root          team-a       20        0 
  cluster      root            root            root       10        0 
"
        )
    );
    assert_eq!(
        out(&t.root(&format!("sreport -n user top {WINDOW} group"))),
        ok("  cluster      root            root    root, team-a       30        0 \n")
    );
}

#[test]
fn sreport_names_its_reports() {
    let mut t = Term::new("2026-11-30T00:00:00");
    assert_eq!(
        out(&t.root("sreport user nope")),
        failed("Not valid report nope\nValid user reports are, \"Top\"\n")
    );
    assert_eq!(
        out(&t.root("sreport user")),
        failed("too few arguments for keyword:user\n")
    );
}

#[test]
fn user_utilization_by_account_lists_user_associations_most_used_first() {
    let mut t = scenario();
    // TopUsage's columns and rows (no TopCount here), under its own title.
    let ua = out(&t.root(&format!(
        "sreport cluster UserUtilizationByAccount {WINDOW}"
    )));
    let top = out(&t.root(&format!("sreport user topusage {WINDOW}")));
    let head = title("Cluster/User/Account Utilization", "Minutes");
    assert_eq!(ua.0, 0);
    assert_eq!(
        ua.1.strip_prefix(&head),
        top.1.strip_prefix(&title("Top 10 Users", "Minutes"))
    );
    assert!(ua.1.len() > head.len());
    // Only the accounts named, not their sub-accounts; `Tree` widens the
    // Account column to the left, as in AccountUtilizationByUser.
    assert_eq!(
        out(&t.root(&format!(
            "sreport -n cluster ua {WINDOW} accounts=team-a tree"
        ))),
        ok(
            "  cluster     alice                 team-a                    240        0 
  cluster      root            root team-a                     10        0 
"
        )
    );
    assert_eq!(
        out(&t.root(&format!("sreport -n cluster ua {WINDOW} accounts=root"))),
        ok("")
    );
    assert_eq!(
        out(&t.root(&format!(
            "sreport -P -n cluster UserUtilizationByA {WINDOW} bob"
        ))),
        ok("cluster|bob||team-b|60|0\n")
    );
}

#[test]
fn wckey_reports_are_empty_without_track_wckey() {
    let mut t = scenario();
    assert_eq!(
        out(&t.root(&format!("sreport cluster uw {WINDOW}"))),
        ok(&format!(
            "{}  Cluster     Login     Proper Name           WCKey     Used 
--------- --------- --------------- --------------- -------- 
",
            title("Cluster/User/WCKey Utilization", "Minutes")
        ))
    );
    assert_eq!(
        out(&t.root(&format!(
            "sreport -P cluster WCKeyUtilizationByUser {WINDOW}"
        ))),
        ok(&format!(
            "{}Cluster|WCKey|Login|Proper Name|Used\n",
            title("Cluster/WCKey/User Utilization", "Minutes")
        ))
    );
}

#[test]
fn wckey_reports_charge_jobs_without_a_wckey_to_star() {
    let mut t = scenario();
    t.c.config
        .other
        .push(("TrackWCKey".to_owned(), "yes".to_owned()));
    assert_eq!(
        out(&t.root(&format!(
            "sreport -n cluster UserUtilizationByWckey {WINDOW}"
        ))),
        ok(
            "  cluster     alice                               *      240 
  cluster       bob                               *       60 
  cluster      root            root               *       10 
"
        )
    );
    assert_eq!(
        out(&t.root(&format!("sreport -n -P cluster wckey {WINDOW}"))),
        ok("cluster|*|||310\ncluster|*|alice||240\ncluster|*|bob||60\ncluster|*|root|root|10\n")
    );
    // `User=` (not `Users=`) and wckey names, bare or in `WCKeys=`.
    assert_eq!(
        out(&t.root(&format!("sreport -n -P cluster w {WINDOW} user=bob"))),
        ok("cluster|*|||60\ncluster|*|bob||60\n")
    );
    assert_eq!(
        out(&t.root(&format!("sreport -n -P cluster w {WINDOW} wckeys=x"))),
        ok("")
    );
    assert_eq!(
        out(&t.root(&format!("sreport -n -P cluster uw {WINDOW} * user=root"))),
        ok("cluster|root|root|*|10\n")
    );
    // `Clusters=` needs three letters here; `withdeleted` is a flag.
    assert_eq!(
        out(&t.root(&format!(
            "sreport -n -P cluster uw {WINDOW} clu=other withdel"
        ))),
        ok("")
    );
    assert_eq!(
        out(&t.root(&format!(
            "sreport -n -P cluster uw {WINDOW} cl=other user=bob"
        ))),
        (
            1,
            "cluster|bob||*|60\n".to_owned(),
            " Unknown condition: cl=other\n".to_owned()
        )
    );
    let o = out(&t.root(&format!("sreport -n -P cluster uw {WINDOW} users=bob")));
    assert_eq!((o.0, o.2.as_str()), (1, " Unknown condition: users=bob\n"));
    assert_eq!(o.1.lines().count(), 3);
}

#[test]
fn format_picks_columns_by_prefix_with_widths() {
    let mut t = scenario();
    // Names are case-blind prefixes; `%N` sets a width, `%-N` aligns left;
    // Used is sized to the usage whatever its `%N`.
    assert_eq!(
        out(&t.root(&format!(
            "sreport -n cluster ua {WINDOW} FORMAT=Login%-10,Ac%3,Used%20"
        ))),
        ok("alice      te+      240 \nbob        te+       60 \nroot       te+       10 \n")
    );
    // A repeated name moves to the end; a final comma is dropped.
    assert_eq!(
        out(&t.root(&format!(
            "sreport -P cluster a {WINDOW} f=used,login,USED, users=bob"
        ))),
        ok(&format!(
            "{}Login|Used\nbob|60\n",
            title("Cluster/Account/User Utilization", "Minutes")
        ))
    );
    // Columns a report has no value for print blank or 0.
    assert_eq!(
        out(&t.root(&format!(
            "sreport -P -n user top {WINDOW} format=Cl,TresName,login topcount=1"
        ))),
        ok("cluster|cpu|alice\n")
    );
}

#[test]
fn format_takes_any_cluster_field_and_reports_unknown_ones() {
    let mut t = scenario();
    // Every cluster report takes every cluster field: `res` is Planned and
    // `plan` PlannedDown; Utilization has no Used or Login (0, blank).
    assert_eq!(
        out(&t.root(&format!(
            "sreport cluster ut {WINDOW} format=count,tresn,over,res,plan,idle,used,login"
        ))),
        ok(&format!(
            "{rule}
Cluster Utilization 2026-11-30T00:00:00 - 2026-11-30T01:59:59
Usage reported in CPU Minutes
{rule}
TRES Count      TRES Name Over Com  Planned PLND Dow     Idle       Used     Login 
---------- -------------- -------- -------- -------- -------- ---------- --------- 
       256            cpu        0        0        0    30410          0           
",
            rule = "-".repeat(80)
        ))
    );
    assert_eq!(
        out(&t.root(&format!(
            "sreport -P -n cluster ut {WINDOW} format=count,tresn,over,res,plan,idle,used,login"
        ))),
        ok("256|cpu|0|0|0|30410|0|\n")
    );
    // A cluster field needs two letters; the unknown one is reported as
    // sreport keeps it, lowercased and cut at `%`, and the rest printed.
    assert_eq!(
        out(&t.root(&format!(
            "sreport -n cluster ua {WINDOW} format=A,used,Bogus%3,,"
        ))),
        (
            1,
            "     240 \n      60 \n      10 \n".to_owned(),
            " Unknown field 'a'\n Unknown field 'bogus'\n".to_owned()
        )
    );
    // `Format=` alone names a field ''.
    assert_eq!(
        out(&t.root(&format!("sreport -n user top {WINDOW} format="))),
        (1, "\n\n\n".to_owned(), " Unknown field ''\n".to_owned())
    );
    // The user report's fields need one letter, TresName five.
    assert_eq!(
        out(&t.root(&format!(
            "sreport -n user top {WINDOW} format=a,u,p,l,c,e,t"
        ))),
        (
            1,
            "         team-a      240                     alice   cluster        0 
         team-b       60                       bob   cluster        0 
         team-a       10            root      root   cluster        0 
"
            .to_owned(),
            " Unknown field 't'\n".to_owned()
        )
    );
}

#[test]
fn percent_units_show_a_share_of_the_reported_time() {
    let mut t = scenario();
    let rule = "-".repeat(80);
    let head = |unit: &str| {
        format!(
            "{rule}\nCluster Utilization 2026-11-30T00:00:00 - 2026-11-30T01:59:59\n\
Usage reported in {unit}\n{rule}\n"
        )
    };
    assert_eq!(
        out(&t.root(&format!("sreport -t percent cluster ut {WINDOW}"))),
        ok(&format!(
            "{}  Cluster Allocate     Down PLND Dow     Idle  Planned Reported 
--------- -------- -------- -------- -------- -------- -------- 
  cluster    1.01%    0.00%    0.00%   98.99%    0.00%  100.00% 
",
            head("Percentage of Total")
        ))
    );
    // The ...Per units widen the time columns by 9.
    assert_eq!(
        out(&t.root(&format!("sreport -t MinPer cluster ut {WINDOW}"))),
        ok(&format!(
            "{}  Cluster         Allocated              Down         PLND Down              Idle           Planned          Reported 
--------- ----------------- ----------------- ----------------- ----------------- ----------------- ----------------- 
  cluster        310(1.01%)          0(0.00%)          0(0.00%)     30410(98.99%)          0(0.00%)    30720(100.00%) 
",
            head("CPU Minutes/Percentage of Total")
        ))
    );
    // Usage is a share of the cluster's reported time (256 CPUs, 2 hours).
    assert_eq!(
        out(&t.root(&format!("sreport -n -t SecPer cluster ua {WINDOW}"))),
        ok("  cluster     alice                          team-a      14400(0.78%)          0(0.00%) 
  cluster       bob                          team-b       3600(0.20%)          0(0.00%) 
  cluster      root            root          team-a        600(0.03%)          0(0.00%) 
")
    );
    assert_eq!(
        out(&t.root(&format!("sreport -P -t hourpe user top {WINDOW}"))),
        ok(&format!(
            "{}Cluster|Login|Proper Name|Account|Used|Energy
cluster|alice||team-a|4(0.78%)|0(0.00%)
cluster|bob||team-b|1(0.20%)|0(0.00%)
cluster|root|root|team-a|0(0.03%)|0(0.00%)
",
            title("Top 10 Users", "Hours/Percentage of Total")
        ))
    );
    assert_eq!(
        out(&t.root(&format!(
            "sreport -n -p -t p cluster a {WINDOW} accounts=team-b"
        ))),
        ok("cluster|team-b|||0.20%|0.00%|\ncluster|team-b|bob||0.20%|0.00%|\n")
    );
}

#[test]
fn unknown_time_units_leave_minutes() {
    let mut t = scenario();
    // `SecPer` and `MinPer` are whole words; the message has no newline.
    for unit in ["bogus", "minp", "secp"] {
        assert_eq!(
            out(&t.root(&format!(
                "sreport -n -P -t {unit} user top {WINDOW} users=bob"
            ))),
            (
                0,
                "cluster|bob||team-b|60|0\n".to_owned(),
                format!("unknown time format {unit}")
            )
        );
    }
}
