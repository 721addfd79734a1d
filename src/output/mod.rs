//! Every answer written as text, JSON or CSV ([`Render`], the one renderer; [`render()`] writes
//! an answer in the [`Format`] the command line chose), one module per question; the charts and
//! the report folder; safe file writing and terminal escaping. JSON is the serde form of the
//! answer structs, nothing hand-assembled.

mod analyze;
mod best;
mod boards;
#[cfg(feature = "charts")]
pub mod charts;
mod check;
mod compare;
pub mod csv_cells;
mod dot;
pub mod file;
#[cfg(feature = "charts")]
pub mod folder;
mod forever;
pub mod json;
mod json_stream;
mod layout;
mod loops;
mod odds;
mod passage;
mod players;
pub mod policies;
pub mod policies_alone;
pub mod render;
#[cfg(feature = "cli")]
pub mod signals;
mod simulate;
mod spaces;
pub mod summary;
mod tables;
pub mod terminal;
mod transcript;
mod transitions;
mod verify;
mod whatif;

pub use boards::{BoardList, BoardRow, BoardShow, DrawRow, SpaceRow};
pub use file::{
    create_folder, remove_created_folders, remove_pending_and_exit, write_atomic, PendingFile,
};
pub use forever::witness_file;
#[cfg(feature = "cli")]
pub use layout::stdout_layout;
pub use layout::{cell, Layout};
pub use render::{render, Format, Plain, Render, Written};
pub use simulate::lengths_file;
pub use spaces::landing_words;
pub use transcript::Played;
pub use transitions::{write_transitions, TransitionsWriter};
pub use whatif::WHATIF_CSV_HEADER;
