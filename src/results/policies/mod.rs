//! The questions of a game played by computer players with fixed policies ([`PolicyGame`]),
//! one public function and one serde answer each: one player alone, exactly ([`analyze`],
//! [`PolicyAlone`]); several, simulated ([`simulate`], [`PolicySimulation`]); one game's log
//! ([`play`], [`PolicyTranscript`]); every figure of a report (`report`, [`PolicyReport`]).
//! The text, JSON and CSV outputs all render these answers.
//!
//! One file per question: `alone.rs` (`analyze`, its figures over the games that reach home in
//! `figures.rs`), `simulation.rs` (`simulate`), `transcript.rs` (`play`) and `report.rs`; here,
//! what they share (the options, the seats' policies).

mod alone;
pub mod decisions;
mod figures;
mod pile;
mod report;
mod simulation;
mod transcript;

pub use alone::{analyze, GeneralSolve, PolicyAlone, Shortest, MAX_STATES};
pub use figures::{HomeFigures, QUANTILES};
pub use pile::{CycledPile, PILE_GAMES, PILE_SEED};
pub use report::{report, PolicyReport, PolicyReportOptions};
pub use simulation::{
    simulate, Landings, MeanSd, PolicyShare, PolicySimulateOptions, PolicySimulation, SeatShare,
};
pub use transcript::{play, play_judged, transcript, PolicyTranscript};

use crate::games::policy_game::PolicyGame;
use crate::games::{BoardSource, Variant};
use crate::input::error::UserError;
use crate::results::options::bad_option;

/// The options every question of a policy game shares: the board file's changes, the seats'
/// policies and the exact chain's cap.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PolicyOptions {
    /// Changes to the board file's `[rules]`.
    pub variant: Variant,
    /// The seats' policies, comma-separated: one name for every seat, or one per seat; `None`
    /// for the board's default.
    pub policy: Option<String>,
    /// The exact chain keeps states holding at most this much; `None` for the game's default
    /// ([`crate::games::chance::CapWords::default`]).
    pub cap: Option<u32>,
}

/// The most turns a simulated game of computer players is played.
pub const MAX_TURNS: u32 = crate::check::policies::MAX_TURNS;

impl PolicyOptions {
    /// The board `source` with the rule changes applied.
    pub fn board<G: PolicyGame>(&self, source: &BoardSource) -> Result<G, UserError> {
        G::parse(&source.label, &source.text, &self.variant)
    }

    /// The cap in force on `board`.
    pub fn cap<G: PolicyGame>(&self, board: &G) -> u32 {
        self.cap.unwrap_or(board.cap_words().default)
    }

    /// Refuses a cap given to a question that does not build the exact chain (`what`: the
    /// command), naming the game's flag.
    pub fn no_cap<G: PolicyGame>(&self, board: &G, what: &str) -> Result<(), UserError> {
        match self.cap {
            Some(_) => {
                let words = board.cap_words();
                Err(bad_option(
                    words.flag,
                    format!(
                        "is not used by {what}: the simulator keeps every {}; it caps analyze's exact chain",
                        words.one
                    ),
                ))
            }
            None => Ok(()),
        }
    }
}

/// The policies `flag` names (comma-separated), each checked against the board (a name it
/// lacks is refused with the names it has, whatever the number of seats); the board's default
/// when `flag` is `None`.
pub fn named_policies<'a, G: PolicyGame>(
    board: &'a G,
    flag: Option<&str>,
) -> Result<Vec<&'a G::Policy>, UserError> {
    let names: Vec<&str> = match flag {
        None => vec![board.default_policy()],
        Some(list) => list.split(',').map(str::trim).collect(),
    };
    names
        .iter()
        .map(|n| board.policy(n).map_err(|m| bad_option("--policy", m)))
        .collect()
}

/// The policy of each of `players` seats, from `flag` (one name for every seat or one per
/// seat, comma-separated) or the board's default.
pub fn seat_policies<'a, G: PolicyGame>(
    board: &'a G,
    flag: Option<&str>,
    players: usize,
) -> Result<Vec<&'a G::Policy>, UserError> {
    let named = named_policies(board, flag)?;
    match named.len() {
        1 => Ok(vec![named[0]; players]),
        n if n == players => Ok(named),
        n => Err(bad_option(
            "--policy",
            format!(
                "{n} names for {players} player{}; give one name (every seat) or one per seat",
                if players == 1 { "" } else { "s" }
            ),
        )),
    }
}

pub use crate::games::policy_game::policy_names;
