//! K players of a game whose tokens meet, from the chain of the whole table ([`Product`]):
//! the players are not independent, so none of the one-player formulas holds. The table's
//! chain is solved as one game whose length L counts every seat's turn until the first player
//! finishes; the seats move in order from the first, so
//! - seat i (0-based) wins when L = (r - 1) K + i + 1 for some round r: P(i wins) = sum_r q(...),
//!   with q the pmf of L, and `win_by_round` is q laid out by round and seat;
//! - the game lasts R = ceil(L / K) rounds: P(R <= r) = P(L <= r K), and
//!   L / K <= R <= L / K + (K - 1) / K, so E\[R\] lies within (K - 1) / K of E\[L\] / K, exactly
//!   E\[R\] = sum_(r>=0) P(L > r K) where the distribution is whole.
//!
//! "Until everyone finishes" is another game (the finished sit out, the others still meet) and
//! is not computed here.

use crate::chain::product::Product;
use crate::chain::Chain;
use crate::games::load::About;
use crate::games::race::RaceGame;
use crate::solve::guarantee::{probability, Cut, Figure};
use crate::solve::{Analysis, Options, SolveError};

use super::figures::{FirstFinisher, Length, Players, RoundsQuantile, Route, ROUNDS_QUANTILES};
use super::reading::Reading;
use super::OnePlayer;

/// The most players the chain of the whole table is solved and simulated for (its states grow
/// as the K-th power of one player's).
pub const MAX_TABLE_PLAYERS: usize = 6;

/// The length L of `k` players' game on the chain of the whole table (2 to
/// [`MAX_TABLE_PLAYERS`] players): solved as one game within `options.budget`.
pub fn table_analysis<G: RaceGame>(
    game: &G,
    k: usize,
    about: &About,
    options: &Options,
) -> Result<Analysis, SolveError> {
    match k {
        2 => table::<G, 2>(game, about, options),
        3 => table::<G, 3>(game, about, options),
        4 => table::<G, 4>(game, about, options),
        5 => table::<G, 5>(game, about, options),
        _ => table::<G, 6>(game, about, options),
    }
}

fn table<G: RaceGame, const K: usize>(
    game: &G,
    about: &About,
    options: &Options,
) -> Result<Analysis, SolveError> {
    let product = Product::<G, K>::new(game);
    let chain = Chain::build_within(&product, &options.budget)?;
    Analysis::of(&product, &chain, about.clone(), options)
}

impl Players {
    /// The figures of `k` players (at least 2) from the length L of their game on the chain
    /// of the whole table: `table` holds L's distribution and E\[L\].
    pub fn of_table(table: &OnePlayer, k: usize) -> Players {
        assert!(k >= 2, "several players");
        let r = Reading::of(table);
        let cut = Cut::of(table.dist, table.tolerance);
        let last = r.last;
        let rounds = last.div_ceil(k);
        let mut win = vec![0.0; k];
        let mut win_by_round = vec![vec![0.0; k]; rounds + 1];
        for l in 1..=last {
            let (round, seat) = ((l - 1) / k + 1, (l - 1) % k);
            win[seat] += r.p(l);
            win_by_round[round][seat] = r.p(l);
        }
        win.iter_mut().for_each(|w| *w = probability(*w));
        let left_out = r.left_out();
        // P(R > j) = P(L > j K) = S(j K), read while j K is computed.
        let rounds_left = |j: usize| r.s((j * k).min(last));
        let partial: f64 = (0..=last / k).map(|j| r.s(j * k)).sum();
        let per_seat = r.mean / k as f64;
        let mean_rounds = if cut.truncated() {
            let low = partial.max(per_seat);
            Figure::Bounds {
                low,
                high: (per_seat + (k - 1) as f64 / k as f64).max(low),
            }
        } else {
            Figure::Exact(partial)
        };
        let rounds_cdf = |j: usize| 1.0 - rounds_left(j);
        let rounds_median = Reading::median(last / k, rounds_cdf);
        let rounds_quantiles = ROUNDS_QUANTILES
            .iter()
            .map(|&p| {
                let (rounds, lower_bound) = Reading::quantile(last / k, p, rounds_cdf);
                RoundsQuantile {
                    p,
                    rounds,
                    lower_bound,
                }
            })
            .collect();
        let turns_median = Reading::median(last, |n| r.f(n));
        let turns_pmf: Vec<f64> = (0..=last).map(|n| r.p(n)).collect();
        let undecided = if cut.truncated() { left_out } else { 0.0 };
        Players {
            players: k,
            truncated: cut.truncated(),
            unfinished_mass: cut.unfinished_mass,
            last_turn: cut.last_turn,
            tolerance: cut.tolerance,
            first_finisher: FirstFinisher {
                rounds: Length::new(mean_rounds, rounds_median, Vec::new()),
                turns: Length::new(Figure::Exact(r.mean), turns_median, turns_pmf),
                win,
                undecided,
                win_by_round,
                unfinished_mass: left_out,
                route: Route::TableChain,
                rounds_quantiles,
            },
            everyone: None,
            why_bounds: None,
        }
    }
}
