//! `/<lang>/`: the book's title and its pages, each with its summary and
//! its sections.

use leptos::prelude::*;

use super::context::{book, use_i18n};
use crate::i18n::Arg;

/// The contents page in the reader's language.
#[component]
pub(crate) fn ContentsPage() -> impl IntoView {
    let i18n = use_i18n();
    Effect::new(move |_| {
        let lang = i18n.lang.get();
        document().set_title(&format!(
            "{} · {}",
            i18n.t("nav-contents"),
            book().library.title(&lang)
        ));
    });
    move || {
        let lang = i18n.lang.get();
        let library = &book().library;
        let labels = book().catalog.labels(&lang);
        let prefix = i18n.href_in(&lang, None);
        let pages = library
            .toc(&lang)
            .into_iter()
            .map(|entry| {
                let sections = library
                    .render(&lang, &entry.slug, &prefix, &labels)
                    .map(|p| {
                        p.doc
                            .sections
                            .into_iter()
                            .filter(|s| s.level == 2)
                            .collect::<Vec<_>>()
                    })
                    .unwrap_or_default();
                let count = i18n.t_args(
                    "contents-sections",
                    &[("count", Arg::Num(sections.len() as f64))],
                );
                let href = i18n.href_in(&lang, Some(&entry.slug));
                let section_links = sections
                    .into_iter()
                    .map(|s| view! { <li><a href=format!("{href}#{}", s.id)>{s.title}</a></li> })
                    .collect_view();
                view! {
                    <li class="contents-entry">
                        <h2><a href=href.clone()>{entry.title}</a></h2>
                        <p class="contents-summary">{entry.summary}</p>
                        <details>
                            <summary>{count}</summary>
                            <ol>{section_links}</ol>
                        </details>
                    </li>
                }
            })
            .collect_view();
        let first = library
            .toc(&lang)
            .first()
            .map(|e| i18n.href_in(&lang, Some(&e.slug)));
        view! {
            <div class="contents">
                <h1>{library.title(&lang).to_owned()}</h1>
                <p class="tagline">{i18n.t("book-tagline")}</p>
                {first.map(|href| view! { <p><a class="start-reading" href=href>{i18n.t("contents-start")}</a></p> })}
                <ol class="contents-list">{pages}</ol>
            </div>
        }
    }
}
