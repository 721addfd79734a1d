//! Where cards come from: i.i.d. draws from a full deck ([`Iid`]), a real deck shuffled,
//! drawn without replacement and reshuffled whole when empty ([`Shoe`]), and a fixed order
//! recycled without shuffling ([`Recycled`]).

use rand::Rng;
use serde::{Deserialize, Serialize};

/// How cards are drawn: the deck models simulators really use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DeckMode {
    /// Each card independently from a full deck (the Markov model).
    Iid,
    /// A freshly shuffled deck each game, drawn without replacement, reshuffled when empty.
    Shuffled,
    /// One deck carried over from game to game, reshuffled only when it runs out (each chunk of
    /// [`CHUNK`](super::CHUNK) games starts with a fresh deck).
    Carried,
    /// A freshly shuffled deck each game, and a lost turn still burns (draws and discards) a
    /// card.
    Burn,
}

impl DeckMode {
    /// Every deck model, in the order tables list them.
    pub const ALL: [DeckMode; 4] = [
        DeckMode::Iid,
        DeckMode::Shuffled,
        DeckMode::Carried,
        DeckMode::Burn,
    ];

    /// The word `--deck` accepts and the JSON uses.
    pub fn name(self) -> &'static str {
        match self {
            DeckMode::Iid => "iid",
            DeckMode::Shuffled => "shuffled",
            DeckMode::Carried => "carried",
            DeckMode::Burn => "burn",
        }
    }

    /// In words: "i.i.d. draws", "a shuffled deck", ...
    pub fn phrase(self) -> &'static str {
        match self {
            DeckMode::Iid => "i.i.d. draws",
            DeckMode::Shuffled => "a shuffled deck",
            DeckMode::Carried => "one deck carried over from game to game",
            DeckMode::Burn => "a shuffled deck where a lost turn burns a card",
        }
    }

    /// Whether the model needs a finite deck (false only for i.i.d. draws).
    pub fn needs_deck(self) -> bool {
        self != DeckMode::Iid
    }

    /// A deck of this model for `cards` physical cards (for a finite-deck model; i.i.d. draws
    /// use [`Iid`]).
    pub fn source(self, cards: u32) -> Shoe {
        match self {
            DeckMode::Carried => Shoe::carried(cards),
            DeckMode::Burn => Shoe::burning(cards),
            DeckMode::Iid | DeckMode::Shuffled => Shoe::new(cards),
        }
    }
}

/// Where cards come from: each draw gives a physical card, 0..D.
pub trait CardSource {
    /// Called at the start of every game.
    fn new_game(&mut self);
    /// The next card.
    fn draw<R: Rng>(&mut self, rng: &mut R) -> u32;
    /// Called on a lost turn (which plays no card); returns the cards it used up. Default:
    /// none.
    #[inline]
    fn lost_turn<R: Rng>(&mut self, _rng: &mut R) -> u32 {
        0
    }
}

/// A uniform integer in 0..bound from 32 random bits, exactly (Lemire's multiply-and-reject:
/// a 32 x 32 -> 64-bit product, rejecting the few low words that would bias the result).
#[inline]
pub fn bounded(bound: u32, mut bits: impl FnMut() -> u32) -> u32 {
    let mut m = u64::from(bits()) * u64::from(bound);
    if (m as u32) < bound {
        let threshold = bound.wrapping_neg() % bound;
        while (m as u32) < threshold {
            m = u64::from(bits()) * u64::from(bound);
        }
    }
    (m >> 32) as u32
}

/// I.i.d. draws: a uniformly chosen card of a full deck, every time (Lemire's method on 64
/// random bits: one 64 x 64 -> 128-bit product, rejection only in the rare biased zone).
#[derive(Debug, Clone, Copy)]
pub struct Iid {
    cards: u64,
}

impl Iid {
    /// Draws from a full deck of `cards` physical cards (D, at least 1).
    pub fn new(cards: u32) -> Iid {
        Iid {
            cards: u64::from(cards),
        }
    }
}

impl CardSource for Iid {
    fn new_game(&mut self) {}

    #[inline]
    fn draw<R: Rng>(&mut self, rng: &mut R) -> u32 {
        let mut m = u128::from(rng.next_u64()) * u128::from(self.cards);
        if (m as u64) < self.cards {
            let threshold = self.cards.wrapping_neg() % self.cards;
            while (m as u64) < threshold {
                m = u128::from(rng.next_u64()) * u128::from(self.cards);
            }
        }
        (m >> 64) as u32
    }
}

/// A shuffled deck, shuffled lazily: each draw picks a uniformly random card among those not
/// yet drawn and swaps it to the end (one step of Fisher-Yates). The cards drawn in a pass are
/// exactly a uniformly shuffled deck's first cards, and a game that draws 40 of 66 cards pays
/// for 40 random numbers, not 66.
#[derive(Debug, Clone)]
pub struct Shoe {
    /// The physical cards 0..D, in the order the lazy shuffle has left them.
    cards: Vec<u32>,
    /// Cards not yet drawn in this pass: `cards[..remaining]`.
    remaining: usize,
    /// The deck is carried over from one game to the next (not reshuffled at a new game).
    carry: bool,
    /// A lost turn burns a card.
    burn: bool,
}

impl Shoe {
    /// A deck of `cards` physical cards, freshly shuffled for every game.
    pub fn new(cards: u32) -> Shoe {
        Shoe {
            cards: (0..cards).collect(),
            remaining: cards as usize,
            carry: false,
            burn: false,
        }
    }

    /// One deck carried over from game to game, reshuffled only when it runs out.
    pub fn carried(cards: u32) -> Shoe {
        Shoe {
            carry: true,
            ..Shoe::new(cards)
        }
    }

    /// A deck freshly shuffled for every game, where a lost turn burns a card.
    pub fn burning(cards: u32) -> Shoe {
        Shoe {
            burn: true,
            ..Shoe::new(cards)
        }
    }

    /// Cards left before the next reshuffle.
    pub fn remaining(&self) -> usize {
        self.remaining
    }
}

impl CardSource for Shoe {
    /// A new game starts with a full, freshly shuffled deck (unless the deck is carried over).
    fn new_game(&mut self) {
        if !self.carry {
            self.remaining = self.cards.len();
        }
    }

    #[inline]
    fn lost_turn<R: Rng>(&mut self, rng: &mut R) -> u32 {
        if self.burn {
            self.draw(rng);
            1
        } else {
            0
        }
    }

    #[inline]
    fn draw<R: Rng>(&mut self, rng: &mut R) -> u32 {
        if self.remaining == 0 {
            self.remaining = self.cards.len();
        }
        let j = bounded(self.remaining as u32, || rng.next_u32()) as usize;
        self.remaining -= 1;
        self.cards.swap(j, self.remaining);
        self.cards[self.remaining]
    }
}

/// A fixed deck order recycled without shuffling: the same cards in the same order, pass after
/// pass (a game that never shuffles).
#[derive(Debug, Clone)]
pub struct Recycled {
    /// The physical cards in deck order.
    order: Vec<u32>,
    /// The next card's position in `order`.
    next: usize,
}

impl Recycled {
    /// The deck `order` (physical cards; at least one).
    pub fn new(order: Vec<u32>) -> Recycled {
        assert!(!order.is_empty(), "a deck order holds at least one card");
        Recycled { order, next: 0 }
    }
}

impl CardSource for Recycled {
    /// A new game starts from the top of the order.
    fn new_game(&mut self) {
        self.next = 0;
    }

    #[inline]
    fn draw<R: Rng>(&mut self, _: &mut R) -> u32 {
        let card = self.order[self.next];
        self.next = (self.next + 1) % self.order.len();
        card
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    proptest! {
        /// Every pass deals each physical card exactly once, and the pass boundary reshuffles.
        #[test]
        fn each_pass_deals_every_card_exactly_once(
            size in 1u32..200,
            seed in any::<u64>(),
            passes in 1usize..4,
            stop_early in 0u32..200,
        ) {
            let mut shoe = Shoe::new(size);
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            // A game that stops part-way leaves the next game a full deck all the same.
            shoe.new_game();
            for _ in 0..stop_early.min(size) {
                shoe.draw(&mut rng);
            }
            shoe.new_game();
            let full: Vec<u32> = (0..size).collect();
            for _ in 0..passes {
                let mut pass: Vec<u32> = (0..size).map(|_| shoe.draw(&mut rng)).collect();
                prop_assert_eq!(shoe.remaining(), 0);
                pass.sort_unstable();
                prop_assert_eq!(&pass, &full);
            }
        }
    }

    #[test]
    fn a_carried_deck_continues_across_games_and_a_burning_one_burns() {
        // 10 cards: a game that draws 4, then a new game that draws 6, deal one whole pass
        // when the deck is carried over; a fresh deck each game would start over.
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let mut carried = Shoe::carried(10);
        carried.new_game();
        let mut pass: Vec<u32> = (0..4).map(|_| carried.draw(&mut rng)).collect();
        carried.new_game();
        assert_eq!(carried.remaining(), 6);
        pass.extend((0..6).map(|_| carried.draw(&mut rng)));
        pass.sort_unstable();
        assert_eq!(pass, (0..10).collect::<Vec<u32>>());
        let mut fresh = Shoe::new(10);
        fresh.draw(&mut rng);
        fresh.new_game();
        assert_eq!(fresh.remaining(), 10);
        // A lost turn burns one card from a burning deck, none from the others.
        let mut burning = Shoe::burning(10);
        assert_eq!(burning.lost_turn(&mut rng), 1);
        assert_eq!(burning.remaining(), 9);
        assert_eq!(fresh.lost_turn(&mut rng), 0);
        assert_eq!(fresh.remaining(), 10);
    }

    #[test]
    fn the_first_card_is_uniform_over_the_physical_deck() {
        // Six physical cards: P(first = c) = 1/6 each. Chi-square with 5 degrees of freedom on
        // 60,000 first draws; 25.7 is the p = 1e-4 critical value.
        let mut shoe = Shoe::new(6);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut seen = [0f64; 6];
        let n = 60_000;
        for _ in 0..n {
            shoe.new_game();
            seen[shoe.draw(&mut rng) as usize] += 1.0;
        }
        let expected = [n as f64 / 6.0; 6];
        let chi2: f64 = seen
            .iter()
            .zip(expected)
            .map(|(o, e)| (o - e) * (o - e) / e)
            .sum();
        assert!(chi2 < 25.7, "chi-square {chi2}");
    }
}
