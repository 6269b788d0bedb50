//! `[[ expression ]]`, bash's conditional command. The parser hands over
//! the tokens between `[[` and `]]`; they are parsed here into a tree (with
//! bash's messages for a malformed one) and evaluated with no word
//! splitting or globbing: `==` and `!=` match a pattern whose quoted parts
//! are literal, `=~` an extended regular expression, `-eq` and its kin
//! compare arithmetic expressions; `!`, `&&`, `||` and parentheses combine.

use super::exec::Exec;
use super::expand::arith;
use super::lex::{MAX_NESTING, Part, Word};
use super::parse::{ErrorKind, SyntaxError};
use super::regex::{Regex, Scope, Syntax};

/// A token between `[[` and `]]`, with its byte offset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum CondToken {
    /// A word, operators such as `==` and `-f` included.
    Word(Word),
    /// `&&`.
    And,
    /// `||`.
    Or,
    /// `(`.
    Open,
    /// `)`.
    Close,
}

impl CondToken {
    /// A plain word of `text`: the comparisons `<` and `>`, which the
    /// lexer reads as redirections, or the digits it read as one's number.
    pub(super) fn operator(text: &str) -> CondToken {
        CondToken::Word(Word {
            parts: vec![Part::Lit(text.to_owned())],
            raw: text.to_owned(),
        })
    }

    fn text(&self) -> &str {
        match self {
            CondToken::Word(w) => &w.raw,
            CondToken::And => "&&",
            CondToken::Or => "||",
            CondToken::Open => "(",
            CondToken::Close => ")",
        }
    }
}

/// A conditional expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Cond {
    /// `a || b || ...`.
    Or(Vec<Cond>),
    /// `a && b && ...`.
    And(Vec<Cond>),
    /// `! a`.
    Not(Box<Cond>),
    /// `-f file`.
    Unary(String, Word),
    /// `a == b`.
    Binary(Word, String, Word),
    /// `word`: true when not empty.
    Word(Word),
}

/// bash's unary operators (`test_unop`).
const UNARY: [&str; 26] = [
    "-a", "-b", "-c", "-d", "-e", "-f", "-g", "-h", "-k", "-n", "-o", "-p", "-r", "-s", "-t", "-u",
    "-v", "-w", "-x", "-z", "-G", "-L", "-N", "-O", "-R", "-S",
];

/// bash's binary operators (`test_binop`), `=~` and the redirection
/// tokens `<` and `>` as comparisons.
const BINARY: [&str; 15] = [
    "=", "==", "!=", "=~", "<", ">", "-nt", "-ot", "-ef", "-eq", "-ne", "-lt", "-le", "-gt", "-ge",
];

/// Parses `tokens` (ending at byte `end`, where `]]` stands).
pub(super) fn parse(tokens: &[(usize, CondToken)], end: usize) -> Result<Cond, SyntaxError> {
    let mut parser = Parser {
        tokens,
        pos: 0,
        end,
        depth: 0,
    };
    let cond = parser.or()?;
    match parser.tokens.get(parser.pos) {
        None => Ok(cond),
        Some((at, token)) => Err(SyntaxError {
            kind: ErrorKind::CondTrailing(token.text().to_owned()),
            at: *at,
        }),
    }
}

struct Parser<'t> {
    tokens: &'t [(usize, CondToken)],
    pos: usize,
    end: usize,
    depth: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&CondToken> {
        self.tokens.get(self.pos).map(|(_, t)| t)
    }

    /// The next token, or `]]` at the end.
    fn take(&mut self) -> (usize, Option<&CondToken>) {
        let taken = self.tokens.get(self.pos);
        self.pos += 1;
        taken.map_or((self.end, None), |(at, t)| (*at, Some(t)))
    }

    fn or(&mut self) -> Result<Cond, SyntaxError> {
        self.joined(&CondToken::Or, Self::and, Cond::Or)
    }

    fn and(&mut self) -> Result<Cond, SyntaxError> {
        self.joined(&CondToken::And, Self::not, Cond::And)
    }

    /// Terms that `term` reads, joined by `joiner`: one alone, else all of
    /// them in `wrap`.
    fn joined(
        &mut self,
        joiner: &CondToken,
        term: fn(&mut Self) -> Result<Cond, SyntaxError>,
        wrap: fn(Vec<Cond>) -> Cond,
    ) -> Result<Cond, SyntaxError> {
        let mut terms = vec![term(self)?];
        while self.peek() == Some(joiner) {
            self.pos += 1;
            terms.push(term(self)?);
        }
        Ok(if terms.len() == 1 {
            terms.remove(0)
        } else {
            wrap(terms)
        })
    }

    fn not(&mut self) -> Result<Cond, SyntaxError> {
        let mut negations = 0;
        while matches!(self.peek(), Some(CondToken::Word(w)) if w.raw == "!") {
            self.pos += 1;
            negations += 1;
        }
        let term = self.term()?;
        Ok(if negations % 2 == 1 {
            Cond::Not(Box::new(term))
        } else {
            term
        })
    }

    fn term(&mut self) -> Result<Cond, SyntaxError> {
        let error = |kind: fn(String) -> ErrorKind, at: usize, token: Option<&CondToken>| {
            let text = token.map_or("]]", CondToken::text).to_owned();
            SyntaxError {
                kind: kind(text),
                at,
            }
        };
        let (at, token) = self.take();
        let token = token.cloned();
        match token {
            Some(CondToken::Open) => {
                self.depth += 1;
                if self.depth > MAX_NESTING {
                    return Err(SyntaxError {
                        kind: ErrorKind::TooDeep,
                        at,
                    });
                }
                let inner = self.or()?;
                let (close_at, close) = self.take();
                if close != Some(&CondToken::Close) {
                    return Err(error(ErrorKind::CondCloseExpected, close_at, close));
                }
                self.depth -= 1;
                Ok(inner)
            }
            Some(CondToken::Word(op)) if UNARY.contains(&op.raw.as_str()) => match self.take() {
                (_, Some(CondToken::Word(arg))) => Ok(Cond::Unary(op.raw, arg.clone())),
                (at, other) => Err(error(ErrorKind::CondUnaryArgument, at, other)),
            },
            Some(CondToken::Word(left)) => {
                let op = match self.peek() {
                    None | Some(CondToken::And | CondToken::Or | CondToken::Close) => {
                        return Ok(Cond::Word(left));
                    }
                    Some(CondToken::Word(op)) if BINARY.contains(&op.raw.as_str()) => {
                        op.raw.clone()
                    }
                    Some(other) => {
                        return Err(error(
                            ErrorKind::CondBinaryExpected,
                            self.tokens[self.pos].0,
                            Some(other),
                        ));
                    }
                };
                self.pos += 1;
                match self.take() {
                    (_, Some(CondToken::Word(right))) => Ok(Cond::Binary(left, op, right.clone())),
                    (at, other) => Err(error(ErrorKind::CondBinaryArgument, at, other)),
                }
            }
            other => Err(error(ErrorKind::CondUnexpected, at, other.as_ref())),
        }
    }
}

/// Why an evaluation stopped: the status `[[` returns.
type Status = i32;

impl Exec<'_> {
    /// Runs `[[ cond ]]`: 0 when true, 1 when false, 2 for a bad regular
    /// expression, the expansion's status when a word cannot be expanded.
    pub(super) fn conditional(&mut self, cond: &Cond) -> i32 {
        match self.cond_value(cond) {
            Ok(true) => 0,
            Ok(false) => 1,
            Err(status) => status,
        }
    }

    fn cond_value(&mut self, cond: &Cond) -> Result<bool, Status> {
        Ok(match cond {
            Cond::Or(terms) => {
                for term in terms {
                    if self.cond_value(term)? {
                        return Ok(true);
                    }
                }
                false
            }
            Cond::And(terms) => {
                for term in terms {
                    if !self.cond_value(term)? {
                        return Ok(false);
                    }
                }
                true
            }
            Cond::Not(term) => !self.cond_value(term)?,
            Cond::Word(word) => !self.cond_string(word)?.is_empty(),
            Cond::Unary(op, word) => {
                let arg = self.cond_string(word)?;
                super::builtins::unary_test(self, op, &arg)
            }
            Cond::Binary(left, op, right) => {
                let a = self.cond_string(left)?;
                match op.as_str() {
                    "==" | "=" | "!=" => {
                        let pattern = self.cond_pattern(right, false)?;
                        super::expand::wildcard_match(&pattern, &a) == (op != "!=")
                    }
                    "=~" => {
                        let pattern = self.cond_pattern(right, true)?;
                        let Ok(regex) =
                            Regex::new(&[regex_of(&pattern)], Syntax::Extended, false, Scope::Any)
                        else {
                            return Err(2);
                        };
                        self.regex_match(&regex, &a)?
                    }
                    "<" => a < self.cond_string(right)?,
                    ">" => a > self.cond_string(right)?,
                    "-nt" | "-ot" | "-ef" => {
                        let b = self.cond_string(right)?;
                        self.compare_files(&a, op, &b)
                    }
                    _ => {
                        let b = self.cond_string(right)?;
                        let (x, y) = (self.cond_number(&a)?, self.cond_number(&b)?);
                        match op.as_str() {
                            "-eq" => x == y,
                            "-ne" => x != y,
                            "-lt" => x < y,
                            "-le" => x <= y,
                            "-gt" => x > y,
                            _ => x >= y,
                        }
                    }
                }
            }
        })
    }

    /// A word as one string, with no splitting or globbing.
    fn cond_string(&mut self, word: &Word) -> Result<String, Status> {
        self.expand_string(word)
            .map_err(|e| self.expansion_error("[[", &e))
    }

    /// Whether `regex` matches somewhere in `text`; `BASH_REMATCH` holds
    /// the match and its groups after (a group that took no part is
    /// empty), or nothing.
    fn regex_match(&mut self, regex: &Regex, text: &str) -> Result<bool, Status> {
        let chars: Vec<char> = text.chars().collect();
        let mut steps = 1_000_000;
        let found = regex.find(&chars, 0, &mut steps).ok_or(2)?;
        let spans = match found {
            Some(span) => regex.captures(&chars, span, &mut steps).ok_or(2)?,
            None => Vec::new(),
        };
        let groups = spans
            .iter()
            .map(|span| span.map_or_else(String::new, |(a, b)| chars[a..b].iter().collect()))
            .collect();
        self.shell.set_array("BASH_REMATCH", groups);
        Ok(found.is_some())
    }

    /// A word as a pattern (a regular expression with `regex`): its
    /// quoted characters escaped.
    fn cond_pattern(&mut self, word: &Word, regex: bool) -> Result<String, Status> {
        let expanded = self.resolve(word).and_then(|w| {
            let expander = self.shell.expander();
            if regex {
                expander.regex(&w)
            } else {
                expander.pattern(&w)
            }
        });
        expanded.map_err(|e| self.expansion_error("[[", &e))
    }

    /// An operand of `-eq` and its kin, evaluated as arithmetic.
    fn cond_number(&mut self, text: &str) -> Result<i64, Status> {
        arith::eval(text, &mut *self.shell).map_err(|message| {
            let p = self.prefix();
            self.terminal.stderr(&format!("{p}[[: {message}\n"));
            1
        })
    }

    /// `-nt`, `-ot` (by modification time; a missing file is older than
    /// any) and `-ef` (the same file).
    fn compare_files(&self, a: &str, op: &str, b: &str) -> bool {
        let fs = self.shell.fs();
        let path = |p: &str| fs.resolve(self.shell.cwd(), p).ok();
        let (pa, pb) = (path(a), path(b));
        let time = |p: &Option<String>| p.as_ref().and_then(|p| fs.meta(p)).map(|m| m.mtime);
        match op {
            "-nt" => time(&pa) > time(&pb),
            "-ot" => time(&pa) < time(&pb),
            _ => pa.is_some() && pa == pb && time(&pa).is_some(),
        }
    }
}

/// A pattern as [`super::expand::Expander::regex`] writes it (every
/// quoted character after a `\`) as an extended regular expression: an
/// escaped character stays escaped only where the regex would read it as
/// an operator.
fn regex_of(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len());
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        if let Some(next) = chars.next() {
            if ".[]()*+?{}|^$\\".contains(next) {
                out.push('\\');
            }
            out.push(next);
        }
    }
    out
}

#[cfg(test)]
mod tests;
