//! `candyland compare`: two boards side by side.

use anyhow::Result;

use crate::budget::Budget;
use crate::chain::Chain;
use crate::cli::CompareArgs;
use crate::config;
use crate::figures::{Comparison, MainFigures};
use crate::game::AnyGame;
use crate::model::Variant;
use crate::output;
use crate::solve::{About, Analysis, Options};

use super::{json, AnyChain};

/// Loads a board with a variant and solves it (one player, exact).
fn solved(spec: &str, variant: &Variant, options: &Options) -> Result<(About, AnyChain, Analysis)> {
    let board = config::load_game(Some(spec), variant)?;
    let about = config::about(&board, variant);
    let game = AnyGame::new(board);
    let chain = Chain::build_within(&game, &options.budget)?;
    let analysis = Analysis::of(&game, &chain, about.clone(), options)?;
    Ok((about, chain, analysis))
}

pub(crate) fn run(args: &CompareArgs, b: &Budget) -> Result<String> {
    let variant = args.variant.to_variant();
    let options = Options::quick(b);
    let (_, _, a) = solved(&args.board_a, &variant, &options)?;
    let (_, _, b) = solved(&args.board_b, &variant, &options)?;
    let c = Comparison {
        variant: variant.to_string(),
        a: MainFigures::of(&a),
        b: MainFigures::of(&b),
    };
    Ok(if args.json {
        json(&c)?
    } else {
        output::comparison_table(&c)
    })
}
