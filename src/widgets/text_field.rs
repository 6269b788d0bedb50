//! A labelled text input with a hint and an error line beside it, as every
//! widget's fields look: the error is announced, and the field is marked
//! invalid while it has one.

use leptos::prelude::*;

/// One labelled input; `error` holds the translated message, if any.
#[component]
pub fn TextField(
    /// The input's id (unique in the page); the hint and error ids derive from it.
    #[prop(into)]
    id: String,
    /// Translated label.
    #[prop(into)]
    label: Signal<String>,
    /// Translated hint under the field.
    #[prop(into)]
    hint: Signal<String>,
    /// The text in the field.
    #[prop(into)]
    value: Signal<String>,
    /// Called with the new text on every keystroke.
    on_input: Callback<String>,
    /// The translated error, if the text is refused.
    #[prop(into)]
    error: Signal<Option<String>>,
) -> impl IntoView {
    let error_id = format!("{id}-error");
    let hint_id = format!("{id}-hint");
    let described = format!("{hint_id} {error_id}");
    view! {
        <div class="field" class:invalid=move || error.with(Option::is_some)>
            <label for=id.clone()>{label}</label>
            <input
                id=id
                type="text"
                inputmode="decimal"
                autocomplete="off"
                spellcheck="false"
                aria-describedby=described
                aria-invalid=move || error.with(Option::is_some).to_string()
                prop:value=value
                on:input=move |ev| on_input.run(event_target_value(&ev))
            />
            <p class="field-hint" id=hint_id>{hint}</p>
            <p class="field-error" id=error_id role="alert">{error}</p>
        </div>
    }
}
