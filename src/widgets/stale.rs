//! A block of a widget's results that may no longer match its input:
//! every widget keeps its last valid results on screen while a field is
//! wrong, and while it is they are dimmed, under a note (which the block
//! names with `aria-describedby`) saying they are the last valid input's.
//! Of blocks that go stale together, one note is a polite live region, so
//! a screen reader says it once, not once per block.

use leptos::prelude::*;

use crate::ui::use_i18n;

/// Wraps results that `stale` marks out of date.
#[component]
pub(crate) fn Stale(
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
    let i18n = use_i18n();
    view! {
        <div class="results" class:stale=stale aria-describedby=id data-testid=id>
            <p class="stale-note" id=id role=(!quiet).then_some("status")>
                {move || stale.get().then(|| i18n.t("stale-note"))}
            </p>
            <div class="results-body">{children()}</div>
        </div>
    }
}
