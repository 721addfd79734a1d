//! Mistakes a user can make, each with a message that says what to fix.
//!
//! Anything that is the user's to correct (a board file, a flag, a path) is a [`UserError`];
//! anything else is a bug or an I/O failure. The command-line layer (`app::exit_code`) is
//! the one place that turns errors into exit codes (2 and 1).

use std::path::PathBuf;

use crate::input::problems::InvalidBoard;

/// An error in the user's input.
#[derive(Debug, thiserror::Error)]
pub enum UserError {
    /// The board named on the command line is neither a shipped board nor a file.
    #[error(
        "no shipped board is called '{name}'{suggestion}, and no file has that name; shipped boards: {shipped}. Give one of those names or the path of a board file (see `candyland help format`)"
    )]
    UnknownBoard {
        /// The name or path as given.
        name: String,
        /// " (did you mean 'X'?)" for a near miss of a shipped name, else "".
        suggestion: String,
        /// The shipped board names, comma-separated.
        shipped: String,
    },

    /// A name that should be a shipped board's is not.
    #[error("no shipped board is called '{name}'{suggestion}; shipped boards: {shipped}")]
    UnknownShipped {
        /// The name as given.
        name: String,
        /// " (did you mean 'X'?)" for a near miss, else "".
        suggestion: String,
        /// The shipped board names, comma-separated.
        shipped: String,
    },

    /// The board argument is a path (not a shipped board's name) and no file is there.
    #[error("board file '{}' not found; check the path (a shipped board is named without a path or .toml, e.g. `candy-land-1984`; `candyland boards` lists them)", path.display())]
    BoardFileNotFound {
        /// The path as given.
        path: PathBuf,
    },

    /// The board path names a directory.
    #[error("'{}' is a directory; give the path of a board file (.toml)", path.display())]
    BoardIsDirectory {
        /// The path as given.
        path: PathBuf,
    },

    /// The board file is not valid TOML, or does not match the board file schema.
    #[error("{file}: not a valid board file: {message}See `candyland help format` for the format")]
    BoardSyntax {
        /// How messages name the file: its path, or "NAME (shipped board)".
        file: String,
        /// The TOML parser's message (each line cut to 200 characters).
        message: String,
    },

    /// The board file parses but fails validation.
    #[error("{file}: invalid board:\n{problems}\nSee `candyland help format` for the format")]
    InvalidBoard {
        /// How messages name the file: its path, or "NAME (shipped board)".
        file: String,
        /// Every problem found, each with its field.
        problems: InvalidBoard,
    },

    /// The board is valid, but cannot answer what was asked of it (its games never end, or
    /// it is a board of another game than the one needed).
    #[error("{board}: {message}")]
    Board {
        /// How messages name the board: its path, or "NAME (shipped board)", or its name.
        board: String,
        /// What is wrong and what to do about it.
        message: String,
    },

    /// A command-line flag or argument, or the library option it stands for, has a value that
    /// cannot be used (named as the command line spells it, which is how the library's options
    /// name themselves in messages).
    #[error("{flag}: {message}")]
    BadFlag {
        /// The flag as the user wrote it (e.g. `--players`), or the argument's name (`BOARD`).
        flag: String,
        /// What is wrong and what to do about it.
        message: String,
    },

    /// Flags (`--without` elements or rule flags) that the board's game does not take: each
    /// line names the flag, which games take it and which flags this board takes.
    #[error("{lines}")]
    FlagsNotForBoard {
        /// One line per flag.
        lines: String,
    },

    /// A data file (e.g. game lengths to check) holds a value that cannot be used.
    #[error("{file}{}: {message}", if *line > 0 { format!(", line {line}") } else { String::new() })]
    BadDataFile {
        /// How messages name the input: its path, or "standard input".
        file: String,
        /// 1-based; 0 when the problem is the file as a whole.
        line: usize,
        /// What is wrong and what to do about it.
        message: String,
    },
}

impl UserError {
    /// No simulated game finished within the turn limit: the board's games are too long to
    /// simulate.
    pub fn unfinished_games(board: &str, games: u64, max_turns: u32) -> UserError {
        UserError::Board {
            board: board.into(),
            message: format!(
                "none of the {games} simulated games finished within {max_turns} turns: this board's games are too long to simulate"
            ),
        }
    }
}
