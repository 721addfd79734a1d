//! The long run of a chain that never ends (a board that loops, [`crate::chain::loops`]): its
//! stationary law π = π P, exactly as fractions where that is cheap, how fast the law is
//! reached from the start, what a number of turns from the start is expected to hold, and
//! first passages.
//!
//! π is unique when the chain has one closed class ([`classes`]) and zero outside it. On up
//! to [`DENSE_STATES`] states it comes from GTH state reduction ([`gth`]); past that from a
//! sparse LU of (I - Q)^T x = c, Q the chain without one recurrent state s0 and c its row out
//! of s0 (π_s0 fixed at 1, then normalised), the factorisation of [`crate::solve::sparse`].
//! Either way the residual max |π P - π| is computed from the integer counts and printed.

pub mod classes;
pub mod gth;
pub mod passage;

use num_rational::BigRational;

use crate::chain::{Counts, LoopChain};
use crate::solve::sparse::SparseLu;
use crate::solve::SolveFailure;

/// Chains up to this many states are solved dense by GTH; larger ones by sparse LU.
pub const DENSE_STATES: usize = 3_000;
/// Chains up to this many states get the exact law (as fractions) by default.
pub const EXACT_STATES: usize = 200;
/// Chains up to this many states get their eigenvalues (dense QR iterations).
pub const EIGEN_STATES: usize = 800;
/// The most QR iterations the eigenvalues may take.
const EIGEN_ITERATIONS: usize = 100_000;

/// Why the stationary law could not be found.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum StationaryError {
    /// More than one closed class: the long run depends on where the token starts.
    #[error("the chain has {0} closed classes, so the long run depends on where the token starts; check the board's cards and squares")]
    Classes(usize),
    /// The sparse solve failed.
    #[error("the sparse solve failed: {0}")]
    Solve(#[from] SolveFailure),
}

/// How π was computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// GTH state reduction, dense.
    Gth,
    /// Sparse LU of (I - Q)^T.
    SparseLu,
}

/// The stationary law of a chain.
#[derive(Debug, Clone, PartialEq)]
pub struct Stationary {
    /// π over the chain's states (zero outside the closed class).
    pub law: Vec<f64>,
    /// π as fractions, when computed.
    pub exact: Option<Vec<BigRational>>,
    /// The states of the closed class.
    pub recurrent: usize,
    /// How it was computed.
    pub method: Method,
    /// max over states of |π P - π|, from the integer counts.
    pub residual: f64,
}

/// The stationary law of `chain`; with `exact`, also as fractions (`watch(fraction)` may stop
/// that part, which is then left out).
pub fn stationary<S>(
    chain: &LoopChain<S>,
    exact: bool,
    watch: &dyn Fn(f64) -> bool,
) -> Result<Stationary, StationaryError> {
    let classes = classes::closed_classes(&chain.counts);
    if classes.len() != 1 {
        return Err(StationaryError::Classes(classes.len()));
    }
    let members = &classes[0];
    let (on_class, method) = if members.len() <= DENSE_STATES {
        (gth::gth(&chain.counts, chain.d, members), Method::Gth)
    } else {
        (sparse(&chain.counts, chain.d, members)?, Method::SparseLu)
    };
    let mut law = vec![0.0; chain.len()];
    for (&s, p) in members.iter().zip(&on_class) {
        law[s] = *p;
    }
    let exact = if exact {
        gth::exact(&chain.counts, chain.d, members, watch).map(|on_class| {
            let mut all = vec![BigRational::from_integer(0.into()); chain.len()];
            for (&s, p) in members.iter().zip(on_class) {
                all[s] = p;
            }
            all
        })
    } else {
        None
    };
    let residual = residual(&chain.counts, chain.d, &law);
    Ok(Stationary {
        law,
        exact,
        recurrent: members.len(),
        method,
        residual,
    })
}

/// max |π P - π| with P = counts / d.
pub fn residual(counts: &Counts, d: u32, law: &[f64]) -> f64 {
    let next = step(counts, d, law);
    next.iter()
        .zip(law)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, f64::max)
}

/// One roll of a distribution over states: p P.
pub fn step(counts: &Counts, d: u32, p: &[f64]) -> Vec<f64> {
    let df = f64::from(d);
    let mut out = vec![0.0; p.len()];
    for (s, row) in counts.outer_iterator().enumerate() {
        let m = p[s];
        if m == 0.0 {
            continue;
        }
        for (t, &c) in row.iter() {
            out[t] += m * f64::from(c) / df;
        }
    }
    out
}

/// π over `members` by sparse LU, fixing π at the first member to 1.
fn sparse(counts: &Counts, d: u32, members: &[usize]) -> Result<Vec<f64>, SolveFailure> {
    let n = members.len();
    let mut at = vec![u32::MAX; counts.rows()];
    for (i, &s) in members.iter().enumerate().skip(1) {
        at[s] = (i - 1) as u32;
    }
    let mut tri = sprs::TriMatI::<u32, u32>::new((n - 1, n - 1));
    let mut c0 = vec![0.0; n - 1];
    for (i, &s) in members.iter().enumerate() {
        let Some(row) = counts.outer_view(s) else {
            continue;
        };
        for (t, &c) in row.iter() {
            let j = at[t];
            if j == u32::MAX {
                continue;
            }
            if i == 0 {
                c0[j as usize] += f64::from(c) / f64::from(d);
            } else {
                tri.add_triplet(i - 1, j as usize, c);
            }
        }
    }
    let q: Counts = tri.to_csr();
    let lu = SparseLu::factor_transposed(&q, d)?;
    let x = lu.solve(&c0)?;
    let total = 1.0 + x.iter().sum::<f64>();
    let mut out = Vec::with_capacity(n);
    out.push(1.0 / total);
    out.extend(x.iter().map(|v| v / total));
    Ok(out)
}

/// The eigenvalues of P on the closed class, by modulus, largest first (1 first), for chains
/// of up to [`EIGEN_STATES`] states.
pub fn eigenvalue_moduli<S>(chain: &LoopChain<S>) -> Option<Vec<f64>> {
    let classes = classes::closed_classes(&chain.counts);
    let members = classes.first()?;
    let n = members.len();
    if n > EIGEN_STATES {
        return None;
    }
    let mut at = vec![usize::MAX; chain.len()];
    for (i, &s) in members.iter().enumerate() {
        at[s] = i;
    }
    let mut m = nalgebra::DMatrix::<f64>::zeros(n, n);
    for (i, &s) in members.iter().enumerate() {
        if let Some(row) = chain.counts.outer_view(s) {
            for (t, &c) in row.iter() {
                if at[t] != usize::MAX {
                    m[(i, at[t])] += f64::from(c) / f64::from(chain.d);
                }
            }
        }
    }
    // QR iterations capped: a periodic chain (a pure cycle) can stall them, and its
    // eigenvalues are then left out rather than waited for.
    let schur = nalgebra::linalg::Schur::try_new(m, f64::EPSILON, EIGEN_ITERATIONS)?;
    let mut moduli: Vec<f64> = schur
        .complex_eigenvalues()
        .iter()
        .map(|z| z.norm())
        .collect();
    moduli.sort_by(|a, b| b.total_cmp(a));
    Some(moduli)
}
