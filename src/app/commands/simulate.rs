//! `candyland simulate`: Monte Carlo games ([`crate::results::simulate`]), every length written
//! to a file when asked.

use crate::error::Result;

use crate::app::cli::SimulateArgs;
use crate::app::format::Form;
use crate::app::progress::Bars;
use crate::budget::Budget;
use crate::output::PendingFile;
use crate::results::simulate::{simulate, SimulateOptions};

pub(crate) fn run(args: &SimulateArgs, b: &Budget, form: Form) -> Result<String> {
    let options = SimulateOptions {
        variant: args.variant.to_variant(),
        games: args.games,
        seed: args.seed,
        deck: args.deck,
        players: args.players,
        max_turns: args.max_turns,
        keep_lengths: args.lengths.is_some(),
    };
    options.validate()?;
    let board = super::board(&args.board, super::policies::policy_flag(&args.variant))?;
    if let Some(text) = super::loops::simulate(args, &board, b, form)? {
        return Ok(text);
    }
    if let Some(text) = super::policies::simulate(args, &board, b, form)? {
        return Ok(text);
    }
    // The output is checked (its temporary created) before any work, so that a bad path fails
    // at once.
    let lengths_file = args
        .lengths
        .as_deref()
        .map(|p| PendingFile::create(p, "--lengths"))
        .transpose()?;
    let simulated = simulate(&board, &options, b, &Bars)?;
    if let Some(file) = lengths_file {
        file.commit(crate::output::lengths_file(&simulated.lengths).as_bytes())?;
    }
    form.render(&simulated)
}
