//! How much of a language is really translated, honestly counted: a
//! message identical to English is untranslated unless every word of it is
//! one the language keeps as in English (its glossary's `same-as-english`),
//! and a page whose sentences are mostly English's (over
//! [`UNTRANSLATED_SHARE`]) is untranslated. A language's share weighs each
//! message as one and each page as its English sentences. Pure.

use super::glossary::{Glossary, prose_lines, split_words};
use super::library::{Library, page_path};
use crate::i18n::Catalog;
use crate::sources::SOURCE_LANG;

/// Above this share of sentences identical to English, a page counts as
/// untranslated.
pub const UNTRANSLATED_SHARE: f64 = 0.8;

/// What is translated of what English has.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Progress {
    /// Messages translated, of English's.
    pub messages: (usize, usize),
    /// English sentences whose page is translated, of all of English's.
    pub sentences: (usize, usize),
}

impl Progress {
    /// The translated share in whole percent, rounded down (100 only when
    /// everything is).
    pub fn percent(&self) -> u8 {
        let done = self.messages.0 + self.sentences.0;
        let total = self.messages.1 + self.sentences.1;
        if total == 0 {
            return 100;
        }
        u8::try_from(done * 100 / total).unwrap_or(100)
    }
}

/// A language measured against English.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Measured {
    /// The counts.
    pub progress: Progress,
    /// Messages the language has but left as English's, by id.
    pub same_messages: Vec<String>,
    /// Pages the language has but left mostly English, by slug, with the
    /// share of their sentences that are English's.
    pub same_pages: Vec<(String, f64)>,
}

/// Measures `lang` (English is complete by definition).
pub fn measure(library: &Library, catalog: &Catalog, lang: &str) -> Measured {
    let sources = library.sources();
    // A malformed glossary is the content check's error; here it keeps
    // nothing as English.
    let glossary = Glossary::of(sources, lang)
        .and_then(Result::ok)
        .unwrap_or_default();
    let mut out = Measured::default();
    let english = catalog.messages(SOURCE_LANG);
    let own = catalog.messages(lang);
    for id in english.into_iter().flat_map(|m| m.keys()) {
        out.progress.messages.1 += 1;
        if lang == SOURCE_LANG {
            out.progress.messages.0 += 1;
            continue;
        }
        if !own.is_some_and(|m| m.contains_key(id)) {
            continue;
        }
        let text = catalog.text(lang, id);
        if text == catalog.text(SOURCE_LANG, id) && !same_on_purpose(&text, &glossary) {
            out.same_messages.push(id.clone());
        } else {
            out.progress.messages.0 += 1;
        }
    }
    for entry in library.toc(SOURCE_LANG) {
        let Some(en) = sources.get(&page_path(SOURCE_LANG, &entry.slug)) else {
            continue;
        };
        let weight = sentences(en).len();
        out.progress.sentences.1 += weight;
        let Some(page) = sources.get(&page_path(lang, &entry.slug)) else {
            continue;
        };
        let share = if lang == SOURCE_LANG {
            0.0
        } else {
            identical_share(en, page)
        };
        if share > UNTRANSLATED_SHARE {
            out.same_pages.push((entry.slug.clone(), share));
        } else {
            out.progress.sentences.0 += weight;
        }
    }
    out
}

/// Whether a message whose text is the same as English's is so on purpose:
/// it has no letters (`.`, `1,024`), or each of its words is listed under
/// `same-as-english`.
pub fn same_on_purpose(text: &str, glossary: &Glossary) -> bool {
    let kept: Vec<String> = glossary
        .same_as_english
        .iter()
        .map(|t| t.to_lowercase())
        .collect();
    // A placeable (`{ $job }`, or Fluent's `{$job}` for a missing
    // argument) is the app's, not words to translate.
    let mut words = String::with_capacity(text.len());
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            _ if depth == 0 => words.push(c),
            _ => {}
        }
    }
    split_words(&words)
        .filter(|w| w.chars().any(char::is_alphabetic))
        .all(|w| kept.iter().any(|k| k == &w.to_lowercase()))
}

/// The sentences of a page's prose (not code, not front matter), each with
/// its words joined by single spaces; sentences of fewer than three words
/// (headings such as `## 2.3 NCCL`) are left out.
pub fn sentences(page: &str) -> Vec<String> {
    let mut paragraphs = vec![String::new()];
    for (_, line) in prose_lines(page) {
        let line = line.trim();
        if line.is_empty() {
            paragraphs.push(String::new());
        } else if let Some(last) = paragraphs.last_mut() {
            last.push(' ');
            last.push_str(line);
        }
    }
    let mut out = Vec::new();
    for paragraph in paragraphs {
        let mut sentence = String::new();
        let mut chars = paragraph.chars().peekable();
        while let Some(c) = chars.next() {
            sentence.push(c);
            let end = matches!(c, '.' | '!' | '?' | ':' | ';')
                && chars.peek().is_none_or(|n| n.is_whitespace());
            if end || chars.peek().is_none() {
                let words: Vec<&str> = sentence.split_whitespace().collect();
                if words.len() >= 3 {
                    out.push(words.join(" "));
                }
                sentence.clear();
            }
        }
    }
    out
}

/// The share of `page`'s sentences that are also sentences of `english`.
pub fn identical_share(english: &str, page: &str) -> f64 {
    let source: std::collections::BTreeSet<String> = sentences(english).into_iter().collect();
    let own = sentences(page);
    if own.is_empty() {
        return 0.0;
    }
    let same = own.iter().filter(|s| source.contains(*s)).count();
    same as f64 / own.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_are_prose_only_and_long_enough() {
        let page = "# Title\n\nOne two three. Four five\nsix seven?\n\n```bash\nnot a sentence at all\n```\n\n- a list item with words\n";
        assert_eq!(
            sentences(page),
            [
                "One two three.",
                "Four five six seven?",
                "- a list item with words"
            ]
        );
    }

    #[test]
    fn a_page_copied_from_english_is_mostly_identical() {
        let en = "Alpha beta gamma. Delta epsilon zeta. Eta theta iota. Kappa lambda mu. \
                  Nu xi omicron. Pi rho sigma.\n";
        // Five of six sentences are English's: 83%.
        let copied = "Alpha beta gamma. Delta epsilon zeta. Eta theta iota. Kappa lambda nu. \
                      Nu xi omicron. Pi rho sigma.\n";
        let translated = "Alfa beta gama. Delta épsilon zeta. Eta theta iota. Kappa lambda mu.\n";
        assert!(identical_share(en, copied) > UNTRANSLATED_SHARE);
        assert!(identical_share(en, translated) <= UNTRANSLATED_SHARE);
        assert_eq!(identical_share(en, ""), 0.0);
    }

    #[test]
    fn kept_words_and_numbers_are_translated_on_purpose() {
        let g = Glossary {
            same_as_english: vec!["GPUs".into(), "PriorityWeightAge".into()],
            terms: Vec::new(),
        };
        assert!(same_on_purpose("1,024 GPUs", &g));
        assert!(same_on_purpose("priorityweightage", &g));
        assert!(same_on_purpose(".", &g));
        assert!(same_on_purpose("{ $job } GPUs {$n}", &g));
        assert!(!same_on_purpose("Factor", &g));
        let p = Progress {
            messages: (9, 10),
            sentences: (0, 10),
        };
        assert_eq!(p.percent(), 45);
        assert_eq!(Progress::default().percent(), 100);
    }
}
