//! 7. What-if: the effect of removing each element, as a ranked bar chart.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::{
    builder, draw_legend, fitting, palette, Chart, DrawResult, Key, Legend, Look, Scale, Shape,
    Ticked,
};

/// 7. What-if: how much each single-element removal changes the expected length, as ranked
///    bars.
pub struct WhatIfChart<'a> {
    /// The board's name, shown in the caption.
    pub board: &'a str,
    /// E\[T\] of the board as it is, in turns, shown in the caption.
    pub expected_turns: f64,
    /// (change, difference in expected turns), largest effect first.
    pub rows: Vec<(String, f64)>,
}

/// The share of a row left empty between two bars, above and below each.
const GAP: f64 = 0.12;

/// The widest share of the chart the row labels take beside the bars; wider labels go inside
/// the rows, above their bars.
const LABEL_SHARE: f64 = 0.4;

/// How the rows are labelled.
#[derive(Clone, Copy, PartialEq)]
enum Labels {
    /// Beside the axis, at the left.
    Beside(u32),
    /// Inside each row, above its bar (a narrow chart).
    Above,
}

impl WhatIfChart<'_> {
    /// Where the row labels go: beside the axis when the longest fits in [`LABEL_SHARE`] of
    /// the chart's width, else above the bars.
    fn labels<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>, k: Scale) -> Labels {
        let font = k.tick().into();
        let widest = self
            .rows
            .iter()
            .filter_map(|r| root.estimate_text_size(&r.0, &font).ok())
            .map(|(w, _)| w)
            .max()
            .unwrap_or(0)
            + k.px(25);
        if f64::from(widest) <= f64::from(root.dim_in_pixel().0) * LABEL_SHARE {
            Labels::Beside(widest)
        } else {
            Labels::Above
        }
    }

    /// Empty rows below the bars, enough to hold the legend (two entries) without covering a
    /// bar; none when the legend is not drawn.
    fn legend_rows<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>, look: Look) -> usize {
        if !look.framed() {
            return 0;
        }
        let k = look.scale;
        let legend = f64::from(2 * k.px(22) + k.px(12));
        let plot = f64::from(root.dim_in_pixel().1) - f64::from(k.px(130));
        if plot <= legend {
            return 2;
        }
        (legend * self.rows.len() as f64 / (plot - legend)).ceil() as usize
    }

    /// A chart with nothing to remove says so in words, in place of bars.
    fn nothing<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        look: Look,
    ) -> DrawResult<DB> {
        let k = look.scale;
        let title = self.title();
        let area = if look.framed() {
            root.titled(&title, k.title(root, &title))?
        } else {
            root.clone()
        };
        let (w, h) = area.dim_in_pixel();
        let font = k.label();
        let text = fitting(
            &area,
            &font,
            w.saturating_sub(2 * k.margin()),
            &[
                "This board has nothing to remove: no element to rank.",
                "Nothing to remove.",
            ],
        );
        let style = font
            .into_text_style(&area)
            .pos(plotters::style::text_anchor::Pos::new(
                plotters::style::text_anchor::HPos::Center,
                plotters::style::text_anchor::VPos::Center,
            ));
        area.draw_text(text, &style, (w as i32 / 2, h as i32 / 2))
    }
}

/// An x tick label: the change with its sign, and 0 as itself.
fn x_label(x: &f64) -> String {
    if x.abs() < 1e-9 {
        "0".into()
    } else {
        format!("{x:+.1}")
    }
}

impl Chart for WhatIfChart<'_> {
    fn name(&self) -> &'static str {
        "whatif"
    }

    fn title(&self) -> String {
        format!(
            "{}: each element removed (E = {:.2} turns)",
            self.board, self.expected_turns
        )
    }

    fn legend(&self) -> Vec<Legend> {
        if self.rows.is_empty() {
            return Vec::new();
        }
        Legend::of(vec![
            Key::new(
                "without it, games are shorter (it costs turns)",
                Shape::Box,
                palette::SHORTER,
            ),
            Key::new(
                "without it, games are longer (it saves turns)",
                Shape::Box,
                palette::LONGER,
            ),
        ])
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        look: Look,
    ) -> DrawResult<DB> {
        if self.rows.is_empty() {
            return self.nothing(root, look);
        }
        let k = look.scale;
        let m = self.rows.len();
        let labels = self.labels(root, k);
        let rows = m + self.legend_rows(root, look);
        let lo = self.rows.iter().map(|r| r.1).fold(0.0, f64::min);
        let hi = self.rows.iter().map(|r| r.1).fold(0.0, f64::max);
        let pad = (hi - lo).max(1.0) * 0.08;
        // Row r from the bottom holds element rows - 1 - r (largest effect at the top); the
        // bottom rows below the elements hold the legend, with no tick.
        let row_of = |i: usize| (rows - 1 - i) as f64;
        let centres: Vec<f64> = match labels {
            Labels::Beside(_) => (0..m).map(|i| row_of(i) + 0.5).collect(),
            Labels::Above => Vec::new(),
        };
        let label_area = match labels {
            Labels::Beside(w) => w,
            Labels::Above => k.px(10),
        };
        let mut chart = builder(root, look, &self.title())
            .x_label_area_size(k.px(55))
            .y_label_area_size(label_area)
            .build_cartesian_2d(
                (lo - pad)..(hi + pad),
                Ticked::new(0.0..rows as f64, centres),
            )?;
        let width = chart.plotting_area().dim_in_pixel().0;
        let desc = fitting(
            root,
            &k.label(),
            width,
            &[
                "change in expected turns (one player, exact)",
                "change in expected turns",
            ],
        );
        let names: Vec<&str> = self.rows.iter().map(|r| r.0.as_str()).collect();
        chart
            .configure_mesh()
            .x_desc(desc)
            .axis_desc_style(k.label())
            .label_style(k.tick())
            .x_labels(k.labels_across(width))
            .x_label_formatter(&x_label)
            .y_label_formatter(&|y| {
                let r = y.floor() as usize;
                (rows - 1)
                    .checked_sub(r)
                    .and_then(|i| names.get(i))
                    .map_or(String::new(), |s| s.to_string())
            })
            .light_line_style(WHITE)
            .draw()?;
        // A gap above and below each bar, so that neighbours of one colour stay apart; a bar
        // at most about two lines of text thick, however few the rows.
        let row_px = f64::from(chart.plotting_area().dim_in_pixel().1) / rows as f64;
        let thick = (2.0 * k.tick_px() / row_px).min(1.0 - 2.0 * GAP);
        let (bar_low, bar_high) = match labels {
            Labels::Beside(_) => (0.5 - thick / 2.0, 0.5 + thick / 2.0),
            // The label fills the row's top half, the bar its bottom half.
            Labels::Above => (GAP, 0.5),
        };
        chart.draw_series(self.rows.iter().enumerate().map(|(i, r)| {
            let color = if r.1 > 0.0 {
                palette::LONGER
            } else {
                palette::SHORTER
            };
            let row = row_of(i);
            Rectangle::new(
                [(0.0, row + bar_low), (r.1, row + bar_high)],
                color.mix(0.85).filled(),
            )
        }))?;
        if labels == Labels::Above {
            let font = k.tick();
            chart.draw_series(self.rows.iter().enumerate().map(|(i, r)| {
                Text::new(
                    r.0.clone(),
                    (lo - pad * 0.9, row_of(i) + 1.0 - GAP / 2.0),
                    font.clone(),
                )
            }))?;
        }
        for legend in self.legend() {
            draw_legend(&mut chart, &legend, SeriesLabelPosition::LowerLeft, look)?;
        }
        Ok(())
    }
}
