//! PNG and SVG charts (plotters).
//!
//! Text is drawn with the DejaVu Sans fonts embedded in the binary (the `dejavu` crate, licence
//! in `licenses/DejaVu-fonts-LICENSE.txt`) and registered with plotters' `ab_glyph` renderer,
//! so charts render the same on a machine with no font packages at all. Every chart is a
//! [`Chart`]: it draws on any plotters backend, and [`render`] turns it into PNG or SVG bytes,
//! so files can be written atomically by the caller.
//!
//! A chart is drawn in one of two frames ([`Frame`]). As a picture (a file), it carries its
//! caption and legend. On a web page ([`render_page`]), it leaves them out: the page shows the
//! caption and the legend ([`Chart::legend`]) as text, which wraps and keeps its size on any
//! screen, while the drawing keeps only what must sit on the axes (ticks, axis names), sized
//! for the width the page shows it at.

pub mod board;
pub mod hare;
mod length;
mod odds;
pub mod players;
mod whatif;

use std::sync::Once;

use anyhow::{anyhow, Result};
use plotters::coord::Shift;
use plotters::element::{Drawable, PointCollection};
use plotters::prelude::*;
use serde::{Deserialize, Serialize};

pub use board::{LandingChart, RemainingChart};
pub use length::{CdfChart, DeckChart, DistributionChart, SurvivalChart};
pub use odds::{odds_through_game, OddsChart};
pub use players::PlayersChart;
pub use whatif::WhatIfChart;

/// Output format of a chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// A PNG bitmap (RGB, 8 bits per channel).
    Png,
    /// An SVG vector drawing.
    Svg,
}

impl Format {
    /// The file extension without the dot: `png` or `svg`.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Png => "png",
            Format::Svg => "svg",
        }
    }
}

/// The font family every chart uses; registered once per process.
pub const FONT: &str = "sans-serif";
/// The default chart size (`report --size`, `play --chart`); text and spacing are designed at
/// this size and scaled from it.
pub const DEFAULT_SIZE: (u32, u32) = (1200, 800);
/// The smallest chart size [`render`] accepts: below it the text no longer fits readably.
pub const MIN_SIZE: (u32, u32) = (480, 320);
/// Caption, label and tick sizes in pixels at [`DEFAULT_SIZE`].
const TITLE: f64 = 30.0;
const LABEL: f64 = 20.0;
const TICK: f64 = 16.0;
/// A font of size s (plotters' size, the height of a line of text) is an SVG `font-size` of
/// s / 1.24: plotters' SVG backend writes it so, and DejaVu Sans's line is 1.24 em high.
const SVG_FONT_RATIO: f64 = 1.24;
/// Below the default size, text and spacing shrink as (size ratio)^this, more slowly than the
/// chart, so that small charts stay readable; above it they grow in proportion.
const SMALL_EXPONENT: f64 = 0.5;

/// Result of drawing on some backend.
pub type DrawResult<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// A chart that can draw itself on any plotters backend.
pub trait Chart {
    /// A short file name stem, e.g. "distribution".
    fn name(&self) -> &'static str;
    /// The caption: what the chart shows, of which board.
    fn title(&self) -> String;
    /// What each colour and mark means: one group per panel of the chart.
    fn legend(&self) -> Vec<Legend>;
    /// Draws the chart on `area` (already filled white), with its caption and legend when
    /// `look` frames it as a picture.
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>, look: Look)
        -> DrawResult<DB>;
}

/// Where a chart's caption and legend go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Frame {
    /// In the drawing: a picture that stands on its own (a PNG or SVG file).
    Picture,
    /// Out of the drawing: a web page shows them as text (see [`render_page`]).
    Page,
}

/// How a chart is drawn: its text sizes and spacing, and its frame.
#[derive(Debug, Clone, Copy)]
pub struct Look {
    pub(crate) scale: Scale,
    pub(crate) frame: Frame,
}

impl Look {
    /// A picture of `size` pixels: text and spacing scaled from [`DEFAULT_SIZE`].
    pub fn picture(size: (u32, u32)) -> Look {
        Look {
            scale: Scale::for_size(size),
            frame: Frame::Picture,
        }
    }

    /// A drawing for a web page whose tick labels are `tick` pixels of the drawing (the
    /// caption and legend are the page's).
    pub fn page(tick: f64) -> Look {
        Look {
            scale: Scale {
                k: tick * SVG_FONT_RATIO / TICK,
                label_ratio: 1.0,
            },
            frame: Frame::Page,
        }
    }

    /// Whether the caption and the legend are drawn.
    pub(crate) fn framed(self) -> bool {
        self.frame == Frame::Picture
    }
}

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
    fn new(label: impl Into<String>, shape: Shape, colour: RGBColor) -> Key {
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
    fn of(keys: Vec<Key>) -> Vec<Legend> {
        vec![Legend { title: None, keys }]
    }
}

static FONTS: Once = Once::new();

/// Registers the embedded fonts with plotters (idempotent).
pub fn register_fonts() -> Result<()> {
    let mut result = Ok(());
    FONTS.call_once(|| {
        let regular =
            plotters::style::register_font(FONT, FontStyle::Normal, dejavu::sans::regular());
        let bold = plotters::style::register_font(FONT, FontStyle::Bold, dejavu::sans::bold());
        if regular.is_err() || bold.is_err() {
            result = Err(anyhow!("could not load the embedded DejaVu fonts"));
        }
    });
    result
}

/// Renders a chart to PNG or SVG bytes of `width` x `height` pixels.
pub fn render<C: Chart>(chart: &C, format: Format, (width, height): (u32, u32)) -> Result<Vec<u8>> {
    register_fonts()?;
    if width < MIN_SIZE.0 || height < MIN_SIZE.1 {
        return Err(anyhow!(
            "a {width}x{height} chart is smaller than the smallest readable size, {}x{}",
            MIN_SIZE.0,
            MIN_SIZE.1
        ));
    }
    let fail = |e: String| anyhow!("could not draw the {} chart: {e}", chart.name());
    let look = Look::picture((width, height));
    match format {
        Format::Png => {
            let mut pixels = vec![0u8; width as usize * height as usize * 3];
            {
                let root =
                    BitMapBackend::with_buffer(&mut pixels, (width, height)).into_drawing_area();
                root.fill(&WHITE).map_err(|e| fail(e.to_string()))?;
                chart.draw(&root, look).map_err(|e| fail(e.to_string()))?;
                root.present().map_err(|e| fail(e.to_string()))?;
            }
            let mut png = Vec::new();
            image::ImageEncoder::write_image(
                image::codecs::png::PngEncoder::new(&mut png),
                &pixels,
                width,
                height,
                image::ColorType::Rgb8,
            )?;
            Ok(png)
        }
        Format::Svg => Ok(svg(chart, (width, height), look)?.into_bytes()),
    }
}

/// Draws a chart for a web page: an SVG of `size` pixels in the [`Frame::Page`] frame (no
/// caption, no legend: the page shows [`Chart::title`] and [`Chart::legend`] as text), its
/// tick labels `tick` pixels high in the drawing's own units. Sizes below [`MIN_SIZE`] are
/// allowed: the page decides how wide a drawing it shows.
pub fn render_page<C: Chart>(chart: &C, size: (u32, u32), tick: f64) -> Result<String> {
    register_fonts()?;
    svg(chart, size, Look::page(tick))
}

/// Draws a chart as SVG text.
fn svg<C: Chart>(chart: &C, (width, height): (u32, u32), look: Look) -> Result<String> {
    let fail = |e: String| anyhow!("could not draw the {} chart: {e}", chart.name());
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| fail(e.to_string()))?;
        chart.draw(&root, look).map_err(|e| fail(e.to_string()))?;
        root.present().map_err(|e| fail(e.to_string()))?;
    }
    Ok(svg)
}

/// Text sizes and spacing of one chart, scaled from [`DEFAULT_SIZE`] to the chart's size.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Scale {
    /// The factor applied to every font size and spacing designed at the default size.
    k: f64,
    /// Axis descriptions' size over the tick labels': [`LABEL`] / [`TICK`] in a picture, where
    /// they head the axes; 1 in a page drawing, where the tick labels are already the size of
    /// the page's text on a phone and larger axis names would outgrow the page's own text on a
    /// wider screen.
    label_ratio: f64,
}

impl Scale {
    /// The scale of a chart of `width` x `height` pixels.
    pub(crate) fn for_size((width, height): (u32, u32)) -> Scale {
        let ratio = (f64::from(width) / f64::from(DEFAULT_SIZE.0))
            .min(f64::from(height) / f64::from(DEFAULT_SIZE.1));
        let k = if ratio >= 1.0 {
            ratio
        } else {
            ratio.powf(SMALL_EXPONENT)
        };
        Scale {
            k,
            label_ratio: LABEL / TICK,
        }
    }

    /// `n` pixels at the default size, scaled.
    pub(crate) fn px(self, n: u32) -> u32 {
        (f64::from(n) * self.k).round().max(1.0) as u32
    }

    /// [`Scale::px`] as a signed coordinate.
    pub(crate) fn dx(self, n: u32) -> i32 {
        self.px(n) as i32
    }

    /// The caption font, shrunk further if `text` would not fit across `area`.
    pub(crate) fn title<DB: DrawingBackend>(
        self,
        area: &DrawingArea<DB, Shift>,
        text: &str,
    ) -> FontDesc<'static> {
        let size = TITLE * self.k;
        let font = (FONT, size, FontStyle::Bold).into_font();
        let room = f64::from(area.dim_in_pixel().0.saturating_sub(2 * self.px(20)));
        match area.estimate_text_size(text, &font.clone().into()) {
            Ok((w, _)) if f64::from(w) > room && w > 0 => {
                (FONT, size * room / f64::from(w), FontStyle::Bold).into_font()
            }
            _ => font,
        }
    }

    /// The font of axis descriptions and sub-chart captions.
    pub(crate) fn label(self) -> FontDesc<'static> {
        (FONT, TICK * self.label_ratio * self.k).into_font()
    }

    /// The font of tick labels and legends.
    pub(crate) fn tick(self) -> FontDesc<'static> {
        (FONT, TICK * self.k).into_font()
    }

    /// The usual margin around a chart.
    pub(crate) fn margin(self) -> u32 {
        self.px(20)
    }

    /// The height of a tick label's line, in pixels.
    pub(crate) fn tick_px(self) -> f64 {
        TICK * self.k
    }

    /// How many numbered ticks an axis `pixels` long across the chart has room for: their
    /// labels (up to four digits) a label's width apart, at most 10 (plotters' default).
    pub(crate) fn labels_across(self, pixels: u32) -> usize {
        ((f64::from(pixels) / (4.0 * self.tick_px())) as usize).clamp(3, 10)
    }

    /// How many numbered ticks an axis `pixels` long up the chart has room for: two lines of
    /// text apart, at most 10.
    pub(crate) fn labels_along(self, pixels: u32) -> usize {
        ((f64::from(pixels) / (2.5 * self.tick_px())) as usize).clamp(3, 10)
    }
}

/// Chart colours.
mod palette {
    use plotters::style::RGBColor;

    pub const EXACT: RGBColor = RGBColor(52, 101, 164);
    /// A simulated histogram drawn over the exact one: orange, apart from every marker line.
    pub const SIMULATED: RGBColor = RGBColor(245, 121, 0);
    /// The mean's marker line.
    pub const MEAN: RGBColor = RGBColor(204, 0, 0);
    /// A fitted curve (the geometric tail).
    pub const FIT: RGBColor = RGBColor(204, 0, 0);
    pub const MEDIAN: RGBColor = RGBColor(78, 154, 6);
    pub const MODE: RGBColor = RGBColor(117, 80, 123);
    pub const LONGER: RGBColor = RGBColor(204, 0, 0);
    pub const SHORTER: RGBColor = RGBColor(78, 154, 6);
    /// One colour per number of players / seat.
    pub const SERIES: [RGBColor; 6] = [
        RGBColor(52, 101, 164),
        RGBColor(245, 121, 0),
        RGBColor(78, 154, 6),
        RGBColor(204, 0, 0),
        RGBColor(117, 80, 123),
        RGBColor(193, 125, 17),
    ];
}

/// A number axis with its ticks where the chart puts them (no fine grid): the band of jumps
/// under 0 or the empty rows under a ranking have none.
#[derive(Clone)]
pub(crate) struct Ticked {
    range: plotters::coord::types::RangedCoordf64,
    ticks: Vec<f64>,
}

impl Ticked {
    /// `range`, with ticks at `ticks`.
    pub(crate) fn new(range: std::ops::Range<f64>, ticks: Vec<f64>) -> Ticked {
        Ticked {
            range: range.into(),
            ticks,
        }
    }
}

impl Ranged for Ticked {
    type ValueType = f64;
    type FormatOption = plotters::coord::ranged1d::DefaultFormatting;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        self.range.map(value, limit)
    }

    fn key_points<Hint: plotters::coord::ranged1d::KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        if hint.weight().allow_light_points() {
            Vec::new()
        } else {
            self.ticks.clone()
        }
    }

    fn range(&self) -> std::ops::Range<f64> {
        self.range.range()
    }
}

/// A chart builder on `root`, with the chart's caption when `look` frames it as a picture,
/// and the usual margin.
fn builder<'a, 'b, DB: DrawingBackend>(
    root: &'a DrawingArea<DB, Shift>,
    look: Look,
    title: &str,
) -> ChartBuilder<'a, 'b, DB> {
    let mut b = ChartBuilder::on(root);
    if look.framed() {
        b.caption(title, look.scale.title(root, title));
    }
    b.margin(look.scale.margin());
    b
}

/// The first of `texts` that fits in `room` pixels across in `font`, else the last (the
/// shortest, by the caller's order).
fn fitting<'t, DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    font: &FontDesc,
    room: u32,
    texts: &[&'t str],
) -> &'t str {
    let style: TextStyle = font.clone().into();
    texts
        .iter()
        .find(|t| {
            area.estimate_text_size(t, &style)
                .is_ok_and(|(w, _)| w <= room)
        })
        .or(texts.last())
        .copied()
        .unwrap_or("")
}

/// `root` with the chart's caption drawn on top when `look` frames it as a picture, for charts
/// of several panels.
fn titled<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    look: Look,
    title: &str,
) -> Result<DrawingArea<DB, Shift>, DrawingAreaErrorKind<DB::ErrorType>> {
    if look.framed() {
        root.titled(title, look.scale.title(root, title))
    } else {
        Ok(root.clone())
    }
}

/// Draws a panel's legend in the usual style at `position`, when `look` frames the chart as
/// a picture (on a page, the page shows it).
fn draw_legend<'a, DB: DrawingBackend + 'a, CT: plotters::coord::CoordTranslate>(
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

/// The x range shown for a length distribution: up to its 99.9 % point, plus a margin.
fn length_axis(pmf: &[f64]) -> f64 {
    let mut c = 0.0;
    for (n, p) in pmf.iter().enumerate() {
        c += p;
        if c >= 0.999 {
            return (n as f64 * 1.05).ceil() + 1.0;
        }
    }
    pmf.len() as f64
}
