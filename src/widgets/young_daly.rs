//! The Young/Daly checkpoint interval explorer: a thin view over
//! `sim::checkpoint`. The reader types their cluster's numbers (units as
//! people type them), reads Young's and Daly's optimum, the waste at their
//! interval, and sees the analytic waste curve beside a seeded failure
//! simulation. Bad input gets a message beside its field while the last
//! valid result stays on screen.

use leptos::prelude::*;

use super::checkpoint_cost::CheckpointCostParts;
use super::deferred::Deferred;
use super::text_field::{TextField, input_message};
use super::url_state;
use crate::charts::COLOURS;
use crate::charts::waste::{self, WasteChart};
use crate::i18n::number::ValueFormat;
use crate::sim::checkpoint::{self, ExplorerInput, Field, Outcome, Regime, Side};
use crate::ui::{I18n, use_i18n};
use crate::widgets::stale::Stale;

/// Seed of the simulation: fixed, so a configuration always draws the same points.
const SEED: u64 = 2006;
/// Chart size in SVG units (it scales to the column).
const CHART: (u32, u32) = (640, 360);
/// The address parameters, one per field.
const KEYS: [(Field, &str); 5] = [
    (Field::Checkpoint, "yd-c"),
    (Field::GpuMtbf, "yd-mtbf"),
    (Field::Gpus, "yd-gpus"),
    (Field::Restart, "yd-r"),
    (Field::Interval, "yd-tau"),
];

/// The preset called `name` as the page's reader would type it: the GPU
/// MTBF in the page's word for years ("5 años", not "5 y").
fn preset_in(name: &str, i18n: I18n) -> Option<ExplorerInput> {
    let mut input = checkpoint::preset(name)?;
    if let Ok(seconds) = Field::GpuMtbf.read(&input.gpu_mtbf, i18n.decimal_mark()) {
        input.gpu_mtbf = i18n
            .value_format()
            .duration_reading(seconds)
            .replace('\u{a0}', " ");
    }
    Some(input)
}

/// The directive's preset (the first one when it names none).
fn preset_input(preset: Option<&str>, i18n: I18n) -> ExplorerInput {
    preset
        .and_then(|name| preset_in(name, i18n))
        .or_else(|| preset_in("1024-gpus", i18n))
        .unwrap_or_default()
}

/// The starting state: the address's parameters over `input`, the
/// directive's preset.
fn initial_input(mut input: ExplorerInput) -> ExplorerInput {
    for (field, key) in KEYS {
        if let Some(value) = url_state::read(key) {
            *input.text_mut(field) = value;
        }
    }
    input
}

/// The explorer, starting from the directive's `preset`.
#[component]
pub fn YoungDalyExplorer(
    /// One of [`checkpoint::PRESETS`].
    preset: Option<String>,
) -> impl IntoView {
    let i18n = use_i18n();
    let mark = i18n.decimal_mark();
    let first = preset_input(preset.as_deref(), i18n);
    let start = initial_input(first.clone());
    // The results, the chart and the cost's parts come alive in tasks of
    // their own after the fields, showing the page's first state until
    // then, unless the address gave another state.
    let from_address = start != first;
    let input = RwSignal::new(start.clone());
    let result = Memo::new(move |_| input.with(|i| checkpoint::explore(i, mark)));
    // The last valid outcome stays on screen while a field is wrong.
    // A shared link whose fields are wrong still shows the directive's
    // example, with the errors beside the fields.
    let fallback = || {
        checkpoint::preset(preset.as_deref().unwrap_or("1024-gpus"))
            .and_then(|p| checkpoint::explore(&p, mark).ok())
    };
    let shown: RwSignal<Option<Outcome>> =
        RwSignal::new(result.get_untracked().ok().or_else(fallback));
    Effect::new(move |_| {
        if let Ok(outcome) = result.get() {
            shown.set(Some(outcome));
            // Only a configuration the reader made goes into the address,
            // once they pause typing (not on every keystroke).
            if input.with_untracked(|i| *i != start) {
                url_state::write_soon(move || {
                    input.try_with_untracked(|i| {
                        KEYS.map(|(field, key)| (key, i.text(field).clone()))
                    })
                });
            }
        }
    });
    let error = move |field: Field| {
        result.with(|r| {
            r.as_ref()
                .err()?
                .get(field)
                .map(|e| input_message(&i18n, e))
        })
    };
    let vf = Memo::new(move |_| i18n.value_format());

    let field = move |field: Field, id: &'static str, label: &'static str, hint: &'static str| {
        view! {
            <TextField
                id=id
                label=Signal::derive(move || i18n.t(label))
                hint=Signal::derive(move || i18n.t(hint))
                value=Signal::derive(move || input.with(|i| i.text(field).clone()))
                on_input=Callback::new(move |text| input.update(|i| *i.text_mut(field) = text))
                error=Signal::derive(move || error(field))
                reading=Signal::derive(move || {
                    let value = input.with(|i| field.read(i.text(field), mark)).ok()?;
                    Some(vf.with(|vf| match field.default_unit() {
                        Some(_) => vf.duration_reading(value),
                        None => vf.number.format(value, 0),
                    }))
                })
            />
        }
    };

    // Fine-grained: the slider and the outputs are built once and only
    // their values change as the reader types (a redraw stays cheap).
    let slider = move || {
        let position = move || {
            shown
                .with(|o| {
                    o.as_ref()
                        .map_or(checkpoint::SLIDER_STEPS / 2.0, checkpoint::slider_position)
                })
                .round()
                .to_string()
        };
        view! {
            <input
                type="range"
                class="interval-slider"
                min="0"
                max=checkpoint::SLIDER_STEPS.to_string()
                step="1"
                aria-label=move || i18n.t("yd-interval-slider")
                aria-valuetext=move || shown.with(|o| o.as_ref().map(|o| vf.get().duration(o.interval_s)))
                value=untrack(position)
                prop:value=position
                on:input=move |ev| {
                    let Ok(position) = event_target_value(&ev).parse::<f64>() else { return };
                    let Some(seconds) = shown.with_untracked(|o| o.as_ref().map(|o| checkpoint::slider_interval(o, position)))
                    else {
                        return;
                    };
                    // As typed text, so the field shows it and the parser reads it back.
                    let text = vf.get_untracked().duration(seconds).replace('\u{a0}', " ");
                    input.update(|i| i.interval = text);
                }
            />
        }
    };

    let presets = move || {
        checkpoint::PRESETS.map(|name| {
            super::preset_button(i18n, format!("yd-preset-{name}"), move || {
                if let Some(p) = preset_in(name, i18n) {
                    input.set(p);
                }
            })
        })
    };

    let shown_value = move |f: fn(&Outcome, &I18n, &ValueFormat) -> String| {
        move || {
            shown.with(|o| {
                o.as_ref()
                    .map(|o| f(o, &i18n, &vf.get()))
                    .unwrap_or_default()
            })
        }
    };
    let row = move |key: &'static str, f: fn(&Outcome, &I18n, &ValueFormat) -> String| {
        view! {
            <div class="output">
                <dt>{move || i18n.t(key)}</dt>
                <dd data-testid=key>{shown_value(f)}</dd>
            </div>
        }
    };
    let outputs = move || {
        view! {
            <dl class="outputs">
                {row("yd-job-mtbf", |o, _, vf| vf.duration(o.job_mtbf_s))}
                {row("yd-failures-per-day", |o, _, vf| vf.number.format_significant(o.failures_per_day, 3))}
                {row("yd-young", |o, _, vf| vf.duration(o.young_s))}
                {row("yd-daly", |o, _, vf| vf.duration(o.daly_s))}
                {row("yd-waste-chosen", |o, _, vf| vf.percent(o.waste_at_interval))}
                {row("yd-waste-optimum", |o, _, vf| vf.percent(o.waste_at_daly))}
                {row("yd-lost-per-failure", |o, _, vf| vf.duration(o.lost_per_failure_s))}
                {row("yd-max-lost", |o, _, vf| vf.duration(o.max_lost_per_failure_s))}
            </dl>
            // As tall as its longest message, whichever shows: a state read
            // from the address, or typed, moves nothing below it.
            <p class="yd-caption reserve">
                <span data-testid="yd-caption" aria-live="polite">
                    {shown_value(|o, i, _| i.t(caption_key(o)))}
                </span>
                {CAPTIONS.map(|key| view! { <span class="reserve-sizer" aria-hidden="true">{move || i18n.t(key)}</span> })}
            </p>
        }
    };

    let chart = Memo::new(move |_| {
        let o = shown.get()?;
        let (curve, points) = checkpoint::chart_series(&o, SEED);
        let vf = vf.get();
        let tick_x = |s: f64| vf.duration(s);
        let tick_y = |w: f64| format!("{}\u{a0}%", vf.number.format(w * 100.0, 0));
        let x_label = i18n.t("yd-chart-x");
        let y_label = i18n.t("yd-chart-y");
        let spec = WasteChart {
            analytic: &curve,
            simulated: &points,
            young_s: o.young_s,
            daly_s: o.daly_s,
            chosen_s: o.interval_s,
            x_label: &x_label,
            y_label: &y_label,
            tick_x: &tick_x,
            tick_y: &tick_y,
        };
        waste::render(&spec, CHART).ok()
    });

    let legend = move || {
        [
            ("yd-legend-analytic", COLOURS[0]),
            ("yd-legend-simulated", COLOURS[1]),
            ("yd-legend-young", COLOURS[2]),
            ("yd-legend-daly", COLOURS[3]),
            ("yd-legend-chosen", "currentColor"),
        ]
        .map(|(key, colour)| {
            view! {
                <li>
                    {crate::widgets::swatch(colour)}
                    {move || i18n.t(key)}
                </li>
            }
        })
    };

    view! {
        <div class="widget young-daly" role="group" aria-labelledby="yd-title" data-widget="young-daly">
            <p class="widget-title" id="yd-title">{move || i18n.t("widget-young-daly")}</p>
            <Deferred key="yd-inputs" now=from_address>
                <div class="presets" role="group" aria-label=move || i18n.t("yd-presets")>
                    {presets()}
                </div>
                <div class="fields">
                    {field(Field::Checkpoint, "yd-checkpoint", "yd-checkpoint-label", "yd-checkpoint-hint")}
                    {field(Field::GpuMtbf, "yd-gpu-mtbf", "yd-gpu-mtbf-label", "yd-gpu-mtbf-hint")}
                    {field(Field::Gpus, "yd-gpus", "yd-gpus-label", "yd-gpus-hint")}
                    {field(Field::Restart, "yd-restart", "yd-restart-label", "yd-restart-hint")}
                    {field(Field::Interval, "yd-interval", "yd-interval-label", "yd-interval-hint")}
                </div>
            </Deferred>
            <Deferred key="yd-cost-parts">
                <CheckpointCostParts on_use=Callback::new(move |text| input.update(|i| i.checkpoint = text)) />
            </Deferred>
            <Stale id="yd-stale" stale=Signal::derive(move || result.with(Result::is_err))>
                <Deferred key="yd-results" now=from_address>
                    {slider()}
                    {outputs()}
                </Deferred>
                <Deferred key="yd-chart" now=from_address>
                    <figure class="chart">
                        <div
                            class="chart-svg"
                            role="img"
                            aria-label=move || i18n.t("yd-chart-alt")
                            inner_html=move || chart.get().unwrap_or_default()
                        ></div>
                        <figcaption>
                            <ul class="legend">{legend()}</ul>
                        </figcaption>
                    </figure>
                </Deferred>
            </Stale>
        </div>
    }
}

/// The caption's messages, one per regime and side of the optimum.
const CAPTIONS: [&str; 4] = [
    "yd-regime-too-costly",
    "yd-side-too-frequent",
    "yd-side-near",
    "yd-side-too-rare",
];

/// The caption that explains `o`: the regime, else the side of the
/// optimum the chosen interval is on.
fn caption_key(o: &Outcome) -> &'static str {
    match (o.regime, o.side) {
        (Regime::CheckpointTooCostly, _) => CAPTIONS[0],
        (_, Side::TooFrequent) => CAPTIONS[1],
        (_, Side::NearOptimum) => CAPTIONS[2],
        (_, Side::TooRare) => CAPTIONS[3],
    }
}
