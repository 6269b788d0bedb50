//! The parser: tokens to commands, one complete command (a line, with its
//! here-documents) at a time, so that a pasted script runs line by line as
//! in bash and an unfinished line asks for more input.
//!
//! The grammar is bash's for simple and compound commands, functions,
//! pipelines and lists:
//!
//! ```text
//! complete := and_or ((';' | '&') and_or)* [';' | '&'] NEWLINE
//! list     := NEWLINE* and_or ((';' | '&' | NEWLINE) NEWLINE* and_or)* [';' | '&' | NEWLINE]
//! and_or   := pipeline (('&&' | '||') NEWLINE* pipeline)*
//! pipeline := ['!'] command (('|' | '|&') NEWLINE* command)*
//! command  := simple | compound redirect* | funcdef
//! simple   := (ASSIGNMENT | WORD | redirect)+      assignments first
//! compound := '{' list '}' | '(' list ')'
//!           | 'if' list 'then' list ('elif' list 'then' list)* ['else' list] 'fi'
//!           | ('while' | 'until') list 'do' list 'done'
//!           | 'for' NAME [NEWLINE* 'in' WORD* (';' | NEWLINE)] NEWLINE* 'do' list 'done'
//!           | 'for' '((' EXPR ';' EXPR ';' EXPR '))' [';'] NEWLINE* ('do' list 'done' | '{' list '}')
//!           | '((' EXPR '))'
//!           | 'case' WORD NEWLINE* 'in' (NEWLINE* ['('] WORD ('|' WORD)* ')' [list] [';;'])* 'esac'
//! funcdef  := NAME '(' ')' NEWLINE* compound redirect*
//!           | 'function' NAME ['(' ')'] NEWLINE* compound redirect*
//! redirect := [IO_NUMBER] ('<' | '>' | '>>' | '>|' | '&>' | '&>>' | '<<' | '<<-' | '<<<' | '>&' | '<&') WORD
//! ```
//!
//! Reserved words count only where a command starts, unquoted. Input that
//! ends inside a compound command is incomplete: the prompt asks for more.
//! Compound commands and `$(...)` nest at most [`MAX_NESTING`] deep.
//! `and_or &` runs in the background (see [`AndOr::background`]).
//! `[[ ... ]]` collects its tokens for [`super::cond`]. `select`, `time`,
//! and `coproc` are refused with a message saying this shell does not
//! run them.

use super::cond::CondToken;
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
    /// `<(...)` or `>(...)`.
    #[error("<(...): process substitution is not available in this simulated shell")]
    ProcessSubstitution,
    /// `select`, `time`, `coproc`.
    #[error("{0}: this compound command is not available in this simulated shell")]
    Compound(String),
    /// `[[ a b ]]`.
    #[error("conditional binary operator expected")]
    CondBinaryExpected(String),
    /// `[[ -f ]]`.
    #[error("unexpected argument `{0}' to conditional unary operator")]
    CondUnaryArgument(String),
    /// `[[ a == ]]`.
    #[error("unexpected argument `{0}' to conditional binary operator")]
    CondBinaryArgument(String),
    /// `[[ ( a ]]`.
    #[error("expected `)'")]
    CondCloseExpected(String),
    /// `[[ ]]`, `[[ && a ]]`.
    #[error("unexpected token `{0}' in conditional command")]
    CondUnexpected(String),
    /// `[[ a == b c ]]`.
    #[error("syntax error in conditional expression: unexpected token `{0}'")]
    CondTrailing(String),
    /// `for ((...))` without three expressions: bash's complaint, then
    /// (printed after it) the text between the parentheses.
    #[error("syntax error: {problem}")]
    ArithFor {
        /// What is wrong.
        problem: &'static str,
        /// The text between `((` and `))`.
        text: String,
    },
    /// A name that cannot be a variable's (`for 1 in`) or a function's.
    #[error("`{0}': not a valid identifier")]
    Identifier(String),
    /// A redirection of a file descriptor other than 0, 1 and 2.
    #[error("{0}: only file descriptors 0, 1 and 2 are available in this simulated shell")]
    FileDescriptor(String),
    /// `${...}`, quotes, `$(...)` or compound commands nested deeper than
    /// the parser allows.
    #[error("expansions or compound commands nested deeper than {MAX_NESTING} levels")]
    TooDeep,
}

/// A line's worth of commands: lists run one after another.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct CompleteCommand {
    /// The `;`- and `&`-separated lists.
    pub(super) lists: Vec<AndOr>,
    /// The bodies of its here-documents, by [`Target::HereDoc`] index.
    pub(super) here_docs: Vec<Word>,
    /// Here-documents the input ended inside: where each body starts,
    /// and the delimiter it wanted.
    pub(super) cut_docs: Vec<(usize, String)>,
}

/// `a && b || c`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct AndOr {
    /// The first pipeline.
    pub(super) first: Pipeline,
    /// The pipelines after it, each with the operator before it.
    pub(super) rest: Vec<(Connector, Pipeline)>,
    /// Ended by `&`: it runs in the background, in a subshell, while the
    /// shell goes on.
    pub(super) background: bool,
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
    /// `time`: report how long it took, in POSIX's format with `-p`
    /// (or `--`).
    pub(super) timed: Option<Timed>,
    /// The commands, left to right.
    pub(super) commands: Vec<Command>,
}

/// How `time` reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Timed {
    /// As `TIMEFORMAT` says, or bash's own format.
    Bash,
    /// `time -p`: POSIX's format.
    Posix,
}

/// One command of a pipeline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Command {
    /// Words, assignments and redirections.
    Simple(Simple),
    /// `if`, a loop, `case`, `{ }` or `( )`, with redirections of its own.
    Compound(Compound, Vec<Redirect>),
    /// `name() { ...; }`: the body kept as its source text (with its
    /// redirections), parsed again at each call, so that a shell's
    /// functions stay plain data.
    Function {
        /// The function's name.
        name: String,
        /// The body, as typed.
        body: String,
        /// The line the body starts on.
        line: usize,
    },
}

/// A compound command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Compound {
    /// `{ list; }`.
    Group(Vec<AndOr>),
    /// `( list )`: run in a subshell.
    Subshell(Vec<AndOr>),
    /// `if c; then a; elif d; then b; else e; fi`.
    If {
        /// Each condition with its branch, `if` then the `elif`s.
        branches: Vec<(Vec<AndOr>, Vec<AndOr>)>,
        /// The `else` branch.
        otherwise: Option<Vec<AndOr>>,
    },
    /// `while c; do body; done`, or `until` with `until`.
    Loop {
        /// `until`: run while the condition fails.
        until: bool,
        /// The condition.
        condition: Vec<AndOr>,
        /// The body.
        body: Vec<AndOr>,
    },
    /// `for name in words; do body; done`; without `in`, over `"$@"`.
    For {
        /// The variable.
        name: String,
        /// The words after `in`.
        words: Option<Vec<Word>>,
        /// The body.
        body: Vec<AndOr>,
    },
    /// `[[ expression ]]`.
    Cond(super::cond::Cond),
    /// `(( expression ))`: true when its value is not 0.
    Arith(Word),
    /// `for (( init; condition; step )); do body; done`.
    ArithFor {
        /// The three expressions (an empty condition is true).
        exprs: [Word; 3],
        /// The body.
        body: Vec<AndOr>,
    },
    /// `case word in pat|pat) list;; esac`.
    Case {
        /// The word matched.
        word: Word,
        /// Each arm's patterns and list.
        arms: Vec<(Vec<Word>, Vec<AndOr>)>,
    },
}

/// A simple command: assignments, words and redirections.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Simple {
    /// `NAME=value` and its kin before the command name.
    pub(super) assignments: Vec<Assignment>,
    /// The command name and its arguments, unexpanded.
    pub(super) words: Vec<Word>,
    /// The elements of a declaration builtin's `NAME=(...)` arguments
    /// (`declare -a a=(1 2)`), by the index of the `NAME=` word.
    pub(super) lists: Vec<(usize, Vec<Word>)>,
    /// Redirections, in the order written.
    pub(super) redirects: Vec<Redirect>,
    /// The line it starts on (bash's `LINENO`), counted as [`parse_next`]
    /// was told.
    pub(super) line: usize,
}

/// The builtins that take assignments as arguments (`declare a=(1 2)`,
/// `export X=$v`, the value not split).
pub(super) const DECLARATIONS: &[&str] = &["declare", "export", "local", "readonly", "typeset"];

/// An assignment: `NAME=value`, `NAME+=value`, an array's element
/// `NAME[subscript]=value`, or its elements `NAME=(word...)`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Assignment {
    pub(super) name: String,
    /// `[subscript]`: one element of an array, the subscript an
    /// arithmetic expression.
    pub(super) index: Option<Word>,
    /// `+=`: appended to the value (of a list, after the last element).
    pub(super) append: bool,
    /// The value.
    pub(super) value: Word,
    /// `(word...)`: an array's elements, in place of `value`.
    pub(super) list: Option<Vec<Word>>,
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

/// Reserved words that open a compound command this shell does not run.
const REFUSED: [&str; 2] = ["select", "coproc"];

/// Reserved words (and the function keyword) that open a compound
/// command this shell runs.
const OPENERS: [&str; 8] = ["if", "for", "while", "until", "case", "{", "function", "[["];

/// Whether `name` can name a function: a word with no quoting or
/// expansion, not a reserved word.
fn is_function_name(name: &str) -> bool {
    !name.is_empty()
        && !name.contains(['\'', '"', '\\', '$', '`', '=', '/'])
        && !OPENERS.contains(&name)
        && !CONTINUATION.contains(&name)
}

/// Reserved words that can only continue one.
const CONTINUATION: [&str; 8] = ["then", "else", "elif", "fi", "do", "done", "esac", "}"];

/// Parses the next complete command of `src` from byte `start`, which is
/// on line `line`. With `to_end`, `src` is all the input there is (a
/// script): a here-document may end at its end.
pub(super) fn parse_next(
    src: &str,
    (start, line): (usize, usize),
    to_end: bool,
) -> Result<Parsed, SyntaxError> {
    let mut parser = Parser::new(Lexer::new(src, start));
    parser.lexer.to_end = to_end;
    parser.lines = (start, line);
    match parser.complete() {
        Ok(parsed) => Ok(parsed),
        Err(Stop::Incomplete) => Ok(Parsed::Incomplete),
        Err(Stop::Error(e)) => Err(e),
    }
}

/// Where the `$(...)` whose inside starts at `start` ends (just after its
/// `)`), `nest` levels deep: the inside is parsed as a list of commands.
/// If the input ends first, `unclosed` gets the quote left open inside,
/// or the `)` at the end of the input, as bash names them.
pub(super) fn substitution_end(
    src: &str,
    (start, nest): (usize, usize),
    unclosed: &mut Option<(char, usize)>,
) -> Result<usize, Stop> {
    let mut parser = Parser::new(Lexer::nested(src, start, nest));
    let end = parser.substitution();
    if matches!(end, Err(Stop::Incomplete)) && unclosed.is_none() {
        *unclosed = parser.lexer.unclosed().or(Some((')', src.len())));
    }
    end
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
    /// How deep compound commands (and `$(...)`) nest here.
    depth: usize,
    /// A byte offset and the line it is on, from which the next token's
    /// line is counted.
    lines: (usize, usize),
}

/// Whether `token` is the reserved word or operator `end` (`)` and `;;`
/// are operators; the others words).
fn is_end(token: &Token, end: &str) -> bool {
    match token {
        Token::Word(w) => w.raw == end,
        Token::Op(op) => op.text() == end && matches!(op, Op::RParen | Op::DSemi),
        _ => false,
    }
}

impl<'a> Parser<'a> {
    fn new(lexer: Lexer<'a>) -> Parser<'a> {
        let depth = lexer.nest();
        Parser {
            lexer,
            peeked: None,
            depth,
            lines: (0, 1),
        }
    }

    /// The line byte `at` is on (tokens are asked for in order, so this
    /// counts only the newlines since the last one).
    fn line_at(&mut self, at: usize) -> usize {
        let (from, line) = self.lines;
        let line = if at >= from {
            line + self.lexer.source(from, at).matches('\n').count()
        } else {
            line - self.lexer.source(at, from).matches('\n').count()
        };
        self.lines = (at, line);
        line
    }

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
                Token::Op(Op::Semi | Op::Amp) => match self.peek()? {
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
            CompleteCommand {
                lists,
                here_docs,
                cut_docs: std::mem::take(&mut self.lexer.cut),
            },
            self.lexer.pos(),
        ))
    }

    /// The inside of a `$(...)`, up to its `)`: where it ends.
    fn substitution(&mut self) -> Result<usize, Stop> {
        self.line_breaks()?;
        if *self.peek()? != Token::Op(Op::RParen) {
            self.list(&[")"])?;
        }
        self.require(")")?;
        if self.lexer.take_bodies().is_none() {
            return Err(Stop::Incomplete);
        }
        Ok(self.lexer.pos())
    }

    /// Newlines allowed after `|`, `&&` and `||`.
    /// Whether the next token is a `(` at `pos`.
    fn paren_at(&mut self, pos: usize) -> Result<bool, Stop> {
        self.peek()?;
        Ok(matches!(&self.peeked, Some((at, Token::Op(Op::LParen))) if *at == pos))
    }

    /// An array's `(word...)`, at its `(`; lines may break between words.
    fn array_words(&mut self) -> Result<Vec<Word>, Stop> {
        self.next()?;
        let mut words = Vec::new();
        loop {
            self.line_breaks()?;
            match self.next()? {
                (_, Token::Word(w)) => words.push(w),
                (_, Token::Op(Op::RParen)) => return Ok(words),
                other => return Err(self.unexpected(other)),
            }
        }
    }

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
                Token::Op(Op::Amp) => {
                    return Ok(AndOr {
                        first,
                        rest,
                        background: true,
                    });
                }
                _ => {
                    return Ok(AndOr {
                        first,
                        rest,
                        background: false,
                    });
                }
            };
            self.next()?;
            self.line_breaks()?;
            rest.push((connector, self.pipeline()?));
        }
    }

    fn pipeline(&mut self) -> Result<Pipeline, Stop> {
        let mut negated = false;
        let mut timed = None;
        // `time [-p] [--]` and `!`, in either order.
        loop {
            match self.peek()? {
                Token::Word(w) if w.raw == "!" && !negated => negated = true,
                Token::Word(w) if w.raw == "time" && timed.is_none() => {
                    self.next()?;
                    timed = Some(Timed::Bash);
                    for option in ["-p", "--"] {
                        if matches!(self.peek()?, Token::Word(w) if w.raw == option) {
                            self.next()?;
                            timed = Some(Timed::Posix);
                        }
                    }
                    continue;
                }
                _ => break,
            }
            self.next()?;
        }
        // `time` alone times nothing.
        let ends = matches!(
            self.peek()?,
            Token::Op(Op::Semi) | Token::Newline | Token::End
        );
        let mut commands = if timed.is_some() && ends {
            Vec::new()
        } else {
            vec![self.command()?]
        };
        loop {
            let stderr_too = match self.peek()? {
                Token::Op(Op::Pipe) => false,
                Token::Op(Op::PipeAmp) => true,
                _ => {
                    return Ok(Pipeline {
                        negated,
                        timed,
                        commands,
                    });
                }
            };
            self.next()?;
            if stderr_too && let Some(last) = commands.last_mut() {
                // `a |& b` is `a 2>&1 | b`, the copy made after a's own redirections.
                let copy = Redirect {
                    fd: 2,
                    target: Target::Dup(1),
                };
                match last {
                    Command::Simple(simple) => simple.redirects.push(copy),
                    Command::Compound(_, redirects) => redirects.push(copy),
                    Command::Function { .. } => {}
                }
            }
            self.line_breaks()?;
            commands.push(self.command()?);
        }
    }

    fn simple(&mut self) -> Result<Command, Stop> {
        let mut simple = Simple::default();
        loop {
            let at_start = simple.words.is_empty()
                && simple.assignments.is_empty()
                && simple.redirects.is_empty();
            let (at, token) = self.next()?;
            if at_start {
                simple.line = self.line_at(at);
            }
            match token {
                Token::Word(word) if at_start && REFUSED.contains(&word.raw.as_str()) => {
                    let kind = ErrorKind::Compound(word.raw);
                    return Err(Stop::Error(SyntaxError { kind, at }));
                }
                Token::Word(word) if at_start && CONTINUATION.contains(&word.raw.as_str()) => {
                    return Err(self.unexpected((at, Token::Word(word))));
                }
                Token::Word(word) => match assignment(&word) {
                    Some(mut assign) if simple.words.is_empty() => {
                        // `NAME=(`, the parenthesis right after the `=`.
                        let end = at + word.raw.len();
                        if assign.index.is_none()
                            && word.raw.ends_with('=')
                            && self.paren_at(end)?
                        {
                            assign.list = Some(self.array_words()?);
                        }
                        simple.assignments.push(assign);
                    }
                    // `declare a=(...)`: a list, as after no command.
                    Some(assign)
                        if assign.index.is_none()
                            && word.raw.ends_with('=')
                            && simple
                                .words
                                .first()
                                .is_some_and(|w| DECLARATIONS.contains(&w.raw.as_str()))
                            && self.paren_at(at + word.raw.len())? =>
                    {
                        simple.lists.push((simple.words.len(), self.array_words()?));
                        simple.words.push(word);
                    }
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
                Token::Op(Op::LParen)
                    if simple.words.len() == 1
                        && simple.assignments.is_empty()
                        && simple.redirects.is_empty() =>
                {
                    let name = simple.words.pop().map(|w| w.raw).unwrap_or_default();
                    let (close_at, close) = self.next()?;
                    if close != Token::Op(Op::RParen) {
                        return Err(self.unexpected((close_at, close)));
                    }
                    return self.function_body(name, at);
                }
                other if at_start => return Err(self.unexpected((at, other))),
                other => {
                    // Not part of this command: leave it for the caller.
                    self.peeked = Some((at, other));
                    return Ok(Command::Simple(simple));
                }
            }
        }
    }

    /// One command of a pipeline: a compound command, a function
    /// definition or a simple command.
    fn command(&mut self) -> Result<Command, Stop> {
        let opener = match self.peek()? {
            Token::Word(w) if OPENERS.contains(&w.raw.as_str()) => w.raw.clone(),
            Token::Op(Op::LParen) => "(".to_owned(),
            _ => return self.simple(),
        };
        let (at, _) = self.next()?;
        if opener == "function" {
            let (name_at, token) = self.next()?;
            let Token::Word(name) = token else {
                return Err(self.unexpected((name_at, token)));
            };
            if *self.peek()? == Token::Op(Op::LParen) {
                self.next()?;
                self.require(")")?;
            }
            return self.function_body(name.raw, name_at);
        }
        if self.depth >= MAX_NESTING {
            return Err(Stop::Error(SyntaxError {
                kind: ErrorKind::TooDeep,
                at,
            }));
        }
        // `((` is arithmetic, `( (` a subshell in a subshell; after `for`
        // any `(` starts `for ((`.
        self.peek()?;
        let arithmetic = match &self.peeked {
            Some((next, Token::Op(Op::LParen))) => {
                opener == "for" || (opener == "(" && *next == at + 1)
            }
            _ => false,
        };
        // Expansions inside nest from here: `$(` and compound commands
        // count towards one limit, which bounds the parser's recursion.
        self.depth += 1;
        self.lexer.set_nest(self.depth);
        let compound = if arithmetic {
            self.arithmetic(opener == "for", at)
        } else {
            self.compound(&opener)
        };
        self.depth -= 1;
        self.lexer.set_nest(self.depth);
        let compound = compound?;
        Ok(Command::Compound(compound, self.redirects()?))
    }

    /// The redirections after a compound command.
    fn redirects(&mut self) -> Result<Vec<Redirect>, Stop> {
        let mut redirects = Vec::new();
        loop {
            match self.peek()? {
                Token::IoNumber(_) => {
                    let (at, token) = self.next()?;
                    let Token::IoNumber(digits) = token else {
                        return Err(self.unexpected((at, token)));
                    };
                    let fd = fd_number(&digits, at)?;
                    let (op_at, next) = self.next()?;
                    let Token::Op(op) = next else {
                        return Err(self.unexpected((op_at, next)));
                    };
                    redirects.push(self.redirect(Some(fd), op)?);
                }
                Token::Op(op) if is_redirect(*op) => {
                    let op = *op;
                    self.next()?;
                    redirects.push(self.redirect(None, op)?);
                }
                _ => return Ok(redirects),
            }
        }
    }

    /// The body of the function `name` (after `name()` or `function
    /// name`): a compound command, kept as source text.
    fn function_body(&mut self, name: String, at: usize) -> Result<Command, Stop> {
        self.line_breaks()?;
        let start = match self.peek()? {
            Token::Word(w) if OPENERS.contains(&w.raw.as_str()) && w.raw != "function" => {
                self.peeked.as_ref().map_or(0, |(at, _)| *at)
            }
            Token::Op(Op::LParen) => self.peeked.as_ref().map_or(0, |(at, _)| *at),
            _ => {
                let token = self.next()?;
                return Err(self.unexpected(token));
            }
        };
        if !is_function_name(&name) {
            let kind = ErrorKind::Identifier(name);
            return Err(Stop::Error(SyntaxError { kind, at }));
        }
        let line = self.line_at(start);
        self.command()?;
        let end = self.peeked.as_ref().map_or(self.lexer.pos(), |(at, _)| *at);
        let body = self.lexer.source(start, end).trim_end().to_owned();
        Ok(Command::Function { name, body, line })
    }

    /// Takes the reserved word (or `)`) `word`, or fails.
    fn require(&mut self, word: &str) -> Result<(), Stop> {
        let token = self.next()?;
        if is_end(&token.1, word) || (word == ")" && token.1 == Token::Op(Op::RParen)) {
            Ok(())
        } else {
            Err(self.unexpected(token))
        }
    }

    /// A list of commands inside a compound command, up to (not taking)
    /// one of the reserved words `ends`: and-or lists separated by `;` or
    /// newlines. It may not be empty.
    fn list(&mut self, ends: &[&str]) -> Result<Vec<AndOr>, Stop> {
        let mut items = Vec::new();
        loop {
            self.line_breaks()?;
            let token = self.peek()?;
            if ends.iter().any(|end| is_end(token, end)) {
                if items.is_empty() {
                    let token = self.next()?;
                    return Err(self.unexpected(token));
                }
                return Ok(items);
            }
            items.push(self.and_or()?);
            match self.peek()? {
                Token::Newline | Token::Op(Op::Semi | Op::Amp) => {
                    self.next()?;
                }
                _ => {
                    let token = self.peek()?;
                    if ends.iter().any(|end| is_end(token, end)) {
                        return Ok(items);
                    }
                    let token = self.next()?;
                    return Err(self.unexpected(token));
                }
            }
        }
    }

    /// The compound command opened by `opener`, already taken.
    /// The tokens of `[[ ... ]]` up to `]]`, parsed by [`super::cond`].
    /// `<` and `>` are comparisons there; a line may end after `&&` or
    /// `||`.
    fn conditional(&mut self) -> Result<Compound, Stop> {
        let mut tokens = Vec::new();
        loop {
            let (at, token) = self.next()?;
            let token = match token {
                Token::Word(w) if w.raw == "]]" => {
                    return Ok(Compound::Cond(super::cond::parse(&tokens, at)?));
                }
                Token::Word(w) => CondToken::Word(w),
                Token::IoNumber(digits) => CondToken::operator(&digits),
                Token::Op(Op::AndIf) => CondToken::And,
                Token::Op(Op::OrIf) => CondToken::Or,
                Token::Op(Op::LParen) => CondToken::Open,
                Token::Op(Op::RParen) => CondToken::Close,
                Token::Op(Op::Less) => CondToken::operator("<"),
                Token::Op(Op::Great) => CondToken::operator(">"),
                Token::Newline
                    if matches!(tokens.last(), Some((_, CondToken::And | CondToken::Or))) =>
                {
                    continue;
                }
                other => return Err(self.unexpected((at, other))),
            };
            let regex = matches!(&token, CondToken::Word(w) if w.raw == "=~");
            tokens.push((at, token));
            if regex && let Some(word) = self.regex_word()? {
                tokens.push(word);
            }
        }
    }

    /// The word after `=~` in `[[ ]]`: bash reads `(`, `)` and `|` as
    /// part of the regular expression, and blanks too inside parentheses
    /// (`^node-([0-9]+)$`, `(a|b) c`). `None` if no word follows.
    fn regex_word(&mut self) -> Result<Option<(usize, CondToken)>, Stop> {
        let mut parts = Vec::new();
        let mut span: Option<(usize, usize)> = None;
        let mut depth = 0usize;
        loop {
            let (at, token) = self.next()?;
            let gap = span.is_some_and(|(_, end)| at > end);
            let piece = match &token {
                _ if gap && depth == 0 => None,
                Token::Word(w) if span.is_none() && w.raw == "]]" => None,
                Token::Word(w) => Some((w.raw.len(), w.parts.clone())),
                Token::Op(Op::LParen) => {
                    depth += 1;
                    Some((1, vec![Part::Lit("(".to_owned())]))
                }
                Token::Op(Op::RParen) if depth > 0 => {
                    depth -= 1;
                    Some((1, vec![Part::Lit(")".to_owned())]))
                }
                Token::Op(Op::Pipe) => Some((1, vec![Part::Lit("|".to_owned())])),
                _ => None,
            };
            let Some((len, piece)) = piece else {
                self.peeked = Some((at, token));
                break;
            };
            if let Some((_, end)) = span.filter(|_| gap) {
                // The blanks inside parentheses, as typed.
                parts.push(Part::Lit(self.lexer.source(end, at).to_owned()));
            }
            let start = span.map_or(at, |(start, _)| start);
            span = Some((start, at + len));
            parts.extend(piece);
        }
        Ok(span.map(|(start, end)| {
            let raw = self.lexer.source(start, end).to_owned();
            (start, CondToken::Word(Word { parts, raw }))
        }))
    }

    fn compound(&mut self, opener: &str) -> Result<Compound, Stop> {
        Ok(match opener {
            "[[" => self.conditional()?,
            "{" => {
                let list = self.list(&["}"])?;
                self.require("}")?;
                Compound::Group(list)
            }
            "(" => {
                let list = self.list(&[")"])?;
                self.require(")")?;
                Compound::Subshell(list)
            }
            "if" => {
                let mut branches = Vec::new();
                let mut otherwise = None;
                loop {
                    let condition = self.list(&["then"])?;
                    self.require("then")?;
                    let branch = self.list(&["elif", "else", "fi"])?;
                    branches.push((condition, branch));
                    let (at, token) = self.next()?;
                    match &token {
                        Token::Word(w) if w.raw == "elif" => continue,
                        Token::Word(w) if w.raw == "else" => {
                            otherwise = Some(self.list(&["fi"])?);
                            self.require("fi")?;
                        }
                        Token::Word(w) if w.raw == "fi" => {}
                        _ => return Err(self.unexpected((at, token))),
                    }
                    break;
                }
                Compound::If {
                    branches,
                    otherwise,
                }
            }
            "while" | "until" => {
                let condition = self.list(&["do"])?;
                self.require("do")?;
                let body = self.do_body()?;
                Compound::Loop {
                    until: opener == "until",
                    condition,
                    body,
                }
            }
            "for" => self.for_loop()?,
            _ => self.case()?,
        })
    }

    /// `(( expression ))` after its first `(`, or `for (( ...; ...; ...
    /// ))` after `for` (`looping`), its first `(` peeked.
    fn arithmetic(&mut self, looping: bool, at: usize) -> Result<Compound, Stop> {
        self.peeked = None;
        if looping && !self.lexer.eat('(') {
            let next = self.next()?;
            return Err(self.unexpected(next));
        }
        let text = self.lexer.arith_text(at, self.depth)?;
        if !looping {
            return Ok(Compound::Arith(Lexer::arith_word(&text, at, self.depth)?));
        }
        // The three expressions, split at the `;`s outside parentheses.
        let mut parts = Vec::new();
        let (mut open, mut from) = (0usize, 0);
        for (i, c) in text.char_indices() {
            match c {
                '(' => open += 1,
                ')' => open = open.saturating_sub(1),
                ';' if open == 0 => {
                    parts.push(&text[from..i]);
                    from = i + 1;
                }
                _ => {}
            }
        }
        parts.push(&text[from..]);
        let problem = match parts.len() {
            3 => None,
            n if n < 3 => Some("arithmetic expression required"),
            _ => Some("`;' unexpected"),
        };
        if let Some(problem) = problem {
            let kind = ErrorKind::ArithFor {
                problem,
                text: text.clone(),
            };
            return Err(Stop::Error(SyntaxError { kind, at }));
        }
        let mut exprs = [Word::default(), Word::default(), Word::default()];
        for (expr, part) in exprs.iter_mut().zip(parts) {
            *expr = Lexer::arith_word(part, at, self.depth)?;
        }
        if *self.peek()? == Token::Op(Op::Semi) {
            self.next()?;
        }
        self.line_breaks()?;
        // The body: `do list done`, or bash's `{ list }`.
        let body = if is_end(self.peek()?, "{") {
            self.next()?;
            let list = self.list(&["}"])?;
            self.require("}")?;
            list
        } else {
            self.require("do")?;
            self.do_body()?
        };
        Ok(Compound::ArithFor { exprs, body })
    }

    /// `do list done`, after `do`.
    fn do_body(&mut self) -> Result<Vec<AndOr>, Stop> {
        let body = self.list(&["done"])?;
        self.require("done")?;
        Ok(body)
    }

    /// `for name [in words]; do list; done`, after `for`.
    fn for_loop(&mut self) -> Result<Compound, Stop> {
        let (at, token) = self.next()?;
        let name = match token {
            Token::Word(w) if is_name(&w.raw) => w.raw,
            Token::Word(w) => {
                let kind = ErrorKind::Identifier(w.raw);
                return Err(Stop::Error(SyntaxError { kind, at }));
            }
            other => return Err(self.unexpected((at, other))),
        };
        if *self.peek()? == Token::Op(Op::Semi) {
            self.next()?;
        }
        self.line_breaks()?;
        let mut words = None;
        if is_end(self.peek()?, "in") {
            self.next()?;
            let mut list = Vec::new();
            loop {
                let (at, token) = self.next()?;
                match token {
                    Token::Word(w) => list.push(w),
                    Token::Newline | Token::Op(Op::Semi) => break,
                    other => return Err(self.unexpected((at, other))),
                }
            }
            words = Some(list);
            self.line_breaks()?;
        }
        self.require("do")?;
        let body = self.do_body()?;
        Ok(Compound::For { name, words, body })
    }

    /// `case word in [(]pat|pat) list;; ... esac`, after `case`.
    fn case(&mut self) -> Result<Compound, Stop> {
        let (at, token) = self.next()?;
        let Token::Word(word) = token else {
            return Err(self.unexpected((at, token)));
        };
        self.line_breaks()?;
        self.require("in")?;
        let mut arms = Vec::new();
        loop {
            self.line_breaks()?;
            if is_end(self.peek()?, "esac") {
                self.next()?;
                return Ok(Compound::Case { word, arms });
            }
            if *self.peek()? == Token::Op(Op::LParen) {
                self.next()?;
            }
            let mut patterns = Vec::new();
            loop {
                let (at, token) = self.next()?;
                let Token::Word(pattern) = token else {
                    return Err(self.unexpected((at, token)));
                };
                patterns.push(pattern);
                match self.next()? {
                    (_, Token::Op(Op::Pipe)) => {}
                    (_, Token::Op(Op::RParen)) => break,
                    other => return Err(self.unexpected(other)),
                }
            }
            self.line_breaks()?;
            let token = self.peek()?;
            let list = if is_end(token, ";;") || is_end(token, "esac") {
                Vec::new()
            } else {
                self.list(&[";;", "esac"])?
            };
            arms.push((patterns, list));
            if is_end(self.peek()?, ";;") {
                self.next()?;
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

/// The assignment `word` is, if it is one: a name (with a subscript) and
/// `=` or `+=`, unquoted at its start.
pub(super) fn assignment(word: &Word) -> Option<Assignment> {
    let Some(Part::Lit(first)) = word.parts.first() else {
        return None;
    };
    // `NAME[`: an array's element.
    if let Some(open) = first.find('[')
        && is_name(&first[..open])
    {
        return element_assignment(word, open);
    }
    let eq = first.find('=')?;
    let (name, append) = match first[..eq].strip_suffix('+') {
        Some(name) => (name, true),
        None => (&first[..eq], false),
    };
    if !is_name(name) {
        return None;
    }
    let mut parts = Vec::new();
    if eq + 1 < first.len() {
        parts.push(Part::Lit(first[eq + 1..].to_owned()));
    }
    parts.extend(word.parts[1..].iter().cloned());
    let raw = word.raw.get(eq + 1..).unwrap_or_default().to_owned();
    Some(Assignment {
        name: name.to_owned(),
        append,
        value: Word { parts, raw },
        ..Assignment::default()
    })
}

/// `NAME[subscript]=value` (or `+=`), the `[` at `open`: the subscript
/// and the value read again from the word's text.
fn element_assignment(word: &Word, open: usize) -> Option<Assignment> {
    let raw = &word.raw;
    let close = open + raw[open..].find(']')?;
    let rest = &raw[close + 1..];
    let (append, value_at) = if rest.starts_with("+=") {
        (true, close + 3)
    } else if rest.starts_with('=') {
        (false, close + 2)
    } else {
        return None;
    };
    let index = Lexer::arith_word(&raw[open + 1..close], 0, 0).ok()?;
    let value = match Lexer::new(&raw[value_at..], 0).next_token().ok()? {
        (_, Token::Word(w)) => w,
        _ => Word::default(),
    };
    Some(Assignment {
        name: raw[..open].to_owned(),
        index: Some(index),
        append,
        value,
        list: None,
    })
}
