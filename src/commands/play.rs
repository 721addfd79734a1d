//! `candyland play`: one game turn by turn.

use anyhow::Result;

use crate::budget::Budget;
use crate::chain::Chain;
use crate::cli::PlayArgs;
use crate::config;
use crate::game::AnyGame;
use crate::output;
use crate::solve::check_finishes;

use super::{check_players, deck_mode, json};

pub(crate) fn run(args: &PlayArgs, b: &Budget) -> Result<String> {
    check_players(args.players)?;
    let variant = args.variant.to_variant();
    let board = config::load_game(Some(&args.board), &variant)?;
    let name = board.name().to_string();
    let game = AnyGame::new(board);
    let chain = Chain::build_within(&game, b)?;
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
