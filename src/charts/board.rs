//! Charts along the board: remaining turns and the chance of landing on each space.

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;

use super::{
    box_legend, label_font, legend, line_legend, palette, tick_font, title_font, Chart, DrawResult,
};
use crate::model::Rgb;
use crate::model::Track;

fn rgb((r, g, b): Rgb) -> RGBColor {
    RGBColor(r, g, b)
}

impl Track {
    fn fill(&self, i: usize) -> RGBColor {
        rgb(self.kinds[self.fills[i]].1)
    }
}

type TrackAxes<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// The axes both board charts share: one position per x unit (numbered as the board numbers
/// them), `0..top` up; `white_grid` hides the fine grid lines (behind bars).
fn track_axes<'a, DB: DrawingBackend>(
    root: &'a DrawingArea<DB, Shift>,
    title: String,
    track: &Track,
    top: f64,
    y_desc: &str,
    white_grid: bool,
) -> Result<TrackAxes<'a, DB>, DrawingAreaErrorKind<DB::ErrorType>> {
    let first = track.first_number as f64;
    let mut chart = ChartBuilder::on(root)
        .caption(title, title_font())
        .margin(20)
        .x_label_area_size(55)
        .y_label_area_size(80)
        .build_cartesian_2d(-1f64..track.fills.len() as f64, 0f64..top)?;
    let formatter = |x: &f64| format!("{:.0}", x + first);
    let mut mesh = chart.configure_mesh();
    mesh.x_desc(&track.axis)
        .y_desc(y_desc)
        .axis_desc_style(label_font())
        .label_style(tick_font())
        .x_label_formatter(&formatter);
    if white_grid {
        mesh.light_line_style(WHITE);
    }
    mesh.draw()?;
    Ok(chart)
}

/// 4. Expected remaining turns from each space, with its traps, named spaces and jumps marked.
pub struct RemainingChart<'a> {
    /// The board's name, shown in the caption.
    pub board: &'a str,
    /// What to mark along the track (fills, traps, named spaces, jumps).
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
        let mut chart = track_axes(
            root,
            format!(
                "{}: expected turns left from each {}",
                self.board, self.track.word
            ),
            self.track,
            top,
            "expected remaining turns",
            false,
        )?;
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
                    .label("expected turns left")
                    .legend(line_legend(palette::EXACT));
            }
        }
        chart.draw_series(
            (0..n)
                .filter_map(|i| at(i).map(|p| (i, p)))
                .map(|(i, p)| Circle::new(p, 3, self.track.fill(i).filled())),
        )?;
        let (trap_name, traps) = &self.track.traps;
        if !traps.is_empty() {
            chart
                .draw_series(
                    traps
                        .iter()
                        .filter_map(|&i| at(i))
                        .map(|p| Cross::new(p, 9, BLACK.stroke_width(3))),
                )?
                .label(trap_name.as_str())
                .legend(|(x, y)| Cross::new((x + 10, y), 6, BLACK.stroke_width(3)));
        }
        let (named_name, named_rgb, named) = &self.track.named;
        if !named.is_empty() {
            let c = rgb(*named_rgb);
            chart
                .draw_series(
                    named
                        .iter()
                        .filter_map(|(i, _)| at(*i))
                        .map(|p| TriangleMarker::new(p, 9, c.filled())),
                )?
                .label(named_name.as_str())
                .legend(move |(x, y)| TriangleMarker::new((x + 10, y), 6, c.filled()));
            for (i, name) in named {
                if let Some((x, y)) = at(*i) {
                    chart.draw_series(std::iter::once(Text::new(
                        name.clone(),
                        (x, y + top * 0.03),
                        tick_font(),
                    )))?;
                }
            }
        }
        let mut row = 0;
        for jumps in &self.track.jumps {
            let (name, c) = (&jumps.name, rgb(jumps.colour));
            for (k, &(from, to)) in jumps.moves.iter().enumerate() {
                // Stagger the arrows so that overlapping jumps stay apart.
                let y = top * (0.04 + 0.035 * row as f64);
                row += 1;
                let s = chart.draw_series(DashedLineSeries::new(
                    vec![(from as f64, y), (to as f64, y)],
                    8,
                    4,
                    c.stroke_width(3),
                ))?;
                if k == 0 {
                    s.label(format!("{name} (from -> to)"))
                        .legend(line_legend(c));
                }
                chart.draw_series(std::iter::once(TriangleMarker::new(
                    (to as f64, y),
                    7,
                    c.filled(),
                )))?;
            }
        }
        legend(&mut chart, SeriesLabelPosition::UpperRight)?;
        Ok(())
    }
}

/// 5. The chance of ever landing on each space, bars in the space's colour.
pub struct LandingChart<'a> {
    /// The board's name, shown in the caption.
    pub board: &'a str,
    /// What to mark along the track (fills, traps, named spaces, jumps).
    pub track: &'a Track,
    /// P(a game lands on the space at least once), for each space in track order.
    pub p_land: Vec<f64>,
}

impl Chart for LandingChart<'_> {
    fn name(&self) -> &'static str {
        "landing"
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
        // Head room for the legend above the tallest bars.
        let top = (self.p_land.iter().cloned().fold(0.0, f64::max) * 1.5).min(1.2);
        let mut chart = track_axes(
            root,
            format!(
                "{}: chance of ever landing on each {}",
                self.board, self.track.word
            ),
            self.track,
            top,
            "P(land there at least once)",
            true,
        )?;
        chart.draw_series(self.p_land.iter().enumerate().map(|(i, &p)| {
            let x = i as f64;
            Rectangle::new(
                [(x - 0.42, 0.0), (x + 0.42, p)],
                self.track.fill(i).filled(),
            )
        }))?;
        let (trap_name, traps) = &self.track.traps;
        for &i in traps {
            chart.draw_series(std::iter::once(Cross::new(
                (i as f64, self.p_land[i] + top * 0.025),
                7,
                BLACK.stroke_width(2),
            )))?;
        }
        // Legend: the kinds of space, then the traps.
        for (name, c) in &self.track.kinds {
            chart
                .draw_series(std::iter::empty::<Rectangle<(f64, f64)>>())?
                .label(name.as_str())
                .legend(box_legend(rgb(*c)));
        }
        if !traps.is_empty() {
            chart
                .draw_series(std::iter::empty::<Cross<(f64, f64), i32>>())?
                .label(trap_name.as_str())
                .legend(|(x, y)| Cross::new((x + 10, y), 6, BLACK.stroke_width(2)));
        }
        legend(&mut chart, SeriesLabelPosition::UpperRight)?;
        Ok(())
    }
}
