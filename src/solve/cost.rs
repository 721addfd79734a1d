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
/// once factored; on a track, whose moves stay within a few squares, it is a band: memory and
/// time are taken as those of a band `LU_BAND` entries wide each side (measured: a 100,000-square
/// race with two backward faces factors in a few tenths of a second).
fn check_lu_solves<S>(
    chain: &Matrix<S>,
    solves: f64,
    what: &str,
    budget: &Budget,
) -> Result<(), OverBudget> {
    const LU_BAND: f64 = 32.0;
    let (n, nnz) = (chain.len() as f64, chain.counts().nnz() as f64);
    let what = format!("{what} ({n:.0} states with many cycles, by sparse LU)");
    let fix = "a board with fewer states solves faster";
    let factors = n * 2.0 * LU_BAND + nnz;
    budget.memory(&what, 16.0 * factors + 8.0 * 8.0 * n, fix)?;
    let factor = n * LU_BAND * LU_BAND / crate::budget::rate::SWEEP_FLOPS;
    let one = 6.0 * factors / crate::budget::rate::SWEEP_FLOPS;
    budget.time(&what, factor + solves * one, fix)
}
