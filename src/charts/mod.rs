//! Charts drawn with plotters into SVG strings: testable natively, crisp at
//! any zoom, printable. Colours are chosen to read on both themes; axes and
//! text use `currentColor`, so the page's theme colours them. No DOM access
//! of our own (on wasm, plotters measures label text through the page).

pub mod lines;
pub mod waste;

use plotters::coord::Shift;
use plotters::coord::ranged1d::{Ranged, ValueFormatter};
use plotters::prelude::*;
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
/// SVG scale to its container: its fixed size gives way to
/// `preserveAspectRatio` (plotters writes the `viewBox` already).
pub(crate) fn themed(svg: String, (width, height): (u32, u32)) -> String {
    let hex = |c: RGBColor| format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2);
    svg.replace(&hex(INK), "currentColor")
        .replace(&hex(GRID), "currentColor\" stroke-opacity=\"0.15")
        .replacen(
            &format!("width=\"{width}\" height=\"{height}\""),
            "preserveAspectRatio=\"xMidYMid meet\"",
            1,
        )
}

/// A chart's axis titles and tick labels, in the reader's language.
pub(crate) struct Axes<'a> {
    /// Horizontal axis title.
    pub(crate) x_label: &'a str,
    /// Vertical axis title.
    pub(crate) y_label: &'a str,
    /// Tick label of an x value.
    pub(crate) tick_x: &'a dyn Fn(f64) -> String,
    /// Tick label of a y value.
    pub(crate) tick_y: &'a dyn Fn(f64) -> String,
}

/// Lays out a plot on `root` over the coordinates `x` and `y` and draws its
/// themed axes and grid: every chart of the book looks the same.
pub(crate) fn plot<'a, 'b, X, Y>(
    root: &'a DrawingArea<SVGBackend<'b>, Shift>,
    x: X,
    y: Y,
    axes: &Axes<'_>,
) -> Result<ChartContext<'a, SVGBackend<'b>, Cartesian2d<X, Y>>, ChartError>
where
    X: Ranged<ValueType = f64> + ValueFormatter<f64>,
    Y: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    let err = |e: &dyn std::fmt::Display| ChartError::Drawing(e.to_string());
    let mut plot = ChartBuilder::on(root)
        .margin(12)
        .x_label_area_size(44)
        .y_label_area_size(60)
        .build_cartesian_2d(x, y)
        .map_err(|e| err(&e))?;
    let font = ("sans-serif", 14).into_font().color(&INK);
    plot.configure_mesh()
        .x_desc(axes.x_label)
        .y_desc(axes.y_label)
        .x_labels(7)
        .y_labels(6)
        .x_label_formatter(&|x| (axes.tick_x)(*x))
        .y_label_formatter(&|y| (axes.tick_y)(*y))
        .label_style(font.clone())
        .axis_desc_style(font)
        .axis_style(INK)
        .bold_line_style(GRID)
        .light_line_style(TRANSPARENT)
        .draw()
        .map_err(|e| err(&e))?;
    Ok(plot)
}
