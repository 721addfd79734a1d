//! The binary end to end, command by command after `analyze` and `simulate`: bad simulation
//! flags, `crosscheck`, `players`, `spaces`, `whatif`, `compare` (each side with its own flags).
//! JSON is parsed back into structs with `deny_unknown_fields`.

use crate::common::{candyland, tol};
use approx::assert_relative_eq;
use serde::Deserialize;

use super::cli::{
    json, stdout, DrawsJson, QuantileJson, ShortestJson, SimulateJson, SummaryJson, TailJson,
};

#[test]
fn bad_simulation_flags_exit_with_code_2_before_any_work() {
    for args in [
        &["simulate", "clark-program", "--games", "0"][..],
        &["simulate", "clark-program", "--players", "9"],
        &["simulate", "clark-program", "--players", "0"],
        &["simulate", "clark-program", "--deck", "stacked"],
        &["simulate", "clark-program", "--threads", "0"],
        &[
            "simulate",
            "clark-program",
            "--lengths",
            "/no/such/folder/lengths.txt",
        ],
        &["crosscheck", "clark-program", "--games", "1"],
    ] {
        let out = candyland().args(args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}");
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct CrossCheckJson {
    schema_version: u32,
    command: String,
    board: String,
    variant: String,
    games: u64,
    seed: u64,
    exact: ExactLengthJson,
    iid: IidJson,
    #[serde(rename = "finite_deck")]
    shuffled: FiniteDeckJson,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct ExactLengthJson {
    mean: f64,
    sd: f64,
    median: usize,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct ChiJson {
    statistic: f64,
    degrees_of_freedom: usize,
    p_value: f64,
    bins: usize,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct IidJson {
    sample: SummaryJson,
    z_mean: f64,
    chi_square: Option<ChiJson>,
    max_cdf_gap: f64,
    max_cdf_gap_at: usize,
    unfinished: u64,
    consistent: bool,
    verdict: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct FiniteDeckJson {
    sample: SummaryJson,
    mean_difference: f64,
    difference_ci95: [f64; 2],
    median_difference: i64,
    significant: bool,
    statement: String,
}

#[test]
fn crosscheck_gives_a_verdict_and_the_finite_deck_effect() {
    let out = stdout(&["crosscheck", "clark-program", "--games", "100000", "--json"]);
    let c: CrossCheckJson = serde_json::from_str(&out).unwrap();
    assert!(c.iid.consistent, "{}", c.iid.verdict);
    assert!(c.iid.verdict.starts_with("CONSISTENT"));
    let ci = c.shuffled.difference_ci95;
    assert!(ci[0] < c.shuffled.mean_difference && c.shuffled.mean_difference < ci[1]);
    assert!(
        c.shuffled.significant && ci[1] < 0.0,
        "{}",
        c.shuffled.statement
    );
    assert!(c.shuffled.statement.contains("shorter"));
    let table = stdout(&["crosscheck", "treats", "--games", "20000"]);
    assert!(table.contains("CONSISTENT") || table.contains("INCONSISTENT"));
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct LengthJson {
    mean: f64,
    /// Present only when the mean is not known exactly.
    mean_range: Option<[f64; 2]>,
    median: usize,
    #[serde(default)]
    median_lower_bound: bool,
    #[serde(default)]
    pmf: Vec<f64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct FirstFinisherJson {
    rounds: LengthJson,
    turns: LengthJson,
    win: Vec<f64>,
    undecided: f64,
    win_by_round: Vec<Vec<f64>>,
    unfinished_mass: f64,
    route: String,
    rounds_quantiles: Vec<serde_json::Value>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct EveryoneJson {
    rounds: LengthJson,
    turns: LengthJson,
    mean_place: Vec<f64>,
    mean_place_range: Option<Vec<[f64; 2]>>,
    unfinished_mass: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct ExactPlayersJson {
    players: usize,
    truncated: bool,
    unfinished_mass: f64,
    last_turn: usize,
    tolerance: f64,
    first_finisher: FirstFinisherJson,
    everyone: EveryoneJson,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct PlayersRowJson {
    players: usize,
    exact: ExactPlayersJson,
    iid: SimulateJson,
    #[serde(rename = "finite_deck")]
    shuffled: SimulateJson,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct PlayersJson {
    schema_version: u32,
    command: String,
    board: String,
    variant: String,
    games: u64,
    seed: u64,
    rows: Vec<PlayersRowJson>,
}

#[test]
fn players_shows_one_to_four_players_with_simulations_side_by_side() {
    let out = stdout(&["players", "clark-program", "--games", "20000", "--json"]);
    let p: PlayersJson = serde_json::from_str(&out).unwrap();
    let ks: Vec<usize> = p.rows.iter().map(|r| r.players).collect();
    assert_eq!(ks, [1, 2, 3, 4]);
    for r in &p.rows {
        assert_eq!(r.exact.first_finisher.win.len(), r.players);
        assert_eq!((r.iid.players, r.shuffled.players), (r.players, r.players));
        assert_eq!(r.shuffled.deck, "shuffled");
    }
    let table = stdout(&[
        "players",
        "clark-program",
        "--players",
        "3",
        "--games",
        "5000",
    ]);
    assert!(
        table.contains("seat 1") && table.contains("everyone finishes"),
        "{table}"
    );
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct SpaceJson {
    number: usize,
    name: String,
    note: String,
    space: usize,
    finish: bool,
    expected_remaining: Option<f64>,
    expected_landings: f64,
    p_land: f64,
    expected_turns_on: f64,
    p_caught: f64,
    expected_turns_lost: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct EventJson {
    event: String,
    expected: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct SpacesJson {
    schema_version: u32,
    command: String,
    board: String,
    variant: String,
    first_number: usize,
    spaces: Vec<SpaceJson>,
    events: Vec<EventJson>,
    cards: f64,
}

#[test]
fn spaces_json_and_csv_cover_every_space() {
    let s: SpacesJson =
        serde_json::from_str(&stdout(&["spaces", "clark-program", "--json"])).unwrap();
    // 134 spaces, then the finish past the last one: landed on once by every game. Each
    // space's number and name sit beside its figures.
    assert_eq!(s.spaces.len(), 135);
    let finish = &s.spaces[134];
    assert!(finish.finish && finish.expected_landings == 1.0 && finish.p_land == 1.0);
    assert_eq!((finish.number, finish.name.as_str()), (134, "finish"));
    assert!(s.spaces[..134].iter().all(|f| !f.finish));
    assert!(s
        .spaces
        .iter()
        .enumerate()
        .all(|(i, f)| f.space == i && f.number == i));
    assert_eq!(s.spaces[8].name, "Plumpy");
    assert!(s.spaces[47].note.contains("licorice"));
    assert!(s.spaces[47].p_caught > 0.0 && s.spaces[48].p_caught == 0.0);
    // A shortcut's start is never rested on.
    assert!(s.spaces[4].expected_remaining.is_none());
    let names: Vec<&str> = s.events.iter().map(|e| e.event.as_str()).collect();
    assert_eq!(
        names,
        [
            "licorice",
            "turn-lost",
            "shortcut",
            "landmark-forward",
            "landmark-backward"
        ]
    );
    // Each game declares its own events: a Chutes and Ladders board lists none of Candy Land's.
    let chutes: SpacesJson =
        serde_json::from_str(&stdout(&["spaces", "chutes-and-ladders", "--json"])).unwrap();
    let names: Vec<&str> = chutes.events.iter().map(|e| e.event.as_str()).collect();
    // Squares count from 1: square 1 is index 0.
    assert_eq!((chutes.spaces[0].number, chutes.first_number), (1, 1));
    assert_eq!(chutes.spaces[0].name, "square 1");
    assert_eq!(
        names,
        ["turn-lost", "ladder", "chute", "overshoot", "roll-again"]
    );
    let csv = stdout(&["spaces", "clark-program", "--csv"]);
    assert_eq!(csv.lines().count(), 136);
    assert!(csv
        .lines()
        .last()
        .unwrap()
        .starts_with("134,finish,true,0,1,1,0,"));
    assert!(stdout(&["spaces", "clark-program"]).contains("Expected events per game"));
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct ChangeJson {
    change: String,
    #[serde(rename = "mean")]
    expected_turns: Option<f64>,
    difference: Option<f64>,
    unsolved: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct WhatIfJson {
    schema_version: u32,
    command: String,
    board: String,
    variant: String,
    #[serde(rename = "mean")]
    expected_turns: f64,
    by_kind: Vec<ChangeJson>,
    by_element: Vec<ChangeJson>,
}

#[test]
fn whatif_lists_kinds_and_ranked_elements() {
    let w: WhatIfJson =
        serde_json::from_str(&stdout(&["whatif", "clark-program", "--json"])).unwrap();
    let kinds: Vec<&str> = w.by_kind.iter().map(|c| c.change.as_str()).collect();
    assert_eq!(
        kinds,
        ["without licorice", "without landmarks", "without shortcuts"]
    );
    assert_eq!(w.by_element.len(), 11);
    assert!(w.by_element.iter().all(|c| c.unsolved.is_none()));
    let table = stdout(&["whatif", "treats"]);
    assert!(table.contains("without the Ice Pop cards (2)"), "{table}");
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct MainJson {
    board: String,
    states: usize,
    #[serde(rename = "mean")]
    expected_turns: f64,
    #[serde(rename = "sd")]
    std_dev: f64,
    shortest_game: ShortestJson,
    median: usize,
    mode: usize,
    quantiles: Vec<QuantileJson>,
    #[serde(rename = "tail")]
    longer_than: Vec<TailJson>,
    draws: DrawsJson,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct CompareJson {
    schema_version: u32,
    command: String,
    variant: String,
    a_variant: String,
    b_variant: String,
    a: MainJson,
    b: MainJson,
}

#[test]
fn compare_puts_two_boards_side_by_side() {
    let c: CompareJson =
        serde_json::from_str(&stdout(&["compare", "clark-program", "treats", "--json"])).unwrap();
    assert_eq!(
        (c.a.board.as_str(), c.b.board.as_str()),
        ("clark-program", "treats")
    );
    let a = json(&["analyze", "treats", "--json"]);
    assert_relative_eq!(
        c.b.expected_turns,
        a.expected_turns,
        max_relative = tol::SAME_QUANTITY
    );
    let table = stdout(&["compare", "treats", "jones-program"]);
    assert!(table.contains("difference") && table.contains("expected turns"));
}
#[test]
fn compare_takes_each_side_with_its_own_flags() {
    // Two rule variants of one board, without editing a copy of the file.
    let c: CompareJson = serde_json::from_str(&stdout(&[
        "compare",
        "clark-program",
        "clark-program --licorice none",
        "--json",
    ]))
    .unwrap();
    assert_eq!(
        (c.a_variant.as_str(), c.b_variant.as_str()),
        ("", "--licorice none")
    );
    let none = json(&["analyze", "clark-program", "--licorice", "none", "--json"]);
    assert_relative_eq!(
        c.b.expected_turns,
        none.expected_turns,
        max_relative = tol::SAME_QUANTITY
    );
    assert_eq!(
        format!("{:.2}", c.a.expected_turns - c.b.expected_turns),
        "4.09"
    );
    // A side's own flag overrides the flag given for both.
    let c: CompareJson = serde_json::from_str(&stdout(&[
        "compare",
        "clark-program --licorice lose-next-turn",
        "clark-program",
        "--licorice",
        "none",
        "--json",
    ]))
    .unwrap();
    let lose = json(&[
        "analyze",
        "clark-program",
        "--licorice",
        "lose-next-turn",
        "--json",
    ]);
    assert_relative_eq!(
        c.a.expected_turns,
        lose.expected_turns,
        max_relative = tol::SAME_QUANTITY
    );
    assert_relative_eq!(
        c.b.expected_turns,
        none.expected_turns,
        max_relative = tol::SAME_QUANTITY
    );
    let table = stdout(&["compare", "clark-program", "clark-program --licorice none"]);
    assert!(
        table.contains("B: clark-program --licorice none") && table.contains("-4.0871"),
        "{table}"
    );
    for (side, fragment) in [
        ("clark-program --licorise none", "--licorise"),
        ("clark-program 'unclosed", "missing closing quote"),
    ] {
        let out = candyland()
            .args(["compare", "clark-program", side])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("BOARD_B") && err.contains(fragment), "{err}");
    }
}
