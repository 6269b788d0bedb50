//! Small wrappers over browser APIs (storage) that never panic: where an
//! API is missing they answer `None`. Natively, where the build renders the
//! widgets' first state, there is no browser: storage is empty and writes
//! go nowhere.

/// `localStorage[key]`.
pub(crate) fn stored(key: &str) -> Option<String> {
    local_storage()?.get_item(key).ok().flatten()
}

/// Sets `localStorage[key]`; private modes may refuse, which is fine.
pub(crate) fn store(key: &str, value: &str) {
    if let Some(storage) = local_storage() {
        let _ = storage.set_item(key, value);
    }
}

/// Every `localStorage` entry whose key starts with one of `prefixes`.
pub(crate) fn stored_with_prefix(prefixes: &[&str]) -> Vec<(String, String)> {
    let Some(storage) = local_storage() else {
        return Vec::new();
    };
    let length = storage.length().unwrap_or(0);
    (0..length)
        .filter_map(|i| storage.key(i).ok().flatten())
        .filter(|key| prefixes.iter().any(|p| key.starts_with(p)))
        .filter_map(|key| {
            let value = storage.get_item(&key).ok().flatten()?;
            Some((key, value))
        })
        .collect()
}

/// Removes `localStorage[key]`.
pub(crate) fn forget(key: &str) {
    if let Some(storage) = local_storage() {
        let _ = storage.remove_item(key);
    }
}

fn local_storage() -> Option<web_sys::Storage> {
    if !cfg!(target_arch = "wasm32") {
        return None;
    }
    web_sys::window()?.local_storage().ok().flatten()
}
