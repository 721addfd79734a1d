//! The flags of `passage`: the first time a token reaches a target.

use clap::Args;

use super::VariantArgs;

/// `candyland passage`: when a token first reaches a target, and the chance that it ever does.
#[derive(Debug, Args)]
pub struct PassageArgs {
    /// A shipped board's name, the path of a board file, or - to read one from standard input.
    #[arg(default_value = crate::games::shipped::DEFAULT_BOARD)]
    pub board: String,
    /// Rule overrides and removed elements (`--without`, `--licorice`, ...).
    #[command(flatten)]
    pub variant: VariantArgs,
    /// The target, in the game's words: a space number ("47", "space 47") or a run ("40-50"),
    /// a named space ("Plumpy"), a kind of space ("red", "chute top"), the trap ("licorice",
    /// "licorice 47": caught there), a jump ("shortcut", "chute 47": taken), "finish", or a
    /// state's name as `transitions` prints it. Repeat for a set: the first of them reached.
    ///
    /// A space is reached when a move lands on it, as `spaces` counts landings: the move
    /// comes to rest there, or stands there on its way, as on a jump's start (a shortcut's, a
    /// chute's or a ladder's start is reached by the move that takes the jump) or between the
    /// rolls of one turn; a space a move only goes past is not. To count only moves that come
    /// to rest there, name the state as `transitions` prints it ("space 5 (green)"; a space no
    /// move comes to rest on, such as a jump's start, has no state). On a board that loops
    /// (Monopoly), `--to SQUARE` counts a roll where it leaves the token, as its long-run
    /// figures and the published tables they reproduce do: a roll onto Go To Jail counts in
    /// jail (unless `--go-to-jail-counted at-go-to-jail`), one onto Chance that a card moves
    /// on counts where the card sends it.
    #[arg(long = "to", value_name = "TARGET", required_unless_present = "every")]
    pub to: Vec<String>,
    /// Where the token starts (one player): `start` (the default), a space number, or a
    /// state's name as `transitions` prints it.
    #[arg(long, value_name = "STATE")]
    pub from: Option<String>,
    /// Instead of one target, the chance of ever hitting each: every trap (caught), every jump
    /// (taken), every space (landed on, as `--to` counts it: a jump's start included), and every
    /// state of the chain.
    #[arg(long, conflicts_with_all = ["to", "players", "seat", "moments_only"])]
    pub every: bool,
    /// Players taking turns (1 to 4): the target is about one seat's token (--seat), the game
    /// ends when the first player finishes, and turns are counted for all players together.
    #[arg(short = 'p', long, default_value_t = 1, value_name = "K")]
    pub players: usize,
    /// With --players: the seat whose token the target is about.
    #[arg(long, default_value_t = 1, value_name = "I")]
    pub seat: usize,
    /// Only the chance, mean and sd (linear solves): no distribution.
    #[arg(long)]
    pub moments_only: bool,
    /// Leave out the exact fractions. By default they are computed on chains of up to 2,000
    /// states when that takes at most about 2 s, and otherwise left out with a note.
    #[arg(long)]
    pub no_exact: bool,
    /// Compute the exact fractions even when slow (chains of up to 2,000 states; refused at
    /// once with the estimate when over --budget).
    #[arg(long, conflicts_with_all = ["no_exact", "every"])]
    pub exact: bool,
    /// Compute the distribution until the chance still to come is below this.
    #[arg(long, default_value_t = 1e-12, value_name = "P")]
    pub tolerance: f64,
    /// Never compute the distribution past this many turns.
    #[arg(long, default_value_t = 100_000, value_name = "N")]
    pub max_turns: usize,
    /// Print one JSON object instead of the table.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print CSV: the distribution (turn, pmf, conditional pmf and survival), or with --every
    /// one row per target.
    #[arg(long)]
    pub csv: bool,
}
