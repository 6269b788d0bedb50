//! A small lexer for Rust sources, enough to find string literals and
//! calls: comments are skipped, strings (plain, raw, byte) unescaped,
//! char literals told from lifetimes, `#[cfg(test)]` items dropped.

/// One token and its 1-based line.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Tok {
    /// A string literal's value.
    Str(String),
    /// An identifier, keyword or number.
    Ident(String),
    /// Any other character.
    Punct(char),
}

/// The tokens of `src`, each with its line, without test-only items.
pub(crate) fn tokens(src: &str) -> Vec<(Tok, usize)> {
    without_tests(lex(src))
}

fn lex(src: &str) -> Vec<(Tok, usize)> {
    let chars: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        let start_line = line;
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            loop {
                match (at(i), at(i + 1)) {
                    ('\0', _) => break,
                    ('/', '*') => (depth, i) = (depth + 1, i + 2),
                    ('*', '/') => {
                        (depth, i) = (depth - 1, i + 2);
                        if depth == 0 {
                            break;
                        }
                    }
                    ('\n', _) => (line, i) = (line + 1, i + 1),
                    _ => i += 1,
                }
            }
        } else if c == '"' {
            let mut value = String::new();
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                    value.push(match at(i) {
                        'n' => '\n',
                        't' => '\t',
                        other => other,
                    });
                } else {
                    value.push(chars[i]);
                }
                line += usize::from(chars[i] == '\n');
                i += 1;
            }
            i += 1;
            out.push((Tok::Str(value), start_line));
        } else if c == '\'' {
            // 'x', '\n' and '\'' are chars; 'a in `&'a str` is a lifetime.
            if at(i + 1) == '\\' {
                i += 3;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
            }
        } else if c.is_alphanumeric() || c == '_' {
            let begin = i;
            while at(i).is_alphanumeric() || at(i) == '_' {
                i += 1;
            }
            let word: String = chars[begin..i].iter().collect();
            let raw = matches!(word.as_str(), "r" | "br") && matches!(at(i), '"' | '#');
            if raw {
                let hashes = chars[i..].iter().take_while(|&&c| c == '#').count();
                let close: String = std::iter::once('"')
                    .chain("#".repeat(hashes).chars())
                    .collect();
                let body_start = i + hashes + 1;
                let rest: String = chars[body_start..].iter().collect();
                let len = rest.find(&close).unwrap_or(rest.len());
                let value: String = rest[..len].to_owned();
                line += value.matches('\n').count();
                i = body_start + value.chars().count() + close.chars().count();
                out.push((Tok::Str(value), start_line));
            } else if word == "b" && at(i) == '"' {
                // A byte string: lexed as a string next round.
            } else {
                out.push((Tok::Ident(word), start_line));
            }
        } else {
            out.push((Tok::Punct(c), start_line));
            i += 1;
        }
    }
    out
}

/// Drops each item that `#[cfg(test)]` marks: the attribute and the item
/// up to its closing brace or semicolon.
fn without_tests(tokens: Vec<(Tok, usize)>) -> Vec<(Tok, usize)> {
    let attr: Vec<Tok> = ["#", "[", "cfg", "(", "test", ")", "]"]
        .iter()
        .map(|s| match *s {
            "cfg" | "test" => Tok::Ident((*s).to_owned()),
            p => Tok::Punct(p.chars().next().unwrap_or(' ')),
        })
        .collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let starts = tokens[i..]
            .iter()
            .map(|(t, _)| t)
            .take(attr.len())
            .eq(attr.iter());
        if !starts {
            out.push(tokens[i].clone());
            i += 1;
            continue;
        }
        i += attr.len();
        let mut depth = 0;
        while let Some((t, _)) = tokens.get(i) {
            i += 1;
            match t {
                Tok::Punct('{') => depth += 1,
                Tok::Punct('}') if depth == 1 => break,
                Tok::Punct('}') => depth -= 1,
                Tok::Punct(';') if depth == 0 => break,
                _ => {}
            }
        }
    }
    out
}

#[test]
fn lexes_strings_chars_lifetimes_and_skips_tests_and_comments() {
    let src = "fn f<'a>(x: &'a str) { t(\"a-b\", '\"', r#\"raw \"q\"\"#) } // \"no\"\n\
               /* \"no\" */ #[cfg(test)] mod tests { t(\"no\") }\nlet c = '\\'';";
    let strs: Vec<(String, usize)> = tokens(src)
        .into_iter()
        .filter_map(|(t, l)| match t {
            Tok::Str(s) => Some((s, l)),
            _ => None,
        })
        .collect();
    assert_eq!(strs, [("a-b".to_owned(), 1), ("raw \"q\"".to_owned(), 1)]);
    assert!(tokens(src).contains(&(Tok::Ident("c".into()), 3)));
}
