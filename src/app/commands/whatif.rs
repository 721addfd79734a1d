//! `candyland whatif`: the effect of removing each element, or of changing each rule
//! ([`crate::results::whatif`]).

use crate::error::Result;

use crate::app::cli::WhatifArgs;
use crate::app::format::Form;
use crate::budget::Budget;
use crate::results::whatif::{whatif, WhatIfOptions};

pub(crate) fn run(args: &WhatifArgs, b: &Budget, form: Form) -> Result<String> {
    let options = WhatIfOptions {
        variant: args.variant.to_variant(),
        rules: args.rules,
    };
    let board = super::board(&args.board, None)?;
    form.render(&whatif(&board, &options, b)?)
}
