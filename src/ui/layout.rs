//! The frame around every page: skip link, top bar (menu, title, language,
//! theme), the table of contents (a sidebar on wide screens, a menu on
//! phones), the page itself and the footer.

use leptos::prelude::*;

use super::contents::ContentsPage;
use super::context::{book, use_i18n};
use super::lang_switch::LanguageSwitch;
use super::not_found::NotFound;
use super::page::PageView;
use super::scroll_spy::{ActiveSection, use_scroll_spy};
use super::theme::ThemeToggle;
use crate::book::RenderedPage;
use crate::book::route::Route;
use crate::widgets::ContentNotice;

/// Lays out the page for `route`.
#[component]
pub(crate) fn Layout(
    /// What the address shows.
    route: Route,
) -> impl IntoView {
    let i18n = use_i18n();
    let slug = route.slug().map(str::to_owned);
    let rendered: Memo<Option<RenderedPage>> = {
        let slug = slug.clone();
        Memo::new(move |_| {
            let lang = i18n.lang.get();
            let labels = book().catalog.labels(&lang);
            slug.as_deref().and_then(|s| {
                book()
                    .library
                    .render(&lang, s, &i18n.href_in(&lang, None), &labels)
            })
        })
    };
    let section_ids = Memo::new(move |_| {
        rendered.with(|r| {
            r.as_ref()
                .map(|p| p.doc.sections.iter().map(|s| s.id.clone()).collect())
                .unwrap_or_default()
        })
    });
    let active = use_scroll_spy(section_ids);
    provide_context(active);

    let menu_open = RwSignal::new(false);
    let slug_signal = Signal::derive({
        let slug = slug.clone();
        move || slug.clone()
    });
    let main_view = match route {
        Route::Contents { .. } => view! { <ContentsPage /> }.into_any(),
        Route::Page { slug, .. } => view! { <PageView slug=slug rendered=rendered /> }.into_any(),
        Route::Root | Route::NotFound { .. } => view! { <NotFound /> }.into_any(),
    };
    // A broken manifest reaching the browser shows itself (English stands in).
    let problems: Vec<String> = book()
        .library
        .diagnostics()
        .iter()
        .map(ToString::to_string)
        .collect();
    let library_notice =
        (!problems.is_empty()).then(|| view! { <ContentNotice detail=problems.join("\n") /> });
    let skip_href = move || {
        format!(
            "{}#main",
            window().location().pathname().unwrap_or_default()
        )
    };

    view! {
        <a class="skip-link" href=skip_href>{move || i18n.t("skip-to-content")}</a>
        <header class="topbar">
            <button
                type="button"
                class="menu-toggle"
                aria-controls="book-nav"
                aria-expanded=move || menu_open.get().to_string()
                aria-label=move || if menu_open.get() { i18n.t("nav-close-menu") } else { i18n.t("nav-open-menu") }
                on:click=move |_| menu_open.update(|o| *o = !*o)
            >
                <span aria-hidden="true">"☰"</span>
            </button>
            <a class="brand" href=move || i18n.href(None)>{move || book().library.title(&i18n.lang.get()).to_owned()}</a>
            <div class="topbar-tools">
                <LanguageSwitch slug=slug_signal />
                <ThemeToggle />
            </div>
        </header>
        <div class="layout">
            <nav
                id="book-nav"
                class="sidebar"
                class:open=move || menu_open.get()
                aria-label=move || i18n.t("nav-book")
                on:click=move |_| menu_open.set(false)
            >
                <Toc slug=slug rendered=rendered active=active />
            </nav>
            <main id="main" tabindex="-1">
                {library_notice}
                {main_view}
            </main>
        </div>
        <footer class="site-footer">
            <p>{move || book().library.title(&i18n.lang.get()).to_owned()} " · " {move || i18n.t("book-tagline")}</p>
        </footer>
    }
}

/// The table of contents: every page, and the current page's sections.
#[component]
fn Toc(
    slug: Option<String>,
    rendered: Memo<Option<RenderedPage>>,
    active: ActiveSection,
) -> impl IntoView {
    let i18n = use_i18n();
    let on_contents = slug.is_none();
    view! {
        <p class="toc-heading">
            <a href=move || i18n.href(None) aria-current=move || on_contents.then_some("page")>
                {move || i18n.t("nav-contents")}
            </a>
        </p>
        <ol class="toc">
            {move || {
                let lang = i18n.lang.get();
                book()
                    .library
                    .toc(&lang)
                    .into_iter()
                    .map(|entry| {
                        let is_current = slug.as_deref() == Some(entry.slug.as_str());
                        let href = i18n.href_in(&lang, Some(&entry.slug));
                        let sections = is_current.then(|| view! { <SectionList rendered=rendered active=active /> });
                        view! {
                            <li class:current=is_current>
                                <a href=href aria-current=is_current.then_some("page")>{entry.title}</a>
                                {sections}
                            </li>
                        }
                    })
                    .collect_view()
            }}
        </ol>
    }
}

/// The current page's `##` sections, the one in view marked.
#[component]
fn SectionList(rendered: Memo<Option<RenderedPage>>, active: ActiveSection) -> impl IntoView {
    let i18n = use_i18n();
    move || {
        rendered.with(|page| {
            let page = page.as_ref()?;
            let items = page
                .doc
                .sections
                .iter()
                .filter(|s| s.level == 2)
                .map(|s| {
                    let id = s.id.clone();
                    let href = format!("{}#{}", i18n.href(Some(&page.slug)), s.id);
                    let is_active = Memo::new(move |_| {
                        active.0.with(|a| a.as_deref().and_then(|a| rendered.with(|p| top_section(p, a))) == Some(id.clone()))
                    });
                    view! {
                        <li class:active=is_active>
                            <a href=href aria-current=move || is_active.get().then_some("location")>{s.title.clone()}</a>
                        </li>
                    }
                })
                .collect_view();
            Some(view! {
                <ol class="toc-sections" aria-label=i18n.t("nav-on-this-page")>{items}</ol>
            })
        })
    }
}

/// The `##` section that holds section `id` on the page.
fn top_section(page: &Option<RenderedPage>, id: &str) -> Option<String> {
    page.as_ref()
        .and_then(|p| p.doc.top_section_of(id))
        .map(str::to_owned)
}
