//! Chains with many cycles: race boards of 10^3 to 10^6 squares whose spinner has two backward
//! faces (back 1, back 2) beside four forward ones, so that every square is the target of a
//! backward move. Each case factors I - Q and solves for the expected length from every state:
//!
//! - `sparse LU`: the general solver ([`FloatSolver`] picks it on such chains; `analyze` and
//!   `passage` go through it), which factors these chains inside their band (2 below the
//!   diagonal, 4 above);
//! - `sparse LU, column order`: the same chains by faer's sparse LU in a COLAMD column order,
//!   the route of chains whose band is wide (and of these before the band);
//! - `sweep`: the sweep of the race boards, only where it fits (it keeps one unknown per target
//!   of a backward move: an n x n dense system here, so up to 2,000 squares);
//! - `moments`: the expected length and variance as `analyze --moments-only` computes them (one
//!   factorisation, three solves and their residual checks).
//!
//! scipy's sparse LU (SuperLU) on the same chains: `benches/scipy_lu.py`, run right after in
//! the same shell so that both see the same machine (docs/performance.md, "Chains with cycles").
//!
//! `cargo bench --bench cycles`

use std::hint::black_box;

use candyland::internals::chain::Chain;
use candyland::internals::games::load::parse;
use candyland::internals::games::load::About;
use candyland::internals::games::RaceTrack;
use candyland::internals::games::Variant;
use candyland::internals::solve::sparse::LuPlan;
use candyland::internals::solve::{uses_sparse_lu, FloatSolver, Moments, Sweep};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

/// A race of `squares` squares with faces +1..+4, back 1 and back 2 (the board
/// `benches/scipy_lu.py` writes too).
fn cycles_board(squares: usize) -> String {
    format!(
        "game = \"race\"\nname = \"cycles-{squares}\"\n[board]\nsquares = {squares}\n[spinner]\nfaces = [1, 2, 3, 4, {{ back = 1 }}, {{ back = 2 }}]\n[rules]\novershoot = \"win\"\n"
    )
}

fn board(squares: usize) -> RaceTrack {
    parse("cycles", &cycles_board(squares), &Variant::default()).expect("valid")
}

const SIZES: [usize; 5] = [1_000, 2_000, 10_000, 100_000, 1_000_000];
/// The sweep's dense k x k system is cubic: 10^4 squares would take minutes a solve.
const SWEEP_UP_TO: usize = 2_000;

fn solvers(c: &mut Criterion) {
    let mut group = c.benchmark_group("E[T] of a race with many cycles");
    group.sample_size(10);
    for n in SIZES {
        let game = board(n);
        let chain = Chain::build(&game).into_matrix();
        let (counts, d) = (chain.counts(), chain.denominator());
        assert!(uses_sparse_lu(counts));
        let ones = vec![1.0; chain.len()];
        group.bench_with_input(BenchmarkId::new("sparse LU", n), &n, |b, _| {
            b.iter(|| {
                let lu = FloatSolver::factor(counts, d).expect("factors");
                black_box(lu.solve(&ones).expect("solves"))
            })
        });
        group.bench_with_input(
            BenchmarkId::new("sparse LU, column order", n),
            &n,
            |b, _| {
                b.iter(|| {
                    let lu = LuPlan::general(counts, d, false)
                        .and_then(|p| p.factor())
                        .expect("factors");
                    black_box(lu.solve(&ones).expect("solves"))
                })
            },
        );
        if n <= SWEEP_UP_TO {
            group.bench_with_input(BenchmarkId::new("sweep", n), &n, |b, _| {
                b.iter(|| {
                    let s = Sweep::<f64>::factor(counts, d).expect("factors");
                    black_box(s.solve(counts, &ones).expect("solves"))
                })
            });
        }
        group.bench_with_input(BenchmarkId::new("moments", n), &n, |b, _| {
            b.iter(|| black_box(Moments::of(&game, &chain, &About::default()).expect("finishes")))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    // No plots: criterion's plotters backend needs system fonts this machine may lack.
    config = Criterion::default().without_plots();
    targets = solvers
}
criterion_main!(benches);
