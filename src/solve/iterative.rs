//! Gauss-Seidel sweeps, for chains with many cycles whose sparse LU would fill in beyond use.
//!
//! Why a third solver: the product chain of three or more players has many cycles (every jump
//! back of every token, every turn passed with no move), so the sweep's dense system is too
//! big, and its sparse LU fills in as a 3-D grid's does: three players of the shipped
//! 100-square board with jumps (1.4 million states) need more than 2^31 entries in the
//! factors, beyond faer's 32-bit indices and over 50 GB. Its moves still go mostly forward in
//! state order. Sweeping the states from last to first, each state's value is formed from the
//! new values of the states after it (forward moves) and the last pass's values of those
//! before it (backward moves):
//!
//!   x_s <- (D b_s + sum_{t != s} c_st x_t) / (D - c_ss),
//!
//! so a pass costs one pass over the transitions and its error shrinks by about the chance of
//! one more backward move before the game ends: there, 154 to 165 passes of 8 to 12 ms a
//! solve. For I - Q a non-singular M-matrix (Q substochastic, every state able to finish) the
//! Jacobi matrix J = (D - C_diag)^-1 C_off is non-negative with spectral radius below 1, so
//! Gauss-Seidel converges, at least as fast (Stein and Rosenberg, "On the solution of linear
//! simultaneous equations by iteration", 1948); from x = 0 with b >= 0 every pass adds
//! non-negative terms, so the iterates increase to the solution. What is printed is bounded from the residual as
//! for the other solvers ([`super::residual::error_bound`]), not trusted.
//!
//! Where backward moves are frequent (a race with backward faces on every square) the error
//! shrinks by little each pass and the sparse LU is far cheaper: a pilot of a few passes
//! measures the ratio of successive changes and predicts the passes a solve takes
//! ([`pilot`]); Gauss-Seidel is used only when that is at most [`MOST_PASSES`].

use crate::budget::clock::Instant;
use std::cell::RefCell;

use super::SolveFailure;
use crate::chain::Counts;

/// Chains with many cycles and more states than this try Gauss-Seidel before the sparse LU
/// (smaller ones keep the sparse LU, whose analysis is cheap at that size).
pub const ITERATIVE_STATES: usize = 100_000;

/// The most passes a solve may be predicted to take for Gauss-Seidel to be used.
pub const MOST_PASSES: f64 = 1_000.0;

/// A solve stops once no value changes by more than this times the largest value (a few units
/// of roundoff: the iterates no longer move beyond rounding).
const STOP: f64 = 8.0 * f64::EPSILON;

/// Passes of the pilot, and the window over which its rate of convergence is measured for the
/// prediction.
const PILOT_PASSES: usize = 32;
const WINDOW: usize = 8;

/// A pilot whose change shrinks by less than this a pass (measured every [`CHECK`] passes, over
/// the last [`CHECK`]) stops there: Gauss-Seidel would take thousands of passes. On a race
/// whose every square is the target of a backward move the change stays about constant from
/// the fourth pass on (x grows by the same amount each pass): stopped after 8 passes.
const SLOW: f64 = 0.98;
const CHECK: usize = 4;

/// What a pilot of Gauss-Seidel on I - Q found: the passes a solve takes, and their time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pilot {
    /// Passes a solve is predicted to take (to `STOP`).
    pub passes: f64,
    /// Seconds of one pass, as measured.
    pub seconds_per_pass: f64,
    /// Passes the pilot ran.
    pub ran: usize,
}

thread_local! {
    /// The last pilot, by the fingerprint of its matrix: the cost estimate runs it, and the
    /// solver that follows reads it rather than running it again.
    static PILOTED: RefCell<Option<(u64, Option<Pilot>)>> = const { RefCell::new(None) };
}

/// Seconds the pilot of `counts` / `d` would take on an idle machine, or `None` when none
/// would run ([`ITERATIVE_STATES`]) or it ran already ([`rate::GAUSS_SEIDEL`]).
///
/// [`rate::GAUSS_SEIDEL`]: crate::budget::rate::GAUSS_SEIDEL
pub fn pilot_seconds(counts: &Counts, d: u32) -> Option<f64> {
    if counts.rows() <= ITERATIVE_STATES {
        return None;
    }
    let key = key(counts, d);
    if PILOTED.with(|p| p.borrow().is_some_and(|(k, _)| k == key)) {
        return None;
    }
    let pass = (counts.nnz() + counts.rows()) as f64 / crate::budget::rate::GAUSS_SEIDEL;
    Some(PILOT_PASSES as f64 * pass)
}

/// What the pilot depends on: the matrix's pattern, its counts and its denominator (a chain
/// with the same pattern and other counts converges at its own pace).
fn key(counts: &Counts, d: u32) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    (super::sparse::fingerprint(counts, false), d).hash(&mut h);
    counts.data().hash(&mut h);
    h.finish()
}

/// The pilot of Gauss-Seidel on I - Q for Q = `counts` / `d`, when it converges fast enough to
/// be used ([`MOST_PASSES`]); `None` when it does not, or when the chain is not large enough to
/// try ([`ITERATIVE_STATES`]).
pub fn pilot(counts: &Counts, d: u32) -> Result<Option<Pilot>, SolveFailure> {
    if counts.rows() <= ITERATIVE_STATES {
        return Ok(None);
    }
    let key = key(counts, d);
    if let Some(found) = PILOTED.with(|p| p.borrow().filter(|(k, _)| *k == key).map(|(_, p)| p)) {
        return Ok(found);
    }
    let found = run_pilot(counts, d)?;
    PILOTED.with(|p| *p.borrow_mut() = Some((key, found)));
    Ok(found)
}

/// Solves for b = 1 (the expected lengths) for up to [`PILOT_PASSES`] passes, and predicts
/// the passes to [`STOP`] from the ratio r of the changes over the last [`WINDOW`] passes:
/// the change after m more passes is about r^m times the last one.
fn run_pilot(counts: &Counts, d: u32) -> Result<Option<Pilot>, SolveFailure> {
    let system = GaussSeidel::new(counts, d)?;
    let ones = vec![1.0; counts.rows()];
    let mut x = vec![0.0; counts.rows()];
    // The passes alone are timed: the set-up above is not repeated by each solve.
    let passing = Instant::now();
    let mut changes = Vec::with_capacity(PILOT_PASSES);
    let mut predicted = None;
    for pass in 1..=PILOT_PASSES {
        let (change, largest) = system.pass(&ones, &mut x);
        changes.push(change);
        if change <= STOP * largest {
            predicted = Some(pass as f64);
            break;
        }
        // The change's ratio a pass, over the last `over` passes (from pass 1 at first).
        let ratio = |over: usize| {
            let base = pass.saturating_sub(over).max(1);
            (change / changes[base - 1]).powf(1.0 / (pass - base) as f64)
        };
        if pass % CHECK == 0 {
            let r = ratio(CHECK);
            // A ratio of NaN (no change left to measure) stops too.
            if r.is_nan() || r >= SLOW {
                break;
            }
        }
        if pass == PILOT_PASSES {
            // Only a change that shrinks (0 < r < 1) predicts an end.
            let r = ratio(WINDOW);
            predicted =
                (r > 0.0 && r < 1.0).then(|| pass as f64 + (STOP * largest / change).ln() / r.ln());
        }
    }
    let ran = changes.len();
    let seconds_per_pass = passing.elapsed().as_secs_f64() / ran as f64;
    Ok(predicted.filter(|&p| p <= MOST_PASSES).map(|passes| Pilot {
        passes,
        seconds_per_pass,
        ran,
    }))
}

/// I - Q, ready for Gauss-Seidel solves.
pub struct GaussSeidel<'a> {
    counts: &'a Counts,
    d: f64,
    /// D - c_ss for each state.
    diag: Vec<f64>,
    /// The most passes a solve may take before it is given up.
    limit: usize,
}

impl<'a> GaussSeidel<'a> {
    /// I - Q for Q = `counts` / `d`; a state that every card leaves where it is has no way out.
    pub fn new(counts: &'a Counts, d: u32) -> Result<GaussSeidel<'a>, SolveFailure> {
        let mut diag = vec![f64::from(d); counts.rows()];
        for (s, row) in counts.outer_iterator().enumerate() {
            for (t, &c) in row.iter().filter(|&(t, _)| t == s) {
                if c >= d {
                    return Err(SolveFailure::Trapped { state: t });
                }
                diag[s] = f64::from(d - c);
            }
        }
        Ok(GaussSeidel {
            counts,
            d: f64::from(d),
            diag,
            limit: usize::MAX,
        })
    }

    /// Gives up a solve after 4 times the passes `pilot` predicted (and 64 more).
    pub fn limited(mut self, pilot: &Pilot) -> GaussSeidel<'a> {
        self.limit = (4.0 * pilot.passes) as usize + 64;
        self
    }

    /// Gives up a solve after `passes` passes.
    pub fn with_limit(mut self, passes: usize) -> GaussSeidel<'a> {
        self.limit = passes.max(1);
        self
    }

    /// y = (I - Q)^-1 b, from y = 0, until no value changes by more than `STOP` times the
    /// largest; [`SolveFailure::NotConverged`] if that takes more than its limit of passes.
    pub fn solve(&self, rhs: &[f64]) -> Result<Vec<f64>, SolveFailure> {
        self.solve_counted(rhs).map(|(x, _)| x)
    }

    /// [`GaussSeidel::solve`], and the passes it took.
    pub fn solve_counted(&self, rhs: &[f64]) -> Result<(Vec<f64>, usize), SolveFailure> {
        let mut x = vec![0.0; rhs.len()];
        let mut passes = 0;
        loop {
            let (change, largest) = self.pass(rhs, &mut x);
            passes += 1;
            if !(change.is_finite() && largest.is_finite()) {
                return Err(SolveFailure::OutOfRange);
            }
            if change <= STOP * largest {
                return Ok((x, passes));
            }
            if passes >= self.limit {
                return Err(SolveFailure::NotConverged { passes });
            }
        }
    }

    /// One pass from the last state to the first: the largest change of a value, and the
    /// largest value (in magnitude).
    fn pass(&self, rhs: &[f64], x: &mut [f64]) -> (f64, f64) {
        let indptr = self.counts.indptr();
        let indptr = indptr.raw_storage();
        let (indices, data) = (self.counts.indices(), self.counts.data());
        let (mut change, mut largest) = (0.0f64, 0.0f64);
        for s in (0..x.len()).rev() {
            let mut acc = self.d * rhs[s];
            for e in indptr[s] as usize..indptr[s + 1] as usize {
                let t = indices[e] as usize;
                if t != s {
                    acc += f64::from(data[e]) * x[t];
                }
            }
            let value = acc / self.diag[s];
            change = change.max((value - x[s]).abs());
            largest = largest.max(value.abs());
            x[s] = value;
        }
        (change, largest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cycle_solves_to_the_hand_answer() {
        // The two-state cycle of the sparse LU's test: E_0 = 14/3, E_1 = 10/3.
        let q = Counts::new((2, 2), vec![0, 2, 3], vec![0, 1, 0], vec![1, 3, 2]);
        let e = GaussSeidel::new(&q, 4).unwrap().solve(&[1.0, 1.0]).unwrap();
        approx::assert_relative_eq!(e[0], 14.0 / 3.0, max_relative = 1e-14);
        approx::assert_relative_eq!(e[1], 10.0 / 3.0, max_relative = 1e-14);
    }

    #[test]
    fn a_trap_is_refused_and_a_slow_solve_is_given_up_with_its_passes() {
        let q = Counts::new((2, 2), vec![0, 1, 2], vec![1, 1], vec![2, 2]);
        assert!(matches!(
            GaussSeidel::new(&q, 2),
            Err(SolveFailure::Trapped { state: 1 })
        ));
        // Two states that go to each other with chance 1 - 1/1000 and finish otherwise: the
        // error shrinks by about 0.998 a pass, far from done after 100 passes.
        let q = Counts::new((2, 2), vec![0, 1, 2], vec![1, 0], vec![999, 999]);
        let pilot = Pilot {
            passes: 9.0,
            seconds_per_pass: 0.0,
            ran: 9,
        };
        let e = GaussSeidel::new(&q, 1000)
            .unwrap()
            .limited(&pilot)
            .solve(&[1.0, 1.0]);
        assert!(
            matches!(e, Err(SolveFailure::NotConverged { passes: 100, .. })),
            "{e:?}"
        );
    }

    /// A path of `n` states, each moving on with chance 1 - `back` / 100 and back to the
    /// first with `back` / 100: a game with about n back / 100 backward moves.
    fn path(n: usize, back: u32) -> Counts {
        let (mut indptr, mut indices, mut data) = (vec![0u32], Vec::new(), Vec::new());
        for s in 0..n {
            if s > 0 {
                indices.push(0);
                data.push(back);
            }
            if s + 1 < n {
                indices.push(s as u32 + 1);
                data.push(100 - back);
            }
            indptr.push(indices.len() as u32);
        }
        Counts::new((n, n), indptr, indices, data)
    }

    #[test]
    fn the_pilot_predicts_the_passes_of_a_solve_within_a_factor_of_2() {
        // 100 states, back to the start with chance 1/100 each move: the chance of going
        // back again before finishing is about 1 - 0.99^100 = 0.63, the error's ratio a pass.
        let q = path(100, 1);
        let pilot = run_pilot(&q, 100).unwrap().expect("converges fast enough");
        assert!(pilot.ran == PILOT_PASSES, "{pilot:?}");
        let system = GaussSeidel::new(&q, 100).unwrap();
        for rhs in [vec![1.0; 100], (0..100).map(|s| f64::from(s % 3)).collect()] {
            let (x, passes) = system.solve_counted(&rhs).unwrap();
            let ratio = passes as f64 / pilot.passes;
            assert!((0.5..=2.0).contains(&ratio), "{passes} vs {pilot:?}");
            // Against the sweep, exact in structure.
            let sweep = crate::solve::Sweep::<f64>::factor(&q, 100).unwrap();
            let y = sweep.solve(&q, &rhs).unwrap();
            for (a, b) in x.iter().zip(&y) {
                approx::assert_relative_eq!(a, b, max_relative = 1e-13);
            }
        }
        // A fair walk over 2,000 states (one step on or one back, each with chance 1/2): a
        // game takes about 2,000^2 steps, most of them back, and each pass gains little; the
        // pilot says so after 8 passes.
        let n = 2_000;
        let (mut indptr, mut indices) = (vec![0u32], Vec::new());
        for s in 0..n {
            indices.push(s.max(1) as u32 - 1);
            if s + 1 < n {
                indices.push(s as u32 + 1);
            }
            indptr.push(indices.len() as u32);
        }
        let data = vec![1; indices.len()];
        let walk = Counts::new((n, n), indptr, indices, data);
        assert_eq!(run_pilot(&walk, 2).unwrap(), None);
    }
}
