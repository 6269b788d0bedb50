//! A block of results that may no longer match the input: while the
//! input is invalid it is dimmed, and a note above it (a polite live
//! region, which the block also names with `aria-describedby`) says that
//! it shows the last valid input's results.

use leptos::prelude::*;

use super::Calc;

/// Wraps results that `stale` marks out of date.
#[component]
pub(super) fn Stale(
    calc: Calc,
    /// The note's id (unique in the page); the block refers to it.
    id: &'static str,
    /// Whether the results no longer match the input.
    stale: Signal<bool>,
    /// The results.
    children: Children,
) -> impl IntoView {
    let i18n = calc.i18n;
    view! {
        <div class="fs-results" class:stale=stale aria-describedby=id data-testid=id>
            <p class="fs-stale-note" id=id role="status">
                {move || stale.get().then(|| i18n.t("fs-stale-note"))}
            </p>
            <div class="fs-results-body">{children()}</div>
        </div>
    }
}
