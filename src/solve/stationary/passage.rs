//! What a loop game's chain holds over a finite stretch from the start: the expected landings
//! on each square in the first N turns (what a simulator's games of N turns are checked
//! against), the distance to the stationary law after t rolls (Ash and Bishop, "Monopoly as a
//! Markov process", Mathematics Magazine, 1972, give it by turns from GO), and the first
//! passage to a square (its expected rolls and turns, by a sparse solve of (I - Q) x = b,
//! and the distribution of the turn of first landing, propagated).

use crate::chain::{Counts, LoopChain};
use crate::solve::sparse::SparseLu;
use crate::solve::SolveFailure;

/// What a state is to these questions: the square its roll is counted on and whether that
/// roll ended the turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Landing {
    /// The square the roll into the state is counted on.
    pub square: usize,
    /// Whether that roll ended the turn.
    pub ends_turn: bool,
}

/// Mass below this still rolling within a turn is dropped (a turn of doubles without end, where
/// three doubles do not send to jail), and added to the stated bound.
const WITHIN_TURN: f64 = 1e-15;

/// The expected landings on each square in the first `turns` turns from the start (state 0),
/// and the mass dropped on the way (a bound on the error of every figure).
pub fn expected_landings<S>(
    chain: &LoopChain<S>,
    landing: &[Landing],
    squares: usize,
    turns: u32,
) -> (Vec<f64>, f64) {
    let n = chain.len();
    let mut counts = vec![0.0; squares];
    let mut start = vec![0.0; n];
    start[0] = 1.0;
    let mut dropped = 0.0;
    for _ in 0..turns {
        let mut rolling = start;
        let mut ended = vec![0.0; n];
        loop {
            let next = super::step(&chain.counts, chain.d, &rolling);
            let mut still = vec![0.0; n];
            let mut left = 0.0;
            for (t, m) in next.into_iter().enumerate() {
                if m == 0.0 {
                    continue;
                }
                counts[landing[t].square] += m;
                if landing[t].ends_turn {
                    ended[t] += m;
                } else {
                    still[t] += m;
                    left += m;
                }
            }
            rolling = still;
            if left < WITHIN_TURN {
                dropped += left;
                break;
            }
        }
        start = ended;
    }
    (counts, dropped)
}

/// The total variation distance between the law of the square after t rolls from the start
/// and the stationary law of the square, for each t in `rolls` (increasing).
pub fn distances<S>(
    chain: &LoopChain<S>,
    landing: &[Landing],
    squares: usize,
    law: &[f64],
    rolls: &[u32],
) -> Vec<(u32, f64)> {
    let marginal = |p: &[f64]| {
        let mut m = vec![0.0; squares];
        for (s, x) in p.iter().enumerate() {
            m[landing[s].square] += x;
        }
        m
    };
    let target = marginal(law);
    let mut p = vec![0.0; chain.len()];
    p[0] = 1.0;
    let mut out = Vec::new();
    let mut done = 0;
    for &t in rolls {
        while done < t {
            p = super::step(&chain.counts, chain.d, &p);
            done += 1;
        }
        let m = marginal(&p);
        let tv = 0.5
            * m.iter()
                .zip(&target)
                .map(|(a, b)| (a - b).abs())
                .sum::<f64>();
        out.push((t, tv));
    }
    out
}

/// The first landing on a square.
#[derive(Debug, Clone, PartialEq)]
pub struct FirstLanding {
    /// Expected rolls until the first landing.
    pub rolls: f64,
    /// Expected turns until the turn of the first landing (that turn counted).
    pub turns: f64,
    /// P(first landing in turn k), k = 1, 2, ...
    pub by_turn: Vec<f64>,
    /// The chance not yet landed after the last turn of `by_turn`.
    pub left: f64,
}

/// The first landing from state `from` on a state `target` says is one, or `None` if no
/// state reachable is one. The expectations come from sparse solves over the other states;
/// the distribution by turns is propagated until less than `tolerance` is left or
/// `max_turns` turns (then `left` says how much was not placed).
pub fn first_landing<S>(
    chain: &LoopChain<S>,
    landing: &[Landing],
    from: usize,
    target: &dyn Fn(usize) -> bool,
    tolerance: f64,
    max_turns: usize,
) -> Result<Option<FirstLanding>, SolveFailure> {
    let n = chain.len();
    if !(0..n).any(target) {
        return Ok(None);
    }
    let d = f64::from(chain.d);
    // Q over the states that are not targets, indexed in order.
    let mut at = vec![u32::MAX; n];
    let mut others = Vec::new();
    for s in (0..n).filter(|s| !target(*s)) {
        at[s] = others.len() as u32;
        others.push(s);
    }
    let mut tri = sprs::TriMatI::<u32, u32>::new((others.len(), others.len()));
    let mut ends = vec![0.0; others.len()];
    for (i, &s) in others.iter().enumerate() {
        if let Some(row) = chain.counts.outer_view(s) {
            for (t, &c) in row.iter() {
                if at[t] != u32::MAX {
                    tri.add_triplet(i, at[t] as usize, c);
                    if landing[t].ends_turn {
                        ends[i] += f64::from(c) / d;
                    }
                }
            }
        }
    }
    let q: Counts = tri.to_csr();
    let (rolls_x, turns_x) = if others.is_empty() {
        (Vec::new(), Vec::new())
    } else {
        let lu = SparseLu::factor(&q, chain.d)?;
        (lu.solve(&vec![1.0; others.len()])?, lu.solve(&ends)?)
    };
    // From `from` itself (a target or not: it has not landed yet), one roll and then the rest.
    let mut rolls = 1.0;
    let mut turns = 1.0;
    if let Some(row) = chain.counts.outer_view(from) {
        for (t, &c) in row.iter() {
            if at[t] != u32::MAX {
                let p = f64::from(c) / d;
                rolls += p * rolls_x[at[t] as usize];
                turns +=
                    p * (turns_x[at[t] as usize] + if landing[t].ends_turn { 1.0 } else { 0.0 });
            }
        }
    }
    let (by_turn, left) = by_turns(chain, landing, from, target, tolerance, max_turns);
    Ok(Some(FirstLanding {
        rolls,
        turns,
        by_turn,
        left,
    }))
}

/// P(first landing in turn k) by propagation.
fn by_turns<S>(
    chain: &LoopChain<S>,
    landing: &[Landing],
    from: usize,
    target: &dyn Fn(usize) -> bool,
    tolerance: f64,
    max_turns: usize,
) -> (Vec<f64>, f64) {
    let n = chain.len();
    let mut start = vec![0.0; n];
    start[from] = 1.0;
    let mut out = Vec::new();
    let mut left = 1.0;
    while left >= tolerance && out.len() < max_turns {
        let mut rolling = start;
        let mut ended = vec![0.0; n];
        let mut hit = 0.0;
        loop {
            let next = super::step(&chain.counts, chain.d, &rolling);
            let mut still = vec![0.0; n];
            let mut moving = 0.0;
            for (t, m) in next.into_iter().enumerate() {
                if m == 0.0 {
                    continue;
                }
                if target(t) {
                    hit += m;
                } else if landing[t].ends_turn {
                    ended[t] += m;
                } else {
                    still[t] += m;
                    moving += m;
                }
            }
            rolling = still;
            if moving < WITHIN_TURN {
                break;
            }
        }
        out.push(hit);
        left = ended.iter().sum();
        start = ended;
    }
    (out, left)
}
