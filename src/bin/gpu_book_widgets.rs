//! The widgets' wasm module, Trunk's main application: the checkpoint
//! explorer, the fair-share calculator, the ring and the exercises. The
//! page is already there, written at build time; `public/book.js` loads a
//! module when one of the islands that name it comes near and mounts each
//! through `mountIsland`. The shell has a module of its own
//! (`src/bin/gpu_book_shell.rs`), and a page whose only other widgets are
//! exercises loads theirs (`src/bin/gpu_book_exercises.rs`; `book::WasmModule`).

use gpu_book::book::WasmModule;
use gpu_book::{islands, widgets};
use wasm_bindgen::prelude::wasm_bindgen;

fn main() {
    islands::start(WasmModule::Widgets);
}

/// Mounts one island as it comes near.
#[wasm_bindgen(js_name = mountIsland)]
pub fn mount_island(el: web_sys::HtmlElement) {
    islands::mount(el, widgets::widgets_module);
}
