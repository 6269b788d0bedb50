//! A page of the book: the fallback note, the rendered markdown with its
//! widgets, previous/next links. Also scrolls to `#section` once the page
//! is laid out and makes the code blocks' copy buttons work.

use leptos::ev::MouseEvent;
use leptos::prelude::*;
use leptos_router::hooks::use_location;
use wasm_bindgen::JsCast;

use super::context::{book, use_i18n};
use crate::book::markdown::PageProblem;
use crate::book::{Block, RenderedPage, TocEntry};
use crate::widgets::{ContentNotice, WidgetHost};

/// The page at `slug`, rendered for the reader's language.
#[component]
pub(crate) fn PageView(
    /// The page's slug.
    slug: String,
    /// The rendered page (`None` if it vanished).
    rendered: Memo<Option<RenderedPage>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let location = use_location();

    // Title bar.
    Effect::new(move |_| {
        let lang = i18n.lang.get();
        let title = rendered
            .with(|p| p.as_ref().map(|p| p.doc.title.clone()))
            .unwrap_or_default();
        document().set_title(&format!("{title} · {}", book().library.title(&lang)));
    });
    // Scroll to the address's section (or the top) once the page is drawn.
    Effect::new(move |_| {
        let hash = location.hash.get();
        rendered.track();
        request_animation_frame(move || scroll_to_hash(&hash));
    });

    let neighbours = Memo::new(move |_| book().library.neighbours(&i18n.lang.get(), &slug));
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
        {move || rendered.get().map(|page| view! { <PageArticle page=page /> })}
        <nav class="pager" aria-label=move || i18n.t("nav-pages")>
            {move || link(neighbours.get().0, "prev", "nav-previous")}
            {move || link(neighbours.get().1, "next", "nav-next")}
        </nav>
    }
}

/// A rendered page's text, widgets and notices.
#[component]
pub fn PageArticle(
    /// The page to show.
    page: RenderedPage,
) -> impl IntoView {
    let i18n = use_i18n();
    let fallback = page.text_lang != i18n.lang.get_untracked();
    let text_lang = page.text_lang.clone();
    // Problems the blocks do not already show (widget notices do): the
    // content check keeps them out of a release, but if one gets through
    // the reader sees a notice instead of a silently broken page.
    let unseen: Vec<String> = page
        .doc
        .problems
        .iter()
        .filter(|(_, p)| !matches!(p, PageProblem::Widget(_) | PageProblem::NestedWidget))
        .map(|(line, p)| format!("{}:{line}: {p}", page.path))
        .collect();
    let problems =
        (!unseen.is_empty()).then(|| view! { <ContentNotice detail=unseen.join("\n") /> });
    let blocks = page
        .doc
        .blocks
        .into_iter()
        .map(|block| match block {
            Block::Html(html) => view! { <div class="md" inner_html=html></div> }.into_any(),
            Block::Widget(directive) => view! { <WidgetHost directive=directive /> }.into_any(),
            Block::Notice(problem) => {
                view! { <ContentNotice detail=problem.to_string() /> }.into_any()
            }
        })
        .collect_view();
    view! {
        {fallback.then(|| view! { <p class="fallback-note" role="note">{move || i18n.t("fallback-note")}</p> })}
        {problems}
        <article class="page" lang=text_lang on:click=copy_code>
            {blocks}
        </article>
    }
}

/// Jumps (without the stylesheet's smooth scrolling: the reader asked for
/// this place) to the address's section, or to the top.
fn scroll_to_hash(hash: &str) {
    let id = hash.trim_start_matches('#');
    let target = (!id.is_empty())
        .then(|| document().get_element_by_id(id))
        .flatten();
    match target {
        Some(el) => {
            let options = web_sys::ScrollIntoViewOptions::new();
            options.set_behavior(web_sys::ScrollBehavior::Instant);
            el.scroll_into_view_with_scroll_into_view_options(&options);
        }
        None => {
            let options = web_sys::ScrollToOptions::new();
            options.set_top(0.0);
            options.set_behavior(web_sys::ScrollBehavior::Instant);
            window().scroll_to_with_scroll_to_options(&options);
        }
    }
}

/// Click handler for the copy buttons the renderer puts on code blocks.
fn copy_code(ev: MouseEvent) {
    let Some(button) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| el.closest(".copy-button").ok().flatten())
    else {
        return;
    };
    let Some(code) = button
        .parent_element()
        .and_then(|block| block.query_selector("code").ok().flatten())
    else {
        return;
    };
    let text = code.text_content().unwrap_or_default();
    let _ = window().navigator().clipboard().write_text(&text);
    let label = button.text_content().unwrap_or_default();
    if let Some(copied) = button.get_attribute("data-copied") {
        button.set_text_content(Some(&copied));
        let _ = button.set_attribute("data-state", "copied");
        set_timeout(
            move || {
                button.set_text_content(Some(&label));
                let _ = button.remove_attribute("data-state");
            },
            std::time::Duration::from_secs(2),
        );
    }
}
