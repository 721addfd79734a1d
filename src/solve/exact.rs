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
    check_feedback_system(chain.counts(), chain.denominator(), budget)?;
    let probe = budget.probe(
        "the exact fraction of the expected length",
        "leave out the fraction (analyze without --exact, or --no-exact)",
    );
    let d = chain.denominator();
    let h = vec![u64::from(d); chain.len()];
    probe.run(|watch| solve_state(chain.counts(), d, &h, chain.start(), watch))
}

/// Refuses an exact solve whose dense system of feedback unknowns (k x k rationals, k the
/// targets of backward moves) would take too long or too much memory: on a chain with many
/// cycles k is close to the number of states, and elimination in rationals is cubic in k with
/// numbers of about n log2 D bits. The probe of the sweep cannot see this part coming.
pub(super) fn check_feedback_system(
    counts: &crate::chain::Counts,
    d: u32,
    budget: &Budget,
) -> Result<(), OverBudget> {
    /// Rational multiply-adds per second on numbers of a thousand bits, roughly.
    const RATIONAL_OPS: f64 = 2e5;
    let k = super::Sweep::<f64>::feedback_size(counts) as f64;
    let bits = counts.rows() as f64 * f64::from(d.max(2)).log2();
    let kk = crate::input::number::approx_count(k);
    let what = format!(
        "the exact fraction ({kk} targets of backward moves: a {kk} x {kk} system in rationals)"
    );
    let fix = "leave out the fraction (analyze without --exact, or --no-exact)";
    budget.memory(&what, k * k * (64.0 + bits / 8.0), fix)?;
    budget.time(&what, k * k * k * (1.0 + bits / 1000.0) / RATIONAL_OPS, fix)
}
