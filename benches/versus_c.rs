//! The simulator against a minimal C loop (`benches/minimal_loop.c`) on the same table: one
//! thread, processor time of the thread, on the default board (`clark-program`), both decks.
//! Beside them the minimal Rust loop of `benches/simulate.rs`, which tells the cost of the
//! tool's own structure (tool / Rust loop) from the cost of the language's code for the same
//! loop (Rust loop / C). All three play the very same games (same generator, seeding and
//! bounded draws), which the benchmark asserts from the total of turns. Rounds alternate
//! between them, so that all see the same machine; the ratios of the medians are printed, with
//! each one's spread.
//!
//! `cargo bench --bench versus_c` (needs `cc`; says so and stops without it). docs/performance.md
//! quotes the results.

use std::path::Path;
use std::process::Command;

use candyland::internals::chain::Chain;
use candyland::internals::games::load::load;
use candyland::internals::games::CandyLand;
use candyland::internals::games::Variant;
use candyland::internals::sim::{
    chunk_rng, chunk_seed, run_chunk_games, DeckMode, SimOptions, Simulator,
};

#[path = "common/minimal_loops.rs"]
mod minimal_loops;
use minimal_loops::{reference_iid, reference_shuffled};

const GAMES: u64 = 2_000_000;
const ROUNDS: u64 = 9;
const SEED: u64 = 42;

/// The calling thread's processor seconds.
fn thread_seconds() -> f64 {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

fn compile(folder: &Path) -> Option<std::path::PathBuf> {
    let source = folder.join("minimal_loop.c");
    std::fs::write(&source, include_str!("minimal_loop.c")).ok()?;
    let binary = folder.join("minimal_loop");
    let built = Command::new("cc")
        .args(["-O2", "-o"])
        .arg(&binary)
        .arg(&source)
        .status()
        .ok()?;
    built.success().then_some(binary)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    // `cargo bench` passes `--bench`; any other argument is a filter this harness ignores.
    let board: CandyLand = load(Some("classic"), &Variant::default()).expect("classic loads");
    let sim = Simulator::new(&Chain::build(&board));
    let table = sim.narrow_table().expect("classic has a 16-bit table");
    let folder = tempfile::tempdir().expect("a temporary folder");
    let Some(c_loop) = compile(folder.path()) else {
        println!("versus_c: no working `cc`; skipped");
        return;
    };
    let table_file = folder.path().join("table.u16");
    let bytes: Vec<u8> = table.iter().flat_map(|v| v.to_le_bytes()).collect();
    std::fs::write(&table_file, bytes).expect("the table written");
    println!(
        "clark-program, one player, {GAMES} games a round, {ROUNDS} rounds alternating, thread CPU time"
    );
    for deck in [DeckMode::Iid, DeckMode::Shuffled] {
        let options = SimOptions {
            games: GAMES,
            seed: SEED,
            deck,
            players: 1,
            max_turns: 1_000_000,
            keep_lengths: false,
        };
        let (mut tool, mut rust, mut c) = (Vec::new(), Vec::new(), Vec::new());
        for chunk in 0..ROUNDS {
            let began = thread_seconds();
            let result = run_chunk_games(&sim, &options, chunk, GAMES);
            tool.push(thread_seconds() - began);
            let turns: u64 = result
                .histogram
                .iter()
                .enumerate()
                .map(|(t, &n)| t as u64 * n)
                .sum();
            let (table, start, cards) = (table, sim.start(), sim.deck_size());
            let mut rng = chunk_rng(SEED, chunk);
            let began = thread_seconds();
            let rust_turns = match deck {
                DeckMode::Iid => reference_iid(table, start, cards, GAMES, &mut rng),
                _ => reference_shuffled(table, start, cards, GAMES, &mut rng),
            };
            rust.push(thread_seconds() - began);
            assert_eq!(turns, rust_turns, "the Rust loop plays the same games");
            let out = Command::new(&c_loop)
                .arg(&table_file)
                .arg(sim.start().to_string())
                .arg(sim.deck_size().to_string())
                .arg(GAMES.to_string())
                .arg(chunk_seed(SEED, chunk).to_string())
                .arg(if deck == DeckMode::Iid {
                    "iid"
                } else {
                    "shuffled"
                })
                .output()
                .expect("the C loop runs");
            let out = String::from_utf8(out.stdout).expect("ASCII");
            let mut fields = out.split_whitespace();
            let c_turns: u64 = fields.next().and_then(|f| f.parse().ok()).expect("turns");
            let seconds: f64 = fields.next().and_then(|f| f.parse().ok()).expect("seconds");
            assert_eq!(turns, c_turns, "the C loop plays the same games");
            c.push(seconds);
        }
        let spread = |v: &[f64]| {
            let lo = v.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = v.iter().copied().fold(0.0, f64::max);
            format!("{:.1} to {:.1} ms", lo * 1e3, hi * 1e3)
        };
        let (t, r, m) = (
            median(tool.clone()),
            median(rust.clone()),
            median(c.clone()),
        );
        println!(
            "{:>8}: tool {:.1} ms ({}), Rust loop {:.1} ms ({}), C {:.1} ms ({})",
            deck.name(),
            t * 1e3,
            spread(&tool),
            r * 1e3,
            spread(&rust),
            m * 1e3,
            spread(&c),
        );
        println!(
            "          tool / C {:.3}, tool / Rust loop {:.3}, Rust loop / C {:.3}; {:.1} million games/s (C {:.1})",
            t / m,
            t / r,
            r / m,
            GAMES as f64 / t / 1e6,
            GAMES as f64 / m / 1e6,
        );
    }
}
