//! The binary end to end. JSON output is parsed back into structs declared here, with
//! `deny_unknown_fields`, so any change to the schema shows up as a failing test.

use approx::assert_relative_eq;
use serde::Deserialize;

use crate::common::{candyland, tol};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
pub(super) struct AnalyzeJson {
    pub(super) schema_version: u32,
    pub(super) command: String,
    pub(super) board: String,
    pub(super) description: String,
    pub(super) source: String,
    pub(super) rules: serde_json::Value,
    pub(super) rules_text: String,
    pub(super) variant: String,
    pub(super) spaces: usize,
    pub(super) size: String,
    pub(super) draws: DrawsJson,
    pub(super) cards: u32,
    pub(super) states: usize,
    #[serde(rename = "mean")]
    pub(super) expected_turns: f64,
    #[serde(rename = "mean_exact")]
    pub(super) expected_turns_exact: Option<ExactJson>,
    pub(super) variance: f64,
    #[serde(rename = "sd")]
    pub(super) std_dev: f64,
    pub(super) shortest_game: ShortestJson,
    pub(super) median: usize,
    pub(super) median_lower_bound: bool,
    pub(super) mode: usize,
    pub(super) mode_settled: bool,
    pub(super) secondary_modes: Vec<usize>,
    pub(super) quantiles: Vec<QuantileJson>,
    #[serde(rename = "tail")]
    pub(super) longer_than: Vec<TailJson>,
    pub(super) unfinished_mass: f64,
    pub(super) truncated: bool,
    pub(super) tolerance: f64,
    pub(super) pmf: Vec<f64>,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub(super) struct ExactJson {
    pub(super) num: String,
    pub(super) den: String,
    pub(super) float: f64,
}

impl ExactJson {
    fn text(&self) -> String {
        format!("{}/{}", self.num, self.den)
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
pub(super) struct DrawsJson {
    pub(super) word: String,
    pub(super) mean: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ShortestJson {
    pub(super) turns: usize,
    pub(super) draws: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct QuantileJson {
    pub(super) p: f64,
    pub(super) turns: usize,
    /// Present (true) only past a cut distribution.
    #[serde(default)]
    pub(super) lower_bound: bool,
}

/// A quantile of a count of rounds.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RoundsQuantileJson {
    pub(super) p: f64,
    pub(super) rounds: usize,
    #[serde(default)]
    pub(super) lower_bound: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TailJson {
    pub(super) turns: usize,
    pub(super) probability: f64,
    /// Present (true) only past a cut distribution.
    #[serde(default)]
    pub(super) upper_bound: bool,
}

pub(super) fn stdout(args: &[&str]) -> String {
    let out = candyland().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

pub(super) fn json(args: &[&str]) -> AnalyzeJson {
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
    assert_eq!((a.schema_version, a.command.as_str()), (3, "analyze"));
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
    assert!(out.contains("P(longer than 50 turns)   <= 0.5534"), "{out}");
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
    let (_dir, paths) =
        crate::common::dir_with(&[("loop.toml", crate::hostile_numbers::LOOP_BOARD)]);
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
pub(super) struct SummaryJson<Q = QuantileJson> {
    pub(super) games: u64,
    /// Present only when games were stopped at the turn limit.
    #[serde(default)]
    pub(super) cut: u64,
    pub(super) mean: f64,
    /// Absent when games were cut.
    pub(super) mean_ci95: Option<[f64; 2]>,
    pub(super) sd: f64,
    pub(super) min: usize,
    pub(super) median: usize,
    #[serde(default)]
    pub(super) median_lower_bound: bool,
    pub(super) max: usize,
    pub(super) quantiles: Vec<Q>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
pub(super) struct SimulateJson {
    #[serde(default)]
    pub(super) schema_version: u32,
    #[serde(default)]
    pub(super) command: String,
    pub(super) board: String,
    pub(super) variant: String,
    pub(super) rules: serde_json::Value,
    pub(super) rules_text: String,
    pub(super) deck: String,
    pub(super) players: usize,
    pub(super) games: u64,
    pub(super) seed: u64,
    pub(super) unfinished: u64,
    pub(super) max_turns: u32,
    pub(super) turns: SummaryJson,
    pub(super) rounds: Option<SummaryJson<RoundsQuantileJson>>,
    pub(super) draws: DrawsJson,
    #[serde(rename = "win")]
    pub(super) win_share: Vec<f64>,
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
    // The rounds' quantiles are keyed `rounds`, rise with their level, and bound nothing.
    let rounds = s.rounds.expect("two players count rounds");
    assert!(rounds
        .quantiles
        .windows(2)
        .all(|w| w[0].p < w[1].p && w[0].rounds <= w[1].rounds));
    assert!(rounds.quantiles.iter().all(|q| !q.lower_bound));
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
