//! Helpers shared by the test modules.

#![allow(dead_code)]

use std::path::PathBuf;

use assert_cmd::Command;
use candyland::chain::Chain;
use candyland::config::parse_game;
use candyland::game::{AnyCard, AnyGame, AnyState};
use candyland::model::Variant;
use candyland::solve::{About, Analysis, Options};

/// Tolerances, named so that each test says which kind of agreement it expects.
pub mod tol {
    /// Two routes computing the same quantity in f64 (sweep vs dense LU, exact vs float).
    pub const SAME_QUANTITY: f64 = 1e-12;
    /// A quantity derived from a truncated distribution (tail mass <= 1e-12 times a few hundred).
    pub const FROM_DISTRIBUTION: f64 = 1e-9;
}

/// The chain of a board of any game.
pub type CandyChain = Chain<AnyState, AnyCard>;

/// Parses and validates a board given as TOML text.
pub fn game(toml: &str) -> AnyGame {
    game_with(toml, &Variant::default())
}

pub fn game_with(toml: &str, variant: &Variant) -> AnyGame {
    AnyGame::new(parse_game("test board", toml, variant).expect("valid test board"))
}

/// Builds the chain and solves it with default options.
pub fn solve(toml: &str) -> (AnyGame, CandyChain, Analysis) {
    let g = game(toml);
    let chain = Chain::build(&g);
    let a = Analysis::of(&g, &chain, About::default(), &Options::default()).expect("solvable");
    (g, chain, a)
}

pub fn analysis(toml: &str) -> Analysis {
    solve(toml).2
}

/// The candyland binary.
pub fn candyland() -> Command {
    assert_cmd::cargo::cargo_bin_cmd!("candyland")
}

/// A fresh temporary directory with `files` written into it.
pub fn dir_with(files: &[(&str, &str)]) -> (tempfile::TempDir, Vec<PathBuf>) {
    let dir = tempfile::tempdir().expect("temp dir");
    let paths = files
        .iter()
        .map(|(name, text)| {
            let p = dir.path().join(name);
            std::fs::write(&p, text).expect("write fixture");
            p
        })
        .collect();
    (dir, paths)
}

/// The exact expected length of an analysis as "num/den" ("" when not computed), as JSON shows it.
pub fn exact_text(a: &Analysis) -> String {
    candyland::solve::fraction::text(a.expected_turns_exact.as_ref())
}
