//! The small regular-expression matcher behind `grep` and `sed`: POSIX basic and
//! extended syntax with GNU's extensions (`\+ \? \|` in basic, `\w \s \b
//! \< \>`, `[[:alpha:]]` classes, intervals), and fixed strings. GNU grep's
//! messages for malformed patterns.
//!
//! Patterns compile to a Thompson NFA that is simulated in lockstep (a Pike
//! VM), so matching takes time linear in the line times the pattern and
//! never backtracks exponentially. Captures (for `sed`'s `\1`) are found in
//! a second pass over a match already found. The program size is
//! capped. Back-references are refused: they need backtracking.
//!
//! Written here rather than taken from the `regex` or `regex-lite` crates:
//! grep only asks "does this line match", which this answers in a few
//! hundred lines, and a regex crate would add tens to hundreds of KiB to the
//! page's wasm for a rarely used tool.

/// The most instructions a compiled pattern may have.
const MAX_PROGRAM: usize = 20_000;

/// How deep groups may nest.
const MAX_GROUPS: usize = 32;

/// How many repetition operators may stack on one item (`a**`).
const MAX_STACKED: usize = 8;

/// The largest count in an interval `{n,m}` (GNU's `RE_DUP_MAX`).
const MAX_REPEAT: u32 = 32_767;

/// Why a pattern did not compile: GNU grep's wording.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(super) enum RegexError {
    /// `(` or `\(` without its closing mate.
    #[error("Unmatched ( or \\(")]
    UnmatchedOpen,
    /// `\)` without an opening mate (basic syntax).
    #[error("Unmatched ) or \\)")]
    UnmatchedClose,
    /// `[` without `]`.
    #[error("Unmatched [, [^, [:, [., or [=")]
    UnmatchedBracket,
    /// `[z-a]`.
    #[error("Invalid range end")]
    RangeEnd,
    /// `[[:nope:]]`.
    #[error("Invalid character class name")]
    ClassName,
    /// `[:space:]` outside a bracket expression.
    #[error("character class syntax is [[:space:]], not [:space:]")]
    ClassSyntax,
    /// A pattern ending in `\`.
    #[error("Trailing backslash")]
    TrailingBackslash,
    /// A malformed `{n,m}`.
    #[error("Invalid content of \\{{\\}}")]
    Interval,
    /// `\{` without `\}`.
    #[error("Unmatched \\{{")]
    UnmatchedBrace,
    /// A pattern over the program cap.
    #[error("Regular expression too big")]
    TooBig,
    /// `\1` to `\9`.
    #[error("back-references (\\{0}) are not available in this simulated shell")]
    BackReference(char),
}

/// Which pattern language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Syntax {
    /// POSIX basic (`grep`).
    Basic,
    /// POSIX extended (`grep -E`).
    Extended,
    /// Fixed strings (`grep -F`).
    Fixed,
}

/// Which part of a line a match must cover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Scope {
    /// Anywhere.
    Any,
    /// A whole word (`grep -w`).
    Word,
    /// The whole line (`grep -x`).
    Line,
}

/// Zero-width tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Assert {
    LineStart,
    LineEnd,
    WordBoundary,
    NotWordBoundary,
    WordStart,
    WordEnd,
    /// Not preceded by a word character (`-w`).
    NoWordBefore,
    /// Not followed by a word character (`-w`).
    NoWordAfter,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Named {
    Alpha,
    Digit,
    Alnum,
    Upper,
    Lower,
    Space,
    Blank,
    Punct,
    Print,
    Graph,
    Cntrl,
    XDigit,
    Word,
}

impl Named {
    fn parse(name: &str) -> Option<Named> {
        Some(match name {
            "alpha" => Named::Alpha,
            "digit" => Named::Digit,
            "alnum" => Named::Alnum,
            "upper" => Named::Upper,
            "lower" => Named::Lower,
            "space" => Named::Space,
            "blank" => Named::Blank,
            "punct" => Named::Punct,
            "print" => Named::Print,
            "graph" => Named::Graph,
            "cntrl" => Named::Cntrl,
            "xdigit" => Named::XDigit,
            _ => return None,
        })
    }

    fn matches(self, c: char) -> bool {
        match self {
            Named::Alpha => c.is_alphabetic(),
            Named::Digit => c.is_ascii_digit(),
            Named::Alnum => c.is_alphanumeric(),
            Named::Upper => c.is_uppercase(),
            Named::Lower => c.is_lowercase(),
            Named::Space => c.is_whitespace(),
            Named::Blank => c == ' ' || c == '\t',
            Named::Punct => c.is_ascii_punctuation(),
            Named::Print => !c.is_control(),
            Named::Graph => !c.is_control() && !c.is_whitespace(),
            Named::Cntrl => c.is_control(),
            Named::XDigit => c.is_ascii_hexdigit(),
            Named::Word => is_word(c),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Item {
    Char(char),
    Range(char, char),
    Named(Named),
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Class {
    negated: bool,
    items: Vec<Item>,
}

impl Class {
    fn of(named: Named, negated: bool) -> Class {
        Class {
            negated,
            items: vec![Item::Named(named)],
        }
    }

    fn matches(&self, c: char, icase: bool) -> bool {
        let hit = |c: char| {
            self.items.iter().any(|item| match *item {
                Item::Char(x) => x == c,
                Item::Range(lo, hi) => lo <= c && c <= hi,
                Item::Named(n) => n.matches(c),
            })
        };
        let found = hit(c) || (icase && (hit(lower(c)) || hit(upper(c))));
        found != self.negated
    }
}

/// The parsed pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Node {
    Empty,
    Char(char),
    Any,
    Class(Class),
    Assert(Assert),
    Concat(Vec<Node>),
    Alt(Vec<Node>),
    Repeat {
        node: Box<Node>,
        min: u32,
        max: Option<u32>,
    },
    /// A parenthesized group and its number (from 1, by opening order).
    Group(Box<Node>, usize),
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The case of ASCII and Latin-1 letters, which covers English and
/// Spanish text; other letters keep theirs. Unicode's full case tables
/// would cost the shell's wasm 8 KB brotli, for text the simulated
/// cluster never prints.
fn lower(c: char) -> char {
    match c {
        'A'..='Z' | 'À'..='Þ' if c != '×' => shift_case(c, 32),
        _ => c,
    }
}

fn upper(c: char) -> char {
    match c {
        'a'..='z' | 'à'..='þ' if c != '÷' => shift_case(c, -32),
        _ => c,
    }
}

fn shift_case(c: char, by: i32) -> char {
    u32::from(c)
        .checked_add_signed(by)
        .and_then(char::from_u32)
        .unwrap_or(c)
}

/// A recursive-descent parser over the pattern's characters.
struct Parser {
    chars: Vec<char>,
    pos: usize,
    syntax: Syntax,
    depth: usize,
    /// Groups opened so far.
    groups: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek2(&self) -> Option<char> {
        self.chars.get(self.pos + 1).copied()
    }

    fn extended(&self) -> bool {
        self.syntax == Syntax::Extended
    }

    /// Whether an alternation bar starts here.
    fn at_bar(&self) -> bool {
        if self.extended() {
            self.peek() == Some('|')
        } else {
            self.peek() == Some('\\') && self.peek2() == Some('|')
        }
    }

    /// Whether a group closes here.
    fn at_close(&self) -> bool {
        if self.extended() {
            self.peek() == Some(')') && self.depth > 0
        } else {
            self.peek() == Some('\\') && self.peek2() == Some(')')
        }
    }

    fn alternation(&mut self) -> Result<Node, RegexError> {
        let mut branches = vec![self.concat()?];
        while self.at_bar() {
            self.pos += if self.extended() { 1 } else { 2 };
            branches.push(self.concat()?);
        }
        Ok(if branches.len() == 1 {
            branches.pop().unwrap_or(Node::Empty)
        } else {
            Node::Alt(branches)
        })
    }

    fn concat(&mut self) -> Result<Node, RegexError> {
        let mut items: Vec<Node> = Vec::new();
        // Operators stacked on one item (`a**`), capped so nesting stays shallow.
        let mut stacked = 0;
        while self.peek().is_some() && !self.at_bar() && !self.at_close() {
            // After an anchor, as at a branch start, `*` is an ordinary character.
            let repeatable = items.last().is_some_and(|n| !matches!(n, Node::Assert(_)));
            if repeatable && let Some((min, max)) = self.repetition()? {
                stacked += 1;
                if stacked > MAX_STACKED {
                    return Err(RegexError::TooBig);
                }
                if let Some(node) = items.pop() {
                    items.push(Node::Repeat {
                        node: Box::new(node),
                        min,
                        max,
                    });
                }
                continue;
            }
            stacked = 0;
            let start = items.is_empty();
            items.push(self.atom(start)?);
        }
        Ok(match items.len() {
            0 => Node::Empty,
            1 => items.pop().unwrap_or(Node::Empty),
            _ => Node::Concat(items),
        })
    }

    /// A repetition operator here, after an item, if any: its bounds. (At
    /// the start of a branch the operator is an ordinary character.)
    fn repetition(&mut self) -> Result<Option<(u32, Option<u32>)>, RegexError> {
        let ext = self.extended();
        let (c, escaped) = match (self.peek(), self.peek2()) {
            (Some('\\'), Some(c)) if !ext => (c, true),
            (Some(c), _) => (c, false),
            (None, _) => return Ok(None),
        };
        let bounds = match (c, escaped, ext) {
            ('*', false, _) => (0, None),
            ('+', true, false) | ('+', false, true) => (1, None),
            ('?', true, false) | ('?', false, true) => (0, Some(1)),
            ('{', true, false) | ('{', false, true) => {
                self.pos += if escaped { 2 } else { 1 };
                return self.interval().map(Some);
            }
            _ => return Ok(None),
        };
        self.pos += if escaped { 2 } else { 1 };
        Ok(Some(bounds))
    }

    /// `n}`, `n,}`, `,m}` or `n,m}` after `{` (with `\}` in basic syntax).
    fn interval(&mut self) -> Result<(u32, Option<u32>), RegexError> {
        let number = |p: &mut Parser| -> Result<Option<u32>, RegexError> {
            let mut value: Option<u32> = None;
            while let Some(d) = p.peek().and_then(|c| c.to_digit(10)) {
                let v = value.unwrap_or(0) * 10 + d;
                if v > MAX_REPEAT {
                    return Err(RegexError::TooBig);
                }
                value = Some(v);
                p.pos += 1;
            }
            Ok(value)
        };
        let min = number(self)?;
        let max = if self.peek() == Some(',') {
            self.pos += 1;
            number(self)?
        } else {
            Some(min.ok_or(RegexError::Interval)?)
        };
        let closed = if self.extended() {
            self.peek() == Some('}')
        } else {
            self.peek() == Some('\\') && self.peek2() == Some('}')
        };
        if !closed {
            return Err(if self.peek().is_none() {
                RegexError::UnmatchedBrace
            } else {
                RegexError::Interval
            });
        }
        self.pos += if self.extended() { 1 } else { 2 };
        let min = min.unwrap_or(0);
        if max.is_some_and(|m| m < min) {
            return Err(RegexError::Interval);
        }
        Ok((min, max))
    }

    fn atom(&mut self, start: bool) -> Result<Node, RegexError> {
        let ext = self.extended();
        let Some(c) = self.peek() else {
            return Ok(Node::Empty);
        };
        self.pos += 1;
        Ok(match c {
            '.' => Node::Any,
            '[' => self.bracket()?,
            '^' if ext || start => Node::Assert(Assert::LineStart),
            '$' if ext || self.at_branch_end() => Node::Assert(Assert::LineEnd),
            '(' if ext => self.group()?,
            '\\' => self.escape()?,
            // `*` (and `+ ? {` in extended syntax) at a branch start, and a
            // stray `)`, are ordinary characters.
            c => Node::Char(c),
        })
    }

    /// In basic syntax `$` is an anchor only at the end of a branch.
    fn at_branch_end(&self) -> bool {
        self.peek().is_none() || self.at_bar() || self.at_close()
    }

    fn group(&mut self) -> Result<Node, RegexError> {
        if self.depth >= MAX_GROUPS {
            return Err(RegexError::TooBig);
        }
        self.depth += 1;
        self.groups += 1;
        let index = self.groups;
        let inner = self.alternation()?;
        self.depth -= 1;
        let closes = if self.extended() {
            self.peek() == Some(')')
        } else {
            self.peek() == Some('\\') && self.peek2() == Some(')')
        };
        if !closes {
            return Err(RegexError::UnmatchedOpen);
        }
        self.pos += if self.extended() { 1 } else { 2 };
        Ok(Node::Group(Box::new(inner), index))
    }

    fn escape(&mut self) -> Result<Node, RegexError> {
        let Some(c) = self.peek() else {
            return Err(RegexError::TrailingBackslash);
        };
        self.pos += 1;
        let ext = self.extended();
        Ok(match c {
            '(' if !ext => self.group()?,
            ')' if !ext => return Err(RegexError::UnmatchedClose),
            '1'..='9' => return Err(RegexError::BackReference(c)),
            'w' => Node::Class(Class::of(Named::Word, false)),
            'W' => Node::Class(Class::of(Named::Word, true)),
            's' => Node::Class(Class::of(Named::Space, false)),
            'S' => Node::Class(Class::of(Named::Space, true)),
            'b' => Node::Assert(Assert::WordBoundary),
            'B' => Node::Assert(Assert::NotWordBoundary),
            '<' => Node::Assert(Assert::WordStart),
            '>' => Node::Assert(Assert::WordEnd),
            c => Node::Char(c),
        })
    }

    /// A bracket expression, after its `[`.
    fn bracket(&mut self) -> Result<Node, RegexError> {
        let open = self.pos;
        let negated = self.peek() == Some('^');
        if negated {
            self.pos += 1;
        }
        let mut items = Vec::new();
        let mut first = true;
        loop {
            let c = self.peek().ok_or(RegexError::UnmatchedBracket)?;
            self.pos += 1;
            match c {
                ']' if !first => break,
                '[' if self.peek() == Some(':') => {
                    let rest: String = self.chars[self.pos + 1..].iter().collect();
                    let end = rest.find(":]").ok_or(RegexError::UnmatchedBracket)?;
                    let name = &rest[..end];
                    items.push(Item::Named(
                        Named::parse(name).ok_or(RegexError::ClassName)?,
                    ));
                    self.pos += 1 + name.chars().count() + 2;
                }
                _ if self.peek() == Some('-') && self.peek2().is_some_and(|e| e != ']') => {
                    self.pos += 1;
                    let end = self.peek().ok_or(RegexError::UnmatchedBracket)?;
                    self.pos += 1;
                    if end < c {
                        return Err(RegexError::RangeEnd);
                    }
                    items.push(Item::Range(c, end));
                }
                c => items.push(Item::Char(c)),
            }
            first = false;
        }
        // `[:space:]` is almost always a mistake for `[[:space:]]`.
        let body: String = self.chars[open..self.pos - 1].iter().collect();
        if body.len() > 2 && body.starts_with(':') && body.ends_with(':') {
            return Err(RegexError::ClassSyntax);
        }
        Ok(Node::Class(Class { negated, items }))
    }
}

/// One instruction of the NFA program.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Inst {
    Char(char),
    Any,
    Class(Class),
    Assert(Assert),
    Split(usize, usize),
    Jmp(usize),
    /// Records the position in capture slot `n` (group `n / 2`'s start
    /// or end); otherwise a no-op.
    Save(usize),
    Match,
}

/// A compiled pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Regex {
    program: Vec<Inst>,
    icase: bool,
    /// The most groups any one pattern has.
    groups: usize,
}

struct Compiler {
    program: Vec<Inst>,
    icase: bool,
}

impl Compiler {
    fn emit(&mut self, inst: Inst) -> Result<usize, RegexError> {
        if self.program.len() >= MAX_PROGRAM {
            return Err(RegexError::TooBig);
        }
        self.program.push(inst);
        Ok(self.program.len() - 1)
    }

    fn patch(&mut self, at: usize, inst: Inst) {
        if let Some(slot) = self.program.get_mut(at) {
            *slot = inst;
        }
    }

    fn node(&mut self, node: &Node) -> Result<(), RegexError> {
        match node {
            Node::Empty => {}
            Node::Char(c) => {
                let c = if self.icase { lower(*c) } else { *c };
                self.emit(Inst::Char(c))?;
            }
            Node::Any => {
                self.emit(Inst::Any)?;
            }
            Node::Class(class) => {
                self.emit(Inst::Class(class.clone()))?;
            }
            Node::Assert(a) => {
                self.emit(Inst::Assert(*a))?;
            }
            Node::Concat(items) => {
                for item in items {
                    self.node(item)?;
                }
            }
            Node::Alt(branches) => {
                let mut jumps = Vec::new();
                for (i, branch) in branches.iter().enumerate() {
                    if i + 1 < branches.len() {
                        let split = self.emit(Inst::Split(0, 0))?;
                        self.node(branch)?;
                        jumps.push(self.emit(Inst::Jmp(0))?);
                        let next = self.program.len();
                        self.patch(split, Inst::Split(split + 1, next));
                    } else {
                        self.node(branch)?;
                    }
                }
                let end = self.program.len();
                for j in jumps {
                    self.patch(j, Inst::Jmp(end));
                }
            }
            Node::Group(inner, index) => {
                self.emit(Inst::Save(2 * index))?;
                self.node(inner)?;
                self.emit(Inst::Save(2 * index + 1))?;
            }
            Node::Repeat { node, min, max } => {
                for _ in 0..*min {
                    self.node(node)?;
                }
                match max {
                    None => {
                        // L: split body, end; body; jmp L
                        let split = self.emit(Inst::Split(0, 0))?;
                        self.node(node)?;
                        self.emit(Inst::Jmp(split))?;
                        let end = self.program.len();
                        self.patch(split, Inst::Split(split + 1, end));
                    }
                    Some(max) => {
                        let mut splits = Vec::new();
                        for _ in *min..*max {
                            splits.push(self.emit(Inst::Split(0, 0))?);
                            self.node(node)?;
                        }
                        let end = self.program.len();
                        for s in splits {
                            self.patch(s, Inst::Split(s + 1, end));
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

impl Regex {
    /// Compiles `patterns` (any one may match) in `syntax`, ignoring case
    /// with `icase`, restricted to `scope`.
    pub(super) fn new(
        patterns: &[String],
        syntax: Syntax,
        icase: bool,
        scope: Scope,
    ) -> Result<Regex, RegexError> {
        let mut branches = Vec::new();
        let mut groups = 0;
        for pattern in patterns {
            let chars: Vec<char> = pattern.chars().collect();
            let node = if syntax == Syntax::Fixed {
                Node::Concat(chars.into_iter().map(Node::Char).collect())
            } else {
                let mut parser = Parser {
                    chars,
                    pos: 0,
                    syntax,
                    depth: 0,
                    groups: 0,
                };
                let node = parser.alternation()?;
                if parser.peek().is_some() {
                    // Only an unopened `\)` stops the parse early.
                    return Err(RegexError::UnmatchedClose);
                }
                groups = groups.max(parser.groups);
                node
            };
            branches.push(match scope {
                Scope::Any => node,
                Scope::Word => Node::Concat(vec![
                    Node::Assert(Assert::NoWordBefore),
                    node,
                    Node::Assert(Assert::NoWordAfter),
                ]),
                Scope::Line => Node::Concat(vec![
                    Node::Assert(Assert::LineStart),
                    node,
                    Node::Assert(Assert::LineEnd),
                ]),
            });
        }
        let mut compiler = Compiler {
            program: Vec::new(),
            icase,
        };
        compiler.node(&Node::Alt(branches))?;
        compiler.emit(Inst::Match)?;
        Ok(Regex {
            program: compiler.program,
            icase,
            groups,
        })
    }

    /// Whether the pattern matches somewhere in `line`, spending at most
    /// `steps` thread steps (and taking them off); `None` if they ran out.
    pub(super) fn is_match(&self, line: &str, steps: &mut usize) -> Option<bool> {
        let text: Vec<char> = line.chars().collect();
        let n = self.program.len();
        let mut current = Threads::new(n);
        let mut next = Threads::new(n);
        let mut stack = Vec::new();
        for pos in 0..=text.len() {
            // Unanchored search: a new thread starts at every position.
            if self.add(&mut current, &mut stack, 0, pos, &text, true) {
                return Some(true);
            }
            *steps = steps.checked_sub(current.len() + 1)?;
            let Some(&c) = text.get(pos) else {
                break;
            };
            next.clear();
            for i in 0..current.len() {
                let pc = current.dense[i];
                if self.consumes(pc, c)
                    && self.add(&mut next, &mut stack, pc + 1, pos + 1, &text, true)
                {
                    return Some(true);
                }
            }
            std::mem::swap(&mut current, &mut next);
        }
        Some(false)
    }

    /// The leftmost-longest match in `text` that starts at or after
    /// `from`, as char positions `(start, end)`, as POSIX matching (and
    /// `grep -o`) takes it; `Some(None)` if there is none, `None` if the
    /// `steps` ran out.
    pub(super) fn find(
        &self,
        text: &[char],
        from: usize,
        steps: &mut usize,
    ) -> Option<Option<(usize, usize)>> {
        let n = self.program.len();
        let mut current = Threads::new(n);
        let mut next = Threads::new(n);
        let mut stack = Vec::new();
        for start in from..=text.len() {
            // Anchored at `start`: every thread runs on to find the longest end.
            current.clear();
            let mut end = self
                .add(&mut current, &mut stack, 0, start, text, false)
                .then_some(start);
            for pos in start..text.len() {
                if current.len() == 0 {
                    break;
                }
                *steps = steps.checked_sub(current.len() + 1)?;
                next.clear();
                for i in 0..current.len() {
                    let pc = current.dense[i];
                    if self.consumes(pc, text[pos])
                        && self.add(&mut next, &mut stack, pc + 1, pos + 1, text, false)
                    {
                        end = Some(pos + 1);
                    }
                }
                std::mem::swap(&mut current, &mut next);
            }
            if let Some(end) = end {
                return Some(Some((start, end)));
            }
        }
        Some(None)
    }

    /// How many groups the pattern has (`\1` to `\N` may refer to them).
    pub(super) fn groups(&self) -> usize {
        self.groups
    }

    /// The spans of the groups of a match already found at
    /// `text[start..end]` (by [`Regex::find`]): entry 0 is the match, entry
    /// `n` group `n` (`None` if it took no part). The first path through
    /// the pattern in priority order (greedy repeats, left alternatives)
    /// decides them. `None` if the `steps` ran out.
    pub(super) fn captures(
        &self,
        text: &[char],
        (start, end): (usize, usize),
        steps: &mut usize,
    ) -> Option<Vec<Option<(usize, usize)>>> {
        let n = self.program.len();
        let mut current = Threads::new(n);
        let mut next = Threads::new(n);
        let empty: Slots = vec![None; 2 * self.groups + 2];
        let (mut now, mut then) = (vec![Vec::new(); n], vec![Vec::new(); n]);
        let mut found = self.follow(&mut current, &mut now, (0, start), text, empty, end);
        for pos in start..end {
            *steps = steps.checked_sub(current.len() + 1)?;
            next.clear();
            for i in 0..current.len() {
                let pc = current.dense[i];
                if self.consumes(pc, text[pos]) {
                    let slots = std::mem::take(&mut now[pc]);
                    let hit =
                        self.follow(&mut next, &mut then, (pc + 1, pos + 1), text, slots, end);
                    found = found.or(hit);
                }
            }
            std::mem::swap(&mut current, &mut next);
            std::mem::swap(&mut now, &mut then);
        }
        let slots = found?;
        let mut spans = vec![Some((start, end))];
        for g in 1..=self.groups {
            spans.push(slots[2 * g].zip(slots[2 * g + 1]));
        }
        Some(spans)
    }

    /// [`Regex::add`] carrying capture slots: adds the thread at `pc` (at
    /// text position `pos`) and what it reaches without consuming input,
    /// in priority order, each consuming thread with its slots in `slots_at`.
    /// The slots of the first path to a match at `end`, if any.
    fn follow(
        &self,
        threads: &mut Threads,
        slots_at: &mut [Slots],
        (pc, pos): (usize, usize),
        text: &[char],
        slots: Slots,
        end: usize,
    ) -> Option<Slots> {
        let mut stack = vec![(pc, slots)];
        let mut found = None;
        while let Some((pc, mut slots)) = stack.pop() {
            if !threads.insert(pc) {
                continue;
            }
            match &self.program[pc] {
                Inst::Match if pos == end => {
                    found = found.or(Some(slots));
                }
                Inst::Jmp(to) => stack.push((*to, slots)),
                Inst::Split(a, b) => {
                    stack.push((*b, slots.clone()));
                    stack.push((*a, slots));
                }
                Inst::Assert(a) if assert_holds(*a, pos, text) => stack.push((pc + 1, slots)),
                Inst::Save(slot) => {
                    slots[*slot] = Some(pos);
                    stack.push((pc + 1, slots));
                }
                _ => slots_at[pc] = slots,
            }
        }
        found
    }

    /// Whether the instruction at `pc` takes the character `c`.
    fn consumes(&self, pc: usize, c: char) -> bool {
        match &self.program[pc] {
            Inst::Char(x) => *x == if self.icase { lower(c) } else { c },
            Inst::Any => true,
            Inst::Class(class) => class.matches(c, self.icase),
            _ => false,
        }
    }

    /// Adds the thread at `pc` and everything reachable from it without
    /// consuming input; true if that reaches a match (where it stops, if
    /// `first` is set: any match will do).
    fn add(
        &self,
        threads: &mut Threads,
        stack: &mut Vec<usize>,
        pc: usize,
        pos: usize,
        text: &[char],
        first: bool,
    ) -> bool {
        stack.clear();
        stack.push(pc);
        let mut matched = false;
        while let Some(pc) = stack.pop() {
            if !threads.insert(pc) {
                continue;
            }
            match &self.program[pc] {
                Inst::Match if first => return true,
                Inst::Match => matched = true,
                Inst::Jmp(to) => stack.push(*to),
                Inst::Split(a, b) => {
                    stack.push(*b);
                    stack.push(*a);
                }
                Inst::Assert(a) if assert_holds(*a, pos, text) => stack.push(pc + 1),
                Inst::Save(_) => stack.push(pc + 1),
                _ => {}
            }
        }
        matched
    }
}

fn assert_holds(a: Assert, pos: usize, text: &[char]) -> bool {
    let before = pos > 0 && text.get(pos - 1).copied().is_some_and(is_word);
    let after = text.get(pos).copied().is_some_and(is_word);
    match a {
        Assert::LineStart => pos == 0,
        Assert::LineEnd => pos == text.len(),
        Assert::WordBoundary => before != after,
        Assert::NotWordBoundary => before == after,
        Assert::WordStart => !before && after,
        Assert::WordEnd => before && !after,
        Assert::NoWordBefore => !before,
        Assert::NoWordAfter => !after,
    }
}

/// Where each group started and ended on one path: slots `2n`, `2n + 1`.
type Slots = Vec<Option<usize>>;

/// A sparse set of program counters: O(1) insert, clear and membership.
struct Threads {
    dense: Vec<usize>,
    sparse: Vec<usize>,
}

impl Threads {
    fn new(n: usize) -> Threads {
        Threads {
            dense: Vec::with_capacity(n),
            sparse: vec![0; n],
        }
    }

    fn len(&self) -> usize {
        self.dense.len()
    }

    fn clear(&mut self) {
        self.dense.clear();
    }

    /// Inserts `pc`; false if it was already there.
    fn insert(&mut self, pc: usize) -> bool {
        let i = self.sparse[pc];
        if i < self.dense.len() && self.dense[i] == pc {
            return false;
        }
        self.sparse[pc] = self.dense.len();
        self.dense.push(pc);
        true
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn re(p: &str, syntax: Syntax) -> Matcher {
        Matcher(Regex::new(&[p.to_owned()], syntax, false, Scope::Any).unwrap())
    }

    /// A regex with an unlimited budget, for short test lines.
    struct Matcher(Regex);

    impl Matcher {
        fn is_match(&self, line: &str) -> bool {
            let mut budget = usize::MAX;
            self.0.is_match(line, &mut budget).unwrap()
        }

        /// Every match, as `grep -o` prints them.
        fn all(&self, line: &str) -> Vec<String> {
            let text: Vec<char> = line.chars().collect();
            let (mut from, mut out) = (0, Vec::new());
            let mut budget = usize::MAX;
            while let Some(Some((start, end))) = self.0.find(&text, from, &mut budget) {
                if end > start {
                    out.push(text[start..end].iter().collect());
                }
                from = end.max(start + 1);
                if from > text.len() {
                    break;
                }
            }
            out
        }
    }

    /// Leftmost, then longest, as POSIX says (not the first alternative
    /// that matches, as Perl's engines do).
    #[test]
    fn find_is_leftmost_longest() {
        let e = Syntax::Extended;
        assert_eq!(
            re("node-[0-9]+", e).all("node-3,node-12 x"),
            ["node-3", "node-12"]
        );
        assert_eq!(re("a|ab|abc", e).all("xabcd"), ["abc"]);
        assert_eq!(re("x*", e).all("axxb"), ["xx"]);
        assert_eq!(re("^a", e).all("aaa"), ["a"]);
        assert_eq!(
            re(r"[0-9]+\.[0-9]+", e).all("busbw 37.21 GB/s, 9.5"),
            ["37.21", "9.5"]
        );
        assert!(re("z", e).all("abc").is_empty());
        let mut none = 0;
        let text: Vec<char> = "aaaa".chars().collect();
        assert_eq!(
            re("a*a*b", e).0.find(&text, 0, &mut none),
            None,
            "out of steps"
        );
    }

    fn err(p: &str, syntax: Syntax) -> String {
        Regex::new(&[p.to_owned()], syntax, false, Scope::Any)
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn basic_syntax() {
        let b = Syntax::Basic;
        assert!(re("a.c", b).is_match("xabcx"));
        assert!(re("^ab*c$", b).is_match("abbbc"));
        assert!(!re("^ab*c$", b).is_match("xabbbc"));
        assert!(re("a+", b).is_match("a+"));
        assert!(!re("a+", b).is_match("aa"));
        assert!(re(r"a\+", b).is_match("aa"));
        assert!(re(r"\(ab\)\{2\}", b).is_match("abab"));
        assert!(!re(r"^\(ab\)\{3\}$", b).is_match("abab"));
        assert!(re("*a", b).is_match("*a"));
        assert!(re("a$b", b).is_match("a$b"));
        assert!(re(r"cat\|dog", b).is_match("hotdog"));
        assert!(re("[[:digit:]][0-9]", b).is_match("x42"));
        assert!(re("[^a-z]", b).is_match("abC"));
        assert!(!re("[^a-z]", b).is_match("abc"));
        assert!(re("[]x]", b).is_match("]"));
    }

    #[test]
    fn extended_syntax() {
        let e = Syntax::Extended;
        assert!(re("colou?r", e).is_match("color"));
        assert!(re("(ab)+$", e).is_match("xabab"));
        assert!(re("^(GPU|CPU)[0-9]{2,}", e).is_match("GPU12"));
        assert!(!re("^(GPU|CPU)[0-9]{2,}", e).is_match("GPU1"));
        assert!(re("a|^b", e).is_match("b"));
        assert!(re(r"\bgpu\b", e).is_match("a gpu node"));
        assert!(!re(r"\<gpu\>", e).is_match("gpus"));
        assert!(!re("(a*)*b", e).is_match(&"a".repeat(1000)));
        assert_eq!(err(&"(".repeat(100), e), "Regular expression too big");
        assert_eq!(
            err(&format!("a{}", "*".repeat(100)), e),
            "Regular expression too big"
        );
    }

    #[test]
    fn scopes_and_case() {
        let w = Matcher(Regex::new(&["gpu".into()], Syntax::Fixed, true, Scope::Word).unwrap());
        assert!(w.is_match("a GPU node"));
        assert!(!w.is_match("gpus"));
        // Spanish letters fold too, in patterns and in text.
        let es = Matcher(Regex::new(&["canción".into()], Syntax::Basic, true, Scope::Any).unwrap());
        assert!(es.is_match("LA CANCIÓN"));
        assert!(!es.is_match("CANCION"));
        let enye = Matcher(Regex::new(&["AÑO".into()], Syntax::Fixed, true, Scope::Any).unwrap());
        assert!(enye.is_match("el año"));
        let x = Matcher(Regex::new(&["a.".into()], Syntax::Basic, false, Scope::Line).unwrap());
        assert!(x.is_match("ab"));
        assert!(!x.is_match("abc"));
        let f = Matcher(
            Regex::new(
                &["a.b".into(), "z".into()],
                Syntax::Fixed,
                false,
                Scope::Any,
            )
            .unwrap(),
        );
        assert!(f.is_match("xa.b"));
        assert!(!f.is_match("axb"));
        assert!(f.is_match("z"));
    }

    #[test]
    fn gnu_errors() {
        assert_eq!(err("(", Syntax::Extended), "Unmatched ( or \\(");
        assert_eq!(err(r"\(", Syntax::Basic), "Unmatched ( or \\(");
        assert_eq!(err(r"a\)", Syntax::Basic), "Unmatched ) or \\)");
        assert_eq!(err("[a", Syntax::Basic), "Unmatched [, [^, [:, [., or [=");
        assert_eq!(err("[z-a]", Syntax::Basic), "Invalid range end");
        assert_eq!(
            err("[[:nope:]]", Syntax::Basic),
            "Invalid character class name"
        );
        assert_eq!(
            err("[:space:]", Syntax::Basic),
            "character class syntax is [[:space:]], not [:space:]"
        );
        assert_eq!(err("a\\", Syntax::Basic), "Trailing backslash");
        assert_eq!(err("a{2,1}", Syntax::Extended), "Invalid content of \\{\\}");
        assert_eq!(err(r"a\{2", Syntax::Basic), "Unmatched \\{");
        assert_eq!(
            err("a{99999}", Syntax::Extended),
            "Regular expression too big"
        );
        assert_eq!(
            err("(a{1000}){1000}", Syntax::Extended),
            "Regular expression too big"
        );
        assert!(err(r"\(a\)\1", Syntax::Basic).contains("back-references"));
        assert!(re(")", Syntax::Extended).is_match(")"));
    }

    /// The text of each group of the first match in `line`.
    fn groups(p: &str, syntax: Syntax, line: &str) -> Vec<Option<String>> {
        let r = re(p, syntax).0;
        let text: Vec<char> = line.chars().collect();
        let mut budget = usize::MAX;
        let span = r.find(&text, 0, &mut budget).unwrap().unwrap();
        let spans = r.captures(&text, span, &mut budget).unwrap();
        spans
            .into_iter()
            .map(|s| s.map(|(a, b)| text[a..b].iter().collect()))
            .collect()
    }

    #[test]
    fn captures_follow_greedy_priority() {
        let some = |v: &[&str]| -> Vec<Option<String>> {
            v.iter().map(|s| Some((*s).to_owned())).collect()
        };
        let b = Syntax::Basic;
        let e = Syntax::Extended;
        assert_eq!(
            groups(r"\([a-z]*\)-\([0-9]*\)", b, "x node-12 y"),
            some(&["node-12", "node", "12"])
        );
        assert_eq!(groups("(a*)(a*)", e, "aaa"), some(&["aaa", "aaa", ""]));
        assert_eq!(groups("(x)|(y)", e, "y")[1], None);
        assert_eq!(groups("((a)b)+", e, "abab"), some(&["abab", "ab", "a"]));
        let mut none = 0;
        let text: Vec<char> = "aaaa".chars().collect();
        let r = re("(a)*", e).0;
        assert_eq!(r.captures(&text, (0, 4), &mut none), None, "out of steps");
    }

    #[test]
    fn matching_stops_when_the_budget_runs_out() {
        let r = Regex::new(&["(a|aa)*b".into()], Syntax::Extended, false, Scope::Any).unwrap();
        let line = "a".repeat(10_000);
        assert_eq!(r.is_match(&line, &mut 1_000), None);
        let mut plenty = 100_000_000;
        assert_eq!(r.is_match(&line, &mut plenty), Some(false));
        assert!(plenty < 100_000_000);
    }
}
