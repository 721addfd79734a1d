//! The small dense k x k feedback system of a [`super::Sweep`]: GTH elimination for the
//! substochastic chains (no pivot computed by subtraction), partial pivoting otherwise.

use std::fmt::Debug;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Num, Zero};

/// A field the solver can work in: `f64`, or [`BigRational`] for exact answers.
pub trait Scalar: Num + Clone + Debug + std::ops::Neg<Output = Self> {
    /// The value of a non-negative integer count (a transition count, or D).
    fn from_count(c: u64) -> Self;
    /// How good a pivot this is (larger is better; 0 means it cannot be one).
    fn pivot_weight(&self) -> f64;
    /// `*acc += c * x`, where `acc` may be left unnormalized until [`Scalar::normalize`].
    fn add_scaled(acc: &mut Self, c: &Self, x: &Self) {
        *acc = acc.clone() + c.clone() * x.clone();
    }
    /// Brings an accumulated value back to canonical form.
    fn normalize(&mut self) {}
}

impl Scalar for f64 {
    fn from_count(c: u64) -> f64 {
        c as f64
    }
    /// A subnormal pivot has lost its precision: it counts as lost (0).
    fn pivot_weight(&self) -> f64 {
        if self.abs() < f64::MIN_POSITIVE {
            0.0
        } else {
            self.abs()
        }
    }
    fn add_scaled(acc: &mut f64, c: &f64, x: &f64) {
        *acc += c * x;
    }
}

impl Scalar for BigRational {
    fn from_count(c: u64) -> BigRational {
        BigRational::from_integer(BigInt::from(c))
    }
    fn pivot_weight(&self) -> f64 {
        // Exact arithmetic: any non-zero pivot will do.
        if self.is_zero() {
            0.0
        } else {
            1.0
        }
    }
    /// Sums without a gcd per term: values along the board mostly share a denominator, so the
    /// numerators just add; one reduction per accumulated value (in `normalize`) is enough.
    fn add_scaled(acc: &mut BigRational, c: &BigRational, x: &BigRational) {
        let (an, ad) = (acc.numer(), acc.denom());
        let cx = c.numer() * x.numer();
        let cd = c.denom() * x.denom();
        *acc = if *ad == cd {
            BigRational::new_raw(an + cx, cd)
        } else {
            BigRational::new_raw(an * &cd + cx * ad, ad * cd)
        };
    }
    fn normalize(&mut self) {
        *self = self.reduced();
    }
}

/// Why a sweep could not solve a system.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SweepError {
    /// A state from which no transition leaves: the game can never finish from it.
    #[error("state {state} has no way out (every card leaves it where it is)")]
    Trapped {
        /// Index of that state in the chain.
        state: usize,
    },
    /// A pivot of the feedback system is zero in this arithmetic: in `f64`, a chance of
    /// escaping a loop smaller than the smallest representable number (about 1e-308); exactly,
    /// a set of states that cannot finish.
    #[error(
        "a chance of leaving a loop of states is too small for this arithmetic (a zero pivot)"
    )]
    LostPivot,
    /// The watcher given to [`Sweep::factor_watched`](super::Sweep::factor_watched) or [`Sweep::solve_watched`](super::Sweep::solve_watched) stopped it.
    #[error("stopped before the end")]
    Stopped,
}

/// The feedback system M (k x k) eliminated once, for any number of right-hand sides: its LU
/// factors in place (the unit lower factor's multipliers below the diagonal, U on and above
/// it) and, with partial pivoting, the row interchanges. A solve is then O(k^2), where
/// eliminating afresh for each right-hand side cost k^3 / 3 multiply-adds every time.
#[derive(Debug, Clone)]
pub(super) struct DenseLu<F> {
    lu: Vec<F>,
    /// `pivots[c]`: the row swapped with row c at step c (partial pivoting only).
    pivots: Option<Vec<usize>>,
    k: usize,
}

impl<F: Scalar> DenseLu<F> {
    /// Factors an M-matrix `m` (k x k, row-major: non-positive off the diagonal) whose row
    /// sums are `escape` (all non-negative), by GTH elimination: the pivots are never computed
    /// by subtraction. Eliminating column c from row r (factor f = m_rc / m_cc <= 0) changes
    /// the row sum over the remaining columns to e_r - f e_c, still a sum of non-negative
    /// terms, and the new diagonal is that sum minus the (non-positive) remaining
    /// off-diagonals.
    pub(super) fn gth(mut m: Vec<F>, mut escape: Vec<F>, k: usize) -> Result<Self, SweepError> {
        for col in 0..k {
            let p = m[col * k + col].clone();
            if p.pivot_weight() <= 0.0 {
                return Err(SweepError::LostPivot);
            }
            for row in col + 1..k {
                let factor = m[row * k + col].clone() / p.clone();
                // The multiplier solve uses, even one that underflowed to 0.
                m[row * k + col] = factor.clone();
                if factor.is_zero() {
                    continue;
                }
                let mut off = F::zero();
                for j in col + 1..k {
                    if j != row {
                        let v = m[row * k + j].clone() - factor.clone() * m[col * k + j].clone();
                        off = off + v.clone();
                        m[row * k + j] = v;
                    }
                }
                escape[row] = escape[row].clone() - factor.clone() * escape[col].clone();
                m[row * k + row] = escape[row].clone() - off;
            }
        }
        Ok(DenseLu {
            lu: m,
            pivots: None,
            k,
        })
    }

    /// Factors `m` (k x k, row-major) by Gaussian elimination with partial pivoting.
    pub(super) fn gauss(mut m: Vec<F>, k: usize) -> Result<Self, SweepError> {
        let mut pivots = Vec::with_capacity(k);
        for col in 0..k {
            let pivot = (col..k)
                .max_by(|&i, &j| {
                    m[i * k + col]
                        .pivot_weight()
                        .total_cmp(&m[j * k + col].pivot_weight())
                })
                .expect("non-empty range");
            if m[pivot * k + col].pivot_weight() <= 0.0 {
                return Err(SweepError::LostPivot);
            }
            // Whole rows, the multipliers below the diagonal with them (as LAPACK's getrf).
            if pivot != col {
                for j in 0..k {
                    m.swap(pivot * k + j, col * k + j);
                }
            }
            pivots.push(pivot);
            let p = m[col * k + col].clone();
            for row in col + 1..k {
                let factor = m[row * k + col].clone() / p.clone();
                m[row * k + col] = factor.clone();
                if factor.is_zero() {
                    continue;
                }
                for j in col + 1..k {
                    let v = m[row * k + j].clone() - factor.clone() * m[col * k + j].clone();
                    m[row * k + j] = v;
                }
            }
        }
        Ok(DenseLu {
            lu: m,
            pivots: Some(pivots),
            k,
        })
    }

    /// x with M x = `rhs`: the interchanges, then L (forward) and U (backward), the same
    /// operations in the same order as eliminating `rhs` along with M.
    pub(super) fn solve(&self, mut rhs: Vec<F>) -> Vec<F> {
        let k = self.k;
        if let Some(pivots) = &self.pivots {
            for (col, &pivot) in pivots.iter().enumerate() {
                rhs.swap(pivot, col);
            }
        }
        for col in 0..k {
            for row in col + 1..k {
                let factor = &self.lu[row * k + col];
                if !factor.is_zero() {
                    rhs[row] = rhs[row].clone() - factor.clone() * rhs[col].clone();
                }
            }
        }
        back_substitute(&self.lu, rhs, k)
    }
}

/// x from an upper-triangular `m` (the part on and above the diagonal is read).
fn back_substitute<F: Scalar>(m: &[F], rhs: Vec<F>, k: usize) -> Vec<F> {
    let mut x = vec![F::zero(); k];
    for row in (0..k).rev() {
        let mut v = rhs[row].clone();
        for j in row + 1..k {
            v = v - m[row * k + j].clone() * x[j].clone();
        }
        x[row] = v / m[row * k + row].clone();
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    /// M x, M k x k row-major.
    fn times(m: &[BigRational], x: &[BigRational], k: usize) -> Vec<BigRational> {
        (0..k)
            .map(|r| (0..k).map(|j| m[r * k + j].clone() * x[j].clone()).sum())
            .collect()
    }

    #[test]
    fn one_factorisation_solves_every_right_hand_side_exactly() {
        // An M-matrix (off-diagonals <= 0) whose row sums are the escape chances 1/2, 1/4,
        // 1/3: GTH. And a matrix whose first pivot is 0, so that partial pivoting must swap
        // rows: Gauss. Each factored once, then solved for two right-hand sides, checked by
        // multiplying back in exact rationals.
        let m = vec![
            q(1, 1),
            q(-1, 4),
            q(-1, 4),
            q(-1, 2),
            q(3, 4),
            q(0, 1),
            q(0, 1),
            q(-1, 3),
            q(2, 3),
        ];
        let escape = vec![q(1, 2), q(1, 4), q(1, 3)];
        let swapped = vec![
            q(0, 1),
            q(2, 1),
            q(1, 1),
            q(3, 1),
            q(1, 1),
            q(0, 1),
            q(1, 1),
            q(5, 1),
            q(7, 1),
        ];
        let lus = [
            (m.clone(), DenseLu::gth(m, escape, 3).unwrap()),
            (swapped.clone(), DenseLu::gauss(swapped, 3).unwrap()),
        ];
        for (matrix, lu) in &lus {
            for b in [
                vec![q(1, 1), q(0, 1), q(0, 1)],
                vec![q(2, 3), q(-1, 1), q(5, 7)],
            ] {
                let x = lu.solve(b.clone());
                assert_eq!(times(matrix, &x, 3), b);
            }
        }
    }

    #[test]
    fn a_zero_pivot_is_refused_when_factoring() {
        // The escape chance of a loop below f64's range: lost, not divided by.
        let m = vec![1e-320, 0.0, 0.0, 1.0];
        assert_eq!(
            DenseLu::gth(m, vec![1e-320, 1.0], 2).unwrap_err(),
            SweepError::LostPivot
        );
    }
}
