//! The language switch: a link per language to the same page and section,
//! remembering the choice for the next visit to `/`.

use leptos::prelude::*;

use super::browser;
use super::context::{book, use_i18n};
use super::scroll_spy::ActiveSection;

/// Where the chosen language is remembered.
pub(crate) const STORAGE_KEY: &str = "gpu-book-lang";

/// Links to this page (and section) in every language.
#[component]
pub(crate) fn LanguageSwitch(
    /// The page being read (`None` on the contents page).
    #[prop(into)]
    slug: Signal<Option<String>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let active = use_context::<ActiveSection>();
    let languages = book().library.languages().to_vec();
    view! {
        <nav class="lang-switch" aria-label=move || i18n.t("lang-switch-label")>
            <ul>
                {languages
                    .into_iter()
                    .map(|lang| {
                        let code = lang.clone();
                        let name = book().catalog.text(&lang, "language-name");
                        let href = {
                            let lang = lang.clone();
                            move || {
                                let mut href = i18n.href_in(&lang, slug.get().as_deref());
                                if let Some(id) = active.and_then(|a| a.0.get()) {
                                    href.push('#');
                                    href.push_str(&id);
                                }
                                href
                            }
                        };
                        let current = {
                            let lang = lang.clone();
                            move || (i18n.lang.get() == lang).then_some("true")
                        };
                        view! {
                            <li>
                                <a
                                    href=href
                                    hreflang=lang.clone()
                                    lang=lang.clone()
                                    aria-current=current
                                    data-noscroll="true"
                                    on:click=move |_| browser::store(STORAGE_KEY, &code)
                                >
                                    {name}
                                </a>
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
        </nav>
    }
}
