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
//! the product of q / lambda along the way. Its entries fall as lambda grows, so rho(Q) is the
//! largest of max_N q_ss and the lambda at which rho(M(lambda)) = 1, found by bisection; each
//! step is k forward sweeps, O(k x transitions).

use crate::chain::{Chain, Counts};
use crate::solve::backward_targets;

/// Chains up to this many states get their eigenvalues densely.
const DENSE_STATES: usize = 1500;

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
    let mut target = vec![false; n];
    targets.iter().for_each(|&f| target[f] = true);
    let d = f64::from(d);
    let stay = |s: usize| counts.get(s, s).map_or(0.0, |&c| f64::from(c) / d);
    let floor = (0..n).filter(|&s| !target[s]).map(stay).fold(0.0, f64::max);
    if targets.is_empty() {
        return floor;
    }
    let returns = |lambda: f64| largest_modulus(first_returns(counts, d, &targets, lambda));
    // rho(M) falls as lambda grows; rho(Q) <= 1 (Q is substochastic).
    if returns(1.0) >= 1.0 {
        return 1.0;
    }
    let (mut lo, mut hi) = (floor, 1.0);
    while hi - lo > 1e-15 * hi {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if returns(mid) >= 1.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    // At lambda just above the floor rho(M) < 1 when the floor itself is rho: lo never moved.
    0.5 * (lo + hi)
}

/// M(lambda), k x k, by one forward sweep from each target: mass moves forward through N
/// (each state's self-loop adds the factor 1 / (1 - q_ss / lambda)) until it enters F.
fn first_returns(
    counts: &Counts,
    d: f64,
    targets: &[usize],
    lambda: f64,
) -> nalgebra::DMatrix<f64> {
    let n = counts.rows();
    let k = targets.len();
    let mut index = vec![usize::MAX; n];
    for (i, &f) in targets.iter().enumerate() {
        index[f] = i;
    }
    let mut m = nalgebra::DMatrix::<f64>::zeros(k, k);
    let mut mass = vec![0.0; n];
    let scale = 1.0 / (d * lambda);
    for (i, &f) in targets.iter().enumerate() {
        mass.iter_mut().for_each(|x| *x = 0.0);
        // One move from `from` carrying `weight`: into F it is a return, into N it moves on.
        let mut push = |from: usize, weight: f64, mass: &mut [f64]| {
            for (t, &c) in counts.outer_view(from).expect("row in range").iter() {
                let w = weight * f64::from(c) * scale;
                if index[t] != usize::MAX {
                    m[(i, index[t])] += w;
                } else if t != from {
                    mass[t] += w;
                }
            }
        };
        push(f, 1.0, &mut mass);
        for s in f + 1..n {
            if mass[s] == 0.0 || index[s] != usize::MAX {
                continue;
            }
            let stay = counts.get(s, s).map_or(0.0, |&c| f64::from(c) * scale);
            push(s, mass[s] / (1.0 - stay), &mut mass);
        }
    }
    m
}
