//! Human tables and CSV, one module per command. JSON is the serde form of the result
//! structs, nothing hand-assembled.

mod analyze;
mod boards;
pub mod charts;
mod check;
mod compare;
pub mod csv_cells;
pub mod file;
pub mod folder;
mod forever;
pub mod hare;
pub mod json;
mod layout;
mod odds;
mod players;
pub mod signals;
mod simulate;
mod spaces;
mod tables;
pub mod terminal;
mod transcript;
mod transitions;
mod verify;
mod whatif;

pub use analyze::*;
pub use boards::*;
pub use check::*;
pub use compare::*;
pub use file::{
    create_folder, remove_created_folders, remove_pending_and_exit, write_atomic, PendingFile,
};
pub use forever::*;
pub use layout::{cell, stdout_layout, Layout};
pub use odds::*;
pub use players::*;
pub use simulate::*;
pub use spaces::*;
pub use tables::*;
pub use transcript::*;
pub use transitions::*;
pub use verify::*;
pub use whatif::*;
