//! `content/<lang>/glossary.toml`: the term a language uses for each
//! concept, the variants it does not use, and the terms it keeps as in
//! English, so that a reader meets one word per concept in pages and
//! interface alike. The content check warns where a page or the locale
//! file uses a rejected variant. Pure.

use serde::Deserialize;

use crate::diagnostic::{Diagnostic, line_of};
use crate::sources::Sources;

/// One language's glossary.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Glossary {
    /// Terms written as in English on purpose (`checkpoint`, `fair-share`).
    #[serde(default, rename = "same-as-english")]
    pub same_as_english: Vec<String>,
    /// The chosen term for each concept.
    #[serde(default)]
    pub terms: Vec<Term>,
}

/// A concept, the word for it, and the words not to use for it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Term {
    /// The concept, in English (`file`, `drain a node`).
    pub concept: String,
    /// The term this language uses.
    #[serde(rename = "use")]
    pub chosen: String,
    /// Variants not used: words or phrases, matched whole and ignoring case;
    /// a final `*` matches any ending (`añad*` for añadir, añade, ...).
    #[serde(default)]
    pub avoid: Vec<String>,
}

/// A rejected variant found in a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variant<'g> {
    /// 1-based line in the text.
    pub line: usize,
    /// The words as written.
    pub found: String,
    /// The term they stand for.
    pub term: &'g Term,
}

/// Where a language's glossary lives.
pub fn path(lang: &str) -> String {
    format!("content/{lang}/glossary.toml")
}

impl Glossary {
    /// `lang`'s glossary, if it has one; a malformed one is its error.
    pub fn of(sources: &Sources, lang: &str) -> Option<Result<Self, Diagnostic>> {
        let path = path(lang);
        sources.get(&path).map(|text| Self::parse(&path, text))
    }

    /// Parses a glossary; errors name `path` and the line.
    pub fn parse(path: &str, text: &str) -> Result<Self, Diagnostic> {
        let glossary: Self = toml::from_str(text).map_err(|e| {
            let line = e.span().map_or(0, |s| line_of(text, s.start));
            Diagnostic::error(path, line, format!("malformed glossary: {}", e.message()))
        })?;
        for term in &glossary.terms {
            let line = text
                .find(&format!("\"{}\"", term.concept))
                .map_or(0, |o| line_of(text, o));
            if term.chosen.trim().is_empty() {
                return Err(Diagnostic::error(
                    path,
                    line,
                    format!("`{}` has an empty `use`", term.concept),
                ));
            }
            if let Some(bad) = term.avoid.iter().find(|a| {
                let pattern = Pattern::new(a);
                pattern.words.is_empty() || pattern.find(&words(&term.chosen)).is_some()
            }) {
                return Err(Diagnostic::error(
                    path,
                    line,
                    format!(
                        "`{}`: avoid `{bad}` is empty or matches the chosen term `{}`",
                        term.concept, term.chosen
                    ),
                ));
            }
        }
        Ok(glossary)
    }

    /// Every rejected variant in `lines` (1-based line numbers, each line
    /// with its text), in order.
    pub fn variants<'g, 'a>(
        &'g self,
        lines: impl IntoIterator<Item = (usize, &'a str)>,
    ) -> Vec<Variant<'g>> {
        let patterns: Vec<(Pattern, &Term)> = self
            .terms
            .iter()
            .flat_map(|t| t.avoid.iter().map(move |a| (Pattern::new(a), t)))
            .collect();
        let mut found = Vec::new();
        for (line, text) in lines {
            let words = words(text);
            for (pattern, term) in &patterns {
                let mut from = 0;
                while let Some(at) = pattern.find(&words[from..]) {
                    let span = &words[from + at..from + at + pattern.words.len()];
                    found.push(Variant {
                        line,
                        found: span
                            .iter()
                            .map(|w| w.original)
                            .collect::<Vec<_>>()
                            .join(" "),
                        term,
                    });
                    from += at + pattern.words.len();
                }
            }
        }
        crate::sort::by_key(&mut found, |v| v.line);
        found
    }
}

/// A word of a text: as written, and lower-cased for matching.
struct Word<'a> {
    original: &'a str,
    lower: String,
}

/// The words of `text`: runs of letters and digits, joined by inner
/// hyphens (`fair-share` is one word, not `fair` and `share`).
pub(super) fn split_words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_alphanumeric() && c != '-')
        .map(|w| w.trim_matches('-'))
        .filter(|w| !w.is_empty())
}

/// [`split_words`], each also lower-cased for matching.
fn words(text: &str) -> Vec<Word<'_>> {
    split_words(text)
        .map(|w| Word {
            original: w,
            lower: w.to_lowercase(),
        })
        .collect()
}

/// An `avoid` entry: its words, the last one possibly a prefix.
struct Pattern {
    words: Vec<String>,
    prefix: bool,
}

impl Pattern {
    fn new(text: &str) -> Self {
        let prefix = text.trim_end().ends_with('*');
        let words = words(text).into_iter().map(|w| w.lower).collect();
        Pattern { words, prefix }
    }

    /// Where the pattern starts among `words`.
    fn find(&self, words: &[Word<'_>]) -> Option<usize> {
        let n = self.words.len();
        if n == 0 || words.len() < n {
            return None;
        }
        (0..=words.len() - n).find(|&i| {
            self.words.iter().enumerate().all(|(k, want)| {
                let word = &words[i + k].lower;
                if self.prefix && k == n - 1 {
                    word.starts_with(want.as_str())
                } else {
                    word == want
                }
            })
        })
    }
}

/// The lines of a chapter page a reader reads as prose: not the front
/// matter, fenced code or inline code, nor heading ids.
pub fn prose_lines(page: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fence: Option<&str> = None;
    let mut front_matter = page.starts_with("+++");
    for (i, line) in page.lines().enumerate() {
        let n = i + 1;
        let trimmed = line.trim_start();
        if front_matter {
            if n > 1 && trimmed.starts_with("+++") {
                front_matter = false;
            }
            continue;
        }
        if let Some(open) = fence {
            if trimmed.starts_with(open) {
                fence = None;
            }
            continue;
        }
        if let Some(open) = ["```", "~~~"].into_iter().find(|f| trimmed.starts_with(f)) {
            fence = Some(open);
            continue;
        }
        out.push((n, strip_code_and_ids(line)));
    }
    out
}

/// `line` without its inline code spans and `{#id}` attributes.
fn strip_code_and_ids(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut in_code = false;
    let mut rest = line;
    while let Some(c) = rest.chars().next() {
        if c == '`' {
            in_code = !in_code;
        } else if !in_code && rest.starts_with("{#") {
            rest = rest.find('}').map_or("", |end| &rest[end + 1..]);
            continue;
        } else if !in_code {
            out.push(c);
        }
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// The lines of a Fluent file a reader sees: message values, not
/// comments or message names.
pub fn message_lines(ftl: &str) -> Vec<(usize, &str)> {
    ftl.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim_start().starts_with('#'))
        .map(|(i, l)| {
            let value = if l.starts_with(char::is_whitespace) {
                l
            } else {
                l.split_once('=').map_or("", |(_, v)| v)
            };
            (i + 1, value)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const ES: &str = r#"
same-as-english = ["checkpoint"]

[[terms]]
concept = "file"
use = "archivo"
avoid = ["fichero*"]

[[terms]]
concept = "requeue"
use = "reencolar"
avoid = ["volver a encolar", "vuelve a encolar"]
"#;

    #[test]
    fn finds_rejected_words_and_phrases_whole_and_ignoring_case() {
        let g = Glossary::parse("content/es/glossary.toml", ES).expect("a good glossary");
        assert_eq!(g.same_as_english, ["checkpoint"]);
        let text = "El Fichero y los ficheros.\nUn perfichero no.\nVuelve a encolar el trabajo.\nvuelve-a-encolar";
        let found: Vec<(usize, String, &str)> = g
            .variants(text.lines().enumerate().map(|(i, l)| (i + 1, l)))
            .into_iter()
            .map(|v| (v.line, v.found, v.term.chosen.as_str()))
            .collect();
        assert_eq!(
            found,
            [
                (1, "Fichero".to_owned(), "archivo"),
                (1, "ficheros".to_owned(), "archivo"),
                (3, "Vuelve a encolar".to_owned(), "reencolar"),
            ]
        );
    }

    #[test]
    fn a_bad_glossary_names_its_line() {
        let e = Glossary::parse(
            "g.toml",
            "[[terms]]\nconcept = \"file\"\nuse = \"archivo\"\navoid = [\"archivo\"]\n",
        )
        .expect_err("refused");
        assert_eq!(
            (e.line, e.message.contains("matches the chosen term")),
            (2, true)
        );
        let e = Glossary::parse("g.toml", "[[terms]]\nconcept = \"file\"\nuse = 3\n")
            .expect_err("refused");
        assert_eq!(e.line, 3);
        assert!(e.message.starts_with("malformed glossary"), "{}", e.message);
    }

    #[test]
    fn prose_skips_front_matter_code_and_ids() {
        let page = "+++\nsource_hash = \"fichero\"\n+++\n# Título {#fichero}\nUn `fichero` y un fichero.\n```bash\ncat fichero\n```\n";
        let prose = prose_lines(page);
        assert_eq!(prose[0], (4, "# Título ".to_owned()));
        assert_eq!(prose[1], (5, "Un  y un fichero.".to_owned()));
        assert_eq!(prose.len(), 2);
        let ftl = "# fichero\nsh-file = Un fichero\n    y otro\nfichero-key = x\n";
        assert_eq!(
            message_lines(ftl),
            [(2, " Un fichero"), (3, "    y otro"), (4, " x")]
        );
    }
}
