//! The full game-length distribution, by iterating the row vector pi_n = pi_{n-1} Q:
//! P(T = n) = pi_{n-1} r and P(T > n) = pi_n 1, with pi_0 the start state.
//! Each step is one sparse product read straight from the chain's counts (no `f64` or
//! transposed copy of Q), so a turn costs O(nnz) and no memory.
//!
//! [`Distribution::from_states`] goes the other way, for when the distributions from many
//! states are wanted (the odds mid-game, [`crate::solve::odds`]): S_n = Q S_(n-1), S_0 = 1, is
//! P(T > n) from every state at once, and P_(n+1) = Q P_n, P_1 = r, is P(T = n + 1), for the
//! cost of two forward iterations.

use serde::{Deserialize, Serialize};

use crate::chain::{pull, push, Counts, Frontier, Probabilities};

/// P(T = n) for n = 0, 1, ... and P(T > n), computed until the unfinished mass is below a
/// tolerance.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Distribution {
    /// `pmf[n]` = P(T = n); `pmf[0]` = 0.
    pub pmf: Vec<f64>,
    /// `survival[n]` = P(T > n), computed directly as the unfinished mass (not as 1 - cdf, so
    /// the tail keeps its relative precision).
    pub survival: Vec<f64>,
}

/// Seconds one turn-step of [`Distribution::compute`] takes on this chain, measured: the
/// whole step (the product with Q from every state, the two sums over the states: the chance
/// of finishing, the mass left), and the part that does not depend on which states hold a
/// chance (clearing the next vector and the two sums). After one step to warm the caches.
pub fn time_one_step(counts: &Counts, d: u32) -> (f64, f64) {
    let n = counts.rows();
    let p = Probabilities::new(d);
    let x = vec![1.0 / n.max(1) as f64; n];
    let mut y = vec![0.0; n];
    let sums = |y: &mut [f64]| {
        let finished: f64 = x.iter().zip(y.iter()).map(|(a, b)| a * b).sum();
        let left: f64 = y.iter().sum();
        std::hint::black_box((finished, left));
    };
    let step = |y: &mut [f64]| {
        push(counts, &p, &x, y);
        sums(y);
    };
    let clear_and_sum = |y: &mut [f64]| {
        y.iter_mut().for_each(|v| *v = 0.0);
        std::hint::black_box(&y);
        sums(y);
    };
    let time = |f: &dyn Fn(&mut [f64]), y: &mut [f64]| {
        f(y);
        repeat_for(PILOT, || f(y))
    };
    let full = time(&step, &mut y);
    let base = time(&clear_and_sum, &mut y);
    (full, base.min(full))
}

/// Seconds one backward step (f = r + Q f, every state's row read) takes on this chain,
/// measured after one step to warm the caches: the step of `forever`'s certificate.
pub fn time_one_pull(counts: &Counts, d: u32) -> f64 {
    let n = counts.rows();
    let p = Probabilities::new(d);
    let f = vec![0.5; n];
    let mut out = vec![0.0; n];
    pull(counts, &p, Some(&f), &f, &mut out);
    let seconds = repeat_for(PILOT, || pull(counts, &p, Some(&f), &f, &mut out));
    std::hint::black_box(&out);
    seconds
}

/// How long a step is timed for: long enough that a busy machine's time slices average out.
const PILOT: std::time::Duration = std::time::Duration::from_millis(30);

/// Runs `step` at least three times and until `at_least` has passed; the seconds per run.
fn repeat_for(at_least: std::time::Duration, mut step: impl FnMut()) -> f64 {
    let started = crate::budget::clock::Instant::now();
    let mut reps = 0u32;
    while reps < 3 || started.elapsed() < at_least {
        step();
        reps += 1;
    }
    started.elapsed().as_secs_f64() / f64::from(reps)
}

impl Distribution {
    /// Iterates until P(T > n) < `tolerance` and either n >= `min_turns` or P(T > n) is below
    /// the smallest normal `f64` (2.2e-308), or until n = `max_turns`; Q is `counts` over `d`,
    /// r the chance of finishing from each state.
    ///
    /// Each turn reads only the states holding a chance above a floor ([`Frontier`]); at most
    /// `allowance` is dropped in all (0: only chances below the normal `f64` range, which
    /// would be computed as subnormal numbers at a hundred times the cost a step). What was
    /// dropped by turn n is counted in P(T > n), which is then an upper bound within the
    /// dropped mass of the exact chance (and P(T = n) a lower bound within it), so that the
    /// chances still add up to 1 and the mass left out, P(T > last turn), carries it.
    pub fn compute(
        (counts, d): (&Counts, u32),
        r: &[f64],
        start: usize,
        tolerance: f64,
        min_turns: usize,
        max_turns: usize,
        allowance: f64,
    ) -> Distribution {
        let p = Probabilities::new(d);
        let mut frontier = Frontier::new(counts.rows(), start, allowance);
        let mut pmf = vec![0.0];
        let mut survival = vec![1.0];
        let mut turn = 0;
        while turn < max_turns
            && (survival[turn] >= tolerance
                || (turn < min_turns && frontier.mass() >= f64::MIN_POSITIVE))
        {
            turn += 1;
            pmf.push(frontier.step(counts, &p, r));
            survival.push(frontier.mass() + frontier.dropped());
        }
        Distribution { pmf, survival }
    }

    /// The distributions of T from each of `states` (chain indices), computed together
    /// backward: with S_n the vector of P(T > n) from every state and P_n that of P(T = n),
    /// S_0 = 1, P_1 = r and, for n >= 1, S_n = Q S_(n-1), P_(n+1) = Q P_n (a token that has not
    /// finished within n turns moved somewhere in its first turn and has not finished within
    /// n - 1 more). Two sparse products per turn serve every state, where the forward
    /// iteration ([`Distribution::compute`]) costs one per starting state; P is iterated
    /// rather than read off as S_(n-1) - S_n, so that an impossible length gets exactly 0.
    /// Each state's distribution stops, as `compute`'s would, at the first n with
    /// P(T > n) < `tolerance` (or at `max_turns`); the iteration stops when every one of
    /// `states` has.
    pub fn from_states(
        (counts, d): (&Counts, u32),
        r: &[f64],
        states: &[usize],
        tolerance: f64,
        max_turns: usize,
    ) -> Vec<Distribution> {
        let n = counts.rows();
        let p = Probabilities::new(d);
        let (mut s, mut pmf) = (vec![1.0; n], r.to_vec());
        let mut next = vec![0.0; n];
        let mut out: Vec<Distribution> = states
            .iter()
            .map(|_| Distribution {
                pmf: vec![0.0],
                survival: vec![1.0],
            })
            .collect();
        let going =
            |d: &Distribution| d.last_turn() < max_turns && d.survival[d.last_turn()] >= tolerance;
        while out.iter().any(going) {
            pull(counts, &p, None, &s, &mut next);
            std::mem::swap(&mut s, &mut next);
            for (d, &state) in out.iter_mut().zip(states) {
                if going(d) {
                    d.pmf.push(pmf[state]);
                    d.survival.push(s[state]);
                }
            }
            pull(counts, &p, None, &pmf, &mut next);
            std::mem::swap(&mut pmf, &mut next);
        }
        out
    }

    /// The last turn computed.
    pub fn last_turn(&self) -> usize {
        self.pmf.len() - 1
    }

    /// P(T > n); beyond the computed range, the last value (an upper bound).
    pub fn survival(&self, n: usize) -> f64 {
        self.survival[n.min(self.last_turn())]
    }

    /// P(T <= n).
    pub fn cdf(&self, n: usize) -> f64 {
        1.0 - self.survival(n)
    }

    /// The smallest n with P(T <= n) >= p, if it was reached within the computed range.
    pub fn quantile(&self, p: f64) -> Option<usize> {
        (0..=self.last_turn()).find(|&n| self.cdf(n) >= p)
    }

    /// The most likely length (the first, if several tie).
    pub fn mode(&self) -> usize {
        let mut best = 0;
        for (n, &p) in self.pmf.iter().enumerate() {
            if p > self.pmf[best] {
                best = n;
            }
        }
        best
    }

    /// Local maxima of the pmf other than the mode whose height is at least `fraction` of the
    /// mode's: the secondary peaks of a multi-modal distribution.
    pub fn secondary_peaks(&self, fraction: f64) -> Vec<usize> {
        let mode = self.mode();
        let floor = self.pmf[mode] * fraction;
        let p = &self.pmf;
        (1..p.len())
            .filter(|&n| n != mode)
            .filter(|&n| {
                p[n] >= floor && p[n] > p[n - 1] && p.get(n + 1).is_none_or(|&x| p[n] >= x)
            })
            .collect()
    }

    /// The geometric tail P(T > n) ~ C rho^n, estimated from the computed survival function:
    /// rho = (S(b) / S(a))^(1 / (b - a)) over the last quarter of the turns where
    /// S >= `floor`, and C = S(b) / rho^b. `None` when the tail is too short to measure.
    pub fn tail(&self, floor: f64) -> Option<(f64, f64)> {
        let b = self.survival.iter().rposition(|&s| s >= floor)?;
        let a = b - b / 4;
        if b < 8 || self.survival[a] <= 0.0 {
            return None;
        }
        let rho = (self.survival[b] / self.survival[a]).powf(1.0 / (b - a) as f64);
        let c = self.survival[b] / rho.powi(b as i32);
        (rho > 0.0 && rho < 1.0).then_some((rho, c))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backward_from_every_state_equals_forward_from_each() {
        // 0 -> 1 (count 2), 0 -> 0 (count 1), 1 -> 0 (count 1), 1 finishes with count 2, over
        // D = 3: a backward move and a self-loop, so no turn count is certain.
        let q = Counts::new((2, 2), vec![0, 2, 3], vec![0, 1, 0], vec![1, 2, 1]);
        let r = [0.0, 2.0 / 3.0];
        let both = Distribution::from_states((&q, 3), &r, &[1, 0], 1e-12, 10_000);
        for (state, back) in [1, 0].into_iter().zip(&both) {
            let forward = Distribution::compute((&q, 3), &r, state, 1e-12, 0, 10_000, 0.0);
            assert_eq!(back.last_turn(), forward.last_turn(), "from {state}");
            for n in 0..=back.last_turn() {
                approx::assert_abs_diff_eq!(back.pmf[n], forward.pmf[n], epsilon = 1e-15);
                approx::assert_relative_eq!(
                    back.survival[n],
                    forward.survival[n],
                    max_relative = 1e-12
                );
            }
        }
        // The turn limit cuts every state's distribution there.
        let cut = Distribution::from_states((&q, 3), &r, &[0], 1e-12, 5);
        assert_eq!(cut[0].last_turn(), 5);
    }

    #[test]
    fn a_distribution_asked_for_far_turns_stops_below_the_normal_range() {
        // One state that stays with probability 1/2 each turn: P(T > n) = 2^-n, the smallest
        // normal f64 is 2^-1022 and the smallest subnormal 2^-1074. Asked for 10^5 turns, the
        // iteration stops at n = 1023 (the first P(T > n) below 2^-1022), not at n = 1075
        // where the survival would reach 0 through subnormal (slow) values.
        let q = Counts::new((1, 1), vec![0, 1], vec![0], vec![1]);
        let d = Distribution::compute((&q, 2), &[0.5], 0, 1e-12, 100_000, 100_000, 0.0);
        assert_eq!(d.last_turn(), 1023);
        assert_eq!(d.survival[1022], f64::MIN_POSITIVE);
        assert!(d.survival[1023] < f64::MIN_POSITIVE);
        // Every chance computed is exact: P(T = n) = 2^-n.
        assert_eq!(d.pmf[1022], 2f64.powi(-1022));
    }

    #[test]
    fn a_geometric_chain_gives_the_geometric_distribution() {
        // One state that finishes with probability 1/4 each turn: P(T = n) = (3/4)^(n-1) / 4.
        let q = Counts::new((1, 1), vec![0, 1], vec![0], vec![3]);
        let d = Distribution::compute((&q, 4), &[0.25], 0, 1e-12, 0, 10_000, 0.0);
        for n in 1..50 {
            let expected = 0.75f64.powi(n as i32 - 1) * 0.25;
            approx::assert_relative_eq!(d.pmf[n], expected, max_relative = 1e-12);
        }
        assert_eq!(d.mode(), 1);
        assert!(d.secondary_peaks(0.0).is_empty());
        assert!(d.survival(d.last_turn()) < 1e-12);
        // Median of the geometric: smallest n with 1 - (3/4)^n >= 1/2 is n = 3.
        assert_eq!(d.quantile(0.5), Some(3));
    }
}
