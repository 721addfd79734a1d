//! Helpers shared by the test modules.

#![allow(dead_code)]

use std::path::PathBuf;

use assert_cmd::Command;
use candyland::internals::chain::Chain;
use candyland::internals::games::load::parse;
use candyland::internals::games::load::About;
use candyland::internals::games::race::RaceGame;
use candyland::internals::games::BoardSource;
use candyland::internals::games::{shipped, Game, Variant};
use candyland::internals::games::{CandyLand, ChutesAndLadders, GameVisitor, Source};
use candyland::internals::solve::{Analysis, Options};

/// Tolerances, named so that each test says which kind of agreement it expects.
pub mod tol {
    /// Two routes computing the same quantity in f64 (sweep vs dense LU, exact vs float).
    pub const SAME_QUANTITY: f64 = 1e-12;
    /// A quantity derived from a truncated distribution (tail mass <= 1e-12 times a few hundred).
    pub const FROM_DISTRIBUTION: f64 = 1e-9;
}

/// The chain of a game's board.
pub type ChainOf<G> = Chain<<G as RaceGame>::State, <G as RaceGame>::Card>;
/// The chain of a Candy Land board.
pub type CandyChain = ChainOf<CandyLand>;

/// Parses and validates a Candy Land board given as TOML text.
pub fn game(toml: &str) -> CandyLand {
    game_with(toml, &Variant::default())
}

/// Parses a Candy Land board, applies a variant and validates.
pub fn game_with(toml: &str, variant: &Variant) -> CandyLand {
    board(toml, variant)
}

/// Parses a board of game `G`, applies a variant and validates.
pub fn board<G: Game>(toml: &str, variant: &Variant) -> G {
    parse("test board", toml, variant).expect("valid test board")
}

/// Parses and validates a Chutes and Ladders board given as TOML text, with a variant.
pub fn chutes_with(toml: &str, variant: &Variant) -> ChutesAndLadders {
    board(toml, variant)
}

/// Builds the chain of a Candy Land board and solves it with default options.
pub fn solve(toml: &str) -> (CandyLand, CandyChain, Analysis) {
    let g = game(toml);
    let chain = Chain::build(&g);
    let a = Analysis::of(&g, &chain, About::default(), &Options::default()).expect("solvable");
    (g, chain, a)
}

/// E\[T\] of a validated board of any game, by the solver with default options.
pub fn mean_turns<G: Game>(g: &G) -> f64 {
    let chain = Chain::build(g);
    Analysis::of(g, &chain, About::default(), &Options::default())
        .expect("solvable")
        .expected_turns
}

/// Solves a board of any game with default options (the analysis names the board).
pub fn analysis(toml: &str) -> Analysis {
    struct Solve;
    impl GameVisitor for Solve {
        type Output = Analysis;
        fn visit<G: Game>(self, source: Source<G>) -> Analysis {
            let g = source.game(&Variant::default()).expect("valid test board");
            let chain = Chain::build(&g);
            let about = candyland::internals::games::load::about(&g, &Variant::default());
            Analysis::of(&g, &chain, about, &Options::default()).expect("solvable")
        }
    }
    candyland::internals::games::with_game(&BoardSource::new("test board", toml), Solve)
        .expect("parses")
}

/// The exact E[T] of a board of any game as "num/den", computed in rationals from the chain
/// (not through `Analysis`).
pub fn exact_fraction(toml: &str) -> String {
    struct Exact;
    impl GameVisitor for Exact {
        type Output = String;
        fn visit<G: Game>(self, source: Source<G>) -> String {
            let g = source.game(&Variant::default()).expect("valid test board");
            let e = candyland::internals::solve::exact_expected_turns(&Chain::build(&g))
                .expect("solvable");
            format!("{}/{}", e.numer(), e.denom())
        }
    }
    candyland::internals::games::with_game(&BoardSource::new("test board", toml), Exact)
        .expect("parses")
}

/// The shipped boards of game `G`, validated: (name, text, game).
pub fn shipped_of<G: Game>() -> Vec<(&'static str, &'static str, G)> {
    shipped::SHIPPED
        .iter()
        .filter(|b| BoardSource::new(b.name, b.text).kind().ok() == Some(G::KIND))
        .map(|b| (b.name, b.text, board(b.text, &Variant::default())))
        .collect()
}

/// Calls the generic function `$f::<G>()` for every game kind.
#[macro_export]
macro_rules! each_game {
    ($f:ident) => {
        $f::<candyland::internals::games::CandyLand>();
        $f::<candyland::internals::games::ChutesAndLadders>();
        $f::<candyland::internals::games::RaceTrack>();
    };
}

/// The candyland binary.
pub fn candyland() -> Command {
    let mut command = assert_cmd::cargo::cargo_bin_cmd!("candyland");
    // Text is laid out for 80 columns when piped, unless COLUMNS says otherwise.
    command.env_remove("COLUMNS");
    command
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
    candyland::internals::solve::fraction::text(a.expected_turns_exact.as_ref())
}

/// Simulates `games` one-player games of `g` with i.i.d. draws (seed `seed`) and checks them
/// against the exact distribution: |z of the mean| < Z_LIMIT and chi-square p > P_FLOOR.
pub fn assert_iid_simulation_fits<G: RaceGame>(g: &G, games: u64, seed: u64, label: &str) {
    use candyland::internals::sim::{simulate, DeckMode, SimOptions, Simulator};
    use candyland::internals::stats::{chi_square, Summary, P_FLOOR, Z_LIMIT};
    let chain = Chain::build(g);
    let a = Analysis::of(g, &chain, About::default(), &Options::default()).unwrap();
    let options = SimOptions {
        games,
        seed,
        deck: DeckMode::Iid,
        players: 1,
        max_turns: 1_000_000,
        keep_lengths: false,
    };
    let r = simulate(&Simulator::new(&chain), &options, &|_| {});
    let sample = Summary::of(&r.histogram).unwrap();
    let z = (sample.mean - a.expected_turns) / (a.std_dev / (games as f64).sqrt());
    let chi = chi_square(&r.histogram, &a.pmf, games).unwrap();
    assert!(z.abs() < Z_LIMIT, "{label}: z = {z}");
    assert!(chi.p_value > P_FLOOR, "{label}: p = {}", chi.p_value);
}

/// Runs the binary: (exit code, stdout, stderr).
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = candyland().args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The command lines of every board command on `board` (the sampling ones with 2,000 games).
pub fn board_commands(board: &str) -> Vec<Vec<&str>> {
    vec![
        vec!["simulate", board, "--games", "2000"],
        vec!["crosscheck", board, "--games", "2000"],
        vec!["players", board, "--games", "2000"],
        vec!["spaces", board],
        vec!["whatif", board],
        vec!["forever", board],
        vec!["transitions", board, "--csv"],
        vec!["play", board, "--seed", "4"],
        vec!["board", "show", board],
    ]
}

/// Runs every board command on `board` (and the `extra` command lines), each of which must
/// exit 0 and print something.
pub fn assert_every_command_runs(board: &str, extra: &[&[&str]]) {
    let common = board_commands(board);
    for args in common
        .iter()
        .map(Vec::as_slice)
        .chain(extra.iter().copied())
    {
        let (code, out, err) = run(args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(!out.is_empty(), "{args:?}");
    }
}

/// A setting's JSON value worded as its flag takes it (`false`, `6`, `none` for an empty list),
/// to compare with the flag words a test names.
pub fn setting_word(v: &serde_json::Value) -> String {
    serde_json::from_value::<candyland::internals::check::SettingValue>(v.clone())
        .expect("a setting's value")
        .to_string()
}

/// A `check --json` settings object as (key, flag word) pairs, in order.
pub fn setting_pairs(settings: &serde_json::Value) -> Vec<(String, String)> {
    settings
        .as_object()
        .expect("settings is an object")
        .iter()
        .map(|(k, v)| (k.clone(), setting_word(v)))
        .collect()
}

/// The documents a user reads, each with its path from the repository's root: README.md,
/// ARCHITECTURE.md, CONTRIBUTING.md and every page of `docs/`.
pub fn documents() -> Vec<(String, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths: Vec<String> = ["README.md", "ARCHITECTURE.md", "CONTRIBUTING.md"]
        .iter()
        .map(|p| p.to_string())
        .collect();
    let mut pages: Vec<String> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .map(|p| format!("docs/{}", p.file_name().unwrap().to_string_lossy()))
        .collect();
    pages.sort();
    paths.extend(pages);
    paths
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(root.join(&p)).unwrap();
            (p, text)
        })
        .collect()
}
