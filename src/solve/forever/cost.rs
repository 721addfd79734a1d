//! What `forever`'s report costs, estimated before any of it is computed (see
//! [`crate::budget`]): the loop search, the spectral radius, the certificate's backward steps
//! and the longest game. The distribution and the deck-order survey estimate themselves.

use crate::budget::{idle, rate, Budget, OverBudget};
use crate::chain::Chain;
use crate::input::number::approx_count;
use crate::solve::distribution::time_one_pull;
use crate::solve::Sweep;

/// Processor seconds of the dense eigenvalues of an n-state chain, per n^3 (0.15 s measured
/// at n = 1,002).
const DENSE_EIGEN_PER_CUBE: f64 = 2e-10;

/// Bisection steps of the spectral radius (halving [0, 1] to 1e-15).
const BISECTION_STEPS: f64 = 52.0;

/// Processor seconds per state and transition of the longest-game search (its successor
/// lists and Kahn's algorithm).
const LONGEST_PER_ITEM: f64 = 3e-8;

/// Refuses the report's fixed work if it would not fit the budget.
pub fn check_work<S, C>(
    chain: &Chain<S, C>,
    ends_surely: bool,
    budget: &Budget,
) -> Result<(), OverBudget> {
    let counts = chain.counts();
    let (n, nnz) = (chain.len() as f64, counts.nnz() as f64);
    let k = Sweep::<f64>::feedback_size(counts) as f64;
    let what = format!(
        "the loop search ({} states, {} targets of backward moves), the spectral radius and the longest game",
        approx_count(n),
        approx_count(k),
    );
    let dense = chain.len() <= super::radius::DENSE_STATES;
    let radius = if dense {
        n * n * n * DENSE_EIGEN_PER_CUBE
    } else if k == 0.0 {
        0.0
    } else {
        BISECTION_STEPS * (nnz * k / rate::SWEEP_FLOPS + rate::dense_elimination(k))
    };
    let seconds =
        2.0 * (k + 1.0) * (n + nnz) / rate::GRAPH_STEPS + radius + (n + nnz) * LONGEST_PER_ITEM;
    // The successor lists of the longest-game search (a vector per state); the dense matrix
    // and its eigen-decomposition's copy (16 MB at n = 1,002).
    let matrix = if dense { 16.0 * n * n } else { 0.0 };
    budget.memory(&what, 32.0 * n + 4.0 * nnz + matrix, "")?;
    budget.time(&what, idle(seconds), "")?;
    if ends_surely {
        // The certificate doubles its window from the largest distance to the finish, d0, up
        // to 128 d0: 128 d0 backward steps, each timed here.
        let d0 = super::certificate::distances_to_finish(chain)
            .into_iter()
            .max()
            .unwrap_or(1)
            .max(1) as f64;
        let steps = 128.0 * d0;
        budget.time(
            &format!(
                "the certificate that every game ends ({} backward steps)",
                approx_count(steps)
            ),
            steps * time_one_pull(counts, chain.denominator()),
            "",
        )?;
    }
    Ok(())
}
