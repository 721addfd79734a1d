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
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

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

/// A uniform card of `cards` from 64 random bits (Lemire's multiply-and-reject).
#[inline]
fn uniform64(rng: &mut Xoshiro256PlusPlus, cards: u64) -> u32 {
    let mut m = u128::from(rng.next_u64()) * u128::from(cards);
    if (m as u64) < cards {
        let threshold = cards.wrapping_neg() % cards;
        while (m as u64) < threshold {
            m = u128::from(rng.next_u64()) * u128::from(cards);
        }
    }
    (m >> 64) as u32
}

/// A uniform integer below `bound` from 32 random bits (Lemire).
#[inline]
fn uniform32(rng: &mut Xoshiro256PlusPlus, bound: u32) -> u32 {
    let mut m = u64::from(rng.next_u32()) * u64::from(bound);
    if (m as u32) < bound {
        let threshold = bound.wrapping_neg() % bound;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(bound);
        }
    }
    (m >> 32) as u32
}

/// The minimal i.i.d. loop: one player, the state in a register, total turns returned.
fn reference_iid(
    table: &[u16],
    start: u32,
    cards: u32,
    games: u64,
    rng: &mut Xoshiro256PlusPlus,
) -> u64 {
    let mut total = 0u64;
    for _ in 0..games {
        let mut state = start;
        loop {
            total += 1;
            let row = (state >> 1) as usize;
            let next = if state & 1 == 0 {
                table[row + uniform64(rng, u64::from(cards)) as usize]
            } else {
                table[row]
            };
            if next == u16::MAX {
                break;
            }
            state = u32::from(next);
        }
    }
    total
}

/// The minimal shuffled-deck loop: a lazily shuffled deck in a local array, fresh each game.
fn reference_shuffled(
    table: &[u16],
    start: u32,
    cards: u32,
    games: u64,
    rng: &mut Xoshiro256PlusPlus,
) -> u64 {
    let mut deck: Vec<u32> = (0..cards).collect();
    let mut total = 0u64;
    for _ in 0..games {
        let mut state = start;
        let mut remaining = cards as usize;
        loop {
            total += 1;
            let row = (state >> 1) as usize;
            let next = if state & 1 == 0 {
                if remaining == 0 {
                    remaining = deck.len();
                }
                let j = uniform32(rng, remaining as u32) as usize;
                remaining -= 1;
                deck.swap(j, remaining);
                table[row + deck[remaining] as usize]
            } else {
                table[row]
            };
            if next == u16::MAX {
                break;
            }
            state = u32::from(next);
        }
    }
    total
}

criterion_group! {
    name = benches;
    // No HTML plots: plotters is built here without system fonts.
    config = Criterion::default().without_plots();
    targets = bench
}
criterion_main!(benches);
