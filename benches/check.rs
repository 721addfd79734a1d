//! `check` at full size: 100,000 game lengths (classic, a shuffled deck) ranked over the whole
//! Candy Land space (864 rule sets on the 3 shipped boards, 4 deck models) on one thread:
//! building every chain, the exact distributions, the finite-deck simulations and the set.
//! Issue 15's target is under 2 s.
//!
//! `cargo bench --bench check`; the README quotes the result.

use candyland::budget::Budget;
use candyland::chain::Chain;
use candyland::check::{
    decide, histogram, rank, rule_space, search, Narrowing, Sample, Screen, Settings,
};
use candyland::games::load::{load, read_board};
use candyland::games::CandyLand;
use candyland::games::Variant;
use candyland::sim::{simulate, DeckMode, SimOptions, Simulator};
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
                let ranking = rank(&hist, &candidates, settings.alpha);
                decide(&ranking)
            })
        })
    });
    group.finish();
}

criterion_group!(benches, check);
criterion_main!(benches);
