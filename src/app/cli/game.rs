//! The flags of the commands about one game as it is played: `play` (a game turn by turn) and
//! `odds` (who wins from a given point of a game).

use std::path::PathBuf;

use clap::Args;

use super::VariantArgs;
use crate::sim::DeckMode;

/// `candyland play`: one game, turn by turn.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// A shipped board's name, the path of a board file, or - to read one from standard input.
    #[arg(default_value = crate::games::shipped::DEFAULT_BOARD)]
    pub board: String,
    /// Rule overrides and removed elements (`--without`, `--licorice`, ...).
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Seed: the game is the first one `simulate --seed S` plays.
    #[arg(short = 's', long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
    /// Players taking turns; the game ends when the first one finishes.
    #[arg(short = 'p', long, default_value_t = 1, value_name = "K")]
    pub players: usize,
    /// Shuffled deck (default for card games) or i.i.d. draws (default and only choice for a
    /// spinner).
    #[arg(long, value_enum)]
    pub deck: Option<DeckMode>,
    /// After every turn, each player's exact chance to win from there (as `odds` computes it:
    /// i.i.d. draws, so the cards left in a shuffled deck are not taken into account).
    #[arg(long)]
    pub odds: bool,
    /// With --odds: also chart those chances through the game, one line per player, into FILE
    /// (PNG, or SVG when FILE ends in .svg).
    #[arg(long, value_name = "FILE", requires = "odds")]
    pub chart: Option<PathBuf>,
    /// On a board of a game with decisions (one player): each decision beside the best play
    /// alone, and the expected turns it cost.
    #[arg(long)]
    pub best: bool,
    /// Print the transcript as JSON.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print the transcript as CSV, one row per turn: turn, player, card, the states before and
    /// after (number and name), events, and with --odds each seat's chance to win after it.
    #[arg(long)]
    pub csv: bool,
}

/// `candyland odds`: each player's chance to win from given positions.
#[derive(Debug, Args)]
pub struct OddsArgs {
    /// A shipped board's name, the path of a board file, or - to read one from standard input.
    #[arg(default_value = crate::games::shipped::DEFAULT_BOARD)]
    pub board: String,
    /// Rule overrides and removed elements (`--without`, `--licorice`, ...).
    #[command(flatten)]
    pub variant: VariantArgs,
    /// A player's position: one --at per seat, in seat order (1 to 4 seats). A space number
    /// ("80" or "space 80"), `start`, or a state's name as `transitions` and `play` print it
    /// ("space 47 (yellow, licorice), loses next turn"); a space that holds several states
    /// (a free token or one held by licorice, say) must be named.
    #[arg(long = "at", value_name = "POSITION", required = true)]
    pub at: Vec<String>,
    /// The seat that moves next, 1 to the number of --at.
    #[arg(long, default_value_t = 1, value_name = "K")]
    pub to_move: usize,
    /// Print one JSON object instead of the table.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print the table as CSV, with the JSON's keys as its columns.
    #[arg(long)]
    pub csv: bool,
}
