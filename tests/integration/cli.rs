//! The binary end to end. JSON output is parsed back into structs declared here, with
//! `deny_unknown_fields`, so any change to the schema shows up as a failing test.

use approx::assert_relative_eq;
use serde::Deserialize;

use crate::common::{candyland, tol};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct AnalyzeJson {
    schema_version: u32,
    command: String,
    board: String,
    description: String,
    source: String,
    rules: serde_json::Value,
    rules_text: String,
    variant: String,
    spaces: usize,
    size: String,
    draws: DrawsJson,
    cards: u32,
    states: usize,
    #[serde(rename = "mean")]
    expected_turns: f64,
    #[serde(rename = "mean_exact")]
    expected_turns_exact: Option<ExactJson>,
    variance: f64,
    #[serde(rename = "sd")]
    std_dev: f64,
    shortest_game: ShortestJson,
    median: usize,
    median_lower_bound: bool,
    mode: usize,
    mode_settled: bool,
    secondary_modes: Vec<usize>,
    quantiles: Vec<QuantileJson>,
    #[serde(rename = "tail")]
    longer_than: Vec<TailJson>,
    unfinished_mass: f64,
    truncated: bool,
    tolerance: f64,
    pmf: Vec<f64>,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct ExactJson {
    num: String,
    den: String,
    float: f64,
}

impl ExactJson {
    fn text(&self) -> String {
        format!("{}/{}", self.num, self.den)
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct DrawsJson {
    word: String,
    mean: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ShortestJson {
    turns: usize,
    draws: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct QuantileJson {
    p: f64,
    turns: usize,
    /// Present (true) only past a cut distribution.
    #[serde(default)]
    lower_bound: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TailJson {
    turns: usize,
    probability: f64,
    /// Present (true) only past a cut distribution.
    #[serde(default)]
    upper_bound: bool,
}

fn stdout(args: &[&str]) -> String {
    let out = candyland().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn json(args: &[&str]) -> AnalyzeJson {
    serde_json::from_str(&stdout(args)).expect("valid JSON with exactly the documented keys")
}

fn tiny() -> String {
    format!(
        "{}/tests/fixtures/valid/tiny.toml",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn analyze_json_has_the_documented_keys_and_consistent_figures() {
    let a = json(&["analyze", "clark-program", "--json"]);
    assert_eq!(a.board, "clark-program");
    assert_eq!((a.spaces, a.cards), (134, 66));
    // Stuck-until-color licorice loses turns but still draws cards: cards = turns.
    assert_relative_eq!(
        a.draws.mean,
        a.expected_turns,
        max_relative = tol::SAME_QUANTITY
    );
    assert_relative_eq!(
        a.std_dev * a.std_dev,
        a.variance,
        max_relative = tol::SAME_QUANTITY
    );
    let exact = a.expected_turns_exact.as_ref().unwrap();
    assert!(
        exact.num.len() > 10 && exact.den.len() > 10,
        "a genuine fraction"
    );
    assert_relative_eq!(
        exact.float,
        a.expected_turns,
        max_relative = tol::SAME_QUANTITY
    );
    assert_eq!((a.schema_version, a.command.as_str()), (1, "analyze"));
    assert_eq!(a.rules["licorice"], "stuck-until-color");
    let quantiles: Vec<f64> = a.quantiles.iter().map(|q| q.p).collect();
    assert_eq!(quantiles, [0.9, 0.99, 0.999]);
    assert!(a.quantiles.windows(2).all(|w| w[0].turns <= w[1].turns));
    assert!(a.shortest_game.turns <= a.mode && a.median <= a.quantiles[0].turns);
    let tails: Vec<usize> = a.longer_than.iter().map(|t| t.turns).collect();
    assert_eq!(tails, [50, 100, 200]);
    assert!(a
        .longer_than
        .iter()
        .all(|t| t.probability > 0.0 && t.probability < 1.0));
    assert_eq!(a.shortest_game.draws.len(), a.shortest_game.turns);
}

#[test]
fn analyze_a_board_file_by_path() {
    let a = json(&["analyze", &tiny(), "--json"]);
    assert_eq!(a.board, "tiny");
    assert_eq!(a.expected_turns_exact.unwrap().text(), "9/4");
    assert_eq!(a.states, 3);
}

#[test]
fn the_table_shows_the_main_figures() {
    let out = stdout(&["analyze", &tiny(), "--exact"]);
    for needle in [
        "expected turns",
        "2.250000",
        "9/4",
        "standard deviation",
        "shortest game",
        "median",
        "mode",
        "99.9% of games end by",
        "P(longer than 200 turns)",
        "expected cards drawn",
    ] {
        assert!(out.contains(needle), "missing {needle:?} in:\n{out}");
    }
}

#[test]
fn csv_has_turn_pmf_cdf_survival() {
    let out = stdout(&["analyze", &tiny(), "--csv"]);
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("turn,pmf,cdf,survival"));
    let rows: Vec<Vec<f64>> = lines
        .map(|l| l.split(',').map(|x| x.parse().unwrap()).collect())
        .collect();
    // From the hand derivation: P(T = 2) = 3/4, P(T = 3) = 1/4.
    assert_eq!(rows.len(), 3);
    assert_relative_eq!(rows[1][1], 0.75, max_relative = tol::SAME_QUANTITY);
    assert_relative_eq!(rows[2][2], 1.0, max_relative = tol::SAME_QUANTITY);
    assert!(rows[2][3].abs() < tol::SAME_QUANTITY);
}

#[test]
fn variant_flags_change_the_game_and_are_reported() {
    let base = json(&["analyze", "clark-program", "--json", "--no-exact"]);
    let without = json(&[
        "analyze",
        "clark-program",
        "--json",
        "--no-exact",
        "--without",
        "licorice",
    ]);
    assert!(
        without.expected_turns < base.expected_turns,
        "licorice only costs turns"
    );
    assert_eq!(without.variant, "--without licorice");
    let skip = json(&[
        "analyze",
        "--json",
        "--no-exact",
        "--licorice",
        "lose-next-turn",
    ]);
    assert!(skip.rules_text.contains("lose-next-turn"));
    assert_eq!(skip.rules["licorice"], "lose-next-turn");
    assert!(
        skip.draws.mean < skip.expected_turns,
        "lost turns draw no card"
    );
}

#[test]
fn boards_lists_every_shipped_board() {
    let out = stdout(&["boards"]);
    for name in [
        "candy-land-1984",
        "treats",
        "clark-program",
        "jones-program",
    ] {
        assert!(
            out.lines().any(|l| l.trim_start().starts_with(name)),
            "{name} in:\n{out}"
        );
    }
}

#[test]
fn board_show_prints_every_space_with_its_index() {
    let out = stdout(&["board", "show"]);
    let line = |i: usize| {
        out.lines()
            .find(|l| l.split_whitespace().next() == Some(&i.to_string()))
            .unwrap_or_else(|| panic!("no line for space {i}"))
            .to_string()
    };
    assert!(line(0).contains("red"));
    assert!(line(4).contains("shortcut to 58"));
    assert!(line(8).contains("Plumpy") && line(8).contains("landmark"));
    assert!(line(47).contains("yellow") && line(47).contains("licorice"));
    assert!(line(133).contains("purple") && line(133).contains("last space"));
}

#[test]
fn stopping_at_max_turns_is_reported() {
    let out = stdout(&[
        "analyze",
        "clark-program",
        "--max-turns",
        "30",
        "--no-exact",
    ]);
    assert!(
        out.contains("warning: the turn limit cut the distribution at turn 30,"),
        "{out}"
    );
    assert!(
        out.contains("median                    > 30 turns"),
        "{out}"
    );
    assert!(out.contains("P(longer than 50 turns)   <= 5.53"), "{out}");
    // In JSON: every figure past the cut says it is a bound. (P(T > 30) = 0.553 is more than
    // the chance of any one length, so the mode is not settled.)
    let j = json(&["analyze", "clark-program", "--max-turns", "30", "--json"]);
    assert!(j.truncated && j.median_lower_bound && !j.mode_settled);
    assert_eq!(j.median, 31, "at least 31: one past the cut");
    assert!(j.quantiles.iter().all(|q| q.lower_bound && q.turns == 31));
    assert!(j.longer_than.iter().all(|t| t.upper_bound));
    // A whole distribution has none of the marks.
    let whole = json(&["analyze", "clark-program", "--json"]);
    assert!(!whole.truncated && !whole.median_lower_bound && whole.mode_settled);
    assert!(whole.quantiles.iter().all(|q| !q.lower_bound));
    assert!(whole.longer_than.iter().all(|t| !t.upper_bound));
}

#[test]
fn an_explicit_max_turns_is_obeyed_even_when_it_equals_the_default() {
    // A loop board: E[T] is about 1e24 turns, so without --max-turns the
    // distribution is skipped with a note; --max-turns 100000 (the default's value) given
    // explicitly computes it to turn 100000 and marks it as cut.
    let (_dir, paths) = crate::common::dir_with(&[("loop.toml", crate::hostile::LOOP_BOARD)]);
    let board = paths[0].to_str().unwrap();
    let note = stdout(&["analyze", board]);
    assert!(
        note.contains("note: the full distribution would take about"),
        "{note}"
    );
    let j = json(&["analyze", board, "--max-turns", "100000", "--json"]);
    assert_eq!(j.pmf.len(), 100_001);
    assert!(j.truncated);
}

#[test]
fn a_game_that_can_go_on_forever_is_reported_not_failed() {
    // Red cards only; landing on 0 takes the shortcut to the blue licorice space 1, where
    // stuck-until-color waits for a blue card that the deck does not have: every game is
    // trapped, P(never) = 1.
    let (_dir, paths) = crate::common::dir_with(&[(
        "forever.toml",
        "name = \"forever\"\n[board]\nspaces = [\"red\", \"blue\", \"red\"]\nlicorice = [1]\nshortcuts = [{ from = 0, to = 1 }]\n[deck.single]\nred = 1\n[rules]\nlicorice = \"stuck-until-color\"\n",
    )]);
    let out = candyland().arg("analyze").arg(&paths[0]).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("can go on forever") && stdout.contains("space 1 (blue, licorice)"),
        "{stdout}"
    );
    assert!(stdout.contains("P(a game never ends) = 1/1"), "{stdout}");
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct SummaryJson {
    games: u64,
    /// Present only when games were stopped at the turn limit.
    #[serde(default)]
    cut: u64,
    mean: f64,
    /// Absent when games were cut.
    mean_ci95: Option<[f64; 2]>,
    sd: f64,
    min: usize,
    median: usize,
    #[serde(default)]
    median_lower_bound: bool,
    max: usize,
    quantiles: Vec<QuantileJson>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct SimulateJson {
    #[serde(default)]
    schema_version: u32,
    #[serde(default)]
    command: String,
    board: String,
    variant: String,
    rules: serde_json::Value,
    rules_text: String,
    deck: String,
    players: usize,
    games: u64,
    seed: u64,
    unfinished: u64,
    max_turns: u32,
    turns: SummaryJson,
    rounds: Option<SummaryJson>,
    draws: DrawsJson,
    #[serde(rename = "win")]
    win_share: Vec<f64>,
}

#[test]
fn simulate_json_has_the_documented_keys() {
    let out = stdout(&[
        "simulate",
        "--games",
        "20000",
        "--seed",
        "3",
        "--players",
        "2",
        "--json",
    ]);
    let s: SimulateJson = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (s.deck.as_str(), s.players, s.games, s.seed),
        ("shuffled", 2, 20000, 3)
    );
    assert_eq!((s.turns.games, s.turns.cut, s.unfinished), (20000, 0, 0));
    let ci = s.turns.mean_ci95.expect("no game was cut");
    assert!(ci[0] < s.turns.mean && s.turns.mean < ci[1]);
    assert!(s.rounds.is_some());
    assert_relative_eq!(s.win_share.iter().sum::<f64>(), 1.0, max_relative = 1e-12);
}

#[test]
fn simulate_is_reproducible_from_its_seed_and_writes_lengths_atomically() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lengths.txt");
    let args = |p: &std::path::Path| {
        vec![
            "simulate".to_string(),
            "treats".into(),
            "--games".into(),
            "5000".into(),
            "--deck".into(),
            "iid".into(),
            "--json".into(),
            "--lengths".into(),
            p.display().to_string(),
        ]
    };
    let first = candyland().args(args(&path)).output().unwrap();
    assert!(first.status.success());
    let lengths = std::fs::read_to_string(&path).unwrap();
    let values: Vec<u32> = lengths.lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(values.len(), 5000);
    let s: SimulateJson = serde_json::from_slice(&first.stdout).unwrap();
    let mean = values.iter().map(|&v| f64::from(v)).sum::<f64>() / 5000.0;
    assert_relative_eq!(mean, s.turns.mean, max_relative = 1e-12);
    // Same seed, same output; no temporary file is left behind.
    let again = candyland()
        .args(args(&dir.path().join("again.txt")))
        .output()
        .unwrap();
    assert_eq!(first.stdout, again.stdout);
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn simulate_csv_is_the_histogram() {
    let out = stdout(&["simulate", "clark-program", "--games", "3000", "--csv"]);
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("turns,games,frequency"));
    let games: u64 = lines
        .map(|l| l.split(',').nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(games, 3000);
}

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
struct SpacesFiguresJson {
    spaces: Vec<SpaceJson>,
    events: Vec<EventJson>,
    cards: f64,
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
    names: Vec<String>,
    notes: Vec<String>,
    figures: SpacesFiguresJson,
}

#[test]
fn spaces_json_and_csv_cover_every_space() {
    let s: SpacesJson =
        serde_json::from_str(&stdout(&["spaces", "clark-program", "--json"])).unwrap();
    // 134 spaces, then the finish past the last one: landed on once by every game.
    assert_eq!(s.figures.spaces.len(), 135);
    assert_eq!(s.names.len(), 135);
    let finish = &s.figures.spaces[134];
    assert!(finish.finish && finish.expected_landings == 1.0 && finish.p_land == 1.0);
    assert!(s.figures.spaces[..134].iter().all(|f| !f.finish));
    assert_eq!(s.names[8], "Plumpy");
    assert!(s.notes[47].contains("licorice"));
    assert!(s.figures.spaces[47].p_caught > 0.0 && s.figures.spaces[48].p_caught == 0.0);
    // A shortcut's start is never rested on.
    assert!(s.figures.spaces[4].expected_remaining.is_none());
    let names: Vec<&str> = s.figures.events.iter().map(|e| e.event.as_str()).collect();
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
    let names: Vec<&str> = chutes
        .figures
        .events
        .iter()
        .map(|e| e.event.as_str())
        .collect();
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

/// Every command's name, as `candyland --help` lists them (and `board`'s own).
fn commands() -> Vec<Vec<String>> {
    let top = stdout(&["--help"]);
    let mut out: Vec<Vec<String>> = top
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("    "))
        .map(|l| vec![l.split_whitespace().next().unwrap().to_string()])
        .collect();
    out.push(vec!["board".into(), "show".into()]);
    out.push(vec!["board".into(), "export".into()]);
    out
}

#[test]
fn every_help_fits_100_columns() {
    let commands = commands();
    assert!(commands.len() >= 19, "{commands:?}");
    let mut runs: Vec<Vec<String>> = vec![vec!["--help".into()]];
    for c in &commands {
        for flag in ["-h", "--help"] {
            let mut args = c.clone();
            args.push(flag.into());
            runs.push(args);
        }
    }
    for args in runs {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let text = stdout(&args);
        assert!(!text.is_empty(), "{args:?}");
        for line in text.lines() {
            assert!(line.chars().count() <= 100, "{args:?}: {line}");
        }
    }
}

#[test]
fn short_flags_are_the_long_ones() {
    let long = stdout(&[
        "simulate",
        "--games",
        "3000",
        "--seed",
        "7",
        "--players",
        "2",
        "--threads",
        "1",
        "--json",
    ]);
    let short = stdout(&[
        "simulate", "-n", "3000", "-s", "7", "-p", "2", "-j", "1", "--json",
    ]);
    assert_eq!(long, short);
}

#[test]
fn help_format_is_the_format_file_and_export_gives_each_shipped_board_back() {
    let format = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/boards/FORMAT.md"
    ))
    .unwrap();
    assert_eq!(stdout(&["help", "format"]), format);
    assert!(stdout(&["help", "odds"]).contains("--to-move"));
    let dir = tempfile::tempdir().unwrap();
    for b in candyland::games::shipped::SHIPPED.iter() {
        let text = stdout(&["board", "export", b.name]);
        assert_eq!(text, b.text, "{}", b.name);
        // The copy is a board file: it solves to the shipped board's exact length.
        let path = dir.path().join(format!("{}.toml", b.name));
        std::fs::write(&path, &text).unwrap();
        let exact = |board: &str| {
            let v: serde_json::Value =
                serde_json::from_str(&stdout(&["analyze", board, "--exact", "--json"])).unwrap();
            v["mean_exact"].clone()
        };
        assert_eq!(exact(path.to_str().unwrap()), exact(b.name), "{}", b.name);
    }
}

#[test]
fn near_misses_get_a_did_you_mean_and_exit_code_2() {
    let dir = tempfile::tempdir().unwrap();
    let typo = dir.path().join("typo.toml");
    let classic = candyland::games::shipped::find("clark-program")
        .unwrap()
        .text;
    std::fs::write(
        &typo,
        classic.replace("\"purple\", \"yellow\"", "\"purpel\", \"yellow\""),
    )
    .unwrap();
    for (args, fragment) in [
        (vec!["analyze", "classc"], "did you mean 'classic'?"),
        (vec!["board", "export", "tretas"], "did you mean 'treats'?"),
        (vec!["help", "simulat"], "did you mean 'simulate'?"),
        (
            vec!["analyze", typo.to_str().unwrap()],
            "'purpel' (did you mean 'purple'?)",
        ),
    ] {
        let out = candyland().args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(fragment), "{args:?}: {err}");
    }
    // Nothing close: no suggestion.
    let out = candyland().args(["analyze", "monopoly"]).output().unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).contains("did you mean"));
}

#[test]
fn completions_cover_every_command() {
    let script = stdout(&["completions", "bash"]);
    for c in commands() {
        assert!(script.contains(&c[0]), "{}", c[0]);
    }
    assert!(script.contains("--games") && script.contains("-n"));
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

#[test]
fn the_transitions_csv_is_a_matrix_a_markov_chain_package_loads() {
    // Per card: numeric p beside the exact fraction, the finish as state N (no empty cell),
    // no column R would rename (`next`).
    let per_card = stdout(&["transitions", "clark-program"]);
    let header = per_card.lines().next().unwrap();
    assert_eq!(
        header,
        "from,from_name,card,count,p,p_exact,to,to_name,events"
    );
    let n = json(&["analyze", "clark-program", "--json"]).states;
    let mut r = csv::Reader::from_reader(per_card.as_bytes());
    let mut finishing = 0;
    for row in r.records() {
        let row = row.unwrap();
        let to: usize = row[6].parse().unwrap();
        assert!(to <= n);
        if &row[7] == "finish" {
            assert_eq!(to, n);
            finishing += 1;
        }
        let (num, den) = row[5].split_once('/').unwrap();
        let exact = num.parse::<f64>().unwrap() / den.parse::<f64>().unwrap();
        assert_relative_eq!(row[4].parse::<f64>().unwrap(), exact, max_relative = 1e-15);
    }
    assert!(finishing > 0);
    // Aggregated: one row per (from, to), every state's counts add up to exactly D, and the
    // finish stays put, so the matrix is square (N + 1 states) and stochastic.
    let matrix = stdout(&["transitions", "clark-program", "--aggregate"]);
    let mut r = csv::Reader::from_reader(matrix.as_bytes());
    assert_eq!(
        r.headers().unwrap().iter().collect::<Vec<_>>(),
        [
            "from",
            "from_name",
            "to",
            "to_name",
            "count",
            "p",
            "p_exact"
        ]
    );
    let mut sums = vec![0u64; n + 1];
    let mut pairs = std::collections::HashSet::new();
    for row in r.records() {
        let row = row.unwrap();
        let (from, to): (usize, usize) = (row[0].parse().unwrap(), row[2].parse().unwrap());
        assert!(pairs.insert((from, to)), "({from}, {to}) twice");
        sums[from] += row[4].parse::<u64>().unwrap();
    }
    assert!(sums.iter().all(|&s| s == 66), "{sums:?}");
    assert!(pairs.contains(&(n, n)));
    let out = candyland()
        .args(["transitions", "--json", "--aggregate"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn boards_and_board_show_have_json() {
    use candyland::output::{BoardRow, BoardShow};
    let list: Vec<BoardRow> =
        candyland::output::json::read(&stdout(&["boards", "--json"])).unwrap();
    let shipped = candyland::games::shipped::SHIPPED.iter();
    assert_eq!(
        list.iter().map(|b| b.name.as_str()).collect::<Vec<_>>(),
        shipped.map(|b| b.name).collect::<Vec<_>>()
    );
    for (row, (name, total, spaces, first)) in list.iter().zip([
        ("candy-land-1984", 66, 134, 0),
        ("treats", 64, 134, 0),
        ("clark-program", 66, 134, 0),
        ("jones-program", 64, 134, 0),
        ("chutes-and-ladders", 6, 100, 1),
        ("chutes-and-ladders-48", 6, 100, 1),
        ("hi-ho-cherry-o", 7, 10, 1),
    ]) {
        assert_eq!(row.name, name);
        let show: BoardShow =
            candyland::output::json::read(&stdout(&["board", "show", name, "--json"])).unwrap();
        assert_eq!(
            (show.board.as_str(), show.game.as_str()),
            (name, row.game.as_str())
        );
        assert_eq!(show.spaces.len(), spaces, "{name}");
        assert_eq!(show.spaces[0].number, first, "{name}");
        assert_eq!(
            show.draws.iter().map(|d| d.weight).sum::<u32>(),
            total,
            "{name}"
        );
    }
}
