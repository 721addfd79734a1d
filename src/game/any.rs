//! Any game a board file can describe, as one [`RaceGame`]: the commands build the chain, solve
//! and simulate through this without knowing which game it is.

use crate::game::chutes::{ChutesAndLadders, Spin, Square};
use crate::game::{CandyLand, Outcome, RaceGame, Token, Turn};
use crate::model::{Card, Game};

/// A game of any kind.
#[derive(Debug, Clone)]
pub enum AnyGame {
    /// The Candy Land step function.
    CandyLand(CandyLand),
    /// The Chutes and Ladders step function.
    ChutesAndLadders(ChutesAndLadders),
}

/// A state of any game (a chain only ever holds states of its own game).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AnyState {
    /// A Candy Land token.
    CandyLand(Token),
    /// A Chutes and Ladders token.
    ChutesAndLadders(Square),
}

/// An outcome of any game's draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AnyCard {
    /// A Candy Land card.
    CandyLand(Card),
    /// One Chutes and Ladders turn's rolls.
    ChutesAndLadders(Spin),
}

impl AnyGame {
    /// The step function for a validated board, of whichever kind it is.
    pub fn new(game: Game) -> AnyGame {
        match game {
            Game::CandyLand(b) => AnyGame::CandyLand(CandyLand::new(b)),
            Game::ChutesAndLadders(b) => AnyGame::ChutesAndLadders(ChutesAndLadders::new(b)),
        }
    }
}

fn wrap_outcome<S: Copy>(o: Outcome<S>, f: impl Fn(S) -> AnyState) -> Outcome<AnyState> {
    Outcome {
        next: match o.next {
            crate::game::Next::At(s) => crate::game::Next::At(f(s)),
            crate::game::Next::Finished => crate::game::Next::Finished,
        },
        events: o.events,
    }
}

fn wrap_turn<S: Copy>(t: Turn<S>, f: impl Fn(S) -> AnyState) -> Turn<AnyState> {
    match t {
        Turn::Draw => Turn::Draw,
        Turn::Skip(o) => Turn::Skip(wrap_outcome(o, f)),
    }
}

const MIXED: &str = "a state or card of another game";

impl RaceGame for AnyGame {
    type State = AnyState;
    type Card = AnyCard;

    fn start(&self) -> AnyState {
        match self {
            AnyGame::CandyLand(g) => AnyState::CandyLand(g.start()),
            AnyGame::ChutesAndLadders(g) => AnyState::ChutesAndLadders(g.start()),
        }
    }

    fn deck(&self) -> Vec<(AnyCard, u32)> {
        match self {
            AnyGame::CandyLand(g) => g
                .deck()
                .into_iter()
                .map(|(c, n)| (AnyCard::CandyLand(c), n))
                .collect(),
            AnyGame::ChutesAndLadders(g) => g
                .deck()
                .into_iter()
                .map(|(c, n)| (AnyCard::ChutesAndLadders(c), n))
                .collect(),
        }
    }

    fn has_deck(&self) -> bool {
        match self {
            AnyGame::CandyLand(g) => g.has_deck(),
            AnyGame::ChutesAndLadders(g) => g.has_deck(),
        }
    }

    fn turn(&self, state: AnyState) -> Turn<AnyState> {
        match (self, state) {
            (AnyGame::CandyLand(g), AnyState::CandyLand(s)) => {
                wrap_turn(g.turn(s), AnyState::CandyLand)
            }
            (AnyGame::ChutesAndLadders(g), AnyState::ChutesAndLadders(s)) => {
                wrap_turn(g.turn(s), AnyState::ChutesAndLadders)
            }
            _ => unreachable!("{MIXED}"),
        }
    }

    fn step(&self, state: AnyState, card: AnyCard) -> Outcome<AnyState> {
        match (self, state, card) {
            (AnyGame::CandyLand(g), AnyState::CandyLand(s), AnyCard::CandyLand(c)) => {
                wrap_outcome(g.step(s, c), AnyState::CandyLand)
            }
            (
                AnyGame::ChutesAndLadders(g),
                AnyState::ChutesAndLadders(s),
                AnyCard::ChutesAndLadders(c),
            ) => wrap_outcome(g.step(s, c), AnyState::ChutesAndLadders),
            _ => unreachable!("{MIXED}"),
        }
    }

    fn describe(&self, state: AnyState) -> String {
        match (self, state) {
            (AnyGame::CandyLand(g), AnyState::CandyLand(s)) => g.describe(s),
            (AnyGame::ChutesAndLadders(g), AnyState::ChutesAndLadders(s)) => g.describe(s),
            _ => unreachable!("{MIXED}"),
        }
    }

    fn card_name(&self, card: AnyCard) -> String {
        match (self, card) {
            (AnyGame::CandyLand(g), AnyCard::CandyLand(c)) => g.card_name(c),
            (AnyGame::ChutesAndLadders(g), AnyCard::ChutesAndLadders(c)) => g.card_name(c),
            _ => unreachable!("{MIXED}"),
        }
    }

    fn events(&self) -> Vec<(crate::game::Event, &'static str)> {
        match self {
            AnyGame::CandyLand(g) => g.events(),
            AnyGame::ChutesAndLadders(g) => g.events(),
        }
    }

    fn position(&self, state: AnyState) -> Option<usize> {
        match (self, state) {
            (AnyGame::CandyLand(g), AnyState::CandyLand(s)) => g.position(s),
            (AnyGame::ChutesAndLadders(g), AnyState::ChutesAndLadders(s)) => g.position(s),
            _ => unreachable!("{MIXED}"),
        }
    }

    fn passed_through(&self, state: AnyState, card: AnyCard) -> Vec<usize> {
        match (self, state, card) {
            (AnyGame::CandyLand(g), AnyState::CandyLand(s), AnyCard::CandyLand(c)) => {
                g.passed_through(s, c)
            }
            (
                AnyGame::ChutesAndLadders(g),
                AnyState::ChutesAndLadders(s),
                AnyCard::ChutesAndLadders(c),
            ) => g.passed_through(s, c),
            _ => unreachable!("{MIXED}"),
        }
    }

    fn dense_index(&self, state: AnyState) -> Option<usize> {
        match (self, state) {
            (AnyGame::CandyLand(g), AnyState::CandyLand(s)) => g.dense_index(s),
            (AnyGame::ChutesAndLadders(g), AnyState::ChutesAndLadders(s)) => g.dense_index(s),
            _ => unreachable!("{MIXED}"),
        }
    }

    fn dense_size(&self) -> usize {
        match self {
            AnyGame::CandyLand(g) => g.dense_size(),
            AnyGame::ChutesAndLadders(g) => g.dense_size(),
        }
    }

    fn states_bound(&self) -> usize {
        match self {
            AnyGame::CandyLand(g) => g.states_bound(),
            AnyGame::ChutesAndLadders(g) => g.states_bound(),
        }
    }
}
