//! Charts of the game-length distribution: pmf, CDF, survival, i.i.d. against shuffled.

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;

use super::{
    builder, draw_legend, length_axis, palette, Chart, DrawResult, Key, Legend, Look, Shape,
};

/// A chart with turns across and probability up.
type LengthAxes<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// Axes for a length distribution: turns 0..x_max across, probability 0..top up.
fn length_axes<'a, DB: DrawingBackend>(
    root: &'a DrawingArea<DB, Shift>,
    look: Look,
    title: &str,
    x_max: f64,
    top: f64,
) -> Result<LengthAxes<'a, DB>, DrawingAreaErrorKind<DB::ErrorType>> {
    let k = look.scale;
    let mut chart = builder(root, look, title)
        .x_label_area_size(k.px(55))
        .y_label_area_size(k.px(90))
        .build_cartesian_2d(0f64..x_max, 0f64..top)?;
    let (width, height) = chart.plotting_area().dim_in_pixel();
    chart
        .configure_mesh()
        .x_labels(k.labels_across(width))
        .y_labels(k.labels_along(height))
        .x_desc("game length (turns)")
        .y_desc("probability")
        .axis_desc_style(k.label())
        .label_style(k.tick())
        .x_label_formatter(&|x| format!("{x:.0}"))
        .light_line_style(WHITE)
        .draw()?;
    Ok(chart)
}

/// 1. The exact pmf as bars, optionally a Monte Carlo histogram on top; mean, median and mode
///    marked.
pub struct DistributionChart<'a> {
    /// The board's name, shown in the caption.
    pub board: &'a str,
    /// The exact one-player pmf: `pmf[n]` = P(T = n).
    pub pmf: &'a [f64],
    /// E\[T\], in turns, marked as a line.
    pub mean: f64,
    /// The median length, in turns, marked as a line.
    pub median: usize,
    /// The most likely length, in turns, marked as a line.
    pub mode: usize,
    /// (games, frequency by length) of a simulation to overlay.
    pub simulated: Option<(u64, Vec<f64>)>,
}

impl DistributionChart<'_> {
    /// The marker lines: (turns, colour, legend label).
    fn markers(&self) -> [(f64, RGBColor, String); 3] {
        [
            (
                self.mean,
                palette::MEAN,
                format!("mean {:.2} (dashed)", self.mean),
            ),
            (
                self.median as f64,
                palette::MEDIAN,
                format!("median {}", self.median),
            ),
            (
                self.mode as f64,
                palette::MODE,
                format!("mode {}", self.mode),
            ),
        ]
    }
}

impl Chart for DistributionChart<'_> {
    fn name(&self) -> &'static str {
        "distribution"
    }

    fn title(&self) -> String {
        format!("{}: how long a one-player game lasts (exact)", self.board)
    }

    fn legend(&self) -> Vec<Legend> {
        let mut keys = vec![Key::new(
            "exact P(T = n), i.i.d. draws",
            Shape::Box,
            palette::EXACT,
        )];
        if let Some((games, _)) = &self.simulated {
            keys.push(Key::new(
                format!(
                    "Monte Carlo, {} i.i.d. games (solid)",
                    crate::input::number::count(*games)
                ),
                Shape::Line,
                palette::SIMULATED,
            ));
        }
        for (_, colour, label) in self.markers() {
            keys.push(Key::new(label, Shape::Dashed, colour));
        }
        Legend::of(keys)
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        look: Look,
    ) -> DrawResult<DB> {
        let k = look.scale;
        let x_max = length_axis(self.pmf);
        let top = self.pmf.iter().cloned().fold(0.0, f64::max) * 1.15;
        let mut chart = length_axes(root, look, &self.title(), x_max, top)?;
        chart.draw_series(self.pmf.iter().enumerate().map(|(n, &p)| {
            let x = n as f64;
            Rectangle::new(
                [(x - 0.4, 0.0), (x + 0.4, p)],
                palette::EXACT.mix(0.7).filled(),
            )
        }))?;
        if let Some((_, freq)) = &self.simulated {
            chart.draw_series(LineSeries::new(
                freq.iter().enumerate().map(|(n, &f)| (n as f64, f)),
                palette::SIMULATED.stroke_width(k.px(2)),
            ))?;
        }
        for (x, color, _) in self.markers() {
            chart.draw_series(DashedLineSeries::new(
                vec![(x, 0.0), (x, top * 0.97)],
                k.px(8),
                k.px(5),
                color.stroke_width(k.px(2)),
            ))?;
        }
        for legend in self.legend() {
            draw_legend(&mut chart, &legend, SeriesLabelPosition::UpperRight, look)?;
        }
        Ok(())
    }
}

/// 2. The CDF with the median and the 90 and 99 % points marked.
pub struct CdfChart<'a> {
    /// The board's name, shown in the caption.
    pub board: &'a str,
    /// The exact one-player pmf, `pmf[n]` = P(T = n), from which the CDF is summed.
    pub pmf: &'a [f64],
    /// (probability, turns) of the marked points.
    pub marks: Vec<(f64, usize)>,
}

impl CdfChart<'_> {
    /// The colour of the `i`-th marked point.
    fn colour(i: usize) -> RGBColor {
        palette::SERIES[(i + 1) % palette::SERIES.len()]
    }
}

impl Chart for CdfChart<'_> {
    fn name(&self) -> &'static str {
        "cdf"
    }

    fn title(&self) -> String {
        format!("{}: chance the game is over by turn n", self.board)
    }

    fn legend(&self) -> Vec<Legend> {
        let mut keys = vec![Key::new("exact CDF", Shape::Line, palette::EXACT)];
        for (i, &(p, n)) in self.marks.iter().enumerate() {
            keys.push(Key::new(
                format!("{}% of games end by turn {n}", p * 100.0),
                Shape::Dashed,
                Self::colour(i),
            ));
        }
        Legend::of(keys)
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        look: Look,
    ) -> DrawResult<DB> {
        let k = look.scale;
        let x_max = length_axis(self.pmf);
        let mut chart = builder(root, look, &self.title())
            .x_label_area_size(k.px(55))
            .y_label_area_size(k.px(80))
            .build_cartesian_2d(0f64..x_max, 0f64..1.02)?;
        let width = chart.plotting_area().dim_in_pixel().0;
        chart
            .configure_mesh()
            .x_desc("turns n")
            .y_desc("P(T <= n)")
            .axis_desc_style(k.label())
            .label_style(k.tick())
            .x_labels(k.labels_across(width))
            .x_label_formatter(&|x| format!("{x:.0}"))
            .draw()?;
        let mut c = 0.0;
        let mut points = Vec::new();
        for (n, p) in self.pmf.iter().enumerate() {
            points.push((n as f64, c));
            c += p;
            points.push((n as f64, c));
        }
        chart.draw_series(LineSeries::new(
            points,
            palette::EXACT.stroke_width(k.px(3)),
        ))?;
        for (i, &(p, n)) in self.marks.iter().enumerate() {
            let x = n as f64;
            chart.draw_series(DashedLineSeries::new(
                vec![(0.0, p), (x, p), (x, 0.0)],
                k.px(8),
                k.px(5),
                Self::colour(i).stroke_width(k.px(2)),
            ))?;
        }
        for legend in self.legend() {
            draw_legend(&mut chart, &legend, SeriesLabelPosition::LowerRight, look)?;
        }
        Ok(())
    }
}

/// 3. P(T > n) on a log scale, with the geometric tail C rho^n drawn and labelled.
pub struct SurvivalChart<'a> {
    /// The board's name, shown in the caption.
    pub board: &'a str,
    /// `survival[n]` = P(T > n).
    pub survival: &'a [f64],
    /// The tail rate rho and constant C of P(T > n) ~ C rho^n.
    pub rho: f64,
    /// The constant C of the geometric tail.
    pub c: f64,
}

impl SurvivalChart<'_> {
    /// Whether the geometric tail is drawn.
    fn has_tail(&self) -> bool {
        self.rho > 0.0 && self.rho < 1.0 && self.c > 0.0
    }
}

impl Chart for SurvivalChart<'_> {
    fn name(&self) -> &'static str {
        "survival"
    }

    fn title(&self) -> String {
        format!("{}: chance a game lasts longer than n turns", self.board)
    }

    fn legend(&self) -> Vec<Legend> {
        let mut keys = vec![Key::new("exact P(T > n)", Shape::Line, palette::EXACT)];
        if self.has_tail() {
            keys.push(Key::new(
                format!(
                    "geometric tail {:.3} x {:.5}^n: each turn, {:.2}% of the remaining games end",
                    self.c,
                    self.rho,
                    (1.0 - self.rho) * 100.0
                ),
                Shape::Dashed,
                palette::FIT,
            ));
        }
        Legend::of(keys)
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        look: Look,
    ) -> DrawResult<DB> {
        let floor = 1e-12;
        let last = self
            .survival
            .iter()
            .rposition(|&s| s >= floor)
            .unwrap_or(0)
            .max(1);
        let x_max = last as f64 * 1.05;
        let k = look.scale;
        let mut chart = builder(root, look, &self.title())
            .x_label_area_size(k.px(55))
            .y_label_area_size(k.px(100))
            .build_cartesian_2d(0f64..x_max, (floor..1.5f64).log_scale())?;
        let width = chart.plotting_area().dim_in_pixel().0;
        chart
            .configure_mesh()
            .x_desc("turns n")
            .y_desc("P(T > n), log scale")
            .axis_desc_style(k.label())
            .label_style(k.tick())
            .x_labels(k.labels_across(width))
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{y:.0e}"))
            .draw()?;
        chart.draw_series(LineSeries::new(
            self.survival
                .iter()
                .enumerate()
                .take(last + 1)
                .filter(|(_, &s)| s > 0.0)
                .map(|(n, &s)| (n as f64, s)),
            palette::EXACT.stroke_width(k.px(3)),
        ))?;
        if self.has_tail() {
            let tail: Vec<(f64, f64)> = (0..=last)
                .map(|n| (n as f64, self.c * self.rho.powi(n as i32)))
                .filter(|&(_, y)| (floor..=1.5).contains(&y))
                .collect();
            chart.draw_series(DashedLineSeries::new(
                tail,
                k.px(10),
                k.px(6),
                palette::FIT.stroke_width(k.px(2)),
            ))?;
        }
        for legend in self.legend() {
            draw_legend(&mut chart, &legend, SeriesLabelPosition::UpperRight, look)?;
        }
        Ok(())
    }
}

/// 8. The exact i.i.d. distribution and a shuffled-deck simulation on one chart.
pub struct DeckChart<'a> {
    /// The board's name, shown in the caption.
    pub board: &'a str,
    /// The exact one-player pmf under i.i.d. draws: `pmf[n]` = P(T = n).
    pub pmf: &'a [f64],
    /// The exact E\[T\] under i.i.d. draws, in turns.
    pub exact_mean: f64,
    /// (games, frequency by length, mean) of the shuffled-deck simulation.
    pub shuffled: (u64, Vec<f64>, f64),
}

impl Chart for DeckChart<'_> {
    fn name(&self) -> &'static str {
        "deck"
    }

    fn title(&self) -> String {
        format!("{}: i.i.d. draws against a real shuffled deck", self.board)
    }

    fn legend(&self) -> Vec<Legend> {
        let (games, _, mean) = &self.shuffled;
        Legend::of(vec![
            Key::new(
                format!("i.i.d. draws, exact (mean {:.2})", self.exact_mean),
                Shape::Line,
                palette::EXACT,
            ),
            Key::new(
                format!(
                    "shuffled deck, {} simulated games (mean {mean:.2})",
                    crate::input::number::count(*games)
                ),
                Shape::Line,
                palette::SIMULATED,
            ),
        ])
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        look: Look,
    ) -> DrawResult<DB> {
        let k = look.scale;
        let (_, freq, mean) = &self.shuffled;
        let x_max = length_axis(self.pmf);
        let top = self
            .pmf
            .iter()
            .chain(freq.iter())
            .cloned()
            .fold(0.0, f64::max)
            * 1.15;
        let mut chart = length_axes(root, look, &self.title(), x_max, top)?;
        chart.draw_series(LineSeries::new(
            self.pmf.iter().enumerate().map(|(n, &p)| (n as f64, p)),
            palette::EXACT.stroke_width(k.px(3)),
        ))?;
        chart.draw_series(LineSeries::new(
            freq.iter().enumerate().map(|(n, &f)| (n as f64, f)),
            palette::SIMULATED.stroke_width(k.px(3)),
        ))?;
        for legend in self.legend() {
            draw_legend(&mut chart, &legend, SeriesLabelPosition::UpperRight, look)?;
        }
        // Top left of the plot, where the distributions are still near zero.
        chart.draw_series(std::iter::once(Text::new(
            format!("difference in mean: {:+.2} turns", mean - self.exact_mean),
            (x_max * 0.02, top * 0.98),
            k.label(),
        )))?;
        Ok(())
    }
}
