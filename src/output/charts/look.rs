//! How a chart is drawn: its text sizes and spacing, scaled from the size it was designed at
//! to the size it is drawn at, and its frame (a picture carries its caption, a page drawing
//! leaves it to the page); the chart builders and captions that follow from them, and the
//! choice of a text that fits.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::{DEFAULT_SIZE, FONT};

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

/// Where a chart's caption and legend go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Frame {
    /// In the drawing: a picture that stands on its own (a PNG or SVG file).
    Picture,
    /// Out of the drawing: a web page shows them as text (see [`super::render_page`]).
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

/// A chart builder on `root`, with the chart's caption when `look` frames it as a picture,
/// and the usual margin.
pub(super) fn builder<'a, 'b, DB: DrawingBackend>(
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
pub(super) fn fitting<'t, DB: DrawingBackend>(
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
pub(super) fn titled<DB: DrawingBackend>(
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
