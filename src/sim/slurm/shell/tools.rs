//! The everyday tools the shell provides itself, with coreutils' and GNU
//! grep's messages and exit statuses. Each takes a [`Call`] like a plugged-in
//! command. The tools that work on files are in `files`, those that filter
//! text in `text`, `grep`, `sed`, `awk`, `columns` (`cut`), `sort` (and `uniq`) and
//! `tr`, the pagers in `pager`; the ones that only report are here.

mod awk;
mod columns;
mod date;
mod du;
mod files;
mod grep;
mod names;
mod pager;
mod sed;
mod sort;
mod text;
mod tr;

pub(super) use sed::USAGE as SED_USAGE;

use super::args::{self, Spec};
use super::command::Call;
use super::escape::{self, Dialect};
use super::fs::FsError;
use crate::sim::slurm::node_tools::{KERNEL_RELEASE, KERNEL_VERSION, address};

/// A tool: its name, a line for `help`, its options (for completion) and
/// what runs it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Tool {
    /// The name typed to run it.
    pub(super) name: &'static str,
    /// One line for `help`.
    pub(super) summary: &'static str,
    /// The options it accepts.
    pub(super) spec: Spec,
    /// Runs it; returns the exit status.
    pub(super) run: fn(&mut Call<'_>) -> i32,
}

impl Tool {
    /// Its options as typed (`-l`, `--all`), for completion.
    pub(super) fn options(&self) -> Vec<String> {
        self.spec
            .shorts()
            .map(|c| format!("-{c}"))
            .chain(self.spec.long.iter().map(|(name, _)| format!("--{name}")))
            .collect()
    }
}

const NO_OPTIONS: Spec = Spec {
    flags: "",
    valued: "",
    long: &[],
};

/// The tools of GNU coreutils 9.1, grep 3.8 and sed 4.9 (Debian 12's),
/// which answer `--help` and `--version` (bash's builtins among the tools
/// and awk do not); each with its package's `--version` line.
const GNU: [(&str, &str); 30] = [
    ("basename", "GNU coreutils) 9.1"),
    ("cat", "GNU coreutils) 9.1"),
    ("chmod", "GNU coreutils) 9.1"),
    ("cp", "GNU coreutils) 9.1"),
    ("cut", "GNU coreutils) 9.1"),
    ("date", "GNU coreutils) 9.1"),
    ("dirname", "GNU coreutils) 9.1"),
    ("du", "GNU coreutils) 9.1"),
    ("env", "GNU coreutils) 9.1"),
    ("grep", "GNU grep) 3.8"),
    ("head", "GNU coreutils) 9.1"),
    ("ls", "GNU coreutils) 9.1"),
    ("mkdir", "GNU coreutils) 9.1"),
    ("mktemp", "GNU coreutils) 9.1"),
    ("mv", "GNU coreutils) 9.1"),
    ("printenv", "GNU coreutils) 9.1"),
    ("realpath", "GNU coreutils) 9.1"),
    ("rm", "GNU coreutils) 9.1"),
    ("sed", "GNU sed) 4.9"),
    ("seq", "GNU coreutils) 9.1"),
    ("sort", "GNU coreutils) 9.1"),
    ("tac", "GNU coreutils) 9.1"),
    ("tail", "GNU coreutils) 9.1"),
    ("tee", "GNU coreutils) 9.1"),
    ("touch", "GNU coreutils) 9.1"),
    ("tr", "GNU coreutils) 9.1"),
    ("uname", "GNU coreutils) 9.1"),
    ("uniq", "GNU coreutils) 9.1"),
    ("wc", "GNU coreutils) 9.1"),
    ("whoami", "GNU coreutils) 9.1"),
];

/// What a GNU tool prints for `--help` (in our words: its line and the
/// options simulated) or `--version` (its first line), when one of them
/// comes among `args` after options it takes (getopt stops at the first
/// it does not, and `env` at its first operand); `None` otherwise.
pub(super) fn gnu_info(tool: &Tool, args: &[String]) -> Option<String> {
    let (_, package) = GNU.iter().find(|(name, _)| *name == tool.name)?;
    let at = args
        .iter()
        .take_while(|a| *a != "--" && (tool.name != "env" || a.starts_with('-')))
        .position(|a| a == "--help" || a == "--version")?;
    args::parse(&args[..at], tool.spec).ok()?;
    if args[at] == "--version" {
        return Some(format!("{} ({package}\n", tool.name));
    }
    Some(help(tool))
}

/// A tool's `--help`, in our words: its line and the options simulated.
fn help(tool: &Tool) -> String {
    let options = tool.options();
    let mut text = format!(
        "Usage: {} [OPTION]... [ARG]...\n{}\n",
        tool.name, tool.summary
    );
    if !options.is_empty() {
        text.push_str(&format!(
            "\nOptions simulated here: {}\n",
            options.join(" ")
        ));
    }
    text
}

/// Every tool, sorted by name.
pub(super) const TOOLS: &[Tool] = &[
    Tool {
        name: "awk",
        summary: "print fields and sums ('{print $1}', -F :, NR>1, /re/, END {print s}); a small awk",
        spec: awk::AWK,
        run: awk::awk,
    },
    Tool {
        name: "basename",
        summary: "the last part of a file name: basename /a/b.py .py prints b (-a, -s SUFFIX)",
        spec: names::BASENAME,
        run: names::basename,
    },
    Tool {
        name: "cat",
        summary: "print files (or standard input); -n numbers the lines",
        spec: files::CAT,
        run: files::cat,
    },
    Tool {
        name: "chmod",
        summary: "change a file's mode; only the execute bit matters here (chmod +x job.sh)",
        spec: NO_OPTIONS,
        run: files::chmod,
    },
    Tool {
        name: "cp",
        summary: "copy files; -r copies directories",
        spec: files::CP,
        run: files::cp,
    },
    Tool {
        name: "cut",
        summary: "print selected fields (-f 1,3 -d :) or characters (-c 1-5) of each line",
        spec: columns::CUT,
        run: columns::cut,
    },
    Tool {
        name: "date",
        summary: "print the simulated date and time; date +%F and other formats, -d DATE (@SECONDS, 2024-05-01 10:00, '1 hour ago')",
        spec: date::DATE,
        run: date::date,
    },
    Tool {
        name: "dirname",
        summary: "what comes before the last part of a file name: dirname /a/b.py prints /a",
        spec: names::DIRNAME,
        run: names::dirname,
    },
    Tool {
        name: "du",
        summary: "disk use of files and directories, in KiB (-s total only, -h 4.0K/2.1M, -a files too, -c a total, -d N levels)",
        spec: du::DU,
        run: du::du,
    },
    Tool {
        name: "echo",
        summary: "print the arguments; -n without a newline, -e with escapes",
        spec: ECHO,
        run: echo,
    },
    Tool {
        name: "env",
        summary: "print the environment (exported variables)",
        spec: NO_OPTIONS,
        run: env,
    },
    Tool {
        name: "false",
        summary: "do nothing, unsuccessfully (exit status 1)",
        spec: NO_OPTIONS,
        run: |_| 1,
    },
    Tool {
        name: "grep",
        summary: "print lines that match a pattern (-i -v -c -n -E -F -w -x -l -q; -A/-B/-C N lines of context)",
        spec: grep::GREP,
        run: grep::grep,
    },
    Tool {
        name: "head",
        summary: "print the first lines of files (-n N)",
        spec: text::HEAD,
        run: text::head,
    },
    Tool {
        name: "hostname",
        summary: "print the name of the machine you are logged in to",
        spec: HOSTNAME,
        run: hostname,
    },
    Tool {
        name: "less",
        summary: "page through files or standard input (squeue | less); printed whole here, -N numbers the lines",
        spec: pager::LESS,
        run: pager::less,
    },
    Tool {
        name: "ls",
        summary: "list directory contents (-l -a -A -1 -d -t -r)",
        spec: files::LS,
        run: files::ls,
    },
    Tool {
        name: "mkdir",
        summary: "make directories; -p makes parents as needed",
        spec: files::MKDIR,
        run: files::mkdir,
    },
    Tool {
        name: "mktemp",
        summary: "make a new file with a unique name and print it (mktemp, mktemp -d for a directory, mktemp run.XXXXXX)",
        spec: files::MKTEMP,
        run: files::mktemp,
    },
    Tool {
        name: "more",
        summary: "page through files, a banner before each when there are several; printed whole here",
        spec: pager::MORE,
        run: pager::more,
    },
    Tool {
        name: "mv",
        summary: "move or rename files",
        spec: files::MV,
        run: files::mv,
    },
    Tool {
        name: "printenv",
        summary: "print the values of environment variables",
        spec: NO_OPTIONS,
        run: printenv,
    },
    Tool {
        name: "pwd",
        summary: "print the current directory",
        spec: PWD,
        run: pwd,
    },
    Tool {
        name: "realpath",
        summary: "a file's absolute name, without . or .. (realpath data/../run.sh; -m: need not exist; --relative-to=DIR)",
        spec: names::REALPATH,
        run: names::realpath,
    },
    Tool {
        name: "rev",
        summary: "reverse the characters of each line (rev | cut -d/ -f1 | rev: the last part)",
        spec: NO_OPTIONS,
        run: text::rev,
    },
    Tool {
        name: "rm",
        summary: "remove files; -r removes directories, -f ignores missing ones",
        spec: files::RM,
        run: files::rm,
    },
    Tool {
        name: "sed",
        summary: "edit lines as they stream by (sed 's/a/b/g', sed -n '2,5p', sed '/re/d', -E)",
        spec: sed::SED,
        run: sed::sed,
    },
    Tool {
        name: "seq",
        summary: "print a sequence of numbers (seq LAST, seq FIRST LAST, seq FIRST STEP LAST; -s , -w -f %02g)",
        spec: text::SEQ,
        run: text::seq,
    },
    Tool {
        name: "sort",
        summary: "sort lines (-n -r -u, -k 2,2n keys, -t SEP)",
        spec: sort::SORT,
        run: sort::sort,
    },
    Tool {
        name: "tac",
        summary: "print lines last first (sacct ... | tac)",
        spec: NO_OPTIONS,
        run: text::tac,
    },
    Tool {
        name: "tail",
        summary: "print the last lines of files (-n N, -n +N)",
        spec: text::TAIL,
        run: text::tail,
    },
    Tool {
        name: "tee",
        summary: "copy standard input to files and to standard output; -a appends",
        spec: text::TEE,
        run: text::tee,
    },
    Tool {
        name: "touch",
        summary: "create empty files or update their times",
        spec: NO_OPTIONS,
        run: files::touch,
    },
    Tool {
        name: "tr",
        summary: "translate (tr a-z A-Z), delete (-d) or squeeze (-s) characters",
        spec: tr::TR,
        run: tr::tr,
    },
    Tool {
        name: "true",
        summary: "do nothing, successfully",
        spec: NO_OPTIONS,
        run: |_| 0,
    },
    Tool {
        name: "uname",
        summary: "print the system's name, kernel and machine (-a all, -r the kernel release)",
        spec: UNAME,
        run: uname,
    },
    Tool {
        name: "uniq",
        summary: "print adjacent repeated lines once (-c counts, -d repeated, -u unique)",
        spec: sort::UNIQ,
        run: sort::uniq,
    },
    Tool {
        name: "wc",
        summary: "count lines, words and bytes (-l -w -c)",
        spec: text::WC,
        run: text::wc,
    },
    Tool {
        name: "whoami",
        summary: "print your user name",
        spec: NO_OPTIONS,
        run: whoami,
    },
];

/// The tool called `name`.
pub(super) fn find(name: &str) -> Option<&'static Tool> {
    TOOLS.iter().find(|t| t.name == name)
}

const ECHO: Spec = Spec {
    flags: "neE",
    valued: "",
    long: &[],
};

/// bash's `echo`: leading words made only of `-n`, `-e`, `-E` letters are
/// options; everything else is printed.
fn echo(call: &mut Call<'_>) -> i32 {
    let mut newline = true;
    let mut escapes = false;
    let mut args = call.args();
    while let Some(first) = args.first() {
        let Some(letters) = first.strip_prefix('-') else {
            break;
        };
        if letters.is_empty() || !letters.chars().all(|c| "neE".contains(c)) {
            break;
        }
        for c in letters.chars() {
            match c {
                'n' => newline = false,
                'e' => escapes = true,
                _ => escapes = false,
            }
        }
        args = &args[1..];
    }
    let mut text = args.join(" ");
    if escapes {
        let (decoded, stop) = escape::decode(&text, Dialect::Echo);
        text = decoded;
        newline &= !stop;
    }
    if newline {
        text.push('\n');
    }
    call.out.stdout(&text);
    0
}

const PWD: Spec = Spec {
    flags: "LP",
    valued: "",
    long: &[],
};

/// `pwd`, bash's builtin: `-L` and `-P`, any other option refused with
/// its usage (`--bogus` as `--`, as bash's option reader names it).
fn pwd(call: &mut Call<'_>) -> i32 {
    if call.args().first().is_some_and(|a| a == "--help") {
        return args::parse_call(call, PWD, 2).err().unwrap_or(0);
    }
    for arg in call.args() {
        if arg == "-" || arg == "--" || !arg.starts_with('-') {
            break;
        }
        let bad = if arg.starts_with("--") {
            Some("--".to_owned())
        } else {
            arg.chars()
                .skip(1)
                .find(|c| !"LP".contains(*c))
                .map(|c| format!("-{c}"))
        };
        if let Some(bad) = bad {
            let message = format!(
                "{}pwd: {bad}: invalid option\npwd: usage: pwd [-LP]\n",
                call.shell_prefix
            );
            call.out.stderr(&message);
            return 2;
        }
    }
    let line = format!("{}\n", call.cwd);
    call.out.stdout(&line);
    0
}

fn env(call: &mut Call<'_>) -> i32 {
    if let Some(arg) = call.args().first() {
        // Running a command under a changed environment needs `exec`.
        let msg = format!(
            "'{arg}': running commands through env is not available in this simulated shell"
        );
        call.error(&msg);
        return 125;
    }
    let text: String = call.env.iter().map(|(k, v)| format!("{k}={v}\n")).collect();
    call.out.stdout(&text);
    0
}

fn printenv(call: &mut Call<'_>) -> i32 {
    if call.args().is_empty() {
        return env(call);
    }
    let mut status = 0;
    let mut text = String::new();
    for name in call.args() {
        match call.env.get(name) {
            Some(v) => {
                text.push_str(v);
                text.push('\n');
            }
            None => status = 1,
        }
    }
    call.out.stdout(&text);
    status
}

fn whoami(call: &mut Call<'_>) -> i32 {
    let line = format!("{}\n", call.user);
    call.out.stdout(&line);
    0
}

const HOSTNAME: Spec = Spec {
    flags: "aAdfhiIsVv",
    valued: "",
    long: &[
        ("alias", 'a'),
        ("all-fqdns", 'A'),
        ("domain", 'd'),
        ("fqdn", 'f'),
        ("long", 'f'),
        ("help", 'h'),
        ("ip-address", 'i'),
        ("all-ip-addresses", 'I'),
        ("short", 's'),
        ("version", 'V'),
        ("verbose", 'v'),
    ],
};

/// `hostname` of Debian 12 (hostname 3.23): the host's names and its
/// address as `/etc/hosts` gives them, in a cluster without a DNS domain
/// (`-d` prints nothing); the last of `-aAdfiIs` wins. Its usage (here our
/// `--help`) answers `-h` and a bad command line, with status 255.
fn hostname(call: &mut Call<'_>) -> i32 {
    let usage = |call: &mut Call<'_>| {
        if let Some(tool) = TOOLS.iter().find(|t| t.name == "hostname") {
            call.out.stdout(&help(tool));
        }
        255
    };
    let opts = match args::parse(call.args(), HOSTNAME) {
        Ok(o) => o,
        Err(e) => {
            call.error(&e.to_string());
            return usage(call);
        }
    };
    let first = |c: char| opts.opts.iter().position(|(k, _)| *k == c);
    match (first('h'), first('V')) {
        (Some(h), v) if v.is_none_or(|v| h < v) => return usage(call),
        (_, Some(_)) => {
            call.out.stdout("hostname 3.23\n");
            return 0;
        }
        _ => {}
    }
    // A new name for the host: refused (this model's machines keep theirs).
    match opts.operands.len() {
        0 => {}
        1 => {
            call.error(if call.user == "root" {
                "the simulated machines keep their names"
            } else {
                "you must be root to change the host name"
            });
            return 1;
        }
        _ => return usage(call),
    }
    let host = call.host;
    let last = opts
        .opts
        .iter()
        .rev()
        .map(|(k, _)| *k)
        .find(|k| "aAdfiIs".contains(*k));
    let line = match last {
        Some('d') => String::new(),
        Some('a') => "\n".to_owned(),
        Some('i') => format!("{}\n", address(host)),
        Some('I') => format!("{} \n", address(host)),
        Some('A') => format!("{host} \n"),
        Some('s') => format!("{}\n", host.split('.').next().unwrap_or(host)),
        _ => format!("{host}\n"),
    };
    call.out.stdout(&line);
    0
}

const UNAME: Spec = Spec {
    flags: "asnrvmpio",
    valued: "",
    long: &[
        ("all", 'a'),
        ("kernel-name", 's'),
        ("nodename", 'n'),
        ("kernel-release", 'r'),
        ("kernel-version", 'v'),
        ("machine", 'm'),
        ("processor", 'p'),
        ("hardware-platform", 'i'),
        ("operating-system", 'o'),
    ],
};

/// `uname` of the cluster's Debian 12 machines (login and compute nodes
/// run one image): the fields asked for in uname's own order, `-s`
/// alone by default; `-a` leaves out the processor and hardware platform,
/// which Debian's kernel reports as unknown.
fn uname(call: &mut Call<'_>) -> i32 {
    let opts = match args::parse_call(call, UNAME, 1) {
        Ok(o) => o,
        Err(status) => return status,
    };
    if let Some(extra) = opts.operands.first() {
        return args::usage_error(call, &format!("extra operand '{extra}'"));
    }
    let all = opts.has('a');
    let fields = [
        ('s', "Linux"),
        ('n', call.host),
        ('r', KERNEL_RELEASE),
        ('v', KERNEL_VERSION),
        ('m', "x86_64"),
        ('p', "unknown"),
        ('i', "unknown"),
        ('o', "GNU/Linux"),
    ];
    let any = fields.iter().any(|(flag, _)| opts.has(*flag));
    let shown: Vec<&str> = fields
        .iter()
        .filter(|(flag, _)| {
            opts.has(*flag) || (all && !matches!(flag, 'p' | 'i')) || (!all && !any && *flag == 's')
        })
        .map(|(_, text)| *text)
        .collect();
    let line = format!("{}\n", shown.join(" "));
    call.out.stdout(&line);
    0
}

/// What grep and sed are told to do, and their inputs: every `-e` value,
/// or else the first operand; `None` if there is neither.
fn program_and_operands(opts: &args::Opts) -> Option<(Vec<String>, Vec<String>)> {
    let mut operands = opts.operands.clone();
    let mut programs: Vec<String> = opts
        .opts
        .iter()
        .filter(|(f, _)| *f == 'e')
        .filter_map(|(_, v)| v.clone())
        .collect();
    if programs.is_empty() {
        if operands.is_empty() {
            return None;
        }
        programs.push(operands.remove(0));
    }
    Some((programs, operands))
}

/// The most bytes one run of a tool reads from its inputs, all together,
/// so that `wc f f f ...` with thousands of operands stays quick.
const MAX_READ: usize = 16 << 20;

/// The text of an input operand: the file it names, or standard input for
/// `-`. `read` counts the bytes read so far in this run; past [`MAX_READ`]
/// the input is refused as "File too large".
fn read_input(call: &Call<'_>, operand: &str, read: &mut usize) -> Result<String, FsError> {
    let text = if operand == "-" {
        call.stdin
    } else {
        let path = call.path(operand)?;
        call.fs.read(&path)?
    };
    *read += text.len();
    if *read > MAX_READ {
        return Err(FsError::TooLarge);
    }
    Ok(text.to_owned())
}
