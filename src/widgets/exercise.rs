//! A self-check exercise: a thin view over `book::exercise`. The reader
//! picks an option or types a number (in the page's number format, with
//! any unit), presses Check, and reads why: the chosen option's
//! explanation, or how their number was read beside the worked answer.
//! "Show the answer" opens every explanation, and works without scripts.
//! What the reader did is kept in the browser ([`progress`]).

mod progress;

use leptos::prelude::*;

use super::text_field::{TextField, input_message};
use crate::book::WidgetDirective;
use crate::book::exercise::{Exercise, ExerciseBody, NumberAnswer};
use crate::i18n::Arg;
use crate::progress::{Answer, ExerciseProgress as Record};
use crate::ui::{ContentNotice, I18n, use_i18n};

/// The exercise a directive carries, or a notice saying what is wrong.
pub fn exercise_view(directive: &WidgetDirective) -> AnyView {
    match Exercise::from_directive(directive) {
        Ok(exercise) => view! { <ExerciseCard exercise=exercise /> }.into_any(),
        Err(e) => view! { <ContentNotice detail=e.to_string() /> }.into_any(),
    }
}

/// What the last Check found.
#[derive(Debug, Clone, PartialEq)]
enum Verdict {
    /// Nothing checked yet (or the answer changed since).
    None,
    /// Check pressed with no option chosen.
    Unanswered,
    /// The reader's answer, right or not, and what explains it (HTML).
    Checked { right: bool, why: String },
}

/// One exercise.
#[component]
fn ExerciseCard(exercise: Exercise) -> impl IntoView {
    let i18n = use_i18n();
    let id = exercise.id.clone();
    let record = RwSignal::new(progress::load_record(&id));
    let verdict = RwSignal::new(Verdict::None);
    let title_id = format!("ex-{id}-title");
    let question_id = format!("ex-{id}-question");
    let save = {
        let id = id.clone();
        move |change: &dyn Fn(&mut Record)| {
            record.update(|r| change(r));
            record.with_untracked(|r| progress::save(&id, r));
        }
    };
    let judge = {
        let save = save.clone();
        move |right: bool, answer: Answer, why: String| {
            save(&|r: &mut Record| r.checked(right, answer.clone()));
            verdict.set(Verdict::Checked { right, why });
        }
    };
    let (answer_part, check, solution): (AnyView, Callback<()>, AnyView) = match exercise.body {
        ExerciseBody::Choice(options) => {
            let chosen = RwSignal::new(None::<usize>);
            let whys: Vec<(bool, String)> =
                options.iter().map(|o| (o.correct, o.why.clone())).collect();
            let check = Callback::new(move |()| match chosen.get_untracked() {
                None => verdict.set(Verdict::Unanswered),
                Some(i) => {
                    let (right, why) = whys[i].clone();
                    judge(right, Answer::Choice(i), why);
                }
            });
            (
                choice_options(&id, &options, chosen, verdict, &question_id),
                check,
                choice_solution(i18n, &options),
            )
        }
        // Another module's (`WidgetDirective::module_kind`): the shell's.
        ExerciseBody::Shell { .. } => (
            view! { <ContentNotice detail="a task in the shell is the shell's widget".to_owned() /> }
                .into_any(),
            Callback::new(|()| {}),
            ().into_any(),
        ),
        ExerciseBody::Number(answer) => {
            let text = RwSignal::new(String::new());
            let number = NumberField::new(i18n, answer.clone(), text);
            let explanation = answer.explanation.clone();
            let check = Callback::new(move |()| {
                if let Some(Ok(reading)) = number.read() {
                    judge(
                        reading.right,
                        Answer::number(reading.value),
                        explanation.clone(),
                    );
                } else {
                    number.tried.set(true);
                }
            });
            (
                number.view(&id, verdict),
                check,
                number_solution(i18n, &answer),
            )
        }
    };
    let on_toggle = move |ev: leptos::ev::Event| {
        let open = event_target::<web_sys::Element>(&ev).has_attribute("open");
        if open && !record.with_untracked(|r| r.solution) {
            save(&|r: &mut Record| r.solution = true);
        }
    };
    let labelled_by = title_id.clone();
    view! {
        // A group, not a region: fourteen "Check yourself" landmarks would
        // crowd a screen reader's list of them.
        <div
            class="exercise"
            role="group"
            aria-labelledby=labelled_by
            data-exercise=id.clone()
            data-state=move || record.with(|r| verdict_state(&verdict.get(), r.right))
            // Enter in the answer's field checks it, as in a form.
            on:keydown=move |ev| {
                let in_field = event_target::<web_sys::Element>(&ev).local_name() == "input";
                if ev.key() == "Enter" && in_field {
                    check.run(());
                }
            }
        >
            <p class="exercise-title" id=title_id>
                {move || i18n.t("exercise-title")}
                <span class="exercise-done" hidden=move || !record.with(|r| r.right)>
                    {move || i18n.t("exercise-done")}
                </span>
            </p>
            <div
                class="exercise-question md"
                id=question_id.clone()
                data-slot="question"
                inner_html=exercise.question
            ></div>
            {answer_part}
            <div class="exercise-actions">
                <button type="button" class="exercise-check" on:click=move |_| check.run(())>
                    {move || i18n.t("exercise-check")}
                </button>
            </div>
            <div class="exercise-feedback" role="status">
                {move || feedback(i18n, verdict.get())}
            </div>
            <details class="exercise-solution" on:toggle=on_toggle>
                <summary>{move || i18n.t("exercise-show-answer")}</summary>
                {solution}
            </details>
        </div>
    }
}

/// `data-state`: what the stylesheet and the tests read.
fn verdict_state(verdict: &Verdict, done: bool) -> &'static str {
    match verdict {
        Verdict::Checked { right: true, .. } => "right",
        Verdict::Checked { right: false, .. } => "wrong",
        _ if done => "done",
        _ => "open",
    }
}

/// The verdict and its explanation, announced as it changes.
fn feedback(i18n: I18n, verdict: Verdict) -> impl IntoView {
    match verdict {
        Verdict::None => None,
        Verdict::Unanswered => Some(
            view! {
                <div class="exercise-said">
                    <p>{i18n.t("exercise-choose-first")}</p>
                </div>
            }
            .into_any(),
        ),
        Verdict::Checked { right, why } => {
            let word = i18n.t(if right {
                "exercise-right"
            } else {
                "exercise-wrong"
            });
            Some(
                view! {
                    <div class="exercise-said">
                        <p class="exercise-verdict">{word}</p>
                        <div class="md" inner_html=why></div>
                    </div>
                }
                .into_any(),
            )
        }
    }
}

/// The radio buttons of a multiple-choice exercise.
fn choice_options(
    id: &str,
    options: &[crate::book::exercise::ChoiceOption],
    chosen: RwSignal<Option<usize>>,
    verdict: RwSignal<Verdict>,
    question_id: &str,
) -> AnyView {
    let items = options
        .iter()
        .enumerate()
        .map(|(i, option)| {
            view! {
                <label class="exercise-option">
                    <input
                        type="radio"
                        name=format!("ex-{id}")
                        value=(i + 1).to_string()
                        on:change=move |_| {
                            chosen.set(Some(i));
                            verdict.set(Verdict::None);
                        }
                    />
                    <span class="md" data-slot=format!("option-{}", i + 1) inner_html=option.text.clone()></span>
                </label>
            }
        })
        .collect_view();
    view! {
        <fieldset class="exercise-options" aria-labelledby=question_id.to_owned()>
            {items}
        </fieldset>
    }
    .into_any()
}

/// Every option with whether it is right and why.
fn choice_solution(i18n: I18n, options: &[crate::book::exercise::ChoiceOption]) -> AnyView {
    let items = options
        .iter()
        .enumerate()
        .map(|(i, option)| {
            let (class, key) = if option.correct {
                ("right", "exercise-option-right")
            } else {
                ("wrong", "exercise-option-wrong")
            };
            let label = move || i18n.t_args(key, &[("n", Arg::Num((i + 1) as f64))]);
            view! {
                <li class=class>
                    <p class="exercise-mark">{label}</p>
                    <div class="md" data-slot=format!("why-{}", i + 1) inner_html=option.why.clone()></div>
                </li>
            }
        })
        .collect_view();
    view! { <ol class="exercise-whys">{items}</ol> }.into_any()
}

/// The answer of a numeric exercise and how to get there.
fn number_solution(i18n: I18n, answer: &NumberAnswer) -> AnyView {
    let shown = {
        let answer = answer.clone();
        move || {
            let format = i18n.value_format();
            i18n.t_args(
                "exercise-answer-is",
                &[
                    ("value", Arg::Str(&answer.format(answer.value, &format))),
                    ("tolerance", Arg::Str(&format.percent(answer.tolerance))),
                ],
            )
        }
    };
    view! {
        <p class="exercise-answer">{shown}</p>
        <div class="md" data-slot="explanation" inner_html=answer.explanation.clone()></div>
    }
    .into_any()
}

/// The typed answer of a numeric exercise.
#[derive(Clone, Copy)]
struct NumberField {
    i18n: I18n,
    answer: StoredValue<NumberAnswer>,
    text: RwSignal<String>,
    /// Check was pressed while the text was refused: show why.
    tried: RwSignal<bool>,
}

impl NumberField {
    fn new(i18n: I18n, answer: NumberAnswer, text: RwSignal<String>) -> Self {
        Self {
            i18n,
            answer: StoredValue::new(answer),
            text,
            tried: RwSignal::new(false),
        }
    }

    /// The typed answer read; `None` while the field is empty.
    fn read(self) -> Option<Result<crate::book::exercise::Reading, crate::quantity::InputError>> {
        let mark = self.i18n.decimal_mark();
        let text = self.text.get();
        (!text.trim().is_empty()).then(|| self.answer.with_value(|a| a.read(&text, mark)))
    }

    fn view(self, id: &str, verdict: RwSignal<Verdict>) -> AnyView {
        let i18n = self.i18n;
        let unit = self.answer.with_value(|a| a.unit.clone());
        let hint = move || {
            let unit = match unit.as_str() {
                "number" => return i18n.t("exercise-number-hint-plain"),
                u => i18n.value_format().unit_symbol(u).to_owned(),
            };
            i18n.t_args("exercise-number-hint", &[("unit", Arg::Str(&unit))])
        };
        let error = move || match self.read() {
            Some(Err(e)) => Some(input_message(&i18n, &e)),
            None if self.tried.get() => Some(i18n.t("input-error-empty")),
            _ => None,
        };
        let reading = move || {
            let reading = self.read()?.ok()?;
            let format = i18n.value_format();
            Some(self.answer.with_value(|a| a.format(reading.value, &format)))
        };
        view! {
            <div class="exercise-number">
                <TextField
                    id=format!("ex-{id}-answer")
                    label=Signal::derive(move || i18n.t("exercise-your-answer"))
                    hint=Signal::derive(hint)
                    value=self.text
                    on_input=Callback::new(move |t| {
                        self.text.set(t);
                        self.tried.set(false);
                        verdict.set(Verdict::None);
                    })
                    error=Signal::derive(error)
                    reading=Signal::derive(reading)
                />
            </div>
        }
        .into_any()
    }
}
