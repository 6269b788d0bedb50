//! The Slurm shell's wasm module: the shell, its labs and the tasks in the
//! shell, with the simulated cluster behind them, and no Leptos (see
//! `widgets::mount_shell`). A page loads it only when one of its shells
//! comes near. See `src/bin/gpu_book_widgets.rs` for how modules are
//! loaded.

use gpu_book::book::WasmModule;
use gpu_book::{islands, widgets};
use wasm_bindgen::prelude::wasm_bindgen;

fn main() {
    islands::start(WasmModule::Shell);
}

/// Mounts one island as it comes near.
#[wasm_bindgen(js_name = mountIsland)]
pub fn mount_island(el: web_sys::HtmlElement) {
    widgets::mount_shell(el);
}
