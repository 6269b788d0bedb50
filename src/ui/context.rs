//! The book's data (loaded once from the embedded files) and the reader's
//! language, provided to every component.

use std::sync::OnceLock;

use leptos::prelude::*;

use crate::book::{Library, Sources};
use crate::i18n::{Arg, Catalog};

/// Content and UI strings for every language.
#[derive(Debug)]
pub struct BookData {
    /// Manifests and pages.
    pub library: Library,
    /// UI strings.
    pub catalog: Catalog,
}

/// The embedded book, parsed on first use.
pub fn book() -> &'static BookData {
    static BOOK: OnceLock<BookData> = OnceLock::new();
    BOOK.get_or_init(|| {
        let sources = Sources::embedded();
        let catalog = Catalog::load(&sources);
        for d in catalog.diagnostics() {
            leptos::logging::warn!("{d}");
        }
        let library = Library::new(sources);
        for d in library.diagnostics() {
            leptos::logging::warn!("{d}");
        }
        BookData { library, catalog }
    })
}

/// The reader's language and the site's base path, as context.
#[derive(Debug, Clone, Copy)]
pub struct I18n {
    /// Language code of the page being read.
    pub lang: Memo<String>,
    /// Base path the book is served under (`""` or `/course`).
    pub base: StoredValue<String>,
}

impl I18n {
    /// A UI string in the reader's language (tracks the language).
    pub fn t(&self, id: &str) -> String {
        book().catalog.text(&self.lang.get(), id)
    }

    /// A UI string with arguments.
    pub fn t_args(&self, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        book().catalog.format(&self.lang.get(), id, args)
    }

    /// The path of a page (or of the contents, `None`) in `lang`.
    pub fn href_in(&self, lang: &str, slug: Option<&str>) -> String {
        crate::book::route::href(&self.base.get_value(), lang, slug)
    }

    /// The path of a page (or of the contents) in the reader's language.
    pub fn href(&self, slug: Option<&str>) -> String {
        self.href_in(&self.lang.get(), slug)
    }
}

/// The [`I18n`] context provided by the app.
pub fn use_i18n() -> I18n {
    // The app provides it before any child renders; a component used
    // elsewhere (a test) gets English at the root.
    use_context::<I18n>().unwrap_or_else(|| I18n {
        lang: Memo::new(|_| crate::book::SOURCE_LANG.to_owned()),
        base: StoredValue::new(String::new()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn i18n_follows_the_reader_language_and_writes_hrefs_under_the_base() {
        let owner = Owner::new();
        owner.with(|| {
            let lang = RwSignal::new("es".to_owned());
            let i18n = I18n {
                lang: Memo::new(move |_| lang.get()),
                base: StoredValue::new("/course".into()),
            };
            assert_eq!(i18n.t("code-copy"), "Copiar");
            assert_eq!(i18n.href(Some("all-reduce")), "/course/es/all-reduce");
            assert_eq!(
                i18n.t_args("contents-sections", &[("count", Arg::Num(1.0))]),
                "Una sección"
            );
            lang.set("en".into());
            assert_eq!(i18n.t("code-copy"), "Copy");
            assert_eq!(i18n.href(None), "/course/en/");
        });
    }

    #[test]
    fn without_a_provider_components_get_english_at_the_root() {
        let owner = Owner::new();
        owner.with(|| {
            let i18n = use_i18n();
            assert_eq!(i18n.t("nav-next"), "Next");
            assert_eq!(i18n.href(Some("x")), "/en/x");
        });
    }
}
