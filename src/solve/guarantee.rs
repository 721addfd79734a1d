//! What a figure promises, typed.
//!
//! The tool's figures come from three kinds of computation, and each promises something
//! different:
//! - a linear solve (E\[T\], the variance, the seat chances on a product chain): exact to `f64`
//!   rounding, or to the last digit in rationals;
//! - a length distribution computed turn by turn until the chance it leaves out falls below a
//!   tolerance: every figure drawn from it is exact to that tolerance. A turn limit can stop it
//!   first: it is then *cut*, and what it leaves out ([`Cut`]) goes into every figure drawn from
//!   it: a figure past the cut is only a bound ([`Figure::Bounds`]), never printed as a value;
//! - a simulation: an estimate with its confidence interval, or, when games were stopped at the
//!   turn limit, a lower bound ([`crate::stats::Summary::cut`]).

use serde::{Deserialize, Serialize};

use super::Distribution;

/// How far a length distribution was computed and what it leaves out.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Cut {
    /// The last turn computed.
    pub last_turn: usize,
    /// P(T > `last_turn`): the chance the distribution leaves out.
    pub unfinished_mass: f64,
    /// The distribution was to be computed until the chance left out fell below this.
    pub tolerance: f64,
}

impl Cut {
    /// What `d`, computed to `tolerance`, leaves out.
    pub fn of(d: &Distribution, tolerance: f64) -> Cut {
        let last_turn = d.last_turn();
        Cut {
            last_turn,
            unfinished_mass: d.survival(last_turn).clamp(0.0, 1.0),
            tolerance,
        }
    }

    /// The turn limit stopped the distribution before the chance left out fell below the
    /// tolerance: figures drawn from it past `last_turn` are bounds, not values.
    pub fn truncated(&self) -> bool {
        self.unfinished_mass >= self.tolerance
    }

    /// The one sentence every command uses to say that a distribution was cut (without a
    /// capital or a full stop, to go into a note).
    pub fn sentence(&self) -> String {
        format!(
            "the turn limit cut the distribution at turn {}, with {} of the games still running (more than the tolerance {}): figures marked >, >= or <= are bounds",
            self.last_turn,
            crate::input::number::probability(self.unfinished_mass),
            crate::input::number::probability(self.tolerance)
        )
    }
}

/// A figure and what it promises about the true value.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Figure {
    /// Exact: to `f64` rounding, or to the tolerance of a distribution that was not cut.
    Exact(f64),
    /// Not known exactly: the true value lies in \[low, high\].
    Bounds {
        /// The true value is at least this.
        low: f64,
        /// The true value is at most this.
        high: f64,
    },
}

impl Figure {
    /// The exact value, or the lower bound: what a table prints (after ">" for a bound).
    pub fn value(&self) -> f64 {
        match *self {
            Figure::Exact(v) => v,
            Figure::Bounds { low, .. } => low,
        }
    }

    /// The bounds \[low, high\] when the figure is not exact (JSON `X_range`); `None` when it
    /// is.
    pub fn range(&self) -> Option<[f64; 2]> {
        match *self {
            Figure::Exact(_) => None,
            Figure::Bounds { low, high } => Some([low, high]),
        }
    }

    /// Whether the figure is exact.
    pub fn is_exact(&self) -> bool {
        matches!(self, Figure::Exact(_))
    }

    /// The figure as text with `decimals` decimals: "12.345" when exact, "> 12.345" for a
    /// lower bound (the true value is above what a cut distribution gave).
    pub fn text(&self, decimals: usize) -> String {
        match *self {
            Figure::Exact(v) => format!("{v:.decimals$}"),
            Figure::Bounds { low, .. } => format!("> {low:.decimals$}"),
        }
    }
}

/// A probability computed by sums and differences of probabilities, brought back into \[0, 1\]:
/// rounding can put such a sum a few units of 1e-16 outside, and no probability is printed
/// below 0 or above 1.
pub fn probability(p: f64) -> f64 {
    p.clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_distribution_is_cut_when_it_leaves_out_more_than_the_tolerance() {
        // P(T > 2) = 1/4 left out: cut at a tolerance of 1e-12, complete at one of 1/2.
        let d = Distribution {
            pmf: vec![0.0, 0.5, 0.25],
            survival: vec![1.0, 0.5, 0.25],
        };
        assert!(Cut::of(&d, 1e-12).truncated());
        assert!(!Cut::of(&d, 0.5).truncated());
        assert!(Cut::of(&d, 1e-12).sentence().contains("turn 2"));
    }

    #[test]
    fn a_bound_is_printed_as_one_and_rounding_never_leaves_zero_to_one() {
        assert_eq!(Figure::Exact(1.5).text(2), "1.50");
        let b = Figure::Bounds {
            low: 1.5,
            high: 2.0,
        };
        assert_eq!(b.text(1), "> 1.5");
        assert_eq!(b.range(), Some([1.5, 2.0]));
        assert_eq!(b.value(), 1.5);
        assert_eq!(probability(-4.4e-16), 0.0);
        assert_eq!(probability(1.0 + 2.2e-16), 1.0);
    }
}
