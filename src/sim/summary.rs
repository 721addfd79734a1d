//! The figures of a simulation run, as `simulate` shows them and `--json` prints them.

use serde::{Deserialize, Serialize};

use super::{DeckMode, SimOptions, SimResult};
use crate::solve::{About, Draws};
use crate::stats::Summary;

/// A simulation's figures. This struct is `simulate --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Simulation {
    /// The board's short name.
    pub board: String,
    /// Command-line changes to the board file, as flags ("" for none).
    pub variant: String,
    /// The rules in force: each `[rules]` key of the board file with its value.
    #[serde(rename = "rules")]
    pub rules_json: serde_json::Value,
    /// The rules in force, in words.
    #[serde(rename = "rules_text")]
    pub rules: String,
    /// How cards were drawn.
    pub deck: DeckMode,
    /// Number of players.
    pub players: usize,
    /// Games played, unfinished ones included.
    pub games: u64,
    /// The run's seed.
    pub seed: u64,
    /// Games stopped at the turn limit; they are left out of every figure below.
    pub unfinished: u64,
    /// Game length in turns, all players' turns counted, until the first player finishes.
    pub turns: Summary,
    /// Game length in rounds (with more than one player).
    pub rounds: Option<Summary>,
    /// The draws: what they are called, and the mean drawn per game.
    pub draws: Draws,
    /// Share of the games won by each seat, seat 1 first. JSON `win`.
    #[serde(rename = "win")]
    pub win_share: Vec<f64>,
}

impl Simulation {
    /// Summarises a run; `None` if no game finished.
    pub fn new(about: &About, options: &SimOptions, r: &SimResult) -> Option<Simulation> {
        let turns = Summary::of(&r.histogram)?;
        let rounds = (options.players > 1).then(|| {
            let k = options.players;
            let mut h = vec![0u64; r.histogram.len() / k + 2];
            for (t, &c) in r.histogram.iter().enumerate().skip(1) {
                h[(t - 1) / k + 1] += c;
            }
            Summary::of(&h)
        });
        let finished = turns.games as f64;
        Some(Simulation {
            board: about.board.clone(),
            variant: about.variant.clone(),
            rules_json: about.rules_json.clone(),
            rules: about.rules.clone(),
            deck: options.deck,
            players: options.players,
            games: r.games,
            seed: options.seed,
            unfinished: r.unfinished,
            turns,
            rounds: rounds.flatten(),
            draws: Draws {
                word: about.draws.clone(),
                mean: r.cards as f64 / r.games as f64,
            },
            win_share: r.wins.iter().map(|&w| w as f64 / finished).collect(),
        })
    }
}
