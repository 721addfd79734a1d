//! The flags of `report`: every chart, `report.md`, `report.html` and `summary.json` for a
//! board, in a folder.

use std::path::PathBuf;

use clap::Args;

use super::{ThreadArgs, VariantArgs};

/// `candyland report`: every chart, `report.md`, `report.html` and `summary.json` for a board.
#[derive(Debug, Args)]
pub struct ReportArgs {
    /// A shipped board's name, the path of a board file, or - to read one from standard input.
    #[arg(default_value = crate::games::shipped::DEFAULT_BOARD)]
    pub board: String,
    /// Rule overrides and removed elements (`--without`, `--licorice`, ...).
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Output folder (default: `reports/<board name>/`; with --all, the parent folder).
    #[arg(short = 'o', long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Report every shipped board, each into its own folder under reports/ (or --out).
    #[arg(long, conflicts_with = "board")]
    pub all: bool,
    /// Chart format.
    #[arg(long, value_enum, default_value_t = crate::output::charts::Format::Png)]
    pub format: crate::output::charts::Format,
    /// Chart size in pixels, WIDTHxHEIGHT.
    #[arg(long, default_value = "1200x800", value_name = "WxH")]
    pub size: String,
    /// Overlay a Monte Carlo histogram of N i.i.d. games on the distribution chart.
    #[arg(long, value_name = "N")]
    pub mc: Option<u64>,
    /// Games of the shuffled-deck simulation [default: 1000000; on a board that loops, 100000
    /// games of 100 turns].
    #[arg(short = 'n', long, value_name = "N")]
    pub games: Option<u64>,
    /// Seed of the simulations.
    #[arg(short = 's', long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
    /// Worker threads (`--threads`); results do not depend on them.
    #[command(flatten)]
    pub threads: ThreadArgs,
}
