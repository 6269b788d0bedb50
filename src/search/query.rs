//! Queries against a language's index: the query cut by the index's own
//! [`Analyzer`](super::Analyzer), every term required (the last one as a
//! prefix while the reader is still typing it), sections ranked by their
//! weights (a page's title and a section's heading outweigh its body),
//! and the results written as HTML with the matching words marked. Pure.
//! A query of any length or content is cut to [`MAX_QUERY_CHARS`] and
//! [`MAX_QUERY_TERMS`], so it never holds the page up.

use std::collections::{BTreeMap, BTreeSet};

use pulldown_cmark_escape::{escape_href, escape_html};

use super::index::{Index, cut};
use super::tokenize::{split, words};
use super::{MAX_QUERY_CHARS, MAX_QUERY_TERMS, RESULT_CAP};

/// Characters of context an excerpt shows before its first match.
const CONTEXT_CHARS: usize = 50;
/// The longest excerpt, in characters.
const EXCERPT_SHOWN: usize = 160;

/// A section a query found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hit {
    /// The section's number in the index.
    pub doc: usize,
    /// Its score: the weights of the terms found in it.
    pub score: u32,
}

/// What a query found.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Results {
    /// The best sections, best first, at most [`RESULT_CAP`].
    pub hits: Vec<Hit>,
    /// How many sections match in all.
    pub total: usize,
    /// The words the query matched (each matched term's key and words),
    /// for marking them.
    matched: BTreeSet<String>,
}

impl Index {
    /// The sections that hold every term of `query`, best first.
    pub fn search(&self, query: &str) -> Results {
        let query = match query.char_indices().nth(MAX_QUERY_CHARS) {
            Some((end, _)) => &query[..end],
            None => query,
        };
        // The last word is still being typed unless a space follows it.
        let typing = !query.ends_with(char::is_whitespace);
        let mut tokens = self.analyzer.tokens(query);
        tokens.truncate(MAX_QUERY_TERMS);
        if tokens.is_empty() {
            return Results::default();
        }
        let last = tokens.len() - 1;
        let mut units: Vec<Vec<(usize, bool)>> = Vec::new();
        for (n, token) in tokens.iter().enumerate() {
            let prefix = typing && n == last;
            let groups = self.groups_for(&token.term, &token.word, prefix);
            if !groups.is_empty() || !token.is_joined() {
                units.push(groups);
                continue;
            }
            // A joined word the book does not hold whole (`gpus-per-node`
            // for `--gpus-per-node`): each of its parts must match instead.
            let parts = token.parts.len();
            for (p, part) in token.parts.iter().enumerate() {
                units.push(self.groups_for(part, part, prefix && p + 1 == parts));
            }
        }
        let mut scores: Option<BTreeMap<usize, u32>> = None;
        let mut matched = BTreeSet::new();
        for unit in &units {
            let mut best: BTreeMap<usize, u32> = BTreeMap::new();
            for &(g, exact) in unit {
                let group = &self.groups[g];
                matched.insert(group.key.clone());
                matched.extend(group.words.iter().cloned());
                for &(doc, weight) in &group.postings {
                    // A whole word outranks a longer one it begins.
                    let weight = if exact { weight * 2 } else { weight };
                    let score = best.entry(doc).or_default();
                    *score = (*score).max(weight);
                }
            }
            scores = Some(match scores {
                None => best,
                // Kept in place: collecting into a map again would compile
                // another copy of the standard sort (`crate::sort`).
                Some(mut so_far) => {
                    so_far.retain(|doc, s| match best.get(doc) {
                        Some(more) => {
                            *s += more;
                            true
                        }
                        None => false,
                    });
                    so_far
                }
            });
        }
        let mut hits: Vec<Hit> = scores
            .unwrap_or_default()
            .into_iter()
            .map(|(doc, score)| Hit { doc, score })
            .collect();
        // Best first; among equals, in reading order.
        crate::sort::by(&mut hits, |a, b| {
            b.score.cmp(&a.score).then(a.doc.cmp(&b.doc))
        });
        let total = hits.len();
        hits.truncate(RESULT_CAP);
        Results {
            hits,
            total,
            matched,
        }
    }

    /// The groups a term matches, each with whether it matched exactly:
    /// its `key` (a stem, or a joined word whole) and the group whose
    /// words hold `word` as folded (a Spanish word typed without its
    /// accents, which its stem lost), and with `prefix` also every key
    /// that begins with `key` or `word` and every group with a word that
    /// begins with `word`.
    fn groups_for(&self, key: &str, word: &str, prefix: bool) -> Vec<(usize, bool)> {
        self.groups
            .iter()
            .enumerate()
            .filter_map(|(n, g)| {
                let exact = g.key == key || g.key == word || g.words.iter().any(|w| w == word);
                let begins = prefix
                    && (g.key.starts_with(key)
                        || g.key.starts_with(word)
                        || g.words.iter().any(|w| w.starts_with(word)));
                (exact || begins).then_some((n, exact))
            })
            .collect()
    }

    /// What the page announces for `results`, in the index's language.
    pub fn announcement(&self, results: &Results) -> &str {
        self.announcements
            .counts
            .get(results.total)
            .unwrap_or(&self.announcements.more)
    }

    /// `results` as the items of a list, one link each to the section
    /// (`<root><slug>/#<id>`, `root` being the language's contents as the
    /// page links it, `../../es/`) with the page's and the section's
    /// titles and an excerpt, the matching words in `<mark>`; every text
    /// escaped.
    pub fn results_html(&self, results: &Results, root: &str) -> String {
        let mut out = String::new();
        for hit in &results.hits {
            let Some(e) = self.entries.get(hit.doc) else {
                continue;
            };
            let mut href = format!("{root}{}/", e.slug);
            if !e.id.is_empty() {
                href.push('#');
                href.push_str(&e.id);
            }
            out.push_str("<li><a href=\"");
            let _ = escape_href(&mut out, &href);
            out.push_str("\"><span class=\"search-page\">");
            out.push_str(&self.marked(&e.page, &results.matched));
            out.push_str("</span>");
            if !e.title.is_empty() {
                out.push_str("<span class=\"search-section\">");
                out.push_str(&self.marked(&e.title, &results.matched));
                out.push_str("</span>");
            }
            let excerpt = self.excerpt(&e.excerpt, &results.matched);
            if !excerpt.is_empty() {
                out.push_str("<span class=\"search-excerpt\">");
                out.push_str(&excerpt);
                out.push_str("</span>");
            }
            out.push_str("</a></li>");
        }
        out
    }

    /// Whether a word of the text (folded) is one the query matched, or
    /// has a part that is.
    fn is_match(word: &str, matched: &BTreeSet<String>) -> bool {
        matched.contains(word)
            || (word.contains(['-', '_', '.']) && split(word).any(|p| matched.contains(p)))
    }

    /// `text`, escaped, with the words the query matched in `<mark>`.
    fn marked(&self, text: &str, matched: &BTreeSet<String>) -> String {
        let mut out = String::new();
        let mut at = 0;
        for (span, word) in words(text) {
            if !Self::is_match(&word, matched) {
                continue;
            }
            let _ = escape_html(&mut out, &text[at..span.start]);
            out.push_str("<mark>");
            let _ = escape_html(&mut out, &text[span.clone()]);
            out.push_str("</mark>");
            at = span.end;
        }
        let _ = escape_html(&mut out, &text[at..]);
        out
    }

    /// Up to [`EXCERPT_SHOWN`] characters of a section's excerpt, from a
    /// little before its first match, marked; `…` where it is cut.
    fn excerpt(&self, text: &str, matched: &BTreeSet<String>) -> String {
        let first = words(text)
            .into_iter()
            .find(|(_, word)| Self::is_match(word, matched))
            .map_or(0, |(span, _)| span.start);
        let before = text[..first].chars().rev().take(CONTEXT_CHARS).count();
        let mut start = first
            - text[..first]
                .chars()
                .rev()
                .take(before)
                .map(char::len_utf8)
                .sum::<usize>();
        if start > 0 {
            // Start at a word.
            start = text[start..first]
                .find(' ')
                .map_or(start, |s| start + s + 1);
        }
        let shown = cut(&text[start..], EXCERPT_SHOWN);
        let mut out = String::new();
        if start > 0 {
            out.push('…');
        }
        out.push_str(&self.marked(shown, matched));
        if start + shown.len() < text.len() && !shown.ends_with('…') {
            out.push('…');
        }
        out
    }
}

#[cfg(test)]
mod tests;
