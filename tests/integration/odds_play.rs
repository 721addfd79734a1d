//! `play --odds`: the per-turn chances of a transcript sum to one every turn and end certain;
//! its chart is written in place. JSON parsed into structs with `deny_unknown_fields`.

use crate::common::tol;
use approx::assert_relative_eq;
use serde::Deserialize;

use super::odds::{odds, run, StateJson};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct TranscriptJson {
    schema_version: u32,
    command: String,
    board: String,
    seed: u64,
    deck: String,
    players: usize,
    turns: Vec<TurnJson>,
    winner: Option<usize>,
    start_win: Vec<f64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct TurnJson {
    turn: u32,
    player: usize,
    card: Option<String>,
    from: StateJson,
    to: Option<StateJson>,
    events: Vec<String>,
    win: Vec<f64>,
}

#[test]
fn play_odds_sum_to_one_every_turn_and_end_certain() {
    for (board, players, seed) in [
        ("clark-program", "2", "4"),
        ("chutes-and-ladders", "3", "9"),
        ("treats", "4", "2"),
    ] {
        let t: TranscriptJson = serde_json::from_slice(&run(&[
            "play",
            board,
            "--players",
            players,
            "--seed",
            seed,
            "--odds",
            "--json",
        ]))
        .unwrap();
        let sums = std::iter::once(&t.start_win).chain(t.turns.iter().map(|r| &r.win));
        for (n, w) in sums.enumerate() {
            assert_eq!(w.len(), t.players);
            let total: f64 = w.iter().sum();
            assert!(
                (total - 1.0).abs() < tol::FROM_DISTRIBUTION,
                "{board}, after turn {n}: {total}"
            );
        }
        let last = t.turns.last().unwrap();
        let winner = t.winner.expect("the game ends");
        assert_eq!(last.win[winner - 1], 1.0, "{board}");
        // Before the first turn: what `odds` says with every token at the start.
        let mut args = vec![board];
        for _ in 0..t.players {
            args.extend(["--at", "start"]);
        }
        for (a, b) in t.start_win.iter().zip(odds(&args).win) {
            assert_relative_eq!(*a, b, epsilon = tol::SAME_QUANTITY);
        }
        // Mid-game: what `odds` says from the tokens' states after turn 5, seat 6 % K to move.
        let mut at: Vec<String> = vec!["start".into(); t.players];
        for r in &t.turns[..5] {
            at[r.player - 1] = r.to.as_ref().expect("not the finish yet").name.clone();
        }
        let to_move = (5 % t.players + 1).to_string();
        let mut args = vec![board, "--to-move", &to_move];
        for a in &at {
            args.extend(["--at", a]);
        }
        for (a, b) in t.turns[4].win.iter().zip(odds(&args).win) {
            assert_relative_eq!(*a, b, epsilon = tol::SAME_QUANTITY);
        }
    }
}

#[test]
fn play_odds_chart_is_written_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("odds.png");
    let out = run(&[
        "play",
        "--players",
        "3",
        "--odds",
        "--chart",
        path.to_str().unwrap(),
    ]);
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("P(win)"), "{text}");
    let png = std::fs::read(&path).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let files: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(files.len(), 1, "no temporaries left");
}
