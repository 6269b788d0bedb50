//! The book's search, natively: each language's index built from the
//! embedded book (as `render-book` builds it), its size, and the median
//! query time over the whole book (`gpu_book::search::bench`). With a
//! folder, also writes each index there (`search-<lang>.txt`), to measure
//! its compressed size. The browser's figures: `tests/web_bench.rs`.
//!
//! ```text
//! cargo run --profile native --example search_bench -- [DIR]
//! ```

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    use gpu_book::book::{Library, Sources};
    use gpu_book::search::{Index, bench};

    let dir = std::env::args().nth(1).map(std::path::PathBuf::from);
    let library = Library::new(Sources::embedded());
    for lang in library.languages() {
        let index = Index::of_book(&library, gpu_book::ui::catalog(), lang);
        let started = std::time::Instant::now();
        let figures = bench::measure(&index, || started.elapsed().as_secs_f64() * 1000.0);
        println!("search bench (native): {figures}");
        if let Some(dir) = &dir {
            let path = dir.join(format!("search-{lang}.txt"));
            if let Err(e) = std::fs::write(&path, index.to_text()) {
                eprintln!("search_bench: cannot write {}: {e}", path.display());
                return std::process::ExitCode::FAILURE;
            }
        }
    }
    std::process::ExitCode::SUCCESS
}

/// Nothing to measure in a wasm build of the examples
/// (`cargo test --target wasm32-unknown-unknown` builds them too).
#[cfg(target_arch = "wasm32")]
fn main() {}
