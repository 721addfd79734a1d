//! Exact solves at scale: expected length and variance on generated boards of 10^3 to 10^6
//! spaces (chain build included), the exact rational E[T] of the classic board and of
//! generated boards, the per-space figures and the `forever` report on 10^4 spaces, and the
//! length distribution to 1e-12 on 10^4 to 10^6 spaces, as `analyze` computes it (the states
//! holding least dropped) next to the plain iteration over every state.
//!
//! `cargo bench --bench scale`; docs/performance.md quotes the results.

use std::hint::black_box;

use candyland::internals::budget::Budget;
use candyland::internals::chain::Chain;
use candyland::internals::games::candyland::generate::{board_text, Spec};
use candyland::internals::games::load::parse;
use candyland::internals::games::load::About;
use candyland::internals::games::CandyLand;
use candyland::internals::games::Variant;
use candyland::internals::results::forever::{ForeverReport, Question};
use candyland::internals::solve::spaces::Spaces;
use candyland::internals::solve::{exact_expected_turns, Moments};
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

fn generated(spaces: usize) -> CandyLand {
    let spec = Spec {
        spaces,
        seed: 1,
        licorice: 3,
        landmarks: 6,
        shortcuts: 2,
    };
    parse("generated", &board_text(&spec), &Variant::default()).expect("valid")
}

fn exact_generated(c: &mut Criterion) {
    let mut group = c.benchmark_group("exact rational E[T] of a generated board");
    group.sample_size(10);
    for n in [1_000usize, 10_000] {
        let chain = Chain::build(&generated(n));
        group.bench_with_input(BenchmarkId::from_parameter(n), &chain, |b, chain| {
            b.iter(|| black_box(exact_expected_turns(chain).expect("finishes")))
        });
    }
    group.finish();
}

fn per_space_and_forever(c: &mut Criterion) {
    let mut group = c.benchmark_group("10,000-space generated board");
    group.sample_size(10);
    let game = generated(10_000);
    let chain = Chain::build(&game);
    group.bench_function("spaces (every per-space figure)", |b| {
        b.iter(|| black_box(Spaces::of(&game, &chain, 10_000).expect("solves")))
    });
    let question = Question {
        players: 1,
        order: None,
        survey: None,
        max_players: 4,
        budget: Budget::unlimited(),
    };
    group.bench_function("forever (without the deck-order survey)", |b| {
        b.iter(|| black_box(ForeverReport::new(&game, &chain, "g", &question).expect("fits")))
    });
    group.finish();
}

fn exact(c: &mut Criterion) {
    let text = candyland::internals::games::shipped::find("classic")
        .expect("shipped")
        .text;
    let board: CandyLand = parse("classic", text, &Variant::default()).expect("valid");
    let chain = Chain::build(&board);
    c.bench_function("exact rational E[T] of classic", |b| {
        b.iter(|| black_box(exact_expected_turns(&chain).expect("finishes")))
    });
}

/// The length distribution to 1e-12, as `analyze` computes it, against the plain iteration
/// pi_n = pi_(n-1) Q over every state (up to 10^5 spaces: at 10^6 it takes about 15 minutes).
fn distribution(c: &mut Criterion) {
    use candyland::internals::chain::{push, Probabilities};
    use candyland::internals::solve::{Distribution, DROPPED_SHARE};
    let mut group = c.benchmark_group("length distribution to 1e-12 of a generated board");
    group.sample_size(10);
    for n in [10_000usize, 100_000, 1_000_000] {
        let chain = Chain::build(&generated(n));
        let r = chain.r();
        let counts = (chain.counts(), chain.denominator());
        group.bench_with_input(BenchmarkId::new("analyze", n), &chain, |b, chain| {
            b.iter(|| {
                black_box(Distribution::compute(
                    counts,
                    &r,
                    chain.start(),
                    1e-12,
                    200,
                    usize::MAX,
                    1e-12 * DROPPED_SHARE,
                ))
            })
        });
        if n > 100_000 {
            continue;
        }
        group.bench_with_input(BenchmarkId::new("every state", n), &chain, |b, chain| {
            let p = Probabilities::new(chain.denominator());
            b.iter(|| {
                let mut pi = vec![0.0; chain.len()];
                pi[chain.start()] = 1.0;
                let mut next = vec![0.0; chain.len()];
                let (mut left, mut turns) = (1.0, 0);
                while left >= 1e-12 || turns < 200 {
                    black_box(pi.iter().zip(&r).map(|(a, b)| a * b).sum::<f64>());
                    push(chain.counts(), &p, &pi, &mut next);
                    std::mem::swap(&mut pi, &mut next);
                    left = pi.iter().sum::<f64>();
                    turns += 1;
                }
                black_box(turns)
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    // No HTML plots: plotters is built here without system fonts.
    config = Criterion::default().without_plots();
    targets = moments, exact, exact_generated, per_space_and_forever, distribution
}
criterion_main!(benches);
