//! Monte Carlo simulation of a chain, with i.i.d. draws or a real shuffled deck.
//!
//! The simulator plays the table that [`Chain::build`] filled by calling the game's step
//! function, so there is no second copy of the rules: a game is a walk through that table.
//! - `iid`: every card is drawn from a full deck (the Markov model the exact solver assumes);
//! - `shuffled`: each game starts with a freshly shuffled deck, cards are drawn without
//!   replacement, and an empty deck is reshuffled whole. A lost turn draws no card.
//!
//! Runs are parallel (rayon) and deterministic: games are cut into fixed-size chunks and chunk
//! `c` draws from its own generator seeded from (seed, c), so the thread count never changes
//! a result.

mod deck;
mod fixed_order;
pub mod loops;
mod observe;
pub mod policies;
mod run;
mod summary;
mod table;
pub mod transcript;

use rand::Rng;

use crate::chain::{Chain, FINISH};
pub use deck::{bounded, CardSource, DeckMode, Iid, Recycled, Shoe};
pub use fixed_order::{play_fixed_order, survey_orders, BadOrder, FixedOrder, WitnessOrder};
pub use observe::{Observer, Unobserved};
pub use run::{chunk_rng, chunk_seed, run_chunk_games, simulate, Pilot, SimOptions, SimResult};
pub use summary::Simulation;
pub use table::TableSimulator;

/// Games per chunk: the unit of parallel work and of seeding.
pub const CHUNK: u64 = 8192;

/// Above this many (state, physical card) entries the table is indexed by card kind instead.
const MAX_PHYSICAL_TABLE: usize = 1 << 25;

/// The chain's transition table laid out for the hot loop.
///
/// A state is held as its row's offset in the table, shifted left once, with the low bit set
/// when a turn from it draws no card: following a transition is one load, a shift and an add,
/// with no multiplication on the loop-carried path. Tables whose encoded states fit in 16 bits
/// (every board of a few hundred spaces) are stored as `u16`, half the cache footprint.
#[derive(Debug, Clone)]
pub struct Simulator {
    /// The start state, encoded.
    start: u32,
    table: Table,
    /// The column of each physical card when the table is by kind; empty when by physical card.
    column: Vec<u32>,
    /// Number of physical cards in a full deck.
    cards: u32,
    /// Columns per row: physical cards, or kinds.
    stride: u32,
    /// The kind of each physical card.
    kind_of: Vec<u32>,
    /// Whether the draws are a deck that can be shuffled (false for a spinner).
    has_deck: bool,
}

/// `table[row + column]`: the encoded state after a card, or the FINISH marker of its width.
/// The column is the physical card (0..D) when the table is small enough, else its kind.
#[derive(Debug, Clone)]
enum Table {
    Narrow(Vec<u16>),
    Wide(Vec<u32>),
}

/// A table entry: an encoded state or the finish marker.
trait Entry: Copy + PartialEq {
    const FINISH: Self;
    fn state(self) -> u32;
}

impl Entry for u16 {
    const FINISH: u16 = u16::MAX;
    #[inline]
    fn state(self) -> u32 {
        u32::from(self)
    }
}

impl Entry for u32 {
    const FINISH: u32 = FINISH;
    #[inline]
    fn state(self) -> u32 {
        self
    }
}

/// The low bit of an encoded state: its turn draws no card.
const SKIPS: u32 = 1;

impl Simulator {
    /// Lays out `chain`'s transition table for the hot loop: one column per physical card (0..D)
    /// when n D is at most 2^25 entries, else one per kind of card.
    ///
    /// # Panics
    ///
    /// If the table would need 2^31 entries or more.
    pub fn new<S, C>(chain: &Chain<S, C>) -> Simulator {
        Self::layout(chain).build(chain)
    }

    /// [`Simulator::new`], refused if its table would not fit in memory.
    pub fn within<S, C>(
        chain: &Chain<S, C>,
        budget: &crate::budget::Budget,
    ) -> Result<Simulator, crate::budget::OverBudget> {
        let layout = Self::layout(chain);
        let what = format!("the simulator's table ({} entries)", layout.entries());
        budget.memory_kept(
            &what,
            layout.bytes(),
            crate::budget::Kept::Kept,
            "use a smaller board",
        )?;
        // Filling an entry costs about as much as a chain transition.
        budget.time(
            &what,
            crate::budget::idle(layout.entries() as f64 / crate::budget::rate::CHAIN_DENSE),
            "",
        )?;
        Ok(layout.build(chain))
    }

    /// Bytes of the table [`Simulator::new`] would lay out for `chain`.
    pub fn table_bytes<S, C>(chain: &Chain<S, C>) -> f64 {
        Self::layout(chain).bytes()
    }

    fn layout<S, C>(chain: &Chain<S, C>) -> Layout {
        let n = chain.len();
        let d: usize = chain.cards().iter().map(|(_, c)| *c as usize).sum();
        let physical = n.saturating_mul(d) <= MAX_PHYSICAL_TABLE;
        let stride = if physical { d } else { chain.cards().len() };
        Layout {
            n,
            stride,
            narrow: (n.saturating_mul(stride) << 1) < usize::from(u16::MAX),
        }
    }
}

/// The shape of a simulator's table: rows, columns, entry width.
#[derive(Debug, Clone, Copy)]
struct Layout {
    n: usize,
    stride: usize,
    narrow: bool,
}

impl Layout {
    fn entries(&self) -> usize {
        self.n.saturating_mul(self.stride)
    }

    fn bytes(&self) -> f64 {
        self.entries() as f64 * if self.narrow { 2.0 } else { 4.0 }
    }

    fn build<S, C>(&self, chain: &Chain<S, C>) -> Simulator {
        let n = chain.len();
        let kind_of: Vec<u32> = chain
            .cards()
            .iter()
            .enumerate()
            .flat_map(|(k, (_, count))| std::iter::repeat_n(k as u32, *count as usize))
            .collect();
        let d = kind_of.len();
        let physical = n.saturating_mul(d) <= MAX_PHYSICAL_TABLE;
        let (stride, column) = if physical {
            (d, Vec::new())
        } else {
            (chain.cards().len(), kind_of.clone())
        };
        assert!(
            n.saturating_mul(stride) < (FINISH >> 1) as usize,
            "the simulator's table is limited to 2^31 entries"
        );
        let encode = |t: u32| match t {
            FINISH => FINISH,
            t => ((t as usize * stride) as u32) << 1 | u32::from(!chain.draws(t as usize)),
        };
        let kind = |col: usize| if physical { kind_of[col] as usize } else { col };
        let entries = (0..n)
            .flat_map(|s| (0..stride).map(move |c| (s, c)))
            .map(|(s, c)| encode(chain.next(s, kind(c))));
        let narrow = ((n * stride) << 1) < usize::from(u16::MAX);
        let table = if narrow {
            Table::Narrow(
                entries
                    .map(|e| if e == FINISH { u16::MAX } else { e as u16 })
                    .collect(),
            )
        } else {
            Table::Wide(entries.collect())
        };
        Simulator {
            start: encode(chain.start() as u32),
            table,
            column,
            cards: d as u32,
            stride: stride as u32,
            kind_of,
            has_deck: chain.has_deck(),
        }
    }
}

impl Simulator {
    /// The start state, encoded as an [`Observer`] sees states.
    pub fn start(&self) -> u32 {
        self.start
    }

    /// [`Simulator::play`] for one player without an observer: the same turns, draws and
    /// result, with the state in a local (`BY_KIND`: the table is indexed by card kind).
    #[inline(always)]
    fn play_alone<T: Entry, R: Rng, D: CardSource, const BY_KIND: bool>(
        &self,
        table: &[T],
        rng: &mut R,
        cards: &mut D,
        seat: &mut u32,
        max_turns: u32,
    ) -> Played {
        cards.new_game();
        let mut state = self.start;
        let (mut turns, mut drawn) = (0u32, 0u32);
        loop {
            turns += 1;
            let row = (state >> 1) as usize;
            let next = if state & SKIPS == 0 {
                drawn += 1;
                let card = cards.draw(rng);
                let col = if BY_KIND {
                    self.column[card as usize]
                } else {
                    card
                };
                table[row + col as usize]
            } else {
                drawn += cards.lost_turn(rng);
                table[row]
            };
            if next == T::FINISH {
                *seat = state;
                return Played {
                    turns,
                    cards: drawn,
                    winner: Some(0),
                };
            }
            state = next.state();
            if turns >= max_turns {
                *seat = state;
                return Played {
                    turns,
                    cards: drawn,
                    winner: None,
                };
            }
        }
    }

    /// The 16-bit transition table when the board is small enough for one (every shipped
    /// board), indexed by physical card: `table[(state >> 1) + card]`, `u16::MAX` for the
    /// finish. For benchmarks that measure the simulator against a minimal loop over the same
    /// table.
    pub fn narrow_table(&self) -> Option<&[u16]> {
        match (&self.table, self.column.is_empty()) {
            (Table::Narrow(t), true) => Some(t),
            _ => None,
        }
    }

    /// Physical cards in a full deck (D).
    pub fn deck_size(&self) -> u32 {
        self.cards
    }

    /// The chain's index of an encoded state (as an [`Observer`] sees it).
    pub fn state_index(&self, encoded: u32) -> usize {
        (encoded >> 1) as usize / self.stride.max(1) as usize
    }

    /// The kind (index into [`Chain::cards`]) of a physical card.
    pub fn kind(&self, card: u32) -> usize {
        self.kind_of[card as usize] as usize
    }

    /// A physical card of kind `kind` (the first of its copies); `None` for a kind the game
    /// does not have.
    pub fn card_of_kind(&self, kind: usize) -> Option<u32> {
        (kind < self.kinds()).then(|| self.kind_of.partition_point(|&k| (k as usize) < kind) as u32)
    }

    /// The kinds of card (or die face) of the game.
    pub fn kinds(&self) -> usize {
        self.kind_of.last().map_or(0, |&k| k as usize + 1)
    }

    /// Whether the game deals cards from a deck ([`DeckMode::Shuffled`] needs one).
    pub fn has_deck(&self) -> bool {
        self.has_deck
    }

    /// Plays one game for `seats.len()` players (turns in seat order, one shared card source)
    /// until the first one finishes or `max_turns` turns have been played.
    #[inline]
    pub fn play<R: Rng, D: CardSource>(
        &self,
        rng: &mut R,
        cards: &mut D,
        seats: &mut [u32],
        max_turns: u32,
    ) -> Played {
        self.play_observed(rng, cards, seats, max_turns, &mut Unobserved)
    }

    /// [`Simulator::play`] with an observer told of every turn, which may also stop the game
    /// (it then counts as unfinished). This is the only turn loop: transcripts and the
    /// fixed-deck-order search are observers of it.
    #[inline]
    pub fn play_observed<R: Rng, D: CardSource, O: Observer>(
        &self,
        rng: &mut R,
        cards: &mut D,
        seats: &mut [u32],
        max_turns: u32,
        observer: &mut O,
    ) -> Played {
        match &self.table {
            Table::Narrow(t) => self.play_on(t, rng, cards, seats, max_turns, observer),
            Table::Wide(t) => self.play_on(t, rng, cards, seats, max_turns, observer),
        }
    }

    #[inline(always)]
    fn play_on<T: Entry, R: Rng, D: CardSource, O: Observer>(
        &self,
        table: &[T],
        rng: &mut R,
        cards: &mut D,
        seats: &mut [u32],
        max_turns: u32,
        observer: &mut O,
    ) -> Played {
        // One player and no observer: the state stays in a local, and whether the table is
        // by physical card or by kind is decided once, outside the loop.
        if !O::ACTIVE {
            if let [seat] = seats {
                return if self.column.is_empty() {
                    self.play_alone::<T, R, D, false>(table, rng, cards, seat, max_turns)
                } else {
                    self.play_alone::<T, R, D, true>(table, rng, cards, seat, max_turns)
                };
            }
        }
        seats.fill(self.start);
        cards.new_game();
        let mut turns = 0;
        let mut drawn = 0;
        loop {
            for (seat, slot) in seats.iter_mut().enumerate() {
                if O::ACTIVE && observer.before_turn(seat, turns, drawn).is_break() {
                    return Played {
                        turns,
                        cards: drawn,
                        winner: None,
                    };
                }
                let state = *slot;
                turns += 1;
                let row = (state >> 1) as usize;
                // A lost turn draws no card; every column of its row holds the same state.
                let mut card = None;
                let next = if state & SKIPS == 0 {
                    drawn += 1;
                    let c = cards.draw(rng);
                    if O::ACTIVE {
                        card = Some(c);
                    }
                    let col = if self.column.is_empty() {
                        c
                    } else {
                        self.column[c as usize]
                    };
                    table[row + col as usize]
                } else {
                    drawn += cards.lost_turn(rng);
                    table[row]
                };
                if O::ACTIVE {
                    let to = if next == T::FINISH {
                        FINISH
                    } else {
                        next.state()
                    };
                    observer.after_turn(seat, state, card, to);
                }
                if next == T::FINISH {
                    return Played {
                        turns,
                        cards: drawn,
                        winner: Some(seat),
                    };
                }
                *slot = next.state();
                if turns >= max_turns {
                    return Played {
                        turns,
                        cards: drawn,
                        winner: None,
                    };
                }
            }
        }
    }
}

/// One simulated game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    /// Turns played by all players together, lost turns included.
    pub turns: u32,
    /// Cards drawn.
    pub cards: u32,
    /// The seat that finished first; `None` if the game hit the turn limit.
    pub winner: Option<usize>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounded_rejects_the_biased_zone() {
        // bound 3: threshold = (2^32 - 3) mod 3 = 1, so a product whose low word is 0 is
        // rejected. bits 0 -> m = 0, rejected; bits 5 -> m = 15, high word 0.
        let mut words = [0u32, 5].into_iter();
        assert_eq!(bounded(3, || words.next().unwrap()), 0);
        assert_eq!(words.next(), None, "both words were used");
        // The largest word maps to the top value.
        assert_eq!(bounded(3, || u32::MAX), 2);
    }

    #[test]
    fn chunk_seeds_differ() {
        let seeds: std::collections::HashSet<u64> = (0..1000)
            .flat_map(|c| [chunk_seed(1, c), chunk_seed(2, c)])
            .collect();
        assert_eq!(seeds.len(), 2000);
    }
}
