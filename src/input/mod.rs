//! The first stage: what the user gives, read and checked before anything is built from it.
//!
//! Files are read here and nowhere else ([`files`]: regular files only, each kind with a size
//! cap, every file read recorded so no output can replace it); text from a file is checked once
//! ([`problems`]); and what goes back to the user about their input is quoted short and safe for
//! a terminal ([`text`]). Every mistake the user can make is a [`UserError`] ([`error`]) that
//! says what to fix. How a number reads in what the user is shown is decided here too
//! ([`number`]), once for every stage that words a figure. A deck order the user gives is read
//! here, and written in the same form ([`deck_order`]).

pub mod deck_order;
pub mod error;
pub mod files;
pub mod number;
pub mod problems;
pub mod text;

pub use error::UserError;
