//! Results of the commands that combine several stages, one serde struct each (the `--json`
//! output of `players`, `spaces` and `compare`).

use serde::{Deserialize, Serialize};

use crate::sim::Simulation;
use crate::solve::players::Players;
use crate::solve::spaces::Spaces;
use crate::solve::{Analysis, Quantile, Tail};

/// `players --json`: for each number of players, the exact figures (i.i.d. draws) and the same
/// game simulated with i.i.d. draws and with one shared shuffled deck.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayersReport {
    pub board: String,
    pub variant: String,
    pub games: u64,
    pub seed: u64,
    pub rows: Vec<PlayersRow>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayersRow {
    pub players: usize,
    pub exact: Players,
    pub iid: Simulation,
    /// `None` for a spinner or die: nothing to shuffle.
    pub shuffled: Option<Simulation>,
}

/// `spaces --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpacesReport {
    pub board: String,
    pub variant: String,
    /// The number printed for index 0 (0 for 0-based spaces, 1 for squares numbered from 1).
    pub first_number: usize,
    /// Each space's name and what is special about it.
    pub names: Vec<String>,
    pub notes: Vec<String>,
    pub figures: Spaces,
}

/// The main figures of one board, as `compare` shows them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MainFigures {
    pub board: String,
    pub states: usize,
    pub expected_turns: f64,
    pub std_dev: f64,
    pub min_turns: usize,
    pub median: usize,
    pub mode: usize,
    pub quantiles: Vec<Quantile>,
    pub longer_than: Vec<Tail>,
    pub expected_cards: f64,
}

impl MainFigures {
    pub fn of(a: &Analysis) -> MainFigures {
        MainFigures {
            board: a.board.clone(),
            states: a.states,
            expected_turns: a.expected_turns,
            std_dev: a.std_dev,
            min_turns: a.min_turns,
            median: a.median,
            mode: a.mode,
            quantiles: a.quantiles.clone(),
            longer_than: a.longer_than.clone(),
            expected_cards: a.expected_cards,
        }
    }
}

/// `compare --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Comparison {
    pub variant: String,
    pub a: MainFigures,
    pub b: MainFigures,
}
