//! The pipeline's stages as they are inside, for this package's tests, benchmarks and fuzz
//! harnesses, hidden from the documentation. Not part of the API: anything here may change in
//! any release. A caller uses what `lib.rs` re-exports.
//!
//! Each stage is a folder of `src/`; the crate reaches them as `crate::chain` and so on.

#[cfg(feature = "cli")]
#[path = "app/mod.rs"]
pub mod app;
#[path = "budget/mod.rs"]
pub mod budget;
#[path = "chain/mod.rs"]
pub mod chain;
#[path = "check/mod.rs"]
pub mod check;
#[path = "games/mod.rs"]
pub mod games;
#[path = "input/mod.rs"]
pub mod input;
#[path = "output/mod.rs"]
pub mod output;
#[path = "results/mod.rs"]
pub mod results;
#[path = "sim/mod.rs"]
pub mod sim;
#[path = "solve/mod.rs"]
pub mod solve;
#[path = "stats/mod.rs"]
pub mod stats;
