//! `find`'s command line read as GNU findutils 4.9.0 reads it: options,
//! starting points, then an expression of tests, actions and operators,
//! with findutils' messages for what it cannot read.

use super::super::fs::{Kind, Meta};
use super::super::regex::{Regex, Scope, Syntax};
use super::printf::Format;

/// How a number given to `-mtime`, `-mmin` or `-size` compares: `-N`, `N`
/// or `+N`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Cmp {
    Less,
    Exactly,
    More,
}

impl Cmp {
    /// `value` compared with `n` this way.
    pub(super) fn holds(self, value: f64, n: f64) -> bool {
        match self {
            Cmp::Less => value < n,
            Cmp::Exactly => value == n,
            Cmp::More => value > n,
        }
    }
}

/// A test: true or false of an entry, changing nothing.
#[derive(Debug)]
pub(super) enum Test {
    /// `-name`/`-iname`: the last name matches a glob.
    Name {
        pattern: String,
        icase: bool,
    },
    /// `-path`/`-wholename` (and `-i...`): the whole path matches a glob.
    Path {
        pattern: String,
        icase: bool,
    },
    /// `-regex`/`-iregex`: the whole path matches.
    Regex(Box<Regex>),
    /// `-type`: one of these kinds (letters other than `f`, `d` and `c`
    /// name kinds this filesystem has none of).
    Type(Vec<char>),
    Empty,
    Executable,
    Readable,
    Writable,
    /// `-newer FILE`: modified after this time.
    Newer(u64),
    /// `-mtime N`: whole days since the change.
    Days(Cmp, f64),
    /// `-mmin N`: minutes since the change.
    Minutes(Cmp, f64),
    /// `-size N[unit]`: the size in units, rounded up.
    Size {
        cmp: Cmp,
        count: u64,
        unit: u64,
    },
    /// `-true`, `-false`, and the options, which are always true.
    Constant(bool),
}

/// An action: something done, true or false as it went.
#[derive(Debug)]
pub(super) enum Action {
    Print,
    Print0,
    Printf(Format),
    Delete,
    /// `-exec COMMAND ;` (each entry) or `-exec COMMAND {} +` (all at
    /// once, as the `batch`-th of its kind).
    Exec {
        argv: Vec<String>,
        batch: Option<usize>,
    },
    Prune,
    Quit,
}

/// The expression.
#[derive(Debug)]
pub(super) enum Expr {
    Test(Test),
    Action(Action),
    Not(Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
    /// `A , B`: both, the value B's.
    Comma(Box<Expr>, Box<Expr>),
}

/// What a command line asks for.
#[derive(Debug)]
pub(super) struct Plan {
    pub(super) starts: Vec<String>,
    pub(super) expr: Expr,
    pub(super) min_depth: usize,
    pub(super) max_depth: Option<usize>,
    /// `-depth` (or `-delete`): a directory's entries before it.
    pub(super) depth_first: bool,
    /// How many `-exec ... +` there are.
    pub(super) batches: usize,
}

/// What a command line makes find do instead of searching.
#[derive(Debug, PartialEq)]
pub(super) enum Halt {
    Help,
    Version,
    /// The messages (without `find: `), status 1.
    Error(Vec<String>),
}

/// What the parser needs to know of the world.
pub(super) struct Context<'a> {
    /// The entry a path (as typed) names, if any.
    pub(super) stat: &'a dyn Fn(&str) -> Option<Meta>,
    /// Quotes a name in the locale's quotes (`‘x’` or `'x'`).
    pub(super) quote: &'a dyn Fn(&str) -> String,
    /// Whether warnings are on (standard input is a terminal).
    pub(super) warnings: bool,
}

/// The predicates of findutils 4.9.0 that this model does not run.
const NOT_SIMULATED: &[&str] = &[
    "-amin",
    "-anewer",
    "-atime",
    "-cmin",
    "-cnewer",
    "-context",
    "-ctime",
    "-daystart",
    "-execdir",
    "-files0-from",
    "-fls",
    "-fprint",
    "-fprint0",
    "-fprintf",
    "-fstype",
    "-gid",
    "-group",
    "-ilname",
    "-inum",
    "-links",
    "-lname",
    "-ls",
    "-newerXY",
    "-nogroup",
    "-nouser",
    "-ok",
    "-okdir",
    "-perm",
    "-samefile",
    "-uid",
    "-used",
    "-user",
    "-xtype",
];

/// Options that change nothing here (besides `-follow`, `-warn` and
/// `-nowarn`, which are positional).
const INERT_OPTIONS: &[&str] = &[
    "-ignore_readdir_race",
    "-mount",
    "-noignore_readdir_race",
    "-noleaf",
    "-xdev",
];

/// Whether `arg` starts the expression: findutils' `looks_like_expression`
/// (`)` and `,` start it only after something else).
pub(super) fn looks_like_expression(arg: &str, leading: bool) -> bool {
    match arg {
        "!" | "(" => true,
        ")" | "," => !leading,
        _ => arg.starts_with('-') && arg.len() > 1,
    }
}

/// The parser's state: the words and where it is.
struct Parser<'a, 'c> {
    args: &'a [String],
    at: usize,
    ctx: &'a Context<'c>,
    min_depth: usize,
    max_depth: Option<usize>,
    depth_first: bool,
    batches: usize,
    has_action: bool,
    syntax: RegexType,
    /// The first test or action read, for the warning about options after it.
    first_predicate: Option<&'a str>,
    /// The last predicate read, for the hint about unquoted patterns.
    last_predicate: &'a str,
    warned: Vec<String>,
}

/// `-regextype`'s families.
#[derive(Debug, Clone, Copy)]
enum RegexType {
    Emacs,
    Basic,
    Extended,
}

/// The `-regextype` names findutils lists, in its order.
const REGEX_TYPES: [(&str, RegexType); 13] = [
    ("findutils-default", RegexType::Emacs),
    ("ed", RegexType::Basic),
    ("emacs", RegexType::Emacs),
    ("gnu-awk", RegexType::Extended),
    ("grep", RegexType::Basic),
    ("posix-awk", RegexType::Extended),
    ("awk", RegexType::Extended),
    ("posix-basic", RegexType::Basic),
    ("posix-egrep", RegexType::Extended),
    ("egrep", RegexType::Extended),
    ("posix-extended", RegexType::Extended),
    ("posix-minimal-basic", RegexType::Basic),
    ("sed", RegexType::Basic),
];

/// Reads `args` (after `find`): the plan, and any warnings to print first.
pub(super) fn parse(args: &[String], ctx: &Context<'_>) -> (Result<Plan, Halt>, Vec<String>) {
    let mut at = 0;
    // -H -L -P: symbolic links, of which this filesystem has none.
    while args
        .get(at)
        .is_some_and(|a| matches!(a.as_str(), "-H" | "-L" | "-P"))
    {
        at += 1;
    }
    let starts_at = at;
    while args
        .get(at)
        .is_some_and(|a| !looks_like_expression(a, true))
    {
        at += 1;
    }
    let mut starts = args[starts_at..at].to_vec();
    if starts.is_empty() {
        starts.push(".".to_owned());
    }
    let mut parser = Parser {
        args,
        at,
        ctx,
        min_depth: 0,
        max_depth: None,
        depth_first: false,
        batches: 0,
        has_action: false,
        syntax: RegexType::Emacs,
        first_predicate: None,
        last_predicate: "",
        warned: Vec::new(),
    };
    let result = parser.whole().map(|expr| {
        // Without an action, every entry the expression accepts is printed.
        let expr = match (expr, parser.has_action) {
            (None, _) => Expr::Action(Action::Print),
            (Some(e), true) => e,
            (Some(e), false) => Expr::And(Box::new(e), Box::new(Expr::Action(Action::Print))),
        };
        Plan {
            starts,
            expr,
            min_depth: parser.min_depth,
            max_depth: parser.max_depth,
            depth_first: parser.depth_first,
            batches: parser.batches,
        }
    });
    (result, parser.warned)
}

fn error<T>(message: String) -> Result<T, Halt> {
    Err(Halt::Error(vec![message]))
}

impl<'a> Parser<'a, '_> {
    fn peek(&self) -> Option<&'a str> {
        self.args.get(self.at).map(String::as_str)
    }

    /// The whole expression (none when there are no words).
    fn whole(&mut self) -> Result<Option<Expr>, Halt> {
        if self.peek().is_none() {
            return Ok(None);
        }
        let expr = self.comma()?;
        match self.peek() {
            None => Ok(Some(expr)),
            Some(")") => error("you have too many ')'".to_owned()),
            Some(other) => error(format!("paths must precede expression: `{other}'")),
        }
    }

    /// A binary operator's right side: an error if there is none.
    fn after(&mut self, op: &str) -> Result<(), Halt> {
        match self.peek() {
            None => error(format!("expected an expression after '{op}'")),
            Some(")") => error(format!("expected an expression between '{op}' and ')'")),
            Some(next) if is_binary(next) => error(format!(
                "invalid expression; you have used a binary operator '{next}' with nothing before it."
            )),
            Some(_) => Ok(()),
        }
    }

    fn comma(&mut self) -> Result<Expr, Halt> {
        let mut left = self.or()?;
        while self.peek() == Some(",") {
            self.at += 1;
            self.after(",")?;
            left = Expr::Comma(Box::new(left), Box::new(self.or()?));
        }
        Ok(left)
    }

    fn or(&mut self) -> Result<Expr, Halt> {
        let mut left = self.and()?;
        while let Some(op @ ("-o" | "-or")) = self.peek() {
            self.at += 1;
            self.after(op)?;
            left = Expr::Or(Box::new(left), Box::new(self.and()?));
        }
        Ok(left)
    }

    fn and(&mut self) -> Result<Expr, Halt> {
        let mut left = self.not()?;
        loop {
            match self.peek() {
                Some(op @ ("-a" | "-and")) => {
                    self.at += 1;
                    self.after(op)?;
                }
                Some(next) if !is_binary(next) && next != ")" => {}
                _ => return Ok(left),
            }
            left = Expr::And(Box::new(left), Box::new(self.not()?));
        }
    }

    fn not(&mut self) -> Result<Expr, Halt> {
        match self.peek() {
            Some(op @ ("!" | "-not")) => {
                self.at += 1;
                self.after(op)?;
                Ok(Expr::Not(Box::new(self.not()?)))
            }
            _ => self.primary(),
        }
    }

    fn primary(&mut self) -> Result<Expr, Halt> {
        let Some(word) = self.peek() else {
            return error("invalid expression".to_owned());
        };
        if is_binary(word) {
            return error(format!(
                "invalid expression; you have used a binary operator '{word}' with nothing before it."
            ));
        }
        if word == ")" {
            return error("you have too many ')'".to_owned());
        }
        if word == "(" {
            self.at += 1;
            match self.peek() {
                None => return error("invalid expression; expected to find a ')' but didn't see one. Perhaps you need an extra predicate after '('".to_owned()),
                Some(")") => return error("invalid expression; empty parentheses are not allowed.".to_owned()),
                Some(_) => {}
            }
            let inner = self.comma()?;
            if self.peek() != Some(")") {
                return error("invalid expression; I was expecting to find a ')' somewhere but did not see one.".to_owned());
            }
            self.at += 1;
            return Ok(inner);
        }
        if !looks_like_expression(word, false) {
            let mut lines = vec![format!("paths must precede expression: `{word}'")];
            if (self.ctx.stat)(word).is_some() {
                lines.push(format!(
                    "possible unquoted pattern after predicate `{}'?",
                    self.last_predicate
                ));
            }
            return Err(Halt::Error(lines));
        }
        self.at += 1;
        let expr = self.predicate(word)?;
        self.last_predicate = word;
        Ok(expr)
    }

    /// The argument of `name`, taken.
    fn value(&mut self, name: &str) -> Result<&'a str, Halt> {
        let value = self
            .peek()
            .ok_or_else(|| Halt::Error(vec![format!("missing argument to `{name}'")]))?;
        self.at += 1;
        Ok(value)
    }

    /// A test or action (not an option): noted for the options' warning.
    fn noted(&mut self, name: &'a str) {
        self.first_predicate.get_or_insert(name);
    }

    /// An option that is not positional, read after a test: warned about.
    fn option(&mut self, name: &str) -> Expr {
        if let (Some(first), true) = (self.first_predicate, self.ctx.warnings) {
            self.warned.push(format!("warning: you have specified the global option {name} after the argument {first}, but global options are not positional, i.e., {name} affects tests specified before it as well as those specified after it.  Please specify global options before other arguments."));
        }
        Expr::Test(Test::Constant(true))
    }

    fn depth(&mut self, name: &str) -> Result<usize, Halt> {
        let text = self.value(name)?;
        match text.parse::<usize>() {
            Ok(n) if text.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
            _ => error(format!(
                "Expected a positive decimal integer argument to {name}, but got {}",
                (self.ctx.quote)(text)
            )),
        }
    }

    fn predicate(&mut self, name: &'a str) -> Result<Expr, Halt> {
        if let Some(option) = self.global_option(name)? {
            return Ok(option);
        }
        self.noted(name);
        if let Some(test) = self.test(name)? {
            return Ok(Expr::Test(test));
        }
        match name {
            "-print" => self.action(Action::Print),
            "-print0" => self.action(Action::Print0),
            "-printf" => {
                let text = self.value(name)?;
                let (format, warnings) = Format::parse(text).map_err(|e| Halt::Error(vec![e]))?;
                self.warned.extend(warnings);
                self.action(Action::Printf(format))
            }
            "-delete" => {
                self.depth_first = true;
                self.action(Action::Delete)
            }
            "-exec" => self.exec(),
            "-prune" => Ok(Expr::Action(Action::Prune)),
            "-quit" => Ok(Expr::Action(Action::Quit)),
            n if NOT_SIMULATED.contains(&n) || n.starts_with("-newer") => error(format!(
                "{n} is not available in this simulated find (see find --help)"
            )),
            _ => error(format!("unknown predicate `{name}'")),
        }
    }

    /// An option (always true), if `name` is one; `--help` and
    /// `--version` halt.
    fn global_option(&mut self, name: &str) -> Result<Option<Expr>, Halt> {
        match name {
            "-help" | "--help" => return Err(Halt::Help),
            "-version" | "--version" => return Err(Halt::Version),
            "-maxdepth" => self.max_depth = Some(self.depth(name)?),
            "-mindepth" => self.min_depth = self.depth(name)?,
            "-depth" | "-d" => self.depth_first = true,
            "-regextype" => {
                self.regex_type()?;
                return Ok(Some(Expr::Test(Test::Constant(true))));
            }
            "-follow" | "-nowarn" | "-warn" => return Ok(Some(Expr::Test(Test::Constant(true)))),
            n if INERT_OPTIONS.contains(&n) => {}
            _ => return Ok(None),
        }
        Ok(Some(self.option(name)))
    }

    /// `-regextype TYPE`.
    fn regex_type(&mut self) -> Result<(), Halt> {
        let kind = self.value("-regextype")?;
        if let Some((_, t)) = REGEX_TYPES.iter().find(|(n, _)| *n == kind) {
            self.syntax = *t;
            return Ok(());
        }
        let quote = self.ctx.quote;
        let valid: Vec<String> = REGEX_TYPES.iter().map(|(n, _)| quote(n)).collect();
        error(format!(
            "Unknown regular expression type {}; valid types are {}.",
            quote(kind),
            valid.join(", ")
        ))
    }

    /// The test `name`, if it is one.
    fn test(&mut self, name: &str) -> Result<Option<Test>, Halt> {
        let test = match name {
            "-name" | "-iname" => {
                let pattern = self.value(name)?.to_owned();
                if self.ctx.warnings && pattern.contains('/') {
                    let q = self.ctx.quote;
                    self.warned.push(format!("warning: {} matches against basenames only, but the given pattern contains a directory separator ({}), thus the expression will evaluate to false all the time.  Did you mean {}?", q(name), q("/"), q("-wholename")));
                }
                Test::Name {
                    pattern,
                    icase: name == "-iname",
                }
            }
            "-path" | "-wholename" | "-ipath" | "-iwholename" => Test::Path {
                pattern: self.value(name)?.to_owned(),
                icase: name.starts_with("-i"),
            },
            "-regex" | "-iregex" => self.regex(name)?,
            "-type" => kinds(self.value(name)?)?,
            "-empty" => Test::Empty,
            "-executable" => Test::Executable,
            "-readable" => Test::Readable,
            "-writable" => Test::Writable,
            "-true" => Test::Constant(true),
            "-false" => Test::Constant(false),
            "-newer" => {
                let file = self.value(name)?;
                match (self.ctx.stat)(file) {
                    Some(meta) => Test::Newer(meta.mtime),
                    None => {
                        let file = (self.ctx.quote)(file);
                        return error(format!("{file}: No such file or directory"));
                    }
                }
            }
            "-mtime" | "-mmin" => {
                let text = self.value(name)?;
                let (cmp, number) = signed(text);
                match number.parse::<f64>() {
                    Ok(n) if n.is_finite() && !number.starts_with('+') => match name {
                        "-mtime" => Test::Days(cmp, n),
                        _ => Test::Minutes(cmp, n),
                    },
                    _ => return error(format!("invalid argument `{text}' to `{name}'")),
                }
            }
            "-size" => size(self.value(name)?)?,
            _ => return Ok(None),
        };
        Ok(Some(test))
    }

    /// `-regex PATTERN` or `-iregex PATTERN`, in the `-regextype` chosen.
    fn regex(&mut self, name: &str) -> Result<Test, Halt> {
        let pattern = self.value(name)?;
        let (text, syntax) = match self.syntax {
            RegexType::Emacs => (emacs_to_extended(pattern), Syntax::Extended),
            RegexType::Basic => (pattern.to_owned(), Syntax::Basic),
            RegexType::Extended => (pattern.to_owned(), Syntax::Extended),
        };
        match Regex::new(&[text], syntax, name == "-iregex", Scope::Line) {
            Ok(regex) => Ok(Test::Regex(Box::new(regex))),
            Err(e) => error(format!(
                "failed to compile regular expression '{pattern}': {e}"
            )),
        }
    }

    fn action(&mut self, action: Action) -> Result<Expr, Halt> {
        self.has_action = true;
        Ok(Expr::Action(action))
    }

    /// `-exec COMMAND... ;` or `-exec COMMAND... {} +` (a `+` after a
    /// word holding `{}` ends it too, to be refused).
    fn exec(&mut self) -> Result<Expr, Halt> {
        let missing = || Halt::Error(vec!["missing argument to `-exec'".to_owned()]);
        let rest = &self.args[self.at..];
        let end = rest
            .iter()
            .enumerate()
            .position(|(i, w)| w == ";" || (w == "+" && i > 0 && rest[i - 1].contains("{}")))
            .ok_or_else(missing)?;
        let batch = rest[end] == "+";
        let argv = rest[..end].to_vec();
        if argv.is_empty() || (batch && argv.len() < 2) {
            return Err(missing());
        }
        if batch {
            let (last, command) = argv.split_last().ok_or_else(missing)?;
            if last != "{}" {
                let q = self.ctx.quote;
                return error(format!(
                    "In {} the {} must appear by itself, but you specified {}",
                    q("-exec ... {} +"),
                    q("{}"),
                    q(last)
                ));
            }
            if command.iter().any(|a| a.contains("{}")) {
                return error("Only one instance of {} is supported with -exec ... +".to_owned());
            }
        }
        self.at += end + 1;
        let batch = batch.then(|| {
            self.batches += 1;
            self.batches - 1
        });
        self.action(Action::Exec { argv, batch })
    }
}

/// `-type`'s letters, separated by commas.
fn kinds(letters: &str) -> Result<Test, Halt> {
    const LETTERS: &str = "bcdpflsD";
    let mut kinds = Vec::new();
    for (i, part) in letters.split(',').enumerate() {
        let mut chars = part.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if LETTERS.contains(c) => kinds.push(c),
            (Some(c), Some(_)) if i == 0 && LETTERS.contains(c) => {
                return error("Must separate multiple arguments to -type using: ','".to_owned());
            }
            _ => return error(format!("Unknown argument to -type: {part}")),
        }
    }
    Ok(Test::Type(kinds))
}

/// `-size [+-]N[cwbkMG]`.
fn size(text: &str) -> Result<Test, Halt> {
    if text.is_empty() {
        return error("invalid null argument to -size".to_owned());
    }
    let (cmp, rest) = signed(text);
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let unit = match &rest[digits..] {
        "" | "b" => 512,
        "c" => 1,
        "w" => 2,
        "k" => 1 << 10,
        "M" => 1 << 20,
        "G" => 1 << 30,
        other if other.chars().count() == 1 => {
            return error(format!("invalid -size type `{other}'"));
        }
        _ => return error(format!("Invalid argument `{text}' to -size")),
    };
    match rest[..digits].parse::<u64>() {
        Ok(count) => Ok(Test::Size { cmp, count, unit }),
        Err(_) => error(format!("Invalid argument `{text}' to -size")),
    }
}

/// `-o`, `-a` and `,` and their long forms.
fn is_binary(word: &str) -> bool {
    matches!(word, "-o" | "-or" | "-a" | "-and" | ",")
}

/// The comparison a leading `+` or `-` asks for, and the number after it.
fn signed(text: &str) -> (Cmp, &str) {
    if let Some(rest) = text.strip_prefix('+') {
        (Cmp::More, rest)
    } else if let Some(rest) = text.strip_prefix('-') {
        (Cmp::Less, rest)
    } else {
        (Cmp::Exactly, text)
    }
}

/// An Emacs-syntax pattern (findutils' default) in extended syntax:
/// `\( \) \|` group and alternate, and `( ) | { }` are plain characters.
fn emacs_to_extended(pattern: &str) -> String {
    let mut out = String::new();
    let mut chars = pattern.chars().peekable();
    let mut in_bracket = false;
    while let Some(c) = chars.next() {
        if in_bracket {
            out.push(c);
            if c == ']' && !out.ends_with("[]") && !out.ends_with("[^]") {
                in_bracket = false;
            }
            continue;
        }
        match c {
            '[' => {
                in_bracket = true;
                out.push(c);
            }
            '\\' => match chars.next() {
                Some(g @ ('(' | ')' | '|')) => out.push(g),
                Some(other) => {
                    out.push('\\');
                    out.push(other);
                }
                None => out.push_str("\\\\"),
            },
            '(' | ')' | '|' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

/// Whether an entry of kind `kind` is of the `-type` letter `letter`.
pub(super) fn kind_is(kind: Kind, letter: char) -> bool {
    matches!(
        (kind, letter),
        (Kind::File, 'f') | (Kind::Dir, 'd') | (Kind::Device, 'c')
    )
}
