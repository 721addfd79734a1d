//! `candyland play`: one game turn by turn.

use anyhow::Result;

use crate::games::Source;
use crate::model::Game;

use crate::budget::Budget;
use crate::cli::PlayArgs;
use crate::output;
use crate::solve::check_finishes;

use super::{check_players, deck_mode, json};

pub(crate) fn run(args: &PlayArgs, b: &Budget) -> Result<String> {
    check_players(args.players)?;
    super::on_board(&args.board, args, b)
}

impl super::BoardCommand for PlayArgs {
    fn run_on<G: Game>(&self, source: Source<G>, b: &Budget) -> Result<String> {
        let args = self;
        let variant = args.variant.to_variant();
        let super::Built { game, about, chain } = super::build(&source, &variant, b)?;
        let name = about.board;
        check_finishes(&game, &chain)?;
        let deck = deck_mode(args.deck, chain.has_deck())?;
        let t = crate::transcript::transcript(
            &game,
            &chain,
            &name,
            args.seed,
            deck,
            args.players,
            crate::verify::MAX_TURNS,
        );
        Ok(if args.json {
            json(&t)?
        } else {
            output::transcript_text(&t)
        })
    }
}
