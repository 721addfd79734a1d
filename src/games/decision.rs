//! Games with decisions: one player alone who chooses, at every state, among the moves the
//! rules allow, the chances after each choice known. That is a Markov decision process, and
//! its best play is solved by [`crate::solve::best`]; a fixed policy picks one choice at every
//! state and leaves the Markov chain of [`super::chance::ChanceTurn`].
//!
//! The rules are still written once: a game's [`DecisionTurn::play`] runs the same step
//! function as its policies, with the choice given instead of decided. Nothing here names a
//! game.

use std::fmt::Debug;
use std::hash::Hash;

use super::chance::{CapWords, Chance};

/// One player alone who decides, as a turn of several chances after each decision.
pub trait DecisionTurn: Sync {
    /// Everything about the player that the future depends on.
    type State: Copy + Eq + Hash + Debug + Send + Sync;
    /// What the player may choose: a move, with any choice it fixes for later in the turn.
    type Choice: Copy + Eq + Debug + Send + Sync;

    /// The state the player starts in.
    fn start(&self) -> Self::State;
    /// The choices the rules allow in `state`, into `out` (cleared first). None at all means
    /// the turn is skipped: [`DecisionTurn::play`] is then called with [`DecisionTurn::skip`].
    fn choices(&self, state: Self::State, out: &mut Vec<Self::Choice>);
    /// The choice that stands for "no move": the turn passes.
    fn skip(&self) -> Self::Choice;
    /// Plays `choice` from `state` with the chances `chance` draws, to the end of the turn or
    /// to a point where the player decides again within it ([`DecisionTurn::mid_turn`]): the
    /// state it leaves, or `None` for home.
    fn play<C: Chance>(
        &self,
        state: Self::State,
        choice: Self::Choice,
        chance: &mut C,
    ) -> Option<Self::State>;
    /// Whether `state` is in the middle of a turn: deciding there takes no time.
    fn mid_turn(&self, state: Self::State) -> bool;
    /// The quantity the solver caps, which the rules leave unbounded (carrots held, say).
    fn held(&self, state: Self::State) -> u32;
    /// How messages name [`DecisionTurn::held`] and its cap.
    fn cap_words(&self) -> CapWords;
    /// The order the solver sweeps in, latest first: most moves should go to a greater key.
    fn order_key(&self, state: Self::State) -> (u64, u64, u64);
    /// The choice in words, as a policy table writes it ("forward 17").
    fn choice_words(&self, choice: Self::Choice) -> String;
    /// Whether `made`, a choice read from a game's log, is the choice `offered` (a log may not
    /// tell everything a choice fixes).
    fn same_choice(&self, made: Self::Choice, offered: Self::Choice) -> bool {
        made == offered
    }
}
