//! `candyland whatif`: the effect of removing each element, or of changing each rule.

use crate::output::Layout;
use anyhow::Result;

use crate::app::cli::WhatifArgs;
use crate::budget::Budget;
use crate::games::Game;
use crate::games::Source;
use crate::output;
use crate::results::whatif::{RuleRanking, WhatIf};

use super::json;

pub(crate) fn run(args: &WhatifArgs, b: &Budget, layout: Layout) -> Result<String> {
    super::on_board(&args.board, args, b, layout)
}

impl super::BoardCommand for WhatifArgs {
    fn run_on<G: Game>(&self, source: Source<G>, b: &Budget, layout: Layout) -> Result<String> {
        let variant = self.variant.to_variant();
        if self.rules {
            let r = RuleRanking::of(&source, &variant, b)?;
            return Ok(if self.json {
                json("whatif", &r)?
            } else if self.csv {
                output::rules_csv(&r)
            } else {
                output::rules_table(&r, layout)
            });
        }
        let w = WhatIf::of(&source, &variant, b)?;
        Ok(if self.json {
            json("whatif", &w)?
        } else if self.csv {
            output::whatif_csv(&w)
        } else {
            output::whatif_table(&w, layout)
        })
    }
}
