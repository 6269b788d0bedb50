//! The fair-share priority calculator: a thin view over
//! `sim::fair_share::calculator`. The reader edits an account tree, the
//! weights, the decay and a job; reads every factor as `sshare` and
//! `sprio -l` would print it, with a stacked bar of what each adds; watches
//! past usage being forgiven; and runs the chapter's two-team story under
//! FCFS and fair share. Bad input gets a message beside its field while the
//! last valid result stays on screen, dimmed and marked as stale. Every
//! edit can be undone.

mod assoc_table;
mod decay_chart;
mod errors;
mod history_bar;
mod priority_view;
mod story_view;

use leptos::prelude::*;

use super::deferred::Deferred;
use super::stale::Stale;
use super::url_state;
use crate::i18n::number::ValueFormat;
use crate::quantity::DecimalMark;
use crate::sim::fair_share::Algorithm;
use crate::sim::fair_share::calculator::{
    self, CalcErrors, Calculation, CalculatorInput, Field, History, RowId, Scalar, Step,
};
use crate::ui::{I18n, use_i18n};
use assoc_table::{AssocTable, ShareTable};
use decay_chart::DecayChart;
use history_bar::HistoryBar;
use priority_view::PriorityView;
use story_view::StoryView;

/// The signals every part of the calculator reads.
#[derive(Clone, Copy)]
struct Calc {
    i18n: I18n,
    /// What the reader typed.
    input: RwSignal<CalculatorInput>,
    /// The calculation's field errors (empty when it succeeds).
    errors: Memo<CalcErrors>,
    /// The last valid calculation.
    shown: RwSignal<Option<Calculation>>,
    /// The steps to undo and redo.
    history: RwSignal<History>,
    /// Number and duration format of the reader's language.
    vf: Memo<ValueFormat>,
}

impl Calc {
    /// Applies `edit` to the input as one undoable `step`.
    fn edit(self, step: Step, edit: impl FnOnce(&mut CalculatorInput)) {
        self.history
            .update(|h| self.input.update(|i| h.apply(i, step, edit)));
    }

    /// Sets a text field as a keystroke of one typing step.
    fn type_text(self, field: Field, text: String) {
        self.edit(Step::Typing(field), |i| i.set_text(field, text));
    }

    /// Moves through the history with [`History::undo`] or
    /// [`History::redo`]; nothing happens when there is no step.
    fn travel(self, step: fn(&mut History, &mut CalculatorInput) -> bool) {
        self.history.update(|h| {
            self.input.update(|i| {
                step(h, i);
            });
        });
    }

    /// Undoes the last step, if any.
    fn undo(self) {
        self.travel(History::undo);
    }

    /// Redoes the last undone step, if any.
    fn redo(self) {
        self.travel(History::redo);
    }

    /// The translated error of a field, if it has one.
    fn error(self, field: Field) -> Option<String> {
        self.errors
            .with(|errors| errors.get(field).map(|e| errors::message(&self.i18n, e)))
    }

    /// How a duration field read its text ("7 d", "1 h 30 min"); `None`
    /// for the other fields, whose text is already the number.
    fn reading(self, field: Scalar) -> Option<String> {
        let mark = self.i18n.decimal_mark();
        let seconds = self
            .input
            .with(|i| field.read_duration(i.scalar(field), mark))?
            .ok()?;
        Some(self.vf.with(|vf| vf.duration_reading(seconds)))
    }

    /// A number with `decimals` decimals in the reader's format.
    fn number(self, value: f64, decimals: usize) -> String {
        self.vf.with(|vf| vf.number.format(value, decimals))
    }
}

/// The starting state: the address's parameters over the directive's
/// preset; and whether the address changed it (the page shows the preset).
fn initial_input(preset: Option<&str>, mark: DecimalMark) -> (CalculatorInput, bool) {
    let base = preset
        .and_then(|name| calculator::preset(name, mark))
        .or_else(|| calculator::preset(calculator::PRESETS[0], mark))
        .unwrap_or_default();
    let start = calculator::from_query(base.clone(), url_state::read);
    let from_address = start != base;
    (start, from_address)
}

/// The calculator, starting from the directive's `preset`.
#[component]
pub fn FairShareCalculator(
    /// One of [`calculator::PRESETS`].
    preset: Option<String>,
) -> impl IntoView {
    let i18n = use_i18n();
    let mark = i18n.decimal_mark();
    let (start, from_address) = initial_input(preset.as_deref(), mark);
    let input = RwSignal::new(start.clone());
    let result = Memo::new(move |_| input.with(|i| calculator::calculate(i, mark)));
    // A shared link whose fields are wrong still shows the directive's
    // example, with the errors beside the fields.
    let fallback = || {
        let name = preset.as_deref().unwrap_or(calculator::PRESETS[0]);
        calculator::preset(name, mark).and_then(|p| calculator::calculate(&p, mark).ok())
    };
    let shown: RwSignal<Option<Calculation>> =
        RwSignal::new(calculator::calculate(&start, mark).ok().or_else(fallback));
    Effect::new(move |_| {
        if let Ok(calculation) = result.get() {
            shown.set(Some(calculation));
        }
        // Only a configuration the reader made goes into the address, once
        // they pause typing; invalid text too, so a shared link shows the
        // same message.
        if input.with(|i| *i != start) {
            url_state::write_soon(move || input.try_with_untracked(calculator::to_query));
        }
    });
    // The story's QOS cap is checked with the story; its error sits beside
    // its field like the others.
    let story_config = Memo::new(move |_| input.with(|i| calculator::story_config(i, mark)));
    let errors = Memo::new(move |_| {
        let mut errors = result.with(|r| r.as_ref().err().cloned().unwrap_or_default());
        story_config.with(|c| {
            let cap = Field::Scalar(Scalar::QosCap);
            if let Some(error) = c.as_ref().err().and_then(|story| story.get(cap)) {
                errors.push(cap, error.clone());
            }
        });
        errors
    });
    let vf = Memo::new(move |_| i18n.value_format());
    let stale = Memo::new(move |_| result.with(Result::is_err));
    let calc = Calc {
        i18n,
        input,
        errors,
        shown,
        history: RwSignal::new(History::default()),
        vf,
    };
    history_bar::use_undo_keys(calc);

    let presets = calculator::PRESETS.map(|name| {
        super::preset_button(i18n, format!("fs-preset-{name}"), move || {
            if let Some(p) = calculator::preset(name, mark) {
                calc.edit(Step::Action, |i| *i = p);
            }
        })
    });

    let algorithm = [
        (Algorithm::FairTree, "fs-algorithm-fair-tree"),
        (Algorithm::Classic, "fs-algorithm-classic"),
    ]
    .map(|(value, key)| {
        let checked = move || input.with(|i| i.algorithm == value);
        view! {
            <label class="radio">
                <input
                    type="radio"
                    name="fs-algorithm"
                    checked=untrack(checked)
                    prop:checked=checked
                    on:change=move |_| calc.edit(Step::Action, |i| i.algorithm = value)
                />
                {move || i18n.t(key)}
            </label>
        }
    });

    view! {
        <div class="widget fair-share" role="group" aria-labelledby="fs-title" data-widget="fair-share">
            <p class="widget-title" id="fs-title">{move || i18n.t("widget-fair-share")}</p>
            <div class="presets" role="group" aria-label=move || i18n.t("fs-presets")>
                {presets}
            </div>
            <fieldset class="fs-algorithm">
                <legend>{move || i18n.t("fs-algorithm")}</legend>
                {algorithm}
                <p class="field-hint">{move || i18n.t("fs-algorithm-hint")}</p>
            </fieldset>
            <HistoryBar calc=calc />
            <Deferred key="fs-assocs" now=from_address>
                <AssocTable calc=calc />
            </Deferred>
            <Stale id="fs-stale-sshare" stale=stale.into()>
                <Deferred key="fs-sshare" now=from_address>
                    <ShareTable calc=calc />
                </Deferred>
            </Stale>
            <details class="fs-settings">
                <summary>{move || i18n.t("fs-settings")}</summary>
                <Settings calc=calc />
            </details>
            <Deferred key="fs-job" now=from_address>
                <JobFields calc=calc />
            </Deferred>
            <Stale id="fs-stale-priority" stale=stale.into() quiet=true>
                <Deferred key="fs-priority" now=from_address>
                    <PriorityView calc=calc />
                </Deferred>
            </Stale>
            <Stale id="fs-stale-decay" stale=stale.into() quiet=true>
                <Deferred key="fs-decay" now=from_address>
                    <DecayChart calc=calc />
                </Deferred>
            </Stale>
            <Deferred key="fs-story" now=from_address>
                <StoryView calc=calc config=story_config />
            </Deferred>
        </div>
    }
}

/// A labelled text field for one scalar, with its hint and error.
fn scalar_field(calc: Calc, field: Scalar) -> impl IntoView {
    let i18n = calc.i18n;
    let key = field.key();
    view! {
        <super::text_field::TextField
            id=format!("fs-{key}")
            label=Signal::derive(move || i18n.t(&format!("fs-{key}-label")))
            hint=Signal::derive(move || i18n.t(&format!("fs-{key}-hint")))
            value=Signal::derive(move || calc.input.with(|i| i.scalar(field).to_owned()))
            on_input=Callback::new(move |text| calc.type_text(Field::Scalar(field), text))
            error=Signal::derive(move || calc.error(Field::Scalar(field)))
            reading=Signal::derive(move || calc.reading(field))
        />
    }
}

/// The weights, the decay and the cluster's shape.
#[component]
fn Settings(calc: Calc) -> impl IntoView {
    let i18n = calc.i18n;
    let group = |legend: &'static str, fields: &[Scalar]| {
        let fields: Vec<_> = fields.iter().map(|&f| scalar_field(calc, f)).collect();
        view! {
            <fieldset class="fs-group">
                <legend>{move || i18n.t(legend)}</legend>
                <div class="fields">{fields}</div>
            </fieldset>
        }
    };
    let resets = crate::sim::fair_share::UsageReset::ALL.map(|reset| {
        view! {
            <option value=reset.name() selected=move || calc.input.with(|i| i.reset == reset)>
                {reset.name()}
            </option>
        }
    });
    view! {
        {group(
            "fs-weights",
            &[
                Scalar::WeightAge,
                Scalar::WeightFairShare,
                Scalar::WeightJobSize,
                Scalar::WeightPartition,
                Scalar::WeightQos,
                Scalar::WeightGpu,
            ],
        )}
        <fieldset class="fs-group">
            <legend>{move || i18n.t("fs-decay")}</legend>
            <div class="fields">
                {scalar_field(calc, Scalar::HalfLife)}
                <div class="field">
                    <label for="fs-reset">{move || i18n.t("fs-reset-label")}</label>
                    <select
                        id="fs-reset"
                        on:change=move |ev| {
                            if let Ok(reset) = event_target_value(&ev).parse() {
                                calc.edit(Step::Action, |i| i.reset = reset);
                            }
                        }
                    >
                        {resets}
                    </select>
                    <p class="field-hint">{move || i18n.t("fs-reset-hint")}</p>
                </div>
            </div>
        </fieldset>
        {group("fs-cluster", &[Scalar::ClusterNodes, Scalar::CpusPerNode, Scalar::GpusPerNode])}
    }
}

/// The job whose priority is computed.
#[component]
fn JobFields(calc: Calc) -> impl IntoView {
    let i18n = calc.i18n;
    let users = Memo::new(move |_| calc.input.with(CalculatorInput::users));
    // With no job (its user removed) an empty choice shows, rather than a
    // user the job is not.
    let none = move || {
        calc.input.with(|i| i.job_assoc().is_none()).then(|| {
            view! { <option value="" selected=true prop:selected=true disabled>"—"</option> }
        })
    };
    let options = move || {
        users
            .get()
            .into_iter()
            .map(|(id, u)| {
                let selected = calc.input.with(|i| i.job == Some(id));
                view! { <option value=id.0.to_string() selected=selected prop:selected=selected>{format!("{}@{}", u.user, u.account)}</option> }
            })
            .collect::<Vec<_>>()
    };
    let fields: Vec<_> = [
        Scalar::JobNodes,
        Scalar::JobCpus,
        Scalar::JobGpus,
        Scalar::JobAge,
        Scalar::JobPartition,
        Scalar::JobQos,
    ]
    .iter()
    .map(|&f| scalar_field(calc, f))
    .collect();
    view! {
        <fieldset class="fs-group fs-job">
            <legend>{move || i18n.t("fs-job")}</legend>
            <div class="fields">
                <div class="field" class:invalid=move || calc.error(Field::JobAssoc).is_some()>
                    <label for="fs-job-assoc">{move || i18n.t("fs-job-assoc-label")}</label>
                    <select
                        id="fs-job-assoc"
                        aria-describedby="fs-job-assoc-error"
                        on:change=move |ev| {
                            let Ok(id) = event_target_value(&ev).parse::<u32>() else { return };
                            calc.edit(Step::Action, |i| i.job = Some(RowId(id)));
                        }
                    >
                        {none}
                        {options}
                    </select>
                    <p class="field-hint">{move || i18n.t("fs-job-assoc-hint")}</p>
                    <p class="field-error" id="fs-job-assoc-error" role="alert">
                        {move || calc.error(Field::JobAssoc)}
                    </p>
                </div>
                {fields}
            </div>
        </fieldset>
    }
}
