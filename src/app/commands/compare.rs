//! `candyland compare`: two boards side by side ([`crate::results::compare`]); each side is
//! one argument, a board and its own variant flags.

use crate::error::Result;
use clap::Parser;

use crate::app::cli::{CompareArgs, VariantArgs};
use crate::app::format::Form;
use crate::budget::Budget;
use crate::games::Variant;
use crate::input::error::UserError;
use crate::results::compare::{compare, Side};

/// One side as given: `BOARD [VARIANT FLAGS...]` in one argument.
#[derive(Debug, clap::Parser)]
#[command(name = "side", no_binary_name = true, disable_help_flag = true)]
struct SideArgs {
    board: String,
    #[command(flatten)]
    variant: VariantArgs,
}

/// Reads one side: its board and its own variant.
fn side(text: &str, name: &str) -> Result<(String, Variant)> {
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
    let parsed = SideArgs::try_parse_from(&words).map_err(|e| {
        // clap's message and tip, without the usage line of this inner parser.
        let message = e.render().to_string();
        let message = message.split("\nUsage:").next().unwrap_or_default();
        bad(crate::input::text::shorten_lines(
            message.trim_start_matches("error: ").trim_end(),
        ))
    })?;
    Ok((parsed.board, parsed.variant.to_variant()))
}

pub(crate) fn run(args: &CompareArgs, b: &Budget, form: Form) -> Result<String> {
    let (board_a, variant_a) = side(&args.board_a, "BOARD_A")?;
    let (board_b, variant_b) = side(&args.board_b, "BOARD_B")?;
    let a = Side {
        board: crate::games::load::read_board(Some(&board_a))?,
        variant: variant_a,
    };
    let b_side = Side {
        board: crate::games::load::read_board(Some(&board_b))?,
        variant: variant_b,
    };
    form.render(&compare(&a, &b_side, &args.variant.to_variant(), b)?)
}
