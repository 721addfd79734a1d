//! What the questions share in their options: the number of players, how cards are drawn, and
//! the error for an option that cannot be used (named as the command line spells it, so that a
//! message says which flag to change).

use crate::games::race::RaceGame;
use crate::input::error::UserError;
use crate::sim::DeckMode;

/// The most players a game may have.
pub const MAX_PLAYERS: usize = 6;

/// The error for option `flag` (as the command line spells it) with what to do about it.
pub fn bad_option(flag: &str, message: impl Into<String>) -> UserError {
    UserError::BadFlag {
        flag: flag.into(),
        message: message.into(),
    }
}

/// Refuses `k` players (above 1) of a game whose tokens meet ([`RaceGame::tokens_meet`]) for a
/// question that takes the players' tokens to move independently (the formulas of several
/// players, the simulator of several tokens on one chain): its players are not independent.
/// `odds` and `passage` solve the chain of the whole table, where the tokens do meet.
pub fn independent_players<G: RaceGame>(game: &G, k: usize) -> Result<(), UserError> {
    if k <= 1 || !game.tokens_meet() {
        return Ok(());
    }
    Err(bad_option(
        "--players",
        format!(
            "{k} players: on this board a move can send another player's token back, so the players are not independent, and this command takes them to be; ask it of 1 player, or use `odds` or `passage`, which solve the chain of the whole table"
        ),
    ))
}

/// Checks a number of players.
pub fn check_players(k: usize) -> Result<(), UserError> {
    if (1..=MAX_PLAYERS).contains(&k) {
        Ok(())
    } else {
        Err(bad_option(
            "--players",
            format!("{k} is not between 1 and {MAX_PLAYERS}"),
        ))
    }
}

/// How cards are drawn: as asked, else a shuffled deck where there is a deck and i.i.d. draws
/// for a spinner (which has nothing to shuffle).
pub fn deck_mode(asked: Option<DeckMode>, has_deck: bool) -> Result<DeckMode, UserError> {
    match (asked, has_deck) {
        (Some(d), false) if d.needs_deck() => Err(bad_option(
            "--deck",
            "this game is played with a spinner or die, not a deck of cards, so there is nothing to shuffle: its draws are independent; use --deck iid (the default here)",
        )),
        (Some(d), _) => Ok(d),
        (None, true) => Ok(DeckMode::Shuffled),
        (None, false) => Ok(DeckMode::Iid),
    }
}

/// Why a flag of the policy games is refused on another game's board.
pub fn policies_only() -> String {
    format!("applies only to {} boards", crate::games::policy_titles())
}
