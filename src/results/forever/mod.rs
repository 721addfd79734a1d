//! "Can the game run forever?", in its several senses, answered with evidence.
//!
//! 1. With random draws: a reachability certificate (every reachable state can reach the
//!    finish) proves P(never finishing) = 0, and gives a rigorous tail bound: if from every
//!    state the finish is reached within d turns with probability at least p, then
//!    P(T > n) <= (1 - p)^floor(n / d). The exact asymptotic tail is P(T > n) ~ C rho^n with
//!    rho the spectral radius of Q. A broken board gets the list of trapped states and the
//!    exact probability of never finishing instead.
//! 2. A longest game exists only if the graph of unfinished states has no cycle; otherwise the
//!    shortest loop is printed with the probability of each repetition.
//! 3. The shortest game, one card sequence achieving it, and its probability.
//! 4. A fixed deck order recycled without shuffling makes the game deterministic: it either
//!    ends or returns to a state it has been in at a deck boundary, and then loops forever.

use std::collections::VecDeque;

use num_bigint::BigInt;

use crate::budget::{Budget, OverBudget};
use num_rational::BigRational;
use num_traits::ToPrimitive;
use serde::{Deserialize, Serialize};

use crate::chain::{Chain, Probabilities, FINISH};
use crate::solve::{backward_targets, solve_state_exact, Distribution};

/// One step of a card sequence: the kinds of card that make it (indices into the chain's
/// cards; empty for a turn that draws no card) and its probability as count / D.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// Index of the state the step starts from.
    pub from: usize,
    /// The state after the step, or [`FINISH`].
    pub to: u32,
    /// Indices into [`Chain::cards`] of the kinds of card that make the step; empty for a turn that
    /// draws no card.
    pub cards: Vec<usize>,
    /// How many of the D cards make the step (D for a lost turn): its probability is count / D.
    pub count: u32,
}

/// The probability of a sequence of steps, exactly.
pub fn probability(steps: &[Step], d: u32) -> BigRational {
    steps
        .iter()
        .fold(BigRational::from_integer(1.into()), |p, s| {
            p * BigRational::new(BigInt::from(s.count), BigInt::from(d))
        })
}

/// The step from `s` to `t`: every card that makes it.
fn step<S, C>(chain: &Chain<S, C>, s: usize, t: u32) -> Step {
    if !chain.draws(s) {
        return Step {
            from: s,
            to: t,
            cards: Vec::new(),
            count: chain.denominator(),
        };
    }
    let cards: Vec<usize> = (0..chain.cards().len())
        .filter(|&c| chain.next(s, c) == t)
        .collect();
    let count = cards.iter().map(|&c| chain.cards()[c].1).sum();
    Step {
        from: s,
        to: t,
        cards,
        count,
    }
}

/// Distinct successors of a state (states and possibly [`FINISH`]).
fn successors<S, C>(chain: &Chain<S, C>, s: usize) -> Vec<u32> {
    let mut next: Vec<u32> = (0..chain.cards().len()).map(|c| chain.next(s, c)).collect();
    next.sort_unstable();
    next.dedup();
    next
}

/// The shortest path (fewest turns) from `from` to `to`, as steps; `None` if unreachable.
pub fn shortest_path<S, C>(chain: &Chain<S, C>, from: usize, to: u32) -> Option<Vec<Step>> {
    if to == from as u32 {
        return Some(Vec::new());
    }
    let n = chain.len();
    let mut came = vec![u32::MAX; n];
    let mut seen = vec![false; n];
    seen[from] = true;
    let mut queue = VecDeque::from([from]);
    while let Some(s) = queue.pop_front() {
        for t in successors(chain, s) {
            if t == to {
                let mut path = vec![step(chain, s, t)];
                let mut at = s;
                while at != from {
                    let p = came[at] as usize;
                    path.push(step(chain, p, at as u32));
                    at = p;
                }
                path.reverse();
                return Some(path);
            }
            if t != FINISH && !seen[t as usize] {
                seen[t as usize] = true;
                came[t as usize] = s as u32;
                queue.push_back(t as usize);
            }
        }
    }
    None
}

/// The shortest loop among reachable states: the fewest turns that return to a state, the
/// most likely such loop if several are equally short. With `moving`, turns that leave the
/// state unchanged are not allowed (so that the loop goes somewhere).
///
/// A loop of two or more states has a least state (in the chain's track order), and a move
/// enters it from a later state: it is a target of a backward move. So only those few targets
/// are searched from, one breadth-first search each over the transition matrix's rows:
/// O(targets x transitions), not one search per transition.
pub fn shortest_loop<S, C>(chain: &Chain<S, C>, moving: bool) -> Option<Vec<Step>> {
    let d = chain.denominator();
    let mut best: Option<Vec<Step>> = None;
    let consider = |best: &mut Option<Vec<Step>>, l: Vec<Step>| {
        let better = match best {
            None => true,
            Some(b) => {
                l.len() < b.len() || (l.len() == b.len() && probability(&l, d) > probability(b, d))
            }
        };
        if better {
            *best = Some(l);
        }
    };
    if !moving {
        for s in 0..chain.len() {
            if successors(chain, s).contains(&(s as u32)) {
                consider(&mut best, vec![step(chain, s, s as u32)]);
            }
        }
        if best.is_some() {
            return best;
        }
    }
    for target in backward_targets(chain.counts()) {
        if let Some(l) = shortest_return(chain, target) {
            consider(&mut best, l);
        }
    }
    best
}

/// The shortest way from `from` back to itself without standing still, the most likely of the
/// equally short ones: a breadth-first search that keeps, for each state, the most likely
/// shortest path to it (a state's layer is complete before it is expanded).
fn shortest_return<S, C>(chain: &Chain<S, C>, from: usize) -> Option<Vec<Step>> {
    let counts = chain.counts();
    let (n, d) = (chain.len(), f64::from(chain.denominator()));
    let mut layer = vec![u32::MAX; n];
    let mut likelihood = vec![0.0f64; n];
    let mut came = vec![u32::MAX; n];
    layer[from] = 0;
    likelihood[from] = 1.0;
    let mut queue = VecDeque::from([from]);
    // The last state of the best way back, and its chance.
    let mut back: Option<(usize, f64)> = None;
    while let Some(s) = queue.pop_front() {
        if back.is_some_and(|(b, _)| layer[s] > layer[b]) {
            break;
        }
        let row = counts.outer_view(s).expect("row in range");
        for (t, &c) in row.iter().filter(|&(t, _)| t != s) {
            let p = likelihood[s] * f64::from(c) / d;
            if t == from {
                if back.is_none_or(|(_, q)| p > q) {
                    back = Some((s, p));
                }
            } else if layer[t] == u32::MAX {
                (layer[t], likelihood[t], came[t]) = (layer[s] + 1, p, s as u32);
                queue.push_back(t);
            } else if layer[t] == layer[s] + 1 && p > likelihood[t] {
                (likelihood[t], came[t]) = (p, s as u32);
            }
        }
    }
    let (last, _) = back?;
    let mut path = vec![step(chain, last, from as u32)];
    let mut at = last;
    while at != from {
        let p = came[at] as usize;
        path.push(step(chain, p, at as u32));
        at = p;
    }
    path.reverse();
    Some(path)
}

/// The longest possible game, if the graph of unfinished states has no cycle.
pub fn longest_game<S, C>(chain: &Chain<S, C>) -> Option<usize> {
    let n = chain.len();
    // Kahn's algorithm on the reverse order: a cycle leaves states unprocessed.
    let mut indegree = vec![0usize; n];
    let succ: Vec<Vec<u32>> = (0..n).map(|s| successors(chain, s)).collect();
    for list in &succ {
        for &t in list.iter().filter(|&&t| t != FINISH) {
            indegree[t as usize] += 1;
        }
    }
    let mut order = Vec::with_capacity(n);
    let mut queue: VecDeque<usize> = (0..n).filter(|&s| indegree[s] == 0).collect();
    while let Some(s) = queue.pop_front() {
        order.push(s);
        for &t in succ[s].iter().filter(|&&t| t != FINISH) {
            indegree[t as usize] -= 1;
            if indegree[t as usize] == 0 {
                queue.push_back(t as usize);
            }
        }
    }
    if order.len() < n {
        return None;
    }
    // Longest number of turns to the finish, in reverse topological order.
    let mut longest = vec![0usize; n];
    for &s in order.iter().rev() {
        longest[s] = succ[s]
            .iter()
            .map(|&t| {
                if t == FINISH {
                    1
                } else {
                    1 + longest[t as usize]
                }
            })
            .max()
            .unwrap_or(0);
    }
    Some(longest[chain.start()])
}

/// The certificate that every game ends, with its tail bounds.
///
/// Each window (d, p) says: from every state the finish is reached within d turns with
/// probability at least p. Then P(T > n) <= (1 - p)^floor(n / d) for every n (split the game
/// into blocks of d turns; each block fails to finish with probability at most 1 - p, whatever
/// happened before). Several windows are kept because a short window bounds small n best and
/// a long one has the best rate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Certificate {
    /// (d, p) pairs, d = d0, 2 d0, 4 d0, ... with d0 the largest distance to the finish.
    pub windows: Vec<(usize, f64)>,
}

impl Certificate {
    /// The best of the windows' bounds on P(T > n).
    pub fn bound(&self, n: usize) -> f64 {
        self.windows
            .iter()
            .map(|&(d, p)| (1.0 - p).powi((n / d) as i32))
            .fold(1.0, f64::min)
    }

    /// The best asymptotic rate per turn, min over windows of (1 - p)^(1/d).
    pub fn rate(&self) -> f64 {
        self.windows
            .iter()
            .map(|&(d, p)| (1.0 - p).powf(1.0 / d as f64))
            .fold(1.0, f64::min)
    }
}

/// Computes the certificate by iterating f_j = r + Q f_(j-1), where f_j(s) = P(finish within
/// j turns from s), and taking p = min_s f_d(s) for each window. `None` if some state cannot
/// finish.
pub fn certificate<S, C>(chain: &Chain<S, C>) -> Option<Certificate> {
    let n = chain.len();
    let can = chain.can_finish();
    if can.iter().any(|ok| !ok) {
        return None;
    }
    let d0 = distances_to_finish(chain)
        .into_iter()
        .max()
        .unwrap_or(1)
        .max(1);
    let p = Probabilities::new(chain.denominator());
    let r = chain.r();
    let mut f = vec![0.0; n];
    let mut next = vec![0.0; n];
    let mut windows = Vec::new();
    let mut j = 0;
    let mut window = d0;
    for _ in 0..8 {
        while j < window {
            chain.step_back(&p, &r, &f, &mut next);
            std::mem::swap(&mut f, &mut next);
            j += 1;
        }
        // Round p down a little so that float rounding never makes a bound too strong.
        let p = f.iter().cloned().fold(1.0, f64::min) * (1.0 - 1e-9);
        if p > 0.0 {
            windows.push((window, p));
        }
        window *= 2;
    }
    Some(Certificate { windows })
}

/// For each state, the fewest turns to the finish (reverse breadth-first search).
pub fn distances_to_finish<S, C>(chain: &Chain<S, C>) -> Vec<usize> {
    let n = chain.len();
    let reverse = chain.counts().transpose_view().to_csr();
    let mut dist = vec![usize::MAX; n];
    let mut queue = VecDeque::new();
    for (s, &f) in chain.finish_counts().iter().enumerate() {
        if f > 0 {
            dist[s] = 1;
            queue.push_back(s);
        }
    }
    while let Some(t) = queue.pop_front() {
        if let Some(preds) = reverse.outer_view(t) {
            for (s, _) in preds.iter() {
                if dist[s] == usize::MAX {
                    dist[s] = dist[t] + 1;
                    queue.push_back(s);
                }
            }
        }
    }
    dist
}

/// The constant C of P(T > n) ~ C rho^n, from the far end of the computed survival function;
/// `None` when it is beyond the `f64` range.
pub fn tail_constant(d: &Distribution, rho: f64) -> Option<f64> {
    let n = d.survival.iter().rposition(|&s| s >= 1e-11)?;
    let c = d.survival[n] / rho.powi(n as i32);
    // On a long board rho (a loop on one space) only governs far past the computed turns,
    // and C overflows: then there is no C to print.
    (rho > 0.0 && rho < 1.0 && c.is_finite()).then_some(c)
}

/// P(the game never finishes) from the start, exactly, for a chain where some states cannot
/// reach the finish: those states are made absorbing, and P(finish) = N' r.
pub fn never_finish<S, C>(chain: &Chain<S, C>, budget: &Budget) -> Result<BigRational, OverBudget> {
    let can = chain.can_finish();
    let (counts, _) = chain.absorb(|s, c| {
        let t = chain.next(s, c);
        !can[s] || (t != FINISH && !can[t as usize])
    });
    // (I - Q') y = r / D, as (D I - C') y = r in integers.
    let h: Vec<u64> = (0..chain.len())
        .map(|s| {
            if can[s] {
                u64::from(chain.finish_counts()[s])
            } else {
                0
            }
        })
        .collect();
    let probe = budget.probe("the exact chance that a game never ends", "");
    let d = chain.denominator();
    match probe.run(|watch| solve_state_exact(&counts, d, &h, chain.start(), watch))? {
        Ok(y) => Ok(BigRational::from_integer(1.into()) - y),
        // Every state left can finish or absorbs, so no exact pivot is zero.
        Err(e) => {
            unreachable!("exact sweep of a chain whose every state can finish or absorbs: {e}")
        }
    }
}

/// Exact fraction as a float, for display.
pub fn to_f64(r: &BigRational) -> f64 {
    r.to_f64().unwrap_or(f64::NAN)
}

mod answer;
mod cost;
mod order;
mod question;
mod radius;
pub use answer::{
    ForeverReport, LoopReport, Question, ShortestPath, StepReport, Survey, SurveyRow,
};
pub use order::{format_order, parse_order, play_fixed_order, FixedOrder};
pub use question::{forever, forever_game, witness_file, DeckOrder, ForeverOptions};
pub use radius::{dense_radius, radius_by_returns, spectral_radius};

/// What `analyze` says about a game that can go on forever. This struct is its `--json` then.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Unfinishable {
    /// The board's short name.
    pub board: String,
    /// Number of reachable states, the finish excluded.
    pub states: usize,
    /// States that cannot reach the finish (at most 20), and how many there are.
    pub trapped: Vec<crate::solve::vocabulary::StateRef>,
    /// How many states cannot reach the finish (`trapped` lists at most 20 of them).
    pub trapped_count: usize,
    /// P(a game never ends).
    pub never_finish: crate::solve::vocabulary::Exact,
}

impl Unfinishable {
    /// The report, refused if the exact chance would take longer than `budget`.
    pub fn of<G: crate::games::Game>(
        game: &G,
        chain: &Chain<G::State, G::Card>,
        board: &str,
        budget: &Budget,
    ) -> Result<Unfinishable, OverBudget> {
        let can = chain.can_finish();
        let trapped: Vec<usize> = (0..chain.len()).filter(|&s| !can[s]).collect();
        let p = never_finish(chain, budget)?;
        Ok(Unfinishable {
            board: board.to_string(),
            states: chain.len(),
            trapped: trapped
                .iter()
                .take(20)
                .map(|&s| crate::solve::vocabulary::StateRef::of(game, s, chain.states()[s]))
                .collect(),
            trapped_count: trapped.len(),
            never_finish: crate::solve::vocabulary::Exact::from(&p),
        })
    }
}
