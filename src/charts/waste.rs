//! The checkpoint explorer's chart: waste fraction against checkpoint
//! interval on a log axis, the analytic curve, simulated points with their
//! error bars, and markers at Young's and Daly's optima and at the reader's
//! interval.

use plotters::prelude::*;

use plotters::coord::types::RangedCoordf64;

use super::{Axes, ChartError, INK, SERIES, plot, themed};
use crate::sim::checkpoint::SimPoint;

/// What to draw, with the words and number formats of the reader's language.
pub struct WasteChart<'a> {
    /// The analytic curve: (interval in seconds, waste fraction), increasing intervals.
    pub analytic: &'a [(f64, f64)],
    /// Simulated points.
    pub simulated: &'a [SimPoint],
    /// Young's interval, seconds.
    pub young_s: f64,
    /// Daly's interval, seconds.
    pub daly_s: f64,
    /// The reader's interval, seconds.
    pub chosen_s: f64,
    /// Horizontal axis title.
    pub x_label: &'a str,
    /// Vertical axis title.
    pub y_label: &'a str,
    /// Tick label of an interval (seconds).
    pub tick_x: &'a dyn Fn(f64) -> String,
    /// Tick label of a waste fraction.
    pub tick_y: &'a dyn Fn(f64) -> String,
}

/// Draws the chart as an SVG string of `size` (it scales to its container).
pub fn render(chart: &WasteChart<'_>, size: (u32, u32)) -> Result<String, ChartError> {
    let (first, last) = match (chart.analytic.first(), chart.analytic.last()) {
        (Some(f), Some(l)) if f.0 > 0.0 && l.0 > f.0 && l.0.is_finite() => (f.0, l.0),
        _ => return Err(ChartError::NoData("the interval range is empty")),
    };
    let top = chart
        .analytic
        .iter()
        .map(|p| p.1)
        .chain(chart.simulated.iter().map(|p| p.mean + p.std_err))
        .filter(|w| w.is_finite())
        .fold(0.0_f64, f64::max);
    let y_max = (top * 1.08).clamp(0.01, 1.0);
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
        let mut plot = plot(
            &root,
            LogCoord::from((first..last).log_scale()).with_key_points(ticks(first, last)),
            RangedCoordf64::from(0.0..y_max),
            &axes,
        )?;

        let marker = |x: f64, colour: RGBColor, width: u32| {
            PathElement::new(vec![(x, 0.0), (x, y_max)], colour.stroke_width(width))
        };
        for (x, colour) in [(chart.young_s, SERIES[2]), (chart.daly_s, SERIES[3])] {
            if (first..=last).contains(&x) {
                plot.draw_series([marker(x, colour, 2)])
                    .map_err(|e| err(&e))?;
            }
        }
        if (first..=last).contains(&chart.chosen_s) {
            plot.draw_series([marker(chart.chosen_s, INK, 3)])
                .map_err(|e| err(&e))?;
        }
        let curve = chart
            .analytic
            .iter()
            .copied()
            .filter(|p| p.1.is_finite())
            .map(|(x, y)| (x, y.min(y_max)));
        plot.draw_series(LineSeries::new(curve, SERIES[0].stroke_width(3)))
            .map_err(|e| err(&e))?;
        let style = SERIES[1].stroke_width(2);
        for p in chart
            .simulated
            .iter()
            .filter(|p| (first..=last).contains(&p.interval_s) && p.mean.is_finite())
        {
            let (lo, hi) = (
                (p.mean - p.std_err).max(0.0),
                (p.mean + p.std_err).min(y_max),
            );
            plot.draw_series([PathElement::new(
                vec![(p.interval_s, lo), (p.interval_s, hi)],
                style,
            )])
            .map_err(|e| err(&e))?;
            plot.draw_series([Circle::new(
                (p.interval_s, p.mean.min(y_max)),
                4,
                SERIES[1].filled(),
            )])
            .map_err(|e| err(&e))?;
        }
        root.present().map_err(|e| err(&e))?;
    }
    Ok(themed(svg, size))
}

/// Durations people read at a glance, in seconds, for the interval axis.
const NICE_TICKS: [f64; 24] = [
    1.0,
    2.0,
    5.0,
    10.0,
    30.0,
    60.0,
    120.0,
    300.0,
    600.0,
    1_800.0,
    3_600.0,
    7_200.0,
    14_400.0,
    28_800.0,
    43_200.0,
    86_400.0,
    172_800.0,
    345_600.0,
    604_800.0,
    1_209_600.0,
    2_592_000.0,
    7_776_000.0,
    15_552_000.0,
    31_557_600.0,
];

/// The nice durations within `first..=last`, at most seven (every other
/// one when there are more).
fn ticks(first: f64, last: f64) -> Vec<f64> {
    let inside: Vec<f64> = NICE_TICKS
        .iter()
        .copied()
        .filter(|t| (first..=last).contains(t))
        .collect();
    let step = inside.len().div_ceil(7).max(1);
    inside.into_iter().step_by(step).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart<'a>(analytic: &'a [(f64, f64)], simulated: &'a [SimPoint]) -> WasteChart<'a> {
        WasteChart {
            analytic,
            simulated,
            young_s: 7200.0,
            daly_s: 7000.0,
            chosen_s: 3600.0,
            x_label: "Checkpoint interval",
            y_label: "Waste",
            tick_x: &|x| format!("{:.0} s", x),
            tick_y: &|y| format!("{:.0} %", y * 100.0),
        }
    }

    #[test]
    fn draws_curve_points_markers_and_axis_titles() {
        let analytic: Vec<(f64, f64)> = (0..40)
            .map(|i| 600.0 * 1.1_f64.powi(i))
            .map(|t| (t, 300.0 / t + t / 172_800.0))
            .collect();
        let simulated = [SimPoint {
            interval_s: 3600.0,
            mean: 0.1,
            std_err: 0.01,
        }];
        let svg = render(&chart(&analytic, &simulated), (640, 360)).expect("drawn");
        assert!(svg.starts_with("<svg"), "{}", &svg[..80]);
        assert!(svg.contains("viewBox=\"0 0 640 360\""));
        assert!(svg.contains("Checkpoint interval") && svg.contains("Waste"));
        assert!(svg.contains("<circle"), "simulated point");
        assert!(svg.contains("<polyline"), "analytic curve");
        assert!(svg.contains("currentColor"), "axes follow the theme");
        assert!(!svg.contains("#010203"), "sentinel colour replaced");
        assert!(
            svg.contains("#C82878") || svg.contains("#c82878"),
            "Daly marker"
        );
    }

    #[test]
    fn interval_ticks_are_round_durations() {
        assert_eq!(
            ticks(1_000.0, 100_000.0),
            [
                1_800.0, 3_600.0, 7_200.0, 14_400.0, 28_800.0, 43_200.0, 86_400.0
            ]
        );
        assert!(ticks(1.0, 31_557_600.0).len() <= 7);
        assert!(ticks(0.1, 0.5).is_empty());
    }

    #[test]
    fn empty_or_degenerate_ranges_are_errors_not_panics() {
        assert!(render(&chart(&[], &[]), (640, 360)).is_err());
        assert!(render(&chart(&[(10.0, 0.1)], &[]), (640, 360)).is_err());
        assert!(render(&chart(&[(0.0, 0.1), (10.0, 0.2)], &[]), (640, 360)).is_err());
        let nan = [(10.0, f64::NAN), (100.0, f64::NAN)];
        assert!(
            render(&chart(&nan, &[]), (640, 360)).is_ok(),
            "a curve of NaNs draws an empty chart"
        );
    }
}
