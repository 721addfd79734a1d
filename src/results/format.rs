//! The forms an answer is written in. The command line chooses one, in one place, from its
//! flags; the output stage's `Render` trait writes each answer in it. A question may depend on
//! the form too: a JSON reader gets the whole answer (the exact fraction is computed for it),
//! and a table's cost in memory and time is estimated for the form it will be written in.

/// How an answer is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    /// Text for a person, laid out for the terminal's width (the default).
    #[default]
    Text,
    /// One JSON document in the shared vocabulary (`candyland help json`), its schema in
    /// `schemas/`.
    Json,
    /// A table as CSV, its columns named by the JSON's keys.
    Csv,
}
