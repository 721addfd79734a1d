//! candyland: no-decision race games analysed exactly, as absorbing Markov chains.
//!
//! Each game kind lives in its own folder under [`games`] (its file schema, validation, rules,
//! step function, events and words) behind the [`model::Game`] trait; [`games::with_game`] is
//! the one place that chooses among them. Everything after the step function (chain, solvers,
//! simulator, reports) works on any [`race::RaceGame`] and never names a game.
//!
//! The pipeline, one module per stage:
//! board file (a game's schema, read by [`config`]) -> validated board of that game (with a
//! [`model::Variant`] from the command line applied first) -> the rules as one step function
//! ([`race::RaceGame`]) -> the chain of reachable states with exact transition counts
//! ([`chain`]) -> solvers for the moments, the exact rational expected length and the full
//! distribution ([`solve`]) -> the Monte Carlo simulator, which replays the chain's table with
//! i.i.d. or shuffled-deck draws ([`sim`]) -> the check of one against the other (`candyland
//! crosscheck`: [`verify`], [`stats`]) -> tables, JSON and CSV ([`output`]). [`run`] drives it
//! for the command line ([`cli`]).
//!
//! From Rust, a board's exact expected length in four steps (the board of two spaces, red and
//! blue, with one card of each, whose E\[T\] = 9/4 is derived by hand in the tests):
//!
//! ```
//! use candyland::{chain::Chain, config::parse, games::CandyLand, model::Variant};
//! use candyland::solve::{exact_expected_turns, About, Analysis, Options};
//!
//! let toml = "name = \"tiny\"\n[board]\nspaces = [\"red\", \"blue\"]\n[deck.single]\nred = 1\nblue = 1\n";
//! let game: CandyLand = parse("tiny", toml, &Variant::default())?;
//! let chain = Chain::build(&game);
//! assert_eq!(exact_expected_turns(&chain)?.to_string(), "9/4");
//! let a = Analysis::of(&game, &chain, About::default(), &Options::default())?;
//! assert!((a.expected_turns - 2.25).abs() < 1e-12);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! `examples/analyze_board.rs` analyses a board of any game through [`games::with_game`].

#![warn(missing_docs)]

pub mod budget;
pub mod chain;
pub mod charts;
pub mod check;
pub mod cli;
pub mod config;
pub mod error;
pub mod exercise;
pub mod figures;
pub mod forever;
pub mod games;
pub mod input;
pub mod json;
pub mod lengths;
pub mod model;
pub mod output;
pub mod position;
pub mod race;
pub mod report;
pub mod sim;
pub mod solve;
pub mod stats;
pub mod transcript;
pub mod transitions;
pub mod verify;
pub mod whatif;

mod app;
mod commands;
mod progress;
pub use app::{exit_code, run, USER_ERROR};
