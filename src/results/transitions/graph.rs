//! The chain as a graph (`transitions --dot`): each state's cards merged into one edge per
//! next state, with what the moves along it do, for drawing rather than for reading entry by
//! entry; a drawing is only worth making of a chain small enough to keep whole.

use crate::chain::{Chain, FINISH};
use crate::solve::vocabulary::StateRef;

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
