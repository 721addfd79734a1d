//! The flags of `players`: K players' exact figures, with simulations side by side.

use clap::Args;

use super::{values, ThreadArgs, VariantArgs};
use crate::sim::DeckMode;

/// `candyland players`: the K-player figures.
#[derive(Debug, Args)]
pub struct PlayersArgs {
    /// A shipped board's name, the path of a board file, or - to read one from standard input.
    #[arg(default_value = crate::games::shipped::DEFAULT_BOARD)]
    pub board: String,
    /// Rule overrides and removed elements (`--without`, `--licorice`, ...).
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Number of players, 1 to 6 (default: a table for 1 to 4).
    #[arg(short = 'p', long, value_name = "K")]
    pub players: Option<usize>,
    /// Games in each side-by-side simulation.
    #[arg(short = 'n', long, default_value_t = 200_000, value_name = "N")]
    pub games: u64,
    /// The finite deck simulated beside the i.i.d. draws (which are always simulated).
    #[arg(long, value_parser = values::finite_deck(), default_value = "shuffled")]
    pub deck: DeckMode,
    /// Seed of the simulations.
    #[arg(short = 's', long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
    /// Print one JSON object instead of the table.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print the table as CSV, with the JSON's keys as its columns.
    #[arg(long)]
    pub csv: bool,
    /// Worker threads (`--threads`); results do not depend on them.
    #[command(flatten)]
    pub threads: ThreadArgs,
}
