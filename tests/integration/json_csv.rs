//! Every table has a CSV with the JSON's keys and values.

use crate::common::{candyland, dir_with};

use super::json::run_json;

/// The CSV of `args` as (header, rows of cells).
fn csv_of(args: &[&str]) -> (Vec<String>, Vec<Vec<String>>) {
    let out = candyland().args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}");
    let mut r = csv::Reader::from_reader(&out.stdout[..]);
    let header = r.headers().unwrap().iter().map(String::from).collect();
    let rows = r
        .records()
        .map(|rec| rec.unwrap().iter().map(String::from).collect())
        .collect();
    (header, rows)
}

fn cell(header: &[String], row: &[String], key: &str) -> f64 {
    let i = header
        .iter()
        .position(|h| h == key)
        .unwrap_or_else(|| panic!("{key}"));
    row[i]
        .parse()
        .unwrap_or_else(|_| panic!("{key}: {:?}", row[i]))
}

#[test]
fn every_table_has_a_csv_with_the_json_keys_and_values() {
    // players: one row per (K, seat), the seat's exact chance to win as in the JSON.
    let args = ["players", "-p", "3", "-n", "2000"];
    let (h, rows) = csv_of(&[&args[..], &["--csv"]].concat());
    let j = run_json(&[&args[..], &["--json"]].concat());
    assert_eq!(rows.len(), 3);
    for (seat, row) in rows.iter().enumerate() {
        let win = &j["rows"][0]["exact"]["first_finisher"]["win"][seat];
        assert_eq!(cell(&h, row, "win"), win.as_f64().unwrap());
        let mean = &j["rows"][0]["exact"]["first_finisher"]["turns"]["mean"];
        assert_eq!(cell(&h, row, "turns_mean"), mean.as_f64().unwrap());
        let sim = &j["rows"][0]["finite_deck"]["win"][seat];
        assert_eq!(cell(&h, row, "finite_deck_win"), sim.as_f64().unwrap());
    }
    // compare: the figures of both sides, the difference beside them.
    let args = ["compare", "clark-program", "clark-program --licorice none"];
    let (h, rows) = csv_of(&[&args[..], &["--csv"]].concat());
    let j = run_json(&[&args[..], &["--json"]].concat());
    let mean = rows.iter().find(|r| r[0] == "mean").expect("a mean row");
    assert_eq!(cell(&h, mean, "a"), j["a"]["mean"].as_f64().unwrap());
    assert_eq!(cell(&h, mean, "b"), j["b"]["mean"].as_f64().unwrap());
    assert!((cell(&h, mean, "difference") + 4.0871).abs() < 1e-4);
    // crosscheck: one row per simulation, the sample beside the exact figures.
    let args = ["crosscheck", "-n", "2000"];
    let (h, rows) = csv_of(&[&args[..], &["--csv"]].concat());
    let j = run_json(&[&args[..], &["--json"]].concat());
    assert_eq!((rows[0][0].as_str(), rows.len()), ("iid", 2));
    assert_eq!(
        cell(&h, &rows[0], "mean"),
        j["iid"]["sample"]["mean"].as_f64().unwrap()
    );
    assert_eq!(
        cell(&h, &rows[1], "mean_difference"),
        j["finite_deck"]["mean_difference"].as_f64().unwrap()
    );
    assert_eq!(
        cell(&h, &rows[0], "exact_mean"),
        j["exact"]["mean"].as_f64().unwrap()
    );
    // forever: the survey, one row per number of players.
    let args = ["forever", "--orders", "300"];
    let (h, rows) = csv_of(&[&args[..], &["--csv"]].concat());
    let j = run_json(&[&args[..], &["--json"]].concat());
    let survey = j["survey"]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), survey.len());
    for (row, want) in rows.iter().zip(survey) {
        assert_eq!(cell(&h, row, "looping"), want["looping"].as_f64().unwrap());
    }
    // odds: one row per seat.
    let args = ["odds", "--at", "80", "--at", "47", "--to-move", "2"];
    let (h, rows) = csv_of(&[&args[..], &["--csv"]].concat());
    let j = run_json(&[&args[..], &["--json"]].concat());
    assert_eq!(rows.len(), 2);
    for (seat, row) in rows.iter().enumerate() {
        assert_eq!(cell(&h, row, "win"), j["win"][seat].as_f64().unwrap());
        let alone = &j["seats"][seat]["alone"]["mean"];
        assert_eq!(cell(&h, row, "alone_mean"), alone.as_f64().unwrap());
    }
    assert_eq!(
        (rows[0][1].as_str(), rows[1][1].as_str()),
        ("false", "true")
    );
    // check: the ranking, best first, as in the JSON; with --summary, the reference's tests.
    let (dir, _) = dir_with(&[]);
    let lengths = dir.path().join("lengths.txt");
    let lengths = lengths.to_str().unwrap();
    let sim = ["simulate", "-n", "2000", "-s", "3", "--lengths", lengths];
    assert!(candyland().args(sim).output().unwrap().status.success());
    let args = [
        "check",
        lengths,
        "--vary",
        "licorice",
        "--reference-games",
        "2000",
    ];
    let (h, rows) = csv_of(&[&args[..], &["--csv"]].concat());
    let j = run_json(&[&args[..], &["--json"]].concat());
    let ranking = j["ranking"].as_array().unwrap();
    assert_eq!(rows.len(), ranking.len());
    for (row, want) in rows.iter().zip(ranking) {
        assert_eq!(row[1], want["candidate"].as_str().unwrap());
        assert_eq!(cell(&h, row, "z_mean"), want["z_mean"].as_f64().unwrap());
    }
    let summary = ["check", "--summary", "games=10000 mean=38.69 median=33"];
    let (h, rows) = csv_of(&[&summary[..], &["--vary", "licorice", "--csv"]].concat());
    let j = run_json(&[&summary[..], &["--vary", "licorice", "--json"]].concat());
    assert_eq!(rows.len(), j["reference"].as_array().unwrap().len());
    assert_eq!(
        cell(&h, &rows[0], "p_value"),
        j["reference"][0]["p_value"].as_f64().unwrap()
    );
    // passage: the distribution, one row per turn; --every, one row per target.
    let args = ["passage", "--to", "licorice"];
    let (h, rows) = csv_of(&[&args[..], &["--csv"]].concat());
    let j = run_json(&[&args[..], &["--json"]].concat());
    assert_eq!(rows.len(), j["pmf"].as_array().unwrap().len());
    for (n, row) in rows.iter().enumerate() {
        assert_eq!(cell(&h, row, "pmf"), j["pmf"][n].as_f64().unwrap());
        assert_eq!(
            cell(&h, row, "survival"),
            j["survival"][n].as_f64().unwrap()
        );
    }
    let args = ["passage", "chutes-and-ladders", "--every"];
    let (h, rows) = csv_of(&[&args[..], &["--csv"]].concat());
    let j = run_json(&[&args[..], &["--json"]].concat());
    let targets = j["targets"].as_array().unwrap();
    assert_eq!(rows.len(), targets.len());
    for (row, want) in rows.iter().zip(targets) {
        let name = h.iter().position(|c| c == "name").unwrap();
        assert_eq!(row[name], want["name"].as_str().unwrap());
        assert_eq!(
            cell(&h, row, "probability"),
            want["probability"].as_f64().unwrap()
        );
    }
    // transitions --fundamental: the matrix, row by row.
    let args = ["transitions", "hi-ho-cherry-o", "--fundamental"];
    let (h, rows) = csv_of(&[&args[..], &["--csv"]].concat());
    let j = run_json(&[&args[..], &["--json"]].concat());
    assert_eq!(rows.len(), j["states"].as_u64().unwrap() as usize);
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(cell(&h, row, "from"), i as f64);
        for (k, v) in j["rows"][i]["visits"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
        {
            assert_eq!(cell(&h, row, &k.to_string()), v.as_f64().unwrap());
        }
    }
    // --json and --csv together are refused.
    let out = candyland()
        .args(["compare", "clark-program", "treats", "--json", "--csv"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
