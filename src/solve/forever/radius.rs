//! The spectral radius rho of Q, which sets the tail: P(T > n) ~ C rho^n.
//!
//! A small chain is written densely and rho is the largest modulus of its eigenvalues. A large
//! one cannot be, and power iteration crawls on a nearly triangular Q (its eigenvalues are
//! mostly its diagonal, often tied). Instead, with F the k targets of backward moves and N the
//! other states, Q_NN is triangular in track order (every move from N to N goes forward), so
//! its eigenvalues are its diagonal entries q_ss. For lambda above all of them,
//!
//!   det(lambda I - Q) = det(lambda I - Q_NN) det(lambda (I - M(lambda))),
//!   M(lambda) = (Q_FF + Q_FN (lambda I - Q_NN)^-1 Q_NF) / lambda,
//!
//! the k x k first-return matrix: entry (f, g) sums, over the ways from f back into F at g,
//! the product of q / lambda along the way. Dividing out the targets' own self-loops, M' =
//! (I - D_F / lambda)^-1 (M - D_F / lambda) is singular exactly where I - M is, and its entries
//! still fall as lambda grows; so rho(Q) is the largest of the diagonal entries q_ss and the
//! lambda at which rho(M') = 1, found by bisection. Each step is k forward segments (the same
//! ones `spaces` sums landings over), O(k x transitions).

use crate::chain::{Chain, Counts};
use crate::solve::backward_targets;
use crate::solve::landing::Segment;
use crate::solve::Distribution;

/// Chains up to this many states get their eigenvalues densely.
pub(super) const DENSE_STATES: usize = 1500;

/// The spectral radius of Q.
pub fn spectral_radius<S, C>(chain: &Chain<S, C>) -> f64 {
    if chain.len() <= DENSE_STATES {
        dense_radius(chain.counts(), chain.denominator())
    } else {
        radius_by_returns(chain.counts(), chain.denominator())
    }
}

/// rho from the eigenvalues of Q written densely (O(n^3)).
pub fn dense_radius(counts: &Counts, d: u32) -> f64 {
    let n = counts.rows();
    let mut m = nalgebra::DMatrix::<f64>::zeros(n, n);
    for (s, row) in counts.outer_iterator().enumerate() {
        for (t, &c) in row.iter() {
            m[(s, t)] = f64::from(c) / f64::from(d);
        }
    }
    largest_modulus(m)
}

fn largest_modulus(m: nalgebra::DMatrix<f64>) -> f64 {
    if m.nrows() == 0 {
        return 0.0;
    }

    m.complex_eigenvalues()
        .iter()
        .map(|z| z.norm())
        .fold(0.0, f64::max)
}

/// rho from the first-return matrix of the targets of backward moves (see the module docs).
pub fn radius_by_returns(counts: &Counts, d: u32) -> f64 {
    let n = counts.rows();
    let targets = backward_targets(counts);
    let mut slot = vec![usize::MAX; n];
    for (j, &f) in targets.iter().enumerate() {
        slot[f] = j;
    }
    // rho >= every diagonal entry, and lambda must exceed them all for the segments.
    let floor = (0..n)
        .map(|s| {
            counts
                .get(s, s)
                .map_or(0.0, |&c| f64::from(c) / f64::from(d))
        })
        .fold(0.0, f64::max);
    if targets.is_empty() || floor >= 1.0 {
        return floor.min(1.0);
    }
    // rho(M') falls as lambda grows; rho(Q) <= 1 (Q is substochastic).
    let below = |lambda: f64| radius_below_one(first_returns(counts, d, (&slot, &targets), lambda));
    if !below(1.0) {
        return 1.0;
    }
    let (mut lo, mut hi) = (floor, 1.0);
    while hi - lo > 1e-15 * hi {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if below(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    // When the floor itself is rho, rho(M') < 1 just above it: lo never moved.
    0.5 * (lo + hi)
}

/// Whether rho(M) < 1 for a non-negative M: exactly when I - M is a non-singular M-matrix,
/// that is when elimination without pivoting meets only positive pivots. A finite test, where
/// an eigenvalue iteration may not converge (nalgebra's never returned on some of these).
fn radius_below_one(m: nalgebra::DMatrix<f64>) -> bool {
    let k = m.nrows();
    let mut a = nalgebra::DMatrix::<f64>::identity(k, k) - m;
    // nalgebra stores columns contiguously: each step runs down the columns (the same
    // updates a_rj -= (a_rc / a_cc) a_cj as row by row, in memory order).
    let data = a.as_mut_slice();
    let mut factors = vec![0.0; k];
    for col in 0..k {
        let pivot = data[col * k + col];
        // Also false for a NaN or an infinity (M' overflows just above a self-loop's chance).
        if !(pivot > 0.0 && pivot.is_finite()) {
            return false;
        }
        for row in col + 1..k {
            factors[row] = data[col * k + row] / pivot;
        }
        for j in col..k {
            let top = data[j * k + col];
            let below = &mut data[j * k + col + 1..(j + 1) * k];
            for (x, f) in below.iter_mut().zip(&factors[col + 1..]) {
                *x -= f * top;
            }
        }
    }
    true
}

/// M(lambda), k x k: row f is how the forward segment from target f, each step's chance divided
/// by lambda, ends (the self-loops of f and of N divided out: (lambda I - D_F)^-1 times the
/// rest of the Schur complement, singular at the same lambda and also falling as it grows).
fn first_returns(
    counts: &Counts,
    d: u32,
    (slot, targets): (&[usize], &[usize]),
    lambda: f64,
) -> nalgebra::DMatrix<f64> {
    let k = targets.len();
    let mut m = nalgebra::DMatrix::<f64>::zeros(k, k);
    for (i, &f) in targets.iter().enumerate() {
        let segment = Segment::from(counts, d, (slot, k), f, lambda);
        for (g, &e) in segment.exits.iter().enumerate() {
            m[(i, g)] = e;
        }
    }
    m
}

/// The constant C of P(T > n) ~ C rho^n, from the far end of the computed survival function;
/// `None` when it is beyond the `f64` range.
pub fn tail_constant(d: &Distribution, rho: f64) -> Option<f64> {
    let n = d.survival.iter().rposition(|&s| s >= 1e-11)?;
    let c = d.survival[n] / rho.powi(n as i32);
    // On a long board rho (a loop on one space) only governs far past the computed turns,
    // and C overflows: then there is no C to print.
    (rho > 0.0 && rho < 1.0 && c.is_finite()).then_some(c)
}
