//! `summary.json` of a report: the report's figures as one serde struct (the report folder,
//! [`crate::output::folder`], writes it beside the charts).

use serde::{Deserialize, Serialize};

use crate::results::compare::MainFigures;
use crate::results::report::Report;
use crate::results::whatif::WhatIf;
use crate::solve::vocabulary::{Exact, Mean};
use crate::stats::Summary;

/// One number of players in `summary.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayersSummary {
    /// K, the number of players (1 to 4).
    pub players: usize,
    /// Turns of all players together until the first player finishes (i.i.d. draws): exact,
    /// or bounded when the one-player distribution was cut.
    pub turns: BoundedMean,
    /// Rounds until the first player finishes.
    pub rounds: BoundedMean,
    /// P(seat i wins), i = 0..K-1 (seat 0 plays first); lower bounds when `undecided` > 0.
    pub win: Vec<f64>,
    /// The chance a cut distribution leaves to no seat: each seat's chance lies between
    /// `win[i]` and `win[i] + undecided` (0 when they are exact).
    pub undecided: f64,
    /// Until every player finishes.
    pub everyone: EveryoneSummary,
}

/// A mean that is exact, or only known to lie in `mean_range` (then `mean` is its lower end).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoundedMean {
    /// The mean; when `mean_range` is there, its lower end.
    pub mean: f64,
    /// \[low, high\] when the mean is not known exactly.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mean_range: Option<[f64; 2]>,
}

impl BoundedMean {
    fn of(length: &crate::solve::players::Length) -> BoundedMean {
        BoundedMean {
            mean: length.mean,
            mean_range: length.mean_range,
        }
    }
}

/// Until every player finishes, in `summary.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EveryoneSummary {
    /// Turns of all players together (finished players sit out).
    pub turns: Mean,
}

/// `summary.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReportSummary {
    /// The tool, its version and the command that made the report (absent in a summary
    /// written before they were recorded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generated_by: Option<crate::results::report::GeneratedBy>,
    /// The board's short name.
    pub board: String,
    /// What the board is (may be empty).
    pub description: String,
    /// Where the layout and rules come from (may be empty).
    pub source: String,
    /// The rules in force: each `[rules]` key of the board file with its value.
    #[serde(rename = "rules")]
    pub rules_json: serde_json::Value,
    /// The rules in force, in words.
    #[serde(rename = "rules_text")]
    pub rules: String,
    /// Command-line changes to the board file, as flags ("" for none).
    pub variant: String,
    /// The main figures: one player, i.i.d. draws, exact.
    pub figures: MainFigures,
    /// E\[T\] exactly (null when not computed).
    pub mean_exact: Option<Exact>,
    /// P(T > n) ~ tail_c * tail_rho^n.
    pub tail_rho: Option<f64>,
    /// The constant of that geometric tail; `None`, like `tail_rho`, when the tail is too
    /// short to measure.
    pub tail_c: Option<f64>,
    /// The exact figures for 1 to 4 players, i.i.d. draws.
    pub players: Vec<PlayersSummary>,
    /// What removing each kind of element, and each element, does to E\[T\].
    pub whatif: WhatIf,
    /// One player, shuffled deck, simulated (`None` for a spinner or die: nothing to shuffle).
    pub shuffled: Option<Summary>,
    /// Seed of the shuffled-deck simulation (and of the `--mc` one); set even when there is
    /// none.
    pub shuffled_seed: u64,
    /// The files of the report.
    pub files: Vec<String>,
}

impl ReportSummary {
    /// `summary.json` of a report that writes `files`.
    pub fn of(r: &Report, files: Vec<String>) -> ReportSummary {
        let a = &r.analysis;
        ReportSummary {
            generated_by: None,
            board: r.about.board.clone(),
            description: r.about.description.clone(),
            source: r.about.source.clone(),
            rules_json: r.about.rules_json.clone(),
            rules: r.about.rules.clone(),
            variant: r.about.variant.clone(),
            figures: MainFigures::of(a),
            mean_exact: a.expected_turns_exact.as_ref().map(Exact::from),
            tail_rho: r.tail.map(|t| t.0),
            tail_c: r.tail.map(|t| t.1),
            players: r
                .players
                .iter()
                // The report's players are independent (a game whose tokens meet has one
                // player there), so each has its figures until everyone finishes.
                .filter_map(|p| {
                    let everyone = p.everyone.as_ref()?;
                    Some(PlayersSummary {
                        players: p.players,
                        turns: BoundedMean::of(&p.first_finisher.turns),
                        rounds: BoundedMean::of(&p.first_finisher.rounds),
                        win: p.first_finisher.win.clone(),
                        undecided: p.first_finisher.undecided,
                        everyone: EveryoneSummary {
                            turns: Mean {
                                mean: everyone.turns.mean,
                            },
                        },
                    })
                })
                .collect(),
            whatif: r.whatif.clone(),
            shuffled: r.shuffled.as_ref().map(|(_, s)| s.clone()),
            shuffled_seed: r.seed,
            files,
        }
    }
}
