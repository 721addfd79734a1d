//! The band LU of I - Q, for chains whose moves all stay within a few states of the state they
//! leave: a race track whose faces go back a square or two has I - Q inside a band of width
//! kl + ku + 1 about the diagonal (kl the farthest move back, ku the farthest forward, in the
//! states' own order). Gaussian elimination keeps L inside the lower band and U inside the
//! upper one, so the factors cost n (kl + ku + 1) values and n kl ku multiply-adds, with no
//! ordering to find: a 10^6-state track factors in milliseconds, where a general sparse LU
//! spends seconds choosing a column order (faer's or SuperLU's COLAMD) for the same band.
//!
//! No pivoting is needed. I - Q for a substochastic Q is diagonally dominant by rows (and its
//! transpose by columns), and Gaussian elimination without pivoting on such a matrix keeps every
//! Schur complement diagonally dominant, with growth factor at most 2 (Higham, "Accuracy and
//! Stability of Numerical Algorithms", 2002, Theorem 9.9 and Problem 9.8). When every state can
//! finish, I - Q is a nonsingular M-matrix, whose leading principal minors are all positive
//! (Berman and Plemmons, "Nonnegative Matrices in the Mathematical Sciences", 1994, Chapter 6,
//! condition (E17)), so no pivot is zero; a pivot that is not positive means some states
//! cannot finish. The solutions are refined and bounded by their residuals like every other
//! solver's ([`super::sparse`]), so what is printed does not rest on this argument alone.

use super::SolveFailure;
use crate::chain::Counts;

/// The widest band (kl + ku, the farthest moves back and forward) factored as a band: n (kl +
/// ku + 1) values and up to n kl ku multiply-adds, at most 64 values and 1,024 multiply-adds a
/// state. Wider chains go to the general sparse LU, whose column order may do better.
pub const WIDEST_BAND: usize = 64;

/// The band of I - Q (`transposed`: of its transpose): the farthest an entry lies below the
/// diagonal (kl) and above it (ku).
pub fn bandwidth(counts: &Counts, transposed: bool) -> (usize, usize) {
    let (mut below, mut above) = (0, 0);
    for (s, row) in counts.outer_iterator().enumerate() {
        for (t, _) in row.iter() {
            if t < s {
                below = below.max(s - t);
            } else {
                above = above.max(t - s);
            }
        }
    }
    if transposed {
        (above, below)
    } else {
        (below, above)
    }
}

/// The band of I - Q if it is narrow enough to factor as a band ([`WIDEST_BAND`]).
pub fn narrow_band(counts: &Counts, transposed: bool) -> Option<(usize, usize)> {
    let (kl, ku) = bandwidth(counts, transposed);
    (kl + ku <= WIDEST_BAND).then_some((kl, ku))
}

/// I - Q (or its transpose) factored as L U inside its band.
pub struct BandLu {
    n: usize,
    kl: usize,
    ku: usize,
    /// Row i holds columns i - kl ..= i + ku at i (kl + ku + 1) + (j + kl - i): L's multipliers
    /// left of the diagonal, U right of it and on it.
    band: Vec<f64>,
}

impl BandLu {
    /// Factors I - Q (`transposed`: its transpose) for Q = `counts` / `d`, whose band is
    /// (`kl`, `ku`) ([`bandwidth`]).
    pub fn factor(
        counts: &Counts,
        d: u32,
        transposed: bool,
        (kl, ku): (usize, usize),
    ) -> Result<BandLu, SolveFailure> {
        let n = counts.rows();
        let w = kl + ku + 1;
        let df = f64::from(d);
        let mut band = vec![0.0; n * w];
        for s in 0..n {
            band[s * w + kl] = 1.0;
        }
        for (s, row) in counts.outer_iterator().enumerate() {
            for (t, &c) in row.iter() {
                if t == s {
                    if c >= d {
                        return Err(SolveFailure::Trapped { state: s });
                    }
                    // 1 - q_ss exactly as (D - c_ss) / D: no cancellation.
                    band[s * w + kl] = f64::from(d - c) / df;
                } else {
                    let (i, j) = if transposed { (t, s) } else { (s, t) };
                    band[i * w + j + kl - i] = -f64::from(c) / df;
                }
            }
        }
        for k in 0..n {
            let pivot = band[k * w + kl];
            if !(pivot > 0.0 && pivot.is_finite()) {
                return Err(SolveFailure::CannotFinish);
            }
            let last = (k + ku).min(n - 1);
            for i in k + 1..=(k + kl).min(n - 1) {
                let at = i * w + k + kl - i;
                if band[at] == 0.0 {
                    continue;
                }
                let l = band[at] / pivot;
                band[at] = l;
                // Row i, columns k + 1 ..= last, less l times row k's.
                let (upper, lower) = band.split_at_mut(i * w);
                let pivot_row = &upper[k * w + kl + 1..k * w + kl + 1 + (last - k)];
                let row = &mut lower[k + 1 + kl - i..k + 1 + kl - i + (last - k)];
                for (r, p) in row.iter_mut().zip(pivot_row) {
                    *r -= l * p;
                }
            }
        }
        Ok(BandLu { n, kl, ku, band })
    }

    /// Solves L U x = b in place.
    pub fn solve_in_place(&self, x: &mut [f64]) {
        let (n, kl, ku, w) = (self.n, self.kl, self.ku, self.kl + self.ku + 1);
        for i in 0..n {
            let first = i.saturating_sub(kl);
            let row = &self.band[i * w + first + kl - i..i * w + kl];
            let sum: f64 = row.iter().zip(&x[first..i]).map(|(l, y)| l * y).sum();
            x[i] -= sum;
        }
        for i in (0..n).rev() {
            let last = (i + ku).min(n - 1);
            let row = &self.band[i * w + kl + 1..i * w + kl + 1 + (last - i)];
            let sum: f64 = row.iter().zip(&x[i + 1..=last]).map(|(u, y)| u * y).sum();
            x[i] = (x[i] - sum) / self.band[i * w + kl];
        }
    }

    /// Values the factors hold.
    #[cfg(test)]
    pub fn entries(&self) -> usize {
        self.band.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cycle_solves_to_the_hand_answer_and_its_transpose_too() {
        // As in `sparse`: two states over D = 4, 0 -> 0 (1), 0 -> 1 (3); 1 -> 0 (2), 1 finishes
        // (2). E_0 = 1 + E_0/4 + 3 E_1/4, E_1 = 1 + E_0/2 give E_0 = 14/3, E_1 = 10/3; the
        // visits from 0, v^T (I - Q) = e_0^T, are v_0 = 8/3, v_1 = 2.
        let q = Counts::new((2, 2), vec![0, 2, 3], vec![0, 1, 0], vec![1, 3, 2]);
        assert_eq!(bandwidth(&q, false), (1, 1));
        let lu = BandLu::factor(&q, 4, false, (1, 1)).unwrap();
        let mut e = vec![1.0, 1.0];
        lu.solve_in_place(&mut e);
        approx::assert_relative_eq!(e[0], 14.0 / 3.0, max_relative = 1e-15);
        approx::assert_relative_eq!(e[1], 10.0 / 3.0, max_relative = 1e-15);
        let t = BandLu::factor(&q, 4, true, (1, 1)).unwrap();
        let mut v = vec![1.0, 0.0];
        t.solve_in_place(&mut v);
        approx::assert_relative_eq!(v[0], 8.0 / 3.0, max_relative = 1e-15);
        approx::assert_relative_eq!(v[1], 2.0, max_relative = 1e-15);
    }

    #[test]
    fn a_track_with_a_step_back_solves_to_the_hand_answer() {
        // Three states over D = 2: from each, one card moves forward a state (from 2: to the
        // finish), the other back one (from 0: stays). The band is (1, 1).
        // E_2 = 1 + E_1/2, E_1 = 1 + E_0/2 + E_2/2, E_0 = 1 + E_0/2 + E_1/2:
        // E_0 = 2 + E_1, E_1 = 1 + 1 + E_1/2 + 1/2 + E_1/4 -> E_1/4 = 5/2 -> E_1 = 10,
        // E_0 = 12, E_2 = 6.
        let q = Counts::new(
            (3, 3),
            vec![0, 2, 4, 5],
            vec![0, 1, 0, 2, 1],
            vec![1, 1, 1, 1, 1],
        );
        assert_eq!(narrow_band(&q, false), Some((1, 1)));
        let lu = BandLu::factor(&q, 2, false, (1, 1)).unwrap();
        assert_eq!(lu.entries(), 9);
        let mut e = vec![1.0; 3];
        lu.solve_in_place(&mut e);
        for (got, want) in e.iter().zip([12.0, 10.0, 6.0]) {
            approx::assert_relative_eq!(*got, want, max_relative = 1e-14);
        }
    }

    #[test]
    fn a_chain_that_cannot_finish_has_a_pivot_that_is_not_positive() {
        // Two states that only move to each other: I - Q = [[1, -1], [-1, 1]], whose second
        // pivot is 1 - 1 = 0.
        let q = Counts::new((2, 2), vec![0, 1, 2], vec![1, 0], vec![2, 2]);
        assert!(matches!(
            BandLu::factor(&q, 2, false, (1, 1)),
            Err(SolveFailure::CannotFinish)
        ));
        // A state that stays with every card is a trap.
        let q = Counts::new((2, 2), vec![0, 1, 2], vec![1, 1], vec![2, 2]);
        assert!(matches!(
            BandLu::factor(&q, 2, false, (0, 1)),
            Err(SolveFailure::Trapped { state: 1 })
        ));
    }
}
