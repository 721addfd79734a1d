//! `transitions`: the move table as CSV, made to load in one line in pandas or R: numeric
//! probabilities beside the exact fractions, the finish as a state id of its own (the number of
//! transient states), no column named like a reserved word (R's `read.csv` renames `next`).
//!
//! The tables are written as they are made ([`write_transitions`]): a large board's table is
//! many times its chain (1.35 GB of CSV for the matrix of a 10^6-space board), so each state's
//! rows (each row of N) become bytes and leave, and memory is bounded by the chain. An answer
//! kept in memory is written by the same writer ([`replay`]), so the two are the same bytes.

use std::io::Write;

use super::json_stream::JsonStream;
use crate::results::transitions::{
    aggregate_state, finish_entry, replay, MatrixEntry, Printer, StateGraph, Table, TableHead,
    TransitionRow, TransitionsAnswer, TransitionsOptions, TransitionsSink,
};
use crate::results::Format;
use crate::solve::fundamental::{FundamentalHead, FundamentalRow};

const MOVES_HEADER: [&str; 9] = [
    "from",
    "from_name",
    "card",
    "count",
    "p",
    "p_exact",
    "to",
    "to_name",
    "events",
];

const MATRIX_HEADER: [&str; 7] = [
    "from",
    "from_name",
    "to",
    "to_name",
    "count",
    "p",
    "p_exact",
];

/// Where the bytes go: CSV through its writer, JSON (once opened) and DOT straight.
enum Out<W: Write> {
    Csv(Box<csv::Writer<W>>),
    Raw(W, Option<JsonStream>),
}

/// Writes a [`TransitionsSink`]'s pieces as CSV or JSON as they come (the state graph as DOT).
pub struct TransitionsWriter<W: Write> {
    out: Out<W>,
    /// Each state's rows are merged into the transition matrix's entries.
    matrix: bool,
    /// The move table's head, for the finish's entry at the end.
    head: Option<TableHead>,
    /// N's solver, written after its rows.
    solver: String,
}

impl<W: Write> TransitionsWriter<W> {
    /// A writer of `table` as `format` (text is CSV, as the tables have no other text; the
    /// state graph is DOT whatever the format).
    pub fn new(out: W, format: Format, table: &Table) -> TransitionsWriter<W> {
        TransitionsWriter {
            out: if format == Format::Json || *table == Table::Graph {
                Out::Raw(out, None)
            } else {
                Out::Csv(Box::new(csv::Writer::from_writer(out)))
            },
            matrix: *table == Table::Matrix,
            head: None,
            solver: String::new(),
        }
    }

    /// The writer the bytes go to, all of them written to it.
    pub fn into_inner(self) -> crate::Result<W> {
        match self.out {
            Out::Csv(w) => w.into_inner().map_err(|e| e.into_error().into()),
            Out::Raw(w, _) => Ok(w),
        }
    }

    fn entry(&mut self, e: &MatrixEntry) -> crate::Result<()> {
        match &mut self.out {
            Out::Csv(w) => super::csv_cells::record(
                w,
                [
                    e.from.state.to_string(),
                    e.from.name.clone(),
                    e.to.state.to_string(),
                    e.to.name.clone(),
                    e.count.to_string(),
                    e.p.to_string(),
                    e.p_exact.to_string(),
                ],
            )?,
            Out::Raw(w, Some(doc)) => doc.item(w, e)?,
            Out::Raw(_, None) => return Err(no_head()),
        }
        Ok(())
    }

    fn row(&mut self, r: &TransitionRow) -> crate::Result<()> {
        match &mut self.out {
            Out::Csv(w) => super::csv_cells::record(
                w,
                [
                    r.from.state.to_string(),
                    r.from.name.clone(),
                    r.card.clone(),
                    r.count.to_string(),
                    r.p.to_string(),
                    format!("{}/{}", r.p_exact.num, r.p_exact.den),
                    r.to.state.to_string(),
                    r.to.name.clone(),
                    r.events.join(" "),
                ],
            )?,
            Out::Raw(w, Some(doc)) => doc.item(w, r)?,
            Out::Raw(_, None) => return Err(no_head()),
        }
        Ok(())
    }
}

/// A piece written before the head: a bug of the caller.
fn no_head() -> crate::Error {
    crate::Error::internal("a row of the table came before its head")
}

impl<W: Write> TransitionsSink for TransitionsWriter<W> {
    fn table(&mut self, head: &TableHead) -> crate::Result<()> {
        match &mut self.out {
            Out::Csv(w) if self.matrix => w.write_record(MATRIX_HEADER)?,
            Out::Csv(w) => w.write_record(MOVES_HEADER)?,
            Out::Raw(w, doc) => {
                let mut d = JsonStream::open(w, "transitions")?;
                d.field(w, "board", &head.board)?;
                d.field(w, "denominator", &head.denominator)?;
                d.field(w, "start", &head.start)?;
                d.field(w, "finish", &head.finish)?;
                d.open_list(w, if self.matrix { "matrix" } else { "rows" })?;
                *doc = Some(d);
            }
        }
        self.head = Some(head.clone());
        Ok(())
    }

    fn state(&mut self, rows: Vec<TransitionRow>) -> crate::Result<()> {
        if self.matrix {
            let d = self.head.as_ref().ok_or_else(no_head)?.denominator;
            for e in aggregate_state(&rows, d) {
                self.entry(&e)?;
            }
        } else {
            for r in &rows {
                self.row(r)?;
            }
        }
        Ok(())
    }

    fn fundamental(&mut self, head: FundamentalHead) -> crate::Result<()> {
        match &mut self.out {
            Out::Csv(w) if head.dense => {
                let mut header = vec!["from".to_string()];
                header.extend((0..head.states).map(|j| j.to_string()));
                w.write_record(&header)?;
            }
            Out::Csv(w) => w.write_record(["from", "to", "visits"])?,
            Out::Raw(w, doc) => {
                let mut d = JsonStream::open(w, "transitions")?;
                d.field(w, "board", &head.board)?;
                d.field(w, "states", &head.states)?;
                d.field(w, "start", &head.start)?;
                d.field(w, "names", &head.names)?;
                d.field(w, "dense", &head.dense)?;
                d.open_list(w, "rows")?;
                *doc = Some(d);
            }
        }
        self.solver = head.solver;
        Ok(())
    }

    fn fundamental_row(&mut self, r: FundamentalRow) -> crate::Result<()> {
        match &mut self.out {
            Out::Csv(w) => match &r.to {
                None => {
                    let mut rec = vec![r.from.to_string()];
                    rec.extend(r.visits.iter().map(|v| v.to_string()));
                    w.write_record(&rec)?;
                }
                Some(to) => {
                    let from = r.from.to_string();
                    for (j, v) in to.iter().zip(&r.visits) {
                        w.write_record([from.as_str(), &j.to_string(), &v.to_string()])?;
                    }
                }
            },
            Out::Raw(w, Some(doc)) => doc.item(w, &r)?,
            Out::Raw(_, None) => return Err(no_head()),
        }
        Ok(())
    }

    fn graph(&mut self, graph: StateGraph) -> crate::Result<()> {
        let text = super::dot::dot(&graph);
        match &mut self.out {
            Out::Raw(w, _) => w.write_all(text.as_bytes())?,
            Out::Csv(_) => {
                return Err(crate::Error::internal(
                    "the state graph came to a writer of a table",
                ))
            }
        }
        Ok(())
    }

    fn end(&mut self, error_bound: Option<f64>) -> crate::Result<()> {
        if self.matrix && error_bound.is_none() {
            let finish = finish_entry(self.head.as_ref().ok_or_else(no_head)?);
            self.entry(&finish)?;
        }
        match &mut self.out {
            Out::Csv(w) => w.flush()?,
            Out::Raw(w, doc) => {
                let mut d = doc.take().ok_or_else(no_head)?;
                d.close_list(w)?;
                if let Some(bound) = error_bound {
                    d.field(w, "error_bound", &bound)?;
                    d.field(w, "solver", &self.solver)?;
                }
                d.close(w)?;
                w.flush()?;
            }
        }
        Ok(())
    }
}

/// `transitions` of `board` written to `out` as it is made, as `options.written_as` asks (CSV
/// unless JSON; the state graph in DOT): memory is bounded by the chain, not by the output,
/// and the estimate of the time includes the writing (a sample written to nowhere, timed).
/// Identical to [`crate::results::transitions::transitions`]'s answer rendered. An error of
/// `out` (a closed pipe) ends the writing and is returned as [`crate::Error::Io`].
pub fn write_transitions(
    board: &crate::games::BoardSource,
    options: &TransitionsOptions,
    budget: &crate::budget::Budget,
    out: &mut dyn Write,
) -> crate::Result<()> {
    let format = options.written_as;
    let table = options.table.clone();
    let timed = TransitionsOptions {
        printer: Some(Printer::new(move |sample| {
            let mut nowhere = TransitionsWriter::new(std::io::sink(), format, &table);
            let _ = replay(sample, &mut nowhere);
        })),
        ..options.clone()
    };
    let buffered = std::io::BufWriter::with_capacity(1 << 16, out);
    let mut writer = TransitionsWriter::new(buffered, format, &options.table);
    crate::results::transitions::transitions_into(board, &timed, budget, &mut writer)?;
    writer.into_inner()?.flush()?;
    Ok(())
}

/// An answer kept in memory, written as [`write_transitions`] writes it.
fn written(answer: &TransitionsAnswer, format: Format, table: &Table) -> crate::Result<String> {
    let mut w = TransitionsWriter::new(Vec::new(), format, table);
    replay(answer, &mut w)?;
    Ok(String::from_utf8(w.into_inner()?)?)
}

/// The table an answer is.
fn table_of(answer: &TransitionsAnswer) -> Table {
    match answer {
        TransitionsAnswer::Moves(_) => Table::Moves,
        TransitionsAnswer::Matrix(_) => Table::Matrix,
        TransitionsAnswer::Fundamental(_) => Table::Fundamental(Vec::new()),
        TransitionsAnswer::Graph(_) => Table::Graph,
    }
}

impl super::Render for TransitionsAnswer {
    /// The tables are CSV, the state graph DOT.
    fn text(&self, _: super::Layout) -> String {
        match self {
            TransitionsAnswer::Graph(g) => super::dot::dot(g),
            _ => match self.csv() {
                Some(Ok(csv)) => csv,
                // Writing CSV to memory does not fail.
                _ => String::new(),
            },
        }
    }

    fn json(&self) -> Option<crate::Result<String>> {
        match self {
            TransitionsAnswer::Graph(_) => None,
            _ => super::render::json("transitions", self),
        }
    }

    fn csv(&self) -> Option<crate::Result<String>> {
        match self {
            TransitionsAnswer::Graph(_) => None,
            _ => Some(written(self, Format::Csv, &table_of(self))),
        }
    }
}
