//! `candyland spaces`: per-space and per-event figures.

use crate::output::Layout;
use anyhow::Result;

use crate::games::Game;
use crate::games::Source;

use crate::app::cli::SpacesArgs;
use crate::budget::Budget;
use crate::chain::Chain;
use crate::output;
use crate::results::figures::{SpacesReport, SpacesWords};
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
        let mut names: Vec<String> = (0..len).map(|i| game.space_name(i)).collect();
        let mut notes: Vec<String> = (0..len).map(|i| game.space_notes(i)).collect();
        let first_number = game.first_number();
        let name = game.name().to_string();
        let chain = Chain::build_within(&game, b)?;
        check_finishes(&game, &chain)?;
        let figures = Spaces::within(&game, &chain, len, b)?;
        if figures.spaces.len() > len {
            names.push("finish".into());
            notes.push(format!("past the last {}", game.space_word()));
        }
        let track = game.track();
        let report = SpacesReport {
            board: name,
            variant: variant.to_string(),
            first_number,
            names,
            notes,
            figures,
            words: SpacesWords {
                space: game.space_word().into(),
                draws: game.draws_word().into(),
                trap: track.traps.0,
                jumps: track
                    .jumps
                    .into_iter()
                    .filter(|j| !j.moves.is_empty())
                    .map(|j| j.name)
                    .collect(),
            },
        };
        Ok(if args.json {
            json("spaces", &report)?
        } else if args.csv {
            output::spaces_csv(&report)
        } else {
            output::spaces_table(&report, layout)
        })
    }
}
