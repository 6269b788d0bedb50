//! A block of results that may no longer match the input: while the
//! input is invalid it is dimmed, and a note above it (which the block
//! names with `aria-describedby`) says that it shows the last valid
//! input's results. Of blocks that go stale together, one note is a polite
//! live region, so a screen reader says it once, not once per block.

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
    /// Another block's note announces the same change.
    #[prop(optional)]
    quiet: bool,
    /// The results.
    children: Children,
) -> impl IntoView {
    let i18n = calc.i18n;
    view! {
        <div class="fs-results" class:stale=stale aria-describedby=id data-testid=id>
            <p class="fs-stale-note" id=id role=(!quiet).then_some("status")>
                {move || stale.get().then(|| i18n.t("fs-stale-note"))}
            </p>
            <div class="fs-results-body">{children()}</div>
        </div>
    }
}
