//! The job's priority: each factor, its weight and what it adds, as a table,
//! as `sprio -l` prints it and as a stacked bar.

use leptos::prelude::*;

use super::Calc;
use crate::charts::COLOURS;
use crate::sim::fair_share::{Algorithm, Contribution, PriorityBreakdown};

/// The factors in `sprio`'s column order, with their locale keys.
fn parts(p: &PriorityBreakdown) -> Vec<(String, Contribution)> {
    let mut out = vec![
        ("fs-factor-age".to_owned(), p.age),
        ("fs-factor-fair-share".to_owned(), p.fair_share),
        ("fs-factor-job-size".to_owned(), p.job_size),
        ("fs-factor-partition".to_owned(), p.partition),
        ("fs-factor-qos".to_owned(), p.qos),
    ];
    out.extend(p.tres.iter().map(|(name, c)| (format!("tres:{name}"), *c)));
    out
}

/// The job's priority breakdown.
#[component]
pub(super) fn PriorityView(calc: Calc) -> impl IntoView {
    let i18n = calc.i18n;
    let label = move |key: &str| match key.strip_prefix("tres:") {
        Some(name) => format!("TRES {name}"),
        None => i18n.t(key),
    };
    let table_rows = move || {
        calc.shown.with(|s| {
            s.as_ref().map(|c| {
                parts(&c.priority)
                    .into_iter()
                    .map(|(key, part)| {
                        view! {
                            <tr>
                                <th scope="row">{label(&key)}</th>
                                <td class="num">{calc.number(part.factor, 4)}</td>
                                <td class="num">{calc.number(f64::from(part.weight), 0)}</td>
                                <td class="num">{calc.number(part.weighted, 1)}</td>
                            </tr>
                        }
                    })
                    .collect::<Vec<_>>()
            })
        })
    };
    let total = move || {
        calc.shown.with(|s| {
            s.as_ref()
                .map(|c| calc.number(f64::from(c.priority.total), 0))
        })
    };
    let source = move || {
        calc.shown.with(|s| {
            s.as_ref().map(|c| {
                i18n.t(match c.algorithm {
                    Algorithm::FairTree => "fs-factor-from-fair-tree",
                    Algorithm::Classic => "fs-factor-from-classic",
                })
            })
        })
    };
    let bar = move || {
        calc.shown.with(|s| {
            let c = s.as_ref()?;
            let parts = parts(&c.priority);
            let sum: f64 = parts.iter().map(|(_, p)| p.weighted.max(0.0)).sum();
            if sum <= 0.0 {
                return None;
            }
            let segments = parts
                .into_iter()
                .enumerate()
                .filter(|(_, (_, p))| p.weighted > 0.0)
                .map(|(index, (key, p))| {
                    let colour = COLOURS[index % COLOURS.len()];
                    let width = 100.0 * p.weighted / sum;
                    let text = format!("{}: {}", label(&key), calc.number(p.weighted, 0));
                    let style = format!("width:{width:.3}%;background:{colour}");
                    view! { <span class="fs-segment" style=style title=text.clone()></span> }
                })
                .collect::<Vec<_>>();
            Some(segments)
        })
    };
    let bar_label = move || {
        calc.shown.with(|s| {
            s.as_ref().map(|c| {
                parts(&c.priority)
                    .into_iter()
                    .map(|(key, p)| format!("{} {}", label(&key), calc.number(p.weighted, 0)))
                    .collect::<Vec<_>>()
                    .join(", ")
            })
        })
    };
    let legend = move || {
        calc.shown.with(|s| {
            s.as_ref().map(|c| {
                parts(&c.priority)
                    .into_iter()
                    .enumerate()
                    .map(|(index, (key, _))| {
                        let colour = COLOURS[index % COLOURS.len()];
                        view! {
                            <li>
                                {crate::widgets::swatch(colour)}
                                {label(&key)}
                            </li>
                        }
                    })
                    .collect::<Vec<_>>()
            })
        })
    };
    view! {
        <section class="fs-priority" aria-labelledby="fs-priority-title">
            <p class="fs-heading" id="fs-priority-title">{move || i18n.t("fs-priority-title")}</p>
            <p class="fs-total">
                {move || i18n.t("fs-priority-total")}
                " "
                <strong data-testid="fs-priority">{total}</strong>
            </p>
            <p class="field-hint" data-testid="fs-factor-source">{source}</p>
            <div class="table-wrap" tabindex="0">
                <table class="fs-factors">
                    <thead>
                        <tr>
                            <th scope="col">{move || i18n.t("fs-col-factor")}</th>
                            <th scope="col">{move || i18n.t("fs-col-value")}</th>
                            <th scope="col">{move || i18n.t("fs-col-weight")}</th>
                            <th scope="col">{move || i18n.t("fs-col-adds")}</th>
                        </tr>
                    </thead>
                    <tbody>{table_rows}</tbody>
                </table>
            </div>
            <div class="fs-bar" role="img" aria-label=bar_label data-testid="fs-bar">{bar}</div>
            <ul class="legend">{legend}</ul>
            <p class="fs-heading">{move || i18n.t("fs-sprio-title")}</p>
            <pre class="fs-sprio" tabindex="0" data-testid="fs-sprio">
                {move || calc.shown.with(|s| s.as_ref().map(|c| c.sprio.join("\n")))}
            </pre>
            <p class="field-hint" data-testid="fs-sprio-rounding">{move || i18n.t("fs-sprio-rounding")}</p>
        </section>
    }
}
