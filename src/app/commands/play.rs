//! `candyland play`: one game turn by turn ([`crate::results::play`]); with `--odds`, each
//! player's exact chance to win after every turn, and with `--chart FILE` those chances drawn
//! through the game.

use std::path::Path;

use crate::error::Result;

use crate::app::cli::PlayArgs;
use crate::app::format::Form;
use crate::budget::Budget;
use crate::input::error::UserError;
use crate::output::charts::Format;
use crate::output::{PendingFile, Played};
use crate::results::play::{play, PlayOptions};

use super::bad_flag;

/// The size of the `--chart` image, as `report`'s charts by default.
const CHART_SIZE: (u32, u32) = (1200, 800);

/// The chart's format, from the file name: `.svg` or `.png`.
fn chart_format(path: &Path) -> Result<Format, UserError> {
    let extension = path.extension().map(|e| e.to_string_lossy().to_lowercase());
    match extension.as_deref() {
        Some("png") => Ok(Format::Png),
        Some("svg") => Ok(Format::Svg),
        _ => Err(bad_flag(
            "--chart",
            "give a file name ending in .png or .svg (the chart's format)",
        )),
    }
}

pub(crate) fn run(args: &PlayArgs, b: &Budget, form: Form) -> Result<String> {
    let options = PlayOptions {
        variant: args.variant.to_variant(),
        seed: args.seed,
        deck: args.deck,
        players: args.players,
        odds: args.odds,
    };
    options.validate()?;
    if let Some(path) = &args.chart {
        chart_format(path)?;
    }
    let board = super::board(&args.board, super::policies::policy_flag(&args.variant))?;
    if let Some(text) = super::policies::play(args, &board, b, form)? {
        return Ok(text);
    }
    if args.best {
        return Err(bad_flag(
            "--best",
            format!(
                "applies to games where a player chooses its moves ({}); a race has no decisions to judge",
                crate::games::policy_titles()
            ),
        )
        .into());
    }
    // The chart's file is opened before any work, so that a bad path fails at once.
    let chart = match &args.chart {
        Some(path) => Some((PendingFile::create(path, "--chart")?, chart_format(path)?)),
        None => None,
    };
    let transcript = play(&board, &options, b)?;
    let mut written = None;
    if let (Some((file, format)), true) = (chart, args.odds) {
        written = Some(file.target().display().to_string());
        file.commit(&crate::output::charts::odds_through_game(
            &transcript,
            format,
            CHART_SIZE,
        )?)?;
    }
    form.render(&Played {
        transcript: &transcript,
        chart: written,
    })
}
