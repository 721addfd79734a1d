//! `candyland passage`: the first time a token reaches a target, and the chance that it ever
//! does ([`crate::solve::passage`]); `--every` for every target of the board at once.

use anyhow::Result;

use crate::app::cli::PassageArgs;
use crate::budget::Budget;
use crate::games::Game;
use crate::games::Source;
use crate::input::UserError;
use crate::output::{self, Layout};
use crate::solve::passage::{every, passage, ExactMode, PassageError, PassageOptions};

use super::{bad_flag, json};

pub(crate) fn run(args: &PassageArgs, b: &Budget, layout: Layout) -> Result<String> {
    super::on_board(&args.board, args, b, layout)
}

/// The options the flags ask for, checked.
fn options(args: &PassageArgs, b: &Budget) -> Result<PassageOptions, PassageError> {
    let mut o = PassageOptions::new(args.to.clone())?
        .players(args.players, args.seat)?
        .distribution(args.tolerance, args.max_turns)?
        .exact_mode(if args.no_exact {
            ExactMode::Never
        } else if args.exact {
            ExactMode::Always
        } else {
            ExactMode::Auto
        })
        .budget(*b);
    if let Some(from) = &args.from {
        o = o.from_state(from.clone());
    }
    if args.moments_only {
        o = o.moments_only();
    }
    Ok(o)
}

/// A target or option the user gave that names nothing: exit 2, naming the flag.
fn flag_error(e: PassageError) -> anyhow::Error {
    match e {
        PassageError::Target { index, source } => {
            let flag = if index == 0 {
                "--to".to_string()
            } else {
                format!("--to (the {} one)", ordinal(index + 1))
            };
            UserError::BadFlag {
                flag,
                message: source.to_string(),
            }
            .into()
        }
        PassageError::From(e) => bad_flag("--from", e.to_string()).into(),
        PassageError::Option { option, message } => bad_flag(option, message).into(),
        other => other.into(),
    }
}

fn ordinal(n: usize) -> String {
    match n {
        2 => "second".into(),
        3 => "third".into(),
        n => format!("{n}th"),
    }
}

impl super::BoardCommand for PassageArgs {
    fn run_on<G: Game>(&self, source: Source<G>, b: &Budget, layout: Layout) -> Result<String> {
        let args = self;
        let variant = args.variant.to_variant();
        let super::Built { game, about, chain } = super::build(&source, &variant, b)?;
        if args.every {
            let chances =
                every(&game, &chain, &about, args.from.as_deref(), b).map_err(flag_error)?;
            return Ok(if args.json {
                json("passage", &chances)?
            } else if args.csv {
                output::every_csv(&chances)?
            } else {
                output::every_table(&chances, layout)
            });
        }
        let o = options(args, b).map_err(flag_error)?;
        let p = passage(&game, &chain, &about, &o).map_err(flag_error)?;
        Ok(if args.json {
            json("passage", &p)?
        } else if args.csv {
            output::passage_csv(&p)?
        } else {
            output::passage_table(&p, layout)
        })
    }
}
