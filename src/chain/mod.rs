//! The absorbing Markov chain of a [`RaceGame`].
//!
//! States are enumerated by breadth-first search from the start, then sorted by the game's state
//! order (so that "forward" means "greater index" for the solvers). For every (state, card) the
//! step function is called exactly once; where it leads is kept as a table (which the simulator
//! replays) and merged into the transient matrix Q as integer counts over the deck size D, so
//! that every probability is exactly `count / D` and every row of [Q | r] sums to exactly D.
//! What happened on the way (a shortcut, a lost turn) is asked of the step function again by
//! the few commands that name it, rather than kept for tens of millions of transitions.

use std::collections::VecDeque;

use crate::games::race::{Events, RaceGame};

mod build;
mod frontier;
pub mod loops;
mod matvec;
pub mod position;
pub mod product;

pub use frontier::{Frontier, Pilot};
pub use loops::{LoopChain, LoopChainError};
pub use matvec::{pull, push, Probabilities};

/// Q as integer counts over D, in CSR form with 32-bit indices (half the memory of `usize`
/// ones on a board of millions of transitions).
pub type Counts = sprs::CsMatI<u32, u32>;

/// The target [`Chain::next`] gives for a move that finishes the game: no state has this index.
pub const FINISH: u32 = u32::MAX;

/// The chain of one game: its states and every transition, exactly. It derefs to its
/// [`Matrix`], which is all that the linear solves read.
#[derive(Debug, Clone)]
pub struct Chain<S, C> {
    matrix: Matrix<S>,
    cards: Vec<(C, u32)>,
    table: Vec<u32>,
}

/// The chain as a matrix: its states, Q as integer counts over D, the finish counts, and which
/// states draw. Without the per-card table of [`Chain`] (72 MB of a million-space board's chain
/// of 18 kinds of card), for the commands that only solve.
#[derive(Debug, Clone)]
pub struct Matrix<S> {
    states: Vec<S>,
    start: usize,
    total: u32,
    draws: Vec<bool>,
    counts: Counts,
    finish: Vec<u32>,
    has_deck: bool,
    /// The distribution's first turns, pushed and timed when its cost is first estimated.
    pilot: std::sync::OnceLock<Pilot>,
}

impl<S, C> std::ops::Deref for Chain<S, C> {
    type Target = Matrix<S>;
    fn deref(&self) -> &Matrix<S> {
        &self.matrix
    }
}

impl<S> Matrix<S> {
    /// Number of transient (unfinished) states.
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// Never true: the start state is always there.
    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    /// The states, in the game's order.
    pub fn states(&self) -> &[S] {
        &self.states
    }

    /// Index of the start state.
    pub fn start(&self) -> usize {
        self.start
    }

    /// D, the number of cards in a full deck: every probability is `count / D`.
    pub fn denominator(&self) -> u32 {
        self.total
    }

    /// Whether the draws are cards from a finite deck that can be shuffled (false for a die).
    pub fn has_deck(&self) -> bool {
        self.has_deck
    }

    /// Whether a turn from `state` draws a card (false for a lost turn).
    pub fn draws(&self, state: usize) -> bool {
        self.draws[state]
    }

    /// Q as integer counts over D: entry (i, j) is D * P(i -> j), in CSR form.
    pub fn counts(&self) -> &Counts {
        &self.counts
    }

    /// The distribution's first turns from the start, pushed and timed ([`Pilot`]) the first
    /// time this is asked for: up to `turns` turns or `seconds`, whichever comes first.
    pub fn pilot(&self, turns: usize, seconds: f64) -> &Pilot {
        self.pilot.get_or_init(|| {
            let p = Probabilities::new(self.total);
            Pilot::run((&self.counts, &p), self.start, turns, seconds)
        })
    }

    /// D * P(finish in one turn) for each state.
    pub fn finish_counts(&self) -> &[u32] {
        &self.finish
    }

    /// The finishing probability r = 1 - Q 1 of each state.
    pub fn r(&self) -> Vec<f64> {
        let d = f64::from(self.total);
        self.finish.iter().map(|&c| f64::from(c) / d).collect()
    }

    /// Which states can reach the finish at all.
    ///
    /// States are swept from last to first: a state can finish if it finishes in one turn or
    /// moves to a state that can. Moves forward are settled by the time a state is swept; a
    /// move back reads last sweep's value, so the sweeps repeat until nothing changes (once
    /// more than the backward moves a way to the finish needs, usually two sweeps in all) and,
    /// past a few, a reverse breadth-first search takes over. No transposed copy of Q is made
    /// unless it does.
    pub fn can_finish(&self) -> Vec<bool> {
        const SWEEPS: usize = 8;
        let mut ok: Vec<bool> = self.finish.iter().map(|&c| c > 0).collect();
        for _ in 0..SWEEPS {
            let mut changed = false;
            for s in (0..self.len()).rev() {
                let row = self.counts.outer_view(s).expect("row in range");
                if !ok[s] && row.iter().any(|(t, _)| ok[t]) {
                    ok[s] = true;
                    changed = true;
                }
            }
            if !changed {
                return ok;
            }
        }
        self.can_finish_by_search(ok)
    }

    /// [`Chain::can_finish`] by reverse breadth-first search from the states known to finish.
    fn can_finish_by_search(&self, mut ok: Vec<bool>) -> Vec<bool> {
        let n = self.len();
        let reverse = self.counts.transpose_view().to_csr();
        let mut queue: VecDeque<usize> = (0..n).filter(|&i| ok[i]).collect();
        while let Some(t) = queue.pop_front() {
            if let Some(preds) = reverse.outer_view(t) {
                for (s, _) in preds.iter() {
                    if !ok[s] {
                        ok[s] = true;
                        queue.push_back(s);
                    }
                }
            }
        }
        ok
    }
}

impl<S, C> Chain<S, C> {
    /// The kinds of card with their counts.
    pub fn cards(&self) -> &[(C, u32)] {
        &self.cards
    }

    /// Where `card` (an index into [`Chain::cards`]) takes a player in `state`: a state index,
    /// or [`FINISH`]. For a state that draws no card every card gives the same answer.
    pub fn next(&self, state: usize, card: usize) -> u32 {
        self.table[state * self.cards.len() + card]
    }

    /// What happened on that transition, from `game`'s step function again: the chain keeps
    /// only where each card leads (the events of a million-space board's transitions would
    /// take another 36 MB, for the few commands that name them).
    pub fn events<G: RaceGame<State = S, Card = C>>(
        &self,
        game: &G,
        state: usize,
        card: usize,
    ) -> Events
    where
        S: Copy,
        C: Copy,
    {
        let s = self.states[state];
        build::outcome(game, s, game.turn(s), self.cards[card].0).events
    }

    /// Q with the transitions for which `hit(state, card)` holds taken out, as counts over D
    /// (CSR), and D * P(hit in one turn) for each state: the chain in which a hit absorbs.
    pub fn absorb(&self, hit: impl Fn(usize, usize) -> bool) -> (Counts, Vec<u32>) {
        let n = self.len();
        let k = self.cards.len();
        let mut indptr: Vec<u32> = Vec::with_capacity(n + 1);
        // At most one entry per transition: the unused part is never touched (so never
        // resident), and handed back at the end.
        let mut indices: Vec<u32> = Vec::with_capacity(self.table.len());
        let mut data: Vec<u32> = Vec::with_capacity(self.table.len());
        let mut hits = vec![0u32; n];
        let mut row: Vec<(u32, u32)> = Vec::with_capacity(k);
        indptr.push(0);
        for (s, hit_count) in hits.iter_mut().enumerate() {
            row.clear();
            for card in 0..k {
                let count = if self.draws[s] {
                    self.cards[card].1
                } else if card == 0 {
                    // A state that draws no card moves once, with probability 1.
                    self.total
                } else {
                    continue;
                };
                if hit(s, card) {
                    *hit_count += count;
                } else if self.next(s, card) != FINISH {
                    row.push((self.next(s, card), count));
                }
            }
            row.sort_unstable();
            let row_start = indices.len();
            for &(t, c) in &row {
                if indices.len() > row_start && indices[indices.len() - 1] == t {
                    *data.last_mut().expect("an entry was pushed") += c;
                } else {
                    indices.push(t);
                    data.push(c);
                }
            }
            indptr.push(u32::try_from(indices.len()).expect("fewer than 2^32 transitions"));
        }
        indices.shrink_to_fit();
        data.shrink_to_fit();
        (Counts::new((n, n), indptr, indices, data), hits)
    }

    /// The fewest turns from the start to the finish, with one card sequence (indices into
    /// [`Chain::cards`]; `None` for a turn that draws no card) that achieves it.
    pub fn shortest_game(&self) -> Option<Vec<Option<usize>>> {
        let n = self.len();
        let k = self.cards.len();
        // Breadth-first search over turns; `came[t] = (s, card)`.
        let mut came: Vec<Option<(usize, usize)>> = vec![None; n];
        let mut seen = vec![false; n];
        seen[self.start] = true;
        let mut queue = VecDeque::from([self.start]);
        while let Some(s) = queue.pop_front() {
            for card in 0..k {
                let t = self.next(s, card);
                if t == FINISH {
                    let mut path = vec![self.draws[s].then_some(card)];
                    let mut at = s;
                    while let Some((p, c)) = came[at] {
                        path.push(self.draws[p].then_some(c));
                        at = p;
                    }
                    path.reverse();
                    return Some(path);
                }
                let t = t as usize;
                if !seen[t] {
                    seen[t] = true;
                    came[t] = Some((s, card));
                    queue.push_back(t);
                }
            }
        }
        None
    }

    /// The matrix alone, the per-card table dropped.
    pub fn into_matrix(self) -> Matrix<S> {
        self.matrix
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::race::{Next, Outcome, RaceGame, Turn};

    /// A toy race on 0..3: a card moves 1 (count 2) or 2 (count 1); reaching 3 finishes.
    struct Toy;

    impl RaceGame for Toy {
        type State = u8;
        type Card = u8;

        fn start(&self) -> u8 {
            0
        }
        fn deck(&self) -> Vec<(u8, u32)> {
            vec![(1, 2), (2, 1)]
        }
        fn turn(&self, _: u8) -> Turn<u8> {
            Turn::Draw
        }
        fn step(&self, s: u8, card: u8) -> Outcome<u8> {
            let next = if s + card >= 3 {
                Next::Finished
            } else {
                Next::At(s + card)
            };
            Outcome {
                next,
                events: Events::NONE,
            }
        }
        fn describe(&self, s: u8) -> String {
            s.to_string()
        }
        fn card_name(&self, c: u8) -> String {
            c.to_string()
        }
        fn position(&self, s: u8) -> Option<usize> {
            Some(s.into())
        }
    }

    #[test]
    fn rows_are_exact_counts_over_the_deck_size() {
        let c = Chain::build(&Toy);
        // States 0, 1, 2. From 0: 1 (count 2) -> 1, 2 (count 1) -> 2. From 2 both finish.
        assert_eq!(c.states(), [0, 1, 2]);
        assert_eq!(c.denominator(), 3);
        for i in 0..c.len() {
            let row: u32 = c
                .counts()
                .outer_view(i)
                .unwrap()
                .iter()
                .map(|(_, v)| v)
                .sum();
            assert_eq!(row + c.finish_counts()[i], 3);
        }
        assert_eq!(c.start(), 0);
        assert_eq!(c.counts().get(0, 1), Some(&2));
        assert_eq!(c.counts().get(0, 2), Some(&1));
        assert_eq!(c.finish_counts(), [0, 1, 3]);
        assert!(c.has_deck());
    }
}
