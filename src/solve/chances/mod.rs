//! One player alone in a game whose turn draws several chances ([`ChanceTurn`]), exactly: the
//! chain built from the game's turn ([`chain`]), within the budget ([`cost`]), its length
//! distribution pushed turn by turn ([`mod@lengths`]), the general linear solve beside it
//! ([`general`]), and why no game reaches home when none can ([`home`]).
//!
//! [`ChanceTurn`]: crate::games::chance::ChanceTurn

pub mod chain;
pub mod cost;
pub mod general;
pub mod home;
pub mod lengths;

pub use chain::{build, outcomes, Chain, Limit, SolverForm, Stopped, Target};
pub use lengths::{lengths, lengths_until, lengths_watched, Lengths};
