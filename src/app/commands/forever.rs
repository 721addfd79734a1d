//! `candyland forever`: can the game run forever ([`crate::results::forever`]), with fixed deck
//! orders read and written.

use crate::error::Result;

use crate::app::cli::ForeverArgs;
use crate::app::format::Form;
use crate::budget::Budget;
use crate::output::{witness_file, PendingFile};
use crate::results::forever::{forever, DeckOrder, ForeverOptions};

pub(crate) fn run(args: &ForeverArgs, b: &Budget, form: Form) -> Result<String> {
    let mut options = ForeverOptions {
        variant: args.variant.to_variant(),
        players: args.players,
        deck_order: None,
        orders: args.orders,
        seed: args.seed,
        witness: args.witness.is_some(),
    };
    options.validate()?;
    let board = super::board(&args.board, None)?;
    // The deck order is read and the witness's file checked (its temporary created) before
    // any work: a bad path fails at once, and the witness cannot replace the order read.
    if let Some(path) = &args.deck_order {
        options.deck_order = Some(DeckOrder {
            file: path.display().to_string(),
            text: crate::input::files::read_text(
                path,
                "a deck order (one card per line)",
                crate::input::files::MAX_ORDER_BYTES,
            )?,
        });
    }
    let witness = args
        .witness
        .as_deref()
        .map(|p| PendingFile::create(p, "--witness"))
        .transpose()?;
    let report = forever(&board, &options, b)?;
    if let Some(file) = witness {
        let found_by = format!(
            "candyland forever {} --orders {} --seed {}",
            args.board, args.orders, args.seed
        );
        // `forever` refuses a witness wanted and not found.
        if let Some(text) = witness_file(&report, &found_by) {
            file.commit(text.as_bytes())?;
        }
    }
    form.render(&report)
}
