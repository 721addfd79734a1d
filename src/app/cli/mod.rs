//! The command line, as clap sees it. This layer only parses: [`crate::games::load`] turns the raw
//! values into validated objects.

use std::path::PathBuf;

use clap::{Args, CommandFactory, Parser, Subcommand};

use crate::sim::DeckMode;

mod fit;
mod forever;
mod game;
mod passage;
mod values;
mod variant;
mod whatif;
pub use fit::{command_for_args, fit, rules_command, uses_hare_flags};
pub use forever::ForeverArgs;
pub use game::{OddsArgs, PlayArgs};
pub use passage::PassageArgs;
pub use variant::VariantArgs;
pub use whatif::WhatifArgs;

/// The widest help is wrapped to, however wide the terminal.
pub const MAX_HELP_WIDTH: usize = 100;

/// The command line as clap sees it, its help wrapped to `width` columns (at most
/// [`MAX_HELP_WIDTH`]).
pub fn command(width: usize) -> clap::Command {
    Cli::command().term_width(width.min(MAX_HELP_WIDTH))
}

/// Candy Land analysed exactly, as an absorbing Markov chain.
#[derive(Debug, Parser)]
#[command(
    name = "candyland",
    version,
    about,
    long_about = None,
    max_term_width = MAX_HELP_WIDTH,
    disable_help_subcommand = true
)]
pub struct Cli {
    /// The subcommand to run.
    #[command(subcommand)]
    pub command: Command,
    /// Seconds a command may take: work estimated to take longer is refused at once, with the
    /// estimate. Memory is limited by what the machine has free.
    #[arg(long, global = true, value_name = "SECONDS", default_value_t = crate::budget::DEFAULT_SECONDS)]
    pub budget: f64,
}

/// The subcommands of `candyland`; each variant's doc line is its help text.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Exact one-player figures: expected length, variance, distribution, quantiles.
    Analyze(AnalyzeArgs),
    /// Monte Carlo: play many games with i.i.d. draws or a real shuffled deck.
    Simulate(SimulateArgs),
    /// Check the simulator against the exact solver and measure the finite-deck effect.
    Crosscheck(CrosscheckArgs),
    /// K players: game length, each seat's chance to win, playing until everyone finishes.
    Players(PlayersArgs),
    /// Who wins from here: each player's exact chance to win from given positions mid-game.
    Odds(OddsArgs),
    /// First passage: the chance a token ever reaches a target (a space, a landmark, the
    /// licorice, a jump, a set of them) and when; `--every` for every target at once.
    Passage(PassageArgs),
    /// Per-space figures: remaining turns, landings, licorice, and event counts per game.
    Spaces(SpacesArgs),
    /// The exact effect on the expected length of removing each board element, or of changing
    /// each rule (`--rules`).
    Whatif(WhatifArgs),
    /// Two boards' main figures side by side.
    Compare(CompareArgs),
    /// Check another simulator's game lengths: goodness of fit and which rules they fit best.
    Check(CheckArgs),
    /// The complete move table: every state and card, with its probability and next state.
    Transitions(TransitionsArgs),
    /// One game, turn by turn.
    Play(PlayArgs),
    /// Can the game run forever? Certificates, tail bounds, loops, fixed deck orders.
    Forever(ForeverArgs),
    /// Write a random valid board file (for scale tests, or to play with).
    Generate(GenerateArgs),
    /// Write all charts, report.md, report.html and summary.json for a board.
    Report(ReportArgs),
    /// List the shipped boards.
    Boards(BoardsArgs),
    /// Board files: `board show` prints a board's spaces with their indices, `board export` a
    /// shipped board's file.
    #[command(subcommand)]
    Board(BoardCommand),
    /// Help on a command, the board file format (`candyland help format`), the keys every
    /// `--json` shares (`candyland help json`) or every game's rule flags (`candyland help
    /// rules`).
    Help(HelpArgs),
    /// Print a shell completion script, e.g. `candyland completions bash > candyland.bash`.
    Completions(CompletionsArgs),
}

/// `candyland boards`.
#[derive(Debug, Args)]
pub struct BoardsArgs {
    /// Print the boards as JSON instead of the table: one object whose `items` list each
    /// board (name, game, size as numbers, description, group, default, aliases).
    #[arg(long)]
    pub json: bool,
}

/// `candyland help [TOPIC]`.
#[derive(Debug, Args)]
pub struct HelpArgs {
    /// A command's name; `format` for the board file format, `json` for the keys every
    /// `--json` shares, `rules` for every game's rule flags.
    pub topic: Option<String>,
}

/// `candyland completions SHELL`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// `candyland board export NAME`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// A shipped board's name (see `candyland boards`).
    pub board: String,
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
}

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
    /// Games of the shuffled-deck simulation.
    #[arg(short = 'n', long, default_value_t = 1_000_000, value_name = "N")]
    pub games: u64,
    /// Seed of the simulations.
    #[arg(short = 's', long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
    /// Worker threads (`--threads`); results do not depend on them.
    #[command(flatten)]
    pub threads: ThreadArgs,
}

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
    /// Worker threads (`--threads`); results do not depend on them.
    #[command(flatten)]
    pub threads: ThreadArgs,
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

/// Parallelism.
#[derive(Debug, Clone, Copy, Args)]
pub struct ThreadArgs {
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(short = 'j', long, value_name = "N")]
    pub threads: Option<usize>,
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
