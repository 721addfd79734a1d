//! The forms that were missing: `play --csv`, `board show --csv`, `transitions --aggregate
//! --json`; and a game without a deck (a spinner) gets no deck words from `check`.

use std::collections::BTreeMap;

use crate::common::candyland;

use super::cli::stdout;

fn parse_csv(csv_text: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut r = csv::Reader::from_reader(csv_text.as_bytes());
    let header = r.headers().unwrap().iter().map(String::from).collect();
    let rows = r
        .records()
        .map(|row| row.unwrap().iter().map(String::from).collect())
        .collect();
    (header, rows)
}

#[test]
fn play_csv_is_the_transcript_row_by_row() {
    let args = [
        "play",
        "candy-land-1984",
        "-p",
        "2",
        "--seed",
        "3",
        "--odds",
    ];
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&[&args[..], &["--json"]].concat())).unwrap();
    let (header, rows) = parse_csv(&stdout(&[&args[..], &["--csv"]].concat()));
    assert_eq!(
        header,
        [
            "turn",
            "player",
            "card",
            "from",
            "from_name",
            "to",
            "to_name",
            "events",
            "win_1",
            "win_2"
        ]
    );
    let turns = json["turns"].as_array().unwrap();
    // A row 0 with the chances before the first turn, then one row per turn.
    assert_eq!(rows.len(), turns.len() + 1);
    let start: Vec<f64> = rows[0][8..].iter().map(|p| p.parse().unwrap()).collect();
    assert_eq!(serde_json::json!(start), json["start_win"]);
    for (row, turn) in rows[1..].iter().zip(turns) {
        assert_eq!(row[0], turn["turn"].to_string());
        assert_eq!(row[3], turn["from"]["state"].to_string());
        assert_eq!(row[4], turn["from"]["name"].as_str().unwrap());
        let win: Vec<f64> = row[8..].iter().map(|p| p.parse().unwrap()).collect();
        assert_eq!(serde_json::json!(win), turn["win"]);
    }
    // The last turn finishes the game.
    assert_eq!(rows.last().unwrap()[6], "finish");
    // Without --odds there are no chances; a spinner's game plays as well.
    let (header, rows) = parse_csv(&stdout(&["play", "chutes-and-ladders", "--csv"]));
    assert_eq!(header.len(), 8);
    assert!(rows.len() > 1);
}

#[test]
fn board_show_csv_lists_the_spaces() {
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&["board", "show", "candy-land-1984", "--json"])).unwrap();
    let (header, rows) = parse_csv(&stdout(&["board", "show", "candy-land-1984", "--csv"]));
    assert_eq!(header, ["number", "name", "notes"]);
    let spaces = json["spaces"].as_array().unwrap();
    assert_eq!(rows.len(), spaces.len());
    for (row, space) in rows.iter().zip(spaces) {
        assert_eq!(row[0], space["number"].to_string());
        assert_eq!(row[1], space["name"].as_str().unwrap());
        assert_eq!(row[2], space["notes"].as_str().unwrap());
    }
}

#[test]
fn transitions_aggregate_json_is_the_aggregate_csv() {
    for board in ["candy-land-1984", "hi-ho-cherry-o"] {
        let json: serde_json::Value =
            serde_json::from_str(&stdout(&["transitions", board, "--aggregate", "--json"]))
                .unwrap();
        let (_, csv_rows) = parse_csv(&stdout(&["transitions", board, "--aggregate"]));
        let matrix = json["matrix"].as_array().unwrap();
        assert_eq!(matrix.len(), csv_rows.len(), "{board}");
        let d = json["denominator"].as_u64().unwrap();
        let mut sums: BTreeMap<u64, u64> = BTreeMap::new();
        for (entry, row) in matrix.iter().zip(&csv_rows) {
            assert_eq!(row[0], entry["from"]["state"].to_string());
            assert_eq!(row[2], entry["to"]["state"].to_string());
            assert_eq!(row[4], entry["count"].to_string());
            let exact = &entry["p_exact"];
            assert_eq!(
                row[6],
                format!(
                    "{}/{}",
                    exact["num"].as_str().unwrap(),
                    exact["den"].as_str().unwrap()
                )
            );
            *sums
                .entry(entry["from"]["state"].as_u64().unwrap())
                .or_default() += entry["count"].as_u64().unwrap();
        }
        // A stochastic matrix: every row's counts add up to the whole deck, the finish's too.
        let finish = json["finish"].as_u64().unwrap();
        assert_eq!(sums.len() as u64, finish + 1);
        assert!(sums.values().all(|s| *s == d), "{board}");
    }
}

#[test]
fn a_spinner_game_gets_no_deck_words_from_check() {
    let dir = tempfile::tempdir().unwrap();
    let lengths = dir.path().join("lengths.txt");
    let out = candyland()
        .args(["simulate", "hi-ho-cherry-o", "-n", "2000", "--lengths"])
        .arg(&lengths)
        .output()
        .unwrap();
    assert!(out.status.success());
    let lengths = lengths.to_str().unwrap();
    // Only the races searched (Hi Ho! Cherry-O has a spinner): before, the answer decided
    // "deck iid", named every hypothesis "..., iid deck" and told of finite-deck simulations.
    let text = stdout(&[
        "check",
        lengths,
        "--board",
        "hi-ho-cherry-o",
        "--vary",
        "back-by",
        "--reference-games",
        "2000",
    ]);
    for deck_word in ["deck", "i.i.d.", "iid"] {
        assert!(!text.contains(deck_word), "{deck_word}:\n{text}");
    }
    let json: serde_json::Value = serde_json::from_str(&stdout(&[
        "check",
        lengths,
        "--board",
        "hi-ho-cherry-o",
        "--no-rank",
        "--json",
    ]))
    .unwrap();
    assert!(!json.to_string().contains("iid deck"), "{json}");
}
