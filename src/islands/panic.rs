//! What the reader sees if a widget panics: the panic goes to the console
//! and every island (the whole wasm stops with it) says, in its page's
//! language, that it stopped. The text of the page, written at build time,
//! stays as it was.

use super::{ISLAND_ATTR, LANG_ATTR};
use crate::book::SOURCE_LANG;

/// Installs the panic hook. Call first thing in `main`.
pub fn install_hook() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        mark_islands_stopped();
    }));
}

fn mark_islands_stopped() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(islands) = document.query_selector_all(&format!("[{ISLAND_ATTR}]")) else {
        return;
    };
    for i in 0..islands.length() {
        let Some(el) = islands
            .item(i)
            .and_then(|n| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(n).ok())
        else {
            continue;
        };
        let lang = el
            .get_attribute(LANG_ATTR)
            .unwrap_or_else(|| SOURCE_LANG.to_owned());
        let Ok(note) = document.create_element("p") else {
            continue;
        };
        let _ = note.set_attribute("class", "island-note");
        let _ = note.set_attribute("role", "alert");
        note.set_text_content(Some(&crate::ui::catalog().text(&lang, "island-stopped")));
        let _ = el.prepend_with_node_1(&note);
        let _ = el.set_attribute("data-stopped", "");
    }
}
