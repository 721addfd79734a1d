//! The rules of a game as one step function.
//!
//! A *no-decision race game* (Candy Land, Chutes and Ladders, ...) is fully described by a start
//! state, a deck of outcomes with integer weights, and a step function from (state, outcome) to
//! the next state or the finish. [`RaceGame`] is that description; the chain builder
//! ([`crate::chain`]) and the simulator use nothing else, so the rules are written exactly once.

pub mod any;
pub mod candyland;
pub mod chutes;
pub mod product;

use std::fmt::Debug;
use std::hash::Hash;

pub use any::{AnyCard, AnyGame, AnyState};
pub use candyland::{CandyLand, Hold, Place, Token};
pub use chutes::{ChutesAndLadders, Spin, Square};

/// Something notable that happened during a turn, counted by the event figures and shown in
/// transcripts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// The move ended on a trap, a space that holds the token (Candy Land's licorice).
    Trap,
    /// The turn was lost: skipped, or stuck on licorice.
    TurnLost,
    /// A shortcut was followed.
    Shortcut,
    /// A landmark card moved the token forward.
    LandmarkForward,
    /// A landmark card moved the token backward.
    LandmarkBackward,
    /// A ladder was climbed.
    Ladder,
    /// A chute was slid down.
    Chute,
    /// A roll went past the last square (the token stayed or bounced back).
    Overshoot,
    /// A roll-again face gave another roll in the same turn.
    RollAgain,
}

impl Event {
    /// Every event, in bit order: the order of the event figures' columns.
    pub const ALL: [Event; 9] = [
        Event::Trap,
        Event::TurnLost,
        Event::Shortcut,
        Event::LandmarkForward,
        Event::LandmarkBackward,
        Event::Ladder,
        Event::Chute,
        Event::Overshoot,
        Event::RollAgain,
    ];

    /// The kebab-case word for the event in transcripts and transition tables (`licorice` for
    /// [`Event::Trap`]).
    pub fn name(self) -> &'static str {
        match self {
            Event::Trap => "licorice",
            Event::TurnLost => "turn-lost",
            Event::Shortcut => "shortcut",
            Event::LandmarkForward => "landmark-forward",
            Event::LandmarkBackward => "landmark-backward",
            Event::Ladder => "ladder",
            Event::Chute => "chute",
            Event::Overshoot => "overshoot",
            Event::RollAgain => "roll-again",
        }
    }
}

/// A set of [`Event`]s, one bit each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Events(u16);

impl Events {
    /// The empty set.
    pub const NONE: Events = Events(0);

    /// This set with `e` added.
    pub fn with(self, e: Event) -> Events {
        Events(self.0 | 1 << e as u8)
    }

    /// Whether `e` is in the set.
    pub fn contains(self, e: Event) -> bool {
        self.0 & (1 << e as u8) != 0
    }

    /// The events in the set, in [`Event::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Event> {
        Event::ALL.into_iter().filter(move |e| self.contains(*e))
    }
}

/// Where a turn leaves the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Next<S> {
    /// The player is in this state after the turn and plays on.
    At(S),
    /// The move finished the game: the chain's absorbing state.
    Finished,
}

/// The result of one turn: where it leaves the player and what happened on the way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome<S> {
    /// Where the turn leaves the player.
    pub next: Next<S>,
    /// What happened on the way.
    pub events: Events,
}

/// What a turn from a state involves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn<S> {
    /// A card is drawn and [`RaceGame::step`] applies it.
    Draw,
    /// No card is drawn (a lost turn): the outcome is fixed.
    Skip(Outcome<S>),
}

/// A no-decision race game: the rules, as pure functions.
pub trait RaceGame {
    /// Everything about one player that the future depends on. The derived order should follow
    /// the direction of play (most moves go to a greater state): the solvers use it to find the
    /// few backward moves, and are fastest when they are few. Any order gives correct results.
    type State: Copy + Eq + Ord + Hash + Debug;
    /// One kind of card (or die face).
    type Card: Copy + Debug;

    /// The state every player starts in.
    fn start(&self) -> Self::State;
    /// The kinds of card with their counts in a full deck (all counts positive).
    fn deck(&self) -> Vec<(Self::Card, u32)>;
    /// Whether a turn from `state` draws a card.
    fn turn(&self, state: Self::State) -> Turn<Self::State>;
    /// Plays `card` from `state` (only called when [`RaceGame::turn`] says [`Turn::Draw`]).
    fn step(&self, state: Self::State, card: Self::Card) -> Outcome<Self::State>;
    /// A short human description of a state, e.g. "space 47 (yellow, licorice)".
    fn describe(&self, state: Self::State) -> String;
    /// Whether the outcomes are cards dealt from a finite deck, which a real game shuffles
    /// (false for a die or spinner, whose draws are independent by nature).
    fn has_deck(&self) -> bool {
        true
    }
    /// A card's name.
    fn card_name(&self, card: Self::Card) -> String;
    /// The space a state stands on (`None` off the board, e.g. before the first space).
    fn position(&self, state: Self::State) -> Option<usize>;
    /// The spaces a move from `state` with `card` lands on without coming to rest there at its
    /// end: the start of a jump it takes, the squares between the rolls of one turn. The
    /// per-space figures count these as landings too. Default: none.
    fn passed_through(&self, _state: Self::State, _card: Self::Card) -> Vec<usize> {
        Vec::new()
    }
    /// Optionally, a dense numbering of the states, `0..dense_size()`: the chain builder then
    /// indexes states with an array instead of a hash map (much faster on huge boards).
    fn dense_index(&self, _state: Self::State) -> Option<usize> {
        None
    }
    /// The size of the dense numbering (0 when there is none).
    fn dense_size(&self) -> usize {
        0
    }
    /// An upper bound on the number of reachable states (0 when unknown), from which the cost
    /// of building the chain is estimated before it is built. Default: [`RaceGame::dense_size`].
    fn states_bound(&self) -> usize {
        self.dense_size()
    }
}
