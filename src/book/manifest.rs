//! `content/<lang>/book.toml`: the book's title and its pages in reading
//! order, in one language. Pure.

use serde::Deserialize;

use crate::diagnostic::{Diagnostic, line_of};

/// One language's table of contents.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// The book's title in this language.
    pub title: String,
    /// Where the book is hosted (`https://example.org/course/`): the base
    /// of its absolute URLs (canonical links, sitemap, link previews).
    /// Read from the English manifest only; unset, those are left out.
    #[serde(default, rename = "site-url")]
    pub site_url: Option<String>,
    /// Whether the translation is finished (the default) or still being
    /// written: an unfinished one may lack pages and messages without
    /// failing `--strict`, and readers see how far along it is.
    #[serde(default)]
    pub status: Status,
    /// Pages in reading order.
    pub pages: Vec<PageEntry>,
}

/// A translation's state, `status = "complete"` or `"in-progress"`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Finished: every warning matters.
    #[default]
    Complete,
    /// Being written: pages and messages may still fall back to English.
    InProgress,
}

/// One page of the book.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PageEntry {
    /// File name without `.md`; also the page's URL segment.
    pub slug: String,
    /// Title in this language.
    pub title: String,
    /// One line for the contents page.
    #[serde(default)]
    pub summary: String,
}

impl Manifest {
    /// Parses a manifest; errors name `path` and the line.
    pub fn parse(path: &str, text: &str) -> Result<Self, Diagnostic> {
        let manifest: Self = toml::from_str(text).map_err(|e| {
            let line = e.span().map_or(0, |s| line_of(text, s.start));
            Diagnostic::error(path, line, format!("malformed manifest: {}", e.message()))
        })?;
        let mut seen = std::collections::BTreeSet::new();
        for page in &manifest.pages {
            let line = text
                .find(&format!("\"{}\"", page.slug))
                .map_or(0, |o| line_of(text, o));
            if !is_slug(&page.slug) {
                return Err(Diagnostic::error(
                    path,
                    line,
                    format!(
                        "page slug `{}` must be lowercase letters, digits and dashes",
                        page.slug
                    ),
                ));
            }
            if !seen.insert(page.slug.as_str()) {
                return Err(Diagnostic::error(
                    path,
                    line,
                    format!("page `{}` is listed twice", page.slug),
                ));
            }
        }
        if let Some(url) = &manifest.site_url {
            let line = text.find("site-url").map_or(0, |o| line_of(text, o));
            let rest = url
                .strip_prefix("https://")
                .or_else(|| url.strip_prefix("http://"));
            if !rest
                .is_some_and(|r| !r.is_empty() && r.ends_with('/') && !r.contains(['?', '#', ' ']))
            {
                return Err(Diagnostic::error(
                    path,
                    line,
                    format!(
                        "site-url `{url}` must be an http or https address ending with `/`, such as \"https://example.org/course/\""
                    ),
                ));
            }
        }
        if manifest.pages.is_empty() {
            return Err(Diagnostic::error(path, 0, "the manifest lists no pages"));
        }
        Ok(manifest)
    }

    /// The entry for `slug`, if the book has that page.
    pub fn page(&self, slug: &str) -> Option<&PageEntry> {
        self.pages.iter().find(|p| p.slug == slug)
    }

    /// The pages before and after `slug`, for previous/next links.
    pub fn neighbours(&self, slug: &str) -> (Option<&PageEntry>, Option<&PageEntry>) {
        let Some(i) = self.pages.iter().position(|p| p.slug == slug) else {
            return (None, None);
        };
        (
            i.checked_sub(1).and_then(|j| self.pages.get(j)),
            self.pages.get(i + 1),
        )
    }
}

/// Slugs and section ids: `[a-z0-9]` words joined by single dashes.
pub fn is_slug(s: &str) -> bool {
    !s.is_empty()
        && s.split('-').all(|w| {
            !w.is_empty()
                && w.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "title = \"Book\"\n[[pages]]\nslug = \"a\"\ntitle = \"A\"\n[[pages]]\nslug = \"b-2\"\ntitle = \"B\"\nsummary = \"s\"\n";

    #[test]
    fn parses_pages_in_order() {
        let m = Manifest::parse("book.toml", GOOD).expect("valid");
        assert_eq!(m.pages.len(), 2);
        assert_eq!(m.neighbours("a").1.map(|p| p.slug.as_str()), Some("b-2"));
        assert_eq!(m.neighbours("a").0, None);
        assert_eq!(m.neighbours("b-2").0.map(|p| p.slug.as_str()), Some("a"));
    }

    #[test]
    fn malformed_toml_names_the_line() {
        let err = Manifest::parse(
            "content/es/book.toml",
            "title = \"x\"\n[[pages]]\nslug = \n",
        )
        .expect_err("bad");
        assert_eq!(err.path, "content/es/book.toml");
        assert_eq!(err.line, 3);
        assert!(
            err.message.starts_with("malformed manifest"),
            "{}",
            err.message
        );
    }

    #[test]
    fn unknown_keys_duplicates_and_bad_slugs_fail() {
        assert!(
            Manifest::parse(
                "m",
                "title = \"x\"\ncolour = 1\n[[pages]]\nslug=\"a\"\ntitle=\"A\""
            )
            .is_err()
        );
        let dup =
            "title = \"x\"\n[[pages]]\nslug=\"a\"\ntitle=\"A\"\n[[pages]]\nslug=\"a\"\ntitle=\"B\"";
        assert!(
            Manifest::parse("m", dup)
                .expect_err("dup")
                .message
                .contains("twice")
        );
        assert!(Manifest::parse("m", "title=\"x\"\n[[pages]]\nslug=\"A b\"\ntitle=\"A\"").is_err());
        assert!(Manifest::parse("m", "title=\"x\"\npages=[]").is_err());
    }

    #[test]
    fn the_site_url_is_an_address_ending_with_a_slash() {
        let with = |url: &str| {
            format!("title = \"x\"\nsite-url = \"{url}\"\n[[pages]]\nslug=\"a\"\ntitle=\"A\"")
        };
        let m = Manifest::parse("m", &with("https://example.org/course/")).expect("valid");
        assert_eq!(m.site_url.as_deref(), Some("https://example.org/course/"));
        for bad in ["example.org/", "https://example.org/course", "ftp://x/"] {
            let e = Manifest::parse("m", &with(bad)).expect_err(bad);
            assert_eq!(e.line, 2, "{bad}");
            assert!(
                e.message.contains("must be an http or https address"),
                "{}",
                e.message
            );
        }
        assert_eq!(Manifest::parse("m", GOOD).expect("valid").site_url, None);
    }

    #[test]
    fn slugs() {
        assert!(is_slug("running-jobs"));
        assert!(is_slug("2-1"));
        assert!(!is_slug("Running"));
        assert!(!is_slug("a--b"));
        assert!(!is_slug("-a"));
        assert!(!is_slug(""));
    }
}
