//! The flags of the commands about board files and the shipped boards: `boards` (the list),
//! `board show` and `board export` (one board), `generate` (a random new one).

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::VariantArgs;

/// `candyland boards`.
#[derive(Debug, Args)]
pub struct BoardsArgs {
    /// Print the boards as JSON instead of the table: one object whose `items` list each
    /// board (name, game, size as numbers, description, group, default, aliases).
    #[arg(long)]
    pub json: bool,
}

/// The subcommands of `candyland board`.
#[derive(Debug, Subcommand)]
pub enum BoardCommand {
    /// Print the expanded board: every space with its 0-based index, licorice, shortcuts,
    /// landmarks, the deck and the rules.
    Show(Box<ShowArgs>),
    /// Print a shipped board's file, comments included: the start of a new board
    /// (`candyland board export candy-land-1984 > my-board.toml`).
    Export(ExportArgs),
}

/// `candyland board show`: the expanded board.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// A shipped board's name, the path of a board file, or - to read one from standard input.
    #[arg(default_value = crate::games::shipped::DEFAULT_BOARD)]
    pub board: String,
    /// Rule overrides and removed elements (`--without`, `--licorice`, ...).
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Print one JSON object (every space with its number, name and notes; the draws) instead
    /// of the table.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print the spaces as CSV: number, name, notes.
    #[arg(long)]
    pub csv: bool,
}

/// `candyland board export NAME`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// A shipped board's name (see `candyland boards`).
    pub board: String,
}

/// `candyland generate`: a random valid Candy Land board file.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Number of spaces.
    #[arg(long, value_name = "N")]
    pub spaces: usize,
    /// Seed of the random layout: the same seed gives the same board.
    #[arg(short = 's', long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
    /// Licorice spaces.
    #[arg(long, default_value_t = 3, value_name = "K")]
    pub licorice: usize,
    /// Landmark spaces (one card each).
    #[arg(long, default_value_t = 6, value_name = "K")]
    pub landmarks: usize,
    /// Shortcuts (a quarter of them backward).
    #[arg(long, default_value_t = 2, value_name = "K")]
    pub shortcuts: usize,
    /// Write the board to FILE instead of standard output.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

impl GenerateArgs {
    /// What to generate, as the flags say.
    pub fn spec(&self) -> crate::games::candyland::generate::Spec {
        crate::games::candyland::generate::Spec {
            spaces: self.spaces,
            seed: self.seed,
            licorice: self.licorice,
            landmarks: self.landmarks,
            shortcuts: self.shortcuts,
        }
    }
}
