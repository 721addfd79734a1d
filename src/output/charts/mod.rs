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
//!
//! How a chart is drawn at its size and in its frame is [`Look`] (`look.rs`); its legend
//! (`legend.rs`); number axes (`axes.rs`); its colours (`palette.rs`).

mod axes;
pub mod bars;
pub mod board;
mod legend;
mod length;
mod look;
mod odds;
mod palette;
pub mod players;
mod whatif;

use std::sync::Once;

use crate::error::{Error, Result};
use plotters::coord::Shift;
use plotters::prelude::*;
use serde::{Deserialize, Serialize};

pub use board::{LandingChart, RemainingChart};
pub use legend::{Key, Legend, Shape};
pub use length::{CdfChart, DeckChart, DistributionChart, SurvivalChart};
pub use look::{Frame, Look};
pub use odds::{odds_through_game, OddsChart};
pub use players::PlayersChart;
pub use whatif::WhatIfChart;

// The drawing helpers the chart modules take from here.
use axes::{length_axis, Ticked};
use legend::draw_legend;
use look::{builder, fitting, titled, Scale};

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

static FONTS: Once = Once::new();

/// Registers the embedded fonts with plotters (idempotent).
pub fn register_fonts() -> Result<()> {
    let mut result = Ok(());
    FONTS.call_once(|| {
        let regular =
            plotters::style::register_font(FONT, FontStyle::Normal, dejavu::sans::regular());
        let bold = plotters::style::register_font(FONT, FontStyle::Bold, dejavu::sans::bold());
        if regular.is_err() || bold.is_err() {
            result = Err(Error::Internal(
                "could not load the embedded DejaVu fonts".into(),
            ));
        }
    });
    result
}

/// Renders a chart to PNG or SVG bytes of `width` x `height` pixels.
pub fn render<C: Chart>(chart: &C, format: Format, (width, height): (u32, u32)) -> Result<Vec<u8>> {
    register_fonts()?;
    if width < MIN_SIZE.0 || height < MIN_SIZE.1 {
        return Err(Error::Internal(format!(
            "a {width}x{height} chart is smaller than the smallest readable size, {}x{}",
            MIN_SIZE.0, MIN_SIZE.1
        )));
    }
    let fail =
        |e: String| Error::Internal(format!("could not draw the {} chart: {e}", chart.name()));
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
    let fail =
        |e: String| Error::Internal(format!("could not draw the {} chart: {e}", chart.name()));
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| fail(e.to_string()))?;
        chart.draw(&root, look).map_err(|e| fail(e.to_string()))?;
        root.present().map_err(|e| fail(e.to_string()))?;
    }
    Ok(svg)
}
