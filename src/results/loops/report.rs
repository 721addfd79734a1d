//! Every figure of a report on a board that loops: the long run under each jail policy
//! (exact, with cycled piles when the board deals them so), and games of the tool's own
//! simulator beside the exact expectation of such games, as a check anyone can rerun.

use serde::Serialize;

use super::{analyze, simulate, LoopAnalysis, LoopOptions, LoopSimulateOptions, LoopSimulation};
use crate::budget::Budget;
use crate::error::{Error, Result};
use crate::games::BoardSource;
use crate::results::report::GeneratedBy;

/// Turns of each simulated game of a report.
pub const REPORT_TURNS: u64 = 100;

/// The answer of `report` on a board that loops (its `summary.json`).
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct LoopReport {
    /// The tool, its version and the command that made the report.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub generated_by: Option<GeneratedBy>,
    /// The board's short name.
    pub board: String,
    /// Command-line changes to the board file, as flags ("" for none).
    pub variant: String,
    /// The long run, exactly.
    pub analysis: LoopAnalysis,
    /// Games of the simulator beside the exact expectation.
    pub simulation: LoopSimulation,
    /// The files of the report.
    pub files: Vec<String>,
}

/// The report of the board that loops `source`, its games simulated `games` times with `seed`.
pub fn report(
    source: &BoardSource,
    options: &LoopOptions,
    games: u64,
    budget: &Budget,
) -> Result<LoopReport> {
    let not_loop = || Error::Internal(format!("{} is not a board that loops", source.label));
    let analysis = analyze(source, options, budget)?.ok_or_else(not_loop)?;
    let simulation = simulate(
        source,
        &LoopSimulateOptions {
            variant: options.variant.clone(),
            games,
            turns: REPORT_TURNS,
            seed: options.seed,
            rows: super::RowsAre::Games,
        },
        budget,
    )?
    .ok_or_else(not_loop)?;
    Ok(LoopReport {
        generated_by: None,
        board: analysis.board.clone(),
        variant: options.variant.to_string(),
        analysis,
        simulation,
        files: Vec::new(),
    })
}
