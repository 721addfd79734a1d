//! `candyland best`: the best play alone on a board of a game with decisions
//! ([`crate::results::best`]); with `--out`, the board file with it as a policy table.

use crate::error::Result;

use super::bad_flag;
use super::policies::{options, policy_flag};
use crate::app::cli::BestArgs;
use crate::app::format::Form;
use crate::budget::Budget;
use crate::games::{with_policy_game, BoardSource, PolicyGame, PolicyVisitor};
use crate::input::error::UserError;
use crate::output::PendingFile;
use crate::results::best::{best, BestOptions};

pub(crate) fn run(args: &BestArgs, b: &Budget, form: Form) -> Result<String> {
    let source = super::board(&args.board, policy_flag(&args.variant))?;
    struct Best<'a>(&'a BestArgs, &'a BoardSource, &'a Budget, Form);
    impl PolicyVisitor for Best<'_> {
        type Output = Result<String>;
        fn visit<P: PolicyGame>(self) -> Result<String> {
            let Best(args, source, b, form) = self;
            check_name(&args.name)?;
            // The output is checked (its temporary created) before the solve.
            let file = args
                .out
                .as_deref()
                .map(|path| PendingFile::create(path, "--out"))
                .transpose()?;
            let answer = best::<P>(
                source,
                &BestOptions {
                    policies: options(&args.variant),
                    name: args.name.clone(),
                    tolerance: args.tolerance,
                    max_turns: args.max_turns,
                },
                b,
            )?;
            if let Some(file) = file {
                file.commit(answer.board_text.as_bytes())?;
            }
            form.render(&answer)
        }
    }
    match with_policy_game(&source, Best(args, &source, b, form))? {
        Some(answer) => answer,
        None => Err(UserError::Board {
            board: source.label.clone(),
            message: format!(
                "is a {} board, a race without decisions: best play applies to games where a player chooses its moves ({}); use analyze",
                source.kind()?,
                crate::games::policy_titles()
            ),
        }
        .into()),
    }
}

/// A policy's name as the board file allows it: letters, digits, '-' and '_'.
fn check_name(name: &str) -> Result<(), UserError> {
    let ok = !name.is_empty()
        && name.len() <= 40
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if ok {
        Ok(())
    } else {
        Err(bad_flag(
            "--name",
            "a policy's name is 1 to 40 letters, digits, '-' and '_'",
        ))
    }
}
