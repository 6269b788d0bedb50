//! The widgets' wasm module: the checkpoint explorer, the fair-share
//! calculator and the ring, without the Slurm shell, for pages that show
//! no shell. See `src/main.rs` for how modules are loaded.

use gpu_book::{islands, widgets};
use wasm_bindgen::prelude::wasm_bindgen;

fn main() {
    islands::panic::install_hook();
}

/// Mounts one widget as it comes near.
#[wasm_bindgen(js_name = mountIsland)]
pub fn mount_island(el: web_sys::HtmlElement) {
    islands::mount(el, widgets::widgets_module);
}
