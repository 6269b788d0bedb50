//! `/`: sends the reader to their language's contents page (saved choice,
//! else the browser's languages, else English), replacing the history entry.

use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::use_navigate;

use super::context::use_i18n;

/// Redirects to `/<lang>/` as soon as it mounts.
#[component]
pub(crate) fn RootRedirect() -> impl IntoView {
    let i18n = use_i18n();
    let navigate = use_navigate();
    // The router adds the base path itself.
    let target = format!("/{}/", i18n.lang.get_untracked());
    request_animation_frame(move || {
        navigate(
            &target,
            NavigateOptions {
                replace: true,
                ..Default::default()
            },
        )
    });
    view! { <p class="redirecting" aria-live="polite">{move || i18n.t("nav-contents")}</p> }
}
