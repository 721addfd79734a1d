//! `check` at full size: 100,000 game lengths (classic, a shuffled deck) ranked over the whole
//! Candy Land space (864 rule sets on the 3 shipped boards, 4 deck models) on one thread:
//! building every chain, the exact distributions, the finite-deck simulations and the set;
//! then over every game's space, as `check` searches by default (plus the 96 Chutes and
//! Ladders rule sets on its 2 boards and the 36 race rule sets on Hi Ho! Cherry-O). Issue
//! 15's target is under 2 s.
//!
//! `cargo bench --bench check`; docs/performance.md quotes the results.

use candyland::internals::budget::Budget;
use candyland::internals::chain::Chain;
use candyland::internals::check::{
    combine, decide, histogram, rank, rule_space, search, search_game, GameSearch, Narrowing,
    Sample, Screen, Settings,
};
use candyland::internals::games::load::{load, read_board};
use candyland::internals::games::Game;
use candyland::internals::games::Variant;
use candyland::internals::games::{CandyLand, ChutesAndLadders, RaceTrack, Source};
use candyland::internals::sim::{simulate, DeckMode, SimOptions, Simulator};
use criterion::{criterion_group, criterion_main, Criterion};

fn check(c: &mut Criterion) {
    let game: CandyLand = load(Some("classic"), &Variant::default()).expect("classic loads");
    let options = SimOptions {
        games: 100_000,
        seed: 11,
        deck: DeckMode::Shuffled,
        players: 1,
        max_turns: 1_000_000,
        keep_lengths: true,
    };
    let data = simulate(&Simulator::new(&Chain::build(&game)), &options, &|_| {}).lengths;
    let hist = histogram(&data);
    let boards: Vec<_> = ["classic", "treats", "treats-as-coded"]
        .iter()
        .map(|b| {
            let source = read_board(Some(b)).expect("shipped");
            (
                b.to_string(),
                source.parse::<CandyLand>().expect("candy land"),
            )
        })
        .collect();
    let space = rule_space::<CandyLand>(&Narrowing::default()).expect("the whole space");
    let settings = Settings {
        players: 1,
        reference_games: 100_000,
        seed: 1,
        budget: Budget::new(600.0),
        alpha: 0.05,
    };
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a pool");
    let mut group = c.benchmark_group("check");
    group.sample_size(10);
    group.bench_function("100000 lengths, whole Candy Land space, one thread", |b| {
        b.iter(|| {
            one.install(|| {
                let sample = Sample::of(&hist);
                let (candidates, _) = search(
                    &boards,
                    &space,
                    Screen::Lengths(&sample),
                    &settings,
                    &|_| {},
                )
                .expect("within budget");
                let ranking = rank(&hist, &candidates, settings.alpha).unwrap();
                decide(&ranking)
            })
        })
    });
    group.bench_function("100000 lengths, every game's space, one thread", |b| {
        b.iter(|| {
            one.install(|| {
                let sample = Sample::of(&hist);
                let screen = Screen::Lengths(&sample);
                let parts = vec![
                    one_game::<CandyLand>(
                        &["classic", "treats", "treats-as-coded"],
                        screen,
                        &settings,
                    ),
                    one_game::<ChutesAndLadders>(
                        &["chutes-and-ladders", "chutes-and-ladders-48"],
                        screen,
                        &settings,
                    ),
                    one_game::<RaceTrack>(&["hi-ho-cherry-o"], screen, &settings),
                ];
                let (candidates, _) =
                    combine(parts, Vec::new(), screen, &settings).expect("within the budget");
                let ranking = rank(&hist, &candidates, settings.alpha).unwrap();
                decide(&ranking)
            })
        })
    });
    group.finish();
}

/// One game's part of the search: its shipped `boards` under its whole rule space.
fn one_game<G: Game>(boards: &[&str], screen: Screen, settings: &Settings) -> GameSearch {
    let sources: Vec<(String, Source<G>)> = boards
        .iter()
        .map(|b| {
            let source = read_board(Some(b)).expect("shipped");
            (b.to_string(), source.parse::<G>().expect("its game"))
        })
        .collect();
    let space = rule_space::<G>(&Narrowing::default()).expect("the whole space");
    search_game(&sources, &space, screen, settings, &|_| {}).expect("within budget")
}

criterion_group! {
    name = benches;
    // No plots: criterion's plotters backend needs system fonts this machine may lack.
    config = Criterion::default().without_plots();
    targets = check
}
criterion_main!(benches);
