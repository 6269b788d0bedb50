//! The theme button: light and dark, the system's choice until the reader
//! toggles (`public/book.js`), then theirs, remembered. The page's head
//! applies a saved theme before the first paint, so there is no flash.

use leptos::prelude::*;

use crate::ui::use_i18n;

/// A button that switches between light and dark; its labels for both
/// directions travel with it, for the script to swap.
#[component]
pub fn ThemeToggle() -> impl IntoView {
    let i18n = use_i18n();
    let to_dark = i18n.t("theme-to-dark");
    let to_light = i18n.t("theme-to-light");
    view! {
        <button
            type="button"
            class="theme-toggle"
            aria-label=to_dark.clone()
            title=to_dark.clone()
            data-label-dark=to_dark
            data-label-light=to_light
        >
            <span aria-hidden="true">"☾"</span>
        </button>
    }
}
