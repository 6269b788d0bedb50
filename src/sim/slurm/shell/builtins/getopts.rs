//! `getopts OPTSTRING NAME [ARG...]`: reads a script's options one call
//! at a time, as bash's `sh_getopt` does (the loop
//! `while getopts "n:v" opt; do case $opt in ...`). Where it is inside a
//! cluster of letters (`-gh`) is kept in the shell between calls, and
//! forgotten when the script sets `OPTIND` itself.

use super::super::command::Output;
use super::super::exec::Exec;
use super::super::lex::is_name;

/// Where `getopts` stands between calls: the `OPTIND` it last set, and
/// the letters of a cluster (`-gh`) it has still to read, bash's
/// `nextchar`.
pub(in super::super) type Place = (i64, String);

/// `getopts`.
pub(in super::super) fn getopts(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    let [_, optstring, name, given @ ..] = argv else {
        out.stderr("getopts: usage: getopts optstring name [arg ...]\n");
        return 2;
    };
    if !is_name(name) {
        let prefix = exec.prefix();
        out.stderr(&format!(
            "{prefix}getopts: `{name}': not a valid identifier\n"
        ));
        return 1;
    }
    let args: Vec<String> = match given {
        [] => exec.shell.args.clone(),
        given => given.to_vec(),
    };
    let set = exec
        .shell
        .var("OPTIND")
        .and_then(|v| v.trim().parse::<i64>().ok());
    let (last, mut rest) = std::mem::take(&mut exec.shell.getopts);
    // Setting OPTIND to 1 (or unsetting it) starts over; another value
    // moves on from there, the letters left still read first.
    if set != Some(last) && set.is_none_or(|n| n <= 1) {
        rest.clear();
    }
    let mut ind = usize::try_from(set.unwrap_or(1).max(1)).unwrap_or(usize::MAX);
    let silent = optstring.starts_with(':');
    let quiet = silent || exec.shell.var("OPTERR") == Some("0");
    if rest.is_empty() {
        // Options end at the first word that is not one, or after `--`.
        match args.get(ind - 1).map(String::as_str) {
            Some("--") => return end(exec, name, ind + 1, &args),
            Some(w) if w.starts_with('-') && w != "-" => rest = w[1..].to_owned(),
            _ => return end(exec, name, ind, &args),
        }
    }
    let mut letters = rest.chars();
    let Some(c) = letters.next() else {
        return end(exec, name, ind, &args);
    };
    let mut rest: String = letters.collect();
    if rest.is_empty() {
        ind += 1;
    }
    let arg0 = exec.shell.expander().lookup("0").unwrap_or_default();
    let spec = optstring.find(c).filter(|_| c != ':');
    let (value, optarg) = match spec {
        None if silent => ("?".to_owned(), Some(c.to_string())),
        None => {
            if !quiet {
                out.stderr(&format!("{arg0}: illegal option -- {c}\n"));
            }
            ("?".to_owned(), None)
        }
        Some(at) if optstring[at + 1..].starts_with(':') => {
            if !rest.is_empty() {
                // The rest of this word is the value: `-n5`.
                ind += 1;
                (c.to_string(), Some(std::mem::take(&mut rest)))
            } else if let Some(next) = args.get(ind - 1) {
                ind += 1;
                (c.to_string(), Some(next.clone()))
            } else if silent {
                (":".to_owned(), Some(c.to_string()))
            } else {
                if !quiet {
                    out.stderr(&format!("{arg0}: option requires an argument -- {c}\n"));
                }
                ("?".to_owned(), None)
            }
        }
        Some(_) => (c.to_string(), None),
    };
    match optarg {
        Some(optarg) => exec.shell.assign("OPTARG", optarg),
        None => exec.shell.unset_var("OPTARG"),
    }
    exec.shell.assign(name, value);
    set_optind(exec, ind, rest);
    0
}

/// No more options: `NAME` is `?`, `OPTIND` the first operand's index.
fn end(exec: &mut Exec<'_>, name: &str, ind: usize, args: &[String]) -> i32 {
    exec.shell.assign(name, "?".to_owned());
    set_optind(exec, ind.min(args.len() + 1), String::new());
    1
}

/// Sets `OPTIND` to `ind`, and where `getopts` stands after it.
fn set_optind(exec: &mut Exec<'_>, ind: usize, rest: String) {
    let ind = i64::try_from(ind).unwrap_or(i64::MAX);
    exec.shell.assign("OPTIND", ind.to_string());
    exec.shell.getopts = (ind, rest);
}
