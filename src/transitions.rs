//! `candyland transitions`: the complete move table of a chain, every state and card with its
//! exact probability, next state and events, for testing another simulator's move logic entry
//! by entry.

use serde::{Deserialize, Serialize};

use crate::chain::{Chain, FINISH};
use crate::race::RaceGame;

/// One row of the move table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TransitionRow {
    /// Index of the chain state the turn starts from (not a space number).
    pub state: usize,
    /// That state in words, e.g. "space 47 (yellow)".
    pub state_name: String,
    /// The card; "(lost turn)" for a turn that draws no card.
    pub card: String,
    /// Cards of this kind in the deck (the whole deck for a lost turn).
    pub count: u32,
    /// count / D as a reduced fraction, and as a float.
    pub probability: String,
    /// The same probability as a float, in (0, 1].
    pub probability_f64: f64,
    /// The next state; `None` for the finish.
    pub next: Option<usize>,
    /// The next state in words, or "finish".
    pub next_name: String,
    /// What happens on this move, one kebab-case word each, e.g. "shortcut", "turn-lost".
    pub events: Vec<String>,
}

/// `transitions --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Transitions {
    /// The board's short name.
    pub board: String,
    /// D: every probability is count / D.
    pub denominator: u32,
    /// Index of the start state.
    pub start: usize,
    /// Every state in order, each with one row per kind of card in deck order (one row for a
    /// state that draws no card).
    pub rows: Vec<TransitionRow>,
}

/// The complete move table of a chain: every state and card, with the exact probability.
pub fn transitions<G: RaceGame>(
    game: &G,
    chain: &Chain<G::State, G::Card>,
    board: &str,
) -> Transitions {
    let d = chain.denominator();
    let name = |t: u32| {
        if t == FINISH {
            "finish".to_string()
        } else {
            game.describe(chain.states()[t as usize])
        }
    };
    let fraction = |c: u32| {
        let r = num_rational::Ratio::new(c, d);
        format!("{}/{}", r.numer(), r.denom())
    };
    let mut rows = Vec::new();
    for s in 0..chain.len() {
        let kinds: Vec<usize> = if chain.draws(s) {
            (0..chain.cards().len()).collect()
        } else {
            vec![0]
        };
        for k in kinds {
            let (card, count) = if chain.draws(s) {
                (game.card_name(chain.cards()[k].0), chain.cards()[k].1)
            } else {
                ("(lost turn)".to_string(), d)
            };
            let t = chain.next(s, k);
            rows.push(TransitionRow {
                state: s,
                state_name: game.describe(chain.states()[s]),
                card,
                count,
                probability: fraction(count),
                probability_f64: f64::from(count) / f64::from(d),
                next: (t != FINISH).then_some(t as usize),
                next_name: name(t),
                events: chain
                    .events(game, s, k)
                    .iter()
                    .map(|e| game.event_name(e))
                    .collect(),
            });
        }
    }
    Transitions {
        board: board.to_string(),
        denominator: d,
        start: chain.start(),
        rows,
    }
}
