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
    table_of(game, chain, board, 1)
}

/// [`transitions`] of every `every`-th state only: a sample of the table, whose making and
/// printing is timed to estimate the whole table's.
pub fn transitions_sample<G: crate::games::Game>(
    game: &G,
    chain: &Chain<G::State, G::Card>,
    board: &str,
    every: usize,
) -> Transitions {
    table_of(game, chain, board, every.max(1))
}

fn table_of<G: crate::games::Game>(
    game: &G,
    chain: &Chain<G::State, G::Card>,
    board: &str,
    every: usize,
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
    for s in (0..chain.len()).step_by(every) {
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

/// One edge of the state graph: the cards from one state to another merged.
#[derive(Debug, Clone, PartialEq)]
pub struct GraphEdge {
    /// The state the move starts from.
    pub from: usize,
    /// Where it leads: a state, or the finish (the number of transient states).
    pub to: usize,
    /// Cards (counts over D) leading there.
    pub count: u64,
    /// Some of those moves take a jump (the game's jumps).
    pub jump: bool,
    /// Some of those moves are caught by the game's trap.
    pub caught: bool,
}

/// The chain as a graph, for `transitions --dot`: every state with its name and whether it
/// stands on a trap, the finish, and one edge per (state, next state) with its chance.
#[derive(Debug, Clone, PartialEq)]
pub struct StateGraph {
    /// The board's short name.
    pub board: String,
    /// D: an edge's chance is count / D.
    pub denominator: u32,
    /// Index of the start state.
    pub start: usize,
    /// Every state (the finish is state `states.len()`).
    pub states: Vec<StateRef>,
    /// Whether each state stands on a trap space.
    pub on_trap: Vec<bool>,
    /// What the game calls its trap (empty if it has none).
    pub trap_word: String,
    /// Every edge, by state and then next state.
    pub edges: Vec<GraphEdge>,
}

/// The state graph of a chain.
pub fn graph<G: crate::games::Game>(
    game: &G,
    chain: &Chain<G::State, G::Card>,
    board: &str,
) -> StateGraph {
    let n = chain.len();
    let track = game.track();
    let traps: std::collections::HashSet<usize> = track.traps.1.iter().copied().collect();
    let states = chain.states();
    let mut edges: Vec<GraphEdge> = Vec::new();
    for (s, &state) in states.iter().enumerate().take(n) {
        let kinds: Vec<usize> = if chain.draws(s) {
            (0..chain.cards().len()).collect()
        } else {
            vec![0]
        };
        let mut row: std::collections::BTreeMap<usize, GraphEdge> = Default::default();
        for k in kinds {
            let t = chain.next(s, k);
            let to = if t == FINISH { n } else { t as usize };
            let count = if chain.draws(s) {
                u64::from(chain.cards()[k].1)
            } else {
                u64::from(chain.denominator())
            };
            let jump = chain.draws(s) && !game.jump_starts(state, chain.cards()[k].0).is_empty();
            let caught = chain
                .events(game, s, k)
                .contains(crate::games::race::Event::TRAP);
            let e = row.entry(to).or_insert(GraphEdge {
                from: s,
                to,
                count: 0,
                jump: false,
                caught: false,
            });
            e.count += count;
            e.jump |= jump;
            e.caught |= caught;
        }
        edges.extend(row.into_values());
    }
    StateGraph {
        board: board.to_string(),
        denominator: chain.denominator(),
        start: chain.start(),
        states: (0..n).map(|i| StateRef::of(game, i, states[i])).collect(),
        on_trap: states
            .iter()
            .map(|&s| game.position(s).is_some_and(|p| traps.contains(&p)))
            .collect(),
        trap_word: track.traps.0,
        edges,
    }
}
