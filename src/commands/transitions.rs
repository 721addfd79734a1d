//! `candyland transitions`: the complete move table.

use anyhow::Result;

use crate::budget::Budget;
use crate::chain::Chain;
use crate::cli::{TableFormat, TransitionsArgs};
use crate::config;
use crate::game::AnyGame;
use crate::output;

use super::json;

/// Bytes of one row of the transitions table (CSV or JSON), for its memory estimate.
const BYTES_PER_TRANSITION_ROW: f64 = 200.0;

pub(crate) fn run(args: &TransitionsArgs, b: &Budget) -> Result<String> {
    let variant = args.variant.to_variant();
    let board = config::load_game(Some(&args.board), &variant)?;
    let name = board.name().to_string();
    let game = AnyGame::new(board);
    let chain = Chain::build_within(&game, b)?;
    b.memory(
        "printing the move table",
        (chain.len() * chain.cards().len()) as f64 * BYTES_PER_TRANSITION_ROW,
        "use a smaller board",
    )?;
    let t = crate::transitions::transitions(&game, &chain, &name);
    Ok(match args.format {
        TableFormat::Json => json(&t)?,
        TableFormat::Csv => output::transitions_csv(&t)?,
    })
}
