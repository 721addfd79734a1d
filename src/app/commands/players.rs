//! `candyland players`: K players ([`crate::results::players`]).

use crate::error::Result;

use crate::app::cli::PlayersArgs;
use crate::app::format::Form;
use crate::app::progress::Bars;
use crate::budget::Budget;
use crate::results::players::{players, PlayersOptions};

pub(crate) fn run(args: &PlayersArgs, b: &Budget, form: Form) -> Result<String> {
    let options = PlayersOptions {
        variant: args.variant.to_variant(),
        players: args.players,
        games: args.games,
        deck: args.deck,
        seed: args.seed,
    };
    options.validate()?;
    let board = super::board(&args.board, None)?;
    form.render(&players(&board, &options, b, &Bars)?)
}
