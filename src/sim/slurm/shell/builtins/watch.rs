//! procps' `watch [OPTIONS] COMMAND`: the command run through `sh -c`
//! (its words joined by spaces; with `-x`, run as given) under watch's
//! title line, `Every 2.0s: COMMAND` on the left and `HOST: DATE` on the
//! right of an 80-column screen. The page cannot redraw a screen every few
//! seconds while the clock runs, so it shows one round and says so; run
//! it again for the next.

use super::super::command::{Output, Stream};
use super::super::exec::{Exec, trace_quote};
use super::super::origin::Origin;
use super::super::state::Options;
use super::super::time::DateTime;

/// The columns the title line is laid out in.
const COLUMNS: usize = 80;

/// `watch --help`, and the description of its manual page.
pub(super) const HELP: &str = "\
Usage: watch [OPTIONS] COMMAND
Run COMMAND and show its output under a title line (every 2 seconds on a
real terminal; once here: run watch again to see the next round).

  -n, --interval=SECS     seconds between updates, shown in the title
  -t, --no-title          no title line
  -x, --exec              run COMMAND as given, not through sh -c
  -b, -c, -C, -d, -e, -g, -p, -r, -w
                          accepted; they change nothing in one round
  -h, --help              this help
  -v, --version           print the version
";

const USAGE: &str = "Usage: watch [-n SECS] [-t] [-x] COMMAND (watch --help for more)\n";

/// What the options ask for.
struct Settings {
    /// `-n`: seconds between rounds, shown in the title.
    interval: f64,
    /// Without `-t`: the title line.
    title: bool,
    /// `-x`: the words run as given.
    direct: bool,
}

/// The options before the command, and where the command starts; or the
/// status to end with (0 after `--help` or `--version`, 1 on a mistake).
fn options(argv: &[String], out: &mut Output) -> Result<(Settings, usize), i32> {
    let mut settings = Settings {
        interval: 2.0,
        title: true,
        direct: false,
    };
    let mut i = 1;
    // watch stops reading options at the command (getopt's leading `+`).
    while let Some(arg) = argv.get(i).filter(|a| a.starts_with('-') && a.len() > 1) {
        i += 1;
        // Each option with its value, if given in the same word.
        let options: Vec<(String, Option<String>)> = match arg.strip_prefix("--") {
            Some("") => break,
            Some(long) => vec![match long.split_once('=') {
                Some((n, v)) => (n.to_owned(), Some(v.to_owned())),
                None => (long.to_owned(), None),
            }],
            None => {
                let letters = &arg[1..];
                match letters.find('n') {
                    // `-tn5`: the flags before, then n with the rest.
                    Some(at) => letters[..at]
                        .chars()
                        .map(|c| (c.to_string(), None))
                        .chain([(
                            "n".to_owned(),
                            Some(letters[at + 1..].to_owned()).filter(|v| !v.is_empty()),
                        )])
                        .collect(),
                    None => letters.chars().map(|c| (c.to_string(), None)).collect(),
                }
            }
        };
        for (name, inline) in options {
            match name.as_str() {
                "n" | "interval" => {
                    let value = inline.or_else(|| {
                        i += 1;
                        argv.get(i - 1).cloned()
                    });
                    match value.as_deref().map(str::parse::<f64>) {
                        Some(Ok(secs)) if secs.is_finite() => settings.interval = secs.max(0.1),
                        Some(_) => {
                            let shown = value.unwrap_or_default();
                            out.stderr(&format!("watch: failed to parse argument: '{shown}'\n"));
                            return Err(1);
                        }
                        None => {
                            out.stderr(&format!(
                                "watch: option requires an argument -- 'n'\n{USAGE}"
                            ));
                            return Err(1);
                        }
                    }
                }
                "t" | "no-title" => settings.title = false,
                "x" | "exec" => settings.direct = true,
                "h" | "help" => {
                    out.stdout(HELP);
                    return Err(0);
                }
                "v" | "version" => {
                    out.stdout("watch from procps-ng 4.0.2\n");
                    return Err(0);
                }
                "b" | "beep" | "c" | "color" | "C" | "no-color" | "d" | "differences" | "e"
                | "errexit" | "g" | "chgexit" | "p" | "precise" | "r" | "no-rerun" | "w"
                | "no-wrap" => {}
                other => {
                    let shown = if arg.starts_with("--") {
                        format!("unrecognized option '{arg}'")
                    } else {
                        format!("invalid option -- '{other}'")
                    };
                    out.stderr(&format!("watch: {shown}\n{USAGE}"));
                    return Err(1);
                }
            }
        }
    }
    Ok((settings, i))
}

pub(in super::super) fn watch(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    let (settings, i) = match options(argv, out) {
        Ok(read) => read,
        Err(status) => return status,
    };
    let words = &argv[i..];
    if words.is_empty() {
        out.stderr(USAGE);
        return 1;
    }
    let command = if settings.direct {
        words
            .iter()
            .map(|w| trace_quote(w))
            .collect::<Vec<_>>()
            .join(" ")
    } else {
        words.join(" ")
    };
    if settings.title {
        let interval = settings.interval;
        let left = format!("Every {interval:.1}s: {}", words.join(" "));
        let when = DateTime::from_epoch(exec.shell.now).format("%a %b %e %H:%M:%S %Y");
        let right = format!("{}: {when}", exec.shell.host());
        let gap = COLUMNS
            .saturating_sub(left.chars().count() + right.chars().count())
            .max(1);
        out.stdout(&format!("{left}{}{right}\n\n", " ".repeat(gap)));
    }
    let mut shown = Output::new();
    // watch runs it through `sh -c`, whose messages are left as the
    // prompt words them.
    let child = Some(Options::default());
    exec.nested((&command, Origin::default()), &mut shown, child, None);
    for chunk in shown.chunks() {
        out.push(chunk.stream, &chunk.text);
    }
    out.push(
        Stream::Stderr,
        "watch: the simulated shell shows one round; run watch again to see the next\n",
    );
    0
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::super::super::*;

    /// 2023-11-14 22:13:20 UTC.
    const T0: u64 = 1_700_000_000;

    fn run(line: &str) -> (String, i32) {
        let mut sh = Shell::new("ada", "login1", T0).unwrap();
        let out = sh.run(line, &mut NoCommands);
        (out.transcript(), out.status)
    }

    const ONE_ROUND: &str =
        "watch: the simulated shell shows one round; run watch again to see the next\n";

    #[test]
    fn one_round_under_watchs_title_line() {
        let title = format!(
            "Every 2.0s: echo hi{}login1: Tue Nov 14 22:13:20 2023\n\n",
            " ".repeat(80 - 19 - 32)
        );
        assert_eq!(run("watch echo hi"), (format!("{title}hi\n{ONE_ROUND}"), 0));
        assert_eq!(
            run("watch -t -n 5 'echo a | tr a b'"),
            (format!("b\n{ONE_ROUND}"), 0)
        );
        assert!(
            run("watch -n0.5 -d echo x")
                .0
                .starts_with("Every 0.5s: echo x ")
        );
        assert_eq!(
            run("watch -tx echo 'a  b'"),
            (format!("a  b\n{ONE_ROUND}"), 0)
        );
    }

    #[test]
    fn watchs_mistakes_get_its_answers() {
        let usage = "Usage: watch [-n SECS] [-t] [-x] COMMAND (watch --help for more)\n";
        assert_eq!(run("watch"), (usage.to_owned(), 1));
        assert_eq!(
            run("watch -n x ls"),
            ("watch: failed to parse argument: 'x'\n".to_owned(), 1)
        );
        assert_eq!(
            run("watch -z ls"),
            (format!("watch: invalid option -- 'z'\n{usage}"), 1)
        );
        assert_eq!(run("watch --version").0, "watch from procps-ng 4.0.2\n");
    }
}
