//! What-if rows equal separate exact runs of the modified board files.

use approx::assert_relative_eq;

use serde::Deserialize;
use serde_json::json;

use candyland::internals::budget::Budget;
use candyland::internals::games::load::read_board;
use candyland::internals::games::Variant;
use candyland::internals::games::{CandyLand, RaceTrack, Source};
use candyland::internals::results::whatif::{RuleChange, RuleRanking, WhatIf};

use crate::common::{analysis, run, tol};

fn row(w: &WhatIf, change: &str) -> f64 {
    w.by_kind
        .iter()
        .chain(&w.by_element)
        .find(|c| c.change == change)
        .unwrap_or_else(|| panic!("no row {change:?}"))
        .expected_turns
        .unwrap()
}

#[test]
fn whatif_rows_equal_analyze_on_the_edited_files() {
    let classic = crate::shipped_text("clark-program");
    let w = WhatIf::of(
        &read_board(Some("clark-program"))
            .unwrap()
            .parse::<CandyLand>()
            .unwrap(),
        &Variant::default(),
        &Budget::default(),
    )
    .unwrap();
    assert_relative_eq!(
        w.expected_turns,
        analysis(classic).expected_turns,
        max_relative = tol::SAME_QUANTITY
    );
    let edits: [(&str, &str, &str); 5] = [
        (
            "without licorice on 47 (yellow)",
            "licorice = [47, 85, 120]",
            "licorice = [85, 120]",
        ),
        (
            "without shortcut 4 -> 58",
            "shortcuts = [{ from = 4, to = 58 }, { from = 33, to = 46 }]",
            "shortcuts = [{ from = 33, to = 46 }]",
        ),
        (
            "without the Plumpy card (1)",
            "\"Plumpy\" = 1",
            "\"Plumpy\" = 0",
        ),
        (
            "without licorice",
            "licorice = [47, 85, 120]",
            "licorice = []",
        ),
        (
            "without shortcuts",
            "shortcuts = [{ from = 4, to = 58 }, { from = 33, to = 46 }]",
            "shortcuts = []",
        ),
    ];
    for (change, from, to) in edits {
        assert!(classic.contains(from), "{from}");
        let edited = classic.replace(from, to);
        let exact = analysis(&edited).expected_turns;
        assert_relative_eq!(row(&w, change), exact, max_relative = tol::SAME_QUANTITY);
    }
    // Ranked by the size of the effect.
    let sizes: Vec<f64> = w
        .by_element
        .iter()
        .map(|c| c.difference.unwrap().abs())
        .collect();
    assert!(sizes.windows(2).all(|p| p[0] >= p[1]));
    assert_eq!(w.by_element.len(), 3 + 2 + 6);
}

/// The rule ranking of a board given as TOML.
fn ranking<G: candyland::internals::games::Game>(
    toml: &str,
) -> candyland::internals::results::whatif::RuleRanking {
    let source = Source::<G>::parse("test board", toml).unwrap();
    RuleRanking::of(&source, &Variant::default(), &Budget::default()).unwrap()
}

fn rule_row<'a>(r: &'a RuleRanking, label: &str) -> &'a RuleChange {
    r.rules
        .iter()
        .find(|c| c.label == label)
        .unwrap_or_else(|| panic!("no row {label:?}"))
}

#[test]
fn the_rule_ranking_of_a_tiny_race_by_hand() {
    // 3 squares, faces +1 and +5 (1/2 each), passing the last square wins. From k, +1 goes
    // to k + 1 (square 3 wins), +5 always wins: E_2 = 1, E_1 = 1 + E_2/2 = 3/2,
    // E_0 = 1 + E_1/2 = 7/4.
    // overshoot stay: +5 never moves, so each of the 3 squares takes 2 turns on average: 6,
    // +17/4. overshoot bounce: invalid (a face moves 5 > 3 squares), no figure. The other
    // rules (jump-costs-turn, back-by, chain-jumps) do nothing on a board without jumps or
    // back faces: difference 0. Ranked: stay, the four zeros in the game's order, bounce last.
    let r = ranking::<RaceTrack>(
        "game = \"race\"\nname = \"r\"\n[board]\nsquares = 3\n[spinner]\nfaces = [1, 5]\n[rules]\novershoot = \"win\"\n",
    );
    assert_relative_eq!(r.mean, 1.75, max_relative = tol::SAME_QUANTITY);
    let labels: Vec<&str> = r.rules.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "overshoot stay",
            "jump-costs-turn true",
            "back-by 1",
            "back-by 2",
            "chain-jumps true",
            "overshoot bounce"
        ]
    );
    let stay = rule_row(&r, "overshoot stay");
    assert_relative_eq!(stay.mean.unwrap(), 6.0, max_relative = tol::SAME_QUANTITY);
    assert_relative_eq!(
        stay.difference.unwrap(),
        4.25,
        max_relative = tol::SAME_QUANTITY
    );
    assert_eq!(
        (stay.rule.as_str(), &stay.value),
        ("overshoot", &json!("stay"))
    );
    assert_eq!(rule_row(&r, "back-by 1").value, json!(1));
    assert_eq!(rule_row(&r, "chain-jumps true").value, json!(true));
    for c in &r.rules[1..5] {
        assert_eq!(c.difference, Some(0.0), "{}", c.label);
    }
    let bounce = rule_row(&r, "overshoot bounce");
    assert_eq!((bounce.mean, bounce.difference), (None, None));
    let why = bounce.unsolved.as_deref().unwrap();
    assert!(
        why.contains("invalid") && why.contains("a face moves 5"),
        "{why}"
    );
}

#[test]
fn the_rule_ranking_of_a_tiny_candy_land_board_by_hand() {
    // Spaces [red, blue, red], red and blue 1/2 each, start before space 0, default rules.
    // S: red -> 0, blue -> 1; 0: red -> 2, blue -> 1; 1: red -> 2, blue -> done; 2: done.
    // E_2 = 1, E_1 = 1 + E_2/2 = 3/2, E_0 = 1 + (E_2 + E_1)/2 = 9/4,
    // E_S = 1 + (E_0 + E_1)/2 = 23/8.
    // land-on-last-wins true: landing on 2 ends the game: E_1 = 1, E_0 = 1 + E_1/2 = 3/2,
    // E_S = 1 + (3/2 + 1)/2 = 9/4: -5/8. start first-space: E_0 = 9/4: -5/8 as well.
    // No licorice, landmark or double card: every other rule changes nothing.
    let r = ranking::<CandyLand>(
        "name = \"t\"\n[board]\nspaces = [\"red\", \"blue\", \"red\"]\n[deck.single]\nred = 1\nblue = 1\n",
    );
    assert_relative_eq!(r.mean, 23.0 / 8.0, max_relative = tol::SAME_QUANTITY);
    for label in ["land-on-last-wins true", "start first-space"] {
        let d = rule_row(&r, label).difference.unwrap();
        assert_relative_eq!(d, -0.625, max_relative = tol::SAME_QUANTITY);
    }
    assert!(r.rules[2..].iter().all(|c| c.difference == Some(0.0)));
    // One row per value other than the board's: licorice 2, landmark-frees 1, doubles 1,
    // double-shortcut 2, double-licorice 2, landmark-direction 1, start 1, land-on-last-wins 1.
    assert_eq!(r.rules.len(), 11);
    assert!(r.rules.iter().all(|c| c.label != "licorice lose-next-turn"));
}

#[test]
fn every_rule_row_equals_analyze_with_that_rule() {
    crate::each_game!(rule_rows_of);
}

/// On every shipped board of `G`: a row for each value of each rule but the board's own, its
/// E[T] that of the board with that one flag, ranked by the size of the effect.
fn rule_rows_of<G: candyland::internals::games::Game>() {
    for (name, text, _) in crate::common::shipped_of::<G>() {
        let r = ranking::<G>(text);
        let values: usize = G::rule_space().iter().map(|(_, v)| v.len() - 1).sum();
        assert_eq!(r.rules.len(), values, "{name}");
        for c in &r.rules {
            let value: toml::Value = toml::Value::try_from(&c.value).unwrap();
            let variant = Variant::default().with_rule(&c.rule, value);
            let g: G = crate::common::board(text, &variant);
            let exact = crate::common::mean_turns(&g);
            assert_relative_eq!(c.mean.unwrap(), exact, max_relative = tol::SAME_QUANTITY);
            assert_relative_eq!(
                c.difference.unwrap(),
                exact - r.mean,
                max_relative = 1e-9,
                epsilon = 1e-12
            );
        }
        let sizes: Vec<f64> = r
            .rules
            .iter()
            .map(|c| c.difference.unwrap().abs())
            .collect();
        assert!(sizes.windows(2).all(|p| p[0] >= p[1]), "{name}");
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct RuleRowJson {
    label: String,
    rule: String,
    value: serde_json::Value,
    mean: Option<f64>,
    difference: Option<f64>,
    unsolved: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct RulesJson {
    schema_version: u32,
    command: String,
    board: String,
    variant: String,
    mean: f64,
    rules: Vec<RuleRowJson>,
}

#[test]
fn whatif_rules_end_to_end_as_table_json_and_csv() {
    for board in ["clark-program", "chutes-and-ladders", "hi-ho-cherry-o"] {
        let (code, out, err) = run(&["whatif", board, "--rules", "--json"]);
        assert_eq!(code, 0, "{err}");
        let j: RulesJson = serde_json::from_str(&out).unwrap();
        assert_eq!((j.schema_version, j.command.as_str()), (3, "whatif"));
        assert_eq!(j.board, board);
        assert!(!j.rules.is_empty());
        let (_, table, _) = run(&["whatif", board, "--rules"]);
        assert!(table.contains(&j.rules[0].label), "{table}");
        let (_, csv, _) = run(&["whatif", board, "--rules", "--csv"]);
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(
            lines[0],
            "section,label,rule,value,mean,difference,unsolved"
        );
        assert_eq!(lines.len(), j.rules.len() + 1);
        assert!(lines[1].starts_with(&format!("rules,{},{},", j.rules[0].label, j.rules[0].rule)));
    }
    // An empty list is written `none` in the label and the CSV, `[]` in JSON.
    let (_, out, _) = run(&[
        "whatif",
        "chutes-and-ladders",
        "--rules",
        "--roll-again",
        "6",
        "--json",
    ]);
    let j: RulesJson = serde_json::from_str(&out).unwrap();
    let none = j
        .rules
        .iter()
        .find(|c| c.label == "roll-again none")
        .unwrap();
    assert_eq!(none.value, json!([]));
    // The removals as CSV: one row per row of the JSON, `rule` and `value` empty.
    let (_, csv, _) = run(&["whatif", "clark-program", "--csv"]);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "section,label,rule,value,mean,difference,unsolved"
    );
    assert_eq!(lines.len(), 1 + 3 + 11);
    assert!(lines[1].starts_with("by_kind,without licorice,,,36.67"));
    assert!(lines[4].starts_with("by_element,"));
    let (code, _, err) = run(&["whatif", "--json", "--csv"]);
    assert_eq!(code, 2, "{err}");
}
