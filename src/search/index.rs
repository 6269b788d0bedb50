//! The search index of one language: built from the book's sections,
//! written as a line-based text file, read back in the search module.
//! Pure. The file, one record a line, fields split by tabs (the texts
//! hold none: their white space is collapsed):
//!
//! ```text
//! gpu-book-search 1
//! lang  <code>
//! count <"No results"> ... one per count from 0 to RESULT_CAP
//! more  <"More than 20 results">
//! doc   <slug> <section id> <page title> <section title> <excerpt>
//! term  <key> <other words> <postings>
//! ```
//!
//! A term's key is a stem (or a joined word, whole); its other words are
//! the folded words of the text that have that stem, for prefix matches
//! as the reader types; its postings are, for each section it is in, the
//! gap from the previous section's number and a weight as one letter
//! (`a` = 1 ... `Z` = 52): `0x3b` is sections 0 (weight 24) and 3 (2).
//! Nothing in it needs a JSON parser in the search module.

use std::collections::{BTreeMap, BTreeSet, btree_map};

use super::RESULT_CAP;
use super::document::SearchDoc;
use super::fold::fold;
use super::tokenize::{Analyzer, Token, split};
use crate::book::glossary::Glossary;
use crate::book::{Labels, Library};
use crate::i18n::{Arg, Catalog};

/// The first line of an index file: the format and its version.
const MAGIC: &str = "gpu-book-search 1";

/// How many characters of each section the index keeps for its excerpt:
/// the whole text of every section would not fit the index's budget
/// (40 KB after brotli per language).
pub(crate) const EXCERPT_CHARS: usize = 300;

/// A hit's weight by where it is: the page's title, the section's, the body.
const TITLE_WEIGHT: u32 = 24;
const HEADING_WEIGHT: u32 = 12;
const BODY_WEIGHT: u32 = 2;
/// The most a body adds, however often it repeats a word.
const BODY_CAP: u32 = 8;
/// The largest weight a posting holds (`Z`).
const MAX_WEIGHT: u32 = 52;

/// What the page announces for a number of results, written at build
/// time in the page's language with its plural rules, so the browser
/// needs none.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Announcements {
    /// For 0, 1, ... [`RESULT_CAP`] results.
    pub counts: Vec<String>,
    /// For more than [`RESULT_CAP`].
    pub more: String,
}

/// A section as the index keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Entry {
    pub(crate) slug: String,
    pub(crate) id: String,
    pub(crate) page: String,
    pub(crate) title: String,
    pub(crate) excerpt: String,
}

/// A term and the sections it is in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Group {
    /// A stem, or a joined word whole.
    pub(crate) key: String,
    /// The folded words of the text with this key, other than the key.
    pub(crate) words: Vec<String>,
    /// (section, weight), by section.
    pub(crate) postings: Vec<(usize, u32)>,
}

/// A key's weights in each section it is in: (the most of its title and
/// heading, what its body adds).
type Postings = BTreeMap<usize, (u32, u32)>;

/// Adds a word of section `n` with `weight` to `key`'s postings.
fn add_posting(map: &mut BTreeMap<String, Postings>, key: &str, n: usize, weight: u32, body: bool) {
    let (fields, repeats) = map.entry(key.to_owned()).or_default().entry(n).or_default();
    if body {
        *repeats = (*repeats + weight).min(BODY_CAP);
    } else {
        *fields = (*fields).max(weight);
    }
}

/// The words of the text that stand for a chosen word of the glossary.
#[derive(Debug)]
enum Chosen {
    /// These words as folded: the chosen word and its plurals in `s` and `es`.
    Forms([String; 3]),
    /// Every word of this stem (`agreg`: `agregar`, `agrega`, `agregando`).
    Stem(String),
}

impl Chosen {
    fn matches(&self, token: &Token) -> bool {
        match self {
            Self::Forms(forms) => forms.contains(&token.word),
            Self::Stem(stem) => token.term == *stem,
        }
    }
}

/// The shortest stem that stands for all of a chosen word's forms: a
/// shorter one is often a word of its own (`par`, `para`).
const MIN_SHARED_STEM: usize = 4;

/// (the words that stand for a chosen word, the key of a one-word variant
/// of it) for each of the glossary's terms. The chosen word is its term's
/// last word; where the variant is written with a final `*` (any ending:
/// a verb's forms) and the chosen word's stem has at least
/// [`MIN_SHARED_STEM`] letters, every word of that stem stands for it,
/// otherwise the word and its plurals.
fn variant_keys(analyzer: &Analyzer, glossary: &Glossary) -> Vec<(Chosen, String)> {
    let mut keys = Vec::new();
    for term in &glossary.terms {
        let Some(chosen) = term.chosen.split_whitespace().last().map(fold) else {
            continue;
        };
        let stem = (analyzer.tokens(&chosen).pop())
            .map(|t| t.term)
            .filter(|stem| stem.chars().count() >= MIN_SHARED_STEM);
        for variant in term.avoid.iter().filter(|v| !v.contains(' ')) {
            let Some(key) = analyzer.tokens(variant.trim_end_matches('*')).pop() else {
                continue;
            };
            let words = match (&stem, variant.ends_with('*')) {
                (Some(stem), true) => Chosen::Stem(stem.clone()),
                _ => Chosen::Forms([chosen.clone(), format!("{chosen}s"), format!("{chosen}es")]),
            };
            keys.push((words, key.term));
        }
    }
    keys
}

/// A language's search index.
#[derive(Debug)]
pub struct Index {
    pub(crate) lang: String,
    pub(crate) announcements: Announcements,
    pub(crate) entries: Vec<Entry>,
    /// By key.
    pub(crate) groups: Vec<Group>,
    pub(crate) analyzer: Analyzer,
}

/// Why an index file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IndexError {
    /// Not an index file, or one of another version.
    #[error("not a search index of version 1 (first line: {0:?})")]
    Header(String),
    /// A line that is not one of the records.
    #[error("line {line}: {what}")]
    Line {
        /// 1-based.
        line: usize,
        /// What is wrong with it.
        what: &'static str,
    },
}

impl Announcements {
    /// The counts in `lang`'s words and plural rules, from its interface
    /// strings.
    pub fn from_catalog(catalog: &Catalog, lang: &str) -> Self {
        Self {
            counts: (0..=RESULT_CAP)
                .map(|n| catalog.format(lang, "search-results", &[("count", Arg::Num(n as f64))]))
                .collect(),
            more: catalog.format(
                lang,
                "search-results-more",
                &[("count", Arg::Num(RESULT_CAP as f64))],
            ),
        }
    }
}

impl Index {
    /// The index of the whole book in `lang`: its sections
    /// ([`documents`](super::documents)), with the result counts from
    /// `catalog` and the variants of its glossary.
    pub fn of_book(library: &Library, catalog: &Catalog, lang: &str) -> Self {
        let docs = super::documents(library, lang, &Labels::from_catalog(catalog, lang));
        let glossary = Glossary::of(library.sources(), lang).and_then(Result::ok);
        Self::build_with(
            lang,
            &docs,
            Announcements::from_catalog(catalog, lang),
            &glossary.unwrap_or_default(),
        )
    }

    /// The index of `docs`, the sections of the book in `lang`.
    pub fn build(lang: &str, docs: &[SearchDoc], announcements: Announcements) -> Self {
        Self::build_with(lang, docs, announcements, &Glossary::default())
    }

    /// [`Index::build`], letting a reader search by a word the glossary
    /// says this language does not use for a concept (`fichero`,
    /// `ordenador`, `drenar` in a book that says `archivo`, `computadora`,
    /// `hacer drain`): each one-word variant becomes a term of the sections
    /// holding the chosen term's last word (or its plural in `s` or `es`),
    /// and marks that word. A variant whose key the text holds already
    /// (`coste` stems as `costo`; `ordenador` as `orden`) is left alone.
    pub fn build_with(
        lang: &str,
        docs: &[SearchDoc],
        announcements: Announcements,
        glossary: &Glossary,
    ) -> Self {
        let analyzer = Analyzer::for_lang(lang);
        let variants = variant_keys(&analyzer, glossary);
        let mut weights: BTreeMap<String, Postings> = BTreeMap::new();
        let mut words: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        let mut by_variant: BTreeMap<String, Postings> = BTreeMap::new();
        let mut variant_words: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (n, doc) in docs.iter().enumerate() {
            let page = if doc.id.is_empty() {
                doc.page.as_str()
            } else {
                ""
            };
            for (text, weight, body) in [
                (page, TITLE_WEIGHT, false),
                (doc.title.as_str(), HEADING_WEIGHT, false),
                (doc.text.as_str(), BODY_WEIGHT, true),
            ] {
                for token in analyzer.tokens(text) {
                    let mut add = |key: &str, weight: u32| {
                        add_posting(&mut weights, key, n, weight, body);
                    };
                    add(&token.term, weight);
                    for (_, key) in variants.iter().filter(|(chosen, _)| chosen.matches(&token)) {
                        add_posting(&mut by_variant, key, n, weight, body);
                        let found = variant_words.entry(key.clone()).or_default();
                        found.insert(token.word.clone());
                    }
                    // A part counts half: `gpus` ranks `--gpus-per-node`
                    // below a `gpus` of its own.
                    for (word, key) in split(&token.word).zip(&token.parts) {
                        add(key, (weight / 2).max(1));
                        if word != key {
                            words
                                .entry(key.clone())
                                .or_default()
                                .insert(word.to_owned());
                        }
                    }
                    if token.word != token.term {
                        words.entry(token.term).or_default().insert(token.word);
                    }
                }
            }
        }
        for (key, postings) in by_variant {
            if let btree_map::Entry::Vacant(entry) = weights.entry(key) {
                let found = variant_words.remove(entry.key()).unwrap_or_default();
                words.insert(entry.key().clone(), found);
                entry.insert(postings);
            }
        }
        let groups = weights
            .into_iter()
            .map(|(key, docs)| Group {
                words: words.remove(&key).unwrap_or_default().into_iter().collect(),
                postings: docs
                    .into_iter()
                    .map(|(n, (fields, body))| (n, (fields + body).clamp(1, MAX_WEIGHT)))
                    .collect(),
                key,
            })
            .collect();
        let entries = docs
            .iter()
            .map(|d| {
                let mut excerpt = field(cut(&d.text, EXCERPT_CHARS));
                if excerpt.len() < d.text.len() {
                    excerpt.push('…');
                }
                Entry {
                    slug: field(&d.slug),
                    id: field(&d.id),
                    page: field(&d.page),
                    title: field(&d.title),
                    excerpt,
                }
            })
            .collect();
        Self {
            lang: lang.to_owned(),
            announcements,
            entries,
            groups,
            analyzer,
        }
    }

    /// The index as a file.
    pub fn to_text(&self) -> String {
        let mut out = format!("{MAGIC}\nlang\t{}\n", field(&self.lang));
        for count in &self.announcements.counts {
            out.push_str(&format!("count\t{}\n", field(count)));
        }
        out.push_str(&format!("more\t{}\n", field(&self.announcements.more)));
        for e in &self.entries {
            let fields = [&e.slug, &e.id, &e.page, &e.title, &e.excerpt];
            out.push_str(&format!("doc\t{}\n", fields.map(String::as_str).join("\t")));
        }
        for g in &self.groups {
            let mut postings = String::new();
            let mut last = 0;
            for &(doc, weight) in &g.postings {
                postings.push_str(&(doc - last).to_string());
                postings.push(weight_letter(weight));
                last = doc;
            }
            out.push_str(&format!(
                "term\t{}\t{}\t{postings}\n",
                field(&g.key),
                field(&g.words.join(" "))
            ));
        }
        out
    }

    /// Reads an index file ([`Index::to_text`]).
    pub fn parse(text: &str) -> Result<Self, IndexError> {
        let mut lines = text.lines();
        let first = lines.next().unwrap_or_default();
        if first != MAGIC {
            return Err(IndexError::Header(first.chars().take(40).collect()));
        }
        let mut index = Self {
            lang: String::new(),
            announcements: Announcements::default(),
            entries: Vec::new(),
            groups: Vec::new(),
            analyzer: Analyzer::for_lang(""),
        };
        for (n, line) in lines.enumerate() {
            let bad = |what| IndexError::Line { line: n + 2, what };
            let fields: Vec<&str> = line.split('\t').collect();
            match fields.as_slice() {
                ["lang", lang] => index.lang = (*lang).to_owned(),
                ["count", text] => index.announcements.counts.push((*text).to_owned()),
                ["more", text] => index.announcements.more = (*text).to_owned(),
                ["doc", slug, id, page, title, excerpt] => index.entries.push(Entry {
                    slug: (*slug).to_owned(),
                    id: (*id).to_owned(),
                    page: (*page).to_owned(),
                    title: (*title).to_owned(),
                    excerpt: (*excerpt).to_owned(),
                }),
                ["term", key, words, postings] => {
                    let postings = read_postings(postings, index.entries.len())
                        .ok_or_else(|| bad("postings that name no section"))?;
                    index.groups.push(Group {
                        key: (*key).to_owned(),
                        words: words.split_whitespace().map(str::to_owned).collect(),
                        postings,
                    });
                }
                [""] => {}
                _ => return Err(bad("not a record of a search index")),
            }
        }
        if !index.groups.is_sorted_by(|a, b| a.key < b.key) {
            return Err(IndexError::Line {
                line: 0,
                what: "terms out of order",
            });
        }
        if index.announcements.counts.len() != RESULT_CAP + 1 {
            return Err(IndexError::Line {
                line: 0,
                what: "the result counts do not go from 0 to the cap",
            });
        }
        index.analyzer = Analyzer::for_lang(&index.lang);
        Ok(index)
    }

    /// The language it indexes.
    pub fn lang(&self) -> &str {
        &self.lang
    }

    /// How many sections it holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether it holds no section.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// A field of a record: tabs and line ends are the file's, not the text's.
fn field(text: &str) -> String {
    text.replace(['\t', '\n', '\r'], " ")
}

/// The first `max` characters of `text`, cut at a word where there is one.
pub(crate) fn cut(text: &str, max: usize) -> &str {
    match text.char_indices().nth(max) {
        None => text,
        Some((end, _)) => {
            let head = &text[..end];
            head.rfind(' ').map_or(head, |space| &head[..space])
        }
    }
}

fn weight_letter(weight: u32) -> char {
    let w = weight.clamp(1, MAX_WEIGHT) as u8;
    char::from(if w <= 26 { b'a' + w - 1 } else { b'A' + w - 27 })
}

/// `<gap><letter>...` as (section, weight), each section below `sections`.
fn read_postings(text: &str, sections: usize) -> Option<Vec<(usize, u32)>> {
    let mut postings = Vec::new();
    let (mut doc, mut gap) = (0usize, 0usize);
    for c in text.chars() {
        if let Some(d) = c.to_digit(10) {
            gap = gap.checked_mul(10)?.checked_add(d as usize)?;
            continue;
        }
        let weight = match c {
            'a'..='z' => c as u32 - 'a' as u32 + 1,
            'A'..='Z' => c as u32 - 'A' as u32 + 27,
            _ => return None,
        };
        doc = doc.checked_add(gap)?;
        if doc >= sections {
            return None;
        }
        postings.push((doc, weight));
        gap = 0;
    }
    Some(postings)
}

#[cfg(test)]
mod tests;
