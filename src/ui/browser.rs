//! Small wrappers over browser APIs (storage, timers, events) that never
//! panic: where an API is missing they answer `None` or do nothing.
//! Natively, where the build renders the widgets' first state, there is no
//! browser: storage is empty and writes go nowhere (the timers and events
//! are for the live widgets only).

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

/// Runs `f` once, `ms` milliseconds from now (`0`: in a task of its own).
pub(crate) fn after(ms: i32, f: impl FnOnce() + 'static) {
    use wasm_bindgen::JsCast;
    let f = wasm_bindgen::closure::Closure::once_into_js(f);
    if let Some(w) = web_sys::window() {
        let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(f.unchecked_ref(), ms);
    }
}

/// Runs `f` once, before the browser paints its next frame.
pub(crate) fn next_frame(f: impl FnOnce() + 'static) {
    use wasm_bindgen::JsCast;
    let f = wasm_bindgen::closure::Closure::once_into_js(f);
    if let Some(w) = web_sys::window() {
        let _ = w.request_animation_frame(f.unchecked_ref());
    }
}

/// Runs `f` every `ms` milliseconds for as long as the page lives.
pub(crate) fn every(ms: i32, f: impl FnMut() + 'static) {
    use wasm_bindgen::JsCast;
    let f = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(f);
    if let Some(w) = web_sys::window() {
        let _ = w
            .set_interval_with_callback_and_timeout_and_arguments_0(f.as_ref().unchecked_ref(), ms);
    }
    f.forget();
}

/// Calls `f` with each `event` that reaches `target`, for as long as the
/// page lives.
pub(crate) fn listen<E: wasm_bindgen::convert::FromWasmAbi + 'static>(
    target: &web_sys::EventTarget,
    event: &str,
    f: impl FnMut(E) + 'static,
) {
    use wasm_bindgen::JsCast;
    let f = wasm_bindgen::closure::Closure::<dyn FnMut(E)>::new(f);
    let _ = target.add_event_listener_with_callback(event, f.as_ref().unchecked_ref());
    f.forget();
}
