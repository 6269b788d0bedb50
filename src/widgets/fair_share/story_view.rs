//! The chapter's story, run live: team A queues 1,000 jobs, team B 10 a
//! minute later. When does B's first job start under first come, first
//! served, and under fair share, with or without a QOS cap and preemption?

use leptos::prelude::*;

use super::Calc;
use crate::charts::COLOURS;
use crate::charts::lines::{self, Line, LineChart};
use crate::sim::fair_share::calculator::{self, CalcErrors, Field, Scalar};
use crate::sim::fair_share::{Policy, PolicyRun, StoryConfig, StoryResult, simulate};
use crate::widgets::stale::Stale;

/// Chart size in SVG units (it scales to the column).
const CHART: (u32, u32) = (640, 320);

/// Team B's running GPUs over time, in hours.
fn team_b_gpus(run: &PolicyRun) -> Vec<(f64, f64)> {
    run.samples
        .iter()
        .map(|s| (s.t_s as f64 / 3_600.0, f64::from(s.running_gpus[1])))
        .collect()
}

/// The story with its toggles, outcome and chart.
#[component]
pub(super) fn StoryView(
    calc: Calc,
    /// The story's settings from the calculator's input.
    config: Memo<Result<StoryConfig, CalcErrors>>,
) -> impl IntoView {
    let i18n = calc.i18n;
    // Rerun only when the story's own settings change.
    // First come, first served ignores shares, past usage and preemption:
    // its run is kept while only those change, so a share edit reruns the
    // fair-share half alone.
    let fcfs_config =
        Memo::new(move |_| config.with(|c| c.as_ref().ok().map(StoryConfig::fcfs_inputs)));
    let fcfs = Memo::new(move |_| {
        fcfs_config.with(|c| {
            c.as_ref()
                .map(|c| simulate(c, Policy::Fcfs).map_err(|e| e.to_string()))
        })
    });
    let fair = Memo::new(move |_| {
        config.with(|c| {
            c.as_ref()
                .ok()
                .map(|c| simulate(c, Policy::FairShare).map_err(|e| e.to_string()))
        })
    });
    let run = Memo::new(move |_| match (fcfs.get(), fair.get()) {
        (Some(Ok(fcfs)), Some(Ok(fair_share))) => Ok(StoryResult { fcfs, fair_share }),
        (Some(Err(e)), _) | (_, Some(Err(e))) => Err(e),
        _ => Err(String::new()),
    });
    // The first result is computed at once, so that the first state the
    // build writes into the page is the one the reader sees live.
    let shown: RwSignal<Option<StoryResult>> = RwSignal::new(run.get_untracked().ok());
    Effect::new(move |_| {
        if let Ok(result) = run.get() {
            shown.set(Some(result));
        }
    });
    // Settings the story cannot run with (other than the cap, whose error
    // sits beside its field), or a simulation that stopped.
    let story_error = move || {
        let cap = Field::Scalar(Scalar::QosCap);
        let detail = config.with(|c| {
            c.as_ref()
                .err()
                .and_then(|errors| errors.iter().find(|(f, _)| *f != cap))
                .map(|(_, e)| super::errors::message(&i18n, e))
        });
        let detail =
            detail.or_else(|| run.with(|r| r.as_ref().err().filter(|e| !e.is_empty()).cloned()))?;
        Some(format!("{} {detail}", i18n.t("fs-story-error")))
    };
    let duration = move |s: Option<u64>| {
        s.map_or_else(
            || i18n.t("fs-story-never"),
            |s| calc.vf.with(|vf| vf.duration(s as f64)),
        )
    };
    let outcome = move |key: &'static str, pick: fn(&StoryResult) -> Option<u64>| {
        view! {
            <div class="output">
                <dt>{move || i18n.t(key)}</dt>
                <dd data-testid=key>{move || shown.with(|r| r.as_ref().map(|r| duration(pick(r))))}</dd>
            </div>
        }
    };
    let preempted = move || {
        shown.with(|r| {
            let r = r.as_ref()?;
            let run = &r.fair_share;
            let count: u32 = run.teams.iter().map(|t| t.preemptions).sum();
            let lost: u64 = run.teams.iter().map(|t| t.lost_gpu_s).sum();
            (count > 0).then(|| {
                i18n.t_args(
                    "fs-story-preempted",
                    &[
                        ("count", crate::i18n::Arg::Num(f64::from(count))),
                        (
                            "lost",
                            crate::i18n::Arg::Str(&calc.number(lost as f64 / 3_600.0, 0)),
                        ),
                    ],
                )
            })
        })
    };
    let svg = Memo::new(move |_| {
        shown.with(|r| {
            let r = r.as_ref()?;
            let (fcfs, fair) = (team_b_gpus(&r.fcfs), team_b_gpus(&r.fair_share));
            let lines = [
                Line {
                    points: &fcfs,
                    colour: 1,
                    dashed: true,
                },
                Line {
                    points: &fair,
                    colour: 0,
                    dashed: false,
                },
            ];
            let top = fcfs.iter().chain(&fair).map(|p| p.1).fold(8.0, f64::max);
            let x_label = i18n.t("fs-story-x");
            let y_label = i18n.t("fs-story-y");
            let tick_x = |h: f64| calc.number(h, 0);
            let tick_y = |g: f64| calc.number(g, 0);
            let chart = LineChart {
                lines: &lines,
                log: false,
                y_range: (0.0, top * 1.1),
                x_label: &x_label,
                y_label: &y_label,
                tick_x: &tick_x,
                tick_y: &tick_y,
            };
            lines::render(&chart, CHART).ok()
        })
    });
    let toggle = move |key: &'static str,
                       get: fn(&calculator::CalculatorInput) -> bool,
                       set: fn(&mut calculator::CalculatorInput, bool)| {
        let checked = move || calc.input.with(get);
        view! {
            <label class="checkbox">
                <input
                    type="checkbox"
                    checked=untrack(checked)
                    prop:checked=checked
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        calc.edit(calculator::Step::Action, |i| set(i, on));
                    }
                />
                {move || i18n.t(key)}
            </label>
        }
    };
    view! {
        <section class="fs-story" aria-labelledby="fs-story-title">
            <p class="fs-heading" id="fs-story-title">{move || i18n.t("fs-story-title")}</p>
            <p>{move || i18n.t("fs-story-intro")}</p>
            <div class="fs-toggles">
                {toggle("fs-story-qos-cap", |i| i.qos_cap, |i, on| i.qos_cap = on)}
                <Show when=move || calc.input.with(|i| i.qos_cap)>
                    {super::scalar_field(calc, Scalar::QosCap)}
                </Show>
                {toggle("fs-story-preemption", |i| i.preemption, |i, on| i.preemption = on)}
            </div>
            <p class="field-error" role="alert" data-testid="fs-story-error">{story_error}</p>
            <Stale id="fs-stale-story" stale=Signal::derive(move || run.with(Result::is_err))>
            <dl class="outputs">
                {outcome("fs-story-b-wait-fcfs", |r| r.fcfs.team_b().first_wait_s)}
                {outcome("fs-story-b-wait-fair", |r| r.fair_share.team_b().first_wait_s)}
                {outcome("fs-story-b-done-fcfs", |r| r.fcfs.team_b().last_completion_s)}
                {outcome("fs-story-b-done-fair", |r| r.fair_share.team_b().last_completion_s)}
                {outcome("fs-story-a-done-fair", |r| r.fair_share.team_a().last_completion_s)}
            </dl>
            <p class="yd-caption" aria-live="polite" data-testid="fs-story-preempted">{preempted}</p>
            <figure class="chart">
                <div
                    class="chart-svg"
                    role="img"
                    aria-label=move || i18n.t("fs-story-alt")
                    data-testid="fs-story-chart"
                    inner_html=move || svg.get().unwrap_or_default()
                ></div>
                <figcaption>
                    <ul class="legend">
                        <li>
                            {crate::widgets::swatch(COLOURS[1])}
                            {move || i18n.t("fs-story-legend-fcfs")}
                        </li>
                        <li>
                            {crate::widgets::swatch(COLOURS[0])}
                            {move || i18n.t("fs-story-legend-fair")}
                        </li>
                    </ul>
                </figcaption>
            </figure>
            </Stale>
        </section>
    }
}
