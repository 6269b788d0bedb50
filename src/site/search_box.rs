//! The search box in the top bar: a search field with its translated
//! name, the live region that announces the number of results, and the
//! list they fill. Written at build time, hidden without scripts (nothing
//! could answer it); `public/book.js` loads the search module and the
//! page language's index when the reader first focuses or types in it.

use leptos::prelude::*;

use crate::ui::use_i18n;

/// The files behind a page's search, as URLs relative to the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SearchFiles {
    /// The page language's index (`../../search-es-1a2b.txt`).
    pub(crate) index: String,
    /// The search module's JavaScript glue.
    pub(crate) glue: String,
    /// Its wasm.
    pub(crate) wasm: String,
}

/// The search field, its announcements and its results.
#[component]
pub(crate) fn SearchBox(
    /// Where the index and the module are.
    files: SearchFiles,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div
            class="search"
            role="search"
            data-index=files.index
            data-glue=files.glue
            data-wasm=files.wasm
            data-root=i18n.href(None)
            data-unavailable=i18n.t("search-unavailable")
        >
            <input
                type="search"
                id="search-input"
                class="search-input"
                aria-label=i18n.t("search-label")
                placeholder=i18n.t("search-placeholder")
                aria-keyshortcuts="/"
                aria-controls="search-results"
                autocomplete="off"
                spellcheck="false"
                enterkeyhint="search"
            />
            <p id="search-status" class="visually-hidden" role="status" aria-live="polite"></p>
            <div class="search-panel" hidden>
                <p class="search-count" aria-hidden="true"></p>
                <ol id="search-results" class="search-results" aria-label=i18n.t("search-results-label")></ol>
            </div>
        </div>
    }
}
