//! `/<lang>/`: the book's title and its pages, each with its summary, its
//! sections and how many of its exercises and lab goals the reader has
//! done (counted by `public/book.js` from the progress the widgets keep in
//! the browser, `crate::progress`).

use leptos::prelude::*;

use super::page::Island;
use crate::book::markdown::Section;
use crate::book::{TocEntry, WasmModule, WidgetDirective, WidgetKind};
use crate::i18n::Arg;
use crate::sim::slurm::lab::LabId;
use crate::ui::{I18n, use_i18n};

/// A page as the contents list it.
pub(crate) struct ContentsEntry {
    /// The page.
    pub(crate) entry: TocEntry,
    /// Its `##` sections.
    pub(crate) sections: Vec<Section>,
    /// The ids of its exercises.
    pub(crate) exercises: Vec<String>,
    /// Its labs.
    pub(crate) labs: Vec<LabId>,
}

/// The contents page: each page with its `##` sections.
#[component]
pub(crate) fn ContentsPage(
    /// The book's title.
    title: String,
    /// Every page.
    pages: Vec<ContentsEntry>,
    /// "translation in progress: 45% done" while the language's
    /// translation is unfinished.
    progress: Option<String>,
    /// The progress file's island, where the book has progress to keep.
    file: Option<WidgetDirective>,
) -> impl IntoView {
    let i18n = use_i18n();
    let first = pages.first().map(|p| i18n.href(Some(&p.entry.slug)));
    let any_progress = pages
        .iter()
        .any(|p| !p.exercises.is_empty() || !p.labs.is_empty());
    let entries = pages
        .into_iter()
        .map(
            |ContentsEntry {
                 entry,
                 sections,
                 exercises,
                 labs,
             }| {
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
                        {exercises_done(i18n, &exercises)}
                        {labs.into_iter().map(|lab| goals_met(i18n, lab)).collect_view()}
                        <details>
                            <summary>{count}</summary>
                            <ol>{section_links}</ol>
                        </details>
                    </li>
                }
            },
        )
        .collect_view();
    view! {
        <div class="contents">
            <h1>{title}</h1>
            <p class="tagline">{i18n.t("book-tagline")}</p>
            {progress.map(|note| view! { <p class="fallback-note" role="note">{note}</p> })}
            {first.map(|href| view! { <p><a class="start-reading" href=href>{i18n.t("contents-start")}</a></p> })}
            <ol class="contents-list">{entries}</ol>
            {file.map(|directive| {
                let module = WasmModule::for_island(WidgetKind::Progress, &[WidgetKind::Progress]);
                view! {
                    <section class="your-progress" aria-labelledby="your-progress">
                        <h2 id="your-progress">{i18n.t("progress-title")}</h2>
                        <Island directive=directive module=module />
                    </section>
                }
            })}
            {any_progress.then(|| view! {
                <p class="progress-reset" hidden>
                    <button type="button" data-confirm=i18n.t("contents-forget-confirm")>
                        {i18n.t("contents-forget")}
                    </button>
                </p>
            })}
        </div>
    }
}

/// The sentence for every count the reader may have done, in the page's
/// language (with its plural rules), one per line, for `data-labels`:
/// `public/book.js` picks the line of what it counts.
fn labels(i18n: I18n, id: &str, count: usize) -> Vec<String> {
    (0..=count)
        .map(|done| {
            i18n.t_args(
                id,
                &[
                    ("done", Arg::Num(done as f64)),
                    ("count", Arg::Num(count as f64)),
                ],
            )
        })
        .collect()
}

/// "2 of 5 exercises done", counting the exercises `data-exercises` names.
fn exercises_done(i18n: I18n, ids: &[String]) -> Option<impl IntoView + use<>> {
    if ids.is_empty() {
        return None;
    }
    let labels = labels(i18n, "contents-exercises", ids.len());
    let first = labels[0].clone();
    Some(view! {
        <p class="contents-exercises" data-exercises=ids.join(" ") data-labels=labels.join("\n")>
            {first}
        </p>
    })
}

/// "1 of 4 goals met" in the lab `data-lab` names.
fn goals_met(i18n: I18n, lab: LabId) -> impl IntoView + use<> {
    let labels = labels(i18n, "contents-lab-goals", lab.goals().len());
    let first = labels[0].clone();
    view! {
        <p class="contents-exercises" data-lab=lab.slug() data-labels=labels.join("\n")>
            {first}
        </p>
    }
}
