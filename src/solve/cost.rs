//! What the solvers cost, estimated before they run (see [`crate::budget`]).

use statrs::distribution::ContinuousCDF;

use super::{distribution, Moments, Sweep, LONGER_THAN};
use crate::budget::{rate, Budget, OverBudget};
use crate::chain::Matrix;
use crate::input::number::approx_count;

/// Refuses `solves` linear solves of the chain by [`super::FloatSolver`] if their memory or
/// time is too much: [`check_sweep_solves`], or on a chain with many cycles the sparse LU's.
pub fn check_solves<S>(
    chain: &Matrix<S>,
    solves: f64,
    what: &str,
    budget: &Budget,
) -> Result<(), OverBudget> {
    check_counts_solves(chain.counts(), chain.denominator(), solves, what, budget)
}

/// [`check_solves`] for Q = `counts` / `d` (a chain with some moves taken out, as a first
/// passage solves it).
pub fn check_counts_solves(
    counts: &crate::chain::Counts,
    d: u32,
    solves: f64,
    what: &str,
    budget: &Budget,
) -> Result<(), OverBudget> {
    if super::uses_sparse_lu(counts) {
        if super::band::narrow_band(counts, false).is_some() {
            return check_lu_solves(counts, d, solves, what, budget);
        }
        if let Some(seconds) = super::iterative::pilot_seconds(counts, d) {
            budget.time(
                &format!(
                    "a pilot of Gauss-Seidel ({} states with many cycles)",
                    approx_count(counts.rows() as f64)
                ),
                crate::budget::idle(seconds),
                "",
            )?;
        }
        if let Ok(Some(pilot)) = super::iterative::pilot(counts, d) {
            return check_iterative_solves(counts, &pilot, solves, what, budget);
        }
        return check_lu_solves(counts, d, solves, what, budget);
    }
    // Callers may factor once per solve (one chain per edit, per target): counted so.
    sweep_solves(counts, solves, solves, what, budget)
}

/// Refuses `solves` linear solves of the chain by one factorisation of the sweep ([`Sweep`],
/// whatever the chain) if their memory (B, n x k values, k the targets of backward moves) or
/// time (about 2 (nnz + n) + n k + k^2 operations each, after one elimination of the k x k
/// system) is too much.
pub fn check_sweep_solves<S>(
    chain: &Matrix<S>,
    solves: f64,
    what: &str,
    budget: &Budget,
) -> Result<(), OverBudget> {
    sweep_solves(chain.counts(), solves, 1.0, what, budget)
}

/// `solves` solves after `factorisations` eliminations of the k x k system.
fn sweep_solves(
    counts: &crate::chain::Counts,
    solves: f64,
    factorisations: f64,
    what: &str,
    budget: &Budget,
) -> Result<(), OverBudget> {
    let (n, nnz) = (counts.rows() as f64, counts.nnz() as f64);
    let k = Sweep::<f64>::feedback_size(counts) as f64;
    let what = format!(
        "{what} ({} states, {} of them targets of backward moves, {} transitions)",
        approx_count(n),
        approx_count(k),
        approx_count(nnz),
    );
    let fix = "a board with fewer spaces that moves lead back to (cards and jumps that go backward) solves faster";
    budget.memory(&what, 8.0 * (n * (k + 4.0) + k * k), fix)?;
    // A solve fills its n x k block (one column per target) and sweeps the transitions and
    // states about twice; the dense k x k system is eliminated once, for every solve.
    // Measured in processor time: 0.21 s for the three solves of a million-space Candy Land
    // board (k = 0), 1.0 s with a million squares and k = 89, 0.2 s with 10^5 squares and
    // k = 161; for k in the thousands the elimination is most of it.
    let one = ((nnz + n) * 2.0 + n * k + k * k) / rate::SWEEP_FLOPS;
    let seconds = factorisations * rate::dense_elimination(k) + solves * one;
    budget.time(&what, crate::budget::idle(seconds), fix)
}

/// Turn-steps the distribution takes: until P(T > n) falls below `tolerance` (at least to the
/// last "longer than" threshold), at most `max_turns` (`usize::MAX`: no limit).
///
/// T is modelled as a gamma variable with T's mean and variance (shape k = (E/sd)^2), whose
/// upper quantile is the Wilson-Hilferty cube of a normal one: q = E (1 - 1/(9k) + z/(3 sqrt k))^3
/// (Wilson and Hilferty, "The distribution of chi-square", 1931), z the normal quantile of
/// `tolerance`. A game that is one geometric wait (k = 1) gets about 33 E at 1e-12, a long board
/// (k large) about E + 7 sd. Measured at 1e-12: 0.84 to 1.18 times the steps taken on the
/// shipped boards of two games and generated boards of 10^3 to 10^5 spaces.
pub fn distribution_steps(moments: &Moments, tolerance: f64, max_turns: usize) -> f64 {
    let (e, sd) = (moments.expected_turns, moments.std_dev);
    let z = -statrs::distribution::Normal::standard().inverse_cdf(tolerance.clamp(1e-300, 0.5));
    let needed = if sd > 0.0 && e > 0.0 {
        let k = (e / sd).powi(2);
        e * (1.0 - 1.0 / (9.0 * k) + z / (3.0 * k.sqrt()))
            .max(0.0)
            .powi(3)
    } else {
        e
    };
    let needed = needed.max(LONGER_THAN[LONGER_THAN.len() - 1] as f64);
    if max_turns == usize::MAX {
        needed
    } else {
        needed.min(max_turns as f64)
    }
}

/// Seconds `steps` turn-steps of the distribution take on this chain ([`Distribution::compute`]
/// with some mass dropped): from its first eighth pushed and timed ([`crate::chain::Pilot`],
/// for at most half a second; the chain keeps it for the next estimate), when the total
/// could be more than a fraction of a second.
///
/// [`Distribution::compute`]: crate::solve::Distribution::compute
pub fn distribution_seconds<S>(chain: &Matrix<S>, steps: f64) -> f64 {
    let size = (chain.counts().nnz() + chain.len()) as f64;
    // Under 10^8 transitions in all, or a game so long that one state a turn would take days.
    if steps * size < 1e8 || steps > 1e14 {
        return crate::budget::idle(steps * size / 1e9);
    }
    let turns = (steps / 8.0).ceil().max(64.0) as usize;
    chain.pilot(turns, PILOT_SECONDS).seconds(steps)
}

/// The longest a distribution's pilot runs.
pub const PILOT_SECONDS: f64 = 0.5;

/// The seconds of a distribution that reads every state that can hold a chance (one that
/// keeps every chance down to the smallest normal `f64`, as `check`'s do), with one step's
/// time measured on a chain of about the same size in `measured` scaled to this one; when none was measured yet and one is needed, it is
/// measured here and kept there for the next chain.
pub fn distribution_seconds_by<S>(
    chain: &Matrix<S>,
    steps: f64,
    measured: &mut Option<StepTime>,
) -> f64 {
    let counts = chain.counts();
    let size = (counts.nnz() + chain.len()) as f64;
    if steps * size < 1e8 {
        return crate::budget::idle(steps * size / 1e9);
    }
    let step = *measured.get_or_insert_with(|| step_time(chain));
    let scale = size / step.size.max(1.0);
    let (full, sums) = (step.full * scale, step.sums * scale);
    let product = (full - sums).max(0.0);
    sums * steps + product * reach_share_sum(counts, chain.start(), steps)
}

/// One turn-step of the distribution on a chain, measured.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StepTime {
    /// Seconds of the whole step.
    pub full: f64,
    /// Seconds of its part over every state (clearing, the two sums).
    pub sums: f64,
    /// States + transitions of the chain it was measured on.
    pub size: f64,
}

/// Measures one turn-step of the distribution on `chain`.
pub fn step_time<S>(chain: &Matrix<S>) -> StepTime {
    let counts = chain.counts();
    let (full, sums) = distribution::time_one_step(counts, chain.denominator());
    StepTime {
        full,
        sums,
        size: (counts.nnz() + chain.len()) as f64,
    }
}

/// The sum over turns t = 1..=`steps` of the share of transitions that leave states within
/// t - 1 turns of `start` (the states that can hold a chance at the start of turn t).
fn reach_share_sum(counts: &crate::chain::Counts, start: usize, steps: f64) -> f64 {
    let n = counts.rows();
    let indptr = counts.indptr();
    let indptr = indptr.raw_storage();
    let indices = counts.indices();
    let total = counts.nnz().max(1) as f64;
    // Transitions out of the states first reached at each distance.
    let mut by_distance: Vec<f64> = Vec::new();
    let mut distance = vec![u32::MAX; n];
    let mut frontier = vec![start];
    distance[start] = 0;
    while !frontier.is_empty() {
        let mut next = Vec::new();
        let mut out = 0.0;
        for &s in &frontier {
            let (from, to) = (indptr[s] as usize, indptr[s + 1] as usize);
            out += (to - from) as f64;
            for &t in &indices[from..to] {
                let t = t as usize;
                if distance[t] == u32::MAX {
                    distance[t] = distance[s] + 1;
                    next.push(t);
                }
            }
        }
        by_distance.push(out);
        frontier = next;
    }
    let steps = steps.max(0.0).ceil() as usize;
    let (mut reached, mut sum) = (0.0, 0.0);
    for t in 0..steps {
        match by_distance.get(t) {
            Some(out) => reached += out,
            // Every state is reached: the remaining turns are full steps.
            None => return sum + (steps - t) as f64 * reached / total,
        }
        sum += reached / total;
    }
    sum
}

/// [`check_solves`] for a chain Gauss-Seidel solves ([`super::iterative`]): the passes its
/// pilot predicts for each solve, at the time a pass of the pilot took (measured here and now,
/// so on this machine at its load). A chain too slow for the budget is refused before its
/// first solve (the pilot, estimated on its own, ran already).
fn check_iterative_solves(
    counts: &crate::chain::Counts,
    pilot: &super::iterative::Pilot,
    solves: f64,
    what: &str,
    budget: &Budget,
) -> Result<(), OverBudget> {
    let n = counts.rows() as f64;
    let what = format!(
        "{what} ({} states with many cycles, by Gauss-Seidel: about {:.0} passes over {} transitions a solve)",
        approx_count(n),
        pilot.passes,
        approx_count(counts.nnz() as f64),
    );
    let fix = "a board with fewer states, or fewer moves that go back, solves faster";
    // The solution, the right-hand side and a residual at a time, besides the chain.
    budget.memory(&what, 8.0 * 4.0 * n, fix)?;
    budget.time(&what, solves * pilot.passes * pilot.seconds_per_pass, fix)
}

/// [`check_solves`] for a chain the sparse LU solves ([`super::sparse`]): its symbolic analysis
/// comes first (the column order, kept for the factorisation that follows), and its cost is
/// read from the bound on the factors' structure ([`super::sparse::LuCost`]). A board whose long
/// jumps would need terabytes is refused there, before any factoring.
fn check_lu_solves(
    counts: &crate::chain::Counts,
    d: u32,
    solves: f64,
    what: &str,
    budget: &Budget,
) -> Result<(), OverBudget> {
    let (n, nnz) = (counts.rows() as f64, counts.nnz() as f64);
    let what = format!(
        "{what} ({} states with many cycles, by sparse LU)",
        approx_count(n)
    );
    let fix = "a board with fewer states, or moves that reach less far, solves faster";
    // The matrix and its analysis: triplets and columns, the column order's work space.
    budget.memory(&what, 28.0 * (nnz + n) + 64.0 * n, fix)?;
    let cost = match super::sparse::LuPlan::of(counts, d, false).and_then(|p| p.cost()) {
        Ok(cost) => cost,
        // Beyond the solver's indices: no budget is enough.
        Err(failure @ super::SolveFailure::TooLarge { .. }) => {
            return Err(OverBudget {
                what,
                cost: format!("not fit: {failure}"),
                fix: fix.into(),
                needed: None,
                beyond_any_budget: false,
                lacking: crate::budget::Resource::Memory,
            })
        }
        // A matrix that cannot be analysed otherwise fails again when factored, with its
        // reason.
        Err(_) => return Ok(()),
    };
    budget.memory(&what, cost.bytes(), fix)?;
    budget.time(&what, crate::budget::idle(cost.seconds(solves)), fix)
}
