//! Word expansion, in bash's order: braces ([`brace`]), tilde, parameters (variables, the
//! positional `$1`... `"$@"`, and the specials `$?`, `$#`...), field
//! splitting of unquoted expansions (on blanks and newlines, the default
//! `IFS`), and pathname expansion of unquoted `*` and `?`, then quote
//! removal.
//!
//! Expansion is pure: it reads the shell and never runs a command. The
//! executor first replaces each `$(...)` and `$((...))` of a word by its
//! value ([`Part::Value`]); here those values are split and globbed like a
//! variable's. [`arith`] evaluates `$((...))`.
//!
//! A field is built as two strings at once: its text, and a glob pattern
//! in which quoted `*`, `?` and `\` are escaped, so `"*.txt"` stays literal
//! while `*.txt` matches files.

use crate::sorted::SortedMap;
use std::cell::Cell;
use std::sync::atomic::{AtomicU32, Ordering};

use serde::{Deserialize, Serialize};

use super::fs::{Fs, Kind, MAX_NAME, join};
use super::lex::{Index, Param, ParamOp, Part, Word, is_name};
use super::state::Options;

pub(super) mod arith;
mod brace;

/// The most paths one glob expands to; more are cut off.
const MAX_GLOB: usize = 10_000;

/// The most bytes the expansions of one command may produce, like Linux's
/// `ARG_MAX` (2 MiB): `$X$X$X...` over a long `X` cannot exhaust memory.
pub(super) const MAX_EXPANSION: usize = 2 << 20;

/// Why an expansion failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(super) enum ExpandError {
    /// More than [`MAX_EXPANSION`] bytes (`E2BIG`).
    #[error("Argument list too long")]
    TooLong,
    /// `set -u` and an unset variable: bash's whole message, after `bash: `.
    #[error("{0}: unbound variable")]
    Unbound(String),
    /// `$((...))` failed: bash's whole message, after `bash: `.
    #[error("{0}")]
    Arithmetic(String),
    /// `${x:?word}` of an unset `x`: `x: ` and the message.
    #[error("{0}")]
    Required(String),
    /// `${!x}` of an unset `x`, or naming no parameter; `${x:=word}` of a
    /// read-only `x`: bash's message.
    #[error("{0}")]
    Refused(String),
    /// `${x:}` and the like: no expansion at all.
    #[error("{0}: bad substitution")]
    BadSubstitution(String),
    /// `${1:=word}`: only a variable can be assigned.
    #[error("${0}: cannot assign in this way")]
    NotAssignable(String),
    /// `shopt -s failglob` and a pattern that matches nothing.
    #[error("no match: {0}")]
    NoMatch(String),
}

/// `${x^}` and its kin: the first character (`all`: every one) that
/// matches `pattern` (any when empty) in upper or lower case; ASCII
/// letters only, as bash in the C locale (and `tr`).
fn changed_case(value: &str, pattern: &str, upper: bool, all: bool) -> String {
    value
        .chars()
        .enumerate()
        .map(|(i, c)| {
            let fits = (all || i == 0)
                && (pattern.is_empty() || wildcard_match(pattern, c.encode_utf8(&mut [0; 4])));
            match (fits, upper) {
                (false, _) => c,
                (true, true) => c.to_ascii_uppercase(),
                (true, false) => c.to_ascii_lowercase(),
            }
        })
        .collect()
}

/// Whether `${!x}` may name `text`: a variable (or an array's element,
/// `a[1]`), a positional parameter, or a special one.
fn is_parameter(text: &str) -> bool {
    let name = text
        .strip_suffix(']')
        .and_then(|t| t.split_once('['))
        .map_or(text, |(name, _)| name);
    is_name(name)
        || (!name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()))
        || matches!(name, "?" | "$" | "#" | "@" | "*" | "-" | "!")
}

/// What a pattern's form does to each value (`${a[@]%.txt}`).
type Change<'a> = Box<dyn Fn(&str) -> String + 'a>;

/// The process id `$$` reports, unless the shell was given its own.
pub(super) const SHELL_PID: u32 = 4242;

/// A shell variable.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Var {
    /// Its value (of an array, element 0, which `$a` reads).
    pub(super) value: String,
    /// Whether it is in the environment of commands (`export`; an array
    /// never is, as in bash).
    pub(super) exported: bool,
    /// An indexed array's elements by index (`a=(x y)`), kept by
    /// [`Var::set_element`] and its kin with element 0 in `value`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) array: Option<SortedMap<usize, String>>,
    /// `readonly`: no assignment or `unset` changes it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(super) readonly: bool,
    /// Declared (`declare x`, `local x`, `export X`, `declare -a a`) but
    /// given no value: it reads as unset until something assigns it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(super) valueless: bool,
}

impl Var {
    /// A new array with no element, not exported (`a[2]=x` of an unset
    /// `a` sets element 2 alone).
    pub(super) fn array() -> Self {
        Self {
            array: Some(SortedMap::new()),
            ..Self::default()
        }
    }

    /// A plain variable holding `value`, not exported.
    pub(super) fn scalar(value: String) -> Self {
        Self {
            value,
            ..Self::default()
        }
    }

    /// A plain variable declared without a value (`declare x`).
    pub(super) fn declared() -> Self {
        Self {
            valueless: true,
            ..Self::default()
        }
    }

    /// What `$name` reads: its value (of an array, element 0), if set.
    pub(super) fn value(&self) -> Option<&str> {
        self.element(0)
    }

    /// Its elements by index: a plain variable's value is element 0.
    pub(super) fn elements(&self) -> Vec<(usize, &str)> {
        match &self.array {
            Some(array) => array.iter().map(|(i, v)| (*i, v.as_str())).collect(),
            None if self.valueless => Vec::new(),
            None => vec![(0, self.value.as_str())],
        }
    }

    /// Element `i`, if set.
    pub(super) fn element(&self, i: usize) -> Option<&str> {
        match &self.array {
            Some(array) => array.get(&i).map(String::as_str),
            None => (i == 0 && !self.valueless).then_some(self.value.as_str()),
        }
    }

    /// Makes it an array (`declare -a`): a plain variable's value becomes
    /// element 0.
    pub(super) fn make_array(&mut self) {
        if self.array.is_none() {
            self.array = Some(self.take_scalar());
        }
    }

    /// A plain variable's value as an array's elements.
    fn take_scalar(&mut self) -> SortedMap<usize, String> {
        match self.valueless {
            true => SortedMap::new(),
            false => SortedMap::from_iter([(0, std::mem::take(&mut self.value))]),
        }
    }

    /// The index `subscript` names: negative counts back from one past
    /// the last element; `None` before the first.
    pub(super) fn index(&self, subscript: i64) -> Option<usize> {
        if subscript >= 0 {
            return usize::try_from(subscript).ok();
        }
        let end = self
            .elements()
            .last()
            .map_or(0, |(i, _)| i.saturating_add(1));
        let at = i64::try_from(end).ok()?.checked_add(subscript)?;
        usize::try_from(at).ok()
    }

    /// Sets its value: of an array, element 0.
    pub(super) fn set(&mut self, value: String) {
        match self.array {
            Some(_) => self.set_element(0, &value, false),
            None => {
                self.value = value;
                self.valueless = false;
            }
        }
    }

    /// Sets element `i` (appending to it with `append`), making the
    /// variable an array.
    pub(super) fn set_element(&mut self, i: usize, value: &str, append: bool) {
        self.make_array();
        let array = self.array.get_or_insert_with(SortedMap::new);
        let element = array.get_or_insert_with(i, String::new);
        if !append {
            element.clear();
        }
        element.push_str(value);
        self.valueless = false;
        self.sync();
    }

    /// `a=(...)`: the elements `values`, from 0; with `append`
    /// (`a+=(...)`), after the last one.
    pub(super) fn set_list(&mut self, values: Vec<String>, append: bool) {
        let start = if append {
            self.elements()
                .last()
                .map_or(0, |(i, _)| i.saturating_add(1))
        } else {
            0
        };
        let mut array = match (append, self.array.take()) {
            (true, Some(array)) => array,
            (true, None) => self.take_scalar(),
            (false, _) => SortedMap::new(),
        };
        array.extend((start..).zip(values));
        self.array = Some(array);
        self.valueless = false;
        self.sync();
    }

    /// `unset 'a[i]'` of an array.
    pub(super) fn unset_element(&mut self, i: usize) {
        if let Some(array) = &mut self.array {
            array.remove(&i);
        }
        self.sync();
    }

    /// Element 0 into `value`.
    fn sync(&mut self) {
        if let Some(array) = &self.array {
            self.value = array.get(&0).cloned().unwrap_or_default();
        }
    }
}

/// What expansion reads: the shell's variables and the filesystem; and
/// how many bytes it may still produce.
#[derive(Debug, Clone)]
pub(super) struct Expander<'a> {
    pub(super) vars: &'a SortedMap<String, Var>,
    pub(super) status: i32,
    pub(super) fs: &'a Fs,
    pub(super) cwd: &'a str,
    pub(super) user: &'a str,
    pub(super) room: Cell<usize>,
    /// `$0`: a script's name, or `bash` when empty.
    pub(super) arg0: &'a str,
    /// The positional parameters `$1`...
    pub(super) args: &'a [String],
    /// `set -u`: expanding an unset variable is an error.
    pub(super) nounset: bool,
    /// The shell's options: `shopt`'s glob options.
    pub(super) options: Options,
    /// The first error of the expansion under way: an unset variable
    /// under `set -u`, or an offset's arithmetic.
    pub(super) failed: std::cell::RefCell<Option<ExpandError>>,
    /// What bash warns of while it goes on (`a: bad array subscript` for
    /// `${a[-9]}`), after `bash: `.
    pub(super) warned: std::cell::RefCell<Vec<String>>,
    /// `$!`: the process id of the last background child.
    pub(super) last_background: Option<u32>,
    /// `$UID` and `$EUID`, which bash sets itself (read-only).
    pub(super) uid: Option<u32>,
    /// `$$`.
    pub(super) pid: u32,
    /// The state behind `$RANDOM`.
    pub(super) random: &'a Random,
    /// `$LINENO`.
    pub(super) lineno: usize,
    /// `$SECONDS`: how long the shell has run (none once unset).
    pub(super) seconds: Option<u64>,
}

/// The state behind `$RANDOM`, moved on by each expansion, which only
/// reads the shell. An atomic rather than a `Cell`, as the page keeps the
/// shell in a store that must be `Sync`.
#[derive(Debug, Default)]
pub(super) struct Random(AtomicU32);

impl Random {
    pub(super) fn new(seed: u32) -> Random {
        Random(AtomicU32::new(seed))
    }

    /// The next number, 0 to 32767 as bash's: a linear congruential step.
    fn next(&self) -> u32 {
        let next = self
            .0
            .load(Ordering::Relaxed)
            .wrapping_mul(1_103_515_245)
            .wrapping_add(12_345);
        self.0.store(next, Ordering::Relaxed);
        (next >> 16) & 0x7fff
    }
}

impl Clone for Random {
    fn clone(&self) -> Random {
        Random::new(self.0.load(Ordering::Relaxed))
    }
}

impl PartialEq for Random {
    fn eq(&self, other: &Random) -> bool {
        self.0.load(Ordering::Relaxed) == other.0.load(Ordering::Relaxed)
    }
}

#[derive(Debug, Default)]
struct Field {
    text: String,
    pattern: String,
    glob: bool,
}

/// Fields under construction.
#[derive(Debug)]
struct Builder {
    fields: Vec<Field>,
    cur: Field,
    started: bool,
    split: bool,
    /// Bytes that may still be added.
    room: usize,
    /// Some text did not fit in `room`.
    overflow: bool,
    /// The pattern is for `[[ =~ ]]`: every quoted character escaped,
    /// unquoted ones as they are.
    regex: bool,
}

fn escape_glob(c: char, pattern: &mut String) {
    if matches!(c, '*' | '?' | '[' | ']' | '\\') {
        pattern.push('\\');
    }
    pattern.push(c);
}

impl Builder {
    fn new(split: bool, room: usize) -> Builder {
        Builder {
            fields: Vec::new(),
            cur: Field::default(),
            started: false,
            split,
            room,
            overflow: false,
            regex: false,
        }
    }

    /// Takes `n` bytes of room; false (and overflow) if there is not enough.
    fn take(&mut self, n: usize) -> bool {
        if n > self.room {
            self.overflow = true;
            return false;
        }
        self.room -= n;
        true
    }

    fn quoted(&mut self, s: &str) {
        if !self.take(s.len()) {
            return;
        }
        self.cur.text.push_str(s);
        for c in s.chars() {
            if self.regex {
                self.cur.pattern.push('\\');
                self.cur.pattern.push(c);
            } else {
                escape_glob(c, &mut self.cur.pattern);
            }
        }
        self.started = true;
    }

    fn unquoted_char(&mut self, c: char) {
        if !self.take(c.len_utf8()) {
            return;
        }
        self.cur.text.push(c);
        if matches!(c, '*' | '?' | '[') || self.regex {
            self.cur.glob = true;
            self.cur.pattern.push(c);
        } else if c == ']' {
            self.cur.pattern.push(c);
        } else {
            escape_glob(c, &mut self.cur.pattern);
        }
        self.started = true;
    }

    /// The value of an expansion: split into fields unless quoted.
    fn expanded(&mut self, s: &str, quoted: bool) {
        if quoted {
            return self.quoted(s);
        }
        for c in s.chars() {
            if self.overflow {
                return;
            }
            if self.split && matches!(c, ' ' | '\t' | '\n') {
                self.finish();
            } else {
                self.unquoted_char(c);
            }
        }
    }

    /// Ends the field being built, even an empty one (between the words
    /// of `"$@"`).
    fn split_here(&mut self) {
        self.started = true;
        self.finish();
    }

    fn finish(&mut self) {
        if self.started {
            self.fields.push(std::mem::take(&mut self.cur));
            self.started = false;
        }
    }
}

impl Expander<'_> {
    /// The value of a parameter; `None` if unset.
    pub(super) fn lookup(&self, name: &str) -> Option<String> {
        match name {
            "?" => Some(self.status.to_string()),
            "$" => Some(self.pid.to_string()),
            "!" => self.last_background.map(|pid| pid.to_string()),
            "#" => Some(self.args.len().to_string()),
            "0" if self.arg0.is_empty() => Some("bash".to_owned()),
            "0" => Some(self.arg0.to_owned()),
            "-" => Some("himBH".to_owned()),
            "@" | "*" => Some(self.args.join(" ")),
            "UID" | "EUID" if self.uid.is_some() => self.uid.map(|u| u.to_string()),
            "RANDOM" => Some(self.random.next().to_string()),
            "LINENO" => Some(self.lineno.to_string()),
            "SECONDS" if self.seconds.is_some() => self.seconds.map(|s| s.to_string()),
            _ if name.bytes().all(|b| b.is_ascii_digit()) => {
                let n: usize = name.parse().ok()?;
                self.args.get(n.checked_sub(1)?).cloned()
            }
            // An element, `a[3]`, as arithmetic names it.
            _ if name.ends_with(']') => {
                let (base, n) = name[..name.len() - 1].split_once('[')?;
                let var = self.vars.get(base)?;
                let i = var.index(n.parse().ok()?)?;
                var.element(i).map(str::to_owned)
            }
            // Of an array, element 0: unset if it is.
            _ => self.vars.get(name)?.element(0).map(str::to_owned),
        }
    }

    fn home(&self) -> String {
        self.lookup("HOME")
            .unwrap_or_else(|| self.fs.home().to_owned())
    }

    /// Adds the expansion of `parts` to `b`, with tilde expansion at the
    /// start when `tilde`.
    fn parts(&self, parts: &[Part], tilde: bool, b: &mut Builder) {
        let mut parts = parts;
        if tilde && let Some((home, rest)) = self.tilde(parts) {
            b.quoted(&home);
            rest.chars().for_each(|c| b.unquoted_char(c));
            parts = &parts[1..];
        }
        for part in parts {
            match part {
                Part::Lit(s) => s.chars().for_each(|c| b.unquoted_char(c)),
                Part::Quoted(s) => b.quoted(s),
                Part::Param(p) => self.param(p, b),
                Part::Value { text, quoted } => b.expanded(text, *quoted),
                // The executor replaces these by their values first.
                Part::Command { .. } | Part::Arith { .. } => {}
            }
        }
    }

    /// `~` or `~user` at the start of an unquoted first part: the home
    /// directory and the rest of that part.
    fn tilde<'p>(&self, parts: &'p [Part]) -> Option<(String, &'p str)> {
        let Some(Part::Lit(first)) = parts.first() else {
            return None;
        };
        let rest = first.strip_prefix('~')?;
        let end = rest.find('/').unwrap_or(rest.len());
        // A quoted piece right after `~user` makes the prefix quoted.
        if end == rest.len() && parts.len() > 1 {
            return None;
        }
        let user = &rest[..end];
        (user.is_empty() || user == self.user).then(|| (self.home(), &rest[end..]))
    }

    fn param(&self, p: &Param, b: &mut Builder) {
        if let ParamOp::Bad { text } = &p.op {
            self.fail(ExpandError::BadSubstitution(text.clone()));
            return;
        }
        if p.indirect {
            let Some(target) = self.lookup(&p.name) else {
                let said = format!("{}: invalid indirect expansion", p.name);
                self.fail(ExpandError::Refused(said));
                return;
            };
            if !is_parameter(&target) {
                self.fail(ExpandError::Refused(format!(
                    "{target}: invalid variable name"
                )));
                return;
            }
            let value = self.lookup(&target);
            self.apply(p, None, value, b);
            return;
        }
        let items = self.items(p);
        let value = match &items {
            // An unset array: no value, but (as `$@`) no error under `set -u`.
            Some(_) if p.index.is_some() && !self.vars.contains_key(&p.name) => None,
            Some(items) => Some(items.join(" ")),
            None => self.scalar(p),
        };
        self.apply(p, items, value, b);
    }

    /// Adds to `b` what `p`'s form makes of its `value` (`None`: unset),
    /// or of each of its `items` when it is a list.
    fn apply(&self, p: &Param, items: Option<Vec<String>>, value: Option<String>, b: &mut Builder) {
        if p.quoted && p.fields_each() && p.op == ParamOp::Value {
            // `"$@"`, `"${a[@]}"`: each item its own field.
            self.emit_list(p, items.unwrap_or_default(), b);
            return;
        }
        let defaulted = matches!(
            p.op,
            ParamOp::Default { .. }
                | ParamOp::Alternative { .. }
                | ParamOp::Assign { .. }
                | ParamOp::Require { .. }
        );
        if value.is_none() && items.is_none() && self.nounset && !defaulted {
            self.fail(ExpandError::Unbound(p.shown()));
        }
        // A pattern's forms change each item of a list.
        let each: Option<Change<'_>> = match &p.op {
            ParamOp::Remove {
                suffix,
                longest,
                word,
            } => {
                let pattern = self.nested(|ex| ex.pattern(word));
                Some(Box::new(move |v| {
                    removed(v, &pattern, *suffix, *longest).to_owned()
                }))
            }
            ParamOp::Replace {
                all,
                anchor,
                pattern,
                with,
            } => {
                let pattern = self.nested(|ex| ex.pattern(pattern));
                let with = self.nested(|ex| ex.string(with, false));
                Some(Box::new(move |v| {
                    replaced(v, &pattern, &with, *all, *anchor)
                }))
            }
            ParamOp::Case {
                upper,
                all,
                pattern,
            } => {
                let pattern = self.nested(|ex| ex.pattern(pattern));
                Some(Box::new(move |v| changed_case(v, &pattern, *upper, *all)))
            }
            _ => None,
        };
        if let Some(each) = each {
            match items {
                Some(items) => self.emit_list(p, items.iter().map(|v| each(v)).collect(), b),
                None => b.expanded(&each(&value.unwrap_or_default()), p.quoted),
            }
            return;
        }
        match &p.op {
            ParamOp::Value => b.expanded(value.as_deref().unwrap_or_default(), p.quoted),
            ParamOp::Length => {
                let n = match (&items, value) {
                    (Some(items), _) => items.len(),
                    (None, value) => value.map_or(0, |v| v.chars().count()),
                };
                b.expanded(&n.to_string(), p.quoted);
            }
            // The executor settles `=` and `?` first (see `Exec::resolve`).
            ParamOp::Default { colon, word }
            | ParamOp::Assign { colon, word }
            | ParamOp::Require { colon, word } => match value {
                Some(v) if !(*colon && v.is_empty()) => b.expanded(&v, p.quoted),
                _ => self.parts(&word.parts, false, b),
            },
            ParamOp::Alternative { colon, word } => {
                if value.is_some_and(|v| !(*colon && v.is_empty())) {
                    self.parts(&word.parts, false, b);
                }
            }
            ParamOp::Slice { offset, length } => {
                self.slice(p, items, value, offset, length.as_ref(), b)
            }
            ParamOp::Remove { .. }
            | ParamOp::Replace { .. }
            | ParamOp::Case { .. }
            | ParamOp::Bad { .. } => {}
        }
    }

    /// The items of a list: `$@` and `$*`, an array's elements
    /// (`${a[@]}`) or its indices (`${!a[@]}`); `None` for one value.
    fn items(&self, p: &Param) -> Option<Vec<String>> {
        let var = self.vars.get(&p.name);
        let elements = || var.map(Var::elements).unwrap_or_default();
        match &p.index {
            None if p.name == "@" || p.name == "*" => Some(self.args.to_vec()),
            None | Some(Index::At(_)) => None,
            Some(Index::All { .. }) => {
                Some(elements().iter().map(|(_, v)| v.to_string()).collect())
            }
            Some(Index::Keys { .. }) => {
                Some(elements().iter().map(|(i, _)| i.to_string()).collect())
            }
        }
    }

    /// One value: a parameter's, or an array's element; `None` if unset.
    fn scalar(&self, p: &Param) -> Option<String> {
        let Some(Index::At(subscript)) = &p.index else {
            return self.lookup(&p.name);
        };
        let text = self.nested(|ex| ex.string(subscript, false));
        let n = match arith::eval(&text, &mut ReadOnly(self)) {
            Ok(n) => n,
            Err(message) => {
                self.fail(ExpandError::Arithmetic(message));
                return None;
            }
        };
        let var = self.vars.get(&p.name)?;
        let Some(i) = var.index(n) else {
            // Before the first element: bash warns and expands nothing.
            let warning = format!("{}: bad array subscript", p.name);
            self.warned.borrow_mut().push(warning);
            return None;
        };
        var.element(i).map(str::to_owned)
    }

    /// A list's items: inside double quotes a field each for `@`, else
    /// one string, split as a value unless quoted.
    fn emit_list(&self, p: &Param, items: Vec<String>, b: &mut Builder) {
        if p.quoted && p.fields_each() {
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    b.split_here();
                }
                b.quoted(item);
            }
        } else {
            b.expanded(&items.join(" "), p.quoted);
        }
    }

    /// `${x:offset:length}`: its characters; of `$@` and `$*`, its
    /// positional parameters (offset 0 is `$0`), each its own field in
    /// `"${@:2}"`; of an array's `[@]`, its elements. A length that ends
    /// before the offset is bash's error.
    fn slice(
        &self,
        p: &Param,
        list: Option<Vec<String>>,
        value: Option<String>,
        offset: &Word,
        length: Option<&Word>,
        b: &mut Builder,
    ) {
        let number = |word: &Word| -> Option<i64> {
            let text = self.nested(|ex| ex.string(word, false));
            let message = match arith::eval(&text, &mut ReadOnly(self)) {
                Ok(n) => return Some(n),
                Err(message) => message,
            };
            self.fail(ExpandError::Arithmetic(format!("{}: {message}", p.name)));
            None
        };
        let Some(offset) = number(offset) else { return };
        let length = match length.map(|l| (number(l), l)) {
            Some((None, _)) => return,
            Some((Some(n), word)) => Some((n, word)),
            None => None,
        };
        let positional = p.index.is_none() && list.is_some();
        let is_list = list.is_some();
        let items: Vec<String> = match list {
            // Offset 0 is `$0`.
            Some(args) if positional => std::iter::once(self.lookup("0").unwrap_or_default())
                .chain(args)
                .collect(),
            Some(items) => items,
            None => value
                .unwrap_or_default()
                .chars()
                .map(String::from)
                .collect(),
        };
        // Counted from the end, the positional parameters count from `$1`.
        let count = items.len() as i64 - i64::from(positional);
        let start = if offset < 0 {
            count + offset + i64::from(positional)
        } else {
            offset
        };
        let start = usize::try_from(start)
            .unwrap_or(usize::MAX)
            .min(items.len());
        let end = match length {
            None => items.len(),
            Some((n, _)) if n >= 0 => start
                .saturating_add(usize::try_from(n).unwrap_or(usize::MAX))
                .min(items.len()),
            Some((n, word)) => match usize::try_from(items.len() as i64 + n) {
                Ok(end) if end >= start && !is_list => end,
                _ => {
                    let text = self.nested(|ex| ex.string(word, false));
                    self.fail(ExpandError::Arithmetic(format!(
                        "{}: substring expression < 0",
                        text.trim()
                    )));
                    return;
                }
            },
        };
        let taken = items[start..end].to_vec();
        if is_list {
            self.emit_list(p, taken, b);
        } else {
            b.expanded(&taken.concat(), p.quoted);
        }
    }

    /// Keeps the first error of the expansion under way.
    fn fail(&self, error: ExpandError) {
        self.failed.borrow_mut().get_or_insert(error);
    }

    /// A pattern, replacement or offset inside an expansion: its error
    /// becomes the expansion's, after any error met before it. One too
    /// long to build is empty (a pattern that matches nothing).
    fn nested<T: Default>(&self, expand: impl FnOnce(&Self) -> Result<T, ExpandError>) -> T {
        let pending = self.failed.borrow_mut().take();
        let value = expand(self);
        if let Some(e) = pending {
            self.fail(e);
        }
        value.unwrap_or_else(|e| {
            if e != ExpandError::TooLong {
                self.fail(e);
            }
            T::default()
        })
    }

    /// The fields of a command word: brace-expanded, then split, globbed,
    /// quotes removed. An unquoted expansion to nothing gives no field at
    /// all.
    pub(super) fn fields(&self, word: &Word) -> Result<Vec<String>, ExpandError> {
        match brace::expand(word)? {
            Some(words) => {
                let mut out = Vec::new();
                for word in &words {
                    out.extend(self.word_fields(word)?);
                }
                Ok(out)
            }
            None => self.word_fields(word),
        }
    }

    /// [`Self::fields`] of a word without braces to expand.
    fn word_fields(&self, word: &Word) -> Result<Vec<String>, ExpandError> {
        if self.args.is_empty() && only_quoted_at(word) {
            // `"$@"` with no parameters is no field at all.
            return Ok(Vec::new());
        }
        let mut b = Builder::new(true, self.room.get());
        self.parts(&word.parts, true, &mut b);
        b.finish();
        let mut room = b.room;
        self.check(b.overflow)?;
        let mut out = Vec::new();
        for field in b.fields {
            let matches = if field.glob {
                self.glob(&field.pattern)
            } else {
                Vec::new()
            };
            if matches.is_empty() {
                match (field.glob, self.options.failglob, self.options.nullglob) {
                    (true, true, _) => return Err(ExpandError::NoMatch(field.text)),
                    (true, false, true) => {}
                    _ => out.push(field.text),
                }
                continue;
            }
            // The matches replace the pattern's text.
            let added: usize = matches.iter().map(String::len).sum();
            room = (room + field.text.len())
                .checked_sub(added)
                .ok_or(ExpandError::TooLong)?;
            out.extend(matches);
        }
        self.room.set(room);
        Ok(out)
    }

    /// One string with no splitting or globbing, as for an assignment's
    /// value (`tilde` there) or a here-document body.
    pub(super) fn string(&self, word: &Word, tilde: bool) -> Result<String, ExpandError> {
        let mut b = Builder::new(false, self.room.get());
        self.parts(&word.parts, tilde, &mut b);
        self.room.set(b.room);
        self.check(b.overflow)?;
        Ok(b.cur.text)
    }

    /// `word` as a `case` pattern: one string, its quoted characters
    /// escaped so that only unquoted `*` and `?` match freely.
    pub(super) fn pattern(&self, word: &Word) -> Result<String, ExpandError> {
        let mut b = Builder::new(false, self.room.get());
        self.parts(&word.parts, true, &mut b);
        self.room.set(b.room);
        self.check(b.overflow)?;
        Ok(b.cur.pattern)
    }

    /// `word` as the right side of `[[ =~ ]]`: one string, each quoted
    /// character after a `\`, the unquoted ones as they are.
    pub(super) fn regex(&self, word: &Word) -> Result<String, ExpandError> {
        let mut b = Builder::new(false, self.room.get());
        b.regex = true;
        self.parts(&word.parts, true, &mut b);
        self.room.set(b.room);
        self.check(b.overflow)?;
        Ok(b.cur.pattern)
    }

    /// The error of an expansion just made, if any.
    fn check(&self, overflow: bool) -> Result<(), ExpandError> {
        if let Some(error) = self.failed.borrow_mut().take() {
            return Err(error);
        }
        if overflow {
            return Err(ExpandError::TooLong);
        }
        Ok(())
    }

    /// The paths matching `pattern` (with `\` escaping literal characters),
    /// sorted; empty if none.
    fn glob(&self, pattern: &str) -> Vec<String> {
        let dirs_only = pattern.ends_with('/');
        let mut paths = vec![if pattern.starts_with('/') {
            "/".to_owned()
        } else {
            String::new()
        }];
        for comp in pattern.split('/').filter(|c| !c.is_empty()) {
            // No name is longer than MAX_NAME, escapes doubling at most.
            if comp.len() > 2 * MAX_NAME {
                return Vec::new();
            }
            let live = has_wildcard(comp);
            let mut next = Vec::new();
            for prefix in &paths {
                if !live {
                    next.push(typed_join(prefix, &unescape(comp)));
                    continue;
                }
                let dir = if prefix.is_empty() { "." } else { prefix };
                let Ok(entries) = self
                    .fs
                    .resolve(self.cwd, dir)
                    .and_then(|abs| self.fs.list(&abs))
                else {
                    continue;
                };
                let hidden_ok = comp.starts_with('.') || self.options.dotglob;
                next.extend(
                    entries
                        .into_iter()
                        .filter(|(name, _)| hidden_ok || !name.starts_with('.'))
                        .filter(|(name, _)| wildcard_match(comp, name))
                        .map(|(name, _)| typed_join(prefix, &name)),
                );
                next.truncate(MAX_GLOB);
            }
            paths = next;
        }
        let mut found: Vec<String> = paths
            .into_iter()
            .filter(|p| {
                let meta = self
                    .fs
                    .resolve(self.cwd, p)
                    .ok()
                    .and_then(|abs| self.fs.meta(&abs));
                meta.is_some_and(|m| !dirs_only || m.kind == Kind::Dir)
            })
            .map(|p| if dirs_only { p + "/" } else { p })
            .collect();
        crate::sort::sort(&mut found);
        found
    }
}

/// Whether `word` is `"$@"` alone (with nothing but empty quotes around).
fn only_quoted_at(word: &Word) -> bool {
    let mut at = false;
    for part in &word.parts {
        match part {
            Part::Param(p) if p.name == "@" && p.quoted && p.op == ParamOp::Value => at = true,
            Part::Quoted(s) if s.is_empty() => {}
            _ => return false,
        }
    }
    at
}

/// `prefix` and `name` joined as the user typed the prefix.
fn typed_join(prefix: &str, name: &str) -> String {
    if prefix.is_empty() {
        name.to_owned()
    } else {
        join(prefix, name)
    }
}

fn has_wildcard(pattern: &str) -> bool {
    let mut escaped = false;
    for c in pattern.chars() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '*' | '?' | '[' => return true,
            _ => {}
        }
    }
    false
}

fn unescape(pattern: &str) -> String {
    let mut out = String::new();
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        out.push(if c == '\\' {
            chars.next().unwrap_or('\\')
        } else {
            c
        });
    }
    out
}

/// Arithmetic in an offset reads the variables and assigns none.
struct ReadOnly<'e, 'a>(&'e Expander<'a>);

impl arith::Vars for ReadOnly<'_, '_> {
    fn get(&self, name: &str) -> Option<String> {
        self.0.lookup(name)
    }

    fn set(&mut self, _: &str, _: i64) -> Result<(), String> {
        Ok(())
    }
}

/// Where `value` may be cut: the start of each character, and its end.
fn char_bounds(value: &str) -> Vec<usize> {
    value
        .char_indices()
        .map(|(i, _)| i)
        .chain([value.len()])
        .collect()
}

/// `value` with the longest match of `pattern` replaced by `with`: the
/// first one, or `all`, or only at the start (`anchor` `#`) or the end
/// (`%`). An empty pattern replaces nothing, but anchored it matches the
/// empty start or end.
fn replaced(value: &str, pattern: &str, with: &str, all: bool, anchor: Option<char>) -> String {
    let cuts = char_bounds(value);
    // The longest piece from `start` that matches, as its end.
    let longest = |start: usize| {
        cuts.iter()
            .rev()
            .copied()
            .take_while(|&end| end >= start)
            .find(|&end| {
                (end > start || anchor.is_some()) && wildcard_match(pattern, &value[start..end])
            })
    };
    if pattern.is_empty() && anchor.is_none() {
        return value.to_owned();
    }
    match anchor {
        Some('#') => match longest(0) {
            Some(end) => format!("{with}{}", &value[end..]),
            None => value.to_owned(),
        },
        Some(_) => match cuts
            .iter()
            .find(|&&start| wildcard_match(pattern, &value[start..]))
        {
            Some(&start) => format!("{}{with}", &value[..start]),
            None => value.to_owned(),
        },
        None => {
            let mut out = String::new();
            let mut at = 0;
            while at < value.len() {
                match longest(at) {
                    Some(end) => {
                        out.push_str(with);
                        at = end;
                        if !all {
                            break;
                        }
                    }
                    None => {
                        let c = value[at..].chars().next().unwrap_or_default();
                        out.push(c);
                        at += c.len_utf8();
                    }
                }
            }
            out.push_str(&value[at..]);
            out
        }
    }
}

/// `value` without the start (or, with `suffix`, the end) that matches
/// `pattern`: the shortest such piece, or with `longest` the longest.
fn removed<'v>(value: &'v str, pattern: &str, suffix: bool, longest: bool) -> &'v str {
    let mut cuts = char_bounds(value);
    // Shortest first: from the start, short prefixes; from the end, late cuts.
    if suffix != longest {
        cuts.reverse();
    }
    for cut in cuts {
        let (piece, rest) = if suffix {
            (&value[cut..], &value[..cut])
        } else {
            (&value[..cut], &value[cut..])
        };
        if wildcard_match(pattern, piece) {
            return rest;
        }
    }
    value
}

/// Whether `name` matches the glob `pattern` (`*`, `?`, `[...]`, `\x`),
/// by the classic two-pointer walk that backtracks to the last `*`.
pub(super) fn wildcard_match(pattern: &str, name: &str) -> bool {
    #[derive(Clone, Copy, PartialEq)]
    enum Tok {
        Char(char),
        Any,
        Star,
        /// A bracket expression, by index into `classes`.
        Class(usize),
    }
    let mut toks = Vec::new();
    let mut classes = Vec::new();
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        toks.push(match c {
            '*' => Tok::Star,
            '?' => Tok::Any,
            '\\' => Tok::Char(chars.next().unwrap_or('\\')),
            '[' => match Class::parse(chars.as_str()) {
                Some((class, rest)) => {
                    classes.push(class);
                    chars = rest.chars();
                    Tok::Class(classes.len() - 1)
                }
                None => Tok::Char('['),
            },
            c => Tok::Char(c),
        });
    }
    let name: Vec<char> = name.chars().collect();
    let (mut p, mut n) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while n < name.len() {
        match toks.get(p) {
            Some(Tok::Star) => {
                star = Some((p, n));
                p += 1;
            }
            Some(Tok::Any) => {
                p += 1;
                n += 1;
            }
            Some(Tok::Char(c)) if *c == name[n] => {
                p += 1;
                n += 1;
            }
            Some(Tok::Class(i)) if classes[*i].matches(name[n]) => {
                p += 1;
                n += 1;
            }
            _ => match star {
                Some((sp, sn)) => {
                    p = sp + 1;
                    n = sn + 1;
                    star = Some((sp, sn + 1));
                }
                None => return false,
            },
        }
    }
    toks[p..].iter().all(|t| *t == Tok::Star)
}

/// A bracket expression: `[abc]`, `[a-z]`, `[[:digit:]]`, negated by a
/// leading `!` or `^`.
struct Class {
    negated: bool,
    /// Ranges of characters, a single one as `(c, c)`.
    ranges: Vec<(char, char)>,
    /// Named classes (`[:digit:]`), as their tests.
    named: Vec<fn(&char) -> bool>,
}

impl Class {
    /// The expression after its `[`, and the pattern after its `]`;
    /// `None` without a closing `]` (then `[` is itself).
    fn parse(text: &str) -> Option<(Class, &str)> {
        let negated = text.starts_with(['!', '^']);
        let mut rest = if negated { &text[1..] } else { text };
        let mut class = Class {
            negated,
            ranges: Vec::new(),
            named: Vec::new(),
        };
        let mut first = true;
        loop {
            let mut chars = rest.chars();
            let c = chars.next()?;
            if c == ']' && !first {
                return Some((class, chars.as_str()));
            }
            first = false;
            if c == '[' && chars.as_str().starts_with(':') {
                let body = &chars.as_str()[1..];
                let end = body.find(":]")?;
                class.named.push(match &body[..end] {
                    "digit" => char::is_ascii_digit,
                    "alpha" => char::is_ascii_alphabetic,
                    "alnum" => char::is_ascii_alphanumeric,
                    "upper" => char::is_ascii_uppercase,
                    "lower" => char::is_ascii_lowercase,
                    "space" => |c: &char| c.is_ascii_whitespace(),
                    "xdigit" => char::is_ascii_hexdigit,
                    "punct" => char::is_ascii_punctuation,
                    _ => |_: &char| false,
                });
                rest = &body[end + 2..];
                continue;
            }
            let c = if c == '\\' { chars.next()? } else { c };
            let after = chars.as_str();
            match after
                .strip_prefix('-')
                .and_then(|r| r.chars().next().filter(|&e| e != ']').map(|e| (e, r)))
            {
                Some((end, r)) => {
                    class.ranges.push((c, end));
                    rest = &r[end.len_utf8()..];
                }
                None => {
                    class.ranges.push((c, c));
                    rest = after;
                }
            }
        }
    }

    fn matches(&self, c: char) -> bool {
        let inside = self.ranges.iter().any(|&(a, b)| (a..=b).contains(&c))
            || self.named.iter().any(|test| test(&c));
        inside != self.negated
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn wildcards_match_like_bash() {
        assert!(wildcard_match("*.out", "slurm-1.out"));
        assert!(wildcard_match("a?c", "abc"));
        assert!(!wildcard_match("a?c", "ac"));
        assert!(wildcard_match(r"\*", "*"));
        assert!(!wildcard_match(r"\*", "x"));
        assert!(wildcard_match("*a*b*", "xxaxxbxx"));
        assert!(!wildcard_match("*a*b", "xxaxxbxx"));
    }

    #[test]
    fn bracket_expressions_match_one_character_of_a_set() {
        assert!(wildcard_match("node-[1-4]", "node-3"));
        assert!(!wildcard_match("node-[1-4]", "node-5"));
        assert!(wildcard_match("[!a]*", "ba"));
        assert!(!wildcard_match("[^a]*", "ab"));
        assert!(wildcard_match("[]a]", "]"));
        assert!(wildcard_match("[a-]", "-"));
        assert!(wildcard_match(r"[\]]", "]"));
        assert!(wildcard_match("[[:digit:]][[:upper:]]", "7Q"));
        assert!(!wildcard_match("[[:digit:]]", "x"));
        // Without its `]`, `[` is itself.
        assert!(wildcard_match("[", "["));
        assert!(wildcard_match("a[b", "a[b"));
    }

    #[test]
    fn replacing_takes_the_longest_match_where_it_is_allowed() {
        assert_eq!(replaced("a.b.c", ".", "_", false, None), "a_b.c");
        assert_eq!(replaced("a.b.c", ".", "_", true, None), "a_b_c");
        assert_eq!(replaced("abcbc", "b*", "Z", false, None), "aZ");
        assert_eq!(replaced("aaa", "a", "bb", true, None), "bbbbbb");
        assert_eq!(replaced("abc", "a", "A", false, Some('#')), "Abc");
        assert_eq!(replaced("abc", "b", "B", false, Some('#')), "abc");
        assert_eq!(replaced("abc", "c", "C", false, Some('%')), "abC");
        assert_eq!(replaced("abc", "", "X", false, Some('#')), "Xabc");
        assert_eq!(replaced("abc", "", "X", true, None), "abc");
        assert_eq!(replaced("héllo", "é", "e", false, None), "hello");
    }
}
