//! The root component: the router (for history and link clicks) around the
//! shell, which reads the address itself through the pure [`Route`]. One
//! catch-all route stays in place because leptos_router only writes the
//! address bar once its `Routes` have resolved a navigation.

use leptos::prelude::*;
use leptos_router::components::{Route as RouterRoute, Router, Routes};
use leptos_router::hooks::use_location;
use leptos_router::path;

use super::browser;
use super::context::{I18n, book};
use super::layout::Layout;
use super::root_redirect::RootRedirect;
use crate::book::route::Route;

/// The whole app.
#[component]
pub fn App() -> impl IntoView {
    let base = browser::base_path();
    view! {
        <Router base=base.clone()>
            <Routes fallback={
                let base = base.clone();
                move || view! { <Shell base=base.clone() /> }
            }>
                <RouterRoute path=path!("/*any") view=move || view! { <Shell base=base.clone() /> } />
            </Routes>
        </Router>
    }
}

/// Reads the route from the address and lays out the page for it.
#[component]
fn Shell(base: String) -> impl IntoView {
    let location = use_location();
    let base = StoredValue::new(base);
    let route = Memo::new(move |_| {
        let library = &book().library;
        Route::parse(
            &location.pathname.get(),
            &base.get_value(),
            |l| library.has_language(l),
            |p| library.has_page(p),
        )
    });
    let lang = Memo::new(move |_| {
        route
            .with(|r| r.lang().map(str::to_owned))
            .unwrap_or_else(|| {
                crate::i18n::negotiate(
                    browser::stored(super::lang_switch::STORAGE_KEY).as_deref(),
                    &browser::browser_languages(),
                    book().library.languages(),
                )
            })
    });
    provide_context(I18n { lang, base });

    // Keep <html lang> in step, for screen readers and hyphenation.
    Effect::new(move |_| {
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("lang", &lang.get());
        }
    });

    move || match route.get() {
        Route::Root => view! { <RootRedirect /> }.into_any(),
        route => view! { <Layout route=route /> }.into_any(),
    }
}
