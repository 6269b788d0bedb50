//! A small, honest `awk`: `BEGIN`/`END`, patterns (`/re/`, comparisons,
//! `&&`, `||`, `~`), and actions of `print` and assignments (`s += $2`),
//! with fields (`$1`, `$NF`, `$(NF-1)`), `NR`, `NF`, `-F`, numbers and
//! strings. Anything else is refused with status 2 rather than misread.

use crate::sim::slurm::getopt::GetoptError;
use crate::sorted::SortedMap;

use super::super::args::{self, Spec};
use super::super::command::Call;
use super::super::escape::{self, Dialect};
use super::super::regex::{Regex, Scope, Syntax};
use super::columns::{field_spans, read_all};

/// `awk`'s options.
pub(super) const AWK: Spec = Spec {
    flags: "",
    valued: "Fvf",
    long: &[],
};

/// The most tokens a program may have; expressions are evaluated
/// recursively, so this bounds the recursion.
const MAX_TOKENS: usize = 1000;

/// How deeply parentheses, `$` and `-` may nest.
const MAX_DEPTH: usize = 100;

/// How many regex steps one run may take.
const MAX_STEPS: usize = 20_000_000;

/// A token of the program.
#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Num(f64),
    Str(String),
    Re(String),
    Name(String),
    Op(&'static str),
}

/// An expression.
#[derive(Debug, Clone)]
enum Expr {
    Num(f64),
    Str(String),
    Var(String),
    Field(Box<Expr>),
    Match(Box<Expr>, usize, bool),
    Neg(Box<Expr>),
    Bin(&'static str, Box<Expr>, Box<Expr>),
}

/// A statement of an action.
#[derive(Debug, Clone)]
enum Stmt {
    Print(Vec<Expr>),
    Assign(String, &'static str, Expr),
}

/// When a rule runs.
#[derive(Debug, Clone)]
enum When {
    Begin,
    End,
    Always,
    If(Expr),
}

/// A rule: when it runs and its action (none: print the line).
type Rule = (When, Option<Vec<Stmt>>);

/// The operators, longest first.
const OPS: [&str; 24] = [
    "&&", "||", "==", "!=", "<=", ">=", "+=", "-=", "++", "!~", "+", "-", "*", "/", "%", "<", ">",
    "=", "~", "(", ")", "{", "}", ",",
];

/// Words the tokenizer refuses: awk features this one does not have.
fn unsupported(what: &str) -> String {
    format!("{what} is not supported in this shell")
}

/// Where a token stands, for mawk's messages: its line, and whether it is
/// a newline (read as `;`, named `end of line`).
type Spot = (usize, bool);

/// The program's tokens, each with its [`Spot`]. Errors are mawk's, after
/// the line they stop on.
fn tokenize(src: &str) -> Result<(Vec<Tok>, Vec<Spot>), String> {
    let chars: Vec<char> = src.chars().collect();
    let mut toks = Vec::new();
    let mut spots = Vec::new();
    let (mut i, mut line) = (0, 1);
    while let Some(&c) = chars.get(i) {
        let spot = (line, c == '\n');
        line += usize::from(c == '\n');
        let value_before = matches!(
            toks.last(),
            Some(Tok::Num(_) | Tok::Str(_) | Tok::Name(_) | Tok::Op(")"))
        );
        if c == ' ' || c == '\t' {
            i += 1;
        } else if c == '\n' || c == ';' {
            toks.push(Tok::Op(";"));
            i += 1;
        } else if c == '"' || (c == '/' && !value_before) {
            let mut text = String::new();
            i += 1;
            loop {
                match chars.get(i) {
                    None | Some('\n') => {
                        let (what, open) = match c {
                            '"' => ("string constant", '"'),
                            _ => ("regular expression", '/'),
                        };
                        let start: String = text.chars().take(10).collect();
                        return Err(format!("line {line}: runaway {what} {open}{start} ..."));
                    }
                    Some(&q) if q == c => break,
                    Some('\\') if c == '/' => {
                        text.push('\\');
                        text.extend(chars.get(i + 1));
                        i += 1;
                    }
                    Some('\\') => {
                        let pair: String = chars.get(i..i + 2).unwrap_or_default().iter().collect();
                        text.push_str(&escape::decode(&pair, Dialect::Echo).0);
                        i += 1;
                    }
                    Some(&other) => text.push(other),
                }
                i += 1;
            }
            i += 1;
            toks.push(if c == '"' {
                Tok::Str(text)
            } else {
                Tok::Re(text)
            });
        } else if c.is_ascii_digit() || c == '.' {
            // As strtod reads it: digits, one point, digits (`1.2.3` is
            // 1.2 then .3).
            let digits = |from: usize| {
                chars[from..]
                    .iter()
                    .take_while(|d| d.is_ascii_digit())
                    .count()
            };
            let whole = digits(i);
            let len = match chars.get(i + whole) {
                Some('.') => whole + 1 + digits(i + whole + 1),
                _ => whole,
            };
            let text: String = chars[i..i + len].iter().collect();
            toks.push(Tok::Num(text.parse().map_err(|_| {
                format!("line {line}: syntax error in decimal constant {text}")
            })?));
            i += len;
        } else if c.is_ascii_alphabetic() || c == '_' {
            let len = chars[i..]
                .iter()
                .take_while(|d| d.is_ascii_alphanumeric() || **d == '_')
                .count();
            toks.push(Tok::Name(chars[i..i + len].iter().collect()));
            i += len;
        } else if c == '$' {
            toks.push(Tok::Op("$"));
            i += 1;
        } else {
            let rest: String = chars[i..chars.len().min(i + 2)].iter().collect();
            let op = OPS
                .iter()
                .find(|op| rest.starts_with(**op))
                .ok_or_else(|| {
                    if "[]!?:|&>".contains(c) {
                        unsupported(&format!("'{c}'"))
                    } else {
                        format!("{line}: unexpected character '{c}'")
                    }
                })?;
            toks.push(Tok::Op(op));
            i += op.len();
        }
        // The token this character began, if it began one.
        spots.resize(toks.len(), spot);
    }
    if toks.len() > MAX_TOKENS {
        return Err("program too long for this simulated shell".into());
    }
    // The end of the program, where mawk's scanner stands after the last
    // newline.
    spots.push((line, false));
    Ok((toks, spots))
}

/// A recursive-descent reader of the tokens.
struct Parser {
    toks: Vec<Tok>,
    /// Each token's [`Spot`], then the end's.
    spots: Vec<Spot>,
    pos: usize,
    regexes: Vec<String>,
    /// How deeply the expression being read nests.
    depth: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }

    fn eat(&mut self, op: &str) -> bool {
        let hit = matches!(self.peek(), Some(Tok::Op(o)) if *o == op);
        self.pos += usize::from(hit);
        hit
    }

    /// What mawk says of the token it stopped at (`yyerror`): a `)` or
    /// `}` still open where that token shows it missing, else `syntax
    /// error at or near` the token, after the token's line.
    fn error(&self) -> String {
        let (line, newline) = self.spots.get(self.pos).copied().unwrap_or_default();
        let seen = &self.toks[..self.toks.len().min(self.pos + 1)];
        let open = |o: &str, c: &str| {
            let count = |x: &str| {
                seen.iter()
                    .filter(|t| matches!(t, Tok::Op(op) if *op == x))
                    .count()
            };
            count(o) > count(c)
        };
        let peek = self.peek();
        let near = match peek {
            None => "end of file".to_owned(),
            Some(Tok::Op(";")) if newline => "end of line".to_owned(),
            Some(Tok::Op(o)) => (*o).to_owned(),
            Some(Tok::Name(text) | Tok::Str(text)) => text.clone(),
            Some(Tok::Num(n)) => n.to_string(),
            Some(Tok::Re(re)) => return format!("line {line}: syntax error at or near /{re}/"),
        };
        let paren_ends = matches!(peek, None | Some(Tok::Op(";" | "}")));
        let brace_ends =
            peek.is_none_or(|t| matches!(t, Tok::Name(n) if n == "BEGIN" || n == "END"));
        if open("(", ")") && paren_ends {
            format!("line {line}: missing ) near {near}")
        } else if open("{", "}") && brace_ends {
            format!("line {line}: missing }} near {near}")
        } else {
            format!("line {line}: syntax error at or near {near}")
        }
    }

    fn program(&mut self) -> Result<Vec<Rule>, String> {
        let mut rules = Vec::new();
        while self.eat(";") {}
        while self.peek().is_some() {
            let when = match self.peek() {
                Some(Tok::Name(n)) if n == "BEGIN" || n == "END" => {
                    let begin = n == "BEGIN";
                    self.pos += 1;
                    if begin { When::Begin } else { When::End }
                }
                Some(Tok::Op("{")) => When::Always,
                _ => When::If(self.expr(false)?),
            };
            let action = if self.eat("{") {
                Some(self.block()?)
            } else {
                None
            };
            if action.is_none() && matches!(when, When::Begin | When::End) {
                return Err(self.error());
            }
            rules.push((when, action));
            while self.eat(";") {}
        }
        Ok(rules)
    }

    fn block(&mut self) -> Result<Vec<Stmt>, String> {
        let mut stmts = Vec::new();
        loop {
            while self.eat(";") {}
            if self.eat("}") {
                return Ok(stmts);
            }
            stmts.push(self.stmt()?);
            if !matches!(self.peek(), Some(Tok::Op(";" | "}"))) {
                return Err(self.error());
            }
        }
    }

    fn stmt(&mut self) -> Result<Stmt, String> {
        let Some(Tok::Name(name)) = self.peek().cloned() else {
            return Err(self.error());
        };
        self.pos += 1;
        if name == "print" {
            let mut list = Vec::new();
            if !matches!(self.peek(), Some(Tok::Op(";" | "}")) | None) {
                list.push(self.expr(true)?);
                while self.eat(",") {
                    list.push(self.expr(true)?);
                }
            }
            return Ok(Stmt::Print(list));
        }
        if KEYWORDS.contains(&name.as_str()) {
            return Err(unsupported(&name));
        }
        for op in ["=", "+=", "-="] {
            if self.eat(op) {
                let op = if op == "=" {
                    "="
                } else if op == "+=" {
                    "+"
                } else {
                    "-"
                };
                return Ok(Stmt::Assign(name, op, self.expr(false)?));
            }
        }
        if self.eat("++") {
            return Ok(Stmt::Assign(name, "+", Expr::Num(1.0)));
        }
        Err(self.error())
    }

    /// An expression; in `print`, a top-level `>` would be a redirection.
    fn expr(&mut self, in_print: bool) -> Result<Expr, String> {
        let mut left = self.and(in_print)?;
        while self.eat("||") {
            left = Expr::Bin("||", Box::new(left), Box::new(self.and(in_print)?));
        }
        Ok(left)
    }

    fn and(&mut self, in_print: bool) -> Result<Expr, String> {
        let mut left = self.compare(in_print)?;
        while self.eat("&&") {
            left = Expr::Bin("&&", Box::new(left), Box::new(self.compare(in_print)?));
        }
        Ok(left)
    }

    fn compare(&mut self, in_print: bool) -> Result<Expr, String> {
        let left = self.concat()?;
        for op in ["==", "!=", "<=", ">=", "<", ">", "~", "!~"] {
            if !self.eat(op) {
                continue;
            }
            if in_print && op == ">" {
                return Err(unsupported("output redirection"));
            }
            if op.ends_with('~') {
                let Some(Tok::Re(re)) = self.peek().cloned() else {
                    return Err(unsupported("a dynamic regular expression"));
                };
                self.pos += 1;
                self.regexes.push(re);
                return Ok(Expr::Match(
                    Box::new(left),
                    self.regexes.len() - 1,
                    op == "!~",
                ));
            }
            return Ok(Expr::Bin(
                OPS.iter().find(|o| **o == op).copied().unwrap_or("=="),
                Box::new(left),
                Box::new(self.concat()?),
            ));
        }
        Ok(left)
    }

    fn concat(&mut self) -> Result<Expr, String> {
        let mut left = self.additive()?;
        while matches!(
            self.peek(),
            Some(Tok::Num(_) | Tok::Str(_) | Tok::Name(_) | Tok::Op("$" | "("))
        ) {
            left = Expr::Bin(" ", Box::new(left), Box::new(self.additive()?));
        }
        Ok(left)
    }

    fn additive(&mut self) -> Result<Expr, String> {
        let mut left = self.term()?;
        loop {
            let op = if self.eat("+") {
                "+"
            } else if self.eat("-") {
                "-"
            } else {
                return Ok(left);
            };
            left = Expr::Bin(op, Box::new(left), Box::new(self.term()?));
        }
    }

    fn term(&mut self) -> Result<Expr, String> {
        let mut left = self.unary()?;
        loop {
            let op = if self.eat("*") {
                "*"
            } else if self.eat("/") {
                "/"
            } else if self.eat("%") {
                "%"
            } else {
                return Ok(left);
            };
            left = Expr::Bin(op, Box::new(left), Box::new(self.unary()?));
        }
    }

    fn unary(&mut self) -> Result<Expr, String> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err("expression nests too deeply for this simulated shell".into());
        }
        let expr = if self.eat("-") {
            self.unary().map(|e| Expr::Neg(Box::new(e)))
        } else if self.eat("$") {
            self.unary().map(|e| Expr::Field(Box::new(e)))
        } else {
            self.primary()
        };
        self.depth -= 1;
        expr
    }

    fn primary(&mut self) -> Result<Expr, String> {
        let tok = self.peek().cloned().ok_or_else(|| self.error())?;
        self.pos += 1;
        match tok {
            Tok::Num(n) => Ok(Expr::Num(n)),
            Tok::Str(s) => Ok(Expr::Str(s)),
            Tok::Re(re) => {
                self.regexes.push(re);
                let line = Expr::Field(Box::new(Expr::Num(0.0)));
                Ok(Expr::Match(Box::new(line), self.regexes.len() - 1, false))
            }
            Tok::Name(n)
                if KEYWORDS.contains(&n.as_str()) || self.peek() == Some(&Tok::Op("(")) =>
            {
                Err(unsupported(&n))
            }
            Tok::Name(n) => Ok(Expr::Var(n)),
            Tok::Op("(") => {
                let inner = self.expr(false)?;
                if self.eat(")") {
                    Ok(inner)
                } else {
                    Err(self.error())
                }
            }
            Tok::Op(_) => {
                self.pos -= 1;
                Err(self.error())
            }
        }
    }
}

/// Words of awk this one does not run.
const KEYWORDS: [&str; 16] = [
    "printf", "if", "else", "while", "for", "do", "next", "exit", "function", "getline", "delete",
    "in", "return", "BEGIN", "END", "break",
];

/// A value: a number, a string, or a string from the input that compares
/// as a number when it looks like one.
#[derive(Debug, Clone)]
enum Value {
    Num(f64),
    Str(String),
    Input(String),
}

impl Value {
    fn num(&self) -> f64 {
        match self {
            Value::Num(n) => *n,
            Value::Str(s) | Value::Input(s) => {
                let s = s.trim_start();
                let len = s
                    .char_indices()
                    .take_while(|(i, c)| {
                        c.is_ascii_digit() || *c == '.' || (*i == 0 && (*c == '-' || *c == '+'))
                    })
                    .count();
                s.get(..len).and_then(|n| n.parse().ok()).unwrap_or(0.0)
            }
        }
    }

    fn text(&self) -> String {
        match self {
            Value::Num(n) if n.fract() == 0.0 && n.abs() < 1e16 => format!("{n:.0}"),
            Value::Num(n) => {
                let digits = 5 - n.abs().log10().floor().clamp(-5.0, 5.0) as i32;
                let s = format!("{n:.*}", digits.max(0) as usize);
                s.trim_end_matches('0').trim_end_matches('.').to_owned()
            }
            Value::Str(s) | Value::Input(s) => s.clone(),
        }
    }

    fn numeric(&self) -> bool {
        match self {
            Value::Num(_) => true,
            Value::Str(_) => false,
            Value::Input(s) => s.trim().parse::<f64>().is_ok(),
        }
    }

    fn truthy(&self) -> bool {
        match self {
            Value::Num(n) => *n != 0.0,
            Value::Str(s) => !s.is_empty(),
            Value::Input(s) => {
                if self.numeric() {
                    self.num() != 0.0
                } else {
                    !s.is_empty()
                }
            }
        }
    }
}

/// The state of a run: variables, the current record and its fields.
struct Run<'a> {
    vars: SortedMap<String, Value>,
    line: &'a str,
    fields: Vec<&'a str>,
    nr: usize,
    regexes: Vec<Regex>,
    steps: usize,
}

impl Run<'_> {
    fn eval(&mut self, e: &Expr) -> Result<Value, String> {
        Ok(match e {
            Expr::Num(n) => Value::Num(*n),
            Expr::Str(s) => Value::Str(s.clone()),
            Expr::Var(name) => match name.as_str() {
                "NR" => Value::Num(self.nr as f64),
                "NF" => Value::Num(self.fields.len() as f64),
                _ => self
                    .vars
                    .get(name)
                    .cloned()
                    .unwrap_or(Value::Str(String::new())),
            },
            Expr::Field(i) => {
                let i = self.eval(i)?.num();
                if i < 0.0 {
                    return Err(format!("trying to access out of range field {i}"));
                }
                let text = match i as usize {
                    0 => self.line,
                    n => self.fields.get(n - 1).copied().unwrap_or_default(),
                };
                Value::Input(text.to_owned())
            }
            Expr::Match(e, re, negate) => {
                let text = self.eval(e)?.text();
                let regex = self.regexes.get(*re).ok_or("regular expression")?;
                let hit = regex
                    .is_match(&text, &mut self.steps)
                    .ok_or("this pattern takes too long to match in this simulated shell")?;
                Value::Num(f64::from(u8::from(hit != *negate)))
            }
            Expr::Neg(e) => Value::Num(-self.eval(e)?.num()),
            Expr::Bin(op, a, b) => {
                let a = self.eval(a)?;
                if *op == "&&" && !a.truthy() || *op == "||" && a.truthy() {
                    return Ok(Value::Num(f64::from(u8::from(*op == "||"))));
                }
                let b = self.eval(b)?;
                let (x, y) = (a.num(), b.num());
                let ord = if a.numeric() && b.numeric() {
                    x.partial_cmp(&y)
                } else {
                    Some(a.text().cmp(&b.text()))
                };
                let flag = |t: bool| Value::Num(f64::from(u8::from(t)));
                match *op {
                    " " => Value::Str(a.text() + &b.text()),
                    "+" => Value::Num(x + y),
                    "-" => Value::Num(x - y),
                    "*" => Value::Num(x * y),
                    "/" | "%" if y == 0.0 => return Err("division by zero".into()),
                    "/" => Value::Num(x / y),
                    "%" => Value::Num(x % y),
                    "&&" | "||" => flag(b.truthy()),
                    "==" => flag(ord == Some(std::cmp::Ordering::Equal)),
                    "!=" => flag(ord != Some(std::cmp::Ordering::Equal)),
                    "<" => flag(ord == Some(std::cmp::Ordering::Less)),
                    "<=" => flag(ord != Some(std::cmp::Ordering::Greater)),
                    ">" => flag(ord == Some(std::cmp::Ordering::Greater)),
                    _ => flag(ord != Some(std::cmp::Ordering::Less)),
                }
            }
        })
    }

    fn exec(&mut self, stmts: &[Stmt], out: &mut String) -> Result<(), String> {
        for stmt in stmts {
            match stmt {
                Stmt::Print(list) if list.is_empty() => out.push_str(self.line),
                Stmt::Print(list) => {
                    let mut parts = Vec::new();
                    for e in list {
                        parts.push(self.eval(e)?.text());
                    }
                    out.push_str(&parts.join(" "));
                }
                Stmt::Assign(name, op, e) => {
                    if name == "NR" || name == "NF" {
                        return Err(unsupported(&format!("assigning to {name}")));
                    }
                    let v = self.eval(e)?;
                    let v = match *op {
                        "=" => v,
                        _ => {
                            let old = self.vars.get(name).map_or(0.0, Value::num);
                            Value::Num(if *op == "+" {
                                old + v.num()
                            } else {
                                old - v.num()
                            })
                        }
                    };
                    self.vars.insert(name.clone(), v);
                    continue;
                }
            }
            out.push('\n');
            if out.len() > crate::sim::slurm::shell::MAX_OUTPUT {
                return Err("output too large for this simulated shell".into());
            }
        }
        Ok(())
    }
}

/// `awk [-F SEP] 'PROGRAM' [FILE]...`. Its command line is refused as
/// Debian's awk, mawk 1.3.4, refuses it (`awk: not an option: --version`).
pub(super) fn awk(call: &mut Call<'_>) -> i32 {
    let fail = |call: &mut Call<'_>, message: &str| {
        call.error(message);
        2
    };
    let opts = match args::parse(call.args(), AWK) {
        Ok(o) => o,
        Err(GetoptError::MissingShort(c)) => {
            return fail(call, &format!("option -{c} lacks argument"));
        }
        Err(GetoptError::InvalidShort(c)) => return fail(call, &format!("not an option: -{c}")),
        Err(GetoptError::Unrecognized(typed)) => {
            return fail(call, &format!("not an option: {typed}"));
        }
        Err(other) => return fail(call, &other.to_string()),
    };
    if opts.has('v') || opts.has('f') {
        return fail(call, &unsupported("-v and -f"));
    }
    let sep = match opts.value('F').map(|f| escape::decode(f, Dialect::Echo).0) {
        None => None,
        Some(f) if f == " " => None,
        Some(f) => {
            let mut chars = f.chars();
            match (chars.next(), chars.next()) {
                // POSIX: any other single character separates as itself
                // (`-F'|'`, `-F.`); longer ones are regular expressions.
                (Some(c), None) => Some(c),
                _ => return fail(call, &unsupported("a regular expression in -F")),
            }
        }
    };
    let Some((src, files)) = opts.operands.split_first() else {
        call.out.stderr("usage: awk [-F fs] 'program' [file ...]\n");
        return 2;
    };
    let mut parser = Parser {
        toks: Vec::new(),
        spots: Vec::new(),
        pos: 0,
        regexes: Vec::new(),
        depth: 0,
    };
    let rules = match tokenize(src).and_then(|(toks, spots)| {
        parser.toks = toks;
        parser.spots = spots;
        parser.program()
    }) {
        Ok(rules) => rules,
        Err(message) => return fail(call, &message),
    };
    let mut regexes = Vec::new();
    for re in &parser.regexes {
        match Regex::new(
            std::slice::from_ref(re),
            Syntax::Extended,
            false,
            Scope::Any,
        ) {
            Ok(r) => regexes.push(r),
            Err(e) => {
                return fail(
                    call,
                    &format!("regular expression compile failed ({e})\n{re}"),
                );
            }
        }
    }
    let needs_input = rules.iter().any(|(when, _)| !matches!(when, When::Begin));
    let (text, failed) = if needs_input {
        read_all(call, files, |op, e| format!("cannot open {op} ({e})"))
    } else {
        (String::new(), false)
    };
    if failed {
        return 2;
    }
    let mut run = Run {
        vars: SortedMap::new(),
        line: "",
        fields: Vec::new(),
        nr: 0,
        regexes,
        steps: MAX_STEPS,
    };
    let mut out = String::new();
    let phase =
        |run: &mut Run<'_>, out: &mut String, pick: &dyn Fn(&When) -> bool| -> Result<(), String> {
            for (when, action) in &rules {
                let selected = match when {
                    When::If(e) if pick(when) => run.eval(e)?.truthy(),
                    _ => pick(when),
                };
                match action {
                    Some(stmts) if selected => run.exec(stmts, out)?,
                    None if selected => {
                        out.push_str(run.line);
                        out.push('\n');
                    }
                    _ => {}
                }
            }
            Ok(())
        };
    let mut result = phase(&mut run, &mut out, &|w| matches!(w, When::Begin));
    for line in text.lines() {
        if result.is_err() {
            break;
        }
        run.nr += 1;
        run.line = line;
        let spans = field_spans(line, sep);
        run.fields = spans
            .into_iter()
            .filter_map(|s| line.get(s))
            .map(|f| {
                if sep.is_none() {
                    f.trim_start_matches([' ', '\t'])
                } else {
                    f
                }
            })
            .filter(|f| sep.is_some() || !f.is_empty())
            .collect();
        result = phase(&mut run, &mut out, &|w| {
            matches!(w, When::Always | When::If(_))
        });
    }
    result = result.and_then(|()| phase(&mut run, &mut out, &|w| matches!(w, When::End)));
    call.out.stdout(&out);
    match result {
        Ok(()) => 0,
        Err(message) => fail(call, &message),
    }
}
