//! `passage`: the first time a token reaches a target, and the chance that it ever does
//! ([`crate::solve::passage`]); or every target of the board at once.

use crate::error::Result;
use serde::{Serialize, Serializer};

use crate::budget::Budget;
use crate::games::{BoardSource, Game, Source, Variant};
use crate::input::error::UserError;
use crate::results::board::{ask, build, Built, Question};
use crate::results::options::bad_option;
use crate::solve::passage::{every, HittingChances, Passage, PassageError, PassageOptions};

/// What [`passage`] is asked.
#[derive(Debug, Clone, PartialEq)]
pub enum PassageQuestion {
    /// The first passage to one target (its budget is the one [`passage`] is given).
    To(PassageOptions),
    /// The chance of reaching every target of the board, from the start or from a state.
    Every {
        /// The state to start from (`start`, a space number or a state's name); `None`: the
        /// start.
        from: Option<String>,
    },
}

/// The options of [`passage`].
#[derive(Debug, Clone, PartialEq)]
pub struct PassageAsked {
    /// Changes to the board file (`--without`, rule overrides).
    pub variant: Variant,
    /// What is asked.
    pub question: PassageQuestion,
}

/// The answer of [`passage`]. Its JSON is the inner struct's, one of the shapes of
/// `schemas/passage.schema.json`.
// One answer per question, moved once: its size does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum PassageAnswer {
    /// The first passage to one target.
    To(Passage),
    /// Every target's chance.
    Every(HittingChances),
}

impl Serialize for PassageAnswer {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            PassageAnswer::To(p) => p.serialize(s),
            PassageAnswer::Every(c) => c.serialize(s),
        }
    }
}

/// The first passage on `board`, whatever its game.
pub fn passage(
    board: &BoardSource,
    asked: &PassageAsked,
    budget: &Budget,
) -> Result<PassageAnswer> {
    ask(board, asked, budget)
}

impl Question for PassageAsked {
    type Answer = PassageAnswer;

    fn on<G: Game>(&self, source: Source<G>, b: &Budget) -> Result<PassageAnswer> {
        let Built { game, about, chain } = build(&source, &self.variant, b)?;
        Ok(match &self.question {
            PassageQuestion::Every { from } => PassageAnswer::Every(
                every(&game, &chain, &about, from.as_deref(), b).map_err(flag_error)?,
            ),
            PassageQuestion::To(options) => {
                let options = options.clone().budget(*b);
                PassageAnswer::To(
                    crate::solve::passage::passage(&game, &chain, &about, &options)
                        .map_err(flag_error)?,
                )
            }
        })
    }
}

/// A target or option that names nothing, as an error naming the option as the command line
/// spells it (`--to`, `--from`, ...); other errors as they are.
pub fn flag_error(e: PassageError) -> crate::Error {
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
        PassageError::From(e) => bad_option("--from", e.to_string()).into(),
        PassageError::Option { option, message } => bad_option(option, message).into(),
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
