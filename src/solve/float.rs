//! The fast `f64` route through the sweep, with its safety net: a lost pivot is retried in
//! exact rationals on small chains, and a result beyond the `f64` range is an error, never an
//! infinity or a NaN.

use crate::chain::Counts;
use num_rational::BigRational;
use num_traits::ToPrimitive;

use super::linear::{Sweep, SweepError};

/// The most states for which a lost `f64` pivot is retried in exact rationals (whose cost
/// grows about cubically with the board: a few seconds at this size).
pub const EXACT_RETRY_STATES: usize = 2_000;

/// Solves (I - Q) y = b for each right-hand side in `f64`: [`FloatSolver`] factored once.
pub fn solve_f64(counts: &Counts, d: u32, rhss: &[&[f64]]) -> Result<Vec<Vec<f64>>, SolveFailure> {
    let solver = FloatSolver::factor(counts, d)?;
    rhss.iter().map(|rhs| solver.solve(rhs)).collect()
}

/// I - Q factored for `f64` solves, the fast route. If the `f64` elimination loses a pivot (a
/// chance below the `f64` range), a small chain is factored again in exact rationals and its
/// solutions converted; a solution that does not fit in `f64` (an expected length beyond
/// 1e308) is [`SolveFailure::OutOfRange`], never an infinity or a NaN.
pub struct FloatSolver<'a> {
    counts: &'a Counts,
    route: Route,
}

enum Route {
    Fast(Sweep<f64>),
    Exact(Sweep<BigRational>),
}

impl<'a> FloatSolver<'a> {
    /// Factors I - Q for Q = `counts` / `d`.
    pub fn factor(counts: &'a Counts, d: u32) -> Result<FloatSolver<'a>, SolveFailure> {
        let route = match Sweep::<f64>::factor(counts, d) {
            Ok(sweep) => Route::Fast(sweep),
            Err(SweepError::Trapped { state }) => return Err(SolveFailure::Trapped { state }),
            Err(SweepError::LostPivot) if counts.rows() > EXACT_RETRY_STATES => {
                return Err(SolveFailure::LostPivot {
                    states: counts.rows(),
                })
            }
            Err(SweepError::LostPivot | SweepError::Stopped) => Route::Exact(
                Sweep::<BigRational>::factor(counts, d).map_err(|_| SolveFailure::CannotFinish)?,
            ),
        };
        Ok(FloatSolver { counts, route })
    }

    /// y = (I - Q)^-1 b.
    pub fn solve(&self, rhs: &[f64]) -> Result<Vec<f64>, SolveFailure> {
        let y = match &self.route {
            Route::Fast(sweep) => sweep
                .solve(self.counts, rhs)
                .map_err(|_| SolveFailure::CannotFinish)?,
            Route::Exact(sweep) => {
                // Every f64 but an infinity or a NaN is a rational; those have no solution.
                let exact: Vec<BigRational> = rhs
                    .iter()
                    .map(|&x| BigRational::from_float(x).ok_or(SolveFailure::OutOfRange))
                    .collect::<Result<_, _>>()?;
                let y = sweep
                    .solve(self.counts, &exact)
                    .map_err(|_| SolveFailure::CannotFinish)?;
                y.iter()
                    .map(|v| v.to_f64().unwrap_or(f64::INFINITY))
                    .collect()
            }
        };
        if y.iter().all(|v| v.is_finite()) {
            Ok(y)
        } else {
            Err(SolveFailure::OutOfRange)
        }
    }
}

/// Why [`solve_f64`] has no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveFailure {
    /// A state that every card leaves where it is.
    #[error("state {state} has no way out (every card leaves it where it is)")]
    Trapped {
        /// Index of that state in the chain.
        state: usize,
    },
    /// Some states cannot reach the finish.
    #[error("some states cannot reach the finish")]
    CannotFinish,
    /// The `f64` route lost a pivot and the chain is too big to retry exactly.
    #[error("a chance of leaving a loop is below the floating-point range (about 1e-308), and the chain ({states} states) is too big to solve again in exact rationals")]
    LostPivot {
        /// Number of states in the chain.
        states: usize,
    },
    /// A solution is beyond the `f64` range.
    #[error("a result is beyond the floating-point range (about 1e308)")]
    OutOfRange,
}
