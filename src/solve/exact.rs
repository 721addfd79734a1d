//! E\[T\] as an exact fraction, by the fraction-free sweep of [`super::fraction_free`].

use num_rational::BigRational;

use super::fraction_free::solve_state;
use super::SweepError;
use crate::budget::{Budget, OverBudget};
use crate::chain::Chain;

/// E\[T\] from the start, exactly.
pub fn exact_expected_turns<S, C>(chain: &Chain<S, C>) -> Result<BigRational, SweepError> {
    exact_expected_turns_within(chain, &Budget::unlimited())
        .expect("an unlimited budget is never exceeded")
}

/// E\[T\] from the start, exactly, stopped (the outer error) if it would take longer than the
/// budget: its cost shows only as it goes (the numbers grow along the sweep), so it is probed.
///
/// (I - Q) E = 1 is solved as (D I - C) E = D 1, in integers.
pub fn exact_expected_turns_within<S, C>(
    chain: &Chain<S, C>,
    budget: &Budget,
) -> Result<Result<BigRational, SweepError>, OverBudget> {
    let probe = budget.probe(
        "the exact fraction of the expected length",
        "leave out the fraction (analyze without --exact, or --no-exact)",
    );
    let d = chain.denominator();
    let h = vec![u64::from(d); chain.len()];
    probe.run(|watch| solve_state(chain.counts(), d, &h, chain.start(), watch))
}
