//! The book's search module: the query side of `gpu_book::search`, with
//! no Leptos and no widget. `public/book.js` loads it when the reader
//! first focuses or types in the search box, fetches the page language's
//! index (named by the box) and hands its text to [`load`]; each query
//! then returns the results' HTML ([`search`]). The index file is read by
//! the same code that wrote it at build time, and the query is cut into
//! words by the same analyzer that cut the book.

use std::cell::RefCell;

use gpu_book::search::Index;
use wasm_bindgen::JsError;
use wasm_bindgen::prelude::wasm_bindgen;

thread_local! {
    /// The index [`load`] read.
    static INDEX: RefCell<Option<Index>> = const { RefCell::new(None) };
}

fn main() {}

/// Reads an index file; throws, saying why, if it is not one.
#[wasm_bindgen]
pub fn load(text: &str) -> Result<(), JsError> {
    let index = Index::parse(text).map_err(|e| JsError::new(&format!("search index: {e}")))?;
    INDEX.with(|i| *i.borrow_mut() = Some(index));
    Ok(())
}

/// One query's answer: the results as list items and what to announce.
#[wasm_bindgen]
pub struct Answer {
    html: String,
    announcement: String,
    count: usize,
}

#[wasm_bindgen]
impl Answer {
    /// The results as `<li>` items, each a link to its section (see
    /// `Index::results_html`).
    #[wasm_bindgen(getter)]
    pub fn html(&self) -> String {
        self.html.clone()
    }

    /// How many results, in the page's language ("3 resultados").
    #[wasm_bindgen(getter)]
    pub fn announcement(&self) -> String {
        self.announcement.clone()
    }

    /// How many results are listed.
    #[wasm_bindgen(getter)]
    pub fn count(&self) -> usize {
        self.count
    }
}

/// Answers `query` from the loaded index, with links under `root` (the
/// language's contents as the page links it, `../../es/`); nothing before
/// an index is loaded.
#[wasm_bindgen]
pub fn search(query: &str, root: &str) -> Answer {
    INDEX.with(|i| match i.borrow().as_ref() {
        Some(index) => {
            let results = index.search(query);
            Answer {
                html: index.results_html(&results, root),
                announcement: index.announcement(&results).to_owned(),
                count: results.hits.len(),
            }
        }
        None => Answer {
            html: String::new(),
            announcement: String::new(),
            count: 0,
        },
    })
}
