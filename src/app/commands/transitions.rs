//! `candyland transitions`: the complete move table, the fundamental matrix or the state graph
//! ([`crate::results::transitions`]), written as it is made ([`crate::output::write_transitions`]):
//! the only command whose output can be larger than memory.

use std::io::Write;

use crate::error::Result;

use crate::app::cli::TransitionsArgs;
use crate::app::format::Form;
use crate::budget::Budget;
use crate::results::transitions::{Table, TransitionsOptions};

pub(crate) fn run(
    args: &TransitionsArgs,
    b: &Budget,
    form: Form,
    out: &mut dyn Write,
) -> Result<()> {
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
        // The writer times a sample of its own writing.
        printer: None,
    };
    let board = super::board(&args.board, None)?;
    crate::output::write_transitions(&board, &options, b, out)
}
