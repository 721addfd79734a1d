//! `candyland odds`: who wins from given positions ([`crate::results::odds`]).

use crate::error::Result;

use crate::app::cli::OddsArgs;
use crate::app::format::Form;
use crate::budget::Budget;
use crate::results::odds::{odds, OddsOptions};

pub(crate) fn run(args: &OddsArgs, b: &Budget, form: Form) -> Result<String> {
    let options = OddsOptions {
        variant: args.variant.to_variant(),
        at: args.at.clone(),
        to_move: args.to_move,
    };
    options.validate()?;
    let board = super::board(&args.board, None)?;
    form.render(&odds(&board, &options, b)?)
}
