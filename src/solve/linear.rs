//! Solving (I - Q) y = b in time linear in the number of transitions.
//!
//! Almost every move of a race game goes forward (the state order follows the track); only a
//! few targets (where backward jumps and backward cards lead) are entered from a later state. Call those
//! targets the feedback set F (|F| = k). Sweeping states from last to first, every state's value
//! is an affine function of the unknown values u_F:
//!
//!   y_s = (D b_s + sum_{t != s} c_st y_t) / (D - c_ss),   y_t = a_t + B_t . u  for t > s or t in F,
//!
//! where c are integer counts over the deck size D. The sweep gives B once (it does not depend
//! on b) and a per right-hand side; the k equations y_f = u_f then form a dense k x k system.
//! Cost: O(nnz k + k^3) to factor (the k x k system eliminated once), O(nnz + n k + k^2) per
//! solve, instead of the O(n^3) of dense LU.
//! The same code runs in `f64` and in exact rationals ([`Scalar`]).

use std::fmt::Debug;

use super::dense::DenseLu;
pub use super::dense::{Scalar, SweepError};
use crate::chain::Counts;

/// States swept between two calls of a watcher.
pub(super) const WATCH_EVERY: usize = 64;

pub(super) const NOT_FEEDBACK: u32 = u32::MAX;

/// The factored system (I - Q), ready to solve for any right-hand side.
///
/// When Q is substochastic (every row sums to at most D, as every chain's does), the k x k
/// feedback system M = I - B_F is an M-matrix whose row sums are the chances e_f of finishing
/// from f before reaching any feedback state. Its diagonal is then formed as
/// e_f + sum_{j != f} B_fj and kept so by the elimination of Grassmann, Taksar and Heyman
/// (GTH): every quantity is a sum of non-negative terms, with no subtraction, so a chance of
/// escaping a loop of 1e-300 is as accurate as one of 1/2 (plain elimination computes
/// 1 - B_ff and gets 0). Other matrices (a transpose) use partial pivoting.
#[derive(Debug, Clone)]
pub struct Sweep<F> {
    d: u64,
    /// Position of each state in the feedback set, or `NOT_FEEDBACK`.
    feedback: Vec<u32>,
    k: usize,
    /// B, n x k, row-major.
    b: Vec<F>,
    /// D - c_ss for each state.
    diag: Vec<F>,
    /// I - B_F, k x k, the system for u, factored (by GTH when Q is substochastic).
    system: DenseLu<F>,
}

/// What the sweep from last state to first gives, before the feedback system is eliminated.
struct Swept<F> {
    d: u64,
    feedback: Vec<u32>,
    k: usize,
    b: Vec<F>,
    diag: Vec<F>,
    /// B_F, the feedback states' rows, k x k.
    defs: Vec<F>,
    /// e_F, when Q is substochastic.
    escape: Option<Vec<F>>,
}

/// B of a sweep ([`Sweep::first_entries`]): where the chain enters the feedback set first.
#[derive(Debug, Clone)]
pub struct FirstEntries<F> {
    /// B, n x k, row-major.
    b: Vec<F>,
    k: usize,
}

impl<F> FirstEntries<F> {
    /// For a state that is not a feedback state, B_s: entry j is the chance that the first
    /// feedback state the chain enters from s is the j-th of [`backward_targets`] (the row's
    /// complement finishes first). Empty when there are no feedback states.
    pub fn first_entry(&self, s: usize) -> &[F] {
        &self.b[s * self.k..(s + 1) * self.k]
    }
}

impl<F: Scalar> Sweep<F> {
    /// The number of feedback states (targets of backward moves) of a CSR matrix: the size of
    /// the dense system, and the width of B (n x k values), known before factoring.
    pub fn feedback_size(counts: &Counts) -> usize {
        feedback_set(counts).1
    }

    /// Factors I - Q for Q given as counts over `d` (CSR, square).
    pub fn factor(counts: &Counts, d: u32) -> Result<Sweep<F>, SweepError> {
        Self::factor_watched(counts, d, &|_| true)
    }

    /// [`Sweep::factor`], calling `watch(states done)` now and then and stopping with
    /// [`SweepError::Stopped`] when it returns false.
    pub fn factor_watched(
        counts: &Counts,
        d: u32,
        watch: &dyn Fn(f64) -> bool,
    ) -> Result<Sweep<F>, SweepError> {
        let swept = Self::sweep(counts, d, watch)?;
        let matrix = feedback_system(&swept.defs, swept.escape.as_deref(), swept.k);
        let system = match swept.escape {
            Some(escape) => DenseLu::gth(matrix, escape, swept.k)?,
            None => DenseLu::gauss(matrix, swept.k)?,
        };
        Ok(Sweep {
            d: swept.d,
            feedback: swept.feedback,
            k: swept.k,
            b: swept.b,
            diag: swept.diag,
            system,
        })
    }

    /// The sweep's B alone, without eliminating the feedback system (which only a solve
    /// needs): for each state that is not a feedback state, the chances of which feedback
    /// state the chain enters first ([`FirstEntries::first_entry`]).
    pub fn first_entries(counts: &Counts, d: u32) -> Result<FirstEntries<F>, SweepError> {
        let swept = Self::sweep(counts, d, &|_| true)?;
        Ok(FirstEntries {
            b: swept.b,
            k: swept.k,
        })
    }

    /// Sweeps the states from last to first: B, the diagonal, the feedback rows and (when Q is
    /// substochastic) the escape chances of the feedback states.
    fn sweep(counts: &Counts, d: u32, watch: &dyn Fn(f64) -> bool) -> Result<Swept<F>, SweepError> {
        let n = counts.rows();
        let (feedback, k) = feedback_set(counts);
        let d = u64::from(d);
        let row_sum = |s: usize| -> u64 {
            counts
                .outer_view(s)
                .map_or(0, |r| r.iter().map(|(_, &c)| u64::from(c)).sum())
        };
        let substochastic = (0..n).all(|s| row_sum(s) <= d);
        let mut b = vec![F::zero(); n * k];
        let mut diag = vec![F::zero(); n];
        let mut defs = vec![F::zero(); k * k];
        let mut acc = vec![F::zero(); k];
        // e_s: the chance of finishing before reaching a feedback state (GTH only).
        let mut escape = vec![F::zero(); if substochastic { n } else { 0 }];
        let mut escape_f = vec![F::zero(); if substochastic { k } else { 0 }];
        for s in (0..n).rev() {
            if (n - s).is_multiple_of(WATCH_EVERY) && !watch((n - s) as f64) {
                return Err(SweepError::Stopped);
            }
            acc.iter_mut().for_each(|a| *a = F::zero());
            let mut esc = if substochastic {
                F::from_count(d - row_sum(s))
            } else {
                F::zero()
            };
            let mut stay = 0u64;
            for (t, &c) in counts.outer_view(s).expect("row in range").iter() {
                let c64 = u64::from(c);
                if t == s {
                    stay += c64;
                } else if feedback[t] != NOT_FEEDBACK {
                    let j = feedback[t] as usize;
                    F::add_scaled(&mut acc[j], &F::from_count(c64), &F::one());
                } else {
                    let c = F::from_count(c64);
                    for (a, bt) in acc.iter_mut().zip(&b[t * k..(t + 1) * k]) {
                        if !bt.is_zero() {
                            F::add_scaled(a, &c, bt);
                        }
                    }
                    if substochastic && !escape[t].is_zero() {
                        F::add_scaled(&mut esc, &c, &escape[t]);
                    }
                }
            }
            if stay >= d {
                return Err(SweepError::Trapped { state: s });
            }
            let dd = F::from_count(d - stay);
            let row: Vec<F> = acc
                .iter_mut()
                .map(|a| {
                    a.normalize();
                    a.clone() / dd.clone()
                })
                .collect();
            if substochastic {
                esc.normalize();
                esc = esc / dd.clone();
            }
            diag[s] = dd;
            match feedback[s] {
                NOT_FEEDBACK => {
                    b[s * k..(s + 1) * k].clone_from_slice(&row);
                    if substochastic {
                        escape[s] = esc;
                    }
                }
                j => {
                    let j = j as usize;
                    defs[j * k..(j + 1) * k].clone_from_slice(&row);
                    b[s * k + j] = F::one();
                    if substochastic {
                        escape_f[j] = esc;
                    }
                }
            }
        }
        Ok(Swept {
            d,
            feedback,
            k,
            b,
            diag,
            defs,
            escape: substochastic.then_some(escape_f),
        })
    }

    /// Solves (I - Q) y = rhs, where `counts` is the matrix that was factored.
    pub fn solve(&self, counts: &Counts, rhs: &[F]) -> Result<Vec<F>, SweepError> {
        self.solve_watched(counts, rhs, &|_| true)
    }

    /// [`Sweep::solve`] with a watcher, as in [`Sweep::factor_watched`].
    pub fn solve_watched(
        &self,
        counts: &Counts,
        rhs: &[F],
        watch: &dyn Fn(f64) -> bool,
    ) -> Result<Vec<F>, SweepError> {
        let n = self.diag.len();
        let k = self.k;
        let d = F::from_count(self.d);
        let mut a = vec![F::zero(); n];
        let mut defs = vec![F::zero(); k];
        for s in (0..n).rev() {
            if (n - s).is_multiple_of(WATCH_EVERY) && !watch((n - s) as f64) {
                return Err(SweepError::Stopped);
            }
            let mut acc = d.clone() * rhs[s].clone();
            for (t, &c) in counts.outer_view(s).expect("row in range").iter() {
                if t != s && self.feedback[t] == NOT_FEEDBACK && !a[t].is_zero() {
                    F::add_scaled(&mut acc, &F::from_count(u64::from(c)), &a[t]);
                }
            }
            acc.normalize();
            let value = acc / self.diag[s].clone();
            match self.feedback[s] {
                NOT_FEEDBACK => a[s] = value,
                j => defs[j as usize] = value,
            }
        }
        let u = self.system.solve(defs);
        Ok((0..n)
            .map(|s| {
                let mut y = a[s].clone();
                for (bj, uj) in self.b[s * k..(s + 1) * k].iter().zip(&u) {
                    if !bj.is_zero() {
                        F::add_scaled(&mut y, bj, uj);
                    }
                }
                y.normalize();
                y
            })
            .collect())
    }
}

/// The targets of backward moves (moves from a state to an earlier one), in state order: the
/// feedback states of the sweep, and the states every loop of the chain passes through.
pub fn backward_targets(counts: &Counts) -> Vec<usize> {
    let (feedback, _) = feedback_set(counts);
    (0..feedback.len())
        .filter(|&s| feedback[s] != NOT_FEEDBACK)
        .collect()
}

/// Numbers the feedback states (targets of backward moves) 0..k in state order; the others
/// are `NOT_FEEDBACK`. Returns the numbering and k.
pub(super) fn feedback_set(counts: &Counts) -> (Vec<u32>, usize) {
    let mut feedback = vec![NOT_FEEDBACK; counts.rows()];
    for (s, row) in counts.outer_iterator().enumerate() {
        for (t, _) in row.iter() {
            if t < s {
                feedback[t] = 0;
            }
        }
    }
    let mut k = 0;
    for f in feedback.iter_mut().filter(|f| **f == 0) {
        *f = k as u32;
        k += 1;
    }
    (feedback, k)
}

/// M = I - B_F (k x k, row-major) from the feedback rows B_F; with the escape chances (GTH) its
/// diagonal is formed as e_f + sum_{j != f} B_fj, with no cancellation.
fn feedback_system<F: Scalar>(defs: &[F], escape: Option<&[F]>, k: usize) -> Vec<F> {
    let mut system: Vec<F> = (0..k * k)
        .map(|i| {
            if i / k == i % k {
                F::one() - defs[i].clone()
            } else {
                -defs[i].clone()
            }
        })
        .collect();
    if let Some(escape) = escape {
        for f in 0..k {
            let mut diagonal = escape[f].clone();
            for j in (0..k).filter(|&j| j != f) {
                diagonal = diagonal + defs[f * k + j].clone();
            }
            system[f * k + f] = diagonal;
        }
    }
    system
}

/// Dense reference solve of (I - Q) y = rhs with nalgebra's LU: an independent route for
/// checking [`Sweep`], cubic in the number of states.
pub fn dense_solve(counts: &Counts, d: u32, rhs: &[f64]) -> Option<Vec<f64>> {
    let n = counts.rows();
    let mut m = nalgebra::DMatrix::<f64>::identity(n, n);
    for (s, row) in counts.outer_iterator().enumerate() {
        for (t, &c) in row.iter() {
            m[(s, t)] -= f64::from(c) / f64::from(d);
        }
    }
    let b = nalgebra::DVector::from_column_slice(rhs);
    m.lu().solve(&b).map(|x| x.as_slice().to_vec())
}
