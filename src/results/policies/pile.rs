//! What the chain of one player alone leaves out when the board's cards are a pile shuffled once
//! and cycled: the chain draws each card independently (the pile's order would have to be in
//! the state: 12 cards of 9 kinds have 12!/(2!)^3 = 59,875,200 orders), so `analyze` labels its
//! figures as that approximation and measures the difference by simulating the real pile with
//! the same step function.

use serde::{Deserialize, Serialize};

use super::MAX_TURNS;
use crate::games::policy_game::PolicyGame;

/// Games of the cycled pile `analyze` simulates beside the approximation: about 3 s on one
/// core, and a standard error of about 0.005 turns on a game of about 29 turns.
#[cfg(not(target_arch = "wasm32"))]
pub const PILE_GAMES: u64 = 1_000_000;

/// In a web page, on one thread of a browser: a tenth as many, about a second (the answer
/// names the number of games and the interval widens with it).
#[cfg(target_arch = "wasm32")]
pub const PILE_GAMES: u64 = 100_000;

/// The seed of those games.
pub const PILE_SEED: u64 = 1;

/// The cycled pile, simulated: the answer the independent-cards approximation stands in for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CycledPile {
    /// Games simulated, each with the pile shuffled once at its start.
    pub games: u64,
    /// Their seed.
    pub seed: u64,
    /// Games still playing at the turn limit, left out of the figures below.
    pub unfinished: u64,
    /// Mean turns until home over the finished games.
    pub mean: f64,
    /// The standard error of that mean.
    pub standard_error: f64,
    /// Standard deviation of the turns until home.
    pub sd: f64,
    /// The shortest game seen (not proven the shortest possible).
    pub shortest_seen: Option<usize>,
    /// The approximation's mean minus the simulated mean (`None` when either is unknown).
    pub difference: Option<f64>,
    /// That difference in standard errors of the simulation (the chain's mean is exact for
    /// the approximation, so only the simulation's error counts).
    pub z: Option<f64>,
}

impl CycledPile {
    /// Simulates [`PILE_GAMES`] games of one player with `policy` on `board`, drawing from the
    /// cycled pile, beside the approximation's mean `approximation`.
    pub fn simulate<G: PolicyGame>(
        board: &G,
        policy: &G::Policy,
        approximation: Option<f64>,
    ) -> CycledPile {
        let policies = [policy];
        let table = board.table(&policies);
        let s = crate::sim::policies::simulate(&table, PILE_GAMES, PILE_SEED, MAX_TURNS);
        let finished = s.finished();
        let (mean, sd) = s.mean_sd();
        let standard_error = sd / (finished.max(1) as f64).sqrt();
        let difference = approximation.filter(|_| finished > 0).map(|m| m - mean);
        CycledPile {
            games: s.games,
            seed: PILE_SEED,
            unfinished: s.unfinished,
            mean,
            standard_error,
            sd,
            shortest_seen: s.lengths.iter().position(|&c| c > 0),
            difference,
            z: difference
                .filter(|_| standard_error > 0.0)
                .map(|d| d / standard_error),
        }
    }
}
