//! Problems found in a board file, and the limits every game's validation shares.
//!
//! Validation collects *all* problems with the field each concerns, so a user fixes a file in
//! one pass: [`Problems`] is the collector, [`InvalidBoard`] the error it becomes.

use std::fmt;

/// The largest board accepted: indices are stored as `u32`.
pub const MAX_SPACES: usize = 10_000_000;
/// The largest deck accepted: the shuffled-deck simulator holds every card.
pub const MAX_CARDS: u64 = 1_000_000;

/// One thing wrong with a board file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardProblem {
    /// The TOML path of the offending field, e.g. `board.spaces[2]`.
    pub field: String,
    /// What is wrong and what to do about it.
    pub message: String,
}

/// Every problem found in one board file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidBoard {
    /// The problems in the order they were found; never empty.
    pub problems: Vec<BoardProblem>,
}

impl fmt::Display for InvalidBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{}: {}", p.field, p.message)?;
        }
        Ok(())
    }
}

impl std::error::Error for InvalidBoard {}

/// Collects problems while checking.
#[derive(Default)]
pub(crate) struct Problems(Vec<BoardProblem>);

impl Problems {
    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub(crate) fn into_invalid(self) -> InvalidBoard {
        InvalidBoard { problems: self.0 }
    }

    pub(crate) fn add(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.0.push(BoardProblem {
            field: field.into(),
            message: message.into(),
        });
    }

    /// Checks that a name is one line of plain text, short enough to print: names are shown
    /// on terminals and in file headers, so control characters (a line feed, an escape
    /// sequence) are refused, not printed.
    pub(crate) fn plain_name(&mut self, field: &str, name: &str) {
        if let Some(c) = name
            .chars()
            .find(|&c| c == '\n' || c == '\t' || crate::output::terminal::is_unsafe(c))
        {
            self.add(
                field,
                format!(
                    "contains the control character U+{:04X}; use plain text on one line",
                    c as u32
                ),
            );
        }
        let chars = name.chars().count();
        if chars > MAX_NAME_CHARS {
            self.add(
                field,
                format!("is {chars} characters long; use at most {MAX_NAME_CHARS}"),
            );
        }
    }
}

/// The longest name accepted (the board's, a space's).
pub const MAX_NAME_CHARS: usize = 200;
