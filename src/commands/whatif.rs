//! `candyland whatif`: the effect of removing each element.

use anyhow::Result;

use crate::budget::Budget;
use crate::cli::WhatifArgs;
use crate::config;
use crate::output;
use crate::whatif::WhatIf;

use super::json;

pub(crate) fn run(args: &WhatifArgs, b: &Budget) -> Result<String> {
    let variant = args.variant.to_variant();
    let source = config::read_board(Some(&args.board))?;
    let w = WhatIf::of(&source, &variant, b)?;
    Ok(if args.json {
        json(&w)?
    } else {
        output::whatif_table(&w)
    })
}
