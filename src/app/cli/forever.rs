//! The flags of `forever`: the questions asked, and a report, JSON or CSV.

use std::path::PathBuf;

use clap::Args;

use super::{ThreadArgs, VariantArgs};

/// `candyland forever`: whether and how a game can run forever.
#[derive(Debug, Args)]
pub struct ForeverArgs {
    /// A shipped board's name, the path of a board file, or - to read one from standard input.
    #[arg(default_value = crate::games::shipped::DEFAULT_BOARD)]
    pub board: String,
    /// Rule overrides and removed elements (`--without`, `--licorice`, ...).
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Players (for the tail per round and a fixed deck order).
    #[arg(short = 'p', long, default_value_t = 1, value_name = "K")]
    pub players: usize,
    /// Decide whether this deck order, recycled without shuffling, ever ends (one card per line).
    #[arg(long, value_name = "FILE")]
    pub deck_order: Option<PathBuf>,
    /// Random deck orders to try (when no --deck-order is given), for 1 to 4 players.
    #[arg(long, default_value_t = 20_000, value_name = "N")]
    pub orders: u64,
    /// Seed of the random orders.
    #[arg(short = 's', long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
    /// Write the first looping order found to FILE (readable by --deck-order).
    #[arg(long, value_name = "FILE")]
    pub witness: Option<PathBuf>,
    /// Print one JSON object instead of the report.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print the survey of random deck orders as CSV, with the JSON's keys as its columns.
    #[arg(long)]
    pub csv: bool,
    /// Worker threads (`--threads`); results do not depend on them.
    #[command(flatten)]
    pub threads: ThreadArgs,
}
