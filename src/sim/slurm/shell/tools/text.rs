//! Tools that filter text: `head`, `tail`, `wc` and `tee`, with
//! coreutils' messages and GNU `wc`'s column widths.

use super::super::args::{self, Opts, Spec};
use super::super::command::Call;
use super::super::fs::{FsError, WriteMode};
use super::read_input;

/// `head`'s options.
pub(super) const HEAD: Spec = Spec {
    flags: "qv",
    valued: "n",
    long: &[("lines", 'n'), ("quiet", 'q'), ("verbose", 'v')],
};

/// `tail`'s options.
pub(super) const TAIL: Spec = Spec {
    flags: "qvfF",
    valued: "n",
    long: &[
        ("lines", 'n'),
        ("quiet", 'q'),
        ("verbose", 'v'),
        ("follow", 'f'),
    ],
};

/// Where `head` or `tail` starts or stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Count {
    /// The first (head) or last (tail) `n` lines.
    Lines(usize),
    /// `head -n -N`: all but the last `n` lines.
    AllBut(usize),
    /// `tail -n +N`: from line `n` on.
    From(usize),
}

/// `-5` is the old spelling of `-n 5` (but `-n -5` is a count of its own).
fn expand_old_count(args: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(args.len());
    for arg in args {
        let after_n = out
            .last()
            .is_some_and(|prev| prev == "-n" || prev == "--lines");
        match arg.strip_prefix('-') {
            Some(n) if !after_n && !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
                out.push("-n".to_owned());
                out.push(n.to_owned());
            }
            _ => out.push(arg.clone()),
        }
    }
    out
}

/// The options of `head` or `tail` and the count they ask for; `tail`
/// reads `+N`, `head` reads `-N`.
fn count_options(call: &mut Call<'_>, spec: Spec, tail: bool) -> Result<(Opts, Count), i32> {
    let expanded = expand_old_count(call.args());
    let opts = args::parse(&expanded, spec).map_err(|e| {
        call.error(&e.to_string());
        args::try_help(call);
        1
    })?;
    let Some(value) = opts.value('n') else {
        return Ok((opts, Count::Lines(10)));
    };
    let (sign, digits) = match value.chars().next() {
        Some(c @ ('+' | '-')) => (Some(c), &value[1..]),
        _ => (None, value),
    };
    let count = match (digits.parse::<usize>(), sign, tail) {
        (Ok(n), Some('+'), true) => Count::From(n),
        (Ok(n), Some('-'), false) => Count::AllBut(n),
        (Ok(n), _, _) => Count::Lines(n),
        (Err(_), _, _) => {
            call.error(&format!("invalid number of lines: '{value}'"));
            return Err(1);
        }
    };
    Ok((opts, count))
}

/// Runs `pick` over each input of `head` or `tail` with their headers
/// (`==> name <==` when there are several, or with `-v`).
fn each_input(call: &mut Call<'_>, opts: &Opts, pick: impl Fn(&str) -> String) -> i32 {
    let operands = if opts.operands.is_empty() {
        vec!["-".to_owned()]
    } else {
        opts.operands.clone()
    };
    let headers = !opts.has('q') && (operands.len() > 1 || opts.has('v'));
    let mut status = 0;
    let mut first = true;
    let mut read = 0;
    for op in &operands {
        let text = match read_input(call, op, &mut read) {
            Ok(text) => text,
            Err(FsError::IsADirectory) => {
                call.error(&format!("error reading '{op}': {}", FsError::IsADirectory));
                status = 1;
                continue;
            }
            Err(e) => {
                call.error(&format!("cannot open '{op}' for reading: {e}"));
                status = 1;
                continue;
            }
        };
        if headers {
            let name = if op == "-" { "standard input" } else { op };
            let gap = if first { "" } else { "\n" };
            call.out.stdout(&format!("{gap}==> {name} <==\n"));
        }
        first = false;
        call.out.stdout(&pick(&text));
    }
    status
}

/// `head`: the first lines of each input (10, or `-n N`; `-n -N` for all
/// but the last N).
pub(super) fn head(call: &mut Call<'_>) -> i32 {
    let (opts, count) = match count_options(call, HEAD, false) {
        Ok(found) => found,
        Err(status) => return status,
    };
    each_input(call, &opts, |text| {
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        let keep = match count {
            Count::Lines(n) | Count::From(n) => n.min(lines.len()),
            Count::AllBut(n) => lines.len().saturating_sub(n),
        };
        lines[..keep].concat()
    })
}

/// `tail`: the last lines of each input (10, or `-n N`; `-n +N` from line
/// N on). `-f` cannot follow a file that nothing writes to while it
/// watches, so it prints once and says so.
pub(super) fn tail(call: &mut Call<'_>) -> i32 {
    let (opts, count) = match count_options(call, TAIL, true) {
        Ok(found) => found,
        Err(status) => return status,
    };
    let status = each_input(call, &opts, |text| {
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        let skip = match count {
            Count::Lines(n) | Count::AllBut(n) => lines.len().saturating_sub(n),
            Count::From(n) => n.saturating_sub(1).min(lines.len()),
        };
        lines[skip..].concat()
    });
    if opts.has('f') || opts.has('F') {
        call.error("following a file is not available in this simulated shell; run tail again to see new lines");
    }
    status
}

/// Lines, words, characters and bytes of one input, and its name.
type Counts<'a> = ([usize; 4], Option<&'a str>);

/// `wc`'s options.
pub(super) const WC: Spec = Spec {
    flags: "lwcm",
    valued: "",
    long: &[
        ("lines", 'l'),
        ("words", 'w'),
        ("bytes", 'c'),
        ("chars", 'm'),
    ],
};

/// `wc`: lines, words, characters and bytes of each input, in GNU's
/// columns: as wide as the total size of the files needs, at least 7 when
/// reading standard input, and unpadded for one count of one input.
pub(super) fn wc(call: &mut Call<'_>) -> i32 {
    let opts = match args::parse_call(call, WC, 1) {
        Ok(o) => o,
        Err(status) => return status,
    };
    let mut selected: Vec<char> = "lwmc".chars().filter(|&c| opts.has(c)).collect();
    if selected.is_empty() {
        selected = vec!['l', 'w', 'c'];
    }
    let operands = opts.operands.clone();
    let inputs: Vec<Option<&str>> = if operands.is_empty() {
        vec![None]
    } else {
        operands.iter().map(|o| Some(o.as_str())).collect()
    };
    let mut status = 0;
    // GNU wc sizes its columns before counting, then reports each input
    // (or its error) in order.
    let mut rows: Vec<Result<Counts<'_>, String>> = Vec::new();
    let mut regular_bytes = 0;
    let mut from_stdin = false;
    let mut read = 0;
    for name in &inputs {
        let text = match read_input(call, name.unwrap_or("-"), &mut read) {
            Ok(text) => text,
            Err(e) => {
                rows.push(Err(format!("{}: {e}", name.unwrap_or("-"))));
                status = 1;
                continue;
            }
        };
        if name.is_none_or(|n| n == "-") {
            from_stdin = true;
        } else {
            regular_bytes += text.len();
        }
        let counts = [
            text.matches('\n').count(),
            text.split_whitespace().count(),
            text.chars().count(),
            text.len(),
        ];
        rows.push(Ok((counts, *name)));
    }
    let width = if inputs.len() == 1 && selected.len() == 1 {
        1
    } else {
        let digits = regular_bytes.max(1).ilog10() as usize + 1;
        if from_stdin { digits.max(7) } else { digits }
    };
    if inputs.len() > 1 {
        let mut total = [0; 4];
        for (counts, _) in rows.iter().flatten() {
            for (t, c) in total.iter_mut().zip(counts) {
                *t += c;
            }
        }
        rows.push(Ok((total, Some("total"))));
    }
    for row in rows {
        let (counts, name) = match row {
            Ok(row) => row,
            Err(message) => {
                call.error(&message);
                continue;
            }
        };
        let cells: Vec<String> = selected
            .iter()
            .map(|c| {
                let i = "lwmc".find(*c).unwrap_or(0);
                format!("{:>width$}", counts[i])
            })
            .collect();
        let mut line = cells.join(" ");
        if let Some(name) = name {
            line.push(' ');
            line.push_str(name);
        }
        line.push('\n');
        call.out.stdout(&line);
    }
    status
}

/// `tee`'s options.
pub(super) const TEE: Spec = Spec {
    flags: "a",
    valued: "",
    long: &[("append", 'a')],
};

/// `tee`: standard input to each file and to standard output.
pub(super) fn tee(call: &mut Call<'_>) -> i32 {
    let opts = match args::parse_call(call, TEE, 1) {
        Ok(o) => o,
        Err(status) => return status,
    };
    let mode = if opts.has('a') {
        WriteMode::Append
    } else {
        WriteMode::Truncate
    };
    let mut status = 0;
    for op in &opts.operands {
        let now = call.now;
        let stdin = call.stdin;
        if let Err(e) = call
            .path(op)
            .and_then(|p| call.fs.write(&p, stdin, mode, now))
        {
            call.error(&format!("{op}: {e}"));
            status = 1;
        }
    }
    let stdin = call.stdin;
    call.out.stdout(stdin);
    status
}

/// `seq`'s options.
pub(super) const SEQ: Spec = Spec {
    flags: "w",
    valued: "fs",
    long: &[("equal-width", 'w'), ("format", 'f'), ("separator", 's')],
};

/// A number of `seq`'s, exactly: `units` of 10^-`digits`.
#[derive(Debug, Clone, Copy)]
struct Decimal {
    units: i64,
    digits: u32,
}

impl Decimal {
    /// A decimal number as seq reads one (`-1`, `0.5`, `+3`), of at most
    /// 18 digits.
    fn parse(text: &str) -> Option<Decimal> {
        let (int, frac) = text.split_once('.').unwrap_or((text, ""));
        let digits = u32::try_from(frac.len()).ok()?;
        let plain = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        let body = int.strip_prefix(['-', '+']).unwrap_or(int);
        let empty = body.is_empty() && frac.is_empty();
        if !plain(body) || !plain(frac) || empty || body.len() + frac.len() > 18 {
            return None;
        }
        let units: i64 = format!("{body}{frac}").parse().ok()?;
        let units = if int.starts_with('-') { -units } else { units };
        Some(Decimal { units, digits })
    }

    /// The same number in units of 10^-`digits` (`digits` at least its
    /// own), if it fits.
    fn scaled(self, digits: u32) -> Option<i64> {
        self.units
            .checked_mul(10i64.checked_pow(digits - self.digits)?)
    }
}

/// `units` of 10^-`digits`, written with that many decimals.
fn fixed(units: i64, digits: u32) -> String {
    let sign = if units < 0 { "-" } else { "" };
    let abs = units.unsigned_abs();
    let scale = 10u64.pow(digits);
    match digits {
        0 => format!("{sign}{abs}"),
        _ => format!(
            "{sign}{}.{:0width$}",
            abs / scale,
            abs % scale,
            width = digits as usize
        ),
    }
}

/// `-f`'s format: the text around its one directive, and the directive
/// (`%[flags][width][.precision]` then `f`, `g` or `e`), or seq's complaint.
fn seq_format(format: &str) -> Result<(String, String, String), String> {
    let mut directives = Vec::new();
    let mut chars = format.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c != '%' {
            continue;
        }
        if chars.peek().map(|&(_, c)| c) == Some('%') {
            chars.next();
            continue;
        }
        let end = format[i + 1..]
            .find(|c: char| !"-+ #0'123456789.".contains(c))
            .map_or(format.len(), |e| i + 1 + e);
        let conversion = format[end..].chars().next();
        if !matches!(
            conversion,
            Some('f' | 'g' | 'e' | 'G' | 'E' | 'F' | 'a' | 'A')
        ) {
            let shown = conversion.map_or(String::new(), |c| format!("%{c}"));
            return Err(format!("format '{format}' has unknown {shown} directive"));
        }
        directives.push((i, end + 1));
    }
    match directives.as_slice() {
        [] => Err(format!("format '{format}' has no % directive")),
        [(start, end)] => Ok((
            format[..*start].replace("%%", "%"),
            format[*start..*end].to_owned(),
            format[*end..].replace("%%", "%"),
        )),
        _ => Err(format!("format '{format}' has too many % directives")),
    }
}

/// `seq [-w] [-s SEP] [-f FORMAT] [FIRST [STEP]] LAST`: the numbers from
/// FIRST (1) to LAST by STEP (1), exactly (with as many decimals as FIRST
/// and STEP have), one a line or joined by SEP, until the output is full.
pub(super) fn seq(call: &mut Call<'_>) -> i32 {
    // Options end at the first negative number (`seq -1 1`), as in GNU's.
    let args = call.args().to_vec();
    let numbers_at = args
        .iter()
        .position(|a| {
            a.len() > 1
                && a.starts_with('-')
                && a[1..].starts_with(|c: char| c.is_ascii_digit() || c == '.')
        })
        .unwrap_or(args.len());
    let mut opts = match args::parse(&args[..numbers_at], SEQ) {
        Ok(o) => o,
        Err(e) => return args::usage_error(call, &e.to_string()),
    };
    opts.operands.extend_from_slice(&args[numbers_at..]);
    let mut numbers = Vec::new();
    for arg in &opts.operands {
        match Decimal::parse(arg) {
            Some(n) => numbers.push(n),
            None => {
                return args::usage_error(
                    call,
                    &format!("invalid floating point argument: '{arg}'"),
                );
            }
        }
    }
    let one = Decimal {
        units: 1,
        digits: 0,
    };
    let (first, step, last) = match numbers.as_slice() {
        [last] => (one, one, *last),
        [first, last] => (*first, one, *last),
        [first, step, last] => (*first, *step, *last),
        [] => return args::usage_error(call, "missing operand"),
        _ => return args::usage_error(call, &format!("extra operand '{}'", opts.operands[3])),
    };
    if step.units == 0 {
        let zero = &opts.operands[1];
        return args::usage_error(call, &format!("invalid Zero increment value: '{zero}'"));
    }
    let format = match opts.value('f').map(seq_format) {
        Some(Ok(parts)) => Some(parts),
        Some(Err(message)) => {
            call.error(&message);
            return 1;
        }
        None => None,
    };
    // Printed with the decimals of FIRST and STEP; compared exactly.
    let shown = first.digits.max(step.digits);
    let exact = shown.max(last.digits);
    let scaled = (first.scaled(exact), step.scaled(exact), last.scaled(exact));
    let (Some(start), Some(by), Some(end)) = scaled else {
        call.error("numbers with this many digits are not available in this simulated seq");
        return 1;
    };
    let per = 10i64.pow(exact - shown);
    // `-w`: as wide as FIRST or LAST as typed, with the decimals shown.
    let typed = |text: &str, n: Decimal| {
        let point = usize::from(n.digits == 0 && shown > 0);
        text.len() + point + (shown - n.digits.min(shown)) as usize
    };
    let texts = &opts.operands;
    let width = match opts.has('w') {
        true if texts.len() > 1 => {
            typed(&texts[0], first).max(typed(&texts[texts.len() - 1], last))
        }
        true => typed("1", first).max(typed(&texts[0], last)),
        false => 0,
    };
    let separator = opts.value('s').unwrap_or("\n").to_owned();
    let mut text = String::new();
    let mut n = start;
    while (by > 0 && n <= end) || (by < 0 && n >= end) {
        if !text.is_empty() {
            text.push_str(&separator);
        }
        let number = fixed(n / per, shown);
        match &format {
            Some((before, spec, after)) => {
                let value = fixed(n, exact);
                let formatted = super::super::builtins::format_number(spec, &[value]);
                text.push_str(&format!("{before}{formatted}{after}"));
            }
            // Zeros after the sign fill the width.
            None if number.len() < width => {
                let (sign, digits) = number.split_at(usize::from(number.starts_with('-')));
                text.push_str(&format!("{sign}{digits:0>w$}", w = width - sign.len()));
            }
            None => text.push_str(&number),
        }
        if text.len() > crate::sim::slurm::shell::MAX_OUTPUT {
            break;
        }
        let Some(next) = n.checked_add(by) else {
            break;
        };
        n = next;
    }
    if !text.is_empty() {
        text.push('\n');
    }
    call.out.stdout(&text);
    0
}

/// `tac`: each file's lines (standard input's without one), last first.
/// A last line without its newline joins the line printed after it, as
/// coreutils' separator-after-record rule has it.
pub(super) fn tac(call: &mut Call<'_>) -> i32 {
    reverse(call, "tac", |text| {
        text.split_inclusive('\n').rev().collect()
    })
}

/// `rev` (util-linux): each line's characters in reverse order.
pub(super) fn rev(call: &mut Call<'_>) -> i32 {
    reverse(call, "rev", |text| {
        text.split_inclusive('\n')
            .map(|line| {
                let (body, end) = match line.strip_suffix('\n') {
                    Some(body) => (body, "\n"),
                    None => (line, ""),
                };
                body.chars().rev().collect::<String>() + end
            })
            .collect()
    })
}

/// Runs `turn` over each operand (`-` or none: standard input), in
/// order, with `name`'s words for a file it cannot open.
fn reverse(call: &mut Call<'_>, name: &str, turn: impl Fn(&str) -> String) -> i32 {
    let operands = match call.args() {
        [] => vec!["-".to_owned()],
        args => args.to_vec(),
    };
    let mut status = 0;
    let mut read = 0;
    for op in &operands {
        match read_input(call, op, &mut read) {
            Ok(text) => call.out.stdout(&turn(&text)),
            Err(e) => {
                let message = match name {
                    "tac" => format!("failed to open '{op}' for reading: {e}"),
                    _ => format!("cannot open {op}: {e}"),
                };
                call.error(&message);
                status = 1;
            }
        }
    }
    status
}
