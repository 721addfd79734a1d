//! `candyland boards` and `candyland board show`.

use anyhow::Result;

use crate::cli::ShowArgs;
use crate::config;
use crate::model::{shipped, Variant};
use crate::output;

pub(crate) fn boards() -> Result<String> {
    let mut list = Vec::new();
    for b in shipped::SHIPPED {
        let board = config::parse_game(b.name, b.text, &Variant::default())?;
        list.push(board);
    }
    Ok(output::board_list(&list))
}

pub(crate) fn show(args: &ShowArgs) -> Result<String> {
    let variant = args.variant.to_variant();
    let board = config::load_game(Some(&args.board), &variant)?;
    Ok(output::board_table(&board, &variant))
}
