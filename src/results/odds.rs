//! `odds`: each player's exact chance to win from given positions mid-game, with a given seat
//! to move, and how long the game has left ([`crate::solve::odds`]).

use crate::error::Result;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::budget::Budget;
use crate::games::{BoardSource, Game, Source, Variant};
use crate::input::error::UserError;
use crate::results::board::{ask, build, Built, Question};
use crate::results::options::bad_option;
use crate::solve::odds::{Curves, Odds};
use crate::solve::vocabulary::{Mean, StateRef};
use crate::solve::Options;

/// The most seats `odds` takes.
pub const MAX_SEATS: usize = 4;

/// The options of [`odds`].
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OddsOptions {
    /// Changes to the board file (`--without`, rule overrides).
    pub variant: Variant,
    /// Each seat's position, in seat order: a space number, `start`, or a state's name.
    pub at: Vec<String>,
    /// The seat that moves next, 1-based.
    pub to_move: usize,
}

impl OddsOptions {
    /// Checks the number of seats and the seat to move; the seat to move, 0-based.
    pub fn validate(&self) -> Result<usize, UserError> {
        let k = self.at.len();
        if !(1..=MAX_SEATS).contains(&k) {
            return Err(bad_option(
                "--at",
                format!(
                    "{k} positions given; give 1 to {MAX_SEATS}, one --at for each seat, in seat order"
                ),
            ));
        }
        if !(1..=k).contains(&self.to_move) {
            return Err(bad_option(
                "--to-move",
                format!(
                    "{} is not a seat: with {k} --at the seats are 1 to {k}",
                    self.to_move
                ),
            ));
        }
        Ok(self.to_move - 1)
    }
}

/// `odds --json`: each seat's chance to win from given positions, with a given seat to move.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OddsReport {
    /// The board's short name.
    pub board: String,
    /// Command-line changes to the board file, as flags ("" for none).
    pub variant: String,
    /// 1-based seat that moves next.
    pub to_move: usize,
    /// Each seat's position, in seat order.
    pub seats: Vec<SeatPosition>,
    /// The exact figures (i.i.d. draws), which the keys below spell out.
    #[serde(skip)]
    pub odds: Odds,
    /// P(seat i wins), seat 1 first.
    pub win: Vec<f64>,
    /// R, the rounds until someone finishes (a round being one turn of each seat starting with
    /// the seat to move).
    pub rounds: RoundsLeft,
    /// The turns of all seats together until someone finishes (the finishing turn included).
    pub turns: Mean,
    /// The curves were computed until P(T > n) fell below this.
    pub tolerance: f64,
    /// P(nobody has finished after the last round computed): the chance the figures leave
    /// out (`rounds`' last survival value). Each seat's chance to win lies between `win[i]` and
    /// `win[i]` plus this, and the means are at least what they say.
    pub unfinished_mass: f64,
    /// Some curve was cut by the turn limit first: `win`, `rounds.mean` and `turns.mean` are
    /// lower bounds, missing `unfinished_mass`. In JSON only when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
}

/// R in `odds --json`: the rounds until someone finishes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RoundsLeft {
    /// E\[R\].
    pub mean: f64,
    /// The smallest r with P(R <= r) >= 1/2; `None` when the curves were cut before.
    pub median: Option<usize>,
    /// `pmf[r]` = P(R = r).
    pub pmf: Vec<f64>,
    /// `survival[r]` = P(R > r): its last value is the chance the figures leave out (below the
    /// tolerance unless the curves were cut by the turn limit).
    pub survival: Vec<f64>,
}

impl RoundsLeft {
    /// R of `odds`.
    pub fn of(odds: &Odds) -> RoundsLeft {
        RoundsLeft {
            mean: odds.mean_rounds,
            median: odds.rounds.quantile(0.5),
            pmf: odds.rounds.pmf.clone(),
            survival: odds.rounds.survival.clone(),
        }
    }
}

/// One seat's position in `odds --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatPosition {
    /// 1-based seat.
    pub seat: usize,
    /// The seat's state.
    pub state: StateRef,
    /// T from there: the turns this seat would still need alone (lost turns included); E\[T\]
    /// from the linear solve, exact.
    pub alone: Mean,
}

/// Each seat's exact chance to win on `board` from the positions `options` gives, whatever its
/// game.
pub fn odds(board: &BoardSource, options: &OddsOptions, budget: &Budget) -> Result<OddsReport> {
    options.validate()?;
    ask(board, options, budget)
}

impl Question for OddsOptions {
    type Answer = OddsReport;

    fn on<G: Game>(&self, source: Source<G>, b: &Budget) -> Result<OddsReport> {
        odds_game(&source, self, b)
    }
}

/// [`odds`] on a board of game `G`.
pub fn odds_game<G: Game>(
    source: &Source<G>,
    options: &OddsOptions,
    b: &Budget,
) -> Result<OddsReport> {
    let to_move = options.validate()?;
    let Built { game, about, chain } = build(source, &options.variant, b)?;
    let tokens = options
        .at
        .iter()
        .enumerate()
        .map(|(i, text)| {
            crate::chain::position::find(&game, &chain, text)
                .map_err(|e| bad_option(&format!("--at (seat {})", i + 1), e.to_string()))
        })
        .collect::<Result<Vec<usize>, UserError>>()?;
    let solve_options = Options::quick(b);
    let curves = Curves::within(
        &game,
        &chain,
        &about,
        &tokens,
        &solve_options,
        (tokens.len(), 1),
    )?;
    let odds = curves.odds(&tokens, to_move);
    // E[T] from every state, one linear solve (E = N 1): exact whatever the curves leave out.
    let alone = crate::solve::solve_f64(
        chain.counts(),
        chain.denominator(),
        &[&vec![1.0; chain.len()]],
    )
    .map_err(|f| crate::solve::failure_error(&game, &chain, f))?
    .remove(0);
    let seats = tokens
        .iter()
        .enumerate()
        .map(|(i, &state)| SeatPosition {
            seat: i + 1,
            state: StateRef::of(&game, state, chain.states()[state]),
            alone: Mean { mean: alone[state] },
        })
        .collect();
    let unfinished_mass = odds.unfinished_mass();
    Ok(OddsReport {
        board: about.board,
        variant: options.variant.to_string(),
        to_move: to_move + 1,
        seats,
        win: odds.win.clone(),
        rounds: RoundsLeft::of(&odds),
        turns: Mean {
            mean: odds.mean_turns,
        },
        odds,
        tolerance: curves.tolerance(),
        unfinished_mass,
        truncated: curves.truncated(),
    })
}
