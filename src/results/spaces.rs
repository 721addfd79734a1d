//! `spaces`: the exact per-space and per-event figures of one player (remaining turns,
//! landings, time stuck, events per game).

use crate::error::Result;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::budget::Budget;
use crate::chain::Chain;
use crate::games::{BoardSource, Game, Source, Variant};
use crate::results::board::{ask, Question};
use crate::results::Format;
use crate::solve::check_finishes;
use crate::solve::spaces::{EventCount, SpaceFigures, Spaces};

/// Bytes and processor seconds of one space's row, as text, CSV and JSON (measured on a
/// million-space board: 390, 650 and 1,700 bytes at the peak).
const TEXT_ROW: (f64, f64) = (400.0, 1e-6);
const CSV_ROW: (f64, f64) = (650.0, 1e-6);
const JSON_ROW: (f64, f64) = (1700.0, 1.7e-6);

/// The options of [`spaces`].
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SpacesOptions {
    /// Changes to the board file (`--without`, rule overrides).
    pub variant: Variant,
    /// The form the table will be written in, for the estimate of its memory and time.
    pub written_as: Format,
}

/// `spaces --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpacesReport {
    /// The board's short name.
    pub board: String,
    /// Command-line changes to the board file, as flags ("" for none).
    pub variant: String,
    /// The number printed for index 0 (0 for 0-based spaces, 1 for squares numbered from 1).
    pub first_number: usize,
    /// Each space in track order, its number and name beside its exact figures (one player,
    /// i.i.d. draws); then the finish when it lies past the last space.
    pub spaces: Vec<SpaceRow>,
    /// The expected count of each of the game's events per game, in the order it declares them.
    pub events: Vec<EventCount>,
    /// Expected draws (cards, spins, rolls) per game.
    pub cards: f64,
    /// The game's words for the text (not in JSON).
    #[serde(skip)]
    pub words: SpacesWords,
}

/// One space of the `spaces` table: who it is, then its figures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SpaceRow {
    /// The space's number as the board and the table print it: `space` + `first_number`.
    pub number: usize,
    /// Its colour or name, or "square N"; "finish" for the finish past the last space.
    pub name: String,
    /// What is special about it, e.g. "shortcut to 58" ("" for nothing).
    pub note: String,
    /// Its figures (`space` is its 0-based index).
    #[serde(flatten)]
    pub figures: SpaceFigures,
}

/// What a game calls the things the `spaces` table names.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SpacesWords {
    /// A position: "space", "square".
    pub space: String,
    /// The draws, plural: "cards drawn", "spins".
    pub draws: String,
    /// Its traps ("" if it has none).
    pub trap: String,
    /// The kinds of jump the board has, as its track names them (e.g. "shortcut").
    pub jumps: Vec<String>,
}

/// The per-space figures of `board`, whatever its game.
pub fn spaces(
    board: &BoardSource,
    options: &SpacesOptions,
    budget: &Budget,
) -> Result<SpacesReport> {
    ask(board, options, budget)
}

impl Question for SpacesOptions {
    type Answer = SpacesReport;

    fn on<G: Game>(&self, source: Source<G>, b: &Budget) -> Result<SpacesReport> {
        spaces_game(&source, self, b)
    }
}

/// [`spaces`] on a board of game `G`.
pub fn spaces_game<G: Game>(
    source: &Source<G>,
    options: &SpacesOptions,
    b: &Budget,
) -> Result<SpacesReport> {
    let variant = &options.variant;
    let game = source.game(variant)?;
    let len = game.space_count();
    let first_number = game.first_number();
    let name = game.name().to_string();
    let chain = Chain::build_within(&game, b)?;
    check_finishes(&game, &chain)?;
    // The table: a row per space, written once and then escaped for the terminal.
    let (bytes, seconds) = match options.written_as {
        Format::Json => JSON_ROW,
        Format::Csv => CSV_ROW,
        Format::Text => TEXT_ROW,
    };
    let what = format!("the table of {len} spaces");
    b.memory_kept(&what, bytes * len as f64, crate::budget::Kept::Kept, "")?;
    b.time(&what, crate::budget::idle(seconds * len as f64), "")?;
    let figures = Spaces::within(&game, &chain, len, b)?;
    let spaces = figures
        .spaces
        .into_iter()
        .map(|f| {
            let (name, note) = if f.space < len {
                (game.space_name(f.space), game.space_notes(f.space))
            } else {
                (
                    "finish".into(),
                    format!("past the last {}", game.space_word()),
                )
            };
            SpaceRow {
                number: f.space + first_number,
                name,
                note,
                figures: f,
            }
        })
        .collect();
    let track = game.track();
    Ok(SpacesReport {
        board: name,
        variant: variant.to_string(),
        first_number,
        spaces,
        events: figures.events,
        cards: figures.cards,
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
    })
}
