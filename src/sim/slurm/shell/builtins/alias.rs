//! `alias` and `unalias`, and the expansion of an alias typed at the
//! prompt: bash replaces the first word of a command read interactively
//! with its alias's text (never in a script), each alias at most once.

use super::super::command::Output;
use super::super::exec::Exec;
use super::super::lex::Part;
use super::super::parse::{Command, Parsed, Simple, parse_next};

/// `alias ll='ls -l'`, as bash prints a definition (`alias`, `command -v`).
pub(in super::super) fn definition(name: &str, value: &str) -> String {
    format!("alias {name}='{}'", value.replace('\'', "'\\''"))
}

/// Whether `name` can name an alias (bash's `legal_alias_name`).
fn legal(name: &str) -> bool {
    !name.is_empty()
        && !name.contains([
            '/', '$', '`', '=', '\'', '"', '\\', '|', '&', ';', '(', ')', '<', '>', ' ', '\t', '\n',
        ])
}

/// `alias [-p] [name[=value] ...]`.
pub(in super::super) fn alias(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    let mut args = &argv[1..];
    while let Some(option) = args.first().filter(|a| a.starts_with('-') && a.len() > 1) {
        args = &args[1..];
        match option.as_str() {
            "-p" => {}
            "--" => break,
            other => {
                let shown = other.get(..2).unwrap_or(other);
                out.stderr(&format!(
                    "bash: alias: {shown}: invalid option\nalias: usage: alias [-p] [name[=value] ... ]\n"
                ));
                return 2;
            }
        }
    }
    if args.is_empty() || argv[1..].iter().all(|a| a == "-p") {
        for (name, value) in &exec.shell.aliases {
            out.stdout(&format!("{}\n", definition(name, value)));
        }
        return 0;
    }
    let mut status = 0;
    for arg in args {
        match arg.split_once('=') {
            Some((name, value)) if legal(name) => {
                exec.shell.aliases.insert(name.to_owned(), value.to_owned());
            }
            Some((name, _)) => {
                out.stderr(&format!("bash: alias: `{name}': invalid alias name\n"));
                status = 1;
            }
            None => match exec.shell.aliases.get(arg.as_str()) {
                Some(value) => out.stdout(&format!("{}\n", definition(arg, value))),
                None => {
                    out.stderr(&format!("bash: alias: {arg}: not found\n"));
                    status = 1;
                }
            },
        }
    }
    status
}

/// `unalias [-a] name [name ...]`.
pub(in super::super) fn unalias(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    let usage = "unalias: usage: unalias [-a] name [name ...]\n";
    match argv.get(1).map(String::as_str) {
        None => {
            out.stderr(usage);
            return 2;
        }
        Some("-a") => {
            exec.shell.aliases.clear();
            return 0;
        }
        Some(option) if option.starts_with('-') && option != "-" && option != "--" => {
            let shown = option.get(..2).unwrap_or(option);
            out.stderr(&format!("bash: unalias: {shown}: invalid option\n{usage}"));
            return 2;
        }
        Some(_) => {}
    }
    let mut status = 0;
    for name in argv[1..].iter().filter(|a| *a != "--") {
        if exec.shell.aliases.remove(name.as_str()).is_none() {
            out.stderr(&format!("bash: unalias: {name}: not found\n"));
            status = 1;
        }
    }
    status
}

/// What an alias makes of a command.
pub(in super::super) enum Aliased {
    /// A simple command: the alias's words, then the command's arguments.
    Simple(Simple),
    /// More than a simple command (`alias q='squeue | head'`): the line to
    /// run, the alias's text and then the arguments as typed, and the
    /// alias's name, which is not expanded again inside it.
    Line(String, String),
}

impl Exec<'_> {
    /// `command` with its first word's alias in place, if it has one and
    /// was typed at the prompt; an alias whose text starts with another
    /// alias is followed, each name once.
    pub(in super::super) fn aliased(&self, command: &Simple) -> Option<Aliased> {
        if self.depth > 0 || self.alias_of(command, &self.aliasing).is_none() {
            return None;
        }
        let mut command = command.clone();
        let mut seen: Vec<String> = self.aliasing.clone();
        while let Some((name, value)) = self.alias_of(&command, &seen) {
            seen.push(name.clone());
            let parsed = match parse_next(&format!("{value}\n"), (0, command.line), false) {
                Ok(Parsed::Command(parsed, _)) => Some(parsed),
                _ => None,
            };
            let simple = parsed.as_ref().and_then(|p| match p.lists.as_slice() {
                [list]
                    if list.rest.is_empty()
                        && !list.background
                        && !list.first.negated
                        && p.here_docs.is_empty() =>
                {
                    match list.first.commands.as_slice() {
                        [Command::Simple(simple)] => Some(simple.clone()),
                        _ => None,
                    }
                }
                _ => None,
            });
            let Some(mut simple) = simple else {
                let rest: Vec<&str> = command.words[1..].iter().map(|w| w.raw.as_str()).collect();
                return Some(Aliased::Line(format!("{value} {}\n", rest.join(" ")), name));
            };
            let mut assignments = command.assignments.clone();
            assignments.append(&mut simple.assignments);
            simple.assignments = assignments;
            simple.words.extend(command.words.drain(1..));
            simple.redirects.append(&mut command.redirects);
            command = simple;
        }
        Some(Aliased::Simple(command))
    }

    /// The alias `command`'s first word names, unless it is in `seen`:
    /// its name and text. A quoted or expanded word names none.
    fn alias_of(&self, command: &Simple, seen: &[String]) -> Option<(String, &String)> {
        let [Part::Lit(name)] = command.words.first()?.parts.as_slice() else {
            return None;
        };
        if seen.contains(name) {
            return None;
        }
        let value = self.shell.aliases.get(name)?;
        Some((name.clone(), value))
    }
}

#[cfg(test)]
mod tests;
