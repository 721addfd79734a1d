//! `candyland check`: another simulator's lengths (or a published summary of them) against the
//! exact answer and every hypothesis searched ([`crate::results::check`]).

use crate::error::Result;

use crate::app::cli::CheckArgs;
use crate::app::format::Form;
use crate::app::progress::Bars;
use crate::budget::Budget;
use crate::results::check::{check, CheckData, CheckOptions};
use crate::sim::DeckMode;

pub(crate) fn run(args: &CheckArgs, b: &Budget, form: Form) -> Result<String> {
    let options = CheckOptions {
        variant: args.variant.to_variant(),
        players: args.players,
        deck: args.deck.unwrap_or(DeckMode::Iid),
        named: args.board.is_some()
            || args.deck.is_some()
            || !args.variant.to_variant().is_default()
            || args.variant.policy.is_some(),
        vary: args.vary.clone(),
        fix: args.fix.clone(),
        level: args.level,
        reference_games: args.reference_games,
        seed: args.seed,
        rank: !args.no_rank,
        policy: args.variant.policy.clone(),
        cap: args.variant.carrot_cap,
    };
    options.validate()?;
    if let Some(spec) = &args.board {
        let board = super::board(spec, None)?;
        if let Some(text) = super::loops::check(args, &board, b, form)? {
            return Ok(text);
        }
    }
    let data = match &args.summary {
        Some(text) => CheckData::Summary(text.clone()),
        None => CheckData::File {
            path: args.lengths.clone().unwrap_or_else(|| "-".into()),
            column: args.column.clone(),
            winner_column: args.winner_column.clone(),
        },
    };
    let spec = args
        .board
        .as_deref()
        .unwrap_or(crate::games::shipped::DEFAULT_BOARD);
    let board = super::board(spec, None)?;
    form.render(&check(&board, &data, &options, b, &Bars)?)
}
