//! The pagers, `less` and `more`. The simulated terminal has no screen
//! for a pager to hold and wait on: each prints what it would page, whole,
//! as both do when their output is not a terminal, and the reader scrolls
//! the terminal instead. Their options, messages and exit statuses are
//! Debian 12's: less 590 (`main.c`, `edit.c`, `filename.c`) and more from
//! util-linux 2.38.1 (`text-utils/more.c`).

use super::super::args::{self, Spec};
use super::super::command::Call;
use super::super::fs::FsError;
use super::{find, help, read_input};

/// The less option simulated (the rest are accepted and change nothing).
pub(in super::super) const LESS: Spec = Spec {
    flags: "N",
    valued: "",
    long: &[("LINE-NUMBERS", 'N')],
};

/// less's options that take a value, given in the same word or the next.
const LESS_VALUED: &str = "bhjkoOpPtTxyz#";

const LESS_VERSION: &str = "\
less 590 (GNU regular expressions)
Copyright (C) 1984-2021  Mark Nudelman

less comes with NO WARRANTY, to the extent permitted by law.
For information about the terms of redistribution,
see the file named README in the less distribution.
Home page: https://greenwoodsoftware.com/less
";

/// `less [OPTIONS] [FILE]...`: with no file, standard input, or on a
/// terminal `Missing filename` (status 0). A file that cannot be opened
/// is said on standard error, unprefixed; on the terminal, status 1 when
/// none could be.
pub(super) fn less(call: &mut Call<'_>) -> i32 {
    let mut number = false;
    let mut files = Vec::new();
    let mut words = call.args().iter();
    while let Some(word) = words.next() {
        match word.as_str() {
            "--help" => {
                call.out.stdout(&find("less").map(help).unwrap_or_default());
                return 0;
            }
            "-V" | "--version" => {
                call.out.stdout(LESS_VERSION);
                return 0;
            }
            "--LINE-NUMBERS" => number = true,
            "--line-numbers" => number = false,
            "--" => files.extend(words.by_ref().cloned()),
            w if w.starts_with("--") || (w.starts_with('+') && w.len() > 1) => {}
            w if w.starts_with('-') && w.len() > 1 => {
                for (at, c) in w.char_indices().skip(1) {
                    match c {
                        'N' => number = true,
                        'n' => number = false,
                        c if LESS_VALUED.contains(c) => {
                            if at + 1 == w.len() {
                                words.next();
                            }
                            break;
                        }
                        _ => {}
                    }
                }
            }
            _ => files.push(word.clone()),
        }
    }
    if files.is_empty() {
        if call.tty {
            call.out
                .stderr("Missing filename (\"less --help\" for help)\n");
            return 0;
        }
        files.push("-".to_owned());
    }
    let number = number && call.to_terminal;
    let (mut shown, mut read) = (false, 0);
    for file in &files {
        match read_input(call, file, &mut read) {
            Ok(text) if number => {
                let lines = text.split_inclusive('\n').enumerate();
                let numbered: String = lines.map(|(i, l)| format!("{:>7} {l}", i + 1)).collect();
                call.out.stdout(&numbered);
                shown = true;
            }
            Ok(text) => {
                call.out.stdout(&text);
                shown = true;
            }
            Err(FsError::IsADirectory) => call.out.stderr(&format!("{file} is a directory\n")),
            Err(e) => call.out.stderr(&format!("{file}: {e}\n")),
        }
    }
    i32::from(call.to_terminal && !shown)
}

/// more's options, as its getopt reads them after `-NUM`, `+NUM` and
/// `+/STRING` are taken out; none changes what is printed here.
pub(in super::super) const MORE: Spec = Spec {
    flags: "dflcpsueVh",
    valued: "n",
    long: &[
        ("silent", 'd'),
        ("logical", 'f'),
        ("no-pause", 'l'),
        ("print-over", 'c'),
        ("clean-print", 'p'),
        ("exit-on-eof", 'e'),
        ("squeeze", 's'),
        ("plain", 'u'),
        ("lines", 'n'),
        ("version", 'V'),
        ("help", 'h'),
    ],
};

/// `more [OPTIONS] FILE...`: standard input first when it is not the
/// terminal, then each file, with a banner once there is more than one
/// text. A file that cannot be opened is warned about, a directory said
/// on standard output; the status is 0 but for a usage error.
pub(super) fn more(call: &mut Call<'_>) -> i32 {
    let screen_options = |w: &String| {
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        !(w.strip_prefix('-').is_some_and(digits)
            || w.strip_prefix('+')
                .is_some_and(|s| digits(s) || s.starts_with('/')))
    };
    let words: Vec<String> = call
        .args()
        .iter()
        .filter(|w| screen_options(w))
        .cloned()
        .collect();
    let opts = match args::parse(&words, MORE) {
        Ok(opts) => opts,
        Err(e) => return args::usage_error(call, &e.to_string()),
    };
    for (key, value) in &opts.opts {
        match (key, value) {
            ('V', _) => {
                call.out.stdout("more from util-linux 2.38.1\n");
                return 0;
            }
            ('h', _) => {
                call.out.stdout(&find("more").map(help).unwrap_or_default());
                return 0;
            }
            // util-linux's strtou16_or_err: no hint after it.
            ('n', Some(n)) if n.parse::<u16>().is_err() => {
                let range = !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit());
                let why = if range {
                    ": Numerical result out of range"
                } else {
                    ""
                };
                call.error(&format!("argument error: '{n}'{why}"));
                return 1;
            }
            _ => {}
        }
    }
    if call.tty && opts.operands.is_empty() {
        return args::usage_error(call, "bad usage");
    }
    let mut banner = opts.operands.len() > 1;
    let mut read = 0;
    if !call.tty {
        let text = call.stdin.to_owned();
        call.out.stdout(&text);
        banner = true;
    }
    for file in &opts.operands {
        match read_input(call, file, &mut read) {
            Ok(text) => {
                if banner {
                    call.out
                        .stdout(&format!("::::::::::::::\n{file}\n::::::::::::::\n"));
                }
                call.out.stdout(&text);
            }
            Err(FsError::IsADirectory) => {
                call.out.stdout(&format!("\n*** {file}: directory ***\n\n"));
            }
            Err(e) => call.error(&format!("cannot open {file}: {e}")),
        }
    }
    0
}
