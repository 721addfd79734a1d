//! The move table, made state by state: one state's rows at a time is all a writer needs (the
//! table of a large board outgrows memory long before its chain does), and the transition
//! matrix is the same rows with each state's cards merged, state by state too.

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

/// One entry of the transition matrix: a state and a next state, the cards between them merged.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MatrixEntry {
    /// The state the turn starts from; the finish is state `finish`, which stays put.
    pub from: StateRef,
    /// The next state.
    pub to: StateRef,
    /// Cards that make this move (the whole deck for a lost turn, and for the finish).
    pub count: u64,
    /// count / D.
    pub p: f64,
    /// count / D exactly, in lowest terms.
    pub p_exact: Exact,
}

/// `transitions --aggregate --json`: the square stochastic matrix, the finish absorbing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TransitionMatrix {
    /// The board's short name.
    pub board: String,
    /// D: every probability is count / D.
    pub denominator: u32,
    /// Index of the start state.
    pub start: usize,
    /// Index of the finish, absorbing: the number of transient states.
    pub finish: usize,
    /// Every non-zero entry, by state and next state; each state's add up to exactly 1.
    pub matrix: Vec<MatrixEntry>,
}

/// What the move table (or the matrix) says before its rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableHead {
    /// The board's short name.
    pub board: String,
    /// D: every probability is count / D.
    pub denominator: u32,
    /// Index of the start state.
    pub start: usize,
    /// Index of the finish: the number of transient states.
    pub finish: usize,
}

impl Transitions {
    /// What the table says before its rows.
    pub fn head(&self) -> TableHead {
        TableHead {
            board: self.board.clone(),
            denominator: self.denominator,
            start: self.start,
            finish: self.finish,
        }
    }
}

/// The entry of `count` cards of `d` from `from` to `to`.
fn entry(from: StateRef, to: StateRef, count: u64, d: u32) -> MatrixEntry {
    let exact = BigRational::new(count.into(), d.into());
    MatrixEntry {
        from,
        to,
        count,
        p: count as f64 / f64::from(d),
        p_exact: Exact::from(&exact),
    }
}

/// One state's rows with the cards merged: one entry per next state, in order.
pub fn aggregate_state(rows: &[TransitionRow], d: u32) -> Vec<MatrixEntry> {
    let mut merged: std::collections::BTreeMap<(usize, usize), (&StateRef, &StateRef, u64)> =
        std::collections::BTreeMap::new();
    for r in rows {
        merged
            .entry((r.from.state, r.to.state))
            .or_insert((&r.from, &r.to, 0))
            .2 += u64::from(r.count);
    }
    merged
        .into_values()
        .map(|(from, to, count)| entry(from.clone(), to.clone(), count, d))
        .collect()
}

/// The finish's entry, last in the matrix: it goes to itself with probability 1.
pub fn finish_entry(head: &TableHead) -> MatrixEntry {
    let n = head.finish;
    let d = head.denominator;
    entry(StateRef::finish(n), StateRef::finish(n), u64::from(d), d)
}

/// The move table with the cards merged: one entry per (state, next state), and the finish
/// (state `finish`) going to itself with probability 1.
pub fn aggregate(t: &Transitions) -> TransitionMatrix {
    let mut matrix = aggregate_state(&t.rows, t.denominator);
    matrix.push(finish_entry(&t.head()));
    TransitionMatrix {
        board: t.board.clone(),
        denominator: t.denominator,
        start: t.start,
        finish: t.finish,
        matrix,
    }
}

/// The complete move table of a chain: every state and card, with the exact probability.
pub fn move_table<G: crate::games::Game>(
    game: &G,
    chain: &Chain<G::State, G::Card>,
    board: &str,
) -> Transitions {
    table_of(game, chain, board, 0..chain.len())
}

/// The head of `chain`'s table.
pub fn head_of<S, C>(chain: &Chain<S, C>, board: &str) -> TableHead {
    TableHead {
        board: board.to_string(),
        denominator: chain.denominator(),
        start: chain.start(),
        finish: chain.len(),
    }
}

/// The move table's rows of `states` only: a piece of a sample of the table, whose making and
/// writing is timed to estimate the whole table's.
pub fn table_of<G: crate::games::Game>(
    game: &G,
    chain: &Chain<G::State, G::Card>,
    board: &str,
    states: impl IntoIterator<Item = usize>,
) -> Transitions {
    let head = head_of(chain, board);
    let mut rows = Vec::new();
    for s in states {
        rows.extend(state_rows(game, chain, s));
    }
    Transitions {
        board: head.board,
        denominator: head.denominator,
        start: head.start,
        finish: head.finish,
        rows,
    }
}

/// The rows of state `s`: one per kind of card in deck order, or one for a turn that draws no
/// card.
pub fn state_rows<G: crate::games::Game>(
    game: &G,
    chain: &Chain<G::State, G::Card>,
    s: usize,
) -> Vec<TransitionRow> {
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
    let kinds = if chain.draws(s) {
        chain.cards().len()
    } else {
        1
    };
    (0..kinds)
        .map(|k| {
            let (card, count) = if chain.draws(s) {
                (game.card_name(chain.cards()[k].0), chain.cards()[k].1)
            } else {
                ("(lost turn)".to_string(), d)
            };
            let t = chain.next(s, k);
            TransitionRow {
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
            }
        })
        .collect()
}
