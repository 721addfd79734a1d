//! The library's one error type.
//!
//! Each stage keeps its own precise error (a board file's problems, a solve that has no finite
//! answer, work over the budget); every one converts into [`Error`] with `?`, so a question
//! function returns one type whatever went wrong below it. A caller (the command line among
//! them) decides what to do by [`Error::kind`], a `match` with nothing left out: no list of
//! types to downcast to, and no exit code in the library.
//!
//! It is a stage of its own, after the simulator and before `check`: it names the errors of
//! the stages before it, and the stages after it return it. (A later stage's own error
//! converts where it is defined, e.g. `results::whatif`.)

use std::io;

use crate::budget::{OverBudget, Resource};
use crate::input::error::UserError;
use crate::solve::fundamental::FundamentalError;
use crate::solve::passage::PassageError;
use crate::solve::pgf::PgfError;
use crate::solve::spaces::SpacesError;

/// A [`std::result::Result`] whose error is the library's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Why a question has no answer.
///
/// ```
/// use candyland::{analyze, AnalyzeOptions, BoardSource, Budget, ErrorKind};
///
/// // A board file with a mistake: the message names the field; the kind says whose it is.
/// let board = BoardSource::new("bad.toml", "name = \"bad\"\n[board]\nspaces = []\n");
/// let e = analyze(&board, &AnalyzeOptions::default(), &Budget::default()).unwrap_err();
/// assert_eq!(e.kind(), ErrorKind::BadInput);
/// assert!(e.to_string().starts_with("bad.toml"));
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// What the caller gave (a board file, an option, a data file) cannot be used; the message
    /// names the file, field or flag and says what to change.
    #[error(transparent)]
    Input(#[from] UserError),
    /// The work would take more time or memory than the [`crate::Budget`] allows.
    #[error(transparent)]
    OverBudget(#[from] OverBudget),
    /// The board is valid, but the question has no finite answer on it (its games can go on
    /// forever) or its linear solve failed its accuracy check.
    #[error(transparent)]
    Unsolvable(#[from] crate::solve::SolveError),
    /// Per-space figures whose linear solve failed its accuracy check.
    #[error(transparent)]
    Spaces(SpacesError),
    /// A passage whose targets, starting state or options the board does not have.
    #[error(transparent)]
    Passage(PassageError),
    /// A fundamental-matrix row (`--from`) that names no state of the board.
    #[error(transparent)]
    Fundamental(FundamentalError),
    /// A generating function the board's chain is too large for.
    #[error(transparent)]
    Pgf(PgfError),
    /// A fixed deck order that cannot be played.
    #[error(transparent)]
    BadOrder(#[from] crate::sim::BadOrder),
    /// Reading or writing a file failed (a full disk, a folder that cannot be written).
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The same error, said of a board or a stage of the work (`context: error`).
    #[error("{context}: {source}")]
    Context {
        /// The board or the stage, e.g. "searching the bump boards".
        context: String,
        /// What went wrong there.
        source: Box<Error>,
    },
    /// A failure of the tool itself (a chart that could not be drawn, JSON that could not be
    /// written): not the caller's to fix.
    #[error("{0}")]
    Internal(String),
}

/// What kind of failure an [`Error`] is: what a caller matches on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The caller's input: a board file, an option, a data file.
    BadInput,
    /// More time than the budget allows.
    OverBudget,
    /// More memory than the machine allows this tool.
    OverMemory,
    /// No finite answer on a valid board, or a solve that failed its accuracy check.
    Unsolvable,
    /// Reading or writing failed.
    Io,
    /// A failure of the tool itself.
    Internal,
}

impl Error {
    /// The kind of failure.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::Input(_) | Error::Passage(_) | Error::Fundamental(_) | Error::BadOrder(_) => {
                ErrorKind::BadInput
            }
            Error::OverBudget(e) => match e.lacking {
                Resource::Time => ErrorKind::OverBudget,
                Resource::Memory => ErrorKind::OverMemory,
            },
            Error::Unsolvable(_) | Error::Spaces(_) | Error::Pgf(_) => ErrorKind::Unsolvable,
            Error::Io(_) => ErrorKind::Io,
            Error::Context { source, .. } => source.kind(),
            Error::Internal(_) => ErrorKind::Internal,
        }
    }

    /// The I/O error under this one, if that is what it is.
    pub fn io(&self) -> Option<&io::Error> {
        match self.root() {
            Error::Io(e) => Some(e),
            _ => None,
        }
    }

    /// The error under every [`Error::Context`].
    pub fn root(&self) -> &Error {
        match self {
            Error::Context { source, .. } => source.root(),
            e => e,
        }
    }

    /// The refusal under this error, if it is work over the budget.
    pub fn over_budget(&self) -> Option<&OverBudget> {
        match self.root() {
            Error::OverBudget(o) => Some(o),
            _ => None,
        }
    }

    /// This error, said of `context` (a board, a stage of the work).
    pub fn context(self, context: impl Into<String>) -> Error {
        Error::Context {
            context: context.into(),
            source: Box::new(self),
        }
    }

    /// A failure of the tool itself, in words.
    pub(crate) fn internal(message: impl std::fmt::Display) -> Error {
        Error::Internal(message.to_string())
    }
}

impl From<serde_json::Error> for Error {
    fn from(e: serde_json::Error) -> Error {
        Error::internal(format_args!("could not write JSON: {e}"))
    }
}

impl From<csv::Error> for Error {
    fn from(e: csv::Error) -> Error {
        match e.into_kind() {
            csv::ErrorKind::Io(io) => Error::Io(io),
            other => Error::internal(format_args!("could not write CSV: {other:?}")),
        }
    }
}

impl From<std::fmt::Error> for Error {
    fn from(_: std::fmt::Error) -> Error {
        Error::internal("could not format text")
    }
}

/// Says where an error happened: `result.context_with(|| "writing the report")?`.
pub(crate) trait Context<T> {
    /// The error, if any, as [`Error::Context`] of `context()`.
    fn context_with(self, context: impl FnOnce() -> String) -> Result<T>;
}

impl<T, E: Into<Error>> Context<T> for std::result::Result<T, E> {
    fn context_with(self, context: impl FnOnce() -> String) -> Result<T> {
        self.map_err(|e| e.into().context(context()))
    }
}

impl<W> From<csv::IntoInnerError<W>> for Error {
    fn from(e: csv::IntoInnerError<W>) -> Error {
        Error::internal(format_args!("could not write CSV: {}", e.error()))
    }
}

impl From<std::string::FromUtf8Error> for Error {
    fn from(e: std::string::FromUtf8Error) -> Error {
        Error::internal(format_args!("text that is not UTF-8: {e}"))
    }
}

#[cfg(feature = "charts")]
impl From<image::ImageError> for Error {
    fn from(e: image::ImageError) -> Error {
        match e {
            image::ImageError::IoError(io) => Error::Io(io),
            other => Error::internal(format_args!("could not encode a chart: {other}")),
        }
    }
}

// A lower stage's error that holds a refusal or a failed solve is taken apart, so that its kind
// is the refusal's or the solve's.

impl From<SpacesError> for Error {
    fn from(e: SpacesError) -> Error {
        match e {
            SpacesError::OverBudget(o) => Error::OverBudget(o),
            other => Error::Spaces(other),
        }
    }
}

impl From<PassageError> for Error {
    fn from(e: PassageError) -> Error {
        match e {
            PassageError::OverBudget(o) => Error::OverBudget(o),
            PassageError::Solve(s) => Error::Unsolvable(s),
            other => Error::Passage(other),
        }
    }
}

impl From<FundamentalError> for Error {
    fn from(e: FundamentalError) -> Error {
        match e {
            FundamentalError::OverBudget(o) => Error::OverBudget(o),
            FundamentalError::Solve(s) => Error::Unsolvable(s),
            other => Error::Fundamental(other),
        }
    }
}

impl From<PgfError> for Error {
    fn from(e: PgfError) -> Error {
        match e {
            PgfError::OverBudget(o) => Error::OverBudget(o),
            PgfError::Solve(s) => Error::Unsolvable(s),
            other => Error::Pgf(other),
        }
    }
}
