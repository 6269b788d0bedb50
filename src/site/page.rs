//! A page of the book as the build writes it: the fallback note, the
//! rendered markdown, each widget as an island holding its first state,
//! and the previous/next links.

use leptos::prelude::*;

use crate::book::markdown::PageProblem;
use crate::book::{Block, RenderedPage, TocEntry, WasmModule, WidgetDirective, WidgetKind};
use crate::islands::{ISLAND_ATTR, LANG_ATTR, MODULE_ATTR, PARAM_PREFIX};
use crate::ui::{ContentNotice, catalog, use_i18n};
use crate::widgets::WidgetHost;

/// A rendered page's text, widgets and notices.
#[component]
pub fn PageArticle(
    /// The page to show.
    page: RenderedPage,
) -> impl IntoView {
    let i18n = use_i18n();
    let lang = i18n.lang.get_untracked();
    let fallback = (page.text_lang != lang).then(|| {
        let language = catalog().text(&lang, "language-name");
        i18n.t_args(
            "fallback-note",
            &[("language", crate::i18n::Arg::Str(&language))],
        )
    });
    // Problems the blocks do not already show (widget notices do): the
    // content check keeps them out of a release, but if one gets through
    // the reader sees a notice instead of a silently broken page.
    let unseen: Vec<String> = page
        .doc
        .problems
        .iter()
        .filter(|(_, p)| {
            !matches!(
                p,
                PageProblem::Widget(_) | PageProblem::NestedWidget | PageProblem::Figure(_)
            )
        })
        .map(|(line, p)| format!("{}:{line}: {p}", page.path))
        .collect();
    let problems =
        (!unseen.is_empty()).then(|| view! { <ContentNotice detail=unseen.join("\n") /> });
    let kinds = module_kinds(&page.doc.blocks);
    // A figure's words are in the language of the text around it.
    let text_lang = page.text_lang.clone();
    let blocks = page
        .doc
        .blocks
        .into_iter()
        .map(|block| match block {
            Block::Html(html) => {
                let class = text_class(&html);
                let ids = heading_ids(&html);
                view! { <div class=class data-ids=ids inner_html=html></div> }.into_any()
            }
            Block::Widget(directive) => {
                let module = WasmModule::for_island(directive.module_kind(), &kinds);
                view! { <Island directive=directive module=module /> }.into_any()
            }
            Block::Figure(kind) => {
                let words = super::figures::Words::new(catalog(), &text_lang);
                let html = super::figures::html(kind, &words);
                view! { <div class="figure-slot" inner_html=html></div> }.into_any()
            }
            Block::Notice(problem) => {
                view! { <ContentNotice detail=problem.to_string() /> }.into_any()
            }
        })
        .collect_view();
    view! {
        {fallback.map(|note| view! { <p class="fallback-note" role="note">{note}</p> })}
        {problems}
        <article class="page" lang=catalog().language_tag(&page.text_lang)>
            {blocks}
        </article>
    }
}

/// The kinds of the modules that bring a page's widgets to life
/// ([`WidgetDirective::module_kind`]), one per widget.
pub(crate) fn module_kinds(blocks: &[Block]) -> Vec<WidgetKind> {
    blocks
        .iter()
        .filter_map(|b| match b {
            Block::Widget(w) => Some(w.module_kind()),
            _ => None,
        })
        .collect()
}

/// A widget's place in the page: its first state, rendered by the same
/// component the browser mounts there (see `islands`), its module,
/// language and parameters as attributes, and a note for readers without
/// scripts.
#[component]
pub(crate) fn Island(directive: WidgetDirective, module: WasmModule) -> impl IntoView {
    let i18n = use_i18n();
    let lang = i18n.lang.get_untracked();
    let name = directive.kind.name();
    // Built by hand: the attribute names come from the directive.
    let mut attrs = format!(
        "{ISLAND_ATTR}=\"{name}\" {MODULE_ATTR}=\"{}\" {LANG_ATTR}=\"{}\"",
        module.name(),
        escape(&lang)
    );
    for (key, value) in directive.attrs() {
        attrs.push_str(&format!(" {PARAM_PREFIX}{key}=\"{}\"", escape(&value)));
    }
    // Shown without scripts, and by `public/book.js` if the wasm fails;
    // an exercise's answer can still be read.
    let note = escape(&i18n.t(if directive.kind == WidgetKind::Exercise {
        "island-static-exercise"
    } else {
        "island-static"
    }));
    // The shell's module draws its widgets as HTML, without Leptos.
    let first_state = if directive.module_kind() == WidgetKind::SlurmShell {
        crate::widgets::shell_first_state(&directive, &lang)
    } else {
        view! { <WidgetHost directive=directive /> }.to_html()
    };
    let html = format!(
        "<div class=\"island\" {attrs} data-note=\"{note}\"><noscript><p class=\"island-note\">{note}</p></noscript>{first_state}</div>"
    );
    view! { <div class="island-slot" inner_html=html></div> }
}

/// The class of a run of text: `md`, and `opens-h1` to `opens-h3` when it
/// opens with that heading, whose gap above the run then takes over
/// (`public/style.css` lays far parts out as they come near, and their
/// containment keeps margins from meeting). A class written here, not a
/// `:has()` rule: the browser would check such a rule again on every
/// change of the page, and the widgets' mounts make many.
fn text_class(html: &str) -> &'static str {
    match html.trim_start().get(..3) {
        Some("<h1") => "md opens-h1",
        Some("<h2") => "md opens-h2",
        Some("<h3") => "md opens-h3",
        _ => "md",
    }
}

/// The ids of a run of text's headings, space-separated (`None` when it
/// has none): on a page opened at a section, the head's script lays out
/// the parts after the one that names it only as they come near
/// (`THEME_SCRIPT`, `public/style.css`).
fn heading_ids(html: &str) -> Option<String> {
    let ids: Vec<&str> = (html.split("<h").skip(1))
        .filter(|rest| rest.starts_with(|c: char| ('1'..='6').contains(&c)))
        .filter_map(|rest| rest[1..].strip_prefix(" id=\""))
        .filter_map(|rest| rest.split_once('"').map(|(id, _)| id))
        .collect();
    (!ids.is_empty()).then(|| ids.join(" "))
}

/// Escapes text for an HTML attribute or element.
pub(crate) use crate::ui::escaped as escape;

/// Links to the previous and next pages.
#[component]
pub(crate) fn Pager(
    /// The pages before and after this one.
    neighbours: (Option<TocEntry>, Option<TocEntry>),
) -> impl IntoView {
    let i18n = use_i18n();
    let link = move |entry: Option<TocEntry>, rel: &'static str, label: &'static str| {
        entry.map(|p| {
            view! {
                <a class=format!("pager-{rel}") rel=rel href=i18n.href(Some(&p.slug))>
                    <span class="pager-label">{i18n.t(label)}</span>
                    <span class="pager-title">{p.title}</span>
                </a>
            }
        })
    };
    view! {
        <nav class="pager" aria-label=i18n.t("nav-pages")>
            {link(neighbours.0, "prev", "nav-previous")}
            {link(neighbours.1, "next", "nav-next")}
        </nav>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_of_text_names_its_headings_ids_and_the_heading_it_opens_with() {
        let html = "<h2 id=\"slurm\">Slurm <a href=\"#slurm\">#</a></h2>\n<p>x <code>&lt;h3 id=\"no\"&gt;</code></p>\
                    <h3 id=\"batch-script\">Batch</h3><hr><h4>No id</h4>";
        assert_eq!(heading_ids(html).as_deref(), Some("slurm batch-script"));
        assert_eq!(text_class(html), "md opens-h2");
        assert_eq!(
            heading_ids("<p>No heading</p><header id=\"x\"></header>"),
            None
        );
        assert_eq!(text_class("\n<p>No heading</p>"), "md");
    }
}
