//! The language switch: a link per language to the same page.
//! `public/book.js` keeps each link pointing at the section being read and
//! remembers the choice for the next visit to `/`.

use leptos::prelude::*;

use super::layout::LanguageLink;
use crate::ui::{catalog, use_i18n};

/// Links to this page in every language.
#[component]
pub(crate) fn LanguageSwitch(
    /// The page being read (`None` on the contents page).
    slug: Option<String>,
    /// Each language.
    languages: Vec<LanguageLink>,
) -> impl IntoView {
    let i18n = use_i18n();
    let here = i18n.lang.get_untracked();
    let links = languages
        .into_iter()
        .map(|language| {
            let href = i18n.href_in(&language.code, slug.as_deref());
            let current = (language.code == here).then_some("true");
            let tag = catalog().language_tag(&language.code);
            let name = match language.progress {
                None => view! { <span class="lang-name">{language.name}</span> }.into_any(),
                Some(note) => view! {
                    <span class="lang-name">
                        {language.name}
                        <small class="lang-progress">{note}</small>
                    </span>
                }
                .into_any(),
            };
            // On a phone the bar shows each language by its code; the
            // name stays the link's name for screen readers.
            view! {
                <li>
                    <a href=href hreflang=tag.clone() lang=tag aria-current=current>
                        {name}
                        <span class="lang-code" aria-hidden="true">{language.code}</span>
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
