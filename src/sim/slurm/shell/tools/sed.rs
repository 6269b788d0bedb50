//! GNU `sed` (4.9) for what people pipe into it: `s/re/rep/` with the
//! `g`, `p`, `N` and `I` flags and `&`, `\1` in the replacement; `p`, `d`,
//! `q [status]` and `=`; `y/abc/xyz/`; `a`, `i` and `c` with their text
//! (`2a text` or `a\` then the text); `{ ... }` blocks; addresses by line
//! number, `$` and `/re/` (or `\%re%`), ranges and `!`; commands
//! separated by `;` or newlines; `-n`,
//! `-e` (repeated), `-E`/`-r`. Messages and exit statuses are GNU's: 1 for
//! a bad script or option, 2 when an input could not be read.

use super::super::args::{self, Spec};
use super::super::command::Call;
use super::super::fs::FsError;
use std::rc::Rc;

use super::super::regex::{Regex, Scope, Syntax};
use super::{program_and_operands, read_input};

/// How many NFA steps (and replacement bytes) one run of sed may take.
const MAX_STEPS: usize = 20_000_000;

/// `sed`'s options; `H` is only `--help`.
pub(super) const SED: Spec = Spec {
    flags: "nEri",
    valued: "e",
    long: &[
        ("quiet", 'n'),
        ("silent", 'n'),
        ("expression", 'e'),
        ("regexp-extended", 'E'),
        ("in-place", 'i'),
        ("help", 'H'),
    ],
};

/// `sed --help`, and the usage printed after a usage error: GNU's, cut to
/// the options simulated here.
pub(in super::super) const USAGE: &str = "\
Usage: sed [OPTION]... {script-only-if-no-other-script} [input-file]...

  -n, --quiet, --silent
                 suppress automatic printing of pattern space
  -e script, --expression=script
                 add the script to the commands to be executed
  -E, -r, --regexp-extended
                 use extended regular expressions in the script
  -i, --in-place
                 not simulated: write the output to a new file with >
      --help     display this help and exit

Commands here: s/re/rep/[gpNI] y/abc/xyz/ p d q [status] = a i c TEXT
{ ... }, after an address (N, $, /re/), a range (A,B) or either with ! (not).
";

/// A script error where GNU reports it: how many characters of the
/// expression had been read, and what is wrong.
#[derive(Debug, PartialEq, Eq)]
struct ScriptError {
    at: usize,
    message: String,
}

/// Which lines a command applies to.
#[derive(Debug)]
enum Addr {
    Line(usize),
    Last,
    Re(Rc<Regex>),
}

/// What a command does.
#[derive(Debug)]
enum Op {
    Subst(Box<Subst>),
    Print,
    Delete,
    LineNumber,
    Quit(i32),
    /// `{`: what follows up to its `}` runs only on the lines it selects.
    Block,
    /// `}`.
    EndBlock,
    /// `y`: each character of the first string becomes the one at its
    /// place in the second.
    Translate(Vec<(char, char)>),
    /// `a`, `i` or `c` and its text (with its newline).
    Text(char, String),
}

/// A piece of an `s` replacement.
#[derive(Debug, PartialEq, Eq)]
enum Piece {
    Text(String),
    /// `&`: the whole match.
    Whole,
    /// `\1` to `\9`.
    Group(usize),
}

/// An `s` command.
#[derive(Debug)]
struct Subst {
    regex: Rc<Regex>,
    replacement: Vec<Piece>,
    global: bool,
    /// Replace from the Nth match on (1 without a number flag).
    nth: usize,
    print: bool,
}

/// One command with its addresses, and whether its range is open.
#[derive(Debug)]
struct Command {
    from: Option<Addr>,
    to: Option<Addr>,
    negated: bool,
    op: Op,
    active: bool,
}

/// What the script decided for a line.
enum Flow {
    Next,
    Delete,
    Quit(i32),
}

/// The text sed prints, keeping GNU's treatment of a last input line
/// without a newline: it is printed without one, unless more follows.
#[derive(Default)]
struct Printer {
    text: String,
    /// The newline owed to the last line before anything more is printed.
    owed: bool,
    /// The texts of `a` commands, printed at the end of the cycle.
    appended: String,
}

impl Printer {
    fn line(&mut self, line: &str, newline: bool) {
        if std::mem::take(&mut self.owed) {
            self.text.push('\n');
        }
        self.text.push_str(line);
        if newline {
            self.text.push('\n');
        } else {
            self.owed = true;
        }
    }

    /// The text of an `a`, `i` or `c` command, with a newline.
    fn text(&mut self, text: &str) {
        self.line(text.strip_suffix('\n').unwrap_or(text), true);
    }

    /// Prints what `a` commands queued.
    fn appended(&mut self) {
        let text = std::mem::take(&mut self.appended);
        if !text.is_empty() {
            self.text(&text);
        }
    }
}

/// What the expressions of one script share as they are read.
#[derive(Default)]
struct Shared {
    /// The last regex compiled, which an empty one (`s//x/`) stands for.
    last: Option<Rc<Regex>>,
    /// The expression number of each `{` not yet closed.
    open: Vec<usize>,
    /// The command whose text goes on in the next expression (`a\`).
    pending: Option<usize>,
}

/// Reads one `-e` expression into commands.
struct Parser<'a> {
    chars: Vec<char>,
    pos: usize,
    syntax: Syntax,
    /// Which expression this is, from 1.
    expr: usize,
    shared: &'a mut Shared,
    /// The text of the command just read goes on in the next expression.
    continued: bool,
}

const UNTERMINATED_S: &str = "unterminated `s' command";
const UNTERMINATED_Y: &str = "unterminated `y' command";
const EXTRA: &str = "extra characters after command";

/// The text of `a`, `i`, `c` or `y` with GNU's escapes: `\t`, `\n` and
/// the like, `\` then any other character that character.
fn unescape(raw: &str) -> String {
    let mut out = String::new();
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        out.push(match chars.next() {
            Some('n' | '\n') => '\n',
            Some('t') => '\t',
            Some('r') => '\r',
            Some('a') => '\x07',
            Some('f') => '\x0c',
            Some('v') => '\x0b',
            Some(c) => c,
            None => '\\',
        });
    }
    out
}

impl<'a> Parser<'a> {
    fn new(script: &str, syntax: Syntax, expr: usize, shared: &'a mut Shared) -> Self {
        Self {
            chars: script.chars().collect(),
            pos: 0,
            syntax,
            expr,
            shared,
            continued: false,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn next(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += 1;
        Some(c)
    }

    fn fail(&self, message: &str) -> ScriptError {
        ScriptError {
            at: self.pos,
            message: message.to_owned(),
        }
    }

    fn skip_blanks(&mut self) {
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.pos += 1;
        }
    }

    /// Every command of the expression (after the first line, if it goes
    /// on with the text of the last expression's `a\`).
    fn commands(&mut self, out: &mut Vec<Command>) -> Result<(), ScriptError> {
        if let Some(i) = self.shared.pending.take() {
            let more = self.text(Some('\n'));
            if let Some(Op::Text(_, text)) = out.get_mut(i).map(|c| &mut c.op) {
                text.push_str(&more);
            }
            if std::mem::take(&mut self.continued) {
                self.shared.pending = Some(i);
            }
        }
        loop {
            while self.peek().is_some_and(|c| c.is_whitespace() || c == ';') {
                self.pos += 1;
            }
            if self.peek().is_none() {
                return Ok(());
            }
            out.push(self.command()?);
            if std::mem::take(&mut self.continued) {
                self.shared.pending = Some(out.len() - 1);
            }
        }
    }

    /// The text of `a`, `i` or `c` to the end of the line, read as GNU's
    /// `read_text` reads it after `lead` (`None`: the expression ended
    /// right after the `\`); a `\` at the end of the expression makes
    /// it go on in the next one.
    fn text(&mut self, lead: Option<char>) -> String {
        let Some(lead) = lead else {
            self.continued = true;
            return String::new();
        };
        let mut raw: String = Some(lead).filter(|&c| c != '\n').into_iter().collect();
        loop {
            match self.next() {
                None | Some('\n') => break,
                Some('\\') => match self.next() {
                    None => {
                        self.continued = true;
                        break;
                    }
                    Some(c) => {
                        raw.push('\\');
                        raw.push(c);
                    }
                },
                Some(c) => raw.push(c),
            }
        }
        raw.push('\n');
        unescape(&raw)
    }

    fn command(&mut self) -> Result<Command, ScriptError> {
        let from = self.address()?;
        let mut to = None;
        if from.is_some() && self.peek() == Some(',') {
            self.pos += 1;
            self.skip_blanks();
            let at = self.pos + usize::from(self.peek().is_some());
            to = Some(self.address()?.ok_or_else(|| ScriptError {
                at,
                message: "unexpected `,'".into(),
            })?);
        }
        self.skip_blanks();
        let negated = self.peek() == Some('!');
        if negated {
            self.pos += 1;
            self.skip_blanks();
        }
        let op = match self.next() {
            None | Some(';' | '\n') => return Err(self.fail("missing command")),
            Some('}') if self.shared.open.is_empty() => return Err(self.fail("unexpected `}'")),
            Some('}') if from.is_some() => {
                return Err(self.fail("`}' doesn't want any addresses"));
            }
            Some('}') => {
                self.shared.open.pop();
                Op::EndBlock
            }
            Some(c) => self.op(c, to.is_some())?,
        };
        let zero = |a: &Option<Addr>| matches!(a, Some(Addr::Line(0)));
        if zero(&from) && !matches!(to, Some(Addr::Re(_))) || zero(&to) {
            return Err(self.fail("invalid usage of line address 0"));
        }
        // A block's first command and a text's next line follow at once.
        if !matches!(op, Op::Block | Op::Text(..)) {
            self.skip_blanks();
            match self.peek() {
                None | Some(';' | '\n' | '}') => {}
                Some(_) => {
                    self.pos += 1;
                    return Err(self.fail(EXTRA));
                }
            }
        }
        Ok(Command {
            from,
            to,
            negated,
            op,
            active: false,
        })
    }

    /// The command named `c`; `range` if it has two addresses.
    fn op(&mut self, c: char, range: bool) -> Result<Op, ScriptError> {
        Ok(match c {
            'p' => Op::Print,
            'd' => Op::Delete,
            '=' => Op::LineNumber,
            'q' if range => return Err(self.fail("command only uses one address")),
            'q' => {
                self.skip_blanks();
                Op::Quit(self.number().unwrap_or(0).try_into().unwrap_or(i32::MAX))
            }
            's' => Op::Subst(Box::new(self.subst()?)),
            'y' => self.translate()?,
            '{' => {
                self.shared.open.push(self.expr);
                Op::Block
            }
            'a' | 'i' | 'c' => {
                self.skip_blanks();
                let lead = match self.next() {
                    None => return Err(self.fail("expected \\ after `a', `c' or `i'")),
                    Some('\\') => self.next(),
                    Some(_) => {
                        self.pos -= 1;
                        Some('\n')
                    }
                };
                Op::Text(c, self.text(lead))
            }
            c => return Err(self.fail(&format!("unknown command: `{c}'"))),
        })
    }

    /// A decimal number here, if there is one.
    fn number(&mut self) -> Option<usize> {
        let mut value: Option<usize> = None;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            self.pos += 1;
            value = Some(
                value
                    .unwrap_or(0)
                    .saturating_mul(10)
                    .saturating_add(d as usize),
            );
        }
        value
    }

    fn address(&mut self) -> Result<Option<Addr>, ScriptError> {
        let delimiter = match self.peek() {
            Some('$') => {
                self.pos += 1;
                return Ok(Some(Addr::Last));
            }
            Some(c) if c.is_ascii_digit() => return Ok(self.number().map(Addr::Line)),
            Some('/') => '/',
            Some('\\') => {
                self.pos += 1;
                self.peek()
                    .ok_or_else(|| self.fail("unexpected end of expression"))?
            }
            _ => return Ok(None),
        };
        self.pos += 1;
        let pattern = self.delimited(delimiter, "unterminated address regex")?;
        Ok(Some(Addr::Re(self.compile(&pattern, false)?)))
    }

    /// The text up to the next unescaped `delimiter` (which it consumes),
    /// with `\delimiter` made the delimiter itself and `\n` a newline.
    fn delimited(&mut self, delimiter: char, unterminated: &str) -> Result<String, ScriptError> {
        let mut text = String::new();
        loop {
            match self.next() {
                None | Some('\n') => return Err(self.fail(unterminated)),
                Some(c) if c == delimiter => return Ok(text),
                Some('\\') => match self.next() {
                    None => return Err(self.fail(unterminated)),
                    Some(c) if c == delimiter => text.push(c),
                    Some('n') => text.push('\n'),
                    Some(c) => {
                        text.push('\\');
                        text.push(c);
                    }
                },
                Some(c) => text.push(c),
            }
        }
    }

    /// `pattern` compiled, or the last regex for an empty one.
    fn compile(&mut self, pattern: &str, icase: bool) -> Result<Rc<Regex>, ScriptError> {
        if pattern.is_empty() {
            return self
                .shared
                .last
                .clone()
                .ok_or_else(|| self.fail("no previous regular expression"));
        }
        let regex = Regex::new(&[pattern.to_owned()], self.syntax, icase, Scope::Any)
            .map_err(|e| self.fail(&e.to_string()))?;
        let regex = Rc::new(regex);
        self.shared.last = Some(Rc::clone(&regex));
        Ok(regex)
    }

    /// The rest of a `y` command, after the `y`; GNU takes nothing after
    /// it but blanks and a `;` or a newline (not a `}`).
    fn translate(&mut self) -> Result<Op, ScriptError> {
        let delimiter = match self.next() {
            None | Some('\n' | '\\') => return Err(self.fail(UNTERMINATED_Y)),
            Some(c) => c,
        };
        let from = unescape(&self.delimited(delimiter, UNTERMINATED_Y)?);
        let to = unescape(&self.delimited(delimiter, UNTERMINATED_Y)?);
        if from.chars().count() != to.chars().count() {
            return Err(self.fail("strings for `y' command are different lengths"));
        }
        self.skip_blanks();
        if self.peek() == Some('}') {
            self.pos += 1;
            return Err(self.fail(EXTRA));
        }
        Ok(Op::Translate(from.chars().zip(to.chars()).collect()))
    }

    /// The rest of an `s` command, after the `s`.
    fn subst(&mut self) -> Result<Subst, ScriptError> {
        let delimiter = match self.next() {
            None | Some('\n' | '\\') => return Err(self.fail(UNTERMINATED_S)),
            Some(c) => c,
        };
        let pattern = self.delimited(delimiter, UNTERMINATED_S)?;
        let replacement = self.replacement(delimiter)?;
        let (mut global, mut print, mut icase, mut nth) = (false, false, false, None);
        loop {
            match self.peek() {
                Some('g') => global = true,
                Some('p') => print = true,
                Some('i' | 'I') => icase = true,
                Some(c) if c.is_ascii_digit() => {
                    let n = self.number().unwrap_or(0);
                    if n == 0 {
                        return Err(self.fail("number option to `s' command may not be zero"));
                    }
                    nth = Some(n);
                    continue;
                }
                None | Some(';' | '\n' | ' ' | '\t' | '}' | '#') => break,
                Some(_) => {
                    self.pos += 1;
                    return Err(self.fail("unknown option to `s'"));
                }
            }
            self.pos += 1;
        }
        let regex = self.compile(&pattern, icase)?;
        let groups = regex.groups();
        if let Some(n) = replacement.iter().find_map(|p| match p {
            Piece::Group(n) if *n > groups => Some(*n),
            _ => None,
        }) {
            return Err(self.fail(&format!("invalid reference \\{n} on `s' command's RHS")));
        }
        Ok(Subst {
            regex,
            replacement,
            global,
            nth: nth.unwrap_or(1),
            print,
        })
    }

    /// An `s` replacement up to `delimiter`: text, `&` and `\N`.
    fn replacement(&mut self, delimiter: char) -> Result<Vec<Piece>, ScriptError> {
        let mut pieces = Vec::new();
        let mut text = String::new();
        loop {
            let piece = match self.next() {
                None => return Err(self.fail(UNTERMINATED_S)),
                Some(c) if c == delimiter => break,
                Some('&') => Piece::Whole,
                Some('\\') => match self.next() {
                    None => return Err(self.fail(UNTERMINATED_S)),
                    Some('0') => Piece::Whole,
                    Some(d @ '1'..='9') => Piece::Group(d as usize - '0' as usize),
                    Some('n') => Piece::Text("\n".into()),
                    Some('t') => Piece::Text("\t".into()),
                    Some(c) => Piece::Text(c.into()),
                },
                Some(c) => Piece::Text(c.into()),
            };
            match piece {
                Piece::Text(t) => text.push_str(&t),
                piece => {
                    if !text.is_empty() {
                        pieces.push(Piece::Text(std::mem::take(&mut text)));
                    }
                    pieces.push(piece);
                }
            }
        }
        if !text.is_empty() {
            pieces.push(Piece::Text(text));
        }
        Ok(pieces)
    }
}

impl Addr {
    fn matches(&self, line: &Line<'_>, steps: &mut usize) -> Option<bool> {
        Some(match self {
            Addr::Line(n) => line.number == *n,
            Addr::Last => line.last,
            Addr::Re(regex) => regex.is_match(line.space, steps)?,
        })
    }
}

/// The line being worked on, as addresses see it.
struct Line<'a> {
    number: usize,
    last: bool,
    space: &'a str,
}

impl Command {
    /// Whether the command applies to `line`, opening or closing its range.
    fn selects(&mut self, line: &Line<'_>, steps: &mut usize) -> Option<bool> {
        let hit = match (&self.from, &self.to) {
            (None, _) => true,
            (Some(from), None) => from.matches(line, steps)?,
            (Some(from), Some(to)) => {
                // `0,/re/`: the range is open before line 1, so the regex
                // may end it on line 1 itself.
                if matches!(from, Addr::Line(0)) && line.number == 1 {
                    self.active = true;
                }
                if self.active {
                    self.active = !match to {
                        Addr::Line(n) => line.number >= *n,
                        to => to.matches(line, steps)?,
                    };
                    true
                } else if from.matches(line, steps)? {
                    // A line number at or before this line closes it at once.
                    let closes = match to {
                        Addr::Line(n) => *n <= line.number,
                        Addr::Last => line.last,
                        Addr::Re(_) => false,
                    };
                    self.active = !closes;
                    true
                } else {
                    false
                }
            }
        };
        Some(hit != self.negated)
    }
}

impl Subst {
    /// `line` with the substitution made, or `None` if nothing matched;
    /// `Err(())` if the steps ran out.
    fn apply(&self, line: &str, steps: &mut usize) -> Result<Option<String>, ()> {
        let text: Vec<char> = line.chars().collect();
        let mut out = String::new();
        let (mut from, mut copied, mut count) = (0, 0, 0);
        let mut previous_end = None;
        while from <= text.len() {
            let Some((start, end)) = self.regex.find(&text, from, steps).ok_or(())? else {
                break;
            };
            from = end.max(start + 1);
            // An empty match right where the last one ended does not count.
            if start == end && previous_end == Some(start) {
                continue;
            }
            previous_end = Some(end);
            count += 1;
            if count < self.nth {
                continue;
            }
            out.extend(&text[copied..start]);
            self.expand(&text, (start, end), &mut out, steps)
                .ok_or(())?;
            copied = end;
            if !self.global {
                break;
            }
        }
        if count < self.nth {
            return Ok(None);
        }
        out.extend(&text[copied..]);
        Ok(Some(out))
    }

    /// Appends the replacement for the match `span` of `text`.
    fn expand(
        &self,
        text: &[char],
        span: (usize, usize),
        out: &mut String,
        steps: &mut usize,
    ) -> Option<()> {
        let needs_groups = self
            .replacement
            .iter()
            .any(|p| matches!(p, Piece::Group(_)));
        let groups = if needs_groups {
            self.regex.captures(text, span, steps)?
        } else {
            vec![Some(span)]
        };
        let before = out.len();
        for piece in &self.replacement {
            let (a, b) = match piece {
                Piece::Text(t) => {
                    out.push_str(t);
                    continue;
                }
                Piece::Whole => span,
                Piece::Group(n) => groups.get(*n).copied().flatten().unwrap_or((0, 0)),
            };
            out.extend(text.get(a..b).unwrap_or_default());
        }
        *steps = steps.checked_sub(out.len() - before)?;
        Some(())
    }
}

/// Runs `commands` over `lines` (the last one without its newline if
/// `newline_at_end` is false); what is printed and the status `q` gave,
/// or `Err(())` if the steps ran out.
fn stream(
    commands: &mut [Command],
    lines: &[&str],
    newline_at_end: bool,
    quiet: bool,
) -> Result<(String, i32), ()> {
    let mut printer = Printer::default();
    let mut steps = MAX_STEPS;
    for (i, text) in lines.iter().enumerate() {
        let last = i + 1 == lines.len();
        let newline = !last || newline_at_end;
        let mut space = (*text).to_owned();
        let flow = cycle(
            commands,
            (i + 1, last, newline),
            &mut space,
            &mut printer,
            &mut steps,
        )?;
        if !quiet && !matches!(flow, Flow::Delete) {
            printer.line(&space, newline);
        }
        printer.appended();
        if let Flow::Quit(status) = flow {
            return Ok((printer.text, status));
        }
    }
    Ok((printer.text, 0))
}

/// One line through the script: `space` is the pattern space; `at` is the
/// line's number, whether it is the last, and whether it had a newline.
fn cycle(
    commands: &mut [Command],
    (number, last, newline): (usize, bool, bool),
    space: &mut String,
    printer: &mut Printer,
    steps: &mut usize,
) -> Result<Flow, ()> {
    let mut next = 0;
    while let Some(command) = commands.get_mut(next) {
        next += 1;
        let line = Line {
            number,
            last,
            space,
        };
        if !command.selects(&line, steps).ok_or(())? {
            if matches!(command.op, Op::Block) {
                next = block_end(commands, next);
            }
            continue;
        }
        match &command.op {
            Op::Block | Op::EndBlock => {}
            Op::Translate(map) => {
                let find = |c: char| map.iter().find(|(f, _)| *f == c).map_or(c, |(_, t)| *t);
                *space = space.chars().map(find).collect();
            }
            Op::Text('a', text) => printer.appended.push_str(text),
            Op::Text('i', text) => printer.text(text),
            Op::Text(_, text) => {
                // A range's `c` prints its text once, at the range's end.
                if !command.active {
                    printer.text(text);
                }
                return Ok(Flow::Delete);
            }
            Op::Print => printer.line(space, newline),
            Op::LineNumber => printer.line(&number.to_string(), true),
            Op::Delete => return Ok(Flow::Delete),
            Op::Quit(status) => return Ok(Flow::Quit(*status)),
            Op::Subst(subst) => {
                if let Some(new) = subst.apply(space, steps)? {
                    *space = new;
                    if subst.print {
                        printer.line(space, newline);
                    }
                }
            }
        }
    }
    Ok(Flow::Next)
}

/// The command after the `}` that closes the block whose first command
/// is `from`.
fn block_end(commands: &[Command], from: usize) -> usize {
    let mut depth = 1usize;
    for (i, command) in commands.iter().enumerate().skip(from) {
        match command.op {
            Op::Block => depth += 1,
            Op::EndBlock => depth -= 1,
            _ => continue,
        }
        if depth == 0 {
            return i + 1;
        }
    }
    commands.len()
}

/// `sed [OPTION]... {script} [FILE]...`.
pub(super) fn sed(call: &mut Call<'_>) -> i32 {
    let opts = match args::parse(call.args(), SED) {
        Ok(o) => o,
        Err(e) => {
            call.error(&e.to_string());
            call.out.stderr(USAGE);
            return 1;
        }
    };
    if opts.has('H') {
        call.out.stdout(USAGE);
        return 0;
    }
    if opts.has('i') {
        call.error("-i (editing files in place) is not available in this simulated shell; write to a new file with > instead");
        return 1;
    }
    let Some((scripts, operands)) = program_and_operands(&opts) else {
        call.out.stderr(USAGE);
        return 1;
    };
    let syntax = if opts.has('E') || opts.has('r') {
        Syntax::Extended
    } else {
        Syntax::Basic
    };
    let mut commands = Vec::new();
    let mut shared = Shared::default();
    for (i, script) in scripts.iter().enumerate() {
        let mut parser = Parser::new(script, syntax, i + 1, &mut shared);
        if let Err(e) = parser.commands(&mut commands) {
            let msg = format!("-e expression #{}, char {}: {}", i + 1, e.at, e.message);
            call.error(&msg);
            return 1;
        }
    }
    // GNU checks the blocks once every expression is read, and names the
    // last `{` left open at char 0.
    if let Some(expr) = shared.open.last() {
        call.error(&format!("-e expression #{expr}, char 0: unmatched `{{'"));
        return 1;
    }
    run(call, &mut commands, &operands, opts.has('n'))
}

/// Reads the inputs as one stream of lines and runs the script over it.
fn run(call: &mut Call<'_>, commands: &mut [Command], operands: &[String], quiet: bool) -> i32 {
    let inputs = if operands.is_empty() {
        vec!["-".to_owned()]
    } else {
        operands.to_vec()
    };
    let (mut text, mut status, mut read) = (String::new(), 0, 0);
    for input in &inputs {
        match read_input(call, input, &mut read) {
            Ok(content) => {
                if !text.is_empty() && !text.ends_with('\n') {
                    text.push('\n');
                }
                text.push_str(&content);
            }
            Err(FsError::IsADirectory) => {
                call.error(&format!("read error on {input}: Is a directory"));
                status = 2;
            }
            Err(e) => {
                call.error(&format!("can't read {input}: {e}"));
                status = 2;
            }
        }
    }
    let lines: Vec<&str> = text.split_terminator('\n').collect();
    match stream(commands, &lines, text.ends_with('\n'), quiet) {
        Ok((printed, quit)) => {
            call.out.stdout(&printed);
            if quit != 0 { quit } else { status }
        }
        Err(()) => {
            call.error("this script takes too long in this simulated shell; try a simpler pattern");
            4
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// The error GNU reports for the expression `script`.
    fn error(script: &str, syntax: Syntax) -> (usize, String) {
        let mut shared = Shared::default();
        let mut parser = Parser::new(script, syntax, 1, &mut shared);
        let e = parser.commands(&mut Vec::new()).unwrap_err();
        (e.at, e.message)
    }

    #[test]
    fn script_errors_name_the_character_as_gnu_sed_does() {
        let b = Syntax::Basic;
        let cases: &[(&str, usize, &str)] = &[
            ("s/a/b", 5, "unterminated `s' command"),
            ("s/a", 3, "unterminated `s' command"),
            ("s", 1, "unterminated `s' command"),
            ("s/a/b/x", 7, "unknown option to `s'"),
            ("s/a/b/0", 7, "number option to `s' command may not be zero"),
            ("s/a/\\1/", 7, "invalid reference \\1 on `s' command's RHS"),
            ("k", 1, "unknown command: `k'"),
            ("p x", 3, "extra characters after command"),
            ("/abc", 4, "unterminated address regex"),
            ("1,p", 3, "unexpected `,'"),
            ("1", 1, "missing command"),
            ("1;p", 2, "missing command"),
            ("1,", 2, "unexpected `,'"),
            ("0p", 2, "invalid usage of line address 0"),
            ("1,3q", 4, "command only uses one address"),
            ("s//x/", 5, "no previous regular expression"),
            ("s/\\(/x/", 7, "Unmatched ( or \\("),
        ];
        for (script, at, message) in cases {
            assert_eq!(error(script, b), (*at, (*message).to_owned()), "{script}");
        }
    }

    #[test]
    fn replacements_keep_text_and_references_apart() {
        let mut shared = Shared::default();
        let mut parser = Parser::new("x&\\&\\1\\n|", Syntax::Basic, 1, &mut shared);
        assert_eq!(
            parser.replacement('|').unwrap(),
            [
                Piece::Text("x".into()),
                Piece::Whole,
                Piece::Text("&".into()),
                Piece::Group(1),
                Piece::Text("\n".into()),
            ]
        );
    }
}
