//! The figures of a simulation run, as `simulate` shows them and `--json` prints them.

use serde::{Deserialize, Serialize};

use super::{DeckMode, SimOptions, SimResult};
use crate::games::load::About;
use crate::solve::Draws;
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
    /// Games stopped at the turn limit (`max_turns`). They are counted in `turns` and `rounds`
    /// as lasting one turn more than the limit (their `cut`), which makes the means lower
    /// bounds, and won by no seat.
    pub unfinished: u64,
    /// The turn limit: a game still running after this many turns (all players' turns) was
    /// stopped.
    pub max_turns: u32,
    /// Game length in turns, all players' turns counted, until the first player finishes.
    pub turns: Summary,
    /// Game length in rounds (with more than one player).
    pub rounds: Option<Summary<crate::solve::players::RoundsQuantile>>,
    /// The draws: what they are called, and the mean drawn per game (a lower bound when games
    /// were stopped at the turn limit).
    pub draws: Draws,
    /// Share of all the games won by each seat, seat 1 first (they sum to 1 less the share of
    /// games stopped at the turn limit). JSON `win`.
    #[serde(rename = "win")]
    pub win_share: Vec<f64>,
}

impl Simulation {
    /// Summarises a run (games stopped at the turn limit counted as lower bounds); `None` if
    /// no game was played.
    pub fn new(about: &About, options: &SimOptions, r: &SimResult) -> Option<Simulation> {
        let limit = options.max_turns as usize;
        let turns = Summary::censored(&r.histogram, r.unfinished, limit)?;
        let rounds = (options.players > 1).then(|| {
            let k = options.players;
            let mut h = vec![0u64; r.histogram.len() / k + 2];
            for (t, &c) in r.histogram.iter().enumerate().skip(1) {
                h[(t - 1) / k + 1] += c;
            }
            // A game stopped after `limit` turns lasts at least round limit / K + 1.
            Summary::censored(&h, r.unfinished, limit / k).map(Summary::in_rounds)
        });
        let games = r.games as f64;
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
            max_turns: options.max_turns,
            turns,
            rounds: rounds.flatten(),
            draws: Draws {
                word: about.draws.clone(),
                mean: r.cards as f64 / r.games as f64,
            },
            win_share: r.wins.iter().map(|&w| w as f64 / games).collect(),
        })
    }
}
