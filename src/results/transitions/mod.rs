//! `candyland transitions`: the complete move table of a chain, every state and card with its
//! exact probability, next state and events, for testing another simulator's move logic entry
//! by entry; the same with each state's cards merged (the transition matrix), the fundamental
//! matrix N, and the state graph.
//!
//! The tables of a large board are far larger than its chain (a 10^6-space board's matrix is
//! 1.35 GB of CSV, its chain a few hundred MB), so they are made state by state (N row by
//! row) and handed to a [`TransitionsSink`] as they are made ([`transitions_into`]): a writer
//! writes each piece and forgets it, and memory is bounded by the chain. [`transitions`] is
//! the same pieces collected, for a caller that wants the answer in memory.

mod answer;
mod graph;
mod table;

use crate::results::Format;
use crate::solve::fundamental::{
    FundamentalError, FundamentalHead, FundamentalOptions, FundamentalRow, FundamentalSink,
};
use answer::Collect;

pub use answer::{replay, Printer, Table, TransitionsAnswer, TransitionsOptions, TransitionsSink};
pub use graph::{graph, GraphEdge, StateGraph};
pub use table::{
    aggregate, aggregate_state, finish_entry, move_table, state_rows, table_of, MatrixEntry,
    TableHead, TransitionMatrix, TransitionRow, Transitions,
};

/// Bytes at the peak and processor seconds of one row (a state and a kind of card) of the
/// table kept in memory and then written as CSV, aggregated CSV and JSON: measured on a
/// 10^5-space board (1.8 million rows: 0.92 GB in 2.7 s, 1.2 GB in 3.1 s, 6.4 GB in 14 s). The
/// time of a table long enough to matter is measured on a sample of it instead
/// ([`crate::budget::sampled`]): the rate per row of a 10^5-space board was 2.5 times too fast
/// at 10^6, where 10 GB of fresh memory is touched.
const CSV_ROW: (f64, f64) = (560.0, 1.5e-6);
const AGGREGATE_ROW: (f64, f64) = (700.0, 1.7e-6);
const JSON_ROW: (f64, f64) = (3700.0, 7.5e-6);

/// Bytes per kind of card of the table written as it is made: one state's rows (its names,
/// cards and events) and their merging, whatever the number of states; the writer's buffers
/// are in [`STREAM_BUFFERS`].
const STREAMED_CARD_BYTES: f64 = 1_000.0;

/// Bytes of the buffers a table is written through (the CSV writer's and the output's).
pub const STREAM_BUFFERS: f64 = 200_000.0;

/// States of a sample of the move table made and written at a time.
const SAMPLE_PIECE: usize = 64;

/// Processor seconds per entry of N written (one number as text; a row's share of its solve
/// is in the solves' estimate): the first guess of [`fundamental_writing`] before a sample of
/// the rows is timed.
const FUNDAMENTAL_ENTRY_SECONDS: f64 = 1e-7;

/// Rows of N solved and written to time its writing.
const FUNDAMENTAL_SAMPLE_ROWS: usize = 16;

/// The move table of `board` (or its fundamental matrix, or its state graph), whatever its
/// game, in memory.
pub fn transitions(
    board: &crate::games::BoardSource,
    options: &TransitionsOptions,
    budget: &crate::budget::Budget,
) -> crate::Result<TransitionsAnswer> {
    let mut kept = Collect::default();
    ask(board, options, budget, &mut kept, false)?;
    kept.answer(&options.table)
}

/// [`transitions`] handed to `sink` piece by piece as it is made (one state's rows, one row of
/// N), for a writer whose memory is then bounded by the chain, not by its output. Estimated as
/// written so: the chain's memory and one state's, the time of making and writing it.
pub fn transitions_into(
    board: &crate::games::BoardSource,
    options: &TransitionsOptions,
    budget: &crate::budget::Budget,
    sink: &mut dyn TransitionsSink,
) -> crate::Result<()> {
    ask(board, options, budget, sink, true)
}

fn ask(
    board: &crate::games::BoardSource,
    options: &TransitionsOptions,
    budget: &crate::budget::Budget,
    sink: &mut dyn TransitionsSink,
    streamed: bool,
) -> crate::Result<()> {
    let asked = Asked {
        options,
        sink: std::cell::RefCell::new(sink),
        streamed,
    };
    crate::results::board::ask(board, &asked, budget)
}

/// Bytes at the peak of writing the move table (or the matrix) of `states` states and `cards`
/// kinds of card, beside the chain: every row's, kept in memory and then written (`streamed`
/// false), or one state's, written as it is made, however many states there are.
pub fn table_memory(table: &Table, json: bool, states: usize, cards: usize, streamed: bool) -> f64 {
    if streamed {
        return cards as f64 * STREAMED_CARD_BYTES + STREAM_BUFFERS;
    }
    let rows = (states * cards) as f64;
    let bytes = if json {
        JSON_ROW.0
    } else if *table == Table::Matrix {
        AGGREGATE_ROW.0
    } else {
        CSV_ROW.0
    };
    rows * bytes
}

/// The question [`transitions`] and [`transitions_into`] ask of a board.
struct Asked<'a, 's> {
    options: &'a TransitionsOptions,
    sink: std::cell::RefCell<&'s mut dyn TransitionsSink>,
    streamed: bool,
}

impl crate::results::board::Question for Asked<'_, '_> {
    type Answer = ();

    fn on<G: crate::games::Game>(
        &self,
        source: crate::games::Source<G>,
        b: &crate::budget::Budget,
    ) -> crate::Result<()> {
        let crate::results::board::Built { game, about, chain } =
            crate::results::board::build(&source, &self.options.variant, b)?;
        let name = about.board;
        let sink = &mut **self.sink.borrow_mut();
        let cards = chain.cards().len();
        let rows = (chain.len() * cards) as f64;
        match &self.options.table {
            Table::Graph => {
                b.memory(
                    "drawing the state graph",
                    rows * CSV_ROW.0,
                    "use a smaller board",
                )?;
                sink.graph(graph(&game, &chain, &name))
            }
            Table::Fundamental(from) => {
                let mut options = FundamentalOptions::all(*b).rows(from.clone());
                if self.streamed {
                    options = options.streamed();
                }
                let mut rows = Rows {
                    game: &game,
                    chain: &chain,
                    board: &name,
                    options: &options,
                    printer: self.options.printer.as_ref(),
                    budget: b,
                    sink: &mut *sink,
                };
                let bound = crate::solve::fundamental::fundamental_into(
                    &game, &chain, &name, &options, &mut rows,
                )
                .map_err(|e| match e {
                    crate::Error::Fundamental(FundamentalError::From(e)) => {
                        crate::results::options::bad_option("--from", e.to_string()).into()
                    }
                    other => other,
                })?;
                sink.end(Some(bound))
            }
            Table::Moves | Table::Matrix => {
                let json = self.options.written_as == Format::Json;
                let seconds = if json {
                    JSON_ROW.1
                } else if self.options.table == Table::Matrix {
                    AGGREGATE_ROW.1
                } else {
                    CSV_ROW.1
                };
                let what = format!("printing the move table ({rows:.0} rows)");
                let (kept, fix) = if self.streamed {
                    (crate::budget::Kept::Working, "use a smaller board")
                } else if json {
                    (
                        crate::budget::Kept::Kept,
                        "use a smaller board, or CSV (the default), which takes a sixth of the memory",
                    )
                } else {
                    (crate::budget::Kept::Kept, "use a smaller board")
                };
                let bytes =
                    table_memory(&self.options.table, json, chain.len(), cards, self.streamed);
                b.memory_kept(&what, bytes, kept, fix)?;
                let wrap = |t: Transitions| {
                    if self.options.table == Table::Matrix {
                        TransitionsAnswer::Matrix(t)
                    } else {
                        TransitionsAnswer::Moves(t)
                    }
                };
                let per_state = seconds * cards as f64;
                let estimate = crate::budget::sampled(chain.len(), per_state, |every| {
                    // In pieces of a few states, as the table is written: the sample takes no
                    // more memory than the writing.
                    let states: Vec<usize> = (0..chain.len()).step_by(every).collect();
                    for piece in states.chunks(SAMPLE_PIECE) {
                        let sample = wrap(table_of(&game, &chain, &name, piece.iter().copied()));
                        if let Some(printer) = &self.options.printer {
                            printer.print(&sample);
                        }
                    }
                });
                b.time(&what, estimate, fix)?;
                sink.table(&table::head_of(&chain, &name))?;
                for s in 0..chain.len() {
                    sink.state(state_rows(&game, &chain, s))?;
                }
                sink.end(None)
            }
        }
    }
}

/// N's rows on their way to a [`TransitionsSink`]; once N's solves are accepted, the time of
/// writing them is estimated from a sample of them written by the printer.
struct Rows<'a, G: crate::games::Game> {
    game: &'a G,
    chain: &'a crate::chain::Chain<G::State, G::Card>,
    board: &'a str,
    options: &'a FundamentalOptions,
    printer: Option<&'a Printer>,
    budget: &'a crate::budget::Budget,
    sink: &'a mut dyn TransitionsSink,
}

impl<G: crate::games::Game> FundamentalSink for Rows<'_, G> {
    type Error = crate::Error;

    fn accepted(&mut self, rows: usize) -> crate::Result<()> {
        let Some(printer) = self.printer else {
            return Ok(());
        };
        let n = self.chain.len();
        let seconds = fundamental_writing(rows, n, |every| {
            let sample = crate::solve::fundamental::fundamental(
                self.game,
                self.chain,
                self.board,
                &self.options.clone().sample(every),
            )?;
            let mut head_only = sample.clone();
            head_only.rows.clear();
            let timed = |answer: &TransitionsAnswer| {
                let started = crate::budget::clock::Instant::now();
                printer.print(answer);
                started.elapsed().as_secs_f64()
            };
            let head = timed(&TransitionsAnswer::Fundamental(head_only));
            let rows = sample.rows.len();
            let all = timed(&TransitionsAnswer::Fundamental(sample));
            Ok(((all - head).max(0.0), rows, head))
        })?;
        self.budget.time(
            &format!(
                "writing the fundamental matrix ({rows} rows of {n} states: up to {:.0} entries)",
                rows as f64 * n as f64
            ),
            seconds,
            "give only some rows with --from STATE",
        )?;
        Ok(())
    }

    fn head(&mut self, head: FundamentalHead) -> crate::Result<()> {
        self.sink.fundamental(head)
    }

    fn row(&mut self, row: FundamentalRow) -> crate::Result<()> {
        self.sink.fundamental_row(row)
    }
}

/// Seconds of writing `rows` rows of N over `n` states: a first guess from their entries; when
/// that matters, `sample(every)` solves and times the writing of every `every`-th row (the
/// seconds of its rows, how many, and the seconds of what is written once), scaled to all.
/// The entries are fewer than rows x n by how many states each row's cannot reach, which
/// only the rows themselves say.
fn fundamental_writing(
    rows: usize,
    n: usize,
    sample: impl FnOnce(usize) -> crate::Result<(f64, usize, f64)>,
) -> crate::Result<f64> {
    let rough = crate::budget::idle(rows as f64 * n as f64 * FUNDAMENTAL_ENTRY_SECONDS);
    if rough < 0.05 || rows == 0 {
        return Ok(rough);
    }
    let every = rows.div_ceil(FUNDAMENTAL_SAMPLE_ROWS).max(1);
    let (seconds, sampled, once) = sample(every)?;
    Ok(once + seconds * rows as f64 / sampled.max(1) as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_streamed_table_takes_the_same_memory_however_long_it_is() {
        for table in [Table::Moves, Table::Matrix] {
            for json in [false, true] {
                let small = table_memory(&table, json, 1_000, 6, true);
                let large = table_memory(&table, json, 10_000_000, 6, true);
                assert_eq!(small, large);
                assert!(large < 1e6, "{large}");
                // Kept in memory, the table grows with its rows.
                assert!(table_memory(&table, json, 10_000_000, 6, false) > 1e9);
            }
        }
        let n = 1_000_000;
        assert_eq!(
            crate::solve::fundamental::memory(n, 1, true),
            crate::solve::fundamental::memory(n, n, true)
        );
        assert!(crate::solve::fundamental::memory(n, n, true) < 1e9);
    }
}
