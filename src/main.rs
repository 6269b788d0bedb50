//! The whole wasm module: every widget, for pages that show the Slurm
//! shell beside another widget (the chapter). The page is already there,
//! written at build time; `public/book.js` loads the module the page names
//! when one of its widgets comes near and mounts each through
//! `mountIsland`. Pages that show only the shell, only the other
//! widgets, or only exercises load a smaller
//! module (`src/bin/gpu_book_shell.rs`, `src/bin/gpu_book_widgets.rs`,
//! `src/bin/gpu_book_exercises.rs`; `book::WasmModule`).

use gpu_book::{islands, widgets};
use wasm_bindgen::prelude::wasm_bindgen;

fn main() {
    islands::panic::install_hook();
}

/// Mounts one island as it comes near.
#[wasm_bindgen(js_name = mountIsland)]
pub fn mount_island(el: web_sys::HtmlElement) {
    islands::mount(el, widgets::whole_module);
}
