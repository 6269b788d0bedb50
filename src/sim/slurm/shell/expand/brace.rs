//! Brace expansion, bash's first expansion: in a word's unquoted text,
//! `pre{a,b}post` becomes `preapost prebpost` and `{1..10..3}`,
//! `{01..12}` or `{a..e}` a sequence, before any variable is expanded
//! (so `{$x,y}` works, while `"{a,b}"` and `\{a,b}` stay as typed). A
//! brace with neither a comma nor a valid sequence is left as it is.

use super::super::lex::{Part, Word};
use super::{ExpandError, MAX_EXPANSION};

/// The first of the private-use characters that stand for the parts brace
/// expansion does not look into (quoted text, `$x`) while it works on the
/// word's text: the `n`th such part is `MARK + n`.
const MARK: u32 = 0xF_0000;

fn is_mark(c: char) -> bool {
    (MARK..=0xF_FFFD).contains(&u32::from(c))
}

/// The words `word` expands to; `None` when it has no brace to expand (or
/// types the private-use characters this reading borrows).
pub(in super::super) fn expand(word: &Word) -> Result<Option<Vec<Word>>, ExpandError> {
    let has_brace = word
        .parts
        .iter()
        .any(|p| matches!(p, Part::Lit(text) if text.contains('{')));
    if !has_brace {
        return Ok(None);
    }
    let mut text = String::new();
    let mut opaque = Vec::new();
    for part in &word.parts {
        match part {
            Part::Lit(lit) if lit.chars().any(is_mark) => return Ok(None),
            Part::Lit(lit) => text.push_str(lit),
            other => {
                let index = u32::try_from(opaque.len()).unwrap_or(u32::MAX);
                let Some(mark) = char::from_u32(MARK.saturating_add(index)).filter(|&c| is_mark(c))
                else {
                    return Ok(None);
                };
                text.push(mark);
                opaque.push(other);
            }
        }
    }
    let words = expand_text(&text)?;
    if words.len() == 1 {
        return Ok(None);
    }
    Ok(Some(
        words
            .iter()
            .map(|w| Word {
                parts: parts_of(w, &opaque),
                raw: word.raw.clone(),
            })
            .collect(),
    ))
}

/// A word's text back as parts: runs of characters as unquoted text, each
/// mark as the part it stands for.
fn parts_of(text: &str, opaque: &[&Part]) -> Vec<Part> {
    let mut parts = Vec::new();
    let mut lit = String::new();
    for c in text.chars() {
        let part = is_mark(c)
            .then(|| opaque.get((u32::from(c) - MARK) as usize))
            .flatten();
        match part {
            Some(part) => {
                if !lit.is_empty() {
                    parts.push(Part::Lit(std::mem::take(&mut lit)));
                }
                parts.push((*part).clone());
            }
            None => lit.push(c),
        }
    }
    if !lit.is_empty() {
        parts.push(Part::Lit(lit));
    }
    parts
}

/// The first brace that expands, its preamble before it and what follows
/// expanded in turn: `a{1,2}b{x,y}` is a1bx a1by a2bx a2by.
fn expand_text(text: &str) -> Result<Vec<String>, ExpandError> {
    let mut from = 0;
    while let Some(open) = text[from..].find('{').map(|i| from + i) {
        from = open + 1;
        let Some((close, commas)) = matching(text, open) else {
            continue;
        };
        let items = if commas.is_empty() {
            match sequence(&text[open + 1..close]) {
                Some(items) => items,
                None => continue,
            }
        } else {
            let mut items = Vec::new();
            let mut start = open + 1;
            for end in commas.into_iter().chain([close]) {
                items.extend(expand_text(&text[start..end])?);
                start = end + 1;
            }
            items
        };
        let posts = expand_text(&text[close + 1..])?;
        if items.len().saturating_mul(posts.len()) > MAX_WORDS {
            return Err(ExpandError::TooLong);
        }
        let pre = &text[..open];
        let mut out = Vec::with_capacity(items.len() * posts.len());
        for item in &items {
            for post in &posts {
                out.push(format!("{pre}{item}{post}"));
            }
        }
        return Ok(out);
    }
    Ok(vec![text.to_owned()])
}

/// The most words one brace expansion makes (each at least a byte of
/// the command line's [`MAX_EXPANSION`]).
const MAX_WORDS: usize = MAX_EXPANSION / 16;

/// The `}` closing the brace at `open` and the commas between them at its
/// own depth (byte offsets); `None` if it is never closed.
fn matching(text: &str, open: usize) -> Option<(usize, Vec<usize>)> {
    let mut depth = 0usize;
    let mut commas = Vec::new();
    for (i, b) in text.bytes().enumerate().skip(open + 1) {
        match b {
            b'{' => depth += 1,
            b'}' if depth == 0 => return Some((i, commas)),
            b'}' => depth -= 1,
            b',' if depth == 0 => commas.push(i),
            _ => {}
        }
    }
    None
}

/// A sequence expression `x..y[..incr]` of integers (zero-padded when
/// either end is written with a leading zero) or of single letters.
fn sequence(inner: &str) -> Option<Vec<String>> {
    let mut ends = inner.split("..");
    let (x, y) = (ends.next()?, ends.next()?);
    let step = match ends.next() {
        Some(s) => s.parse::<i64>().ok()?.unsigned_abs().max(1),
        None => 1,
    };
    if ends.next().is_some() {
        return None;
    }
    if let (Ok(a), Ok(b)) = (x.parse::<i64>(), y.parse::<i64>()) {
        let padded = |s: &str| {
            let digits = s.trim_start_matches('-');
            digits.len() > 1 && digits.starts_with('0')
        };
        let width = if padded(x) || padded(y) {
            x.len().max(y.len())
        } else {
            0
        };
        return Some(steps(a, b, step)?.map(|n| format!("{n:0width$}")).collect());
    }
    let letter = |s: &str| match s.as_bytes() {
        [c] if c.is_ascii_alphabetic() => Some(i64::from(*c)),
        _ => None,
    };
    Some(
        steps(letter(x)?, letter(y)?, step)?
            .filter_map(|n| u8::try_from(n).ok().map(|b| char::from(b).to_string()))
            .collect(),
    )
}

/// `a` to `b` by `step` either way; `None` past [`MAX_WORDS`].
fn steps(a: i64, b: i64, step: u64) -> Option<impl Iterator<Item = i64>> {
    let count = a.abs_diff(b) / step + 1;
    if count > MAX_WORDS as u64 {
        return None;
    }
    let step = i64::try_from(step).ok()?;
    let dir = if b >= a { 1 } else { -1 };
    Some((0..i64::try_from(count).ok()?).map(move |i| a + dir * i * step))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(parts: Vec<Part>) -> Vec<String> {
        let word = Word {
            parts,
            raw: String::new(),
        };
        match expand(&word) {
            Ok(Some(words)) => words
                .iter()
                .map(|w| {
                    w.parts
                        .iter()
                        .map(|p| match p {
                            Part::Lit(t) | Part::Quoted(t) => t.clone(),
                            _ => "$".to_owned(),
                        })
                        .collect()
                })
                .collect(),
            Ok(None) => vec!["(none)".to_owned()],
            Err(e) => vec![e.to_string()],
        }
    }

    fn lit(text: &str) -> Vec<Part> {
        vec![Part::Lit(text.to_owned())]
    }

    #[test]
    fn lists_sequences_and_what_stays_literal() {
        assert_eq!(words(lit("a{1,2}b{x,y}")), ["a1bx", "a1by", "a2bx", "a2by"]);
        assert_eq!(words(lit("{1..3}")), ["1", "2", "3"]);
        assert_eq!(words(lit("{3..1}")), ["3", "2", "1"]);
        assert_eq!(words(lit("{1..10..4}")), ["1", "5", "9"]);
        assert_eq!(words(lit("{08..11}")), ["08", "09", "10", "11"]);
        assert_eq!(words(lit("{-1..1}")), ["-1", "0", "1"]);
        assert_eq!(words(lit("{a..c}")), ["a", "b", "c"]);
        assert_eq!(words(lit("x{a,{b,c}}")), ["xa", "xb", "xc"]);
        assert_eq!(words(lit("{,.bak}")), ["", ".bak"]);
        for literal in ["{a}", "{}", "{1..a}", "{a,b", "a}b", "{1..2..3..4}"] {
            assert_eq!(words(lit(literal)), ["(none)"], "{literal}");
        }
        // A brace that does not expand leaves a later one to expand.
        assert_eq!(words(lit("{x}{1,2}")), ["{x}1", "{x}2"]);
        // Quoted text is taken as it is, and may sit inside.
        let quoted = vec![
            Part::Lit("{".to_owned()),
            Part::Quoted("a,b".to_owned()),
            Part::Lit(",c}".to_owned()),
        ];
        assert_eq!(words(quoted), ["a,b", "c"]);
        assert_eq!(words(vec![Part::Quoted("{a,b}".to_owned())]), ["(none)"]);
        assert_eq!(
            words(lit("{1..99999999}")),
            ["(none)"],
            "too long a sequence stays literal"
        );
    }
}
