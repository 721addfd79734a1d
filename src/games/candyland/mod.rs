//! Candy Land: a coloured track with licorice, shortcuts and landmark spaces, and a deck of
//! single, double and landmark cards.
//!
//! Everything about the game is here: the board-file schema ([`file`](mod@file)), its
//! validation ([`Board::from_file`], which checks every index, name and count and collects *all*
//! problems with the field they concern), the [`Rules`] variants, the step function
//! ([`CandyLand`], the only implementation of the rules), its events, its words and chart marks,
//! what `--without` removes, the rule hypotheses `check` tries, and the random boards of
//! `generate`. After validation the game code can index freely: a `Board` is always consistent.

mod deck;
pub mod file;
pub mod generate;
mod kind;
mod rules;
mod step;
mod validate;
mod variant;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::games::Identity;

pub use file::BoardFile;
pub use rules::{
    DoubleLicorice, DoubleMove, DoubleShortcut, LandmarkDirection, LicoriceRule, Rules, Start,
};
pub use step::{CandyLand, Hold, Place, Token, LANDMARK_BACKWARD, LANDMARK_FORWARD, SHORTCUT};

/// The six colours of Candy Land spaces and cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// Red spaces and cards.
    Red,
    /// Purple spaces and cards.
    Purple,
    /// Yellow spaces and cards.
    Yellow,
    /// Blue spaces and cards.
    Blue,
    /// Orange spaces and cards.
    Orange,
    /// Green spaces and cards.
    Green,
}

impl Colour {
    /// All six colours in the order of the board files and of every table indexed by colour.
    pub const ALL: [Colour; 6] = [
        Colour::Red,
        Colour::Purple,
        Colour::Yellow,
        Colour::Blue,
        Colour::Orange,
        Colour::Green,
    ];

    /// The lowercase name used in board files.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Purple => "purple",
            Colour::Yellow => "yellow",
            Colour::Blue => "blue",
            Colour::Orange => "orange",
            Colour::Green => "green",
        }
    }

    /// The colour with this lowercase board-file name, `None` for any other word (landmark names
    /// included).
    pub fn from_name(name: &str) -> Option<Colour> {
        Colour::ALL.into_iter().find(|c| c.name() == name)
    }

    /// Position in [`Colour::ALL`], for tables indexed by colour.
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Index of a landmark in [`Board::landmarks`].
pub type LandmarkId = u32;

/// One space of the track.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Space {
    /// A space of this colour, where single and double cards of that colour stop.
    Colour(Colour),
    /// A landmark space, which colour cards pass over; the id indexes [`Board::landmarks`].
    Landmark(LandmarkId),
}

/// A named landmark space (Plumpy, Cupcake, ...).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Landmark {
    /// The name used in board files, in the deck's `[deck.landmark]` table and in reports.
    pub name: String,
    /// Its 0-based index on the track.
    pub space: usize,
}

/// One kind of card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Card {
    /// Moves to the next space of this colour ahead.
    Single(Colour),
    /// Moves to the second space of this colour ahead (or the next one, under
    /// [`DoubleMove::OneStep`]).
    Double(Colour),
    /// Moves straight to this landmark's space, forward or backward as [`LandmarkDirection`]
    /// allows.
    Landmark(LandmarkId),
}

/// The deck: each kind of card with how many copies it has. Kinds with zero copies are left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deck {
    cards: Vec<(Card, u32)>,
    total: u32,
}

impl Deck {
    /// The card kinds with their counts, singles then doubles (in colour order) then landmarks.
    pub fn cards(&self) -> &[(Card, u32)] {
        &self.cards
    }

    /// The number of cards in a full deck.
    pub fn total(&self) -> u32 {
        self.total
    }
}

/// A validated board: track, licorice, shortcuts, landmarks, deck and rules.
#[derive(Debug, Clone)]
pub struct Board {
    /// The board's name, description and source.
    pub identity: Identity,
    spaces: Vec<Space>,
    licorice: Vec<bool>,
    /// (from, to) of each shortcut, in board order.
    shortcuts: Vec<(usize, usize)>,
    landmarks: Vec<Landmark>,
    deck: Deck,
    /// The rule variants this board is played with.
    pub rules: Rules,
}

impl Board {
    /// The spaces in order; index 0 is the first space.
    pub fn spaces(&self) -> &[Space] {
        &self.spaces
    }

    /// The number of spaces on the track, landmarks included; the last space has index `len() - 1`.
    pub fn len(&self) -> usize {
        self.spaces.len()
    }

    /// Never true for a validated board; here for clippy's `len_without_is_empty`.
    pub fn is_empty(&self) -> bool {
        self.spaces.is_empty()
    }

    /// Whether the space at this 0-based index is a licorice space.
    pub fn is_licorice(&self, space: usize) -> bool {
        self.licorice[space]
    }

    /// Where a shortcut starting on `space` leads, if one does.
    pub fn shortcut(&self, space: usize) -> Option<usize> {
        self.shortcuts
            .binary_search_by_key(&space, |&(from, _)| from)
            .ok()
            .map(|i| self.shortcuts[i].1)
    }

    /// The landmarks in board order; a [`LandmarkId`] indexes this slice.
    pub fn landmarks(&self) -> &[Landmark] {
        &self.landmarks
    }

    /// The validated deck: card kinds with their counts.
    pub fn deck(&self) -> &Deck {
        &self.deck
    }

    /// The colour of a space, `None` for a landmark space.
    pub fn colour(&self, space: usize) -> Option<Colour> {
        match self.spaces[space] {
            Space::Colour(c) => Some(c),
            Space::Landmark(_) => None,
        }
    }

    /// The indices of the licorice spaces.
    pub fn licorice_spaces(&self) -> impl Iterator<Item = usize> + '_ {
        self.licorice
            .iter()
            .enumerate()
            .filter(|(_, l)| **l)
            .map(|(i, _)| i)
    }

    /// The shortcuts as (from, to) pairs, in board order.
    pub fn shortcuts(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.shortcuts.iter().copied()
    }

    /// A card's name as people say it: "red", "double red", "Plumpy".
    pub fn card_name(&self, card: Card) -> String {
        match card {
            Card::Single(c) => c.name().to_string(),
            Card::Double(c) => format!("double {c}"),
            Card::Landmark(l) => self.landmarks[l as usize].name.clone(),
        }
    }

    /// A space's name: its colour or its landmark's name.
    pub fn space_name(&self, space: usize) -> &str {
        match self.spaces[space] {
            Space::Colour(c) => c.name(),
            Space::Landmark(l) => &self.landmarks[l as usize].name,
        }
    }
}
