//! The board file of `game = "monopoly"`, as written: the squares in order from GO, the two
//! card piles and the `[rules]` table (the dice among the rules). [`super::Board::from_file`] validates it.

use serde::{Deserialize, Serialize};

use super::rules::MonopolyRules;

/// What a square is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SquareKind {
    /// The first square, where every token starts.
    Go,
    /// A street of a colour group, with its rent table.
    Property,
    /// A railroad.
    Railroad,
    /// A utility.
    Utility,
    /// Draw from the Chance pile.
    Chance,
    /// Draw from the Community Chest pile.
    CommunityChest,
    /// A tax to pay.
    Tax,
    /// The jail, also "just visiting".
    Jail,
    /// Free Parking.
    FreeParking,
    /// Go to jail at once.
    GoToJail,
}

impl SquareKind {
    /// The kind in words.
    pub fn words(self) -> &'static str {
        match self {
            SquareKind::Go => "go",
            SquareKind::Property => "property",
            SquareKind::Railroad => "railroad",
            SquareKind::Utility => "utility",
            SquareKind::Chance => "chance",
            SquareKind::CommunityChest => "community chest",
            SquareKind::Tax => "tax",
            SquareKind::Jail => "jail",
            SquareKind::FreeParking => "free parking",
            SquareKind::GoToJail => "go to jail",
        }
    }
}

/// One square of the board file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SquareFile {
    /// The square's name as the board prints it ("Boardwalk"), which cards and flags use.
    pub name: String,
    /// What the square is.
    pub kind: SquareKind,
    /// A property's colour group.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// A property's rent: unimproved, with 1 to 4 houses, with a hotel (six numbers).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rent: Option<Vec<i64>>,
}

/// The kinds of square a card can send a token to the nearest of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Nearest {
    /// The next railroad ahead.
    Railroad,
    /// The next utility ahead.
    Utility,
}

/// One card of a pile. A card does at most one of: move to a square (`to`), move back
/// (`back`), move to the nearest railroad or utility ahead (`nearest`), go to jail (`jail`),
/// or be kept to leave jail (`keep`); a card that does none only moves money.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardFile {
    /// The card's text, as printed.
    pub text: String,
    /// The square it sends the token to, forward (passing GO), by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// Squares to move back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub back: Option<i64>,
    /// The kind of square to advance to the nearest of.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nearest: Option<Nearest>,
    /// Go to jail.
    #[serde(default)]
    pub jail: bool,
    /// Get Out of Jail Free: kept until used (rule `jail-free-card`).
    #[serde(default)]
    pub keep: bool,
}

/// The two piles.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PilesFile {
    /// The Chance pile, top card first.
    pub chance: Vec<CardFile>,
    /// The Community Chest pile, top card first.
    pub community_chest: Vec<CardFile>,
}

/// The whole board file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MonopolyFile {
    /// `"monopoly"`.
    pub game: String,
    /// The board's short name.
    pub name: String,
    /// One or two sentences on what the board is.
    #[serde(default)]
    pub description: String,
    /// Where the layout, cards and rules come from.
    #[serde(default)]
    pub source: String,
    /// The rules.
    #[serde(default)]
    pub rules: MonopolyRules,
    /// The squares in order, GO first; the board loops from the last back to GO.
    pub squares: Vec<SquareFile>,
    /// The card piles.
    pub cards: PilesFile,
    /// Not a key of this game: read only to say that a board that loops has no finish.
    #[serde(default, skip_serializing)]
    pub finish: Option<toml::Value>,
}
