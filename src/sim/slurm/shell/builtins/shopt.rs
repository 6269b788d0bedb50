//! `shopt`: bash's own options. The glob options scripts set to find
//! their checkpoints (`nullglob`, `failglob`, `dotglob`) work; the others
//! list with the values a non-interactive bash 5.2 starts with, and
//! turning one of them over is refused plainly rather than ignored.

use super::super::command::Output;
use super::super::exec::Exec;
use super::super::state::Options;

const USAGE: &str = "shopt: usage: shopt [-pqsu] [-o] [optname ...]\n";

/// bash 5.2's options in the order it lists them, and whether a
/// non-interactive shell starts with each on.
const OPTIONS: [(&str, bool); 57] = [
    ("autocd", false),
    ("assoc_expand_once", false),
    ("cdable_vars", false),
    ("cdspell", false),
    ("checkhash", false),
    ("checkjobs", false),
    ("checkwinsize", true),
    ("cmdhist", true),
    ("compat31", false),
    ("compat32", false),
    ("compat40", false),
    ("compat41", false),
    ("compat42", false),
    ("compat43", false),
    ("compat44", false),
    ("complete_fullquote", true),
    ("direxpand", false),
    ("dirspell", false),
    ("dotglob", false),
    ("execfail", false),
    ("expand_aliases", false),
    ("extdebug", false),
    ("extglob", false),
    ("extquote", true),
    ("failglob", false),
    ("force_fignore", true),
    ("globasciiranges", true),
    ("globskipdots", true),
    ("globstar", false),
    ("gnu_errfmt", false),
    ("histappend", false),
    ("histreedit", false),
    ("histverify", false),
    ("hostcomplete", true),
    ("huponexit", false),
    ("inherit_errexit", false),
    ("interactive_comments", true),
    ("lastpipe", false),
    ("lithist", false),
    ("localvar_inherit", false),
    ("localvar_unset", false),
    ("login_shell", false),
    ("mailwarn", false),
    ("no_empty_cmd_completion", false),
    ("nocaseglob", false),
    ("nocasematch", false),
    ("noexpand_translation", false),
    ("nullglob", false),
    ("patsub_replacement", true),
    ("progcomp", true),
    ("progcomp_alias", false),
    ("promptvars", true),
    ("restricted_shell", false),
    ("shift_verbose", false),
    ("sourcepath", true),
    ("varredir_close", false),
    ("xpg_echo", false),
];

/// The option `name` of the simulated ones, in `options`.
fn simulated<'o>(options: &'o mut Options, name: &str) -> Option<&'o mut bool> {
    match name {
        "nullglob" => Some(&mut options.nullglob),
        "failglob" => Some(&mut options.failglob),
        "dotglob" => Some(&mut options.dotglob),
        _ => None,
    }
}

/// Whether the option `name` is on, if bash has it.
fn value(options: &Options, name: &str) -> Option<bool> {
    let mut options = *options;
    if let Some(on) = simulated(&mut options, name) {
        return Some(*on);
    }
    OPTIONS.iter().find(|(n, _)| *n == name).map(|(_, on)| *on)
}

/// `shopt [-pqsu] [-o] [optname ...]`.
pub(in super::super) fn shopt(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    let mut args = &argv[1..];
    let (mut set, mut unset, mut print, mut quiet, mut set_o) = (false, false, false, false, false);
    while let Some(arg) = args.first().filter(|a| a.starts_with('-') && a.len() > 1) {
        args = &args[1..];
        if arg == "--" {
            break;
        }
        for letter in arg[1..].chars() {
            match letter {
                's' => set = true,
                'u' => unset = true,
                'p' => print = true,
                'q' => quiet = true,
                'o' => set_o = true,
                _ => {
                    out.stderr(&format!("bash: shopt: -{letter}: invalid option\n{USAGE}"));
                    return 2;
                }
            }
        }
    }
    if set && unset {
        out.stderr("bash: shopt: cannot set and unset shell options simultaneously\n");
        return 1;
    }
    if set_o {
        out.stderr("bash: shopt: -o: this option is not available in this simulated shell\n");
        return 1;
    }
    if args.is_empty() {
        // Every option, or those on (-s) or off (-u).
        for (name, _) in OPTIONS {
            let on = value(&exec.shell.options, name).unwrap_or(false);
            if !quiet && (!(set || unset) || on == set) {
                out.stdout(&shown(name, on, print));
            }
        }
        return 0;
    }
    let mut status = 0;
    for name in args {
        let Some(on) = value(&exec.shell.options, name) else {
            out.stderr(&format!("bash: shopt: {name}: invalid shell option name\n"));
            status = 1;
            continue;
        };
        if set || unset {
            match simulated(&mut exec.shell.options, name) {
                Some(option) => *option = set,
                None if on != set => {
                    out.stderr(&format!(
                        "bash: shopt: {name}: this option is not available in this simulated shell\n"
                    ));
                    status = 1;
                }
                None => {}
            }
            continue;
        }
        if !on {
            status = 1;
        }
        if !quiet {
            out.stdout(&shown(name, on, print));
        }
    }
    status
}

/// An option as `shopt` lists it (`-p`: as the command that sets it).
fn shown(name: &str, on: bool, print: bool) -> String {
    match (print, on) {
        (true, true) => format!("shopt -s {name}\n"),
        (true, false) => format!("shopt -u {name}\n"),
        (false, true) => format!("{name:<15}\ton\n"),
        (false, false) => format!("{name:<15}\toff\n"),
    }
}
