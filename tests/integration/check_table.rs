//! The move table and transcripts, for testing another simulator's move logic entry by entry:
//! `transitions` rows sum to 1 per state, and a `play` transcript replays through them.

use std::collections::HashMap;

use num_rational::BigRational;
use num_traits::One;
use serde::Deserialize;

use crate::common::candyland;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct StateJson {
    state: usize,
    position: Option<usize>,
    name: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct ExactJson {
    num: String,
    den: String,
    float: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Row {
    from: StateJson,
    card: String,
    count: u32,
    p: f64,
    p_exact: ExactJson,
    to: StateJson,
    events: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Table {
    schema_version: u32,
    command: String,
    board: String,
    denominator: u32,
    start: usize,
    finish: usize,
    rows: Vec<Row>,
}

fn table(board: &str) -> Table {
    let out = candyland()
        .args(["transitions", board, "--json"])
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn transition_rows_sum_to_one_per_state() {
    for board in ["clark-program", "treats", "jones-program"] {
        let t = table(board);
        let mut sums: HashMap<usize, BigRational> = HashMap::new();
        for r in &t.rows {
            let p = BigRational::new(
                r.p_exact.num.parse().unwrap(),
                r.p_exact.den.parse().unwrap(),
            );
            *sums.entry(r.from.state).or_default() += p;
        }
        assert!(sums.values().all(|s| s.is_one()), "{board}");
    }
    let csv = candyland().args(["transitions"]).output().unwrap();
    assert!(String::from_utf8_lossy(&csv.stdout)
        .starts_with("from,from_name,card,count,p,p_exact,to,to_name,events"));
}

#[derive(Debug, Deserialize)]
struct Turn {
    card: Option<String>,
    from: StateJson,
    to: Option<StateJson>,
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
        ("clark-program", "1", "shuffled"),
        ("treats", "3", "iid"),
        ("jones-program", "2", "shuffled"),
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
            assert_eq!(turn.from.state, at[turn.player - 1]);
            let card = turn.card.clone().unwrap_or_else(|| "(lost turn)".into());
            let row = t
                .rows
                .iter()
                .find(|r| r.from.state == turn.from.state && r.card == card)
                .expect("a row for every (state, card)");
            let next = turn.to.as_ref().map_or(t.finish, |s| s.state);
            assert_eq!(row.to.state, next);
            assert_eq!(row.events, turn.events);
            at[turn.player - 1] = next;
        }
        assert!(game.turns.last().unwrap().to.is_none(), "the game ends");
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
