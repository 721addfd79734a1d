//! `candyland passage`: the first time a token reaches a target, and the chance that it ever
//! does ([`crate::results::passage`]); `--every` for every target of the board at once.

use crate::error::Result;

use crate::app::cli::PassageArgs;
use crate::app::format::Form;
use crate::budget::Budget;
use crate::results::passage::{flag_error, passage, PassageAsked, PassageQuestion};
use crate::solve::passage::{ExactMode, PassageError, PassageOptions};

/// The options the flags ask for, checked.
fn options(args: &PassageArgs) -> Result<PassageOptions, PassageError> {
    let mut o = PassageOptions::new(args.to.clone())?
        .players(args.players, args.seat)?
        .distribution(args.tolerance, args.max_turns)?
        .exact_mode(if args.no_exact {
            ExactMode::Never
        } else if args.exact {
            ExactMode::Always
        } else {
            ExactMode::Auto
        });
    if let Some(from) = &args.from {
        o = o.from_state(from.clone());
    }
    if args.moments_only {
        o = o.moments_only();
    }
    Ok(o)
}

pub(crate) fn run(args: &PassageArgs, b: &Budget, form: Form) -> Result<String> {
    let board = super::board(&args.board, None)?;
    if let Some(text) = super::loops::passage(args, &board, b, form)? {
        return Ok(text);
    }
    let question = if args.every {
        PassageQuestion::Every {
            from: args.from.clone(),
        }
    } else {
        PassageQuestion::To(options(args).map_err(flag_error)?)
    };
    let asked = PassageAsked {
        variant: args.variant.to_variant(),
        question,
    };
    form.render(&passage(&board, &asked, b)?)
}
