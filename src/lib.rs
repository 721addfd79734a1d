//! candyland: no-decision race games analysed exactly, as absorbing Markov chains.
//!
//! The pipeline, one folder per stage, each taking only from the stages before it (a test
//! keeps it so): what a run may spend ([`budget`]) -> what the user gives, read and checked
//! ([`input`]) -> a board of its game, validated, with a [`games::Variant`] from the command
//! line applied first; each game kind is one folder under [`games`] behind the [`games::Game`]
//! trait, and [`games::with_game`] is the one place that chooses among them -> the rules as one
//! step function ([`games::RaceGame`]) -> the chain of reachable states with exact transition
//! counts ([`chain`]) -> solvers for the moments, the exact rational expected length and the
//! full distribution ([`solve`]) -> the statistics of a sample ([`stats`]) -> the Monte Carlo
//! simulator, which replays the chain's table with i.i.d. or shuffled-deck draws ([`sim`]) ->
//! another simulator's lengths against every hypothesis, and our own simulator against the
//! exact answer ([`check`]) -> one public function per question, each returning one typed,
//! documented answer ([`results`]) -> the one renderer, which writes any answer as text, JSON
//! or CSV ([`output::Render`]), the charts and the report folder ([`output`]) -> the command
//! line ([`app`]; [`run`] drives it: flags to options, one question, the answer rendered).
//! Everything after the step function works on any [`games::RaceGame`] and never names a
//! game.
//!
//! The features `cli` (the command line) and `charts` (PNG and SVG charts, the report folder)
//! are on by default; with `default-features = false` the library answers every question and
//! writes text, JSON and CSV without clap, plotters, indicatif or terminal code.
//!
//! From Rust, a board's exact expected length in four steps (the board of two spaces, red and
//! blue, with one card of each, whose E\[T\] = 9/4 is derived by hand in the tests):
//!
//! ```
//! use candyland::chain::Chain;
//! use candyland::games::load::{parse, About};
//! use candyland::games::{CandyLand, Variant};
//! use candyland::solve::{exact_expected_turns, Analysis, Options};
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
//! The same question asked of a shipped board of any game, as `candyland analyze` asks it:
//!
//! ```
//! use candyland::budget::Budget;
//! use candyland::games::load::read_board;
//! use candyland::output::{render, Format, Layout};
//! use candyland::results::{analyze, AnalyzeAnswer, AnalyzeOptions};
//!
//! // The default board (`candyland analyze` with no board named).
//! let board = read_board(None)?;
//! let answer = analyze(&board, &AnalyzeOptions::default(), &Budget::default())?;
//! let AnalyzeAnswer::Figures { analysis, .. } = &answer else { unreachable!() };
//! assert!((analysis.expected_turns - 39.1611).abs() < 1e-4);
//! // What `candyland analyze --json` prints.
//! let json = render(&answer, Format::Json, Layout::default())?;
//! assert!(json.starts_with("{\n  \"schema_version\": 3,\n  \"command\": \"analyze\""));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! `examples/` holds a program per question ([`results`] lists them), and
//! `examples/analyze_board.rs` analyses a board of any game through [`games::with_game`].

#![warn(missing_docs)]

#[cfg(feature = "cli")]
pub mod app;
pub mod budget;
pub mod chain;
pub mod check;
pub mod games;
pub mod input;
pub mod output;
pub mod results;
pub mod sim;
pub mod solve;
pub mod stats;

#[cfg(feature = "cli")]
pub use app::{exit_code, run, USER_ERROR};
