//! candyland: board games analysed exactly, as Markov chains: how long a game lasts (the
//! expected number of turns and the whole distribution), each seat's chance with several
//! players, the chance it never ends, and whether another simulator implements the rules it
//! claims.
//!
//! One function per question. Each takes a board ([`BoardSource`]: a shipped board by name
//! through [`read_board`], or any board file's text), the question's options (checked first,
//! each named as the command line spells it) and a [`Budget`] of time and memory, and returns
//! one typed answer or one [`Error`]. Any answer renders as the command line prints it, as
//! text, JSON or CSV ([`render()`]).
//!
//! | question | function | answer | example |
//! |---|---|---|---|
//! | how long is one player's game | [`analyze()`] | [`AnalyzeAnswer`] | `examples/analyze.rs` |
//! | K players, each seat's chance | [`players()`] | [`PlayersReport`] | `examples/players.rs` |
//! | who wins from here | [`odds()`] | [`OddsReport`] | `examples/odds.rs` |
//! | per-space figures | [`spaces()`] | [`SpacesReport`] | `examples/spaces.rs` |
//! | what if an element or a rule changes | [`whatif()`] | [`WhatIfAnswer`] | `examples/whatif.rs` |
//! | two boards side by side | [`compare()`] | [`Comparison`] | `examples/compare.rs` |
//! | does another simulator fit, and which rules | [`check()`] | [`CheckAnswer`] | `examples/check.rs` |
//! | the simulator against the exact answer | [`crosscheck()`] | [`CrossCheck`] | `examples/crosscheck.rs` |
//! | Monte Carlo games | [`simulate()`] | [`Simulated`] | `examples/simulate.rs` |
//! | can the game run forever | [`forever()`] | [`ForeverReport`] | `examples/forever.rs` |
//! | the move table, N, the state graph | [`transitions()`], or written as made: [`write_transitions()`] | [`TransitionsAnswer`] | `examples/transitions.rs` |
//! | one game turn by turn | [`play()`] | [`Transcript`] | `examples/play.rs` |
//! | the first passage to a target | [`passage()`] | [`PassageAnswer`] | `examples/passage.rs` |
//! | every figure of the report | [`report()`] | [`Report`] | `examples/report.rs` |
//! | the shipped boards, one board's spaces | [`boards()`], [`show()`] | [`BoardList`], [`BoardShow`] | `examples/boards.rs` |
//!
//! The questions that play many games also take a [`Progress`], which they tell how far they
//! have got ([`Silent`] shows nothing).
//!
//! A board's exact expected length (the board of two spaces, red and blue, with one card of
//! each, whose E\[T\] = 9/4 is derived by hand in the tests):
//!
//! ```
//! use candyland::{analyze, AnalyzeAnswer, AnalyzeOptions, BoardSource, Budget};
//!
//! let toml = "name = \"tiny\"\n[board]\nspaces = [\"red\", \"blue\"]\n[deck.single]\nred = 1\nblue = 1\n";
//! let board = BoardSource::new("tiny", toml);
//! let answer = analyze(&board, &AnalyzeOptions::default(), &Budget::default())?;
//! let AnalyzeAnswer::Figures { analysis, .. } = &answer else { unreachable!() };
//! assert_eq!(analysis.expected_turns_exact.as_ref().unwrap().to_string(), "9/4");
//! assert!((analysis.expected_turns - 2.25).abs() < 1e-12);
//! # Ok::<(), candyland::Error>(())
//! ```
//!
//! The same question of the default board, rendered as `candyland analyze --json` prints it:
//!
//! ```
//! use candyland::{analyze, read_board, render, AnalyzeAnswer, AnalyzeOptions, Budget, Format, Layout};
//!
//! let board = read_board(None)?; // the default board, candy-land-1984
//! let answer = analyze(&board, &AnalyzeOptions::default(), &Budget::default())?;
//! let AnalyzeAnswer::Figures { analysis, .. } = &answer else { unreachable!() };
//! assert!((analysis.expected_turns - 39.1611).abs() < 1e-4);
//! let json = render(&answer, Format::Json, Layout::default())?;
//! assert!(json.starts_with("{\n  \"schema_version\": 3,\n  \"command\": \"analyze\""));
//! # Ok::<(), candyland::Error>(())
//! ```
//!
//! Inside, the work is a pipeline, one private module per stage, each taking only from the
//! stages before it (`ARCHITECTURE.md` describes it): what a run may spend (`budget`) -> what
//! the user gives, read and checked (`input`) -> the games, each one folder, behind one trait
//! and one dispatch (`games`) -> the chain of reachable states with exact transition counts
//! (`chain`) -> the solvers (`solve`) -> sample statistics (`stats`) -> the Monte Carlo
//! simulator (`sim`) -> the one `Error` of the library (`error`) -> another simulator's
//! lengths against every hypothesis (`check`) -> one
//! function per question (`results`) -> text, JSON, CSV, charts and the report folder
//! (`output`) -> the command line (`app`).
//!
//! The features `cli` (the command line) and `charts` (PNG and SVG charts, the report folder)
//! are on by default; with `default-features = false` the library answers every question and
//! writes text, JSON and CSV without clap, plotters, indicatif or terminal code.

#![warn(missing_docs)]

mod error;
#[doc(hidden)]
pub mod internals;

// The stages, by their names inside the crate (`crate::chain`, ...).
#[cfg(feature = "cli")]
use internals::app;
use internals::{budget, chain, check, games, input, output, results, sim, solve, stats};

// The answers' exact numbers.
pub use num_rational::BigRational;

pub use error::{Error, ErrorKind, Result};
// The errors an `Error` holds, for a caller that looks inside.
pub use chain::position::PositionError;
pub use sim::BadOrder;
pub use solve::fundamental::FundamentalError;
pub use solve::passage::{PassageError, TargetError};
pub use solve::pgf::PgfError;
pub use solve::spaces::SpacesError;
pub use solve::{SolveError, SolveFailure};

// What a run may spend, and how far it has got.
pub use budget::{Budget, OverBudget, Progress, Resource, Silent};
// In a browser the page gives the time (`std::time::Instant` panics there).
#[cfg(target_arch = "wasm32")]
pub use budget::clock::set_clock;

// Boards and their variants.
pub use games::load::read_board;
pub use games::shipped::{BoxGuide, Group, BOXES, DEFAULT_BOARD, SHIPPED};
pub use games::{BoardSource, ShippedBoard, Variant, KINDS, POLICY_KINDS};
pub use input::UserError;

// The questions, their options and answers.
pub use check::crosscheck::CrossCheck;
pub use check::lengths::Games;
pub use results::analyze::Wanted;
pub use results::check::check;
pub use results::check::CheckData;
pub use results::forever::Unfinishable;
pub use results::loops::LoopAnalysis;
pub use results::transitions::Table as TransitionsTable;
pub use results::MAX_PLAYERS;
pub use results::{analyze, AnalyzeAnswer, AnalyzeOptions};
pub use results::{boards, show, BoardList, BoardShow};
pub use results::{choices, Choices, ElementChoice, RuleChoice};
pub use results::{compare, Comparison, Side};
pub use results::{crosscheck, CrosscheckOptions};
pub use results::{forever, ForeverOptions, ForeverReport};
pub use results::{odds, OddsOptions, OddsReport};
pub use results::{passage, PassageAnswer, PassageAsked, PassageQuestion};
pub use results::{play, PlayOptions};
pub use results::{players, PlayersOptions, PlayersReport};
pub use results::{report, Report, ReportOptions};
pub use results::{simulate, SimulateOptions, Simulated};
pub use results::{spaces, SpacesOptions, SpacesReport};
pub use results::{transitions, TransitionsAnswer, TransitionsOptions};
pub use results::{whatif, WhatIfAnswer, WhatIfOptions};
pub use results::{CheckAnswer, CheckOptions};
pub use sim::transcript::Transcript;
pub use sim::DeckMode;
pub use solve::passage::PassageOptions;
pub use solve::{Analysis, Distribution, Quantile, Tail};

// Writing an answer.
pub use output::write_transitions;
pub use output::{render, Format, Layout, Render};

/// Runs the `candyland` command line on this process's arguments, and returns its exit code:
/// 0, 2 for anything the user can fix (a board file, a flag, work over the budget), 1 for the
/// rest. `src/main.rs` is this one call.
#[cfg(feature = "cli")]
pub fn run_command_line() -> std::process::ExitCode {
    app::main()
}

/// README's and the library page's Rust code, compiled and run by `cargo test` as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
#[doc = include_str!("../docs/library.md")]
struct ReadmeDoctests;
