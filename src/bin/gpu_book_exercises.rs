//! The exercises' wasm module: the self-check exercises alone, for pages
//! whose only widgets, the shell aside, are exercises. See
//! `src/bin/gpu_book_widgets.rs` for how modules are loaded.

use gpu_book::book::WasmModule;
use gpu_book::{islands, widgets};
use wasm_bindgen::prelude::wasm_bindgen;

fn main() {
    islands::start(WasmModule::Exercises);
}

/// Mounts one island as it comes near.
#[wasm_bindgen(js_name = mountIsland)]
pub fn mount_island(el: web_sys::HtmlElement) {
    islands::mount(el, widgets::exercises_module);
}
