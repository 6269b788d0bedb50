//! `man NAME...`: a short page in our own words for every command the
//! shell runs that is a program on a real cluster: its tools, `sudo`,
//! `xargs`, `which`, `module` and the plugged-in Slurm and node commands. Each page
//! is built from what `help`, tab completion and `--help` already use
//! (the summary line, the option table, the help text), so the options
//! are written down once; only the example is the page's own. bash's
//! builtins have no page, as on a Debian cluster without bash-doc; man-db's
//! messages and exit statuses for the rest.

use super::super::command::Output;
use super::super::exec::Exec;
use super::super::tools::{self, Tool};
use super::module;

/// The builtins that are programs (or shell functions) with a page of
/// their own on a real cluster; bash's own builtins have none.
pub(in super::super) const PAGED_BUILTINS: [&str; 3] = ["man", "ml", "module"];

/// man-db's status when a page was not found.
const NOT_FOUND: i32 = 16;

/// One example per command, as typed.
const EXAMPLES: &[(&str, &str)] = &[
    (
        "awk",
        "sacct -n -P -o JobID,State | awk -F'|' '$2 == \"FAILED\" {print $1}'",
    ),
    ("cat", "cat -n job.sh"),
    ("cut", "squeue -h | cut -c 1-20"),
    ("dmesg", "dmesg -T | grep -i xid"),
    ("find", "find . -name 'slurm-*.out' -mtime +7 -delete"),
    ("grep", "grep -c error slurm-1.out"),
    ("groups", "groups bob"),
    ("head", "head -n 5 slurm-1.out"),
    ("id", "id -un"),
    ("less", "sacct -j 42 --long | less -S"),
    ("ls", "ls -lt"),
    ("man", "man sbatch"),
    ("ml", "ml cuda nccl"),
    ("module", "module load cuda/12.2"),
    ("more", "more slurm-42.out"),
    ("nproc", "srun -c 4 nproc"),
    ("nvidia-smi", "nvidia-smi topo -m"),
    ("sacct", "sacct -j 42 -o JobID,State,Elapsed"),
    ("salloc", "salloc -N 1 -t 30"),
    ("sbatch", "sbatch -N 2 --export=ALL,RUN=exp7 job.sh"),
    ("scancel", "scancel 42"),
    ("scontrol", "scontrol show job 42"),
    ("seff", "seff 42"),
    ("sed", "sed -n 's/^Step \\([0-9]*\\).*/\\1/p' train.log"),
    ("sinfo", "sinfo -N -l"),
    ("sort", "sort -k2,2nr usage.txt"),
    ("squeue", "squeue -u $USER"),
    ("srun", "srun --pty -N1 --gres=gpu:1 bash"),
    ("ssh", "ssh node-1 nvidia-smi"),
    ("sudo", "sudo -l"),
    ("tail", "tail -n 20 slurm-1.out"),
    (
        "timeout",
        "timeout 55m python train.py || echo \"stopped to checkpoint\"",
    ),
    ("which", "which -a sbatch"),
    ("xargs", "squeue -h -o %i | xargs scancel"),
];

/// A page's parts.
struct Page<'a> {
    name: &'a str,
    summary: &'a str,
    /// Text under DESCRIPTION (a help text), if any.
    description: Option<&'a str>,
    /// The lines under OPTIONS.
    options: Vec<String>,
}

impl Page<'_> {
    /// The page as man prints it to a pipe: the sections indented, the
    /// name in capitals in the header and footer.
    fn render(&self) -> String {
        let title = format!("{}(1)", self.name.to_ascii_uppercase());
        let middle = "Simulated Cluster Commands";
        let pad = 80usize.saturating_sub(2 * title.len() + middle.len()) / 2;
        let gap = " ".repeat(pad);
        let mut text = format!(
            "{title}{gap}{middle}{gap}{title}\n\nNAME\n       {} - {}\n\nSYNOPSIS\n       {} {}\n",
            self.name,
            self.summary,
            self.name,
            if self.options.is_empty() && self.description.is_none() {
                "[ARG]..."
            } else {
                "[OPTION]... [ARG]..."
            }
        );
        if let Some(description) = self.description {
            text.push_str("\nDESCRIPTION\n");
            for line in description.lines() {
                text.push_str(&format!("       {line}\n").replace("       \n", "\n"));
            }
        }
        if !self.options.is_empty() {
            text.push_str("\nOPTIONS (those simulated)\n");
            for line in &self.options {
                text.push_str(&format!("       {line}\n"));
            }
        }
        if let Some((_, example)) = EXAMPLES.iter().find(|(n, _)| *n == self.name) {
            text.push_str(&format!("\nEXAMPLE\n       {example}\n"));
        }
        text.push_str(&format!("\n{:>80}\n", title));
        text
    }
}

/// A tool's options, one line per flag with its long names (`-n, --lines`),
/// then the long names without a short flag (sed's `--help`, grep's
/// `--group-separator=ARG`), each with `ARG` when it takes a value.
fn tool_options(tool: &Tool) -> Vec<String> {
    let spec = tool.spec;
    let mut lines: Vec<String> = spec
        .shorts()
        .map(|c| {
            let value = if spec.takes_value(c) { " ARG" } else { "" };
            let mut line = format!("-{c}{value}");
            for (long, _) in spec.long.iter().filter(|(_, f)| *f == c) {
                line.push_str(&format!(", --{long}"));
            }
            line
        })
        .collect();
    let alone = spec
        .long
        .iter()
        .filter(|(_, f)| !spec.shorts().any(|c| c == *f));
    lines.extend(alone.map(|(long, f)| {
        let value = if spec.takes_value(*f) { "=ARG" } else { "" };
        format!("--{long}{value}")
    }));
    lines
}

/// The page for `name`, if it has one.
fn page(exec: &Exec<'_>, name: &str) -> Option<String> {
    let page = |summary, description, options| Page {
        name,
        summary,
        description,
        options,
    };
    let plugged = exec.commands.commands();
    let text = if let Some(tool) = tools::find(name) {
        let help = (name == "sed").then_some(tools::SED_USAGE);
        let options = if help.is_some() {
            Vec::new()
        } else {
            tool_options(tool)
        };
        page(tool.summary, help, options).render()
    } else if let Some(c) = plugged.iter().find(|c| c.name == name) {
        page(&c.summary, None, wrap(&c.options)).render()
    } else {
        let (summary, help) = match name {
            name if PAGED_BUILTINS.contains(&name) => {
                let builtin = super::find(name)?;
                let help = if name == "man" {
                    MAN_HELP
                } else {
                    module::USAGE
                };
                (builtin.summary, Some(help))
            }
            "find" => (super::super::find::SUMMARY, Some(super::super::find::HELP)),
            "sudo" => (super::super::sudo::SUMMARY, Some(super::super::sudo::HELP)),
            "timeout" => (
                super::super::timeout::SUMMARY,
                Some(super::super::timeout::HELP),
            ),
            "watch" => (super::find(name)?.summary, Some(super::watch::HELP)),
            _ => {
                let (_, summary) = super::super::lookup::RUNNERS
                    .into_iter()
                    .find(|(n, _)| *n == name)?;
                (summary, None)
            }
        };
        page(summary, help, Vec::new()).render()
    };
    Some(text)
}

/// The description on `man man`.
const MAN_HELP: &str = "\
Shows the page of each NAME: what the command does, the options this
simulation runs, and an example. Shell builtins (cd, export, ...) have
no page: `help` lists them.
";

/// Options of a plugged-in command, several to a line.
fn wrap(options: &[String]) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for option in options {
        match lines.last_mut() {
            Some(line) if line.len() + option.len() < 70 => {
                line.push_str(", ");
                line.push_str(option);
            }
            _ => lines.push(option.clone()),
        }
    }
    lines
}

/// `man [SECTION] NAME...`.
pub(super) fn man(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    let names: Vec<&String> = argv
        .iter()
        .skip(1)
        .filter(|a| !a.starts_with('-') && !a.chars().all(|c| c.is_ascii_digit()))
        .collect();
    if names.is_empty() {
        out.stderr("What manual page do you want?\nFor example, try 'man man'.\n");
        return 1;
    }
    let mut status = 0;
    for name in names {
        match page(exec, name) {
            Some(text) => out.stdout(&text),
            None => {
                out.stderr(&format!("No manual entry for {name}\n"));
                status = NOT_FOUND;
            }
        }
    }
    status
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::super::super::command::{Call, CommandInfo, CommandSet};
    use super::super::super::{NoCommands, Shell, Stream};
    use super::*;

    /// A plugged-in command, as the Slurm layer lists its own.
    struct Slurm;

    impl CommandSet for Slurm {
        fn commands(&self) -> Vec<CommandInfo> {
            vec![CommandInfo {
                name: "squeue".into(),
                summary: "jobs in the queue".into(),
                options: vec!["--user=".into(), "-u".into()],
            }]
        }

        fn run(&mut self, _: &mut Call<'_>) -> i32 {
            0
        }
    }

    fn man_run(line: &str, commands: &mut dyn CommandSet) -> (String, String, i32) {
        let mut sh = Shell::new("ada", "login1", 1_700_000_000).unwrap();
        let o = sh.run(line, commands);
        (o.text(Stream::Stdout), o.text(Stream::Stderr), o.status)
    }

    /// Every tool's page names it, gives its summary, and lists each
    /// option that completion offers: the pages and `--help` share data.
    #[test]
    fn every_tool_has_a_page_with_its_options() {
        for tool in tools::TOOLS {
            let (page, err, status) = man_run(&format!("man {}", tool.name), &mut NoCommands);
            assert_eq!((err.as_str(), status), ("", 0), "{}", tool.name);
            let upper = tool.name.to_ascii_uppercase();
            assert!(page.starts_with(&format!("{upper}(1) ")), "{page}");
            assert!(page.contains(&format!("NAME\n       {} - {}\n", tool.name, tool.summary)));
            for option in tool.options() {
                assert!(page.contains(&option), "{}: {option}\n{page}", tool.name);
            }
            assert!(page.lines().next().unwrap().len() <= 80, "{page}");
        }
        let sed = man_run("man sed", &mut NoCommands).0;
        assert!(
            sed.contains("DESCRIPTION\n       Usage: sed [OPTION]..."),
            "{sed}"
        );
        assert!(sed.contains("EXAMPLE\n       sed -n "), "{sed}");
        let ls = man_run("man 1 ls", &mut NoCommands).0;
        assert!(
            ls.contains("OPTIONS (those simulated)\n       -l\n       -a, --all\n"),
            "{ls}"
        );
        let head = man_run("man head", &mut NoCommands).0;
        assert!(head.contains("\n       -n ARG, --lines\n"), "{head}");
        let grep = man_run("man grep", &mut NoCommands).0;
        for line in [
            "-C ARG, --context",
            "--group-separator=ARG",
            "--no-group-separator",
        ] {
            assert!(grep.contains(&format!("\n       {line}\n")), "{grep}");
        }
    }

    /// An option that takes a value shows `ARG` on its line, with a short
    /// letter or without (sed's page shows its help text instead).
    #[test]
    fn every_option_with_a_value_says_so() {
        for tool in tools::TOOLS {
            let page = man_run(&format!("man {}", tool.name), &mut NoCommands).0;
            let Some((_, options)) = page.split_once("OPTIONS (those simulated)\n") else {
                continue;
            };
            for (long, key) in tool.spec.long {
                let line = options.lines().find(|l| {
                    l.trim()
                        .split(", ")
                        .any(|o| o.split('=').next() == Some(&format!("--{long}")))
                });
                let line = line.unwrap_or_else(|| panic!("{}: --{long}\n{page}", tool.name));
                let valued = tool.spec.takes_value(*key);
                assert_eq!(line.contains("ARG"), valued, "{}: {line}", tool.name);
            }
        }
    }

    #[test]
    fn plugged_in_commands_and_programs_have_pages() {
        let (page, _, status) = man_run("man squeue", &mut Slurm);
        assert_eq!(status, 0);
        assert!(page.contains("squeue - jobs in the queue\n"), "{page}");
        assert!(
            page.contains("OPTIONS (those simulated)\n       --user=, -u\n"),
            "{page}"
        );
        assert!(page.contains("       squeue -u $USER\n"), "{page}");
        for name in [
            "module", "ml", "sudo", "xargs", "man", "which", "timeout", "find",
        ] {
            let (page, err, status) = man_run(&format!("man {name}"), &mut NoCommands);
            assert_eq!((err.as_str(), status), ("", 0), "{name}");
            assert!(page.contains(&format!("NAME\n       {name} - ")), "{page}");
        }
        assert!(
            man_run("man module", &mut NoCommands)
                .0
                .contains(module::USAGE.lines().nth(3).unwrap())
        );
    }

    #[test]
    fn missing_pages_get_man_dbs_messages() {
        assert_eq!(
            man_run("man cd", &mut NoCommands),
            (String::new(), "No manual entry for cd\n".into(), 16)
        );
        let (page, err, status) = man_run("man nope ls", &mut NoCommands);
        assert!(page.starts_with("LS(1)"));
        assert_eq!((err.as_str(), status), ("No manual entry for nope\n", 16));
        assert_eq!(
            man_run("man", &mut NoCommands),
            (
                String::new(),
                "What manual page do you want?\nFor example, try 'man man'.\n".into(),
                1
            )
        );
    }
}
