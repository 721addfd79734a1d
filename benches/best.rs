//! Best play, exactly: Hare and Tortoise's best play alone (every state any choices reach with
//! at most 600 carrots, about 193,000, and value iteration on them), Pig solitaire's, and
//! Pig's game of two with both playing to win (about 500,000 pairs of states). The targets: the
//! first within the default budget of 60 s, the last in seconds, on 2 cores.
//!
//! `cargo bench --bench best`; README.md and docs/best.md quote the results.

use candyland::internals::games::{hare, pig, PolicyGame, Variant};
use candyland::internals::solve::best::{build, duel, iterate};
use criterion::{criterion_group, criterion_main, Criterion};

fn best(c: &mut Criterion) {
    let mut group = c.benchmark_group("best");
    group.sample_size(10);
    let hare = hare::parse("hare", hare::SHIPPED[0].text).expect("valid");
    group.bench_function(
        "hare-and-tortoise: best play alone (graph and values)",
        |b| {
            b.iter(|| {
                let g = build(&hare.deciding(), 600, 3_000_000).expect("fits");
                iterate(&g, 1e-12, 100_000).lower[g.start]
            })
        },
    );
    let pig = pig::parse_with("pig", pig::SHIPPED[0].text, &Variant::default()).expect("valid");
    group.bench_function("pig: solitaire best play", |b| {
        b.iter(|| {
            let g = build(&pig.deciding(), 0, 3_000_000).expect("fits");
            iterate(&g, 1e-12, 100_000).lower[g.start]
        })
    });
    let g = build(&pig.deciding(), 0, 3_000_000).expect("fits");
    group.bench_function("pig: two players, both best", |b| {
        b.iter(|| duel::duel(&g, duel::Play::Best, duel::Play::Best, 1e-12, 100_000).first_wins)
    });
    group.finish();
}

criterion_group! {
    name = benches;
    // No plots: criterion's plotters backend needs system fonts this machine may lack.
    config = Criterion::default().without_plots();
    targets = best
}
criterion_main!(benches);
