//! The exercises' wasm module: the self-check exercises alone, for pages
//! whose only widgets are exercises. See `src/main.rs` for how modules
//! are loaded.

use gpu_book::{islands, widgets};
use wasm_bindgen::prelude::wasm_bindgen;

fn main() {
    islands::panic::install_hook();
}

/// Mounts one widget as it comes near.
#[wasm_bindgen(js_name = mountIsland)]
pub fn mount_island(el: web_sys::HtmlElement) {
    islands::mount(el, widgets::exercises_module);
}
