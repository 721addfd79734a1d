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
//! Cost: O(nnz k) to factor, O(nnz + n k + k^3) per solve, instead of the O(n^3) of dense LU.
//! The same code runs in `f64` and in exact rationals ([`Scalar`]).

use std::fmt::Debug;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Num, Zero};
use sprs::CsMat;

/// A field the solver can work in: `f64`, or [`BigRational`] for exact answers.
pub trait Scalar: Num + Clone + Debug + std::ops::Neg<Output = Self> {
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
    fn pivot_weight(&self) -> f64 {
        self.abs()
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

/// A state from which no transition leaves: the game can never finish from it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("state {state} has no way out (every card leaves it where it is)")]
pub struct Trapped {
    pub state: usize,
}

const NOT_FEEDBACK: u32 = u32::MAX;

/// The factored system (I - Q), ready to solve for any right-hand side.
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
    /// I - B_F, k x k: the system for u.
    system: Vec<F>,
}

impl<F: Scalar> Sweep<F> {
    /// Factors I - Q for Q given as counts over `d` (CSR, square).
    pub fn factor(counts: &CsMat<u32>, d: u32) -> Result<Sweep<F>, Trapped> {
        let n = counts.rows();
        let mut feedback = vec![NOT_FEEDBACK; n];
        let mut k = 0;
        for (s, row) in counts.outer_iterator().enumerate() {
            for (t, _) in row.iter() {
                if t < s && feedback[t] == NOT_FEEDBACK {
                    feedback[t] = 0;
                }
            }
        }
        for f in feedback.iter_mut().filter(|f| **f == 0) {
            *f = k as u32;
            k += 1;
        }
        let d = u64::from(d);
        let mut b = vec![F::zero(); n * k];
        let mut diag = vec![F::zero(); n];
        let mut defs = vec![F::zero(); k * k];
        let mut acc = vec![F::zero(); k];
        for s in (0..n).rev() {
            acc.iter_mut().for_each(|a| *a = F::zero());
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
                }
            }
            if stay >= d {
                return Err(Trapped { state: s });
            }
            let dd = F::from_count(d - stay);
            let row: Vec<F> = acc
                .iter_mut()
                .map(|a| {
                    a.normalize();
                    a.clone() / dd.clone()
                })
                .collect();
            diag[s] = dd;
            match feedback[s] {
                NOT_FEEDBACK => b[s * k..(s + 1) * k].clone_from_slice(&row),
                j => {
                    let j = j as usize;
                    defs[j * k..(j + 1) * k].clone_from_slice(&row);
                    b[s * k + j] = F::one();
                }
            }
        }
        // u_f - B'_f . u = a'_f
        let system = (0..k * k)
            .map(|i| {
                let identity = if i / k == i % k { F::one() } else { F::zero() };
                identity - defs[i].clone()
            })
            .collect();
        Ok(Sweep {
            d,
            feedback,
            k,
            b,
            diag,
            system,
        })
    }

    /// Solves (I - Q) y = rhs, where `counts` is the matrix that was factored.
    pub fn solve(&self, counts: &CsMat<u32>, rhs: &[F]) -> Vec<F> {
        let n = self.diag.len();
        let k = self.k;
        let d = F::from_count(self.d);
        let mut a = vec![F::zero(); n];
        let mut defs = vec![F::zero(); k];
        for s in (0..n).rev() {
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
        let u = gauss(self.system.clone(), defs, k);
        (0..n)
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
            .collect()
    }
}

/// Solves the dense system `m x = rhs` (m is k x k, row-major) by Gaussian elimination with
/// partial pivoting. The system I - B_F is non-singular whenever every state can finish.
fn gauss<F: Scalar>(mut m: Vec<F>, mut rhs: Vec<F>, k: usize) -> Vec<F> {
    for col in 0..k {
        let pivot = (col..k)
            .max_by(|&i, &j| {
                m[i * k + col]
                    .pivot_weight()
                    .total_cmp(&m[j * k + col].pivot_weight())
            })
            .expect("non-empty range");
        assert!(
            m[pivot * k + col].pivot_weight() > 0.0,
            "singular feedback system: some state cannot finish"
        );
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

/// Dense reference solve of (I - Q) y = rhs with nalgebra's LU: an independent route for
/// checking [`Sweep`], cubic in the number of states.
pub fn dense_solve(counts: &CsMat<u32>, d: u32, rhs: &[f64]) -> Option<Vec<f64>> {
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
