//! The frame around every page: skip link, top bar (menu, title, search,
//! language, theme), the table of contents (a sidebar on wide screens, a
//! menu on phones), the page itself, the footer and the place where a new
//! version of the book is offered. Written at build time; the
//! buttons' behaviour is `public/book.js`.

use leptos::prelude::*;

use super::lang_switch::LanguageSwitch;
use super::search_box::{SearchBox, SearchFiles};
use super::theme::ThemeToggle;
use crate::book::TocEntry;
use crate::book::markdown::Section;
use crate::ui::use_i18n;

/// What the frame shows around one page.
#[derive(Debug, Clone)]
pub(crate) struct Frame {
    /// The book's title in the page's language.
    pub(crate) title: String,
    /// Every page, in reading order.
    pub(crate) toc: Vec<TocEntry>,
    /// The page being read (`None` on the contents and "not found").
    pub(crate) slug: Option<String>,
    /// That page's `##` sections.
    pub(crate) sections: Vec<Section>,
    /// Each language, for the language switch.
    pub(crate) languages: Vec<LanguageLink>,
    /// The search's files, when the build made them.
    pub(crate) search: Option<SearchFiles>,
}

/// A language as the switch offers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LanguageLink {
    /// Its folder code (`es`).
    pub(crate) code: String,
    /// Its own name (`Español`).
    pub(crate) name: String,
    /// "translation in progress: 45% done", in that language, while its
    /// translation is unfinished.
    pub(crate) progress: Option<String>,
}

/// Lays out `children` in the frame.
#[component]
pub(crate) fn Layout(
    /// What the frame shows.
    frame: Frame,
    /// The page itself.
    children: Children,
) -> impl IntoView {
    let i18n = use_i18n();
    let Frame {
        title,
        toc,
        slug,
        sections,
        languages,
        search,
    } = frame;
    view! {
        <a class="skip-link" href="#main">{i18n.t("skip-to-content")}</a>
        <header class="topbar">
            <button
                type="button"
                class="menu-toggle"
                aria-controls="book-nav"
                aria-expanded="false"
                aria-label=i18n.t("nav-open-menu")
                data-label-open=i18n.t("nav-open-menu")
                data-label-close=i18n.t("nav-close-menu")
            >
                <span aria-hidden="true">"☰"</span>
            </button>
            <a class="brand" href=i18n.href(None)>{title.clone()}</a>
            <div class="topbar-tools">
                {search.map(|files| view! { <SearchBox files=files /> })}
                <LanguageSwitch slug=slug.clone() languages=languages />
                <ThemeToggle />
            </div>
        </header>
        <div class="layout">
            <nav id="book-nav" class="sidebar" aria-label=i18n.t("nav-book")>
                <Toc toc=toc slug=slug sections=sections />
            </nav>
            <main id="main" tabindex="-1">{children()}</main>
        </div>
        <footer class="site-footer">
            <p>{title} " · " {i18n.t("book-tagline")}</p>
        </footer>
        // Empty (and hidden) until `public/book.js` hears that the service
        // worker has stored a newer build; a live region, so the offer is
        // read out when it appears.
        <div
            class="update-notice"
            role="status"
            data-message=i18n.t("update-available")
            data-action=i18n.t("update-reload")
        ></div>
    }
}

/// The table of contents: every page, and the current page's sections
/// (`public/book.js` marks the one being read).
#[component]
fn Toc(toc: Vec<TocEntry>, slug: Option<String>, sections: Vec<Section>) -> impl IntoView {
    let i18n = use_i18n();
    let on_contents = slug.is_none();
    let mut sections = Some(sections);
    let entries = toc
        .into_iter()
        .map(|entry| {
            let is_current = slug.as_deref() == Some(entry.slug.as_str());
            let href = i18n.href(Some(&entry.slug));
            let list = is_current
                .then(|| sections.take())
                .flatten()
                .map(|s| view! { <SectionList href=href.clone() sections=s /> });
            view! {
                <li class:current=is_current>
                    <a href=href.clone() aria-current=is_current.then_some("page")>{entry.title}</a>
                    {list}
                </li>
            }
        })
        .collect_view();
    view! {
        <p class="toc-heading">
            <a href=i18n.href(None) aria-current=on_contents.then_some("page")>
                {i18n.t("nav-contents")}
            </a>
        </p>
        <ol class="toc">{entries}</ol>
    }
}

/// The current page's `##` sections.
#[component]
fn SectionList(href: String, sections: Vec<Section>) -> impl IntoView {
    let i18n = use_i18n();
    let items = sections
        .into_iter()
        .filter(|s| s.level == 2)
        .map(|s| view! { <li><a href=format!("{href}#{}", s.id)>{s.title}</a></li> })
        .collect_view();
    view! { <ol class="toc-sections" aria-label=i18n.t("nav-on-this-page")>{items}</ol> }
}
