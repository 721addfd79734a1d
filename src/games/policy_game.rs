//! The [`PolicyGame`] trait: what every game played by computer players with fixed policies
//! offers the commands. Such a game has no decisions left, so it is a Markov chain, but its
//! turn draws several chances and its players interact: one player alone is solved exactly
//! ([`crate::solve::chances`], through [`PolicyGame::alone`]) and a table of several is
//! simulated ([`crate::sim::policies`], through [`PolicyGame::table`]).
//!
//! Nothing here names a game. Each kind lives in its own folder under [`crate::games`], and
//! the `games!` list in [`crate::games`] is the one place that chooses among them.

use std::fmt::Debug;

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::Serialize;

use super::chance::{CapWords, ChanceTurn, TableTurn};
use super::decision::DecisionTurn;
use super::{ShippedBoard, Size, Variant};
use crate::input::error::UserError;

/// One event of a game's log, as the shared output prints it.
pub trait LogEvent {
    /// The turn, from 1, counting every player's turns.
    fn turn(&self) -> u32;
    /// The line of the log.
    fn text(&self) -> &str;
    /// Whether the event ends a turn (where the player stands), printed without its turn.
    fn ends_turn(&self) -> bool;
}

/// How the answers of a policy game are worded in text: the game's own words, which the
/// shared output cannot know.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GameWords {
    /// The game's name as its box prints it.
    pub title: &'static str,
    /// What a player holds and the exact chain's cap on it.
    pub held: CapWords,
    /// The squares where chance decides: "hare squares".
    pub draws_at: &'static str,
    /// What a die on those squares does, in words.
    pub die: &'static str,
    /// The sentence `analyze` prints when the chain draws a pile shuffled once independently.
    pub independent_cards: &'static str,
    /// What counts as a landing, beside the moves a player makes.
    pub landings: &'static str,
    /// The usual table in words: "four".
    pub table: &'static str,
    /// The kinds of square, as [`PolicyGame::square_words`] begins each, in the order a
    /// chart's legend lists them (the last for any other).
    pub square_kinds: &'static [&'static str],
}

/// A kind of game played by computer players following fixed policies: a validated board with
/// its turn of several chances, its policies and its words.
pub trait PolicyGame: Clone + Debug + Send + Sync + Sized + 'static {
    /// The word of the board file's `game` key.
    const KIND: &'static str;
    /// The game's name as its box prints it, for messages.
    const TITLE: &'static str;
    /// The boards of this kind shipped in `data/boards/`.
    const SHIPPED: &'static [ShippedBoard];
    /// The players at the game's usual table: a report simulates a game of that many.
    const PLAYERS: usize;
    /// Why a deck model (`--deck`) does not apply: where the game's draws are set instead.
    const DECK_HINT: &'static str;
    /// The rule values a checker varies, each key with the values it tries.
    fn rule_space() -> Vec<(&'static str, Vec<toml::Value>)>;
    /// The keys of the `[rules]` table, kebab-case.
    fn rule_keys() -> Vec<String>;

    /// A computer player's policy.
    type Policy: Debug + Send + Sync;
    /// Everything about one player that the future depends on.
    type Player: Copy + Eq + std::hash::Hash + Debug + Send + Sync;
    /// What happened during a turn.
    type Note: Copy;
    /// One event of a game's log as `play --json` writes it (its text aside).
    type Event: LogEvent + Serialize + DeserializeOwned + JsonSchema + Clone + Debug + PartialEq;
    /// One player alone following a policy.
    type Alone<'a>: ChanceTurn<State = Self::Player>
    where
        Self: 'a;
    /// A table of players, each following its policy.
    type Table<'a>: TableTurn<Player = Self::Player, Note = Self::Note>
    where
        Self: 'a;
    /// What a player deciding for itself may choose.
    type Choice: Copy + Eq + Debug + Send + Sync;
    /// One player alone choosing its moves: what best play is solved on.
    type Deciding<'a>: DecisionTurn<State = Self::Player, Choice = Self::Choice>
    where
        Self: 'a;
    /// Whether the players never meet: each plays a game of its own and only the race to
    /// finish first joins them, so a game of two is solved exactly from one player's states.
    const APART: bool;

    /// Parses and validates board text with a variant's rule overrides applied; `label` names
    /// it in messages.
    fn parse(label: &str, text: &str, variant: &Variant) -> Result<Self, UserError>;
    /// The board's short name.
    fn name(&self) -> &str;
    /// Where the board's layout and rules come from, as the file says.
    fn source(&self) -> &str;
    /// The board file's one- or two-sentence description (may be empty).
    fn description(&self) -> &str;
    /// The board's size and draws as numbers, and in words for `candyland boards`.
    fn size(&self) -> (Size, String);
    /// The rules in force as JSON: each `[rules]` key with its value.
    fn rules_json(&self) -> serde_json::Value;
    /// The squares between the start and home.
    fn squares_between(&self) -> usize;
    /// The square home is.
    fn home(&self) -> usize;
    /// What the square at index `i` is, in words ("lettuce", "number 3").
    fn square_words(&self, i: usize) -> String;
    /// How the game's chance squares draw, in words ("die", "cyclic card pile").
    fn draws_words(&self) -> String;
    /// Whether the one-player chain follows the draws as they are made: false for a pile
    /// shuffled once and dealt in a cycle, which the chain draws independently instead.
    fn draws_independent(&self) -> bool;
    /// How the answers are worded in text.
    fn words(&self) -> GameWords;
    /// How messages name what a player holds and the chain's cap on it.
    fn cap_words(&self) -> CapWords {
        self.words().held
    }

    /// The policy named `name`, or a message naming the policies the board has.
    fn policy(&self, name: &str) -> Result<&Self::Policy, String>;
    /// The name of the board's default policy.
    fn default_policy(&self) -> &str;
    /// The names of the board's policies.
    fn policy_names(&self) -> Vec<&str>;
    /// A policy's name.
    fn policy_name(policy: &Self::Policy) -> &str;
    /// One player alone on the board, following `policy`.
    fn alone<'a>(&'a self, policy: &'a Self::Policy) -> Self::Alone<'a>;
    /// The players at a table, seat `i` following `policies[i]`.
    fn table<'a>(&'a self, policies: &'a [&'a Self::Policy]) -> Self::Table<'a>;
    /// One player alone on the board, choosing its moves.
    fn deciding(&self) -> Self::Deciding<'_>;
    /// The row of a policy table that plays `choice` in `state`; `None` when nothing is
    /// decided there (a turn lost, no legal move).
    fn table_row(&self, state: Self::Player, choice: Self::Choice) -> Option<String>;
    /// The choice a player made, from the notes of one call of its turn (`None`: it made none,
    /// its turn lost or skipped). A choice the notes do not fully tell (how a hare's "chew a
    /// carrot" would have been answered) is told as the game reads it.
    fn choice_made(&self, notes: &[Self::Note]) -> Option<Self::Choice>;
    /// The board file's `[policies.NAME]` table that plays `rows` ([`PolicyGame::table_row`]),
    /// described by `description`, the game's own steps deciding where no row does.
    fn table_policy(&self, name: &str, description: &str, rows: &[String]) -> String;

    /// What makes two hypotheses of `check` the same game: a text equal for two boards (rule
    /// sets applied) whose games with these seats' policies (names) have one distribution.
    fn fingerprint(&self, policies: &[String]) -> String;

    /// One line of a game's log: what `note` says happened to `who` ("player 2").
    fn note_line(&self, note: Self::Note, who: &str) -> String;
    /// The event `note` is, as `play --json` writes it: on turn `turn` (from 1, every
    /// player's turns counted), by seat `seat` (0-based).
    fn note_event(&self, turn: u32, seat: usize, note: Self::Note) -> Self::Event;
}

/// Each policy's name, in order.
pub fn policy_names<G: PolicyGame>(policies: &[&G::Policy]) -> Vec<String> {
    policies
        .iter()
        .map(|p| G::policy_name(p).to_string())
        .collect()
}
