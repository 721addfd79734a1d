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
use plotters::prelude::*;
use serde::{Deserialize, Serialize};

pub use board::{LandingChart, RemainingChart};
pub use length::{CdfChart, DeckChart, DistributionChart, SurvivalChart};
pub use odds::OddsChart;
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
/// Caption, label and tick sizes in pixels at the default 1200 x 800.
const TITLE: u32 = 30;
const LABEL: u32 = 20;
const TICK: u32 = 16;

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

/// Caption style.
fn title_font() -> (&'static str, u32, FontStyle) {
    (FONT, TITLE, FontStyle::Bold)
}

fn label_font() -> (&'static str, u32) {
    (FONT, LABEL)
}

fn tick_font() -> (&'static str, u32) {
    (FONT, TICK)
}

/// Chart colours.
mod palette {
    use plotters::style::RGBColor;

    pub const EXACT: RGBColor = RGBColor(52, 101, 164);
    pub const SIMULATED: RGBColor = RGBColor(204, 0, 0);
    pub const MEAN: RGBColor = RGBColor(204, 0, 0);
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
) -> DrawResult<DB> {
    chart
        .configure_series_labels()
        .position(position)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .label_font(tick_font())
        .draw()
}

/// A legend entry drawn as a short line.
fn line_legend(color: RGBColor) -> impl Fn((i32, i32)) -> PathElement<(i32, i32)> {
    move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(3))
}

/// A legend entry drawn as a filled box.
fn box_legend(color: RGBColor) -> impl Fn((i32, i32)) -> Rectangle<(i32, i32)> {
    move |(x, y)| Rectangle::new([(x, y - 6), (x + 20, y + 6)], color.filled())
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
