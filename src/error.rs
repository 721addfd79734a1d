//! Mistakes a user can make, each with a message that says what to fix.
//!
//! Anything that is the user's to correct (a board file, a flag, a path) is a [`UserError`] and
//! exits with code 2; anything else is a bug or an I/O failure and exits with code 1. `main` is
//! the one place that turns errors into exit codes.

use std::path::PathBuf;

use crate::model::InvalidBoard;

/// An error in the user's input.
#[derive(Debug, thiserror::Error)]
pub enum UserError {
    #[error(
        "no shipped board is called '{name}' and there is no file at that path; shipped boards: {shipped}. Give one of those names or the path of a board file (see data/boards/FORMAT.md)"
    )]
    UnknownBoard { name: String, shipped: String },

    #[error("'{}' is a directory; give the path of a board file (.toml)", path.display())]
    BoardIsDirectory { path: PathBuf },

    #[error("{file}: not a valid board file: {message}See data/boards/FORMAT.md for the format")]
    BoardSyntax { file: String, message: String },

    #[error("{file}: invalid board:\n{problems}\nSee data/boards/FORMAT.md for the format")]
    InvalidBoard {
        file: String,
        problems: InvalidBoard,
    },

    #[error("{flag}: {message}")]
    BadFlag { flag: String, message: String },

    #[error("{file}{}: {message}", if *line > 0 { format!(", line {line}") } else { String::new() })]
    BadDataFile {
        file: String,
        /// 1-based; 0 when the problem is the file as a whole.
        line: usize,
        message: String,
    },
}

impl UserError {
    /// The process exit code for user errors.
    pub const EXIT_CODE: u8 = 2;

    /// No simulated game finished within the turn limit: the board's games are too long to
    /// simulate.
    pub fn unfinished_games(games: u64) -> UserError {
        UserError::BadFlag {
            flag: "BOARD".into(),
            message: format!(
                "none of the {games} simulated games finished within {} turns: this board's games are too long to simulate",
                crate::crosscheck::MAX_TURNS
            ),
        }
    }
}

/// The exit code for an error: 2 for anything the user can fix (a [`UserError`], and the
/// library's errors about the input: a board with no finite answer, work over the budget),
/// 1 for the rest (I/O failures, bugs). The one place that decides.
pub fn exit_code(e: &anyhow::Error) -> u8 {
    let users = e.chain().any(|cause| {
        cause.is::<UserError>()
            || cause.is::<crate::solve::SolveError>()
            || cause.is::<crate::budget::OverBudget>()
            || cause.is::<crate::solve::spaces::SpacesError>()
            || cause.is::<crate::whatif::WhatIfError>()
    });
    if users {
        UserError::EXIT_CODE
    } else {
        1
    }
}
