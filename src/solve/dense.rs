//! The small dense k x k feedback system of a [`super::Sweep`]: GTH elimination for the
//! substochastic chains (no pivot computed by subtraction), partial pivoting otherwise.

use super::linear::{Scalar, SweepError};

/// Solves `m x = rhs` for an M-matrix `m` (k x k, row-major: non-positive off the diagonal)
/// whose row sums are `escape` (all non-negative), by GTH elimination: the pivots are never
/// computed by subtraction. Eliminating column c from row r (factor f = m_rc / m_cc <= 0)
/// changes the row sum over the remaining columns to e_r - f e_c, still a sum of non-negative
/// terms, and the new diagonal is that sum minus the (non-positive) remaining off-diagonals.
pub(super) fn gth<F: Scalar>(
    mut m: Vec<F>,
    mut escape: Vec<F>,
    mut rhs: Vec<F>,
    k: usize,
) -> Result<Vec<F>, SweepError> {
    for col in 0..k {
        let p = m[col * k + col].clone();
        if p.pivot_weight() <= 0.0 {
            return Err(SweepError::LostPivot);
        }
        for row in col + 1..k {
            let factor = m[row * k + col].clone() / p.clone();
            if factor.is_zero() {
                continue;
            }
            m[row * k + col] = F::zero();
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
            rhs[row] = rhs[row].clone() - factor * rhs[col].clone();
        }
    }
    Ok(back_substitute(&m, rhs, k))
}

/// Solves the dense system `m x = rhs` (m is k x k, row-major) by Gaussian elimination with
/// partial pivoting.
pub(super) fn gauss<F: Scalar>(
    mut m: Vec<F>,
    mut rhs: Vec<F>,
    k: usize,
) -> Result<Vec<F>, SweepError> {
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
        if pivot != col {
            for j in 0..k {
                m.swap(pivot * k + j, col * k + j);
            }
            rhs.swap(pivot, col);
        }
        let p = m[col * k + col].clone();
        for row in col + 1..k {
            let factor = m[row * k + col].clone() / p.clone();
            if factor.is_zero() {
                continue;
            }
            for j in col..k {
                let v = m[row * k + j].clone() - factor.clone() * m[col * k + j].clone();
                m[row * k + j] = v;
            }
            rhs[row] = rhs[row].clone() - factor * rhs[col].clone();
        }
    }
    Ok(back_substitute(&m, rhs, k))
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
