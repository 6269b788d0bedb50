//! The interface strings and the language of the page, provided to every
//! widget. In the browser the strings come with the page (see
//! [`STRINGS_TYPE`]), so the wasm carries no language's text and a new
//! language costs the readers of the others nothing; natively, where the
//! build renders the widgets' first state, from the embedded locale files,
//! lowered the same way, so both read them through one [`Strings`].

use std::sync::OnceLock;

#[cfg(feature = "web")]
use leptos::prelude::*;

use crate::i18n::Arg;
#[cfg(not(target_arch = "wasm32"))]
use crate::i18n::Catalog;
use crate::i18n::compiled::Strings;
#[cfg(feature = "web")]
use crate::i18n::number::{NumberFormat, ValueFormat};
#[cfg(feature = "web")]
use crate::quantity::DecimalMark;

/// The `type` of the `<script>` elements a page with widgets carries its
/// interface strings in: one per language it needs (its own, and English
/// where its own lacks messages), `data-lang` naming the language, the
/// text its messages as [`Catalog::compiled`] lowers them. Browsers do not
/// run a script of this type.
pub const STRINGS_TYPE: &str = "text/x-strings";

static STRINGS: OnceLock<Strings> = OnceLock::new();

/// Whether [`strings`] has read the page's strings already.
pub fn strings_loaded() -> bool {
    STRINGS.get().is_some()
}

/// The interface strings, read on first use.
pub fn strings() -> &'static Strings {
    STRINGS.get_or_init(load)
}

/// The page's strings (see [`STRINGS_TYPE`]).
#[cfg(target_arch = "wasm32")]
fn load() -> Strings {
    use wasm_bindgen::JsCast;
    let mut strings = Strings::default();
    let selector = format!("script[type=\"{STRINGS_TYPE}\"][data-lang]");
    let found = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector_all(&selector).ok());
    for i in 0..found.as_ref().map_or(0, |f| f.length()) {
        let Some(el) = found
            .as_ref()
            .and_then(|f| f.item(i))
            .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
        else {
            continue;
        };
        if let Some(lang) = el.get_attribute("data-lang") {
            // The build writes `</` as `<\/`, which cannot end the element.
            let text = el.text_content().unwrap_or_default().replace("<\\/", "</");
            strings.insert(&lang, &text);
        }
    }
    strings
}

/// Every language's strings, from the embedded locale files.
#[cfg(not(target_arch = "wasm32"))]
fn load() -> Strings {
    let catalog = catalog();
    let mut strings = Strings::default();
    for lang in catalog.languages() {
        strings.insert(lang, &catalog.compiled(lang, |_| true));
    }
    strings
}

/// Every language's locale files, as Fluent reads them (the build's side:
/// the pages, the content check, the strings each page carries).
#[cfg(not(target_arch = "wasm32"))]
pub fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| Catalog::load(&crate::sources::Sources::embedded_locales()))
}

/// The reader's language and the site's base path, as context.
#[cfg(feature = "web")]
#[derive(Debug, Clone, Copy)]
pub struct I18n {
    /// Language code of the page being read.
    pub lang: Memo<String>,
    /// Base path the book is served under (`""` or `/course`).
    pub base: StoredValue<String>,
}

#[cfg(feature = "web")]
impl I18n {
    /// A UI string in the reader's language (tracks the language).
    pub fn t(&self, id: &str) -> String {
        strings().text(&self.lang.get(), id)
    }

    /// A UI string with arguments.
    pub fn t_args(&self, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        strings().format(&self.lang.get(), id, args)
    }

    /// How the reader's language writes numbers.
    pub fn number_format(&self) -> NumberFormat {
        strings().number_format(&self.lang.get())
    }

    /// The mark the page's readers type decimals with. A widget reads it
    /// once: an island's language never changes.
    pub fn decimal_mark(&self) -> DecimalMark {
        strings()
            .number_format(&self.lang.get_untracked())
            .decimal_mark()
    }

    /// How the reader's language writes computed values.
    pub fn value_format(&self) -> ValueFormat {
        strings().value_format(&self.lang.get())
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

#[cfg(feature = "web")]
impl I18n {
    /// The page's strings for the parts drawn as HTML ([`Texts`]). An
    /// island's language never changes: read once, untracked.
    pub fn texts(&self) -> Texts {
        Texts::new(&self.lang.get_untracked())
    }
}

/// One language's interface strings, read with no reactive context: for
/// the parts drawn as HTML by pure functions, the same in the build and
/// the browser (the Slurm shell's module carries no Leptos at all).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Texts {
    /// Language code of the page.
    pub lang: String,
}

impl Texts {
    /// The strings of `lang`.
    pub fn new(lang: &str) -> Self {
        Self {
            lang: lang.to_owned(),
        }
    }

    /// A UI string.
    pub fn t(&self, id: &str) -> String {
        strings().text(&self.lang, id)
    }

    /// A UI string with arguments.
    pub fn t_args(&self, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        strings().format(&self.lang, id, args)
    }
}

/// The [`I18n`] context provided by the app.
#[cfg(feature = "web")]
pub fn use_i18n() -> I18n {
    // The app provides it before any child renders; a component used
    // elsewhere (a test) gets English at the root.
    use_context::<I18n>().unwrap_or_else(|| I18n {
        lang: Memo::new(|_| crate::sources::SOURCE_LANG.to_owned()),
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
            assert_eq!(i18n.href(Some("all-reduce")), "/course/es/all-reduce/");
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
    fn texts_read_one_language_without_a_context() {
        let es = Texts::new("es");
        assert_eq!(es.t("code-copy"), "Copiar");
        assert_eq!(
            es.t_args("contents-sections", &[("count", Arg::Num(3.0))]),
            "3 secciones"
        );
        assert_eq!(Texts::new("en").t("code-copy"), "Copy");
    }

    #[test]
    fn without_a_provider_components_get_english_at_the_root() {
        let owner = Owner::new();
        owner.with(|| {
            let i18n = use_i18n();
            assert_eq!(i18n.t("nav-next"), "Next");
            assert_eq!(i18n.href(Some("x")), "/en/x/");
        });
    }
}
