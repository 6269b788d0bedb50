//! The accounting tools beyond the transcripts (`sacctmgr`, `sreport`
//! and sacct's filters and units), each layout checked against Slurm
//! 22.05's source (`src/sacctmgr/*.c`: the column headers and widths of
//! `common.c`'s `_get_print_field`, each entity's default format and
//! messages; `src/sacct/options.c` and `convert_num_unit`).

use super::super::*;
use super::{Term, failed, ok, out};

#[test]
fn sacctmgr_lists_associations_with_the_default_columns() {
    let mut t = Term::new("2026-11-30T00:00:00");
    let o = t.run_as("alice", "~", "sacctmgr show assoc");
    let text = o.text(Stream::Stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "   Cluster    Account       User  Partition     Share   Priority GrpJobs       GrpTRES \
GrpSubmit     GrpWall   GrpTRESMins MaxJobs       MaxTRES MaxTRESPerNode MaxSubmit     MaxWall   \
MaxTRESMins                  QOS   Def QOS GrpTRESRunMin "
    );
    assert_eq!(lines.len(), 9);
    assert_eq!(
        lines[6].trim_end(),
        format!(
            "   cluster     team-a       root{:20}1{:152}high,normal",
            "", ""
        )
    );
    assert_eq!(
        out(&t.root("sacctmgr list assoc tree format=account,user,share")),
        ok("\
Account                    User     Share 
-------------------- ---------- --------- 
root                                    1 
 root                      root         1 
 team-a                                 3 
  team-a                  alice         1 
  team-a                   root         1 
 team-b                                 1 
  team-b                    bob         1 
")
    );
    assert_eq!(
        out(&t.root("sacctmgr -P show assoc where user=alice format=user,account,qos")),
        ok("User|Account|QOS\nalice|team-a|high,normal\n")
    );
    assert_eq!(
        out(&t.root("sacctmgr -n -p show assoc account=team-b format=acc,u,parentn%12")),
        ok("team-b||root|\nteam-b|bob||\n")
    );
}

#[test]
fn sacctmgr_lists_users_accounts_and_qos() {
    let mut t = Term::new("2026-11-30T00:00:00");
    assert_eq!(
        out(&t.root("sacctmgr show user")),
        ok("      User   Def Acct     Admin 
---------- ---------- --------- 
     alice     team-a      None 
       bob     team-b      None 
      root     team-a Administ+ 
")
    );
    assert_eq!(
        out(&t.root("sacctmgr -P -s list users bob")),
        ok(
            "User|Def Acct|Admin|Cluster|Account|Partition|Share|Priority|MaxJobs|MaxNodes|\
MaxCPUs|MaxSubmit|MaxWall|MaxCPUMins|QOS|Def QOS
bob|team-b|None|cluster|team-b||1||||||||high,normal|
"
        )
    );
    assert_eq!(
        out(&t.root("sacctmgr show account")),
        ok("   Account                Descr                  Org 
---------- -------------------- -------------------- 
      root default root account                 root 
    team-a               team-a               team-a 
    team-b               team-b               team-b 
")
    );
    assert_eq!(
        out(&t.root("sacctmgr -P show qos format=name,prio,preemptmode,usagefactor")),
        ok(
            "Name|Priority|PreemptMode|UsageFactor\nnormal|100|cluster|1.000000\nhigh|1000|cluster|1.000000\n"
        )
    );
}

#[test]
fn sacctmgr_mistakes_and_changes() {
    let mut t = Term::new("2026-11-30T00:00:00");
    assert_eq!(
        out(&t.root("sacctmgr show bogus")),
        failed(
            "No valid entity in list command
Input line must include \"Account\", \"Association\", \"Cluster\", \"Configuration\",
\"Event\", \"Federation\", \"Problem\", \"QOS\", \"Resource\", \"Reservation\",
\"RunAwayJobs\", \"Stats\", \"Transaction\", \"TRES\", \"User\", or \"WCKey\"
"
        )
    );
    assert_eq!(
        out(&t.root("sacctmgr show assoc format=nope%5")),
        failed("Unknown field 'nope'\n")
    );
    assert_eq!(
        out(&t.root("sacctmgr show assoc color=blue")),
        failed(" Unknown condition: color=blue\n")
    );
    assert_eq!(
        out(&t.root("sacctmgr frob")),
        failed("invalid keyword: frob\n")
    );
    assert_eq!(
        out(&t.run_as("alice", "~", "sacctmgr modify user bob set fairshare=2")),
        failed(" Error with request: Access/permission denied\n")
    );
    assert_eq!(
        out(&t.root("sacctmgr modify user alice set maxjobs=2")),
        failed("sacctmgr: setting maxjobs is not simulated yet\n")
    );
    assert_eq!(
        out(&t.root("sacctmgr -x")),
        failed("sacctmgr: invalid option -- 'x'\nTry \"sacctmgr --help\" for more information\n")
    );
}

#[test]
fn sreport_cluster_utilization_counts_cpu_time_in_whole_hours() {
    let mut t = Term::new("2026-11-30T00:00:00");
    t.submit("alice", "~", "sbatch -n 8 --wrap \"sleep 600\"");
    t.at("2026-11-30T02:10:00");
    let rule = "-".repeat(80);
    // Each time column is as wide as its largest value needs, 8 at least
    // (`sreport_set_usage_col_width`), so the names are cut.
    assert_eq!(
        out(&t.root("sreport cluster utilization start=2026-11-30T00:00:00 end=now")),
        ok(&format!(
            "{rule}
Cluster Utilization 2026-11-30T00:00:00 - 2026-11-30T01:59:59
Usage reported in CPU Minutes
{rule}
  Cluster Allocate     Down PLND Dow     Idle  Planned Reported 
--------- -------- -------- -------- -------- -------- -------- 
  cluster       80        0        0    30640        0    30720 
"
        ))
    );
    // Hours are rounded to the nearest (`%.0lf`): idle is 510.67 hours.
    assert_eq!(
        out(&t.root("sreport -P -n -t hours cluster ut start=2026-11-30 end=2026-11-30T02:00:00")),
        ok("cluster|1|0|0|511|0|512\n")
    );
    // By default, yesterday: before this cluster's first job.
    let o = out(&t.root("sreport -t Seconds cluster utilization"));
    assert!(o.1.contains("Cluster Utilization 2026-11-29T00:00:00 - 2026-11-29T23:59:59\nUsage reported in CPU Seconds\n"));
    assert!(o.1.ends_with("  cluster        0        0        0 22118400        0 22118400 \n"));
}

#[test]
fn sreport_mistakes() {
    let mut t = Term::new("2026-11-30T00:00:00");
    assert_eq!(
        out(&t.root("sreport cluster")),
        failed("too few arguments for keyword:cluster\n")
    );
    assert_eq!(
        out(&t.root("sreport cluster nope")),
        failed(
            "Not valid report nope\nValid cluster reports are, \"AccountUtilizationByUser\", \
\"UserUtilizationByAccount\", \"UserUtilizationByWckey\", \"Utilization\", and \
\"WCKeyUtilizationByUser\"\n"
        )
    );
    assert_eq!(
        out(&t.root("sreport frob")),
        failed("invalid keyword: frob\n")
    );
    // The report still runs after an unknown condition.
    let o = out(&t.root("sreport -n cluster utilization color=red"));
    assert_eq!(
        (o.0, o.2.as_str()),
        (
            1,
            " Unknown condition: color=red\nUse keyword set to modify value\n"
        )
    );
    assert!(o.1.starts_with("  cluster "));
    // Another cluster: no row.
    assert_eq!(
        out(&t.root("sreport -n cluster utilization clusters=other")),
        ok("")
    );
}

#[test]
fn sacct_filters_by_name_account_partition_and_prints_memory_in_units() {
    let mut t = Term::new("2026-11-30T00:00:00");
    t.submit(
        "alice",
        "~",
        "sbatch -J train --mem=1536 --wrap \"sleep 1\"",
    );
    t.submit("alice", "~", "sbatch -J eval -p debug --wrap \"sleep 1\"");
    t.submit("bob", "~", "sbatch -J big --mem=500G --wrap \"sleep 1\"");
    t.c.advance(5);
    let mut rows = |line: &str| out(&t.root(&format!("sacct -X -n -P {line}")));
    // Exact: halves count (1536M is 1.50G), 4000M stays in megabytes.
    assert_eq!(rows("-o JobID,ReqMem"), ok("1|1.50G\n2|4000M\n3|500G\n"));
    assert_eq!(rows("-o ReqMem --units=g"), ok("1.50G\n3.91G\n500G\n"));
    assert_eq!(
        rows("-o ReqMem --units=K"),
        ok("1572864K\n4096000K\n524288000K\n")
    );
    assert_eq!(rows("-o ReqMem --noconvert"), ok("1536M\n4000M\n512000M\n"));
    assert_eq!(rows("--name=train,big -o JobName"), ok("train\nbig\n"));
    assert_eq!(rows("-r debug -o JobID"), ok("2\n"));
    assert_eq!(rows("-A team-b -o User"), ok("bob\n"));
    assert_eq!(
        rows("--units=X"),
        failed(
            "sacct: error: Invalid unit type 'X'. Possible options are 'KMGTP'\n\
             sacct: fatal: Invalid unit type\n"
        )
    );
}

#[test]
fn sacct_filters_by_group_sizes_time_limits_nodes_qos_and_cluster() {
    let mut t = Term::new("2026-11-30T00:00:00");
    let work = "/srv/cluster/work";
    let a = t.submit("root", work, "sbatch -N 2 -t 30 --wrap=hostname");
    let b = t.submit(
        "root",
        work,
        "sbatch -n 4 -t 1:00:00 --qos=high --wrap=hostname",
    );
    let d = t.submit("alice", "~", "sbatch -t 30 --wrap=hostname");
    t.at("2026-11-30T00:05:00");
    let mut ids = |args: &str| -> Vec<u32> {
        let o = t.root(&format!("sacct -X -n -a -o JobID {args}"));
        assert_eq!(o.exit, 0, "{args}: {}", o.transcript());
        o.text(Stream::Stdout)
            .split_whitespace()
            .filter_map(|id| id.parse().ok())
            .collect()
    };
    assert_eq!(ids("-i 2"), [a]);
    assert_eq!(ids("--nnodes=1-2"), [a, b, d]);
    assert_eq!(ids("-I 4"), [b]);
    // `-k` alone asks for that very limit, with `-K` a range; `-K` alone
    // filters nothing (as_mysql_jobacct_process.c).
    assert_eq!(ids("-k 30"), [a, d]);
    assert_eq!(ids("-k 30 -K 1:00:00"), [a, b, d]);
    assert_eq!(ids("-K 30"), [a, b, d]);
    assert_eq!(ids("-q high"), [b]);
    assert_eq!(ids("-g alice"), [d]);
    assert!(ids("-N node-[1-2]").contains(&a));
    assert_eq!(ids("-N node-4"), Vec::<u32>::new());
    assert_eq!(ids("-M cluster"), [a, b, d]);
    assert_eq!(ids("-M elsewhere"), Vec::<u32>::new());
    assert_eq!(
        ids("-L --local --federation -v --use-local-uid --whole-hetjob"),
        [a, b, d]
    );
    assert_eq!(
        out(&t.root("sacct -q nope")),
        failed(
            "sacct: error: You gave a bad qos 'nope'. Valid QOS's are normal,high\nsacct: fatal: problem processing qos list\n"
        )
    );
    assert_eq!(
        out(&t.root("sacct -g nobody")),
        failed("sacct: error: Invalid group id: nobody\n")
    );
    assert_eq!(
        out(&t.root("sacct -i x")),
        failed("sacct: error: Invalid numeric value \"x\" for requested node range.\n")
    );
    assert_eq!(
        out(&t.root("sacct -k 0")),
        failed("sacct: fatal: Invalid time limit specification\n")
    );
    assert_eq!(
        out(&t.root("sacct --help-fields")),
        out(&t.root("sacct -e"))
    );
}

#[test]
fn truncate_cuts_times_to_the_window() {
    let mut t = Term::new("2026-11-30T03:30:00");
    t.submit("alice", "~", "sbatch --wrap \"sleep 600\"");
    t.submit("alice", "~", "sbatch -H --wrap \"sleep 60\"");
    t.c.advance(30);
    let line = "sacct -X -n -P -T -S 03:30:20 -o JobID,State,Start,End,Elapsed";
    let out = t.run_as("alice", "~", line);
    // The running job starts at -S and ends now; the pending one has
    // both at now, as slurmdbd gives a record without a start its end.
    assert_eq!(
        out.text(Stream::Stdout),
        "1|RUNNING|2026-11-30T03:30:20|2026-11-30T03:30:30|00:00:10\n\
         2|PENDING|2026-11-30T03:30:30|2026-11-30T03:30:30|00:00:00\n"
    );
    // -E before now is the window's end.
    let line = "sacct -X -n -P -T -S 03:30:00 -E 03:30:25 -j 1 -o Start,End,Elapsed";
    assert_eq!(
        t.run_as("alice", "~", line).text(Stream::Stdout),
        "2026-11-30T03:30:00|2026-11-30T03:30:25|00:00:25\n"
    );
}
