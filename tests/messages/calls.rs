//! The app's message calls, found in its tokens: a call with a slice of
//! `("name", Arg::Num(..))` pairs passes arguments to the message named
//! by the argument before the slice (`i18n.t_args(ID, &[..])`,
//! `catalog().format(lang, ID, &[..])`); `.t(ID)` and `.text(lang, ID)`
//! pass none.

use crate::lex::Tok;

/// How the app passes one argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// `Arg::Num`: a number, which selects plural forms.
    Num,
    /// `Arg::Str`: text (numbers the app formats itself, names).
    Str,
}

/// One argument at a call: its name when written as a literal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Passed {
    /// `Some("count")` for `("count", ..)`, `None` for `(name, ..)`.
    pub(crate) name: Option<String>,
    /// Number or text.
    pub(crate) kind: Kind,
}

/// A call naming a message: its line, the tokens of its id expression
/// and the arguments it passes (none for `.t` and `.text`).
#[derive(Debug, Clone)]
pub(crate) struct Call {
    /// 1-based line of the call.
    pub(crate) line: usize,
    /// The id expression: one literal, a `format!`, or anything else.
    pub(crate) id: Vec<Tok>,
    /// Whether it passes arguments (a slice, possibly empty).
    pub(crate) with_args: bool,
    /// The arguments, in order.
    pub(crate) args: Vec<Passed>,
}

impl Call {
    /// The id expression as compact text: `key(c.below==Algorithm::Tree)`.
    pub(crate) fn id_text(&self) -> String {
        let mut text = String::new();
        for t in &self.id {
            let piece = match t {
                Tok::Str(s) => format!("{s:?}"),
                Tok::Ident(w) => w.clone(),
                Tok::Punct(c) => c.to_string(),
            };
            // Adjacent words keep a space: `move || x`, `as f64`.
            if matches!(t, Tok::Ident(_))
                && text.ends_with(|c: char| c.is_alphanumeric() || c == '_')
            {
                text.push(' ');
            }
            text.push_str(&piece);
        }
        text
    }
}

/// The message calls in `tokens`, and the lines of any `Arg::Num`/
/// `Arg::Str` outside them (arguments this scan cannot attribute).
pub(crate) fn find(tokens: &[(Tok, usize)]) -> (Vec<Call>, Vec<usize>) {
    let mut calls = Vec::new();
    let mut attributed = Vec::new();
    for i in 0..tokens.len() {
        let (Tok::Ident(name), line) = &tokens[i] else {
            continue;
        };
        if tokens.get(i + 1).map(|t| &t.0) != Some(&Tok::Punct('(')) {
            continue;
        }
        let args = arguments(tokens, i + 2);
        let after_dot = i > 0 && tokens[i - 1].0 == Tok::Punct('.');
        // `t_args(ID, &[])` passes no arguments, but is still a call with them.
        let slice = args.iter().position(|&(s, e)| {
            e - s >= 2
                && tokens[s].0 == Tok::Punct('&')
                && tokens[s + 1].0 == Tok::Punct('[')
                && (name == "t_args" || arg_uses(&tokens[s..e]).next().is_some())
        });
        let (id, with_args, passed) = match slice {
            Some(k) if k > 0 => {
                let (s, e) = args[k];
                let uses: Vec<usize> = arg_uses(&tokens[s..e]).map(|u| u + s).collect();
                attributed.extend(uses.iter().copied());
                let passed = uses.iter().map(|&u| passed_at(tokens, u)).collect();
                (args[k - 1], true, passed)
            }
            _ if after_dot && name == "t" && args.len() == 1 => (args[0], false, Vec::new()),
            _ if after_dot && name == "text" && args.len() == 2 => (args[1], false, Vec::new()),
            _ => continue,
        };
        calls.push(Call {
            line: *line,
            id: tokens[id.0..id.1].iter().map(|t| t.0.clone()).collect(),
            with_args,
            args: passed,
        });
    }
    let stray = arg_uses(tokens)
        .filter(|u| !attributed.contains(u))
        .map(|u| tokens[u].1)
        .collect();
    (calls, stray)
}

/// Where `Arg :: Num` or `Arg :: Str` starts in `tokens`.
fn arg_uses(tokens: &[(Tok, usize)]) -> impl Iterator<Item = usize> + '_ {
    (0..tokens.len()).filter(|&i| kind_at(tokens, i).is_some())
}

fn kind_at(tokens: &[(Tok, usize)], i: usize) -> Option<Kind> {
    let word = |k: usize, w: &str| matches!(tokens.get(k), Some((Tok::Ident(x), _)) if x == w);
    let colon = |k: usize| matches!(tokens.get(k), Some((Tok::Punct(':'), _)));
    if !(word(i, "Arg") && colon(i + 1) && colon(i + 2)) {
        return None;
    }
    if word(i + 3, "Num") {
        Some(Kind::Num)
    } else if word(i + 3, "Str") {
        Some(Kind::Str)
    } else {
        None
    }
}

/// The argument whose `Arg::..` starts at `at`: walks back over the path
/// (`crate::i18n::`) to the comma, then takes the name before it.
fn passed_at(tokens: &[(Tok, usize)], at: usize) -> Passed {
    let kind = kind_at(tokens, at).unwrap_or(Kind::Str);
    let mut k = at;
    while k > 0 && matches!(tokens[k - 1].0, Tok::Ident(_) | Tok::Punct(':')) {
        k -= 1;
    }
    let name = match tokens.get(k.wrapping_sub(2)) {
        Some((Tok::Str(s), _)) if tokens[k - 1].0 == Tok::Punct(',') => Some(s.clone()),
        _ => None,
    };
    Passed { name, kind }
}

/// The token ranges of a call's arguments, from just after its `(`.
fn arguments(tokens: &[(Tok, usize)], from: usize) -> Vec<(usize, usize)> {
    let mut args = Vec::new();
    let (mut depth, mut start) = (0usize, from);
    for (k, (t, _)) in tokens.iter().enumerate().skip(from) {
        match t {
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(')' | ']' | '}') if depth == 0 => {
                if k > start {
                    args.push((start, k));
                }
                break;
            }
            Tok::Punct(')' | ']' | '}') => depth -= 1,
            Tok::Punct(',') if depth == 0 => {
                args.push((start, k));
                start = k + 1;
            }
            _ => {}
        }
    }
    args
}
