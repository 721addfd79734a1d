//! `candyland transitions`: the complete move table of a chain, every state and card with its
//! exact probability, next state and events, for testing another simulator's move logic entry
//! by entry.

use serde::{Deserialize, Serialize};

use num_rational::BigRational;

use crate::chain::{Chain, FINISH};
use crate::solve::vocabulary::{Exact, StateRef};

/// One row of the move table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TransitionRow {
    /// The chain state the turn starts from.
    pub from: StateRef,
    /// The card; "(lost turn)" for a turn that draws no card.
    pub card: String,
    /// Cards of this kind in the deck (the whole deck for a lost turn).
    pub count: u32,
    /// count / D, in (0, 1].
    pub p: f64,
    /// count / D exactly.
    pub p_exact: Exact,
    /// The next state; the finish is state `finish` (the number of transient states).
    pub to: StateRef,
    /// What happens on this move, one kebab-case word each, e.g. "shortcut", "turn-lost".
    pub events: Vec<String>,
}

/// `transitions --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Transitions {
    /// The board's short name.
    pub board: String,
    /// D: every probability is count / D.
    pub denominator: u32,
    /// Index of the start state.
    pub start: usize,
    /// Index of the finish, absorbing: the number of transient states.
    pub finish: usize,
    /// Every state in order, each with one row per kind of card in deck order (one row for a
    /// state that draws no card).
    pub rows: Vec<TransitionRow>,
}

/// The complete move table of a chain: every state and card, with the exact probability.
pub fn transitions<G: crate::games::Game>(
    game: &G,
    chain: &Chain<G::State, G::Card>,
    board: &str,
) -> Transitions {
    let d = chain.denominator();
    let n = chain.len();
    let state = |t: u32| {
        if t == FINISH {
            StateRef::finish(n)
        } else {
            StateRef::of(game, t as usize, chain.states()[t as usize])
        }
    };
    let fraction = |c: u32| Exact::from(&BigRational::new(c.into(), d.into()));
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
                from: state(s as u32),
                card,
                count,
                p: f64::from(count) / f64::from(d),
                p_exact: fraction(count),
                to: state(t),
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
        finish: n,
        rows,
    }
}
