//! K players, exactly, from the one-player distribution; where that distribution was cut, from
//! the product chain or as bounds, never as values.
//!
//! With i.i.d. draws the players' tokens move independently, each with the one-player length
//! T (turns, lost turns included): pmf p(n), cdf F(n), survival S(n) = P(T > n). Seats play in
//! order 0..K-1 within each round.
//! - Seat i wins in round r when its T = r, every earlier seat has T > r and every later seat
//!   T > r - 1: P(i wins in round r) = p(r) S(r)^i S(r-1)^(K-1-i).
//! - The game (first finisher) lasts R = min T_j rounds: P(R > r) = S(r)^K, so
//!   E\[R\] = sum_(r>=0) S(r)^K; (r-1)K + i + 1 turns in all when seat i wins in round r, and
//!   E\[turns\] = sum_i sum_(t>=1) S(t)^i S(t-1)^(K-i) (seat i takes its t-th turn when seats
//!   before it have outlasted t turns and the others t - 1).
//! - Played until everyone finishes: max T_j rounds, P(max <= r) = F(r)^K, and
//!   E\[max\] = sum_(j=1..K) (-1)^(j+1) C(K, j) E\[R_j\] (inclusion-exclusion over the minimum
//!   R_j of j copies); sum T_j turns in all (finished players sit out), so K E\[T\] on average.
//!   Seat i's finishing place is 1 + #{j: T_j < T_i, or T_j = T_i and j < i}, so
//!   E\[place_i\] = 1 + (K-1) P(T' < T) + i P(T' = T) for two independent copies T, T'; with two
//!   players seat 1 wins with P(T' < T) and seat 0 with P(T' < T) + P(T' = T).
//!
//! The distribution is computed until P(T > n) falls below a tolerance, or to a turn limit L.
//! Cut at L with S(L) left out, the first-finisher figures leave out S(L)^K, which may still be
//! below the tolerance; if not, E\[R\], E\[turns\] and the seat chances are solved on the product
//! chain of the K tokens ([`ProductFigures`]) when it fits the budget, and otherwise given as
//! bounds: the tail terms past L are at most S(L)^(K-1) S(n) each, and
//! sum_(n>L) S(n) = E\[T\] - sum_(n<=L) S(n) is known from the linear solve of E\[T\]; the seat
//! chances are at least what the rounds computed give, and together miss exactly S(L)^K.
//!
//! The figures are [`Players`] and its parts (`figures.rs`); the formulas above are worked in
//! `formulas.rs`, on the distribution read with its guarantees (`reading.rs`); the product
//! chain is solved in `product.rs`; a game whose tokens meet is solved on the chain of the whole
//! table instead (`table.rs`).

mod figures;
mod formulas;
mod product;
mod reading;
mod table;

pub use figures::{
    Everyone, FirstFinisher, Length, Players, RoundsQuantile, Route, ROUNDS_QUANTILES,
};
pub use product::{ProductFigures, Products, MAX_PRODUCT_PLAYERS};
pub use table::{table_analysis, MAX_TABLE_PLAYERS};

use crate::solve::Distribution;

/// What the K-player figures are drawn from.
#[derive(Debug, Clone, Copy)]
pub struct OnePlayer<'a> {
    /// The one-player length distribution, possibly cut.
    pub dist: &'a Distribution,
    /// E\[T\] from the linear solve (exact, whatever the distribution left out).
    pub mean: f64,
    /// The distribution was computed until the chance left out fell below this (or to the
    /// turn limit).
    pub tolerance: f64,
}
