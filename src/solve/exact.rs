//! E\[T\] as an exact fraction: the same sweep in [`BigRational`].

use num_rational::BigRational;

use super::{solve_once_watched, Scalar, SweepError};
use crate::budget::{Budget, OverBudget};
use crate::chain::Chain;

/// E\[T\] from the start, exactly.
pub fn exact_expected_turns<S, C>(chain: &Chain<S, C>) -> Result<BigRational, SweepError> {
    exact_expected_turns_within(chain, &Budget::unlimited())
        .expect("an unlimited budget is never exceeded")
}

/// E\[T\] from the start, exactly, stopped (the outer error) if it would take longer than the
/// budget: its cost shows only as it goes (the numbers grow along the sweep), so it is probed.
pub fn exact_expected_turns_within<S, C>(
    chain: &Chain<S, C>,
    budget: &Budget,
) -> Result<Result<BigRational, SweepError>, OverBudget> {
    let probe = budget.probe(
        "the exact fraction of the expected length",
        "leave out the fraction (analyze without --exact, or --no-exact)",
    );
    let ones = vec![BigRational::from_count(1); chain.len()];
    let solved =
        probe.run(|watch| solve_once_watched(chain.counts(), chain.denominator(), &ones, watch))?;
    Ok(solved.map(|e| e[chain.start()].clone()))
}
