//! The modelled time of ring and tree against message size, log-log, at
//! the reader's rank count and links: where the tree wins and how one slow
//! link drags the whole ring.

use leptos::prelude::*;

use super::Ring;
use crate::charts::COLOURS;
use crate::charts::lines::{self, Line, LineChart};
use crate::sim::allreduce::Algorithm;
use crate::sim::allreduce::explorer::model_series;

/// Chart size in SVG units (it scales to the column).
const CHART: (u32, u32) = (640, 340);

/// A size in bytes with an SI prefix: 10 B, 1 kB, 100 MB.
pub(super) fn bytes_label(bytes: f64, number: impl Fn(f64, usize) -> String) -> String {
    let units = [(1e9, "GB"), (1e6, "MB"), (1e3, "kB")];
    for (scale, unit) in units {
        if bytes >= scale {
            return format!("{}\u{a0}{unit}", number(bytes / scale, 0));
        }
    }
    format!("{}\u{a0}B", number(bytes, 0))
}

/// A duration in seconds with a prefix: 10 µs, 1 ms, 2 s.
pub(super) fn seconds_label(seconds: f64, number: impl Fn(f64, usize) -> String) -> String {
    let (value, unit) = if seconds < 1e-3 {
        (seconds * 1e6, "µs")
    } else if seconds < 1.0 {
        (seconds * 1e3, "ms")
    } else {
        (seconds, "s")
    };
    let decimals = usize::from(value < 10.0 && value.fract() > 0.05);
    format!("{}\u{a0}{unit}", number(value, decimals))
}

/// The chart with its legend and the crossover sentence.
#[component]
pub(super) fn ModelChart(ring: Ring) -> impl IntoView {
    let i18n = ring.i18n;
    let model = Memo::new(move |_| ring.setup.with(|s| s.as_ref().map(model_series)));
    let svg = Memo::new(move |_| {
        model.with(|m| {
            let m = m.as_ref()?;
            let pair = |ys: &[f64]| -> Vec<(f64, f64)> {
                m.sizes.iter().copied().zip(ys.iter().copied()).collect()
            };
            let (ring_line, tree_line) = (pair(&m.ring), pair(&m.tree));
            let slow_line = m.ring_slow.as_deref().map(pair);
            let mut series = vec![
                Line {
                    points: &ring_line,
                    colour: 0,
                    dashed: false,
                },
                Line {
                    points: &tree_line,
                    colour: 1,
                    dashed: false,
                },
            ];
            if let Some(slow) = &slow_line {
                series.push(Line {
                    points: slow,
                    colour: 3,
                    dashed: true,
                });
            }
            let all = m
                .ring
                .iter()
                .chain(&m.tree)
                .chain(m.ring_slow.iter().flatten());
            let (lo, hi) = all
                .filter(|t| t.is_finite() && **t > 0.0)
                .fold((f64::INFINITY, 0.0_f64), |(lo, hi), &t| {
                    (lo.min(t), hi.max(t))
                });
            let x_label = i18n.t("ar-model-x");
            let y_label = i18n.t("ar-model-y");
            let number = |v: f64, d: usize| ring.vf.with(|vf| vf.number.format(v, d));
            let tick_x = |b: f64| bytes_label(b, number);
            let tick_y = |s: f64| seconds_label(s, number);
            let chart = LineChart {
                lines: &series,
                y_range: (lo / 1.5, hi * 1.5),
                log: true,
                x_label: &x_label,
                y_label: &y_label,
                tick_x: &tick_x,
                tick_y: &tick_y,
            };
            lines::render(&chart, CHART).ok()
        })
    });
    let slow = move || {
        ring.setup
            .with(|s| s.as_ref().is_some_and(|s| s.link.slow_link.is_some()))
    };
    // With a slow link the sentence compares the two curves that carry
    // it, and says so.
    let crossover = move || {
        model.with(|m| {
            let m = m.as_ref()?;
            let number = |v: f64, d: usize| ring.vf.with(|vf| vf.number.format(v, d));
            let key = |below_tree: bool| match (below_tree, slow()) {
                (true, false) => "ar-crossover-tree",
                (true, true) => "ar-crossover-tree-slow",
                (false, false) => "ar-crossover-ring",
                (false, true) => "ar-crossover-ring-slow",
            };
            Some(match &m.crossover {
                Some(c) => i18n.t_args(
                    key(c.below == Algorithm::Tree),
                    &[("size", crate::i18n::Arg::Str(&bytes_label(c.bytes, number)))],
                ),
                None => i18n.t("ar-crossover-none"),
            })
        })
    };
    let legend = move |plain: &'static str, slowed: &'static str| {
        move || i18n.t(if slow() { slowed } else { plain })
    };
    view! {
        <figure class="chart ar-model">
            <figcaption class="fs-heading">{move || i18n.t("ar-model-title")}</figcaption>
            <div
                class="chart-svg"
                role="img"
                aria-label=move || i18n.t("ar-model-alt")
                data-testid="ar-model-chart"
                inner_html=move || svg.get().unwrap_or_default()
            ></div>
            <ul class="legend">
                <li>{crate::widgets::swatch(COLOURS[0])}{legend("ar-legend-ring", "ar-legend-ring-healthy")}</li>
                <li>{crate::widgets::swatch(COLOURS[1])}{legend("ar-legend-tree", "ar-legend-tree-slow")}</li>
                <Show when=slow>
                    <li>{crate::widgets::swatch(COLOURS[3])}{move || i18n.t("ar-legend-ring-slow")}</li>
                </Show>
            </ul>
            <p class="field-hint" data-testid="ar-crossover">{crossover}</p>
        </figure>
    }
}
