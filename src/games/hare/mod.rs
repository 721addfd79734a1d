//! Hare and Tortoise (David Parlett, 1974) played by computer players with fixed policies
//! (`game = "hare-and-tortoise"`), after R. Wiener, "A New Software Development Project Using
//! an Old Game", Journal of Object Technology, 2007.
//!
//! A game in which every player follows a fixed, possibly random, policy has no decisions left:
//! it is a Markov chain. But a player's state (square, carrots, lettuces, a pending lettuce,
//! number square or missed turn, a "move again") is far richer than a race position, and
//! players interact (occupied squares, race positions), so this kind does not fit the
//! one-token [`crate::games::Game`] trait: it has its own board file ([`board`]), policies
//! ([`policy`]) and step function ([`turn`]), from which the exact chain of one player alone
//! ([`Alone`], a [`crate::games::chance::ChanceTurn`] solved by [`crate::solve::chances`]) and the simulator of 1 to 6
//! players ([`Table`], played by [`crate::sim::policies`]) are both built; [`crate::output::policies`] prints them.

mod alone;
pub mod board;
pub mod choice;
pub mod choices;
pub mod decisions;
mod game;
pub mod moves;
pub mod notes;
pub mod player;
pub mod policy;
pub mod policy_table;
pub mod readings;
mod rules;
pub mod square;
mod table;
mod table_file;
pub mod turn;

pub use alone::Alone;
pub use board::{Board, HareFile};
pub use policy::Policy;
pub use table::Table;

use crate::games::ShippedBoard;
use crate::input::error::UserError;
use crate::input::problems::InvalidBoard;

/// The word of the board file's `game` key.
pub const KIND: &str = "hare-and-tortoise";

/// The exact chain's carrot cap when none is given (`--carrot-cap`): on both shipped boards'
/// policies the chance of ever holding more is below 1e-11 (measured and printed by every
/// run).
pub const CARROT_CAP: u32 = 600;

/// The boards of this kind shipped in `data/boards/`.
pub const SHIPPED: &[ShippedBoard] = &[
    ShippedBoard {
        name: "hare-and-tortoise",
        text: include_str!("../../../data/boards/hare-and-tortoise.toml"),
    },
    ShippedBoard {
        name: "hare-and-tortoise-ravensburger",
        text: include_str!("../../../data/boards/hare-and-tortoise-ravensburger.toml"),
    },
];

/// Parses and validates board text; `label` names it in messages. A file that does not fit
/// the schema gets every such problem at once.
pub fn parse(label: &str, text: &str) -> Result<Board, UserError> {
    parse_with(label, text, &crate::games::Variant::default())
}

/// [`parse`] with a variant's rule overrides applied to the `[rules]` table before validation
/// (a flag or key of another game's rules is a problem naming it).
pub fn parse_with(
    label: &str,
    text: &str,
    variant: &crate::games::Variant,
) -> Result<Board, UserError> {
    let invalid = |problems: InvalidBoard| UserError::InvalidBoard {
        file: label.to_string(),
        problems,
    };
    match toml::from_str::<HareFile>(text) {
        Ok(mut file) => {
            file.rules = file.rules.with(variant).map_err(invalid)?;
            let mut board = Board::from_file(&file).map_err(invalid)?;
            table_file::attach(&mut board, &file).map_err(invalid)?;
            Ok(board)
        }
        Err(first) => Err(super::schema::problems::<HareFile>(
            label,
            text,
            &first,
            |file| Board::from_file(file).err(),
        )),
    }
}
