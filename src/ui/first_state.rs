//! An island's first state as the page was built: the HTML of each of its
//! `data-slot` elements, by key, given to the widget as context when it is
//! mounted (`crate::islands`), so a part of it can keep showing that state
//! until the part is built.

use crate::sorted::SortedMap;
use std::sync::Arc;

/// The island's page-written HTML by slot key (empty at build time).
#[derive(Debug, Clone, Default)]
pub struct FirstState(Arc<SortedMap<String, String>>);

impl FirstState {
    /// The first state of an island whose slots hold `texts`.
    pub fn new(texts: SortedMap<String, String>) -> Self {
        Self(Arc::new(texts))
    }

    /// The HTML the page was built with for the slot `key`.
    pub fn get(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
}
