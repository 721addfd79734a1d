//! The rules of a game as one step function.
//!
//! A *no-decision race game* (Candy Land, Hi Ho! Cherry-O, ...) is fully described by a start
//! state, a deck of outcomes with integer weights, and a step function from (state, outcome) to
//! the next state or the finish. [`RaceGame`] is that description; the chain builder
//! ([`crate::chain`]) and the simulator use nothing else, so the rules are written exactly once.

use std::fmt::Debug;
use std::hash::Hash;

/// Something notable that happened during a turn, counted by the event figures and shown in
/// transcripts: one bit of an [`Events`] set.
///
/// The engine knows two events, because its figures need them: [`Event::TURN_LOST`] (turns
/// lost per space) and [`Event::TRAP`] (the chance of being caught on a space). Every other
/// event is the game's own ([`Event::game`]), named by [`RaceGame::events`]: the engine counts
/// them without knowing what they are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Event(u8);

impl Event {
    /// The move ended on a trap, a space that holds the token until something frees it.
    pub const TRAP: Event = Event(0);
    /// The turn was lost: skipped, or spent held by a trap.
    pub const TURN_LOST: Event = Event(1);
    /// The most events a game can have, the two above included.
    pub const MAX: usize = 16;

    /// The game's own event number `i` (0-based; at most `MAX - 3`).
    pub const fn game(i: u8) -> Event {
        Event(2 + i)
    }

    /// The event's bit, 0..[`Event::MAX`]: the index of its figures.
    pub fn index(self) -> usize {
        usize::from(self.0)
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
        Events(self.0 | 1 << e.0)
    }

    /// Whether `e` is in the set.
    pub fn contains(self, e: Event) -> bool {
        self.0 & (1 << e.0) != 0
    }

    /// The events in the set, in bit order.
    pub fn iter(self) -> impl Iterator<Item = Event> {
        (0..Event::MAX as u8)
            .map(Event)
            .filter(move |e| self.contains(*e))
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
    type State: Copy + Eq + Ord + Hash + Debug + Send + Sync;
    /// One kind of card (or die face).
    type Card: Copy + Debug + Send + Sync;

    /// The state every player starts in.
    fn start(&self) -> Self::State;
    /// The kinds of card with their counts in a full deck (all counts positive).
    fn deck(&self) -> Vec<(Self::Card, u32)>;
    /// Whether a turn from `state` draws a card.
    fn turn(&self, state: Self::State) -> Turn<Self::State>;
    /// Plays `card` from `state` (only called when [`RaceGame::turn`] says [`Turn::Draw`]).
    fn step(&self, state: Self::State, card: Self::Card) -> Outcome<Self::State>;
    /// A short human description of a state, e.g. "space 47 (yellow)".
    fn describe(&self, state: Self::State) -> String;
    /// Whether the outcomes are cards dealt from a finite deck, which a real game shuffles
    /// (false for a die or spinner, whose draws are independent by nature).
    fn has_deck(&self) -> bool {
        true
    }
    /// A card's name.
    fn card_name(&self, card: Self::Card) -> String;
    /// The events this game's moves can have, each with its kebab-case name, in the order the
    /// event figures list them. Default: only [`Event::TURN_LOST`].
    fn events(&self) -> Vec<(Event, &'static str)> {
        vec![(Event::TURN_LOST, "turn-lost")]
    }
    /// The name of one of [`RaceGame::events`] ("event N" for one the game did not declare).
    fn event_name(&self, event: Event) -> String {
        self.events()
            .into_iter()
            .find(|(e, _)| *e == event)
            .map_or_else(
                || format!("event {}", event.index()),
                |(_, n)| n.to_string(),
            )
    }
    /// The space a state stands on (`None` off the board, e.g. before the first space).
    fn position(&self, state: Self::State) -> Option<usize>;
    /// The space of the track a finished game's token ends on: `Some(i)` when the finish is
    /// space `i` (the last square of a race, which a game wins by reaching), `None` when it lies
    /// past the last space. The per-space figures count the finish as landed on once per game.
    /// Default: past the last space.
    fn finish_space(&self) -> Option<usize> {
        None
    }
    /// The spaces a move from `state` with `card` lands on without coming to rest there at its
    /// end: the start of a jump it takes, the squares between the rolls of one turn. The
    /// per-space figures count these as landings too. Default: none.
    fn passed_through(&self, _state: Self::State, _card: Self::Card) -> Vec<usize> {
        Vec::new()
    }
    /// Whether one player's move can change another player's token (a token landed on is
    /// sent back): the players are then not independent, and several are solved on the chain
    /// of the whole table ([`crate::chain::product`]), never by the formulas for independent
    /// tokens. Default: false, a race whose tokens never meet.
    fn tokens_meet(&self) -> bool {
        false
    }
    /// Another player's token after the player on turn moved to `moved` (asked only when
    /// [`RaceGame::tokens_meet`]): back to the start when landed on, say. Default: unchanged.
    fn met(&self, _moved: Self::State, other: Self::State) -> Self::State {
        other
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
