//! `candyland compare`: two boards side by side.

use crate::output::Layout;
use anyhow::Result;

use crate::budget::Budget;
use crate::chain::Chain;
use clap::Parser;

use crate::app::cli::{CompareArgs, VariantArgs};
use crate::games::load;
use crate::games::{Game, Variant};
use crate::games::{GameVisitor, Source};
use crate::input::error::UserError;
use crate::output;
use crate::results::figures::{Comparison, MainFigures};
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
        let about = load::about(&game, self.variant);
        let chain = Chain::build_within(&game, &self.options.budget)?;
        Ok(Analysis::of(&game, &chain, about, self.options)?)
    }
}

fn solved(spec: &str, variant: &Variant, options: &Options) -> Result<Analysis> {
    let source = load::read_board(Some(spec))?;
    // One board's chain is freed before the other's is built.
    crate::budget::scoped(|| crate::games::with_game(&source, Solve { variant, options }))?
}

/// One side as given: `BOARD [VARIANT FLAGS...]` in one argument.
#[derive(Debug, clap::Parser)]
#[command(name = "side", no_binary_name = true, disable_help_flag = true)]
struct Side {
    board: String,
    #[command(flatten)]
    variant: VariantArgs,
}

/// Reads one side: its board and its own variant, on top of the flags for both.
fn side(text: &str, name: &str, both: &Variant) -> Result<(String, Variant, Variant)> {
    let bad = |message: String| UserError::BadFlag {
        flag: name.into(),
        message,
    };
    let words = shell_words::split(text).map_err(|e| {
        bad(format!(
            "'{}': {e}; give a board, then its flags, e.g. 'candy-land-1984 --without shortcuts'",
            crate::input::text::quote(text)
        ))
    })?;
    let parsed = Side::try_parse_from(&words).map_err(|e| {
        // clap's message and tip, without the usage line of this inner parser.
        let message = e.render().to_string();
        let message = message.split("\nUsage:").next().unwrap_or_default();
        bad(crate::input::text::shorten_lines(
            message.trim_start_matches("error: ").trim_end(),
        ))
    })?;
    let own = parsed.variant.to_variant();
    let mut v = both.clone();
    for w in &own.without {
        if !v.without.contains(w) {
            v = v.without(w);
        }
    }
    for (key, value) in &own.rules {
        v = v.with_rule(key, value.clone());
    }
    Ok((parsed.board, own, v))
}

pub(crate) fn run(args: &CompareArgs, b: &Budget, layout: Layout) -> Result<String> {
    let variant = args.variant.to_variant();
    let options = Options::quick(b);
    let (board_a, own_a, variant_a) = side(&args.board_a, "BOARD_A", &variant)?;
    let (board_b, own_b, variant_b) = side(&args.board_b, "BOARD_B", &variant)?;
    let a = solved(&board_a, &variant_a, &options)?;
    let b = solved(&board_b, &variant_b, &options)?;
    let c = Comparison {
        variant: variant.to_string(),
        a_variant: own_a.to_string(),
        b_variant: own_b.to_string(),
        a: MainFigures::of(&a),
        b: MainFigures::of(&b),
    };
    Ok(if args.json {
        json("compare", &c)?
    } else if args.csv {
        output::comparison_csv(&c)?
    } else {
        output::comparison_table(&c, layout)
    })
}
