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

    #[error("could not read board file '{}': {source}; check the path and its permissions", path.display())]
    UnreadableBoard {
        path: PathBuf,
        source: std::io::Error,
    },

    #[error("could not read board file '{}': it is not UTF-8 text; save it as UTF-8 (a board file is TOML)", path.display())]
    BoardNotText { path: PathBuf },

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
}
