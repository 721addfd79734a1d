//! `candyland crosscheck`: the simulator against the exact solver
//! ([`crate::results::crosscheck`]).

use crate::error::Result;

use crate::app::cli::CrosscheckArgs;
use crate::app::format::Form;
use crate::app::progress::Bars;
use crate::budget::Budget;
use crate::results::crosscheck::{crosscheck, CrosscheckOptions};

pub(crate) fn run(args: &CrosscheckArgs, b: &Budget, form: Form) -> Result<String> {
    let options = CrosscheckOptions {
        variant: args.variant.to_variant(),
        games: args.games,
        seed: args.seed,
    };
    options.validate()?;
    let board = super::board(&args.board, None)?;
    form.render(&crosscheck(&board, &options, b, &Bars)?)
}
