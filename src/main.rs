//! The browser entry point: install the panic hook. The page is already
//! there, written at build time; `public/book.js` mounts each widget
//! through the library's exported `mountIsland` as it comes near.

fn main() {
    gpu_book::islands::panic::install_hook();
}
