//! `bash` and `sh` run as commands, in a child shell that sees only the
//! exported variables: a script file (`bash job.sh ARGS`), a command
//! string (`bash -c 'commands' [NAME [ARGS]]`) or commands read from
//! standard input (`cat job.sh | bash`). They take the `set` options bash
//! takes when it starts (`bash -x job.sh`, `bash -eu -o pipefail -c ...`),
//! and print `--version`, `--help` and their refusals as Debian 12's bash
//! 5.2 does (`shell.c`).

use super::super::command::Output;
use super::super::exec::Exec;
use super::super::fs::base_name;
use super::super::origin::Origin;
use super::super::state::Options;
use super::script::list_options;
use super::script_text;

/// Debian 12's bash, and the machine it was built for.
const VERSION: &str = "5.2.15(1)-release";
const MACHINE: &str = "x86_64-pc-linux-gnu";

/// bash's long options, as Debian builds it.
const LONG_OPTIONS: [&str; 16] = [
    "debug",
    "debugger",
    "dump-po-strings",
    "dump-strings",
    "help",
    "init-file",
    "login",
    "noediting",
    "noprofile",
    "norc",
    "posix",
    "pretty-print",
    "rcfile",
    "restricted",
    "verbose",
    "version",
];

/// Long options that change nothing a script here can see: a login
/// shell, no startup files, no line editing, POSIX mode.
const NO_EFFECT: [&str; 5] = ["login", "noediting", "noprofile", "norc", "posix"];

/// The letters bash takes that this shell does not model (beside `-e`,
/// `-u`, `-x`, `-o`, `-c`, `-s`, `-l` and `-i`).
const NOT_MODELLED: &str = "abfhkmnptvBCEHPTrDO";

/// What the command line asks for.
#[derive(Default)]
struct Invocation {
    /// The `set` options the shell starts with.
    options: Options,
    /// `-c`: the first operand is the commands.
    string: bool,
    /// `-s`: the commands come from standard input.
    stdin: bool,
    /// The operands after the options.
    operands: Vec<String>,
}

/// `bash --version`.
fn version() -> String {
    format!(
        "GNU bash, version {VERSION} ({MACHINE})\n\
         Copyright (C) 2022 Free Software Foundation, Inc.\n\
         License GPLv3+: GNU GPL version 3 or later <http://gnu.org/licenses/gpl.html>\n\n\
         This is free software; you are free to change and redistribute it.\n\
         There is NO WARRANTY, to the extent permitted by law.\n"
    )
}

/// bash's usage, for `--help` (with `extra`) and after an invalid option.
fn usage(shell: &str, extra: bool) -> String {
    let mut text = String::new();
    if extra {
        text.push_str(&format!("GNU bash, version {VERSION}-({MACHINE})\n"));
    }
    text.push_str(&format!(
        "Usage:\t{shell} [GNU long option] [option] ...\n\
         \t{shell} [GNU long option] [option] script-file ...\nGNU long options:\n"
    ));
    for name in LONG_OPTIONS {
        text.push_str(&format!("\t--{name}\n"));
    }
    text.push_str(
        "Shell options:\n\t-ilrsD or -c command or -O shopt_option\t\t(invocation only)\n\
         \t-abefhkmnptuvxBCEHPT or -o option\n",
    );
    if extra {
        text.push_str(&format!(
            "Type `{shell} -c \"help set\"' for more information about shell options.\n\
             Type `{shell} -c help' for more information about shell builtin commands.\n\
             Use the `bashbug' command to report bugs.\n\n\
             bash home page: <http://www.gnu.org/software/bash>\n\
             General help using GNU software: <http://www.gnu.org/gethelp/>\n"
        ));
    }
    text
}

/// Reads the options of `argv` (long ones first, as bash does), `name`
/// its program's base name; `Err` with the status when bash stops there,
/// its answer in `out`.
fn parse(argv: &[String], name: &str, out: &mut Output) -> Result<Invocation, i32> {
    let shell = argv[0].as_str();
    let not_modelled = |out: &mut Output, option: &str| {
        out.stderr(&format!(
            "{name}: {option}: this option is not available in this simulated shell\n"
        ));
        Err(2)
    };
    let mut i = 1;
    while let Some(arg) = argv.get(i) {
        let Some(long) = arg.strip_prefix("--").filter(|l| !l.is_empty()) else {
            break;
        };
        i += 1;
        match long {
            "version" => {
                out.stdout(&version());
                return Err(0);
            }
            "help" => {
                out.stdout(&usage(shell, true));
                return Err(0);
            }
            long if NO_EFFECT.contains(&long) => {}
            long if LONG_OPTIONS.contains(&long) => return not_modelled(out, arg),
            _ => {
                out.stderr(&format!(
                    "{name}: {arg}: invalid option\n{}",
                    usage(shell, false)
                ));
                return Err(2);
            }
        }
    }
    let mut invocation = Invocation::default();
    while let Some(arg) = argv.get(i) {
        let on = arg.starts_with('-');
        if !(on || arg.starts_with('+')) {
            break;
        }
        i += 1;
        if arg == "-" || arg == "--" {
            break;
        }
        for letter in arg.chars().skip(1) {
            match letter {
                'c' => invocation.string = true,
                's' => invocation.stdin = true,
                'l' => {}
                'o' => {
                    let Some(option) = argv.get(i) else {
                        list_options(invocation.options, out);
                        continue;
                    };
                    i += 1;
                    if !invocation.options.set(option, on) {
                        // `set -o`'s complaint, before any line is read.
                        out.stderr(&format!(
                            "{name}: line 0: {name}: {option}: invalid option name\n"
                        ));
                        return Err(2);
                    }
                }
                'i' => return not_modelled(out, "-i"),
                other => match Options::of_letter(other) {
                    Some(option) => {
                        invocation.options.set(option, on);
                    }
                    None if NOT_MODELLED.contains(other) => {
                        return not_modelled(out, &format!("-{other}"));
                    }
                    None => {
                        let sign = if on { '-' } else { '+' };
                        out.stderr(&format!(
                            "{name}: {sign}{other}: invalid option\n{}",
                            usage(shell, false)
                        ));
                        return Err(2);
                    }
                },
            }
        }
    }
    invocation.operands = argv[i..].to_vec();
    Ok(invocation)
}

/// `bash [options] [script [args]]`, `bash -c 'commands' [name [args]]`,
/// and commands from standard input (also `sh`).
pub(in super::super) fn bash(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    let shell = argv[0].as_str();
    let name = base_name(shell);
    let invocation = match parse(argv, name, out) {
        Ok(invocation) => invocation,
        Err(status) => return status,
    };
    let mut operands = invocation.operands.into_iter();
    let (text, origin, arg0) = if invocation.string {
        let Some(commands) = operands.next() else {
            out.stderr(&format!("{name}: -c: option requires an argument\n"));
            return 2;
        };
        let arg0 = operands.next().unwrap_or_else(|| shell.to_owned());
        (commands, Origin::command_string(&arg0), arg0)
    } else if invocation.stdin || operands.len() == 0 {
        if exec.tty {
            out.stderr(&format!(
                "{name}: {shell}: starting another interactive shell is not available in this simulated shell\n"
            ));
            return 1;
        }
        let text = exec.input.rest().to_owned();
        exec.input.consume(text.len());
        (text, Origin::file(shell), shell.to_owned())
    } else {
        let file = operands.next().unwrap_or_default();
        match script_text(exec, &file, (&format!("{name}: "), 127)) {
            Ok(text) => (text, Origin::file(&file), file),
            Err((message, status)) => {
                out.stderr(&message);
                return status;
            }
        }
    };
    let args = (arg0, operands.collect());
    exec.nested((&text, origin), out, Some(invocation.options), Some(args))
}
