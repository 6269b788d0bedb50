//! The whole book in every language: manifests and pages read from
//! [`Sources`], with English standing in for whatever a language lacks.
//! Pure.

use std::collections::BTreeMap;

use super::exercise::Exercise;
use super::front_matter;
use super::manifest::{Manifest, Status};
use super::markdown::{self, Document, Labels, RenderOptions};
use super::widget::WidgetKind;
use crate::diagnostic::Diagnostic;
use crate::sources::{SOURCE_LANG, Sources};

/// The book.
#[derive(Debug, Clone)]
pub struct Library {
    sources: Sources,
    languages: Vec<String>,
    manifests: BTreeMap<String, Manifest>,
    diagnostics: Vec<Diagnostic>,
}

/// One line of the table of contents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TocEntry {
    /// The page's slug.
    pub slug: String,
    /// Its title in the reader's language (English when untranslated).
    pub title: String,
    /// Its one-line summary.
    pub summary: String,
}

/// A page rendered for one language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderedPage {
    /// The rendered document.
    pub doc: Document,
    /// The language the text is really in (English when falling back).
    pub text_lang: String,
    /// The page's slug.
    pub slug: String,
    /// The file it came from.
    pub path: String,
}

/// Path of a page's markdown.
pub fn page_path(lang: &str, slug: &str) -> String {
    format!("content/{lang}/{slug}.md")
}

/// Path of a language's manifest.
pub fn manifest_path(lang: &str) -> String {
    format!("content/{lang}/book.toml")
}

impl Library {
    /// Reads every language's manifest; problems are kept, not fatal.
    pub fn new(sources: Sources) -> Self {
        let languages = sources.languages();
        let mut manifests = BTreeMap::new();
        let mut diagnostics = Vec::new();
        for lang in &languages {
            let path = manifest_path(lang);
            match sources.get(&path).map(|text| Manifest::parse(&path, text)) {
                Some(Ok(m)) => {
                    manifests.insert(lang.clone(), m);
                }
                Some(Err(d)) => diagnostics.push(d),
                None if lang == SOURCE_LANG => diagnostics.push(Diagnostic::error(
                    path,
                    0,
                    "the English manifest is missing",
                )),
                None => {}
            }
        }
        Self {
            sources,
            languages,
            manifests,
            diagnostics,
        }
    }

    /// The files behind the book.
    pub fn sources(&self) -> &Sources {
        &self.sources
    }

    /// Every language with content or UI strings, English first.
    pub fn languages(&self) -> &[String] {
        &self.languages
    }

    /// Whether `lang` is one of the book's languages.
    pub fn has_language(&self, lang: &str) -> bool {
        self.languages.iter().any(|l| l == lang)
    }

    /// Problems met while loading the manifests.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// `lang`'s own manifest, if it has a valid one.
    pub fn own_manifest(&self, lang: &str) -> Option<&Manifest> {
        self.manifests.get(lang)
    }

    /// The book's title in `lang` (English when missing).
    pub fn title(&self, lang: &str) -> &str {
        self.own_manifest(lang)
            .or_else(|| self.own_manifest(SOURCE_LANG))
            .map_or("", |m| m.title.as_str())
    }

    /// Whether `lang`'s translation is finished (`status` in its manifest;
    /// complete when it says nothing).
    pub fn status(&self, lang: &str) -> Status {
        self.own_manifest(lang)
            .map_or(Status::Complete, |m| m.status)
    }

    /// Where the book is hosted, from the English manifest's `site-url`
    /// (`https://example.org/course/`), if set.
    pub fn site_url(&self) -> Option<&str> {
        self.own_manifest(SOURCE_LANG)?.site_url.as_deref()
    }

    /// The pages in reading order: English decides which pages exist and
    /// their order; titles come from `lang` where it has them.
    pub fn toc(&self, lang: &str) -> Vec<TocEntry> {
        let Some(english) = self.own_manifest(SOURCE_LANG) else {
            return Vec::new();
        };
        let own = self.own_manifest(lang);
        english
            .pages
            .iter()
            .map(|page| {
                let entry = own.and_then(|m| m.page(&page.slug)).unwrap_or(page);
                TocEntry {
                    slug: page.slug.clone(),
                    title: entry.title.clone(),
                    summary: entry.summary.clone(),
                }
            })
            .collect()
    }

    /// The entries before and after `slug`.
    pub fn neighbours(&self, lang: &str, slug: &str) -> (Option<TocEntry>, Option<TocEntry>) {
        let toc = self.toc(lang);
        let Some(i) = toc.iter().position(|p| p.slug == slug) else {
            return (None, None);
        };
        (
            i.checked_sub(1).and_then(|j| toc.get(j).cloned()),
            toc.get(i + 1).cloned(),
        )
    }

    /// Whether `slug` is a page of the book.
    pub fn has_page(&self, slug: &str) -> bool {
        self.own_manifest(SOURCE_LANG)
            .is_some_and(|m| m.page(slug).is_some())
    }

    /// Every exercise of the book as `lang`'s pages have it, in reading
    /// order, with its page's slug; one whose block is broken is the
    /// content check's error and left out here.
    pub fn exercises(&self, lang: &str) -> Vec<(String, Exercise)> {
        let labels = Labels::default();
        self.toc(lang)
            .into_iter()
            .filter_map(|entry| self.render(lang, &entry.slug, "/", &labels))
            .flat_map(|page| {
                let slug = page.slug;
                page.doc
                    .widgets
                    .into_iter()
                    .filter(|(w, _)| w.kind == WidgetKind::Exercise)
                    .filter_map(|(w, _)| Exercise::from_directive(&w).ok())
                    .map(move |e| (slug.clone(), e))
                    .collect::<Vec<_>>()
            })
            .collect()
    }

    /// Renders `slug` for a reader of `lang`, from `lang`'s file or else
    /// English's. Links point under `href_prefix` (e.g. `/course/es/`).
    pub fn render(
        &self,
        lang: &str,
        slug: &str,
        href_prefix: &str,
        labels: &Labels,
    ) -> Option<RenderedPage> {
        if !self.has_page(slug) {
            return None;
        }
        let (text_lang, path, text) = [lang, SOURCE_LANG].into_iter().find_map(|l| {
            let path = page_path(l, slug);
            self.sources
                .get(&path)
                .map(|text| (l.to_owned(), path, text))
        })?;
        let opts = RenderOptions {
            href_prefix,
            page: slug,
            labels,
        };
        let doc = match front_matter::split(&path, text) {
            Ok(split) => markdown::render(split.body, split.body_line_offset, &opts),
            // A broken front matter should not hide the page: render it whole.
            Err(_) => markdown::render(text, 0, &opts),
        };
        Some(RenderedPage {
            doc,
            text_lang,
            slug: slug.to_owned(),
            path,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two_languages() -> Sources {
        let mut s = Sources::default();
        s.insert("content/en/book.toml", "title = \"Book\"\n[[pages]]\nslug = \"a\"\ntitle = \"A\"\n[[pages]]\nslug = \"b\"\ntitle = \"B\"\n");
        s.insert("content/en/a.md", "# A\n\n## One {#one}\n");
        s.insert("content/en/b.md", "# B\n");
        s.insert(
            "content/es/book.toml",
            "title = \"Libro\"\n[[pages]]\nslug = \"a\"\ntitle = \"A es\"\n",
        );
        s.insert(
            "content/es/a.md",
            "+++\nsource_hash = \"x\"\n+++\n# A es\n\n## Uno {#one}\n",
        );
        s
    }

    #[test]
    fn toc_follows_english_with_translated_titles() {
        let lib = Library::new(two_languages());
        let titles: Vec<_> = lib.toc("es").into_iter().map(|e| e.title).collect();
        assert_eq!(titles, ["A es", "B"]);
        assert_eq!(lib.title("es"), "Libro");
        assert_eq!(lib.title("pt"), "Book");
        assert_eq!(
            lib.neighbours("es", "a").1.map(|e| e.slug),
            Some("b".into())
        );
    }

    #[test]
    fn missing_pages_fall_back_to_english() {
        let lib = Library::new(two_languages());
        let labels = Labels::default();
        let es = lib.render("es", "a", "/es/", &labels).expect("page a");
        assert_eq!(es.text_lang, "es");
        assert_eq!(es.doc.title, "A es");
        assert_eq!(es.doc.sections[0].line, 6, "lines count the front matter");
        let fallback = lib.render("es", "b", "/es/", &labels).expect("page b");
        assert_eq!(fallback.text_lang, "en");
        assert_eq!(fallback.path, "content/en/b.md");
        assert!(lib.render("es", "zzz", "/es/", &labels).is_none());
    }

    #[test]
    fn a_broken_manifest_is_a_diagnostic_not_a_crash() {
        let mut s = two_languages();
        s.insert("content/es/book.toml", "title = \n");
        let lib = Library::new(s);
        assert_eq!(lib.diagnostics().len(), 1);
        assert_eq!(lib.diagnostics()[0].path, "content/es/book.toml");
        assert_eq!(lib.title("es"), "Book");
        assert_eq!(lib.toc("es").len(), 2);
    }
}
