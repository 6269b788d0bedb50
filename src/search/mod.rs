//! The book's search, per language. Pure: the index is built natively at
//! build time (`site` writes one file per language) and queried in the
//! browser by the search module (`src/bin/gpu_book_search.rs`), both
//! through the same [`Analyzer`], so the words the index holds and the
//! words a query asks for are cut, folded and stemmed by one code. The
//! steps:
//! 1. [`documents`]: each page of the book model (`book::Library`) cut into
//!    its sections (the text before the first heading, then each `##` and
//!    `###`), with their ids, titles and plain text;
//! 2. [`Analyzer`]: text -> tokens, each folded ([`fold`]: lower case,
//!    accents dropped) and stemmed ([`Stemmer`]) by the page's language;
//!    Slurm-ish tokens (`--gpus-per-node`, `NCCL_IB_HCA`) kept whole, with
//!    their parts beside them;
//! 3. [`Index::build`]: the sections' terms with a weight each (page title,
//!    heading, body), a short excerpt of each section, and the result
//!    counts already written in the language;
//! 4. [`Index::to_text`] and [`Index::parse`]: a line-based text file (no
//!    JSON parser in the search module);
//! 5. [`Index::search`]: every term must match (the last one as a prefix,
//!    for search as you type), best first, with the matches marked.

pub mod bench;
mod document;
mod fold;
mod index;
mod query;
mod stem;
mod tokenize;

pub use document::{SearchDoc, documents};
pub use fold::fold;
pub use index::{Announcements, Index, IndexError};
pub use query::{Hit, Results};
pub use stem::Stemmer;
pub use tokenize::{Analyzer, Token};

/// The most results a query lists (and the largest count the index spells).
pub const RESULT_CAP: usize = 20;

/// A query is cut to this many characters: whatever is pasted into the
/// box, a search stays quick.
pub const MAX_QUERY_CHARS: usize = 200;

/// And to this many terms.
pub const MAX_QUERY_TERMS: usize = 8;
