//! Boards that loop, exactly: the long run of the shipped Monopoly board as `analyze` computes
//! it (the chain of one roll with independent draws, its stationary law by GTH, the distance
//! to it and the eigenvalues) under both jail policies; the law with cycled piles in the board
//! file's order (37,000 states, sparse LU); and Project Euler 84's exact fractions. The target
//! for the first is under 1 s on 2 cores.
//!
//! `cargo bench --bench loops`; docs/loops.md quotes the results.

use candyland::internals::budget::Budget;
use candyland::internals::games::{monopoly, LoopGame, Variant};
use candyland::internals::results::loops::long_run;
use criterion::{criterion_group, criterion_main, Criterion};

fn board(name: &str, variant: &Variant) -> monopoly::Board {
    let text = candyland::internals::games::shipped::find(name)
        .expect("shipped")
        .text;
    <monopoly::Board as LoopGame>::parse(name, text, variant).expect("valid")
}

fn loops(c: &mut Criterion) {
    let mut group = c.benchmark_group("loops");
    group.sample_size(10);
    let monopoly = board("monopoly", &Variant::default());
    group.bench_function("monopoly: both jail policies, independent draws", |b| {
        b.iter(|| {
            monopoly
                .alternatives()
                .iter()
                .map(|(_, board)| {
                    long_run(board, false, &Budget::unlimited())
                        .expect("solves")
                        .states
                })
                .sum::<usize>()
        })
    });
    let cycled = board("monopoly", &Variant::default().with_rule("cards", "cycled"));
    group.bench_function("monopoly: cycled piles in the file's order", |b| {
        b.iter(|| {
            long_run(&cycled, false, &Budget::unlimited())
                .expect("solves")
                .states
        })
    });
    let euler = board("project-euler-84", &Variant::default());
    group.bench_function("project-euler-84: exact fractions, short stay", |b| {
        b.iter(|| {
            long_run(&euler, true, &Budget::unlimited())
                .expect("solves")
                .states
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    // No plots: criterion's plotters backend needs system fonts this machine may lack.
    config = Criterion::default().without_plots();
    targets = loops
}
criterion_main!(benches);
