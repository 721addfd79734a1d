//! Exact solves at scale: expected length and variance on generated boards of 10^3 to 10^6
//! spaces (chain build included), and the exact rational E[T] of the classic board.
//!
//! `cargo bench --bench scale`; the README quotes the results.

use std::hint::black_box;

use candyland::chain::Chain;
use candyland::config::parse;
use candyland::games::candyland::generate::{board_text, Spec};
use candyland::games::CandyLand;
use candyland::model::Variant;
use candyland::solve::{exact_expected_turns, About, Moments};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

fn moments(c: &mut Criterion) {
    let mut group = c.benchmark_group("moments of a generated board (build + solve)");
    group.sample_size(10);
    for n in [1_000usize, 10_000, 100_000, 1_000_000] {
        let spec = Spec {
            spaces: n,
            seed: 1,
            licorice: 3,
            landmarks: 6,
            shortcuts: 2,
        };
        let text = board_text(&spec);
        let board: CandyLand = parse("generated", &text, &Variant::default()).expect("valid");
        group.bench_with_input(BenchmarkId::from_parameter(n), &board, |b, board| {
            b.iter(|| {
                let game = board.clone();
                let chain = Chain::build(&game);
                black_box(Moments::of(&game, &chain, &About::default()).expect("finishes"))
            })
        });
    }
    group.finish();
}

fn exact(c: &mut Criterion) {
    let text = candyland::model::shipped::find("classic")
        .expect("shipped")
        .text;
    let board: CandyLand = parse("classic", text, &Variant::default()).expect("valid");
    let chain = Chain::build(&board);
    c.bench_function("exact rational E[T] of classic", |b| {
        b.iter(|| black_box(exact_expected_turns(&chain).expect("finishes")))
    });
}

criterion_group! {
    name = benches;
    // No HTML plots: plotters is built here without system fonts.
    config = Criterion::default().without_plots();
    targets = moments, exact
}
criterion_main!(benches);
