//! The flags of `best`: the best play of one player alone on a board of a game with decisions.

use std::path::PathBuf;

use clap::Args;

use super::VariantArgs;

/// `candyland best`: the best play alone, bracketed, and every policy against it.
#[derive(Debug, Args)]
pub struct BestArgs {
    /// A shipped board's name, the path of a board file, or - to read one from standard input
    /// (a game with decisions: hare-and-tortoise, pig).
    pub board: String,
    /// Rule overrides (`--hare-draws`, `--goal`, ...) and the cap (`--carrot-cap`).
    #[command(flatten)]
    pub variant: VariantArgs,
    /// The name the best play's policy table takes in the board file written by --out.
    #[arg(long, default_value = "best", value_name = "NAME")]
    pub name: String,
    /// Write the board file with the best play added as policy NAME, for `simulate`,
    /// `check`, `play` and `report --policy NAME`.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Compute the best play's distribution until P(T > n) is below this.
    #[arg(long, default_value_t = 1e-12, value_name = "P")]
    pub tolerance: f64,
    /// Never compute that distribution past this many turns.
    #[arg(long, default_value_t = 100_000, value_name = "N")]
    pub max_turns: usize,
    /// Print the answer as JSON.
    #[arg(long)]
    pub json: bool,
}
