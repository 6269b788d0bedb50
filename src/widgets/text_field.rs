//! A labelled text input with a hint and an error line beside it, as every
//! widget's fields look: the error is announced, and the field is marked
//! invalid while it has one. Every widget words a refused number with
//! [`input_message`], so one mistake reads the same in every field.

use leptos::prelude::*;

use crate::i18n::Arg;
use crate::quantity::{InputError, Kind, Limit};
use crate::ui::I18n;

/// The reader's-language message for a number the field refused.
pub(crate) fn input_message(i18n: &I18n, error: &InputError) -> String {
    let format = i18n.number_format();
    let limit = |key: &str, n: f64| i18n.t_args(key, &[("n", Arg::Str(&format.format(n, 0)))]);
    match error {
        InputError::Empty => i18n.t("input-error-empty"),
        InputError::NotANumber(_) => i18n.t("input-error-not-a-number"),
        InputError::DecimalMark { suggestion } => i18n.t_args(
            "input-error-decimal-mark",
            &[("suggestion", Arg::Str(suggestion))],
        ),
        InputError::Ambiguous { decimal, thousands } => i18n.t_args(
            "input-error-ambiguous",
            &[
                ("decimal", Arg::Str(decimal)),
                ("thousands", Arg::Str(thousands)),
            ],
        ),
        InputError::UnknownUnit { kind, .. } => i18n.t(match kind {
            Kind::Duration => "input-error-unit-duration",
            Kind::Count => "input-error-unit-count",
            Kind::Size => "input-error-unit-size",
            Kind::Bandwidth => "input-error-unit-bandwidth",
        }),
        InputError::Negative => i18n.t("input-error-negative"),
        InputError::NotPositive => i18n.t("input-error-not-positive"),
        InputError::ZeroInterval => i18n.t("input-error-zero-interval"),
        InputError::NotInteger => i18n.t("input-error-not-integer"),
        InputError::TooLarge { max } => match *max {
            Limit::Count(n) => limit("input-error-too-large", n as f64),
            Limit::Years(years) => limit("input-error-too-long", f64::from(years)),
            Limit::Bytes(bytes) => limit("input-error-too-many-bytes", bytes as f64 / 1e15),
        },
    }
}

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
    /// How the field read its text, in the reader's format ("1 h 30 min"
    /// for "90"), shown as "= 1 h 30 min" in the error's place while the
    /// text is accepted.
    #[prop(optional, into)]
    reading: Option<Signal<Option<String>>>,
) -> impl IntoView {
    let error_id = format!("{id}-error");
    let hint_id = format!("{id}-hint");
    let reading_id = format!("{id}-reading");
    let described = format!("{hint_id} {error_id} {reading_id}");
    let reading = move || {
        let shown = error
            .with(Option::is_none)
            .then(|| reading?.get())
            .flatten();
        shown.map(|text| format!("= {text}"))
    };
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
                // The attribute for the page as built, the property live.
                value=value.get_untracked()
                prop:value=value
                on:input=move |ev| on_input.run(event_target_value(&ev))
            />
            <p class="field-hint" id=hint_id>{hint}</p>
            // One line for the error or the reading: swapping them moves nothing.
            <div class="field-status">
                <p class="field-error" id=error_id role="alert">{error}</p>
                <p class="field-reading" id=reading_id>{reading}</p>
            </div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quantity::{DecimalMark, parse_bytes, parse_count, parse_duration};

    /// Every refusal, in each language, as the reader reads it.
    #[test]
    fn every_refusal_reads_whole_in_each_language() {
        let owner = Owner::new();
        owner.with(|| {
            let i18n = |lang: &str| {
                let lang = lang.to_owned();
                I18n {
                    lang: Memo::new(move |_| lang.clone()),
                    base: StoredValue::new(String::new()),
                }
            };
            let (en, es) = (i18n("en"), i18n("es"));
            let es_mark = es.decimal_mark();
            // Latin American Spanish (es-419) writes 2.5 and 1,000 as English does.
            assert_eq!(es_mark, DecimalMark::Point);
            assert_eq!(en.decimal_mark(), DecimalMark::Point);
            let refused = |e: Result<f64, InputError>| e.expect_err("refused");
            let said = |i18n: &I18n, e: Result<f64, InputError>| input_message(i18n, &refused(e));
            assert_eq!(
                said(&es, parse_duration("1,5 h", 60.0, es_mark)),
                "Aquí los decimales llevan punto: escribe 1.5."
            );
            assert_eq!(
                said(&en, parse_duration("1,5 h", 60.0, DecimalMark::Point)),
                "Decimals take a point here: write 1.5."
            );
            assert_eq!(
                said(&es, parse_count("2.500", es_mark)),
                "¿Querías decir 2.5 o 2500? Escríbelo como uno de los dos."
            );
            assert_eq!(
                said(&es, parse_count("2e8", es_mark)),
                "Como mucho 10,000,000."
            );
            assert_eq!(
                said(&en, parse_bytes("1e30", DecimalMark::Point)),
                "That is more than 1,000 PB."
            );
            assert_eq!(
                said(&en, parse_duration("200 y", 60.0, DecimalMark::Point)),
                "That is beyond any real cluster: at most 100 years."
            );
            // Every variant has a message of its own in both languages.
            let all = [
                InputError::Empty,
                InputError::NotANumber("x".into()),
                refused(parse_count("1,5", es_mark)),
                refused(parse_count("2.500", es_mark)),
                refused(parse_duration("5 parsecs", 1.0, es_mark)),
                refused(parse_count("8 gpus", es_mark)),
                refused(parse_bytes("8 parsecs", es_mark)),
                refused(crate::quantity::parse_bandwidth("8 GB", es_mark)),
                InputError::Negative,
                InputError::NotPositive,
                InputError::ZeroInterval,
                InputError::NotInteger,
                refused(parse_count("2e8", es_mark)),
                refused(parse_duration("200 y", 1.0, es_mark)),
                refused(parse_bytes("1e30", es_mark)),
            ];
            for i18n in [en, es] {
                let messages: Vec<String> = all.iter().map(|e| input_message(&i18n, e)).collect();
                for (error, message) in all.iter().zip(&messages) {
                    assert!(
                        !message.contains('{') && !message.starts_with("input-error"),
                        "{error:?}: {message}"
                    );
                }
                let mut unique = messages.clone();
                crate::sort::sort_dedup(&mut unique);
                assert_eq!(unique.len(), messages.len(), "{messages:?}");
            }
        });
    }
}
