//! The product chain of the K tokens: where the one-player distribution was cut, the
//! first-finisher figures solved exactly on it, within the budget, for the numbers of players
//! that need them.

use crate::budget::{rate, Budget, CHAIN_BYTES_HASHED};
use crate::chain::product::Product;
use crate::chain::Chain;
use crate::games::race::RaceGame;
use crate::solve::guarantee::{probability, Cut};
use crate::solve::{check_sweep_solves, Sweep};

use super::OnePlayer;

/// The most players the product chain is tried for (its states grow as the K-th power of the
/// one-player chain's).
pub const MAX_PRODUCT_PLAYERS: usize = 4;

/// The first-finisher figures of j players solved on the product chain (race::product): the
/// absorption probabilities split by the seat on turn when the chain finishes, and the
/// expected turns (every state counts 1) and rounds (the states with seat 0 to move count 1).
#[derive(Debug, Clone, PartialEq)]
pub struct ProductFigures {
    /// j, the number of players.
    pub players: usize,
    /// States of the product chain.
    pub states: usize,
    /// P(seat i wins).
    pub win: Vec<f64>,
    /// E\[R\], rounds until the first player finishes.
    pub mean_rounds: f64,
    /// E\[turns of all players together\] until the first player finishes.
    pub mean_turns: f64,
}

/// The product chains tried for the numbers of players whose figures need them: each one's
/// figures, or why it could not be solved.
#[derive(Debug, Clone, Default)]
pub struct Products {
    pub(super) tried: Vec<(usize, Result<ProductFigures, String>)>,
}

impl Products {
    /// None: every figure from the distribution (or as bounds where it was cut).
    pub fn none() -> Products {
        Products::default()
    }

    /// Solves, within `budget` each, the product chains that the figures for `counts` players
    /// need and the distribution cannot give: j players for every j from 2 to the largest
    /// count (E\[max\] needs every E\[R_j\], the places need j = 2) whose first-finisher
    /// figures the cut leaves S(L)^j of, at least the tolerance. `states` is the size of the
    /// one-player chain.
    pub fn within<G: RaceGame>(
        game: &G,
        states: usize,
        one: &OnePlayer,
        counts: &[usize],
        budget: &Budget,
    ) -> Products {
        let cut = Cut::of(one.dist, one.tolerance);
        let most = counts.iter().copied().max().unwrap_or(1);
        let tried = (2..=most)
            .filter(|&j| cut.unfinished_mass.powi(j as i32) >= one.tolerance)
            .map(|j| (j, ProductFigures::within(game, states, j, budget)))
            .collect();
        Products { tried }
    }

    /// The figures of `j` players, if their product chain was solved.
    pub fn get(&self, j: usize) -> Option<&ProductFigures> {
        self.tried
            .iter()
            .find(|(k, _)| *k == j)
            .and_then(|(_, r)| r.as_ref().ok())
    }

    /// Why the product chain of `j` players was not solved, if it was tried and failed.
    pub fn why_not(&self, j: usize) -> Option<&str> {
        self.tried
            .iter()
            .find(|(k, _)| *k == j)
            .and_then(|(_, r)| r.as_ref().err().map(String::as_str))
    }
}

impl ProductFigures {
    /// The first-finisher figures of `k` players (2 to [`MAX_PRODUCT_PLAYERS`]) on the product
    /// chain of `game`, whose one-player chain has `states` states (the product has at most
    /// k states^k); refused, with the reason in words, when building or solving it would take
    /// more memory or time than `budget`, or the solve fails.
    pub fn within<G: RaceGame>(
        game: &G,
        states: usize,
        k: usize,
        budget: &Budget,
    ) -> Result<ProductFigures, String> {
        match k {
            2 => product::<G, 2>(game, states, budget),
            3 => product::<G, 3>(game, states, budget),
            4 => product::<G, 4>(game, states, budget),
            _ => Err(format!(
                "the product chain is solved for at most {MAX_PRODUCT_PLAYERS} players"
            )),
        }
    }
}

fn product<G: RaceGame, const K: usize>(
    game: &G,
    states: usize,
    budget: &Budget,
) -> Result<ProductFigures, String> {
    let bound = K as f64 * (states as f64).powi(K as i32);
    let transitions = bound * game.deck().len() as f64;
    let what = format!(
        "the product chain of {K} players (up to {} states)",
        crate::input::number::approx_count(bound)
    );
    let fail = |e: &dyn std::fmt::Display| format!("{what}: {e}");
    // The product's states are hashed (it numbers none densely).
    budget
        .memory(&what, transitions * CHAIN_BYTES_HASHED, "")
        .map_err(|e| e.to_string())?;
    budget
        .time(
            &what,
            crate::budget::idle(transitions / rate::CHAIN_HASHED),
            "",
        )
        .map_err(|e| e.to_string())?;
    let chain = Chain::build(&Product::<G, K>::new(game));
    // K seat chances, the turns and the rounds: K + 2 solves.
    // The sweep, priced as the sweep (the sparse LU's fill on a product chain is not known
    // before it is factored).
    check_sweep_solves(
        &chain,
        (K + 2) as f64,
        &format!("solving the product chain of {K} players"),
        budget,
    )
    .map_err(|e| e.to_string())?;
    let sweep = Sweep::<f64>::factor(chain.counts(), chain.denominator()).map_err(|e| fail(&e))?;
    let n = chain.len();
    let d = f64::from(chain.denominator());
    let solve = |rhs: Vec<f64>| -> Result<f64, String> {
        let y = sweep.solve(chain.counts(), &rhs).map_err(|e| fail(&e))?;
        let v = y[chain.start()];
        if v.is_finite() {
            Ok(v)
        } else {
            Err(fail(&"a result beyond the floating-point range"))
        }
    };
    let turn = |s: usize| usize::from(chain.states()[s].turn);
    let win = (0..K)
        .map(|seat| {
            // Finishing from a state where `seat` is on turn: seat wins.
            let rhs = (0..n)
                .map(|s| {
                    if turn(s) == seat {
                        f64::from(chain.finish_counts()[s]) / d
                    } else {
                        0.0
                    }
                })
                .collect();
            solve(rhs).map(probability)
        })
        .collect::<Result<Vec<f64>, String>>()?;
    let mean_turns = solve(vec![1.0; n])?;
    let mean_rounds = solve((0..n).map(|s| f64::from(u8::from(turn(s) == 0))).collect())?;
    Ok(ProductFigures {
        players: K,
        states: n,
        win,
        mean_rounds,
        mean_turns,
    })
}
