//! `compare`: two boards' main figures side by side, each board with its own variant on top of
//! one for both.

use crate::error::Result;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::budget::Budget;
use crate::chain::Chain;
use crate::games::load;
use crate::games::{BoardSource, Game, GameVisitor, Source, Variant};
use crate::solve::{Analysis, Draws, Options, Quantile, ShortestGame, Tail};

/// One side of a comparison: a board and its own changes.
#[derive(Debug, Clone)]
pub struct Side {
    /// The board, of any game.
    pub board: BoardSource,
    /// Its own changes, which override the ones for both sides.
    pub variant: Variant,
}

/// The main figures of one board, as `compare` shows them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MainFigures {
    /// The board's short name.
    pub board: String,
    /// Number of transient states of the chain.
    pub states: usize,
    /// E\[T\], turns until the player finishes (lost turns count). JSON `mean`.
    #[serde(rename = "mean")]
    pub expected_turns: f64,
    /// Standard deviation of T, in turns. JSON `sd`.
    #[serde(rename = "sd")]
    pub std_dev: f64,
    /// The shortest possible game.
    pub shortest_game: ShortestGame,
    /// The smallest n with P(T <= n) >= 0.5, in turns.
    pub median: usize,
    /// The most likely length, in turns (the first, if several tie).
    pub mode: usize,
    /// The quantiles at each level of [`QUANTILES`](crate::solve::QUANTILES).
    pub quantiles: Vec<Quantile>,
    /// P(T > n) for each n of [`LONGER_THAN`](crate::solve::LONGER_THAN). JSON `tail`.
    #[serde(rename = "tail")]
    pub longer_than: Vec<Tail>,
    /// What draws are called, and how many a game takes.
    pub draws: Draws,
    /// The distribution was cut by the turn limit: the median and quantiles marked as lower
    /// bounds are only bounds, and the mode may not be the most likely length. In JSON only
    /// when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
    /// The median is past the cut: at least `median`. In JSON only when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub median_lower_bound: bool,
}

impl MainFigures {
    /// The main figures of a one-player analysis (i.i.d. draws, exact).
    pub fn of(a: &Analysis) -> MainFigures {
        MainFigures {
            board: a.board.clone(),
            states: a.states,
            expected_turns: a.expected_turns,
            std_dev: a.std_dev,
            shortest_game: a.shortest_game.clone(),
            median: a.median,
            mode: a.mode,
            quantiles: a.quantiles.clone(),
            longer_than: a.longer_than.clone(),
            draws: a.draws.clone(),
            truncated: a.truncated,
            median_lower_bound: a.median_lower_bound,
        }
    }
}

/// `compare --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Comparison {
    /// Command-line changes applied to both boards, as flags ("" for none).
    pub variant: String,
    /// The first side's own changes, as flags ("" for none).
    pub a_variant: String,
    /// The second side's own changes, as flags ("" for none).
    pub b_variant: String,
    /// The first board's figures.
    pub a: MainFigures,
    /// The second board's figures.
    pub b: MainFigures,
}

/// The main figures of the boards `a` and `b` side by side, `both` applied to each under its
/// own variant.
pub fn compare(a: &Side, b: &Side, both: &Variant, budget: &Budget) -> Result<Comparison> {
    let options = Options::quick(budget);
    let figures_a = solved(&a.board, &merged(both, &a.variant), &options)?;
    let figures_b = solved(&b.board, &merged(both, &b.variant), &options)?;
    Ok(Comparison {
        variant: both.to_string(),
        a_variant: a.variant.to_string(),
        b_variant: b.variant.to_string(),
        a: MainFigures::of(&figures_a),
        b: MainFigures::of(&figures_b),
    })
}

/// `both` with a side's `own` changes on top.
fn merged(both: &Variant, own: &Variant) -> Variant {
    let mut v = both.clone();
    for w in &own.without {
        if !v.without.contains(w) {
            v = v.without(w);
        }
    }
    for (key, value) in &own.rules {
        v = v.with_rule(key, value.clone());
    }
    v
}

/// Loads a board with a variant and solves it (one player, exact), whatever its game.
struct Solve<'a> {
    variant: &'a Variant,
    options: &'a Options,
}

impl GameVisitor for Solve<'_> {
    type Output = Result<Analysis>;
    fn visit<G: Game>(self, source: Source<G>) -> Result<Analysis> {
        let game = source.game(self.variant)?;
        let about = load::about(&game, self.variant);
        let chain = Chain::build_within(&game, &self.options.budget)?;
        Ok(Analysis::of(&game, &chain, about, self.options)?)
    }
}

fn solved(board: &BoardSource, variant: &Variant, options: &Options) -> Result<Analysis> {
    // One board's chain is freed before the other's is built.
    crate::budget::scoped(|| crate::games::with_game(board, Solve { variant, options }))?
}
