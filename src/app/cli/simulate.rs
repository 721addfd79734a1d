//! The flags of the Monte Carlo commands: `simulate` (many games) and `crosscheck` (the
//! simulator against the exact solver).

use std::path::PathBuf;

use clap::Args;

use super::{ThreadArgs, VariantArgs};
use crate::sim::DeckMode;

/// `candyland simulate`: Monte Carlo games.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// A shipped board's name, the path of a board file, or - to read one from standard input.
    #[arg(default_value = crate::games::shipped::DEFAULT_BOARD)]
    pub board: String,
    /// Rule overrides and removed elements (`--without`, `--licorice`, ...).
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Number of games.
    #[arg(short = 'n', long, default_value_t = 1_000_000, value_name = "N")]
    pub games: u64,
    /// Seed of the random streams: the same seed gives the same results on any machine and
    /// any number of threads.
    #[arg(short = 's', long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
    /// How cards are drawn: a real shuffled deck (the default for card games), or independently
    /// from a full deck (the only choice for a spinner).
    #[arg(long, value_enum)]
    pub deck: Option<DeckMode>,
    /// Players sharing the deck; a game ends when the first one finishes.
    #[arg(short = 'p', long, default_value_t = 1, value_name = "K")]
    pub players: usize,
    /// Print one JSON object instead of the table.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print the histogram as CSV: turns, games, frequency.
    #[arg(long)]
    pub csv: bool,
    /// Write every game's length to FILE, one integer per line.
    #[arg(long, value_name = "FILE")]
    pub lengths: Option<PathBuf>,
    /// Stop a game after this many turns and count it as unfinished.
    #[arg(long, default_value_t = 1_000_000, value_name = "N")]
    pub max_turns: u32,
    /// On a board that loops: the turns of each game (of each batch with --one-run).
    #[arg(
        long,
        default_value_t = 100,
        value_name = "N",
        help_heading = "Boards that loop"
    )]
    pub turns: u64,
    /// On a board that loops: one long run cut into --games batches of --turns turns
    /// (after 1,000 turns of warm-up), instead of independent games.
    #[arg(long, help_heading = "Boards that loop")]
    pub one_run: bool,
    /// On a board that loops: write each game's (batch's) landings to FILE, one line each,
    /// a count per square from GO (what `check` reads).
    #[arg(long, value_name = "FILE", help_heading = "Boards that loop")]
    pub landings: Option<PathBuf>,
    /// Worker threads (`--threads`); results do not depend on them.
    #[command(flatten)]
    pub threads: ThreadArgs,
}

/// `candyland crosscheck`: the simulator against the exact solver.
#[derive(Debug, Args)]
pub struct CrosscheckArgs {
    /// A shipped board's name, the path of a board file, or - to read one from standard input.
    #[arg(default_value = crate::games::shipped::DEFAULT_BOARD)]
    pub board: String,
    /// Rule overrides and removed elements (`--without`, `--licorice`, ...).
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Games in each of the two simulations.
    #[arg(short = 'n', long, default_value_t = 1_000_000, value_name = "N")]
    pub games: u64,
    /// Seed of the random streams.
    #[arg(short = 's', long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
    /// Print one JSON object instead of the report.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print the table as CSV, with the JSON's keys as its columns.
    #[arg(long)]
    pub csv: bool,
    /// Worker threads (`--threads`); results do not depend on them.
    #[command(flatten)]
    pub threads: ThreadArgs,
}
