//! `simulate` on a board that loops: games of N turns from the start (or one long run cut
//! into batches of N turns), each square's landings per game with a 95 % interval, beside
//! what the exact chain expects where it can (independent draws), with each square's z and
//! one p-value for the board ([`crate::check::landings`]).

use serde::Serialize;

use super::check::RowsAre;
use super::{ask, parse};
use crate::budget::Budget;
use crate::check::landings::{fit, RowMoments};
use crate::error::Result;
use crate::games::loop_game::LoopGame;
use crate::games::{BoardSource, LoopVisitor, Variant};
use crate::stats::{ZScore, Z95};

/// The options of [`simulate`].
#[derive(Debug, Clone, PartialEq)]
pub struct LoopSimulateOptions {
    /// Rule overrides.
    pub variant: Variant,
    /// Games (or batches).
    pub games: u64,
    /// Turns per game (or batch).
    pub turns: u64,
    /// Seed.
    pub seed: u64,
    /// Independent games, or batches of one long run.
    pub rows: RowsAre,
}

/// One square's simulated landings.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct SimulatedSquare {
    /// The square's number.
    pub square: usize,
    /// Its name.
    pub name: String,
    /// Mean landings per game (or batch).
    pub mean: f64,
    /// The 95 % interval of the mean.
    pub mean_ci95: [f64; 2],
    /// What the exact chain expects per game (absent with cycled piles shuffled per game).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<f64>,
    /// (mean - expected) / standard error.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub z: Option<ZScore>,
}

/// The answer of [`simulate`] on a board that loops.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct LoopSimulation {
    /// The board.
    pub board: String,
    /// Independent games or batches of one run.
    pub rows_are: RowsAre,
    /// Games (or batches).
    pub games: u64,
    /// Turns in each.
    pub turns: u64,
    /// The seed.
    pub seed: u64,
    /// How the piles were drawn, in words.
    pub cards: String,
    /// Mean rolls per game.
    pub rolls_per_game: f64,
    /// The squares, board order.
    pub squares: Vec<SimulatedSquare>,
    /// The board's p-value against the exact chain (Bonferroni over the squares tested).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p: Option<f64>,
    /// Each row's landings, square by square (what `--landings` writes).
    #[serde(skip)]
    pub rows: Vec<Vec<u64>>,
}

/// Warm-up turns of a long run before its first batch.
pub const WARMUP_TURNS: u64 = 1_000;

/// Simulates the loop board `source` (`None` for a board of another game).
pub fn simulate(
    source: &BoardSource,
    options: &LoopSimulateOptions,
    budget: &Budget,
) -> Result<Option<LoopSimulation>> {
    struct Simulate<'a>(&'a BoardSource, &'a LoopSimulateOptions, &'a Budget);
    impl LoopVisitor for Simulate<'_> {
        type Output = Result<LoopSimulation>;
        fn visit<G: LoopGame>(self) -> Result<LoopSimulation> {
            let Simulate(source, o, budget) = self;
            let game: G = parse(source, &o.variant)?;
            // About 0.1 microsecond a roll on the 2-core machine, 1.2 rolls a turn.
            budget.time(
                "the simulation",
                o.games as f64 * o.turns as f64 * 1.2 * 1e-7 / 2.0,
                "simulate fewer games or turns",
            )?;
            let rows = match o.rows {
                RowsAre::Games => {
                    crate::sim::loops::games(&game, o.games, o.turns, o.seed, game.ordered())
                }
                RowsAre::Batches => {
                    crate::sim::loops::long_run(&game, WARMUP_TURNS, o.games, o.turns, o.seed)
                }
            };
            let moments = RowMoments::of(&rows);
            let expected: Option<Vec<f64>> = if game.ordered() && o.rows == RowsAre::Games {
                None
            } else {
                Some(super::check::expected(&game, o.rows, o.turns, budget)?)
            };
            let tested = expected.as_ref().map(|e| fit(&moments, e, None));
            let n = o.games.max(1) as f64;
            let squares = (0..game.squares())
                .map(|s| {
                    let se = (moments.variance[s] / n).sqrt();
                    SimulatedSquare {
                        square: s,
                        name: game.square_name(s).to_string(),
                        mean: moments.mean[s],
                        mean_ci95: [moments.mean[s] - Z95 * se, moments.mean[s] + Z95 * se],
                        expected: expected.as_ref().map(|e| e[s]),
                        z: tested.as_ref().and_then(|t| t.squares[s].z),
                    }
                })
                .collect();
            let rolls: u64 = rows.iter().map(|r| r.iter().sum::<u64>()).sum();
            Ok(LoopSimulation {
                board: game.name().to_string(),
                rows_are: o.rows,
                games: o.games,
                turns: o.turns,
                seed: o.seed,
                cards: if game.ordered() && o.rows == RowsAre::Games {
                    "cycled piles, shuffled anew for each game".to_string()
                } else {
                    game.cards_words()
                },
                rolls_per_game: rolls as f64 / n,
                squares,
                p: tested.map(|t| t.p),
                rows,
            })
        }
    }
    ask(source, Simulate(source, options, budget))
}
