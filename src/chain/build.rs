//! Building a [`Chain`]: breadth-first search from the start (each state hashed once per
//! transition, or numbered densely when the game can), then the states sorted by the game's
//! order and every row renumbered in place, then Q merged from the per-card table.

use rustc_hash::FxHashMap;

use super::{Chain, Counts, Matrix, FINISH};
use crate::budget::{rate, Budget, OverBudget, CHAIN_BYTES_DENSE, CHAIN_BYTES_HASHED};
use crate::games::race::{Next, Outcome, RaceGame, Turn};

/// What `card` does to a player in `s` whose turn is `turn`: the step function, or the fixed
/// outcome of a turn that draws no card. The chain build and [`Chain::events`] both go
/// through here.
pub(super) fn outcome<G: RaceGame>(
    game: &G,
    s: G::State,
    turn: Turn<G::State>,
    card: G::Card,
) -> Outcome<G::State> {
    match turn {
        Turn::Draw => game.step(s, card),
        Turn::Skip(o) => o,
    }
}

impl<S: Copy + Eq + Ord + std::hash::Hash, C: Copy> Chain<S, C> {
    /// [`Chain::build`], refused before it starts when the chain would need more memory than
    /// the machine has or more time than the budget (from [`RaceGame::states_bound`] times the
    /// kinds of card).
    pub fn build_within<G: RaceGame<State = S, Card = C>>(
        game: &G,
        budget: &Budget,
    ) -> Result<Chain<S, C>, OverBudget> {
        let transitions = game.states_bound() as f64 * game.deck().len() as f64;
        let what = format!(
            "building this board's chain (up to {} states x {} kinds of {} = {} transitions)",
            crate::input::number::count(game.states_bound() as u64),
            game.deck().len(),
            if game.has_deck() {
                "card"
            } else {
                "turn outcome"
            },
            crate::input::number::approx_count(transitions),
        );
        let fix = "use a smaller board, or fewer kinds of card or faces";
        let (seconds, bytes) = Self::build_cost(game);
        budget.memory_kept(&what, bytes, crate::budget::Kept::Kept, fix)?;
        budget.time(&what, seconds, fix)?;
        Ok(Chain::build(game))
    }

    /// The estimated seconds (on this machine now) and peak bytes of [`Chain::build`], from
    /// [`RaceGame::states_bound`] times the kinds of card; the board is read and validated
    /// again for each chain (what-if edits, rule sets), which counts too.
    pub fn build_cost<G: RaceGame<State = S, Card = C>>(game: &G) -> (f64, f64) {
        let transitions = game.states_bound() as f64 * game.deck().len() as f64;
        let (rate, bytes) = if game.dense_size() > 0 {
            (rate::CHAIN_DENSE, CHAIN_BYTES_DENSE)
        } else {
            (rate::CHAIN_HASHED, CHAIN_BYTES_HASHED)
        };
        let seconds = transitions / rate + game.states_bound() as f64 / rate::BOARD_STATES;
        (crate::budget::idle(seconds), transitions * bytes)
    }

    /// Enumerates the states reachable from the start and every transition between them.
    pub fn build<G: RaceGame<State = S, Card = C>>(game: &G) -> Chain<S, C> {
        let cards = game.deck();
        let k = cards.len();
        let total: u32 = cards.iter().map(|(_, n)| n).sum();

        // Breadth-first search; `raw` rows are in discovery order, targets as discovery
        // indices (each state is hashed once per transition, with a fast non-cryptographic
        // hash: the chain of a million-space board has tens of millions of transitions).
        let start = game.start();
        let mut index = StateIndex::new(game);
        index.insert(start, 0);
        let mut order = vec![start];
        let mut raw_next: Vec<u32> = Vec::new();
        let mut raw_draws: Vec<bool> = Vec::new();
        let mut head = 0;
        while head < order.len() {
            let s = order[head];
            head += 1;
            let turn = game.turn(s);
            raw_draws.push(turn == Turn::Draw);
            for (card, _) in &cards {
                let target = match outcome(game, s, turn, *card).next {
                    Next::Finished => FINISH,
                    Next::At(t) => match index.get(t) {
                        Some(i) => i,
                        None => {
                            let i = order.len() as u32;
                            index.insert(t, i);
                            order.push(t);
                            i
                        }
                    },
                };
                raw_next.push(target);
            }
        }
        drop(index);

        // Sort by the game's order; `rank[discovery index]` is the final index. The rows are
        // then renumbered and moved into place where they are (no second copy of the table).
        let n = order.len();
        let mut sorted: Vec<u32> = (0..n as u32).collect();
        sorted.sort_unstable_by_key(|&i| order[i as usize]);
        let mut rank = vec![0u32; n];
        for (r, &i) in sorted.iter().enumerate() {
            rank[i as usize] = r as u32;
        }
        drop(sorted);
        for t in raw_next.iter_mut().filter(|t| **t != FINISH) {
            *t = rank[*t as usize];
        }
        let mut table = raw_next;
        let mut draws = raw_draws;
        let mut states = order;
        let mut placed = vec![false; n];
        permute_rows(&mut table, k, &rank, &mut placed);
        permute_rows(&mut draws, 1, &rank, &mut placed);
        permute_rows(&mut states, 1, &rank, &mut placed);
        table.shrink_to_fit();
        let start = rank[0] as usize;
        drop((rank, placed));
        let mut chain = Chain {
            matrix: Matrix {
                start,
                states,
                total,
                draws,
                counts: Counts::zero((n, n)),
                finish: Vec::new(),
                has_deck: game.has_deck(),
                pilot: std::sync::OnceLock::new(),
            },
            cards,
            table,
        };
        // Q is the chain with nothing absorbed but the finish; r = D - (row sums of Q).
        let (counts, _) = chain.absorb(|_, _| false);
        chain.matrix.finish = counts
            .outer_iterator()
            .map(|row| total - row.iter().map(|(_, c)| c).sum::<u32>())
            .collect();
        chain.matrix.counts = counts;
        chain
    }
}

/// Moves row i (of `width` items) to row `rank[i]`, in place, one cycle of the permutation at a
/// time; `placed` is scratch space of one flag per row.
fn permute_rows<T: Copy>(data: &mut [T], width: usize, rank: &[u32], placed: &mut [bool]) {
    placed.iter_mut().for_each(|p| *p = false);
    let mut carried: Vec<T> = Vec::with_capacity(width);
    for first in 0..rank.len() {
        if placed[first] {
            continue;
        }
        // Carry row `first` to its place, take the row found there on to its own place, and
        // so on until the cycle closes at `first`.
        carried.clear();
        carried.extend_from_slice(&data[first * width..(first + 1) * width]);
        let mut at = first;
        loop {
            placed[at] = true;
            let to = rank[at] as usize;
            let dest = &mut data[to * width..(to + 1) * width];
            dest.swap_with_slice(&mut carried);
            if to == first {
                break;
            }
            at = to;
        }
    }
}

/// State -> discovery index: an array when the game numbers its states densely, else a hash map.
enum StateIndex<'g, G: RaceGame> {
    Dense(&'g G, Vec<u32>),
    Hashed(FxHashMap<G::State, u32>),
}

impl<'g, G: RaceGame> StateIndex<'g, G> {
    fn new(game: &'g G) -> Self {
        match game.dense_size() {
            0 => StateIndex::Hashed(FxHashMap::default()),
            n => StateIndex::Dense(game, vec![u32::MAX; n]),
        }
    }

    fn get(&self, s: G::State) -> Option<u32> {
        match self {
            StateIndex::Dense(g, v) => {
                let i = v[g.dense_index(s).expect("a dense game numbers every state")];
                (i != u32::MAX).then_some(i)
            }
            StateIndex::Hashed(m) => m.get(&s).copied(),
        }
    }

    fn insert(&mut self, s: G::State, i: u32) {
        match self {
            StateIndex::Dense(g, v) => {
                v[g.dense_index(s).expect("a dense game numbers every state")] = i
            }
            StateIndex::Hashed(m) => {
                m.insert(s, i);
            }
        }
    }
}
