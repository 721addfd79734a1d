//! The answers: one typed result per question the tool answers (how long, who wins, which
//! spaces, what if, can it run forever, the move table, the whole report), each a serde struct
//! that the output stage renders and that a library user can take as it is.

pub mod exercise;
pub mod figures;
pub mod forever;
pub mod hare;
pub mod report;
pub mod transitions;
pub mod whatif;
