//! The general solver, for chains with many cycles: a sparse LU factorisation of I - Q (faer's
//! supernodal or simplicial LU with partial pivoting and a COLAMD column order), with iterative
//! refinement and a residual check.
//!
//! Why a second solver: the sweep of [`super::Sweep`] keeps one unknown per target of a backward
//! move (k of them), so it costs O(nnz k + k^3). A race board where many faces move back (a
//! spinner with "back 1" and "back 2" faces, the K-player product chain, where every lost turn
//! hands the move back to an earlier seat) has k close to n, and the sweep is quadratic in
//! memory and cubic in time. Sparse LU costs what its fill-in costs: on a track, where every
//! move stays within a few squares, the band, so O(n b^2).
//!
//! What is printed is bounded, not trusted: for a solution x of (I - Q) x = b with residual
//! r = b - (I - Q) x, the error is x - x* = -N r, so |x - x*| <= ||N||_inf ||r||_inf, and for a
//! substochastic Q, N = (I - Q)^-1 >= 0 and ||N||_inf = max_s (N 1)_s, the longest expected
//! game from any state ([`error_bound`]).

use faer::linalg::solvers::Solve;
use faer::sparse::{SparseColMat, Triplet};
use faer::Mat;

use super::SolveFailure;
use crate::chain::Counts;

/// Rounds of iterative refinement after the first solve: each multiplies the error by about
/// the condition number times the unit roundoff, so one or two reach full precision.
const REFINEMENTS: usize = 2;

/// I - Q (or its transpose) factored by sparse LU, for `f64` solves.
pub struct SparseLu<'a> {
    counts: &'a Counts,
    d: f64,
    lu: faer::sparse::linalg::solvers::Lu<u32, f64>,
    transposed: bool,
}

impl<'a> SparseLu<'a> {
    /// Factors I - Q for Q = `counts` / `d` (CSR, square).
    pub fn factor(counts: &'a Counts, d: u32) -> Result<SparseLu<'a>, SolveFailure> {
        Self::factor_as(counts, d, false)
    }

    /// Factors (I - Q)^T, for row solves x^T (I - Q) = b^T (expected visits from a state).
    pub fn factor_transposed(counts: &'a Counts, d: u32) -> Result<SparseLu<'a>, SolveFailure> {
        Self::factor_as(counts, d, true)
    }

    fn factor_as(
        counts: &'a Counts,
        d: u32,
        transposed: bool,
    ) -> Result<SparseLu<'a>, SolveFailure> {
        let n = counts.rows();
        let df = f64::from(d);
        let mut triplets: Vec<Triplet<u32, u32, f64>> = Vec::with_capacity(counts.nnz() + n);
        let mut diagonal = vec![1.0; n];
        for (s, row) in counts.outer_iterator().enumerate() {
            for (t, &c) in row.iter() {
                let q = f64::from(c) / df;
                if t == s {
                    // 1 - q_ss exactly as (D - c_ss) / D: no cancellation.
                    diagonal[s] = f64::from(d - c.min(d)) / df;
                    if c >= d {
                        return Err(SolveFailure::Trapped { state: s });
                    }
                } else {
                    let (i, j) = if transposed { (t, s) } else { (s, t) };
                    triplets.push(Triplet::new(i as u32, j as u32, -q));
                }
            }
        }
        for (s, &v) in diagonal.iter().enumerate() {
            triplets.push(Triplet::new(s as u32, s as u32, v));
        }
        let matrix = SparseColMat::<u32, f64>::try_new_from_triplets(n, n, &triplets)
            .map_err(|_| SolveFailure::CannotFinish)?;
        drop(triplets);
        let lu = matrix.sp_lu().map_err(|_| SolveFailure::CannotFinish)?;
        Ok(SparseLu {
            counts,
            d: df,
            lu,
            transposed,
        })
    }

    /// Solves the factored system for `rhs`, refined against the exact counts; an infinite or
    /// NaN value (a singular system: some states cannot finish) is an error.
    pub fn solve(&self, rhs: &[f64]) -> Result<Vec<f64>, SolveFailure> {
        let n = rhs.len();
        let mut x = self.raw(rhs);
        for _ in 0..REFINEMENTS {
            let r = self.residual(&x, rhs);
            if r.iter().all(|v| *v == 0.0) {
                break;
            }
            let dx = self.raw(&r);
            for (xi, di) in x.iter_mut().zip(&dx) {
                *xi += di;
            }
        }
        if x.len() != n || !x.iter().all(|v| v.is_finite()) {
            return Err(SolveFailure::CannotFinish);
        }
        Ok(x)
    }

    fn raw(&self, rhs: &[f64]) -> Vec<f64> {
        let mut m = Mat::<f64>::from_fn(rhs.len(), 1, |i, _| rhs[i]);
        self.lu.solve_in_place(m.as_mut());
        (0..rhs.len()).map(|i| m[(i, 0)]).collect()
    }

    /// r = b - A x for the factored A, from the chain's integer counts.
    pub fn residual(&self, x: &[f64], b: &[f64]) -> Vec<f64> {
        residual(self.counts, self.d, self.transposed, x, b)
    }
}

/// r = b - (I - Q) x (or b - (I - Q)^T x), Q = `counts` / `d`.
pub fn residual(counts: &Counts, d: f64, transposed: bool, x: &[f64], b: &[f64]) -> Vec<f64> {
    let mut r: Vec<f64> = b.iter().zip(x).map(|(b, x)| b - x).collect();
    for (s, row) in counts.outer_iterator().enumerate() {
        for (t, &c) in row.iter() {
            let q = f64::from(c) / d;
            if transposed {
                r[t] += q * x[s];
            } else {
                r[s] += q * x[t];
            }
        }
    }
    r
}

/// The largest absolute value.
pub fn max_abs(v: &[f64]) -> f64 {
    v.iter().fold(0.0, |m, x| m.max(x.abs()))
}

/// A bound on ||N||_inf (or, from the column sums, on ||N||_1) from its computed value E =
/// N 1 (or N^T 1) and that solve's residual `r_e`: the exact E* <= E + ||N|| ||r_e||, so
/// ||N|| <= max E / (1 - ||r_e||) when ||r_e|| < 1 (infinite otherwise). `terms` is the most
/// products a residual entry sums (see [`error_bound`]).
pub fn norm_bound(e: &[f64], r_e: &[f64], terms: usize) -> f64 {
    let max_e = max_abs(e);
    let re = max_abs(r_e) + rounding(terms, max_e.max(1.0));
    if re >= 1.0 {
        f64::INFINITY
    } else {
        max_e / (1.0 - re)
    }
}

/// A bound on |x - x*| for every entry of a solution x of (I - Q) x = b with residual `r`:
/// the error is N r, so at most `norm` ||r||_inf with `norm` >= ||N||_inf ([`norm_bound`]).
/// The residual is computed in `f64` too: each entry sums at most `terms` products whose
/// magnitudes add up to at most 2 `scale` (the largest |x| or |b|), so it is off by at most
/// `terms` + 2 unit roundoffs of that, which is added. For a row solve x^T (I - Q) = b^T the
/// same holds with `norm` >= ||N||_1, the largest column sum.
pub fn error_bound(r: &[f64], terms: usize, scale: f64, norm: f64) -> f64 {
    norm * (max_abs(r) + rounding(terms, scale))
}

fn rounding(terms: usize, scale: f64) -> f64 {
    (terms as f64 + 2.0) * f64::EPSILON * 2.0 * scale
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cycle_solves_to_the_hand_answer_and_its_transpose_too() {
        // Two states over D = 4: 0 -> 1 (count 3), 0 -> 0 (1); 1 -> 0 (2), 1 finishes (2).
        // E_0 = 1 + E_0/4 + 3 E_1/4, E_1 = 1 + E_0/2: E_0 = 10/3... solve: from the second,
        // E_0 (3/4) = 1 + (3/4)(1 + E_0/2) -> (3/4 - 3/8) E_0 = 7/4 -> E_0 = 14/3, E_1 = 10/3.
        let q = Counts::new((2, 2), vec![0, 2, 3], vec![0, 1, 0], vec![1, 3, 2]);
        let lu = SparseLu::factor(&q, 4).unwrap();
        let e = lu.solve(&[1.0, 1.0]).unwrap();
        approx::assert_relative_eq!(e[0], 14.0 / 3.0, max_relative = 1e-15);
        approx::assert_relative_eq!(e[1], 10.0 / 3.0, max_relative = 1e-15);
        // Visits from 0: v^T (I - Q) = e_0^T. v_0 (3/4) - v_1 (1/2) = 1, v_1 = (3/4) v_0:
        // v_0 (3/4 - 3/8) = 1 -> v_0 = 8/3, v_1 = 2 (and v . 1 = E_0 = 14/3).
        let t = SparseLu::factor_transposed(&q, 4).unwrap();
        let v = t.solve(&[1.0, 0.0]).unwrap();
        approx::assert_relative_eq!(v[0], 8.0 / 3.0, max_relative = 1e-15);
        approx::assert_relative_eq!(v[1], 2.0, max_relative = 1e-15);
    }

    #[test]
    fn a_trap_is_refused() {
        // State 1 stays with every card: no way out.
        let q = Counts::new((2, 2), vec![0, 1, 2], vec![1, 1], vec![2, 2]);
        assert!(matches!(
            SparseLu::factor(&q, 2),
            Err(SolveFailure::Trapped { state: 1 })
        ));
        // Two states that only move to each other: singular, so no finite answer.
        let q = Counts::new((2, 2), vec![0, 1, 2], vec![1, 0], vec![2, 2]);
        assert!(SparseLu::factor(&q, 2)
            .and_then(|lu| lu.solve(&[1.0, 1.0]))
            .is_err());
    }
}
