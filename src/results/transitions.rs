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

/// The move table with the cards merged: one entry per (state, next state), and the finish
/// (state `finish`) going to itself with probability 1.
pub fn aggregate(t: &Transitions) -> TransitionMatrix {
    let (d, n) = (u64::from(t.denominator), t.finish);
    let mut merged: std::collections::BTreeMap<(usize, usize), (StateRef, StateRef, u64)> =
        std::collections::BTreeMap::new();
    for r in &t.rows {
        let entry = merged
            .entry((r.from.state, r.to.state))
            .or_insert_with(|| (r.from.clone(), r.to.clone(), 0));
        entry.2 += u64::from(r.count);
    }
    merged.insert((n, n), (StateRef::finish(n), StateRef::finish(n), d));
    let matrix = merged
        .into_values()
        .map(|(from, to, count)| {
            let exact = num_rational::BigRational::new(count.into(), d.into());
            MatrixEntry {
                from,
                to,
                count,
                p: count as f64 / d as f64,
                p_exact: Exact::from(&exact),
            }
        })
        .collect();
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

/// Bytes at the peak and processor seconds of one row (a state and a kind of card) of the
/// table as CSV, aggregated CSV and JSON: measured on a 10^5-space board (1.8 million rows:
/// 0.92 GB in 2.7 s, 1.2 GB in 3.1 s, 6.4 GB in 14 s). The time of a table long enough to
/// matter is measured on a sample of it instead ([`crate::budget::sampled`]): the rate per row
/// of a 10^5-space board was 2.5 times too fast at 10^6, where 10 GB of fresh memory is touched.
const CSV_ROW: (f64, f64) = (560.0, 1.5e-6);
const AGGREGATE_ROW: (f64, f64) = (700.0, 1.7e-6);
const JSON_ROW: (f64, f64) = (3700.0, 7.5e-6);

/// What [`transitions`] gives.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Table {
    /// The move table, one row per state and kind of card.
    #[default]
    Moves,
    /// The move table with cards merged, one row per (state, next state): the square
    /// stochastic matrix.
    Matrix,
    /// The fundamental matrix N = (I - Q)^-1; only the rows of these states when some are
    /// named (`start`, a space number or a state's name).
    Fundamental(Vec<String>),
    /// The state graph (written in Graphviz's DOT language).
    Graph,
}

/// How the caller will write the answer: a sample of the move table is made and written with it
/// to time the whole table before it is made ([`crate::budget::sampled`]).
#[derive(Clone)]
pub struct Printer(std::sync::Arc<dyn Fn(&TransitionsAnswer) + Send + Sync>);

impl Printer {
    /// A printer that writes an answer (its output is timed, then dropped).
    pub fn new(print: impl Fn(&TransitionsAnswer) + Send + Sync + 'static) -> Printer {
        Printer(std::sync::Arc::new(print))
    }
}

impl std::fmt::Debug for Printer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Printer")
    }
}

impl PartialEq for Printer {
    fn eq(&self, other: &Printer) -> bool {
        std::sync::Arc::ptr_eq(&self.0, &other.0)
    }
}

/// The options of [`transitions`].
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TransitionsOptions {
    /// Changes to the board file (`--without`, rule overrides).
    pub variant: crate::games::Variant,
    /// What to give.
    pub table: Table,
    /// The form the table will be written in, for the estimate of its memory and time.
    pub written_as: crate::results::Format,
    /// How the table will be written, timed on a sample for the estimate of a long table; with
    /// none, only the making of the table is estimated.
    pub printer: Option<Printer>,
}

/// The answer of [`transitions`]. Its JSON is the inner struct's, one of the shapes of
/// `schemas/transitions.schema.json` (the state graph has none).
#[derive(Debug, Clone, PartialEq)]
pub enum TransitionsAnswer {
    /// The move table.
    Moves(Transitions),
    /// The move table, to be written with cards merged.
    Matrix(Transitions),
    /// The fundamental matrix.
    Fundamental(crate::solve::fundamental::Fundamental),
    /// The state graph.
    Graph(StateGraph),
}

impl Serialize for TransitionsAnswer {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            TransitionsAnswer::Moves(t) => t.serialize(s),
            TransitionsAnswer::Matrix(t) => aggregate(t).serialize(s),
            TransitionsAnswer::Fundamental(n) => n.serialize(s),
            TransitionsAnswer::Graph(_) => Err(serde::ser::Error::custom(
                "the state graph has no JSON form; write it in DOT",
            )),
        }
    }
}

/// The move table of `board` (or its fundamental matrix, or its state graph), whatever its
/// game.
pub fn transitions(
    board: &crate::games::BoardSource,
    options: &TransitionsOptions,
    budget: &crate::budget::Budget,
) -> crate::Result<TransitionsAnswer> {
    crate::results::board::ask(board, options, budget)
}

impl crate::results::board::Question for TransitionsOptions {
    type Answer = TransitionsAnswer;

    fn on<G: crate::games::Game>(
        &self,
        source: crate::games::Source<G>,
        b: &crate::budget::Budget,
    ) -> crate::Result<TransitionsAnswer> {
        use crate::results::Format;
        let crate::results::board::Built { game, about, chain } =
            crate::results::board::build(&source, &self.variant, b)?;
        let name = about.board;
        let rows = (chain.len() * chain.cards().len()) as f64;
        match &self.table {
            Table::Graph => {
                b.memory(
                    "drawing the state graph",
                    rows * CSV_ROW.0,
                    "use a smaller board",
                )?;
                return Ok(TransitionsAnswer::Graph(graph(&game, &chain, &name)));
            }
            Table::Fundamental(from) => {
                let options =
                    crate::solve::fundamental::FundamentalOptions::all(*b).rows(from.clone());
                let n = crate::solve::fundamental::fundamental(&game, &chain, &name, &options)
                    .map_err(|e| match e {
                        crate::solve::fundamental::FundamentalError::From(e) => {
                            crate::results::options::bad_option("--from", e.to_string()).into()
                        }
                        other => crate::Error::from(other),
                    })?;
                return Ok(TransitionsAnswer::Fundamental(n));
            }
            Table::Moves | Table::Matrix => {}
        }
        let json = self.written_as == Format::Json;
        let (bytes, seconds) = if json {
            JSON_ROW
        } else if self.table == Table::Matrix {
            AGGREGATE_ROW
        } else {
            CSV_ROW
        };
        let what = format!("printing the move table ({rows:.0} rows)");
        let fix = if json {
            "use a smaller board, or CSV (the default), which takes a sixth of the memory"
        } else {
            "use a smaller board"
        };
        b.memory_kept(&what, rows * bytes, crate::budget::Kept::Kept, fix)?;
        let wrap = |t: Transitions| {
            if self.table == Table::Matrix {
                TransitionsAnswer::Matrix(t)
            } else {
                TransitionsAnswer::Moves(t)
            }
        };
        let per_state = seconds * chain.cards().len() as f64;
        let estimate = crate::budget::sampled(chain.len(), per_state, |every| {
            let sample = wrap(transitions_sample(&game, &chain, &name, every));
            if let Some(Printer(print)) = &self.printer {
                print(&sample);
            }
        });
        b.time(&what, estimate, fix)?;
        Ok(wrap(move_table(&game, &chain, &name)))
    }
}
