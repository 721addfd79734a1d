//! Results of the commands that combine several stages, one serde struct each (the `--json`
//! output of `players`, `odds`, `spaces` and `compare`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::sim::Simulation;
use crate::solve::odds::Odds;
use crate::solve::players::Players;
use crate::solve::spaces::Spaces;
use crate::solve::vocabulary::{Mean, StateRef};
use crate::solve::{Analysis, Draws, Quantile, ShortestGame, Tail};

/// `players --json`: for each number of players, the exact figures (i.i.d. draws) and the same
/// game simulated with i.i.d. draws and with one shared shuffled deck.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayersReport {
    /// The board's short name.
    pub board: String,
    /// Command-line changes to the board file, as flags ("" for none).
    pub variant: String,
    /// Games of each simulation (each number of players, each deck).
    pub games: u64,
    /// Seed of every simulation.
    pub seed: u64,
    /// One row per number of players, in increasing order (1 to 4, or the one `--players`).
    pub rows: Vec<PlayersRow>,
}

/// One number of players in `players --json`: exact figures and the two simulations.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayersRow {
    /// K, the number of players (at least 1).
    pub players: usize,
    /// The exact K-player figures with i.i.d. draws, from the one-player distribution.
    pub exact: Players,
    /// The K-player game simulated with i.i.d. draws.
    pub iid: Simulation,
    /// The game simulated with a real deck as `--deck` chose (shuffled by default); `None` for
    /// a spinner or die: nothing to shuffle. JSON `finite_deck`.
    #[serde(rename = "finite_deck")]
    pub shuffled: Option<Simulation>,
}

/// `odds --json`: each seat's chance to win from given positions, with a given seat to move.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OddsReport {
    /// The board's short name.
    pub board: String,
    /// Command-line changes to the board file, as flags ("" for none).
    pub variant: String,
    /// 1-based seat that moves next.
    pub to_move: usize,
    /// Each seat's position, in seat order.
    pub seats: Vec<SeatPosition>,
    /// The exact figures (i.i.d. draws), which the keys below spell out.
    #[serde(skip)]
    pub odds: Odds,
    /// P(seat i wins), seat 1 first.
    pub win: Vec<f64>,
    /// R, the rounds until someone finishes (a round being one turn of each seat starting with
    /// the seat to move).
    pub rounds: RoundsLeft,
    /// The turns of all seats together until someone finishes (the finishing turn included).
    pub turns: Mean,
    /// The curves were computed until P(T > n) fell below this.
    pub tolerance: f64,
    /// P(nobody has finished after the last round computed): the chance the figures leave
    /// out (`rounds`' last survival value). Each seat's chance to win lies between `win[i]` and
    /// `win[i]` plus this, and the means are at least what they say.
    pub unfinished_mass: f64,
    /// Some curve was cut by the turn limit first: `win`, `rounds.mean` and `turns.mean` are
    /// lower bounds, missing `unfinished_mass`. In JSON only when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
}

/// R in `odds --json`: the rounds until someone finishes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RoundsLeft {
    /// E\[R\].
    pub mean: f64,
    /// The smallest r with P(R <= r) >= 1/2; `None` when the curves were cut before.
    pub median: Option<usize>,
    /// `pmf[r]` = P(R = r).
    pub pmf: Vec<f64>,
    /// `survival[r]` = P(R > r): its last value is the chance the figures leave out (below the
    /// tolerance unless the curves were cut by the turn limit).
    pub survival: Vec<f64>,
}

impl RoundsLeft {
    /// R of `odds`.
    pub fn of(odds: &Odds) -> RoundsLeft {
        RoundsLeft {
            mean: odds.mean_rounds,
            median: odds.rounds.quantile(0.5),
            pmf: odds.rounds.pmf.clone(),
            survival: odds.rounds.survival.clone(),
        }
    }
}

/// One seat's position in `odds --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatPosition {
    /// 1-based seat.
    pub seat: usize,
    /// The seat's state.
    pub state: StateRef,
    /// T from there: the turns this seat would still need alone (lost turns included); E\[T\]
    /// from the linear solve, exact.
    pub alone: Mean,
}

/// `spaces --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpacesReport {
    /// The board's short name.
    pub board: String,
    /// Command-line changes to the board file, as flags ("" for none).
    pub variant: String,
    /// The number printed for index 0 (0 for 0-based spaces, 1 for squares numbered from 1).
    pub first_number: usize,
    /// Each space's name, by index: its colour or name, or "square N"; then "finish" when the
    /// finish lies past the last space.
    pub names: Vec<String>,
    /// What is special about each space, by index, e.g. "shortcut to 58" ("" for nothing).
    pub notes: Vec<String>,
    /// The exact per-space and per-event figures (one player, i.i.d. draws).
    pub figures: Spaces,
    /// The game's words for the text (not in JSON).
    #[serde(skip)]
    pub words: SpacesWords,
}

/// What a game calls the things the `spaces` table names.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SpacesWords {
    /// A position: "space", "square", "cherry".
    pub space: String,
    /// The draws, plural: "cards drawn", "spins".
    pub draws: String,
    /// Its traps ("" if it has none).
    pub trap: String,
    /// The kinds of jump the board has, as its track names them (e.g. "shortcut").
    pub jumps: Vec<String>,
}

/// The main figures of one board, as `compare` shows them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MainFigures {
    /// The board's short name.
    pub board: String,
    /// Number of transient states of the chain.
    pub states: usize,
    /// E\[T\], turns until the player finishes (lost turns count). JSON `mean`.
    #[serde(rename = "mean")]
    pub expected_turns: f64,
    /// Standard deviation of T, in turns. JSON `sd`.
    #[serde(rename = "sd")]
    pub std_dev: f64,
    /// The shortest possible game.
    pub shortest_game: ShortestGame,
    /// The smallest n with P(T <= n) >= 0.5, in turns.
    pub median: usize,
    /// The most likely length, in turns (the first, if several tie).
    pub mode: usize,
    /// The quantiles at each level of [`QUANTILES`](crate::solve::QUANTILES).
    pub quantiles: Vec<Quantile>,
    /// P(T > n) for each n of [`LONGER_THAN`](crate::solve::LONGER_THAN). JSON `tail`.
    #[serde(rename = "tail")]
    pub longer_than: Vec<Tail>,
    /// What draws are called, and how many a game takes.
    pub draws: Draws,
    /// The distribution was cut by the turn limit: the median and quantiles marked as lower
    /// bounds are only bounds, and the mode may not be the most likely length. In JSON only
    /// when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
    /// The median is past the cut: at least `median`. In JSON only when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub median_lower_bound: bool,
}

impl MainFigures {
    /// The main figures of a one-player analysis (i.i.d. draws, exact).
    pub fn of(a: &Analysis) -> MainFigures {
        MainFigures {
            board: a.board.clone(),
            states: a.states,
            expected_turns: a.expected_turns,
            std_dev: a.std_dev,
            shortest_game: a.shortest_game.clone(),
            median: a.median,
            mode: a.mode,
            quantiles: a.quantiles.clone(),
            longer_than: a.longer_than.clone(),
            draws: a.draws.clone(),
            truncated: a.truncated,
            median_lower_bound: a.median_lower_bound,
        }
    }
}

/// `compare --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Comparison {
    /// Command-line changes applied to both boards, as flags ("" for none).
    pub variant: String,
    /// The first side's own changes, as flags ("" for none).
    pub a_variant: String,
    /// The second side's own changes, as flags ("" for none).
    pub b_variant: String,
    /// The first board's figures.
    pub a: MainFigures,
    /// The second board's figures.
    pub b: MainFigures,
}
