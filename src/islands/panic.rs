//! What the reader sees if a widget panics: the panic goes to the console
//! and every island of its module (the whole module stops with it) says,
//! in its page's language, that it stopped. Another module's islands on
//! the same page live on, and the text of the page, written at build
//! time, stays as it was.

use super::{LANG_ATTR, MODULE_ATTR};
use crate::book::{SOURCE_LANG, WasmModule};

/// Installs the panic hook of `module`. Call first thing in its `main`.
pub fn install_hook(module: WasmModule) {
    std::panic::set_hook(Box::new(move |info| {
        console_error_panic_hook::hook(info);
        mark_islands_stopped(module);
    }));
}

fn mark_islands_stopped(module: WasmModule) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let selector = format!("[{MODULE_ATTR}=\"{}\"]", module.name());
    let Ok(islands) = document.query_selector_all(&selector) else {
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
        note.set_text_content(Some(&crate::ui::strings().text(&lang, "island-stopped")));
        let _ = el.prepend_with_node_1(&note);
        let _ = el.set_attribute("data-stopped", "");
    }
}
