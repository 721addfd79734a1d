//! What `players` answers, as serde structs: until the first player finishes, until everyone
//! does, and the lengths' means (exact or bounds) and medians.

use serde::{Deserialize, Serialize};

use crate::solve::guarantee::{Cut, Figure};

/// The figures of a K-player game with i.i.d. draws.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Players {
    /// K, the number of players (at least 1).
    pub players: usize,
    /// The one-player distribution these figures are drawn from was cut by the turn limit:
    /// figures with a `mean_range` or `median_lower_bound` are bounds, and `undecided` says how
    /// much of the seat chances is not assigned.
    pub truncated: bool,
    /// P(T > `last_turn`) of the one-player distribution: the chance it leaves out.
    pub unfinished_mass: f64,
    /// The last turn of the one-player distribution computed.
    pub last_turn: usize,
    /// The one-player distribution was computed until the chance left out fell below this (or
    /// to the turn limit).
    pub tolerance: f64,
    /// Until the first player finishes.
    pub first_finisher: FirstFinisher,
    /// Until every player finishes; left out (`null`) for a game whose tokens meet, whose
    /// figures come from the chain of the whole table until the first player finishes.
    pub everyone: Option<Everyone>,
    /// Why the product chain could not replace the bounds, where figures are bounds because
    /// of it (in JSON only then).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why_bounds: Option<String>,
}

/// How the first-finisher means and seat chances were computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Route {
    /// One player: E\[T\] from the linear solve.
    LinearSolve,
    /// The formulas on the one-player distribution, which leaves out less than the tolerance
    /// for them (S(L)^K).
    Distribution,
    /// The one-player distribution was cut: the linear systems of the product chain of the K
    /// tokens.
    ProductChain,
    /// The one-player distribution was cut and the product chain did not fit the budget: the
    /// means are bounds and the seat chances lower bounds.
    CutDistribution,
    /// The tokens meet, so the players are not independent: the distribution of the game's
    /// length on the chain of the whole table.
    TableChain,
}

impl Route {
    /// The route's JSON word.
    pub fn name(self) -> &'static str {
        match self {
            Route::LinearSolve => "linear_solve",
            Route::Distribution => "distribution",
            Route::ProductChain => "product_chain",
            Route::CutDistribution => "cut_distribution",
            Route::TableChain => "table_chain",
        }
    }
}

/// Until the first player finishes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FirstFinisher {
    /// R = min T_j, rounds until the first player finishes: E\[R\] and its median (the
    /// smallest r with P(R <= r) >= 1/2).
    pub rounds: Length,
    /// Turns of all players together until the first player finishes ((r-1)K + i + 1 when
    /// seat i wins in round r): mean, median and `pmf[n]` = P(the game lasts n turns in all).
    pub turns: Length,
    /// P(seat i wins), i = 0..K-1; lower bounds when `undecided` > 0.
    pub win: Vec<f64>,
    /// The chance not assigned to any seat: each seat's true chance lies between `win[i]` and
    /// `win[i] + undecided`, and they sum to 1 with it (0 when the chances are exact).
    pub undecided: f64,
    /// `win_by_round[r][i]` = P(seat i wins in round r), r = 0, 1, ... (to the last round
    /// computed).
    pub win_by_round: Vec<Vec<f64>>,
    /// P(R > the last round computed): the chance `win_by_round` and the pmfs leave out.
    pub unfinished_mass: f64,
    /// How the means and seat chances were computed.
    pub route: Route,
    /// Rounds until the first player finishes, at 50, 90 and 99 %: the smallest r with
    /// P(R <= r) >= p, P(R <= r) = 1 - S(r)^K from the one-player survival S.
    pub rounds_quantiles: Vec<RoundsQuantile>,
}

/// A quantile of a number of rounds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RoundsQuantile {
    /// The probability level: 0.5, 0.9 or 0.99.
    pub p: f64,
    /// The smallest r with P(rounds <= r) >= `p`.
    pub rounds: usize,
    /// The one-player distribution was cut before reaching `p`: the quantile is at least
    /// `rounds` (one past the last round computed), shown as "> rounds - 1". In JSON only when
    /// true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub lower_bound: bool,
}

/// The levels of [`FirstFinisher::rounds_quantiles`].
pub const ROUNDS_QUANTILES: [f64; 3] = [0.5, 0.9, 0.99];

/// Until every player finishes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Everyone {
    /// max T_j, rounds until the last player finishes: mean, median (the smallest r with
    /// F(r)^K >= 1/2) and `pmf[r]` = P(the last player finishes in round r).
    pub rounds: Length,
    /// sum T_j, the turns of all players together (finished players sit out): mean (K E\[T\])
    /// and median.
    pub turns: Length,
    /// E\[finishing place\] of each seat (1 = first); the lower ends of `mean_place_range` when
    /// that is there.
    pub mean_place: Vec<f64>,
    /// When the places are not known exactly: \[low, high\] for each seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mean_place_range: Option<Vec<[f64; 2]>>,
    /// P(max T_j > the last round computed): the chance `rounds.pmf` leaves out.
    pub unfinished_mass: f64,
}

/// A length's mean and median, and its distribution where the JSON carries it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Length {
    /// The expected length; when `mean_range` is there, its lower end (printed "> mean").
    pub mean: f64,
    /// When the mean is not known exactly (the distribution was cut): \[low, high\], the
    /// interval it is known to lie in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mean_range: Option<[f64; 2]>,
    /// The smallest n with P(length <= n) >= 1/2.
    pub median: usize,
    /// The median is past the cut distribution: it is at least `median` (one past the last
    /// length computed), printed "> median - 1". In JSON only when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub median_lower_bound: bool,
    /// `pmf[n]` = P(length = n), n = 0, 1, ... (left out of the JSON when not kept).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pmf: Vec<f64>,
}

impl Length {
    /// The length of a mean with its guarantee, a median (and whether it is a lower bound)
    /// and a pmf (empty when the JSON leaves it out).
    pub(super) fn new(
        mean: Figure,
        (median, median_lower_bound): (usize, bool),
        pmf: Vec<f64>,
    ) -> Length {
        Length {
            mean: mean.value(),
            mean_range: mean.range(),
            median,
            median_lower_bound,
            pmf,
        }
    }

    /// The mean with its guarantee.
    pub fn mean_figure(&self) -> Figure {
        match self.mean_range {
            None => Figure::Exact(self.mean),
            Some([low, high]) => Figure::Bounds { low, high },
        }
    }

    /// The median as text: "n", or "> n" when it is past the cut.
    pub fn median_text(&self) -> String {
        if self.median_lower_bound {
            format!("> {}", self.median.saturating_sub(1))
        } else {
            self.median.to_string()
        }
    }
}

impl Players {
    /// What the one-player distribution these figures come from leaves out.
    pub fn cut(&self) -> Cut {
        Cut {
            last_turn: self.last_turn,
            unfinished_mass: self.unfinished_mass,
            tolerance: self.tolerance,
        }
    }
}
