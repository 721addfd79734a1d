//! `report` on a Hare and Tortoise board: every figure of its report, one player alone exactly
//! and Wiener's game of four simulated.

use anyhow::Result;
use serde::{Deserialize, Serialize};

use super::alone::{analyze, HareAlone};
use super::simulation::{within_budget, HareSimulation};
use super::{seat_policies, HareOptions, MAX_TURNS};
use crate::budget::Budget;
use crate::games::hare::Table;
use crate::games::BoardSource;
use crate::input::error::UserError;
use crate::results::options::bad_option;

/// Players in the simulated game of a report: Wiener's game has four.
pub const REPORT_PLAYERS: usize = 4;

/// A Hare and Tortoise board's report (`summary.json`): one computer player alone, exactly,
/// and Wiener's game of four, simulated.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HareReport {
    /// The board's short name.
    pub board: String,
    /// Where its layout and rules come from.
    pub source: String,
    /// Command-line changes to the board file, as flags ("" for none).
    pub variant: String,
    /// One player alone, exactly.
    pub alone: HareAlone,
    /// One player alone simulated (`--mc`), to set beside the exact distribution.
    pub alone_simulated: Option<HareSimulation>,
    /// [`REPORT_PLAYERS`] players, simulated.
    pub game: HareSimulation,
    /// The files of the report.
    pub files: Vec<String>,
}

/// The options of [`report`].
#[derive(Debug, Clone, PartialEq)]
pub struct HareReportOptions {
    /// The board's changes, the seats' policies (the first for the player alone) and the
    /// carrot cap.
    pub hare: HareOptions,
    /// Games of the simulated game of [`REPORT_PLAYERS`].
    pub games: u64,
    /// Games of one player simulated beside the exact distribution, if any.
    pub mc: Option<u64>,
    /// The simulations' seed.
    pub seed: u64,
}

/// Every figure of a Hare and Tortoise board's report: one player alone exactly, and
/// [`REPORT_PLAYERS`] players simulated (each seat the policy given for it, else the
/// board's); with `mc`, games of one player beside the exact distribution.
pub fn report(
    source: &BoardSource,
    options: &HareReportOptions,
    budget: &Budget,
) -> Result<HareReport> {
    let board = options.hare.board(source)?;
    // The seats' policies are checked before the exact chain is built.
    let seats = seat_policies(&board, options.hare.policy.as_deref(), REPORT_PLAYERS)?;
    let alone = analyze(source, &options.hare, 1e-12, 100_000, budget)?;
    if let Some(why) = &alone.why_never_home {
        // As a race board whose games can go on forever, refused with why.
        return Err(UserError::Board {
            board: source.label.clone(),
            message: format!(
                "no game can reach home with policy {}: {why}; there is no length to report (`candyland analyze` gives the chance of each end)",
                alone.policy
            ),
        }
        .into());
    }
    let alone_policy = board
        .policy(&alone.policy)
        .map_err(|m| bad_option("--policy", m))?;
    within_budget(
        &board,
        &seats,
        options.games,
        options.seed,
        budget,
        "play fewer games with --games N",
    )?;
    let names: Vec<String> = seats.iter().map(|p| p.name.clone()).collect();
    let summary = crate::sim::policies::simulate(
        &Table {
            board: &board,
            policies: &seats,
        },
        options.games,
        options.seed,
        MAX_TURNS,
    );
    let game = HareSimulation::of(&board, &names, options.seed, MAX_TURNS, &summary);
    let alone_simulated = match options.mc {
        Some(n) => {
            within_budget(
                &board,
                &[alone_policy],
                n,
                options.seed,
                budget,
                "use a smaller --mc",
            )?;
            let s = crate::sim::policies::simulate(
                &Table {
                    board: &board,
                    policies: &[alone_policy],
                },
                n,
                options.seed,
                MAX_TURNS,
            );
            Some(HareSimulation::of(
                &board,
                std::slice::from_ref(&alone_policy.name),
                options.seed,
                MAX_TURNS,
                &s,
            ))
        }
        None => None,
    };
    Ok(HareReport {
        board: board.name.clone(),
        source: board.source.clone(),
        variant: options.hare.variant.to_string(),
        alone,
        alone_simulated,
        game,
        files: Vec::new(),
    })
}
