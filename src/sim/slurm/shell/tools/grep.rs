//! GNU `grep` over files or standard input, with its output prefixes, its
//! context lines (`-A`, `-B`, `-C`, `-NUM`) and group separators, its
//! messages and its exit statuses: 0 when a line was selected, 1 when none
//! was, 2 on an error (unless `-q` found a match).

use super::super::super::getopt::{self, Getopt, HasArg, Item, Opt, Order};
use super::super::args::{self, Spec};
use super::super::command::Call;
use super::super::regex::{Regex, Scope, Syntax};
use super::{program_and_operands, read_input};

/// How many NFA steps one run of grep may take (a few tenths of a second).
const MAX_STEPS: usize = 20_000_000;

/// What grep says when [`MAX_STEPS`] ran out.
const TOO_SLOW: &str =
    "this pattern takes too long to match in this simulated shell; try a simpler one";

/// The key of `--group-separator=SEP`, which has no short letter.
const GROUP_SEPARATOR: char = '\u{1d}';

/// The key of `--no-group-separator`, which has no short letter.
const NO_GROUP_SEPARATOR: char = '\u{1c}';

/// `grep`'s options (`\u{1d}` is [`GROUP_SEPARATOR`]).
pub(super) const GREP: Spec = Spec {
    flags: "ivcnoEFGwxlqsHh",
    valued: "emABC\u{1d}",
    long: &[
        ("ignore-case", 'i'),
        ("invert-match", 'v'),
        ("count", 'c'),
        ("line-number", 'n'),
        ("only-matching", 'o'),
        ("extended-regexp", 'E'),
        ("fixed-strings", 'F'),
        ("basic-regexp", 'G'),
        ("word-regexp", 'w'),
        ("line-regexp", 'x'),
        ("files-with-matches", 'l'),
        ("quiet", 'q'),
        ("silent", 'q'),
        ("no-messages", 's'),
        ("with-filename", 'H'),
        ("no-filename", 'h'),
        ("regexp", 'e'),
        ("max-count", 'm'),
        ("after-context", 'A'),
        ("before-context", 'B'),
        ("context", 'C'),
        ("group-separator", GROUP_SEPARATOR),
        ("no-group-separator", NO_GROUP_SEPARATOR),
    ],
};

/// getopt's table for grep: [`GREP`] and the digits of `-NUM`, which
/// `man` and completion do not list.
fn table() -> Vec<Opt<char>> {
    let mut table = GREP.table();
    table.extend(('0'..='9').map(|d| getopt::opt(d, Some(d), &[], HasArg::No)));
    table
}

/// What grep prints around the lines it selects.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Context {
    /// Lines before each selected line (`-B`), if any were asked for.
    before: Option<usize>,
    /// Lines after each selected line (`-A`), if any were asked for.
    after: Option<usize>,
    /// The line between groups that are not adjacent; `None` with
    /// `--no-group-separator`.
    separator: Option<String>,
}

impl Context {
    /// Whether groups are separated: whenever context was asked for, even
    /// `-A 0`.
    fn asked(&self) -> bool {
        self.before.is_some() || self.after.is_some()
    }
}

/// grep's command line, read in order as GNU grep's option loop reads it.
struct Options {
    /// Every option and operand.
    opts: args::Opts,
    /// `-A` and `-B`, which win over `-C` and `-NUM` whatever their order.
    after: Option<usize>,
    before: Option<usize>,
    /// `-C` or `-NUM`, the last given.
    both: Option<usize>,
    /// The digits of the `-NUM` being read, and whether the next digit
    /// goes on with it (the last option was a digit inside its word).
    digits: String,
    in_digits: bool,
    /// `--group-separator`'s line (`--` unless given); `None` after
    /// `--no-group-separator`.
    separator: Option<String>,
    /// `-m NUM`; a negative one is no limit.
    max_count: Option<u64>,
}

impl Options {
    /// Reads `args`; a bad option, context length or max count ends the
    /// reading with GNU's message as soon as it is read, and whether the
    /// usage lines follow it (they do after getopt's own messages).
    fn read(args: &[String]) -> Result<Self, (String, bool)> {
        let table = table();
        let mut read = Options {
            opts: args::Opts::default(),
            after: None,
            before: None,
            both: None,
            digits: String::new(),
            in_digits: false,
            separator: Some("--".to_owned()),
            max_count: None,
        };
        let mut getopt = Getopt::new(args, &table, Order::Permute);
        while let Some(item) = getopt.next() {
            match item.map_err(|e| (e.to_string(), true))? {
                Item::Opt(key, value) => {
                    read.take(key, value.as_deref()).map_err(|e| (e, false))?;
                    read.in_digits = key.is_ascii_digit() && getopt.mid_word();
                    read.opts.opts.push((key, value));
                }
                Item::Operand(word) => read.opts.operands.push(word),
            }
        }
        Ok(read)
    }

    /// Takes in one option with its value.
    fn take(&mut self, key: char, value: Option<&str>) -> Result<(), String> {
        let value = value.unwrap_or_default();
        match key {
            'A' => self.after = Some(context_length(value)?),
            'B' => self.before = Some(context_length(value)?),
            'C' => self.both = Some(context_length(value)?),
            'm' => match signed_decimal(value) {
                Some((false, n)) => self.max_count = Some(u64::try_from(n).unwrap_or(u64::MAX)),
                Some((true, n)) => self.max_count = (n == 0).then_some(0),
                None => return Err("invalid max count".to_owned()),
            },
            GROUP_SEPARATOR => self.separator = Some(value.to_owned()),
            NO_GROUP_SEPARATOR => self.separator = None,
            '0'..='9' => self.digit(key)?,
            _ => {}
        }
        Ok(())
    }

    /// One digit of `-NUM`: GNU grep drops a leading zero and refuses a
    /// number of more than 21 digits, naming the 21 it kept.
    fn digit(&mut self, digit: char) -> Result<(), String> {
        if !self.in_digits || self.digits == "0" {
            self.digits.clear();
        }
        if self.digits.len() == 21 {
            return Err(format!(
                "{}...: invalid context length argument",
                self.digits
            ));
        }
        self.digits.push(digit);
        self.both = Some(saturating_decimal(&self.digits));
        Ok(())
    }

    /// The context asked for.
    fn context(&self) -> Context {
        Context {
            before: self.before.or(self.both),
            after: self.after.or(self.both),
            separator: self.separator.clone(),
        }
    }
}

/// ASCII digits as a number, `usize::MAX` if it is larger.
fn saturating_decimal(digits: &str) -> usize {
    digits.bytes().fold(0usize, |n, d| {
        n.saturating_mul(10)
            .saturating_add(usize::from(d.wrapping_sub(b'0')))
    })
}

/// A number as GNU grep reads a context length or a max count
/// (`xstrtoimax` in base 10): blanks before, a sign, decimal digits and
/// nothing after, as (negative, size); a huge one is as good as infinite.
fn signed_decimal(text: &str) -> Option<(bool, usize)> {
    let body = text.trim_start_matches([' ', '\t', '\n', '\u{b}', '\u{c}', '\r']);
    let (negative, digits) = match body.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, body.strip_prefix('+').unwrap_or(body)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((negative, saturating_decimal(digits)))
}

/// A context length: a negative one is refused.
fn context_length(text: &str) -> Result<usize, String> {
    match signed_decimal(text) {
        Some((negative, n)) if !negative || n == 0 => Ok(n),
        _ => Err(format!("{text}: invalid context length argument")),
    }
}

/// `grep [OPTION]... PATTERNS [FILE]...`.
pub(super) fn grep(call: &mut Call<'_>) -> i32 {
    let options = match Options::read(call.args()) {
        Ok(o) => o,
        Err((message, usage)) => {
            call.error(&message);
            return if usage { self::usage(call) } else { 2 };
        }
    };
    let opts = &options.opts;
    let Some((patterns, operands)) = program_and_operands(opts) else {
        return usage(call);
    };
    let regex = match regex(opts, &patterns) {
        Ok(r) => r,
        Err(e) => {
            call.error(&e);
            return 2;
        }
    };
    if options.max_count == Some(0) {
        return 1;
    }
    let inputs = if operands.is_empty() {
        vec!["-".to_owned()]
    } else {
        operands
    };
    let with_names = (inputs.len() > 1 || opts.has('H')) && !opts.has('h');
    let mut search = Search::new(regex, &options, with_names);
    let (mut matched, mut failed) = (false, false);
    let mut read = 0;
    for input in &inputs {
        let content = match read_input(call, input, &mut read) {
            Ok(content) => content,
            Err(e) => {
                if !opts.has('s') {
                    call.error(&format!("{input}: {e}"));
                }
                failed = true;
                continue;
            }
        };
        let name = if input == "-" {
            "(standard input)"
        } else {
            input
        };
        let mut text = String::new();
        let Some(count) = search.file(name, &content, &mut text) else {
            call.error(TOO_SLOW);
            return 2;
        };
        matched |= count > 0;
        if opts.has('q') && count > 0 {
            return 0;
        }
        call.out.stdout(&text);
    }
    match (failed, matched) {
        (true, _) => 2,
        (false, true) => 0,
        (false, false) => 1,
    }
}

/// GNU grep's usage lines after a mistake on its command line; its exit
/// status.
fn usage(call: &mut Call<'_>) -> i32 {
    call.out
        .stderr("Usage: grep [OPTION]... PATTERNS [FILE]...\n");
    args::try_help(call);
    2
}

/// The patterns of `opts` (each line of one a pattern of its own) as one
/// regex, with the syntax and scope the options ask for.
fn regex(opts: &args::Opts, patterns: &[String]) -> Result<Regex, String> {
    let patterns: Vec<String> = patterns
        .iter()
        .flat_map(|p| p.split('\n').map(str::to_owned).collect::<Vec<_>>())
        .collect();
    let last_syntax = opts.opts.iter().rev().find_map(|(f, _)| match f {
        'E' => Some(Syntax::Extended),
        'F' => Some(Syntax::Fixed),
        'G' => Some(Syntax::Basic),
        _ => None,
    });
    let scope = if opts.has('x') {
        Scope::Line
    } else if opts.has('w') {
        Scope::Word
    } else {
        Scope::Any
    };
    Regex::new(
        &patterns,
        last_syntax.unwrap_or(Syntax::Basic),
        opts.has('i'),
        scope,
    )
    .map_err(|e| e.to_string())
}

/// One run's search: what the command line asked for, and what carries
/// from one file to the next.
struct Search {
    regex: Regex,
    /// Whether lines are prefixed by their file's name.
    with_names: bool,
    invert: bool,
    numbers: bool,
    only_matching: bool,
    /// `-c`: a count per file instead of lines.
    count: bool,
    /// `-l`: the names of the files with a selected line instead.
    list: bool,
    /// `-c`, `-l` or `-q`: no line is printed, so no context either.
    quiet: bool,
    /// `-l` or `-q`: one selected line settles a file.
    first_only: bool,
    max_count: Option<u64>,
    context: Context,
    /// NFA steps left for the whole run.
    steps: usize,
    /// Whether a group was printed already, in any file (GNU's `used`):
    /// the next one that does not follow it is set off by a separator.
    used: bool,
}

/// Where the printing of one file stands.
struct Printing<'a> {
    /// The file's name before each line, when several files are searched.
    name: Option<&'a str>,
    lines: Vec<&'a str>,
    /// The line after the last one printed, if any was (GNU's `lastout`).
    next_out: Option<usize>,
    /// Lines of trailing context still to print.
    pending: usize,
}

impl Search {
    fn new(regex: Regex, options: &Options, with_names: bool) -> Self {
        let opts = &options.opts;
        Search {
            regex,
            with_names,
            count: opts.has('c'),
            list: opts.has('l'),
            invert: opts.has('v'),
            numbers: opts.has('n'),
            only_matching: opts.has('o'),
            quiet: opts.has('c') || opts.has('l') || opts.has('q'),
            first_only: opts.has('l') || opts.has('q'),
            max_count: options.max_count,
            context: options.context(),
            steps: MAX_STEPS,
            used: false,
        }
    }

    /// Searches the file `name`, printing into `out` what it selected (or
    /// with `-l` its name, with `-c` its count); how many lines it
    /// selected, or `None` if the steps ran out.
    fn file(&mut self, name: &str, content: &str, out: &mut String) -> Option<u64> {
        let count = self.lines(name, content, out)?;
        if self.list {
            if count > 0 {
                out.push_str(&format!("{name}\n"));
            }
        } else if self.count {
            if self.with_names {
                out.push_str(&format!("{name}:"));
            }
            out.push_str(&format!("{count}\n"));
        }
        Some(count)
    }

    /// Prints the selected lines of a file with their context; how many
    /// it selected, or `None` if the steps ran out. After the last
    /// selected line (`-m`) its trailing context is still printed,
    /// whatever it holds, as GNU grep 3 does.
    fn lines(&mut self, name: &str, content: &str, out: &mut String) -> Option<u64> {
        let mut at = Printing {
            name: self.with_names.then_some(name),
            lines: content.lines().collect(),
            next_out: None,
            pending: 0,
        };
        let (mut count, mut done) = (0, false);
        for i in 0..at.lines.len() {
            let line = at.lines[i];
            let selected = !done && self.regex.is_match(line, &mut self.steps)? != self.invert;
            if selected {
                count += 1;
                if !self.quiet {
                    self.group(&mut at, i, out)?;
                }
                done = self.first_only || self.max_count.is_some_and(|m| count >= m);
            } else if at.pending > 0 {
                self.line(&at, i, false, out)?;
                at.next_out = Some(i + 1);
                at.pending -= 1;
            }
            if done && at.pending == 0 {
                break;
            }
        }
        Some(count)
    }

    /// Prints selected line `i` after its leading context, set off by the
    /// group separator unless it follows what was printed last.
    fn group(&mut self, at: &mut Printing<'_>, i: usize, out: &mut String) -> Option<()> {
        let back = i.saturating_sub(self.context.before.unwrap_or(0));
        let from = back.max(at.next_out.unwrap_or(0));
        if let Some(separator) = &self.context.separator
            && self.context.asked()
            && self.used
            && at.next_out != Some(from)
        {
            out.push_str(separator);
            out.push('\n');
        }
        for j in from..i {
            self.line(at, j, false, out)?;
        }
        self.line(at, i, true, out)?;
        at.next_out = Some(i + 1);
        at.pending = self.context.after.unwrap_or(0);
        self.used = true;
        Some(())
    }

    /// Prints line `i`, selected (`file:N:`) or context (`file-N-`); with
    /// `-o` only the matches of a line that matches (a context line does
    /// only under `-v`).
    fn line(
        &mut self,
        at: &Printing<'_>,
        i: usize,
        selected: bool,
        out: &mut String,
    ) -> Option<()> {
        let sep = if selected { ':' } else { '-' };
        let mut head = String::new();
        if let Some(name) = at.name {
            head.push_str(name);
            head.push(sep);
        }
        if self.numbers {
            head.push_str(&format!("{}{sep}", i + 1));
        }
        let line = at.lines.get(i).copied().unwrap_or_default();
        if !self.only_matching {
            out.push_str(&head);
            out.push_str(line);
            out.push('\n');
        } else if selected != self.invert {
            only_matching(&self.regex, line, &head, out, &mut self.steps)?;
        }
        Some(())
    }
}

/// `grep -o`: every non-empty match in `line`, leftmost-longest, each
/// after `prefix` on a line of its own; `None` if the steps ran out.
fn only_matching(
    regex: &Regex,
    line: &str,
    prefix: &str,
    out: &mut String,
    steps: &mut usize,
) -> Option<()> {
    let chars: Vec<char> = line.chars().collect();
    let mut from = 0;
    while from <= chars.len() {
        let Some((start, end)) = regex.find(&chars, from, steps)? else {
            break;
        };
        if end > start {
            out.push_str(prefix);
            out.extend(&chars[start..end]);
            out.push('\n');
        }
        from = end.max(start + 1);
    }
    Some(())
}
