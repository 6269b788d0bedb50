//! `sudo`, as on a training cluster: the login's sudoers entry lets the
//! user run a few operator commands as root without a password (on the
//! chapter's cluster `scontrol` and `scancel`, to drain, resume and
//! requeue), and sudo refuses everything else in its own words.
//!
//! Simulated: `sudo [-n] [-u root] COMMAND...`, `sudo -l` (what the entry
//! allows), `-h`, `-V`, and a root shell (`-i` a login shell in `/root`,
//! `-s` in the same directory; `exit` comes back) when the entry allows
//! `/bin/bash`.

use super::command::Output;
use super::exec::{Exec, Input};
use super::tools;
use crate::sim::slurm::getopt::{self, HasArg, Opt, Order};

/// sudo's line in `help`.
pub(super) const SUMMARY: &str =
    "run an operator command as root, as your sudoers entry allows (sudo -l)";

/// The sudo of the simulated login node (Ubuntu 22.04's).
const VERSION: &str = "Sudo version 1.9.9\n";

/// The options this model reads; the others are getopt's mistakes.
const OPTIONS: [Opt<char>; 7] = [
    getopt::opt('h', Some('h'), &["help"], HasArg::No),
    getopt::opt('i', Some('i'), &["login"], HasArg::No),
    getopt::opt('l', Some('l'), &["list"], HasArg::No),
    getopt::opt('n', Some('n'), &["non-interactive"], HasArg::No),
    getopt::opt('s', Some('s'), &["shell"], HasArg::No),
    getopt::opt('u', Some('u'), &["user"], HasArg::Required),
    getopt::opt('V', Some('V'), &["version"], HasArg::No),
];

/// Our own usage text, listing what is simulated.
const USAGE: &str = "\
usage: sudo -h | -V | -l
usage: sudo [-n] [-u user] [-i | -s] [command [arg ...]]
";

/// `--help`: the usage and what each option does here.
pub(super) const HELP: &str = "\
Runs a command as root, as this login's sudoers entry allows.
  -i, --login            a root login shell, in root's home, until exit
  -s, --shell            a root shell, in this directory, until exit
  -l, --list             list the commands you may run
  -n, --non-interactive  never ask for a password (none is asked here)
  -u, --user=user        run as user (the entry allows only root)
  -h, --help             show this help
  -V, --version          show sudo's version
";

/// Where a command lives, as sudo names it in its refusals.
fn path_of(name: &str) -> String {
    if name.contains('/') {
        name.to_owned()
    } else {
        format!("/usr/bin/{name}")
    }
}

impl Exec<'_> {
    /// Runs `sudo` with `argv` (its own name first).
    pub(super) fn sudo(
        &mut self,
        argv: &[String],
        stdin: &mut Input,
        to_terminal: bool,
        out: &mut Output,
    ) -> i32 {
        let parsed = match getopt::parse(&argv[1..], &OPTIONS, Order::StopAtOperand) {
            Ok(p) => p,
            Err(e) => {
                out.stderr(&format!("sudo: {e}\n{USAGE}"));
                return 1;
            }
        };
        if parsed.has('h') {
            out.stdout(&format!("{USAGE}\n{HELP}"));
            return 0;
        }
        if parsed.has('V') {
            out.stdout(VERSION);
            return 0;
        }
        if parsed.has('l') {
            return self.sudo_list(out);
        }
        let command = parsed.operands.as_slice();
        // `sudo bash` asks for the same shell as `sudo -s`.
        let bare_shell =
            matches!(command, [one] if matches!(one.as_str(), "bash" | "sh" | "/bin/bash"));
        let shell = parsed.has('i') || parsed.has('s') || bare_shell;
        let Some(name) = command
            .first()
            .map(String::as_str)
            .or(shell.then_some("bash"))
        else {
            out.stderr(USAGE);
            return 1;
        };
        let user = self.shell.user.clone();
        if self.shell.sudo_commands.is_empty() && user != "root" {
            out.stderr(&format!(
                "{user} is not in the sudoers file.  This incident will be reported.\n"
            ));
            return 1;
        }
        if !shell && !self.commands.has(name) && tools::find(name).is_none() {
            out.stderr(&format!("sudo: {name}: command not found\n"));
            return 1;
        }
        let target = parsed.value('u').unwrap_or("root");
        // A shell is matched as the login shell's path, as sudoers lists it.
        let wanted = if shell { "/bin/bash" } else { name };
        let allowed = user == "root"
            || (target == "root" && self.shell.sudo_commands.iter().any(|c| c == wanted));
        if !allowed {
            // A shell is the user's login shell, as passwd names it.
            let mut shown = if shell {
                "/bin/bash".to_owned()
            } else {
                path_of(name)
            };
            for arg in command.iter().skip(1) {
                shown.push(' ');
                shown.push_str(arg);
            }
            let host = self.shell.host.clone();
            out.stderr(&format!(
                "Sorry, user {user} is not allowed to execute '{shown}' as {target} on {host}.\n"
            ));
            return 1;
        }
        if command.is_empty() || bare_shell {
            if target != "root" {
                out.stderr("sudo: a shell as another user than root is not simulated here\n");
                return 1;
            }
            self.shell.enter_as("root", "/root", parsed.has('i'));
            return 0;
        }
        let real = std::mem::replace(&mut self.shell.user, target.to_owned());
        let status = self.dispatch(command, &[], stdin, to_terminal, out);
        self.shell.user = real;
        status
    }

    /// `sudo -l`: the commands the sudoers entry allows.
    fn sudo_list(&mut self, out: &mut Output) -> i32 {
        let (user, host) = (&self.shell.user, &self.shell.host);
        if self.shell.sudo_commands.is_empty() {
            out.stderr(&format!("Sorry, user {user} may not run sudo on {host}.\n"));
            return 1;
        }
        let paths: Vec<String> = self
            .shell
            .sudo_commands
            .iter()
            .map(|c| path_of(c))
            .collect();
        out.stdout(&format!(
            "User {user} may run the following commands on {host}:\n    (root) NOPASSWD: {}\n",
            paths.join(", ")
        ));
        0
    }
}
