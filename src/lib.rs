//! candyland: Candy Land (and Chutes and Ladders) analysed exactly, as absorbing Markov chains.
//!
//! The game kind lives in the model ([`model::Game`], [`model::game`]) and the step functions
//! ([`game`]); everything after the step function (chain, solvers, simulator, reports) works on
//! any [`game::RaceGame`] and never names a game.
//!
//! The pipeline, one module per stage:
//! board file ([`mod@model::file`]) -> validated [`model::Board`] (with a [`model::Variant`] from the
//! command line applied by [`config`]) -> the rules as one step function ([`game`]) -> the chain
//! of reachable states with exact transition counts ([`chain`]) -> solvers for the moments, the
//! exact rational expected length and the full distribution ([`solve`]) -> the Monte Carlo
//! simulator, which replays the chain's table with i.i.d. or shuffled-deck draws ([`sim`]) ->
//! the check of one against the other (`candyland crosscheck`: [`verify`], [`stats`]) -> tables, JSON and CSV
//! ([`output`]). [`run`] drives it for the command line ([`cli`]).

pub mod budget;
pub mod chain;
pub mod charts;
pub mod check;
pub mod cli;
pub mod config;
pub mod verify;
pub mod error;
pub mod exercise;
pub mod forever;
pub mod game;
pub mod figures;
pub mod generate;
pub mod input;
pub mod lengths;
pub mod model;
pub mod output;

pub mod sim;
pub mod solve;
pub mod stats;
pub mod transcript;
pub mod transitions;
pub mod whatif;

mod app;
mod commands;
mod progress;
pub use app::run;
