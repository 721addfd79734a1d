//! `candyland play`: one game turn by turn; with `--odds`, each player's exact chance to win
//! after every turn, and with `--chart FILE` those chances drawn through the game.

use crate::output::Layout;
use std::path::Path;

use anyhow::Result;

use crate::games::Game;
use crate::games::Source;

use crate::app::cli::PlayArgs;
use crate::budget::Budget;
use crate::input::error::UserError;
use crate::output::charts::{Format, OddsChart};
use crate::output::{self, PendingFile};
use crate::sim::transcript::{visited_states, with_odds, Transcript};
use crate::solve::odds::Curves;
use crate::solve::{check_finishes, Options};

use super::{bad_flag, check_players, deck_mode, json};

/// The size of the `--chart` image, as `report`'s charts by default.
const CHART_SIZE: (u32, u32) = (1200, 800);

pub(crate) fn run(args: &PlayArgs, b: &Budget, layout: Layout) -> Result<String> {
    check_players(args.players)?;
    if let Some(path) = &args.chart {
        chart_format(path)?;
    }
    super::on_board(&args.board, args, b, layout)
}

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

impl super::BoardCommand for PlayArgs {
    fn run_hare(
        &self,
        source: &crate::games::BoardSource,
        _: &Budget,
        layout: Layout,
    ) -> Result<String> {
        super::hare::play_hare(self, source, layout)
    }
    fn hare_flag(&self) -> Option<&'static str> {
        super::hare::hare_flag(&self.variant)
    }
    fn run_on<G: Game>(&self, source: Source<G>, b: &Budget, layout: Layout) -> Result<String> {
        let args = self;
        // The chart's file is opened before any work, so that a bad path fails at once.
        let chart = match &args.chart {
            Some(path) => {
                let format = chart_format(path)?;
                Some((PendingFile::create(path, "--chart")?, format))
            }
            None => None,
        };
        let variant = args.variant.to_variant();
        let super::Built { game, about, chain } = super::build(&source, &variant, b)?;
        check_finishes(&game, &chain)?;
        let deck = deck_mode(args.deck, chain.has_deck())?;
        let mut t = crate::sim::transcript::transcript(
            &game,
            &chain,
            &about.board,
            args.seed,
            deck,
            args.players,
            crate::check::crosscheck::MAX_TURNS,
        );
        let mut written = None;
        if args.odds {
            let states = visited_states(&t, chain.start());
            let curves = Curves::within(
                &game,
                &chain,
                &about,
                &states,
                &Options::quick(b),
                (args.players, t.turns.len() + 1),
            )?;
            with_odds(&mut t, chain.start(), &curves);
            if let Some((file, format)) = chart {
                written = Some(file.target().display().to_string());
                draw(&t, file, format)?;
            }
        }
        let mut text = if args.json {
            json("play", &t)?
        } else {
            output::transcript_text(&t, layout)
        };
        if let (Some(path), false) = (written, args.json) {
            text.push_str(&format!("Chart of the chances to win: {path}\n"));
        }
        Ok(text)
    }
}

/// Draws the chances to win through the game into `file`.
fn draw(t: &Transcript, file: PendingFile, format: Format) -> Result<()> {
    let win: Vec<Vec<f64>> = t
        .start_win
        .iter()
        .chain(t.turns.iter().filter_map(|r| r.win.as_ref()))
        .cloned()
        .collect();
    let caption = format!(
        "{}: one game, {} player{}, seed {}",
        t.board,
        t.players,
        if t.players == 1 { "" } else { "s" },
        t.seed
    );
    let chart = OddsChart {
        caption: &caption,
        win,
        winner: t.winner,
    };
    file.commit(&crate::output::charts::render(&chart, format, CHART_SIZE)?)
}
