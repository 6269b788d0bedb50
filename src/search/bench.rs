//! A benchmark of the search over the whole book in one language: queries
//! drawn from every section of the index (each heading whole, and the
//! first letters of its first word as a reader types them, the worst case
//! of a prefix) answered and written as HTML, as the search box does.
//! Pure: the clock is an argument (`performance.now()` in the browser,
//! `Instant` natively), so the same figures come from both. Run by
//! `tests/web_bench.rs` in headless Chromium and `examples/search_bench.rs`.

use std::fmt;

use super::index::Index;

/// What one run measured.
#[derive(Debug, Clone, PartialEq)]
pub struct Figures {
    /// The index's language.
    pub lang: String,
    /// Its sections.
    pub sections: usize,
    /// Its file's size, in bytes (before compression).
    pub bytes: usize,
    /// The queries answered.
    pub queries: usize,
    /// Their median time, in milliseconds.
    pub median_ms: f64,
    /// The slowest, in milliseconds.
    pub max_ms: f64,
    /// Queries that found something (every heading finds its section).
    pub found: usize,
}

impl fmt::Display for Figures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} queries over {} sections, median {:.3} ms, slowest {:.3} ms, {} found; index {} KB before compression",
            self.lang,
            self.queries,
            self.sections,
            self.median_ms,
            self.max_ms,
            self.found,
            self.bytes / 1024
        )
    }
}

/// The queries: each section's heading (the page's title for the text
/// before its first heading), then the first one to four letters of its
/// first word longer than four, as typed.
pub fn queries(index: &Index) -> Vec<String> {
    let mut queries = Vec::new();
    for e in &index.entries {
        let title = if e.title.is_empty() {
            &e.page
        } else {
            &e.title
        };
        queries.push(title.clone());
        let mut words = title.split(|c: char| !c.is_alphanumeric());
        if let Some(word) = words.find(|w| w.chars().count() > 4) {
            queries.extend((1..=4).map(|n| word.chars().take(n).collect::<String>()));
        }
    }
    queries
}

/// Answers every query of [`queries`] with `index`, timing each with `now`
/// (milliseconds).
pub fn measure(index: &Index, mut now: impl FnMut() -> f64) -> Figures {
    let queries = queries(index);
    let mut times = Vec::with_capacity(queries.len());
    let mut found = 0;
    for q in &queries {
        let start = now();
        let results = index.search(q);
        let html = index.results_html(&results, "../../");
        times.push(now() - start);
        if !html.is_empty() {
            found += 1;
        }
    }
    times.sort_by(f64::total_cmp);
    Figures {
        lang: index.lang.clone(),
        sections: index.len(),
        bytes: index.to_text().len(),
        queries: queries.len(),
        median_ms: times.get(times.len() / 2).copied().unwrap_or_default(),
        max_ms: times.last().copied().unwrap_or_default(),
        found,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Announcements, SearchDoc};

    #[test]
    fn every_heading_finds_its_section() {
        let docs: Vec<SearchDoc> = ["Running jobs", "Fair share", "NCCL_IB_HCA"]
            .iter()
            .map(|t| SearchDoc {
                slug: "p".into(),
                id: "s".into(),
                page: "Page".into(),
                title: (*t).into(),
                text: "Some text.".into(),
            })
            .collect();
        let index = Index::build("en", &docs, Announcements::default());
        let mut clock = 0.0;
        let figures = measure(&index, || {
            clock += 0.5;
            clock
        });
        assert_eq!(figures.queries, 3 + 2 * 4);
        assert_eq!(figures.found, figures.queries);
        assert_eq!((figures.median_ms, figures.max_ms), (0.5, 0.5));
        assert!(
            figures
                .to_string()
                .starts_with("en: 11 queries over 3 sections, median 0.500 ms")
        );
    }
}
