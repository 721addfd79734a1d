//! What each colour and mark of a chart means: its legend, drawn in the chart when it is a
//! picture and given to the page as text otherwise ([`super::Chart::legend`]).

use plotters::element::{Drawable, PointCollection};
use plotters::prelude::*;

use super::{DrawResult, Look, Scale};

/// What one legend entry looks like on the chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// A solid line.
    Line,
    /// A dashed line.
    Dashed,
    /// A filled box (a bar).
    Box,
    /// A cross.
    Cross,
    /// A filled triangle.
    Triangle,
}

/// One legend entry: a mark and what it stands for.
#[derive(Debug, Clone, PartialEq)]
pub struct Key {
    /// What the mark stands for.
    pub label: String,
    /// How it is drawn.
    pub shape: Shape,
    /// Its colour.
    pub colour: (u8, u8, u8),
}

impl Key {
    pub(super) fn new(label: impl Into<String>, shape: Shape, colour: RGBColor) -> Key {
        Key {
            label: label.into(),
            shape,
            colour: (colour.0, colour.1, colour.2),
        }
    }
}

/// The legend of one panel of a chart.
#[derive(Debug, Clone, PartialEq)]
pub struct Legend {
    /// The panel's name, for a chart of several panels.
    pub title: Option<String>,
    /// Its entries, in order.
    pub keys: Vec<Key>,
}

impl Legend {
    /// The legend of a chart of one panel.
    pub(super) fn of(keys: Vec<Key>) -> Vec<Legend> {
        vec![Legend { title: None, keys }]
    }
}

/// Draws a panel's legend in the usual style at `position`, when `look` frames the chart as
/// a picture (on a page, the page shows it).
pub(super) fn draw_legend<'a, DB: DrawingBackend + 'a, CT: plotters::coord::CoordTranslate>(
    chart: &mut ChartContext<'a, DB, CT>,
    legend: &Legend,
    position: SeriesLabelPosition,
    look: Look,
) -> DrawResult<DB> {
    if !look.framed() || legend.keys.is_empty() {
        return Ok(());
    }
    let scale = look.scale;
    for key in &legend.keys {
        let colour = RGBColor(key.colour.0, key.colour.1, key.colour.2);
        let shape = key.shape;
        chart
            .draw_series(std::iter::empty::<Circle<CT::From, i32>>())?
            .label(key.label.as_str())
            .legend(move |at| LegendMark {
                shape,
                colour,
                scale,
                at,
            });
    }
    chart
        .configure_series_labels()
        .position(position)
        .margin(scale.px(10))
        .legend_area_size(scale.px(30))
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .label_font(scale.tick())
        .draw()
}

/// A legend entry's mark, drawn at its point: lines and boxes to the right of it, crosses and
/// triangles centred a little to the right. (One element type for every shape: plotters'
/// boxed elements would not let the chart borrow its backend.)
struct LegendMark {
    shape: Shape,
    colour: RGBColor,
    scale: Scale,
    at: (i32, i32),
}

impl<'a> PointCollection<'a, (i32, i32)> for &'a LegendMark {
    type Point = &'a (i32, i32);
    type IntoIter = std::iter::Once<&'a (i32, i32)>;
    fn point_iter(self) -> Self::IntoIter {
        std::iter::once(&self.at)
    }
}

impl<DB: DrawingBackend> Drawable<DB> for LegendMark {
    fn draw<I: Iterator<Item = (i32, i32)>>(
        &self,
        mut points: I,
        backend: &mut DB,
        _: (u32, u32),
    ) -> Result<(), plotters_backend::DrawingErrorKind<DB::ErrorType>> {
        let Some((x, y)) = points.next() else {
            return Ok(());
        };
        let k = self.scale;
        let line = self.colour.stroke_width(k.px(3));
        match self.shape {
            Shape::Line => backend.draw_line((x, y), (x + k.dx(20), y), &line),
            Shape::Dashed => {
                let (dash, gap) = (k.dx(6), k.dx(4));
                let mut from = x;
                while from < x + k.dx(21) {
                    let to = (from + dash).min(x + k.dx(21));
                    backend.draw_line((from, y), (to, y), &line)?;
                    from = to + gap;
                }
                Ok(())
            }
            Shape::Box => backend.draw_rect(
                (x, y - k.dx(6)),
                (x + k.dx(20), y + k.dx(6)),
                &self.colour.filled(),
                true,
            ),
            Shape::Cross => {
                let (c, r) = (x + k.dx(12), k.dx(6));
                backend.draw_line((c - r, y - r), (c + r, y + r), &line)?;
                backend.draw_line((c - r, y + r), (c + r, y - r), &line)
            }
            Shape::Triangle => {
                let (c, r) = (x + k.dx(12), k.dx(7));
                backend.fill_polygon(
                    vec![(c, y - r), (c - r, y + r * 2 / 3), (c + r, y + r * 2 / 3)],
                    &self.colour.filled(),
                )
            }
        }
    }
}
