//! `candyland transitions`: the complete move table, the fundamental matrix or the state graph
//! ([`crate::results::transitions`]).

use crate::error::Result;

use crate::app::cli::TransitionsArgs;
use crate::app::format::Form;
use crate::budget::Budget;
use crate::results::transitions::{transitions, Printer, Table, TransitionsOptions};

pub(crate) fn run(args: &TransitionsArgs, b: &Budget, form: Form) -> Result<String> {
    let options = TransitionsOptions {
        variant: args.variant.to_variant(),
        table: if args.dot {
            Table::Graph
        } else if args.fundamental {
            Table::Fundamental(args.from.clone())
        } else if args.aggregate {
            Table::Matrix
        } else {
            Table::Moves
        },
        written_as: form.format,
        printer: Some(Printer::new(move |answer| {
            let _ = form.render(answer);
        })),
    };
    let board = super::board(&args.board, None)?;
    form.render(&transitions(&board, &options, b)?)
}
