//! The fewest expected turns from every state of a decision graph ([`super::graph`]), by value
//! iteration: V(s) = c(s) + min over the choices a of sum over outcomes t of p(t | s, a) V(t),
//! with c(s) = 1 for a state that starts a turn and 0 in the middle of one, V(home) = 0.
//!
//! Started from V = 0 and swept Gauss-Seidel (latest state first, so that most moves read
//! values already updated), every iterate is a lower bound of the optimum: the Bellman
//! operator is monotone and the optimum is its fixed point (Bertsekas and Tsitsiklis, "An
//! Analysis of Stochastic Shortest Path Problems", Mathematics of Operations Research, 1991).
//! A state past the cap counts 0 more turns, which keeps the bound a bound for the game
//! without a cap. The policy read from the values is then a real policy, whose exact expected
//! turns ([`crate::solve::chances`]) bound the optimum from above: the two bracket it.

use super::graph::{Graph, Target};

/// The values, and the policy read from them.
#[derive(Debug, Clone)]
pub struct Values {
    /// A lower bound of the fewest expected turns from each state.
    pub lower: Vec<f64>,
    /// Each state's chosen choice: an index into [`Graph::choices`] (`u32::MAX` for a state
    /// with none).
    pub policy: Vec<u32>,
    /// Sweeps made.
    pub passes: usize,
    /// The largest change of the last sweep.
    pub change: f64,
}

/// The expected turns after choice `c` from state `s`: c(s) + sum p V(t).
pub fn after<S, A>(g: &Graph<S, A>, v: &[f64], s: usize, c: usize) -> f64 {
    let mut q = if g.mid_turn[s] { 0.0 } else { 1.0 };
    for o in g.outcomes_of(c) {
        if let Target::State(t) = g.targets[o] {
            q += g.chances[o] * v[t as usize];
        }
    }
    q
}

/// Whether choice `c` may lead past the cap.
fn may_cut<S, A>(g: &Graph<S, A>, c: usize) -> bool {
    g.outcomes_of(c).any(|o| g.targets[o] == Target::Cut)
}

/// Value iteration on `g` until a sweep changes no value by more than `tolerance`, or
/// `most_passes` sweeps.
pub fn iterate<S, A>(g: &Graph<S, A>, tolerance: f64, most_passes: usize) -> Values {
    iterate_watched(g, tolerance, most_passes, &|_| true)
}

/// [`iterate`], asking `watch` before each sweep whether to go on (its number of sweeps is
/// not known before: it is told 0); the values so far when it says no.
pub fn iterate_watched<S, A>(
    g: &Graph<S, A>,
    tolerance: f64,
    most_passes: usize,
    watch: &dyn Fn(f64) -> bool,
) -> Values {
    let n = g.len();
    let mut v = vec![0.0; n];
    let mut passes = 0;
    let mut change = f64::INFINITY;
    while passes < most_passes && change > tolerance && watch(0.0) {
        change = 0.0;
        for s in (0..n).rev() {
            let best = g
                .choices_of(s)
                .map(|c| after(g, &v, s, c))
                .fold(f64::INFINITY, f64::min);
            if best.is_finite() {
                change = f64::max(change, (best - v[s]).abs());
                v[s] = best;
            }
        }
        passes += 1;
    }
    let policy = (0..n).map(|s| greedy(g, &v, s)).collect();
    Values {
        lower: v,
        policy,
        passes,
        change,
    }
}

/// The choice of least expected turns at `s`, among those that never lead past the cap when
/// there are any (a state past the cap counts 0 turns in the bound, not in the game).
pub fn greedy<S, A>(g: &Graph<S, A>, v: &[f64], s: usize) -> u32 {
    let within = g.choices_of(s).any(|c| !may_cut(g, c));
    g.choices_of(s)
        .filter(|&c| !within || !may_cut(g, c))
        .map(|c| (c, after(g, v, s, c)))
        .fold(None, |best: Option<(usize, f64)>, (c, q)| match best {
            Some((_, b)) if b <= q => best,
            _ => Some((c, q)),
        })
        .map_or(u32::MAX, |(c, _)| c as u32)
}

/// The states the policy reaches from the start, in the graph's order.
pub fn reached<S, A>(g: &Graph<S, A>, policy: &[u32]) -> Vec<usize> {
    let mut seen = vec![false; g.len()];
    seen[g.start] = true;
    let mut stack = vec![g.start];
    while let Some(s) = stack.pop() {
        let c = policy[s];
        if c == u32::MAX {
            continue;
        }
        for o in g.outcomes_of(c as usize) {
            if let Target::State(t) = g.targets[o] {
                if !seen[t as usize] {
                    seen[t as usize] = true;
                    stack.push(t as usize);
                }
            }
        }
    }
    (0..g.len()).filter(|&s| seen[s]).collect()
}
