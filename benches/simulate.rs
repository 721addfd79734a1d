//! Simulator throughput on the default board, one thread: games per second per core.
//!
//! `cargo bench --bench simulate`; the README quotes the results.

use std::hint::black_box;

use candyland::chain::Chain;
use candyland::config::load;
use candyland::games::CandyLand;
use candyland::model::Variant;
use candyland::sim::{run_chunk_games, DeckMode, SimOptions, Simulator};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

const GAMES: u64 = 20_000;

fn simulator() -> Simulator {
    let board: CandyLand = load(Some("classic"), &Variant::default()).expect("classic loads");
    Simulator::new(&Chain::build(&board))
}

fn bench(c: &mut Criterion) {
    let sim = simulator();
    let mut group = c.benchmark_group("classic one player, one thread");
    group.throughput(Throughput::Elements(GAMES));
    for deck in [DeckMode::Iid, DeckMode::Shuffled] {
        let options = SimOptions {
            games: GAMES,
            seed: 42,
            deck,
            players: 1,
            max_turns: 1_000_000,
            keep_lengths: false,
        };
        let mut chunk = 0;
        group.bench_function(deck.name(), |b| {
            b.iter(|| {
                chunk += 1;
                black_box(run_chunk_games(&sim, &options, chunk, GAMES))
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    // No HTML plots: plotters is built here without system fonts.
    config = Criterion::default().without_plots();
    targets = bench
}
criterion_main!(benches);
