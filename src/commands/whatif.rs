//! `candyland whatif`: the effect of removing each element.

use crate::output::Layout;
use anyhow::Result;

use crate::budget::Budget;
use crate::cli::WhatifArgs;
use crate::games::Source;
use crate::model::Game;
use crate::output;
use crate::whatif::WhatIf;

use super::json;

pub(crate) fn run(args: &WhatifArgs, b: &Budget, layout: Layout) -> Result<String> {
    super::on_board(&args.board, args, b, layout)
}

impl super::BoardCommand for WhatifArgs {
    fn run_on<G: Game>(&self, source: Source<G>, b: &Budget, layout: Layout) -> Result<String> {
        let w = WhatIf::of(&source, &self.variant.to_variant(), b)?;
        Ok(if self.json {
            json(&w)?
        } else {
            output::whatif_table(&w, layout)
        })
    }
}
