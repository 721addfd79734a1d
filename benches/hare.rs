//! Hare and Tortoise, one computer player alone, exactly: the chain built by enumerating every
//! outcome of the step function, then the length distribution pushed turn by turn, on the
//! shipped board with Wiener's Novice (carrot cap 600, the `analyze` default), and the
//! general linear solve on the same chain (Gauss-Seidel, as `analyze` runs it). The target is
//! under 10 s on 2 cores.
//!
//! `cargo bench --bench hare`; docs/performance.md quotes the results.

use candyland::internals::budget::Budget;
use candyland::internals::games::hare::parse;
use candyland::internals::games::hare::Alone;
use candyland::internals::solve::chances as exact;
use criterion::{criterion_group, criterion_main, Criterion};

/// No limit but the one `analyze` sets on states.
const LIMIT: exact::Limit = exact::Limit {
    states: 3_000_000,
    transitions: usize::MAX,
};

fn hare(c: &mut Criterion) {
    let board = parse(
        "hare-and-tortoise",
        include_str!("../data/boards/hare-and-tortoise.toml"),
    )
    .expect("shipped board");
    let novice = board.policy("novice").expect("novice");
    let mut group = c.benchmark_group("hare");
    group.sample_size(10);
    group.bench_function("novice alone: chain (cap 600) and distribution", |b| {
        b.iter(|| {
            let chain = exact::build(
                &Alone {
                    board: &board,
                    policy: novice,
                },
                600,
                LIMIT,
            )
            .expect("chain");
            let l = exact::lengths(&chain, 1e-12, 100_000);
            assert!(l.left < 1e-12);
            (chain.len(), l.mean_sd())
        })
    });
    group.bench_function("novice alone: chain (cap 600) and general solve", |b| {
        b.iter(|| {
            let chain = exact::build(
                &Alone {
                    board: &board,
                    policy: novice,
                },
                600,
                LIMIT,
            )
            .expect("chain");
            candyland::internals::solve::chances::general::solve_within(
                &chain,
                &Budget::unlimited(),
            )
            .expect("solves")
            .mean
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    // No plots: criterion's plotters backend needs system fonts this machine may lack.
    config = Criterion::default().without_plots();
    targets = hare
}
criterion_main!(benches);
