//! Checking other simulators: fit and ranking on the tool's own simulated lengths, bad length
//! files, the move table, and transcripts replayed through it.

use std::collections::HashMap;

use num_rational::BigRational;
use num_traits::One;
use serde::Deserialize;

use candyland::budget::Budget;
use candyland::chain::Chain;
use candyland::check::{candidate, fit, histogram, rank, Settings};
use candyland::config::{load, read_board};
use candyland::games::{CandyLand, Source};
use candyland::model::{Game, Variant};
use candyland::sim::{simulate, DeckMode, SimOptions, Simulator};

use crate::common::{candyland, dir_with};

fn settings() -> Settings {
    Settings {
        players: 1,
        reference_games: 100_000,
        seed: 77,
        budget: Budget::default(),
    }
}

/// `games` lengths from the tool's simulator for a board, variant and deck.
fn lengths(board: &str, variant: &Variant, deck: DeckMode, games: u64, seed: u64) -> Vec<u32> {
    let b: CandyLand = load(Some(board), variant).unwrap();
    let sim = Simulator::new(&Chain::build(&b));
    let options = SimOptions {
        games,
        seed,
        deck,
        players: 1,
        max_turns: 1_000_000,
        keep_lengths: true,
    };
    simulate(&sim, &options, &|_| {}).lengths
}

/// A shipped Candy Land board, parsed.
fn source(board: &str) -> Source<CandyLand> {
    read_board(Some(board)).unwrap().parse().unwrap()
}

#[test]
fn data_fits_its_own_rules_and_not_clearly_different_ones() {
    let one_step = Variant::default().with_rule("doubles", "one-step");
    for (board, deck) in [
        ("classic", DeckMode::Iid),
        ("classic", DeckMode::Shuffled),
        ("treats", DeckMode::Shuffled),
    ] {
        let sample = histogram(&lengths(board, &Variant::default(), deck, 20_000, 3));
        let source = source(board);
        let own = candidate(&source, &Variant::default(), deck, &settings())
            .unwrap()
            .unwrap();
        let f = fit(&sample, &own);
        assert!(f.consistent, "{board} {deck:?}: {}", f.verdict);
        let other = candidate(&source, &one_step, deck, &settings())
            .unwrap()
            .unwrap();
        let g = fit(&sample, &other);
        assert!(!g.consistent, "{board} {deck:?}: {}", g.verdict);
    }
}

/// The ranking for 100,000 games of each shipped board under its own rules.
#[test]
fn the_ranking_finds_the_true_rules_of_every_shipped_board() {
    for board in ["classic", "treats", "treats-as-coded"] {
        let given = source(board);
        let own = given.game(&Variant::default()).unwrap().board().rules;
        let mut candidates = Vec::new();
        for src in ["classic", "treats", "treats-as-coded"] {
            let s = source(src);
            for v in CandyLand::rule_hypotheses() {
                for deck in [DeckMode::Iid, DeckMode::Shuffled] {
                    candidates.extend(candidate(&s, &v, deck, &settings()).unwrap());
                }
            }
        }
        // The true variant, spelled the way the candidates are.
        let truth = candidates
            .iter()
            .filter(|c| c.board == board)
            .find(|c| {
                let rules = given.game(&c.variant).unwrap().board().rules;
                rules == own
            })
            .expect("the board's own rules are among the candidates");
        for deck in [DeckMode::Iid, DeckMode::Shuffled] {
            let sample = histogram(&lengths(board, &Variant::default(), deck, 100_000, 11));
            let ranking = rank(&sample, &candidates);
            let label = format!(
                "{}, {} deck",
                truth.label().rsplit_once(", ").unwrap().0,
                deck.name()
            );
            match deck {
                // Exact references: the true variant has the highest likelihood.
                DeckMode::Iid => assert_eq!(ranking[0].candidate, label, "{board}"),
                // Simulated references are noisy: the true variant is tied with the best, and
                // the board, the deck and the doubles rule are decided.
                DeckMode::Shuffled => {
                    let mine = ranking.iter().find(|r| r.candidate == label).unwrap();
                    assert!(mine.tied_with_best && mine.consistent, "{board}: {mine:?}");
                    for r in ranking.iter().filter(|r| r.tied_with_best) {
                        assert!(
                            r.candidate.starts_with(&format!("{board} ")),
                            "{board}: {}",
                            r.candidate
                        );
                        assert!(
                            r.candidate.ends_with("shuffled deck"),
                            "{board}: {}",
                            r.candidate
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn malformed_length_files_give_line_numbers_and_exit_2() {
    let (_dir, paths) = dir_with(&[
        ("letters.txt", "12\nabc\n"),
        ("negative.txt", "12\n-3\n"),
        ("zero.txt", "12\n0\n"),
        ("float.txt", "12\n3.5\n"),
        ("empty.txt", ""),
        ("huge.txt", "12\n123456789012345\n"),
    ]);
    let expect = [
        "line 2",
        "line 2",
        "line 2",
        "line 2",
        "no game lengths",
        "line 2",
    ];
    for (path, needle) in paths.iter().zip(expect) {
        let out = candyland()
            .arg("check")
            .arg(path)
            .arg("--no-rank")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{path:?}: {stderr}");
        assert!(
            stderr.contains(needle) && !stderr.contains("panicked"),
            "{path:?}: {stderr}"
        );
    }
}

#[test]
fn check_reads_standard_input_and_json() {
    let data: Vec<String> = lengths("classic", &Variant::default(), DeckMode::Iid, 3000, 5)
        .iter()
        .map(|l| l.to_string())
        .collect();
    let out = candyland()
        .args(["check", "-", "--no-rank"])
        .write_stdin(data.join("\n"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && text.contains("consistent with classic"),
        "{text}"
    );
    let (_dir, paths) = dir_with(&[("l.json", &format!("[{}]", data.join(",")))]);
    let out = candyland()
        .arg("check")
        .arg(&paths[0])
        .args(["--no-rank", "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["sample"]["games"], 3000);
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Row {
    state: usize,
    #[allow(dead_code)]
    state_name: String,
    card: String,
    #[allow(dead_code)]
    count: u32,
    probability: String,
    #[allow(dead_code)]
    probability_f64: f64,
    next: Option<usize>,
    #[allow(dead_code)]
    next_name: String,
    events: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    #[allow(dead_code)]
    board: String,
    #[allow(dead_code)]
    denominator: u32,
    start: usize,
    rows: Vec<Row>,
}

fn table(board: &str) -> Table {
    let out = candyland()
        .args(["transitions", board, "--format", "json"])
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn transition_rows_sum_to_one_per_state() {
    for board in ["classic", "treats", "treats-as-coded"] {
        let t = table(board);
        let mut sums: HashMap<usize, BigRational> = HashMap::new();
        for r in &t.rows {
            let (n, d) = r.probability.split_once('/').unwrap();
            let p = BigRational::new(n.parse().unwrap(), d.parse().unwrap());
            *sums.entry(r.state).or_default() += p;
        }
        assert!(sums.values().all(|s| s.is_one()), "{board}");
    }
    let csv = candyland().args(["transitions"]).output().unwrap();
    assert!(String::from_utf8_lossy(&csv.stdout)
        .starts_with("state,state_name,card,count,probability,next,next_name,events"));
}

#[derive(Debug, Deserialize)]
struct Turn {
    card: Option<String>,
    from_state: usize,
    to_state: Option<usize>,
    events: Vec<String>,
    player: usize,
}

#[derive(Debug, Deserialize)]
struct Transcript {
    turns: Vec<Turn>,
    winner: Option<usize>,
}

#[test]
fn a_play_transcript_replays_through_the_move_table() {
    for (board, players, deck) in [
        ("classic", "1", "shuffled"),
        ("treats", "3", "iid"),
        ("treats-as-coded", "2", "shuffled"),
    ] {
        let t = table(board);
        let out = candyland()
            .args([
                "play",
                board,
                "--seed",
                "4",
                "--players",
                players,
                "--deck",
                deck,
                "--json",
            ])
            .output()
            .unwrap();
        let game: Transcript = serde_json::from_slice(&out.stdout).unwrap();
        let k: usize = players.parse().unwrap();
        let mut at = vec![t.start; k];
        for turn in &game.turns {
            assert_eq!(turn.from_state, at[turn.player - 1]);
            let card = turn.card.clone().unwrap_or_else(|| "(lost turn)".into());
            let row = t
                .rows
                .iter()
                .find(|r| r.state == turn.from_state && r.card == card)
                .expect("a row for every (state, card)");
            assert_eq!(row.next, turn.to_state);
            assert_eq!(row.events, turn.events);
            if let Some(next) = turn.to_state {
                at[turn.player - 1] = next;
            }
        }
        assert_eq!(game.turns.last().unwrap().to_state, None, "the game ends");
        assert_eq!(game.winner, Some(game.turns.last().unwrap().player));
    }
}

#[test]
fn play_is_the_first_game_simulate_plays() {
    let out = candyland()
        .args(["play", "--seed", "8", "--json"])
        .output()
        .unwrap();
    let game: Transcript = serde_json::from_slice(&out.stdout).unwrap();
    let sim = candyland()
        .args(["simulate", "--seed", "8", "--games", "1", "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&sim.stdout).unwrap();
    assert_eq!(
        v["turns"]["max"].as_u64().unwrap() as usize,
        game.turns.len()
    );
}

#[test]
fn every_rule_hypothesis_applies_to_every_shipped_board_of_its_game() {
    // The hypotheses name rules and values as words: each must be a key and value of the
    // game's [rules] table, so that no hypothesis is silently dropped as invalid.
    crate::each_game!(hypotheses_apply);
}

fn hypotheses_apply<G: Game>() {
    let tried = G::rule_hypotheses();
    assert!(tried.len() >= 12, "{}: {} hypotheses", G::KIND, tried.len());
    for (name, text, _) in crate::common::shipped_of::<G>() {
        for v in &tried {
            let r = candyland::config::parse::<G>(name, text, v);
            assert!(r.is_ok(), "{name} {v}: {:?}", r.err());
        }
    }
}
