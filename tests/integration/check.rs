//! Checking other simulators: fit and ranking on the tool's own simulated lengths, bad length
//! files, the rule space. The set's acceptance tests are in `check_set`, its levels in
//! `check_levels`, its calibration in `check_calibration`, the move table in `check_table`.

use candyland::internals::budget::Budget;
use candyland::internals::chain::Chain;
use candyland::internals::check::{
    candidate, decide, fit, histogram, rank, rule_space, search, Narrowing, Ranked, Sample, Screen,
    Setting, Settings,
};
use candyland::internals::games::load::{load, read_board};
use candyland::internals::games::{CandyLand, ChutesAndLadders, Source};
use candyland::internals::games::{Game, Variant};
use candyland::internals::sim::{simulate, DeckMode, SimOptions, Simulator};

use crate::common::{candyland, dir_with};

/// The references' settings of these tests: no time limit, since the test process measures the
/// machine's load once, while the other tests load it, and a budget would then refuse work by
/// that chance.
pub(crate) fn settings() -> Settings {
    Settings {
        players: 1,
        reference_games: 100_000,
        seed: 77,
        budget: Budget::unlimited(),
        alpha: 0.05,
    }
}

/// `games` lengths from the tool's simulator for a board, variant and deck.
pub(crate) fn lengths(
    board: &str,
    variant: &Variant,
    deck: DeckMode,
    games: u64,
    seed: u64,
) -> Vec<u32> {
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
pub(crate) fn source(board: &str) -> Source<CandyLand> {
    read_board(Some(board)).unwrap().parse().unwrap()
}

/// The shipped Candy Land boards, named, as `check` searches them.
pub(crate) fn boards() -> Vec<(String, Source<CandyLand>)> {
    ["clark-program", "treats", "jones-program"]
        .iter()
        .map(|b| (b.to_string(), source(b)))
        .collect()
}

#[test]
fn data_fits_its_own_rules_and_not_clearly_different_ones() {
    let one_step = Variant::default().with_rule("doubles", "one-step");
    for (board, deck) in [
        ("clark-program", DeckMode::Iid),
        ("clark-program", DeckMode::Shuffled),
        ("treats", DeckMode::Shuffled),
        ("clark-program", DeckMode::Carried),
    ] {
        let data = lengths(board, &Variant::default(), deck, 20_000, 3);
        let sample = histogram(&data);
        let longest = *data.iter().max().unwrap() as usize;
        let source = source(board);
        let own = candidate(&source, &Variant::default(), deck, longest, &settings())
            .unwrap()
            .unwrap();
        let f = fit(&sample, &own).unwrap();
        assert!(f.consistent, "{board} {deck:?}: {}", f.verdict);
        let other = candidate(&source, &one_step, deck, longest, &settings())
            .unwrap()
            .unwrap();
        let g = fit(&sample, &other).unwrap();
        assert!(!g.consistent, "{board} {deck:?}: {}", g.verdict);
    }
}

/// The set, the decided and the undecided settings for lengths `data` over the whole Candy
/// Land space on the shipped boards.
pub(crate) fn answer(
    data: &[u32],
    settings: &Settings,
) -> (Vec<Ranked>, Vec<Setting>, Vec<Setting>) {
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
    let ranking = rank(&hist, &candidates, settings.alpha).unwrap();
    let (decided, undecided) = decide(&ranking);
    (ranking, decided, undecided)
}

#[test]
#[ignore = "slow (27 s on 2 busy cores): .ci/run runs it; cargo test -- --ignored"]
fn two_or_twenty_games_decide_nothing_and_say_why() {
    for games in [2, 20] {
        let data: Vec<String> = lengths(
            "clark-program",
            &Variant::default(),
            DeckMode::Iid,
            games,
            5,
        )
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
    // Clark's (2021) 128-space "No Specials" board is neither shipped nor given.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/valid/clark-no-specials-128.toml"
    ))
    .unwrap();
    let board: CandyLand =
        candyland::internals::games::load::parse("128", &text, &Variant::default()).unwrap();
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
fn clarks_published_table_in_summary_mode() {
    // Chris Clark, "Adventures in Candy Land" (2021): 10,000 one-player games per row. Only
    // the reference's verdict is asserted, so the search is skipped (--no-rank; the README's
    // snapshot runs it on the first row).
    let check = |summary: &str, extra: &[&str]| -> serde_json::Value {
        let out = candyland()
            .args([
                "check",
                "--summary",
                summary,
                "--json",
                "--deck",
                "shuffled",
                "--no-rank",
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
    let standard = check(
        "games=10000 mean=38.6897 median=33 min=4 max=242",
        &["--board", "clark-program"],
    );
    assert!(
        standard["verdict"]
            .as_str()
            .unwrap()
            .starts_with("consistent with clark-program, shuffled deck"),
        "{}",
        standard["verdict"]
    );
    let no_specials = "games=10000 mean=27.6359 median=28 min=10 max=74";
    let refilled = check(
        no_specials,
        &["--board", "clark-program", "--without", "landmarks"],
    );
    assert!(
        refilled["verdict"]
            .as_str()
            .unwrap()
            .starts_with("INCONSISTENT with clark-program --without landmarks"),
        "{}",
        refilled["verdict"]
    );
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/valid/clark-no-specials-128.toml"
    );
    let deleted = check(no_specials, &["--board", fixture]);
    assert!(
        deleted["verdict"]
            .as_str()
            .unwrap()
            .starts_with("consistent with clark-no-specials-128"),
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
    let data: Vec<String> = lengths("clark-program", &Variant::default(), DeckMode::Iid, 3000, 5)
        .iter()
        .map(|l| l.to_string())
        .collect();
    let out = candyland()
        .args(["check", "-", "--no-rank", "--board", "clark-program"])
        .write_stdin(data.join("\n"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && text.contains("consistent with clark-program"),
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
            let r = candyland::internals::games::load::parse::<G>(name, text, v);
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
fn a_900_turn_game_is_improbable_not_impossible_and_only_the_longest_game_says_so() {
    // 300,000 i.i.d. games of Chutes and Ladders plus one 900-turn game: the exact
    // distribution, continued by its geometric tail, gives 900 turns a probability (of the
    // order of (1 - rho) rho^900 ~ 4e-18 with rho = 0.9597), so no hypothesis becomes
    // "impossible" and the true rules stay the best by likelihood. But a game that long among
    // 300,001 is itself evidence: P(max >= 900) = 1 - F(899)^n ~ n S(899) = 6.7e-11 under the
    // truth, so the test of the sample's longest game (and it alone: the chi-square and the
    // other statistics fit) leaves the truth out of the set, as it should at any usual level.
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
    let ranking = rank(&hist, &candidates, 0.05).unwrap();
    let truth: Vec<(String, String)> = [
        ("game", "chutes-and-ladders"),
        ("board", "chutes-and-ladders"),
        ("overshoot", "stay"),
        ("jump-costs-turn", "false"),
        ("roll-again", "none"),
        ("max-rolls", "3"),
        ("on-max-rolls", "move"),
        ("chain-jumps", "false"),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    let mine = ranking
        .iter()
        .find(|r| r.settings.words() == truth)
        .unwrap();
    assert!(mine.log_likelihood_per_game.is_some(), "{mine:?}");
    assert!(
        matches!(
            mine.comparison,
            candyland::internals::check::Comparison::Best
                | candyland::internals::check::Comparison::SameAsBest
        ),
        "{mine:?}"
    );
    assert!(mine.chi_square_p.unwrap() > 1e-4, "{mine:?}");
    assert!(mine.z_mean.value().abs() < 4.0, "{mine:?}");
    let reference = candidates
        .iter()
        .find(|c| c.settings().words() == truth)
        .unwrap();
    let f = fit(&hist, reference).unwrap();
    let n = data.len() as f64;
    for t in &f.statistics {
        if t.statistic == "max" {
            // Two-sided: 2 min(F(899)^n... , 1 - F(899)^n), the second far smaller. With
            // S(899) near 1e-16, 1 - S(899) rounds in f64 (by a quarter of S itself), so the
            // power is taken as e^(n ln(1 - S)), and 1 minus it by expm1.
            let s899 = reference.model.survival(899);
            let by_hand = -2.0 * (n * (-s899).ln_1p()).exp_m1();
            assert!(t.p_value < 1e-9, "{t:?}");
            assert!(
                (t.p_value / by_hand - 1.0).abs() < 1e-6,
                "{t:?} vs {by_hand}"
            );
        } else {
            assert!(t.p_value > 1e-4, "{t:?}");
        }
    }
    assert!(!mine.in_set, "{mine:?}");
    // Without the 900-turn game the truth is in the set.
    data.pop();
    let hist = histogram(&data);
    let ranking = rank(&hist, &candidates, 0.05).unwrap();
    let mine = ranking
        .iter()
        .find(|r| r.settings.words() == truth)
        .unwrap();
    assert!(mine.in_set, "{mine:?}");
}
