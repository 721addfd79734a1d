//! The questions of a board that loops ([`LoopGame`]), one public function and one serde
//! answer each: the long run ([`analyze()`], [`LoopAnalysis`]): where the token spends its
//! rolls, per roll and per turn, ranked, with the rent it brings, how fast the law is reached,
//! and what cycled piles change; a simulation of games of N turns ([`simulate()`],
//! [`LoopSimulation`]); the first landing on a square ([`passage()`], [`LoopPassage`]); another
//! program's landing counts checked ([`check()`], [`LandingCheck`]); all of a report's figures
//! ([`report()`], [`LoopReport`]).

mod check;
mod long_run;
mod orders;
mod passage;
mod report;
mod simulate;

pub use check::{check, Detectable, LandingCheck, LandingCheckOptions, LandingHypothesis, RowsAre};
pub use long_run::{long_run, Distance, LongRun, Rent, SquareShare, DISTANCE_ROLLS};
pub use orders::{survey, OrderSquare, OrderSurvey};
pub use passage::{passage, LoopPassage, LoopPassageOptions, TurnQuantile};
pub use report::{report, LoopReport, REPORT_TURNS};
pub use simulate::{simulate, LoopSimulateOptions, LoopSimulation, SimulatedSquare, WARMUP_TURNS};

use serde::Serialize;

use crate::budget::Budget;
use crate::error::Result;
use crate::games::loop_game::LoopGame;
use crate::games::{with_loop_game, BoardSource, LoopVisitor, Variant};

/// The options of [`analyze`].
#[derive(Debug, Clone, PartialEq)]
pub struct LoopOptions {
    /// Rule overrides.
    pub variant: Variant,
    /// Compute the law as exact fractions (chains of up to 200 states).
    pub exact: bool,
    /// With cycled piles: the random orders whose laws are averaged.
    pub orders: usize,
    /// Their seed.
    pub seed: u64,
}

impl Default for LoopOptions {
    fn default() -> LoopOptions {
        LoopOptions {
            variant: Variant::default(),
            exact: false,
            orders: 20,
            seed: 1,
        }
    }
}

/// The answer of [`analyze`] on a board that loops.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct LoopAnalysis {
    /// The board's name.
    pub board: String,
    /// The game.
    pub game: String,
    /// Where the board comes from.
    pub source: String,
    /// The rules in force.
    pub rules: serde_json::Value,
    /// The long run with independent draws under each jail policy, the board's first.
    pub long_runs: Vec<LongRun>,
    /// With cycled piles: the law for the file's order and over random orders.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cycled: Option<OrderSurvey>,
    /// How a roll's landing is counted, in words.
    pub counting: String,
    /// The groups of kinds of square a chart colours alike: each its legend and its kinds.
    pub kind_groups: Vec<(String, Vec<String>)>,
    /// Seconds taken.
    pub seconds: f64,
}

/// Parses the loop board `source` with `variant`.
pub(crate) fn parse<G: LoopGame>(source: &BoardSource, variant: &Variant) -> Result<G> {
    Ok(G::parse(&source.label, &source.text, variant)?)
}

/// Asks `question` of `source` when it is a board that loops; `None` otherwise.
pub(crate) fn ask<V: LoopVisitor<Output = Result<T>>, T>(
    source: &BoardSource,
    question: V,
) -> Result<Option<T>> {
    with_loop_game(source, question)?.transpose()
}

/// The long run of the board that loops `source` (`None` for a board of another game).
pub fn analyze(
    source: &BoardSource,
    options: &LoopOptions,
    budget: &Budget,
) -> Result<Option<LoopAnalysis>> {
    struct Analyze<'a>(&'a BoardSource, &'a LoopOptions, &'a Budget);
    impl LoopVisitor for Analyze<'_> {
        type Output = Result<LoopAnalysis>;
        fn visit<G: LoopGame>(self) -> Result<LoopAnalysis> {
            let Analyze(source, options, budget) = self;
            let started = crate::budget::clock::Instant::now();
            if options.orders < 2 {
                return Err(crate::input::error::UserError::BadFlag {
                    flag: "--orders".into(),
                    message: "needs at least 2 orders for an interval; try 20".into(),
                }
                .into());
            }
            let game: G = parse(source, &options.variant)?;
            let long_runs = game
                .alternatives()
                .iter()
                .map(|(_, board)| long_run(board, options.exact, budget))
                .collect::<Result<Vec<_>>>()?;
            let cycled = if game.ordered() {
                let mut independent = vec![0.0; game.squares()];
                for s in &long_runs[0].squares {
                    independent[s.square] = s.per_roll;
                }
                Some(survey(
                    &game,
                    &independent,
                    options.orders,
                    options.seed,
                    budget,
                )?)
            } else {
                None
            };
            Ok(LoopAnalysis {
                board: game.name().to_string(),
                game: G::KIND.to_string(),
                source: game.source().to_string(),
                rules: game.rules_json(),
                long_runs,
                cycled,
                counting: game.counting_words().to_string(),
                kind_groups: game
                    .kind_groups()
                    .into_iter()
                    .map(|(name, kinds)| {
                        (
                            name.to_string(),
                            kinds.into_iter().map(String::from).collect(),
                        )
                    })
                    .collect(),
                seconds: started.elapsed().as_secs_f64(),
            })
        }
    }
    ask(source, Analyze(source, options, budget))
}
