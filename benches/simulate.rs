//! Simulator throughput on the default board, one thread: games per second per core, next to
//! a minimal reference loop over the same 16-bit table (same generator, same bounded draws,
//! one player, nothing recorded but the length), so that the ratio "tool loop / minimal loop"
//! is measured side by side in one run.
//!
//! `cargo bench --bench simulate`; docs/performance.md quotes the results.

use std::hint::black_box;

use candyland::internals::chain::Chain;
use candyland::internals::games::load::load;
use candyland::internals::games::CandyLand;
use candyland::internals::games::Variant;
use candyland::internals::sim::{chunk_rng, run_chunk_games, DeckMode, SimOptions, Simulator};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
#[path = "common/minimal_loops.rs"]
mod minimal_loops;
use minimal_loops::{reference_iid, reference_shuffled};

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
        let table = sim.narrow_table().expect("classic has a 16-bit table");
        let (start, cards) = (sim.start(), sim.deck_size());
        // The reference plays the very same games: same stream, same draws, same lengths.
        let tool: u64 = run_chunk_games(&sim, &options, 7, GAMES)
            .histogram
            .iter()
            .enumerate()
            .map(|(t, &c)| t as u64 * c)
            .sum();
        let mut rng = chunk_rng(42, 7);
        let minimal = match deck {
            DeckMode::Iid => reference_iid(table, start, cards, GAMES, &mut rng),
            _ => reference_shuffled(table, start, cards, GAMES, &mut rng),
        };
        assert_eq!(tool, minimal, "the reference loop plays the same games");
        let mut chunk = 0;
        group.bench_function(format!("{} reference loop", deck.name()), |b| {
            b.iter(|| {
                chunk += 1;
                let mut rng = chunk_rng(42, chunk);
                black_box(match deck {
                    DeckMode::Iid => reference_iid(table, start, cards, GAMES, &mut rng),
                    _ => reference_shuffled(table, start, cards, GAMES, &mut rng),
                })
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
