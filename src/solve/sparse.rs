//! The general solver, for chains with many cycles: an LU factorisation of I - Q, with
//! iterative refinement and a residual check. A chain whose moves all stay within a few states
//! of the one they leave is factored inside its band ([`super::band`]: no ordering to find,
//! n kl ku work); any other by faer's supernodal or simplicial sparse LU, with partial pivoting
//! and a COLAMD column order.
//!
//! Why a second solver: the sweep of [`super::Sweep`] keeps one unknown per target of a backward
//! move (k of them), so it costs O(nnz k + k^3). A race board where many faces move back (a
//! spinner with "back 1" and "back 2" faces, the K-player product chain, where every lost turn
//! hands the move back to an earlier seat) has k close to n, and the sweep is quadratic in
//! memory and cubic in time. An LU costs what its fill-in costs: on a track, where every move
//! stays within a few squares, the band, so O(n b^2).
//!
//! Its cost is known before any factoring ([`LuPlan`]): a band's from its width; otherwise the
//! symbolic analysis (the column order) comes first, and the column counts of the Cholesky
//! factor of A^T A in that order bound the structure of L and U whatever rows partial pivoting
//! picks (George and Ng, "Symbolic factorization for sparse Gaussian elimination with partial
//! pivoting", 1987).
//!
//! What is printed is bounded, not trusted ([`super::residual`]).

use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use faer::dyn_stack::{MemBuffer, MemStack};
use faer::sparse::linalg::lu::{LuRef, NumericLu, SymbolicLu};
use faer::sparse::linalg::qr;
use faer::sparse::{SparseColMat, Triplet};
use faer::{Conj, Mat, Par};

use super::band::{narrow_band, BandLu};
use super::SolveFailure;
use crate::chain::Counts;

/// Rounds of iterative refinement after the first solve: each multiplies the error by about
/// the condition number times the unit roundoff, so one or two reach full precision.
const REFINEMENTS: usize = 2;

/// Bytes of the factors per entry of the bound on their structure (a value and a row index
/// for L and for U): 1.47 GB measured at the peak for two players of the shipped 134-space program board
/// (`clark-program`), whose bound
/// has 6.6e7 entries.
const BYTES_PER_FACTOR_ENTRY: f64 = 24.0;

/// The work of a factorisation, per column and per multiply-add of its dense fronts, on one
/// core. Fitted to faer's factorisations, in processor time on the 2-core machine the rates of
/// [`crate::budget::rate`] come from (while other work shared it): a 10^6-square race with two
/// backward faces (its bound 7e6 entries, sum of squared column counts 4.9e7) 1.2 s, almost all
/// per column; two players of that 134-space board (34,201 states; 2.2e11) 11 to 14 s, and of the
/// shipped 100-square board with jumps (12,116; 4.4e9) 0.43 s, almost all in the fronts.
const SECONDS_PER_COLUMN: f64 = 1.0e-6;
const FRONT_OPS: f64 = 2e10;

/// The band LU's work ([`super::band`]): per state (its row built and eliminated) and per
/// multiply-add. A 10^6-state track with band (2, 4) factored and solved with its refinement
/// in 138 ms, three solves in 300 ms (`cargo bench --bench cycles`).
const BAND_SECONDS_PER_STATE: f64 = 6e-8;
const BAND_OPS: f64 = 1e9;

/// Entries of the factors' bound a solve passes over per second (a solve and its refinement
/// pass over L and U and the matrix three times): the seven solves of a first passage of two
/// players on that 134-space board took about 1.5 s of processor time.
const SOLVE_ENTRIES: f64 = 1.5e9;

/// I - Q (or its transpose) factored by sparse LU, for `f64` solves.
pub struct SparseLu<'a> {
    counts: &'a Counts,
    d: f64,
    factors: Factors,
    transposed: bool,
}

/// The factors: inside a narrow band ([`super::band`]), or faer's in a column order.
enum Factors {
    Band(BandLu),
    General {
        symbolic: Arc<SymbolicLu<u32>>,
        numeric: Box<NumericLu<u32, f64>>,
    },
}

/// What factoring I - Q by sparse LU costs, known from its symbolic analysis before any
/// numbers are factored.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LuCost {
    /// States (columns).
    pub states: f64,
    /// Entries of I - Q.
    pub entries: f64,
    /// Entries of the bound on the factors' structure: the sum of the column counts c_j of the
    /// Cholesky factor of A^T A in the column order.
    pub factor_entries: f64,
    /// Multiply-adds of the dense fronts, sum c_j^2 (for a band, n kl ku).
    pub front_work: f64,
    /// Whether the factors are kept as a band ([`super::band`]): no column order, no fronts.
    pub banded: bool,
}

impl LuCost {
    /// Bytes at the peak: the factors, the matrix (as triplets and in columns) and the
    /// vectors of a solve and its refinement.
    pub fn bytes(&self) -> f64 {
        if self.banded {
            return 8.0 * self.factor_entries + 64.0 * self.states;
        }
        BYTES_PER_FACTOR_ENTRY * self.factor_entries + 28.0 * self.entries + 64.0 * self.states
    }

    /// Processor seconds (one core of an idle machine) of the factorisation and `solves`
    /// solves, each with `REFINEMENTS` rounds of refinement (a pass over the factors and
    /// a residual each).
    pub fn seconds(&self, solves: f64) -> f64 {
        let factor = if self.banded {
            self.states * BAND_SECONDS_PER_STATE + self.front_work / BAND_OPS
        } else {
            self.states * SECONDS_PER_COLUMN + self.front_work / FRONT_OPS
        };
        let one =
            (1 + REFINEMENTS) as f64 * (2.0 * self.factor_entries + self.entries) / SOLVE_ENTRIES;
        factor + solves * one
    }
}

/// I - Q (or its transpose) analysed for a sparse LU: the column order chosen, and what the
/// factorisation will cost. [`LuPlan::factor`] goes on to the numbers.
pub struct LuPlan<'a> {
    counts: &'a Counts,
    d: u32,
    transposed: bool,
    order: Order,
}

/// How the factors are laid out: inside the band (kl, ku), or in faer's column order.
enum Order {
    Band(usize, usize),
    General {
        matrix: SparseColMat<u32, f64>,
        symbolic: Arc<SymbolicLu<u32>>,
    },
}

thread_local! {
    /// The last symbolic analysis, by the fingerprint of its pattern: a cost estimate
    /// ([`crate::solve::check_solves`]) analyses the matrix that the solver then factors, and
    /// the column order (the costly part of the analysis) is not computed twice.
    static ANALYSED: RefCell<Option<(u64, Arc<SymbolicLu<u32>>)>> = const { RefCell::new(None) };
}

/// A fingerprint of the pattern of I - Q (or its transpose): its size and every entry's place.
pub(super) fn fingerprint(counts: &Counts, transposed: bool) -> u64 {
    let mut h = rustc_hash::FxHasher::default();
    (transposed, counts.rows(), counts.nnz()).hash(&mut h);
    counts.indptr().raw_storage().hash(&mut h);
    counts.indices().hash(&mut h);
    h.finish()
}

impl<'a> LuPlan<'a> {
    /// Analyses I - Q (`transposed`: its transpose) for Q = `counts` / `d`: the matrix, its
    /// column order and the bound on its factors.
    pub fn of(counts: &'a Counts, d: u32, transposed: bool) -> Result<LuPlan<'a>, SolveFailure> {
        match narrow_band(counts, transposed) {
            Some((kl, ku)) => Ok(LuPlan {
                counts,
                d,
                transposed,
                order: Order::Band(kl, ku),
            }),
            None => LuPlan::general(counts, d, transposed),
        }
    }

    /// [`LuPlan::of`] in faer's column order, whatever the band (the general route, which a
    /// benchmark sets beside the band).
    pub fn general(
        counts: &'a Counts,
        d: u32,
        transposed: bool,
    ) -> Result<LuPlan<'a>, SolveFailure> {
        let matrix = matrix(counts, d, transposed)?;
        let key = fingerprint(counts, transposed);
        let cached = ANALYSED.with(|a| {
            a.borrow()
                .as_ref()
                .filter(|(k, _)| *k == key)
                .map(|(_, s)| s.clone())
        });
        let symbolic = match cached {
            Some(s) => s,
            None => {
                let s = Arc::new(
                    faer::sparse::linalg::lu::factorize_symbolic_lu(
                        matrix.symbolic(),
                        Default::default(),
                    )
                    .map_err(|e| too_large(counts.rows(), e))?,
                );
                ANALYSED.with(|a| *a.borrow_mut() = Some((key, s.clone())));
                s
            }
        };
        Ok(LuPlan {
            counts,
            d,
            transposed,
            order: Order::General { matrix, symbolic },
        })
    }

    /// What factoring it will cost (a pass over the matrix's structure: a fraction of the
    /// analysis, which is done).
    pub fn cost(&self) -> Result<LuCost, SolveFailure> {
        match &self.order {
            Order::Band(kl, ku) => {
                let n = self.counts.rows() as f64;
                Ok(LuCost {
                    states: n,
                    entries: (self.counts.nnz() + self.counts.rows()) as f64,
                    factor_entries: n * (kl + ku + 1) as f64,
                    front_work: n * (kl * ku) as f64,
                    banded: true,
                })
            }
            Order::General { matrix, symbolic } => cost(matrix, symbolic),
        }
    }

    /// Factors it.
    pub fn factor(self) -> Result<SparseLu<'a>, SolveFailure> {
        let (matrix, symbolic) = match self.order {
            Order::Band(kl, ku) => {
                let band = BandLu::factor(self.counts, self.d, self.transposed, (kl, ku))?;
                return Ok(SparseLu {
                    counts: self.counts,
                    d: f64::from(self.d),
                    factors: Factors::Band(band),
                    transposed: self.transposed,
                });
            }
            Order::General { matrix, symbolic } => (matrix, symbolic),
        };
        let mut numeric = NumericLu::new();
        let par = Par::Seq;
        let mut scratch = MemBuffer::try_new(
            symbolic.factorize_numeric_lu_scratch::<f64>(par, Default::default()),
        )
        .map_err(|_| too_large(self.counts.rows(), faer::sparse::FaerError::OutOfMemory))?;
        symbolic
            .factorize_numeric_lu(
                &mut numeric,
                matrix.as_ref(),
                par,
                MemStack::new(&mut scratch),
                Default::default(),
            )
            .map_err(|e| match e {
                faer::sparse::linalg::LuError::Generic(e) => too_large(self.counts.rows(), e),
                // A zero pivot: the matrix is singular.
                _ => SolveFailure::CannotFinish,
            })?;
        Ok(SparseLu {
            counts: self.counts,
            d: f64::from(self.d),
            factors: Factors::General {
                symbolic,
                numeric: Box::new(numeric),
            },
            transposed: self.transposed,
        })
    }
}

/// The failure of faer's analysis or factorisation for want of indices or memory (each of its
/// errors but a singular matrix), said as such: it used to read "some states cannot reach
/// the finish", which was false.
fn too_large(states: usize, e: faer::sparse::FaerError) -> SolveFailure {
    SolveFailure::TooLarge {
        states,
        why: match e {
            faer::sparse::FaerError::IndexOverflow => "would have more than 2^31 entries in its factors, beyond the solver's 32-bit indices (over 50 GB of memory)",
            _ => "needs more memory than could be allocated",
        },
    }
}

/// I - Q (or its transpose) in columns, for Q = `counts` / `d`.
fn matrix(
    counts: &Counts,
    d: u32,
    transposed: bool,
) -> Result<SparseColMat<u32, f64>, SolveFailure> {
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
    SparseColMat::<u32, f64>::try_new_from_triplets(n, n, &triplets)
        .map_err(|_| SolveFailure::CannotFinish)
}

/// The cost of factoring `matrix` in the column order of `symbolic`: the column counts of the
/// Cholesky factor of A^T A (its column elimination tree, postordered), which bound L's and
/// U's columns and rows.
fn cost(
    matrix: &SparseColMat<u32, f64>,
    symbolic: &SymbolicLu<u32>,
) -> Result<LuCost, SolveFailure> {
    let n = matrix.ncols();
    let a = matrix.symbolic();
    let perm = symbolic.col_perm();
    let mut etree = vec![0u32; n];
    let mut post = vec![0u32; n];
    let mut counts = vec![0u32; n];
    let mut min_col = vec![0u32; n];
    let transposed = matrix
        .as_ref()
        .transpose()
        .to_col_major()
        .map_err(|_| SolveFailure::CannotFinish)?;
    let scratch = |req| MemBuffer::try_new(req).map_err(|_| SolveFailure::CannotFinish);
    let mut mem = scratch(qr::col_etree_scratch::<u32>(n, n))?;
    let tree = qr::col_etree(a, Some(perm), &mut etree, MemStack::new(&mut mem));
    let mut mem = scratch(qr::postorder_scratch::<u32>(n))?;
    qr::postorder(&mut post, tree, MemStack::new(&mut mem));
    let mut mem = scratch(qr::column_counts_aat_scratch::<u32>(n, n))?;
    qr::column_counts_ata(
        &mut counts,
        &mut min_col,
        transposed.symbolic(),
        Some(perm),
        tree,
        &post,
        MemStack::new(&mut mem),
    );
    let (entries, work) = counts.iter().fold((0.0, 0.0), |(e, w), &c| {
        let c = f64::from(c);
        (e + c, w + c * c)
    });
    Ok(LuCost {
        states: n as f64,
        entries: a.compute_nnz() as f64,
        factor_entries: entries,
        front_work: work,
        banded: false,
    })
}

impl<'a> SparseLu<'a> {
    /// Factors I - Q for Q = `counts` / `d` (CSR, square).
    pub fn factor(counts: &'a Counts, d: u32) -> Result<SparseLu<'a>, SolveFailure> {
        LuPlan::of(counts, d, false)?.factor()
    }

    /// Factors (I - Q)^T, for row solves x^T (I - Q) = b^T (expected visits from a state).
    pub fn factor_transposed(counts: &'a Counts, d: u32) -> Result<SparseLu<'a>, SolveFailure> {
        LuPlan::of(counts, d, true)?.factor()
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
        let (symbolic, numeric) = match &self.factors {
            Factors::Band(band) => {
                let mut x = rhs.to_vec();
                band.solve_in_place(&mut x);
                return x;
            }
            Factors::General { symbolic, numeric } => (symbolic, numeric),
        };
        let mut m = Mat::<f64>::from_fn(rhs.len(), 1, |i, _| rhs[i]);
        let par = Par::Seq;
        let mut scratch = MemBuffer::new(symbolic.solve_in_place_scratch::<f64>(1, par));
        LuRef::new_unchecked(symbolic, numeric).solve_in_place_with_conj(
            Conj::No,
            m.as_mut(),
            par,
            MemStack::new(&mut scratch),
        );
        (0..rhs.len()).map(|i| m[(i, 0)]).collect()
    }

    /// r = b - A x for the factored A, from the chain's integer counts.
    pub fn residual(&self, x: &[f64], b: &[f64]) -> Vec<f64> {
        super::residual::residual(self.counts, self.d, self.transposed, x, b)
    }
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
    fn the_cost_is_read_from_the_column_counts_of_the_cholesky_factor_of_a_t_a() {
        // The two-state cycle: I - Q is dense 2 x 2, so A^T A is too, and its Cholesky factor
        // has columns of 2 and 1 entries: 3 entries, 2^2 + 1^2 = 5 multiply-adds.
        let q = Counts::new((2, 2), vec![0, 2, 3], vec![0, 1, 0], vec![1, 3, 2]);
        let cost = LuPlan::general(&q, 4, false).unwrap().cost().unwrap();
        assert_eq!((cost.states, cost.entries), (2.0, 4.0));
        assert_eq!((cost.factor_entries, cost.front_work), (3.0, 5.0));
        // A path 0 -> 1 -> 2 -> finish (each move with chance 1/2, else stay): I - Q is upper
        // bidiagonal, A^T A tridiagonal; the column order takes an end first (the least
        // degree), so its factor has no fill: columns of 2, 2 and 1 entries, 5 entries,
        // 4 + 4 + 1 = 9.
        let q = Counts::new(
            (3, 3),
            vec![0, 2, 4, 5],
            vec![0, 1, 1, 2, 2],
            vec![1, 1, 1, 1, 1],
        );
        let cost = LuPlan::general(&q, 2, false).unwrap().cost().unwrap();
        assert_eq!((cost.factor_entries, cost.front_work), (5.0, 9.0));
        // Its factors solve it: E_2 = 2, E_1 = 2 + E_2 = 4, E_0 = 6.
        let e = LuPlan::general(&q, 2, false)
            .unwrap()
            .factor()
            .unwrap()
            .solve(&[1.0; 3])
            .unwrap();
        approx::assert_relative_eq!(e[0], 6.0, max_relative = 1e-15);
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
