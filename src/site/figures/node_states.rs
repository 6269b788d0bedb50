//! A Slurm node's states as `sinfo` prints them (running-jobs#node-states)
//! and what moves a node between them: jobs filling and leaving it, a
//! drain that lets running jobs finish, a node that stops answering, and
//! `State=RESUME` back to service.

use super::Words;
use super::canvas::{Align, Canvas, Face, Fit, label};

const LEFT_X: f64 = 16.0;
const RIGHT_X: f64 = 270.0;
const BOX_W: f64 = 144.0;
const BOX_H: f64 = 62.0;
const ROWS: [f64; 3] = [10.0, 130.0, 250.0];
const DOWN: (f64, f64) = (150.0, 380.0);
/// Where a drained or down node's way back to idle runs, left of it all.
const RETURN_X: f64 = 6.0;
/// The vertical arrows of the left column (down, up) and their words.
const FILL_X: f64 = 36.0;
const EMPTY_X: f64 = 56.0;
const FILL_TEXT_X: f64 = 66.0;
/// The drain arrows cross between the columns; their words are centred here.
const MIDDLE: f64 = (LEFT_X + BOX_W + RIGHT_X) / 2.0;

/// Draws the figure: its SVG and what had to fit.
pub(super) fn draw(w: &Words<'_>) -> (String, Vec<Fit>) {
    let mut c = Canvas::new("node-states");
    let [r1, r2, r3] = ROWS;
    let states = [
        (
            (LEFT_X, r1),
            "idle",
            w.t("figure-node-states-idle"),
            "fig-box fig-box-accent",
        ),
        (
            (LEFT_X, r2),
            "mix",
            w.t("figure-node-states-mix"),
            "fig-box",
        ),
        (
            (LEFT_X, r3),
            "alloc",
            w.t("figure-node-states-alloc"),
            "fig-box",
        ),
        (
            (RIGHT_X, r1),
            "drain",
            w.t("figure-node-states-drain"),
            "fig-box fig-box-muted",
        ),
        (
            (RIGHT_X, r2),
            "drng",
            w.t("figure-node-states-drng"),
            "fig-box fig-box-muted",
        ),
        (
            DOWN,
            "down",
            w.t("figure-node-states-down"),
            "fig-box fig-box-alert",
        ),
    ];
    for ((x, y), name, meaning, class) in &states {
        c.node(
            (*x, *y, BOX_W, BOX_H),
            class,
            &[label(name, Face::Code), label(meaning, Face::Plain)],
        );
    }
    // Jobs fill a node and leave it: idle <-> mix <-> alloc.
    let jobs = w.t("figure-node-states-jobs");
    for (top, bottom) in [(r1 + BOX_H, r2), (r2 + BOX_H, r3)] {
        c.arrow(&[(FILL_X, top), (FILL_X, bottom)], false);
        c.arrow(&[(EMPTY_X, bottom), (EMPTY_X, top)], false);
        c.gap_text(
            FILL_TEXT_X,
            (top, bottom),
            RIGHT_X - 6.0 - FILL_TEXT_X,
            Align::Start,
            &[label(&jobs, Face::Plain)],
        );
    }
    // A drain: straight to drain when idle, by way of drng while jobs run.
    let (left_edge, right_edge) = (LEFT_X + BOX_W, RIGHT_X);
    let gap = right_edge - left_edge - 4.0;
    c.arrow(&[(left_edge, r1 + 20.0), (right_edge, r1 + 20.0)], false);
    c.arrow(&[(left_edge, r2 + 31.0), (right_edge, r2 + 31.0)], false);
    let drng_x = RIGHT_X + 85.0;
    c.arrow(
        &[
            (left_edge, r3 + 31.0),
            (drng_x, r3 + 31.0),
            (drng_x, r2 + BOX_H),
        ],
        false,
    );
    for y in [r1 + 14.0, r2 + 25.0, r3 + 25.0] {
        c.text(
            MIDDLE,
            y,
            gap,
            Align::Middle,
            &[label("State=DRAIN", Face::Code)],
        );
    }
    // drng -> drain once the last job ends.
    let last = w.t("figure-node-states-last-job");
    c.arrow(&[(RIGHT_X + 20.0, r2), (RIGHT_X + 20.0, r1 + BOX_H)], false);
    c.gap_text(
        RIGHT_X + 30.0,
        (r1 + BOX_H, r2),
        BOX_W - 30.0,
        Align::Start,
        &[label(&last, Face::Plain)],
    );
    // Back to service: drain -> idle, and down -> idle round the left.
    c.arrow(&[(right_edge, r1 + 40.0), (left_edge, r1 + 40.0)], false);
    c.text(
        MIDDLE,
        r1 + 55.0,
        gap,
        Align::Middle,
        &[label("State=RESUME", Face::Code)],
    );
    let (down_x, down_y) = DOWN;
    let down_mid = down_y + BOX_H / 2.0;
    c.arrow(
        &[
            (down_x, down_mid),
            (RETURN_X, down_mid),
            (RETURN_X, r1 + 31.0),
            (LEFT_X, r1 + 31.0),
        ],
        false,
    );
    c.text(
        RETURN_X + 6.0,
        down_mid - 6.0,
        down_x - RETURN_X - 10.0,
        Align::Start,
        &[label("State=RESUME", Face::Code)],
    );
    // Any state -> down when the node stops answering: a fault, dashed.
    let lost = w.t("figure-node-states-not-responding");
    let centre = down_x + BOX_W / 2.0;
    let top = r3 + BOX_H + 4.0;
    c.arrow(&[(centre, top), (centre, down_y)], true);
    c.gap_text(
        centre + 10.0,
        (top, down_y),
        RIGHT_X + BOX_W - centre - 10.0,
        Align::Start,
        &[label(&lost, Face::Plain)],
    );
    c.finish(
        down_y + BOX_H + 10.0,
        &w.t("figure-node-states-title"),
        &w.t("figure-node-states-desc"),
    )
}
