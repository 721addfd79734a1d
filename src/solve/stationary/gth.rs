//! The stationary law π = π P of an irreducible chain, dense: in floating point by
//! Grassmann, Taksar and Heyman's state reduction ("Regenerative analysis and steady state
//! distributions for Markov chains", Operations Research, 1985), which subtracts nothing and
//! so loses no accuracy however slowly the chain mixes; and exactly, as fractions, by
//! fraction-free (Bareiss) elimination of the same equations in integers.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::chain::Counts;

/// The chain restricted to `members` (an irreducible closed class) as a dense matrix of
/// counts over D, rows and columns in `members`' order.
fn dense_counts(counts: &Counts, members: &[usize]) -> Vec<Vec<u64>> {
    let n = members.len();
    let mut at = vec![usize::MAX; counts.rows()];
    for (i, &s) in members.iter().enumerate() {
        at[s] = i;
    }
    let mut m = vec![vec![0u64; n]; n];
    for (i, &s) in members.iter().enumerate() {
        if let Some(row) = counts.outer_view(s) {
            for (t, &c) in row.iter() {
                if at[t] != usize::MAX {
                    m[i][at[t]] += u64::from(c);
                }
            }
        }
    }
    m
}

/// π over `members` (summing to 1) by GTH state reduction, in floating point.
pub fn gth(counts: &Counts, d: u32, members: &[usize]) -> Vec<f64> {
    let n = members.len();
    let df = f64::from(d);
    let mut p: Vec<Vec<f64>> = dense_counts(counts, members)
        .into_iter()
        .map(|row| row.into_iter().map(|c| c as f64 / df).collect())
        .collect();
    for k in (1..n).rev() {
        // The chance of leaving state k for a lower one, summed rather than taken as
        // 1 - p_kk: no cancellation.
        let s: f64 = p[k][..k].iter().sum();
        if s <= 0.0 {
            continue;
        }
        let (upper, lower) = p.split_at_mut(k);
        let row_k = &lower[0];
        for row in upper.iter_mut() {
            row[k] /= s;
            let f = row[k];
            if f != 0.0 {
                for (x, y) in row[..k].iter_mut().zip(&row_k[..k]) {
                    *x += f * y;
                }
            }
        }
    }
    let mut pi = vec![0.0; n];
    pi[0] = 1.0;
    for k in 1..n {
        pi[k] = (0..k).map(|i| pi[i] * p[i][k]).sum();
    }
    let total: f64 = pi.iter().sum();
    pi.iter().map(|x| x / total).collect()
}

/// π over `members` exactly. With x_0 = 1, the equations x_j = sum_i x_i P_ij for j != 0 are
/// (D I - C)^T x = c_0 over the other states, an M-matrix's transpose, so elimination needs no
/// pivoting; Bareiss keeps every entry an integer (each division is exact), and the
/// triangular system is then solved in fractions. `watch(fraction done)` returning false stops
/// it (`None`).
pub fn exact(
    counts: &Counts,
    d: u32,
    members: &[usize],
    watch: &dyn Fn(f64) -> bool,
) -> Option<Vec<BigRational>> {
    let n = members.len();
    if n == 1 {
        return Some(vec![BigRational::one()]);
    }
    let c = dense_counts(counts, members);
    let m = n - 1;
    // Row j of the augmented system [A | b]: A_ji = D [i == j] - C_ij, b_j = C_0j (states 1..).
    let mut a: Vec<Vec<BigInt>> = (1..n)
        .map(|j| {
            let mut row: Vec<BigInt> = (1..n)
                .map(|i| {
                    let diag = if i == j { i64::from(d) } else { 0 };
                    BigInt::from(diag - c[i][j] as i64)
                })
                .collect();
            row.push(BigInt::from(c[0][j]));
            row
        })
        .collect();
    let mut prev = BigInt::one();
    for k in 0..m {
        if !watch(1.0 - ((m - k) as f64 / m as f64).powi(3)) {
            return None;
        }
        if a[k][k].is_zero() {
            return None;
        }
        let (upper, lower) = a.split_at_mut(k + 1);
        let pivot_row = &upper[k];
        let pivot = pivot_row[k].clone();
        for row in lower.iter_mut() {
            let f = row[k].clone();
            for j in k + 1..=m {
                let v = &pivot * &row[j] - &f * &pivot_row[j];
                row[j] = v / &prev;
            }
            row[k] = BigInt::zero();
        }
        prev = pivot;
    }
    let mut x = vec![BigRational::zero(); m];
    for k in (0..m).rev() {
        let mut v = BigRational::from_integer(a[k][m].clone());
        for j in k + 1..m {
            if !a[k][j].is_zero() {
                v -= BigRational::from_integer(a[k][j].clone()) * &x[j];
            }
        }
        x[k] = v / BigRational::from_integer(a[k][k].clone());
    }
    let mut pi = Vec::with_capacity(n);
    pi.push(BigRational::one());
    pi.extend(x);
    let total: BigRational = pi.iter().sum();
    Some(pi.into_iter().map(|v| v / &total).collect())
}
