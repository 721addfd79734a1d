//! The flags of the commands that give one player's exact figures: `analyze` (the length),
//! `spaces` (each space), `transitions` (the chain itself) and `compare` (two boards' main
//! figures side by side).

use clap::Args;

use super::VariantArgs;

/// `candyland analyze`: the exact one-player figures.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// A shipped board's name (see `candyland boards`), the path of a board file, or - to read one
    /// from standard input.
    #[arg(default_value = crate::games::shipped::DEFAULT_BOARD)]
    pub board: String,
    /// Rule overrides and removed elements (`--without`, `--licorice`, ...).
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Print one JSON object instead of the table.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print the distribution as CSV: turn, pmf, cdf, survival.
    #[arg(long)]
    pub csv: bool,
    /// Also print the exact expected length as a fraction num/den in the table.
    #[arg(long)]
    pub exact: bool,
    /// Skip the exact rational solve (for very large boards).
    #[arg(long, conflicts_with = "exact")]
    pub no_exact: bool,
    /// The length's generating function P(z) = E[z^T] as a ratio of two polynomials with exact
    /// integer coefficients, the mean and variance from it, and the linear recurrence the
    /// distribution obeys (chains of up to 500 states).
    #[arg(long, conflicts_with_all = ["csv", "moments_only", "exact"])]
    pub pgf: bool,
    /// Only the expected length and variance: no distribution, no exact fraction (fast on
    /// boards of millions of spaces).
    #[arg(long, conflicts_with_all = ["exact", "csv"])]
    pub moments_only: bool,
    /// Compute the distribution until P(T > n) is below this.
    #[arg(long, default_value_t = 1e-12, value_name = "P")]
    pub tolerance: f64,
    /// Never compute the distribution past this many turns [default: 100000; given
    /// explicitly, the distribution is computed to N turns whatever it costs within --budget].
    #[arg(long, value_name = "N")]
    pub max_turns: Option<usize>,
    /// On a board that loops with cycled card piles (`--cards cycled`): the random starting
    /// orders of the piles whose exact laws are averaged.
    #[arg(
        long,
        default_value_t = 20,
        value_name = "N",
        help_heading = "Boards that loop"
    )]
    pub orders: usize,
    /// Seed of those orders.
    #[arg(
        long,
        default_value_t = 1,
        value_name = "S",
        help_heading = "Boards that loop"
    )]
    pub seed: u64,
}

/// `candyland spaces`: the per-space and per-event figures.
#[derive(Debug, Args)]
pub struct SpacesArgs {
    /// A shipped board's name, the path of a board file, or - to read one from standard input.
    #[arg(default_value = crate::games::shipped::DEFAULT_BOARD)]
    pub board: String,
    /// Rule overrides and removed elements (`--without`, `--licorice`, ...).
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Print one JSON object instead of the table.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print the per-space table as CSV.
    #[arg(long)]
    pub csv: bool,
}

/// `candyland transitions`: the complete move table.
#[derive(Debug, Args)]
pub struct TransitionsArgs {
    /// A shipped board's name, the path of a board file, or - to read one from standard input.
    #[arg(default_value = crate::games::shipped::DEFAULT_BOARD)]
    pub board: String,
    /// Rule overrides and removed elements (`--without`, `--licorice`, ...).
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Print one JSON object (the board, D, the start state and every row) instead of CSV.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print CSV (the default): one row per state and kind of card, or with --aggregate per
    /// (state, next state).
    #[arg(long)]
    pub csv: bool,
    /// One row per (state, next state), cards merged, the finish as a state of its own that
    /// stays put: the square stochastic matrix that Markov-chain packages load (CSV, or with
    /// --json one entry each under `matrix`).
    #[arg(long)]
    pub aggregate: bool,
    /// The fundamental matrix N = (I - Q)^-1 instead: N_ij is the expected number of turns
    /// begun in state j from state i, the row sums the expected lengths. CSV: a square matrix
    /// with the state numbers as row and column labels (chains of up to 2,000 states), or
    /// `from,to,visits` with only the non-zero entries beyond; --json: every row.
    #[arg(long, conflicts_with_all = ["aggregate", "dot"])]
    pub fundamental: bool,
    /// With --fundamental: only the rows of these states (repeatable; `start`, a space number
    /// or a state's name).
    #[arg(long = "from", value_name = "STATE", requires = "fundamental")]
    pub from: Vec<String>,
    /// The state graph in Graphviz's DOT language (`| dot -Tsvg > chain.svg`): every state,
    /// the finish, and each move with its exact chance; jumps dashed, trap states filled.
    #[arg(long, conflicts_with_all = ["json", "csv", "aggregate"])]
    pub dot: bool,
}

/// `candyland compare`: two boards' main figures side by side.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The first side: a board (a shipped name or a path), optionally with its own variant
    /// flags in the same quoted argument, e.g. 'candy-land-1984 --licorice none'.
    pub board_a: String,
    /// The second side, the same way.
    pub board_b: String,
    /// Variant flags here apply to both sides (a side's own flags override them).
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Print one JSON object instead of the table.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print the table as CSV, with the JSON's keys as its columns.
    #[arg(long)]
    pub csv: bool,
}
