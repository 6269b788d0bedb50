//! `/<lang>/`: the book's title and its pages, each with its summary and
//! its sections.

use leptos::prelude::*;

use crate::book::TocEntry;
use crate::book::markdown::Section;
use crate::i18n::Arg;
use crate::ui::use_i18n;

/// The contents page: each page with its `##` sections.
#[component]
pub(crate) fn ContentsPage(
    /// The book's title.
    title: String,
    /// Every page, with its `##` sections.
    pages: Vec<(TocEntry, Vec<Section>)>,
    /// "translation in progress: 45% done" while the language's
    /// translation is unfinished.
    progress: Option<String>,
) -> impl IntoView {
    let i18n = use_i18n();
    let first = pages.first().map(|(e, _)| i18n.href(Some(&e.slug)));
    let entries = pages
        .into_iter()
        .map(|(entry, sections)| {
            let count = i18n.t_args(
                "contents-sections",
                &[("count", Arg::Num(sections.len() as f64))],
            );
            let href = i18n.href(Some(&entry.slug));
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
    view! {
        <div class="contents">
            <h1>{title}</h1>
            <p class="tagline">{i18n.t("book-tagline")}</p>
            {progress.map(|note| view! { <p class="fallback-note" role="note">{note}</p> })}
            {first.map(|href| view! { <p><a class="start-reading" href=href>{i18n.t("contents-start")}</a></p> })}
            <ol class="contents-list">{entries}</ol>
        </div>
    }
}
