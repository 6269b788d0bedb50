//! `sacctmgr add|modify|delete`, each output checked against Slurm
//! 22.05's source (`src/sacctmgr/account_functions.c`,
//! `user_functions.c`, `common.c`'s `commit_check`, and slurmdbd's
//! refusals in `as_mysql_acct.c` / `accounting_storage_mysql.c`), and
//! the shares feeding the fair-share factor at once.

use super::super::*;
use super::{Term, failed, ok, out};
use crate::sim::fair_share::AssocId;

const WORK: &str = "/srv/cluster/work";

/// Sets the usage charged to `user` in `account`.
fn usage(t: &mut Term, account: &str, user: &str, amount: f64) {
    let id = AssocId {
        account: account.to_owned(),
        user: Some(user.to_owned()),
    };
    let tree = &mut t.c.accounts_mut().tree;
    let i = tree.find(&id).unwrap_or_else(|| panic!("no {id}"));
    tree.set_own_usage(i, amount)
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn accounts_and_users_are_added_and_listed() {
    let mut t = Term::new("2026-11-30T00:00:00");
    assert_eq!(
        out(&t.root("sacctmgr -i add account team-c parent=team-a fairshare=2")),
        ok(" Adding Account(s)
  team-c
 Settings
  Description     = Account Name
  Organization    = Parent/Account Name
 Associations
  A = team-c     C = cluster   
 Settings
  Fairshare     = 2
")
    );
    assert_eq!(
        out(&t.root("sacctmgr add user carol account=team-c")),
        ok(" Adding User(s)
  carol
 Associations =
  U = carol     A = team-c     C = cluster   
 Non Default Settings
")
    );
    assert_eq!(
        out(&t.root("sacctmgr -i add user alice account=team-b fairshare=4")),
        ok(" Associations =
  U = alice     A = team-b     C = cluster   
 Non Default Settings
  Fairshare     = 4
")
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
  team-c                                2 
   team-c                 carol         1 
 team-b                                 1 
  team-b                  alice         4 
  team-b                    bob         1 
")
    );
    assert_eq!(
        out(&t.root("sacctmgr -n -P show user carol")),
        ok("carol|team-c|None\n")
    );
    assert_eq!(
        out(&t.root("sacctmgr -i add account team-c")),
        (1, " Nothing new added.\n".to_owned(), String::new())
    );
    assert_eq!(
        out(&t.root("sacctmgr -i add account x parent=nope")),
        failed(
            " Parent account 'nope' doesn't exist on cluster cluster\n        \
Contact your admin to add this account.\n No associations created.\n"
        )
    );
}

#[test]
fn a_piped_answer_commits_or_discards() {
    let mut t = Term::new("2026-11-30T00:00:00");
    let argv: Vec<String> = ["sacctmgr", "add", "account", "team-c"]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
    let o = t.c.exec(&argv, "n\n", "root");
    assert_eq!(
        out(&o).1,
        " Adding Account(s)
  team-c
 Settings
  Description     = Account Name
  Organization    = Parent/Account Name
 Associations
  A = team-c     C = cluster   
Would you like to commit changes? (You have 30 seconds to decide)
(N/y): 
 Changes Discarded
"
    );
    assert!(!t.c.accounts().has_account("team-c"));
    let o = t.c.exec(&argv, "y\n", "root");
    assert_eq!(o.exit, 0);
    assert!(t.c.accounts().has_account("team-c"));
}

#[test]
fn a_share_change_moves_sshare_and_sprio() {
    let mut t = Term::new("2026-11-30T03:00:00");
    usage(&mut t, "team-a", "alice", 3600.0);
    usage(&mut t, "team-b", "bob", 3600.0);
    t.submit(
        "root",
        WORK,
        "sbatch -N 4 --gpus-per-node=8 --wrap \"sleep 600\"",
    );
    t.submit(
        "bob",
        "~",
        "sbatch -n 4 --gpus-per-node=1 --wrap \"sleep 600\"",
    );
    t.c.advance(1);
    let sprio = |t: &mut Term| t.root("sprio").text(Stream::Stdout);
    let sshare = |t: &mut Term| t.root("sshare -n -P -a -A team-b").text(Stream::Stdout);
    let head = "          JOBID PARTITION   PRIORITY       SITE        AGE  FAIRSHARE    JOBSIZE  \
PARTITION        QOS                 TRES\n";
    assert_eq!(
        sprio(&mut t),
        format!(
            "{head}              2 gpu             3764          0          0       2500        133       1000        100          gres/gpu=31\n"
        )
    );
    assert_eq!(
        sshare(&mut t),
        // -A leaves root's rows out (assoc_mgr_get_shares), and team-b,
        // whose parent is not printed, starts at the margin.
        "team-b||1|0.200000|3600|0.500000|\n team-b|bob|1|1.000000|3600|1.000000|0.250000\n"
    );
    assert_eq!(
        out(&t.root("sacctmgr -i modify account team-b set fairshare=50")),
        ok(" Modified account associations...\n  C = cluster    A = team-b of root\n")
    );
    // Team-b now holds 50 of 54 shares at root's level and has used half:
    // it ranks above team-a, and bob's factor rises from 0.25 to 0.75.
    assert_eq!(
        sshare(&mut t),
        "team-b||50|0.925926|3600|0.500000|\n team-b|bob|1|1.000000|3600|1.000000|0.750000\n"
    );
    assert_eq!(
        sprio(&mut t),
        format!(
            "{head}              2 gpu             8764          0          0       7500        133       1000        100          gres/gpu=31\n"
        )
    );
    assert_eq!(
        out(&t.root("sacctmgr -i modify user where name=bob set fairshare=3")),
        ok(
            " Modified user associations...\n  C = cluster    A = team-b               U = bob      \n"
        )
    );
}

#[test]
fn deletions_and_their_refusals() {
    let mut t = Term::new("2026-11-30T03:00:00");
    assert_eq!(
        out(&t.root("sacctmgr -i delete account root")),
        failed(" You are not allowed to remove the root account.\n Use remove cluster instead.\n")
    );
    assert_eq!(
        out(&t.root("sacctmgr -i delete account")),
        failed(" No conditions given to remove, not executing.\n")
    );
    assert_eq!(
        out(&t.root("sacctmgr -i delete account nope")),
        (1, " Nothing deleted\n".to_owned(), String::new())
    );
    let id = t.submit("bob", "~", "sbatch -n 1 --wrap \"sleep 600\"");
    assert_eq!(
        out(&t.root("sacctmgr -i delete account team-b")),
        failed(&format!(
            " Error with request: Job(s) active, cancel job(s) before remove\n  \
JobID = {id:<10} C = cluster    A = team-b     U = bob      \n"
        ))
    );
    t.root(&format!("scancel {id}"));
    t.c.advance(1);
    assert_eq!(
        out(&t.root("sacctmgr -i add user alice account=team-b")).0,
        0
    );
    assert_eq!(
        out(&t.root("sacctmgr -i delete account where name=team-b")),
        failed(
            " Error with request: You can not remove the default account of a user
  C = cluster         A = team-b     U = bob      
 Please either remove the accounts listed above from list and resubmit,
 or change these users' default accounts to remove the account(s).
 Changes Discarded
"
        )
    );
    assert_eq!(
        out(&t.root("sacctmgr -i delete user alice account=team-b")),
        ok(" Deleting user associations...\n  C = cluster    A = team-b     U = alice    \n")
    );
    assert_eq!(
        out(&t.root("sacctmgr -i delete account team-b")),
        ok(" Deleting accounts...\n  team-b\n")
    );
    assert_eq!(
        out(&t.root("sacctmgr -n -P show user")),
        ok("alice|team-a|None\nroot|team-a|Administrator\n")
    );
    assert_eq!(
        out(&t.root("sacctmgr -i delete user alice")),
        ok(" Deleting users...\n  alice\n")
    );
}

#[test]
fn only_operators_change_the_database() {
    let mut t = Term::new("2026-11-30T00:00:00");
    assert_eq!(
        out(&t.run_as(
            "alice",
            "~",
            "sacctmgr -i modify account team-b set fairshare=5"
        )),
        failed(" Error with request: Access/permission denied\n")
    );
    assert_eq!(
        out(&t.run_as("alice", "~", "sacctmgr -i delete user bob")),
        failed(" Error with request: Access/permission denied\n")
    );
    let o = t.run_as("alice", "~", "sacctmgr -i add account team-c");
    assert_eq!(o.exit, 1);
    assert_eq!(
        o.text(Stream::Stderr),
        " Problem adding accounts: Access/permission denied\n"
    );
    assert!(!t.c.accounts().has_account("team-c"));
    assert_eq!(
        out(&t.run_as(
            "alice",
            "~",
            "sacctmgr add user carol account=team-a defaultaccount=team-a"
        )),
        failed(
            " Your user/uid (alice/1001) is not AdminLevel >= Operator, you cannot set DefaultAccount.\n"
        )
    );
}

#[test]
fn mistakes_in_changes() {
    let mut t = Term::new("2026-11-30T00:00:00");
    let cases: &[(&str, &str)] = &[
        (
            "sacctmgr add",
            "No valid entity in add command\nInput line must include \"Account\", \"Cluster\", \
\"Coordinator\", \"Federation\", \"QOS\", \"Resource\", or \"User\"\n",
        ),
        (
            "sacctmgr modify bogus",
            "No valid entity in modify command\nInput line must include \"Account\", \"Cluster\", \
\"Federation\", \"Job\", \"QOS\", \"Resource\" or \"User\"\n",
        ),
        (
            "sacctmgr modify account team-b",
            " You didn't give me anything to set\n",
        ),
        (
            "sacctmgr modify account team-b set color=red",
            " Unknown option: color=red\n Use keyword 'where' to modify condition\n",
        ),
        (
            "sacctmgr modify account where color=red set fairshare=2",
            " Unknown condition: color=red\n Use keyword 'set' to modify value\n",
        ),
        (
            "sacctmgr modify account team-b set fairshare=abc",
            "sacctmgr: error: Invalid value for FairShare (abc)\n Unknown option: fairshare=abc\n \
Use keyword 'where' to modify condition\n",
        ),
        (
            "sacctmgr modify account team-b set name=x",
            " Can't modify the name of an account\n",
        ),
        (
            "sacctmgr modify user bob set fairshare",
            " Bad format on fairshare: End your option with an '=' sign\n",
        ),
        (
            "sacctmgr add user dave",
            " Need name of account to add user to.\n",
        ),
        ("sacctmgr add account", " Need name of account to add.\n"),
        (
            "sacctmgr -r add account x",
            "Can't run this command in readonly mode.\n",
        ),
        (
            "sacctmgr add account x maxjobs=3",
            "sacctmgr: setting maxjobs is not simulated yet\n",
        ),
    ];
    for (line, error) in cases {
        assert_eq!(out(&t.root(line)), failed(error), "{line}");
    }
    assert_eq!(
        out(&t.root("sacctmgr modify account nope set fairshare=2")),
        (1, " Nothing modified\n".to_owned(), String::new())
    );
}
