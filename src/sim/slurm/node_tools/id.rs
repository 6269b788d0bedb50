//! `id` and `groups` as GNU coreutils 9.1 print them, over the cluster's
//! users (every user has one group of its own name and number, as the
//! accounts model them; root is 0). Pure.

use super::ToolOutput;
use crate::sim::slurm::cluster::User;
use crate::sim::slurm::getopt::{self, HasArg, Opt, Order, Parsed, opt};

/// Whether a program reads the user database (`id`, `groups`).
pub fn is_user_tool(name: &str) -> bool {
    matches!(name, "id" | "groups")
}

/// The users the tools know: the cluster's, and root.
fn lookup<'a>(users: &'a [User], name: &str) -> Option<(&'a str, u32)> {
    if name == "root" || name == "0" {
        return Some(("root", 0));
    }
    users
        .iter()
        .find(|u| u.name == name)
        .or_else(|| users.iter().find(|u| u.uid.to_string() == name))
        .map(|u| (u.name.as_str(), u.uid))
}

const ID_OPTIONS: &[Opt] = &[
    opt("a", Some('a'), &[], HasArg::No),
    opt("context", Some('Z'), &["context"], HasArg::No),
    opt("group", Some('g'), &["group"], HasArg::No),
    opt("groups", Some('G'), &["groups"], HasArg::No),
    opt("name", Some('n'), &["name"], HasArg::No),
    opt("real", Some('r'), &["real"], HasArg::No),
    opt("user", Some('u'), &["user"], HasArg::No),
    opt("zero", Some('z'), &["zero"], HasArg::No),
    opt("help", None, &["help"], HasArg::No),
    opt("version", None, &["version"], HasArg::No),
];

const ID_HELP: &str = "\
Usage: id [OPTION]... [USER]...
Print user and group information for each USER, or (when USER omitted)
for the current user.

  -g, --group    print only the effective group ID
  -G, --groups   print all group IDs
  -n, --name     print a name instead of a number, for -u, -g, -G
  -r, --real     print the real ID instead of the effective ID, with -u, -g, -G
  -u, --user     print only the effective user ID
  -z, --zero     delimit entries with NUL characters, not whitespace
      --help     display this help and exit
      --version  output version information and exit
";

/// Reads a tool's options; the answer instead for `--help`, `--version`
/// or a mistake (coreutils' line and its hint, status 1).
fn read(tool: &str, args: &[String], table: &[Opt], help: &str) -> Result<Parsed, ToolOutput> {
    let stdout = |text: String| ToolOutput {
        stdout: text,
        ..ToolOutput::default()
    };
    match getopt::parse(args, table, Order::Permute) {
        Err(e) => Err(ToolOutput::error(
            format!("{tool}: {e}\nTry '{tool} --help' for more information.\n"),
            1,
        )),
        Ok(p) if p.has("help") => Err(stdout(help.to_owned())),
        Ok(p) if p.has("version") => Err(stdout(format!("{tool} (GNU coreutils) 9.1\n"))),
        Ok(p) => Ok(p),
    }
}

/// `id [-u|-g|-G [-n] [-r] [-z]] [USER]...` for `me`.
pub fn id(args: &[String], me: &str, users: &[User]) -> ToolOutput {
    let p = match read("id", args, ID_OPTIONS, ID_HELP) {
        Ok(p) => p,
        Err(answer) => return answer,
    };
    if p.has("context") {
        let message = "id: --context (-Z) works only on an SELinux-enabled kernel\n";
        return ToolOutput::error(message.to_owned(), 1);
    }
    let only: Vec<&str> = ["user", "group", "groups"]
        .into_iter()
        .filter(|k| p.has(k))
        .collect();
    let fail = |message: &str| ToolOutput::error(format!("id: {message}\n"), 1);
    if only.len() > 1 {
        return fail("cannot print \"only\" of more than one choice");
    }
    if only.is_empty() && (p.has("name") || p.has("real")) {
        return fail("cannot print only names or real IDs in default format");
    }
    if only.is_empty() && p.has("zero") {
        return fail("option --zero not permitted in default format");
    }
    let names: Vec<&str> = if p.operands.is_empty() {
        vec![me]
    } else {
        p.operands.iter().map(String::as_str).collect()
    };
    let mut out = ToolOutput::default();
    for name in names {
        let Some((user, uid)) = lookup(users, name) else {
            out.stderr
                .push_str(&format!("id: '{name}': no such user\n"));
            out.exit = 1;
            continue;
        };
        let line = match (only.first(), p.has("name")) {
            (None, _) => format!("uid={uid}({user}) gid={uid}({user}) groups={uid}({user})"),
            (Some(_), true) => user.to_owned(),
            (Some(_), false) => uid.to_string(),
        };
        out.stdout.push_str(&line);
        out.stdout.push(if p.has("zero") { '\0' } else { '\n' });
    }
    out
}

const GROUPS_HELP: &str = "\
Usage: groups [OPTION]... [USERNAME]...
Print group memberships for each USERNAME or, if no USERNAME is specified, for
the current process (which may differ if the groups database has changed).
      --help     display this help and exit
      --version  output version information and exit
";

const GROUPS_OPTIONS: &[Opt] = &[
    opt("help", None, &["help"], HasArg::No),
    opt("version", None, &["version"], HasArg::No),
];

/// `groups [USER]...` for `me`: the user's own group; with names, each
/// after `NAME : `.
pub fn groups(args: &[String], me: &str, users: &[User]) -> ToolOutput {
    let p = match read("groups", args, GROUPS_OPTIONS, GROUPS_HELP) {
        Ok(p) => p,
        Err(answer) => return answer,
    };
    let mut out = ToolOutput::default();
    if p.operands.is_empty() {
        match lookup(users, me) {
            Some((user, _)) => out.stdout = format!("{user}\n"),
            None => out.exit = 1,
        }
        return out;
    }
    for name in &p.operands {
        match lookup(users, name) {
            Some((user, _)) => out.stdout.push_str(&format!("{name} : {user}\n")),
            None => {
                out.stderr
                    .push_str(&format!("groups: '{name}': no such user\n"));
                out.exit = 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn users() -> Vec<User> {
        let user = |name: &str, uid| User {
            name: name.to_owned(),
            uid,
            home: format!("/home/{name}"),
            default_account: "team-a".to_owned(),
        };
        vec![user("alice", 1001), user("bob", 1002)]
    }

    fn run(tool: fn(&[String], &str, &[User]) -> ToolOutput, line: &str) -> ToolOutput {
        let args: Vec<String> = line.split_whitespace().map(str::to_owned).collect();
        tool(&args, "alice", &users())
    }

    #[test]
    fn id_prints_ids_and_names_as_coreutils_does() {
        let out = |line| run(id, line).stdout;
        assert_eq!(
            out(""),
            "uid=1001(alice) gid=1001(alice) groups=1001(alice)\n"
        );
        assert_eq!(out("-un"), "alice\n");
        assert_eq!(out("-G bob"), "1002\n");
        assert_eq!(out("-gn 1002 root"), "bob\nroot\n");
        assert_eq!(out("-u -z"), "1001\0");
        assert_eq!(out("0"), "uid=0(root) gid=0(root) groups=0(root)\n");
        for (line, stderr) in [
            (
                "-u -g",
                "id: cannot print \"only\" of more than one choice\n",
            ),
            (
                "-n",
                "id: cannot print only names or real IDs in default format\n",
            ),
            ("-z", "id: option --zero not permitted in default format\n"),
            (
                "-x",
                "id: invalid option -- 'x'\nTry 'id --help' for more information.\n",
            ),
        ] {
            let o = run(id, line);
            assert_eq!((o.stderr.as_str(), o.exit), (stderr, 1), "{line}");
        }
        let partly = run(id, "-u nobody bob");
        assert_eq!(
            (partly.stdout.as_str(), partly.stderr.as_str(), partly.exit),
            ("1002\n", "id: 'nobody': no such user\n", 1)
        );
    }

    #[test]
    fn groups_names_each_user_asked_for() {
        assert_eq!(run(groups, "").stdout, "alice\n");
        let o = run(groups, "bob carol root");
        assert_eq!(o.stdout, "bob : bob\nroot : root\n");
        assert_eq!(
            (o.stderr.as_str(), o.exit),
            ("groups: 'carol': no such user\n", 1)
        );
    }
}
