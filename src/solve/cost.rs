//! What the solvers cost, estimated before they run (see [`crate::budget`]).

use super::{distribution, Moments, Sweep, LONGER_THAN};
use crate::budget::{Budget, OverBudget};
use crate::chain::Matrix;

/// Refuses `solves` linear solves of the chain by [`super::FloatSolver`] if their memory or
/// time is too much: [`check_sweep_solves`], or on a chain with many cycles the sparse LU's.
pub fn check_solves<S>(
    chain: &Matrix<S>,
    solves: f64,
    what: &str,
    budget: &Budget,
) -> Result<(), OverBudget> {
    if super::uses_sparse_lu(chain.counts()) {
        return check_lu_solves(chain, solves, what, budget);
    }
    check_sweep_solves(chain, solves, what, budget)
}

/// Refuses `solves` linear solves of the chain by the sweep ([`Sweep`], whatever the chain) if
/// their memory (B, n x k values, k the targets of backward moves) or time (about
/// (nnz + n) k + k^3 operations each) is too much.
pub fn check_sweep_solves<S>(
    chain: &Matrix<S>,
    solves: f64,
    what: &str,
    budget: &Budget,
) -> Result<(), OverBudget> {
    let counts = chain.counts();
    let (n, nnz) = (chain.len() as f64, counts.nnz() as f64);
    let k = Sweep::<f64>::feedback_size(counts) as f64;
    let what = format!("{what} ({n:.0} states, {k:.0} of them targets of backward moves)");
    let fix = "a board with fewer spaces that moves lead back to (cards and jumps that go backward) solves faster";
    budget.memory(&what, 8.0 * (n * (k + 4.0) + k * k), fix)?;
    let one = ((nnz + n) * k.max(1.0) + k * k * k) / crate::budget::rate::SWEEP_FLOPS;
    budget.time(&what, solves * one, fix)
}

/// Turn-steps the distribution takes: until the tail is below 1e-12 (about E + 28 sd, since
/// the tail falls by a factor e per standard deviation or so), at most `max_turns`.
pub fn distribution_steps(moments: &Moments, max_turns: usize) -> f64 {
    let needed = (moments.expected_turns + 28.0 * moments.std_dev)
        .max(LONGER_THAN[LONGER_THAN.len() - 1] as f64);
    needed.min(max_turns as f64)
}

/// Seconds `steps` turn-steps of the distribution take on this chain: measured on one step
/// when the total could be more than a fraction of a second.
pub fn distribution_seconds<S>(chain: &Matrix<S>, steps: f64) -> f64 {
    let work = steps * (chain.counts().nnz() + chain.len()) as f64;
    if work < 1e8 {
        return work / 1e9;
    }
    steps * distribution::time_one_step(chain.counts(), chain.denominator())
}

/// [`check_solves`] for a chain the sparse LU solves ([`super::sparse`]). Its fill-in shows only
/// once factored, so it is estimated from the matrix: w, the mean over the rows of how far (in
/// state numbers) a row's moves reach, stands for the width of the factors (a band `LU_BAND`
/// wide at least). On a track, whose moves stay within a few squares, that is a narrow band;
/// long jumps or a product chain widen it. Memory: 16 bytes x n x 2w; time: n w `LU_BAND`
/// multiply-adds, which matched the measured factorisations within a factor of a few (a
/// 100,000-square race with two backward faces, 0.2 s; two players of Candy Land, 34,201
/// states, 10 s) and refuses a board whose long jumps would need terabytes.
fn check_lu_solves<S>(
    chain: &Matrix<S>,
    solves: f64,
    what: &str,
    budget: &Budget,
) -> Result<(), OverBudget> {
    const LU_BAND: f64 = 32.0;
    let counts = chain.counts();
    let (n, nnz) = (chain.len() as f64, counts.nnz() as f64);
    let reach: f64 = counts
        .outer_iterator()
        .enumerate()
        .map(|(s, row)| row.iter().map(|(t, _)| t.abs_diff(s)).max().unwrap_or(0) as f64)
        .sum();
    let width = (reach / n.max(1.0)).max(LU_BAND);
    let what = format!("{what} ({n:.0} states with many cycles, by sparse LU)");
    let fix = "a board with fewer states, or moves that reach less far, solves faster";
    let factors = n * 2.0 * width + nnz;
    budget.memory(&what, 16.0 * factors + 8.0 * 8.0 * n, fix)?;
    let factor = n * width * LU_BAND / crate::budget::rate::SWEEP_FLOPS;
    let one = 6.0 * factors / crate::budget::rate::SWEEP_FLOPS;
    budget.time(&what, factor + solves * one, fix)
}
