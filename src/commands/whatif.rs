//! `candyland whatif`: the effect of removing each element.

use anyhow::Result;

use crate::budget::Budget;
use crate::cli::WhatifArgs;
use crate::games::Source;
use crate::model::Game;
use crate::output;
use crate::whatif::WhatIf;

use super::json;

pub(crate) fn run(args: &WhatifArgs, b: &Budget) -> Result<String> {
    super::on_board(&args.board, args, b)
}

impl super::BoardCommand for WhatifArgs {
    fn run_on<G: Game>(&self, source: Source<G>, b: &Budget) -> Result<String> {
        let w = WhatIf::of(&source, &self.variant.to_variant(), b)?;
        Ok(if self.json {
            json("whatif", &w)?
        } else {
            output::whatif_table(&w)
        })
    }
}
