//! The boards shipped in `data/boards/`, embedded in the binary so that `candyland analyze`
//! works from any directory. Each game lists its own ([`crate::games`]); this is all of them,
//! with the old names that still reach them and the groups `candyland boards` shows them in.

use std::sync::LazyLock;

pub use crate::games::game::ShippedBoard;

/// Every shipped board, game by game; the first is the default.
pub static SHIPPED: LazyLock<Vec<ShippedBoard>> = LazyLock::new(crate::games::shipped);

/// The board used when none is named: the printed game by its rule book (see [`DEFAULT_WHY`]).
pub const DEFAULT_BOARD: &str = "candy-land-1984";

/// Why [`DEFAULT_BOARD`] is the default, in a user's words (`candyland boards` prints it).
pub const DEFAULT_WHY: &str = "it is the printed game (the 1984 characters edition) played by its rule book, and its transcription is checked: its exact expected length is the one Dave Rusin published, digit for digit";

/// Old names of shipped boards, kept so that scripts written for them still work:
/// (old name, board it now names).
pub const ALIASES: &[(&str, &str)] = &[
    ("classic", "clark-program"),
    ("treats-as-coded", "jones-program"),
];

/// Shipped boards that reproduce a simulator program's rules, quirks included, rather than a
/// rule book's.
const PROGRAMS: &[&str] = &["clark-program", "jones-program"];

/// Where a shipped board's rules come from: the groups of `candyland boards`.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Group {
    /// Candy Land as a printed rule book plays it.
    RuleBook,
    /// Candy Land as a published simulator program plays it, quirks included.
    Program,
    /// Another game (Chutes and Ladders, Hi Ho! Cherry-O, ...).
    OtherGame,
    /// Hare and Tortoise, played by computer players' policies (its own commands' subset:
    /// `analyze`, `simulate`, `play`, `report`, `check`).
    HareAndTortoise,
    /// A board that loops, with no finish (Monopoly): its own commands' subset (`analyze`,
    /// `simulate`, `passage`, `check`).
    Loops,
}

impl Group {
    /// The group of the shipped board `name` of game `kind`.
    pub fn of(name: &str, kind: &str) -> Group {
        if crate::games::plays_by_policies(kind) {
            Group::HareAndTortoise
        } else if crate::games::loops(kind) {
            Group::Loops
        } else if kind != crate::games::KINDS[0] {
            Group::OtherGame
        } else if PROGRAMS.contains(&name) {
            Group::Program
        } else {
            Group::RuleBook
        }
    }

    /// Every group, in the order `candyland boards` shows them.
    pub const ALL: [Group; 5] = [
        Group::RuleBook,
        Group::Program,
        Group::OtherGame,
        Group::HareAndTortoise,
        Group::Loops,
    ];

    /// The group's heading in `candyland boards`.
    pub fn heading(self) -> &'static str {
        match self {
            Group::RuleBook => "Candy Land as a rule book plays it",
            Group::Program => {
                "Candy Land as a published simulator program plays it (its quirks kept on purpose)"
            }
            Group::OtherGame => "Other games",
            Group::HareAndTortoise => {
                "Hare and Tortoise, played by computer players that follow a policy (analyze, simulate, play, report and check)"
            }
            Group::Loops => {
                "Monopoly, a board that loops and never finishes: where the token spends its rolls (analyze, simulate, passage, check and report)"
            }
        }
    }
}

/// The shipped board `name` (or an old name of one) reaches, if any (Hare and Tortoise boards
/// included, which have their own commands and are not in [`SHIPPED`]).
pub fn find(name: &str) -> Option<&'static ShippedBoard> {
    let name = ALIASES
        .iter()
        .find(|(old, _)| *old == name)
        .map_or(name, |(_, new)| new);
    SHIPPED
        .iter()
        .chain(policy_boards())
        .chain(loop_boards())
        .find(|b| b.name == name)
}

/// The old names that reach the shipped board `name`.
pub fn aliases_of(name: &str) -> Vec<&'static str> {
    ALIASES
        .iter()
        .filter(|(_, new)| *new == name)
        .map(|(old, _)| *old)
        .collect()
}

/// Every name a shipped board answers to (old names and the Hare and Tortoise boards
/// included), for "did you mean".
pub fn all_names() -> impl Iterator<Item = &'static str> {
    SHIPPED
        .iter()
        .chain(policy_boards())
        .chain(loop_boards())
        .map(|b| b.name)
        .chain(ALIASES.iter().map(|(old, _)| *old))
}

/// The shipped names (the Hare and Tortoise boards last), comma-separated, for messages.
pub fn names() -> String {
    SHIPPED
        .iter()
        .chain(policy_boards())
        .chain(loop_boards())
        .map(|b| b.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The shipped boards of every game whose board loops, kind by kind.
pub fn loop_boards() -> impl Iterator<Item = &'static ShippedBoard> {
    crate::games::LOOP_SHIPPED.iter().flat_map(|b| b.iter())
}

/// The shipped boards of every policy game, kind by kind.
pub fn policy_boards() -> impl Iterator<Item = &'static ShippedBoard> {
    crate::games::POLICY_SHIPPED.iter().flat_map(|b| b.iter())
}

/// A printed box of a game, as a parent finds it, and the shipped board that answers for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct BoxGuide {
    /// The box, by edition and year and what its board shows.
    pub r#box: &'static str,
    /// The shipped board for it.
    pub board: &'static str,
    /// Whether the board is that box's own layout, deck and rule book (else the closest shipped).
    pub exact: bool,
    /// What the board is, and how far it is from the box.
    pub note: &'static str,
}

/// The Candy Land boxes a parent may have, each with its shipped board (the sources are in
/// the boards' files; docs/boards.md lists the editions).
///
/// ```
/// // The box a parent has, and what the tool can say about it.
/// for b in candyland::BOXES {
///     let how = if b.exact { "exactly" } else { "the closest shipped" };
///     println!("{}: {} ({how}): {}", b.r#box, b.board, b.note);
/// }
/// ```
pub const BOXES: &[BoxGuide] = &[
    BoxGuide {
        r#box: "Candy Land with the characters Plumpy, Mr. Mint, Jolly, Gramma Nut, Princess Lolly and Queen Frostine and three sticky dot spaces (the edition first printed in 1984)",
        board: "candy-land-1984",
        exact: true,
        note: "this edition's board and deck as Lou Scheffer counted them from his set (66 cards, where the rule book says 64) and its rule book as he words it: a sticky space holds you until you draw its colour; its exact expected length is the fraction Dave Rusin published",
    },
    BoxGuide {
        r#box: "A later box (the 2002, 2010 or 2013 editions) whose licorice spaces lose a turn",
        board: "treats",
        exact: false,
        note: "no published transcription of these editions' boards was found; treats is the one shipped board of a later set, with its rule book's movement (licorice loses a turn): the 134 spaces and 64 cards Matthew Jones counted from his own set, whose edition he does not name (his deck table lists Ice Pop twice and no Cupcake)",
    },
    BoxGuide {
        r#box: "An earlier box (the 1949, 1955 or 1962 editions)",
        board: "candy-land-1984",
        exact: false,
        note: "no published transcription of these editions' boards was found; candy-land-1984 is the printed game whose whole layout is published, not your box's",
    },
];
