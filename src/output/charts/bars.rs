//! The charts of a policy game's report: bars with optional error bars and marker lines,
//! one shape for the length distributions, the seats' chances to win and the squares' landings.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::{builder, draw_legend, palette, Chart, DrawResult, Key, Legend, Look, Shape};

/// One bar: where it stands, its height, and the half-width of its 95 % interval (0 for
/// none).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bar {
    /// Its place across.
    pub x: f64,
    /// Its height.
    pub height: f64,
    /// Half the width of its 95 % confidence interval, drawn as an error bar when above 0.
    pub error: f64,
    /// Which series colour (0 to 5).
    pub series: usize,
}

/// The colours of the marker lines, in order.
const MARKS: [RGBColor; 3] = [palette::MEAN, palette::MEDIAN, palette::MODE];

/// Bars across, values up, with a legend entry per series and dashed marker lines.
pub struct BarsChart<'a> {
    /// The file stem.
    pub stem: &'static str,
    /// The caption.
    pub title: String,
    /// The axis descriptions, across and up.
    pub axes: (&'a str, &'a str),
    /// The bars.
    pub bars: Vec<Bar>,
    /// The legend of each series colour used.
    pub series: Vec<String>,
    /// A line over the bars: (x, y) points and its legend.
    pub line: Option<(Vec<(f64, f64)>, String)>,
    /// Dashed vertical marker lines: (x, legend).
    pub marks: Vec<(f64, String)>,
    /// The bars' width (1 is touching).
    pub width: f64,
    /// Label the x ticks with whole numbers.
    pub whole_x: bool,
}

impl Chart for BarsChart<'_> {
    fn name(&self) -> &'static str {
        self.stem
    }

    fn title(&self) -> String {
        self.title.clone()
    }

    fn legend(&self) -> Vec<Legend> {
        let mut keys: Vec<Key> = self
            .series
            .iter()
            .enumerate()
            // A series with no label is a colour left unused (one the line takes).
            .filter(|(_, label)| !label.is_empty())
            .map(|(s, label)| {
                Key::new(
                    label.as_str(),
                    Shape::Box,
                    palette::SERIES[s % palette::SERIES.len()],
                )
            })
            .collect();
        if self.bars.iter().any(|b| b.error > 0.0) {
            keys.push(Key::new(
                "95 % confidence interval",
                Shape::Line,
                RGBColor(0, 0, 0),
            ));
        }
        if let Some((_, label)) = &self.line {
            keys.push(Key::new(label.as_str(), Shape::Line, palette::SIMULATED));
        }
        for (i, (_, label)) in self.marks.iter().enumerate() {
            keys.push(Key::new(
                label.as_str(),
                Shape::Dashed,
                MARKS[i % MARKS.len()],
            ));
        }
        Legend::of(keys)
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        look: Look,
    ) -> DrawResult<DB> {
        let k = look.scale;
        let x_min = self.bars.iter().map(|b| b.x).fold(f64::INFINITY, f64::min) - 1.0;
        let x_max = self
            .bars
            .iter()
            .map(|b| b.x)
            .chain(self.marks.iter().map(|m| m.0))
            .fold(f64::NEG_INFINITY, f64::max)
            + 1.0;
        let top = self
            .bars
            .iter()
            .map(|b| b.height + b.error)
            .chain(self.line.iter().flat_map(|l| l.0.iter().map(|p| p.1)))
            .fold(0.0, f64::max)
            * 1.25;
        let top = if top > 0.0 { top } else { 1.0 };
        let x_min = if x_min.is_finite() {
            x_min.max(0.0)
        } else {
            0.0
        };
        let x_max = if x_max.is_finite() { x_max } else { 1.0 };
        let mut chart = builder(root, look, &self.title)
            .x_label_area_size(k.px(55))
            .y_label_area_size(k.px(90))
            .build_cartesian_2d(x_min..x_max, 0f64..top)?;
        let whole = self.whole_x;
        // Whole numbers across: a tick on each when there are few, and none between them.
        let span = (x_max - x_min).ceil() as usize;
        let (width, height) = chart.plotting_area().dim_in_pixel();
        let across = k.labels_across(width);
        chart
            .configure_mesh()
            .x_labels(if whole && span <= 20 {
                (span + 1).min(across)
            } else {
                across
            })
            .y_labels(k.labels_along(height))
            .x_desc(self.axes.0)
            .y_desc(self.axes.1)
            .axis_desc_style(k.label())
            .label_style(k.tick())
            .x_label_formatter(&|x| {
                if whole && (x - x.round()).abs() > 1e-6 {
                    String::new()
                } else if whole {
                    format!("{x:.0}")
                } else {
                    format!("{x}")
                }
            })
            .light_line_style(WHITE)
            .draw()?;
        let half = self.width / 2.0;
        for s in 0..self.series.len() {
            let color = palette::SERIES[s % palette::SERIES.len()];
            chart.draw_series(self.bars.iter().filter(|b| b.series == s).map(|b| {
                Rectangle::new(
                    [(b.x - half, 0.0), (b.x + half, b.height)],
                    color.mix(0.75).filled(),
                )
            }))?;
        }
        let errors: Vec<&Bar> = self.bars.iter().filter(|b| b.error > 0.0).collect();
        if !errors.is_empty() {
            chart.draw_series(errors.iter().map(|b| {
                PathElement::new(
                    vec![(b.x, b.height - b.error), (b.x, b.height + b.error)],
                    BLACK.stroke_width(k.px(2)),
                )
            }))?;
        }
        if let Some((points, _)) = &self.line {
            chart.draw_series(LineSeries::new(
                points.iter().copied(),
                palette::SIMULATED.stroke_width(k.px(2)),
            ))?;
        }
        for (i, (x, _)) in self.marks.iter().enumerate() {
            chart.draw_series(DashedLineSeries::new(
                vec![(*x, 0.0), (*x, top * 0.97)],
                k.px(8),
                k.px(5),
                MARKS[i % MARKS.len()].stroke_width(k.px(2)),
            ))?;
        }
        for legend in self.legend() {
            draw_legend(&mut chart, &legend, SeriesLabelPosition::UpperRight, look)?;
        }
        Ok(())
    }
}
