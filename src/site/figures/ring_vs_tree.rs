//! Eight ranks two ways (all-reduce#ring, all-reduce#tree): a ring, where
//! each rank passes a chunk to its right-hand neighbour in every step,
//! and a binomial tree, where ranks combine in pairs up to a root and the
//! sum comes back down.

use std::f64::consts::PI;

use super::Words;
use super::canvas::{Align, Canvas, Face, Fit, WIDTH, label};

const RANKS: usize = 8;
/// log₂ of [`RANKS`]: the tree's rounds each way.
const LEVELS: usize = 3;
const NODE_R: f64 = 17.0;
const RING_R: f64 = 84.0;
const MARGIN: f64 = 12.0;
const LEVEL_H: f64 = 58.0;
const LEAF_STEP: f64 = 50.0;

/// Draws the figure: its SVG and what had to fit.
pub(super) fn draw(w: &Words<'_>) -> (String, Vec<Fit>) {
    let mut c = Canvas::new("ring-vs-tree");
    let room = WIDTH - 2.0 * MARGIN;
    let mut y = 8.0;
    y = heading(
        &mut c,
        y,
        &w.t("figure-ring-vs-tree-ring"),
        &w.t("figure-ring-vs-tree-ring-how"),
    );
    let centre = (WIDTH / 2.0, y + RING_R + NODE_R + 6.0);
    ring(&mut c, centre, &w.t("figure-ring-vs-tree-ring-steps"));
    y = centre.1 + RING_R + NODE_R + 24.0;
    c.rect((MARGIN, y - 12.0, room, 1.0), "fig-rule");
    y = heading(
        &mut c,
        y,
        &w.t("figure-ring-vs-tree-tree"),
        &w.t("figure-ring-vs-tree-tree-how"),
    );
    y = tree(&mut c, y + NODE_R + 4.0);
    let steps = w.t("figure-ring-vs-tree-tree-steps");
    c.gap_text(
        WIDTH / 2.0,
        (y, y + 40.0),
        room,
        Align::Middle,
        &[label(&steps, Face::Plain)],
    );
    c.finish(
        y + 44.0,
        &w.t("figure-ring-vs-tree-title"),
        &w.t("figure-ring-vs-tree-desc"),
    )
}

/// A panel's name and how it works, from `y`; returns where it ends.
fn heading(c: &mut Canvas, y: f64, name: &str, how: &str) -> f64 {
    let room = WIDTH - 2.0 * MARGIN;
    let labels = [label(name, Face::Strong), label(how, Face::Plain)];
    let height = Canvas::text_height(&labels, room);
    c.gap_text(MARGIN, (y, y + height), room, Align::Start, &labels);
    y + height + 8.0
}

/// The ring around `centre`, rank 0 at the top, arrows clockwise to each
/// right-hand neighbour, and `steps` in the middle.
fn ring(c: &mut Canvas, (cx, cy): (f64, f64), steps: &str) {
    let at = |i: usize| {
        let angle = 2.0 * PI * i as f64 / RANKS as f64 - PI / 2.0;
        (cx + RING_R * angle.cos(), cy + RING_R * angle.sin())
    };
    for i in 0..RANKS {
        let (from, to) = (at(i), at((i + 1) % RANKS));
        c.arrow(&[shorten(from, to), shorten(to, from)], false);
    }
    for i in 0..RANKS {
        c.circle(at(i), NODE_R, "fig-box", &i.to_string());
    }
    let room = 2.0 * (RING_R - NODE_R) - 8.0;
    c.gap_text(
        cx,
        (cy - 30.0, cy + 30.0),
        room,
        Align::Middle,
        &[label(steps, Face::Plain)],
    );
}

/// A binomial tree whose root is at `top`: each level up halves the
/// ranks, the arrows show the reduce. Returns where its leaves end.
fn tree(c: &mut Canvas, top: f64) -> f64 {
    let left = (WIDTH - (RANKS - 1) as f64 * LEAF_STEP) / 2.0;
    let x = |rank: usize| left + rank as f64 * LEAF_STEP;
    let y = |level: usize| top + level as f64 * LEVEL_H;
    for level in 0..LEVELS {
        let stride = 1 << (LEVELS - level);
        for parent in (0..RANKS).step_by(stride) {
            let (to, here) = ((x(parent), y(level)), parent + stride / 2);
            for child in [parent, here] {
                let from = (x(child), y(level + 1));
                c.arrow(&[shorten(from, to), shorten(to, from)], false);
            }
        }
    }
    for level in 0..=LEVELS {
        let stride = 1 << (LEVELS - level);
        for rank in (0..RANKS).step_by(stride) {
            let class = if level == 0 {
                "fig-box fig-box-accent"
            } else {
                "fig-box"
            };
            c.circle((x(rank), y(level)), NODE_R, class, &rank.to_string());
        }
    }
    y(LEVELS) + NODE_R + 6.0
}

/// `from`, moved towards `to` to just outside its rank's circle.
fn shorten(from: (f64, f64), to: (f64, f64)) -> (f64, f64) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = dx.hypot(dy).max(1.0);
    let k = (NODE_R + 3.0) / length;
    (from.0 + dx * k, from.1 + dy * k)
}
