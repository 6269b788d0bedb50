//! `sacctmgr`: the accounting database as Slurm 22.05's sacctmgr lists
//! and changes it (`src/sacctmgr/*.c`). `show|list
//! associations|users|accounts|qos` prints `print_fields` cells with its
//! default columns, `format=` (with `%N` widths), `tree`, `withassoc`
//! (`-s`) and name filters. Root and operators `add` accounts and users,
//! `modify` their shares and `delete` them ([`add`], [`modify`],
//! [`delete`]); the questions sacctmgr asks before committing are
//! answered as [`commit`] describes. A user is in the database while they
//! have an association.

mod add;
mod change;
mod commit;
mod delete;
mod listed;
mod modify;
mod select;

use super::super::super::getopt::{HasArg, Opt, opt};
use super::super::fields::{Parsable, print_fields_header, print_fields_row};
use super::super::output::CommandOutput;
use super::super::{Caller, Cluster};
use super::{VERSION, help, keyword, parse, read_commands};
use crate::sim::fair_share::{Algorithm, share_rows};
use change::{Request, not_simulated};
use commit::Answers;
use select::Kind;

pub(super) const OPTIONS: &[Opt] = &[
    opt("help", Some('h'), &["help", "usage"], HasArg::No),
    opt("immediate", Some('i'), &["immediate"], HasArg::No),
    opt("noheader", Some('n'), &["noheader"], HasArg::No),
    opt("oneliner", Some('o'), &["oneliner"], HasArg::No),
    opt("parsable", Some('p'), &["parsable"], HasArg::No),
    opt("parsable2", Some('P'), &["parsable2"], HasArg::No),
    opt("quiet", Some('Q'), &["quiet"], HasArg::No),
    opt("readonly", Some('r'), &["readonly"], HasArg::No),
    opt("associations", Some('s'), &["associations"], HasArg::No),
    opt("verbose", Some('v'), &["verbose"], HasArg::No),
    opt("version", Some('V'), &["version"], HasArg::No),
];

/// The columns sacctmgr knows: (name, shortest prefix accepted, header,
/// width), in its lookup order (`_get_print_field` in `common.c`).
const FIELDS: &[(&str, usize, &str, i32)] = &[
    ("Account", 3, "Account", 10),
    ("Acct", 4, "Account", 10),
    ("AdminLevel", 2, "Admin", 9),
    ("TRES", 2, "TRES", 20),
    ("ClusterNodes", 8, "Cluster Nodes", 20),
    ("Clusters", 2, "Cluster", 10),
    ("Coordinators", 2, "Coord Accounts", 20),
    ("ControlHost", 8, "ControlHost", 15),
    ("ControlPort", 8, "ControlPort", 12),
    ("DefaultAccount", 8, "Def Acct", 10),
    ("DefaultQOS", 8, "Def QOS", 9),
    ("Description", 3, "Descr", 20),
    ("Flags", 2, "Flags", 20),
    ("GraceTime", 3, "GraceTime", 10),
    ("GrpCPUs", 6, "GrpCPUs", 8),
    ("GrpCPUMins", 7, "GrpCPUMins", 11),
    ("GrpTRES", 7, "GrpTRES", 13),
    ("GrpTRESMins", 7, "GrpTRESMins", 13),
    ("GrpTRESRunMins", 7, "GrpTRESRunMins", 13),
    ("GrpJobs", 4, "GrpJobs", 7),
    ("GrpMemory", 4, "GrpMem", 7),
    ("GrpNodes", 4, "GrpNodes", 8),
    ("GrpSubmitJobs", 4, "GrpSubmit", 9),
    ("GrpWall", 4, "GrpWall", 11),
    ("ID", 2, "ID", 6),
    ("MaxCPUMinsPerJob", 7, "MaxCPUMins", 11),
    ("MaxCPUsPerJob", 7, "MaxCPUs", 8),
    ("MaxTRES", 7, "MaxTRES", 13),
    ("MaxTRESPerJob", 11, "MaxTRES", 13),
    ("MaxTRESPerNode", 11, "MaxTRESPerNode", 14),
    ("MaxTRESMinsPerJob", 8, "MaxTRESMins", 13),
    ("MaxTRESPerAccount", 11, "MaxTRESPA", 13),
    ("MaxTRESPerAcct", 11, "MaxTRESPA", 13),
    ("MaxTRESPA", 9, "MaxTRESPA", 13),
    ("MaxTRESPerUser", 11, "MaxTRESPU", 13),
    ("MaxTRESPU", 9, "MaxTRESPU", 13),
    ("MaxJobs", 4, "MaxJobs", 7),
    ("MaxJobsPerAccount", 11, "MaxJobsPA", 9),
    ("MaxJobsPerAcct", 11, "MaxJobsPA", 9),
    ("MaxJobsPA", 9, "MaxJobsPA", 9),
    ("MaxJobsPerUser", 11, "MaxJobsPU", 9),
    ("MaxJobsPU", 9, "MaxJobsPU", 9),
    ("MaxNodesPerJob", 4, "MaxNodes", 8),
    ("MaxSubmitJobs", 4, "MaxSubmit", 9),
    ("MaxSubmitJobsPerAccount", 17, "MaxSubmitPA", 11),
    ("MaxSubmitJobsPerAcct", 17, "MaxSubmitPA", 11),
    ("MaxSubmitPA", 11, "MaxSubmitPA", 11),
    ("MaxSubmitJobsPerUser", 10, "MaxSubmitPU", 11),
    ("MaxSubmitPU", 6, "MaxSubmitPU", 11),
    ("MaxWallDurationPerJob", 4, "MaxWall", 11),
    ("MinTRESPerJob", 7, "MinTRES", 13),
    ("Name", 2, "Name", 10),
    ("NodeCount", 5, "NodeCount", 9),
    ("Organization", 1, "Org", 20),
    ("ParentName", 7, "ParentName", 10),
    ("Partition", 4, "Partition", 10),
    ("PluginIDSelect", 2, "PluginIDSelect", 14),
    ("PreemptMode", 8, "PreemptMode", 11),
    ("Preempt", 7, "Preempt", 10),
    ("PreemptExemptTime", 8, "PreemptExemptTime", 19),
    ("Priority", 3, "Priority", 10),
    ("QOSLevel", 3, "QOS", 20),
    ("RPC", 1, "RPC", 5),
    ("Share", 1, "Share", 9),
    ("FairShare", 2, "Share", 9),
    ("TimeEnd", 6, "TimeEnd", 19),
    ("End", 2, "TimeEnd", 19),
    ("TimeStart", 7, "TimeStart", 19),
    ("Start", 3, "TimeStart", 19),
    ("Type", 2, "Type", 8),
    ("UnusedWall", 2, "UnusedWall", 10),
    ("UsageFactor", 6, "UsageFactor", 11),
    ("UsageThreshold", 6, "UsageThres", 10),
    ("User", 1, "User", 10),
];

/// The default columns of each entity, as sacctmgr names them.
const ASSOC_COLUMNS: &str = "Cluster,Account,User,Part,Share,Priority,GrpJ,GrpTRES,GrpS,\
GrpWall,GrpTRESMins,MaxJ,MaxTRES,MaxTRESPerN,MaxS,MaxW,MaxTRESMins,QOS,DefaultQOS,GrpTRESRunMins";
const USER_COLUMNS: &str = "U,DefaultA,Ad";
const USER_ASSOC_COLUMNS: &str =
    ",Cl,Acc,Part,Share,Priority,MaxJ,MaxN,MaxCPUs,MaxS,MaxW,MaxCPUMins,QOS,DefaultQOS";
const ACCOUNT_COLUMNS: &str = "Acc,Des,O";
const ACCOUNT_ASSOC_COLUMNS: &str = ",Cl,ParentN,U,Share,Priority,GrpJ,GrpN,GrpCPUs,GrpMEM,\
GrpS,GrpWall,GrpCPUMins,MaxJ,MaxN,MaxCPUs,MaxS,MaxW,MaxCPUMins,QOS,DefaultQOS";
const QOS_COLUMNS: &str = "Name,Prio,GraceT,Preempt,PreemptE,PreemptM,Flags%40,UsageThres,\
UsageFactor,GrpTRES,GrpTRESMins,GrpTRESRunMins,GrpJ,GrpS,GrpW,MaxTRES,MaxTRESPerN,MaxTRESMins,\
MaxW,MaxTRESPerUser,MaxJobsPerUser,MaxSubmitJobsPerUser,MaxTRESPerAcct,MaxJobsPerAcct,\
MaxSubmitJobsPerAcct,MinTRES";

const CLUSTER_COLUMNS: &str = "Cl,Controlh,Controlp,RPC";
const CLUSTER_LIMIT_COLUMNS: &str = ",Fa,GrpJ,GrpTRES,GrpS,MaxJ,MaxTRES,MaxS,MaxW,QOS,DefaultQOS";
const TRES_COLUMNS: &str = "Type,Name%15,ID";
const RESERVATION_COLUMNS: &str = "Cluster,Name%15,TRES%30,TimeStart,TimeEnd,Unused";
const WCKEY_COLUMNS: &str = "Name,Cluster,User";

/// What sacctmgr lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Entity {
    Assoc,
    User,
    Account,
    Qos,
    Cluster,
    Tres,
    /// None in this database: the header alone.
    Reservation,
    /// None (`TrackWCKey` is off): the header alone.
    WcKey,
}

/// One listed record: each column's value by its header; a header it
/// lacks prints blank.
type Row = Vec<(&'static str, String)>;

/// A `show` command's conditions.
#[derive(Default)]
struct Conditions {
    /// `format=` items, in order.
    format: Vec<String>,
    /// Names (bare words, `names=`, `users=` for users ...).
    names: Vec<String>,
    /// `users=` of associations.
    users: Vec<String>,
    /// `accounts=`.
    accounts: Vec<String>,
    /// `tree`: accounts indented under their parents.
    tree: bool,
    /// `withassoc`: users and accounts with their associations.
    with_assoc: bool,
    /// `WOLimits`: clusters without their root association's limits.
    without_limits: bool,
    /// TRES types (bare words, `type=`).
    types: Vec<String>,
    /// `ids=` of TRES.
    ids: Vec<String>,
}

/// `exit` or `quit`: the end of sacctmgr's commands.
fn quits(verb: &str) -> bool {
    keyword(verb, "exit", 4) || keyword(verb, "quit", 4)
}

pub(super) fn run(
    c: &mut Cluster,
    argv: &[String],
    stdin: &str,
    caller: &mut Caller<'_>,
) -> CommandOutput {
    let p = match parse("sacctmgr", argv, OPTIONS, 1) {
        Ok(p) => p,
        Err(out) => return out,
    };
    if let Some(out) = help::requested(&p, help::SACCTMGR, help::SACCTMGR) {
        return out;
    }
    let parsable = Parsable::read(&p);
    let Some((verb, rest)) = p.operands.split_first() else {
        let ends = |verb: &str| quits(verb) || verb == "\\q";
        return read_commands(c, "sacctmgr", (argv, stdin), caller, ends);
    };
    let verb = verb.as_str();
    if keyword(verb, "show", 3) || keyword(verb, "list", 3) {
        show(c, rest, parsable, !p.has("noheader"), p.has("associations"))
    } else if let Some(change) = Change::read(verb) {
        if p.has("readonly") {
            return CommandOutput::failure("Can't run this command in readonly mode.\n", 1);
        }
        let request = Request {
            operator: c.is_operator(caller.user),
            user: caller.user,
            uid: c.user(caller.user).map_or(0, |u| u.uid),
            answers: Answers::new(p.has("immediate"), stdin),
            out: CommandOutput::default(),
        };
        change.run(c, rest, request)
    } else if keyword(verb, "version", 4) {
        help::text(VERSION)
    } else if keyword(verb, "help", 2) {
        help::text(help::SACCTMGR)
    } else if quits(verb) {
        CommandOutput::default()
    } else {
        CommandOutput::failure(&format!("invalid keyword: {verb}\n"), 1)
    }
}

/// A command that changes the database.
#[derive(Debug, Clone, Copy)]
enum Change {
    Add,
    Modify,
    Delete,
}

impl Change {
    /// The change `verb` names (`add`/`create`, `modify`/`update`,
    /// `delete`/`remove`).
    fn read(verb: &str) -> Option<Self> {
        if keyword(verb, "add", 3) || keyword(verb, "create", 3) {
            Some(Self::Add)
        } else if keyword(verb, "modify", 1) || keyword(verb, "update", 1) {
            Some(Self::Modify)
        } else if keyword(verb, "delete", 3) || keyword(verb, "remove", 3) {
            Some(Self::Delete)
        } else {
            None
        }
    }

    /// Runs it on `ENTITY CONDITIONS...`.
    fn run(self, c: &mut Cluster, words: &[String], r: Request<'_>) -> CommandOutput {
        let (entity, rest) = match words.split_first() {
            Some((e, rest)) => (e.as_str(), rest),
            None => ("", words),
        };
        let account = keyword(entity, "Accounts", 1) || keyword(entity, "Acct", 4);
        let user = keyword(entity, "Users", 1);
        match (self, account, user) {
            (Self::Add, true, _) => add::account(c, rest, r),
            (Self::Add, _, true) => add::user(c, rest, r),
            (Self::Modify, true, _) => modify::run(c, Kind::Account, rest, r),
            (Self::Modify, _, true) => modify::run(c, Kind::User, rest, r),
            (Self::Delete, true, _) => delete::run(c, Kind::Account, rest, r),
            (Self::Delete, _, true) => delete::run(c, Kind::User, rest, r),
            _ => self.other(entity),
        }
    }

    /// An entity other than accounts and users: one sacctmgr knows is
    /// not simulated; another gets sacctmgr's list of the valid ones.
    fn other(self, entity: &str) -> CommandOutput {
        let (known, list): (&[(&str, usize)], &str) = match self {
            Self::Add => (
                &[
                    ("Cluster", 2),
                    ("Coordinator", 2),
                    ("Federation", 1),
                    ("QOS", 1),
                    ("Resource", 1),
                ],
                "\"Account\", \"Cluster\", \"Coordinator\", \"Federation\", \"QOS\", \"Resource\", \
or \"User\"",
            ),
            Self::Modify => (
                &[
                    ("Clusters", 5),
                    ("Federation", 1),
                    ("Job", 1),
                    ("QOSs", 1),
                    ("Resource", 1),
                ],
                "\"Account\", \"Cluster\", \"Federation\", \"Job\", \"QOS\", \"Resource\" or \"User\"",
            ),
            Self::Delete => (
                &[
                    ("Clusters", 2),
                    ("Coordinators", 2),
                    ("Federations", 1),
                    ("QOS", 2),
                    ("Resource", 1),
                ],
                "\"Account\", \"Cluster\", \"Coordinator\", \"Federation\", \"QOS\", \"Resource\", \
or \"User\"",
            ),
        };
        if !entity.is_empty() && known.iter().any(|&(full, min)| keyword(entity, full, min)) {
            return not_simulated(&format!("changing {entity}"));
        }
        let verb = match self {
            Self::Add => "add",
            Self::Modify => "modify",
            Self::Delete => "delete",
        };
        CommandOutput::failure(
            &format!("No valid entity in {verb} command\nInput line must include {list}\n"),
            1,
        )
    }
}

/// `show ENTITY [where] CONDITIONS...`.
fn show(
    c: &Cluster,
    words: &[String],
    parsable: Parsable,
    header: bool,
    with_assoc: bool,
) -> CommandOutput {
    let Some((what, rest)) = words.split_first() else {
        return CommandOutput::failure("too few arguments for keyword:show\n", 1);
    };
    let entity = match entity(c, what) {
        Ok(e) => e,
        Err(answer) => return answer,
    };
    let mut cond = Conditions {
        with_assoc,
        ..Conditions::default()
    };
    for word in rest {
        if !read_condition(&mut cond, entity, word) {
            return CommandOutput::failure(&format!(" Unknown condition: {word}\n"), 1);
        }
    }
    let columns = match columns(entity, &cond) {
        Ok(columns) => columns,
        Err(answer) => return answer,
    };
    let mut out = CommandOutput::default();
    if header {
        for line in print_fields_header(&columns, parsable) {
            out.out_line(&line);
        }
    }
    for row in rows(c, entity, &cond) {
        let cells: Vec<(Option<String>, i32)> = columns
            .iter()
            .map(|(name, width)| {
                let value = row.iter().find(|(h, _)| h == name).map(|(_, v)| v.clone());
                (value, *width)
            })
            .collect();
        out.out_line(&print_fields_row(&cells, parsable));
    }
    out
}

/// The entity `show` lists (`Accounts`, `assoc`, `qos`, ...), or its
/// answer: the listing of an entity without one, or the refusal.
fn entity(c: &Cluster, what: &str) -> Result<Entity, CommandOutput> {
    let w = what;
    Ok(if keyword(w, "Accounts", 2) || keyword(w, "Acct", 4) {
        Entity::Account
    } else if keyword(w, "Associations", 2) {
        Entity::Assoc
    } else if keyword(w, "Clusters", 2) {
        Entity::Cluster
    } else if let Some(answer) = listed::unlisted(c, w) {
        return Err(answer);
    } else if keyword(w, "QOS", 1) {
        Entity::Qos
    } else if keyword(w, "Reservations", 4) || keyword(w, "Resv", 4) {
        Entity::Reservation
    } else if keyword(w, "Users", 1) {
        Entity::User
    } else if keyword(w, "WCKeys", 1) {
        Entity::WcKey
    } else if keyword(w, "tres", 2) {
        Entity::Tres
    } else {
        return Err(CommandOutput::failure(
            "No valid entity in list command\nInput line must include \"Account\", \
\"Association\", \"Cluster\", \"Configuration\",\n\"Event\", \"Federation\", \"Problem\", \
\"QOS\", \"Resource\", \"Reservation\",\n\"RunAwayJobs\", \"Stats\", \"Transaction\", \
\"TRES\", \"User\", or \"WCKey\"\n",
            1,
        ));
    })
}

/// The columns `show` prints for `entity`: its defaults, or `format=`'s.
fn columns(entity: Entity, cond: &Conditions) -> Result<Vec<(&'static str, i32)>, CommandOutput> {
    let mut columns = Vec::new();
    let defaults = match entity {
        Entity::Assoc => ASSOC_COLUMNS.to_owned(),
        Entity::User if cond.with_assoc => format!("{USER_COLUMNS}{USER_ASSOC_COLUMNS}"),
        Entity::User => USER_COLUMNS.to_owned(),
        Entity::Account if cond.with_assoc => format!("{ACCOUNT_COLUMNS}{ACCOUNT_ASSOC_COLUMNS}"),
        Entity::Account => ACCOUNT_COLUMNS.to_owned(),
        Entity::Qos => QOS_COLUMNS.to_owned(),
        Entity::Cluster if cond.without_limits => CLUSTER_COLUMNS.to_owned(),
        Entity::Cluster => format!("{CLUSTER_COLUMNS}{CLUSTER_LIMIT_COLUMNS}"),
        Entity::Tres => TRES_COLUMNS.to_owned(),
        Entity::Reservation => RESERVATION_COLUMNS.to_owned(),
        Entity::WcKey => WCKEY_COLUMNS.to_owned(),
    };
    let format = if cond.format.is_empty() {
        defaults.split(',').map(str::to_owned).collect()
    } else {
        cond.format.clone()
    };
    for item in &format {
        match column(item, cond.tree) {
            Some(col) => columns.push(col),
            None => {
                let name = item.split('%').next().unwrap_or(item);
                return Err(CommandOutput::failure(
                    &format!("Unknown field '{name}'\n"),
                    1,
                ));
            }
        }
    }
    Ok(columns)
}

/// A `format=` item (`Name` or `Name%WIDTH`) as (header, width); the
/// account column is 20 wide and left-aligned in a tree.
fn column(item: &str, tree: bool) -> Option<(&'static str, i32)> {
    let (name, width) = match item.split_once('%') {
        Some((name, width)) => (name, width.parse::<i32>().unwrap_or(0)),
        None => (item, 0),
    };
    let &(_, _, header, len) = FIELDS
        .iter()
        .find(|(full, min, ..)| keyword(name, full, *min))?;
    let len = if tree && header == "Account" {
        -20
    } else {
        len
    };
    Some((header, if width == 0 { len } else { width }))
}

/// Reads one condition word into `cond`; false for one sacctmgr does
/// not know.
fn read_condition(cond: &mut Conditions, entity: Entity, word: &str) -> bool {
    let list = |v: &str| -> Vec<String> {
        v.split(',')
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect()
    };
    let Some((key, value)) = word.split_once('=') else {
        if keyword(word, "tree", 4) {
            cond.tree = true;
        } else if entity == Entity::Cluster && keyword(word, "WOLimits", 3) {
            cond.without_limits = true;
        } else if entity == Entity::Tres && !keyword(word, "where", 5) {
            cond.types.extend(list(word));
        } else if keyword(word, "WithAssoc", 5) {
            cond.with_assoc = true;
        } else if entity == Entity::Assoc {
            return keyword(word, "where", 5);
        } else if !keyword(word, "where", 5) {
            cond.names.extend(list(word));
        }
        return true;
    };
    let key = key.trim_end_matches(['+', '-']);
    if keyword(key, "Format", 1) {
        cond.format.extend(list(value));
    } else if entity == Entity::Tres && keyword(key, "Type", 2) {
        cond.types.extend(list(value));
    } else if entity == Entity::Tres && keyword(key, "Ids", 1) {
        cond.ids.extend(list(value));
    } else if entity == Entity::Cluster && keyword(key, "Clusters", 1) {
        cond.names.extend(list(value));
    } else if keyword(key, "Accounts", 2) || keyword(key, "Acct", 4) {
        match entity {
            Entity::Account => cond.names.extend(list(value)),
            _ => cond.accounts.extend(list(value)),
        }
    } else if keyword(key, "Names", 1) && entity != Entity::Assoc {
        cond.names.extend(list(value));
    } else if keyword(key, "Users", 1) {
        match entity {
            Entity::User => cond.names.extend(list(value)),
            _ => cond.users.extend(list(value)),
        }
    } else {
        return false;
    }
    true
}

/// One association as `assoc_rows` gives it: (account, user, record).
type AssocRow = (String, Option<String>, Row);

/// The records of `entity` that `cond` selects, in sacctmgr's order.
fn rows(c: &Cluster, entity: Entity, cond: &Conditions) -> Vec<Row> {
    let assocs = assoc_rows(c, cond.tree);
    match entity {
        Entity::Assoc => selected_assocs(assocs, cond),
        Entity::User => user_rows(c, &assocs, cond),
        Entity::Account => account_rows(c, &assocs, cond),
        Entity::Qos => qos_rows(c, cond),
        Entity::Cluster => listed::cluster_rows(c, &assocs, cond),
        Entity::Tres => listed::tres_rows(c, cond),
        Entity::Reservation | Entity::WcKey => Vec::new(),
    }
}

/// Whether `cond` names `name`, or names nothing.
fn named(cond: &Conditions, name: &str) -> bool {
    cond.names.is_empty() || cond.names.iter().any(|n| n == name)
}

/// The associations whose user and account `cond` selects.
fn selected_assocs(assocs: Vec<AssocRow>, cond: &Conditions) -> Vec<Row> {
    let mut out = Vec::new();
    for (account, user, row) in assocs {
        let user_ok =
            cond.users.is_empty() || user.as_ref().is_some_and(|u| cond.users.contains(u));
        if user_ok && (cond.accounts.is_empty() || cond.accounts.contains(&account)) {
            out.push(row);
        }
    }
    out
}

/// The users `cond` selects, by name: user, default account and admin
/// level, each followed by its associations under `WithAssoc`.
fn user_rows(c: &Cluster, assocs: &[AssocRow], cond: &Conditions) -> Vec<Row> {
    let mut users: Vec<_> = c
        .accounts
        .users
        .iter()
        .filter(|u| named(cond, &u.name) && !c.accounts.assocs_of(&u.name).is_empty())
        .collect();
    crate::sort::by(&mut users, |a, b| a.name.cmp(&b.name));
    let mut out = Vec::new();
    for u in users {
        let admin = if u.name == "root" {
            "Administrator"
        } else if c.is_operator(&u.name) {
            "Operator"
        } else {
            "None"
        };
        let head: Row = vec![
            ("User", u.name.clone()),
            ("Def Acct", u.default_account.clone()),
            ("Admin", admin.to_owned()),
        ];
        let mine = assocs.iter().filter(|(account, user, _)| {
            user.as_ref() == Some(&u.name)
                && (cond.accounts.is_empty() || cond.accounts.contains(account))
        });
        if !cond.with_assoc {
            if cond.accounts.is_empty() || mine.count() > 0 {
                out.push(head);
            }
            continue;
        }
        for (.., assoc) in mine {
            out.push(head.iter().cloned().chain(assoc.iter().cloned()).collect());
        }
    }
    out
}

/// The accounts `cond` selects, by name: account, description and
/// organization, each followed by its associations under `WithAssoc`.
fn account_rows(c: &Cluster, assocs: &[AssocRow], cond: &Conditions) -> Vec<Row> {
    let mut names: Vec<&String> = assocs
        .iter()
        .filter(|(_, user, _)| user.is_none())
        .map(|(account, ..)| account)
        .filter(|a| named(cond, a))
        .collect();
    crate::sort::sort(&mut names);
    let mut out = Vec::new();
    for name in names {
        let head = account_head(c, name);
        if !cond.with_assoc {
            out.push(head);
            continue;
        }
        for (.., assoc) in assocs.iter().filter(|(a, ..)| a == name) {
            out.push(head.iter().cloned().chain(assoc.iter().cloned()).collect());
        }
    }
    out
}

/// One account's own fields: its name, description (the name, or root's
/// fixed text) and organization (the parent below root, else itself).
fn account_head(c: &Cluster, name: &str) -> Row {
    let parent = c.accounts.tree.nodes().iter().find_map(|n| {
        (n.id.user.is_none() && n.id.account == name)
            .then(|| n.parent.and_then(|p| c.accounts.tree.nodes().get(p)))
            .flatten()
    });
    let org = match parent {
        Some(p) if p.id.account != "root" => p.id.account.clone(),
        _ => name.to_owned(),
    };
    let descr = if name == "root" {
        "default root account".to_owned()
    } else {
        name.to_owned()
    };
    vec![("Account", name.to_owned()), ("Descr", descr), ("Org", org)]
}

/// The QOS `cond` selects: name, priority and 22.05's defaults.
fn qos_rows(c: &Cluster, cond: &Conditions) -> Vec<Row> {
    c.accounts
        .qos
        .iter()
        .filter(|q| named(cond, &q.name))
        .map(|q| {
            vec![
                ("Name", q.name.clone()),
                ("Priority", q.priority.to_string()),
                ("GraceTime", "00:00:00".to_owned()),
                ("PreemptMode", "cluster".to_owned()),
                ("UsageFactor", "1.000000".to_owned()),
            ]
        })
        .collect()
}

/// Every association in hierarchical order as (account, user, record):
/// cluster, account (indented in a tree), user, parent account, shares
/// and QOS (every QOS, as the reference cluster grants them).
fn assoc_rows(c: &Cluster, tree: bool) -> Vec<AssocRow> {
    let rows = share_rows(
        &c.accounts.tree,
        Algorithm::FairTree,
        c.config.priority.dampening_factor,
    )
    .unwrap_or_default();
    let mut qos: Vec<&str> = c.accounts.qos.iter().map(|q| q.name.as_str()).collect();
    crate::sort::sort(&mut qos);
    let qos = qos.join(",");
    let mut parents: Vec<String> = Vec::new();
    rows.into_iter()
        .map(|r| {
            let mut parent = String::new();
            if r.user.is_none() {
                parents.truncate(r.depth);
                parent = parents.last().cloned().unwrap_or_default();
                parents.push(r.account.clone());
            }
            let shown = if tree {
                format!("{}{}", " ".repeat(r.depth), r.account)
            } else {
                r.account.clone()
            };
            let mut row: Row = vec![
                ("Cluster", c.config.cluster_name.clone()),
                ("Account", shown),
                ("ParentName", parent),
                ("Share", r.raw_shares.unwrap_or(1).to_string()),
                ("QOS", qos.clone()),
            ];
            if let Some(user) = &r.user {
                row.push(("User", user.clone()));
            }
            (r.account, r.user, row)
        })
        .collect()
}
