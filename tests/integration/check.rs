//! Checking other simulators: fit and ranking on the tool's own simulated lengths, bad length
//! files, the move table, and transcripts replayed through it.

use std::collections::HashMap;

use num_rational::BigRational;
use num_traits::One;
use serde::Deserialize;

use candyland::budget::Budget;
use candyland::chain::Chain;
use candyland::check::{
    candidate, decide, fit, histogram, rank, rule_space, search, Narrowing, Ranked, Sample, Screen,
    Setting, Settings,
};
use candyland::games::load::{load, read_board};
use candyland::games::{CandyLand, ChutesAndLadders, Source};
use candyland::games::{Game, Variant};
use candyland::sim::{simulate, DeckMode, SimOptions, Simulator};

use crate::common::{candyland, dir_with};

fn settings() -> Settings {
    Settings {
        players: 1,
        reference_games: 100_000,
        seed: 77,
        budget: Budget::default(),
        alpha: 0.05,
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

/// The shipped Candy Land boards, named, as `check` searches them.
fn boards() -> Vec<(String, Source<CandyLand>)> {
    ["classic", "treats", "treats-as-coded"]
        .iter()
        .map(|b| (b.to_string(), source(b)))
        .collect()
}

#[test]
fn data_fits_its_own_rules_and_not_clearly_different_ones() {
    let one_step = Variant::default().with_rule("doubles", "one-step");
    for (board, deck) in [
        ("classic", DeckMode::Iid),
        ("classic", DeckMode::Shuffled),
        ("treats", DeckMode::Shuffled),
        ("classic", DeckMode::Carried),
    ] {
        let data = lengths(board, &Variant::default(), deck, 20_000, 3);
        let sample = histogram(&data);
        let longest = *data.iter().max().unwrap() as usize;
        let source = source(board);
        let own = candidate(&source, &Variant::default(), deck, longest, &settings())
            .unwrap()
            .unwrap();
        let f = fit(&sample, &own);
        assert!(f.consistent, "{board} {deck:?}: {}", f.verdict);
        let other = candidate(&source, &one_step, deck, longest, &settings())
            .unwrap()
            .unwrap();
        let g = fit(&sample, &other);
        assert!(!g.consistent, "{board} {deck:?}: {}", g.verdict);
    }
}

/// The set, the decided and the undecided settings for lengths `data` over the whole Candy
/// Land space on the shipped boards.
fn answer(data: &[u32], settings: &Settings) -> (Vec<Ranked>, Vec<Setting>, Vec<Setting>) {
    let hist = histogram(data);
    let sample = Sample::of(&hist);
    let space = rule_space::<CandyLand>(&Narrowing::default()).unwrap();
    let (candidates, _) = search(
        &boards(),
        &space,
        Screen::Lengths(&sample),
        settings,
        &|_| {},
    )
    .unwrap();
    let ranking = rank(&hist, &candidates, settings.alpha);
    let (decided, undecided) = decide(&ranking);
    (ranking, decided, undecided)
}

/// The settings of the truth as the ranking spells them: classic under `rules` (every key of
/// the space) with `deck`; a burn deck on rules without lost turns is the shuffled deck.
fn truth(rules: &Variant, deck: DeckMode) -> Vec<(String, String)> {
    let game: CandyLand = load(Some("classic"), rules).unwrap();
    let chain = Chain::build(&game);
    let skips = (0..chain.len()).any(|s| !chain.draws(s));
    let deck = if deck == DeckMode::Burn && !skips {
        DeckMode::Shuffled
    } else {
        deck
    };
    let mut out = vec![("board".to_string(), "classic".to_string())];
    for (k, v) in &rules.rules {
        out.push((k.clone(), candyland::games::value_word(v)));
    }
    out.push(("deck".to_string(), deck.name().to_string()));
    out
}

#[test]
fn the_confidence_set_is_calibrated_over_random_rules_and_every_deck() {
    // Issue 15's calibration: 20 random rule sets of the 864 on classic, for each deck model
    // 20,000 simulated games each; the 95 % set must hold the true hypothesis in at least 17 of
    // 20 runs per deck, and a decided setting may be wrong in at most 1 of 20.
    use rand::{RngExt, SeedableRng};
    let space = rule_space::<CandyLand>(&Narrowing::default()).unwrap();
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(2026);
    let picks: Vec<Variant> = (0..20)
        .map(|_| space.rule_sets[rng.random_range(0..space.rule_sets.len())].clone())
        .collect();
    for deck in DeckMode::ALL {
        use rayon::prelude::*;
        let runs: Vec<(bool, bool)> = picks
            .par_iter()
            .enumerate()
            .map(|(i, rules)| {
                let data = lengths("classic", rules, deck, 20_000, 100 + i as u64);
                let (ranking, decided, _) = answer(&data, &settings());
                let truth = truth(rules, deck);
                let covered = ranking.iter().any(|r| r.in_set && r.settings == truth);
                let wrong = decided
                    .iter()
                    .any(|d| truth.iter().any(|(k, v)| *k == d.key && *v != d.values[0]));
                (covered, wrong)
            })
            .collect();
        let covered = runs.iter().filter(|r| r.0).count();
        let wrong = runs.iter().filter(|r| r.1).count();
        eprintln!("{deck:?}: truth in the set {covered}/20, a wrong decision {wrong}/20");
        assert!(
            covered >= 17,
            "{deck:?}: the set held the truth in {covered} of 20 runs"
        );
        assert!(
            wrong <= 1,
            "{deck:?}: a wrong setting was decided in {wrong} of 20 runs"
        );
    }
}

#[test]
fn two_or_twenty_games_decide_nothing_and_say_why() {
    for games in [2, 20] {
        let data: Vec<String> = lengths("classic", &Variant::default(), DeckMode::Iid, games, 5)
            .iter()
            .map(u32::to_string)
            .collect();
        let out = candyland()
            .args(["check", "-", "--json"])
            .write_stdin(data.join("\n"))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["decided"].as_array().unwrap().len(), 0, "{games} games");
        let c = v["conclusion"].as_str().unwrap();
        assert!(
            c.contains("Nothing is decided") && c.contains("too few"),
            "{games} games: {c}"
        );
        assert!(!v["set"].as_array().unwrap().is_empty());
    }
}

#[test]
fn lengths_from_rules_outside_the_space_are_consistent_with_none() {
    // Seed 002's 128-space "No Specials" board is neither shipped nor given.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/valid/seed002-no-specials-128.toml"
    ))
    .unwrap();
    let board: CandyLand =
        candyland::games::load::parse("128", &text, &Variant::default()).unwrap();
    let sim = Simulator::new(&Chain::build(&board));
    let options = SimOptions {
        games: 20_000,
        seed: 8,
        deck: DeckMode::Shuffled,
        players: 1,
        max_turns: 1_000_000,
        keep_lengths: true,
    };
    let data = simulate(&sim, &options, &|_| {}).lengths;
    let (ranking, decided, _) = answer(&data, &settings());
    assert!(ranking.iter().all(|r| !r.in_set), "{:?}", ranking[0]);
    assert!(decided.is_empty());
}

#[test]
fn seed_002s_published_table_in_summary_mode() {
    // Chris Clark, "Adventures in Candy Land" (2021): 10,000 one-player games per row.
    let check = |summary: &str, extra: &[&str]| -> serde_json::Value {
        let out = candyland()
            .args([
                "check",
                "--summary",
                summary,
                "--json",
                "--deck",
                "shuffled",
            ])
            .args(extra)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let standard = check("games=10000 mean=38.6897 median=33 min=4 max=242", &[]);
    assert!(
        standard["verdict"]
            .as_str()
            .unwrap()
            .starts_with("consistent with classic, shuffled deck"),
        "{}",
        standard["verdict"]
    );
    let no_specials = "games=10000 mean=27.6359 median=28 min=10 max=74";
    let refilled = check(no_specials, &["--without", "landmarks"]);
    assert!(
        refilled["verdict"]
            .as_str()
            .unwrap()
            .starts_with("INCONSISTENT with classic --without landmarks"),
        "{}",
        refilled["verdict"]
    );
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/valid/seed002-no-specials-128.toml"
    );
    let deleted = check(no_specials, &["--board", fixture]);
    assert!(
        deleted["verdict"]
            .as_str()
            .unwrap()
            .starts_with("consistent with seed002-no-specials-128"),
        "{}",
        deleted["verdict"]
    );
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
    for board in ["classic", "treats", "treats-as-coded"] {
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

#[test]
fn every_rule_set_of_the_space_applies_to_every_shipped_board_of_its_game() {
    // The rule space names rules and values as words: each must be a key and value of the
    // game's [rules] table, so that no rule set is silently dropped as invalid.
    crate::each_game!(rule_sets_apply);
}

fn rule_sets_apply<G: Game>() {
    let space = rule_space::<G>(&Narrowing::default()).unwrap();
    // Every combination of the values each key is tried with.
    let combinations: usize = G::rule_space()
        .iter()
        .map(|(_, values)| values.len())
        .product();
    assert!(combinations >= 36, "{}", G::KIND);
    assert_eq!(space.rule_sets.len(), combinations, "{}", G::KIND);
    for (name, text, _) in crate::common::shipped_of::<G>() {
        for v in &space.rule_sets {
            let r = candyland::games::load::parse::<G>(name, text, v);
            assert!(r.is_ok(), "{name} {v}: {:?}", r.err());
        }
    }
}

#[test]
fn the_whole_candy_land_space_is_864_rule_sets() {
    // licorice 3 x landmark-frees 2 x doubles 2 x double-shortcut 3 x double-licorice 3 x
    // landmark-direction 2 x start 2 x land-on-last-wins 2 = 864.
    let s = rule_space::<CandyLand>(&Narrowing::default()).unwrap();
    assert_eq!(s.rule_sets.len(), 864);
    assert_eq!(s.varied.len(), 8);
    let chutes = rule_space::<ChutesAndLadders>(&Narrowing::default()).unwrap();
    // overshoot 3 x jump-costs-turn 2 x roll-again 2 x max-rolls 2 x on-max-rolls 2 x
    // chain-jumps 2 = 96.
    assert_eq!(chutes.rule_sets.len(), 96);
}

#[test]
fn vary_and_fix_narrow_it() {
    let n = Narrowing {
        vary: Some(vec!["licorice".into(), "start".into()]),
        fix: vec![("doubles".into(), "one-step".into())],
    };
    let s = rule_space::<CandyLand>(&n).unwrap();
    assert_eq!(s.rule_sets.len(), 6);
    assert_eq!(s.fixed, [("doubles".to_string(), "one-step".to_string())]);
    assert!(s.rule_sets[0].to_string().contains("--doubles one-step"));
    let bad = Narrowing {
        vary: Some(vec!["licorise".into()]),
        ..Narrowing::default()
    };
    assert!(rule_space::<CandyLand>(&bad)
        .unwrap_err()
        .message
        .contains("the rules are: licorice"));
    let bad_value = Narrowing {
        fix: vec![("doubles".into(), "three".into())],
        ..Narrowing::default()
    };
    assert!(rule_space::<CandyLand>(&bad_value)
        .unwrap_err()
        .message
        .contains("two-steps, one-step"));
}

#[test]
fn a_900_turn_game_keeps_the_true_rules_in_the_set() {
    // 300,000 i.i.d. games of Chutes and Ladders plus one legitimate 900-turn game: the exact
    // distribution, continued by its geometric tail, gives 900 turns a probability (of the
    // order of (1 - rho) rho^900 ~ 4e-18 with rho = 0.9597), so the true rules stay in the set
    // instead of every hypothesis becoming "impossible".
    let game: ChutesAndLadders = load(Some("chutes-and-ladders"), &Variant::default()).unwrap();
    let options = SimOptions {
        games: 300_000,
        seed: 4,
        deck: DeckMode::Iid,
        players: 1,
        max_turns: 1_000_000,
        keep_lengths: true,
    };
    let mut data = simulate(&Simulator::new(&Chain::build(&game)), &options, &|_| {}).lengths;
    data.push(900);
    let hist = histogram(&data);
    let sample = Sample::of(&hist);
    let boards: Vec<(String, Source<ChutesAndLadders>)> =
        ["chutes-and-ladders", "chutes-and-ladders-48"]
            .iter()
            .map(|b| (b.to_string(), read_board(Some(b)).unwrap().parse().unwrap()))
            .collect();
    let space = rule_space::<ChutesAndLadders>(&Narrowing::default()).unwrap();
    let (candidates, _) = search(
        &boards,
        &space,
        Screen::Lengths(&sample),
        &settings(),
        &|_| {},
    )
    .unwrap();
    let ranking = rank(&hist, &candidates, 0.05);
    let truth: Vec<(String, String)> = [
        ("board", "chutes-and-ladders"),
        ("overshoot", "stay"),
        ("jump-costs-turn", "false"),
        ("roll-again", "none"),
        ("max-rolls", "3"),
        ("on-max-rolls", "move"),
        ("chain-jumps", "false"),
        ("deck", "iid"),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    let mine = ranking.iter().find(|r| r.settings == truth).unwrap();
    assert!(mine.in_set, "{mine:?}");
    assert!(mine.log_likelihood_per_game.is_some());
    let (decided, _) = decide(&ranking);
    for key in ["overshoot", "jump-costs-turn", "roll-again"] {
        let d = decided.iter().find(|d| d.key == key).expect("decided");
        assert_eq!(
            Some(&d.values[0]),
            truth.iter().find(|t| t.0 == key).map(|t| &t.1)
        );
    }
}
