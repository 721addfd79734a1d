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

/// Bytes and processor seconds of one space's row, as text, CSV and JSON (measured on a
/// million-space board: 390, 650 and 1,700 bytes at the peak).
const TEXT_ROW: (f64, f64) = (400.0, 1e-6);
const CSV_ROW: (f64, f64) = (650.0, 1e-6);
const JSON_ROW: (f64, f64) = (1700.0, 1.7e-6);

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
        // The table: a row per space, written once and then escaped for the terminal.
        let (bytes, seconds) = if args.json {
            JSON_ROW
        } else if args.csv {
            CSV_ROW
        } else {
            TEXT_ROW
        };
        let what = format!("the table of {len} spaces");
        b.memory_kept(&what, bytes * len as f64, crate::budget::Kept::Kept, "")?;
        b.time(&what, crate::budget::idle(seconds * len as f64), "")?;
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
