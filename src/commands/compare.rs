//! `candyland compare`: two boards side by side.

use anyhow::Result;

use crate::budget::Budget;
use crate::chain::Chain;
use crate::cli::CompareArgs;
use crate::config;
use crate::figures::{Comparison, MainFigures};
use crate::games::{GameVisitor, Source};
use crate::model::{Game, Variant};
use crate::output;
use crate::solve::{Analysis, Options};

use super::json;

/// Loads a board with a variant and solves it (one player, exact), whatever its game.
struct Solve<'a> {
    variant: &'a Variant,
    options: &'a Options,
}

impl GameVisitor for Solve<'_> {
    type Output = Result<Analysis>;
    fn visit<G: Game>(self, source: Source<G>) -> Result<Analysis> {
        let game = source.game(self.variant)?;
        let about = config::about(&game, self.variant);
        let chain = Chain::build_within(&game, &self.options.budget)?;
        Ok(Analysis::of(&game, &chain, about, self.options)?)
    }
}

fn solved(spec: &str, variant: &Variant, options: &Options) -> Result<Analysis> {
    let source = config::read_board(Some(spec))?;
    crate::games::with_game(&source, Solve { variant, options })?
}

pub(crate) fn run(args: &CompareArgs, b: &Budget) -> Result<String> {
    let variant = args.variant.to_variant();
    let options = Options::quick(b);
    let a = solved(&args.board_a, &variant, &options)?;
    let b = solved(&args.board_b, &variant, &options)?;
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
