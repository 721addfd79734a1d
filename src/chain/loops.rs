//! The chain of a board that loops ([`LoopGame`]): every state reachable from the start by
//! breadth-first search, and one roll's transitions as integer counts over a common
//! denominator D (the least common multiple of every outcome's), so that every probability is
//! exactly `count / D` and every row sums to exactly D. It has no finish: the chain is
//! recurrent, and its questions are the stationary law and first passages
//! ([`crate::solve::stationary`]).

use std::collections::HashMap;

use num_integer::Integer;

use super::Counts;
use crate::budget::{OverBudget, Probe};
use crate::games::loop_game::LoopGame;

/// Why a loop game's chain could not be built.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LoopChainError {
    /// One roll's chances need a denominator past 32 bits.
    #[error("one roll has outcomes whose chances need a common denominator of {0}, past the exact chain's 4294967295; use fewer dice, faces or cards")]
    Denominator(u64),
    /// Over the budget.
    #[error(transparent)]
    OverBudget(#[from] OverBudget),
}

/// A loop game's chain: its states (the start first) and one roll's transitions.
#[derive(Debug, Clone)]
pub struct LoopChain<S> {
    /// The states, the start at index 0.
    pub states: Vec<S>,
    /// One roll's transitions as counts over `d`, CSR.
    pub counts: Counts,
    /// The common denominator.
    pub d: u32,
}

impl<S: Copy + Eq + std::hash::Hash> LoopChain<S> {
    /// Builds the chain of `game`, watched by `probe` (states found over an estimate of
    /// `expected` states in all).
    pub fn build<G: LoopGame<State = S>>(
        game: &G,
        expected: usize,
        probe: &Probe,
    ) -> Result<LoopChain<S>, LoopChainError> {
        let mut index: HashMap<S, u32> = HashMap::new();
        let mut states = vec![game.start()];
        index.insert(game.start(), 0);
        let mut rows: Vec<Vec<(u32, u64, u64)>> = Vec::new();
        let mut d: u64 = 1;
        let mut at = 0;
        while at < states.len() {
            if at % 4096 == 0 {
                probe.check(at as f64, expected.max(states.len()) as f64)?;
            }
            let mut row: Vec<(u32, u64, u64)> = Vec::new();
            for o in game.outcomes(&states[at]) {
                let t = *index.entry(o.state).or_insert_with(|| {
                    states.push(o.state);
                    (states.len() - 1) as u32
                });
                let g = o.ways.gcd(&o.of);
                let (ways, of) = (o.ways / g, o.of / g);
                d = d.lcm(&of);
                if d > u64::from(u32::MAX) {
                    return Err(LoopChainError::Denominator(d));
                }
                row.push((t, ways, of));
            }
            rows.push(row);
            at += 1;
        }
        probe.finish();
        let n = states.len();
        let mut tri = sprs::TriMatI::<u32, u32>::new((n, n));
        for (s, row) in rows.iter().enumerate() {
            let mut merged: Vec<(u32, u64)> = Vec::new();
            for &(t, ways, of) in row {
                let c = ways * (d / of);
                match merged.iter_mut().find(|(u, _)| *u == t) {
                    Some((_, m)) => *m += c,
                    None => merged.push((t, c)),
                }
            }
            for (t, c) in merged {
                tri.add_triplet(s, t as usize, c as u32);
            }
        }
        Ok(LoopChain {
            states,
            counts: tri.to_csr(),
            d: d as u32,
        })
    }
}

impl<S> LoopChain<S> {
    /// The states.
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// Whether there are no states (never: the start is one).
    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    /// Whether every row sums to exactly D (the chain is stochastic, in integers).
    pub fn rows_sum_to_d(&self) -> bool {
        self.counts
            .outer_iterator()
            .all(|row| row.iter().map(|(_, c)| u64::from(*c)).sum::<u64>() == u64::from(self.d))
    }
}
