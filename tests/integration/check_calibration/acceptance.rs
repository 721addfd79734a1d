//! The long forms of `check`'s calibration, for the slow set (`cargo test --release --test
//! integration check_calibration::acceptance -- --ignored --nocapture`): samples of 1,000,000
//! and 10,000,000 games from each finite deck on clark-program and candy-land-1984 keep their
//! true rules in the set of the whole Candy Land search and are called consistent with the
//! reference that made them, at least 19 times in 20; and the coverage table of
//! `check_coverage` at 10,000,000 games (1,000,000 for Hare and Tortoise).

use candyland::internals::check::{
    candidate, fit, rank, rule_space, search, Narrowing, Sample, Screen,
};
use candyland::internals::games::load::read_board;
use candyland::internals::games::{shipped, CandyLand, Game, Source};
use candyland::internals::sim::DeckMode;

use crate::check::lengths;
use crate::check_coverage::{calibrate, configs, settings, Config};

/// Every shipped Candy Land board, named, as `check` searches them.
fn candy_boards() -> Vec<(String, Source<CandyLand>)> {
    shipped::SHIPPED
        .iter()
        .filter_map(|b| {
            let source = read_board(Some(b.name)).ok()?;
            (source.kind().ok()? == CandyLand::KIND)
                .then(|| (b.name.to_string(), source.parse().unwrap()))
        })
        .collect()
}

/// `seeds` samples of `games` games of `board` (as shipped) under `deck`, each searched over
/// every Candy Land board and rule set with every deck (the references' seed the sample's
/// own, so that each check draws new references): how many kept the truth in the set, and how
/// many were called consistent with the reference that made them.
fn accept(board: &str, deck: DeckMode, games: u64, seeds: u64) -> (u64, u64) {
    use rayon::prelude::*;
    let boards = candy_boards();
    let space = rule_space::<CandyLand>(&Narrowing::default()).unwrap();
    let variant = candyland::internals::games::Variant::default();
    let (kept, consistent): (Vec<bool>, Vec<bool>) = (1..=seeds)
        .into_par_iter()
        .map(|seed| {
            let data = lengths(board, &variant, deck, games, 7000 + seed);
            let hist = candyland::internals::check::histogram(&data);
            let s = settings(seed, 1);
            let source: Source<CandyLand> = read_board(Some(board)).unwrap().parse().unwrap();
            let (candidates, _) = search(
                &boards,
                &space,
                Screen::Lengths(&Sample::of(&hist)),
                &s,
                &|_| {},
            )
            .unwrap();
            let truth = candidate(&source, &variant, deck, hist.len() - 1, &s)
                .unwrap()
                .unwrap();
            let ranking = rank(&hist, &candidates, s.alpha).unwrap();
            // The truth as the ranking spells it: the board with every rule of its file, and
            // the deck.
            let game: CandyLand = source.game(&variant).unwrap();
            let mut want: Vec<(String, String)> = vec![("board".into(), board.into())];
            if let serde_json::Value::Object(rules) = game.rules_json() {
                for (k, v) in rules {
                    let word = v.as_str().map_or_else(|| v.to_string(), str::to_string);
                    want.push((k, word));
                }
            }
            // A chain without lost turns burns no card: its burn deck is the shuffled one.
            let chain = candyland::internals::chain::Chain::build(&game);
            let skips = (0..chain.len()).any(|st| !chain.draws(st));
            let deck = if deck == DeckMode::Burn && !skips {
                DeckMode::Shuffled
            } else {
                deck
            };
            want.push(("deck".into(), deck.name().into()));
            let kept = ranking.iter().any(|r| {
                let words = r.settings.words();
                r.in_set && want.iter().all(|w| words.contains(w))
            });
            let consistent = fit(&hist, &truth).unwrap().consistent;
            eprintln!("{board} {deck:?} {games} seed {seed}: kept {kept}, consistent {consistent}");
            (kept, consistent)
        })
        .unzip();
    let count = |v: &[bool]| v.iter().filter(|&&x| x).count() as u64;
    (count(&kept), count(&consistent))
}

/// Every finite deck on both boards, `games` games, 20 seeds each: at least 19 of 20.
fn accept_all(games: u64) {
    let mut failed = Vec::new();
    for board in ["clark-program", "candy-land-1984"] {
        for deck in [DeckMode::Shuffled, DeckMode::Carried, DeckMode::Burn] {
            let (kept, consistent) = accept(board, deck, games, 20);
            println!(
                "| {board} | {} | {games} | {kept} of 20 | {consistent} of 20 |",
                deck.name()
            );
            if kept < 19 || consistent < 19 {
                failed.push(format!(
                    "{board} {deck:?}: kept {kept}, consistent {consistent}"
                ));
            }
        }
    }
    assert!(failed.is_empty(), "{failed:?}");
}

#[test]
#[ignore = "slow: 120 whole searches of 1,000,000 games (about 10 minutes in release)"]
fn a_million_games_of_every_finite_deck_keep_their_true_rules_19_times_in_20() {
    accept_all(1_000_000);
}

#[test]
#[ignore = "slow: 120 whole searches of 10,000,000 games (about an hour in release)"]
fn ten_million_games_of_every_finite_deck_keep_their_true_rules_19_times_in_20() {
    accept_all(10_000_000);
}

#[test]
#[ignore = "slow: the coverage table at 10,000,000 games (minutes in release)"]
fn the_set_holds_the_truth_at_its_level_at_ten_million_games() {
    let mut long: Vec<Config> = configs();
    for c in &mut long {
        c.sizes = if c.name.starts_with("hare") {
            vec![1_000_000]
        } else {
            vec![10_000_000]
        };
    }
    let all = calibrate(&long, 10, 500);
    assert!(all.checks >= 70, "{all:?}");
}
