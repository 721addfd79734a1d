//! Charts of the game-length distribution: pmf, CDF, survival, i.i.d. against shuffled.

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;

use super::{
    box_legend, dashed_legend, legend, length_axis, line_legend, palette, Chart, DrawResult, Scale,
};

/// A chart with turns across and probability up.
type LengthAxes<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// Axes for a length distribution: turns 0..x_max across, probability 0..top up.
fn length_axes<'a, DB: DrawingBackend>(
    root: &'a DrawingArea<DB, Shift>,
    title: String,
    x_max: f64,
    top: f64,
) -> Result<LengthAxes<'a, DB>, DrawingAreaErrorKind<DB::ErrorType>> {
    let k = Scale::of(root);
    let mut chart = ChartBuilder::on(root)
        .caption(&title, k.title(root, &title))
        .margin(k.margin())
        .x_label_area_size(k.px(55))
        .y_label_area_size(k.px(90))
        .build_cartesian_2d(0f64..x_max, 0f64..top)?;
    chart
        .configure_mesh()
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

impl Chart for DistributionChart<'_> {
    fn name(&self) -> &'static str {
        "distribution"
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
        let k = Scale::of(root);
        let x_max = length_axis(self.pmf);
        let top = self.pmf.iter().cloned().fold(0.0, f64::max) * 1.15;
        let mut chart = length_axes(
            root,
            format!("{}: how long a one-player game lasts (exact)", self.board),
            x_max,
            top,
        )?;
        chart
            .draw_series(self.pmf.iter().enumerate().map(|(n, &p)| {
                let x = n as f64;
                Rectangle::new(
                    [(x - 0.4, 0.0), (x + 0.4, p)],
                    palette::EXACT.mix(0.7).filled(),
                )
            }))?
            .label("exact P(T = n), i.i.d. draws")
            .legend(box_legend(palette::EXACT, k));
        if let Some((games, freq)) = &self.simulated {
            chart
                .draw_series(LineSeries::new(
                    freq.iter().enumerate().map(|(n, &f)| (n as f64, f)),
                    palette::SIMULATED.stroke_width(k.px(2)),
                ))?
                .label(format!("Monte Carlo, {games} i.i.d. games (solid)"))
                .legend(line_legend(palette::SIMULATED, k));
        }
        for (x, color, label) in [
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
        ] {
            chart
                .draw_series(DashedLineSeries::new(
                    vec![(x, 0.0), (x, top * 0.97)],
                    k.px(8),
                    k.px(5),
                    color.stroke_width(k.px(2)),
                ))?
                .label(label)
                .legend(dashed_legend(color, k));
        }
        legend(&mut chart, SeriesLabelPosition::UpperRight, k)?;
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

impl Chart for CdfChart<'_> {
    fn name(&self) -> &'static str {
        "cdf"
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
        let k = Scale::of(root);
        let x_max = length_axis(self.pmf);
        let title = format!("{}: chance the game is over by turn n", self.board);
        let mut chart = ChartBuilder::on(root)
            .caption(&title, k.title(root, &title))
            .margin(k.margin())
            .x_label_area_size(k.px(55))
            .y_label_area_size(k.px(80))
            .build_cartesian_2d(0f64..x_max, 0f64..1.02)?;
        chart
            .configure_mesh()
            .x_desc("turns n")
            .y_desc("P(T <= n)")
            .axis_desc_style(k.label())
            .label_style(k.tick())
            .x_label_formatter(&|x| format!("{x:.0}"))
            .draw()?;
        let mut c = 0.0;
        let mut points = Vec::new();
        for (n, p) in self.pmf.iter().enumerate() {
            points.push((n as f64, c));
            c += p;
            points.push((n as f64, c));
        }
        chart
            .draw_series(LineSeries::new(
                points,
                palette::EXACT.stroke_width(k.px(3)),
            ))?
            .label("exact CDF")
            .legend(line_legend(palette::EXACT, k));
        for (i, &(p, n)) in self.marks.iter().enumerate() {
            let color = palette::SERIES[(i + 1) % palette::SERIES.len()];
            let x = n as f64;
            chart
                .draw_series(DashedLineSeries::new(
                    vec![(0.0, p), (x, p), (x, 0.0)],
                    k.px(8),
                    k.px(5),
                    color.stroke_width(k.px(2)),
                ))?
                .label(format!("{}% of games end by turn {n}", p * 100.0))
                .legend(dashed_legend(color, k));
        }
        legend(&mut chart, SeriesLabelPosition::LowerRight, k)?;
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

impl Chart for SurvivalChart<'_> {
    fn name(&self) -> &'static str {
        "survival"
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
        let floor = 1e-12;
        let last = self
            .survival
            .iter()
            .rposition(|&s| s >= floor)
            .unwrap_or(0)
            .max(1);
        let x_max = last as f64 * 1.05;
        let k = Scale::of(root);
        let title = format!("{}: chance a game lasts longer than n turns", self.board);
        let mut chart = ChartBuilder::on(root)
            .caption(&title, k.title(root, &title))
            .margin(k.margin())
            .x_label_area_size(k.px(55))
            .y_label_area_size(k.px(100))
            .build_cartesian_2d(0f64..x_max, (floor..1.5f64).log_scale())?;
        chart
            .configure_mesh()
            .x_desc("turns n")
            .y_desc("P(T > n), log scale")
            .axis_desc_style(k.label())
            .label_style(k.tick())
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{y:.0e}"))
            .draw()?;
        chart
            .draw_series(LineSeries::new(
                self.survival
                    .iter()
                    .enumerate()
                    .take(last + 1)
                    .filter(|(_, &s)| s > 0.0)
                    .map(|(n, &s)| (n as f64, s)),
                palette::EXACT.stroke_width(k.px(3)),
            ))?
            .label("exact P(T > n)")
            .legend(line_legend(palette::EXACT, k));
        if self.rho > 0.0 && self.rho < 1.0 && self.c > 0.0 {
            let tail: Vec<(f64, f64)> = (0..=last)
                .map(|n| (n as f64, self.c * self.rho.powi(n as i32)))
                .filter(|&(_, y)| (floor..=1.5).contains(&y))
                .collect();
            chart
                .draw_series(DashedLineSeries::new(
                    tail,
                    k.px(10),
                    k.px(6),
                    palette::FIT.stroke_width(k.px(2)),
                ))?
                .label(format!(
                    "geometric tail {:.3} x {:.5}^n: each turn, {:.2}% of the remaining games end",
                    self.c,
                    self.rho,
                    (1.0 - self.rho) * 100.0
                ))
                .legend(dashed_legend(palette::FIT, k));
        }
        legend(&mut chart, SeriesLabelPosition::UpperRight, k)?;
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

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
        let k = Scale::of(root);
        let (games, freq, mean) = &self.shuffled;
        let x_max = length_axis(self.pmf);
        let top = self
            .pmf
            .iter()
            .chain(freq.iter())
            .cloned()
            .fold(0.0, f64::max)
            * 1.15;
        let mut chart = length_axes(
            root,
            format!("{}: i.i.d. draws against a real shuffled deck", self.board),
            x_max,
            top,
        )?;
        chart
            .draw_series(LineSeries::new(
                self.pmf.iter().enumerate().map(|(n, &p)| (n as f64, p)),
                palette::EXACT.stroke_width(k.px(3)),
            ))?
            .label(format!("i.i.d. draws, exact (mean {:.2})", self.exact_mean))
            .legend(line_legend(palette::EXACT, k));
        chart
            .draw_series(LineSeries::new(
                freq.iter().enumerate().map(|(n, &f)| (n as f64, f)),
                palette::SIMULATED.stroke_width(k.px(3)),
            ))?
            .label(format!(
                "shuffled deck, {games} simulated games (mean {mean:.2})"
            ))
            .legend(line_legend(palette::SIMULATED, k));
        legend(&mut chart, SeriesLabelPosition::UpperRight, k)?;
        // Top left of the plot, where the distributions are still near zero.
        chart.draw_series(std::iter::once(Text::new(
            format!("difference in mean: {:+.2} turns", mean - self.exact_mean),
            (x_max * 0.02, top * 0.98),
            k.label(),
        )))?;
        Ok(())
    }
}
