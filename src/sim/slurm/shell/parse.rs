//! The parser: tokens to commands, one complete command (a line, with its
//! here-documents) at a time, so that a pasted script runs line by line as
//! in bash and an unfinished line asks for more input.
//!
//! The grammar is bash's for simple commands, pipelines and lists:
//!
//! ```text
//! complete := and_or ((';') and_or)* [';'] NEWLINE
//! and_or   := pipeline (('&&' | '||') NEWLINE* pipeline)*
//! pipeline := ['!'] simple (('|' | '|&') NEWLINE* simple)*
//! simple   := (ASSIGNMENT | WORD | redirect)+      assignments first
//! redirect := [IO_NUMBER] ('<' | '>' | '>>' | '>|' | '&>' | '&>>' | '<<' | '<<-' | '<<<' | '>&' | '<&') WORD
//! ```
//!
//! Compound commands, subshells and background jobs are refused with a
//! message saying this shell does not run them.

use super::lex::{Lexer, MAX_NESTING, Op, Part, Stop, Token, Word, is_name};

/// Why a line is not a command this shell can run; `at` is the byte offset
/// in the input where the problem was found. `Display` is bash's message
/// without its `bash: ` prefix.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct SyntaxError {
    /// What is wrong.
    pub kind: ErrorKind,
    /// Where, as a byte offset in the input.
    pub at: usize,
}

/// The kinds of [`SyntaxError`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ErrorKind {
    /// A token where bash's grammar has no place for it.
    #[error("syntax error near unexpected token `{0}'")]
    Unexpected(String),
    /// A malformed `${...}`.
    #[error("{0}: bad substitution")]
    BadSubstitution(String),
    /// A valid `${...}` form beyond `${x}`, `${#x}`, `${x:-w}` and `${x:+w}`.
    #[error("{0}: this form of parameter expansion is not available in this simulated shell")]
    ParamForm(String),
    /// `$(...)`.
    #[error("$(...): command substitution is not available in this simulated shell")]
    CommandSubstitution,
    /// `` `...` ``.
    #[error("`...`: command substitution is not available in this simulated shell")]
    Backquote,
    /// `$((...))`.
    #[error("$((...)): arithmetic expansion is not available in this simulated shell")]
    Arithmetic,
    /// `<(...)` or `>(...)`.
    #[error("<(...): process substitution is not available in this simulated shell")]
    ProcessSubstitution,
    /// `( ... )` or `name() { ... }`.
    #[error("(...): subshells and functions are not available in this simulated shell")]
    Subshell,
    /// `if`, `for`, `while`, `until`, `case`, `select`, `function`, `{`,
    /// `[[`, `time`, `coproc`.
    #[error(
        "{0}: compound commands (if, for, while, case, {{ }}) are not available in this simulated shell"
    )]
    Compound(String),
    /// `command &`.
    #[error("&: background jobs are not available in this simulated shell")]
    Background,
    /// A redirection of a file descriptor other than 0, 1 and 2.
    #[error("{0}: only file descriptors 0, 1 and 2 are available in this simulated shell")]
    FileDescriptor(String),
    /// `${...}` or quotes nested deeper than the lexer allows.
    #[error("expansions nested deeper than {MAX_NESTING} levels")]
    TooDeep,
}

/// A line's worth of commands: lists run one after another.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct CompleteCommand {
    /// The `;`-separated lists.
    pub(super) lists: Vec<AndOr>,
    /// The bodies of its here-documents, by [`Redirect::HereDoc`] index.
    pub(super) here_docs: Vec<Word>,
}

/// `a && b || c`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct AndOr {
    /// The first pipeline.
    pub(super) first: Pipeline,
    /// The pipelines after it, each with the operator before it.
    pub(super) rest: Vec<(Connector, Pipeline)>,
}

/// `&&` or `||`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Connector {
    /// `&&`: run if the previous status is 0.
    And,
    /// `||`: run if the previous status is not 0.
    Or,
}

/// `[!] a | b | c`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Pipeline {
    /// `!`: invert the status.
    pub(super) negated: bool,
    /// The commands, left to right.
    pub(super) commands: Vec<Simple>,
}

/// A simple command: assignments, words and redirections.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Simple {
    /// `NAME=value` before the command name.
    pub(super) assignments: Vec<(String, Word)>,
    /// The command name and its arguments, unexpanded.
    pub(super) words: Vec<Word>,
    /// Redirections, in the order written.
    pub(super) redirects: Vec<Redirect>,
}

/// One redirection of file descriptor `fd`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Redirect {
    /// The file descriptor redirected (0, 1 or 2).
    pub(super) fd: u8,
    /// Where it goes.
    pub(super) target: Target,
}

/// Where a redirection points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Target {
    /// `< file`.
    Read(Word),
    /// `> file` (or `>|`), and `>> file` with `append`.
    Write {
        /// The file.
        word: Word,
        /// `>>`.
        append: bool,
    },
    /// `&> file`: standard output and error both, `&>>` with `append`.
    Both {
        /// The file.
        word: Word,
        /// `&>>`.
        append: bool,
    },
    /// `n>&m`: a copy of descriptor `m`.
    Dup(u8),
    /// `n>&-`: closed.
    Close,
    /// `<<EOF`: the body at this index of [`CompleteCommand::here_docs`].
    HereDoc(usize),
    /// `<<< word`.
    HereString(Word),
}

/// What [`parse_next`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Parsed {
    /// A complete command, and the offset just after it.
    Command(CompleteCommand, usize),
    /// The input so far is the start of a command: more lines are needed.
    Incomplete,
    /// Only blank lines and comments remain.
    End,
}

/// Reserved words that open a compound command.
const COMPOUND: [&str; 11] = [
    "if", "for", "while", "until", "case", "select", "function", "{", "[[", "time", "coproc",
];

/// Reserved words that can only continue one.
const CONTINUATION: [&str; 8] = ["then", "else", "elif", "fi", "do", "done", "esac", "}"];

/// Parses the next complete command of `src` from byte `start`.
pub(super) fn parse_next(src: &str, start: usize) -> Result<Parsed, SyntaxError> {
    let mut parser = Parser {
        lexer: Lexer::new(src, start),
        peeked: None,
    };
    match parser.complete() {
        Ok(parsed) => Ok(parsed),
        Err(Stop::Incomplete) => Ok(Parsed::Incomplete),
        Err(Stop::Error(e)) => Err(e),
    }
}

/// Where to go on after a syntax error at `at`: past the end of that line,
/// as bash discards the rest of the line it was reading.
pub(super) fn resume_after(src: &str, at: usize) -> usize {
    let at = at.min(src.len());
    src.get(at..)
        .and_then(|rest| rest.find('\n'))
        .map_or(src.len(), |i| at + i + 1)
}

struct Parser<'a> {
    lexer: Lexer<'a>,
    peeked: Option<(usize, Token)>,
}

impl Parser<'_> {
    fn peek(&mut self) -> Result<&Token, Stop> {
        if self.peeked.is_none() {
            self.peeked = Some(self.lexer.next_token()?);
        }
        match &self.peeked {
            Some((_, t)) => Ok(t),
            None => Err(Stop::Incomplete),
        }
    }

    fn next(&mut self) -> Result<(usize, Token), Stop> {
        match self.peeked.take() {
            Some(t) => Ok(t),
            None => self.lexer.next_token(),
        }
    }

    /// The error for the token just taken: more input if it is the end.
    fn unexpected(&self, (at, token): (usize, Token)) -> Stop {
        match token {
            Token::End => Stop::Incomplete,
            Token::Op(Op::Amp) => Stop::Error(SyntaxError {
                kind: ErrorKind::Background,
                at,
            }),
            Token::Op(Op::LParen) => Stop::Error(SyntaxError {
                kind: ErrorKind::Subshell,
                at,
            }),
            other => Stop::Error(SyntaxError {
                kind: ErrorKind::Unexpected(other.text()),
                at,
            }),
        }
    }

    fn complete(&mut self) -> Result<Parsed, Stop> {
        loop {
            match self.peek()? {
                Token::Newline => {
                    self.next()?;
                }
                Token::End => return Ok(Parsed::End),
                _ => break,
            }
        }
        let mut lists = vec![self.and_or()?];
        loop {
            let token = self.next()?;
            match token.1 {
                Token::Newline => break,
                Token::Op(Op::Semi) => match self.peek()? {
                    Token::Newline => {
                        self.next()?;
                        break;
                    }
                    _ => lists.push(self.and_or()?),
                },
                _ => return Err(self.unexpected(token)),
            }
        }
        let here_docs = self.lexer.take_bodies().ok_or(Stop::Incomplete)?;
        Ok(Parsed::Command(
            CompleteCommand { lists, here_docs },
            self.lexer.pos(),
        ))
    }

    /// Newlines allowed after `|`, `&&` and `||`.
    fn line_breaks(&mut self) -> Result<(), Stop> {
        while *self.peek()? == Token::Newline {
            self.next()?;
        }
        Ok(())
    }

    fn and_or(&mut self) -> Result<AndOr, Stop> {
        let first = self.pipeline()?;
        let mut rest = Vec::new();
        loop {
            let connector = match self.peek()? {
                Token::Op(Op::AndIf) => Connector::And,
                Token::Op(Op::OrIf) => Connector::Or,
                _ => return Ok(AndOr { first, rest }),
            };
            self.next()?;
            self.line_breaks()?;
            rest.push((connector, self.pipeline()?));
        }
    }

    fn pipeline(&mut self) -> Result<Pipeline, Stop> {
        let negated = matches!(self.peek()?, Token::Word(w) if w.raw == "!");
        if negated {
            self.next()?;
        }
        let mut commands = vec![self.simple()?];
        loop {
            let stderr_too = match self.peek()? {
                Token::Op(Op::Pipe) => false,
                Token::Op(Op::PipeAmp) => true,
                _ => return Ok(Pipeline { negated, commands }),
            };
            self.next()?;
            if stderr_too && let Some(last) = commands.last_mut() {
                // `a |& b` is `a 2>&1 | b`, the copy made after a's own redirections.
                last.redirects.push(Redirect {
                    fd: 2,
                    target: Target::Dup(1),
                });
            }
            self.line_breaks()?;
            commands.push(self.simple()?);
        }
    }

    fn simple(&mut self) -> Result<Simple, Stop> {
        let mut simple = Simple::default();
        loop {
            let at_start = simple.words.is_empty()
                && simple.assignments.is_empty()
                && simple.redirects.is_empty();
            let (at, token) = self.next()?;
            match token {
                Token::Word(word) if at_start && COMPOUND.contains(&word.raw.as_str()) => {
                    let kind = ErrorKind::Compound(word.raw);
                    return Err(Stop::Error(SyntaxError { kind, at }));
                }
                Token::Word(word) if at_start && CONTINUATION.contains(&word.raw.as_str()) => {
                    return Err(self.unexpected((at, Token::Word(word))));
                }
                Token::Word(word) => match assignment(&word) {
                    Some(assign) if simple.words.is_empty() => simple.assignments.push(assign),
                    _ => simple.words.push(word),
                },
                Token::IoNumber(digits) => {
                    let fd = fd_number(&digits, at)?;
                    // The lexer makes an IO number only right before `<` or `>`.
                    let (op_at, next) = self.next()?;
                    let Token::Op(op) = next else {
                        return Err(self.unexpected((op_at, next)));
                    };
                    simple.redirects.push(self.redirect(Some(fd), op)?);
                }
                Token::Op(op) if is_redirect(op) => {
                    simple.redirects.push(self.redirect(None, op)?);
                }
                other if at_start => return Err(self.unexpected((at, other))),
                other => {
                    // Not part of this command: leave it for the caller.
                    self.peeked = Some((at, other));
                    return Ok(simple);
                }
            }
        }
    }

    /// The redirection `op` of `fd` (or the operator's default), reading
    /// its target word.
    fn redirect(&mut self, fd: Option<u8>, op: Op) -> Result<Redirect, Stop> {
        let (at, token) = self.next()?;
        let Token::Word(word) = token else {
            return Err(self.unexpected((at, token)));
        };
        let reads = matches!(
            op,
            Op::Less | Op::LessGreat | Op::DLess | Op::DLessDash | Op::TLess | Op::LessAnd
        );
        let target = match op {
            Op::Less | Op::LessGreat => Target::Read(word),
            Op::Great | Op::Clobber => Target::Write {
                word,
                append: false,
            },
            Op::DGreat => Target::Write { word, append: true },
            Op::AndGreat => Target::Both {
                word,
                append: false,
            },
            Op::AndDGreat => Target::Both { word, append: true },
            Op::DLess | Op::DLessDash => {
                Target::HereDoc(self.lexer.here_doc(&word, op == Op::DLessDash))
            }
            Op::TLess => Target::HereString(word),
            _ if word.raw == "-" => Target::Close,
            _ if !word.raw.is_empty() && word.raw.bytes().all(|b| b.is_ascii_digit()) => {
                Target::Dup(fd_number(&word.raw, at)?)
            }
            Op::GreatAnd if fd.is_none() => Target::Both {
                word,
                append: false,
            },
            _ => return Err(self.unexpected((at, Token::Word(word)))),
        };
        Ok(Redirect {
            fd: fd.unwrap_or(if reads { 0 } else { 1 }),
            target,
        })
    }
}

fn is_redirect(op: Op) -> bool {
    matches!(
        op,
        Op::Less
            | Op::LessGreat
            | Op::Great
            | Op::Clobber
            | Op::DGreat
            | Op::AndGreat
            | Op::AndDGreat
            | Op::DLess
            | Op::DLessDash
            | Op::TLess
            | Op::GreatAnd
            | Op::LessAnd
    )
}

/// A redirected file descriptor: 0, 1 or 2.
fn fd_number(digits: &str, at: usize) -> Result<u8, Stop> {
    match digits.parse::<u8>() {
        Ok(fd) if fd <= 2 => Ok(fd),
        _ => Err(Stop::Error(SyntaxError {
            kind: ErrorKind::FileDescriptor(digits.to_owned()),
            at,
        })),
    }
}

/// `NAME=value` split into the name and the value's word, if `word` is an
/// assignment: the name and `=` unquoted at its start.
pub(super) fn assignment(word: &Word) -> Option<(String, Word)> {
    let Some(Part::Lit(first)) = word.parts.first() else {
        return None;
    };
    let eq = first.find('=')?;
    let name = &first[..eq];
    if !is_name(name) {
        return None;
    }
    let mut parts = Vec::new();
    if eq + 1 < first.len() {
        parts.push(Part::Lit(first[eq + 1..].to_owned()));
    }
    parts.extend(word.parts[1..].iter().cloned());
    let raw = word.raw.get(eq + 1..).unwrap_or_default().to_owned();
    Some((name.to_owned(), Word { parts, raw }))
}
