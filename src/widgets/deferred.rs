//! A part of a widget built in a task of its own after the widget's, so
//! that mounting a widget on a slow phone is a few short tasks rather than
//! one long one that blocks the reader's input (a deep link lands on a
//! widget while the page loads). Until its task runs, the part shows its
//! first state as the page was built ([`FirstState`], the slot of the same
//! key), so nothing changes on screen. At build time, and where the page
//! gave no first state, the part is built at once.

use leptos::prelude::*;

use crate::ui::FirstState;

/// `children`, built in the task after the widget's unless `now`; `key`
/// names the slot holding its first state.
#[component]
pub(crate) fn Deferred(
    /// The slot's key, unique in the widget.
    key: &'static str,
    /// Build at once: the part will not look as the page was built (a
    /// state read from the address).
    #[prop(optional)]
    now: bool,
    children: ChildrenFn,
) -> impl IntoView {
    let first = (cfg!(target_arch = "wasm32") && !now)
        .then(use_context::<FirstState>)
        .flatten()
        .and_then(|f| f.get(key));
    let live = RwSignal::new(first.is_none());
    if first.is_some() {
        set_timeout(
            move || {
                let _ = live.try_set(true);
            },
            std::time::Duration::ZERO,
        );
    }
    view! {
        <div class="deferred" data-slot=key>
            {move || {
                if live.get() {
                    children().into_any()
                } else {
                    let html = first.clone().unwrap_or_default();
                    view! { <div class="deferred" inner_html=html></div> }.into_any()
                }
            }}
        </div>
    }
}
