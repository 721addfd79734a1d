//! The JSON shapes a script reads without parsing words: a hypothesis's settings as one object
//! of typed values, each space's name beside its numbers, a board's size as numbers, a rounds
//! quantile keyed `rounds`, and a document cut by the budget that says what it left out. Each
//! document is parsed back into structs that deny unknown keys, so the old shapes fail here.

use serde::Deserialize;
use serde_json::{Map, Value};

use crate::common::dir_with;

use super::json::run_json;

/// A member of `check`'s set.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Member {
    candidate: String,
    settings: Map<String, Value>,
}

#[test]
fn check_writes_each_hypothesis_settings_as_one_object_of_typed_values() {
    // 2,000 games of Chutes and Ladders with its shipped rules, checked against the three
    // rules whose values are of three types: jump-costs-turn a boolean, max-rolls an integer,
    // roll-again a list of faces (the board file's `roll-again = [6]`).
    let (dir, _) = dir_with(&[]);
    let file = dir.path().join("lengths.txt");
    let file = file.to_str().unwrap();
    let (code, _, err) = crate::common::run(&[
        "simulate",
        "chutes-and-ladders",
        "--games",
        "2000",
        "--seed",
        "3",
        "--lengths",
        file,
    ]);
    assert_eq!(code, 0, "{err}");
    let check = [
        "check",
        file,
        "--board",
        "chutes-and-ladders",
        "--vary",
        "roll-again,max-rolls,jump-costs-turn",
    ];
    let v = run_json(&[&check[..], &["--json"]].concat());
    let set: Vec<Member> = serde_json::from_value(v["set"].clone()).expect("set members");
    assert!(!set.is_empty(), "{}", v["conclusion"]);
    let ranking = v["ranking"].as_array().unwrap();
    assert_eq!(
        ranking.len(),
        2 * 2 * 2 * 2,
        "2 boards x 2 x 2 x 2 rule sets"
    );
    for row in ranking.iter().chain(set.iter().map(|m| {
        // The set's members are ranking rows too, by label.
        ranking
            .iter()
            .find(|r| r["candidate"] == m.candidate.as_str())
            .unwrap_or_else(|| panic!("{} is ranked", m.candidate))
    })) {
        let s = row["settings"].as_object().expect("settings is an object");
        let keys: Vec<&str> = s.keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            [
                "game",
                "board",
                "jump-costs-turn",
                "roll-again",
                "max-rolls"
            ],
            "in order"
        );
        assert_eq!(s["game"], "chutes-and-ladders");
        assert!(s["jump-costs-turn"].is_boolean(), "{s:?}");
        assert!(s["max-rolls"].is_u64(), "{s:?}");
        let faces = s["roll-again"].as_array().expect("roll-again is a list");
        assert!(faces.iter().all(Value::is_u64), "{s:?}");
    }
    for m in &set {
        let row = ranking
            .iter()
            .find(|r| r["candidate"] == m.candidate.as_str())
            .unwrap();
        assert_eq!(row["settings"], Value::Object(m.settings.clone()));
        assert_eq!(row["in_set"], true);
    }
    // Decided and undecided values carry the same types.
    for s in v["undecided"]
        .as_array()
        .unwrap()
        .iter()
        .chain(v["decided"].as_array().unwrap())
    {
        let key = s["key"].as_str().unwrap();
        for value in s["values"].as_array().unwrap() {
            let typed = match key {
                "jump-costs-turn" => value.is_boolean(),
                "max-rolls" => value.is_u64(),
                "roll-again" => value.is_array(),
                _ => value.is_string(),
            };
            assert!(typed, "{key}: {value}");
        }
    }
    // The text words each undecided value as its flag takes it ("roll-again (6 or none)",
    // "jump-costs-turn (true or false)"), from the same typed values.
    let (code, text, err) = crate::common::run(&check);
    assert_eq!(code, 0, "{err}");
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let undecided = v["undecided"].as_array().unwrap();
    assert!(!undecided.is_empty(), "{}", v["conclusion"]);
    for s in undecided
        .iter()
        .filter(|s| s["makes_no_difference"] == false)
    {
        let words: Vec<String> = s["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(crate::common::setting_word)
            .collect();
        let phrase = format!("{} ({})", s["key"].as_str().unwrap(), words.join(" or "));
        assert!(flat.contains(&phrase), "{phrase} in: {text}");
    }
    // The CSV gives each setting a column of its own after the label, worded as its flag
    // takes it, row by row as the JSON ranking.
    let (code, csv_text, err) = crate::common::run(&[&check[..], &["--csv"]].concat());
    assert_eq!(code, 0, "{err}");
    let mut reader = csv::Reader::from_reader(csv_text.as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(
        header[..8],
        [
            "rank",
            "candidate",
            "game",
            "board",
            "jump-costs-turn",
            "roll-again",
            "max-rolls",
            "log_likelihood_per_game"
        ]
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), ranking.len());
    for (row, json) in rows.iter().zip(ranking) {
        assert_eq!(&row[1], json["candidate"].as_str().unwrap());
        for (i, key) in header.iter().enumerate().take(7).skip(2) {
            assert_eq!(
                row[i],
                crate::common::setting_word(&json["settings"][key]),
                "{key}"
            );
        }
    }
}

/// A board's size in `boards --json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Size {
    spaces: usize,
    cards: Option<u32>,
    faces: Option<usize>,
    ladders: Option<usize>,
    chutes: Option<usize>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct BoardRow {
    name: String,
    game: String,
    size: Size,
    description: String,
    group: String,
    default: bool,
    aliases: Vec<String>,
}

#[test]
fn boards_gives_each_size_as_numbers() {
    // Sizes from the board files: the 1984 board has 134 spaces and Scheffer's 66 cards;
    // Chutes and Ladders 100 squares, 9 ladders, 10 chutes and a spinner of 6.
    let v = run_json(&["boards", "--json"]);
    let rows: Vec<BoardRow> = serde_json::from_value(v["items"].clone()).unwrap();
    let of = |name: &str| &rows.iter().find(|r| r.name == name).unwrap().size;
    let candy = of("candy-land-1984");
    assert_eq!((candy.spaces, candy.cards), (134, Some(66)));
    assert!(candy.faces.is_none() && candy.ladders.is_none() && candy.chutes.is_none());
    let chutes = of("chutes-and-ladders");
    assert_eq!(
        (chutes.spaces, chutes.faces, chutes.ladders, chutes.chutes),
        (100, Some(6), Some(9), Some(10))
    );
    assert!(chutes.cards.is_none());
    let cherries = of("hi-ho-cherry-o");
    assert_eq!((cherries.spaces, cherries.faces), (10, Some(7)));
}

#[test]
fn a_sample_counted_in_rounds_keys_its_quantiles_rounds() {
    // `simulate` with 3 players: its turns' quantiles are {p, turns}, its rounds' {p, rounds};
    // a round is 3 turns, so a quantile in rounds is about a third of the one in turns.
    let v = run_json(&[
        "simulate",
        "--players",
        "3",
        "--games",
        "3000",
        "--seed",
        "2",
        "--json",
    ]);
    for (unit, q) in [("turns", &v["turns"]), ("rounds", &v["rounds"])] {
        for level in q["quantiles"].as_array().unwrap() {
            let keys: Vec<&str> = level
                .as_object()
                .unwrap()
                .keys()
                .map(String::as_str)
                .collect();
            assert_eq!(keys, ["p", unit], "{level}");
        }
    }
    let (t, r) = (
        v["turns"]["quantiles"][0]["turns"].as_f64().unwrap(),
        v["rounds"]["quantiles"][0]["rounds"].as_f64().unwrap(),
    );
    assert!((t / 3.0 - r).abs() <= 1.0, "{t} turns, {r} rounds");
    // The same in `players`' finite-deck simulation.
    let p = run_json(&[
        "players", "-p", "2", "-n", "2000", "--deck", "shuffled", "--json",
    ]);
    let rounds = &p["rows"][0]["finite_deck"]["rounds"]["quantiles"];
    assert!(
        rounds
            .as_array()
            .unwrap()
            .iter()
            .all(|q| q.get("rounds").is_some() && q.get("turns").is_none()),
        "{rounds}"
    );
}

#[test]
fn analyze_cut_by_the_budget_lists_the_figures_it_did_not_compute_and_why() {
    // The loop board's expected length is about 1e24 turns: its whole distribution cannot fit
    // any budget, so `analyze` gives the moments and says what a full answer would hold.
    let (_dir, paths) = dir_with(&[("loop.toml", crate::hostile_numbers::LOOP_BOARD)]);
    let cut = run_json(&["analyze", paths[0].to_str().unwrap(), "--json"]);
    let left = &cut["not_computed"];
    let keys: Vec<&str> = left["keys"]
        .as_array()
        .expect("not_computed.keys")
        .iter()
        .map(|k| k.as_str().unwrap())
        .collect();
    for key in ["median", "mode", "quantiles", "pmf", "tail"] {
        let named = keys.contains(&key) || cut.get(key).is_some();
        assert!(named, "{key} is neither given nor listed: {keys:?}");
    }
    // Every key listed is one a full document has and this one lacks.
    let full = run_json(&["analyze", "candy-land-1984", "--json"]);
    for key in &keys {
        assert!(full.get(key).is_some(), "{key} is a key of a full answer");
        assert!(cut.get(key).is_none(), "{key} is left out");
    }
    let why = left["why"].as_str().unwrap();
    assert!(
        why.contains("--max-turns") && why.contains("budget"),
        "{why}"
    );
    // Asked for the moments alone, nothing was left out that was wanted.
    let asked = run_json(&["analyze", "candy-land-1984", "--moments-only", "--json"]);
    assert!(asked.get("not_computed").is_none(), "{asked}");
}
