//! Charts along the board: remaining turns and the chance of landing on each space.

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;

use super::{box_legend, legend, line_legend, palette, Chart, DrawResult, Scale};
use crate::games::Rgb;
use crate::games::Track;

fn rgb((r, g, b): Rgb) -> RGBColor {
    RGBColor(r, g, b)
}

impl Track {
    fn fill(&self, i: usize) -> RGBColor {
        rgb(self.kinds[self.fills[i]].1)
    }
}

/// A y tick label: none below 0 (the band of jumps), else the value with at most three
/// decimals and at least one.
fn y_label(y: &f64) -> String {
    if *y < -1e-9 {
        return String::new();
    }
    let mut s = format!("{:.3}", y.max(0.0));
    while s.ends_with('0') && !s.ends_with(".0") {
        s.pop();
    }
    s
}

type TrackAxes<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// The axes both board charts share: one position per x unit (numbered as the board numbers
/// them), `bottom..top` up (values below 0 are not labelled: that band holds the jumps);
/// `white_grid` hides the fine grid lines (behind bars).
fn track_axes<'a, DB: DrawingBackend>(
    root: &'a DrawingArea<DB, Shift>,
    title: String,
    track: &Track,
    (bottom, top): (f64, f64),
    y_desc: &str,
    white_grid: bool,
) -> Result<TrackAxes<'a, DB>, DrawingAreaErrorKind<DB::ErrorType>> {
    let k = Scale::of(root);
    let first = track.first_number as f64;
    let mut chart = ChartBuilder::on(root)
        .caption(&title, k.title(root, &title))
        .margin(k.margin())
        .x_label_area_size(k.px(55))
        .y_label_area_size(k.px(80))
        .build_cartesian_2d(-1f64..track.fills.len() as f64, bottom..top)?;
    let formatter = |x: &f64| format!("{:.0}", x + first);
    let mut mesh = chart.configure_mesh();
    mesh.x_desc(&track.axis)
        .y_desc(y_desc)
        .axis_desc_style(k.label())
        .label_style(k.tick())
        .x_label_formatter(&formatter);
    if bottom < 0.0 {
        mesh.y_label_formatter(&y_label);
    }
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

/// One jump placed in the band under the curve.
struct Placed {
    /// Index of its kind in [`Track::jumps`].
    kind: usize,
    from: usize,
    to: usize,
    /// Its row in the band, 0 nearest the axis.
    lane: usize,
}

/// Places every jump in a row of the band, kind after kind, each in the first row of its kind
/// where it keeps a space clear of the others (greedy interval packing); returns the jumps and
/// the number of rows.
fn lanes(track: &Track) -> (Vec<Placed>, usize) {
    let mut placed = Vec::new();
    let mut used = 0;
    for (kind, jumps) in track.jumps.iter().enumerate() {
        let mut moves = jumps.moves.clone();
        moves.sort_by_key(|&(f, t)| (f.min(t), f.max(t)));
        // The right end of each row of this kind.
        let mut ends: Vec<usize> = Vec::new();
        for (from, to) in moves {
            let (left, right) = (from.min(to), from.max(to));
            let lane = match ends.iter().position(|&e| e + 1 < left) {
                Some(l) => l,
                None => {
                    ends.push(0);
                    ends.len() - 1
                }
            };
            ends[lane] = right;
            placed.push(Placed {
                kind,
                from,
                to,
                lane: used + lane,
            });
        }
        used += ends.len();
    }
    (placed, used)
}

/// The height of one row of the band, as a share of the data's height.
fn lane_share(lanes: usize) -> f64 {
    0.035f64.min(0.3 / lanes.max(1) as f64)
}

impl Chart for RemainingChart<'_> {
    fn name(&self) -> &'static str {
        "remaining"
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
        let k = Scale::of(root);
        let top = self.remaining.iter().flatten().cloned().fold(0.0, f64::max) * 1.12;
        let (placed, rows) = lanes(self.track);
        let lane = top * lane_share(rows);
        let bottom = if rows == 0 {
            0.0
        } else {
            -(rows as f64 + 0.5) * lane
        };
        let mut chart = track_axes(
            root,
            format!(
                "{}: expected turns left from each {}",
                self.board, self.track.word
            ),
            self.track,
            (bottom, top),
            "expected remaining turns",
            false,
        )?;
        self.curve(&mut chart, k, top)?;
        self.jumps(&mut chart, k, &placed, lane)?;
        legend(&mut chart, SeriesLabelPosition::UpperRight, k)?;
        Ok(())
    }
}

impl RemainingChart<'_> {
    /// The point of space `i`, where a game can rest there.
    fn at(&self, i: usize) -> Option<(f64, f64)> {
        self.remaining[i].map(|e| (i as f64, e))
    }

    /// The curve (broken where no game rests), its points in the spaces' colours, the traps
    /// and the named spaces.
    fn curve<DB: DrawingBackend>(
        &self,
        chart: &mut TrackAxes<'_, DB>,
        k: Scale,
        top: f64,
    ) -> DrawResult<DB> {
        let n = self.remaining.len();
        let mut segment: Vec<(f64, f64)> = Vec::new();
        let mut segments = Vec::new();
        for i in 0..n {
            match self.at(i) {
                Some(p) => segment.push(p),
                None => segments.push(std::mem::take(&mut segment)),
            }
        }
        segments.push(segment);
        let line = palette::EXACT.stroke_width(k.px(2));
        for (j, s) in segments.into_iter().filter(|s| !s.is_empty()).enumerate() {
            let series = chart.draw_series(LineSeries::new(s, line))?;
            if j == 0 {
                series
                    .label("expected turns left")
                    .legend(line_legend(palette::EXACT, k));
            }
        }
        chart.draw_series(
            (0..n)
                .filter_map(|i| self.at(i).map(|p| (i, p)))
                .map(|(i, p)| Circle::new(p, k.px(3), self.track.fill(i).filled())),
        )?;
        let (trap_name, traps) = &self.track.traps;
        let cross = BLACK.stroke_width(k.px(3));
        if !traps.is_empty() {
            let (big, small) = (k.dx(9), k.dx(6));
            chart
                .draw_series(
                    traps
                        .iter()
                        .filter_map(|&i| self.at(i))
                        .map(|p| Cross::new(p, big, cross)),
                )?
                .label(trap_name.as_str())
                .legend(move |(x, y)| Cross::new((x + small * 2, y), small, cross));
        }
        let (named_name, named_rgb, named) = &self.track.named;
        if !named.is_empty() {
            let c = rgb(*named_rgb);
            let (big, small) = (k.dx(9), k.dx(6));
            chart
                .draw_series(
                    named
                        .iter()
                        .filter_map(|(i, _)| self.at(*i))
                        .map(|p| TriangleMarker::new(p, big, c.filled())),
                )?
                .label(named_name.as_str())
                .legend(move |(x, y)| TriangleMarker::new((x + small * 2, y), small, c.filled()));
            for (i, name) in named {
                if let Some((x, y)) = self.at(*i) {
                    chart.draw_series(std::iter::once(Text::new(
                        name.clone(),
                        (x, y + top * 0.03),
                        k.tick(),
                    )))?;
                }
            }
        }
        Ok(())
    }

    /// The jumps, in a shaded band under the axis' 0, below all the data: each an arrow from a
    /// dot on the space it leaves to a head on the space it reaches, one row per overlap.
    fn jumps<DB: DrawingBackend>(
        &self,
        chart: &mut TrackAxes<'_, DB>,
        k: Scale,
        placed: &[Placed],
        lane: f64,
    ) -> DrawResult<DB> {
        if placed.is_empty() {
            return Ok(());
        }
        let n = self.remaining.len() as f64;
        let rows = placed.iter().map(|p| p.lane + 1).max().unwrap_or(0) as f64;
        chart.draw_series(std::iter::once(Rectangle::new(
            [(-1.0, -(rows + 0.5) * lane), (n, 0.0)],
            RGBColor(242, 242, 242).filled(),
        )))?;
        let head = (n * 0.012).max(0.5);
        for (kind, jumps) in self.track.jumps.iter().enumerate() {
            let c = rgb(jumps.colour);
            let style = c.stroke_width(k.px(2));
            let mine = || placed.iter().filter(move |p| p.kind == kind);
            let y = |p: &Placed| -(p.lane as f64 + 0.75) * lane;
            let toward = |p: &Placed| if p.to > p.from { 1.0 } else { -1.0 };
            chart
                .draw_series(mine().map(|p| {
                    let base = p.to as f64 - toward(p) * head;
                    PathElement::new(vec![(p.from as f64, y(p)), (base, y(p))], style)
                }))?
                .label(format!("{} (arrows in the grey band)", jumps.name))
                .legend(line_legend(c, k));
            chart.draw_series(mine().map(|p| {
                let (tip, base) = (p.to as f64, p.to as f64 - toward(p) * head);
                Polygon::new(
                    vec![
                        (tip, y(p)),
                        (base, y(p) + lane * 0.4),
                        (base, y(p) - lane * 0.4),
                    ],
                    c.filled(),
                )
            }))?;
            chart.draw_series(
                mine().map(|p| Circle::new((p.from as f64, y(p)), k.px(3), c.filled())),
            )?;
        }
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
        let k = Scale::of(root);
        // Head room for the legend above the tallest bars.
        let top = (self.p_land.iter().cloned().fold(0.0, f64::max) * 1.5).min(1.2);
        let mut chart = track_axes(
            root,
            format!(
                "{}: chance of ever landing on each {}",
                self.board, self.track.word
            ),
            self.track,
            (0.0, top),
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
                k.dx(7),
                BLACK.stroke_width(k.px(2)),
            )))?;
        }
        // Legend: the kinds of space, then the traps.
        for (name, c) in &self.track.kinds {
            chart
                .draw_series(std::iter::empty::<Rectangle<(f64, f64)>>())?
                .label(name.as_str())
                .legend(box_legend(rgb(*c), k));
        }
        if !traps.is_empty() {
            let (size, stroke) = (k.dx(6), BLACK.stroke_width(k.px(2)));
            chart
                .draw_series(std::iter::empty::<Cross<(f64, f64), i32>>())?
                .label(trap_name.as_str())
                .legend(move |(x, y)| Cross::new((x + 2 * size, y), size, stroke));
        }
        legend(&mut chart, SeriesLabelPosition::UpperRight, k)?;
        Ok(())
    }
}
