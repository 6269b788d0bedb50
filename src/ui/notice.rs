//! A piece of content that could not be shown: a translated notice, with
//! the technical detail for the page's author.

use leptos::prelude::*;

use super::context::use_i18n;

/// The notice, in place of what could not be shown.
#[component]
pub fn ContentNotice(
    /// What went wrong, in English.
    detail: String,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div class="content-notice" role="status">
            <p>{move || i18n.t("content-notice")}</p>
            <p class="content-notice-detail"><code>{detail}</code></p>
        </div>
    }
}
