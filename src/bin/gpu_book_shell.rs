//! The Slurm shell's wasm module: the shell and its labs with the
//! simulated cluster behind them, for pages that show a shell and no other
//! widget (the labs). See `src/main.rs` for how modules are loaded.

use gpu_book::{islands, widgets};
use wasm_bindgen::prelude::wasm_bindgen;

fn main() {
    islands::panic::install_hook();
}

/// Mounts one shell as it comes near.
#[wasm_bindgen(js_name = mountIsland)]
pub fn mount_island(el: web_sys::HtmlElement) {
    islands::mount(el, widgets::shell_module);
}
