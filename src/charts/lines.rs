//! A plain line chart on linear axes: several named series over a shared
//! x range, solid or dashed. The fair-share calculator draws its decay and
//! queue-story charts with it.

use plotters::coord::ranged1d::ValueFormatter;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

use super::{Axes, ChartError, SERIES, plot, themed};

/// One series: its points (x increasing) and style.
pub struct Line<'a> {
    /// (x, y) points.
    pub points: &'a [(f64, f64)],
    /// Index into the series palette ([`super::COLOURS`]).
    pub colour: usize,
    /// Drawn dashed (for a second measure of the same team).
    pub dashed: bool,
}

/// What to draw, with the words and number formats of the reader's language.
pub struct LineChart<'a> {
    /// The series.
    pub lines: &'a [Line<'a>],
    /// The vertical range; the horizontal one spans the points.
    pub y_range: (f64, f64),
    /// Both axes logarithmic, with ticks at every power of ten (the points
    /// and the range must then be positive).
    pub log: bool,
    /// Horizontal axis title.
    pub x_label: &'a str,
    /// Vertical axis title.
    pub y_label: &'a str,
    /// Tick label of an x value.
    pub tick_x: &'a dyn Fn(f64) -> String,
    /// Tick label of a y value.
    pub tick_y: &'a dyn Fn(f64) -> String,
}

/// Draws the chart as an SVG string of `size` (it scales to its container).
pub fn render(chart: &LineChart<'_>, size: (u32, u32)) -> Result<String, ChartError> {
    let xs = || {
        chart
            .lines
            .iter()
            .flat_map(|l| l.points.iter().map(|p| p.0))
    };
    let first = xs().fold(f64::INFINITY, f64::min);
    let last = xs().fold(f64::NEG_INFINITY, f64::max);
    let (y_min, y_max) = chart.y_range;
    if !(first.is_finite() && last > first && y_max > y_min)
        || (chart.log && (first <= 0.0 || y_min <= 0.0))
    {
        return Err(ChartError::NoData("the range is empty"));
    }
    if chart.log {
        let log = |lo: f64, hi: f64| {
            LogCoord::from((lo..hi).log_scale()).with_key_points(decades(lo, hi))
        };
        draw(chart, size, log(first, last), log(y_min, y_max))
    } else {
        draw(
            chart,
            size,
            RangedCoordf64::from(first..last),
            RangedCoordf64::from(y_min..y_max),
        )
    }
}

/// The powers of ten within `lo..=hi`.
fn decades(lo: f64, hi: f64) -> Vec<f64> {
    let (a, b) = (lo.log10().ceil() as i32, hi.log10().floor() as i32);
    (a..=b).map(|e| 10f64.powi(e)).collect()
}

/// Draws on the given axes.
fn draw<X, Y>(chart: &LineChart<'_>, size: (u32, u32), x: X, y: Y) -> Result<String, ChartError>
where
    X: Ranged<ValueType = f64> + ValueFormatter<f64>,
    Y: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    let (y_min, y_max) = chart.y_range;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        let err = |e: &dyn std::fmt::Display| ChartError::Drawing(e.to_string());
        let axes = Axes {
            x_label: chart.x_label,
            y_label: chart.y_label,
            tick_x: chart.tick_x,
            tick_y: chart.tick_y,
        };
        let mut plot = plot(&root, x, y, &axes)?;
        for line in chart.lines {
            let colour = SERIES[line.colour % SERIES.len()];
            let points = line
                .points
                .iter()
                .copied()
                .filter(|p| p.0.is_finite() && p.1.is_finite())
                .map(|(x, y)| (x, y.clamp(y_min, y_max)));
            let width = if line.dashed { DASHED_WIDTH } else { 3 };
            plot.draw_series(LineSeries::new(points, colour.stroke_width(width)))
                .map_err(|e| err(&e))?;
        }
        root.present().map_err(|e| err(&e))?;
    }
    Ok(themed(dashed(&svg), size))
}

/// The stroke width of a dashed series, which no other line of a chart has.
const DASHED_WIDTH: u32 = 2;

/// The dashed series made dashed: one `<polyline>` each with a dash
/// pattern, where plotters' `DashedLineSeries` writes one element per dash
/// (over a hundred for the calculator's chart, in the page and the DOM).
fn dashed(svg: &str) -> String {
    let width = format!("stroke-width=\"{DASHED_WIDTH}\"");
    svg.replace(&width, &format!("{width} stroke-dasharray=\"8 5\""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_solid_and_dashed_lines_with_titles() {
        let a: Vec<(f64, f64)> = (0..10)
            .map(|i| (f64::from(i), f64::from(i) / 10.0))
            .collect();
        let b: Vec<(f64, f64)> = a.iter().map(|&(x, y)| (x, 1.0 - y)).collect();
        let lines = [
            Line {
                points: &a,
                colour: 0,
                dashed: false,
            },
            Line {
                points: &b,
                colour: 1,
                dashed: true,
            },
        ];
        let chart = LineChart {
            lines: &lines,
            y_range: (0.0, 1.0),
            log: false,
            x_label: "Days",
            y_label: "Factor",
            tick_x: &|x| format!("{x:.0}"),
            tick_y: &|y| format!("{y:.1}"),
        };
        let svg = render(&chart, (640, 300)).expect("drawn");
        assert!(svg.contains("viewBox=\"0 0 640 300\""));
        let tag = &svg[..svg.find('>').unwrap_or_default()];
        assert_eq!(tag.matches("viewBox").count(), 1, "{tag}");
        assert!(!tag.contains("width"), "scales with its container: {tag}");
        // Each series is one polyline, the dashed one with its pattern.
        let polylines: Vec<&str> = svg
            .split("<polyline")
            .skip(1)
            .filter(|p| p.contains("#1F77B4") || p.contains("#D66014"))
            .collect();
        assert_eq!(polylines.len(), 2, "{svg}");
        assert!(!polylines[0].contains("dasharray"));
        assert!(polylines[1].contains("stroke-dasharray=\"8 5\""));
        assert!(svg.contains("Days") && svg.contains("Factor"));
        assert!(svg.contains("#1F77B4") && svg.contains("#D66014"));
        let empty = LineChart {
            lines: &[],
            ..chart
        };
        assert!(render(&empty, (640, 300)).is_err());
        let log = LineChart {
            log: true,
            lines: &lines,
            ..empty
        };
        assert!(
            render(&log, (640, 300)).is_err(),
            "x from 0 has no logarithm"
        );
        assert_eq!(
            decades(8.0, 2e9),
            [10.0, 100.0, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]
        );
    }
}
