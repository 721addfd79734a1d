//! `candyland odds`: each player's exact chance to win from given positions mid-game, with a
//! given seat to move, and how long the game has left ([`crate::solve::odds`]).

use crate::output::Layout;
use anyhow::Result;

use crate::app::cli::OddsArgs;
use crate::budget::Budget;
use crate::games::Game;
use crate::games::Source;
use crate::input::error::UserError;
use crate::output;
use crate::results::figures::{OddsReport, SeatPosition};
use crate::solve::odds::Curves;
use crate::solve::Options;

use super::{bad_flag, json};

/// The most seats `odds` takes.
pub const MAX_SEATS: usize = 4;

pub(crate) fn run(args: &OddsArgs, b: &Budget, layout: Layout) -> Result<String> {
    seats(args)?;
    super::on_board(&args.board, args, b, layout)
}

/// Checks the number of `--at` and `--to-move` against it; the seat to move, 0-based.
fn seats(args: &OddsArgs) -> Result<usize, UserError> {
    let k = args.at.len();
    if !(1..=MAX_SEATS).contains(&k) {
        return Err(bad_flag(
            "--at",
            format!(
                "{k} positions given; give 1 to {MAX_SEATS}, one --at for each seat, in seat order"
            ),
        ));
    }
    if !(1..=k).contains(&args.to_move) {
        return Err(bad_flag(
            "--to-move",
            format!(
                "{} is not a seat: with {k} --at the seats are 1 to {k}",
                args.to_move
            ),
        ));
    }
    Ok(args.to_move - 1)
}

impl super::BoardCommand for OddsArgs {
    fn run_on<G: Game>(&self, source: Source<G>, b: &Budget, layout: Layout) -> Result<String> {
        let args = self;
        let to_move = seats(args)?;
        let variant = args.variant.to_variant();
        let super::Built { game, about, chain } = super::build(&source, &variant, b)?;
        let tokens = args
            .at
            .iter()
            .enumerate()
            .map(|(i, text)| {
                crate::chain::position::find(&game, &chain, text)
                    .map_err(|e| bad_flag(&format!("--at (seat {})", i + 1), e.to_string()))
            })
            .collect::<Result<Vec<usize>, UserError>>()?;
        let options = Options::quick(b);
        let curves = Curves::within(&game, &chain, &about, &tokens, &options, (tokens.len(), 1))?;
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
                state: crate::solve::vocabulary::StateRef::of(&game, state, chain.states()[state]),
                alone: crate::solve::vocabulary::Mean { mean: alone[state] },
            })
            .collect();
        let unfinished_mass = odds.unfinished_mass();
        let report = OddsReport {
            board: about.board,
            variant: variant.to_string(),
            to_move: to_move + 1,
            seats,
            win: odds.win.clone(),
            rounds: crate::results::figures::RoundsLeft::of(&odds),
            turns: crate::solve::vocabulary::Mean {
                mean: odds.mean_turns,
            },
            odds,
            tolerance: curves.tolerance(),
            unfinished_mass,
            truncated: curves.truncated(),
        };
        Ok(if args.json {
            json("odds", &report)?
        } else if args.csv {
            output::odds_csv(&report)?
        } else {
            output::odds_table(&report, layout)
        })
    }
}
