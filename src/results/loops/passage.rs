//! `passage` on a board that loops: the first landing on a square, from the start or from a
//! turn ended on another square: its expected rolls and turns (sparse solves) and the
//! distribution of the turn it comes in (propagated; what is left past the last turn said).

use serde::Serialize;

use super::long_run::{chain, landings};
use super::{ask, parse};
use crate::budget::Budget;
use crate::error::Result;
use crate::games::loop_game::LoopGame;
use crate::games::{BoardSource, LoopVisitor, Variant};
use crate::input::error::UserError;
use crate::solve::stationary::passage::first_landing;

/// The options of [`passage`].
#[derive(Debug, Clone, PartialEq)]
pub struct LoopPassageOptions {
    /// Rule overrides.
    pub variant: Variant,
    /// The square whose first landing is asked, by name or number.
    pub to: String,
    /// The square the token has just ended a turn on; `None` for the start.
    pub from: Option<String>,
    /// Propagate until less than this is left.
    pub tolerance: f64,
    /// Never past this many turns.
    pub max_turns: usize,
}

/// A quantile of the turn of first landing.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, schemars::JsonSchema)]
pub struct TurnQuantile {
    /// The probability.
    pub p: f64,
    /// The first turn by which the first landing has come with at least that chance.
    pub turns: usize,
}

/// The answer of [`passage`] on a board that loops.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct LoopPassage {
    /// The board.
    pub board: String,
    /// Where the token starts.
    pub from: String,
    /// The square asked for.
    pub to: String,
    /// Whether a roll is ever counted there.
    pub reached: bool,
    /// Expected rolls until the first landing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean_rolls: Option<f64>,
    /// Expected turns until the turn of the first landing, that turn counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean: Option<f64>,
    /// Quantiles of that turn.
    pub quantiles: Vec<TurnQuantile>,
    /// P(first landing in turn k), k = 1, 2, ...
    pub pmf: Vec<f64>,
    /// The chance not placed by `pmf` (past its last turn).
    pub left_out: f64,
}

/// Square `name` of `game`: its name or its number.
fn square<G: LoopGame>(game: &G, name: &str, flag: &str) -> Result<usize> {
    let by_name = (0..game.squares()).find(|&i| game.square_name(i).eq_ignore_ascii_case(name));
    let by_number = name.parse::<usize>().ok().filter(|i| *i < game.squares());
    by_name.or(by_number).ok_or_else(|| {
        UserError::BadFlag {
            flag: flag.into(),
            message: format!(
                "'{}' is not a square of {}: give a square's name (e.g. '{}') or its number, 0 to {}",
                crate::input::text::quote(name),
                game.name(),
                game.square_name(game.squares() - 1),
                game.squares() - 1
            ),
        }
        .into()
    })
}

/// The first landing on a square of the loop board `source` (`None` for another game).
pub fn passage(
    source: &BoardSource,
    options: &LoopPassageOptions,
    budget: &Budget,
) -> Result<Option<LoopPassage>> {
    struct Passage<'a>(&'a BoardSource, &'a LoopPassageOptions, &'a Budget);
    impl LoopVisitor for Passage<'_> {
        type Output = Result<LoopPassage>;
        fn visit<G: LoopGame>(self) -> Result<LoopPassage> {
            let Passage(source, o, budget) = self;
            let game: G = parse(source, &o.variant)?;
            let to = square(&game, &o.to, "--to")?;
            let from_square = o
                .from
                .as_deref()
                .map(|f| square(&game, f, "--from"))
                .transpose()?;
            let chain = chain(&game, budget)?;
            let landing = landings(&game, &chain);
            let from_state = match from_square {
                None => 0,
                Some(i) => {
                    let want = game.at_square(i);
                    chain.states.iter().position(|s| *s == want).ok_or_else(|| {
                        UserError::BadFlag {
                            flag: "--from".into(),
                            message: format!(
                                "no turn ends on {} with nothing held: give another square, or leave --from out to start from the start",
                                game.square_name(i)
                            ),
                        }
                    })?
                }
            };
            let target = |s: usize| landing[s].square == to;
            let found = first_landing(
                &chain,
                &landing,
                from_state,
                &target,
                o.tolerance,
                o.max_turns,
            )
            .map_err(|e| UserError::Board {
                board: game.name().to_string(),
                message: format!("the first passage could not be solved: {e}"),
            })?;
            let from = from_square.map_or_else(
                || format!("the start ({})", game.square_name(0)),
                |i| game.square_name(i).to_string(),
            );
            let Some(f) = found else {
                return Ok(LoopPassage {
                    board: game.name().to_string(),
                    from,
                    to: game.square_name(to).to_string(),
                    reached: false,
                    mean_rolls: None,
                    mean: None,
                    quantiles: Vec::new(),
                    pmf: Vec::new(),
                    left_out: 1.0,
                });
            };
            let mut quantiles = Vec::new();
            let mut cdf = 0.0;
            let mut wanted = [0.25, 0.5, 0.75, 0.9, 0.99].into_iter().peekable();
            for (k, p) in f.by_turn.iter().enumerate() {
                cdf += p;
                while let Some(&q) = wanted.peek() {
                    if cdf + 1e-12 >= q {
                        quantiles.push(TurnQuantile { p: q, turns: k + 1 });
                        wanted.next();
                    } else {
                        break;
                    }
                }
            }
            Ok(LoopPassage {
                board: game.name().to_string(),
                from,
                to: game.square_name(to).to_string(),
                reached: true,
                mean_rolls: Some(f.rolls),
                mean: Some(f.turns),
                quantiles,
                pmf: f.by_turn,
                left_out: f.left,
            })
        }
    }
    ask(source, Passage(source, options, budget))
}
