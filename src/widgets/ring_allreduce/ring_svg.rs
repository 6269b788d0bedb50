//! The ring drawn as SVG: ranks on a circle, each with a bar of its chunks
//! filling as partial sums arrive, the links between neighbours (the slow
//! one dashed), and the current step's messages travelling along them.

use std::f64::consts::PI;

use leptos::prelude::*;

use super::Ring;
use crate::charts::COLOURS;
use crate::sim::allreduce::explorer::{Stepper, fill_stepper, step_view};
use crate::sim::allreduce::{Combine, Schedule};

/// The drawing's size in SVG units (it scales to the column).
const SIZE: f64 = 480.0;
/// Radius of the circle the ranks sit on.
const RADIUS: f64 = 150.0;
/// Length of a rank's chunk bar.
const BAR: f64 = 70.0;

/// Where rank `r` of `n` sits.
fn position(r: usize, n: usize) -> (f64, f64) {
    let angle = 2.0 * PI * r as f64 / n as f64 - PI / 2.0;
    (
        SIZE / 2.0 + RADIUS * angle.cos(),
        SIZE / 2.0 + RADIUS * angle.sin(),
    )
}

/// A rank's node radius: smaller as the ring fills up.
fn node_radius(n: usize) -> f64 {
    (110.0 / n as f64).clamp(3.0, 14.0)
}

/// The ring for the last valid setup.
#[component]
pub(super) fn RingSvg(ring: Ring) -> impl IntoView {
    let shape = Memo::new(move |_| {
        ring.setup.with(|s| {
            s.as_ref().map(|s| {
                (
                    s.schedule.ranks(),
                    s.schedule.chunks().len(),
                    s.link.slow_link.is_some(),
                )
            })
        })
    });
    // The fill moves forward a step at a time while playing; the stepper
    // is rebuilt when the schedule changes.
    let filler = StoredValue::new(None::<(Schedule, Stepper<i32>)>);
    let counts = Memo::new(move |_| {
        let step = ring.step.get();
        ring.setup.with(|s| {
            let Some(s) = s.as_ref() else {
                return Vec::new();
            };
            filler
                .try_update_value(|f| {
                    if f.as_ref().is_none_or(|(key, _)| *key != s.schedule) {
                        *f = fill_stepper(&s.schedule).map(|st| (s.schedule.clone(), st));
                    }
                    f.as_mut()
                        .map(|(_, st)| st.seek(step).to_vec())
                        .unwrap_or_default()
                })
                .unwrap_or_default()
        })
    });
    let cell_signals = StoredValue::new(Vec::<Vec<RwSignal<i32>>>::new());
    Effect::new(move |_| {
        counts.with(|c| {
            cell_signals.with_value(|cells| {
                for (row, signals) in c.iter().zip(cells) {
                    for (&value, signal) in row.iter().zip(signals) {
                        // A signal of a ring being replaced may be gone.
                        if signal.try_get_untracked().is_some_and(|v| v != value) {
                            let _ = signal.try_set(value);
                        }
                    }
                }
            });
        });
    });
    let moving = Memo::new(move |_| {
        let step = ring.step.get();
        ring.setup
            .with(|s| s.as_ref().and_then(|s| step_view(&s.schedule, step)))
    });
    move || {
        let Some((n, chunks, slow)) = shape.get() else {
            return ().into_any();
        };
        let rn = node_radius(n);
        let links = (0..n)
            .map(|i| {
                let ((x1, y1), (x2, y2)) = (position(i, n), position((i + 1) % n, n));
                let is_slow = slow && i == 0;
                view! {
                    <line
                        x1=x1 y1=y1 x2=x2 y2=y2
                        class=if is_slow { "ar-link ar-link-slow" } else { "ar-link" }
                    />
                }
            })
            .collect_view();
        // One signal per chunk, written only when its count changes: a
        // step changes one chunk per receiving rank, so it writes a few
        // rectangles instead of re-running thousands of bindings.
        let initial = counts.get_untracked();
        cell_signals.set_value(
            (0..n)
                .map(|r| {
                    (0..chunks)
                        .map(|k| {
                            RwSignal::new(
                                initial
                                    .get(r)
                                    .and_then(|row| row.get(k))
                                    .copied()
                                    .unwrap_or(1),
                            )
                        })
                        .collect()
                })
                .collect(),
        );
        let segment = BAR / chunks as f64;
        let bars = (0..n)
            .map(|r| {
                let angle = 360.0 * r as f64 / n as f64 - 90.0;
                let width = (2.0 * PI * RADIUS / n as f64 * 0.55).min(14.0);
                let cells = (0..chunks)
                    .map(|k| {
                        let count = cell_signals
                            .with_value(|c| c.get(r).and_then(|row| row.get(k)).copied())
                            .unwrap_or_else(|| RwSignal::new(1));
                        let fill = move || {
                            if count.get() as usize >= n {
                                COLOURS[2]
                            } else {
                                COLOURS[1]
                            }
                        };
                        let opacity = move || {
                            format!("{:.3}", 0.15 + 0.85 * f64::from(count.get()) / n as f64)
                        };
                        view! {
                            <rect
                                x=RADIUS + rn + 4.0 + k as f64 * segment
                                y=-width / 2.0
                                width=(segment - 0.4).max(0.3)
                                height=width
                                fill=fill
                                fill-opacity=opacity
                            />
                        }
                    })
                    .collect_view();
                view! {
                    <g transform=format!("translate({c} {c}) rotate({angle:.3})", c = SIZE / 2.0)>
                        {cells}
                    </g>
                }
            })
            .collect_view();
        let nodes = (0..n)
            .map(|r| {
                let (x, y) = position(r, n);
                let label = (n <= 16).then(|| {
                    view! { <text x=x y=y + 4.0 class="ar-rank-label">{r}</text> }
                });
                view! {
                    <circle cx=x cy=y r=rn class="ar-node" />
                    {label}
                }
            })
            .collect_view();
        // Built once per step; only the positions follow the progress.
        let packets = move || {
            moving.with(|m| {
                let Some(m) = m else { return Vec::new() };
                let colour = match m.phase.combine() {
                    Combine::Add => COLOURS[1],
                    Combine::Copy => COLOURS[2],
                };
                m.transfers
                    .iter()
                    .map(|&(from, to, chunk)| {
                        let ((x1, y1), (x2, y2)) = (position(from, n), position(to, n));
                        let x = move || x1 + (x2 - x1) * ring.progress.get();
                        let y = move || y1 + (y2 - y1) * ring.progress.get();
                        // The chunk's number rides inside its message, in
                        // its own style: beside it, it read as a rank's.
                        let label = (n <= 8).then(|| {
                            view! { <text x=x y=y class="ar-packet-label">{format!("c{chunk}")}</text> }
                        });
                        view! {
                            <circle cx=x cy=y r=rn * 0.8 fill=colour class="ar-packet" />
                            {label}
                        }
                    })
                    .collect::<Vec<_>>()
            })
        };
        view! {
            <div class="ar-ring-box" data-testid="ar-ring">
                <svg viewBox=format!("0 0 {SIZE} {SIZE}") class="ar-ring" aria-hidden="true">
                    <g class="ar-links">{links}</g>
                    <g class="ar-bars">{bars}</g>
                    <g class="ar-nodes">{nodes}</g>
                </svg>
                // The moving messages on a layer of their own, so a frame
                // repaints them and not the thousands of chunk bars.
                <svg viewBox=format!("0 0 {SIZE} {SIZE}") class="ar-packets" aria-hidden="true">
                    {packets}
                </svg>
            </div>
        }
        .into_any()
    }
}
