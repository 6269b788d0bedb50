//! Light and dark themes: the system's choice until the reader toggles,
//! then theirs, remembered. `index.html` applies the saved theme before
//! the app loads, so there is no flash.

use leptos::prelude::*;

use super::browser;
use super::context::use_i18n;

const STORAGE_KEY: &str = "gpu-book-theme";

/// The theme in force: the `data-theme` attribute, else the system's.
fn current_theme() -> String {
    let attr = document()
        .document_element()
        .and_then(|e| e.get_attribute("data-theme"));
    attr.unwrap_or_else(|| {
        let dark = window()
            .match_media("(prefers-color-scheme: dark)")
            .ok()
            .flatten()
            .is_some_and(|m| m.matches());
        if dark { "dark" } else { "light" }.to_owned()
    })
}

fn apply_theme(theme: &str) {
    if let Some(root) = document().document_element() {
        let _ = root.set_attribute("data-theme", theme);
    }
}

/// A button that switches between light and dark.
#[component]
pub fn ThemeToggle() -> impl IntoView {
    let i18n = use_i18n();
    let theme = RwSignal::new(current_theme());
    let toggle = move |_| {
        let next = if theme.get_untracked() == "dark" {
            "light"
        } else {
            "dark"
        };
        apply_theme(next);
        browser::store(STORAGE_KEY, next);
        theme.set(next.to_owned());
    };
    let label = move || {
        if theme.get() == "dark" {
            i18n.t("theme-to-light")
        } else {
            i18n.t("theme-to-dark")
        }
    };
    view! {
        <button
            type="button"
            class="theme-toggle"
            on:click=toggle
            aria-label=label
            title=label
            data-theme-now=move || theme.get()
        >
            <span aria-hidden="true">{move || if theme.get() == "dark" { "☀" } else { "☾" }}</span>
        </button>
    }
}
