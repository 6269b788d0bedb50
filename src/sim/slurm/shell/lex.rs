//! The lexer: shell input text to tokens (words, operators, newlines), as
//! bash's reader splits it. A word keeps its quoting in its parts, so that
//! expansion can tell quoted from unquoted text. Here-document bodies are
//! read at the newline that ends their line, as bash does.
//!
//! Running out of input inside a quote, after a trailing backslash, inside
//! `${`, `$(`, a backquote or in an open here-document is
//! [`Stop::Incomplete`]: the shell then asks for another line. The inside of
//! `$(...)` is parsed (by the parser, from here) only to find where it ends
//! and to report its syntax errors early, as bash does; the word keeps its
//! source text, which the executor parses again when it runs it.
//! Constructs this shell does not run (`<(...)`) are refused here with a
//! [`SyntaxError`].

use super::escape::{self, Dialect};
use super::parse::{self, ErrorKind, SyntaxError};

/// How deep `${x:-${y:-...}}` may nest.
pub(super) const MAX_NESTING: usize = 32;

/// A word as typed: its parts and its source text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Word {
    /// The pieces, in order.
    pub(super) parts: Vec<Part>,
    /// The text as typed, for messages (`bash: $x: ambiguous redirect`).
    pub(super) raw: String,
}

/// One piece of a word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Part {
    /// Unquoted text: subject to tilde and pathname expansion.
    Lit(String),
    /// Quoted or escaped text: taken as it is.
    Quoted(String),
    /// A parameter expansion (`$x`, `${x:-word}`).
    Param(Param),
    /// `$(...)` or `` `...` ``: the commands' source text, run by the
    /// executor before the word is expanded.
    Command {
        /// The commands, as typed (backquote escapes removed).
        source: String,
        /// Inside double quotes: no field splitting or globbing.
        quoted: bool,
    },
    /// `$((...))`: the expression, itself expanded before it is evaluated.
    Arith {
        /// The expression, with its `$x` and `$(...)`.
        expr: Word,
        /// Inside double quotes.
        quoted: bool,
    },
    /// The result of a [`Part::Command`] or [`Part::Arith`], put in its
    /// place by the executor: then split and globbed like a parameter's
    /// value unless `quoted`.
    Value {
        /// The text.
        text: String,
        /// Inside double quotes.
        quoted: bool,
    },
}

/// A parameter expansion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Param {
    /// The variable's name, or a special parameter (`?`, `$`, `#`, `0`...).
    pub(super) name: String,
    /// What to do with its value.
    pub(super) op: ParamOp,
    /// Inside double quotes (or a heredoc): no field splitting or globbing.
    pub(super) quoted: bool,
    /// Of an array: which elements (`${a[1]}`, `${a[@]}`).
    pub(super) index: Option<Index>,
    /// `${!x}`: the parameter that `x`'s value names.
    pub(super) indirect: bool,
}

impl Param {
    /// The parameter as bash names it in a message: `x`, `a[1]`.
    pub(super) fn shown(&self) -> String {
        match &self.index {
            Some(Index::At(w)) => format!("{}[{}]", self.name, w.raw),
            _ if self.indirect => format!("!{}", self.name),
            _ => self.name.clone(),
        }
    }

    /// `$@`, `${a[@]}` and `${!a[@]}`: inside double quotes, a field per
    /// item.
    pub(super) fn fields_each(&self) -> bool {
        match &self.index {
            None => self.name == "@",
            Some(Index::All { star } | Index::Keys { star }) => !star,
            Some(Index::At(_)) => false,
        }
    }
}

/// Which elements of an array an expansion takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Index {
    /// `[@]` and (`star`) `[*]`: every element.
    All { star: bool },
    /// `${!a[@]}` and (`star`) `${!a[*]}`: the indices set.
    Keys { star: bool },
    /// `[subscript]`: one element, the subscript an arithmetic expression
    /// (negative: counted from the end).
    At(Word),
}

/// The forms of parameter expansion this shell supports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum ParamOp {
    /// `$x`, `${x}`.
    Value,
    /// `${#x}`: the length in characters.
    Length,
    /// `${x-word}`, or with `colon` `${x:-word}`: `word` when unset (or empty).
    Default {
        /// Whether an empty value counts as unset.
        colon: bool,
        /// The replacement.
        word: Word,
    },
    /// `${x+word}`, or with `colon` `${x:+word}`: `word` when set (and not empty).
    Alternative {
        /// Whether an empty value counts as unset.
        colon: bool,
        /// The replacement.
        word: Word,
    },
    /// `${x=word}`, or with `colon` `${x:=word}`: when unset (or empty),
    /// `word`, assigned to `x` first.
    Assign {
        /// Whether an empty value counts as unset.
        colon: bool,
        /// The value to assign.
        word: Word,
    },
    /// `${x?word}`, or with `colon` `${x:?word}`: when unset (or empty),
    /// an error that says `word` (or bash's default words).
    Require {
        /// Whether an empty value counts as unset.
        colon: bool,
        /// The message.
        word: Word,
    },
    /// `${x#pattern}` and `${x%pattern}`: the value without the shortest
    /// (doubled, `##` and `%%`: the longest) start or end that matches.
    Remove {
        /// `%`: from the end.
        suffix: bool,
        /// Doubled: the longest match.
        longest: bool,
        /// The pattern.
        word: Word,
    },
    /// `${x/pattern/string}`: the longest match of the first place that
    /// matches replaced; `${x//...}` every match, `${x/#...}` only at the
    /// start, `${x/%...}` only at the end.
    Replace {
        /// `//`.
        all: bool,
        /// `#` or `%`.
        anchor: Option<char>,
        /// The pattern.
        pattern: Word,
        /// What replaces it.
        with: Word,
    },
    /// `${x^}` and `${x,}`: the first character in upper or lower case;
    /// doubled (`^^`, `,,`) every character; only those matching
    /// `pattern` when there is one.
    Case {
        /// `^`.
        upper: bool,
        /// Doubled.
        all: bool,
        /// Which characters change (any when empty).
        pattern: Word,
    },
    /// `${x:}`, `${}`, `${x y}`: no expansion bash knows, a bad
    /// substitution when it is expanded.
    Bad {
        /// The whole `${...}`, for the message.
        text: String,
    },
    /// `${x:offset}` and `${x:offset:length}`: characters (or, of `$@`,
    /// positional parameters), the numbers arithmetic expressions.
    Slice {
        /// Where it starts; negative counts from the end.
        offset: Word,
        /// How many; negative ends that far before the end.
        length: Option<Word>,
    },
}

impl ParamOp {
    /// The words an expansion holds (patterns, replacements, offsets),
    /// to put their substitutions' values in.
    pub(super) fn words_mut(&mut self) -> Vec<&mut Word> {
        match self {
            ParamOp::Value | ParamOp::Length | ParamOp::Bad { .. } => Vec::new(),
            ParamOp::Default { word, .. }
            | ParamOp::Alternative { word, .. }
            | ParamOp::Assign { word, .. }
            | ParamOp::Require { word, .. }
            | ParamOp::Remove { word, .. }
            | ParamOp::Case { pattern: word, .. } => vec![word],
            ParamOp::Replace { pattern, with, .. } => vec![pattern, with],
            ParamOp::Slice { offset, length } => [Some(offset), length.as_mut()]
                .into_iter()
                .flatten()
                .collect(),
        }
    }
}

/// Operators, longest first where they share a prefix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Op {
    /// `|`
    Pipe,
    /// `|&`
    PipeAmp,
    /// `||`
    OrIf,
    /// `&&`
    AndIf,
    /// `&`
    Amp,
    /// `;`
    Semi,
    /// `;;`
    DSemi,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `<`
    Less,
    /// `<<`
    DLess,
    /// `<<-`
    DLessDash,
    /// `<<<`
    TLess,
    /// `<&`
    LessAnd,
    /// `<>`
    LessGreat,
    /// `>`
    Great,
    /// `>>`
    DGreat,
    /// `>&`
    GreatAnd,
    /// `>|`
    Clobber,
    /// `&>`
    AndGreat,
    /// `&>>`
    AndDGreat,
}

impl Op {
    /// The operator as typed.
    pub(super) fn text(self) -> &'static str {
        match self {
            Op::Pipe => "|",
            Op::PipeAmp => "|&",
            Op::OrIf => "||",
            Op::AndIf => "&&",
            Op::Amp => "&",
            Op::Semi => ";",
            Op::DSemi => ";;",
            Op::LParen => "(",
            Op::RParen => ")",
            Op::Less => "<",
            Op::DLess => "<<",
            Op::DLessDash => "<<-",
            Op::TLess => "<<<",
            Op::LessAnd => "<&",
            Op::LessGreat => "<>",
            Op::Great => ">",
            Op::DGreat => ">>",
            Op::GreatAnd => ">&",
            Op::Clobber => ">|",
            Op::AndGreat => "&>",
            Op::AndDGreat => "&>>",
        }
    }
}

/// A token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Token {
    /// A word.
    Word(Word),
    /// Digits right before `<` or `>`: the file descriptor to redirect.
    IoNumber(String),
    /// An operator.
    Op(Op),
    /// The end of a line.
    Newline,
    /// The end of the input.
    End,
}

impl Token {
    /// The token as bash names it in "unexpected token" errors.
    pub(super) fn text(&self) -> String {
        match self {
            Token::Word(w) => w.raw.clone(),
            Token::IoNumber(n) => n.clone(),
            Token::Op(op) => op.text().to_owned(),
            Token::Newline | Token::End => "newline".to_owned(),
        }
    }
}

/// Why lexing (or parsing) stopped before a complete command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Stop {
    /// The input ended inside a construct: more lines are needed.
    Incomplete,
    /// The input can never be a valid command here.
    Error(SyntaxError),
}

impl From<SyntaxError> for Stop {
    fn from(e: SyntaxError) -> Stop {
        Stop::Error(e)
    }
}

/// What ends a run of word parts, and which quoting rules hold inside.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// A plain word: ends at a blank or an operator.
    Word,
    /// Inside `"..."`: ends at the closing quote.
    DoubleQuote,
    /// The word of `${x:-word}`: ends at `}` (or at `stop`, as the
    /// pattern of `${x/pattern/string}` ends at `/`); `quoted` inside
    /// double quotes.
    Brace { quoted: bool, stop: Option<char> },
    /// An unquoted here-document body: runs to the end of its text.
    HereDoc,
}

impl Mode {
    fn quoted(self) -> bool {
        matches!(
            self,
            Mode::DoubleQuote | Mode::HereDoc | Mode::Brace { quoted: true, .. }
        )
    }
}

/// A here-document whose body is still to be read.
#[derive(Debug, Clone)]
struct PendingHereDoc {
    delimiter: String,
    strip_tabs: bool,
    quoted: bool,
}

/// The lexer over one input text.
#[derive(Debug)]
pub(super) struct Lexer<'a> {
    src: &'a str,
    pos: usize,
    pending: Vec<PendingHereDoc>,
    bodies: Vec<Word>,
    /// How deep inside `$(...)` this lexer reads: its expansions nest
    /// from there.
    nest: usize,
    /// The quote (or `$(`'s `)`) the input ended before closing, and
    /// where it opened: bash names it.
    unclosed: Option<(char, usize)>,
    /// The input is all there will be (a script): a here-document may end
    /// at its end, as bash lets it with a warning.
    pub(super) to_end: bool,
    /// The here-documents ended so: where each body starts, and the
    /// delimiter it wanted.
    pub(super) cut: Vec<(usize, String)>,
}

/// The quote (`'`, `"`, `` ` ``, or `)` for `$(`) left open when `src`
/// ends inside the command that starts at `pos`, and where it opened.
pub(super) fn unclosed_quote(src: &str, pos: usize) -> Option<(char, usize)> {
    let mut lexer = Lexer::new(src, pos);
    loop {
        match lexer.next_token() {
            Ok((_, Token::End)) | Err(Stop::Error(_)) => return None,
            Ok(_) => {}
            Err(Stop::Incomplete) => return lexer.unclosed,
        }
    }
}

fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t'
}

fn is_meta(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t' | '\n' | '|' | '&' | ';' | '(' | ')' | '<' | '>'
    )
}

/// Whether `c` may start a variable name.
pub(super) fn is_name_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

/// Whether `c` may continue a variable name.
pub(super) fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Whether `s` is a valid variable name.
pub(super) fn is_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(is_name_start) && chars.all(is_name_char)
}

/// Adds `text` to `parts`, merging it with a preceding part of the same kind.
fn push_text(parts: &mut Vec<Part>, text: &str, quoted: bool) {
    match (parts.last_mut(), quoted) {
        (Some(Part::Quoted(s)), true) | (Some(Part::Lit(s)), false) => s.push_str(text),
        _ => parts.push(if quoted {
            Part::Quoted(text.to_owned())
        } else {
            Part::Lit(text.to_owned())
        }),
    }
}

impl<'a> Lexer<'a> {
    /// A lexer over `src`, starting at byte `pos`.
    pub(super) fn new(src: &'a str, pos: usize) -> Lexer<'a> {
        Lexer::nested(src, pos, 0)
    }

    /// A lexer over `src` from `pos`, `nest` levels inside `$(...)`.
    pub(super) fn nested(src: &'a str, pos: usize, nest: usize) -> Lexer<'a> {
        Lexer {
            src,
            pos,
            pending: Vec::new(),
            bodies: Vec::new(),
            nest,
            unclosed: None,
            to_end: false,
            cut: Vec::new(),
        }
    }

    /// The input from `start` to `end` (clamped to character boundaries
    /// of the input).
    pub(super) fn source(&self, start: usize, end: usize) -> &str {
        self.src.get(start..end).unwrap_or_default()
    }

    /// Sets how deep the words read next are nested (inside compound
    /// commands, as the parser counts them).
    pub(super) fn set_nest(&mut self, nest: usize) {
        self.nest = nest;
    }

    /// How deep inside `$(...)` this lexer reads.
    pub(super) fn nest(&self) -> usize {
        self.nest
    }

    /// The byte offset reached.
    pub(super) fn pos(&self) -> usize {
        self.pos
    }

    fn peek(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    fn peek_at(&self, n: usize) -> Option<char> {
        self.src[self.pos..].chars().nth(n)
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    fn error(&self, kind: ErrorKind, at: usize) -> Stop {
        Stop::Error(SyntaxError { kind, at })
    }

    /// Registers a here-document whose delimiter is `word` (`strip_tabs` for
    /// `<<-`); its body is read after the next newline. Returns the index
    /// of the body in [`Lexer::take_bodies`].
    pub(super) fn here_doc(&mut self, word: &Word, strip_tabs: bool) -> usize {
        let quoted = word.raw.contains(['\'', '"', '\\']);
        // The delimiter is the word after quote removal, never expanded.
        let mut delimiter = String::new();
        let mut chars = word.raw.chars();
        while let Some(c) = chars.next() {
            match c {
                '\'' | '"' => {}
                '\\' => delimiter.extend(chars.next()),
                _ => delimiter.push(c),
            }
        }
        let index = self.bodies.len() + self.pending.len();
        self.pending.push(PendingHereDoc {
            delimiter,
            strip_tabs,
            quoted,
        });
        index
    }

    /// The here-document bodies read so far, by index; `None` while some are
    /// still unread.
    pub(super) fn take_bodies(&mut self) -> Option<Vec<Word>> {
        self.pending
            .is_empty()
            .then(|| std::mem::take(&mut self.bodies))
    }

    /// The next token.
    pub(super) fn next_token(&mut self) -> Result<(usize, Token), Stop> {
        loop {
            match self.peek() {
                Some(c) if is_blank(c) => {
                    self.bump();
                }
                Some('\\') if self.peek_at(1) == Some('\n') => {
                    self.pos += 2;
                }
                Some('#') => {
                    while self.peek().is_some_and(|c| c != '\n') {
                        self.bump();
                    }
                }
                _ => break,
            }
        }
        let start = self.pos;
        let token = match self.peek() {
            None => Token::End,
            Some('\n') => {
                self.bump();
                self.read_here_docs()?;
                Token::Newline
            }
            Some(c) if is_meta(c) => Token::Op(self.operator(start)?),
            Some(_) => {
                let parts = self.parts(Mode::Word, self.nest)?;
                let raw = self.src[start..self.pos].to_owned();
                let digits = !raw.is_empty() && raw.bytes().all(|b| b.is_ascii_digit());
                if digits && matches!(self.peek(), Some('<' | '>')) {
                    Token::IoNumber(raw)
                } else {
                    Token::Word(Word { parts, raw })
                }
            }
        };
        Ok((start, token))
    }

    fn operator(&mut self, start: usize) -> Result<Op, Stop> {
        let rest = &self.src[self.pos..];
        const OPS: [(&str, Op); 21] = [
            ("&>>", Op::AndDGreat),
            ("<<<", Op::TLess),
            ("<<-", Op::DLessDash),
            ("||", Op::OrIf),
            ("|&", Op::PipeAmp),
            ("&&", Op::AndIf),
            ("&>", Op::AndGreat),
            (";;", Op::DSemi),
            ("<<", Op::DLess),
            ("<&", Op::LessAnd),
            ("<>", Op::LessGreat),
            (">>", Op::DGreat),
            (">&", Op::GreatAnd),
            (">|", Op::Clobber),
            ("|", Op::Pipe),
            ("&", Op::Amp),
            (";", Op::Semi),
            ("(", Op::LParen),
            (")", Op::RParen),
            ("<", Op::Less),
            (">", Op::Great),
        ];
        if rest.starts_with("<(") || rest.starts_with(">(") {
            return Err(self.error(ErrorKind::ProcessSubstitution, start));
        }
        let (text, op) = OPS
            .iter()
            .find(|(text, _)| rest.starts_with(text))
            .copied()
            .ok_or_else(|| {
                self.error(ErrorKind::Unexpected(rest.chars().take(1).collect()), start)
            })?;
        self.pos += text.len();
        Ok(op)
    }

    /// Reads the bodies of the here-documents opened on the line just ended.
    fn read_here_docs(&mut self) -> Result<(), Stop> {
        for doc in std::mem::take(&mut self.pending) {
            let mut body = String::new();
            let start = self.pos;
            loop {
                let rest = &self.src[self.pos..];
                if rest.is_empty() && self.to_end {
                    self.cut.push((start, doc.delimiter.clone()));
                    break;
                }
                if rest.is_empty() {
                    return Err(Stop::Incomplete);
                }
                let (line, next) = match rest.find('\n') {
                    Some(i) => (&rest[..i], self.pos + i + 1),
                    None => (rest, self.src.len()),
                };
                let line = if doc.strip_tabs {
                    line.trim_start_matches('\t')
                } else {
                    line
                };
                self.pos = next;
                if line == doc.delimiter {
                    break;
                }
                body.push_str(line);
                body.push('\n');
            }
            let parts = if doc.quoted {
                vec![Part::Quoted(body.clone())]
            } else {
                let mut inner = Lexer::nested(&body, 0, self.nest);
                inner
                    .parts(Mode::HereDoc, self.nest)
                    .map_err(|stop| match stop {
                        // Positions inside the body point at its line.
                        Stop::Error(e) => Stop::Error(SyntaxError { at: self.pos, ..e }),
                        Stop::Incomplete => Stop::Incomplete,
                    })?
            };
            self.bodies.push(Word { parts, raw: body });
        }
        Ok(())
    }

    /// The quote the input ended inside, and where it opened.
    pub(super) fn unclosed(&self) -> Option<(char, usize)> {
        self.unclosed
    }

    /// `Stop::Incomplete` for a quote opened at `at` and never closed.
    fn open_quote(&mut self, quote: char, at: usize) -> Stop {
        self.unclosed.get_or_insert((quote, at));
        Stop::Incomplete
    }

    /// The parts of a word, or of a quoted or braced piece of one, up to
    /// where `mode` ends it.
    fn parts(&mut self, mode: Mode, depth: usize) -> Result<Vec<Part>, Stop> {
        let quoted = mode.quoted();
        let mut parts = Vec::new();
        loop {
            let at = self.pos;
            let Some(c) = self.peek() else {
                return match mode {
                    Mode::Word | Mode::HereDoc => Ok(parts),
                    Mode::DoubleQuote | Mode::Brace { .. } => Err(Stop::Incomplete),
                };
            };
            match c {
                _ if mode == Mode::Word && is_meta(c) => return Ok(parts),
                '"' if mode == Mode::DoubleQuote => {
                    self.bump();
                    // `""` still makes a (possibly empty) word.
                    push_text(&mut parts, "", true);
                    return Ok(parts);
                }
                _ if matches!(mode, Mode::Brace { stop: Some(s), .. } if s == c) => {
                    self.bump();
                    return Ok(parts);
                }
                '}' if matches!(mode, Mode::Brace { .. }) => {
                    self.bump();
                    return Ok(parts);
                }
                '\\' => {
                    self.bump();
                    match self.peek() {
                        // A line continuation: both characters vanish.
                        Some('\n') => {
                            self.bump();
                        }
                        None => push_text(&mut parts, "\\", quoted),
                        Some(e) if !quoted || matches!(e, '$' | '`' | '\\') => {
                            self.bump();
                            push_text(&mut parts, e.encode_utf8(&mut [0; 4]), true);
                        }
                        Some('"') if mode != Mode::HereDoc => {
                            self.bump();
                            push_text(&mut parts, "\"", true);
                        }
                        Some(_) => push_text(&mut parts, "\\", true),
                    }
                }
                '\'' if !quoted => {
                    self.bump();
                    let rest = &self.src[self.pos..];
                    let end = rest.find('\'').ok_or_else(|| self.open_quote('\'', at))?;
                    let text = rest[..end].to_owned();
                    self.pos += end + 1;
                    push_text(&mut parts, &text, true);
                }
                '"' if mode != Mode::HereDoc => {
                    self.bump();
                    if depth >= MAX_NESTING {
                        return Err(self.error(ErrorKind::TooDeep, at));
                    }
                    let inner =
                        self.parts(Mode::DoubleQuote, depth + 1)
                            .map_err(|stop| match stop {
                                Stop::Incomplete => self.open_quote('"', at),
                                error => error,
                            })?;
                    for part in inner {
                        match part {
                            Part::Quoted(s) | Part::Lit(s) => push_text(&mut parts, &s, true),
                            other => parts.push(other),
                        }
                    }
                }
                '`' => {
                    self.bump();
                    let source = self
                        .backquote(quoted)
                        .map_err(|_| self.open_quote('`', at))?;
                    parts.push(Part::Command { source, quoted });
                }
                '$' => match self.dollar(quoted, depth)? {
                    Some(Part::Quoted(s) | Part::Lit(s)) => push_text(&mut parts, &s, true),
                    Some(part) => parts.push(part),
                    None => push_text(&mut parts, "$", quoted),
                },
                _ => {
                    self.bump();
                    push_text(&mut parts, c.encode_utf8(&mut [0; 4]), quoted);
                }
            }
        }
    }

    /// What follows a `$`: an expansion, quoted text (`$'...'`), or `None`
    /// for a literal dollar sign.
    fn dollar(&mut self, quoted: bool, depth: usize) -> Result<Option<Part>, Stop> {
        let start = self.pos;
        self.bump();
        let param = |name: String, op: ParamOp| {
            Ok(Some(Part::Param(Param {
                name,
                op,
                quoted,
                index: None,
                indirect: false,
            })))
        };
        match self.peek() {
            Some('{') => {
                self.bump();
                self.brace(start, quoted, depth).map_err(|stop| match stop {
                    Stop::Incomplete => self.open_quote('}', start),
                    error => error,
                })
            }
            Some('(') if self.peek_at(1) == Some('(') => {
                self.pos += 2;
                self.arithmetic(start, quoted, depth)
            }
            Some('(') => {
                self.bump();
                if depth >= MAX_NESTING {
                    return Err(self.error(ErrorKind::TooDeep, start));
                }
                let inner = self.pos;
                self.pos =
                    parse::substitution_end(self.src, (inner, depth + 1), &mut self.unclosed)?;
                let source = self.src[inner..self.pos - 1].to_owned();
                Ok(Some(Part::Command { source, quoted }))
            }
            Some('\'') if !quoted => {
                self.bump();
                let rest = &self.src[self.pos..];
                let mut end = None;
                let mut escaped = false;
                for (i, c) in rest.char_indices() {
                    match c {
                        _ if escaped => escaped = false,
                        '\\' => escaped = true,
                        '\'' => {
                            end = Some(i);
                            break;
                        }
                        _ => {}
                    }
                }
                let end = end.ok_or(Stop::Incomplete)?;
                let (text, _) = escape::decode(&rest[..end], Dialect::AnsiC);
                self.pos += end + 1;
                Ok(Some(Part::Quoted(text)))
            }
            // `$"..."` is a translatable string: here, just a quoted one.
            Some('"') if !quoted => Ok(Some(Part::Quoted(String::new()))),
            Some(c) if is_name_start(c) => {
                let name = self.name();
                param(name, ParamOp::Value)
            }
            Some(c) if c.is_ascii_digit() || "?$#@*!-".contains(c) => {
                self.bump();
                param(c.to_string(), ParamOp::Value)
            }
            _ => Ok(None),
        }
    }

    /// The text of `` `...` `` after the opening backquote, with the
    /// backslashes that escape `` ` ``, `$` and `\` (and `"` inside double
    /// quotes) removed, as bash reads it.
    fn backquote(&mut self, quoted: bool) -> Result<String, Stop> {
        let mut source = String::new();
        loop {
            match self.bump().ok_or(Stop::Incomplete)? {
                '`' => return Ok(source),
                '\\' => match self.bump().ok_or(Stop::Incomplete)? {
                    c @ ('`' | '$' | '\\') => source.push(c),
                    '"' if quoted => source.push('"'),
                    c => {
                        source.push('\\');
                        source.push(c);
                    }
                },
                c => source.push(c),
            }
        }
    }

    /// The inside of `$((...))`, after the parentheses; `start` is at the
    /// `$`. The expression ends at the `))` that closes it; its `$x` and
    /// `$(...)` expand as in double quotes.
    fn arithmetic(
        &mut self,
        start: usize,
        quoted: bool,
        depth: usize,
    ) -> Result<Option<Part>, Stop> {
        let text = self.arith_text(start, depth)?;
        let expr = Self::arith_word(&text, start, depth)?;
        Ok(Some(Part::Arith { expr, quoted }))
    }

    /// Moves past `c` if it comes next.
    pub(super) fn eat(&mut self, c: char) -> bool {
        let next = self.peek() == Some(c);
        if next {
            self.bump();
        }
        next
    }

    /// The text up to the `))` that closes an arithmetic expression,
    /// moving past that `))`; `start` is where it opened.
    pub(super) fn arith_text(&mut self, start: usize, depth: usize) -> Result<String, Stop> {
        if depth >= MAX_NESTING {
            return Err(self.error(ErrorKind::TooDeep, start));
        }
        let rest = &self.src[self.pos..];
        let mut open = 0usize;
        let mut chars = rest.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            match c {
                '(' => open += 1,
                ')' if open > 0 => open -= 1,
                ')' if chars.peek().map(|&(_, c)| c) == Some(')') => {
                    let text = rest[..i].to_owned();
                    self.pos += i + 2;
                    return Ok(text);
                }
                ')' => {
                    let kind = ErrorKind::Unexpected(")".to_owned());
                    return Err(self.error(kind, self.pos + i));
                }
                _ => {}
            }
        }
        Err(Stop::Incomplete)
    }

    /// An arithmetic expression's text as a word whose `$x` and `$(...)`
    /// expand as in double quotes; `start` is where it opened.
    pub(super) fn arith_word(text: &str, start: usize, depth: usize) -> Result<Word, Stop> {
        let mut inner = Lexer::nested(text, 0, depth + 1);
        let parts = inner
            .parts(Mode::HereDoc, depth + 1)
            .map_err(|stop| match stop {
                Stop::Error(e) => Stop::Error(SyntaxError { at: start, ..e }),
                Stop::Incomplete => Stop::Incomplete,
            })?;
        Ok(Word {
            parts,
            raw: text.to_owned(),
        })
    }

    fn name(&mut self) -> String {
        let mut name = String::new();
        while let Some(c) = self.peek().filter(|&c| is_name_char(c)) {
            name.push(c);
            self.bump();
        }
        name
    }

    /// The inside of `${...}`, after the brace; `start` is at the `$`.
    fn brace(&mut self, start: usize, quoted: bool, depth: usize) -> Result<Option<Part>, Stop> {
        if depth >= MAX_NESTING {
            return Err(self.error(ErrorKind::TooDeep, start));
        }
        if let Some(keys) = self.keys(quoted) {
            return Ok(Some(keys));
        }
        let length = self.peek() == Some('#') && self.peek_at(1) != Some('}');
        if length {
            self.bump();
        }
        // `${!x}`, but not `${!}` (the last background job's id).
        let indirect = !length && self.peek() == Some('!') && self.peek_at(1) != Some('}');
        if indirect {
            self.bump();
        }
        let name = match self.peek() {
            Some(c) if is_name_start(c) => self.name(),
            Some(c) if c.is_ascii_digit() => {
                let mut digits = String::new();
                while let Some(d) = self.peek().filter(char::is_ascii_digit) {
                    digits.push(d);
                    self.bump();
                }
                digits
            }
            Some(c) if "?$#@*-".contains(c) => {
                self.bump();
                c.to_string()
            }
            _ => String::new(),
        };
        let index = if is_name(&name) && self.peek() == Some('[') {
            Some(self.subscript(start, depth)?)
        } else {
            None
        };
        let simple = |op| {
            Ok(Some(Part::Param(Param {
                name: name.clone(),
                op,
                quoted,
                index: index.clone(),
                indirect,
            })))
        };
        let next = self.peek();
        if !name.is_empty() && next == Some('}') {
            self.bump();
            return simple(if length {
                ParamOp::Length
            } else {
                ParamOp::Value
            });
        }
        let colon = next == Some(':');
        let op = if colon { self.peek_at(1) } else { next };
        // `${x:offset}`: a colon before anything but `-=?+`.
        let slice = colon && !matches!(op, Some('-' | '=' | '?' | '+' | '}'));
        let remove = !colon && matches!(op, Some('#' | '%'));
        let other = !colon && matches!(op, Some('/' | '^' | ','));
        let supported = !name.is_empty()
            && !length
            && (slice || remove || other || matches!(op, Some('-' | '+' | '=' | '?')));
        if !supported {
            let text = self.brace_text(start)?;
            // `${x:}` has no offset: a bad substitution.
            let empty_offset = colon && op == Some('}');
            let valid_form = !name.is_empty()
                && !empty_offset
                && (colon || matches!(next, Some('=' | '?' | '%' | '#' | '/' | '^' | ',' | '@')));
            if valid_form || indirect {
                return Err(self.error(ErrorKind::ParamForm(text), start));
            }
            // Not an expansion at all: bash says so when it comes to
            // expand it, and the commands before it run.
            self.pos = start + text.len();
            return simple(ParamOp::Bad { text });
        }
        self.pos += 1;
        if slice {
            let offset = self.brace_word(quoted, Some(':'), depth)?;
            let length = if self.ended_at(':') {
                Some(self.brace_word(quoted, None, depth)?)
            } else {
                None
            };
            return simple(ParamOp::Slice { offset, length });
        }
        let twice = self.peek() == op;
        match op {
            Some('/') => {
                let anchor = self.peek().filter(|c| matches!(c, '/' | '#' | '%'));
                if anchor.is_some() {
                    self.bump();
                }
                // A pattern stays a pattern inside double quotes.
                let pattern = self.brace_word(false, Some('/'), depth)?;
                let with = if self.ended_at('/') {
                    self.brace_word(quoted, None, depth)?
                } else {
                    Word::default()
                };
                return simple(ParamOp::Replace {
                    all: anchor == Some('/'),
                    anchor: anchor.filter(|&c| c != '/'),
                    pattern,
                    with,
                });
            }
            Some(c @ ('^' | ',')) => {
                self.pos += usize::from(twice);
                let pattern = self.brace_word(false, None, depth)?;
                return simple(ParamOp::Case {
                    upper: c == '^',
                    all: twice,
                    pattern,
                });
            }
            _ => {}
        }
        self.pos += usize::from(colon);
        let longest = remove && twice;
        self.pos += usize::from(longest);
        let word = self.brace_word(quoted && !remove, None, depth)?;
        simple(match op {
            Some('-') => ParamOp::Default { colon, word },
            Some('+') => ParamOp::Alternative { colon, word },
            Some('=') => ParamOp::Assign { colon, word },
            Some('?') => ParamOp::Require { colon, word },
            _ => ParamOp::Remove {
                suffix: op == Some('%'),
                longest,
                word,
            },
        })
    }

    /// `${!a[@]}` or `${!a[*]}`, after the brace: the array's indices.
    fn keys(&mut self, quoted: bool) -> Option<Part> {
        let rest = self.src[self.pos..].strip_prefix('!')?;
        let name_len = rest.find(|c: char| !is_name_char(c)).unwrap_or(rest.len());
        let name = &rest[..name_len];
        let star = match &rest[name_len..] {
            r if r.starts_with("[@]}") => false,
            r if r.starts_with("[*]}") => true,
            _ => return None,
        };
        if !is_name(name) {
            return None;
        }
        let name = name.to_owned();
        self.pos += 1 + name_len + 4;
        Some(Part::Param(Param {
            name,
            op: ParamOp::Value,
            quoted,
            index: Some(Index::Keys { star }),
            indirect: false,
        }))
    }

    /// An array's `[subscript]` inside `${...}`, at its `[`.
    fn subscript(&mut self, start: usize, depth: usize) -> Result<Index, Stop> {
        let inner = self.pos + 1;
        let mut open = 0usize;
        let mut end = None;
        for (i, c) in self.src[inner..].char_indices() {
            match c {
                '[' => open += 1,
                ']' if open == 0 => {
                    end = Some(inner + i);
                    break;
                }
                ']' => open -= 1,
                '}' => break,
                _ => {}
            }
        }
        let Some(end) = end else {
            let text = self.brace_text(start)?;
            return Err(self.error(ErrorKind::BadSubstitution(text), start));
        };
        let text = &self.src[inner..end];
        self.pos = end + 1;
        Ok(match text {
            "@" => Index::All { star: false },
            "*" => Index::All { star: true },
            _ => Index::At(Self::arith_word(text, inner, depth)?),
        })
    }

    /// Whether the word just read inside `${...}` ended at `stop` (not at
    /// the `}`).
    fn ended_at(&self, stop: char) -> bool {
        self.src[..self.pos].ends_with(stop)
    }

    /// A word inside `${...}`, up to its `}` or `stop` (moved past).
    fn brace_word(&mut self, quoted: bool, stop: Option<char>, depth: usize) -> Result<Word, Stop> {
        let start = self.pos;
        let parts = self.parts(Mode::Brace { quoted, stop }, depth + 1)?;
        Ok(Word {
            parts,
            raw: self.src[start..self.pos - 1].to_owned(),
        })
    }

    /// The text of `${...}` from `start`, for a message; incomplete if the
    /// brace never closes.
    fn brace_text(&self, start: usize) -> Result<String, Stop> {
        let end = self.src[start..].find('}').ok_or(Stop::Incomplete)?;
        Ok(self.src[start..=start + end].to_owned())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn tokens(src: &str) -> Result<Vec<Token>, Stop> {
        let mut lexer = Lexer::new(src, 0);
        let mut out = Vec::new();
        loop {
            let (_, t) = lexer.next_token()?;
            if t == Token::End {
                return Ok(out);
            }
            out.push(t);
        }
    }

    fn word(src: &str) -> Vec<Part> {
        match tokens(src).unwrap().into_iter().next() {
            Some(Token::Word(w)) => w.parts,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn operators_take_the_longest_match() {
        let ops: Vec<String> = tokens("a|b||c&&d;e>>f 2>&1 &>g <<<h")
            .unwrap()
            .iter()
            .map(Token::text)
            .collect();
        assert_eq!(
            ops,
            [
                "a", "|", "b", "||", "c", "&&", "d", ";", "e", ">>", "f", "2", ">&", "1", "&>",
                "g", "<<<", "h"
            ]
        );
    }

    #[test]
    fn quotes_become_quoted_parts() {
        assert_eq!(
            word(r#"a'b c'"d\"$x"\ e"#),
            vec![
                Part::Lit("a".into()),
                Part::Quoted("b cd\"".into()),
                Part::Param(Param {
                    name: "x".into(),
                    op: ParamOp::Value,
                    quoted: true,
                    index: None,
                    indirect: false,
                }),
                Part::Quoted(" ".into()),
                Part::Lit("e".into()),
            ]
        );
        assert_eq!(word(r#""a\b""#), vec![Part::Quoted(r"a\b".into())]);
        assert_eq!(word("$'a\\tb'"), vec![Part::Quoted("a\tb".into())]);
    }

    #[test]
    fn unfinished_input_is_incomplete() {
        for src in [
            "'abc",
            "\"abc",
            "echo ${x",
            "echo ${x:-a",
            "$'a",
            "echo $(date",
            "echo `date",
            "echo $((1+",
            "echo \"$(echo 'a)\"",
        ] {
            assert_eq!(tokens(src), Err(Stop::Incomplete), "{src}");
        }
    }

    #[test]
    fn unsupported_expansions_are_refused() {
        for (src, kind) in [
            ("echo ${x@Q}", ErrorKind::ParamForm("${x@Q}".into())),
            ("diff <(a) b", ErrorKind::ProcessSubstitution),
        ] {
            match tokens(src) {
                Err(Stop::Error(e)) => assert_eq!(e.kind, kind, "{src}"),
                other => panic!("{src}: {other:?}"),
            }
        }
    }

    #[test]
    fn a_bad_substitution_waits_for_its_expansion() {
        for src in ["echo ${x:}", "echo ${}", "echo ${x y}"] {
            let parts = match tokens(src).unwrap().into_iter().nth(1) {
                Some(Token::Word(w)) => w.parts,
                other => panic!("{src}: {other:?}"),
            };
            assert!(
                matches!(&parts[..], [Part::Param(Param { op: ParamOp::Bad { text }, .. })]
                    if src.ends_with(text.as_str())),
                "{src}: {parts:?}"
            );
        }
    }

    #[test]
    fn substitutions_keep_their_source() {
        assert_eq!(
            word("\"$(echo \")\" a)\"`b`"),
            vec![
                Part::Command {
                    source: "echo \")\" a".into(),
                    quoted: true
                },
                Part::Quoted(String::new()),
                Part::Command {
                    source: "b".into(),
                    quoted: false
                },
            ]
        );
        let Part::Arith {
            expr,
            quoted: false,
        } = &word("$((1 + (2) * $x))")[0]
        else {
            panic!()
        };
        assert_eq!(expr.raw, "1 + (2) * $x");
        // A case pattern's `)` does not end `$(...)`.
        assert_eq!(
            word("$(case a in a) echo y;; esac)"),
            vec![Part::Command {
                source: "case a in a) echo y;; esac".into(),
                quoted: false
            }]
        );
    }

    #[test]
    fn nesting_is_bounded() {
        for deep in [
            format!("{}x{}", "${a:-".repeat(100), "}".repeat(100)),
            format!("{}x{}", "$(".repeat(100), ")".repeat(100)),
            format!("{}x{}", "$((".repeat(100), "))".repeat(100)),
            format!("$({}x{})", "{ ".repeat(100), "; }".repeat(100)),
            "$(if true; then ".repeat(20) + "x" + &"; fi)".repeat(20),
            "${a:-{ $(".repeat(20) + "x" + &")}".repeat(20),
        ] {
            match tokens(&deep) {
                Err(Stop::Error(e)) => assert_eq!(e.kind, ErrorKind::TooDeep),
                other => panic!("{other:?}"),
            }
        }
    }
}
