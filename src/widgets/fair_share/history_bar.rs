//! Undo and redo for the calculator: two buttons, and Ctrl+Z (Cmd+Z),
//! Ctrl+Shift+Z and Ctrl+Y while the focus is in the widget (or nowhere)
//! but not in a text field, where the browser's own undo of the text stays.

use leptos::ev::{self, KeyboardEvent};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::Calc;
use crate::sim::fair_share::calculator::History;

/// The Undo and Redo buttons.
#[component]
pub(super) fn HistoryBar(calc: Calc) -> impl IntoView {
    let i18n = calc.i18n;
    let button =
        move |key: &'static str, keys: &'static str, can: fn(&History) -> bool, act: fn(Calc)| {
            view! {
                <button
                    type="button"
                    aria-keyshortcuts=keys
                    disabled=move || !calc.history.with(can)
                    on:click=move |_| act(calc)
                >
                    {move || i18n.t(key)}
                </button>
            }
        };
    view! {
        <div class="fs-history" role="group" aria-label=move || i18n.t("fs-history")>
            {button("fs-undo", "Control+Z", History::can_undo, Calc::undo)}
            {button("fs-redo", "Control+Shift+Z Control+Y", History::can_redo, Calc::redo)}
            <span class="field-hint">{move || i18n.t("fs-history-hint")}</span>
        </div>
    }
}

/// Listens for the undo and redo keys while the widget is live (an effect,
/// so the page's build-time render registers nothing).
pub(super) fn use_undo_keys(calc: Calc) {
    Effect::new(move |_| {
        let handle = window_event_listener(ev::keydown, move |ev| on_key(calc, &ev));
        on_cleanup(move || handle.remove());
    });
}

fn on_key(calc: Calc, ev: &KeyboardEvent) {
    if !(ev.ctrl_key() || ev.meta_key()) || ev.alt_key() {
        return;
    }
    let redo = match ev.key().to_lowercase().as_str() {
        "z" => ev.shift_key(),
        "y" => true,
        _ => return,
    };
    let Some(target) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return;
    };
    let in_widget = target.tag_name() == "BODY"
        || target
            .closest("[data-widget=fair-share]")
            .ok()
            .flatten()
            .is_some();
    if !in_widget || is_text_field(&target) {
        return;
    }
    ev.prevent_default();
    if redo {
        calc.redo();
    } else {
        calc.undo();
    }
}

/// Whether the browser edits text in `el` (and so has its own undo).
fn is_text_field(el: &web_sys::Element) -> bool {
    match el.tag_name().as_str() {
        "TEXTAREA" => true,
        "INPUT" => !matches!(
            el.get_attribute("type").unwrap_or_default().as_str(),
            "checkbox" | "radio" | "button" | "submit" | "reset" | "range" | "color" | "file"
        ),
        _ => el.has_attribute("contenteditable"),
    }
}
