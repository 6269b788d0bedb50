//! Small wrappers over browser APIs (storage, base URI, languages) that
//! never panic: where an API is missing they answer `None`.

use leptos::prelude::*;

/// `localStorage[key]`.
pub(crate) fn stored(key: &str) -> Option<String> {
    window()
        .local_storage()
        .ok()
        .flatten()?
        .get_item(key)
        .ok()
        .flatten()
}

/// Sets `localStorage[key]`; private modes may refuse, which is fine.
pub(crate) fn store(key: &str, value: &str) {
    if let Some(storage) = window().local_storage().ok().flatten() {
        let _ = storage.set_item(key, value);
    }
}

/// The base path from `<base href>` (`""` when served at the root).
pub(crate) fn base_path() -> String {
    let uri = document().base_uri().ok().flatten().unwrap_or_default();
    // Drop scheme and host: "http://h:1/course/" -> "/course/".
    let path = uri
        .splitn(4, '/')
        .nth(3)
        .map(|p| format!("/{p}"))
        .unwrap_or_else(|| "/".into());
    crate::book::route::base_from_uri_path(&path)
}

/// The browser's preferred languages, most preferred first.
pub(crate) fn browser_languages() -> Vec<String> {
    let navigator = window().navigator();
    let list: Vec<String> = navigator
        .languages()
        .iter()
        .filter_map(|v| v.as_string())
        .collect();
    if list.is_empty() {
        navigator.language().into_iter().collect()
    } else {
        list
    }
}
