//! One state's value of (D I - C) y = h, exactly, without a gcd per state.
//!
//! The rational sweep ([`super::Sweep`] in `BigRational`) reduces every value by a gcd. Along
//! a board of n states the denominators grow to about n log2 D bits, and n gcds of numbers that
//! size make the solve cubic in n (139 s at 4,000 spaces). Here every value is an integer
//! numerator over a denominator known in advance: sweeping from the last state to the first,
//! with p_r = D - c_rr the pivots of the states that are not feedback states (targets of
//! backward moves, kept as unknowns u exactly as in the float sweep),
//!
//!   P_s = p_s P_{s+1},   y_s = Y_s / P_s,
//!   Y_s = h_s P_{s+1} + sum_{t > s} c_st Y_t (P_{s+1} / P_t) + sum_{f in F} c_sf P_{s+1} u_f.
//!
//! The scaled numerators Y_t (P_{s+1} / P_t) are kept only for the states some earlier state
//! still moves to, and multiplied by p_s once per step: every operation is a big number times a
//! machine word, so the solve is O(n (live + row) |P|), quadratic in n, and one gcd at the end
//! reduces the answer. All numerators are non-negative (C, h >= 0), so they are `BigUint`s. The
//! k feedback equations (P_f u_f = Y_f) form a small dense system, solved in rationals.

use crate::chain::Counts;
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::Zero;

use super::dense::DenseLu;
use super::linear::{feedback_set, SweepError, NOT_FEEDBACK, WATCH_EVERY};

/// No earlier state moves to this one.
const NO_PREDECESSOR: usize = usize::MAX;

/// An affine value in the feedback unknowns: numerators of [1, u_0, ..., u_{k-1}].
type Affine = Vec<BigUint>;

/// y_`state` of (D I - C) y = h, for `counts` C (CSR, square, every row summing to at most
/// `d`), calling `watch(fraction done)` now and then and stopping with
/// [`SweepError::Stopped`] when it returns false.
pub fn solve_state(
    counts: &Counts,
    d: u32,
    h: &[u64],
    state: usize,
    watch: &dyn Fn(f64) -> bool,
) -> Result<BigRational, SweepError> {
    let n = counts.rows();
    let (feedback, k) = feedback_set(counts);
    let d = u64::from(d);
    // The first (smallest) state that moves forward to each state: its value dies after it.
    let mut first_predecessor = vec![NO_PREDECESSOR; n];
    for (s, row) in counts.outer_iterator().enumerate() {
        for (t, _) in row.iter().filter(|&(t, _)| t > s) {
            if first_predecessor[t] == NO_PREDECESSOR {
                first_predecessor[t] = s;
            }
        }
    }
    let mut live = Live::new(n);
    let mut p_next = BigUint::from(1u32); // P_{s+1}
    let mut start: Option<(Affine, BigUint)> = None;
    // Feedback equations: (P_f, Y_f) with P_f u_f = Y_f . [1, u].
    let mut equations: Vec<Option<(Affine, BigUint)>> = vec![None; k];
    for s in (0..n).rev() {
        let done = n - s;
        if done.is_multiple_of(WATCH_EVERY) {
            // The numbers grow linearly along the sweep, so the work done grows as its square.
            let fraction = (done as f64 / n as f64).powi(2);
            if !watch(fraction) {
                return Err(SweepError::Stopped);
            }
        }
        let mut y: Affine = vec![BigUint::zero(); k + 1];
        y[0] = &p_next * h[s];
        let mut stay = 0u64;
        for (t, &c) in counts.outer_view(s).expect("row in range").iter() {
            if t == s {
                stay += u64::from(c);
            } else if feedback[t] != NOT_FEEDBACK {
                y[1 + feedback[t] as usize] += &p_next * c;
            } else {
                // Not a feedback state, so t > s: its scaled numerator is live.
                for (acc, z) in y.iter_mut().zip(live.get(t)) {
                    if !z.is_zero() {
                        *acc += z * c;
                    }
                }
            }
        }
        if stay >= d {
            return Err(SweepError::Trapped { state: s });
        }
        let p = d - stay;
        if feedback[s] != NOT_FEEDBACK {
            equations[feedback[s] as usize] = Some((y, &p_next * p));
            continue;
        }
        for (t, _) in counts.outer_view(s).expect("row in range").iter() {
            if t > s && feedback[t] == NOT_FEEDBACK && first_predecessor[t] == s {
                live.remove(t);
            }
        }
        live.scale(p);
        p_next *= p;
        if s == state {
            start = Some((y.clone(), p_next.clone()));
        }
        if first_predecessor[s] != NO_PREDECESSOR {
            live.insert(s, y);
        }
    }
    let u = solve_feedback(equations, k)?;
    let value = |(y, p): &(Affine, BigUint)| {
        let mut sum = BigRational::from_integer(BigInt::from(y[0].clone()));
        for (coefficient, u) in y[1..].iter().zip(&u) {
            if !coefficient.is_zero() {
                sum += BigRational::from_integer(BigInt::from(coefficient.clone())) * u;
            }
        }
        sum / BigRational::from_integer(BigInt::from(p.clone()))
    };
    Ok(match (feedback[state], start) {
        (NOT_FEEDBACK, Some(start)) => value(&start),
        (j, _) => u[j as usize].clone(),
    })
}

/// The k x k system P_f u_f - sum_j Y_fj u_j = Y_f0, in rationals.
fn solve_feedback(
    equations: Vec<Option<(Affine, BigUint)>>,
    k: usize,
) -> Result<Vec<BigRational>, SweepError> {
    if k == 0 {
        return Ok(Vec::new());
    }
    let int = |x: &BigUint| BigRational::from_integer(BigInt::from(x.clone()));
    let mut m = vec![BigRational::zero(); k * k];
    let mut rhs = Vec::with_capacity(k);
    for (f, equation) in equations.iter().enumerate() {
        let (y, p) = equation.as_ref().expect("every feedback state is swept");
        for j in 0..k {
            m[f * k + j] = -int(&y[1 + j]);
        }
        m[f * k + f] += int(p);
        rhs.push(int(&y[0]));
    }
    Ok(DenseLu::gauss(m, k)?.solve(rhs))
}

/// The scaled numerators of the states still moved to, in reusable slots.
struct Live {
    slot: Vec<u32>,
    values: Vec<Option<Affine>>,
    free: Vec<u32>,
}

impl Live {
    fn new(n: usize) -> Live {
        Live {
            slot: vec![u32::MAX; n],
            values: Vec::new(),
            free: Vec::new(),
        }
    }

    fn get(&self, t: usize) -> &[BigUint] {
        self.values[self.slot[t] as usize]
            .as_deref()
            .expect("a state is live until its first predecessor is swept")
    }

    fn insert(&mut self, t: usize, value: Affine) {
        let i = match self.free.pop() {
            Some(i) => {
                self.values[i as usize] = Some(value);
                i
            }
            None => {
                self.values.push(Some(value));
                (self.values.len() - 1) as u32
            }
        };
        self.slot[t] = i;
    }

    fn remove(&mut self, t: usize) {
        let i = self.slot[t];
        self.values[i as usize] = None;
        self.free.push(i);
    }

    /// Multiplies every live numerator by p (the denominator moved from P_{s+1} to P_s).
    fn scale(&mut self, p: u64) {
        if p == 1 {
            return;
        }
        for value in self.values.iter_mut().flatten() {
            for x in value.iter_mut().filter(|x| !x.is_zero()) {
                *x *= p;
            }
        }
    }
}
