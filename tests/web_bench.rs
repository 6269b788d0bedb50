//! The 1,024-node benchmark (`gpu_book::sim::slurm::bench`) in headless
//! Chromium: the same figures as `examples/slurm_bench.rs` natively,
//! printed to the runner's output. Asserts what the cluster did, never
//! how fast. And the search over the whole book in each language
//! (`gpu_book::search::bench`, as `examples/search_bench.rs` natively):
//! its median query time, printed; the release build's is printed by
//! `tests/e2e/benchmarks.mjs`, each index's compressed size by
//! `tests/e2e/budget.mjs`.
#![cfg(target_arch = "wasm32")]

use gpu_book::book::{Library, Sources};
use gpu_book::search::{Index, bench};
use gpu_book::sim::slurm::bench::{JOBS, Runs, measure};
use wasm_bindgen_test::{console_log, wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn the_thousand_node_cluster_lists_and_schedules_in_the_browser() {
    let performance = web_sys::window()
        .and_then(|w| w.performance())
        .expect("performance.now() in a browser");
    let runs = Runs {
        listings: 5,
        days: 1,
    };
    let figures = measure(runs, || performance.now()).expect("the benchmark's cluster builds");
    // CI runs the test build: unoptimised, several times slower than the
    // release build the book ships (`--release` measures that one).
    let build = if cfg!(debug_assertions) {
        "debug"
    } else {
        "release"
    };
    for line in figures.to_string().lines() {
        console_log!("slurm bench (wasm, {build} build): {line}");
    }
    assert_eq!(figures.squeue_lines, JOBS + 1, "every job and the header");
    assert!(figures.running > 0, "the first pass starts jobs");
    assert!(
        figures.finished > figures.running / 2 && figures.finished < JOBS,
        "a day finishes some jobs but not all: {}",
        figures.finished
    );
}

#[wasm_bindgen_test]
fn the_search_answers_over_the_whole_book_in_the_browser() {
    let performance = web_sys::window()
        .and_then(|w| w.performance())
        .expect("performance.now() in a browser");
    let build = if cfg!(debug_assertions) {
        "debug"
    } else {
        "release"
    };
    let library = Library::new(Sources::embedded());
    let catalog = gpu_book::i18n::Catalog::load(&Sources::embedded_locales());
    for lang in library.languages() {
        let index = Index::of_book(&library, &catalog, lang);
        let figures = bench::measure(&index, || performance.now());
        console_log!("search bench (wasm, {build} build): {figures}");
        assert_eq!(
            figures.found, figures.queries,
            "every heading finds its section"
        );
    }
}
