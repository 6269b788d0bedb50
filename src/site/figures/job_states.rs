//! A Slurm job's life (running-jobs#job-chains): held and released,
//! PENDING to RUNNING to COMPLETING to the state it ends in, cancelled
//! while it waits, and requeued. State names stay as Slurm prints them.

use super::Words;
use super::canvas::{Align, Canvas, Face, Fit, Label, label};

const COLUMN_X: f64 = 145.0;
const COLUMN_W: f64 = 150.0;
/// The two arrows of a pair that goes both ways, left and right of centre.
const LEFT_ARROW: f64 = 185.0;
const RIGHT_ARROW: f64 = 255.0;
/// The line that takes a pending job straight to CANCELLED.
const CANCEL_X: f64 = 426.0;
const STATE_H: f64 = 40.0;
const HELD_Y: f64 = 10.0;
const HELD_H: f64 = 62.0;
const PENDING_Y: f64 = 124.0;
const RUNNING_Y: f64 = 234.0;
const COMPLETING_Y: f64 = 344.0;
const END_Y: f64 = 444.0;
const END_W: f64 = 100.0;
const END_H: f64 = 100.0;
const END_XS: [f64; 4] = [8.0, 116.0, 224.0, 332.0];

/// Draws the figure: its SVG and what had to fit.
pub(super) fn draw(w: &Words<'_>) -> (String, Vec<Fit>) {
    let mut c = Canvas::new("job-states");
    let held = w.t("figure-job-states-held");
    c.node(
        (COLUMN_X, HELD_Y, COLUMN_W, HELD_H),
        "fig-box fig-box-muted",
        &[label("PENDING", Face::Code), label(&held, Face::Plain)],
    );
    for (y, state) in [
        (PENDING_Y, "PENDING"),
        (RUNNING_Y, "RUNNING"),
        (COMPLETING_Y, "COMPLETING"),
    ] {
        c.node(
            (COLUMN_X, y, COLUMN_W, STATE_H),
            "fig-box",
            &[label(state, Face::Code)],
        );
    }
    // Held <-> pending: release on the left going down, hold on the right going up.
    let held_bottom = HELD_Y + HELD_H;
    both_ways(
        &mut c,
        (held_bottom, PENDING_Y),
        label("scontrol release", Face::Code),
        label("scontrol hold", Face::Code),
    );
    // Pending -> running, and a requeue back.
    let start = w.t("figure-job-states-start");
    both_ways(
        &mut c,
        (PENDING_Y + STATE_H, RUNNING_Y),
        label(&start, Face::Plain),
        label("scontrol requeue", Face::Code),
    );
    // Running -> completing.
    let (top, bottom) = (RUNNING_Y + STATE_H, COMPLETING_Y);
    c.arrow(&[(220.0, top), (220.0, bottom)], false);
    let ends = w.t("figure-job-states-ends");
    let room = CANCEL_X - 8.0 - 228.0;
    c.gap_text(
        228.0,
        (top, bottom),
        room,
        Align::Start,
        &[label(&ends, Face::Plain)],
    );
    // Completing -> each way a job ends.
    let causes = [
        ("COMPLETED", w.t("figure-job-states-completed")),
        ("FAILED", w.t("figure-job-states-failed")),
        ("TIMEOUT", w.t("figure-job-states-timeout")),
        ("CANCELLED", w.t("figure-job-states-cancelled")),
    ];
    for (x, (state, cause)) in END_XS.iter().zip(&causes) {
        let class = if *state == "COMPLETED" {
            "fig-box fig-box-accent"
        } else {
            "fig-box"
        };
        c.arrow(
            &[(220.0, COMPLETING_Y + STATE_H), (x + END_W / 2.0, END_Y)],
            false,
        );
        c.node(
            (*x, END_Y, END_W, END_H),
            class,
            &[label(state, Face::Code), label(cause, Face::Plain)],
        );
    }
    // A pending job cancelled never runs.
    let pending_mid = PENDING_Y + STATE_H / 2.0;
    c.arrow(
        &[
            (COLUMN_X + COLUMN_W, pending_mid),
            (CANCEL_X, pending_mid),
            (CANCEL_X, END_Y),
        ],
        false,
    );
    c.text(
        COLUMN_X + COLUMN_W + 6.0,
        pending_mid - 6.0,
        CANCEL_X - COLUMN_X - COLUMN_W - 10.0,
        Align::Start,
        &[label("scancel", Face::Code)],
    );
    c.finish(
        END_Y + END_H + 8.0,
        &w.t("figure-job-states-title"),
        &w.t("figure-job-states-desc"),
    )
}

/// A pair of arrows between two states of the column, the gap from
/// `top` to `bottom`: down on the left with `down` beside it, up on the
/// right with `up`.
fn both_ways(c: &mut Canvas, (top, bottom): (f64, f64), down: Label<'_>, up: Label<'_>) {
    c.arrow(&[(LEFT_ARROW, top), (LEFT_ARROW, bottom)], false);
    c.arrow(&[(RIGHT_ARROW, bottom), (RIGHT_ARROW, top)], false);
    let left_room = LEFT_ARROW - 8.0 - 6.0;
    c.gap_text(
        LEFT_ARROW - 8.0,
        (top, bottom),
        left_room,
        Align::End,
        &[down],
    );
    let right_room = CANCEL_X - 8.0 - (RIGHT_ARROW + 8.0);
    c.gap_text(
        RIGHT_ARROW + 8.0,
        (top, bottom),
        right_room,
        Align::Start,
        &[up],
    );
}
