//! Small wrappers over browser APIs (storage) that never panic: where an
//! API is missing they answer `None`. Natively, where the build renders the
//! widgets' first state, there is no browser: storage is empty and writes
//! go nowhere.

/// `localStorage[key]`.
pub(crate) fn stored(key: &str) -> Option<String> {
    if !cfg!(target_arch = "wasm32") {
        return None;
    }
    web_sys::window()?
        .local_storage()
        .ok()
        .flatten()?
        .get_item(key)
        .ok()
        .flatten()
}

/// Sets `localStorage[key]`; private modes may refuse, which is fine.
pub(crate) fn store(key: &str, value: &str) {
    if !cfg!(target_arch = "wasm32") {
        return;
    }
    if let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = storage.set_item(key, value);
    }
}
