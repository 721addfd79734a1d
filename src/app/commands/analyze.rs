//! `candyland analyze`: exact one-player figures ([`crate::results::analyze`]).

use crate::error::Result;

use crate::app::cli::AnalyzeArgs;
use crate::app::format::Form;
use crate::budget::Budget;
use crate::results::analyze::{analyze, AnalyzeOptions, Wanted};

pub(crate) fn run(args: &AnalyzeArgs, b: &Budget, form: Form) -> Result<String> {
    let options = AnalyzeOptions {
        variant: args.variant.to_variant(),
        wanted: if args.pgf {
            Wanted::Pgf
        } else if args.moments_only {
            Wanted::MomentsOnly
        } else {
            Wanted::Figures
        },
        tolerance: args.tolerance,
        max_turns: args.max_turns,
        // The exact fraction is computed only where it is shown.
        exact: !args.no_exact && (args.exact || form.json()),
    };
    options.validate()?;
    let board = super::board(&args.board, super::policies::policy_flag(&args.variant))?;
    if let Some(text) = super::loops::analyze(args, &board, b, form)? {
        return Ok(text);
    }
    if let Some(text) = super::policies::analyze(args, &board, b, form)? {
        return Ok(text);
    }
    form.render(&analyze(&board, &options, b)?)
}
