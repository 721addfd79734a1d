//! What `transitions` gives and where it goes: the answer kept whole ([`TransitionsAnswer`],
//! for a caller that wants it in memory), or handed piece by piece to a [`TransitionsSink`]
//! (one state's rows, one row of N) that writes each as it comes; [`replay`] hands a kept
//! answer to a sink the same way, so both are written by one writer.

use serde::Serialize;

use super::graph::StateGraph;
use super::table::{aggregate, TableHead, TransitionRow, Transitions};
use crate::solve::fundamental::{Fundamental, FundamentalHead, FundamentalRow};

/// What [`transitions`](super::transitions) gives.
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

/// How the caller will write the answer: a sample of the move table (or of N's rows) is made and
/// written with it to time the whole before it is made ([`crate::budget::sampled`]).
#[derive(Clone)]
pub struct Printer(std::sync::Arc<dyn Fn(&TransitionsAnswer) + Send + Sync>);

impl Printer {
    /// A printer that writes an answer (its output is timed, then dropped).
    pub fn new(print: impl Fn(&TransitionsAnswer) + Send + Sync + 'static) -> Printer {
        Printer(std::sync::Arc::new(print))
    }

    /// Writes `answer` (to be timed).
    pub fn print(&self, answer: &TransitionsAnswer) {
        (self.0)(answer)
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

/// The options of [`transitions`](super::transitions).
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

/// The answer of [`transitions`](super::transitions). Its JSON is the inner struct's, one of the shapes of
/// `schemas/transitions.schema.json` (the state graph has none).
#[derive(Debug, Clone, PartialEq)]
pub enum TransitionsAnswer {
    /// The move table.
    Moves(Transitions),
    /// The move table, to be written with cards merged.
    Matrix(Transitions),
    /// The fundamental matrix.
    Fundamental(Fundamental),
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

/// Where [`transitions_into`](super::transitions_into) puts the answer as it is made, in order: the move table's head,
/// each state's rows and the end; or N's head, each of its rows and the end (with N's error
/// bound); or the state graph, whole. A writer writes each piece as it comes.
pub trait TransitionsSink {
    /// Before the move table's (or the matrix's) first state.
    fn table(&mut self, head: &TableHead) -> crate::Result<()>;
    /// One state's rows of the move table, one per kind of card in deck order (one for a
    /// state that draws no card); states in order.
    fn state(&mut self, rows: Vec<TransitionRow>) -> crate::Result<()>;
    /// Before N's first row.
    fn fundamental(&mut self, head: FundamentalHead) -> crate::Result<()>;
    /// One row of N, in the order asked for.
    fn fundamental_row(&mut self, row: FundamentalRow) -> crate::Result<()>;
    /// The state graph, whole (drawn, not read row by row).
    fn graph(&mut self, graph: StateGraph) -> crate::Result<()>;
    /// After the last row: N's bound on the error of its entries, `None` for the move table.
    fn end(&mut self, error_bound: Option<f64>) -> crate::Result<()>;
}

/// An answer already made handed to `sink` as [`transitions_into`](super::transitions_into) would hand it (the move
/// table state by state).
pub fn replay(answer: &TransitionsAnswer, sink: &mut dyn TransitionsSink) -> crate::Result<()> {
    match answer {
        TransitionsAnswer::Moves(t) | TransitionsAnswer::Matrix(t) => {
            sink.table(&t.head())?;
            for rows in t.rows.chunk_by(|a, b| a.from.state == b.from.state) {
                sink.state(rows.to_vec())?;
            }
            sink.end(None)
        }
        TransitionsAnswer::Fundamental(n) => {
            sink.fundamental(FundamentalHead {
                board: n.board.clone(),
                states: n.states,
                start: n.start,
                names: n.names.clone(),
                dense: n.dense,
                solver: n.solver.clone(),
            })?;
            for row in &n.rows {
                sink.fundamental_row(row.clone())?;
            }
            sink.end(Some(n.error_bound))
        }
        TransitionsAnswer::Graph(g) => sink.graph(g.clone()),
    }
}

/// The pieces kept, for [`transitions`](super::transitions).
#[derive(Default)]
pub(super) struct Collect {
    moves: Option<Transitions>,
    fundamental: Option<Fundamental>,
    graph: Option<StateGraph>,
}

impl Collect {
    pub(super) fn answer(self, table: &Table) -> crate::Result<TransitionsAnswer> {
        let answer = match (table, self) {
            (Table::Graph, Collect { graph: Some(g), .. }) => TransitionsAnswer::Graph(g),
            (
                Table::Fundamental(_),
                Collect {
                    fundamental: Some(n),
                    ..
                },
            ) => TransitionsAnswer::Fundamental(n),
            (Table::Matrix, Collect { moves: Some(t), .. }) => TransitionsAnswer::Matrix(t),
            (Table::Moves, Collect { moves: Some(t), .. }) => TransitionsAnswer::Moves(t),
            _ => return Err(crate::Error::internal("the table was not made")),
        };
        Ok(answer)
    }
}

impl TransitionsSink for Collect {
    fn table(&mut self, head: &TableHead) -> crate::Result<()> {
        self.moves = Some(Transitions {
            board: head.board.clone(),
            denominator: head.denominator,
            start: head.start,
            finish: head.finish,
            rows: Vec::new(),
        });
        Ok(())
    }

    fn state(&mut self, rows: Vec<TransitionRow>) -> crate::Result<()> {
        if let Some(t) = &mut self.moves {
            t.rows.extend(rows);
        }
        Ok(())
    }

    fn fundamental(&mut self, head: FundamentalHead) -> crate::Result<()> {
        self.fundamental = Some(Fundamental {
            board: head.board,
            states: head.states,
            start: head.start,
            names: head.names,
            dense: head.dense,
            rows: Vec::new(),
            error_bound: 0.0,
            solver: head.solver,
        });
        Ok(())
    }

    fn fundamental_row(&mut self, row: FundamentalRow) -> crate::Result<()> {
        if let Some(n) = &mut self.fundamental {
            n.rows.push(row);
        }
        Ok(())
    }

    fn graph(&mut self, graph: StateGraph) -> crate::Result<()> {
        self.graph = Some(graph);
        Ok(())
    }

    fn end(&mut self, error_bound: Option<f64>) -> crate::Result<()> {
        if let (Some(n), Some(bound)) = (&mut self.fundamental, error_bound) {
            n.error_bound = bound;
        }
        Ok(())
    }
}
