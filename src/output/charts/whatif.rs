//! 7. What-if: the effect of removing each element, as a ranked bar chart.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::{box_legend, legend, palette, Chart, DrawResult, Scale};

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

impl WhatIfChart<'_> {
    /// The width of the label area: the longest row label, within 45 % of the chart.
    fn label_width<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>, k: Scale) -> u32 {
        let font = k.tick().into();
        let widest = self
            .rows
            .iter()
            .filter_map(|r| root.estimate_text_size(&r.0, &font).ok())
            .map(|(w, _)| w)
            .max()
            .unwrap_or(0);
        (widest + k.px(25)).min(root.dim_in_pixel().0 * 9 / 20)
    }

    /// Empty rows below the bars, enough to hold the legend (two entries) without covering
    /// a bar.
    fn legend_rows<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>, k: Scale) -> usize {
        let legend = f64::from(2 * k.px(22) + k.px(12));
        let plot = f64::from(root.dim_in_pixel().1) - f64::from(k.px(130));
        if plot <= legend {
            return 2;
        }
        (legend * self.rows.len() as f64 / (plot - legend)).ceil() as usize
    }
}

impl Chart for WhatIfChart<'_> {
    fn name(&self) -> &'static str {
        "whatif"
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
        let k = Scale::of(root);
        let m = self.rows.len();
        let empty = self.legend_rows(root, k);
        let rows = (m + empty).max(1);
        let lo = self.rows.iter().map(|r| r.1).fold(0.0, f64::min);
        let hi = self.rows.iter().map(|r| r.1).fold(0.0, f64::max);
        let pad = (hi - lo).max(1.0) * 0.08;
        let labels: Vec<String> = self.rows.iter().map(|r| r.0.clone()).collect();
        let title = format!(
            "{}: each element removed (E = {:.2} turns)",
            self.board, self.expected_turns
        );
        let mut chart = ChartBuilder::on(root)
            .caption(&title, k.title(root, &title))
            .margin(k.margin())
            .x_label_area_size(k.px(55))
            .y_label_area_size(self.label_width(root, k))
            .build_cartesian_2d((lo - pad)..(hi + pad), (0..rows - 1).into_segmented())?;
        // Row r from the bottom holds element rows - 1 - r (largest effect at the top); the
        // bottom `empty` rows hold the legend.
        let element = |r: usize| (rows - 1).checked_sub(r).filter(|&i| i < m);
        chart
            .configure_mesh()
            .x_desc("change in expected turns (one player, exact)")
            .axis_desc_style(k.label())
            .label_style(k.tick())
            .x_label_formatter(&|x| format!("{x:+.1}"))
            .y_labels(rows)
            .y_label_formatter(&|v| match v {
                SegmentValue::CenterOf(r) => element(*r)
                    .and_then(|i| labels.get(i).cloned())
                    .unwrap_or_default(),
                _ => String::new(),
            })
            .light_line_style(WHITE)
            .draw()?;
        // A gap above and below each bar, so that neighbours of one colour stay apart.
        let row_px = chart.plotting_area().dim_in_pixel().1 as f64 / rows as f64;
        let gap = (row_px * GAP).round() as u32;
        let bar = |i: usize, d: f64| {
            let color = if d > 0.0 {
                palette::LONGER
            } else {
                palette::SHORTER
            };
            let row = rows - 1 - i;
            let mut r = Rectangle::new(
                [
                    (0.0, SegmentValue::Exact(row)),
                    (d, SegmentValue::Exact(row + 1)),
                ],
                color.mix(0.85).filled(),
            );
            r.set_margin(gap, gap, 0, 0);
            r
        };
        chart
            .draw_series(
                self.rows
                    .iter()
                    .enumerate()
                    .filter(|(_, r)| r.1 <= 0.0)
                    .map(|(i, r)| bar(i, r.1)),
            )?
            .label("without it, games are shorter (it costs turns)")
            .legend(box_legend(palette::SHORTER, k));
        chart
            .draw_series(
                self.rows
                    .iter()
                    .enumerate()
                    .filter(|(_, r)| r.1 > 0.0)
                    .map(|(i, r)| bar(i, r.1)),
            )?
            .label("without it, games are longer (it saves turns)")
            .legend(box_legend(palette::LONGER, k));
        legend(&mut chart, SeriesLabelPosition::LowerLeft, k)?;
        Ok(())
    }
}
