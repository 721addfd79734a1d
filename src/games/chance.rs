//! Games whose turn draws several chances: a die, then a card, then a random choice among the
//! moves a policy allows. [`RaceGame`](crate::games::RaceGame)'s turn is one draw from a fixed
//! deck; a game played by computer players with fixed policies draws as many times as its rules
//! and policies ask, each time among a number of outcomes that depends on the state.
//!
//! [`ChanceTurn`] is that turn as one function of a [`Chance`]: the exact chain of one player
//! alone ([`crate::solve::chances`]) runs it with a chance that walks every sequence of
//! choices, the simulator with a seeded generator. The rules are written once, in the game's
//! folder.

use std::fmt::Debug;
use std::hash::Hash;

/// The chances of a turn: a uniform choice among `n`, and the next card of a pile.
pub trait Chance {
    /// A uniformly random number in `0..n` (`n >= 1`).
    fn pick(&mut self, n: usize) -> usize;
    /// The index of the next card of a pile of `n`: independent by default (each card its
    /// share of the pile); a simulator of a real pile deals it shuffled.
    fn card(&mut self, n: usize) -> usize {
        self.pick(n)
    }
}

/// What a game calls the quantity its exact chain caps (the rules do not bound it), and the
/// flag that sets the cap: how messages about the cap are worded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CapWords {
    /// The quantity, plural: "carrots".
    pub noun: &'static str,
    /// One of it: "carrot".
    pub one: &'static str,
    /// The cap's name: "carrot cap".
    pub name: &'static str,
    /// The flag that sets the cap: "--carrot-cap".
    pub flag: &'static str,
    /// The cap when the flag is not given.
    pub default: u32,
}

impl CapWords {
    /// Whether the game has a quantity to cap (a game whose states are bounded has none: its
    /// flag is empty).
    pub fn caps(&self) -> bool {
        !self.flag.is_empty()
    }

    /// "carrots capped at 600", or `None` for a game with nothing to cap.
    pub fn capped(&self, cap: u32) -> Option<String> {
        self.caps()
            .then(|| format!("{} capped at {cap}", self.noun))
    }
}

/// One player alone, following a fixed policy, as a turn of several chances: the description
/// the exact chain of [`crate::solve::chances`] is built from.
pub trait ChanceTurn {
    /// Everything about the player that the future depends on.
    type State: Copy + Eq + Hash + Debug + Send + Sync;

    /// The state the player starts in.
    fn start(&self) -> Self::State;
    /// Plays from `state` with the choices `chance` makes, up to the end of the turn or to a
    /// point where the player moves again within it ([`ChanceTurn::mid_turn`]): the state it
    /// leaves the player in, or `None` when the player reached home.
    fn play<C: Chance>(&self, state: Self::State, chance: &mut C) -> Option<Self::State>;
    /// Whether `state` is in the middle of a turn (about to move again): such a state takes no
    /// time.
    fn mid_turn(&self, state: Self::State) -> bool;
    /// Where `state` stands on the track. A move within a turn goes forward, so the states in
    /// the middle of a turn, swept in this order, each have all their chance of the turn when
    /// their turn in the sweep comes.
    fn progress(&self, state: Self::State) -> usize;
    /// The quantity the chain caps (carrots held, say), which the rules leave unbounded.
    fn held(&self, state: Self::State) -> u32;
    /// How messages name [`ChanceTurn::held`] and its cap.
    fn cap_words(&self) -> CapWords;
    /// The order the solvers sweep in: most moves should go to a greater key (any order gives
    /// correct results; few backward moves give them fastest).
    fn order_key(&self, state: Self::State) -> (u64, u64, u64);
}

/// Where a call of a turn leaves it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The turn is over.
    Done,
    /// The player moves again in the same turn (call the turn again).
    Again,
    /// The player reached home: the game is over.
    Home,
}

/// Several players at a table, each following a fixed policy, their turns drawing several
/// chances: what the simulator of [`crate::sim::policies`] plays. The players interact (a
/// square taken, a race position that pays), so a turn sees the whole table.
pub trait TableTurn: Sync {
    /// Everything about one player that the future depends on.
    type Player: Copy + Send + Sync;
    /// What happened during a turn, for a transcript and the counters.
    type Note: Copy;

    /// The players at the table.
    fn seats(&self) -> usize;
    /// The spaces a token can land on, home included.
    fn spaces(&self) -> usize;
    /// The state every player starts in.
    fn start(&self) -> Self::Player;
    /// The number of cards of a pile shuffled once per game and dealt in a cycle, when the game
    /// draws from one (its draws are then not independent).
    fn cyclic_pile(&self) -> Option<usize>;
    /// Plays `seat`'s turn (or the part of it up to a move again) with the choices `chance`
    /// makes, telling `log` what happens.
    fn play<C: Chance, L: FnMut(Self::Note)>(
        &self,
        players: &mut [Self::Player],
        seat: usize,
        chance: &mut C,
        log: &mut L,
    ) -> Phase;
    /// The space a note says a token landed on, if it says so.
    fn landed(&self, note: Self::Note) -> Option<usize>;
    /// Whether a note says the turn was skipped (no legal move, or none the policy makes).
    fn skipped(&self, note: Self::Note) -> bool;
    /// The note that ends a turn: where the player stands.
    fn turn_end(&self, player: Self::Player) -> Self::Note;
    /// What a player holds ([`ChanceTurn::held`]): the winner's at the finish is a figure.
    fn held(&self, player: Self::Player) -> u32;
}
