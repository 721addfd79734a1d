//! K players as one game: the product chain.
//!
//! The state is every token plus whose turn it is; a turn applies the inner game's step to the
//! token of the player on turn. With i.i.d. draws the K-player figures follow from the
//! one-player distribution ([`crate::solve::players`]); this brute-force chain checks those
//! formulas (and, started from given tokens with a given seat to move, the odds mid-game of
//! [`crate::solve::odds`]), and is the base for rules that couple the players.

use crate::games::race::{Next, Outcome, RaceGame, Turn};

/// Every token and whose turn it is. Ordered by the tokens first, so that moves go forward.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Seats<S, const K: usize> {
    /// Each player's state, by seat (0-based).
    pub tokens: [S; K],
    /// The seat (0-based, below K) of the player on turn.
    pub turn: u8,
}

/// K copies of a game taking turns in seat order; the game ends when the first player finishes.
/// Where the game's tokens meet ([`RaceGame::tokens_meet`]), each move also changes the other
/// tokens as [`RaceGame::met`] says.
#[derive(Debug, Clone, Copy)]
pub struct Product<'a, G: RaceGame, const K: usize> {
    game: &'a G,
    start: Seats<G::State, K>,
}

impl<'a, G: RaceGame, const K: usize> Product<'a, G, K> {
    /// K players of `game`, every token on the game's start, seat 0 to move first.
    ///
    /// # Panics
    ///
    /// If K is 0 or more than 255.
    pub fn new(game: &'a G) -> Self {
        Self::starting_at(game, [game.start(); K], 0)
    }

    /// K players of `game` from a point of a game: each seat's token in `tokens`, seat `turn`
    /// (0-based) to move.
    ///
    /// # Panics
    ///
    /// If K is 0 or more than 255, or `turn` is not below K.
    pub fn starting_at(game: &'a G, tokens: [G::State; K], turn: usize) -> Self {
        assert!(K >= 1 && K <= u8::MAX as usize, "1 to 255 players");
        assert!(turn < K, "the seat to move is one of the K seats");
        Product {
            game,
            start: Seats {
                tokens,
                turn: turn as u8,
            },
        }
    }

    fn after(&self, s: Seats<G::State, K>, o: Outcome<G::State>) -> Outcome<Seats<G::State, K>> {
        let next = match o.next {
            Next::Finished => Next::Finished,
            Next::At(t) => {
                let mut tokens = s.tokens;
                let seat = s.turn as usize;
                if self.game.tokens_meet() {
                    for (i, other) in tokens.iter_mut().enumerate() {
                        if i != seat {
                            *other = self.game.met(t, *other);
                        }
                    }
                }
                tokens[seat] = t;
                Next::At(Seats {
                    tokens,
                    turn: ((s.turn as usize + 1) % K) as u8,
                })
            }
        };
        Outcome {
            next,
            events: o.events,
        }
    }
}

impl<G: RaceGame, const K: usize> RaceGame for Product<'_, G, K> {
    type State = Seats<G::State, K>;
    type Card = G::Card;

    fn start(&self) -> Self::State {
        self.start
    }

    fn deck(&self) -> Vec<(G::Card, u32)> {
        self.game.deck()
    }

    fn turn(&self, s: Self::State) -> Turn<Self::State> {
        match self.game.turn(s.tokens[s.turn as usize]) {
            Turn::Draw => Turn::Draw,
            Turn::Skip(o) => Turn::Skip(self.after(s, o)),
        }
    }

    fn step(&self, s: Self::State, card: G::Card) -> Outcome<Self::State> {
        self.after(s, self.game.step(s.tokens[s.turn as usize], card))
    }

    fn describe(&self, s: Self::State) -> String {
        let tokens: Vec<String> = s.tokens.iter().map(|t| self.game.describe(*t)).collect();
        format!("seat {} to play; {}", s.turn + 1, tokens.join(" | "))
    }

    fn card_name(&self, card: G::Card) -> String {
        self.game.card_name(card)
    }

    fn events(&self) -> Vec<(crate::games::race::Event, &'static str)> {
        self.game.events()
    }

    /// The position of the player on turn.
    fn position(&self, s: Self::State) -> Option<usize> {
        self.game.position(s.tokens[s.turn as usize])
    }

    /// The inner game's bound to the power K, times the K seats that can be on turn.
    fn states_bound(&self) -> usize {
        let one = self.game.states_bound();
        if one == 0 {
            return 0;
        }
        (0..K).fold(K, |acc, _| acc.saturating_mul(one))
    }
}
