//! A widget's state in the page address (`?yd-c=5min&yd-gpus=1024`), so an
//! instructor can link to one exact configuration. Each widget owns a
//! prefix; `replaceState` keeps the history clean while the reader types.

#[cfg(feature = "web")]
use leptos::prelude::*;

/// The value of `key` in the address's query, if present (`None` when the
/// build renders the widget's first state: there is no address there).
pub(crate) fn read(key: &str) -> Option<String> {
    if !cfg!(target_arch = "wasm32") {
        return None;
    }
    let search = web_sys::window()?.location().search().ok()?;
    let params = web_sys::UrlSearchParams::new_with_str(&search).ok()?;
    params.get(key)
}

/// How long the reader must pause before the address follows their input.
#[cfg(feature = "web")]
const PAUSE: std::time::Duration = std::time::Duration::from_millis(250);

#[cfg(feature = "web")]
thread_local! {
    static PENDING: std::cell::Cell<Option<TimeoutHandle>> = const { std::cell::Cell::new(None) };
}

/// Writes the pairs that `pairs` gives once input pauses for [`PAUSE`];
/// a newer call replaces a pending one. `pairs` gives `None` when the
/// widget is gone by then (the reader left the page): nothing is written.
#[cfg(feature = "web")]
pub(crate) fn write_soon<const N: usize>(
    pairs: impl Fn() -> Option<[(&'static str, String); N]> + 'static,
) {
    if let Some(previous) = PENDING.with(std::cell::Cell::take) {
        previous.clear();
    }
    let handle = set_timeout_with_handle(
        move || {
            PENDING.with(std::cell::Cell::take);
            if let Some(pairs) = pairs() {
                write(&pairs.each_ref().map(|(k, v)| (*k, v.as_str())));
            }
        },
        PAUSE,
    )
    .ok();
    PENDING.with(|p| p.set(handle));
}

/// Sets every `(key, value)` in the address's query, keeping the path,
/// the other parameters and the `#section`.
#[cfg(feature = "web")]
fn write(pairs: &[(&str, &str)]) {
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
        // Keep whatever history state the entry has (the browser's own).
        let state = history.state().unwrap_or(wasm_bindgen::JsValue::NULL);
        let _ = history.replace_state_with_url(&state, "", Some(&url));
    }
}
