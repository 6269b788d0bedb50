//! How each team's effective usage and fair-share factor move over the
//! coming days while the past decays: the reader sees usage forgiven.

use leptos::prelude::*;

use super::Calc;
use crate::charts::COLOURS;
use crate::charts::lines::{self, Line, LineChart};

/// Chart size in SVG units (it scales to the column).
const CHART: (u32, u32) = (640, 320);

/// The decay chart with its legend.
#[component]
pub(super) fn DecayChart(calc: Calc) -> impl IntoView {
    let i18n = calc.i18n;
    let svg = Memo::new(move |_| {
        calc.shown.with(|s| {
            let c = s.as_ref()?;
            let pair = |ys: &[f64]| -> Vec<(f64, f64)> {
                c.decay
                    .days
                    .iter()
                    .copied()
                    .zip(ys.iter().copied())
                    .collect()
            };
            let factors: Vec<_> = c.decay.teams.iter().map(|t| pair(&t.factor)).collect();
            let usages: Vec<_> = c
                .decay
                .teams
                .iter()
                .map(|t| pair(&t.effective_usage))
                .collect();
            let lines: Vec<Line<'_>> = factors
                .iter()
                .zip(&usages)
                .enumerate()
                .flat_map(|(index, (factor, usage))| {
                    [
                        Line {
                            points: factor,
                            colour: index,
                            dashed: false,
                        },
                        Line {
                            points: usage,
                            colour: index,
                            dashed: true,
                        },
                    ]
                })
                .collect();
            let x_label = i18n.t("fs-decay-x");
            let y_label = i18n.t("fs-decay-y");
            let tick_x = |d: f64| calc.number(d, 0);
            let tick_y = |y: f64| calc.number(y, 1);
            let chart = LineChart {
                lines: &lines,
                log: false,
                y_range: (0.0, 1.0),
                x_label: &x_label,
                y_label: &y_label,
                tick_x: &tick_x,
                tick_y: &tick_y,
            };
            lines::render(&chart, CHART).ok()
        })
    });
    let legend = move || {
        calc.shown.with(|s| {
            s.as_ref().map(|c| {
                c.decay
                    .teams
                    .iter()
                    .enumerate()
                    .map(|(index, t)| {
                        let colour = COLOURS[index % COLOURS.len()];
                        view! {
                            <li>
                                {crate::widgets::swatch(colour)}
                                {t.account.clone()}
                            </li>
                        }
                    })
                    .collect::<Vec<_>>()
            })
        })
    };
    view! {
        <figure class="chart fs-decay">
            <figcaption class="fs-heading">{move || i18n.t("fs-decay-title")}</figcaption>
            <div
                class="chart-svg"
                role="img"
                aria-label=move || i18n.t("fs-decay-alt")
                data-testid="fs-decay-chart"
                inner_html=move || svg.get().unwrap_or_default()
            ></div>
            <ul class="legend">
                {legend}
                <li>{move || i18n.t("fs-legend-solid-factor")}</li>
                <li>{move || i18n.t("fs-legend-dashed-usage")}</li>
            </ul>
            <p class="field-hint">{move || i18n.t("fs-decay-explain")}</p>
        </figure>
    }
}
