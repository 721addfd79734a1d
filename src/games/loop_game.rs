//! The [`LoopGame`] trait: what every game whose board loops (no finish) offers the commands.
//! Such a game never ends, so its questions are about the long run: where the token spends
//! its rolls (the chain's stationary law, [`crate::solve::stationary`]), how fast that law is
//! reached, and when a square is first reached ([`crate::solve::stationary::passage::first_landing`]).
//!
//! Nothing here names a game. Each kind lives in its own folder under [`crate::games`], and
//! the `games!` list in [`crate::games`] is the one place that chooses among them.

use std::fmt::Debug;
use std::hash::Hash;

use rand::Rng;

use super::{ShippedBoard, Size, Variant};
use crate::input::error::UserError;

/// One outcome of a roll: the state after it and its chance, `ways` out of `of`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome<S> {
    /// The state after the roll.
    pub state: S,
    /// The outcome's chance is `ways / of`.
    pub ways: u64,
    /// See `ways`.
    pub of: u64,
}

/// A kind of game whose board loops: a validated board with its roll, as one step function
/// the exact chain enumerates and the simulator samples.
pub trait LoopGame: Clone + Debug + Send + Sync + Sized + 'static {
    /// The word of the board file's `game` key.
    const KIND: &'static str;
    /// The game's name as its box prints it, for messages.
    const TITLE: &'static str;
    /// The boards of this kind shipped in `data/boards/`.
    const SHIPPED: &'static [ShippedBoard];
    /// Everything about the token that the future depends on.
    type State: Copy + Eq + Hash + Ord + Debug + Send + Sync;

    /// The keys of the `[rules]` table, kebab-case.
    fn rule_keys() -> Vec<String>;
    /// The rule values a checker varies, each key with the values it tries.
    fn rule_space() -> Vec<(&'static str, Vec<toml::Value>)>;
    /// Parses and validates board text with a variant's rule overrides applied; `label` names
    /// it in messages.
    fn parse(label: &str, text: &str, variant: &Variant) -> Result<Self, UserError>;

    /// The board's short name.
    fn name(&self) -> &str;
    /// Where the board's layout and rules come from, as the file says.
    fn source(&self) -> &str;
    /// The board file's description (may be empty).
    fn description(&self) -> &str;
    /// The board's size as numbers, and in words for `candyland boards`.
    fn size(&self) -> (Size, String);
    /// The rules in force as JSON: each `[rules]` key with its value.
    fn rules_json(&self) -> serde_json::Value;

    /// The squares of the loop.
    fn squares(&self) -> usize;
    /// Square `i`'s name.
    fn square_name(&self, i: usize) -> &str;
    /// What square `i` is, in words ("property", "chance").
    fn square_kind(&self, i: usize) -> &'static str;
    /// The kinds of square, in the order a chart's legend lists them.
    fn square_kinds(&self) -> Vec<&'static str>;
    /// The groups of kinds a chart colours alike, each its legend and its kinds (at most five).
    fn kind_groups(&self) -> Vec<(&'static str, Vec<&'static str>)>;
    /// How a roll's landing is counted, in a sentence for the output.
    fn counting_words(&self) -> &'static str;
    /// Square `i`'s group (a colour group), if it has one.
    fn group(&self, i: usize) -> Option<&str>;
    /// Square `i`'s rent table, if it has one, and what each level is.
    fn rent(&self, i: usize) -> Option<&[i64]>;
    /// The names of the rent levels ("unimproved", "1 house", ...).
    fn rent_levels(&self) -> &'static [&'static str];
    /// The square a player waits on when held back (the jail), if the game has one.
    fn holding_square(&self) -> Option<usize>;

    /// The state before the first roll.
    fn start(&self) -> Self::State;
    /// Where the roll that led to `s` is counted as a landing.
    fn counted(&self, s: &Self::State) -> usize;
    /// Whether the roll that led to `s` ended the player's turn.
    fn ends_turn(&self, s: &Self::State) -> bool;
    /// Whether the token is held back (in jail) in `s`.
    fn held_back(&self, s: &Self::State) -> bool;
    /// Every outcome of one roll from `s`, each with its exact chance.
    fn outcomes(&self, s: &Self::State) -> Vec<Outcome<Self::State>>;
    /// One roll from `s`, drawn with `rng`.
    fn sample(&self, s: &Self::State, rng: &mut impl Rng) -> Self::State;

    /// Whether the law depends on the order of a pile (cycled piles).
    fn ordered(&self) -> bool;
    /// The board with its piles put in a random order drawn with `rng`.
    fn shuffled(&self, rng: &mut impl Rng) -> Self;
    /// The board with its piles drawn independently (the same cards, no order).
    fn unordered(&self) -> Self;
    /// How the piles are drawn, in words.
    fn cards_words(&self) -> String;
    /// The boards `analyze` gives the long run of side by side, each with its label: the
    /// board itself first, then the same board under each other policy the game's players
    /// choose among (the ways out of jail), all with independent draws.
    fn alternatives(&self) -> Vec<(String, Self)>;
    /// The state of a token that has just ended its turn on square `i` (not held back,
    /// holding nothing, piles at their top): where a first passage from a square starts.
    fn at_square(&self, i: usize) -> Self::State;
}
