//! `candyland spaces`: per-space and per-event figures.

use anyhow::Result;

use crate::budget::Budget;
use crate::chain::Chain;
use crate::cli::SpacesArgs;
use crate::config;
use crate::figures::SpacesReport;
use crate::game::AnyGame;
use crate::output;
use crate::solve::check_finishes;
use crate::solve::spaces::Spaces;

use super::json;

pub(crate) fn run(args: &SpacesArgs, b: &Budget) -> Result<String> {
    let variant = args.variant.to_variant();
    let board = config::load_game(Some(&args.board), &variant)?;
    let names = (0..board.len()).map(|i| board.space_name(i)).collect();
    let notes = (0..board.len()).map(|i| board.space_notes(i)).collect();
    let first_number = board.first_number();
    let name = board.name().to_string();
    let len = board.len();
    let game = AnyGame::new(board);
    let chain = Chain::build_within(&game, b)?;
    check_finishes(&game, &chain)?;
    let figures = Spaces::within(&game, &chain, len, b)?;
    let report = SpacesReport {
        board: name,
        variant: variant.to_string(),
        first_number,
        names,
        notes,
        figures,
    };
    Ok(if args.json {
        json(&report)?
    } else if args.csv {
        output::spaces_csv(&report)
    } else {
        output::spaces_table(&report)
    })
}
