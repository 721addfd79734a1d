//! `candyland spaces`: per-space and per-event figures.

use crate::output::Layout;
use anyhow::Result;

use crate::games::Source;
use crate::model::Game;

use crate::budget::Budget;
use crate::chain::Chain;
use crate::cli::SpacesArgs;
use crate::figures::SpacesReport;
use crate::output;
use crate::solve::check_finishes;
use crate::solve::spaces::Spaces;

use super::json;

pub(crate) fn run(args: &SpacesArgs, b: &Budget, layout: Layout) -> Result<String> {
    super::on_board(&args.board, args, b, layout)
}

impl super::BoardCommand for SpacesArgs {
    fn run_on<G: Game>(&self, source: Source<G>, b: &Budget, layout: Layout) -> Result<String> {
        let args = self;
        let variant = args.variant.to_variant();
        let game = source.game(&variant)?;
        let len = game.space_count();
        let names = (0..len).map(|i| game.space_name(i)).collect();
        let notes = (0..len).map(|i| game.space_notes(i)).collect();
        let first_number = game.first_number();
        let name = game.name().to_string();
        let chain = Chain::build_within(&game, b)?;
        check_finishes(&game, &chain)?;
        let figures = Spaces::within(&game, &chain, len, b)?;
        let report = SpacesReport {
            board: name,
            variant: variant.to_string(),
            first_number,
            names,
            notes,
            figures,
            trap_word: game.track().traps.0,
        };
        Ok(if args.json {
            json(&report)?
        } else if args.csv {
            output::spaces_csv(&report)
        } else {
            output::spaces_table(&report, layout)
        })
    }
}
