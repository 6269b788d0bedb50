//! Any address the book does not have: one `404.html` for every language,
//! which static hosts serve for any missing path. It holds the message in
//! every language; `public/book.js` keeps the one of the address's
//! language (all stay, one after another, without scripts).

use leptos::prelude::*;

use crate::book::TocEntry;
use crate::ui::{catalog, use_i18n};

/// "Page not found", with a way back to the contents and a link to each
/// page (`toc`, the book in reading order), in the language of the context.
#[component]
pub(crate) fn NotFound(toc: Vec<TocEntry>) -> impl IntoView {
    let i18n = use_i18n();
    let lang = i18n.lang.get_untracked();
    let pages = toc
        .into_iter()
        .map(|entry| view! { <li><a href=i18n.href(Some(&entry.slug))>{entry.title}</a></li> })
        .collect_view();
    view! {
        <div class="not-found" lang=catalog().language_tag(&lang) data-not-found=lang>
            <h1>{i18n.t("not-found-title")}</h1>
            <p>{i18n.t("not-found-body")}</p>
            <p><a href=i18n.href(None)>{i18n.t("not-found-home")}</a></p>
            <p>{i18n.t("not-found-pages")}</p>
            <ul>{pages}</ul>
        </div>
    }
}
