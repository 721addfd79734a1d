//! The command line, as clap sees it. This layer only parses: [`crate::games::load`] turns the raw
//! values into validated objects.
//!
//! Here are the commands ([`Command`]), the flags every command may share ([`ThreadArgs`],
//! and the rule flags of [`VariantArgs`] in `variant.rs`) and the commands about the tool
//! itself (`help`, `completions`); each other command's flags are in the file of its group.

use clap::{Args, CommandFactory, Parser, Subcommand};

mod best;
mod board;
mod check;
mod exact;
mod fit;
mod forever;
mod game;
mod passage;
mod players;
mod report;
mod simulate;
mod values;
mod variant;
mod whatif;
pub use best::BestArgs;
pub use board::{BoardCommand, BoardsArgs, ExportArgs, GenerateArgs, ShowArgs};
pub use check::CheckArgs;
pub use exact::{AnalyzeArgs, CompareArgs, SpacesArgs, TransitionsArgs};
pub use fit::{command_for_args, fit, rules_command, uses_policy_flags};
pub use forever::ForeverArgs;
pub use game::{OddsArgs, PlayArgs};
pub use passage::PassageArgs;
pub use players::PlayersArgs;
pub use report::ReportArgs;
pub use simulate::{CrosscheckArgs, SimulateArgs};
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
    ///
    /// A move lands on a space when it comes to rest there or stands there on its way: on a
    /// jump's start (a shortcut's, a chute's or a ladder's start is landed on by the move that
    /// takes the jump) or between the rolls of one turn; a space it only goes past is not
    /// landed on. `passage --to SPACE` counts the same landings; naming a state as
    /// `transitions` prints it (`passage --to "space 5 (green)"`) counts only the moves that
    /// come to rest there. A space where no token rests, such as a jump's start, has no
    /// remaining turns ("-") and no turns begun.
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
    /// Best play in a game of decisions: the fewest expected turns alone (bracketed), the
    /// policy that achieves it as a table the board file holds, every policy's gap to it.
    Best(BestArgs),
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

/// Parallelism.
#[derive(Debug, Clone, Copy, Args)]
pub struct ThreadArgs {
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(short = 'j', long, value_name = "N")]
    pub threads: Option<usize>,
}
