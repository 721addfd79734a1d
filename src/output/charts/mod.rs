//! PNG and SVG charts (plotters).
//!
//! Text is drawn with the DejaVu Sans fonts embedded in the binary (the `dejavu` crate, licence
//! in `licenses/DejaVu-fonts-LICENSE.txt`) and registered with plotters' `ab_glyph` renderer,
//! so charts render the same on a machine with no font packages at all. Every chart is a
//! [`Chart`]: it draws on any plotters backend, and [`render`] turns it into PNG or SVG bytes,
//! so files can be written atomically by the caller.

pub mod board;
mod length;
mod odds;
pub mod players;
mod whatif;

use std::sync::Once;

use anyhow::{anyhow, Result};
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
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
/// Below the default size, text and spacing shrink as (size ratio)^this, more slowly than the
/// chart, so that small charts stay readable; above it they grow in proportion.
const SMALL_EXPONENT: f64 = 0.5;

/// Result of drawing on some backend.
pub type DrawResult<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// A chart that can draw itself on any plotters backend.
pub trait Chart {
    /// A short file name stem, e.g. "distribution".
    fn name(&self) -> &'static str;
    /// Draws the whole chart, caption included, on `area` (already filled white).
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> DrawResult<DB>;
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
    match format {
        Format::Png => {
            let mut pixels = vec![0u8; width as usize * height as usize * 3];
            {
                let root =
                    BitMapBackend::with_buffer(&mut pixels, (width, height)).into_drawing_area();
                root.fill(&WHITE).map_err(|e| fail(e.to_string()))?;
                chart.draw(&root).map_err(|e| fail(e.to_string()))?;
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
        Format::Svg => {
            let mut svg = String::new();
            {
                let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
                root.fill(&WHITE).map_err(|e| fail(e.to_string()))?;
                chart.draw(&root).map_err(|e| fail(e.to_string()))?;
                root.present().map_err(|e| fail(e.to_string()))?;
            }
            Ok(svg.into_bytes())
        }
    }
}

/// Text sizes and spacing of one chart, scaled from [`DEFAULT_SIZE`] to the chart's size.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Scale {
    /// The factor applied to every font size and spacing designed at the default size.
    k: f64,
}

impl Scale {
    /// The scale of a chart drawn on `area` (the whole chart, before any split).
    pub(crate) fn of<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>) -> Scale {
        let (w, h) = area.dim_in_pixel();
        Scale::for_size((w, h))
    }

    /// The scale of a chart of `width` x `height` pixels.
    pub(crate) fn for_size((width, height): (u32, u32)) -> Scale {
        let ratio = (f64::from(width) / f64::from(DEFAULT_SIZE.0))
            .min(f64::from(height) / f64::from(DEFAULT_SIZE.1));
        let k = if ratio >= 1.0 {
            ratio
        } else {
            ratio.powf(SMALL_EXPONENT)
        };
        Scale { k }
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
        (FONT, LABEL * self.k).into_font()
    }

    /// The font of tick labels and legends.
    pub(crate) fn tick(self) -> FontDesc<'static> {
        (FONT, TICK * self.k).into_font()
    }

    /// The usual margin around a chart.
    pub(crate) fn margin(self) -> u32 {
        self.px(20)
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

/// Draws the series legend in the usual style.
fn legend<'a, DB: DrawingBackend + 'a, CT: plotters::coord::CoordTranslate>(
    chart: &mut ChartContext<'a, DB, CT>,
    position: SeriesLabelPosition,
    scale: Scale,
) -> DrawResult<DB> {
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

/// A legend entry drawn as a short solid line.
fn line_legend(color: RGBColor, scale: Scale) -> impl Fn((i32, i32)) -> PathElement<(i32, i32)> {
    let (w, stroke) = (scale.dx(20), scale.px(3));
    move |(x, y)| PathElement::new(vec![(x, y), (x + w, y)], color.stroke_width(stroke))
}

/// A legend entry drawn as a short dashed line, for the dashed marker lines.
fn dashed_legend(
    color: RGBColor,
    scale: Scale,
) -> impl Fn((i32, i32)) -> DashedPathElement<std::vec::IntoIter<(i32, i32)>, i32> {
    let (w, dash, gap, stroke) = (scale.dx(21), scale.dx(6), scale.dx(4), scale.px(3));
    move |(x, y)| {
        DashedPathElement::new(
            vec![(x, y), (x + w, y)],
            dash,
            gap,
            color.stroke_width(stroke),
        )
    }
}

/// A legend entry drawn as a filled box.
fn box_legend(color: RGBColor, scale: Scale) -> impl Fn((i32, i32)) -> Rectangle<(i32, i32)> {
    let (w, h) = (scale.dx(20), scale.dx(6));
    move |(x, y)| Rectangle::new([(x, y - h), (x + w, y + h)], color.filled())
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
