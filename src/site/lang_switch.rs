//! The language switch: a link per language to the same page.
//! `public/book.js` keeps each link pointing at the section being read and
//! remembers the choice for the next visit to `/`.

use leptos::prelude::*;

use crate::ui::{catalog, use_i18n};

/// Links to this page in every language.
#[component]
pub(crate) fn LanguageSwitch(
    /// The page being read (`None` on the contents page).
    slug: Option<String>,
    /// Each language: (code, its own name).
    languages: Vec<(String, String)>,
) -> impl IntoView {
    let i18n = use_i18n();
    let here = i18n.lang.get_untracked();
    let links = languages
        .into_iter()
        .map(|(lang, name)| {
            let href = i18n.href_in(&lang, slug.as_deref());
            let current = (lang == here).then_some("true");
            let tag = catalog().language_tag(&lang);
            view! {
                <li>
                    <a href=href hreflang=tag.clone() lang=tag aria-current=current>
                        {name}
                    </a>
                </li>
            }
        })
        .collect_view();
    view! {
        <nav class="lang-switch" aria-label=i18n.t("lang-switch-label")>
            <ul>{links}</ul>
        </nav>
    }
}
