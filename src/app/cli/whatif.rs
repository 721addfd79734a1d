//! The flags of `whatif`: removals, or rule changes with `--rules`; a table, JSON or CSV.

use clap::Args;

use super::VariantArgs;

/// `candyland whatif`: the effect of removing each board element, or of changing each rule.
#[derive(Debug, Args)]
pub struct WhatifArgs {
    /// A shipped board's name, the path of a board file, or - to read one from standard input.
    #[arg(default_value = crate::games::shipped::DEFAULT_BOARD)]
    pub board: String,
    /// Rule overrides and removed elements (`--without`, `--licorice`, ...), applied before any
    /// removal.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Rank every single rule change instead of the removals: each rule of the board's game set
    /// to each value it can take other than the board's, by the size of its effect on the
    /// expected length.
    #[arg(long)]
    pub rules: bool,
    /// Print one JSON object instead of the table.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print the rows as CSV: section,label,rule,value,mean,difference,unsolved.
    #[arg(long)]
    pub csv: bool,
}
