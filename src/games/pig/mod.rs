//! Pig (`game = "pig"`), the dice game of decisions: on a turn a player rolls a die as often as
//! it likes, adding each face to the turn's total, until it holds (the total is banked) or
//! rolls a 1 (the total is lost). The first to bank the goal wins. It is the standard test of
//! optimal play: T. Neller and C. Presser, "Optimal Play of the Dice Game Pig", The UMAP
//! Journal 25(1), 2004.
//!
//! A player's state is its score and its turn total; players never meet, so one player alone
//! is a chain for a fixed policy ([`turn::Alone`]), a decision process when it chooses
//! ([`turn::Deciding`]), and a game of two is solved exactly from one player's states
//! ([`crate::solve::best::duel`]). The rules are one step function, [`turn::roll_or_hold`].

pub mod board;
mod game;
pub mod notes;
pub mod player;
pub mod turn;

pub use board::{Board, PigFile};

use crate::games::ShippedBoard;
use crate::input::error::UserError;
use crate::input::problems::InvalidBoard;

/// The word of the board file's `game` key.
pub const KIND: &str = "pig";

/// The boards of this kind shipped in `data/boards/`.
pub const SHIPPED: &[ShippedBoard] = &[ShippedBoard {
    name: "pig",
    text: include_str!("../../../data/boards/pig.toml"),
}];

/// [`board::Board`] from board text with a variant's rule overrides applied; `label` names it
/// in messages. A file that does not fit the schema gets every such problem at once.
pub fn parse_with(
    label: &str,
    text: &str,
    variant: &crate::games::Variant,
) -> Result<Board, UserError> {
    let invalid = |problems: InvalidBoard| UserError::InvalidBoard {
        file: label.to_string(),
        problems,
    };
    match toml::from_str::<PigFile>(text) {
        Ok(mut file) => {
            file.rules = file.rules.with(variant).map_err(invalid)?;
            Board::from_file(&file).map_err(invalid)
        }
        Err(first) => Err(super::schema::problems::<PigFile>(
            label,
            text,
            &first,
            |file| Board::from_file(file).err(),
        )),
    }
}
