//! Charts along the board: remaining turns and the chance of landing on each space.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::{
    box_legend, label_font, legend, line_legend, palette, tick_font, title_font, Chart, DrawResult,
};
use crate::model::Colour;

/// The colour a space is drawn in: its own, or pink for a landmark.
pub fn space_colour(c: Option<Colour>) -> RGBColor {
    match c {
        Some(Colour::Red) => RGBColor(220, 40, 40),
        Some(Colour::Purple) => RGBColor(140, 60, 170),
        Some(Colour::Yellow) => RGBColor(235, 190, 0),
        Some(Colour::Blue) => RGBColor(40, 90, 220),
        Some(Colour::Orange) => RGBColor(245, 140, 20),
        Some(Colour::Green) => RGBColor(40, 160, 60),
        None => RGBColor(236, 112, 180),
    }
}

/// What the board charts need to know about the track.
pub struct Track {
    /// Each space's colour (`None` for a landmark).
    pub colours: Vec<Option<Colour>>,
    pub licorice: Vec<usize>,
    pub shortcuts: Vec<(usize, usize)>,
    /// (space, name) of each landmark.
    pub landmarks: Vec<(usize, String)>,
}

/// 4. Expected remaining turns from each space, with licorice, shortcuts and landmarks marked.
pub struct RemainingChart<'a> {
    pub board: &'a str,
    pub track: &'a Track,
    /// E[remaining turns] on each space (`None` where no game rests).
    pub remaining: Vec<Option<f64>>,
}

impl Chart for RemainingChart<'_> {
    fn name(&self) -> &'static str {
        "remaining"
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
        let n = self.remaining.len();
        let top = self.remaining.iter().flatten().cloned().fold(0.0, f64::max) * 1.12;
        let mut chart = ChartBuilder::on(root)
            .caption(
                format!("{}: expected turns left from each space", self.board),
                title_font(),
            )
            .margin(20)
            .x_label_area_size(55)
            .y_label_area_size(80)
            .build_cartesian_2d(-1f64..n as f64, 0f64..top)?;
        chart
            .configure_mesh()
            .x_desc("space (0-based index)")
            .y_desc("expected remaining turns")
            .axis_desc_style(label_font())
            .label_style(tick_font())
            .x_label_formatter(&|x| format!("{x:.0}"))
            .draw()?;
        let at = |i: usize| self.remaining[i].map(|e| (i as f64, e));
        // The line, broken where no game rests.
        let mut segment: Vec<(f64, f64)> = Vec::new();
        let mut segments = Vec::new();
        for i in 0..n {
            match at(i) {
                Some(p) => segment.push(p),
                None => segments.push(std::mem::take(&mut segment)),
            }
        }
        segments.push(segment);
        for (k, s) in segments.into_iter().filter(|s| !s.is_empty()).enumerate() {
            let series = chart.draw_series(LineSeries::new(s, palette::EXACT.stroke_width(2)))?;
            if k == 0 {
                series
                    .label("from a colour space")
                    .legend(line_legend(palette::EXACT));
            }
        }
        chart.draw_series(
            (0..n)
                .filter_map(|i| at(i).map(|p| (i, p)))
                .map(|(i, p)| Circle::new(p, 3, space_colour(self.track.colours[i]).filled())),
        )?;
        chart
            .draw_series(
                self.track
                    .licorice
                    .iter()
                    .filter_map(|&i| at(i))
                    .map(|p| Cross::new(p, 9, BLACK.stroke_width(3))),
            )?
            .label("licorice")
            .legend(|(x, y)| Cross::new((x + 10, y), 6, BLACK.stroke_width(3)));
        chart
            .draw_series(
                self.track
                    .landmarks
                    .iter()
                    .filter_map(|(i, _)| at(*i))
                    .map(|p| TriangleMarker::new(p, 9, space_colour(None).filled())),
            )?
            .label("landmark")
            .legend(|(x, y)| TriangleMarker::new((x + 10, y), 6, space_colour(None).filled()));
        for (i, name) in &self.track.landmarks {
            if let Some((x, y)) = at(*i) {
                chart.draw_series(std::iter::once(Text::new(
                    name.clone(),
                    (x, y + top * 0.03),
                    tick_font(),
                )))?;
            }
        }
        for (k, &(from, to)) in self.track.shortcuts.iter().enumerate() {
            // Stagger the arrows so that overlapping shortcuts stay apart.
            let y = top * (0.04 + 0.035 * k as f64);
            let s = chart.draw_series(DashedLineSeries::new(
                vec![(from as f64, y), (to as f64, y)],
                8,
                4,
                palette::GREY.stroke_width(3),
            ))?;
            if k == 0 {
                s.label("shortcut (from -> to)")
                    .legend(line_legend(palette::GREY));
            }
            chart.draw_series(std::iter::once(TriangleMarker::new(
                (to as f64, y),
                7,
                palette::GREY.filled(),
            )))?;
        }
        legend(&mut chart, SeriesLabelPosition::UpperRight)?;
        Ok(())
    }
}

/// 5. The chance of ever landing on each space, bars in the space's colour.
pub struct LandingChart<'a> {
    pub board: &'a str,
    pub track: &'a Track,
    pub p_land: Vec<f64>,
}

impl Chart for LandingChart<'_> {
    fn name(&self) -> &'static str {
        "landing"
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
        let n = self.p_land.len();
        // Head room for the legend above the tallest bars.
        let top = (self.p_land.iter().cloned().fold(0.0, f64::max) * 1.5).min(1.2);
        let mut chart = ChartBuilder::on(root)
            .caption(
                format!("{}: chance of ever landing on each space", self.board),
                title_font(),
            )
            .margin(20)
            .x_label_area_size(55)
            .y_label_area_size(80)
            .build_cartesian_2d(-1f64..n as f64, 0f64..top)?;
        chart
            .configure_mesh()
            .x_desc("space (0-based index)")
            .y_desc("P(land there at least once)")
            .axis_desc_style(label_font())
            .label_style(tick_font())
            .x_label_formatter(&|x| format!("{x:.0}"))
            .light_line_style(WHITE)
            .draw()?;
        chart.draw_series(self.p_land.iter().enumerate().map(|(i, &p)| {
            let x = i as f64;
            Rectangle::new(
                [(x - 0.42, 0.0), (x + 0.42, p)],
                space_colour(self.track.colours[i]).filled(),
            )
        }))?;
        for &i in &self.track.licorice {
            chart.draw_series(std::iter::once(Cross::new(
                (i as f64, self.p_land[i] + top * 0.025),
                7,
                BLACK.stroke_width(2),
            )))?;
        }
        // Legend: the colours, landmarks and licorice.
        let entries: [(Option<Colour>, &str); 7] = [
            (Some(Colour::Red), "red"),
            (Some(Colour::Purple), "purple"),
            (Some(Colour::Yellow), "yellow"),
            (Some(Colour::Blue), "blue"),
            (Some(Colour::Orange), "orange"),
            (Some(Colour::Green), "green"),
            (None, "landmark"),
        ];
        for (c, name) in entries {
            chart
                .draw_series(std::iter::empty::<Rectangle<(f64, f64)>>())?
                .label(name)
                .legend(box_legend(space_colour(c)));
        }
        chart
            .draw_series(std::iter::empty::<Cross<(f64, f64), i32>>())?
            .label("licorice")
            .legend(|(x, y)| Cross::new((x + 10, y), 6, BLACK.stroke_width(2)));
        legend(&mut chart, SeriesLabelPosition::UpperRight)?;
        Ok(())
    }
}
