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
use super::lex::{Param, ParamOp, Part, Word};

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
}

/// The process id `$$` reports.
pub(super) const SHELL_PID: u32 = 4242;

/// A shell variable.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Var {
    /// Its value.
    pub(super) value: String,
    /// Whether it is in the environment of commands (`export`).
    pub(super) exported: bool,
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
    /// The first unset variable expanded under `set -u`.
    pub(super) unbound: std::cell::RefCell<Option<String>>,
    /// `$!`: the process id of the last background child.
    pub(super) last_background: Option<u32>,
    /// `$UID` and `$EUID`, which bash sets itself (read-only).
    pub(super) uid: Option<u32>,
    /// The state behind `$RANDOM`.
    pub(super) random: &'a Random,
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
    if matches!(c, '*' | '?' | '\\') {
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
        if matches!(c, '*' | '?') || self.regex {
            self.cur.glob = true;
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
            "$" => Some(SHELL_PID.to_string()),
            "!" => self.last_background.map(|pid| pid.to_string()),
            "#" => Some(self.args.len().to_string()),
            "0" if self.arg0.is_empty() => Some("bash".to_owned()),
            "0" => Some(self.arg0.to_owned()),
            "-" => Some("himBH".to_owned()),
            "@" | "*" => Some(self.args.join(" ")),
            "UID" | "EUID" if self.uid.is_some() => self.uid.map(|u| u.to_string()),
            "RANDOM" => Some(self.random.next().to_string()),
            _ if name.bytes().all(|b| b.is_ascii_digit()) => {
                let n: usize = name.parse().ok()?;
                self.args.get(n.checked_sub(1)?).cloned()
            }
            _ => self.vars.get(name).map(|v| v.value.clone()),
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
        let value = self.lookup(&p.name);
        if p.name == "@" && p.quoted && p.op == ParamOp::Value {
            // `"$@"`: each parameter its own field.
            for (i, arg) in self.args.iter().enumerate() {
                if i > 0 {
                    b.split_here();
                }
                b.quoted(arg);
            }
            return;
        }
        if value.is_none() && self.nounset && matches!(p.op, ParamOp::Value | ParamOp::Length) {
            self.unbound
                .borrow_mut()
                .get_or_insert_with(|| p.name.clone());
        }
        match &p.op {
            ParamOp::Value => b.expanded(value.as_deref().unwrap_or_default(), p.quoted),
            ParamOp::Length => {
                let n = value.map_or(0, |v| v.chars().count());
                b.expanded(&n.to_string(), p.quoted);
            }
            ParamOp::Default { colon, word } => match value {
                Some(v) if !(*colon && v.is_empty()) => b.expanded(&v, p.quoted),
                _ => self.parts(&word.parts, false, b),
            },
            ParamOp::Alternative { colon, word } => {
                if value.is_some_and(|v| !(*colon && v.is_empty())) {
                    self.parts(&word.parts, false, b);
                }
            }
            ParamOp::Remove {
                suffix,
                longest,
                word,
            } => {
                let value = value.unwrap_or_default();
                // A pattern too long to build matches nothing.
                let pattern = self.pattern(word).unwrap_or_default();
                b.expanded(removed(&value, &pattern, *suffix, *longest), p.quoted);
            }
        }
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
                out.push(field.text);
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
        if let Some(name) = self.unbound.borrow_mut().take() {
            return Err(ExpandError::Unbound(name));
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
                let hidden_ok = comp.starts_with('.');
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
            '*' | '?' => return true,
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

/// `value` without the start (or, with `suffix`, the end) that matches
/// `pattern`: the shortest such piece, or with `longest` the longest.
fn removed<'v>(value: &'v str, pattern: &str, suffix: bool, longest: bool) -> &'v str {
    let mut cuts: Vec<usize> = value
        .char_indices()
        .map(|(i, _)| i)
        .chain([value.len()])
        .collect();
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

/// Whether `name` matches the glob `pattern` (`*`, `?`, `\x`), by the
/// classic two-pointer walk that backtracks to the last `*`.
pub(super) fn wildcard_match(pattern: &str, name: &str) -> bool {
    #[derive(Clone, Copy, PartialEq)]
    enum Tok {
        Char(char),
        Any,
        Star,
    }
    let mut toks = Vec::new();
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        toks.push(match c {
            '*' => Tok::Star,
            '?' => Tok::Any,
            '\\' => Tok::Char(chars.next().unwrap_or('\\')),
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
}
