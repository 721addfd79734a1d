//! The fast `f64` route through the sweep, with its safety net: a lost pivot is retried in
//! exact rationals on small chains, and a result beyond the `f64` range is an error, never an
//! infinity or a NaN. A chain with many cycles (many targets of backward moves), where the
//! sweep would be quadratic or worse, goes to the sparse LU of [`super::sparse`] instead, or,
//! when it is large and its backward moves are rare enough for a pilot of Gauss-Seidel to
//! converge fast ([`super::iterative`]), to Gauss-Seidel.

use crate::chain::Counts;
use num_rational::BigRational;
use num_traits::ToPrimitive;

use super::failure::SolveFailure;
use super::iterative::GaussSeidel;
use super::linear::{Sweep, SweepError};
use super::sparse::SparseLu;

/// Chains whose sweep has at most this many feedback states always take the sweep: its GTH
/// elimination keeps tiny chances exact, and the shipped boards' figures stay what they were.
pub const SWEEP_FEEDBACK: usize = 64;

/// Sweep work (multiply-adds, (nnz + n) k + k^3) above which a chain with more than
/// [`SWEEP_FEEDBACK`] feedback states is solved by sparse LU instead (about 0.1 s of sweep).
pub const SWEEP_WORK: f64 = 2e7;

/// Whether [`FloatSolver`] factors this matrix by sparse LU rather than by the sweep: when it
/// has many targets of backward moves (k) and the sweep's O((nnz + n) k + k^3) is large.
pub fn uses_sparse_lu(counts: &Counts) -> bool {
    let k = Sweep::<f64>::feedback_size(counts);
    k > SWEEP_FEEDBACK && sweep_work(counts, k) > SWEEP_WORK
}

/// The sweep's multiply-adds for one factorisation and solve with k feedback states.
pub fn sweep_work(counts: &Counts, k: usize) -> f64 {
    let (n, nnz, k) = (counts.rows() as f64, counts.nnz() as f64, k as f64);
    (nnz + n) * k.max(1.0) + k * k * k
}

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
    route: Route<'a>,
}

enum Route<'a> {
    Fast(Sweep<f64>),
    Exact(Sweep<BigRational>),
    Sparse(Box<SparseLu<'a>>),
    Iterative(GaussSeidel<'a>),
}

impl<'a> FloatSolver<'a> {
    /// Factors I - Q for Q = `counts` / `d`.
    pub fn factor(counts: &'a Counts, d: u32) -> Result<FloatSolver<'a>, SolveFailure> {
        if uses_sparse_lu(counts) {
            // A narrow band factors in the time of a few passes: no pilot.
            let banded = super::band::narrow_band(counts, false).is_some();
            let pilot = if banded {
                None
            } else {
                super::iterative::pilot(counts, d)?
            };
            if let Some(pilot) = pilot {
                return Ok(FloatSolver {
                    counts,
                    route: Route::Iterative(GaussSeidel::new(counts, d)?.limited(&pilot)),
                });
            }
            return Ok(FloatSolver {
                counts,
                route: Route::Sparse(Box::new(SparseLu::factor(counts, d)?)),
            });
        }
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
            Route::Sparse(lu) => lu.solve(rhs)?,
            Route::Iterative(gs) => gs.solve(rhs)?,
        };
        if y.iter().all(|v| v.is_finite()) {
            Ok(y)
        } else {
            Err(SolveFailure::OutOfRange)
        }
    }
}

impl FloatSolver<'_> {
    /// Whether this solver took the sparse LU route.
    pub fn is_sparse_lu(&self) -> bool {
        matches!(self.route, Route::Sparse(_))
    }

    /// The solver's name as the output gives it: "sweep", "sparse LU" or "Gauss-Seidel".
    pub fn name(&self) -> &'static str {
        match self.route {
            Route::Fast(_) | Route::Exact(_) => "sweep",
            Route::Sparse(_) => "sparse LU",
            Route::Iterative(_) => "Gauss-Seidel",
        }
    }
}
