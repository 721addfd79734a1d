//! The flags of `check`: another simulator's game lengths (or a published summary of them),
//! the reference they are fitted to, and the search of boards, rules and decks.

use clap::Args;

use super::{ThreadArgs, VariantArgs};
use crate::sim::DeckMode;

/// `candyland check`: another simulator's game lengths against this model.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The lengths: one whole number per line, a JSON array, or a CSV (with --column); - for
    /// standard input. Leave out with --summary. With the winners: a second number on every
    /// line, the winning seat (`83 2`: 83 turns of all players, seat 2 won), or a CSV column
    /// (--winner-column).
    #[arg(required_unless_present = "summary")]
    pub lengths: Option<String>,
    /// A published summary instead of lengths, e.g. "games=10000 mean=38.69 median=33 min=4
    /// max=242" (games and any of mean, sd, median, min, max).
    #[arg(long, value_name = "STATS", conflicts_with_all = ["lengths", "column"])]
    pub summary: Option<String>,
    /// The reference board (a shipped name or a path); also searched with the shipped boards.
    /// Without it, nor a rule flag or --deck, the fit is to the best hypothesis of the set
    /// [default: candy-land-1984, for the rule flags and --deck, and with --no-rank].
    #[arg(long, value_name = "BOARD")]
    pub board: Option<String>,
    /// Rule overrides and removed elements for the reference board (`--without`, `--licorice`,
    /// ...).
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Players in each game of the data; lengths count every player's turns [default: 1; on
    /// Hare and Tortoise boards, the search then tries every count from 1 to 6].
    #[arg(short = 'p', long, value_name = "K")]
    pub players: Option<usize>,
    /// The reference's deck model [default: iid].
    #[arg(long, value_enum)]
    pub deck: Option<DeckMode>,
    /// Read this column of a CSV file.
    #[arg(long, value_name = "NAME")]
    pub column: Option<String>,
    /// Read each game's winner (its seat, 1 first) from this column of a CSV file (with
    /// --column); in plain text the winner is a second number on each line.
    #[arg(long, value_name = "NAME", requires = "column")]
    pub winner_column: Option<String>,
    /// Vary only these rule keys (comma-separated or repeated); the others keep the board's
    /// values.
    #[arg(long, value_name = "KEY", value_delimiter = ',')]
    pub vary: Vec<String>,
    /// Hold a rule key at one value (repeatable), e.g. --fix doubles=two-steps.
    #[arg(long, value_name = "KEY=VALUE")]
    pub fix: Vec<String>,
    /// Confidence level of the set of hypotheses the data cannot reject.
    #[arg(long, default_value_t = 0.95, value_name = "LEVEL")]
    pub level: f64,
    /// Games of each simulated (finite-deck) reference. Every test counts its noise as a
    /// second sample's, so more of them sharpen the tests of a larger sample.
    #[arg(long, default_value_t = 100_000, value_name = "N")]
    pub reference_games: u64,
    /// Seed of the reference simulations.
    #[arg(short = 's', long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
    /// Skip the search of boards, rules and decks: only the fit to the reference.
    #[arg(long)]
    pub no_rank: bool,
    /// Print one JSON object instead of the report.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print the ranking (with --summary: the reference's tests) as CSV, with the JSON's keys
    /// as its columns and each setting (game, board, each rule, deck) in a column of its own.
    #[arg(long)]
    pub csv: bool,
    /// On a board that loops (the data are landing counts, a line per game, a count per
    /// square from GO): the turns in each game (or batch).
    #[arg(long, value_name = "N", help_heading = "Boards that loop")]
    pub turns: Option<u64>,
    /// On a board that loops: the lines are consecutive batches of one long run (batch
    /// means), not independent games from the start.
    #[arg(long, help_heading = "Boards that loop")]
    pub one_run: bool,
    /// Worker threads (`--threads`); results do not depend on them.
    #[command(flatten)]
    pub threads: ThreadArgs,
}
