//! 7. What-if: the effect of removing each element, as a ranked bar chart.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::{box_legend, label_font, legend, palette, tick_font, title_font, Chart, DrawResult};

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

impl Chart for WhatIfChart<'_> {
    fn name(&self) -> &'static str {
        "whatif"
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
        let m = self.rows.len().max(1);
        let lo = self.rows.iter().map(|r| r.1).fold(0.0, f64::min);
        let hi = self.rows.iter().map(|r| r.1).fold(0.0, f64::max);
        let pad = (hi - lo).max(1.0) * 0.08;
        let labels: Vec<String> = self.rows.iter().map(|r| r.0.clone()).collect();
        let mut chart = ChartBuilder::on(root)
            .caption(
                format!(
                    "{}: each element removed (E = {:.2} turns)",
                    self.board, self.expected_turns
                ),
                title_font(),
            )
            .margin(20)
            .x_label_area_size(55)
            .y_label_area_size(380)
            .build_cartesian_2d((lo - pad)..(hi + pad), (0..m - 1).into_segmented())?;
        chart
            .configure_mesh()
            .x_desc("change in expected turns (one player, exact)")
            .axis_desc_style(label_font())
            .label_style(tick_font())
            .x_label_formatter(&|x| format!("{x:+.1}"))
            .y_labels(m)
            .y_label_formatter(&|v| match v {
                // Largest effect at the top.
                SegmentValue::CenterOf(i) => labels.get(m - 1 - i).cloned().unwrap_or_default(),
                _ => String::new(),
            })
            .light_line_style(WHITE)
            .draw()?;
        let bar = |i: usize, d: f64| {
            let color = if d > 0.0 {
                palette::LONGER
            } else {
                palette::SHORTER
            };
            let row = m - 1 - i;
            Rectangle::new(
                [
                    (0.0, SegmentValue::Exact(row)),
                    (d, SegmentValue::Exact(row + 1)),
                ],
                color.mix(0.85).filled(),
            )
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
            .legend(box_legend(palette::SHORTER));
        chart
            .draw_series(
                self.rows
                    .iter()
                    .enumerate()
                    .filter(|(_, r)| r.1 > 0.0)
                    .map(|(i, r)| bar(i, r.1)),
            )?
            .label("without it, games are longer (it saves turns)")
            .legend(box_legend(palette::LONGER));
        legend(&mut chart, SeriesLabelPosition::LowerLeft)?;
        Ok(())
    }
}
