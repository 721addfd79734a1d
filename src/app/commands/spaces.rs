//! `candyland spaces`: per-space and per-event figures ([`crate::results::spaces`]).

use crate::error::Result;

use crate::app::cli::SpacesArgs;
use crate::app::format::Form;
use crate::budget::Budget;
use crate::results::spaces::{spaces, SpacesOptions};

pub(crate) fn run(args: &SpacesArgs, b: &Budget, form: Form) -> Result<String> {
    let options = SpacesOptions {
        variant: args.variant.to_variant(),
        written_as: form.format,
    };
    let board = super::board(&args.board, None)?;
    form.render(&spaces(&board, &options, b)?)
}
