//! The questions of a Hare and Tortoise board, one public function and one serde answer each:
//! one computer player alone, exactly ([`analyze`], [`HareAlone`]); several, simulated
//! ([`simulate`], [`HareSimulation`]); one game's transactions log ([`play`],
//! [`HareTranscript`]); every figure of a report ([`report`], [`HareReport`]). The kind has its
//! own step function and chain ([`crate::games::hare`]), so these stand beside the questions of
//! the one-token games. The text, JSON and CSV outputs all render these answers.
//!
//! One file per question: [`alone`] (`analyze`, its figures over the games that reach home in
//! [`figures`]), [`simulation`] (`simulate`), [`transcript`] (`play`) and [`report`]; here,
//! what they share (the options, the seats' policies).

mod alone;
mod figures;
mod report;
mod simulation;
mod transcript;

pub use alone::{analyze, GeneralSolve, HareAlone, Shortest, MAX_STATES};
pub use figures::{HomeFigures, QUANTILES};
pub use report::{report, HareReport, HareReportOptions, REPORT_PLAYERS};
pub use simulation::{
    simulate, HareSimulateOptions, HareSimulation, Landings, MeanSd, PolicyShare, SeatShare,
};
pub use transcript::{log_line, play, square, transcript, HareEvent, HareTranscript};

use crate::games::hare::board::Board;
use crate::games::hare::Policy;
use crate::games::{BoardSource, Variant};
use crate::input::error::UserError;
use crate::results::options::bad_option;

/// Whether the board's hare cards form a pile shuffled once, which the one-player chain draws
/// independently instead.
pub fn cards_independent(board: &Board) -> bool {
    crate::check::hare::cyclic(board)
}

/// The options every Hare and Tortoise question shares: the board file's changes, the seats'
/// policies and the exact chain's carrot cap.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct HareOptions {
    /// Changes to the board file's `[rules]` (`--start-carrots`, `--hare-draws`, ...).
    pub variant: Variant,
    /// The seats' policies, comma-separated: one name for every seat, or one per seat; `None`
    /// for the board's default.
    pub policy: Option<String>,
    /// The exact chain keeps states of at most this many carrots; `None` for [`CARROT_CAP`].
    pub carrot_cap: Option<u32>,
}

/// The default carrot cap of the exact chain: on both shipped boards' policies the chance of
/// ever holding more is below 1e-11 (measured and printed by every run).
pub const CARROT_CAP: u32 = crate::check::hare::CARROT_CAP;

/// The most turns a simulated game of computer players is played.
pub const MAX_TURNS: u32 = crate::check::hare::MAX_TURNS;

impl HareOptions {
    /// The board `source` with the rule changes applied.
    pub fn board(&self, source: &BoardSource) -> Result<Board, UserError> {
        crate::games::hare::parse_with(&source.label, &source.text, &self.variant)
    }

    /// The carrot cap in force.
    pub fn cap(&self) -> u32 {
        self.carrot_cap.unwrap_or(CARROT_CAP)
    }
}

/// The policies `flag` names (comma-separated), each checked against the board (a name it
/// lacks is refused with the names it has, whatever the number of seats); the board's default
/// when `flag` is `None`.
pub fn named_policies<'a>(
    board: &'a Board,
    flag: Option<&str>,
) -> Result<Vec<&'a Policy>, UserError> {
    let names: Vec<&str> = match flag {
        None => vec![board.default_policy.as_str()],
        Some(list) => list.split(',').map(str::trim).collect(),
    };
    names
        .iter()
        .map(|n| board.policy(n).map_err(|m| bad_option("--policy", m)))
        .collect()
}

/// The policy of each of `players` seats, from `flag` (one name for every seat or one per
/// seat, comma-separated) or the board's default.
pub fn seat_policies<'a>(
    board: &'a Board,
    flag: Option<&str>,
    players: usize,
) -> Result<Vec<&'a Policy>, UserError> {
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
