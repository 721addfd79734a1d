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
mod observe;
mod summary;

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use crate::chain::{Chain, FINISH};
pub use deck::{bounded, CardSource, DeckMode, Iid, Recycled, Shoe};
pub use observe::{Observer, Unobserved};
pub use summary::Simulation;

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

    /// The start state, encoded as an [`Observer`] sees states.
    pub fn start(&self) -> u32 {
        self.start
    }

    /// The chain's index of an encoded state (as an [`Observer`] sees it).
    pub fn state_index(&self, encoded: u32) -> usize {
        (encoded >> 1) as usize / self.stride.max(1) as usize
    }

    /// The kind (index into [`Chain::cards`]) of a physical card.
    pub fn kind(&self, card: u32) -> usize {
        self.kind_of[card as usize] as usize
    }

    /// A physical card of kind `kind` (the first of its copies).
    pub fn card_of_kind(&self, kind: usize) -> u32 {
        self.kind_of.partition_point(|&k| (k as usize) < kind) as u32
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

/// What to simulate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SimOptions {
    /// Number of games to play.
    pub games: u64,
    /// Seed of the run: a given seed gives identical results whatever the number of threads.
    pub seed: u64,
    /// How cards are drawn: i.i.d. or from a shuffled deck.
    pub deck: DeckMode,
    /// Number of players K (at least 1), taking turns in seat order from one shared card source.
    pub players: usize,
    /// A game still running after this many turns is stopped and counted as unfinished.
    pub max_turns: u32,
    /// Keep every game's length, in order.
    pub keep_lengths: bool,
}

/// The results of a run. Identical for a given seed whatever the number of threads.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SimResult {
    /// Games played, unfinished ones included.
    pub games: u64,
    /// `histogram[n]`: finished games that lasted n turns (all players' turns).
    pub histogram: Vec<u64>,
    /// Games won by each seat.
    pub wins: Vec<u64>,
    /// Games stopped at the turn limit.
    pub unfinished: u64,
    /// Cards drawn in all games.
    pub cards: u64,
    /// Every finished game's length, in order, if asked for.
    pub lengths: Vec<u32>,
}

impl SimResult {
    fn merge(mut self, other: SimResult) -> SimResult {
        if other.histogram.len() > self.histogram.len() {
            self.histogram.resize(other.histogram.len(), 0);
        }
        for (a, b) in self.histogram.iter_mut().zip(&other.histogram) {
            *a += b;
        }
        if other.wins.len() > self.wins.len() {
            self.wins.resize(other.wins.len(), 0);
        }
        for (a, b) in self.wins.iter_mut().zip(&other.wins) {
            *a += b;
        }
        self.games += other.games;
        self.unfinished += other.unfinished;
        self.cards += other.cards;
        self.lengths.extend(other.lengths);
        self
    }
}

/// The seed of chunk `chunk` of a run seeded with `seed` (SplitMix64's finaliser on a
/// combination of the two, so neighbouring chunks get unrelated streams).
pub fn chunk_seed(seed: u64, chunk: u64) -> u64 {
    let mut z = seed ^ chunk.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Simulates `options.games` games on all of rayon's threads. `progress` is told how many games
/// each finished chunk played.
pub fn simulate(
    sim: &Simulator,
    options: &SimOptions,
    progress: &(dyn Fn(u64) + Sync),
) -> SimResult {
    let chunks = options.games.div_ceil(CHUNK);
    (0..chunks)
        .into_par_iter()
        .map(|c| {
            let games = CHUNK.min(options.games - c * CHUNK);
            let r = run_chunk_games(sim, options, c, games);
            progress(games);
            r
        })
        .reduce(SimResult::default, SimResult::merge)
}

/// Plays `games` games of chunk `chunk` on the calling thread (what each parallel task does;
/// public for the benchmarks).
pub fn run_chunk_games(sim: &Simulator, options: &SimOptions, chunk: u64, games: u64) -> SimResult {
    let mut rng = chunk_rng(options.seed, chunk);
    match options.deck {
        DeckMode::Iid => run_games(sim, options, games, &mut rng, &mut Iid::new(sim.cards)),
        deck => run_games(sim, options, games, &mut rng, &mut deck.source(sim.cards)),
    }
}

/// The random stream of chunk `chunk` of a run seeded with `seed`.
pub fn chunk_rng(seed: u64, chunk: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(chunk_seed(seed, chunk))
}

fn run_games<R: Rng, D: CardSource>(
    sim: &Simulator,
    options: &SimOptions,
    games: u64,
    rng: &mut R,
    cards: &mut D,
) -> SimResult {
    let mut seats = vec![sim.start; options.players];
    let mut r = SimResult {
        games,
        wins: vec![0; options.players],
        ..SimResult::default()
    };
    if options.keep_lengths {
        r.lengths.reserve(games as usize);
    }
    for _ in 0..games {
        let played = sim.play(rng, cards, &mut seats, options.max_turns);
        r.cards += u64::from(played.cards);
        match played.winner {
            Some(w) => {
                r.wins[w] += 1;
                let t = played.turns as usize;
                if t >= r.histogram.len() {
                    r.histogram.resize(t + 1, 0);
                }
                r.histogram[t] += 1;
                if options.keep_lengths {
                    r.lengths.push(played.turns);
                }
            }
            None => r.unfinished += 1,
        }
    }
    r
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
