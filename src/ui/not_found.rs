//! Any address the book does not have.

use leptos::prelude::*;

use super::context::use_i18n;

/// "Page not found", with a way back to the contents.
#[component]
pub(crate) fn NotFound() -> impl IntoView {
    let i18n = use_i18n();
    Effect::new(move |_| document().set_title(&i18n.t("not-found-title")));
    view! {
        <div class="not-found">
            <h1>{move || i18n.t("not-found-title")}</h1>
            <p>{move || i18n.t("not-found-body")}</p>
            <p><a href=move || i18n.href(None)>{move || i18n.t("not-found-home")}</a></p>
        </div>
    }
}
