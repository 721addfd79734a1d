//! The chain as a graph of states: the shortest game, the shortest loop (the fewest turns that
//! return to a state, with the probability of going round once) and the longest game, which
//! exists only when the unfinished states hold no loop. Each way is kept as [`Step`]s, the
//! cards that make each turn, so that it can be told card by card.

use std::collections::VecDeque;

use num_bigint::BigInt;
use num_rational::BigRational;

use crate::chain::{Chain, FINISH};
use crate::solve::backward_targets;

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

/// The probability of a sequence of steps, exactly, each step `count / d`; `None` when `d` is 0
/// or a step's count is above it (no chain has such a step).
pub fn probability(steps: &[Step], d: u32) -> Option<BigRational> {
    if d == 0 || steps.iter().any(|s| s.count > d) {
        return None;
    }
    Some(
        steps
            .iter()
            .fold(BigRational::from_integer(1.into()), |p, s| {
                p * BigRational::new(BigInt::from(s.count), BigInt::from(d))
            }),
    )
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
