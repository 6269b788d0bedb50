//! Charts drawn with plotters into SVG strings: testable natively, crisp at
//! any zoom, printable. Colours are chosen to read on both themes; axes and
//! text use `currentColor`, so the page's theme colours them. No DOM access
//! of our own (on wasm, plotters measures label text through the page).

pub mod lines;
pub mod waste;

use plotters::style::RGBColor;

/// Drawn where the theme's text colour belongs; [`themed`] swaps it for
/// `currentColor`.
pub(crate) const INK: RGBColor = RGBColor(1, 2, 3);
/// Grid lines; swapped for a translucent `currentColor`.
pub(crate) const GRID: RGBColor = RGBColor(4, 5, 6);

/// Series colours that keep a 3:1 contrast on white and on the dark theme.
pub(crate) const SERIES: [RGBColor; 6] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 96, 20),
    RGBColor(44, 160, 44),
    RGBColor(200, 40, 120),
    RGBColor(140, 86, 190),
    RGBColor(20, 130, 130),
];

/// [`SERIES`] as CSS colours, for the page's legends, in the same order.
pub const COLOURS: [&str; 6] = [
    "#1F77B4", "#D66014", "#2CA02C", "#C82878", "#8C56BE", "#148282",
];

/// Why a chart could not be drawn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChartError {
    /// The data cannot be placed on the axes (empty, not finite, no range).
    #[error("nothing to draw: {0}")]
    NoData(&'static str),
    /// plotters refused to draw.
    #[error("drawing failed: {0}")]
    Drawing(String),
}

/// Replaces the sentinel colours with theme-following ones and makes the
/// SVG scale to its container.
pub(crate) fn themed(svg: String, (width, height): (u32, u32)) -> String {
    let hex = |c: RGBColor| format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2);
    svg.replace(&hex(INK), "currentColor")
        .replace(&hex(GRID), "currentColor\" stroke-opacity=\"0.15")
        .replacen(
            &format!("width=\"{width}\" height=\"{height}\""),
            &format!("viewBox=\"0 0 {width} {height}\" preserveAspectRatio=\"xMidYMid meet\""),
            1,
        )
}
