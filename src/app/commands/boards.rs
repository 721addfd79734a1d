//! `candyland boards`, `candyland board show` and `candyland board export`
//! ([`crate::results::boards`]).

use crate::error::Result;

use crate::app::cli::ShowArgs;
use crate::app::format::Form;
use crate::output::Plain;
use crate::results::boards;

pub(crate) fn list(form: Form) -> Result<String> {
    form.render(&boards::boards()?)
}

pub(crate) fn show(args: &ShowArgs, form: Form) -> Result<String> {
    let board = super::board(&args.board, None)?;
    form.render(&boards::show(&board, &args.variant.to_variant())?)
}

pub(crate) fn export(name: &str, form: Form) -> Result<String> {
    form.render(&Plain(boards::export(name)?))
}
