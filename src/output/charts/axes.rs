//! Number axes: ticks only where the chart puts them, and the range a length distribution is
//! shown over.

use plotters::prelude::*;

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

/// The x range shown for a length distribution: up to its 99.9 % point, plus a margin.
pub(super) fn length_axis(pmf: &[f64]) -> f64 {
    let mut c = 0.0;
    for (n, p) in pmf.iter().enumerate() {
        c += p;
        if c >= 0.999 {
            return (n as f64 * 1.05).ceil() + 1.0;
        }
    }
    pmf.len() as f64
}
