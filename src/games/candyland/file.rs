//! The board file as written: the serde schema of `data/boards/*.toml`.
//!
//! This layer only mirrors the TOML (every table denies unknown keys, so a typo is an error, not
//! a silently ignored setting). Nothing here is trusted yet: [`super::Board::from_file`]
//! turns a [`BoardFile`] into a validated [`super::Board`], and that is where indices,
//! names and counts are checked. The format is documented in `data/boards/FORMAT.md`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{Colour, Rules};

/// A whole board file.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardFile {
    /// The game kind: `"candyland"` when given (checked before this struct is read).
    #[serde(default)]
    pub game: Option<String>,
    /// Short name, used in reports and by `candyland analyze NAME`.
    pub name: String,
    /// One or two sentences on what the board is.
    #[serde(default)]
    pub description: String,
    /// Where the layout, deck and rules come from.
    #[serde(default)]
    pub source: String,
    /// The `[board]` table: the track.
    pub board: BoardSection,
    /// The `[deck]` table: the card counts.
    pub deck: DeckSection,
    /// Rule variants; every key has a documented default.
    #[serde(default)]
    pub rules: Rules,
}

/// `[board]`: the track, either explicit (`spaces`) or compact (`pattern` + `length` +
/// `landmarks`).
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSection {
    /// Explicit form: every space in order, each a colour name or a landmark name.
    pub spaces: Option<Vec<String>>,
    /// Compact form: the colour pattern that repeats along the track.
    pub pattern: Option<Vec<String>>,
    /// Compact form: the number of spaces, landmarks included.
    pub length: Option<usize>,
    /// Compact form: landmark spaces, each at its final 0-based index; the pattern fills the
    /// other spaces in order.
    #[serde(default)]
    pub landmarks: Vec<LandmarkAt>,
    /// 0-based indices of licorice spaces.
    #[serde(default)]
    pub licorice: Vec<usize>,
    /// Shortcuts (bridges): landing on `from` moves you on to `to`.
    #[serde(default)]
    pub shortcuts: Vec<Shortcut>,
}

/// A landmark space in the compact form.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct LandmarkAt {
    /// The landmark's name, as the deck's `[deck.landmark]` table lists it.
    pub name: String,
    /// Its final 0-based index on the track.
    pub at: usize,
}

/// A shortcut from one space to another, 0-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Shortcut {
    /// 0-based index of the space where the shortcut starts.
    pub from: usize,
    /// 0-based index of the space the shortcut leads to.
    pub to: usize,
}

/// `[deck]`: how many cards of each kind.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckSection {
    /// Single-colour cards by colour.
    #[serde(default)]
    pub single: BTreeMap<Colour, u32>,
    /// Double-colour cards by colour.
    #[serde(default)]
    pub double: BTreeMap<Colour, u32>,
    /// Landmark cards by landmark name. Every landmark space must be listed, with 0 if no card
    /// leads there.
    #[serde(default)]
    pub landmark: BTreeMap<String, u32>,
}
