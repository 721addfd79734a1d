//! `report` on a board of a policy game: every figure of its report, one player alone exactly
//! and a game of the usual table simulated ([`PolicyGame::PLAYERS`]: Wiener's game of four).

use crate::error::Result;
use serde::{Deserialize, Serialize};

use super::alone::{analyze, PolicyAlone};
use super::simulation::{within_budget, PolicySimulation};
use super::{policy_names, seat_policies, PolicyOptions, MAX_TURNS};
use crate::budget::Budget;
use crate::games::policy_game::PolicyGame;
use crate::games::BoardSource;
use crate::input::error::UserError;
use crate::results::options::bad_option;

/// A policy game's report (`summary.json`): one computer player alone, exactly, and a game of
/// the usual table, simulated.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PolicyReport {
    /// The tool, its version and the command that made the report (absent in a summary
    /// written before they were recorded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generated_by: Option<crate::results::report::GeneratedBy>,
    /// The board's short name.
    pub board: String,
    /// Where its layout and rules come from.
    pub source: String,
    /// Command-line changes to the board file, as flags ("" for none).
    pub variant: String,
    /// One player alone, exactly.
    pub alone: PolicyAlone,
    /// One player alone simulated (`--mc`), to set beside the exact distribution.
    pub alone_simulated: Option<PolicySimulation>,
    /// The game's usual table of players ([`PolicyGame::PLAYERS`]), simulated.
    pub game: PolicySimulation,
    /// The files of the report.
    pub files: Vec<String>,
}

/// The options of [`report`].
#[derive(Debug, Clone, PartialEq)]
pub struct PolicyReportOptions {
    /// The board's changes, the seats' policies (the first for the player alone) and the
    /// cap.
    pub policies: PolicyOptions,
    /// Games of the simulated game of the usual table.
    pub games: u64,
    /// Games of one player simulated beside the exact distribution, if any.
    pub mc: Option<u64>,
    /// The simulations' seed.
    pub seed: u64,
}

/// Every figure of a policy game's report: one player alone exactly, and the usual table of
/// players ([`PolicyGame::PLAYERS`]) simulated (each seat the policy given for it, else the
/// board's); with `mc`, games of one player beside the exact distribution.
pub fn report<G: PolicyGame>(
    source: &BoardSource,
    options: &PolicyReportOptions,
    budget: &Budget,
) -> Result<PolicyReport> {
    let board: G = options.policies.board(source)?;
    // The seats' policies are checked before the exact chain is built.
    let seats = seat_policies(&board, options.policies.policy.as_deref(), G::PLAYERS)?;
    let alone = analyze::<G>(source, &options.policies, 1e-12, 100_000, budget)?;
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
    let names = policy_names::<G>(&seats);
    let summary = crate::sim::policies::simulate(
        &board.table(&seats),
        options.games,
        options.seed,
        MAX_TURNS,
    );
    let game = PolicySimulation::of(&board, &names, options.seed, MAX_TURNS, &summary);
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
                &board.table(&[alone_policy]),
                n,
                options.seed,
                MAX_TURNS,
            );
            Some(PolicySimulation::of(
                &board,
                std::slice::from_ref(&alone.policy),
                options.seed,
                MAX_TURNS,
                &s,
            ))
        }
        None => None,
    };
    Ok(PolicyReport {
        generated_by: None,
        board: board.name().to_string(),
        source: board.source().to_string(),
        variant: options.policies.variant.to_string(),
        alone,
        alone_simulated,
        game,
        files: Vec::new(),
    })
}
