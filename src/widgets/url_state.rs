//! A widget's state in the page address (`?yd-c=5min&yd-gpus=1024`), so an
//! instructor can link to one exact configuration. Each widget owns a
//! prefix; `replaceState` keeps the history clean while the reader types.

use leptos::prelude::*;

/// The value of `key` in the address's query, if present.
pub(crate) fn read(key: &str) -> Option<String> {
    let search = window().location().search().ok()?;
    let params = web_sys::UrlSearchParams::new_with_str(&search).ok()?;
    params.get(key)
}

/// Sets every `(key, value)` in the address's query, keeping the path,
/// the other parameters and the `#section`.
pub(crate) fn write(pairs: &[(&str, &str)]) {
    let location = window().location();
    let (Ok(path), Ok(search), Ok(hash)) =
        (location.pathname(), location.search(), location.hash())
    else {
        return;
    };
    let Ok(params) = web_sys::UrlSearchParams::new_with_str(&search) else {
        return;
    };
    for (key, value) in pairs {
        params.set(key, value);
    }
    let query = String::from(params.to_string());
    let url = format!("{path}?{query}{hash}");
    if let Ok(history) = window().history() {
        // Keep the router's own history state so back/forward still work.
        let state = history.state().unwrap_or(wasm_bindgen::JsValue::NULL);
        let _ = history.replace_state_with_url(&state, "", Some(&url));
    }
}
