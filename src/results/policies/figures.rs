//! The figures over the games that reach home of one computer player alone, drawn
//! from its length distribution: exact when the distribution went on until less than the
//! tolerance was still playing, bounds when `--max-turns` cut it first, none when no game
//! reaches home.
//!
//! Why bounds and not the same sums: cut at turn N with H reaching home by then and L still
//! playing, the games that reach home number H* somewhere in [H, H + L], and those still
//! playing end later than N. So the mean of the games home by N is a lower bound of the mean
//! (the games that come home later only raise it), and a quantile at level p is at least the
//! first n whose cumulative chance reaches p H and at most the first that reaches p (H + L): it
//! is known when both are the same turn, and otherwise only its lower bound is. No bound holds
//! for the standard deviation, which is not given.

use crate::solve::chances::Lengths;
use crate::solve::Quantile;

/// The quantile levels reported, of the games that reach home.
pub const QUANTILES: [f64; 5] = [0.05, 0.5, 0.9, 0.95, 0.99];

/// The figures over the games that reach home.
#[derive(Debug, Clone, PartialEq)]
pub struct HomeFigures {
    /// The mean; a lower bound when `mean_lower_bound`; `None` when no game came home.
    pub mean: Option<f64>,
    /// The mean is a lower bound (the distribution was cut).
    pub mean_lower_bound: bool,
    /// The standard deviation; `None` when cut or when no game came home.
    pub sd: Option<f64>,
    /// The median, when it is known.
    pub median: Option<usize>,
    /// The quantiles at [`QUANTILES`], lower bounds where marked; none when no game can
    /// reach home.
    pub quantiles: Vec<Quantile>,
}

impl HomeFigures {
    /// The figures of `l`, `cut` (by the turn limit, with more than the tolerance still
    /// playing) or not; `reachable` is false when no game can reach home at all.
    pub fn of(l: &Lengths, cut: bool, reachable: bool) -> HomeFigures {
        let home: f64 = l.home.iter().sum();
        if !reachable {
            return HomeFigures {
                mean: None,
                mean_lower_bound: false,
                sd: None,
                median: None,
                quantiles: Vec::new(),
            };
        }
        let quantiles: Vec<Quantile> = QUANTILES.iter().map(|&p| quantile(l, p, cut)).collect();
        let median = quantiles
            .iter()
            .find(|q| q.p == 0.5)
            .filter(|q| !q.lower_bound)
            .map(|q| q.turns);
        if home <= 0.0 {
            // Reachable, yet none came home in the turns computed (cut before the shortest
            // game, or a chance below the floating-point range).
            return HomeFigures {
                mean: None,
                mean_lower_bound: false,
                sd: None,
                median,
                quantiles,
            };
        }
        let (mean, sd) = l.mean_sd();
        HomeFigures {
            mean: Some(mean),
            mean_lower_bound: cut,
            sd: (!cut).then_some(sd),
            median,
            quantiles,
        }
    }
}

/// The quantile at level `p` of the games that reach home: on a whole distribution the first
/// turn by which p of them have (as it always was); on a cut one, that turn when the games
/// still playing cannot move it, else its lower bound.
fn quantile(l: &Lengths, p: f64, cut: bool) -> Quantile {
    let home: f64 = l.home.iter().sum();
    let past = Quantile {
        p,
        turns: l.home.len(),
        lower_bound: true,
    };
    let Some(low) = l.quantile(p * home).filter(|_| home > 0.0) else {
        return past;
    };
    let settled = !cut || l.quantile(p * (home + l.left)) == Some(low);
    Quantile {
        p,
        turns: low,
        lower_bound: !settled,
    }
}
