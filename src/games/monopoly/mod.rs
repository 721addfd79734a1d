//! Monopoly (`game = "monopoly"`): a board that loops, played by its rule book's movement
//! (Parker Brothers' rules): two dice, doubles rolling again and the third going to jail, Go To
//! Jail, the Chance and Community Chest piles with every card that moves a token, and leaving
//! jail by a policy (Truman Collins' short and long stays, "Probabilities in the Game of
//! Monopoly").
//!
//! Money changes nothing about where a token goes, so one token alone is a Markov chain over
//! (square, doubles this turn, jail, kept cards, and each pile's position when piles cycle).
//! The board file ([`file`], validated by [`Board::from_file`]) holds the squares, dice,
//! piles, rent tables and the readings where rule books differ ([`rules`]); [`roll`] is the
//! one step function.

pub mod board;
pub mod file;
mod game;
pub mod roll;
pub mod rules;

pub use board::{Action, Board, Pile};
pub use file::MonopolyFile;
pub use roll::{Dice, Draw, Token};
pub use rules::MonopolyRules;

use crate::games::ShippedBoard;
use crate::input::error::UserError;
use crate::input::problems::InvalidBoard;

/// The word of the board file's `game` key.
pub const KIND: &str = "monopoly";

/// The boards of this kind shipped in `data/boards/`.
pub const SHIPPED: &[ShippedBoard] = &[
    ShippedBoard {
        name: "monopoly",
        text: include_str!("../../../data/boards/monopoly.toml"),
    },
    ShippedBoard {
        name: "project-euler-84",
        text: include_str!("../../../data/boards/project-euler-84.toml"),
    },
];

/// Parses and validates board text with a variant's rule overrides; `label` names it in
/// messages. A file that does not fit the schema gets every such problem at once.
pub fn parse_with(
    label: &str,
    text: &str,
    variant: &crate::games::Variant,
) -> Result<Board, UserError> {
    let invalid = |problems: InvalidBoard| UserError::InvalidBoard {
        file: label.to_string(),
        problems,
    };
    match toml::from_str::<MonopolyFile>(text) {
        Ok(mut file) => {
            file.rules = file.rules.with(variant).map_err(invalid)?;
            Board::from_file(&file).map_err(invalid)
        }
        Err(first) => Err(super::schema::problems::<MonopolyFile>(
            label,
            text,
            &first,
            |file| Board::from_file(file).err(),
        )),
    }
}
